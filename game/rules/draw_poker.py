"""Five-card draw poker against the dealer (manuals/draw-poker.txt). Pure and deterministic.

A game is a whole session: the player (seat 0) picks one of three dealers (seat 1),
then plays hand after hand until leaving, running out of points or passing 99,999.
Each hand: a 1-point ante from both sides, five cards each, a betting round, one
draw each (the player first), a second betting round, the showdown.

Betting, as the manual has it: the player opens with check, bet or fold; a check is
always answered by a dealer bet; a bet or raise is answered by fold, call or raise.
Nobody bets or raises more than the player has left, so the player never owes more
than they hold. A player left with nothing after the first round sees the hands
opened straight after the draw. A tie hands each side back what it put in.

The house (the dealer's balance) starts at 0 and may go below it: the dealer is
the bank. Points are conserved: player + house + pot never changes.

Each hand's shuffle comes from the session seed and the hand's number, so a log of
moves replays with no RNG beside it.
"""

from __future__ import annotations

import hashlib
import random
import sys
from dataclasses import dataclass, field, replace
from typing import Any

from game.cards import Card, full_deck
from game.rules.base import NOBODY, GameInfo, IllegalMove, ModuleRules
from game.rules.hands import HandValue, evaluate
from game.rules.move_codec import MoveCodec
from game.rules.outcome import Mode, Outcome, by_rank

GAME_ID = "draw-poker"
RULES_VERSION = 1
INFO = GameInfo(min_seats=2, max_seats=2, hidden_information=True)
PLAYER, DEALER = 0, 1
START_POINTS = 1000
ANTE = 1
TOP_POINTS = 99_999  # more than this ends the session: the player broke the bank
HAND_SIZE = 5
DEALERS = ("jack", "queen", "king")
DEALER_NAMES = {"jack": "S. Jack", "queen": "F. Queen", "king": "N. King"}
DEFAULT_CONFIG: dict[str, Any] = {"points": START_POINTS}

# Phases: "choose" (no dealer yet), "bet1", "draw", "bet2", "done" (a hand is over),
# "end" (the session is over).
BETTING = ("bet1", "bet2")
_DECK = tuple(full_deck())


# -- moves ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChooseDealer:
    dealer: str
    seat: int = PLAYER


@dataclass(frozen=True, slots=True)
class Deal:
    """Start the next hand with the same dealer."""

    seat: int = PLAYER


@dataclass(frozen=True, slots=True)
class ChangeDealer:
    """Back to the choice of dealer between hands (points are kept)."""

    seat: int = PLAYER


@dataclass(frozen=True, slots=True)
class Leave:
    """End the session between hands."""

    seat: int = PLAYER


@dataclass(frozen=True, slots=True)
class Check:
    seat: int = PLAYER


@dataclass(frozen=True, slots=True)
class Bet:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Call:
    seat: int


@dataclass(frozen=True, slots=True)
class Raise:
    seat: int
    amount: int  # on top of the amount called


@dataclass(frozen=True, slots=True)
class Fold:
    seat: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Throw away the cards at these places (0-4) and get as many new ones."""

    seat: int
    discard: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "discard", tuple(sorted(set(self.discard))))


Move = ChooseDealer | Deal | ChangeDealer | Leave | Check | Bet | Call | Raise | Fold | Draw
CODEC = MoveCodec("draw poker", {"choose": ChooseDealer, "deal": Deal, "change": ChangeDealer,
                                 "leave": Leave, "check": Check, "bet": Bet, "call": Call,
                                 "raise": Raise, "fold": Fold, "draw": Draw})
move_to_json, move_from_json = CODEC.to_json, CODEC.from_json


def who(seat: int) -> str:
    return "You" if seat == PLAYER else "Dealer"


def describe(move: Move) -> str:
    name = who(move.seat)
    if isinstance(move, ChooseDealer):
        return f"play against {DEALER_NAMES.get(move.dealer, move.dealer)}"
    if isinstance(move, Deal):
        return "deal the next hand"
    if isinstance(move, ChangeDealer):
        return "change dealers"
    if isinstance(move, Leave):
        return "leave the table"
    if isinstance(move, Check):
        return f"{name}: check"
    if isinstance(move, Bet):
        return f"{name}: bet {move.amount}"
    if isinstance(move, Raise):
        return f"{name}: raise {move.amount}"
    if isinstance(move, Call):
        return f"{name}: call"
    if isinstance(move, Fold):
        return f"{name}: fold"
    count = len(move.discard)
    return f"{name}: draw {count} card{'s' * (count != 1)}" if count else f"{name}: stand pat"


# -- state ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class HandResult:
    """How the last hand ended. ``winner`` is a seat, or -1 for a tie; ``hands`` names
    both hands at a showdown (empty after a fold)."""

    winner: int
    reason: str  # "fold" | "showdown"
    pot: int
    hands: tuple[str, ...] = ()
    # the player's own bets in the pot (ante included), so that what the hand won or
    # lost can be told after a restore too; a figure about the result, not part of it
    staked: int = field(default=0, compare=False)

    def player_gain(self) -> int:
        """The player's points after the hand less before it (the pot holds their bets)."""
        back = self.pot if self.winner == PLAYER else self.staked if self.winner == -1 else 0
        return back - self.staked


