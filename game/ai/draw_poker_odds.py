"""Draw odds for five-card draw, from the outs left among the cards a seat has not seen.

``value_of`` rates a finished hand as its chance of beating a typical final hand; ``draw_options``
rates every sensible way to draw (stand pat, keep trips, two pair, a pair, four to a
flush or straight, three to a flush, high cards) by the chance of each finished hand it
can make, counted from the actual cards still unseen. A personality's bias scales what
a flush (or straight) draw is worth to it, which is what makes F. Queen chase flushes and
N. King straights. Pure: no pygame, no randomness.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from game.cards import Card, full_deck
from game.rules.hands import CATEGORIES, evaluate

# How often a typical player's final hand ends in each category (after a sensible draw).
TYPICAL = {"high_card": 0.30, "one_pair": 0.42, "two_pair": 0.15, "three_of_a_kind": 0.07,
           "straight": 0.025, "flush": 0.02, "full_house": 0.012, "four_of_a_kind": 0.0025,
           "straight_flush": 0.0004, "royal_flush": 0.0001, "five_of_a_kind": 0.0}
_DECK = tuple(full_deck())
_BELOW: dict[str, float] = {}
_running = 0.0
for _name in CATEGORIES:
    _BELOW[_name] = _running
    _running += TYPICAL[_name]
# A pair drawn to three more cards, as dealt: chances of each final category.
PAIR_DRAW = {"two_pair": 0.160, "three_of_a_kind": 0.114, "full_house": 0.0102,
             "four_of_a_kind": 0.0028}
# High cards kept, the rest drawn: chances of a pair or better (the pair usually of a
# kept rank, so better than average).
HIGH_DRAW = {"one_pair": 0.36, "two_pair": 0.07, "three_of_a_kind": 0.035, "straight": 0.008,
             "flush": 0.004, "full_house": 0.004}


@dataclass(frozen=True, slots=True)
class Bias:
    """How much more than its worth a personality values a flush or straight made."""

    flush: float = 1.0
    straight: float = 1.0


@dataclass(frozen=True, slots=True)
class DrawOption:
    keep: tuple[int, ...]  # places kept (0-4)
    kind: str  # "pat", "trips", "two_pair", "pair", "four_flush", "four_straight", ...
    value: float  # expected worth of the finished hand, biased by the personality

    @property
    def discard(self) -> tuple[int, ...]:
        return tuple(i for i in range(5) if i not in self.keep)


def utility(category: str, frac: float = 0.5) -> float:
    """The chance a hand of ``category`` beats a typical final hand; ``frac`` (0-1) is
    where it stands within its category."""
    return _BELOW[category] + TYPICAL[category] * frac


def _high(rank: int) -> int:
    return 14 if rank == 1 else rank


def value_of(cards: Sequence[Card]) -> float:
    """A finished hand's chance of beating a typical final hand."""
    category = evaluate(cards).category
    counts = Counter(_high(c.rank) for c in cards)
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    top = groups[0]
    if category == "high_card":
        frac = max(0.0, min(1.0, (top - 7) / 7))
    elif category in ("one_pair", "three_of_a_kind", "four_of_a_kind"):
        frac = (top - 2) / 12
    elif category == "two_pair":
        frac = (top - 3) / 11
    else:
        frac = 0.5
    return utility(category, frac)


def unseen(known: Sequence[Card]) -> list[Card]:
    """Every card of the deck but ``known``: where a seat's outs can still come from."""
    seen = set(known)
    return [c for c in _DECK if c not in seen]


def _pairing_chance(kept: Sequence[Card], rank_left: Counter[int], n: int) -> float:
    """Chance one drawn card pairs a kept rank."""
    return sum(rank_left[c.rank] for c in kept) / n


def straight_outs(ranks: Sequence[int], rank_left: Counter[int]) -> int:
    """Unseen cards that complete a straight with these four different ranks (ace high
    or low, never round the corner)."""
    highs = {_high(r) for r in ranks} | ({1} if 1 in ranks else set())
    needed = set()
    for low in range(1, 11):  # straights from A-2-3-4-5 (low=1) to T-J-Q-K-A
        window = set(range(low, low + 5))
        if len(window & highs) == 4:
            missing = (window - highs).pop()
            needed.add(1 if missing == 14 else missing)
    return sum(rank_left[r] for r in needed)


