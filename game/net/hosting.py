"""A table server inside the game's own process, for the menu's "Host a table": the
server's event loop runs on a daemon thread, so hosting never holds up a frame and the
pygame loop keeps the main thread. ``lan_address`` is the address to tell the others."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout

from game.net import runtime
from game.net.lan import BROADCAST, announce, describe_table
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
        self._server: Server | None = None
        self._announcing: Future[None] | None = None
        self._closing = False
        self._runner = runtime.make_runner("net-host")

    def start(self) -> int:
        """Listen; the port (the system's choice when the options say 0)."""
        future = self._runner.submit(self._start())
        try:
            self.port = self._runner.result(future, START_SECONDS)
        except FutureTimeout:
            self.close()
            raise OSError("the server did not start in time") from None
        except OSError:
            self.close()
            raise
        return self.port

    async def _start(self) -> int:
        # the loop's clock: the system's, or the one a fuzz run simulates
        self._server = Server(self.options, clock=asyncio.get_running_loop().time)
        return await self._server.start()

    def announce(self, game: str, host: str, target: tuple[str, int] = BROADCAST,
                 detail: str = "") -> None:
        """Tell the local network about the table (and ``detail``, what it plays) every
        few seconds until ``close`` (after ``start``); quiet where broadcast is blocked."""
        if self._server is not None and self._announcing is None:
            describe = describe_table(self._server, game, host, DEFAULT_TABLE, detail)
            self._announcing = self._runner.submit(announce(describe, target))

    def close(self) -> None:
        """Say goodbye to every client and stop the loop (once); never waits on the
        network."""
        if self._closing:
            return
        self._closing = True
        if self._announcing is not None:
            self._announcing.cancel()
        stop = self._stop()
        try:
            self._runner.submit(stop)
        except RuntimeError:  # its loop is gone already (a crash)
            stop.close()

    async def _stop(self) -> None:
        try:
            if self._server is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._server.close(), START_SECONDS)
            self.closed()
        finally:
            self._runner.stop()


def lan_address() -> str:
    """This machine's address on its network (what others type to connect), or the
    loopback address when it has none. Connecting a UDP socket sends nothing."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never reached
        return str(probe.getsockname()[0])
    return "127.0.0.1"