@dataclass(frozen=True, slots=True)
class DrawPokerState:
    seed: int
    points: int  # the player's, outside the pot
    house: int = 0  # the dealer's balance
    dealer: str = ""
    phase: str = "choose"
    hand_no: int = 0  # hands dealt so far
    deck: tuple[Card, ...] = ()  # top first
    hands: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    discards: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    drawn: tuple[int, int] = (-1, -1)  # cards each side took (-1: not drawn yet)
    put_in: tuple[int, int] = (0, 0)  # this hand, by seat
    actor: int = PLAYER  # whose turn in a betting round or the draw
    to_call: int = 0  # what the actor owes to stay in
    checked: bool = False  # the player checked this round
    raises: int = 0  # bets and raises this round
    result: HandResult | None = None
    events: tuple[str, ...] = ()  # this hand so far, for the table's log
    left: bool = False

    @property
    def pot(self) -> int:
        return sum(self.put_in)

    @property
    def all_in(self) -> bool:
        """The player has nothing left to bet with: no more betting this hand."""
        return self.points == 0 and self.phase not in ("choose", "done", "end")


def new_game(seed: int, config: dict[str, Any] | None = None) -> DrawPokerState:
    cfg = {**DEFAULT_CONFIG, **(config or {})}
    points = int(cfg["points"])
    if not 1 <= points <= TOP_POINTS:
        raise ValueError(f"starting points must be 1 to {TOP_POINTS}")
    return DrawPokerState(seed=seed, points=points, deck=_DECK)


def shuffle_for(seed: int, hand_no: int) -> list[Card]:
    """The deck of hand ``hand_no`` (1-based) of session ``seed``."""
    cards = list(_DECK)
    random.Random(f"draw-poker:{seed}:{hand_no}").shuffle(cards)
    return cards


def deal_hand(state: DrawPokerState) -> DrawPokerState:
    """Antes in, a fresh shuffle, five cards each (dealt alternately, player first)."""
    number = state.hand_no + 1
    cards = shuffle_for(state.seed, number)
    hands = (tuple(cards[0:10:2]), tuple(cards[1:10:2]))
    dealt = replace(state, phase="bet1", hand_no=number, deck=tuple(cards[10:]), hands=hands,
                    discards=((), ()), drawn=(-1, -1), points=state.points - ANTE,
                    house=state.house - ANTE, put_in=(ANTE, ANTE), actor=PLAYER, to_call=0,
                    checked=False, raises=0, result=None,
                    events=(f"Hand {number}: antes in, pot {2 * ANTE}.",))
    return _skip_betting(dealt)


def _skip_betting(state: DrawPokerState) -> DrawPokerState:
    """A betting round with the player all in is no round: on to the draw or showdown."""
    if not state.all_in:
        return state
    if state.phase == "bet1":
        return replace(state, phase="draw", actor=PLAYER, to_call=0)
    if state.phase == "bet2":
        return showdown(state)
    return state


# -- what may be played ----------------------------------------------------------------

def max_bet(state: DrawPokerState, seat: int) -> int:
    """The most ``seat`` may bet or raise now (on top of any amount it calls): never
    more than the player has left after calling."""
    owed = state.to_call if seat == PLAYER else 0
    return max(0, state.points - owed)


def betting_kinds(state: DrawPokerState, seat: int) -> tuple[type, ...]:
    """The kinds of betting move ``seat`` may make now (amounts aside)."""
    if state.phase not in BETTING or state.actor != seat:
        return ()
    if state.to_call == 0:
        if seat == PLAYER:
            return (Check, Bet, Fold)
        return (Bet,)  # the dealer always answers a check with a bet
    kinds: list[type] = [Fold, Call]
    if max_bet(state, seat) >= 1:
        kinds.append(Raise)
    return tuple(kinds)


