"""Slow pure computations (solvers, computer players) off the frame loop: worker
threads, results collected by name when a frame asks for them.

Two lanes, a worker each: PLAY for what a person waits on (a computer seat's move, a
hint) and STUDY for long analyses run on every move (is it winnable, is it lost). A
study may run its whole time limit after its question went stale, and must never hold
up the next move or hint behind it.

The worker is a daemon thread, not a pool's: a solve cannot be interrupted, and a
pool's threads are waited for at exit, so quitting (even by Ctrl+C) would hang until
the solve's time limit ran out. A job still running when the game quits is dropped.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

PENDING = object()
_STOP = None
PLAY, STUDY = "play", "study"


class Worker:
    """A daemon thread that runs jobs in the order they come."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()  # jobs, then _STOP
        threading.Thread(target=self._work, name="solver", daemon=True).start()

    def put(self, future: Future[Any], fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self._queue.put((future, fn, args))

    def stop(self) -> None:
        self._queue.put(_STOP)

    def _work(self) -> None:
        while (job := self._queue.get()) is not _STOP:
            run_job(*job)


def run_job(future: Future[Any], fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
    if not future.set_running_or_notify_cancel():
        return  # cancelled while waiting: a newer question replaced it
    try:
        future.set_result(fn(*args))
    except BaseException as exc:  # handed to whoever asks for the result
        future.set_exception(exc)


# Where jobs run. The fuzzer swaps in a queue it runs at seeded moments, so a run
# replays exactly.
make_worker: Callable[[], Any] = Worker


class Background:
    def __init__(self) -> None:
        self._jobs: dict[str, tuple[object, Future[Any]]] = {}
        self._workers = {lane: make_worker() for lane in (PLAY, STUDY)}

    def start(self, name: str, tag: object, fn: Callable[..., Any], *args: Any,
              lane: str = PLAY) -> None:
        """Run ``fn(*args)`` as job ``name`` in ``lane``; ``tag`` says what it was asked
        about (a position) so a stale answer is never taken for a new question."""
        old = self._jobs.get(name)
        if old is not None and old[0] == tag:
            return
        if old is not None:
            old[1].cancel()
        future: Future[Any] = Future()
        self._jobs[name] = (tag, future)
        self._workers[lane].put(future, fn, args)

    def result(self, name: str, tag: object) -> Any:
        """The answer for ``tag`` if ready, else ``PENDING`` (also when never asked)."""
        job = self._jobs.get(name)
        if job is None or job[0] != tag or not job[1].done():
            return PENDING
        return job[1].result()

    def wait(self, name: str, timeout: float | None = None) -> None:
        job = self._jobs.get(name)
        if job is not None:
            job[1].result(timeout)

    def close(self) -> None:
        for _, future in self._jobs.values():
            future.cancel()
        for worker in self._workers.values():
            worker.stop()
