"""Poker Squares lines (rows and columns) for the computer players: cards as small ints,
the category of a finished line, points per category index, and the abstract key of an
unfinished line that the learned values are indexed by.

Pure and built for speed: a card is ``rank * 4 + suit`` (rank 0 = ace .. 12 = king),
a line a list of such ints, and what is still unseen two count lists (per rank, per
suit). The players call these functions hundreds of thousands of times a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.cards import SUITS, Card, as_card
from game.rules.hands import CATEGORIES  # by index, weakest first
from game.rules.poker_squares_options import points_table as rules_points

HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SFLUSH, ROYAL, FIVE = range(11)

ROYAL_RANKS = frozenset((0, 9, 10, 11, 12))
# The ten straights as rank sets, ace low to ace high (T-A).
WINDOWS = tuple(frozenset((low + k) % 13 for k in range(5)) for low in range(10))
_WINDOW_MASKS = tuple(sum(1 << r for r in w) for w in WINDOWS)
# rank mask -> masks of the straights holding all those ranks
WINDOWS_HOLDING: dict[int, tuple[int, ...]] = {}
for _w in _WINDOW_MASKS:
    _sub = _w
    while _sub:  # every non-empty subset of the window
        WINDOWS_HOLDING[_sub] = (*WINDOWS_HOLDING.get(_sub, ()), _w)
        _sub = (_sub - 1) & _w


def points_table(scoring: str | Mapping[str, int]) -> tuple[float, ...]:
    """Points per category index, as the rules score ``scoring`` (a name or a mapping
    category -> points)."""
    table = rules_points(scoring)
    return tuple(float(table[name]) for name in CATEGORIES)


def card_int(card: Card | str) -> int:
    c = as_card(card)
    return (c.rank - 1) * 4 + SUITS.index(c.suit)


def int_card(code: int) -> Card:
    return Card(code // 4 + 1, SUITS[code % 4])


def category(line: Sequence[int]) -> int:
    """Category index of five cards (one or two decks: a flush may hold a pair)."""
    counts: dict[int, int] = {}
    suit = line[0] & 3
    flush = True
    for c in line:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
        if c & 3 != suit:
            flush = False
    if flush:
        ranks = frozenset(counts)
        if ranks in WINDOWS:
            return ROYAL if ranks == ROYAL_RANKS else SFLUSH
        return FLUSH
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 5:
        return FIVE
    if shape[0] == 4:
        return QUADS
    if shape[0] == 3:
        return FULL if shape[1] == 2 else TRIPS
    if shape[0] == 2:
        return TWO_PAIR if shape[1] == 2 else PAIR
    return STRAIGHT if frozenset(counts) in WINDOWS else HIGH


def line_key(line: Sequence[int], rank_left: Sequence[int], suit_left: Sequence[int],
             live: int, is_col: int, placed: int) -> tuple[int, ...]:
    """The abstract state of an unfinished line as a flat int tuple (cheap to hash,
    plain to store): which side it is (row 0, column 1), cards placed in the whole
    grid, cards in the line, the unseen cards of its suit while it is still one suit
    (else -1), how many straights it can still make (``live``: bit r set while a card
    of rank r is unseen), then each rank held as count * 4 + cards of that rank unseen
    (at most 3), largest first."""
    n = len(line)
    if n == 0:
        return (is_col, placed, 0)
    suit = line[0] & 3
    flush_left = suit_left[suit]
    counts: dict[int, int] = {}
    mask = 0
    for c in line:
        r = c >> 2
        counts[r] = counts.get(r, 0) + 1
        mask |= 1 << r
        if c & 3 != suit:
            flush_left = -1
    ways = 0
    if len(counts) == n:
        open_ranks = live | mask
        for window in WINDOWS_HOLDING.get(mask, ()):
            if window & open_ranks == window:
                ways += 1
    held = sorted([k * 4 + min(rank_left[r], 3) for r, k in counts.items()], reverse=True)
    return (is_col, placed, n, flush_left, ways, *held)


def coarse_key(fine: tuple[int, ...]) -> tuple[int, ...]:
    """The coarser key a fine one falls back on: no unseen counts, flush and straight
    reduced to "still possible"."""
    if len(fine) == 3:
        return fine
    is_col, placed, n, flush_left, ways, *held = fine
    shape = sorted((h >> 2 for h in held), reverse=True)
    return (is_col, placed, n, int(flush_left >= 5 - n), int(ways > 0), *shape)
