"""The player's statistics for one game, overall and per mode (the rules a game was
played under): games played, won, lost and drawn, points, moves, winning and losing
streaks (now and longest), the best score of a finished game, the games the
computer helped with and the ones it played alone (a tournament's computer entrant).
Those count for nothing else, as PySolFC keeps its demo's games out of the player's.
A game left unfinished counts as lost. Pure values; ``game.stats_file`` keeps them on disk.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from game.json_limits import is_text
from game.rules.outcome import ABANDONED, DRAWN, LOST, RESULTS, WON, Mode

MAX_MODES = 64  # modes kept per game: far more than any game has
# Far beyond any player's lifetime of games, and small enough that adding one more game
# never takes a figure past what storage accepts on the next load.
MAX_COUNT = 10**12


@dataclass(frozen=True, slots=True)
class Tally:
    played: int = 0
    won: int = 0
    drawn: int = 0
    points: float = 0.0
    moves: int = 0
    streak: int = 0  # > 0: games won in a row now; < 0: games lost in a row
    longest_win_streak: int = 0
    longest_loss_streak: int = 0
    helped: int = 0  # games the computer played moves in: in no other figure
    best: float | None = None  # the highest points of a game played to its end
    computers: int = 0  # games the computer played alone: in no other figure

    @property
    def lost(self) -> int:
        return self.played - self.won - self.drawn

    @property
    def win_percent(self) -> float:
        return 100.0 * self.won / self.played if self.played else 0.0

    @property
    def mean_moves(self) -> float:
        return self.moves / self.played if self.played else 0.0

    def add(self, result: str, points: float | None, moves: int) -> Tally:
        """One more game the player played alone; a draw ends either streak. ``points``:
        None for a game that keeps no score (Make Pat Hands); an abandoned game's points
        are no best score."""
        won, lost = result == WON, result in (LOST, ABANDONED)
        streak = max(self.streak, 0) + 1 if won else min(self.streak, 0) - 1 if lost else 0
        best = self.best
        if points is not None and result != ABANDONED:
            best = points if best is None else max(best, points)
        return replace(self, played=self.played + 1, won=self.won + won,
                       drawn=self.drawn + (result == DRAWN),
                       points=self.points + (points or 0.0), best=best,
                       moves=self.moves + moves, streak=streak,
                       longest_win_streak=max(self.longest_win_streak, streak),
                       longest_loss_streak=max(self.longest_loss_streak, -streak))

    def add_helped(self) -> Tally:
        return replace(self, helped=self.helped + 1)

    def add_computers(self) -> Tally:
        return replace(self, computers=self.computers + 1)


@dataclass(frozen=True, slots=True)
class Stats:
    """One game's statistics."""

    overall: Tally = Tally()
    by_mode: dict[str, Tally] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)  # mode key -> its title

    def mode(self, key: str) -> Tally:
        return self.by_mode.get(key, Tally())

    def title(self, key: str) -> str:
        return self.titles.get(key, key)

    def add(self, mode: Mode, result: str, points: float | None, moves: int) -> Stats:
        """A game the player played alone, ended with ``result`` (or ABANDONED)."""
        if result not in (*RESULTS, ABANDONED):
            raise ValueError(f"no such result {result!r}")
        return self._with(mode, self.overall.add(result, points, moves),
                          self.mode(mode.key).add(result, points, moves))

    def add_helped(self, mode: Mode) -> Stats:
        """A game the computer played moves in (Auto): counted apart."""
        return self._with(mode, self.overall.add_helped(), self.mode(mode.key).add_helped())

    def add_computers(self, mode: Mode) -> Stats:
        """A game the computer played alone (a tournament's computer entrant)."""
        return self._with(mode, self.overall.add_computers(),
                          self.mode(mode.key).add_computers())

    def _with(self, mode: Mode, overall: Tally, mine: Tally) -> Stats:
        return Stats(overall, {**self.by_mode, mode.key: mine},
                     {**self.titles, mode.key: mode.title})


def summary(stats: Stats, mode: Mode) -> str:
    """A sentence for the end of a game: every game of this kind, then this mode."""
    def part(title: str, tally: Tally) -> str:
        text = f"{title}: {tally.played} played, {tally.win_percent:.0f}% won"
        if tally.helped:
            text += f", {tally.helped} more the computer helped with"
        return text

    mine = stats.mode(mode.key)
    streak = f", streak {streak_text(mine.streak)}" if mine.streak else ""  # none: unsaid
    return f"{part('All games', stats.overall)}. {part(mode.title, mine)}{streak}."


def streak_text(streak: int) -> str:
    if streak > 0:
        return f"won {streak}"
    return f"lost {-streak}" if streak < 0 else "-"


# -- JSON ----------------------------------------------------------------------------------

def to_json(stats: Stats) -> dict[str, Any]:
    return {"overall": asdict(stats.overall),
            "by_mode": {k: asdict(t) for k, t in stats.by_mode.items()},
            "titles": dict(stats.titles)}


def _tally(data: Any) -> Tally:
    if not isinstance(data, dict):
        raise ValueError("a tally is an object")
    values: dict[str, Any] = {}  # each checked against its field's kind below
    for f in fields(Tally):
        value = data.get(f.name, f.default)  # a figure kept since: none of those had it
        if value is None and f.name == "best":
            values[f.name] = None
            continue
        kind = float if f.name in ("points", "best") else int
        if isinstance(value, bool) or not isinstance(value, int | float) \
                or (kind is int and not isinstance(value, int)):
            raise ValueError(f"{f.name} is not a number")
        if abs(value) > MAX_COUNT:
            raise ValueError(f"{f.name} is out of range")
        values[f.name] = kind(value)
    tally = Tally(**values)
    if not 0 <= tally.won + tally.drawn <= tally.played or min(
            tally.won, tally.drawn, tally.moves, tally.helped, tally.computers) < 0:
        raise ValueError("the counts do not add up")
    return tally


def from_json(data: Any) -> Stats:
    """Stats back from ``to_json`` (or The Giant's own file of before, whose modes were
    "by_rules"); ValueError when the data is not that."""
    if not isinstance(data, dict):
        raise ValueError("statistics are an object")
    by_mode = data.get("by_mode", data.get("by_rules"))
    titles = data.get("titles", {})
    if not isinstance(by_mode, dict) or not isinstance(titles, dict) \
            or len(by_mode) > MAX_MODES:
        raise ValueError("the modes are damaged")
    kept = {k: _tally(v) for k, v in by_mode.items() if is_text(k, 80)}
    return Stats(_tally(data.get("overall")), kept,
                 {k: t for k, t in titles.items() if k in kept and is_text(t, 120)})
