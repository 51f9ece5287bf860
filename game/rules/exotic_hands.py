"""The exotic hands a Poker Squares User table may score (manuals/poker-solitaire.txt:
the 1990 game knew 81 hands, most never used in poker, such as a
round-the-corner-kilter-flush or a three-of-a-kind-four-flush-blaze). Pure.

The manual names them without defining them, so they follow what card players call
them; house rules vary, and where they do the choice made here is said:

* round the corner: a sequence that runs on past the ace, king to two (Q-K-A-2-3);
  A-2-3-4-5 and 10-J-Q-K-A are the ordinary straights;
* kilter: five ranks a step of two apart (3-5-7-9-J), the "skip" or "Dutch" straight
  (some tables call other near-straights a kilter); the ace is high or low
  (A-3-5-7-9, 6-8-10-Q-A), and runs round the corner like a straight (Q-A-3-5-7);
* skeet: no pair, a 2, a 5 and a 9, one card between the 2 and the 5 and one between
  the 5 and the 9 (2-4-5-7-9);
* blaze: five court cards (jacks, queens, kings), so always with pairs;
* four flush: four of the five cards of one suit;
* pair flush and two pair flush: a flush holding a pair or two pairs, which needs two
  decks;
* any of these with "flush": all five cards of one suit as well.

A hand may be several at once (three of a kind, a four flush and a blaze): it scores
the best of its names (poker_squares.line_names). Only whole hands of five cards are
exotic. Every one is worth 0 in the manual's User column, so none scores until the
player gives it points.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from game.cards import Card

# name -> how a player reads it, best first (the order of the User points page)
EXOTIC: dict[str, str] = {
    "round_the_corner_straight_flush": "Round-the-corner straight flush",
    "skeet_flush": "Skeet flush",
    "kilter_flush": "Kilter flush",
    "round_the_corner_kilter_flush": "Round-the-corner kilter flush",
    "two_pair_flush": "Two pair flush",
    "pair_flush": "Pair flush",
    "round_the_corner_straight": "Round-the-corner straight",
    "skeet": "Skeet",
    "kilter": "Kilter",
    "round_the_corner_kilter": "Round-the-corner kilter",
    "blaze": "Blaze",
    "four_flush": "Four flush",
}
COURT = frozenset({11, 12, 13})  # jack, queen, king
SIZE = 5


def _run(ranks: frozenset[int], step: int) -> str | None:
    """"plain" if five distinct ranks (ace 1) run ``step`` apart with the ace high or
    low, "corner" if only by running on from the king through the ace to the two,
    else None."""
    if len(ranks) != SIZE:
        return None
    for low in (r - 1 for r in ranks):  # ranks 0..12 round a circle, ace 0
        ring = {(low + step * i) % 13 + 1 for i in range(SIZE)}
        if ring == ranks:
            highs = sorted(14 if r == 1 else r for r in ranks)
            lows = sorted(ranks)
            plain = any(h[-1] - h[0] == step * (SIZE - 1) for h in (highs, lows))
            return "plain" if plain else "corner"
    return None


def _skeet(ranks: frozenset[int]) -> bool:
    return (len(ranks) == SIZE and {2, 5, 9} <= ranks and bool(ranks & {3, 4})
            and bool(ranks & {6, 7, 8}))


def exotic_names(cards: Sequence[Card]) -> tuple[str, ...]:
    """Every exotic hand five cards make, in the order of ``EXOTIC`` (none for fewer)."""
    if len(cards) != SIZE:
        return ()
    suited = Counter(c.suit for c in cards).most_common(1)[0][1]
    return _names(tuple(sorted(c.rank for c in cards)), suited)


@lru_cache(maxsize=16_384)  # a hand's names hang on its ranks and its longest suit alone
def _names(ranks_held: tuple[int, ...], suited: int) -> tuple[str, ...]:
    counts = Counter(ranks_held)
    ranks = frozenset(counts)
    flush = suited == SIZE
    found: set[str] = set()
    if _run(ranks, 1) == "corner":
        found.add("round_the_corner_straight")
    kilter = _run(ranks, 2)
    if kilter is not None:
        found.add("kilter" if kilter == "plain" else "round_the_corner_kilter")
    if _skeet(ranks):
        found.add("skeet")
    if flush:
        found |= {f"{name}_flush" for name in tuple(found)}
        pairs = sorted(counts.values(), reverse=True)[:2]
        if pairs == [2, 2]:
            found.add("two_pair_flush")
        elif pairs[0] == 2:
            found.add("pair_flush")
    if ranks <= COURT:
        found.add("blaze")
    if suited == SIZE - 1:
        found.add("four_flush")
    return tuple(name for name in EXOTIC if name in found)
