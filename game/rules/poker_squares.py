"""Poker Squares (manuals/poker-solitaire.txt): ten poker hands in a 5x5 matrix, the
rows and the columns (twelve with the long diagonals). Pure and deterministic.

Cards are dealt face up into a row of ``deal`` squares (refilled from the pack as they
are taken) beside the reject squares; a player moves them into a matrix. Places are
named by short strings, from the mover's side of the table:

    g<m><r><c>  square (row r, column c) of the mover's matrix m (0, or 1 in the
                two-matrix modes)
    o<r><c>     square of the opponent's matrix (stealing and planting)
    d<i>        dealt card i
    r<i>        the mover's own reject square i
    c<i>        common reject square i

Moves carry their seat: ``Place`` puts a dealt card in the mover's matrix (what a
computer player answers), ``Shift`` does every other move of a card (rejecting,
moving within the hand or swapping two of its cards, taking a reject back, stealing,
planting), ``Pass`` and
``Done`` end a turn or a hand. One function, ``_refusal``, decides what is legal:
``legal_moves`` is every candidate it lets through, so the two never disagree.
"""

from __future__ import annotations

import hashlib
import random
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.cards import Card, as_card, shuffled_deck
from game.rules import hands
from game.rules.base import (
    NOBODY,
    SIMULTANEOUS,
    SPECTATOR,
    GameInfo,
    IllegalMove,
    ModuleRules,
)
from game.rules.exotic_hands import exotic_names
from game.rules.move_codec import MoveCodec
from game.rules.outcome import Mode, Outcome, by_rank, solitaire
from game.rules.poker_squares_options import (
    MODES,
    PAT,
    RACE_MODES,
    SCORINGS,
    TURN_MODES,
    Options,
    SeatRules,
    parse,
    points_table,
    target,
)

GAME_ID = "poker-squares"
RULES_VERSION = 1
INFO = GameInfo(min_seats=1, max_seats=2, hidden_information=True, decks=2, simultaneous=True)
SIZE = 5
SQUARES = SIZE * SIZE
PAT_WIN = SIZE  # pat rows needed to win a Make Pat Hands game


def _lines(diagonals: bool) -> tuple[tuple[int, ...], ...]:
    rows = tuple(tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE))
    cols = tuple(tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE))
    diags = (tuple(i * SIZE + i for i in range(SIZE)),
             tuple(i * SIZE + SIZE - 1 - i for i in range(SIZE)))
    return rows + cols + (diags if diagonals else ())


LINES = {False: _lines(False), True: _lines(True)}


def _neighbours(corners: bool) -> tuple[tuple[int, ...], ...]:
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if corners:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    return tuple(tuple((r + dr) * SIZE + c + dc for dr, dc in steps
                       if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE)
                 for r in range(SIZE) for c in range(SIZE))


NEIGHBOURS = {"edges": _neighbours(False), "corners": _neighbours(True)}

Flat = tuple[Card | None, ...]  # a matrix, row by row
Grid = tuple[tuple[Card | None, ...], ...]  # a matrix as 5 rows of 5


# -- scoring ---------------------------------------------------------------------------

def _flatten(grid: Sequence[Sequence[Card | str | None]]) -> Flat:
    if len(grid) != SIZE or any(len(row) != SIZE for row in grid):
        raise ValueError("a Poker Squares grid is 5 rows of 5 squares")
    return tuple(None if c is None or c == "--" else as_card(c) for row in grid for c in row)


def line_categories(flat: Flat, diagonals: bool = False) -> tuple[str, ...]:
    """The category of each counted hand: rows, then columns, then the diagonals."""
    return tuple(hands.category([flat[i] for i in line]) for line in LINES[diagonals])


