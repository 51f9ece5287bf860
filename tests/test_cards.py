import pytest

from game.cards import Card, card_from_uid, full_deck, parse_cards


def test_parse_cards_accepts_every_spelling() -> None:
    cards = parse_cards("AS 10d Th kc 2H")
    assert [c.code for c in cards] == ["AS", "TD", "TH", "KC", "2H"]
    assert cards[1] == cards[2].__class__(10, "D")
    assert Card.parse("qs").rank == 12


@pytest.mark.parametrize("bad", ["1S", "AX", "10", "XX", "A", "11H"])
def test_parse_cards_names_the_bad_token(bad: str) -> None:
    with pytest.raises(ValueError, match=f"not a card: '{bad}'"):
        parse_cards(f"AS {bad} KD")


def test_two_decks_tell_copies_apart() -> None:
    deck = full_deck(2)
    assert len(deck) == 104 and len(set(deck)) == 104
    assert len({c.code for c in deck}) == 52
    second = Card(1, "S", 1)
    assert second.uid == "AS#1" and card_from_uid("AS#1") == second
