"""The network's background, for a fuzz run: one event loop for every hosted table and
connection, run on the fuzzer's thread a fixed number of rounds after each frame, its
clock the frames' simulated time; and pools that do their work at once. Messages,
heartbeats, turn timers and the computer seats' moves then come on the same frame in
every run of a seed, as the threads they replace would not."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor, Future
from typing import Any

from game.engine.jobs import run_job

ROUNDS = 40  # loop rounds a frame: a message's way there and back takes about eight
WAIT_ROUNDS = 400  # rounds a caller waiting on the loop (a server starting) may take


class SteppedLoop(asyncio.SelectorEventLoop):
    """An event loop that runs only when stepped, and whose time is simulated."""

    def __init__(self) -> None:
        super().__init__()
        self.now = 0.0
        self.failures: list[BaseException] = []  # what failed in a callback, for the report
        self.set_exception_handler(self._failed)

    def time(self) -> float:
        return self.now

    def step(self, rounds: int) -> None:
        for _ in range(rounds):
            self.call_soon(self.stop)  # one round: what is ready now, then stop
            self.run_forever()

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass, then run ``ROUNDS`` rounds if anything is under way."""
        self.now += seconds
        if asyncio.all_tasks(self):
            self.step(ROUNDS)

    def shut(self) -> None:
        """Let what is closing (the app's tables and connections) close, cancel what is
        still under way, and close the loop: the run is over."""
        self.step(WAIT_ROUNDS)
        for task in asyncio.all_tasks(self):
            task.cancel()
        self.step(WAIT_ROUNDS)
        self.close()

    def _failed(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """A callback or a task nobody awaits failed: asyncio would only log it."""
        exc = context.get("exception")
        self.failures.append(exc if exc is not None else RuntimeError(context["message"]))


class SteppedRunner:
    """A hosted server's or a connection's place on the run's one loop."""

    def __init__(self, loop: SteppedLoop) -> None:
        self.loop = loop
        self._running: set[Future[Any]] = set()

    def submit(self, coro: Coroutine[Any, Any, Any]) -> Future[Any]:
        future = asyncio.run_coroutine_threadsafe(coro, self.loop)
        self._running.add(future)  # the loop holds tasks weakly
        future.add_done_callback(self._running.discard)
        return future

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the run is over and the loop closed
            self.loop.call_soon_threadsafe(fn, *args)

    def result(self, future: Future[Any], timeout: float) -> Any:
        """The loop's rounds until ``future`` is done (the caller would block on it);
        TimeoutError when it is not done within ``WAIT_ROUNDS``."""
        for _ in range(WAIT_ROUNDS):
            if future.done():
                break
            self.loop.step(1)
        return future.result(timeout=0)

    def stop(self) -> None:
        """The loop is the run's, not this runner's: it goes on."""


class InlineExecutor(Executor):
    """Runs each job at once, on the caller's thread."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        run_job(future, functools.partial(fn, **kwargs), args)
        return future


def inline_pool(workers: int, name: str) -> Executor:
    return InlineExecutor()
