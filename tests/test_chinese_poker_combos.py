"""Chinese Poker's discards: every kind of hand, every comparison rule (the manual's own
examples among them) and the penalty chart, through the public contract."""

import pytest

from game.cards import parse_cards
from game.rules.chinese_poker import beats, classify, combo_name, penalty
from game.rules.chinese_poker_combos import runs


def kind(text: str) -> str | None:
    combo = classify(parse_cards(text))
    return combo.kind if combo else None


def wins(play: str, table: str) -> bool:
    return beats(classify(parse_cards(play)), classify(parse_cards(table)))


@pytest.mark.parametrize("text, expected", [
    ("3S", "single"), ("2S", "single"),
    ("4S 4H", "pairs"), ("4S 4H 5D 5C 6S 6H", "pairs"), ("KS KH AD AC", "pairs"),
    ("9S 9H 9D", "triples"), ("3S 3H 3D 4S 4H 4D", "triples"),
    ("9S 9H 9D 4S 4H", "full_house"), ("7S 7H 7D KS KH", "full_house"),
    ("3S 4H 5D 6C 7S", "straight"), ("2S 3H 4D 5C 6S", "straight"),
    ("TS JH QD KC AS", "straight"),
    ("2S 3H 4D 5C 6S 7H 8D 9C TS JH QD KC AS", "straight"),  # 13 cards, 2 low to A high
    ("8S 4S 4H 4D 4C", "bomb"), ("6S JS JH JD JC", "bomb"),
])
def test_every_kind_of_hand(text: str, expected: str) -> None:
    assert kind(text) == expected


@pytest.mark.parametrize("text, name", [
    ("3S", "single card"), ("4S 4H", "pair"), ("KS KH AD AC", "2 pairs in a row"),
    ("4S 4H 5D 5C 6S 6H", "3 pairs in a row"), ("9S 9H 9D", "three of a kind"),
    ("3S 3H 3D 4S 4H 4D", "2 threes in a row"), ("9S 9H 9D 4S 4H", "full house"),
    ("3S 4H 5D 6C 7S 8D", "6-card straight"), ("8S 4S 4H 4D 4C", "four of a kind"),
])
def test_a_hand_counts_its_cards_and_is_named_as_the_table_tells_it(text: str,
                                                                      name: str) -> None:
    """The name is the one the table and its refusals give ("Play a higher pair."); the
    length is the number of cards, which the computer players' playouts match against."""
    combo = classify(parse_cards(text))
    assert combo is not None and combo.length == len(parse_cards(text))
    assert combo_name(combo) == name


@pytest.mark.parametrize("text", [
    "", "4S 5H", "4S 4H 5D 5C 7S 7H",  # pairs must run: 445577 is not a hand
    "4S 4H 4D 4C",  # four of a kind needs a fifth card
    "3S 4H 5D 6C",  # a straight has five cards or more
    "QS KH AD 2C 3S",  # no wrapping round: the 2 is low in straights
    "AS 2H 3D 4C 5S",  # nor the ace low
    "3S 3H 3D 4S 4H 5D",  # a triple and a pair and a single
    "9S 9H 9D 4S 4H 4D 5C 5S",  # nor two triples and a pair
    "3S 3S",  # one card twice
    "3S 3H 4D 4C 5S",
])
def test_what_is_not_a_hand(text: str) -> None:
    assert kind(text) is None


@pytest.mark.parametrize("play, table", [
    ("2S", "AS"), ("AS", "KS"), ("4S", "3S"),  # singles: 3 low, 2 high
    ("9S 9H", "8S 8H"),  # the manual's pairs of 8s
    ("5S 5H 6D 6C 7S 7H", "4S 4H 5D 5C 6S 6H"),
    ("TS TH TD", "9S 9H 9D"),
    ("9S 9H 9D 4S 4H", "7S 7H 7D KS KH"),  # only the triple counts: 99944 beats 777KK
    ("4S 5H 6D 7C 8S 9H", "3S 4H 5D 6C 7S 8H"),  # 456789 beats 345678
    ("3S 4H 5D 6C 7S", "2S 3H 4D 5C 6S"),  # the 2 is low in a straight
    ("8S 4S 4H 4D 4C", "6S JS JH JD JC"),  # 84444 beats 6JJJJ: the fifth card decides
    ("3S 4S 4H 4D 4C", "2S"), ("3S 4S 4H 4D 4C", "AS AH"),  # bombs go on anything
    ("3S 4S 4H 4D 4C", "9S 9H 9D 4S 4H"), ("3S 4S 4H 4D 4C", "2S 3H 4D 5C 6S"),
    ("8S JS JH JD JC", "8H 4S 4H 4D 4C"),  # same fifth rank: the higher four wins
])
def test_what_beats_what(play: str, table: str) -> None:
    assert wins(play, table)
    assert not wins(table, play)


@pytest.mark.parametrize("play, table", [
    ("9S 9H", "8S"),  # another kind
    ("4S 4H 5D 5C", "3S 3H"),  # two pairs do not go on one pair
    ("4S 5H 6D 7C 8S 9H", "3S 4H 5D 6C 7S"),  # straights of the same length only
    ("8S 8H", "8D 8C"),  # equal is not higher
    ("9S 9H 9D 4S 4H", "9S 9H 9D 4S 4H"),
    ("AS AH AD KS KH", "3S 4S 4H 4D 4C"),  # nothing but a bomb beats a bomb
    ("8S JS JH JD JC", "8H JS JH JD JC"),  # a bomb of the same fifth rank and four ties
])
def test_what_does_not_beat(play: str, table: str) -> None:
    assert not wins(play, table)


def test_anything_may_lead() -> None:
    assert beats(classify(parse_cards("3S")), None)


@pytest.mark.parametrize("left, size, points", [
    (12, 12, 50), (11, 12, 40), (10, 12, 30), (9, 12, 9), (1, 12, 1), (0, 12, 0),
    (16, 16, 50), (15, 16, 40), (14, 16, 30), (13, 16, 13),
    # The one who went out owes nothing, however few cards a (hand-built) deal gave.
    (0, 2, 0), (0, 1, 0), (0, 0, 0),
])
def test_penalties(left: int, size: int, points: int) -> None:
    assert penalty(left, size) == points


def test_a_penalty_for_more_cards_than_dealt_is_an_error() -> None:
    with pytest.raises(ValueError, match="13 cards left of a hand of 12"):
        penalty(13, 12)


@pytest.mark.parametrize("heights, shortest, longest, found", [
    ([3, 4, 5, 7], 1, 3, [[3], [3, 4], [3, 4, 5], [4], [4, 5], [5], [7]]),
    ([3, 4, 5, 6, 7, 8], 5, 6, [[3, 4, 5, 6, 7], [3, 4, 5, 6, 7, 8], [4, 5, 6, 7, 8]]),
    ([2, 4, 6], 1, 3, [[2], [4], [6]]),  # a gap ends every run
    ([9, 10, 11], 2, 2, [[9, 10], [10, 11]]),
    ([], 1, 5, []),
])
def test_runs_are_every_stretch_of_consecutive_heights_within_the_lengths(
        heights: list[int], shortest: int, longest: int, found: list[list[int]]) -> None:
    assert runs(heights, shortest, longest) == found