def draw_options(hand: Sequence[Card], bias: Bias = Bias(),
                 dead: Sequence[Card] = ()) -> list[DrawOption]:
    """The sensible ways to draw to ``hand``, best first. ``dead`` are other cards the
    seat has seen (none in a two-handed game before the draw)."""
    left = unseen([*hand, *dead])
    n = len(left)
    rank_left = Counter(c.rank for c in left)
    suit_left = Counter(c.suit for c in left)
    value = evaluate(hand)
    category = value.category
    options = [DrawOption(tuple(range(5)), "pat", value_of(hand))]
    counts = Counter(c.rank for c in hand)
    places = {r: tuple(i for i, c in enumerate(hand) if c.rank == r) for r in counts}
    groups = sorted(counts.values(), reverse=True)
    if category in ("straight", "flush", "full_house", "four_of_a_kind", "straight_flush",
                    "royal_flush"):
        return options
    if groups[0] == 3:
        trip = next(r for r, k in counts.items() if k == 3)
        quads = 1 - comb(n - rank_left[trip], 2) / comb(n, 2)
        full = sum(comb(k, 2) for r, k in rank_left.items() if r != trip) / comb(n, 2)
        frac = (_high(trip) - 2) / 12
        options.append(DrawOption(places[trip], "trips",
                                  quads * utility("four_of_a_kind")
                                  + full * utility("full_house")
                                  + (1 - quads - full) * utility("three_of_a_kind", frac)))
    elif groups[:2] == [2, 2]:
        pairs = [r for r, k in counts.items() if k == 2]
        outs = sum(rank_left[r] for r in pairs)
        full = outs / n
        top = max(_high(r) for r in pairs)
        options.append(DrawOption(places[pairs[0]] + places[pairs[1]], "two_pair",
                                  full * utility("full_house")
                                  + (1 - full) * utility("two_pair", (top - 3) / 11)))
    elif groups[0] == 2:
        pair = next(r for r, k in counts.items() if k == 2)
        frac = (_high(pair) - 2) / 12
        made = sum(PAIR_DRAW.values())
        worth = sum(p * utility(cat) for cat, p in PAIR_DRAW.items())
        options.append(DrawOption(places[pair], "pair",
                                  worth + (1 - made) * utility("one_pair", frac)))
    options.extend(_flush_draws(hand, bias, n, rank_left, suit_left))
    options.extend(_straight_draws(hand, bias, n, rank_left))
    options.append(_high_cards(hand))
    options.sort(key=lambda o: -o.value)
    return options


def _flush_draws(hand: Sequence[Card], bias: Bias, n: int, rank_left: Counter[int],
                 suit_left: Counter[str]) -> list[DrawOption]:
    found = []
    suits = Counter(c.suit for c in hand)
    for suit, k in suits.items():
        keep = tuple(i for i, c in enumerate(hand) if c.suit == suit)
        kept = [hand[i] for i in keep]
        outs = suit_left[suit]
        if k == 4:
            flush = outs / n
            pair = _pairing_chance(kept, rank_left, n)
            top = max(_high(c.rank) for c in kept)
            rest = 1 - flush - pair
            found.append(DrawOption(keep, "four_flush",
                                    flush * utility("flush") * bias.flush
                                    + pair * utility("one_pair", (top - 2) / 12)
                                    + rest * utility("high_card", (top - 7) / 7)))
        elif k == 3:
            flush = comb(outs, 2) / comb(n, 2)
            found.append(DrawOption(keep, "three_flush",
                                    flush * utility("flush") * bias.flush
                                    + 0.3 * utility("one_pair")
                                    + (0.7 - flush) * utility("high_card", 0.3)))
    return found


def _straight_draws(hand: Sequence[Card], bias: Bias, n: int,
                    rank_left: Counter[int]) -> list[DrawOption]:
    found = []
    seen: set[frozenset[int]] = set()
    for drop in range(5):
        keep = tuple(i for i in range(5) if i != drop)
        ranks = [hand[i].rank for i in keep]
        if len(set(ranks)) != 4 or frozenset(ranks) in seen:
            continue
        seen.add(frozenset(ranks))
        outs = straight_outs(ranks, rank_left)
        if not outs:
            continue
        straight = outs / n
        kept = [hand[i] for i in keep]
        pair = _pairing_chance(kept, rank_left, n)
        top = max(_high(r) for r in ranks)
        kind = "open_straight" if outs > 4 else "inside_straight"
        found.append(DrawOption(keep, kind,
                                straight * utility("straight") * bias.straight
                                + pair * utility("one_pair", (top - 2) / 12)
                                + (1 - straight - pair) * utility("high_card", (top - 7) / 7)))
    return found


def _high_cards(hand: Sequence[Card]) -> DrawOption:
    """Keep the high cards (jack or better, at most two), draw the rest."""
    order = sorted(range(5), key=lambda i: -_high(hand[i].rank))
    keep = tuple(sorted(i for i in order[:2] if _high(hand[i].rank) >= 11))
    made = sum(HIGH_DRAW.values())
    worth = sum(p * utility(cat, 0.6 if keep else 0.4) for cat, p in HIGH_DRAW.items())
    top = _high(hand[order[0]].rank) if keep else 9
    return DrawOption(keep, "high_cards", worth + (1 - made) * utility("high_card",
                                                                       (top - 7) / 7 * 0.8))


def best_draw(hand: Sequence[Card], bias: Bias = Bias()) -> DrawOption:
    return _best_draw(tuple(hand), bias)


@lru_cache(maxsize=256)  # a hand is weighed at every bet before the draw and at the draw
def _best_draw(hand: tuple[Card, ...], bias: Bias) -> DrawOption:
    return draw_options(hand, bias)[0]
