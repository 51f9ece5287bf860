"""The Giant and Miss Milligan (manuals/the-giant.txt). Pure and deterministic.

Two decks. Eight columns start with one card each, face up; aces among them go up
before play. The stock (face down) deals eight more, one per column, whenever the
player asks. Eight foundations (two per suit, piles 2k and 2k+1 for ``SUITS[k]``)
are built up from ace to king. Runs at the ends of the columns are built down by the
rule in force ("alternate" colours, "any" suit, same "suit") and any run or part of
one may move. One card at a time may wait in the waiving space. The Giant lets any
run fill an empty column and cards come back off the foundations; Miss Milligan
allows only runs led by a king into empty columns and nothing back.

The game ends won (104 cards up), lost (stock empty and no new card can ever go up:
proven inside a move when that is quick, else by ``Stuck``, which these rules accept
only where their own larger proof settles it: see ``milligan_stuck.proven_lost``) or
given up (only once the stock is empty; a new deal before that is the
table's business). Places are written "c0".."c7" (columns), "w" (waiving space),
"f0".."f7" (foundations) and "f" (whichever foundation fits).
"""

from __future__ import annotations

import hashlib
import random
import sys
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.cards import SUITS, Card, shuffled_deck
from game.rules.base import NOBODY, GameInfo, IllegalMove, ModuleRules
from game.rules.outcome import Mode, Outcome, solitaire

GAME_ID = "milligan"
RULES_VERSION = 1
INFO = GameInfo(min_seats=1, max_seats=1, hidden_information=True, decks=2)
COLUMNS = 8
PILES = 8
TOTAL = 104
RULE_NAMES = ("alternate", "any", "suit")
RULE_LABELS = {"alternate": "alternating colours", "any": "any suit", "suit": "same suit"}
DEFAULT_CONFIG: dict[str, Any] = {"rule": "alternate", "miss_milligan": False}
WAIVE = "w"
FOUNDATION = "f"
# Positions the lost-game proof may visit inside a move (a few ms; the table's worker
# goes on with a far larger budget when this does not settle it).
STUCK_BUDGET = 250

# manuals/the-giant.txt, Scoring: rule -> (cards subtracted, divisor, factor for a win)
SCORING: dict[str, tuple[int, int, int]] = {"any": (40, 4, 1), "alternate": (20, 2, 2),
                                            "suit": (10, 1, 4)}


def score(rule: str, won: bool, cards_laid_off: int, miss_milligan: bool = False) -> float:
    """Points for one game: by the rule's row of the table, a win counting 1x ("any"),
    2x ("alternate") or 4x ("suit") a loss with as many cards up; doubled under Miss
    Milligan rules, both ways."""
    key = str(rule).lower()
    if key not in SCORING:
        raise ValueError(f"unknown rule {rule!r}: choose any, alternate or suit")
    if isinstance(cards_laid_off, bool) or not isinstance(cards_laid_off, int) \
            or not 0 <= cards_laid_off <= TOTAL:
        raise ValueError(f"cards laid off must be 0 to {TOTAL}, not {cards_laid_off!r}")
    offset, divisor, factor = SCORING[key]
    points = (cards_laid_off - offset) / divisor * (factor if won else 1)
    return float(points * (2 if miss_milligan else 1))


# The one rule of building, as two keys that must be equal: what a card needs of the
# card it lies on, and what a column's end offers (one rank lower, and per rule the other
# colour, the same suit or anything). ``builds_on`` and ``run_length`` compare them; the
# move generator files column ends under their offers and finds a lead's places by its
# need, so the fast path and the refusals cannot disagree.
_NEEDS: dict[str, Callable[[Card], Hashable]] = {
    "alternate": lambda card: (card.rank, card.suit in "HD"),
    "suit": lambda card: (card.rank, card.suit),
    "any": lambda card: card.rank,
}
_OFFERS: dict[str, Callable[[Card], Hashable]] = {
    "alternate": lambda end: (end.rank - 1, end.suit not in "HD"),
    "suit": lambda end: (end.rank - 1, end.suit),
    "any": lambda end: end.rank - 1,
}


def builds_on(lower: Card, upper: Card, rule: str) -> bool:
    """May ``lower`` lie on ``upper`` in a column under ``rule``?"""
    return _NEEDS[rule](lower) == _OFFERS[rule](upper)


def fills_empty(lead: Card, miss_milligan: bool) -> bool:
    """May a run led by ``lead`` move into an empty column (only a king's, under Miss
    Milligan)?"""
    return not miss_milligan or lead.rank == 13


