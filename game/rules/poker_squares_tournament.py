"""A Poker Squares tournament (manuals/poker-solitaire.txt): up to five named players,
each with a highest, lowest and average score. Pure; the scene keeps it on disk.

Deals are known by their public name (the seat's ``deal``, never the seed). A player
who plays a deal again (Same Cards) can only lower their low score with it: the first
try is what counts. Only finished games are recorded; the scene simply never records
one left before the matrices were full. In a two-player game between two of the
tournament's players (``second`` plays Player 2) each one's score is recorded by these
rules, each on their own record.

Standings compare like with like: a tournament plays one set of rules (the mode, and
Player 1's scoring and hands counted; a User table's points too), those of its first
game unless it was started with them. A game under other rules is not counted, and the
scene says so. Undo is refused in a tournament game: taking a card back would show the
next one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, TypeGuard

from game.match import MAX_NAME, clean_names, whole
from game.rules.poker_squares_options import MODES, SCORINGS, Options

MAX_PLAYERS = 5
MAX_DEALS = 10_000  # deals remembered per player (far beyond any evening's play)
MAX_RULES = 2_000  # characters of a rules key (a User table's names and points)
UNDO_REFUSED = ("No Undo in a tournament game: taking a card back would show the next "
                "card, and the score must count as played.")


@dataclass(frozen=True, slots=True)
class TournamentRules:
    """What standings compare: ``key`` tells rule sets apart, ``title`` names one."""

    key: str
    title: str


def rules_of(options: Options) -> TournamentRules:
    """The rules a game's scores are comparable under: its mode and Player 1's scoring
    and hands counted (a User table by its points)."""
    rules = options.seats[0]
    hands = 12 if rules.diagonals else 10
    key = f"{options.mode}:{rules.scoring}:{hands}"
    if rules.scoring == "user":
        key += ":" + ",".join(f"{name}={points}" for name, points in rules.points)
    return TournamentRules(key, f"{MODES[options.mode]}, {SCORINGS[rules.scoring]} scoring, "
                                f"{hands} hands")


@dataclass(frozen=True, slots=True)
class Standing:
    name: str
    games: int = 0
    total: int = 0
    high: int | None = None
    low: int | None = None
    deals: tuple[int, ...] = ()  # the deals this player has finished

    @property
    def average(self) -> float | None:
        return self.total / self.games if self.games else None

    def line(self) -> str:
        """One line of the standings table."""
        if not self.games:
            return f"{self.name}: no games yet"
        return (f"{self.name}: high {self.high}, low {self.low}, average "
                f"{self.average:.1f} ({self.games} game{'s' * (self.games != 1)})")


@dataclass(frozen=True, slots=True)
class Tournament:
    players: tuple[Standing, ...]
    current: int = 0  # who plays the next game (Player 1 in a two-player game)
    second: int | None = None  # who plays Player 2 against a person; None: a guest
    rules: TournamentRules | None = None  # None: set by the first game recorded

    @classmethod
    def of(cls, names: list[str], rules: TournamentRules | None = None) -> Tournament:
        return cls(tuple(Standing(n) for n in clean_names(names, MAX_PLAYERS)), rules=rules)

    def refusal(self, rules: TournamentRules) -> str | None:
        """Why a game under ``rules`` does not count here (other rules), or None."""
        if self.rules is None or self.rules.key == rules.key:
            return None
        return (f"Not counted in the tournament: it plays {self.rules.title}; this game "
                f"was {rules.title}.")

    @property
    def player(self) -> Standing:
        return self.players[self.current]

    @property
    def second_player(self) -> Standing | None:
        return None if self.second is None else self.players[self.second]

    def choose(self, index: int) -> Tournament:
        """``index`` plays the next game (as Player 1; no longer as Player 2)."""
        if not 0 <= index < len(self.players):
            raise ValueError(f"no player {index + 1}")
        return replace(self, current=index, second=None if self.second == index else self.second)

    def choose_second(self, index: int | None) -> Tournament:
        """``index`` plays Player 2 against Player 1 (None: a guest, not recorded)."""
        if index is not None and (not 0 <= index < len(self.players) or index == self.current):
            raise ValueError(f"player {index + 1} cannot play Player 2")
        return replace(self, second=index)

    def is_replay(self, deal: int) -> bool:
        """Has the current player finished this deal before?"""
        return deal in self.player.deals

    def record(self, deal: int, score: int, index: int | None = None) -> Tournament:
        """Player ``index`` (the current one by default) finished ``deal`` with
        ``score``."""
        index = self.current if index is None else index
        p = self.players[index]
        low = score if p.low is None else min(p.low, score)
        if deal in p.deals:  # a replay of the same cards: only the low score may move
            new = replace(p, low=low)
        else:
            new = replace(p, games=p.games + 1, total=p.total + score,
                          high=score if p.high is None else max(p.high, score), low=low,
                          deals=(p.deals + (deal,))[-MAX_DEALS:])
        players = tuple(new if i == index else s for i, s in enumerate(self.players))
        return replace(self, players=players)

    def record_game(self, deal: int, first: int, second: int | None = None,
                    rules: TournamentRules | None = None) -> Tournament:
        """A game ended under ``rules`` (None: the tournament's own): Player 1 (the
        current player) scored ``first``; Player 2, when they are one of the
        tournament's players, ``second``. ValueError for a game under other rules."""
        rules = rules or self.rules
        if rules is not None:
            reason = self.refusal(rules)
            if reason is not None:
                raise ValueError(reason)
        done = replace(self.record(deal, first), rules=rules)
        if self.second is not None and second is not None:
            done = done.record(deal, second, self.second)
        return done

    # -- on disk -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        rules = None if self.rules is None else {"key": self.rules.key,
                                                  "title": self.rules.title}
        return {"current": self.current, "second": self.second, "rules": rules,
                "players": [{"name": s.name, "games": s.games, "total": s.total,
                             "high": s.high, "low": s.low, "deals": list(s.deals)}
                            for s in self.players]}

    @classmethod
    def from_json(cls, data: Any) -> Tournament:
        """Back from ``to_json``; ValueError for anything that is not one."""
        if not isinstance(data, dict) or not isinstance(data.get("players"), list):
            raise ValueError("not a tournament")
        players = tuple(_standing(p) for p in data["players"])
        tournament = cls.of([p.name for p in players])
        current = data.get("current")
        if not _whole(current) or not 0 <= current < len(players):
            raise ValueError("the tournament's current player is not one of its players")
        second = data.get("second")  # absent in files from before two-player records
        if second is not None and (not _whole(second) or not 0 <= second < len(players)
                                   or second == current):
            raise ValueError("the tournament's Player 2 is not another of its players")
        return replace(tournament, players=players, current=current, second=second,
                       rules=_rules(data.get("rules")))


def _rules(data: Any) -> TournamentRules | None:
    """The rules of a file (absent in files from before a tournament kept them)."""
    if data is None:
        return None
    if not isinstance(data, dict) or not all(
            isinstance(data.get(k), str) and 0 < len(data[k]) <= MAX_RULES for k in
            ("key", "title")):
        raise ValueError("the tournament's rules are not readable")
    return TournamentRules(data["key"], data["title"])


def _whole(value: Any) -> TypeGuard[int]:
    return whole(value, 2**53 - 1)


def _standing(data: Any) -> Standing:
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise ValueError("a tournament player needs a name")
    games, total, deals = data.get("games"), data.get("total"), data.get("deals")
    if not (_whole(games) and games >= 0 and _whole(total) and isinstance(deals, list)
            and len(deals) <= MAX_DEALS and all(_whole(d) for d in deals)):
        raise ValueError(f"{data['name']!r}: scores that do not add up")
    high, low = data.get("high"), data.get("low")
    if games and not (_whole(high) and _whole(low) and low <= high):
        raise ValueError(f"{data['name']!r}: a high or low score is missing")
    return Standing(data["name"][:MAX_NAME], games, total, high if games else None,
                    low if games else None, tuple(deals))