def legal_moves(state: DrawPokerState, seat: int = PLAYER) -> list[Move]:
    phase = state.phase
    if phase == "end":
        return []
    if phase == "choose":
        return [*(ChooseDealer(d) for d in DEALERS), Leave()] if seat == PLAYER else []
    if phase == "done":
        return [Deal(), ChangeDealer(), Leave()] if seat == PLAYER else []
    if phase == "draw":
        if state.actor != seat:
            return []
        return [Draw(seat, tuple(i for i in range(HAND_SIZE) if mask >> i & 1))
                for mask in range(1 << HAND_SIZE)]
    moves: list[Move] = []
    for kind in betting_kinds(state, seat):
        if kind in (Bet, Raise):
            moves.extend(kind(seat, n) for n in range(1, max_bet(state, seat) + 1))
        else:
            moves.append(kind(seat))
    return moves


def compact_moves(state: DrawPokerState, seat: int = PLAYER) -> list[Move]:
    """``legal_moves`` with each run of bet or raise amounts given by its two ends
    (computer players choose an amount in between; listing a thousand costs time)."""
    if state.phase not in BETTING:
        return legal_moves(state, seat)
    moves: list[Move] = []
    for kind in betting_kinds(state, seat):
        if kind in (Bet, Raise):
            moves.extend(kind(seat, n) for n in sorted({1, max_bet(state, seat)}))
        else:
            moves.append(kind(seat))
    return moves


def check(state: DrawPokerState, move: Move, seat: int | None = None) -> None:
    """Raise IllegalMove with the reason a player is told, or return if legal."""
    if not isinstance(move, tuple(CODEC.names)):
        raise IllegalMove("That is not a draw poker move.")
    if seat is not None and move.seat != seat:
        raise IllegalMove("That move belongs to the other seat.")
    if move.seat not in (PLAYER, DEALER):
        raise IllegalMove("Draw poker has two seats: you and the dealer.")
    phase = state.phase
    if phase == "end":
        raise IllegalMove("The session is over.")
    if isinstance(move, ChooseDealer | Deal | ChangeDealer | Leave):
        _check_table(state, move)
    elif isinstance(move, Draw):
        if phase != "draw":
            raise IllegalMove("Cards are drawn once, after the first round of betting.")
        if state.actor != move.seat:
            raise IllegalMove("You draw first, then the dealer." if move.seat == DEALER
                              else "You have drawn already.")
        if any(not 0 <= i < HAND_SIZE for i in move.discard):
            raise IllegalMove("Cards are numbered 1 to 5.")
    else:
        _check_bet(state, move)


def _check_table(state: DrawPokerState, move: Move) -> None:
    if move.seat != PLAYER:
        raise IllegalMove("Only the player chooses the dealer, deals or leaves.")
    phase = state.phase
    if isinstance(move, ChooseDealer):
        if phase != "choose":
            raise IllegalMove("Finish the hand first: Esc goes back to the choice of dealer.")
        if move.dealer not in DEALERS:
            raise IllegalMove(f"There is no dealer called {move.dealer!r}.")
    elif isinstance(move, Leave):
        if phase not in ("choose", "done"):
            raise IllegalMove("Finish the hand (or fold) before leaving.")
    elif phase != "done":
        raise IllegalMove("A hand is in play." if phase != "choose"
                          else "Choose a dealer first.")


def _check_bet(state: DrawPokerState, move: Move) -> None:
    if state.phase not in BETTING:
        raise IllegalMove("There is no betting now.")
    if state.actor != move.seat:
        raise IllegalMove("Wait for the dealer." if move.seat == PLAYER else "It is your turn.")
    kinds = betting_kinds(state, move.seat)
    if type(move) not in kinds:
        raise IllegalMove(_refusal(state, move))
    if isinstance(move, Bet | Raise):
        top = max_bet(state, move.seat)
        if not 1 <= move.amount <= top:
            raise IllegalMove(f"{'Bet' if isinstance(move, Bet) else 'Raise'} 1 to {top} "
                              "points: nobody bets more than you have left.")


def _refusal(state: DrawPokerState, move: Move) -> str:
    if isinstance(move, Check | Bet) and state.to_call:
        return f"There is a bet of {state.to_call} to answer: call, raise or fold."
    if isinstance(move, Call | Raise) and not state.to_call:
        return "There is no bet to call or raise: check or bet."
    if isinstance(move, Check | Fold) and move.seat == DEALER:
        return "The dealer always answers a check with a bet."
    return "You have no points left to raise with."


# -- applying ---------------------------------------------------------------------------

def _pay(state: DrawPokerState, seat: int, amount: int) -> DrawPokerState:
    put = list(state.put_in)
    put[seat] += amount
    if seat == PLAYER:
        return replace(state, points=state.points - amount, put_in=(put[0], put[1]))
    return replace(state, house=state.house - amount, put_in=(put[0], put[1]))