def pile_suit(pile: int) -> str:
    return SUITS[pile // 2]


# -- moves ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Deal:
    """Deal eight cards from the stock, one on each column."""


@dataclass(frozen=True, slots=True)
class Layoff:
    """Send up every exposed card (column ends and the waived card) that can go, until
    none can (the stock is not looked at)."""


@dataclass(frozen=True, slots=True)
class Resign:
    """Give the game up (once the stock is empty)."""


@dataclass(frozen=True, slots=True)
class Stuck:
    """End the game as lost: no card can go up any more. Accepted only with the stock
    empty and the rules' proof (``milligan_stuck.proven_lost``) settling it; the table
    plays it once its worker has run that proof, so the check finds it remembered."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """``count`` cards from the end of ``source`` to ``target``."""

    source: str  # "c0".."c7", "w", "f0".."f7"
    count: int
    target: str  # "c0".."c7", "w", "f"


Move = Deal | Layoff | Resign | Stuck | Transfer
_SOURCES = frozenset([f"c{i}" for i in range(COLUMNS)] + [WAIVE]
                     + [f"f{i}" for i in range(PILES)])
_TARGETS = frozenset([f"c{i}" for i in range(COLUMNS)] + [WAIVE, FOUNDATION])
_WORDS: dict[str, Move] = {"deal": Deal(), "layoff": Layoff(), "resign": Resign(), "stuck": Stuck()}


def move_to_json(move: Move) -> Any:
    if isinstance(move, Transfer):
        return [move.source, move.count, move.target]
    return next(word for word, m in _WORDS.items() if m == move)


def move_from_json(data: Any) -> Move:
    if isinstance(data, str) and data in _WORDS:
        return _WORDS[data]
    if isinstance(data, list | tuple) and len(data) == 3:
        source, count, target = data
        if source in _SOURCES and target in _TARGETS and isinstance(count, int) \
                and not isinstance(count, bool) and 1 <= count <= TOTAL:
            return Transfer(source, count, target)
    raise ValueError(f"not a milligan move: {data!r:.80}")


def place_name(place: str) -> str:
    if place == WAIVE:
        return "the waiving space"
    if place == FOUNDATION:
        return "the foundations"
    kind = "column" if place[0] == "c" else "foundation"
    return f"{kind} {int(place[1:]) + 1}"


def describe(move: Move) -> str:
    if isinstance(move, Deal):
        return "deal eight from the stock"
    if isinstance(move, Layoff):
        return "lay off every card that can go up"
    if isinstance(move, Resign):
        return "give up"
    if isinstance(move, Stuck):
        return "no card can go up any more: the game is lost"
    what = "1 card" if move.count == 1 else f"{move.count} cards"
    return f"{what} from {place_name(move.source)} to {place_name(move.target)}"


# -- state ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class MilliganState:
    columns: tuple[tuple[Card, ...], ...]  # each column's last card is the exposed one
    stock: tuple[Card, ...]  # the next deal is stock[:8], stock[0] to column 1
    foundations: tuple[tuple[Card, ...], ...]  # PILES piles, ace first
    waiting: Card | None = None  # the card in the waiving space
    rule: str = "alternate"
    miss_milligan: bool = False
    moves: int = 0  # moves made (statistics; also keeps every position distinct)
    status: str = "playing"  # "playing" | "won" | "lost" | "resigned"
    seed: int | None = field(default=None, compare=False)

    @property
    def laid_off(self) -> int:
        return sum(len(p) for p in self.foundations)


def check_config(config: dict[str, Any] | None) -> tuple[str, bool]:
    cfg = {**DEFAULT_CONFIG, **(config or {})}
    rule, mm = cfg["rule"], cfg["miss_milligan"]
    if rule not in RULE_NAMES:
        raise ValueError(f"unknown rule {rule!r}: choose {', '.join(RULE_NAMES)}")
    if not isinstance(mm, bool):
        raise ValueError("miss_milligan must be true or false")
    return rule, mm


def deal(cards: list[Card], rule: str = "alternate", miss_milligan: bool = False,
         seed: int | None = None) -> MilliganState:
    """A game from 104 cards: the first eight start the columns, the rest are the stock
    (``cards[8]`` dealt first); aces among the eight go up at once."""
    if len(cards) != TOTAL or len(set(cards)) != TOTAL:
        raise ValueError("a milligan deal needs the 104 cards of two decks")
    piles: list[tuple[Card, ...]] = [()] * PILES
    columns: list[tuple[Card, ...]] = []
    for card in cards[:COLUMNS]:
        if card.rank == 1:
            pile = _pile_for(piles, card)
            assert pile is not None  # an ace fits while the foundations are empty
            piles[pile] = (card,)
            columns.append(())
        else:
            columns.append((card,))
    return MilliganState(tuple(columns), tuple(cards[COLUMNS:]), tuple(piles), None, rule,
                         miss_milligan, seed=seed)


def new_game(seed: int, config: dict[str, Any] | None = None) -> MilliganState:
    rule, mm = check_config(config)
    return deal(shuffled_deck(random.Random(seed), 2), rule, mm, seed)


def _pile_for(piles: list[tuple[Card, ...]] | tuple[tuple[Card, ...], ...],
              card: Card) -> int | None:
    """The foundation ``card`` would go on (the first of its suit's two that fits)."""
    first = 2 * SUITS.index(card.suit)
    for pile in (first, first + 1):
        if len(piles[pile]) == card.rank - 1:
            return pile
    return None


def foundation_for(state: MilliganState, card: Card) -> int | None:
    return _pile_for(state.foundations, card)


def run_length(column: tuple[Card, ...], rule: str) -> int:
    """How many cards at the column's end form a run that may move together."""
    n = len(column)
    if n < 2:
        return n
    needs, offers = _NEEDS[rule], _OFFERS[rule]
    k = 1
    while k < n and needs(column[-k]) == offers(column[-k - 1]):
        k += 1
    return k


def _cards_at(state: MilliganState, place: str) -> tuple[Card, ...]:
    if place == WAIVE:
        return (state.waiting,) if state.waiting is not None else ()
    if place[0] == "c":
        return state.columns[int(place[1:])]
    return state.foundations[int(place[1:])]


# -- checking moves ------------------------------------------------------------------------

def _refusal(state: MilliganState, move: Transfer) -> str | None:
    """Why ``move`` may not be made now (None: it may). Assumes the game is on."""
    source, count, target = move.source, move.count, move.target
    if source not in _SOURCES or target not in _TARGETS or source == target:
        return "Move cards from a column, the waiving space or a foundation to another place."
    held = _cards_at(state, source)
    if not held:
        return f"There is nothing in {place_name(source)}."
    if source[0] == "f" and state.miss_milligan:
        return "Under Miss Milligan rules nothing comes back off the foundations."
    if source[0] == "f" and target[0] != "c":
        return "A card off a foundation goes back onto a column."
    if count < 1 or count > len(held):
        cards = "card" if len(held) == 1 else "cards"
        return f"{place_name(source).capitalize()} holds only {len(held)} {cards}."
    if count > 1 and source[0] != "c":
        return "Only one card at a time leaves there."
    if count > run_length(held, state.rule):
        lead = held[-count]
        return f"{lead.symbol} and the cards on it are not a run of {RULE_LABELS[state.rule]}."
    lead = held[-count]
    if target == FOUNDATION:
        if count != 1:
            return "Cards go up to the foundations one at a time."
        if foundation_for(state, lead) is None:
            return f"{lead.symbol} does not go on any foundation yet."
        return None
    if target == WAIVE:
        if count != 1:
            return "The waiving space holds a single card."
        if state.waiting is not None:
            return f"The waiving space already holds {state.waiting.symbol}."
        return None
    column = state.columns[int(target[1:])]
    if not column:
        if not fills_empty(lead, state.miss_milligan):
            return "Under Miss Milligan rules only a run led by a king fills an empty column."
        return None
    if not builds_on(lead, column[-1], state.rule):
        return f"{lead.symbol} does not go on {column[-1].symbol} ({RULE_LABELS[state.rule]}," \
               " one rank lower)."
    return None


def check(state: MilliganState, move: Move, seat: int | None = None) -> None:
    """Raise IllegalMove with the reason a player is told, or return if legal."""
    if seat not in (None, 0):
        raise IllegalMove("The Giant has one player.")
    if state.status != "playing":
        raise IllegalMove("The game is over.")
    if isinstance(move, Deal):
        if not state.stock:
            raise IllegalMove("The stock is empty.")
    elif isinstance(move, Layoff):
        if not _layoffs(state):
            raise IllegalMove("No exposed card can go up to the foundations now.")
    elif isinstance(move, Resign):
        if state.stock:
            raise IllegalMove("Deal the whole stock before giving up.")
    elif isinstance(move, Stuck):
        if state.stock:
            raise IllegalMove("The stock still has cards to deal.")
        if _layoffs(state):
            raise IllegalMove("A card can still go up to the foundations.")
        lost = milligan_stuck.proven_lost(state)
        if lost is False:
            raise IllegalMove("Cards can still be moved so that one goes up: the game is "
                              "not lost.")
        if lost is None:
            raise IllegalMove("It is not proven that no card can go up: play on, or give up.")
    elif isinstance(move, Transfer):
        reason = _refusal(state, move)
        if reason is not None:
            raise IllegalMove(reason)
    else:
        raise IllegalMove("That is not a move of The Giant.")


def _layoffs(state: MilliganState) -> list[Transfer]:
    """Every single card that can go up now, from the column ends and the waived card."""
    out = []
    for place in [f"c{i}" for i in range(COLUMNS)] + [WAIVE]:
        held = _cards_at(state, place)
        if held and foundation_for(state, held[-1]) is not None:
            out.append(Transfer(place, 1, FOUNDATION))
    return out


def pointless(state: MilliganState, move: Transfer) -> bool:
    """A whole column onto an empty one: the same position (columns are unordered), so
    searches leave it out."""
    if move.source[0] != "c" or move.target[0] != "c":
        return False
    return move.count == len(state.columns[int(move.source[1:])]) and \
        not state.columns[int(move.target[1:])]


def transfers(state: MilliganState) -> Iterator[Transfer]:
    """Every legal Transfer, by generating only candidates that could fit. (Searches
    call this millions of times: each column end is keyed once by the rank and colour or
    suit a card needs to lie on it, so a lead finds its places by one look-up, and the
    moves are made once, at import.)"""
    rule, mm = state.rule, state.miss_milligan
    cols = state.columns
    empties = [j for j, c in enumerate(cols) if not c]
    needs, offers = _NEEDS[rule], _OFFERS[rule]
    places: dict[Hashable, list[int]] = {}
    for j, column in enumerate(cols):
        if column:
            places.setdefault(offers(column[-1]), []).append(j)

    def targets(card: Card) -> list[int]:
        fits = places.get(needs(card), [])
        if empties and fills_empty(card, mm):
            return sorted(fits + empties)
        return fits

    waiting_free = state.waiting is None
    row: Sequence[Transfer]
    for i, column in enumerate(cols):
        if not column:
            continue
        made = _COLUMN_MOVES[i]
        for count in range(1, run_length(column, rule) + 1):
            row = made[count]
            for j in targets(column[-count]):
                if j != i:
                    yield row[j]
        if foundation_for(state, column[-1]) is not None:
            yield _UP[i]
        if waiting_free:
            yield _PARK[i]
    if state.waiting is not None:
        for j in targets(state.waiting):
            yield _UNPARK[j]
        if foundation_for(state, state.waiting) is not None:
            yield _UP[COLUMNS]
    if not mm:
        for p, pile in enumerate(state.foundations):
            if pile:
                row = _DOWN[p]
                for j in targets(pile[-1]):
                    yield row[j]


_COLUMN_NAMES = tuple(f"c{j}" for j in range(COLUMNS))
# Every Transfer the generator yields, made once (a run is at most 13 cards long).
_COLUMN_MOVES: list[list[tuple[Transfer, ...]]]
_COLUMN_MOVES = [[()] + [tuple(Transfer(f"c{i}", n, t) for t in _COLUMN_NAMES)
                         for n in range(1, 14)] for i in range(COLUMNS)]
_UP = [Transfer(f"c{i}", 1, FOUNDATION) for i in range(COLUMNS)] + [
    Transfer(WAIVE, 1, FOUNDATION)]
_PARK = [Transfer(f"c{i}", 1, WAIVE) for i in range(COLUMNS)]
_UNPARK = [Transfer(WAIVE, 1, t) for t in _COLUMN_NAMES]
_DOWN = [[Transfer(f"f{p}", 1, t) for t in _COLUMN_NAMES] for p in range(PILES)]


def legal_moves(state: MilliganState, seat: int = 0) -> list[Move]:
    """Every legal move but ``Stuck``: whether that one is legal takes a proof of up to
    ``milligan_stuck.WORKER_BUDGET`` positions, far too dear for every position (players
    and searches call this millions of times); ``check`` runs it when Stuck is played."""
    if state.status != "playing":
        return []
    legal = list(transfers(state))
    moves: list[Move] = list(legal)
    if any(m.target == FOUNDATION for m in legal):
        moves.append(Layoff())
    moves.append(Deal() if state.stock else Resign())
    return moves


# -- applying moves ------------------------------------------------------------------------

def shift(state: MilliganState, move: Transfer) -> MilliganState:
    """The position after a legal Transfer (no check, no end-of-game test)."""
    columns = list(state.columns)
    piles = list(state.foundations)
    waiting = state.waiting
    source, count, target = move.source, move.count, move.target
    cards: tuple[Card, ...]
    if source == WAIVE:
        assert waiting is not None  # a legal Transfer leaves only a full waiting space
        cards, waiting = (waiting,), None
    elif source[0] == "c":
        i = int(source[1:])
        cards, columns[i] = columns[i][-count:], columns[i][:-count]
    else:
        p = int(source[1:])
        cards, piles[p] = piles[p][-1:], piles[p][:-1]
    if target == WAIVE:
        waiting = cards[0]
    elif target == FOUNDATION:
        up = _pile_for(piles, cards[0])
        assert up is not None  # a legal Transfer goes up only where it fits
        piles[up] = piles[up] + cards
    else:
        j = int(target[1:])
        columns[j] = columns[j] + cards
    # The constructor rather than dataclasses.replace: searches make millions of these.
    return MilliganState(tuple(columns), state.stock, tuple(piles), waiting, state.rule,
                         state.miss_milligan, state.moves, state.status, state.seed)


def _lay_off_all(state: MilliganState) -> MilliganState:
    found = _layoffs(state)
    while found:  # one at a time: two copies may want the same place
        state = shift(state, found[0])
        found = _layoffs(state)
    return state


def deal_eight(state: MilliganState) -> MilliganState:
    dealt = state.stock[:COLUMNS]
    columns = tuple(col + (dealt[i],) if i < len(dealt) else col
                    for i, col in enumerate(state.columns))
    return replace(state, columns=columns, stock=state.stock[COLUMNS:])


def apply(state: MilliganState, move: Move) -> MilliganState:
    check(state, move)
    if isinstance(move, Resign):
        return replace(state, moves=state.moves + 1, status="resigned")
    if isinstance(move, Stuck):
        return replace(state, moves=state.moves + 1, status="lost")
    if isinstance(move, Deal):
        after = deal_eight(state)
    elif isinstance(move, Layoff):
        after = _lay_off_all(state)
    else:
        after = shift(state, move)
    after = replace(after, moves=state.moves + 1)
    if after.laid_off == TOTAL:
        return replace(after, status="won")
    if not after.stock and is_stuck(after):
        return replace(after, status="lost")
    return after


# -- the lost game -------------------------------------------------------------------------

_SUIT_BASE = {suit: 13 * k for k, suit in enumerate(SUITS)}


# Sorted column codes, the waiting card's code (0: none), the foundations' heights.
PositionKey = tuple[tuple[bytes, ...], int, tuple[int, ...]]


def card_code(card: Card) -> int:
    """A card as one small number, the same for both decks' copies."""
    return card.rank + _SUIT_BASE[card.suit]


def position_key(state: MilliganState) -> PositionKey:
    """A position up to the order of the columns and which deck a card came from."""
    base = _SUIT_BASE
    return (tuple(sorted(bytes([c.rank + base[c.suit] for c in col]) for col in state.columns)),
            card_code(state.waiting) if state.waiting else 0,
            tuple(len(p) for p in state.foundations))


def column_codes(state: MilliganState) -> list[bytes]:
    """Each column as the bytes ``position_key`` sorts (the decks' copies alike)."""
    base = _SUIT_BASE
    return [bytes([c.rank + base[c.suit] for c in column]) for column in state.columns]


def shifted_codes(state: MilliganState, codes: list[bytes], move: Transfer) -> list[bytes]:
    """``column_codes`` after ``move`` from those of ``state`` before it: only the two
    columns it touches change (searches make millions; coding every column again was
    most of their time)."""
    out = codes[:]
    source, target = move.source, move.target
    if source[0] == "c":
        i = int(source[1:])
        out[i] = codes[i][:-move.count]
    if target[0] == "c":
        j = int(target[1:])
        if source[0] == "c":
            moved = codes[int(source[1:])][-move.count:]
        else:
            card = state.waiting if source == WAIVE else state.foundations[int(source[1:])][-1]
            assert card is not None  # a legal Transfer leaves only a full waiting space
            moved = bytes([card_code(card)])
        out[j] = codes[j] + moved
    return out


def coded_key(state: MilliganState, codes: list[bytes]) -> PositionKey:
    """``position_key(state)``, from its ``column_codes``."""
    waiting = state.waiting
    return (tuple(sorted(codes)), card_code(waiting) if waiting else 0,
            tuple(map(len, state.foundations)))


def has_layoff(state: MilliganState) -> bool:
    """Can an exposed card (a column's end or the waived card) go up now?"""
    return bool(_layoffs(state))


def is_stuck(state: MilliganState, budget: int = STUCK_BUDGET) -> bool:
    """True when no series of moves can ever send a new card up (the stock aside), proven
    within ``budget`` positions (game.rules.milligan_stuck); False when a card can go up,
    or when the proof ran out of budget (unproven: the game goes on)."""
    return milligan_stuck.verdict(state, budget) is True


# -- the end -------------------------------------------------------------------------------

def current_player(state: MilliganState) -> int:
    return 0 if state.status == "playing" else NOBODY


def is_over(state: MilliganState) -> bool:
    return state.status != "playing"


def points(state: MilliganState) -> float:
    """The score if the game ended now (a game still on counts as lost)."""
    return score(state.rule, state.status == "won", state.laid_off, state.miss_milligan)


def returns(state: MilliganState) -> tuple[float]:
    return (points(state),)


def figures(state: MilliganState) -> dict[str, bool | float]:
    return {"win": state.status == "won", "score": points(state),
            "laid_off": float(state.laid_off), "moves": float(state.moves)}


def outcome(state: MilliganState) -> Outcome:
    """Won with all 104 cards up; stuck or given up, lost (manuals/the-giant.txt)."""
    return Outcome(solitaire(state.status == "won"), (points(state),),
                   f"{points(state):+.1f} points, {state.laid_off} of {TOTAL} up")


def rules_key(rule: str, miss_milligan: bool) -> str:
    """The rule set a game is played under: "alternate", "suit+mm", ..."""
    return rule + ("+mm" if miss_milligan else "")


def rules_title(key: str) -> str:
    rule, _, mm = key.partition("+")
    return RULE_LABELS.get(rule, rule).capitalize() + (", Miss Milligan" if mm else "")


RULE_KEYS = tuple(rules_key(r, mm) for mm in (False, True) for r in RULE_NAMES)


def mode(state: MilliganState) -> Mode:
    key = rules_key(state.rule, state.miss_milligan)
    return Mode(key, rules_title(key))


def state_digest(state: MilliganState) -> str:
    def codes(cards: tuple[Card, ...]) -> str:
        return ",".join(c.uid for c in cards)

    text = "|".join(["/".join(codes(c) for c in state.columns), codes(state.stock),
                     "/".join(codes(p) for p in state.foundations),
                     state.waiting.uid if state.waiting else "--", state.rule,
                     str(state.miss_milligan), str(state.moves), state.status])
    return hashlib.sha1(text.encode()).hexdigest()[:16]


# -- what the player sees ------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class MilliganView:
    """The table as the player sees it: everything but the stock's cards."""

    columns: tuple[tuple[Card, ...], ...]
    runs: tuple[int, ...]  # how many cards at each column's end move together
    stock_size: int
    foundations: tuple[tuple[Card, ...], ...]
    waiting: Card | None
    rule: str
    miss_milligan: bool
    moves: int
    laid_off: int
    status: str
    score: float
    over: bool
    won: bool

    @property
    def lost(self) -> bool:
        return self.status == "lost"


def observe(state: MilliganState, seat: int = 0) -> MilliganView:
    return MilliganView(
        columns=state.columns,
        runs=tuple(run_length(c, state.rule) for c in state.columns),
        stock_size=len(state.stock),
        foundations=state.foundations,
        waiting=state.waiting,
        rule=state.rule,
        miss_milligan=state.miss_milligan,
        moves=state.moves,
        laid_off=state.laid_off,
        status=state.status,
        score=points(state),
        over=is_over(state),
        won=state.status == "won",
    )


def hidden_cards(state: MilliganState, seat: int = 0) -> set[str]:
    return {c.uid for c in state.stock}


def position_of(view: MilliganView) -> MilliganState:
    """The position a view shows, with an empty stock (for players that plan between
    deals: what the stock holds never matters to moves that do not deal)."""
    return MilliganState(view.columns, (), view.foundations, view.waiting, view.rule,
                         view.miss_milligan, view.moves)


VIEW = MilliganView
RULES: ModuleRules[MilliganState, Move] = ModuleRules(sys.modules[__name__])

from game.rules import milligan_stuck  # noqa: E402  (it builds on this module)
