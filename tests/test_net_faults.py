"""Bad input over the network: each kind gets an error reply or a disconnect, never a
crash and never a change to the game, and the table plays on afterwards."""

from __future__ import annotations

import asyncio
import json
import struct
from typing import Any

import pytest

from game.net.client import JoinRefused
from game.net.limits import RateLimit
from game.net.link import LinkClosed
from game.net.protocol import MAX_FRAME, VERSION, Chat, Error, Lobby, Ping, Pong, Ready, Seat, Start
from game.net.table import TableOptions
from game.rules import chinese_poker as C
from game.seat_json import encode
from tests.net_tools import (
    GUARD,
    FakeClock,
    Person,
    RawPeer,
    closed,
    connect,
    expect,
    host_with_computers,
    serving,
)


def framed(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


FRAMES: dict[str, tuple[bytes, str | None]] = {  # what is sent, the error code expected
    "malformed JSON": (framed(b"{oops"), "bad_json"),
    "not an object": (framed(b"[]"), "bad_message"),
    "oversized frame": (struct.pack(">I", MAX_FRAME + 1), "frame_size"),
    "huge length": (b"\xff\xff\xff\xff", "frame_size"),
    "empty frame": (struct.pack(">I", 0), "frame_size"),
    "length longer than the data": (struct.pack(">I", 1000) + b'{"type":"ping"}', None),
    "length shorter than the data": (struct.pack(">I", 5) + b'{"type":"ping"}', "bad_json"),
    "bad UTF-8": (framed(b"\xff\xfe\xfd\xfc"), "bad_json"),
    "infinite number": (framed(b'{"type":"hello","version":1e999}'), "bad_message"),
    "deep nesting": (framed(b'{"type":"hello","version":' + b"[" * 50_000 + b"}"), "bad_json"),
}
MESSAGES: dict[str, tuple[dict[str, Any], str]] = {
    "unknown type": ({"type": "teleport"}, "unknown_type"),
    "unknown field": ({"type": "hello", "version": VERSION, "admin": True}, "bad_message"),
    "wrong field type": ({"type": "hello", "version": str(VERSION)}, "bad_message"),
    "name too long": ({"type": "hello", "version": VERSION, "name": "x" * 500}, "bad_message"),
    "wrong version": ({"type": "hello", "version": VERSION + 98}, "version"),
    "not hello first": ({"type": "chat", "text": "hi"}, "hello_first"),
    "forged token": ({"type": "hello", "version": VERSION, "token": "A" * 32}, "token"),
    "bad table name": ({"type": "hello", "version": VERSION, "table": "../../etc"}, "table"),
    "unknown role": ({"type": "hello", "version": VERSION, "role": "dealer"}, "bad_message"),
}


async def table_plays_on(server: Any, host: Person) -> None:
    """Nothing changed, and the host's next move is taken."""
    session = server.tables["main"].session
    position = session.position
    assert host.seat.acting
    host.seat.submit(host.seat.legal_moves[0])
    await host.until(lambda: session.position > position)
    assert session.position > position


@pytest.mark.parametrize("case", [*FRAMES, *MESSAGES])
def test_a_bad_frame_is_answered_and_closed_and_the_table_plays_on(case: str) -> None:
    async def scenario() -> None:
        async with serving() as server:
            host = await host_with_computers(server, [1, 2, 3])
            position = server.tables["main"].session.position
            peer = await RawPeer.open(server)
            if case in FRAMES:
                data, code = FRAMES[case]
                peer.raw(data)
                if code is None:  # the length lies: the peer stops short and hangs up
                    peer.writer.write_eof()
            else:
                message, code = MESSAGES[case]
                peer.json(message)
            got = await closed(peer.link)
            errors = [m for m in got if isinstance(m, Error)]
            assert [e.code for e in errors] == ([code] if code else [])
            if case == "wrong version":
                assert f"version {VERSION}" in errors[0].message
                assert f"version {VERSION + 98}" in errors[0].message
            assert server.tables["main"].session.position == position
            await table_plays_on(server, host)

    asyncio.run(scenario())


def seat_message(host: Person, move: Any, **ids: Any) -> str:
    return encode("move", move=C.move_to_json(move), **(ids or host.ids()))


async def in_play(server: Any) -> Person:
    """The host's turn in the play phase (the computer waits for it)."""
    host = await host_with_computers(server, [1, 2, 3])
    await host.until(lambda: host.seat.acting and host.seat.view.phase == "play", autoplay=True)
    return host


@pytest.mark.parametrize("case", ["card not held", "stale state id", "another seat's move",
                                  "undo", "a new deal"])
def test_a_bad_move_is_refused_and_changes_nothing(case: str) -> None:
    async def scenario() -> None:
        async with serving() as server:
            host = await in_play(server)
            session = server.tables["main"].session
            position, before = session.position, session.recorder.state
            hand = {c.code for c in host.seat.view.hand}
            if case == "card not held":
                missing = next(c.code for c in C.DECK if c.code not in hand
                               and c.rank not in {h.rank for h in host.seat.view.hand})
                host.net.send_seat(seat_message(host, C.Play(0, (missing,))))
            elif case == "stale state id":
                host.net.send_seat(seat_message(host, host.seat.legal_moves[0], state_id=-5))
            elif case == "another seat's move":
                host.net.send_seat(seat_message(host, C.Pass(2)))
            else:
                name = "undo" if case == "undo" else "restart"
                host.net.send_seat(encode("command", name=name, **host.ids()))
            refusal = host.seat.refusal
            await host.until(lambda: host.seat.refusal != refusal)
            assert session.position == position and session.recorder.state == before
            await table_plays_on(server, host)

    asyncio.run(scenario())


def test_a_move_out_of_turn_is_refused() -> None:
    async def scenario() -> None:
        table = TableOptions(config={"players": 2, "target": 20}, level="easy")
        async with serving(table) as server:
            host = Person(await connect(server, "Host"))
            rival = Person(await connect(server, "Rival"))
            rival.net.send(Ready(True))
            await expect(host.net, Lobby, lambda lobby: lobby.seats[1].ready)
            host.net.send(Start())
            await host.until(lambda: host.seat.acting)
            await rival.until(lambda: rival.seat.position > 0)
            assert not rival.seat.acting, "seat 0 cuts first"
            position = server.tables["main"].session.position
            rival.net.send_seat(seat_message(rival, C.Cut(1, 0)))
            await rival.until(lambda: rival.seat.refusal is not None)
            assert "not your turn" in rival.seat.refusal.lower()
            assert server.tables["main"].session.position == position
            await table_plays_on(server, host)

    asyncio.run(scenario())


@pytest.mark.parametrize("body", [
    "{not json", encode("move", move={"type": "play", "seat": 0, "cards": ["ZZ"]}),
    encode("teleport"), json.dumps({"type": "move"})])
def test_garbage_inside_a_seat_message_drops_that_peer_only(body: str) -> None:
    async def scenario() -> None:
        async with serving() as server:
            host = await in_play(server)
            position = server.tables["main"].session.position
            host.net.send_seat(body)
            got = await closed(host.net.link)
            assert [m.code for m in got if isinstance(m, Error)] == ["bad_seat_message"]
            assert server.tables["main"].session.position == position
            back = Person(await connect(server, "Host", token=host.net.token))
            await back.until(lambda: back.seat.acting)
            await table_plays_on(server, back)

    asyncio.run(scenario())


@pytest.mark.parametrize("what", ["chat", "refused moves", "messages"])
def test_a_flood_gets_an_error_then_a_disconnect(what: str) -> None:
    async def scenario() -> None:
        limits = {"chat_limit": RateLimit(5, 10.0), "refusal_limit": RateLimit(5, 10.0),
                  "move_limit": RateLimit(7, 10.0)}
        async with serving(clock=FakeClock(), **limits) as server:
            host = await host_with_computers(server, [1, 2, 3])
            session = server.tables["main"].session
            position = session.position
            for _ in range(6):
                if what == "chat":
                    host.net.send(Chat("hello " * 10))
                elif what == "refused moves":
                    host.net.send_seat(seat_message(host, C.Pass(2)))
                else:  # after Seats and Start: the 8th message is one too many
                    host.net.send(Ready(True))
            got = await closed(host.net.link)
            assert [m.code for m in got if isinstance(m, Error)] == ["flood"]
            assert session.position == position
            if what == "chat":
                lines = [m for m in got if isinstance(m, Chat)]
                assert len(lines) == 5 and lines[0].sender == "Host"

    asyncio.run(scenario())


def test_too_many_connections_from_one_address_are_refused() -> None:
    async def scenario() -> None:
        async with serving(per_address=2) as server:
            host = await host_with_computers(server, [1, 2, 3])
            watcher = await connect(server, "Watcher", role="spectator")
            third = await RawPeer.open(server)
            got = await closed(third.link)
            assert [m.code for m in got if isinstance(m, Error)] == ["too_many"]
            await watcher.close()
            async with asyncio.timeout(GUARD):  # the cap counts open connections only
                while len(server.connections) > 1:
                    await asyncio.sleep(0)
            again = await connect(server, "Watcher", role="spectator")
            assert again.welcome.role == "spectator"
            await table_plays_on(server, host)

    asyncio.run(scenario())


def test_a_silent_peer_is_dropped_by_the_heartbeat_and_a_live_one_is_not() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with serving(clock=clock, silence=15.0) as server:
            silent = await RawPeer.open(server)
            await silent.hello("Silent", role="spectator")
            live = await connect(server, "Live", role="spectator")
            server.tick()
            async with asyncio.timeout(GUARD):  # the server pings
                while not isinstance(await silent.link.recv(), Ping):
                    pass
            clock.advance(10)
            live.send(Ping(1.0))
            async with asyncio.timeout(GUARD):
                while not isinstance(await live.link.recv(), Pong):
                    pass
            clock.advance(6)
            server.tick()
            await closed(silent.link)
            live.send(Ping(2.0))
            async with asyncio.timeout(GUARD):
                while not isinstance(await live.link.recv(), Pong):
                    pass
            assert server.summary()["disconnects"] == 1

    asyncio.run(scenario())


def test_a_peer_that_never_reads_is_dropped_when_its_queue_fills() -> None:
    async def scenario() -> None:
        async with serving(queue_frames=4) as server:
            host = await host_with_computers(server, [1, 2, 3])
            lazy = await RawPeer.open(server)
            await lazy.hello("Lazy", role="spectator")
            lazy.writer.transport.pause_reading()
            conn = next(c for c in server.connections if c.name == "Lazy")
            for _ in range(2000):  # until the socket's buffers are full and the queue too
                conn.send(Seat("x" * 60_000))
                if not conn.link.open:
                    break
                await asyncio.sleep(0)  # let its writer run
            assert not conn.link.open
            lazy.writer.transport.resume_reading()
            with pytest.raises(LinkClosed):
                async with asyncio.timeout(GUARD):
                    while True:
                        await lazy.link.recv()
            await table_plays_on(server, host)

    asyncio.run(scenario())


def test_seat_messages_carry_json_text_exactly_as_a_local_seat_gets_it() -> None:
    async def scenario() -> None:
        async with serving() as server:
            host = await host_with_computers(server, [1, 2, 3])
            body = json.loads(json.dumps(host.last))
            assert body["type"] == "update" and body["seat"] == 0
            assert set(body["observation"]) >= {"hand", "counts", "scores"}

    asyncio.run(scenario())


def test_a_client_of_protocol_version_6_is_refused_naming_both_versions() -> None:
    """Version 7's start may carry ``anyway``; a version 6 server would refuse that
    message, so an older program is told to update before it sits."""
    async def scenario() -> None:
        async with serving() as server:
            with pytest.raises(JoinRefused) as refused:
                await connect(server, "Old", version=6)
            error = refused.value.error
            assert error.code == "version" and VERSION == 7
            assert "version 7" in error.message and "version 6" in error.message

    asyncio.run(scenario())
