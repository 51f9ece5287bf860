"""Views to JSON and back (game/rules/views.py) on small views of their own: every
field type, every refusal, the shared parts and the card codes. The property tests
reach this module only through whole games, slowly."""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterator
from dataclasses import dataclass, make_dataclass, replace
from typing import Any

import pytest

from game.cards import Card
from game.rules import views
from game.rules.views import SharedParts, card_codes, from_json, to_json

ACE = Card(1, "S")
TEN_TWO = Card(10, "D", 1)


@dataclass(frozen=True)
class Inner:
    card: Card | None
    n: int


@dataclass(frozen=True)
class Outer:
    inner: Inner
    cards: tuple[Card | None, ...]
    pair: tuple[int, str]
    table: dict[str, float]
    flag: bool
    note: str | None
    anything: Any


@dataclass
class Loose:  # not frozen: its JSON may change while it lives
    n: int


OUTER = Outer(Inner(ACE, 3), (TEN_TWO, None), (1, "x"), {"k": 2.5}, True, None, [1])
OUTER_JSON = {"inner": {"card": "AS", "n": 3}, "cards": ["TD#1", None], "pair": [1, "x"],
              "table": {"k": 2.5}, "flag": True, "note": None, "anything": [1]}


@pytest.fixture(autouse=True)
def forget_caches() -> Iterator[None]:
    """Each test asks the per-type caches afresh: mutmut forks each mutant's run from a
    process that already ran these tests, so a remembered answer would hide a changed
    function (mutmut 3.8 leaves decorated functions unmutated; a hand-planted bug is
    not)."""
    for cached in (views._frozen, views._field_names, views._hints, views._shape):
        cached.cache_clear()
    yield


def test_a_view_goes_to_json_and_back() -> None:
    assert to_json(OUTER) == OUTER_JSON
    assert to_json(OUTER, SharedParts()) == OUTER_JSON
    assert from_json(Outer, OUTER_JSON) == OUTER


def test_a_whole_number_is_read_as_a_float_where_one_is_due() -> None:
    value = from_json(Outer, {**OUTER_JSON, "table": {"k": 2}}).table["k"]
    assert value == 2.0 and type(value) is float


Point = namedtuple("Point", "x y")


@pytest.mark.parametrize(("value", "data"), [
    (["AS", ACE], ["AS", "AS"]),
    (Point(ACE, 2), ["AS", 2]),  # a tuple of another type is still a list
    ({1: ACE, "b": (None,)}, {"1": "AS", "b": [None]}),
    (Loose(4), {"n": 4}),
    (frozenset({3}), frozenset({3})),  # no view holds one: passed on as it is
])
def test_other_values_in_json(value: Any, data: Any) -> None:
    assert to_json(value) == data


def test_shared_parts_are_turned_into_json_once() -> None:
    cards = (ACE, None)
    inner = Inner(ACE, 1)
    shared = SharedParts()
    first, again = to_json([cards, inner], shared), to_json([cards, inner], shared)
    assert first == [["AS", None], {"card": "AS", "n": 1}]
    assert first[0] is again[0] and first[1] is again[1]
    assert to_json([(ACE, None)], shared)[0] is not first[0]  # equal, but another tuple
    loose = Loose(5)
    assert to_json(loose, shared) is not to_json(loose, shared)  # not frozen: anew


def test_a_part_shared_inside_other_parts_is_turned_into_json_once() -> None:
    shared = SharedParts()
    cards = (ACE, TEN_TWO)
    in_tuples = to_json([(cards,), (cards,)], shared)
    assert in_tuples[0][0] is in_tuples[1][0]
    other = Outer(Inner(None, 1), cards, (2, "y"), {}, False, "z", None)
    in_views = to_json([OUTER, other], shared)
    assert in_views[1]["cards"] is to_json(replace(OUTER, cards=cards), shared)["cards"]


def nested(depth: int) -> tuple[Any, Any]:
    """A type of ``depth`` lists around a whole number, and its data."""
    kind: Any = int
    data: Any = 1
    for _ in range(depth):
        kind, data = tuple[kind, ...], [data]
    return kind, data


