"""What an unfinished Poker Squares line is worth by counting alone, from its learned-value
key (game.ai.poker_squares_lines.line_key): the values' fallback for keys self-play
seldom or never met, as in positions people make (issue 23: a column of four fives
was worth 0, its key unseen, and the Hint declined the four of a kind).

``least``: the fewest points the line can end with (its pairs, trips or four of a kind
are kept whatever comes). ``counted``: with one card to come, the mean points over the
unseen cards (exact but for straights, whose missing ranks' unseen counts the key does
not hold); with more, ``least``. One deck; pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from game.ai.poker_squares_lines import (
    FLUSH,
    FULL,
    HIGH,
    PAIR,
    QUADS,
    SFLUSH,
    STRAIGHT,
    TRIPS,
    TWO_PAIR,
)

Key = tuple[int, ...]
DECK = 52


def shape_category(counts: Sequence[int]) -> int:
    """The category five cards of these rank counts make, suits and straights aside."""
    top = sorted(counts, reverse=True) + [0]
    if top[0] >= 4:
        return QUADS
    if top[0] == 3:
        return FULL if top[1] == 2 else TRIPS
    if top[0] == 2:
        return TWO_PAIR if top[1] == 2 else PAIR
    return HIGH


@cache
def _endings(counts: tuple[int, ...]) -> frozenset[int]:
    """Categories by rank shape the line can end in: each card to come joins a held rank
    or starts a new one."""
    if sum(counts) >= 5:
        return frozenset((shape_category(counts),))
    grown = [counts[:i] + (c + 1,) + counts[i + 1:] for i, c in enumerate(counts) if c < 4]
    out: set[int] = set()
    for shape in (*grown, (*counts, 1)):
        out |= _endings(tuple(sorted(shape, reverse=True)))
    return frozenset(out)


def _held(key: Key) -> list[tuple[int, int]]:
    """(count, unseen) of each rank the line holds."""
    return [(tag >> 2, tag & 3) for tag in key[5:]]


def least(key: Key, points: Sequence[float]) -> float:
    """The fewest points the line of ``key`` can end with. A line without a pair may
    still end in anything (flushes and straights included)."""
    counts = tuple(count for count, _ in _held(key))
    if len(key) == 3 or max(counts) == 1:
        return min(points)
    return min(points[c] for c in _endings(tuple(sorted(counts, reverse=True))))


def counted(key: Key, points: Sequence[float]) -> float:
    """The line's worth by counting: with four cards, the mean points of the fifth over
    the unseen cards; else ``least``."""
    if len(key) == 3 or key[2] != 4:
        return least(key, points)
    placed, flush_left, ways = key[1], key[3], key[4]
    unseen = DECK - placed
    held = _held(key)
    counts = [count for count, _ in held]
    total, rest = 0.0, unseen
    for i, (count, left) in enumerate(held):  # a card of a held rank
        total += left * points[shape_category(counts[:i] + [count + 1] + counts[i + 1:])]
        rest -= left
    if max(counts) > 1:  # a new rank leaves the shape as it is
        return (total + rest * points[shape_category([*counts, 1])]) / unseen
    # four ranks: the flush's suit, and per straight one missing rank of the others
    flush = max(flush_left, 0)
    straight = min(rest, ways * rest / (13 - 4))
    both = flush * straight / rest if rest else 0.0
    total += ((flush - both) * points[FLUSH] + (straight - both) * points[STRAIGHT]
              + both * points[SFLUSH] + (rest - flush - straight + both) * points[HIGH])
    return total / unseen
