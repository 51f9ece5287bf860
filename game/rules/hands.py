"""Five-card poker hands: values that compare like hands in draw poker, and the
category of a partial hand (for games that score rows before they are full).

Speed comes from tables built once at import. A product of one prime per rank names
a hand's rank pattern whatever the order of its cards; from it come a table of the
hands whose five cards share a suit and a tree indexed by the five ranks in the
order given, so ``evaluate`` is a few tuple lookups returning a ready ``HandValue``.

Two decks are allowed, so five of a kind exists (above a royal flush) and a flush
may hold a pair or two pairs; such a hand is still a flush, ranked by its cards
from the highest down like any other flush.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement
from typing import Any

from game.cards import Card, as_card

# Lowest first; a category's index is its strength.
CATEGORIES: tuple[str, ...] = (
    "high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
    "full_house", "four_of_a_kind", "straight_flush", "royal_flush", "five_of_a_kind",
)
CATEGORY_INDEX: dict[str, int] = {name: i for i, name in enumerate(CATEGORIES)}
LABELS: dict[str, str] = {name: name.replace("_", " ").capitalize() for name in CATEGORIES}
LABELS["high_card"] = "Nothing"

# One prime per rank (index = Card.rank, ace = 1): a product names a rank multiset.
_PRIMES = (0, 41, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
_PATTERN_CATEGORY = {  # sorted rank counts -> category, straights and flushes aside
    (1, 1, 1, 1, 1): "high_card", (1, 1, 1, 2): "one_pair", (1, 2, 2): "two_pair",
    (1, 1, 3): "three_of_a_kind", (2, 3): "full_house", (1, 4): "four_of_a_kind",
    (5,): "five_of_a_kind",
}


class HandValue(int):
    """A hand's strength: higher beats lower, equal ties. ``category`` names it."""

    category: str

    @property
    def label(self) -> str:
        """The category as players say it: "Full house", "Nothing"."""
        return LABELS[self.category]

    def __repr__(self) -> str:
        return f"HandValue({int(self)}, {self.category})"


def _high(rank: int) -> int:
    return 14 if rank == 1 else rank


def _straight_top(ranks: Sequence[int]) -> int | None:
    """The top card of a straight (5 for A-2-3-4-5), or None: no wrap-around."""
    highs = sorted(_high(r) for r in ranks)
    if len(set(highs)) != 5:
        return None
    if highs[4] - highs[0] == 4:
        return highs[4]
    return 5 if highs == [2, 3, 4, 5, 14] else None


def rank_strength(ranks: Sequence[int], suited: bool) -> tuple[int, tuple[int, ...]]:
    """(category index, tie-break ranks, highest first) of five ranks."""
    counts = Counter(_high(r) for r in ranks)
    # Larger groups first, then higher ranks: pairs before kickers, trips before pairs.
    order = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    top = _straight_top(ranks)
    if suited:
        if top is not None:
            name = "royal_flush" if top == 14 else "straight_flush"
            return CATEGORY_INDEX[name], (top,)
        return CATEGORY_INDEX["flush"], tuple(sorted((_high(r) for r in ranks), reverse=True))
    if top is not None:
        return CATEGORY_INDEX["straight"], (top,)
    name = _PATTERN_CATEGORY[tuple(sorted(counts.values()))]
    return CATEGORY_INDEX[name], order


def _product(ranks: Iterable[int]) -> int:
    key = 1
    for rank in ranks:
        key *= _PRIMES[rank]
    return key


def _build() -> tuple[dict[int, HandValue], dict[int, HandValue]]:
    plain: dict[int, tuple[int, tuple[int, ...]]] = {}
    suited: dict[int, tuple[int, tuple[int, ...]]] = {}
    for ranks in combinations_with_replacement(range(1, 14), 5):
        key = _product(ranks)
        plain[key] = rank_strength(ranks, False)
        if max(Counter(ranks).values()) <= 2:  # two decks hold two of each card
            suited[key] = rank_strength(ranks, True)
    strengths = sorted(set(plain.values()) | set(suited.values()))
    values = {}
    for number, strength in enumerate(strengths, start=1):
        value = HandValue(number)
        value.category = CATEGORIES[strength[0]]
        values[strength] = value
    return ({k: values[s] for k, s in plain.items()}, {k: values[s] for k, s in suited.items()})


