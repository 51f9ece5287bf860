"""The Card Parlour network protocol, version 7 (version 6's start could not start
over a person not ready; version 5's match end did not say whom the computer stood in
for; version 4's lobby did not say the turn timer; version 3 did not say whom the table
waits for; version 2 dealt the next match at once, with no ``next`` message; version 1
had one level for every computer seat; a hello of another version is refused, naming
both).

Framing
    Every message is one frame: a 4-byte big-endian length N, then N bytes of UTF-8
    JSON holding one object with a ``"type"`` string. 1 <= N <= MAX_FRAME (64 KiB).
    A reader checks N before reading the body: a frame that claims more is refused
    and the connection closed without reading it. A body that is not UTF-8 JSON, not
    an object, of an unknown type, with unknown fields, or with a field of the wrong
    type or size is a protocol error (an ``error`` reply, then the connection closes).

Handshake
    The client's first frame is ``hello`` with its ``version``. A server speaking
    another version answers ``error`` (code ``version``, naming both versions) and
    closes. Otherwise it answers ``welcome``: the table, the seat (``SPECTATOR``, -3, for
    a spectator) and a fresh seat ``token``. Presenting that token in a later ``hello`` takes the
    seat back (after a dropped connection, or from a computer that took it over); every
    such rejoin gets a new token, so an old one is worthless.

Client -> server
    hello    {version, name, role: "player"|"spectator", token, table}
    ready    {ready: bool}                  lobby: ready to start
    start    {anyway: bool}                 host: start now (empty seats to computers);
                                            a person not ready refuses it, unless anyway
    seats    {computer: [seat...], level,   host: which seats the computer takes, each
              levels: [level...]}           at its own level (levels: one per seat in
                                            computer; none: level for all)
    chat     {text}                         at most MAX_CHAT characters
    seat     {body}                         a seat message (a move or a command), as is
    next     {}                             between matches: ready for the next deal
    ping     {t} / pong {t}                 heartbeat; either side may ping
    bye      {reason}                       leaving

Server -> client
    welcome  {version, table, game, seat, token, role, host}
    lobby    {table, game, config, phase, host, seats: [{seat, name, kind, ready,
              connected, level}], match, matches, spectators, turn_timer}
    chat     {sender, seat, text}           sender is the speaker's name; a newcomer
                                            (or someone back) first gets the table's
                                            last CHAT_HISTORY lines after its welcome
    seat     {body}                         exactly the text a local seat is sent
                                            (the session's SeatPort messages)
    match_end {match, names, scores, winners, totals, next, stood_in}
                                            stood_in: the seats the computer played
                                            (for a while) for a person away
                                            with next, the table waits until every
                                            connected person has sent ``next`` (the
                                            computer is always ready; someone silent
                                            for the table's ``between`` seconds after
                                            another person's ``next`` counts as ready;
                                            before any ``next`` nothing is dealt), then
                                            deals
    waiting  {waits: [{seat, why, left}]}   whom the table waits for and the seconds left:
                                            "away" (a dropped person: then the computer
                                            takes the seat), "turn" (the turn timer: then
                                            a default move), "next" (between matches:
                                            then the next deal); sent whenever that
                                            changes, and to a newcomer
    replay   {match, part, parts, bodies}   the match's seat messages as that seat
                                            got them, split to fit frames: a replay
                                            through its own eyes, never the seed or log
    error    {code, message}
    ping {t} / pong {t} / bye {reason}

Faults
    A server that sends a client away (a protocol error, a flood, a bad seat message)
    sends ``error`` then ``bye`` and closes: the client knows why and does not dial
    again by itself. A connection that just ends (the line, the heartbeat) keeps its seat
    for the grace period, in the lobby too, for a ``hello`` with the token. Either side
    treats a long silence as a dead line.

Every seat message is built by the session for that seat from ``observe(state,
seat)`` (spectators: the public view), so no frame ever carries a card its reader may
not see. Rate limits, the heartbeat and the per-address cap are server options.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import struct
import typing
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar

VERSION = 7
MAX_FRAME = 64 * 1024
HEADER = struct.Struct(">I")
MAX_NAME = 24
MAX_CHAT = 200
CHAT_HISTORY = 20  # chat lines a newcomer gets
MAX_TOKEN = 64
MAX_TABLE = 32
MAX_BODY = MAX_FRAME - 1024  # room for the frame's own fields
MAX_SEATS = 8


class ProtocolError(ValueError):
    """A frame that breaks the protocol; ``code`` goes into the error reply."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def limit(size: int) -> dict[str, int]:
    """Field metadata: the longest text or list a field may hold."""
    return {"max": size}


