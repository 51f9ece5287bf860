"""The clock and the calendar, wherever their reading can change what the game does: a
solver's time limit, a card image's cost, the date a replay is kept and sorted under.

Everything reads them here, so a fuzz run can put a ``SimulatedClock`` in their place
(``using``) and its seed alone decides the run, on a fast machine or a busy one."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def seconds(self) -> float: ...

    def now(self) -> datetime: ...


class RealClock:
    def seconds(self) -> float:
        return time.perf_counter()

    def now(self) -> datetime:
        return datetime.now()


class SimulatedClock:
    """Every reading of ``seconds`` moves it on by ``tick`` (so a time limit is a fixed
    number of readings: a fixed amount of work), counted apart on each thread (so a
    solver on a worker spends the same whatever the main thread does meanwhile). The
    calendar starts at ``start`` and moves only with ``advance`` (the frames' time)."""

    def __init__(self, start: datetime, tick: float) -> None:
        self.start, self.tick = start, tick
        self.elapsed = 0.0  # seconds of the calendar, advanced by the frames
        self._readings = threading.local()

    def seconds(self) -> float:
        count = getattr(self._readings, "count", 0) + 1
        self._readings.count = count
        return count * self.tick

    def now(self) -> datetime:
        return self.start + timedelta(seconds=self.elapsed)

    def advance(self, seconds: float) -> None:
        self.elapsed += seconds


_clock: Clock = RealClock()


def seconds() -> float:
    """Seconds since an arbitrary moment, for time limits and measured costs."""
    return _clock.seconds()


def now() -> datetime:
    """The local date and time, naive."""
    return _clock.now()


def today() -> date:
    return _clock.now().date()


def timestamp() -> float:
    """``now()`` as seconds since the epoch, to compare with files' times."""
    return _clock.now().timestamp()


@contextmanager
def using(clock: Clock) -> Iterator[None]:
    """Read ``clock`` instead of the real one while inside."""
    global _clock
    saved, _clock = _clock, clock
    try:
        yield
    finally:
        _clock = saved
