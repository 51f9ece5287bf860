"""Where a long run is: a progress bar with an estimate on standard error when that is
a terminal, and nothing at all when it is piped or captured (CI logs, JSON readers,
tests). tqdm does the drawing and the terminal check."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeVar

from tqdm import tqdm

T = TypeVar("T")


def counted(items: Iterable[T], what: str, total: int | None = None) -> Iterator[T]:
    """``items``, one by one, counted on the terminal as ``what`` ("games", "deals")."""
    yield from tqdm(items, total=total, unit=f" {what}", disable=None, leave=False,
                    dynamic_ncols=True)