# -- client -> server -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Hello:
    TYPE: ClassVar[str] = "hello"
    version: int
    name: str = field(default="Player", metadata=limit(MAX_NAME))
    role: str = field(default="player", metadata=limit(16))
    token: str = field(default="", metadata=limit(MAX_TOKEN))
    table: str = field(default="", metadata=limit(MAX_TABLE))


@dataclass(frozen=True, slots=True)
class Ready:
    TYPE: ClassVar[str] = "ready"
    ready: bool = True


@dataclass(frozen=True, slots=True)
class Start:
    TYPE: ClassVar[str] = "start"
    anyway: bool = False  # the host was told who is not ready, and starts all the same


@dataclass(frozen=True, slots=True)
class Seats:
    TYPE: ClassVar[str] = "seats"
    computer: list[int] = field(default_factory=list, metadata=limit(MAX_SEATS))
    level: str = field(default="", metadata=limit(16))
    levels: list[str] = field(default_factory=list, metadata=limit(MAX_SEATS))


@dataclass(frozen=True, slots=True)
class Chat:
    TYPE: ClassVar[str] = "chat"
    text: str = field(default="", metadata=limit(MAX_CHAT))
    sender: str = field(default="", metadata=limit(MAX_NAME))  # set by the server
    seat: int = -1


@dataclass(frozen=True, slots=True)
class Seat:
    TYPE: ClassVar[str] = "seat"
    body: str = field(metadata=limit(MAX_BODY))


@dataclass(frozen=True, slots=True)
class Next:
    TYPE: ClassVar[str] = "next"


@dataclass(frozen=True, slots=True)
class Ping:
    TYPE: ClassVar[str] = "ping"
    t: float = 0.0


@dataclass(frozen=True, slots=True)
class Pong:
    TYPE: ClassVar[str] = "pong"
    t: float = 0.0


@dataclass(frozen=True, slots=True)
class Bye:
    TYPE: ClassVar[str] = "bye"
    reason: str = field(default="", metadata=limit(200))


# -- server -> client -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Welcome:
    TYPE: ClassVar[str] = "welcome"
    version: int
    table: str = field(metadata=limit(MAX_TABLE))
    game: str = field(metadata=limit(40))
    seat: int
    token: str = field(metadata=limit(MAX_TOKEN))
    role: str = field(metadata=limit(16))
    host: int = -1


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the lobby shows it."""

    seat: int
    name: str = field(metadata=limit(MAX_NAME))
    kind: str = field(metadata=limit(16))  # "open" | "human" | "computer"
    ready: bool = False
    connected: bool = False
    level: str = field(default="", metadata=limit(16))  # a computer's level, or the stand-in's


@dataclass(frozen=True, slots=True)
class Lobby:
    TYPE: ClassVar[str] = "lobby"
    table: str = field(metadata=limit(MAX_TABLE))
    game: str = field(metadata=limit(40))
    config: dict[str, Any] = field(metadata=limit(64))
    phase: str = field(metadata=limit(16))  # "lobby" | "playing" | "over"
    host: int
    seats: list[SeatInfo] = field(metadata=limit(MAX_SEATS))
    match: int = 0
    matches: int = 0  # 0: no limit
    spectators: int = 0
    turn_timer: float = 0.0  # seconds (0: none)


@dataclass(frozen=True, slots=True)
class MatchEnd:
    TYPE: ClassVar[str] = "match_end"
    match: int
    names: list[str] = field(metadata=limit(MAX_SEATS))
    scores: list[float] = field(metadata=limit(MAX_SEATS))  # the rules' returns
    winners: list[int] = field(metadata=limit(MAX_SEATS))
    totals: list[int] = field(metadata=limit(MAX_SEATS))  # matches won per seat
    next: bool = False  # another match follows
    # seats the computer played for a person away, for some or all of the match
    stood_in: list[int] = field(default_factory=list, metadata=limit(MAX_SEATS))


@dataclass(frozen=True, slots=True)
class Wait:
    seat: int
    why: str = field(metadata=limit(8))  # "away" | "turn" | "next"
    left: float  # seconds, from when it was sent


@dataclass(frozen=True, slots=True)
class Waiting:
    TYPE: ClassVar[str] = "waiting"
    waits: list[Wait] = field(default_factory=list, metadata=limit(3 * MAX_SEATS))


@dataclass(frozen=True, slots=True)
class Replay:
    TYPE: ClassVar[str] = "replay"
    match: int
    part: int
    parts: int
    bodies: list[str] = field(metadata=limit(4096))


@dataclass(frozen=True, slots=True)
class Error:
    TYPE: ClassVar[str] = "error"
    code: str = field(metadata=limit(32))
    message: str = field(metadata=limit(300))


Message = (Hello | Ready | Start | Seats | Next | Chat | Seat | Ping | Pong | Bye | Welcome
           | Lobby | MatchEnd | Waiting | Replay | Error)
_COMMON: tuple[type[Message], ...] = (Chat, Seat, Ping, Pong, Bye)
CLIENT_TYPES: dict[str, type[Message]] = {
    t.TYPE: t for t in (Hello, Ready, Start, Seats, Next, *_COMMON)}
SERVER_TYPES: dict[str, type[Message]] = {
    t.TYPE: t for t in (Welcome, Lobby, MatchEnd, Waiting, Replay, Error, *_COMMON)}


# -- frames -----------------------------------------------------------------------------

def to_json(message: Any) -> dict[str, Any]:
    return {"type": message.TYPE, **_plain(message)}


def _plain(value: Any) -> Any:
    """A message's fields as JSON values (``asdict`` deep-copies: too slow per move)."""
    if dataclasses.is_dataclass(value):
        kind: type = type(value)  # annotated: mypy takes a bare type(x) for unhashable
        return {name: _plain(getattr(value, name)) for name in _fields(kind)}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