def line_names(flat: Flat, table: Mapping[str, int], diagonals: bool = False
               ) -> tuple[str, ...]:
    """Each counted hand as it scores under ``table``: its category, or where the table
    gives exotic hands points (a User table) the best-paid name the whole hand has."""
    names = line_categories(flat, diagonals)
    if len(table) == len(hands.CATEGORIES):  # no exotic hand scores: the fast way
        return names
    out = []
    for line, name in zip(LINES[diagonals], names, strict=True):
        cards = [c for c in (flat[i] for i in line) if c is not None]
        for exotic in exotic_names(cards):
            if table.get(exotic, 0) > table[name]:
                name = exotic
        out.append(name)
    return tuple(out)


def score_grid(grid: Sequence[Sequence[Card | str | None]],
               scoring: str | Mapping[str, int] = "american", diagonals: bool = False) -> int:
    """The points of a grid (5 rows of 5: Card, written card, None or "--"), under
    "english", "american", "user" (the manual's defaults) or a mapping hand -> points
    (exotic hands too). Incomplete hands already score their pairs, two pair, trips and
    quads."""
    table = points_table(scoring)
    return sum(table[name] for name in line_names(_flatten(grid), table, diagonals))


def pat_rows(flat: Flat) -> int:
    """How many rows are complete pat hands (a straight or better)."""
    return sum(name in PAT for name in line_categories(flat)[:SIZE])


def matrix_score(flat: Flat, rules: SeatRules) -> int:
    """A matrix's running figure under one player's rules (pat rows with Pat Hands)."""
    return sum(line_scores(flat, rules))


def line_scores(flat: Flat, rules: SeatRules) -> tuple[int, ...]:
    """What each counted hand of a matrix is worth under one player's rules, in
    line_categories' order (rows, columns, then the diagonals)."""
    names = (line_categories(flat, rules.diagonals) if rules.pat
             else line_names(flat, rules.table, rules.diagonals))  # exotic names score too
    return hand_scores(names, rules)


def hand_scores(names: Sequence[str], rules: SeatRules) -> tuple[int, ...]:
    """The worth of counted hands by category (as line_categories gives them, and a
    view's ``hands``): their points, or with Make Pat Hands 1 for a pat row (columns
    count nothing there)."""
    if rules.pat:
        return tuple(int(i < SIZE and name in PAT) for i, name in enumerate(names))
    table = rules.table
    return tuple(table[name] for name in names)


# -- moves -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Place:
    """Put dealt card ``pick`` on square (row, col) of the mover's matrix ``grid``."""

    seat: int
    row: int
    col: int
    pick: int = 0
    grid: int = 0


