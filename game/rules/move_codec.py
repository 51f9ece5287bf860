"""Moves as JSON and back, for every game whose moves are frozen dataclasses.

A move is written ``{"type": name, field: value, ...}``. Reading one back checks every
field against its annotation (``int``, ``str``, ``tuple[int, ...]``, ``tuple[str, ...]``)
and the codec's bounds, and refuses anything else with ValueError: a move from a remote
seat is trusted for its shape only, and the rules then judge it.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any


class MoveCodec:
    def __init__(self, game: str, kinds: Mapping[str, type], *, ints: range = range(2**31),
                 text: int = 16, items: int = 16) -> None:
        self.game = game
        self.kinds = dict(kinds)
        self.names = {kind: name for name, kind in self.kinds.items()}
        self.ints, self.text, self.items = ints, text, items

    def to_json(self, move: Any) -> dict[str, Any]:
        kind: type = type(move)  # annotated: mypy takes a bare type(x) for unhashable
        data: dict[str, Any] = {"type": self.names[kind]}
        for name in _fields(kind):
            value = getattr(move, name)
            data[name] = list(value) if isinstance(value, tuple) else value
        return data

    def from_json(self, data: Any) -> Any:
        if not isinstance(data, dict) or data.get("type") not in self.kinds:
            raise ValueError(f"not a {self.game} move: {data!r:.80}")
        kind = self.kinds[data["type"]]
        fields = _fields(kind)
        if not set(data) - {"type"} <= set(fields):
            raise ValueError(f"a {data['type']} move has the fields {', '.join(fields)}")
        values = {}
        for name, hint in fields.items():
            if name in data:
                values[name] = self._value(data["type"], name, hint, data[name])
        try:
            return kind(**values)
        except TypeError:  # a field with no default left out
            raise ValueError(f"a {data['type']} move has the fields {', '.join(fields)}") \
                from None

    def _value(self, move: str, name: str, hint: Any, value: Any) -> Any:
        if typing.get_origin(hint) is tuple:
            item = typing.get_args(hint)[0]
            if not isinstance(value, list) or len(value) > self.items:
                raise ValueError(f"{move}: {name} is a list of at most {self.items}")
            return tuple(self._value(move, name, item, v) for v in value)
        if hint is int and isinstance(value, int) and not isinstance(value, bool) \
                and value in self.ints:
            return value
        if hint is str and isinstance(value, str) and len(value) <= self.text:
            return value
        raise ValueError(f"{move}: bad {name} {value!r:.20}")


@cache
def _fields(kind: type) -> dict[str, Any]:
    """A move dataclass's fields and their resolved annotations, in order."""
    hints = typing.get_type_hints(kind)
    return {f.name: hints[f.name] for f in dataclasses.fields(kind)}
