"""The table server: accepts connections, checks each hello, and hands every message
to its table on the one event loop. A connection has one reader (its handler task) and
one writer (its ``Link``). Time-driven work (heartbeat, grace periods, turn timers) is
done by ``tick``, which a background task calls every ``ping_interval`` seconds; tests
call it themselves with a clock of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.net import runtime
from game.net.limits import RateLimit, Window
from game.net.link import Counters, Link, LinkClosed
from game.net.persist import Saver
from game.net.protocol import (
    CLIENT_TYPES,
    MAX_NAME,
    VERSION,
    Bye,
    Chat,
    Error,
    Hello,
    Next,
    Ping,
    Pong,
    ProtocolError,
    Ready,
    Seat,
    Seats,
    Start,
)
from game.net.table import Table, TableOptions, clean_text

DEFAULT_TABLE = "main"
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ServerOptions:
    host: str = "127.0.0.1"
    port: int = 0
    table: TableOptions = field(default_factory=TableOptions)
    max_tables: int = 1  # tables open at once; a hello may name a new one up to this
    per_address: int = 8  # connections from one address at once
    ping_interval: float = 1.0  # seconds between ticks (pings); 0: tick() by hand
    silence: float = 15.0  # a peer silent this long is dropped
    chat_limit: RateLimit = RateLimit(5, 10.0)
    # Every other message; a fast computer player sends a few dozen moves a second.
    move_limit: RateLimit = RateLimit(500, 10.0)
    refusal_limit: RateLimit = RateLimit(60, 10.0)  # moves refused (races make a few)
    queue_frames: int = 256
    save_dir: Path | None = None


@dataclass(eq=False)
class Connection:
    """One client as the server sees it (a table's ``Peer``)."""

    link: Link
    chats: Window
    moves: Window
    refusals: Window
    name: str = ""
    seat: int = -1
    table: Table | None = None
    said_bye: bool = False
    orderly: bool = False  # we closed it on purpose (not a fault)

    def send(self, message: Any) -> None:
        self.link.send(message)

    def send_frame(self, frame: bytes) -> None:
        self.link.send_frame(frame)

    def refuse(self, code: str, message: str) -> None:
        self.link.refuse(Error(code, message))

    def close(self, reason: str) -> None:
        self.orderly = True
        self.link.close(reason, bye=True)


class Server:
    def __init__(self, options: ServerOptions, clock: Callable[[], float] = time.monotonic):
        self.options, self.clock = options, clock
        self.counters = Counters()
        self.tables: dict[str, Table] = {}
        self.connections: set[Connection] = set()
        self.done = asyncio.Event()  # every table has played its matches
        self._addresses: Counter[str] = Counter()
        self._thinking = runtime.make_pool(2, "net-think")
        self._saver = Saver(options.save_dir) if options.save_dir is not None else None
        self._server: asyncio.Server | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Task[None]] = set()  # tables saying goodbye
        self.port = 0

    # -- running ----------------------------------------------------------------------

    async def start(self) -> int:
        """Listen (resuming saved tables first); the port, chosen by the system for 0."""
        if self._saver is not None:
            for table in self._saver.load_all(self._new_table):
                self.tables[table.id] = table
        self._server = await runtime.start_server(self._handle, self.options.host,
                                                  self.options.port)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.options.ping_interval > 0:
            self._ticker = asyncio.get_running_loop().create_task(self._tick_forever())
        return self.port

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(self.options.ping_interval)
            self.tick()

    def tick(self) -> None:
        """Ping everyone, drop the silent, and let tables act on the time."""
        now = self.clock()
        for conn in list(self.connections):
            if now - conn.link.last_heard > self.options.silence:
                conn.link.abort("silent for too long")
            else:
                conn.send(Ping(now))
        for table in list(self.tables.values()):
            table.tick()

    async def close(self) -> None:
        """Say goodbye to everyone and stop."""
        if self._ticker is not None:
            self._ticker.cancel()
        if self._server is not None:
            self._server.close()
        for conn in list(self.connections):
            conn.close("The server is closing.")
        await asyncio.gather(*(c.link.wait_closed() for c in list(self.connections)))
        if self._server is not None:
            await self._server.wait_closed()
        await asyncio.gather(*(t.computers.close() for t in self.tables.values()))
        self._thinking.shutdown(wait=False, cancel_futures=True)
        if self._saver is not None:
            self._saver.close()

    def summary(self) -> dict[str, Any]:
        """One JSON-able account of the first table and of the traffic."""
        table = next(iter(self.tables.values()), None)
        names = [s.name for s in table.seats] if table else []
        results = table.results if table else []
        winner = None
        if table and results:
            best = max(range(len(names)), key=lambda i: (
                table.totals[i], sum(r.scores[i] for r in results)))
            winner = names[best]
        return {
            "game": self.options.table.game, "players": names,
            "scores": results[-1].scores if results else [], "winner": winner,
            "wins": list(table.totals) if table else [], "matches": len(results),
            "results": [{"match": r.match, "scores": r.scores,
                         "winners": [names[i] for i in r.winners]} for r in results],
            "messages": self.counters.received + self.counters.sent,
            "received": self.counters.received, "sent": self.counters.sent,
            "errors": self.counters.errors,
            "refused_moves": sum(t.refusals for t in self.tables.values()),
            "disconnects": self.counters.disconnects, "tables": len(self.tables),
        }

    # -- tables -----------------------------------------------------------------------

    def _new_table(self, table_id: str, options: TableOptions) -> Table:
        return Table(table_id, options, executor=self._thinking, clock=self.clock,
                     on_change=self._table_changed)

    def _table_changed(self, table: Table) -> None:
        if self._saver is not None:
            self._saver.save(table)
        if table.phase == "over":
            task = asyncio.get_running_loop().create_task(self._close_table(table))
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)

    async def _close_table(self, table: Table) -> None:
        await table.drained()  # the replays go out before the goodbyes
        for peer in table.peers:
            peer.close("The table has played its matches.")
        if all(t.phase == "over" for t in self.tables.values()):
            self.done.set()

    def _table_for(self, conn: Connection, name: str) -> Table | None:
        table_id = name or DEFAULT_TABLE
        if not TABLE_ID.fullmatch(table_id):
            conn.refuse("table", "A table name is 1-32 letters, digits, - or _.")
            return None
        table = self.tables.get(table_id)
        if table is None and len(self.tables) < self.options.max_tables:
            table = self.tables[table_id] = self._new_table(table_id, self.options.table)
        if table is None:
            conn.refuse("table", f"There is no table {table_id!r} and no room for another.")
        elif table.phase == "over":
            conn.refuse("table", "That table has played its matches.")
            return None
        return table

    # -- one connection ---------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
                      ) -> None:
        link = Link(reader, writer, CLIENT_TYPES, queue_frames=self.options.queue_frames,
                    counters=self.counters, clock=self.clock)
        if self._addresses[link.address] >= self.options.per_address:
            link.refuse(Error("too_many", f"At most {self.options.per_address} connections "
                              "from one address."))
            await link.wait_closed()
            return
        self._addresses[link.address] += 1
        conn = Connection(link, Window(self.options.chat_limit, self.clock),
                          Window(self.options.move_limit, self.clock),
                          Window(self.options.refusal_limit, self.clock))
        self.connections.add(conn)
        try:
            await self._serve(conn)
        except (LinkClosed, asyncio.CancelledError):  # cancelled: the loop is ending (its
            pass  # thread closes it); asyncio 3.11 logs a handler that ends cancelled
        except ProtocolError as exc:
            link.refuse(exc)
        except Exception:  # a bug must cost one connection, never the server
            log.exception("while serving %s", link.address)
            link.refuse(Error("internal", "The server could not handle that message."))
        finally:
            self.connections.discard(conn)
            self._addresses[link.address] -= 1
            dropped = not (conn.said_bye or conn.orderly)
            self.counters.disconnects += dropped
            if conn.table is not None:
                conn.table.leave(conn, dropped=dropped)
            link.close(link.close_reason or "closed")

    async def _serve(self, conn: Connection) -> None:
        link = conn.link
        hello = await link.recv()
        if not isinstance(hello, Hello):
            raise ProtocolError("hello_first", "Say hello first.")
        if hello.version != VERSION:
            raise ProtocolError("version", f"This server speaks protocol version {VERSION}; "
                                f"your program speaks version {hello.version}. Use the same "
                                "version of Card Parlour on both machines.")
        if hello.role not in ("player", "spectator"):
            raise ProtocolError("bad_message", "The role is player or spectator.")
        table = self._table_for(conn, hello.table)
        if table is None:
            return
        conn.name = clean_text(hello.name, MAX_NAME) or "Player"
        conn.table = table
        table.join(conn, conn.name, hello.role, hello.token)
        while link.open:
            self._dispatch(conn, table, await link.recv())

    def _dispatch(self, conn: Connection, table: Table, message: Any) -> None:
        if isinstance(message, Ping):
            conn.send(Pong(message.t))
        elif isinstance(message, Pong):
            pass
        elif isinstance(message, Bye):
            conn.said_bye = True
            conn.link.close("bye")
        elif isinstance(message, Chat):
            if not conn.chats.allow():
                conn.refuse("flood", "Too many chat lines at once.")
            else:
                table.chat(conn, message.text)
        elif not conn.moves.allow():
            conn.refuse("flood", "Too many messages at once.")
        elif isinstance(message, Seat):
            if not table.seat_message(conn, message.body) and not conn.refusals.allow():
                conn.refuse("flood", "Too many refused moves at once.")
        elif isinstance(message, Ready):
            table.ready(conn, message.ready)
        elif isinstance(message, Start):
            table.start(conn, message.anyway)
        elif isinstance(message, Seats):
            table.set_computers(conn, message.computer, message.level, message.levels)
        elif isinstance(message, Next):
            table.next_match(conn)
        else:
            raise ProtocolError("bad_message", f"{message.TYPE} is said once, first.")


async def serve(options: ServerOptions, announce: Callable[[str, int], None],
                ) -> dict[str, Any]:
    """Run until every table has played its matches; the summary."""
    steady_collector()
    server = Server(options)
    port = await server.start()
    announce(options.host, port)
    try:
        await server.done.wait()
    finally:
        with contextlib.suppress(Exception):
            await server.close()
    return server.summary()


def steady_collector() -> None:
    """A table's moves make many short-lived objects and almost no reference cycles:
    collect the youngest generation far less often, and keep what start-up built out of
    every collection, so that no move waits on a long full collection (a 60 ms pause
    set the server's p99 before)."""
    gc.freeze()
    gc.set_threshold(10_000, 50, 100)
