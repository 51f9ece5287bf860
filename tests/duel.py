"""A tiny two-seat game for tests of seats, hidden hands and simultaneous moves:
each seat holds five hidden cards; both choose a card at once (face down), then
both are shown and the higher rank takes the trick. Not a parlour game: it proves
that the engine's seat machinery works for more than Pyramid's one player."""

from __future__ import annotations

import hashlib
import random
import sys
from dataclasses import dataclass, replace
from typing import Any

from game.cards import Card, as_card, card_from_uid, shuffled_deck
from game.rules.base import NOBODY, SIMULTANEOUS, GameInfo, IllegalMove, ModuleRules
from game.rules.outcome import Mode, Outcome, by_rank

GAME_ID = "duel"
RULES_VERSION = 1
INFO = GameInfo(min_seats=2, max_seats=2, hidden_information=True, simultaneous=True)
HAND = 5


@dataclass(frozen=True, slots=True)
class Choose:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class DuelState:
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    chosen: tuple[Card | None, Card | None] = (None, None)
    tricks: tuple[int, int] = (0, 0)
    shown: tuple[tuple[Card, Card], ...] = ()  # each finished round's two cards


@dataclass(frozen=True, slots=True)
class DuelView:
    seat: int
    hand: tuple[Card, ...]
    other_hand: tuple[None, ...]
    my_choice: Card | None
    other_chose: bool
    tricks: tuple[int, int]
    shown: tuple[tuple[Card, Card], ...]


def new_game(seed: int, config: dict[str, Any]) -> DuelState:
    deck = shuffled_deck(random.Random(seed))
    return DuelState((tuple(deck[:HAND]), tuple(deck[HAND:2 * HAND])))


def current_player(state: DuelState) -> int:
    return SIMULTANEOUS if state.hands[0] else NOBODY


def acting_seats(state: DuelState) -> tuple[int, ...]:
    return tuple(s for s in (0, 1) if state.chosen[s] is None)


def legal_moves(state: DuelState, seat: int) -> list[Choose]:
    return [Choose(seat, c.uid) for c in state.hands[seat]] if state.chosen[seat] is None else []


def check(state: DuelState, move: Choose, seat: int | None = None) -> None:
    if not isinstance(move, Choose) or move.seat not in (0, 1):
        raise IllegalMove("Not a duel move.")
    if seat is not None and move.seat != seat:
        raise IllegalMove("That is the other player's card.")
    if state.chosen[move.seat] is not None:
        raise IllegalMove("You have already chosen a card.")
    if card_from_uid(move.card) not in state.hands[move.seat]:
        raise IllegalMove(f"{move.card} is not in your hand.")


def apply(state: DuelState, move: Choose) -> DuelState:
    check(state, move)
    card = card_from_uid(move.card)
    chosen = tuple(card if s == move.seat else state.chosen[s] for s in (0, 1))
    if None in chosen:
        return replace(state, chosen=chosen)
    a, b = chosen
    winner = 0 if a.rank >= b.rank else 1
    hands = tuple(tuple(c for c in state.hands[s] if c != chosen[s]) for s in (0, 1))
    tricks = tuple(t + (s == winner) for s, t in enumerate(state.tricks))
    return DuelState(hands, (None, None), tricks, state.shown + ((a, b),))


def returns(state: DuelState) -> tuple[int, int]:
    return state.tricks


def figures(state: DuelState) -> dict[str, bool | float]:
    return {"first_wins": state.tricks[0] > state.tricks[1], "tricks": state.tricks[0]}


def outcome(state: DuelState) -> Outcome:
    return Outcome(by_rank(state.tricks), tuple(map(float, state.tricks)),
                   f"{state.tricks[0]} to {state.tricks[1]} tricks")


def mode(state: DuelState) -> Mode:
    return Mode("duel", "Duel")


def observe(state: DuelState, seat: int) -> DuelView:
    other = 1 - seat
    return DuelView(seat, state.hands[seat], (None,) * len(state.hands[other]),
                    state.chosen[seat], state.chosen[other] is not None, state.tricks,
                    state.shown)


def hidden_cards(state: DuelState, seat: int) -> set[str]:
    other = 1 - seat
    hidden = {c.uid for c in state.hands[other]}
    return hidden | ({state.chosen[other].uid} if state.chosen[other] else set())


def move_to_json(move: Choose) -> Any:
    return {"seat": move.seat, "card": move.card}


def move_from_json(data: Any) -> Choose:
    if not isinstance(data, dict) or data.get("seat") not in (0, 1):
        raise ValueError(f"not a duel move: {data!r:.40}")
    return Choose(data["seat"], as_card(str(data.get("card"))).uid)


def describe(move: Choose) -> str:
    return f"seat {move.seat + 1} chooses a card"


def state_digest(state: DuelState) -> str:
    return hashlib.sha1(repr(state).encode()).hexdigest()[:16]


VIEW = DuelView
RULES = ModuleRules(sys.modules[__name__])
