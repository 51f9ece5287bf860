"""Computer players for draw poker. Each sees only its seat's view and the legal moves.

- ``dealer``: the three dealers. Its personality comes from the view (the dealer the
  player chose): S. Jack plays the odds straight; F. Queen overrates flush draws and
  bets big (the pot or more, bluffs too); N. King overrates straight draws, bets small
  and calls readily.
- ``player``: the same judgement from the player's seat (demo, Auto).
- ``always-call``: checks, calls every bet, draws like S. Jack.
- ``random``: any kind of move at random, amounts too.
- ``exploiter``: seeks out a dealer who pays off or bluffs: bets and raises big only
  with strong hands, checks the rest, calls when its hand beats the pot odds.

Betting: the strength of a hand is its chance of beating a typical final hand (before
the draw, the worth of its best draw); strong hands bet and raise in proportion to the
pot, middling ones call when the pot pays for the risk, the rest fold.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from game.ai.draw_poker_odds import Bias, best_draw, value_of
from game.rules import draw_poker as D

AGENTS = ("player", "dealer", "always-call", "random", "exploiter")
BET_FROM = 0.55  # strength from which a hand bets for value
RAISE_FROM = 0.8
MAX_RAISES = 4  # in one round; past it a strong hand just calls
CALL_MARGIN = 0.03  # a call must beat the pot odds by this much


@dataclass(frozen=True, slots=True)
class Manner:
    """A dealer's personality: how it values draws, how big it bets, how readily it
    calls."""

    bias: Bias = Bias()
    boldness: float = 1.0  # scales its bets and raises
    floor: float = 0.0  # the least it bets after a check, as a share of the pot (0: 1 point)
    caution: float = CALL_MARGIN  # a call must beat the pot odds by this much


# S. Jack plays it straight; F. Queen chases flushes and bets big, the pot at least
# even when a check leaves her a bet to make on little; N. King chases straights, bets
# small and calls readily. (tools/bench_draw_poker.py shows each in numbers.)
PERSONALITIES = {"jack": Manner(), "queen": Manner(Bias(flush=2.4), boldness=2.5, floor=1.0),
                 "king": Manner(Bias(straight=2.4), boldness=0.75, caution=0.0)}


PAT_WARNING = 0.3  # a hand that stood pat is usually made: ours is worth this much less


def strength(view: D.DrawPokerView, bias: Bias) -> float:
    hand = view.face_up(view.seat)
    if view.phase == "bet1":
        return best_draw(hand, bias).value
    stood_pat = view.drawn[1 - view.seat] == 0
    return max(0.0, value_of(hand) - PAT_WARNING * stood_pat)


def wanted_bet(s: float, pot: int, boldness: float = 1.0) -> int:
    """What a hand of strength ``s`` would like to put in (0: nothing)."""
    if s < BET_FROM:
        return 0
    return max(1, round((pot + 10) * 2.5 * (s - BET_FROM) * boldness))


T = TypeVar("T")


def _pick(legal: Sequence[object], kind: type[T]) -> T | None:
    """The legal move of ``kind``."""
    return next((m for m in legal if isinstance(m, kind)), None)


def _sized(legal: Sequence[object], kind: type[D.Bet] | type[D.Raise], amount: int
           ) -> D.Bet | D.Raise | None:
    """The legal bet or raise with ``amount`` brought inside the allowed range (``legal``
    may give a range by its two ends only)."""
    found = [m for m in legal if isinstance(m, kind)]
    if not found:
        return None
    amounts = [m.amount for m in found]
    return kind(found[0].seat, max(min(amounts), min(max(amounts), amount)))


class Judge:
    """Plays by strength; ``personality`` None reads it from the view (the dealer)."""

    def __init__(self, personality: str | None = None) -> None:
        self.personality = personality

    def new_game(self) -> None:
        """Nothing carries over from one session to the next."""

    def manner(self, view: D.DrawPokerView) -> Manner:
        return PERSONALITIES.get(self.personality or view.dealer, Manner())

    def act(self, view: D.DrawPokerView, legal: Sequence[D.Move]) -> D.Move | None:
        if not legal:
            return None
        if view.phase in ("choose", "done"):
            return table_move(legal)
        if view.phase == "draw":
            bias = self.manner(view).bias
            keep = best_draw(view.face_up(view.seat), bias).keep
            return D.Draw(view.seat, tuple(i for i in range(D.HAND_SIZE) if i not in keep))
        return self.bet(view, legal)

    def bet(self, view: D.DrawPokerView, legal: Sequence[D.Move]) -> D.Move | None:
        manner = self.manner(view)
        s = strength(view, manner.bias)
        want = wanted_bet(s, view.pot, manner.boldness)
        if view.to_call == 0:
            want = max(want, round(manner.floor * view.pot)) if view.checked else want
            if want and _pick(legal, D.Bet) is not None:
                return _sized(legal, D.Bet, want)
            return _pick(legal, D.Check) or _sized(legal, D.Bet, 1)
        if s >= RAISE_FROM and _pick(legal, D.Raise) is not None and view.raises < MAX_RAISES:
            return _sized(legal, D.Raise, want)
        need = view.to_call / (view.pot + view.to_call)
        if s >= need + manner.caution:
            return _pick(legal, D.Call)
        return _pick(legal, D.Fold)


def table_move(legal: Sequence[D.Move]) -> D.Move | None:
    """Between hands: deal on (the computer never leaves by itself)."""
    return _pick(legal, D.Deal) or _pick(legal, D.ChooseDealer) or legal[0]


class AlwaysCall:
    """Never bets, never folds: checks when it may, calls whatever is bet."""

    def __init__(self) -> None:
        self.judge = Judge("jack")

    def new_game(self) -> None:
        """Stateless."""

    def act(self, view: D.DrawPokerView, legal: Sequence[D.Move]) -> D.Move | None:
        if view.phase in ("bet1", "bet2"):
            return _pick(legal, D.Check) or _pick(legal, D.Call) or _sized(legal, D.Bet, 1)
        return self.judge.act(view, legal)


class RandomPlayer:
    """A kind of move at random, then an amount at random (so a bet of 1 is as likely
    as a fold); never leaves the table by itself."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def new_game(self) -> None:
        self.rng = random.Random(self.seed)

    def act(self, view: D.DrawPokerView, legal: Sequence[D.Move]) -> D.Move | None:
        if not legal:
            return None
        if view.phase == "done":
            return table_move(legal)
        kinds = sorted({type(m).__name__: type(m) for m in legal
                        if not isinstance(m, D.Leave)}.items())
        kind = kinds[self.rng.randrange(len(kinds))][1]
        found = [m for m in legal if isinstance(m, kind)]
        if kind is D.Bet or kind is D.Raise:
            amounts = [m.amount for m in found if isinstance(m, D.Bet | D.Raise)]
            return kind(view.seat, self.rng.randint(min(amounts), max(amounts)))
        return found[self.rng.randrange(len(found))]


