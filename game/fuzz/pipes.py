"""TCP as the game's network code uses it, in memory, for a fuzz run: tables listen on
numbered ports of this machine, and what one end writes reaches the other on its event
loop's next round, in order. Nothing depends on the system's sockets, ports or name
lookups, so a seed plays the same network game every time. A name that is not this
machine is not found; an address elsewhere never answers; a port nobody listens on
refuses."""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

FIRST_PORT = 40000  # the ports given to tables that ask for any (port 0)
FIRST_CLIENT_PORT = 50000  # the far end of each connection, as a server sees it
HERE = "127.0.0.1"

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


class Pipe(asyncio.Transport):
    """One end of an in-memory connection."""

    def __init__(self, loop: asyncio.AbstractEventLoop, protocol: asyncio.Protocol,
                 peername: tuple[str, int]) -> None:
        super().__init__({"peername": peername})
        self._loop, self._protocol = loop, protocol
        self.peer: Pipe | None = None
        self._closing = self._lost = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if self._closing or self.peer is None:
            return
        if self.peer._lost:  # the far end is gone: a reset, as TCP would answer
            self._loop.call_soon(self._lose, ConnectionResetError(
                errno.ECONNRESET, "Connection reset by peer"))
            return
        self._loop.call_soon(self.peer._receive, bytes(data))

    def close(self) -> None:
        """After what was written: the far end reads its end, this end is closed."""
        if self._closing:
            return
        self._closing = True
        if self.peer is not None:
            self._loop.call_soon(self.peer._eof)
        self._loop.call_soon(self._lose, None)

    def abort(self) -> None:
        if self._lost:
            return
        self._closing = True
        if self.peer is not None:
            self._loop.call_soon(self.peer._lose, ConnectionResetError(
                errno.ECONNRESET, "Connection reset by peer"))
        self._loop.call_soon(self._lose, None)

    def is_closing(self) -> bool:
        return self._closing

    def can_write_eof(self) -> bool:
        return False  # no reset in memory can destroy what was written: closing will do

    def get_write_buffer_size(self) -> int:
        return 0  # delivered at once: never a reason to wait in drain()

    def pause_reading(self) -> None:
        """The reader's buffer is full; in memory it may simply grow."""

    def resume_reading(self) -> None:
        """See ``pause_reading``."""

    def _receive(self, data: bytes) -> None:
        if not self._lost:
            self._protocol.data_received(data)

    def _eof(self) -> None:
        if not self._lost and not self._protocol.eof_received():
            self.close()

    def _lose(self, exc: Exception | None) -> None:
        if self._lost:
            return
        self._lost = self._closing = True
        self._protocol.connection_lost(exc)


@dataclass(frozen=True)
class _Socket:
    address: tuple[str, int]

    def getsockname(self) -> tuple[str, int]:
        return self.address


@dataclass
class Listener:
    """What ``start_server`` gives: the port listened on, until ``close``."""

    network: MemoryNetwork
    port: int
    sockets: tuple[_Socket, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.sockets = (_Socket((HERE, self.port)),)

    def close(self) -> None:
        self.network.listeners.pop(self.port, None)

    async def wait_closed(self) -> None:
        await asyncio.sleep(0)


class MemoryNetwork:
    """``start_server`` and ``open_connection`` as asyncio has them, in memory."""

    def __init__(self) -> None:
        self.listeners: dict[int, Handler] = {}
        self._ports = iter(range(FIRST_PORT, FIRST_CLIENT_PORT))
        self._client_ports = iter(range(FIRST_CLIENT_PORT, 65536))

    async def start_server(self, handler: Handler, host: str | None = None, port: int = 0,
                           **_: Any) -> Listener:
        await asyncio.sleep(0)
        if port in self.listeners:
            raise OSError(errno.EADDRINUSE, "Address already in use")
        port = port or next(p for p in self._ports if p not in self.listeners)
        self.listeners[port] = handler
        return Listener(self, port)

    async def open_connection(self, host: str, port: int, **_: Any,
                              ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        loop = asyncio.get_running_loop()
        await asyncio.sleep(0)
        if not _is_address(host) and host != "localhost":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        if not _is_here(host):
            await loop.create_future()  # nothing there ever answers (the dial times out)
        handler = self.listeners.get(port)
        if handler is None:
            raise ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")
        reader = asyncio.StreamReader(loop=loop)
        protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
        far_reader = asyncio.StreamReader(loop=loop)
        far_protocol = asyncio.StreamReaderProtocol(far_reader, handler, loop=loop)
        near = Pipe(loop, protocol, (HERE, port))
        far = Pipe(loop, far_protocol, (HERE, next(self._client_ports)))
        near.peer, far.peer = far, near
        protocol.connection_made(near)
        loop.call_soon(far_protocol.connection_made, far)
        return reader, asyncio.StreamWriter(near, protocol, reader, loop)


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _is_here(host: str) -> bool:
    return host == "localhost" or ipaddress.ip_address(host).is_loopback
