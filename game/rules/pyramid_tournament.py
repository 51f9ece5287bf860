"""Pyramid tournaments: six games with two redeals each, scored by net Par.

One to two entrants (a human alone, two humans taking turns at one machine, or a
human against the computer). Entrants play game 1 in turn, then game 2, and so on.
With ``same_deck`` every entrant gets the same deal for a given game; otherwise
each gets a fresh one. Pure: the deals are seeds derived from the match seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

MATCH_GAMES = 6
VERSION = 1


@dataclass(frozen=True, slots=True)
class Entrant:
    name: str
    computer: bool = False


@dataclass(frozen=True, slots=True)
class Tournament:
    entrants: tuple[Entrant, ...]
    seed: int
    same_deck: bool = True
    scores: tuple[tuple[int, ...], ...] = ()  # scores[entrant] = Par of each game played

    def __post_init__(self) -> None:
        if not 1 <= len(self.entrants) <= 2:
            raise ValueError("a Pyramid tournament has one or two entrants")
        if not self.scores:
            object.__setattr__(self, "scores", tuple(() for _ in self.entrants))

    @property
    def next_turn(self) -> tuple[int, int] | None:
        """(game index 0-5, entrant index) to play next, None when the match is over."""
        played = [len(s) for s in self.scores]
        game = min(played)
        if game >= MATCH_GAMES:
            return None
        return game, played.index(game)

    @property
    def finished(self) -> bool:
        return self.next_turn is None

    def deal_seed(self, game: int, entrant: int) -> int:
        salt = "same" if self.same_deck else f"entrant-{entrant}"
        return random.Random(f"{self.seed}:{game}:{salt}").getrandbits(31)

    def record(self, par: int) -> Tournament:
        turn = self.next_turn
        if turn is None:
            raise ValueError("the match is already over")
        _, who = turn
        scores = tuple(s + (par,) if i == who else s for i, s in enumerate(self.scores))
        return replace(self, scores=scores)

    def net(self, entrant: int) -> int:
        return sum(self.scores[entrant])

    def standings(self) -> list[tuple[str, int]]:
        """Names with net scores, best first."""
        table = [(e.name, self.net(i)) for i, e in enumerate(self.entrants)]
        return sorted(table, key=lambda row: -row[1])

    def winner(self) -> str | None:
        """The best net score's owner once the match is over; None on a tie or before."""
        if not self.finished:
            return None
        rows = self.standings()
        if len(rows) > 1 and rows[0][1] == rows[1][1]:
            return None
        return rows[0][0]

    def to_json(self) -> dict[str, Any]:
        return {"entrants": [{"name": e.name, "computer": e.computer} for e in self.entrants],
                "seed": self.seed, "same_deck": self.same_deck,
                "scores": [list(s) for s in self.scores]}

    @classmethod
    def from_json(cls, data: Any) -> Tournament:
        """ValueError with a reason if ``data`` is not a tournament we wrote."""
        try:
            entrants = tuple(Entrant(str(e["name"]), bool(e["computer"]))
                             for e in data["entrants"])
            scores = tuple(tuple(int(v) for v in s) for s in data["scores"])
            t = cls(entrants, int(data["seed"]), bool(data["same_deck"]), scores)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a Pyramid tournament ({exc})") from exc
        if len(scores) != len(entrants) or any(len(s) > MATCH_GAMES for s in scores):
            raise ValueError("not a Pyramid tournament (score table does not fit)")
        played = [len(s) for s in scores]
        if max(played) - min(played) > 1:
            raise ValueError("not a Pyramid tournament (entrants out of turn)")
        return t
