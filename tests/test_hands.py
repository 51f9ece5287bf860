"""The hand evaluator: exact over every one-deck hand, two-deck hands, the order of
draw poker, and the category of partial hands."""

import itertools
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest

from game.cards import Card, full_deck, parse_cards
from game.rules import hands as H
from game.rules.hand_words import making_cards
from game.rules.hands import CATEGORIES, category, evaluate

# How many of the 2,598,960 five-card hands fall in each category.
ONE_DECK_COUNTS = {
    "royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3744,
    "flush": 5108, "straight": 10200, "three_of_a_kind": 54912, "two_pair": 123552,
    "one_pair": 1098240, "high_card": 1302540,
}


def value(text: str):  # noqa: ANN201
    return evaluate(parse_cards(text))


def test_every_one_deck_hand_counts_exactly() -> None:
    values = Counter(map(evaluate, combinations(full_deck(), 5)))
    assert sum(values.values()) == 2_598_960
    assert len(values) == 7462
    per_category = Counter()
    for v, n in values.items():
        per_category[v.category] += n
    assert per_category == ONE_DECK_COUNTS
    # Categories never overlap: every value of a better category beats every lower one.
    lowest = {}
    highest = {}
    for v in values:
        lowest[v.category] = min(lowest.get(v.category, v), v)
        highest[v.category] = max(highest.get(v.category, v), v)
    ranked = [c for c in CATEGORIES if c in lowest]
    for low, high in zip(ranked, ranked[1:], strict=False):
        assert highest[low] < lowest[high], (low, high)


def test_two_decks_make_five_of_a_kind_the_best_hand() -> None:
    five = evaluate([Card(7, s, d) for s, d in (("S", 0), ("H", 0), ("D", 0), ("S", 1), ("C", 1))])
    assert five.category == "five_of_a_kind"
    assert five > value("AS KS QS JS TS")
    assert five > value("6S 6H 6D 6C 6S")  # ranks decide between fives
    assert five == value("7C 7C 7H 7S 7D")


def test_a_two_deck_flush_with_a_pair_is_a_flush() -> None:
    paired = evaluate([Card(9, "H"), Card(9, "H", 1), Card(4, "H"), Card(2, "H"), Card(3, "H")])
    assert paired.category == "flush"
    assert value("9H 8H 4H 2H 3H") < paired < value("TH 8H 4H 2H 3H")
    assert paired < value("9S 9D 9C 2H 2S")


@pytest.mark.parametrize(("better", "worse"), [
    ("AS KS QS JS TS", "KH QH JH TH 9H"),      # royal over straight flush
    ("5D 4D 3D 2D AD", "AC AD AH AS KC"),      # the lowest straight flush beats any four
    ("2C 2D 2H 2S 3C", "AC AD AH KS KC"),      # four of a kind over a full house
    ("3C 3D 3H 2S 2C", "AH KH QH JH 9H"),      # full house over a flush
    ("7H 5H 4H 3H 2H", "AC KD QH JS TC"),      # flush over the best straight
    ("6C 5D 4H 3S 2C", "5S 4C 3D 2H AH"),      # A-2-3-4-5 is the lowest straight
    ("AC KD QH JS TC", "KC QD JH TS 9C"),
    ("5S 4C 3D 2H AH", "AS AD AH KC QD"),      # even the wheel beats three aces
    ("2S 2D 2H 4C 3D", "AS AD KH KC QD"),      # trips over two pair
    ("AS AD 3H 3C 2D", "KS KD QH QC JD"),      # two pair: the higher pair first
    ("KS KD 3H 3C 5D", "KC KH 3S 3D 4C"),      # then the kicker
    ("AS AD 4H 3C 2D", "KS KD QH JC 9D"),      # pairs: aces high
    ("AS KD 4H 3C 2D", "KS QD JH TC 8D"),      # high card: ace high
    ("AS KD 9H 3C 2D", "AC KH 8D 7C 6D"),      # compared card by card
])
def test_hands_rank_as_in_draw_poker(better: str, worse: str) -> None:
    assert value(better) > value(worse)


def test_a_value_shows_its_number_and_category() -> None:
    flush = value("AH 9H 7H 4H 2H")
    assert repr(flush) == f"HandValue({int(flush)}, flush)"


def test_no_wrap_around_and_ties_are_equal() -> None:
    assert value("QS KD AH 2C 3D").category == "high_card"
    assert value("AS KS QD JC TH") == value("TS JD QS KC AD")
    assert value("AS 2S 3S 4S 5S").category == "straight_flush"


def test_names_and_bad_hands() -> None:
    assert value("AS KS QS JS TS").category == "royal_flush"
    assert value("AS KS QS JS TS").label == "Royal flush"
    assert value("AS KD 9H 3C 2D").label == "Nothing"
    with pytest.raises(ValueError):
        evaluate(parse_cards("AS KS QS JS"))
    with pytest.raises(ValueError):
        evaluate(["AS", "KS", "QS", "JS", "XX"])


@pytest.mark.parametrize(("cards", "expected"), [
    ("", "high_card"),
    ("AS", "high_card"),
    ("AS AD", "one_pair"),
    ("AS AD KC KH", "two_pair"),
    ("AS AD AC", "three_of_a_kind"),
    ("AS AD AC KH", "three_of_a_kind"),       # not yet a full house
    ("AS AD AC AH", "four_of_a_kind"),
    ("5D 6D 7D 8D", "high_card"),             # four to a straight flush is nothing yet
    ("5D 6D 7D 8D 9D", "straight_flush"),
    ("AS AD AC KH KS", "full_house"),
])
def test_partial_hands_count_groups_only(cards: str, expected: str) -> None:
    assert category(parse_cards(cards)) == expected
    assert category([*parse_cards(cards), None][:5]) == expected