_JSON = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def encode(message: Any) -> bytes:
    """One frame: length prefix and compact JSON. ValueError if it would be too big."""
    if type(message) is Seat:  # four or five a move: the body's text spliced in as is
        body = f'{{"type":"seat","body":{_JSON(message.body)}}}'.encode()
    else:
        body = _JSON(to_json(message)).encode()
    if len(body) > MAX_FRAME:
        raise ValueError(f"a {message.TYPE} frame of {len(body)} bytes is over {MAX_FRAME}")
    return HEADER.pack(len(body)) + body


async def read_frame(reader: asyncio.StreamReader) -> bytes:
    """The next frame's body. ProtocolError for a length out of bounds (the body is never
    read); asyncio.IncompleteReadError at the end of the stream."""
    (size,) = HEADER.unpack(await reader.readexactly(HEADER.size))
    if not 1 <= size <= MAX_FRAME:
        raise ProtocolError("frame_size", f"a frame of {size} bytes (at most {MAX_FRAME})")
    return await reader.readexactly(size)


def decode(body: bytes, types: dict[str, type]) -> Any:
    """A frame's body as one of ``types``' messages; ProtocolError for anything else."""
    try:
        data = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "a frame that is not UTF-8 JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("bad_message", "a frame must be a JSON object with a type")
    kind = types.get(data.pop("type"))
    if kind is None:
        raise ProtocolError("unknown_type", f"unknown message type {body[:40]!r}")
    return build(kind, data)


def build(kind: type, data: dict[str, Any]) -> Any:
    """``kind`` from JSON fields, every one checked for type and size."""
    fields = _fields(kind)
    where = getattr(kind, "TYPE", kind.__name__)
    extra = set(data) - set(fields)
    if extra:
        raise ProtocolError("bad_message", f"{where}: unknown field {sorted(extra)[0]!r:.40}")
    values = {}
    for name, (hint, size, required) in fields.items():
        if name not in data:
            if required:
                raise ProtocolError("bad_message", f"{where}: {name} is missing")
            continue
        values[name] = _check(where, name, hint, size, data[name])
    return kind(**values)


@cache
def _fields(kind: type) -> dict[str, tuple[Any, int, bool]]:
    hints = typing.get_type_hints(kind)
    return {f.name: (hints[f.name], f.metadata.get("max", 0),
                     f.default is dataclasses.MISSING
                     and f.default_factory is dataclasses.MISSING)
            for f in dataclasses.fields(kind)}


def _check(where: str, name: str, hint: Any, size: int, value: Any) -> Any:
    bad = ProtocolError("bad_message", f"{where}: {name} is not valid")
    origin = typing.get_origin(hint)
    if origin is list:
        (item,) = typing.get_args(hint)
        if not isinstance(value, list) or len(value) > size:
            raise bad
        return [_check(where, name, item, MAX_BODY, v) for v in value]
    if origin is dict:
        if not isinstance(value, dict) or len(value) > size:
            raise bad
        return value
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, dict):
            raise bad
        return build(hint, dict(value))
    if hint is bool:
        ok = isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53
    elif hint is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool) \
            and abs(value) < 2**53  # no 1e999, no 400-digit int for float() to choke on
        value = float(value) if ok else value
    elif hint is str:
        ok = isinstance(value, str) and len(value) <= size
    else:
        ok = False
    if not ok:
        raise bad
    return value


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number")