@dataclass(frozen=True, slots=True)
class Shift:
    """Move a card from one place to another (see the module docstring for names)."""

    seat: int
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Pass:
    """Let the other player move (alternating modes, once the mover's matrix is full)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Done:
    """Declare a full matrix finished (only needed where cards can still move)."""

    seat: int


Move = Place | Shift | Pass | Done
CODEC = MoveCodec("Poker Squares", {"place": Place, "shift": Shift, "pass": Pass, "done": Done},
                  ints=range(100), text=4)
move_to_json, move_from_json = CODEC.to_json, CODEC.from_json


def square_name(row: int, col: int) -> str:
    return f"row {row + 1}, column {col + 1}"


def _spot_name(spot: str) -> str:
    kind, rest = spot[:1], spot[1:]
    if kind == "g":
        matrix = "" if rest[0] == "0" else " of the second matrix"
        return square_name(int(rest[1]), int(rest[2])) + matrix
    if kind == "o":
        return "the opponent's " + square_name(int(rest[0]), int(rest[1]))
    return {"d": "the dealt cards", "r": "a reject square", "c": "a common reject square"}[kind]


def describe(move: Move) -> str:
    who = f"player {move.seat + 1}: "
    if isinstance(move, Place):
        where = square_name(move.row, move.col) + (" of the second matrix" if move.grid else "")
        return who + f"place the card at {where}"
    if isinstance(move, Pass):
        return who + "pass"
    if isinstance(move, Done):
        return who + "done"
    verb = {"r": "reject", "c": "reject", "o": "plant"}.get(move.target[:1], "move")
    if move.source[:1] == "o":
        verb = "steal"
    return who + f"{verb} a card: {_spot_name(move.source)} to {_spot_name(move.target)}"


# -- state -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PokerSquaresState:
    options: Options
    deck: tuple[Card, ...]  # still to deal, next first
    dealt: tuple[Card | None, ...]  # face up, waiting to be taken
    grids: tuple[Flat, ...]  # every matrix; see matrices_of
    rejects: tuple[tuple[Card | None, ...], ...]  # each seat's own reject squares
    common: tuple[Card | None, ...]  # common reject squares
    locked: frozenset[str] = frozenset()  # uids stolen or planted: never stolen again
    turn: int = 0  # the seat to move in the alternating modes
    declared: tuple[bool, ...] = (False,)  # Done played, per seat
    played: int = 0  # moves so far: no two positions of a game are alike
    seed: int | None = None


def matrices_of(options: Options, seat: int) -> tuple[int, ...]:
    """The matrices (indices into ``grids``) a seat builds."""
    return (0, 1) if options.grids_per_seat == 2 else (seat,)


def deal(cards: Sequence[Card | str], config: Mapping[str, Any] | None = None,
         seed: int | None = None) -> PokerSquaresState:
    """A game whose pack is ``cards``, first card dealt first (tests, set deals)."""
    options = parse(config)
    stream = [as_card(c) for c in cards]
    if options.mode == "same_deck":  # each card twice, the copy under a deck number of its own
        stream = [c for card in stream
                  for c in (card, Card(card.rank, card.suit, card.deck + options.decks))]
    if len({c.uid for c in stream}) != len(stream):
        raise ValueError("the same card twice in one pack")
    players = options.players
    dealt = tuple(stream[:options.deal])
    return PokerSquaresState(
        options=options,
        deck=tuple(stream[options.deal:]),
        dealt=dealt + (None,) * (options.deal - len(dealt)),
        grids=((None,) * SQUARES,) * (options.grids_per_seat * players),
        rejects=tuple((None,) * seat.rejects for seat in options.seats),
        common=(None,) * options.common_rejects,
        declared=(False,) * players,
        seed=seed,
    )


def new_game(seed: int, config: Mapping[str, Any] | None = None) -> PokerSquaresState:
    decks = parse(config).decks
    return deal(shuffled_deck(random.Random(seed), decks), config, seed)


def seat_count(state: PokerSquaresState) -> int:
    return state.options.players


def _full(state: PokerSquaresState, seat: int) -> bool:
    return all(None not in state.grids[m] for m in matrices_of(state.options, seat))


@dataclass(frozen=True, slots=True)
class _Facts:
    """What every legality question about one position asks first, worked out once."""

    full: tuple[bool, ...]
    finished: tuple[bool, ...]  # full, and declared Done where cards could still move
    over: bool
    acting: tuple[int, ...]


def _facts(state: PokerSquaresState) -> _Facts:
    options = state.options
    seats = range(options.players)
    full = tuple(_full(state, s) for s in seats)
    done = tuple(full[s] and (not options.seats[s].can_move or state.declared[s])
                 for s in seats)
    spent = not state.deck and all(c is None for c in state.dealt)  # what is built stands
    over = spent or (any(done) if options.mode == "race" else all(done))
    if over:
        acting: tuple[int, ...] = ()
    elif options.mode in RACE_MODES:
        acting = tuple(s for s in seats if not done[s])
    else:
        acting = (state.turn if options.mode in TURN_MODES else 0,)
    return _Facts(full, done, over, acting)


def current_player(state: PokerSquaresState) -> int:
    facts = _facts(state)
    if facts.over:
        return NOBODY
    return SIMULTANEOUS if state.options.mode in RACE_MODES else facts.acting[0]


def acting_seats(state: PokerSquaresState) -> tuple[int, ...]:
    return _facts(state).acting


def is_over(state: PokerSquaresState) -> bool:
    return _facts(state).over


# -- places ----------------------------------------------------------------------------

def _parse_spot(state: PokerSquaresState, seat: int, spot: str) -> tuple[str, int, int] | None:
    """(kind, container, index) of a spot name from ``seat``'s side, or None if there is
    no such place. Containers: matrix number for g/o, else 0."""
    if not isinstance(spot, str) or not spot[1:].isdigit() or not spot.isascii():
        return None
    kind, digits = spot[0], [int(d) for d in spot[1:]]
    options = state.options
    if kind == "g" and len(digits) == 3:
        m, r, c = digits
        mine = matrices_of(options, seat)
        if m < len(mine) and r < SIZE and c < SIZE:
            return "g", mine[m], r * SIZE + c
    elif kind == "o" and len(digits) == 2 and options.players == 2:
        r, c = digits
        if r < SIZE and c < SIZE:
            return "o", 1 - seat, r * SIZE + c
    elif len(digits) == 1:
        size = {"d": len(state.dealt), "r": len(state.rejects[seat]), "c": len(state.common)}
        if kind in size and digits[0] < size[kind]:
            return kind, 0, digits[0]
    return None


def _card_at(state: PokerSquaresState, seat: int, where: tuple[str, int, int]) -> Card | None:
    kind, box, index = where
    if kind in "go":
        return state.grids[box][index]
    return {"d": state.dealt, "r": state.rejects[seat], "c": state.common}[kind][index]


def _touches(flat: Flat, index: int, placement: str, leaving: int | None) -> bool:
    """May a card go on ``index`` of ``flat`` (empty) under ``placement``? The first
    card goes anywhere; ``leaving`` is a square being emptied by the same move."""
    if placement == "anywhere":
        return True
    if any(flat[n] is not None and n != leaving for n in NEIGHBOURS[placement][index]):
        return True
    return all(c is None or i == leaving for i, c in enumerate(flat))


PLACEMENT_REFUSAL = {
    "edges": "Each card must touch the edge of a card already in the matrix.",
    "corners": "Each card must touch a card already in the matrix, edge or corner.",
}


def _refusal(state: PokerSquaresState, move: Any, seat: int | None,
             facts: _Facts | None = None) -> str | None:
    """Why ``move`` may not be made now, or None if it may."""
    options = state.options
    if not isinstance(move, Place | Shift | Pass | Done) or not isinstance(move.seat, int) or (
            not 0 <= move.seat < options.players):
        return "That is not a Poker Squares move."
    if seat is not None and move.seat != seat:
        return "That is the other player's move."
    facts = facts or _facts(state)
    if facts.over:
        return "The game is over."
    mover = move.seat
    if mover not in facts.acting:
        return "Your hand is finished." if facts.finished[mover] else "Wait for your turn."
    full = facts.full[mover]
    if isinstance(move, Pass):
        if options.mode not in TURN_MODES:
            return f"There is no passing in {MODES[options.mode]}."
        return None if full else "You may pass only once your matrix is full."
    if isinstance(move, Done):
        if not full:
            return "Fill your matrix first."
        return "Your hand is already finished." if facts.finished[mover] else None
    if isinstance(move, Place):
        src = dst = None
        mine = matrices_of(options, mover)
        if all(isinstance(v, int) for v in (move.pick, move.grid, move.row, move.col)):
            if 0 <= move.pick < len(state.dealt):
                src = ("d", 0, move.pick)
            if 0 <= move.grid < len(mine) and 0 <= move.row < SIZE and 0 <= move.col < SIZE:
                dst = ("g", mine[move.grid], move.row * SIZE + move.col)
    else:
        src = _parse_spot(state, mover, move.source)
        dst = _parse_spot(state, mover, move.target)
    return _shift_refusal(state, mover, src, dst, isinstance(move, Place), facts)


def _shift_refusal(state: PokerSquaresState, mover: int, src: tuple[str, int, int] | None,
                   dst: tuple[str, int, int] | None, placing: bool,
                   facts: _Facts) -> str | None:
    options = state.options
    rules = options.seats[mover]
    if src is None or dst is None:
        return "There is no such square."
    card = _card_at(state, mover, src)
    if card is None:
        return "There is no card there."
    skind, dkind = src[0], dst[0]
    if facts.finished[mover] and (skind, dkind) != ("d", "o"):
        return "Your hand is finished." + (" Pass, or plant a card." if options.planting else "")
    if _card_at(state, mover, dst) is not None:
        if skind == dkind == "g" and src != dst and rules.can_move:
            return None  # two cards of the hand change places: both squares stay filled
        return "That square is taken."
    if skind == "d" and dkind == "g" and not placing:
        return "Place a dealt card with a Place move."
    if dkind in "rc":
        if skind in "rc":
            return "That card is already rejected."
        if skind == "o":
            return "Steal a card into your own matrix."
        return None  # rejecting a dealt card or one from the hand is always allowed
    if dkind == "o":
        if skind != "d":
            return "Only a dealt card can be planted."
        return None if options.planting else "Planting is off."
    if dkind == "d":  # an empty dealt square: dealt cards only leave it
        return "A card does not go back among the dealt cards."
    # into the mover's own matrix
    if skind == "o":
        if not options.stealing:
            return "Stealing is off."
        if card.uid in state.locked:
            return "A stolen or planted card cannot be stolen."
    elif skind in "grc" and not rules.can_move:
        return ("Rejected cards stay rejected." if skind in "rc"
                else "Cards can't move once placed.")
    leaving = src[2] if skind == "g" and src[1] == dst[1] else None
    if not _touches(state.grids[dst[1]], dst[2], rules.placement, leaving):
        return PLACEMENT_REFUSAL[rules.placement]
    return None


def refusal(state: PokerSquaresState, move: Move, seat: int | None = None) -> str | None:
    """Why ``move`` (by ``seat``, if given) may not be made now, in words a player can
    read; None if it may."""
    return _refusal(state, move, seat)


def check(state: PokerSquaresState, move: Move, seat: int | None = None) -> None:
    reason = refusal(state, move, seat)
    if reason is not None:
        raise IllegalMove(reason)


# -- legal moves -----------------------------------------------------------------------

def _candidates(state: PokerSquaresState, seat: int) -> Iterable[Move]:
    """Every move that might be legal for ``seat`` (a superset: _refusal decides)."""
    options = state.options
    mine = matrices_of(options, seat)
    empty = [f"g{m}{i // SIZE}{i % SIZE}" for m, box in enumerate(mine)
             for i, c in enumerate(state.grids[box]) if c is None]
    held = [f"g{m}{i // SIZE}{i % SIZE}" for m, box in enumerate(mine)
            for i, c in enumerate(state.grids[box]) if c is not None]
    slots = ([f"r{i}" for i, c in enumerate(state.rejects[seat]) if c is None]
             + [f"c{i}" for i, c in enumerate(state.common) if c is None])
    rejected = ([f"r{i}" for i, c in enumerate(state.rejects[seat]) if c is not None]
                + [f"c{i}" for i, c in enumerate(state.common) if c is not None])
    other = 1 - seat if options.players == 2 else None
    for pick, card in enumerate(state.dealt):
        if card is None:
            continue
        for spot in empty:
            yield Place(seat, int(spot[2]), int(spot[3]), pick, int(spot[1]))
        for slot in slots:
            yield Shift(seat, f"d{pick}", slot)
        if other is not None and options.planting:
            for i, c in enumerate(state.grids[other]):
                if c is None:
                    yield Shift(seat, f"d{pick}", f"o{i // SIZE}{i % SIZE}")
    for spot in held:
        for slot in slots:
            yield Shift(seat, spot, slot)
    if options.seats[seat].can_move:
        for source in held + rejected:
            for spot in empty:
                yield Shift(seat, source, spot)
        for source in held:  # swaps
            for spot in held:
                yield Shift(seat, source, spot)
    if other is not None and options.stealing:
        for i, c in enumerate(state.grids[other]):
            if c is not None:
                for spot in empty:
                    yield Shift(seat, f"o{i // SIZE}{i % SIZE}", spot)
    yield Pass(seat)
    yield Done(seat)


def legal_moves(state: PokerSquaresState, seat: int = 0) -> list[Move]:
    facts = _facts(state)
    if seat not in facts.acting:
        return []
    return [m for m in _candidates(state, seat) if _refusal(state, m, seat, facts) is None]


# -- applying a move -------------------------------------------------------------------

def apply(state: PokerSquaresState, move: Move) -> PokerSquaresState:
    check(state, move)
    seat = move.seat
    options = state.options
    turn = 1 - state.turn if options.mode in TURN_MODES else state.turn
    state = replace(state, played=state.played + 1, turn=turn)
    if isinstance(move, Pass):
        return state
    if isinstance(move, Done):
        return replace(state, declared=tuple(d or s == seat
                                             for s, d in enumerate(state.declared)))
    if isinstance(move, Place):
        source, target = f"d{move.pick}", f"g{move.grid}{move.row}{move.col}"
    else:
        source, target = move.source, move.target
    src = _parse_spot(state, seat, source)
    dst = _parse_spot(state, seat, target)
    assert src is not None and dst is not None  # check() has seen to it
    card = _card_at(state, seat, src)
    assert card is not None  # check() has seen to it
    displaced = _card_at(state, seat, dst)  # None, or the other card of a swap
    state = _put(_put(state, seat, src, displaced), seat, dst, card)
    if src[0] == "d" and state.deck and not _facts(state).over:
        # The pack refills the dealt square at once, unless that card ended the game:
        # the manual deals "until all squares in your hand are occupied", no further.
        state = replace(state, deck=state.deck[1:],
                        dealt=_set(state.dealt, src[2], state.deck[0]))
    if "o" in (src[0], dst[0]):
        state = replace(state, locked=state.locked | {card.uid})
    return state


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1:]


def _put(state: PokerSquaresState, seat: int, where: tuple[str, int, int],
         card: Card | None) -> PokerSquaresState:
    kind, box, index = where
    if kind in "go":
        return replace(state, grids=_set(state.grids, box, _set(state.grids[box], index, card)))
    if kind == "d":
        return replace(state, dealt=_set(state.dealt, index, card))
    if kind == "r":
        return replace(state, rejects=_set(state.rejects, seat,
                                           _set(state.rejects[seat], index, card)))
    return replace(state, common=_set(state.common, index, card))


def can_undo(before: PokerSquaresState, move: Move) -> bool:
    """Undo is for one player alone: a rival has seen the position."""
    return before.options.players == 1


# -- scores ----------------------------------------------------------------------------

def seat_score(state: PokerSquaresState, seat: int) -> int:
    """The seat's running score: its matrix's points; the better or the sum of two
    matrices in Best of Two and Sum of Two; pat rows with Make Pat Hands."""
    rules = state.options.seats[seat]
    scores = [matrix_score(state.grids[m], rules) for m in matrices_of(state.options, seat)]
    return max(scores) if state.options.mode == "best_of_two" else sum(scores)


def pat_won(state: PokerSquaresState, seat: int) -> bool:
    """Make Pat Hands: five pat rows (in either matrix for Best of Two, both for Sum)."""
    wins = [pat_rows(state.grids[m]) == PAT_WIN for m in matrices_of(state.options, seat)]
    return any(wins) if state.options.mode == "best_of_two" else all(wins)


def returns(state: PokerSquaresState) -> tuple[float, ...]:
    """Points per seat; 1 (won) or 0 for a Make Pat Hands player."""
    return tuple(float(pat_won(state, s)) if rules.pat else float(seat_score(state, s))
                 for s, rules in enumerate(state.options.seats))


def figures(state: PokerSquaresState) -> dict[str, bool | float]:
    figures: dict[str, bool | float] = {"score": returns(state)[0]}
    if state.options.players == 2:
        first, second = returns(state)
        figures["win"] = first > second
    elif state.options.seats[0].pat:
        figures["win"] = pat_won(state, 0)
    return figures


def goal_reached(state: PokerSquaresState, seat: int) -> bool:
    """Five pat rows with Make Pat Hands, else the seat's target score (options.target)."""
    goal = target(state.options, seat)
    if goal is None:  # Make Pat Hands has no score to reach
        return pat_won(state, seat)
    return seat_score(state, seat) >= goal


