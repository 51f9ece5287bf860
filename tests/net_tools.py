"""Helpers for the network tests: servers on an ephemeral loopback port, raw peers that
speak bytes, scripted people, and a guard that reads every frame the server sends.
Nothing here sleeps: every wait is for a message, with a timeout only as a failsafe."""

from __future__ import annotations

import asyncio
import json
import struct
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.net import protocol
from game.net.client import NetClient, ThreadedClient
from game.net.link import Link, LinkClosed
from game.net.protocol import CLIENT_TYPES, VERSION, Hello, Seat, Seats, Start
from game.net.server import Server, ServerOptions
from game.net.table import Table, TableOptions
from game.rules import views
from game.rules.base import SPECTATOR
from game.seat_json import JsonClient

GUARD = 20.0  # seconds: only a failsafe, a passing test never comes near it
QUICK = TableOptions(config={"players": 4, "target": 20}, level="easy")


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class FakeTimer:
    """A ThreadedClient's timer (game.net.client.Timer) that moves only when the test
    moves it: a wait between dials ends once ``advance`` has gone past it."""

    def __init__(self) -> None:
        self.clock = 1000.0
        self._lock = threading.Lock()
        self._waits: list[tuple[float, asyncio.AbstractEventLoop, asyncio.Event]] = []

    def now(self) -> float:
        return self.clock

    async def wait(self, seconds: float, wake: asyncio.Event) -> None:
        if seconds <= 0:
            return
        due = asyncio.Event()
        entry = (self.clock + seconds, asyncio.get_running_loop(), due)
        with self._lock:
            self._waits.append(entry)
        waits = [asyncio.ensure_future(event.wait()) for event in (wake, due)]
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()
            with self._lock:
                self._waits.remove(entry)

    @property
    def waiting(self) -> float | None:
        """Seconds until the first wait under way ends (None: nobody waits)."""
        with self._lock:
            ends = [end for end, _, _ in self._waits]
        return min(ends) - self.clock if ends else None

    def advance(self, seconds: float) -> None:
        with self._lock:
            self.clock += seconds
            ended = [(loop, due) for end, loop, due in self._waits if end <= self.clock]
        for loop, due in ended:
            loop.call_soon_threadsafe(due.set)


@asynccontextmanager
async def serving(table: TableOptions = QUICK, clock: Callable[[], float] | None = None,
                  **options: Any) -> AsyncIterator[Server]:
    """A server on 127.0.0.1 and a free port; ticks only when the test calls tick()."""
    options.setdefault("ping_interval", 0)
    server = Server(ServerOptions(port=0, table=table, **options), **(
        {"clock": clock} if clock else {}))
    await server.start()
    try:
        yield server
    finally:
        await server.close()


async def connect(server: Server, name: str, **kw: Any) -> NetClient:
    return await NetClient.connect("127.0.0.1", server.port, name, **kw)


async def expect(client: NetClient, kind: type, when: Callable[[Any], bool] = lambda m: True,
                 seen: list[Any] | None = None) -> Any:
    """Read until a ``kind`` message that ``when`` accepts arrives."""
    async with asyncio.timeout(GUARD):
        while True:
            message = await client.recv()
            if seen is not None:
                seen.append(message)
            if isinstance(message, kind) and when(message):
                return message


async def closed(link: Link) -> list[Any]:
    """Everything read until the server closes the link."""
    got = []
    async with asyncio.timeout(GUARD):
        try:
            while True:
                got.append(await link.recv())
        except LinkClosed:
            return got


@dataclass
class Person:
    """Someone at a seat, scripted by the test: a connection and a JSON seat."""

    net: NetClient
    seat: JsonClient = field(init=False)
    last: dict[str, Any] = field(default_factory=dict)  # the latest seat message

    def __post_init__(self) -> None:
        from game.rules.registry import RULES_BY_ID

        self.seat = JsonClient(RULES_BY_ID[self.net.welcome.game], self.net.send_seat)

    async def until(self, ready: Callable[[], bool], autoplay: bool = False) -> None:
        """Take in seat messages until ``ready()``; with ``autoplay``, make the first
        legal move at each turn on the way."""
        played_at = -1
        async with asyncio.timeout(GUARD):
            while not ready():
                if autoplay and self.seat.acting and self.seat.position != played_at:
                    played_at = self.seat.position
                    self.seat.submit(self.seat.legal_moves[0])
                    continue
                message = await self.net.recv()
                if isinstance(message, Seat):
                    self.last = json.loads(message.body)
                    self.seat.receive(message.body)

    def ids(self) -> dict[str, Any]:
        """The latest message's position fields, to send a move that is not stale."""
        return {"state_id": self.last["state_id"]}


