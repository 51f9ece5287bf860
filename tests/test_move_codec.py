"""The shared move codec: every game's moves round-trip, and a move of the wrong shape
is refused with ValueError before the rules ever see it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.rules import chinese_poker as C
from game.rules import draw_poker as D
from game.rules import poker_squares as P
from game.rules.move_codec import MoveCodec


@pytest.mark.parametrize("move", [
    C.Cut(2, 17), C.Deal(0), C.Choose(1, 2), C.Pass(3), C.Play(0, ("3S", "3H")),
    D.ChooseDealer("queen"), D.Bet(0, 250), D.Raise(1, 5), D.Draw(0, (0, 3)), D.Fold(1),
    P.Place(1, 4, 3, 2, 1), P.Shift(0, "g012", "r0"), P.Pass(1), P.Done(0),
])
def test_every_kind_of_move_round_trips(move: object) -> None:
    codec = next(m.CODEC for m in (C, D, P) if type(move) in m.CODEC.names)
    data = codec.to_json(move)
    assert codec.from_json(data) == move
    assert data["type"] == codec.names[type(move)]


@pytest.mark.parametrize("data, words", [
    (None, "not a chinese poker move: None"),
    ([], "not a chinese poker move: []"),
    ("pass", "not a chinese poker move: 'pass'"),
    ({"type": "castle", "seat": 0}, "not a chinese poker move: {'type': 'castle', 'seat': 0}"),
    ({"type": "pass", "seat": True}, "pass: bad seat True"),  # a bool is not a seat
    ({"type": "pass", "seat": -1}, "pass: bad seat -1"),      # out of the game's range
    ({"type": "pass", "seat": 1.0}, "pass: bad seat 1.0"),
    ({"type": "pass"}, "a pass move has the fields seat"),     # the seat left out
    ({"type": "play", "cards": []}, "a play move has the fields seat, cards"),
    ({"type": "play", "seat": 0, "cards": [], "extra": 1},    # a field the move lacks
     "a play move has the fields seat, cards"),
    ({"type": "play", "seat": 0, "cards": "3S"}, "play: cards is a list of at most 16"),
    ({"type": "play", "seat": 0, "cards": [3]}, "play: bad cards 3"),  # not card codes
    ({"type": "play", "seat": 0, "cards": ["3S"] * 17}, "play: cards is a list of at most 16"),
    ({"type": "play", "seat": 0, "cards": ["ZZ"]},             # the move itself refuses it
     "not a card: 'ZZ' (expected rank A,2-9,T/10,J,Q,K and suit S,H,D,C)"),
    ({"type": "cut", "seat": 0, "index": 64}, "cut: bad index 64"),
])
def test_a_move_of_the_wrong_shape_is_refused_in_words(data: object, words: str) -> None:
    """The words name the move and the field: a network table sends them back to the
    seat whose message was not a move ("not a move: ...")."""
    with pytest.raises(ValueError) as refusal:
        C.move_from_json(data)
    assert str(refusal.value) == words


def test_bounds_are_the_games_own() -> None:
    with pytest.raises(ValueError):
        P.move_from_json({"type": "shift", "seat": 0, "source": "g00000", "target": "r0"})
    with pytest.raises(ValueError):
        P.move_from_json({"type": "place", "seat": 0, "row": 100, "col": 0})
    assert D.move_from_json({"type": "bet", "seat": 0, "amount": 99_999}) == D.Bet(0, 99_999)


@dataclass(frozen=True)
class Say:
    words: str
    marks: tuple[str, ...] = ()


def test_a_codec_bounds_text_and_lists_at_sixteen_unless_told() -> None:
    codec = MoveCodec("talk", {"say": Say})
    longest = Say("x" * 16, ("a",) * 16)
    assert codec.from_json(codec.to_json(longest)) == longest
    for data in ({"type": "say", "words": "x" * 17},
                 {"type": "say", "words": "", "marks": ["a"] * 17}):
        with pytest.raises(ValueError):
            codec.from_json(data)
    with pytest.raises(ValueError, match="not a talk move"):
        codec.from_json({"type": "shout"})
    short = MoveCodec("talk", {"say": Say}, text=3)
    assert short.from_json({"type": "say", "words": "abc"}) == Say("abc")
    with pytest.raises(ValueError):
        short.from_json({"type": "say", "words": "abcd"})
