"""Greedy Poker Squares playouts by the batch, in numpy: many deals (from one or several
starting positions) played side by side, each exactly as poker_squares_play.playout plays
it (the quick player's square each time, first on ties), some fifteen times as many a
second as that plain spelling.

Every line keeps, per deal, what its learned-value key is made of: cards of each rank,
distinct ranks, the largest count, the rank mask, its one suit (or MIXED) and the held
ranks' tags as one order-free number. A key packs into one int64 (``pack``) and its value
is read from an open-addressing hash table filled from ``Values.of`` on first sight.
One deck, ten hands, a points table: the aims of poker_squares_aims play in Python.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from game.ai.poker_squares_lines import (
    FLUSH,
    FULL,
    HIGH,
    PAIR,
    QUADS,
    ROYAL,
    ROYAL_RANKS,
    SFLUSH,
    STRAIGHT,
    TRIPS,
    TWO_PAIR,
    WINDOWS,
)
from game.ai.poker_squares_play import EMPTY, Position
from game.ai.poker_squares_values import Values

MIXED = -1
ROW_OF = np.array([i // 5 for i in range(25)])
COL_OF = np.array([5 + i % 5 for i in range(25)])  # lines 5-9 are the columns
IS_COL = np.array([0] * 5 + [1] * 5, dtype=np.int64)
_WINDOW_MASKS = [sum(1 << r for r in w) for w in WINDOWS]
ROYAL_MASK = sum(1 << r for r in ROYAL_RANKS)
ALL_RANKS = (1 << 13) - 1
CLIP = np.array([0, 1, 2, 3, 3, 3, 3, 3, 3], dtype=np.int64)  # unseen of a rank, as keys count
# A held rank's tag is count * 4 + unseen (4..19); the tags of a line are a multiset of
# at most five, packed as base-5 digits (a digit per tag, at most 4 alike in one deck).
DIGIT = np.zeros(24, dtype=np.int64)
DIGIT[4:20] = 5 ** np.arange(16, dtype=np.int64)
TAG_SHIFT = 17  # side 1 bit, cards placed 5, line's cards 3, flush + 1 4, straights 4
IS_STRAIGHT = np.zeros(1 << 13, dtype=bool)
IS_STRAIGHT[_WINDOW_MASKS] = True
CONTAINS = np.zeros(1 << 13, dtype=np.int32)  # rank mask -> the windows holding it
MEETS = np.zeros(1 << 13, dtype=np.int32)  # rank mask -> the windows sharing a rank
for _m in range(1 << 13):
    CONTAINS[_m] = sum(1 << w for w, win in enumerate(_WINDOW_MASKS) if _m & ~win == 0)
    MEETS[_m] = sum(1 << w for w, win in enumerate(_WINDOW_MASKS) if _m & win)
POPCOUNT = np.array([bin(i).count("1") for i in range(1 << 10)], dtype=np.int64)
NO_KEY = -1
PROBES = 8  # collision steps followed in numpy before the plain probe takes over
HASH = np.int64(0x9E3779B97F4A7C15 - (1 << 64))  # Fibonacci hashing's multiplier


def pack(is_col: int, placed: int, n: int, flush: int = -1, ways: int = 0,
         tags: Sequence[int] = ()) -> int:
    """One int for a line key (game.ai.poker_squares_lines.line_key's fields)."""
    return (is_col | placed << 1 | n << 6 | (flush + 1) << 9 | ways << 13
            | int(sum(DIGIT[t] for t in tags)) << TAG_SHIFT)


def unpack(code: int) -> tuple[int, ...]:
    """The line key ``pack`` made ``code`` from."""
    is_col, placed, n = code & 1, code >> 1 & 31, code >> 6 & 7
    if n == 0:
        return (is_col, placed, 0)
    digits, tags = code >> TAG_SHIFT, []
    for tag in range(19, 3, -1):
        tags += [tag] * (digits // 5 ** (tag - 4) % 5)
    return (is_col, placed, n, (code >> 9 & 15) - 1, code >> 13 & 15, *tags)


class ValueTable:
    """Packed key -> value, worked out by ``values.of`` the first time a key is met."""

    def __init__(self, values: Values, bits: int = 18) -> None:
        self.values = values
        self._size(bits)

    def _size(self, bits: int) -> None:
        self.bits, self.used = bits, 0
        self.keys = np.full(1 << bits, NO_KEY, dtype=np.int64)
        self.vals = np.zeros(1 << bits)

    def _slots(self, codes: np.ndarray) -> np.ndarray:
        return (codes * HASH >> (40 - self.bits)) & ((1 << self.bits) - 1)

    def look(self, codes: np.ndarray) -> np.ndarray:
        """Values of ``codes``: keys pushed on by a collision are found a few slots on in
        numpy; only keys never seen (an empty slot first) take the Python path."""
        slots = self._slots(codes)
        found = self.vals[slots]
        keys = self.keys[slots]
        chase = np.flatnonzero((keys != codes) & (keys != NO_KEY))
        new = [np.flatnonzero(keys == NO_KEY)]
        last = (1 << self.bits) - 1
        for step in range(1, PROBES + 1):
            if not len(chase):
                break
            slot = (slots[chase] + step) & last
            keys = self.keys[slot]
            hit = keys == codes[chase]
            found[chase[hit]] = self.vals[slot[hit]]
            new.append(chase[keys == NO_KEY])
            chase = chase[~hit & (keys != NO_KEY)]
        missed = np.concatenate((*new, chase))
        if len(missed):
            found[missed] = [self._probe(code) for code in codes[missed].tolist()]
        return found

    def _probe(self, code: int) -> float:
        """The value of ``code``, stored on the way if new (linear probing)."""
        last = (1 << self.bits) - 1
        slot = int(self._slots(np.array([code]))[0])
        while True:
            key = int(self.keys[slot])
            if key == code:
                return float(self.vals[slot])
            if key == NO_KEY:
                break
            slot = (slot + 1) & last
        value = self.values.of(unpack(code))
        if 2 * (self.used + 1) > 1 << self.bits:  # half full: double, keep what is known
            known = self.keys[self.keys != NO_KEY], self.vals[self.keys != NO_KEY]
            self._size(self.bits + 1)
            for old, val in zip(*known, strict=True):
                self._store(int(old), float(val))
            self._store(code, value)
        else:
            self.keys[slot], self.vals[slot] = code, value
            self.used += 1
        return value

    def _store(self, code: int, value: float) -> None:
        slot = int(self._slots(np.array([code]))[0])
        while self.keys[slot] != NO_KEY:
            slot = (slot + 1) & ((1 << self.bits) - 1)
        self.keys[slot], self.vals[slot] = code, value
        self.used += 1


def straights_left(mask: np.ndarray, live: np.ndarray) -> np.ndarray:
    """Straights holding every rank of ``mask`` whose other ranks are still unseen."""
    return POPCOUNT[CONTAINS[mask] & ~MEETS[~live & ALL_RANKS & ~mask]]


def categories(distinct: np.ndarray, top: np.ndarray, mask: np.ndarray, flush: np.ndarray
               ) -> np.ndarray:
    """Category indexes of five-card lines from their distinct ranks, largest count of a
    rank, rank mask and whether they are one suit (one deck: no pair in a flush)."""
    straight = IS_STRAIGHT[mask] & (distinct == 5)
    return np.select(
        [flush & straight & (mask == ROYAL_MASK), flush & straight, flush, top == 4,
         (top == 3) & (distinct == 2), top == 3, distinct == 3, distinct == 4, straight],
        [ROYAL, SFLUSH, FLUSH, QUADS, FULL, TRIPS, TWO_PAIR, PAIR, STRAIGHT], HIGH)


def _lines_of(pos: Position) -> list[np.ndarray]:
    """One starting position's line state, in the order BatchRollout.run keeps it."""
    counts = np.zeros((10, 13), dtype=np.int64)
    mask = np.zeros(10, dtype=np.int64)
    suit = np.full(10, MIXED, dtype=np.int64)
    n = np.zeros(10, dtype=np.int64)
    for ln, line in enumerate((*pos.rows, *pos.cols)):
        for card in line:
            counts[ln, card >> 2] += 1
            mask[ln] |= 1 << (card >> 2)
        n[ln] = len(line)
        if line and all(card & 3 == line[0] & 3 for card in line):
            suit[ln] = line[0] & 3
    held = counts > 0
    tags = np.where(held, DIGIT[counts * 4 + CLIP[np.array(pos.rank_left)]], 0).sum(-1)
    return [counts, mask, suit, n, tags, held.sum(-1), counts.max(-1),
            np.array(pos.rank_left, dtype=np.int64), np.array(pos.suit_left, dtype=np.int64),
            np.array(pos.live, dtype=np.int64), np.array(pos.cells) == EMPTY]


class LineTable(Protocol):
    """What the playouts ask of a value table (the trainer brings its own)."""

    def look(self, codes: np.ndarray) -> np.ndarray: ...


class BatchRollout:
    """Greedy playouts on one value table, a batch at a time."""

    def __init__(self, values: Values, points: Sequence[float]) -> None:
        self.table: LineTable = ValueTable(values)
        self.points = np.array(points, dtype=float)

    def run(self, starts: Sequence[Position], deals: np.ndarray, which: np.ndarray
            ) -> np.ndarray:
        """Final scores: deal ``b`` (a row of ``deals``, the cards to come in order) is
        played from ``starts[which[b]]``. Every start must hold as many cards."""
        batch, need = deals.shape
        state = [np.stack(part)[which] for part in zip(*map(_lines_of, starts), strict=True)]
        counts, mask, suit, n, tags, distinct, top, rank_left, suit_left, live, empty = state
        placed = starts[0].placed
        deal_ix = np.arange(batch)
        look, points = self.table.look, self.points
        for step in range(need):
            card = deals[:, step]
            rank, card_suit = card >> 2, card & 3
            bit = 1 << rank
            before_left = rank_left[deal_ix, rank]
            unseen = before_left - (before_left > 0)
            rank_left[deal_ix, rank] = unseen
            live = np.where((before_left > 0) & (unseen == 0), live & ~bit, live)
            suit_left[deal_ix, card_suit] -= suit_left[deal_ix, card_suit] > 0
            placed += 1
            count = counts[deal_ix, :, rank]  # [batch, 10]: the card's rank in each line
            held = count > 0
            left, was_left = CLIP[unseen][:, None], CLIP[before_left][:, None]
            tags += np.where(held, DIGIT[count * 4 + left] - DIGIT[count * 4 + was_left], 0)
            if step == need - 1:
                best = np.argmax(empty, axis=1)  # the last card has one square
            else:
                best = self._greedy(
                    placed, n, counts, mask, suit, tags, distinct, top, suit_left, live,
                    empty, card_suit, bit, count, held, left, look, points)
            empty[deal_ix, best] = False
            for line in (ROW_OF[best], COL_OF[best]):
                had = counts[deal_ix, line, rank]
                counts[deal_ix, line, rank] = had + 1
                tags[deal_ix, line] += (DIGIT[(had + 1) * 4 + left[:, 0]]
                                        - np.where(had > 0, DIGIT[had * 4 + left[:, 0]], 0))
                distinct[deal_ix, line] += had == 0
                top[deal_ix, line] = np.maximum(top[deal_ix, line], had + 1)
                mask[deal_ix, line] |= bit
                cards, own = n[deal_ix, line], suit[deal_ix, line]
                suit[deal_ix, line] = np.where(
                    cards == 0, card_suit, np.where(own == card_suit, own, MIXED))
                n[deal_ix, line] = cards + 1
        return points[categories(distinct, top, mask, suit >= 0)].sum(-1)

    def _greedy(self, placed: int, n: np.ndarray, counts: np.ndarray, mask: np.ndarray,
                suit: np.ndarray, tags: np.ndarray, distinct: np.ndarray, top: np.ndarray,
                suit_left: np.ndarray, live: np.ndarray, empty: np.ndarray,
                card_suit: np.ndarray, bit: np.ndarray, count: np.ndarray,
                held: np.ndarray, left: np.ndarray, look: Callable[[np.ndarray], np.ndarray],
                points: np.ndarray, /) -> np.ndarray:
        """The square each deal's card goes to: the most gain of its row and column."""
        batch = len(n)
        no_pair = distinct == n
        flush = np.where(suit >= 0, np.take_along_axis(suit_left, np.maximum(suit, 0), 1),
                         -1)
        head = IS_COL | placed << 1
        before = np.where(n == 0, head, head | n << 6 | (flush + 1) << 9
                          | np.where(no_pair, straights_left(mask, live[:, None]), 0) << 13
                          | tags << TAG_SHIFT)
        same = suit == card_suit[:, None]
        grown = mask | bit[:, None]
        after = (head | (n + 1) << 6
                 | (np.where(n == 0, suit_left[np.arange(batch), card_suit][:, None],
                             np.where(same, flush, -1)) + 1) << 9
                 | np.where(~held & no_pair, straights_left(grown, live[:, None]), 0) << 13
                 | (tags - np.where(held, DIGIT[count * 4 + left], 0)
                    + DIGIT[(count + 1) * 4 + left]) << TAG_SHIFT)
        value_before = np.zeros((batch, 10))
        value_after = np.zeros((batch, 10))
        open_lines = n < 5
        value_before[open_lines] = look(before[open_lines])
        growing = n < 4
        value_after[growing] = look(after[growing])
        fifth = categories(distinct + ~held, np.maximum(top, count + 1), grown, same)
        value_after = np.where(n == 4, points[fifth], value_after)
        gains = np.where(open_lines, value_after - value_before, 0.0)
        square = gains[:, ROW_OF] + gains[:, COL_OF]
        square[~empty] = -np.inf
        return np.argmax(square, axis=1)
