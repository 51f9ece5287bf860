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


@pytest.mark.parametrize("data", [
    None, [], "pass", {"type": "castle", "seat": 0},
    {"type": "pass", "seat": True},            # a bool is not a seat
    {"type": "pass", "seat": -1},              # out of the game's range
    {"type": "pass", "seat": 1.0},
    {"type": "pass"},                          # the seat left out
    {"type": "pass", "seat": 0, "extra": 1},   # a field the move does not have
    {"type": "play", "seat": 0, "cards": "3S"},          # not a list
    {"type": "play", "seat": 0, "cards": [3]},           # not card codes
    {"type": "play", "seat": 0, "cards": ["3S"] * 17},   # too many
    {"type": "play", "seat": 0, "cards": ["ZZ"]},        # the move itself refuses it
    {"type": "cut", "seat": 0, "index": 64},
])
def test_a_move_of_the_wrong_shape_is_refused(data: object) -> None:
    with pytest.raises(ValueError):
        C.move_from_json(data)


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
