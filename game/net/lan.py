"""Tables on the local network, without typing an address: a host broadcasts a small
JSON datagram every ``EVERY`` seconds to ``ANNOUNCE_PORT``; the Connect dialog listens
there and lists the tables heard in the last ``HEARD_FOR`` seconds. Broadcast is blocked
on many networks (firewalls, VPN adapters): every failure here is quiet, and typing an
address always works. A datagram is only a hint; joining goes through the hello."""

from __future__ import annotations

import asyncio
import contextlib
import json
import select
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.json_limits import is_int
from game.recent_tables import Address

ANNOUNCE_PORT = 4748  # beside the tables' own 4747
BROADCAST = ("255.255.255.255", ANNOUNCE_PORT)
EVERY = 2.0  # seconds between announcements
HEARD_FOR = 6.0  # a table not heard for this long has gone
MAX_DATAGRAM = 512
KIND = "card-parlour-table"
VERSION = 1


@dataclass(frozen=True)
class Announcement:
    game: str
    table: str
    host: str  # the hosting player's name
    port: int
    free: int  # seats open for people
    # the host's answers ("Race"); an older program sends none and ignores it
    detail: str = ""

    def encode(self) -> bytes:
        return json.dumps({"kind": KIND, "version": VERSION, "game": self.game,
                           "table": self.table, "host": self.host, "port": self.port,
                           "free": self.free, "detail": self.detail},
                          separators=(",", ":")).encode()

    @classmethod
    def decode(cls, data: bytes) -> Announcement | None:
        """The announcement, or None for any other datagram (anyone may send one)."""
        try:
            raw = json.loads(data.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            return None
        if not isinstance(raw, dict) or raw.get("kind") != KIND or raw.get("version") != VERSION:
            return None
        texts = [t for k in ("game", "table", "host")
                 if isinstance(t := raw.get(k), str) and 0 < len(t) <= 40 and t.isprintable()]
        port, free = raw.get("port"), raw.get("free")
        if len(texts) != 3 or not is_int(port, 1, 65535) or not is_int(free, 0, 8):
            return None
        detail = raw.get("detail", "")
        if not isinstance(detail, str) or len(detail) > 40 or not detail.isprintable():
            return None
        return cls(texts[0], texts[1], texts[2], port, free, detail)


async def announce(describe: Callable[[], Announcement],
                   target: tuple[str, int] = BROADCAST, every: float = EVERY) -> None:
    """Send ``describe()`` to ``target`` every ``every`` seconds until cancelled."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.setblocking(False)
        while True:
            with contextlib.suppress(OSError):  # no route, broadcast refused: say nothing
                sock.sendto(describe().encode(), target)
            await asyncio.sleep(every)


@dataclass(frozen=True)
class HeardTable:
    address: Address
    announcement: Announcement

    def label(self, kept: bool = False) -> str:
        """The button: whose table, what it plays, and the seats open (or ``kept``: this
        player's own seat, which counts as taken, waits there)."""
        said = self.announcement
        seats = "your seat kept" if kept else f"{said.free} free"
        return " \u00b7 ".join(w for w in (said.host[:14], said.detail, seats) if w)


class LanListener:
    """Listens for announcements on ``port`` (0: any free one, for tests); polled once a
    frame, never blocking unless asked. If the port cannot be had it hears nothing."""

    def __init__(self, port: int = ANNOUNCE_PORT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.port = 0
        self._heard: dict[Address, tuple[Announcement, float]] = {}
        self._sock: socket.socket | None = None
        with contextlib.suppress(OSError):
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if hasattr(socket, "SO_REUSEPORT"):  # two copies of the game on one machine
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
                sock.bind(("", port))
                sock.setblocking(False)
            except OSError:
                sock.close()
                raise
            self._sock, self.port = sock, sock.getsockname()[1]

    def tables(self, game: str, wait: float = 0.0) -> list[HeardTable]:
        """The ``game``'s tables heard lately, in the order first heard; ``wait``: seconds
        to wait for a datagram when none is pending."""
        if self._sock is not None:
            with contextlib.suppress(OSError):
                if wait > 0:
                    select.select([self._sock], [], [], wait)
                self._take_pending(self._sock)
        now = self.clock()
        self._heard = {a: (n, t) for a, (n, t) in self._heard.items() if now - t < HEARD_FOR}
        return [HeardTable(a, n) for a, (n, _) in self._heard.items() if n.game == game]

    def _take_pending(self, sock: socket.socket) -> None:
        while True:
            try:
                data, sender = sock.recvfrom(MAX_DATAGRAM)
            except BlockingIOError:
                return
            heard = Announcement.decode(data)
            if heard is not None:
                self._heard[Address(sender[0], heard.port)] = (heard, self.clock())

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def describe_table(server: Any, game: str, host: str, table: str,
                   detail: str = "") -> Callable[[], Announcement]:
    """What a hosted ``server`` says about its table right now."""
    def describe() -> Announcement:
        seats = server.tables.get(table)
        free = sum(s.kind == "open" for s in seats.seats) if seats is not None else 0
        return Announcement(game, table, host or "Player", server.port, free, detail)

    return describe