async def host_with_computers(server: Server, computers: list[int]) -> Person:
    """The host at seat 0, the computer at ``computers``, the match started."""
    host = Person(await connect(server, "Host"))
    host.net.send(Seats(computers))
    host.net.send(Start())
    await host.until(lambda: host.seat.position > 0)
    return host


class RawPeer:
    """A connection that writes whatever bytes a test likes."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.link = Link(reader, writer, protocol.SERVER_TYPES)
        self.writer = writer

    @classmethod
    async def open(cls, server: Server) -> RawPeer:
        return cls(*await asyncio.open_connection("127.0.0.1", server.port))

    def raw(self, data: bytes) -> None:
        self.writer.write(data)

    def frame(self, body: bytes) -> None:
        self.raw(struct.pack(">I", len(body)) + body)

    def json(self, data: Any) -> None:
        self.frame(json.dumps(data).encode())

    async def hello(self, name: str = "Raw", **kw: Any) -> Any:
        self.link.send(Hello(VERSION, name, **kw))
        async with asyncio.timeout(GUARD):
            return await self.link.recv()


def frame_cards(message: dict[str, Any]) -> set[str]:
    """Every card code in a frame, a seat message (JSON inside JSON) included."""
    found = views.card_codes(message)
    if message["type"] == "seat":
        found |= views.card_codes(json.loads(message["body"]))
    return found


@dataclass
class LeakGuard:
    """Checks each frame the server queues against what its reader may see right then.
    A replay may only repeat seat messages that seat was sent (and checked) before."""

    server: Server
    frames: int = 0
    leaks: list[str] = field(default_factory=list)
    final: dict[str, Any] = field(default_factory=dict)  # table id -> last match's state
    sent: dict[tuple[str, int], set[str]] = field(default_factory=dict)  # seat bodies

    def check(self, link: Link, frame: bytes) -> None:
        conn = next((c for c in self.server.connections if c.link is link), None)
        table = conn.table if conn else None
        state = None
        if table is not None:
            state = table.session.recorder.state if table.session else self.final.get(table.id)
        seat = conn.seat if conn and conn.seat >= 0 else SPECTATOR
        message = json.loads(frame[4:])
        self.frames += 1
        before = self.sent.setdefault((table.id if table else "", seat), set())
        if message["type"] == "replay":
            if not set(message["bodies"]) <= before:
                self.leaks.append(f"seat {seat}: a replay of messages it was never sent")
            return
        if message["type"] == "seat":
            before.add(message["body"])
        cards = frame_cards(message)
        hidden = table.rules.hidden_cards(state, seat) if state is not None else cards
        if cards & hidden:
            self.leaks.append(f"seat {seat}: {sorted(cards & hidden)} in {frame[4:80]!r}")


def install_leak_guard(monkeypatch: pytest.MonkeyPatch) -> Callable[[Server], LeakGuard]:
    """LeakGuards for servers: every server-side frame is read as it is queued (the
    ``leak_guard`` fixture)."""
    guards: list[LeakGuard] = []
    send_frame, end_match = Link.send_frame, Table._end_match

    def checked(link: Link, frame: bytes) -> None:
        if link.accepts is CLIENT_TYPES:
            for guard in guards:
                guard.check(link, frame)
        send_frame(link, frame)

    def ending(table: Table, session: Any) -> None:
        for guard in guards:
            guard.final[table.id] = session.recorder.state
        end_match(table, session)

    monkeypatch.setattr(Link, "send_frame", checked)
    monkeypatch.setattr(Table, "_end_match", ending)

    def install(server: Server) -> LeakGuard:
        guards.append(LeakGuard(server))
        return guards[-1]

    return install


# -- the threaded client, against a server on a thread of its own --------------------------

@contextmanager
def server_thread(table: TableOptions = QUICK, clock: Callable[[], float] | None = None,
                  **options: Any) -> Iterator[tuple[Server, asyncio.AbstractEventLoop]]:
    """A server on its own event loop and thread (as a hosting machine has it); ticks
    only when the test calls ``tick`` on that loop."""
    loop = asyncio.new_event_loop()
    server = Server(ServerOptions(port=0, table=table, ping_interval=0, **options),
                    **({"clock": clock} if clock else {}))
    started, stop = threading.Event(), asyncio.Event()

    async def run() -> None:
        await server.start()
        started.set()
        await stop.wait()
        await server.close()

    thread = threading.Thread(target=loop.run_until_complete, args=(run(),), daemon=True)
    thread.start()
    assert started.wait(GUARD)
    try:
        yield server, loop
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(GUARD)


def wait_for(client: ThreadedClient, ready: Callable[[], bool]) -> None:
    """Poll as a frame would, blocking only on the arrival of messages (a client that
    keeps talking without ever getting there fails at the guard)."""
    end = time.monotonic() + GUARD
    while not ready():
        left = end - time.monotonic()
        if left <= 0:
            raise AssertionError("never happened")
        client.poll(wait=left)
