"""The recorder's promise of cheap undo, redo, seek and save, counted in moves re-applied
(never timed): a remembered position is looked up, a forgotten one is rebuilt from the
nearest position still known, the cache keeps the most recently used positions, and
saving uses the digests taken as the moves were played."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from game.replay.recorder import Recorder
from tests.test_recorder import CounterRules


@dataclass(frozen=True)
class CountingCounter(CounterRules):
    """Counter rules that note every move they apply."""

    applied: list[str] = field(default_factory=list)

    def apply(self, state: int, move: str) -> int:
        self.applied.append(move)
        return super().apply(state, move)


def thirty_moves(**options: int) -> tuple[Recorder, CountingCounter]:
    rules = CountingCounter()
    rec = Recorder(rules, 0, {}, **options)
    for _ in range(30):
        rec.play("inc")
    rules.applied.clear()
    return rec, rules


def test_a_position_is_rebuilt_from_the_nearest_one_still_remembered() -> None:
    """Keyframes every 10 and 10 cached positions: after 30 moves the cache holds the
    last ten between keyframes (19, 21..29). Each row asks for one position, in order."""
    rec, rules = thirty_moves(keyframe_every=10, cache_size=10)
    for index, applied in [
        (19, 0),  # the oldest still cached
        (25, 0),
        (15, 5),  # nothing known in 11..14: from keyframe 10 (now 11..15 are cached)
        (16, 1),  # from 15, just remembered
        (18, 2),  # 17 unknown: from 16
    ]:
        rules.applied.clear()
        assert rec.state_at(index) == index
        assert len(rules.applied) == applied, index


def test_undo_and_redo_to_a_remembered_position_apply_nothing() -> None:
    rec, rules = thirty_moves()
    assert rec.undo() and rec.undo() and rec.redo() and rec.redo()
    assert rec.state == 30 and rules.applied == []


def test_redo_into_a_forgotten_position_applies_its_move_and_remembers_it() -> None:
    """The position redo reached is right when it is looked up again."""
    rec, rules = thirty_moves(keyframe_every=10, cache_size=10)
    rec.seek(15)  # rebuilt from 10; 16 is not cached
    rules.applied.clear()
    assert rec.redo() and rec.state == 16 and rules.applied == ["inc"]
    rec.seek(0)
    rules.applied.clear()
    rec.seek(16)
    assert rec.state == 16 and rules.applied == []


@pytest.mark.parametrize("options", [{}, {"keyframe_every": 25, "cache_size": 25}])
def test_saving_a_long_game_applies_no_move(options: dict[str, int]) -> None:
    """Every tenth position's digest was taken when its move was played; with a small
    cache, the positions at 10, 20 and 30 are long forgotten when 60 moves are saved."""
    rules = CountingCounter()
    rec = Recorder(rules, 0, {}, **options)
    for _ in range(60):
        rec.play("inc")
    rules.applied.clear()
    digests = rec.to_json()["digests"]
    assert digests == {str(i): str(i) for i in range(0, 61, 10)} and rules.applied == []
