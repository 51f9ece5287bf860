"""Chinese Poker's hands to discard (manuals/chinese-poker.txt): what a set of cards is,
whether it beats what lies on the table, and the penalty for cards left at the end.

Suits never matter. Singles and sets rank 3 lowest up to K, A, with the 2 highest; in
straights the 2 is low (2-3-4-5-6) and the ace high (T-J-Q-K-A), with no wrapping.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.cards import Card, as_card

KINDS = ("single", "pairs", "triples", "full_house", "straight", "bomb")
MIN_STRAIGHT, MAX_STRAIGHT = 5, 13


def value(rank: int) -> int:
    """A rank's height alone or in sets: 3..K are 3..13, the ace 14, the 2 highest (15)."""
    return 14 if rank == 1 else 15 if rank == 2 else rank


def straight_value(rank: int) -> int:
    """A rank's place in a straight: the 2 at the bottom (2), the ace at the top (14)."""
    return 2 if rank == 2 else value(rank)


@dataclass(frozen=True, slots=True)
class Combo:
    """A legal discard. ``length`` is its number of cards; ``high`` what a rival play of
    the same kind and length must exceed (the top of a run, a full house's triple, a
    bomb's fifth card); ``quad`` is a bomb's four of a kind, which settles a tie between
    two bombs with fifth cards of the same rank."""

    kind: str
    length: int
    high: int
    quad: int = 0


def highest(kind: str) -> int:
    """The highest ``high`` a hand of ``kind`` can have: the 2's value, or the ace's for a
    straight (a run ends at the ace)."""
    return value(1) if kind == "straight" else value(2)


def _run(values: Sequence[int]) -> bool:
    return all(b == a + 1 for a, b in zip(values, values[1:], strict=False))


def runs(heights: Sequence[int], min_len: int, max_len: int) -> list[list[int]]:
    """Every run of ``min_len`` to ``max_len`` consecutive heights in ``heights`` (sorted,
    distinct): where sequences of pairs, triples and straights can come from."""
    out: list[list[int]] = []
    for i in range(len(heights)):
        j = i
        while j + 1 < len(heights) and heights[j + 1] == heights[j] + 1:
            j += 1
        out.extend(list(heights[i:end + 1])
                   for end in range(i + min_len - 1, min(j, i + max_len - 1) + 1))
    return out


def classify(cards: Iterable[Card | str]) -> Combo | None:
    """The hand these cards make, or None when they are not a legal discard."""
    hand = [as_card(c) for c in cards]
    n = len(hand)
    if n == 0 or len(set(hand)) != n:
        return None
    counts = Counter(value(c.rank) for c in hand)
    shape = sorted(counts.values())
    heights = sorted(counts)
    if n == 1:
        return Combo("single", 1, heights[0])
    if shape == [1, 4]:
        kicker = next(v for v, k in counts.items() if k == 1)
        quad = next(v for v, k in counts.items() if k == 4)
        return Combo("bomb", 5, kicker, quad)
    if shape == [2, 3]:
        return Combo("full_house", 5, next(v for v, k in counts.items() if k == 3))
    for size, kind in ((2, "pairs"), (3, "triples")):
        if all(k == size for k in shape) and _run(heights):
            return Combo(kind, n, heights[-1])
    if MIN_STRAIGHT <= n <= MAX_STRAIGHT and shape == [1] * n:
        ranks = sorted(straight_value(c.rank) for c in hand)
        if _run(ranks):
            return Combo("straight", n, ranks[-1])
    return None


def beats(play: Combo, table: Combo | None) -> bool:
    """May ``play`` be discarded onto ``table`` (None: a free lead)? A bomb goes on any
    other kind of hand; bombs meet bombs by their fifth cards, then by their fours;
    anything else must be the same kind and length, and higher."""
    if table is None:
        return True
    if play.kind == "bomb":
        return table.kind != "bomb" or (play.high, play.quad) > (table.high, table.quad)
    return (play.kind == table.kind and play.length == table.length
            and play.high > table.high)


def penalty(cards_left: int, hand_size: int) -> int:
    """Points a loser adds when someone goes out: 50 for a hand never played from, 40
    with one card gone, 30 with two gone, otherwise a point a card."""
    if not 0 <= cards_left <= hand_size:
        raise ValueError(f"{cards_left} cards left of a hand of {hand_size}")
    return {0: 50, 1: 40, 2: 30}.get(hand_size - cards_left, cards_left) if cards_left \
        else 0
