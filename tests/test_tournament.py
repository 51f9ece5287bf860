import json
from datetime import date
from pathlib import Path

import pytest

from game.highscores import HighScores
from game.rules.pyramid_tournament import MATCH_GAMES, Entrant, Tournament


def test_entrants_take_turns_for_six_games() -> None:
    t = Tournament((Entrant("Ann"), Entrant("Computer", computer=True)), seed=5)
    order = []
    score = 10
    while not t.finished:
        order.append(t.next_turn)
        t = t.record(score)
        score -= 3
    assert order == [(g, p) for g in range(MATCH_GAMES) for p in range(2)]
    assert t.net(0) == sum(10 - 3 * i for i in range(0, 12, 2))
    assert t.standings()[0][0] == "Ann" and t.winner() == "Ann"
    with pytest.raises(ValueError):
        t.record(1)


def test_same_deck_setting_decides_the_deals() -> None:
    same = Tournament((Entrant("A"), Entrant("B")), seed=9, same_deck=True)
    fresh = Tournament((Entrant("A"), Entrant("B")), seed=9, same_deck=False)
    assert same.deal_seed(0, 0) == same.deal_seed(0, 1) != same.deal_seed(1, 0)
    assert fresh.deal_seed(0, 0) != fresh.deal_seed(0, 1)


def test_round_trip_and_bad_data() -> None:
    t = Tournament((Entrant("A"), Entrant("B", True)), seed=1).record(12).record(-4)
    assert Tournament.from_json(json.loads(json.dumps(t.to_json()))) == t
    for bad in ({}, {"entrants": [], "seed": 1, "same_deck": True, "scores": []},
                {**t.to_json(), "scores": [[1, 2, 3], []]}):
        with pytest.raises(ValueError, match="not a Pyramid tournament"):
            Tournament.from_json(bad)


def test_top_ten_keeps_positive_scores_only(tmp_path: Path) -> None:
    table = HighScores(tmp_path / "top.json")
    assert table.add("Nobody", 0) is None and table.add("Neg", -5) is None
    for n in range(12):
        table.add(f"P{n}", 10 + n, date(2026, 1, 1))
    again = HighScores(tmp_path / "top.json")
    assert [e.score for e in again.entries] == list(range(21, 11, -1))
    assert not again.qualifies(12) and again.qualifies(13)
    assert again.add("Late", 21) == 2, "an equal score goes below the earlier one"


def test_a_corrupt_top_ten_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "top.json"
    path.write_text("{ not json")
    table = HighScores(path)
    assert table.entries == [] and "set aside" in table.problem
    assert list(tmp_path.glob("top.json.bad-*"))
    assert table.add("New", 5) == 1
    path.write_text(json.dumps({"kind": "top10", "version": 1, "entries": [{"name": 1}]}))
    assert HighScores(path).entries == [] and len(list(tmp_path.glob("top.json.bad-*"))) == 2
