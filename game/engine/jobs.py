"""Slow pure computations (the solvers) off the frame loop: one worker thread,
results collected by name when a frame asks for them."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

_PENDING = object()


class Background:
    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="solver")
        self._jobs: dict[str, tuple[object, Future]] = {}

    def start(self, name: str, tag: object, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` as job ``name``; ``tag`` says what it was asked about (a
        state digest) so a stale answer is never taken for a new question."""
        old = self._jobs.get(name)
        if old is not None and old[0] == tag:
            return
        if old is not None:
            old[1].cancel()
        self._jobs[name] = (tag, self._pool.submit(fn, *args))

    def result(self, name: str, tag: object) -> Any:
        """The answer for ``tag`` if ready, else ``PENDING`` (also when never asked)."""
        job = self._jobs.get(name)
        if job is None or job[0] != tag or not job[1].done():
            return _PENDING
        return job[1].result()

    def wait(self, name: str, timeout: float | None = None) -> None:
        job = self._jobs.get(name)
        if job is not None:
            job[1].result(timeout)

    def close(self) -> None:
        for _, future in self._jobs.values():
            future.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)


PENDING = _PENDING
