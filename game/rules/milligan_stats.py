"""The Giant's statistics (manuals/the-giant.txt, Scoring): points, games won and lost,
winning and losing streaks (current and longest), move counts and win percentages,
overall and per rule set. Pure values; the scene keeps them on disk as JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from game.rules.milligan import RULE_LABELS, RULE_NAMES


def rules_key(rule: str, miss_milligan: bool) -> str:
    """The rule set a game was played under: "alternate", "suit+mm", ..."""
    return rule + ("+mm" if miss_milligan else "")


def rules_title(key: str) -> str:
    rule, _, mm = key.partition("+")
    return RULE_LABELS.get(rule, rule).capitalize() + (", Miss Milligan" if mm else "")


RULE_KEYS = tuple(rules_key(r, mm) for mm in (False, True) for r in RULE_NAMES)


@dataclass(frozen=True, slots=True)
class Tally:
    played: int = 0
    won: int = 0
    points: float = 0.0
    moves: int = 0
    streak: int = 0  # > 0: games won in a row now; < 0: games lost in a row
    longest_win_streak: int = 0
    longest_loss_streak: int = 0

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_percent(self) -> float:
        return 100.0 * self.won / self.played if self.played else 0.0

    @property
    def mean_moves(self) -> float:
        return self.moves / self.played if self.played else 0.0

    def add(self, won: bool, points: float, moves: int) -> Tally:
        streak = (max(self.streak, 0) + 1) if won else (min(self.streak, 0) - 1)
        return replace(self, played=self.played + 1, won=self.won + won,
                       points=self.points + points, moves=self.moves + moves, streak=streak,
                       longest_win_streak=max(self.longest_win_streak, streak),
                       longest_loss_streak=max(self.longest_loss_streak, -streak))


@dataclass(frozen=True, slots=True)
class Stats:
    overall: Tally = Tally()
    by_rules: dict[str, Tally] = field(default_factory=dict)

    def add(self, key: str, won: bool, points: float, moves: int) -> Stats:
        mine = self.by_rules.get(key, Tally()).add(won, points, moves)
        return Stats(self.overall.add(won, points, moves), {**self.by_rules, key: mine})


def to_json(stats: Stats) -> dict[str, Any]:
    return {"overall": asdict(stats.overall),
            "by_rules": {k: asdict(t) for k, t in stats.by_rules.items()}}


# Far beyond any player's lifetime of games, and small enough that adding one more game
# never takes a figure past what storage accepts on the next load.
MAX_COUNT = 10**12


def _tally(data: Any) -> Tally:
    if not isinstance(data, dict):
        raise ValueError("a tally is an object")
    values = {}
    for f in fields(Tally):
        value = data.get(f.name, 0)
        kind = float if f.name == "points" else int
        if isinstance(value, bool) or not isinstance(value, int | float) \
                or (kind is int and not isinstance(value, int)):
            raise ValueError(f"{f.name} is not a number")
        if abs(value) > MAX_COUNT:
            raise ValueError(f"{f.name} is out of range")
        values[f.name] = kind(value)
    tally = Tally(**values)
    if not 0 <= tally.won <= tally.played or tally.moves < 0:
        raise ValueError("the counts do not add up")
    return tally


def from_json(data: Any) -> Stats:
    """Stats back from ``to_json``; ValueError when the data is not that."""
    if not isinstance(data, dict) or not isinstance(data.get("by_rules"), dict):
        raise ValueError("not milligan statistics")
    by_rules = {k: _tally(v) for k, v in data["by_rules"].items() if k in RULE_KEYS}
    return Stats(_tally(data.get("overall")), by_rules)
