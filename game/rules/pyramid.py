"""Pyramid solitaire with Par scoring (manuals/pyramid.txt). Pure and deterministic.

Layout: 28 cards in 7 rows (row 0 has one card, row 6 has seven), each card covered
by the two below it. The other 24 cards form the pack, whose top card is face up
and available, like the top of the waste. Pairs adding up to 13 (A=1, J=11, Q=12)
and lone kings are removed from available cards only. ``draw`` turns the pack's
top card onto the waste; ``recycle`` turns the waste over into a new pack once the
pack is empty, ``redeals`` times at most.
"""

from __future__ import annotations

import hashlib
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.cards import Card, as_card, shuffled_deck
from game.rules.base import NOBODY, GameInfo, IllegalMove, ModuleRules
from game.rules.outcome import Mode, Outcome, solitaire

GAME_ID = "pyramid"
RULES_VERSION = 1
INFO = GameInfo(min_seats=1, max_seats=1, hidden_information=True)
ROWS = 7
PYRAMID_SIZE = ROWS * (ROWS + 1) // 2  # 28
PAR_BASE = (50, 35, 20)  # score for clearing the pyramid in deal 1, 2, 3
DEFAULT_CONFIG: dict[str, Any] = {"redeals": 2}


def index_of(row: int, col: int) -> int:
    """0-based row and column (col <= row) -> index into the 28 pyramid slots."""
    if not (0 <= row < ROWS and 0 <= col <= row):
        raise ValueError(f"no pyramid position at row {row + 1}, column {col + 1}")
    return row * (row + 1) // 2 + col


def row_col(index: int) -> tuple[int, int]:
    row = 0
    while index_of(row, row) < index:
        row += 1
    return row, index - row * (row + 1) // 2


def covering(index: int) -> tuple[int, int] | None:
    """The two slots that cover ``index``, or None on the bottom row."""
    row, col = row_col(index)
    if row == ROWS - 1:
        return None
    return index_of(row + 1, col), index_of(row + 1, col + 1)


# -- moves ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Draw:
    """Turn the pack's top card onto the waste."""


@dataclass(frozen=True, slots=True)
class Recycle:
    """Turn the waste over to make a new pack (the pack must be empty)."""


