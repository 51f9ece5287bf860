"""Draw poker statistics on disk: kept per dealer, written back, and a damaged file set
aside with a message rather than trusted."""

from __future__ import annotations

import json
from pathlib import Path

from scenes.draw_poker_stats import FILE_NAME, PokerStats


def test_figures_per_dealer_survive_a_restart(tmp_path: Path) -> None:
    stats = PokerStats(tmp_path)
    stats.hand("queen", won=True, pot=40, label="Flush", value=1500)
    stats.hand("queen", won=False, pot=90, label="One pair", value=300)
    stats.hand("king", won=True, pot=12)
    stats.session("queen")
    again = PokerStats(tmp_path)
    queen = again.get("queen")
    assert (queen.hands, queen.won, queen.biggest_pot, queen.best_hand, queen.sessions) == (
        2, 1, 40, "Flush", 1)
    assert again.get("king").hands == 1 and again.get("jack").hands == 0
    assert again.problem is None
    assert queen.lines()[0] == "Hands 2, won 1 (50%)"


def test_a_damaged_file_is_set_aside_and_reported(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_text("{not json")
    stats = PokerStats(tmp_path)
    assert stats.problem and "set aside" in stats.problem
    assert stats.get("jack").hands == 0 and not path.exists()
    path.write_text(json.dumps({"kind": "draw-poker-stats", "version": 1,
                                "dealers": {"jack": {"hands": -5}, "king": "x"}}))
    stats = PokerStats(tmp_path)
    assert stats.get("jack").hands == 0  # a figure that cannot be right is not trusted
