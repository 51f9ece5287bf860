"""What the game's own network code runs on: an event loop on a daemon thread for the
hosted table's server and one for each connection (pygame keeps the main thread),
thread pools for the computer seats' thinking and the table's saving, and the system's
TCP streams.

Each is named here and made through these names, so the fuzzer can put a loop it steps
on its own thread, pools that work at once and streams in memory in their place: a
seed then plays the same network game every time, whatever the threads would do."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any, Protocol


class Runner(Protocol):
    """Where a client's or a hosted server's coroutines run."""

    loop: asyncio.AbstractEventLoop

    def submit(self, coro: Coroutine[Any, Any, Any]) -> Future[Any]: ...

    def call(self, fn: Callable[..., Any], *args: Any) -> None: ...

    def result(self, future: Future[Any], timeout: float) -> Any: ...

    def stop(self) -> None: ...


class LoopThread:
    """A new event loop running on a daemon thread of its own until ``stop``; then the
    tasks it still holds are cancelled and run out and the loop is closed (a task left
    pending is destroyed later with asyncio's "Task was destroyed but it is pending!")."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._main, daemon=True, name=name)
        self.thread.start()
        self._running: set[Future[Any]] = set()

    def _main(self) -> None:
        try:
            self.loop.run_forever()
        finally:
            tasks = asyncio.all_tasks(self.loop)
            for task in tasks:
                task.cancel()
            if tasks:
                self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    def submit(self, coro: Coroutine[Any, Any, Any]) -> Future[Any]:
        """Run ``coro`` on the loop. Kept until it ends: the loop holds its tasks weakly,
        and a task nobody holds may be collected while it waits."""
        future = asyncio.run_coroutine_threadsafe(coro, self.loop)
        self._running.add(future)
        future.add_done_callback(self._running.discard)
        return future

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        """``fn(*args)`` on the loop soon; nothing once the loop has been closed."""
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(fn, *args)

    def result(self, future: Future[Any], timeout: float) -> Any:
        return future.result(timeout)

    def stop(self) -> None:
        self.call(self.loop.stop)


def thread_pool(workers: int, name: str) -> Executor:
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix=name)


# The names the network code makes them through (the fuzzer swaps them for a run).
make_runner: Callable[[str], Runner] = LoopThread
make_pool: Callable[[int, str], Executor] = thread_pool
open_connection: Callable[..., Any] = asyncio.open_connection
start_server: Callable[..., Any] = asyncio.start_server
