"""Fresh seeds for new deals (a new game, a new match), from the system's entropy.

Every fresh seed is drawn here, so a fuzz run can draw them from its own seed instead
(``using``) and deal the same games every time."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

_source: random.Random = random.SystemRandom()


def fresh(bits: int = 31) -> int:
    """A new seed below 2**bits."""
    return _source.getrandbits(bits)


@contextmanager
def using(source: random.Random) -> Iterator[None]:
    """Draw fresh seeds from ``source`` while inside."""
    global _source
    saved, _source = _source, source
    try:
        yield
    finally:
        _source = saved