def test_figure_1_hands_of_the_manual() -> None:
    # The manual's figure: hand 6 is four to a straight flush (nothing yet), hand 7
    # a complete flush, hand 8 two pair on its way to a full house.
    assert category(["5H", "6H", "7H", "8H", None]) == "high_card"
    assert category(["5D", "2D", "JD", "10D", "3D"]) == "flush"
    assert category(["6D", "6S", "7C", "7D", None]) == "two_pair"


def test_a_written_gap_anywhere_is_skipped_and_the_cards_after_it_count() -> None:
    # Both mutants of the gap test survived: a gap misread as a card, or ending the hand.
    assert category(["--", "AS", "--", "AH", "KD"]) == "one_pair"
    assert category(["--", "--", "--", "--", "--"]) == "high_card"


def test_written_cards_are_read_and_wrong_hands_refused_with_the_reason() -> None:
    assert evaluate(["AS", "AH", "AD", "KC", "KH"]).category == "full_house"
    with pytest.raises(ValueError, match="exactly 5 cards"):
        evaluate(parse_cards("AS AH AD KC"))
    with pytest.raises(ValueError, match="no two decks"):
        evaluate([Card(1, "S")] * 5)
    with pytest.raises(ValueError, match="at most 5 cards, got 6"):
        category(parse_cards("AS AH AD KC KH 2S"))


# -- the lookup tables, built again and checked against a plain reading of the rules ----
# (They are built once at import; building them here is what lets a planted bug in a
# builder show: the mutation run switches a mutant on only after the import.)

STRAIGHTS = [list(range(top - 4, top + 1)) for top in range(6, 15)] + [[2, 3, 4, 5, 14]]


def plain_strength(ranks: tuple[int, ...], suited: bool) -> tuple[int, tuple[int, ...]]:
    highs = sorted((14 if r == 1 else r for r in ranks), reverse=True)
    top = next((s[-1] if s != [2, 3, 4, 5, 14] else 5 for s in STRAIGHTS
                if sorted(highs) == s), None)
    if suited and top == 14:
        return CATEGORIES.index("royal_flush"), (14,)
    if suited and top:
        return CATEGORIES.index("straight_flush"), (top,)
    if suited:
        return CATEGORIES.index("flush"), tuple(highs)
    if top:
        return CATEGORIES.index("straight"), (top,)
    counts = Counter(highs)
    shape = sorted(counts.values(), reverse=True)
    name = {(5,): "five_of_a_kind", (4, 1): "four_of_a_kind", (3, 2): "full_house",
            (3, 1, 1): "three_of_a_kind", (2, 2, 1): "two_pair",
            (2, 1, 1, 1): "one_pair"}.get(tuple(shape), "high_card")
    return CATEGORIES.index(name), tuple(sorted(counts, key=lambda r: (counts[r], r),
                                                reverse=True))


def test_the_hand_tables_built_anew_order_every_hand_as_the_rules_read_plainly() -> None:
    plain, suited = H._build()
    entries = []
    for ranks in combinations_with_replacement(range(1, 14), 5):
        key = H._product(ranks)
        entries.append((plain[key], plain_strength(ranks, False)))
        if max(Counter(ranks).values()) <= 2:
            entries.append((suited[key], plain_strength(ranks, True)))
        else:
            assert key not in suited
    for value, strength in entries:
        assert value.category == CATEGORIES[strength[0]]
    by_value = sorted(entries, key=lambda e: e[0])
    for (v1, s1), (v2, s2) in zip(by_value, by_value[1:], strict=False):
        assert (v1 < v2) == (s1 < s2) and (v1 == v2) == (s1 == s2), (s1, s2)


def test_the_partial_table_and_the_rank_tree_built_anew() -> None:
    partial = H._partial_table()
    for size in range(5):
        for ranks in combinations_with_replacement(range(1, 14), size):
            shape = sorted(Counter(ranks).values(), reverse=True) + [0, 0]
            name = ("four_of_a_kind" if shape[0] == 4 else "three_of_a_kind" if shape[0] == 3
                    else "two_pair" if shape[:2] == [2, 2] else "one_pair" if shape[0] == 2
                    else "high_card")
            assert partial[H._product(ranks)] == name, ranks
    tree = H._rank_tree()
    for ranks in itertools.product(range(1, 14), repeat=5):
        if sum(ranks) % 7 == 0:  # a seventh of all orders, every leaf shape among them
            a, b, c, d, e = ranks
            assert tree[a][b][c][d][e] is H._PLAIN[H._product(ranks)]


@pytest.mark.parametrize(("hand", "making"), [
    ("AS KD 8C 5H 3S", "AS"),  # high card: the ace, counted high
    ("KS 9D 8C 5H 3S", "KS"),
    ("JS JD 8C 5H 3S", "JS JD"),
    ("JS JD 8C 8H 3S", "JS JD 8C 8H"),
    ("7S 7D 7C 5H 3S", "7S 7D 7C"),
    ("7S 7D 7C 7H 3S", "7S 7D 7C 7H"),
    ("7S 7D 7C 3H 3S", "7S 7D 7C 3H 3S"),
    ("AS 2D 3C 4H 5S", "AS 2D 3C 4H 5S"),
    ("AH 9H 7H 4H 2H", "AH 9H 7H 4H 2H"),
])
def test_the_cards_that_make_a_hand(hand: str, making: str) -> None:
    assert making_cards(parse_cards(hand)) == parse_cards(making)
