"""Observations (views) to JSON and back, for every game alike.

A view is a frozen dataclass whose fields are built from ``Card``, ``None``, bool,
int, float, str, tuples, string-keyed dicts and nested view dataclasses. Cards become
their uid ("TD", "TD#1" for a second deck); a hidden card is ``None`` and so carries
no code. ``from_json`` rebuilds the view from the field types, refusing anything that
does not fit with ValueError, so a remote seat can trust what it draws.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, TypeVar, Union

from game.cards import Card, card_from_uid

V = TypeVar("V")
MAX_DEPTH = 12  # views are shallow; anything deeper is not one of ours


def to_json(value: Any, shared: SharedParts | None = None) -> Any:
    """``value`` as JSON values. With ``shared``, a tuple or view met again (the same
    object, as the seats' views of one position share the table's public parts) is
    turned into JSON once."""
    # By exact type first: a network table turns four views into JSON at every move.
    kind: type = type(value)  # annotated: mypy takes a bare type(x) for unhashable
    if kind in _PLAIN:
        return value
    if kind is Card:
        return value.uid
    if shared is not None and (kind is tuple or _frozen(kind)):
        return shared.get(value)
    if kind is tuple or kind is list:
        return [to_json(v, shared) for v in value]
    names = _field_names(kind)
    if names:
        return {name: to_json(getattr(value, name), shared) for name in names}
    if isinstance(value, Card):
        return value.uid
    if isinstance(value, tuple | list):
        return [to_json(v, shared) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v, shared) for k, v in value.items()}
    return value


class SharedParts:
    """The JSON of the immutable parts (tuples, frozen views) met while one position is
    turned into JSON for every seat. Each part is held while it is remembered, so its
    id cannot be reused by another object: one seat never gets another's part."""

    def __init__(self) -> None:
        self._parts: dict[int, tuple[Any, Any]] = {}

    def get(self, value: Any) -> Any:
        known = self._parts.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        kind: type = type(value)
        if kind is tuple:
            data: Any = [to_json(v, self) for v in value]
        else:
            data = {name: to_json(getattr(value, name), self) for name in _field_names(kind)}
        self._parts[id(value)] = (value, data)
        return data


_PLAIN = frozenset({str, int, float, bool, type(None)})


@cache
def _frozen(kind: type) -> bool:
    """A frozen view dataclass: its JSON cannot change while it lives."""
    params = getattr(kind, "__dataclass_params__", None)
    return params is not None and params.frozen


@cache
def _field_names(kind: type) -> tuple[str, ...]:
    """A view dataclass's fields in order; () for any other type."""
    if dataclasses.is_dataclass(kind):
        return tuple(f.name for f in dataclasses.fields(kind))
    return ()


def from_json(kind: type[V], data: Any) -> V:
    """``data`` (as made by ``to_json``) back into a ``kind`` view (typed as one: a
    caller that names its game's view type gets that type back)."""
    view: V = _decode(kind, data, 0)
    return view


@cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


@cache
def _shape(kind: Any) -> tuple[Any, tuple[Any, ...]]:
    """A type's origin and arguments (``tuple`` and ``(Card, ...)``), asked once per type:
    a view is decoded at every move of a network table."""
    return typing.get_origin(kind), typing.get_args(kind)


def _decode(kind: Any, data: Any, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise ValueError("observation is nested too deeply")
    origin, args = _shape(kind)
    if origin in (Union, types.UnionType):
        options = args
        if data is None and type(None) in options:
            return None
        for option in options:
            if option is type(None):
                continue
            try:
                return _decode(option, data, depth + 1)
            except (ValueError, TypeError):
                continue
        raise ValueError(f"{data!r:.60} fits none of {kind}")
    if kind is None or kind is type(None):  # typing writes a bare None in tuple[None, ...]
        if data is not None:
            raise ValueError(f"expected a hidden card, got {data!r:.60}")
        return None
    if kind is Card:
        if not isinstance(data, str):
            raise ValueError(f"expected a card, got {data!r:.60}")
        return card_from_uid(data)
    if kind is Any:
        return data
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise ValueError(f"expected an object for {kind.__name__}")
        hints = _hints(kind)
        names = _field_names(kind)
        if set(data) != set(names):
            raise ValueError(f"{kind.__name__} fields do not match")
        return kind(**{n: _decode(hints[n], data[n], depth + 1) for n in names})
    if origin is tuple:
        if not isinstance(data, list):
            raise ValueError(f"expected a list, got {data!r:.60}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, depth + 1) for v in data)
        if len(args) != len(data):
            raise ValueError("a fixed-size list has the wrong length")
        return tuple(_decode(a, v, depth + 1) for a, v in zip(args, data, strict=True))
    if origin is dict:
        key_type, value_type = args
        if not isinstance(data, dict) or key_type is not str:
            raise ValueError(f"expected an object, got {data!r:.60}")
        return {str(k): _decode(value_type, v, depth + 1) for k, v in data.items()}
    if kind is bool:
        if not isinstance(data, bool):
            raise ValueError(f"expected true or false, got {data!r:.60}")
        return data
    if kind is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise ValueError(f"expected a whole number, got {data!r:.60}")
        return data
    if kind is float:
        if not isinstance(data, int | float) or isinstance(data, bool):
            raise ValueError(f"expected a number, got {data!r:.60}")
        return float(data)
    if kind is str:
        if not isinstance(data, str):
            raise ValueError(f"expected text, got {data!r:.60}")
        return data
    raise TypeError(f"views cannot hold {kind!r}")


def card_codes(data: Any) -> set[str]:
    """Every card uid written anywhere in a view's JSON (for hidden-card checks)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                found.add(card_from_uid(item).uid)
            except ValueError:
                pass
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return found