def apply(state: DrawPokerState, move: Move) -> DrawPokerState:
    check(state, move)
    told = state.events + (_event(state, move),)
    if isinstance(move, ChooseDealer):
        return deal_hand(replace(state, dealer=move.dealer))
    if isinstance(move, Deal):
        return deal_hand(state)
    if isinstance(move, ChangeDealer):
        return replace(state, phase="choose", deck=_DECK, hands=((), ()),
                       discards=((), ()), drawn=(-1, -1), result=None, events=())
    if isinstance(move, Leave):
        return replace(state, phase="end", left=True)
    if isinstance(move, Draw):
        return _draw(replace(state, events=told), move)
    other = 1 - move.seat
    if isinstance(move, Check):
        return replace(state, actor=DEALER, checked=True, events=told)
    if isinstance(move, Fold):
        return _settle(replace(state, events=told), HandResult(other, "fold", state.pot,
                                                              staked=state.put_in[PLAYER]))
    if isinstance(move, Bet):
        paid = _pay(state, move.seat, move.amount)
        return replace(paid, actor=other, to_call=move.amount, raises=state.raises + 1,
                       events=told)
    if isinstance(move, Raise):
        paid = _pay(state, move.seat, state.to_call + move.amount)
        return replace(paid, actor=other, to_call=move.amount, raises=state.raises + 1,
                       events=told)
    paid = replace(_pay(state, move.seat, state.to_call), to_call=0, events=told)  # Call
    if state.phase == "bet1":
        return replace(paid, phase="draw", actor=PLAYER)
    return showdown(paid)


def _event(state: DrawPokerState, move: Move) -> str:
    """The move as the table's log tells it, the dealer by name."""
    text = describe(move)
    if move.seat == DEALER and state.dealer:
        text = DEALER_NAMES[state.dealer] + text[len("Dealer"):]
    return text[0].upper() + text[1:] + "."


def _draw(state: DrawPokerState, move: Draw) -> DrawPokerState:
    seat = move.seat
    hand = list(state.hands[seat])
    fresh = state.deck[:len(move.discard)]
    thrown = tuple(hand[i] for i in move.discard)
    for i, card in zip(move.discard, fresh, strict=True):
        hand[i] = card
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    discards = list(state.discards)
    discards[seat] = discards[seat] + thrown
    drawn = list(state.drawn)
    drawn[seat] = len(move.discard)
    after = replace(state, deck=state.deck[len(fresh):], hands=(hands[0], hands[1]),
                    discards=(discards[0], discards[1]), drawn=(drawn[0], drawn[1]))
    if seat == PLAYER:
        return replace(after, actor=DEALER)
    return _skip_betting(replace(after, phase="bet2", actor=PLAYER, to_call=0, checked=False,
                                 raises=0))


def hand_name(value: HandValue) -> str:
    """A category as the manual's list names it ("High card", not "Nothing")."""
    return "High card" if value.category == "high_card" else value.label


def showdown(state: DrawPokerState) -> DrawPokerState:
    mine, theirs = (evaluate(h) for h in state.hands)
    winner = PLAYER if mine > theirs else DEALER if theirs > mine else -1
    names = (hand_name(mine), hand_name(theirs))
    return _settle(state, HandResult(winner, "showdown", state.pot, names,
                                     staked=state.put_in[PLAYER]))


def _settle(state: DrawPokerState, result: HandResult) -> DrawPokerState:
    """The pot to the winner (a tie: each side's own bets back); the session ends at 0
    points or above the top."""
    paid = state.put_in if result.winner == -1 else tuple(
        state.pot if seat == result.winner else 0 for seat in (PLAYER, DEALER))
    points = state.points + paid[PLAYER]
    house = state.house + paid[DEALER]
    over = points == 0 or points > TOP_POINTS
    return replace(state, points=points, house=house, put_in=(0, 0), to_call=0,
                   phase="end" if over else "done", result=result,
                   events=state.events + (result_text(result),))


def result_text(result: HandResult) -> str:
    if result.winner == -1:
        return f"A tie with {result.hands[0].lower()}: the bets go back."
    if result.reason == "fold":
        return f"{'Dealer' if result.winner == PLAYER else 'You'} folded: " \
               f"{'you win' if result.winner == PLAYER else 'the dealer wins'} {result.pot}."
    name = result.hands[result.winner].lower()
    return f"{'You win' if result.winner == PLAYER else 'The dealer wins'} {result.pot} " \
           f"with {name}."


