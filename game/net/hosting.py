"""A table server inside the game's own process, for the menu's "Host a table": the
server's event loop runs on a daemon thread, so hosting never holds up a frame and the
pygame loop keeps the main thread. ``lan_address`` is the address to tell the others."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout

from game.net.lan import BROADCAST, announce, describe_table
from game.net.loops import close_loop
from game.net.server import DEFAULT_TABLE, Server, ServerOptions

START_SECONDS = 5.0  # listening on a local port takes milliseconds; this guards a hang


class HostedServer:
    """``Server(options)`` on a background loop. ``start`` binds the port (OSError when
    it cannot: the port is taken, the address is not this machine's); ``close`` stops,
    then calls ``closed`` (on the loop's thread, once the saved tables are written: a
    table closed in good order is not one to resume)."""

    def __init__(self, options: ServerOptions,
                 closed: Callable[[], None] = lambda: None) -> None:
        self.options, self.closed = options, closed
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._server: Server | None = None
        self._announcing: Future[None] | None = None
        self._closing = False
        self._thread = threading.Thread(target=self._main, daemon=True, name="net-host")
        self._thread.start()

    def _main(self) -> None:
        try:
            self._loop.run_forever()
        finally:
            close_loop(self._loop)  # the ticker and the tables' tasks, cancelled or cut off

    def start(self) -> int:
        """Listen; the port (the system's choice when the options say 0)."""
        future = asyncio.run_coroutine_threadsafe(self._start(), self._loop)
        try:
            self.port = future.result(START_SECONDS)
        except FutureTimeout:
            self.close()
            raise OSError("the server did not start in time") from None
        except OSError:
            self.close()
            raise
        return self.port

    async def _start(self) -> int:
        self._server = Server(self.options)
        return await self._server.start()

    def announce(self, game: str, host: str, target: tuple[str, int] = BROADCAST) -> None:
        """Tell the local network about the table every few seconds until ``close``
        (after ``start``); quiet where broadcast is blocked."""
        if self._server is not None and self._announcing is None:
            describe = describe_table(self._server, game, host, DEFAULT_TABLE)
            self._announcing = asyncio.run_coroutine_threadsafe(announce(describe, target),
                                                                self._loop)

    def close(self) -> None:
        """Say goodbye to every client and stop the loop (once); never waits on the
        network."""
        if self._closing:
            return
        self._closing = True
        if self._announcing is not None:
            self._announcing.cancel()
        with contextlib.suppress(RuntimeError):  # its loop is gone already (a crash)
            asyncio.run_coroutine_threadsafe(self._stop(), self._loop)

    async def _stop(self) -> None:
        try:
            if self._server is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._server.close(), START_SECONDS)
            self.closed()
        finally:
            self._loop.stop()


def lan_address() -> str:
    """This machine's address on its network (what others type to connect), or the
    loopback address when it has none. Connecting a UDP socket sends nothing."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never reached
        return str(probe.getsockname()[0])
    return "127.0.0.1"