@dataclass(frozen=True, slots=True, eq=False)
class Remove:
    """Discard one king, or two available cards adding up to 13 (card codes). The
    cards go to the discard pile in the order given; which order does not make it
    another move."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(as_card(c).code for c in self.cards))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Remove) and sorted(self.cards) == sorted(other.cards)

    def __hash__(self) -> int:
        return hash(frozenset(self.cards))


Move = Draw | Recycle | Remove


def move_to_json(move: Move) -> Any:
    if isinstance(move, Draw):
        return "draw"
    if isinstance(move, Recycle):
        return "recycle"
    return list(move.cards)


def move_from_json(data: Any) -> Move:
    if data == "draw":
        return Draw()
    if data == "recycle":
        return Recycle()
    if isinstance(data, list | tuple) and 1 <= len(data) <= 2:
        return Remove(tuple(str(c) for c in data))
    raise ValueError(f"not a pyramid move: {data!r}")


def describe(move: Move) -> str:
    if isinstance(move, Draw):
        return "turn a card from the pack"
    if isinstance(move, Recycle):
        return "turn the waste over"
    return " + ".join(as_card(c).symbol for c in move.cards)


# -- state ---------------------------------------------------------------------------

class _Counts:
    """What the state and the view both count: the deal in play and the cards left."""

    __slots__ = ()
    redeals_used: int
    discard: tuple[Card, ...]

    @property
    def deal_number(self) -> int:
        return self.redeals_used + 1

    @property
    def cards_left(self) -> int:
        return 52 - len(self.discard)


@dataclass(frozen=True, slots=True)
class PyramidState(_Counts):
    pyramid: tuple[Card | None, ...]
    stock: tuple[Card, ...]  # stock[0] is the top card, face up
    waste: tuple[Card, ...]  # waste[-1] is the top card
    discard: tuple[Card, ...] = ()  # removed cards, latest last
    redeals: int = 2
    redeals_used: int = 0
    cleared_in_deal: int | None = None  # 1..3 once the pyramid is gone
    seed: int | None = field(default=None, compare=False)

    @property
    def pyramid_cleared(self) -> bool:
        return self.cleared_in_deal is not None


def deal(cards: Sequence[Card | str], redeals: int = 2, seed: int | None = None) -> PyramidState:
    """A game from 52 cards: the first 28 fill the pyramid row by row, the rest
    are the pack with ``cards[28]`` on top."""
    parsed = [as_card(c) for c in cards]
    if len(parsed) != 52 or len(set(parsed)) != 52:
        raise ValueError("a pyramid deal needs 52 different cards")
    if not 0 <= redeals <= len(PAR_BASE) - 1:
        raise ValueError(f"redeals must be 0 to {len(PAR_BASE) - 1}")
    return PyramidState(pyramid=tuple(parsed[:PYRAMID_SIZE]), stock=tuple(parsed[PYRAMID_SIZE:]),
                        waste=(), redeals=redeals, seed=seed)


def new_game(seed: int, config: dict[str, Any] | None = None) -> PyramidState:
    cfg = {**DEFAULT_CONFIG, **(config or {})}
    return deal(shuffled_deck(random.Random(seed)), redeals=int(cfg["redeals"]), seed=seed)


def is_exposed(state: PyramidState, index: int) -> bool:
    if state.pyramid[index] is None:
        return False
    cover = covering(index)
    return cover is None or all(state.pyramid[i] is None for i in cover)


def available(state: PyramidState) -> dict[str, str]:
    """Card code -> where it lies ("p<index>", "stock" or "waste") for every available card."""
    found = {card.code: f"p{i}" for i, card in enumerate(state.pyramid)
             if card is not None and is_exposed(state, i)}
    if state.stock:
        found[state.stock[0].code] = "stock"
    if state.waste:
        found[state.waste[-1].code] = "waste"
    return found


def legal_moves(state: PyramidState, seat: int = 0) -> list[Move]:
    free = available(state)
    order = {"stock": PYRAMID_SIZE, "waste": PYRAMID_SIZE + 1}
    codes = sorted(free, key=lambda c: (order.get(free[c]) or int(free[c][1:]), c))
    moves: list[Move] = []
    for i, a in enumerate(codes):
        rank_a = as_card(a).rank
        if rank_a == 13:
            moves.append(Remove((a,)))
            continue
        for b in codes[i + 1:]:
            if rank_a + as_card(b).rank == 13:
                moves.append(Remove((a, b)))
    if state.stock:
        moves.append(Draw())
    elif state.waste and state.redeals_used < state.redeals:
        moves.append(Recycle())
    return moves


def needs_partner(code: str) -> bool:
    """Does a picked card wait for a second one? Kings go alone; every other card pairs."""
    return as_card(code).rank != 13


def turn_pack(view: PyramidView) -> Move:
    """What "turn the pack" means now: draw, or redeal once the pack is empty."""
    return Recycle() if view.stock_top is None and view.waste else Draw()


def check(state: PyramidState, move: Move, seat: int | None = None) -> None:
    """Raise IllegalMove with the reason a player is told, or return if legal."""
    if seat not in (None, 0):
        raise IllegalMove("Pyramid has one player.")
    if isinstance(move, Draw):
        if not state.stock:
            raise IllegalMove("The pack is empty." + (
                " Turn the waste over to redeal." if _can_recycle(state) else ""))
        return
    if isinstance(move, Recycle):
        if state.stock:
            raise IllegalMove("You can only redeal once the pack is empty.")
        if not state.waste:
            raise IllegalMove("There is no waste to redeal.")
        if state.redeals_used >= state.redeals:
            raise IllegalMove(f"No redeals left: {state.redeals} allowed.")
        return
    if not isinstance(move, Remove) or not 1 <= len(move.cards) <= 2:
        raise IllegalMove("Remove one king, or two cards that add up to 13.")
    cards = [as_card(c) for c in move.cards]
    free = available(state)
    for card in cards:
        if card.code not in free:
            raise IllegalMove(why_unavailable(state, card))
    if len(cards) == 1:
        if cards[0].rank != 13:
            raise IllegalMove(f"{cards[0].symbol} is not a king: pair it with a card to make 13.")
        return
    if cards[0] == cards[1]:
        raise IllegalMove("Pick two different cards.")
    total = cards[0].rank + cards[1].rank
    if 13 in (cards[0].rank, cards[1].rank):
        raise IllegalMove("Kings are removed on their own, not in a pair.")
    if total != 13:
        raise IllegalMove(f"{cards[0].symbol} and {cards[1].symbol} add up to {total}, not 13.")


def _can_recycle(state: PyramidState) -> bool:
    return not state.stock and bool(state.waste) and state.redeals_used < state.redeals


def why_unavailable(state: PyramidState, card: Card) -> str:
    if card in state.discard:
        return f"{card.symbol} has already been removed."
    if card in state.pyramid:
        return f"{card.symbol} is covered: remove the cards below it first."
    if card in state.waste:
        return f"{card.symbol} is under the top card of the waste."
    if card in state.stock:
        return f"{card.symbol} is still in the pack."
    return f"{card.symbol} is not in play."


def apply(state: PyramidState, move: Move) -> PyramidState:
    check(state, move)
    if isinstance(move, Draw):
        return replace(state, stock=state.stock[1:], waste=state.waste + state.stock[:1])
    if isinstance(move, Recycle):
        # The first card drawn comes back on top.
        return replace(state, stock=state.waste, waste=(), redeals_used=state.redeals_used + 1)
    removed = tuple(as_card(c) for c in move.cards)
    pyramid = tuple(None if c in removed else c for c in state.pyramid)
    stock = state.stock[1:] if state.stock and state.stock[0] in removed else state.stock
    waste = state.waste[:-1] if state.waste and state.waste[-1] in removed else state.waste
    cleared = state.cleared_in_deal
    if cleared is None and all(c is None for c in pyramid):
        cleared = state.deal_number
    return replace(state, pyramid=pyramid, stock=stock, waste=waste,
                   discard=state.discard + removed, cleared_in_deal=cleared)


def current_player(state: PyramidState) -> int:
    return 0 if legal_moves(state) else NOBODY


def is_over(state: PyramidState) -> bool:
    return current_player(state) == NOBODY


def is_won(state: PyramidState) -> bool:
    return len(state.discard) == 52


def par_score(state: PyramidState) -> int:
    """Par score if the game ended now: 50/35/20 for clearing the pyramid in deal
    1/2/3 less the cards still in pack and waste; otherwise minus every card left."""
    if state.cleared_in_deal is not None:
        return PAR_BASE[state.cleared_in_deal - 1] - len(state.stock) - len(state.waste)
    return -state.cards_left


def returns(state: PyramidState) -> tuple[int]:
    return (par_score(state),)


def figures(state: PyramidState) -> dict[str, bool | float]:
    return {"win": is_won(state), "pyramid_clear": state.cleared_in_deal is not None,
            "par": par_score(state), "score": par_score(state)}


def outcome(state: PyramidState) -> Outcome:
    """Won when every card is gone (the manual); the Par score measures any game."""
    score = par_score(state)
    return Outcome(solitaire(is_won(state)), (float(score),), f"Par {score:+d}")


def mode(state: PyramidState) -> Mode:
    redeals = f"{state.redeals} redeal" + ("" if state.redeals == 1 else "s")
    return Mode(f"redeals-{state.redeals}", f"Par scoring, {redeals}")


def state_digest(state: PyramidState) -> str:
    def codes(cards: tuple[Card | None, ...]) -> str:
        return ",".join("--" if c is None else c.code for c in cards)

    text = "|".join((codes(state.pyramid), codes(state.stock), codes(state.waste),
                     codes(state.discard), str(state.redeals_used), str(state.redeals),
                     str(state.cleared_in_deal)))
    return hashlib.sha1(text.encode()).hexdigest()[:16]


# -- what the player sees --------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PyramidView(_Counts):
    """The table as the player sees it. The pack lies face down under its top card;
    ``pack`` lists it top first, a card the player has not turned yet as None (after the
    first pass every card has been seen, so a player who remembers knows its order)."""

    pyramid: tuple[Card | None, ...]
    exposed: tuple[bool, ...]
    stock_top: Card | None
    pack: tuple[Card | None, ...]  # under the top card
    waste: tuple[Card, ...]
    discard: tuple[Card, ...]
    available: dict[str, str]  # card code -> "p<index>", "stock" or "waste"
    redeals: int
    redeals_used: int
    cleared_in_deal: int | None
    score: int
    over: bool
    won: bool

    @property
    def redeals_left(self) -> int:
        return self.redeals - self.redeals_used

    @property
    def pack_size(self) -> int:
        return len(self.pack) + (self.stock_top is not None)


def observe(state: PyramidState, seat: int = 0) -> PyramidView:
    seen = state.redeals_used > 0
    return PyramidView(
        pyramid=state.pyramid,
        exposed=tuple(is_exposed(state, i) for i in range(PYRAMID_SIZE)),
        stock_top=state.stock[0] if state.stock else None,
        pack=tuple(c if seen else None for c in state.stock[1:]),
        waste=state.waste,
        discard=state.discard,
        available=available(state),
        redeals=state.redeals,
        redeals_used=state.redeals_used,
        cleared_in_deal=state.cleared_in_deal,
        score=par_score(state),
        over=is_over(state),
        won=is_won(state),
    )


def hidden_cards(state: PyramidState, seat: int = 0) -> set[str]:
    """The pack cards not turned over yet."""
    return set() if state.redeals_used else {c.uid for c in state.stock[1:]}


VIEW = PyramidView
RULES: ModuleRules[PyramidState, Move] = ModuleRules(sys.modules[__name__])
