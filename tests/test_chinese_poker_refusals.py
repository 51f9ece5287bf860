"""Chinese Poker's refusals word for word, as the player reads them: every reason
``check`` gives, in every phase, and every branch of ``why_not`` (a bomb on the table, a
different kind or length, the highest of a kind already down, a hand merely too low)."""

from collections.abc import Callable
from dataclasses import replace

import pytest

from game.cards import parse_cards
from game.rules import chinese_poker as C
from game.rules.base import NOBODY, IllegalMove
from tests.test_chinese_poker_rules import dealt, play_through_cut, with_hands

# Seat 0's hand holds a bomb (four 3s), pairs and threes in a row, a full house and a
# straight: a play of every kind to try on every table.
HAND = "3S 3H 3D 3C 4S 4H 4D 5S 5H 6S 7S 8S 9S"


def on_table(table: str = "", passes: int = 0) -> C.State:
    """Three seats in play, seat 0 to move over ``table`` (seat 2's; "" a free lead)."""
    state = with_hands(dealt(3), HAND, "6H 7H", "8H 9H", turn=0)
    return replace(state, table=tuple(parse_cards(table)), leader=2 if table else NOBODY,
                   passes=passes)


def choosing() -> C.State:
    """Two seats: the dealer (seat 0) took hand 2 of the three; seat 1 chooses."""
    state = C.apply(play_through_cut(C.new_game(2, {"players": 2})), C.Deal(0))
    return C.apply(state, C.Choose(0, 1))


POSITIONS: dict[str, Callable[[], C.State]] = {
    "cut": lambda: C.new_game(1, {"players": 3}),
    "deal": lambda: play_through_cut(C.new_game(3, {"players": 3})),  # seat 2 deals
    "choose": choosing,
    "over": lambda: replace(on_table(), phase="over"),
}


def position(name: str) -> C.State:
    """A named phase, else a play position with ``name`` on the table ("" a free lead)."""
    return POSITIONS[name]() if name in POSITIONS else on_table(name)


def play(cards: str) -> C.Play:
    """Seat 0 discards these cards."""
    return C.Play(0, tuple(cards.split()))