def outcome(state: PokerSquaresState) -> Outcome:
    """Alone: won on reaching the goal. Two players: the higher score wins; a Make Pat
    Hands player has no score, so there each wins who reached their goal alone."""
    opts = state.options
    seats = range(opts.players)
    points = tuple(None if opts.seats[s].pat else float(seat_score(state, s)) for s in seats)
    reached = [goal_reached(state, s) for s in seats]
    results: tuple[str, ...]
    if opts.players == 1:
        results = solitaire(reached[0])
    elif None in points:
        results = by_rank([float(r) for r in reached])
    else:
        results = by_rank([p or 0.0 for p in points])
    words = [_seat_words(state, s) for s in seats]
    if opts.players == 1 and points[0] is not None:
        words[0] += f" (target {target(opts)})"
    return Outcome(results, points, " to ".join(words))


def _seat_words(state: PokerSquaresState, seat: int) -> str:
    if state.options.seats[seat].pat:
        return "pat hands made" if pat_won(state, seat) else "pat hands missed"
    return str(seat_score(state, seat))


def mode(state: PokerSquaresState) -> Mode:
    """Statistics keep apart what changes the goal: the mode, Player 1's scoring and the
    hands counted."""
    opts = state.options
    rules = opts.seats[0]
    hands = 12 if rules.diagonals else 10
    title = f"{MODES[opts.mode]}, {SCORINGS[rules.scoring]}"
    if not rules.pat:
        title += f", {hands} hands"
    goal = target(opts)
    if opts.players == 1 and goal is not None:
        title += f", target {goal}"
    return Mode(f"{opts.mode}:{rules.scoring}:{hands}", title)