_PLAIN, _SUITED = _build()


def _partial_table() -> dict[int, str]:
    """Category of every rank multiset of 0 to 4 cards: groups only, as nothing
    short of five cards is a straight, a flush or a full house."""
    table = {}
    for size in range(5):
        for ranks in combinations_with_replacement(range(1, 14), size):
            groups = sorted(Counter(ranks).values(), reverse=True)
            if not groups or groups[0] == 1:
                name = "high_card"
            elif groups[0] >= 4:
                name = "four_of_a_kind"
            elif groups[0] == 3:
                name = "three_of_a_kind"  # 3+1 or a lone triple; 3+2 needs five cards
            else:
                name = "two_pair" if groups[:2] == [2, 2] else "one_pair"
            table[_product(ranks)] = name
    return table


_PARTIAL = _partial_table()


def _rank_tree() -> tuple[Any, ...]:
    """Values of unsuited hands by their ranks in the order dealt: tree[a][b][c][d][e]
    (index 0 unused). Pure tuple indexing, no arithmetic: about twice as fast as the
    prime product. Orders of the same four cards share one leaf, so it stays small."""
    ranks = range(1, 14)
    leaves = {k: (None, *(_PLAIN[k * p] for p in _PRIMES[1:]))
              for k in {_product(r) for r in combinations_with_replacement(ranks, 4)}}
    return (None, *(
        (None, *((None, *((None, *(leaves[_PRIMES[a] * _PRIMES[b] * _PRIMES[c] * _PRIMES[d]]
                                   for d in ranks)) for c in ranks)) for b in ranks))
        for a in ranks))


_TREE = _rank_tree()


def evaluate(cards: Sequence[Card | str], _p: tuple[int, ...] = _PRIMES,
             _suited: dict[int, HandValue] = _SUITED,
             _tree: tuple[Any, ...] = _TREE) -> HandValue:
    """The value of exactly five cards (``Card`` objects or written cards). The
    tables ride in as defaults: local lookups, the hottest path of every AI."""
    # Cards are asked for .suit unchecked (a cast would cost a quarter of the time): a
    # written card raises AttributeError below, so the fast path may see either kind.
    fast: Sequence[Any] = cards
    try:
        a, b, c, d, e = fast
        suit = a.suit
        # Most hands differ in the second card's suit already: test one at a time.
        if b.suit == suit and c.suit == suit and d.suit == suit and e.suit == suit:
            return _suited[_p[a.rank] * _p[b.rank] * _p[c.rank] * _p[d.rank] * _p[e.rank]]
        return _tree[a.rank][b.rank][c.rank][d.rank][e.rank]
    except AttributeError:
        return evaluate([as_card(card) for card in cards])
    except (TypeError, ValueError):
        raise ValueError(f"a poker hand is exactly 5 cards, got {cards!r:.80}") from None
    except KeyError:
        raise ValueError(f"no two decks hold these cards: {cards!r:.80}") from None


def category(cards: Iterable[Card | str | None]) -> str:
    """The category of a hand that may be incomplete (None for an empty place).
    Pairs, two pair, trips and quads count as soon as they are there; a straight,
    a flush or a full house only with all five cards."""
    present = []
    key = 1
    for card in cards:
        if card is None:
            continue
        if card.__class__ is not Card:  # a written card; Card's own == is slow here
            if card == "--":
                continue
            card = as_card(card)
        present.append(card)
        key *= _PRIMES[card.rank]
    if len(present) == 5:
        return evaluate(present).category
    if len(present) > 5:
        raise ValueError(f"a poker hand has at most 5 cards, got {len(present)}")
    return _PARTIAL[key]