@pytest.mark.parametrize("where, move, reason", [
    # A play of another kind, or of the same kind and another length.
    ("7H", play("4S 5S 6S 7S 8S"), "Beat the table's single card with the same kind of "
     "hand, a higher single card, or with four of a kind."),
    ("JH JD JC 8H 8D", play("5S 6S 7S 8S 9S"), "Beat the table's full house with the same "
     "kind of hand, a higher full house, or with four of a kind."),
    ("7H 7D", play("3S 3H 4S 4H"), "Beat the table's pair with the same kind of hand, a "
     "higher pair, or with four of a kind."),
    ("7H 7D 8H 8D", play("5S 5H"), "Beat the table's 2 pairs in a row with the same kind "
     "of hand, a higher 2 pairs in a row, or with four of a kind."),
    ("9H 9D 9C", play("3S 3H 3D 4S 4H 4D"), "Beat the table's three of a kind with the "
     "same kind of hand, a higher three of a kind, or with four of a kind."),
    ("6H 6D 6C 7H 7D 7C", play("4S 4H 4D"), "Beat the table's 2 threes in a row with the "
     "same kind of hand, a higher 2 threes in a row, or with four of a kind."),
    ("8H 9D TC JH QD KC", play("4S 5S 6S 7S 8S"), "Beat the table's 6-card straight with "
     "the same kind of hand, a higher 6-card straight, or with four of a kind."),
    # The same kind and length, not high enough.
    ("7H", play("5S"), "Play a higher single card."),
    ("AH", play("9S"), "Play a higher single card."),
    ("7H 7D", play("5S 5H"), "Play a higher pair."),
    ("AH AD", play("5S 5H"), "Play a higher pair."),  # no pair of 2s: an ace pair tops it
    ("9H 9D 9C", play("4S 4H 4D"), "Play a higher three of a kind."),
    ("JH JD JC 8H 8D", play("4S 4H 4D 5S 5H"), "Play a higher full house."),
    ("6H 7D 8C 9H TD", play("4S 5S 6S 7S 8S"), "Play a higher 5-card straight."),
    # The highest of its kind is down: only a bomb beats it.
    ("2S", play("9S"), "No single card is higher than that one: only four of a kind "
     "beats it."),
    ("TH JD QC KH AD", play("5S 6S 7S 8S 9S"), "No 5-card straight is higher than that "
     "one: only four of a kind beats it."),
    # A bomb on the table: only a bomb with a higher fifth card (or four) beats it.
    ("KH KD KC KS 5D", play("9S"), "Only a four of a kind with a higher fifth card beats "
     "that."),
    ("KH KD KC KS 5D", play("3S 3H 3D 3C 4S"), "Only a four of a kind with a higher fifth "
     "card beats that."),
    ("KH KD KC KS 5D", play("3S 3H 3D 3C 5S"), "Only a four of a kind with a higher fifth "
     "card beats that."),
    ("KH KD KC KS 2S", play("3S 3H 3D 3C 9S"), "Only a four of a kind with a higher fifth "
     "card beats that."),
    # Not a hand, or not held.
    ("", play("3S 5S"), "Those cards are not a hand you may discard."),
    ("", play("3S 4S 5S 6S"), "Those cards are not a hand you may discard."),
    ("", play("KS"), "You do not hold those cards."),
    ("", play("5S 5H 5D"), "You do not hold those cards."),
    ("7H", play("KS"), "You do not hold those cards."),
    # Whose turn and which phase.
    ("", C.Play(1, ("6H",)), "It is not your turn."),
    ("", C.Cut(0, 0), "Discard a hand or pass."),
    ("", C.Deal(0), "Discard a hand or pass."),
    ("", C.Choose(0, 0), "Discard a hand or pass."),
    ("over", play("5S"), "The match is over."),
    ("over", C.Pass(0), "The match is over."),
    ("cut", C.Deal(0), "Cut for the deal first."),
    ("cut", C.Pass(0), "Cut for the deal first."),
    ("cut", C.Cut(0, 48), "Pick one of the cards spread for the cut."),
    ("cut", C.Cut(0, -1), "Pick one of the cards spread for the cut."),
    ("cut", C.Cut(1, 0), "It is not your turn."),
    ("deal", C.Cut(2, 0), "Deal the cards first."),
    ("deal", C.Play(2, ("3S",)), "Deal the cards first."),
    ("choose", C.Pass(1), "Choose your hand first."),
    ("choose", C.Choose(1, 1), "That hand has been taken."),
    ("choose", C.Choose(1, 3), "That hand has been taken."),
    ("choose", C.Choose(1, -1), "That hand has been taken."),
])
def test_each_refusal_tells_its_reason_word_for_word(where: str, move: C.Move,
                                                     reason: str) -> None:
    """Whatever the rules refuse they tell the player why, and never list as legal."""
    state = position(where)
    with pytest.raises(IllegalMove) as refusal:
        C.apply(state, move)
    assert str(refusal.value) == reason
    assert move not in C.legal_moves(state, move.seat)


@pytest.mark.parametrize("move, seat, reason", [
    (C.Pass(1), 0, "That move is another player's."),
    ("pass", 0, "That is not a Chinese Poker move."),
    (None, None, "That is not a Chinese Poker move."),
])
def test_a_move_sent_for_another_seat_or_not_a_move_at_all_is_refused(
        move: object, seat: int | None, reason: str) -> None:
    """A table asks ``check`` on a seat's behalf; what it cannot read is no move."""
    with pytest.raises(IllegalMove) as refusal:
        C.check(on_table(), move, seat)  # type: ignore[arg-type]
    assert str(refusal.value) == reason


def test_a_lead_everyone_else_passed_may_not_be_passed_too() -> None:
    """The last seat of a free lead must play, so the table never stalls."""
    state = on_table(passes=2)
    with pytest.raises(IllegalMove) as refusal:
        C.apply(state, C.Pass(0))
    assert str(refusal.value) == "Everyone else has passed: lead a hand of your own."
