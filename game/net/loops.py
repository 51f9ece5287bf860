"""Event loops on threads of their own (the game's connection, the table it hosts). Once
a loop's work is over, the tasks it still holds are cancelled and run out and the loop is
closed: a task left pending is destroyed later with asyncio's "Task was destroyed but it
is pending!" on stderr."""

from __future__ import annotations

import asyncio


def close_loop(loop: asyncio.AbstractEventLoop) -> None:
    """End ``loop``'s leftover tasks and close it (on its own thread, once it has stopped)."""
    tasks = asyncio.all_tasks(loop)
    for task in tasks:
        task.cancel()
    if tasks:
        loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
    loop.run_until_complete(loop.shutdown_asyncgens())
    loop.close()