def state_digest(state: PokerSquaresState) -> str:
    return hashlib.sha1(repr(state).encode()).hexdigest()[:16]


# -- what a seat sees ------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PokerSquaresView:
    """One seat's side of the table. Squares are named as in the module docstring."""

    seat: int
    options: Options
    grid: Grid  # the seat's (first) matrix
    card: Card | None  # the dealt card this seat would place now, if it may move
    dealt: tuple[Card | None, ...]
    grids: tuple[Grid, ...]  # all the seat's matrices
    other_grid: Grid | None  # the opponent's matrix, in the open
    rejects: tuple[Card | None, ...]
    other_rejects: tuple[Card | None, ...]
    common_rejects: tuple[Card | None, ...]
    targets: tuple[str, ...]  # where a dealt card may go now
    movable: tuple[str, ...]  # cards this seat may move, reject or steal now
    hands: tuple[tuple[str, ...], ...]  # per matrix: category of each counted hand
    other_hands: tuple[str, ...]
    scores: tuple[int, ...]  # running figure per seat
    finished: tuple[bool, ...]
    to_move: bool
    can_pass: bool
    can_finish: bool  # Done is legal
    cards_left: int
    over: bool

    @property
    def eyes(self) -> int:
        """The seat this view is drawn around: its own, or for a watcher the first's,
        whose side of the table the public view shows."""
        return max(self.seat, 0)