@pytest.mark.parametrize(("kind", "data", "message"), [
    (Card, 5, "expected a card, got 5"),
    (type(None), "AS", "expected a hidden card, got 'AS'"),
    (tuple[None, ...], ["AS"], "expected a hidden card, got 'AS'"),
    (bool, 1, "expected true or false, got 1"),
    (int, True, "expected a whole number, got True"),
    (int, 1.5, "expected a whole number, got 1.5"),
    (float, True, "expected a number, got True"),
    (float, "1", "expected a number, got '1'"),
    (str, 3, "expected text, got 3"),
    (tuple[int, str], [1], "a fixed-size list has the wrong length"),
    (tuple[int, str], [1, "x", 2], "a fixed-size list has the wrong length"),
    (tuple[int, ...], {"a": 1}, "expected a list, got {'a': 1}"),
    (tuple[int, ...], [1, "x"], "expected a whole number, got 'x'"),
    (dict[str, int], [], "expected an object, got []"),
    (dict[int, int], {}, "expected an object, got {}"),
    (dict[str, int], {"a": "b"}, "expected a whole number, got 'b'"),
    (Inner, [], "expected an object for Inner"),
    (Inner, {"card": None}, "Inner fields do not match"),
    (Inner, {"card": None, "n": 1, "m": 2}, "Inner fields do not match"),
    (Inner, {"card": 3, "n": 1}, "3 fits none of game.cards.Card | None"),
    (int | None, "x", "'x' fits none of int | None"),
    (int, "y" * 100, "expected a whole number, got '" + "y" * 59),  # cut at 60
    (nested(13)[0], nested(13)[1], "observation is nested too deeply"),
])
def test_data_that_does_not_fit_is_refused(kind: Any, data: Any, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        from_json(kind, data)
    assert str(refused.value) == message


@pytest.mark.parametrize(("kind", "data", "value"), [
    (int | None, None, None),
    (None | int, 4, 4),  # the None option is skipped, not tried
    (str | int, 3, 3),  # the first option refused, the next tried
    (Card | None, "TD#1", TEN_TWO),
    (Any, {"x": [1]}, {"x": [1]}),
    (tuple[None, ...], [None, None], (None, None)),
])
def test_data_that_fits_is_read(kind: Any, data: Any, value: Any) -> None:
    assert from_json(kind, data) == value


def test_twelve_levels_deep_is_read() -> None:
    kind, data = nested(12)
    value = from_json(kind, data)
    for _ in range(12):
        (value,) = value
    assert value == 1


def test_a_type_no_view_holds_is_refused() -> None:
    with pytest.raises(TypeError, match="views cannot hold set"):
        from_json(set[int], [1])


def test_card_codes_finds_every_card_anywhere() -> None:
    data = {"a": ["AS", {"b": "TD#1", "c": ["10H"]}], "note": "hello", "n": 3, "gone": None}
    assert card_codes(data) == {"AS", "TD#1", "TH"}  # "10H" is read as the ten it is
    assert card_codes("QC") == {"QC"}
    assert card_codes([]) == set()


@pytest.mark.parametrize(("kind", "frozen", "names"), [
    (Inner, True, ("card", "n")),
    (Loose, False, ("n",)),
    (int, False, ()),
    (tuple, False, ()),
])
def test_what_is_remembered_per_type(kind: type, frozen: bool, names: tuple[str, ...]) -> None:
    assert views._frozen(kind) is frozen
    assert views._field_names(kind) == names


def test_a_views_hints_are_its_field_types() -> None:
    assert views._hints(Inner) == {"card": Card | None, "n": int}


@pytest.mark.parametrize(("levels", "fits"), [(6, True), (7, False)])
def test_an_optional_counts_as_a_level(levels: int, fits: bool) -> None:
    kind: Any = int
    data: Any = 1
    for _ in range(levels):  # each level a list and an optional: two deeper
        kind, data = tuple[kind | None, ...], [data]
    if fits:
        assert from_json(kind, data) is not None
    else:
        with pytest.raises(ValueError, match="fits none of"):
            from_json(kind, data)


@dataclass
class LooseHolder:
    cards: tuple[Card | None, ...]


def test_shared_parts_are_found_inside_other_kinds_of_value() -> None:
    shared = SharedParts()
    cards = (ACE, None)
    first = to_json(cards, shared)
    assert to_json(LooseHolder(cards), shared)["cards"] is first
    assert to_json(Point(cards, 1), shared)[0] is first
    assert to_json({"k": cards}, shared)["k"] is first


def level(kind: Any, data: Any, wrapper: str) -> tuple[Any, Any]:
    if wrapper == "list":
        return tuple[kind, ...], [data]
    if wrapper == "fixed":
        return tuple[kind], [data]
    if wrapper == "object":
        return dict[str, kind], {"a": data}
    return make_dataclass("Level", [("x", kind)], frozen=True), {"x": data}


@pytest.mark.parametrize("wrapper", ["list", "fixed", "object", "view"])
def test_each_kind_of_level_counts_once_toward_the_depth_bound(wrapper: str) -> None:
    kind: Any = int
    data: Any = 1
    for _ in range(views.MAX_DEPTH):
        kind, data = level(kind, data, wrapper)
    from_json(kind, data)
    kind, data = level(kind, data, wrapper)
    with pytest.raises(ValueError, match="^observation is nested too deeply$"):
        from_json(kind, data)
