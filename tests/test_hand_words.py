"""A poker hand in words, straight from ``hand_words`` (the Draw Poker table reaches it
only through a whole showdown): every category's name, the cards that make it, and the
card that tells two hands of one name apart."""

import pytest

from game.cards import Card, card_from_uid
from game.rules.hand_words import hand_words, making_cards, showdown_words, strength


def parse_cards(text: str) -> list[Card]:
    """Cards by uid: "4S#1" is the second deck's four of spades."""
    return [card_from_uid(uid) for uid in text.split()]


@pytest.mark.parametrize(("hand", "words"), [
    ("AS KD 8C 5H 3S", "ace high"),
    ("2S 3D 4C 5H 7S", "seven high"),
    ("6S 6D 8C 5H 3S", "pair of sixes"),
    ("KS KD 7C 7H 3S", "two pair, kings and sevens"),
    ("9S 9D 9C 5H 3S", "three nines"),
    ("AS 2D 3C 4H 5S", "straight, five high"),
    ("TS JD QC KH AS", "straight, ace high"),
    ("AH 9H 7H 4H 2H", "flush, ace high"),
    ("KS KD KC 5H 5S", "full house, kings over fives"),
    ("QS QD QC QH 3S", "four queens"),
    ("8H 9H TH JH QH", "straight flush, queen high"),
    ("TS JS QS KS AS", "royal flush"),
    ("4S 4S#1 4D 4C 4H", "five fours"),
    ("2S 2D 3C 3H 3S", "full house, threes over twos"),
])
def test_every_category_is_named_with_its_ranks(hand: str, words: str) -> None:
    assert hand_words(parse_cards(hand)) == words


@pytest.mark.parametrize(("hand", "expected"), [
    ("AS KD 8C 5H 3S", ("high_card", (14, 13, 8, 5, 3))),
    ("AH 9H 7H 4H 2H", ("flush", (14, 9, 7, 4, 2))),
    ("AH 9H 7H 4H 2S", ("high_card", (14, 9, 7, 4, 2))),  # one suit off: no flush
    ("KS KD 7C 7H 3S", ("two_pair", (13, 7, 3))),
    ("AS 2D 3C 4H 5S", ("straight", (5,))),
])
def test_strength_is_the_category_and_its_ranks(hand: str, expected: tuple) -> None:
    assert strength(parse_cards(hand)) == expected


@pytest.mark.parametrize(("hand", "making"), [
    ("AS KD 8C 5H 2S", "AS"),  # the two is low: only the ace makes ace high
    ("4S 4S#1 4D 4C 4H", "4S 4S#1 4D 4C 4H"),
    ("TS JS QS KS AS", "TS JS QS KS AS"),
])
def test_the_cards_that_make_more_hands(hand: str, making: str) -> None:
    assert making_cards(parse_cards(hand)) == parse_cards(making)


@pytest.mark.parametrize(("a", "b", "words"), [
    # Different names, or the very same ranks: the names alone.
    ("KS KD 7C 7H 3S", "AS KD 8C 5H 3S", ("two pair, kings and sevens", "ace high")),
    ("JS JD 8C 5H 3S", "JH JC 8D 5D 3H", ("pair of jacks", "pair of jacks")),
    # One name: the first rank that differs, as a kicker or, in a run, "then".
    ("JS JD 8C 5H 3S", "JH JC 9C 5D 2H", ("pair of jacks, eight kicker",
                                          "pair of jacks, nine kicker")),
    ("KS KD 7C 7H AS", "KH KC 7D 7S 3H", ("two pair, kings and sevens, ace kicker",
                                          "two pair, kings and sevens, three kicker")),
    ("AH 9H 7H 4H 2H", "AD 9D 6D 4D 2D", ("flush, ace high, then a seven",
                                          "flush, ace high, then a six")),
    ("AS KD 8C 5H 3S", "AD KS 8D 5D 2H", ("ace high, then a three", "ace high, then a two")),
    ("AH 9H 8H 4H 2H", "AD 9D 7D 4D 2D", ("flush, ace high, then an eight",
                                          "flush, ace high, then a seven")),
    ("KS QD 9C 5H 3S", "AD QS 9D 5D 2H", ("king high", "ace high")),
])
def test_showdown_words_tell_the_hands_apart(a: str, b: str, words: tuple[str, str]) -> None:
    assert showdown_words(parse_cards(a), parse_cards(b)) == words