def _rows(flat: Flat) -> Grid:
    return tuple(flat[r * SIZE:(r + 1) * SIZE] for r in range(SIZE))


def observe(state: PokerSquaresState, seat: int = 0) -> PokerSquaresView:
    options = state.options
    facts = _facts(state)
    legal = legal_moves(state, seat)
    targets = {m.target for m in legal if isinstance(m, Shift) and m.source[:1] == "d"}
    targets |= {f"g{m.grid}{m.row}{m.col}" for m in legal if isinstance(m, Place)}
    movable = {m.source for m in legal if isinstance(m, Shift) and m.source[:1] != "d"}
    mine = matrices_of(options, seat)
    rules = options.seats[seat]
    other = 1 - seat if options.players == 2 else None
    may_place = any(isinstance(m, Place) or (isinstance(m, Shift) and m.source[:1] == "d")
                    for m in legal)
    return PokerSquaresView(
        seat=seat,
        options=options,
        grid=_rows(state.grids[mine[0]]),
        card=next((c for c in state.dealt if c is not None), None) if may_place else None,
        dealt=state.dealt,
        grids=tuple(_rows(state.grids[m]) for m in mine),
        other_grid=None if other is None else _rows(state.grids[other]),
        rejects=state.rejects[seat],
        other_rejects=() if other is None else state.rejects[other],
        common_rejects=state.common,
        targets=tuple(sorted(targets)),
        movable=tuple(sorted(movable)),
        hands=tuple(line_names(state.grids[m], rules.table, rules.diagonals) for m in mine),
        other_hands=() if other is None else line_names(
            state.grids[other], options.seats[other].table, options.seats[other].diagonals),
        scores=tuple(seat_score(state, s) for s in range(options.players)),
        finished=facts.finished,
        to_move=bool(legal),
        can_pass=Pass(seat) in legal,
        can_finish=Done(seat) in legal,
        cards_left=len(state.deck),
        over=facts.over,
    )


