"""A five-card poker hand named with its ranks, as players say it at a showdown: "two
pair, kings and sevens", "full house, kings over fives", "flush, ace high". Two hands
whose names match are told apart by the first card that settles them ("pair of jacks,
queen kicker"). Pure."""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import Card
from game.rules.hands import CATEGORIES, rank_strength

ONE = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
       9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
MANY = {r: ("sixes" if r == 6 else f"{word}s") for r, word in ONE.items()}
RUNS = ("high_card", "flush")  # told apart card by card from the top ("then a king")


def strength(cards: Sequence[Card]) -> tuple[str, tuple[int, ...]]:
    """The category and its ranks, most telling first (the ace counts 14)."""
    suited = len({c.suit for c in cards}) == 1
    index, ranks = rank_strength([c.rank for c in cards], suited)
    return CATEGORIES[index], ranks


def hand_words(cards: Sequence[Card]) -> str:
    category, r = strength(cards)
    return {
        "high_card": lambda: f"{ONE[r[0]]} high",
        "one_pair": lambda: f"pair of {MANY[r[0]]}",
        "two_pair": lambda: f"two pair, {MANY[r[0]]} and {MANY[r[1]]}",
        "three_of_a_kind": lambda: f"three {MANY[r[0]]}",
        "straight": lambda: f"straight, {ONE[r[0]]} high",
        "flush": lambda: f"flush, {ONE[r[0]]} high",
        "full_house": lambda: f"full house, {MANY[r[0]]} over {MANY[r[1]]}",
        "four_of_a_kind": lambda: f"four {MANY[r[0]]}",
        "straight_flush": lambda: f"straight flush, {ONE[r[0]]} high",
        "royal_flush": lambda: "royal flush",
        "five_of_a_kind": lambda: f"five {MANY[r[0]]}",
    }[category]()


def making_cards(cards: Sequence[Card]) -> list[Card]:
    """The cards that make the hand its name: a pair's two, two pair's four, the sets of
    three or four, a high card's top card; every card of a straight, flush or full house."""
    category, ranks = strength(cards)
    if category == "high_card":
        return [c for c in cards if (c.rank if c.rank > 1 else 14) == ranks[0]]
    if category in ("one_pair", "two_pair", "three_of_a_kind", "four_of_a_kind"):
        return [c for c in cards if sum(d.rank == c.rank for d in cards) > 1]
    return list(cards)


def showdown_words(a: Sequence[Card], b: Sequence[Card]) -> tuple[str, str]:
    """Both hands named so that the names show which is higher."""
    words = [hand_words(a), hand_words(b)]
    (kind, ra), (_, rb) = strength(a), strength(b)
    if words[0] != words[1] or ra == rb:
        return words[0], words[1]
    at = next(i for i, (x, y) in enumerate(zip(ra, rb, strict=True)) if x != y)
    for n, ranks in enumerate((ra, rb)):
        card = ONE[ranks[at]]
        article = "an" if card[0] in "ae" else "a"  # "then an eight"
        words[n] += f", then {article} {card}" if kind in RUNS else f", {card} kicker"
    return words[0], words[1]
