"""How a game ended, as its rules tell it (after OpenSpiel's per-player ``returns``):
each seat won, lost or drew, with its points, and the scores in words. The engine
reads this for the end box, the celebration, the replay file and the statistics, so
every place tells the same ending. ``Mode`` names the rules a game is played under
(the statistics count per mode; the replay list shows it). Pure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.json_limits import is_text

WON, LOST, DRAWN = "won", "lost", "drawn"
RESULTS = (WON, LOST, DRAWN)
ABANDONED = "abandoned"  # not a rules result: the player dealt again before the end
WATCHED = "watched"  # not a rules result either: a spectator's, who played no seat
MAX_SEATS = 16
MAX_TEXT = 120


@dataclass(frozen=True, slots=True)
class Outcome:
    results: tuple[str, ...]  # per seat: WON, LOST or DRAWN
    # per seat, as ``returns`` scores it (higher is better); None: the game keeps no
    # score (Make Pat Hands)
    points: tuple[float | None, ...]
    score: str  # every seat's score in words, seat by seat ("143 to 120", "Par +12")

    def __post_init__(self) -> None:
        if not 0 < len(self.results) <= MAX_SEATS or len(self.points) != len(self.results):
            raise ValueError("one result and one score per seat")
        if any(r not in RESULTS for r in self.results):
            raise ValueError(f"a result is one of {', '.join(RESULTS)}")

    def result(self, seat: int) -> str:
        return self.results[seat]

    def to_json(self) -> dict[str, Any]:
        return {"results": list(self.results), "points": list(self.points), "score": self.score}

    @classmethod
    def from_json(cls, data: Any) -> Outcome:
        """An outcome back from ``to_json`` (a network message, a file); ValueError for
        anything else."""
        if not isinstance(data, dict):
            raise ValueError("an outcome is an object")
        results, points, score = data.get("results"), data.get("points"), data.get("score")
        if not (isinstance(results, list) and isinstance(points, list)
                and is_text(score, MAX_TEXT)):
            raise ValueError("an outcome has results, points and a score")
        if not all(p is None or (isinstance(p, int | float) and not isinstance(p, bool)
                                 and math.isfinite(p)) for p in points):
            raise ValueError("a seat's points are a number")
        return cls(tuple(results), tuple(None if p is None else float(p) for p in points),
                   score)


@dataclass(frozen=True, slots=True)
class Mode:
    """The rules a game is played under: a stable ``key`` (statistics are kept per key)
    and its ``title`` for people ("One Hand, American, 10 hands, target 200")."""

    key: str
    title: str


def solitaire(won: bool) -> tuple[str]:
    """The one seat's result in a game for one."""
    return (WON if won else LOST,)


def by_rank(values: Sequence[float]) -> tuple[str, ...]:
    """Each seat's result when the highest value wins: alone it won, shared it drew (a
    tie for first), below it lost."""
    best = max(values)
    shared = sum(v == best for v in values) > 1
    return tuple((DRAWN if shared else WON) if v == best else LOST for v in values)