def matrix_figures(view: PokerSquaresView) -> tuple[tuple[int, bool], ...]:
    """Each of the seat's matrices: its running figure (points, or pat rows) and
    whether it counts now (in Best of Two only the better one does; ties: both)."""
    rules = view.options.seats[view.eyes]
    each = [matrix_score(tuple(c for row in grid for c in row), rules) for grid in view.grids]
    best = view.options.mode == "best_of_two"
    return tuple((score, not best or score == max(each)) for score in each)


def placing_refusal(view: PokerSquaresView) -> str | None:
    """Why the seat may not put a dealt card anywhere now; None if it may."""
    if view.over:
        return "The game is over."
    if not view.to_move:
        return "Your matrix is finished." if view.finished[view.eyes] else \
            "Wait for your turn."
    if view.card is None:
        return "There is no card to place." + (" Pass (P)." if view.can_pass else
                                               " Done (D)." if view.can_finish else "")
    return None


def full_matrix_refusal(view: PokerSquaresView) -> str:
    """Why the seat's waiting card goes in no square: its matrix is full (a finished
    hand rejects nothing), and how the seat may go on."""
    ways = ["plant it in the other matrix"] if any(s[0] == "o" for s in view.targets) else []
    ways += ["Pass (P)"] if view.can_pass else ["Done (D)"] if view.can_finish else []
    card = view.card.symbol if view.card is not None else "the card"
    return f"No square is free for {card}" + (": " + " or ".join(ways) if ways else "") + "."