class Exploiter:
    """Bets the pot with a strong hand and raises the pot once a round, never with less;
    a bet against it is called when its hand beats the pot odds (no margin), so a dealer
    who bets big on little pays for it."""

    STRONG = 0.8

    def __init__(self) -> None:
        self.judge = Judge("jack")

    def new_game(self) -> None:
        """Stateless."""

    def act(self, view: D.DrawPokerView, legal: Sequence[D.Move]) -> D.Move | None:
        if view.phase not in ("bet1", "bet2"):
            return self.judge.act(view, legal)
        s = strength(view, Bias())
        pot = view.pot + view.to_call
        if s >= self.STRONG and view.raises < 2:
            return _sized(legal, D.Raise, pot) or _sized(legal, D.Bet, pot)
        if view.to_call == 0:
            return _pick(legal, D.Check)
        if s >= view.to_call / pot:
            return _pick(legal, D.Call)
        return _pick(legal, D.Fold)


def make_agent(name: str, seed: int = 0, time_limit: float | None = None
               ) -> Judge | AlwaysCall | RandomPlayer | Exploiter:
    if name == "dealer":
        return Judge()
    if name == "player":
        return Judge("jack")
    if name == "always-call":
        return AlwaysCall()
    if name == "random":
        return RandomPlayer(seed)
    if name == "exploiter":
        return Exploiter()
    raise ValueError(f"unknown draw poker player {name!r}: choose {', '.join(AGENTS)}")