def current_player(state: DrawPokerState) -> int:
    if state.phase == "end":
        return NOBODY
    if state.phase in ("choose", "done"):
        return PLAYER
    return state.actor


def can_undo(before: DrawPokerState, move: Move) -> bool:
    """Until the next card is seen: a check, bet, raise or call by either side (the
    player's decision goes back with the dealer's answer to it) that does not open the
    hands, and a change of dealer. A deal, the draw, a fold and a showdown are final."""
    if isinstance(move, ChangeDealer):
        return True
    if not isinstance(move, Check | Bet | Raise | Call):
        return False
    return not (isinstance(move, Call) and before.phase == "bet2")


def returns(state: DrawPokerState) -> tuple[int, int]:
    return (state.points, state.house)


def figures(state: DrawPokerState) -> dict[str, bool | float]:
    return {"points": state.points, "hands": state.hand_no, "broke": state.points == 0,
            "broke_the_bank": state.points > TOP_POINTS}


def outcome(state: DrawPokerState) -> Outcome:
    """A session is won by ending it with more points than it started with, lost with
    fewer (broke, or leaving down), drawn with as many; the house the other way round.
    It started with every point there is (the house begins at 0)."""
    gain = state.points - total_points(state)
    return Outcome(by_rank((gain, -gain)), (float(state.points), float(state.house)),
                   f"{state.points:,} points ({gain:+,})")


def mode(state: DrawPokerState) -> Mode:
    name = DEALER_NAMES.get(state.dealer)
    return Mode(state.dealer or "none", f"Dealer {name}" if name else "No dealer chosen")


def total_points(state: DrawPokerState) -> int:
    """Player + house + pot: the same in every state of a session."""
    return state.points + state.house + state.pot


def state_digest(state: DrawPokerState) -> str:
    return hashlib.sha1(repr(state).encode()).hexdigest()[:16]


# -- what a seat sees ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DrawPokerView:
    """One seat's table. ``hands`` and ``discards`` are by seat; the other side's cards
    are None until a showdown opens its hand (its discards stay face down)."""

    seat: int
    points: int
    house: int
    dealer: str
    phase: str
    hand_no: int
    hands: tuple[tuple[Card | None, ...], ...]
    discards: tuple[tuple[Card | None, ...], ...]
    deck_size: int
    drawn: tuple[int, ...]
    put_in: tuple[int, ...]
    to_act: int
    to_call: int
    checked: bool
    raises: int  # bets and raises this round
    max_bet: int
    result: HandResult | None
    events: tuple[str, ...]
    left: bool

    @property
    def pot(self) -> int:
        return sum(self.put_in)

    def face_up(self, seat: int) -> tuple[Card, ...]:
        """A hand this view shows (its own seat's, or both at a showdown); ValueError for
        one it hides."""
        cards = tuple(c for c in self.hands[seat] if c is not None)
        if len(cards) != len(self.hands[seat]):
            raise ValueError(f"seat {seat}'s hand is face down")
        return cards

    @property
    def shown(self) -> bool:
        """Are both hands face up (a showdown)?"""
        return self.result is not None and self.result.reason == "showdown"

    @property
    def over(self) -> bool:
        return self.phase == "end"


def _opened(state: DrawPokerState) -> bool:
    return state.result is not None and state.result.reason == "showdown"


def observe(state: DrawPokerState, seat: int = PLAYER) -> DrawPokerView:
    opened = _opened(state)
    hands = tuple(cards if s == seat or opened else (None,) * len(cards)
                  for s, cards in enumerate(state.hands))
    discards = tuple(cards if s == seat else (None,) * len(cards)
                     for s, cards in enumerate(state.discards))
    return DrawPokerView(
        seat=seat, points=state.points, house=state.house, dealer=state.dealer,
        phase=state.phase, hand_no=state.hand_no, hands=hands, discards=discards,
        deck_size=len(state.deck), drawn=state.drawn, put_in=state.put_in,
        to_act=current_player(state), to_call=state.to_call, checked=state.checked,
        raises=state.raises,
        max_bet=max_bet(state, current_player(state)) if state.phase in BETTING else 0,
        result=state.result, events=state.events, left=state.left)


def hidden_cards(state: DrawPokerState, seat: int = PLAYER) -> set[str]:
    other = 1 - seat
    hidden = {c.uid for c in state.deck} | {c.uid for c in state.discards[other]}
    if not _opened(state):
        hidden |= {c.uid for c in state.hands[other]}
    return hidden


def seat_count(state: DrawPokerState) -> int:
    return 2


VIEW = DrawPokerView
RULES: ModuleRules[DrawPokerState, Move] = ModuleRules(sys.modules[__name__])