def reject_refusal(view: PokerSquaresView) -> str | None:
    """Why the seat may not throw its waiting card away now; None if it may (where
    reject_target finds a square)."""
    if reject_target(view) is not None:
        return None
    if not view.rejects and not view.common_rejects:
        return "This game has no rejects."
    return placing_refusal(view) or "There is no reject square free."


def observe_public(state: PokerSquaresState) -> PokerSquaresView:
    """What a spectator sees: every matrix and dealt card is face up for all, so the
    first seat's view, less what it may do."""
    return replace(observe(state, 0), seat=SPECTATOR, card=None, targets=(), movable=(),
                   to_move=False, can_pass=False, can_finish=False)


def reject_target(view: PokerSquaresView) -> str | None:
    """Where "throw the waiting card away" puts it: a free common reject first (the
    manual's advice: used, it is no longer the opponent's), else the seat's own."""
    return next((s for s in view.targets if s[0] == "c"),
                next((s for s in view.targets if s[0] == "r"), None))


def hidden_cards(state: PokerSquaresState, seat: int = 0) -> set[str]:
    """The pack: every card not dealt yet."""
    return {c.uid for c in state.deck}


VIEW = PokerSquaresView
RULES: ModuleRules[PokerSquaresState, Move] = ModuleRules(sys.modules[__name__])
