"""Matches: named entrants (people at this machine or the computer) play game 1 in
turn, then game 2, and so on, and the best total wins (Pyramid's six-game Par match).
Poker Squares' open tournaments, where whoever is chosen plays next and a replayed
deal only counts as a low score, are ``rules/poker_squares_tournament.py``; both take
names by ``clean_names``.

With ``same_deck`` every entrant gets the same deal for a given game. Pure: the
deals are seeds derived from the match seed, and ``from_json`` refuses anything
that is not a match this program wrote (hostile files are set aside by callers).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, TypeGuard

VERSION = 1
MAX_NAME = 16  # as long as the name box takes
MAX_SCORE = 10**7
MAX_SEED = 2**63


@dataclass(frozen=True, slots=True)
class Entrant:
    name: str
    computer: bool = False


@dataclass(frozen=True, slots=True)
class Match:
    entrants: tuple[Entrant, ...]
    seed: int
    games: int  # games each entrant plays
    same_deck: bool = True
    scores: tuple[tuple[int, ...], ...] = ()  # scores[entrant] = each game's score
    max_entrants: int = 5

    def __post_init__(self) -> None:
        if not 1 <= len(self.entrants) <= self.max_entrants:
            raise ValueError(f"a match has 1 to {self.max_entrants} entrants")
        if not self.scores:
            object.__setattr__(self, "scores", tuple(() for _ in self.entrants))
        if len(self.scores) != len(self.entrants):
            raise ValueError("one score list per entrant")

    # -- turns ------------------------------------------------------------------------

    @property
    def next_turn(self) -> tuple[int, int] | None:
        """(game index, entrant index) to play next; None when the match is over."""
        played = [len(s) for s in self.scores]
        game = min(played)
        if game >= self.games:
            return None
        return game, played.index(game)

    @property
    def finished(self) -> bool:
        return self.next_turn is None

    def deal_seed(self, game: int, entrant: int) -> int:
        salt = "same" if self.same_deck else f"entrant-{entrant}"
        return random.Random(f"{self.seed}:{game}:{salt}").getrandbits(31)

    def record(self, score: int) -> Match:
        """The match with ``score`` added for whoever's turn it is."""
        turn = self.next_turn
        if turn is None:
            raise ValueError("the match is already over")
        entrant = turn[1]
        scores = tuple(s + (int(score),) if i == entrant else s
                       for i, s in enumerate(self.scores))
        return replace(self, scores=scores)

    # -- standings ----------------------------------------------------------------------

    def total(self, entrant: int) -> int:
        return sum(self.scores[entrant])

    def standings(self) -> list[tuple[str, int]]:
        """Names with totals, best first."""
        table = [(e.name, self.total(i)) for i, e in enumerate(self.entrants)]
        return sorted(table, key=lambda row: -row[1])

    def winner(self) -> str | None:
        """The best total's owner once the match is over; None on a tie or before."""
        if not self.finished:
            return None
        rows = self.standings()
        if len(rows) > 1 and rows[0][1] == rows[1][1]:
            return None
        return rows[0][0]

    # -- files -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION,
                "entrants": [{"name": e.name, "computer": e.computer} for e in self.entrants],
                "seed": self.seed, "games": self.games, "same_deck": self.same_deck,
                "scores": [list(s) for s in self.scores]}

    @classmethod
    def from_json(cls, data: Any, games: int, max_entrants: int = 5) -> Match:
        """A match this program saved, for a game with ``games`` games a match; ValueError
        with a reason for anything else (wrong types, huge numbers, out of turn)."""
        if not isinstance(data, dict):
            raise ValueError("not a match")
        entrants_raw, scores_raw = data.get("entrants"), data.get("scores")
        seed, same_deck = data.get("seed"), data.get("same_deck")
        if not isinstance(entrants_raw, list) or not isinstance(scores_raw, list):
            raise ValueError("entrants and scores must be lists")
        if not 1 <= len(entrants_raw) <= max_entrants or len(scores_raw) != len(entrants_raw):
            raise ValueError("the entrants do not fit")
        if not whole(seed, MAX_SEED) or not isinstance(same_deck, bool):
            raise ValueError("seed or same-deck setting is damaged")
        if data.get("games") != games:
            raise ValueError("not this game's kind of match")
        entrants = []
        for e in entrants_raw:
            if not isinstance(e, dict) or not isinstance(e.get("name"), str) \
                    or not isinstance(e.get("computer"), bool):
                raise ValueError("an entrant is damaged")
            entrants.append(Entrant(e["name"][:MAX_NAME], e["computer"]))
        scores = []
        for s in scores_raw:
            if not isinstance(s, list) or len(s) > games \
                    or not all(whole(v, MAX_SCORE) for v in s):
                raise ValueError("a score list is damaged")
            scores.append(tuple(s))
        played = [len(s) for s in scores]
        if max(played) - min(played) > 1 or played != sorted(played, reverse=True):
            raise ValueError("entrants are out of turn")
        return cls(tuple(entrants), seed, games, same_deck, tuple(scores), max_entrants)


def whole(value: Any, bound: int) -> TypeGuard[int]:
    """A file's integer within ``bound`` either way (not a bool, not a float)."""
    return isinstance(value, int) and not isinstance(value, bool) and -bound <= value <= bound


def clean_names(names: list[str], most: int) -> list[str]:
    """Players' names as typed: trimmed, cut to ``MAX_NAME``, blanks dropped; ValueError
    for none, more than ``most``, or two the same."""
    cleaned = [n.strip()[:MAX_NAME] for n in names if n.strip()]
    if not 1 <= len(cleaned) <= most:
        raise ValueError(f"1 to {most} players")
    if len({n.lower() for n in cleaned}) != len(cleaned):
        raise ValueError("two players have the same name")
    return cleaned
