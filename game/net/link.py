"""One TCP connection carrying protocol frames, for the server and the clients alike.

The owner's task reads (``recv``); one writer task per link sends, from a bounded
queue, awaiting ``drain`` after each frame, so a slow reader costs a bounded amount
of memory: when its queue is full the link is closed and everyone else carries on.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.net import protocol
from game.net.protocol import Bye, Error, ProtocolError

QUEUE_FRAMES = 256  # a match's replay is the longest burst: a few dozen frames
MAX_READ = 64 * 1024
LINGER = 2.0  # seconds a link that sent its peer away takes in what the peer still sends


@dataclass
class Counters:
    """What a server or a load process reports."""

    received: int = 0
    sent: int = 0
    errors: int = 0
    disconnects: int = 0


class LinkClosed(ConnectionError):
    """The link is closed: by the peer, by us, or because it broke."""


class Link:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 accepts: dict[str, type], *, queue_frames: int = QUEUE_FRAMES,
                 counters: Counters | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.reader, self.writer, self.accepts = reader, writer, accepts
        self.counters = counters or Counters()
        self.clock = clock
        self.last_heard = clock()
        self.close_reason = ""
        peer = writer.get_extra_info("peername")
        self.address: str = peer[0] if isinstance(peer, tuple) else str(peer)
        self._queue: asyncio.Queue[bytes | None] = asyncio.Queue(queue_frames)
        self._closing = False
        self._linger = False  # sent the peer away: hear it out before closing
        self.closed = asyncio.Event()
        self._writer_task = asyncio.get_running_loop().create_task(self._write())

    @property
    def open(self) -> bool:
        return not self._closing

    def send(self, message: Any) -> None:
        """Queue one message; a link that has fallen too far behind is closed."""
        self.send_frame(protocol.encode(message))

    def send_frame(self, frame: bytes) -> None:
        if self._closing:
            return
        try:
            self._queue.put_nowait(frame)
        except asyncio.QueueFull:
            self.abort("fell too far behind")

    async def recv(self) -> Any:
        """The next message; ProtocolError for a bad frame, LinkClosed at the end."""
        if self._closing and self.reader.at_eof():
            raise LinkClosed(self.close_reason)
        try:
            body = await protocol.read_frame(self.reader)
        except (asyncio.IncompleteReadError, ConnectionError, OSError) as exc:
            raise LinkClosed(self.close_reason or f"connection lost ({exc.__class__.__name__})") \
                from None
        self.last_heard = self.clock()
        self.counters.received += 1
        return protocol.decode(body, self.accepts)

    def refuse(self, error: ProtocolError | Error) -> None:
        """An error reply and a goodbye, then the link closes once they are written and
        the peer has hung up (see ``_hear_out``): the peer knows it was sent away on
        purpose, and why, so it does not dial again. Called by the link's reader, which
        then reads no more."""
        if isinstance(error, ProtocolError):
            error = Error(error.code, error.message[:300])
        self.counters.errors += 1
        self.send(error)
        self._linger = True
        self.close(error.message, bye=True)

    def close(self, reason: str = "closed", bye: bool = False) -> None:
        """Close after what is queued is written (with a ``bye`` first if asked)."""
        if self._closing:
            return
        if bye:
            self.send(Bye(reason[:200]))
        self.close_reason = reason
        self._closing = True
        with contextlib.suppress(asyncio.QueueFull):
            self._queue.put_nowait(None)
            return
        self.abort(reason)

    def abort(self, reason: str) -> None:
        """Close now, dropping whatever is queued."""
        self.close_reason = self.close_reason or reason
        self._closing = True
        self._writer_task.cancel()
        self.writer.transport.abort()
        self.closed.set()

    async def wait_closed(self) -> None:
        await self.closed.wait()

    async def _write(self) -> None:
        try:
            while (frame := await self._queue.get()) is not None:
                # Whatever else is queued goes out in the same write: one system call.
                batch = [frame]
                while not self._queue.empty() and (frame := self._queue.get_nowait()):
                    batch.append(frame)
                self.writer.write(b"".join(batch))
                self.counters.sent += len(batch)
                await self.writer.drain()
                if frame is None:
                    break
            if self._linger:
                await self._hear_out()
            self.writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await self.writer.wait_closed()
        except (ConnectionError, OSError):
            self.writer.transport.abort()
        finally:
            self._closing = True
            self.closed.set()

    async def _hear_out(self) -> None:
        """Our end of the stream after the last frames, then what the peer still sends
        read and dropped until it hangs up (LINGER at most). A socket closed with unread
        data answers the peer with a reset, which can destroy our last frames before the
        peer reads them: a client that flooded the table never saw why it was sent away,
        and dialled again."""
        if not self.writer.can_write_eof():
            return
        self.writer.write_eof()
        try:
            async with asyncio.timeout(LINGER):
                while await self.reader.read(MAX_READ):
                    pass
        except TimeoutError:
            pass
        except asyncio.CancelledError:  # the loop is ending: no transport left open
            self.writer.transport.abort()
            raise
