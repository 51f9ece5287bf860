"""How large a value read from one of our files may be before it is refused.

Storage refuses a file holding any number beyond ``MAX_INT`` (and NaN), for every file
kind, when it parses it. These checks keep what does load small enough that nothing
done with it later (``str()``, a loop up to a count, drawing it as text) can hang,
overflow or run out of memory; network messages, which storage never sees, go through
them too. Pure: used by rules-free code on both sides.
"""

from __future__ import annotations

import math
from typing import Any, TypeGuard

MAX_INT = 2**63 - 1  # a signed 64-bit integer: every count, score and option we store fits
MAX_DEPTH = 8
MAX_ITEMS = 1000
MAX_TEXT = 1000


def is_int(value: Any, low: int = -MAX_INT, high: int = MAX_INT) -> TypeGuard[int]:
    """A whole number in ``low..high``; True and False do not count (JSON has booleans)."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def is_text(value: Any, longest: int = MAX_TEXT) -> TypeGuard[str]:
    return isinstance(value, str) and len(value) <= longest


def small_json_problem(value: Any, *, depth: int = MAX_DEPTH, items: int = MAX_ITEMS,
                       text: int = MAX_TEXT) -> str | None:
    """Why ``value`` is not a small JSON value (objects keyed by text, lists, text,
    bounded numbers, booleans, null), or None if it is. Iterative, so a deeply
    nested value cannot exhaust the stack."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    seen = 0
    while stack:
        item, level = stack.pop()
        seen += 1
        if seen > items:
            return f"has more than {items} values"
        if isinstance(item, dict | list):
            if level >= depth:
                return f"is nested more than {depth} deep"
            if len(item) > items:
                return f"has more than {items} values"
        if isinstance(item, dict):
            if not all(is_text(k, text) for k in item):
                return "has a key that is not short text"
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)
        elif isinstance(item, str):
            if len(item) > text:
                return f"has text longer than {text} characters"
        elif isinstance(item, float):
            if not math.isfinite(item) or abs(item) > MAX_INT:
                return "has a number out of range"
        elif isinstance(item, int) and not isinstance(item, bool):
            if not is_int(item):
                return "has a number out of range"
        elif item is not None and not isinstance(item, bool):
            return f"has a value of type {type(item).__name__}"
    return None
