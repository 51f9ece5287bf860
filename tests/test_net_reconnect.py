"""A threaded client (what a scene holds) that loses its line comes straight back with
its seat token and gets the whole current view, in the lobby and in play; one the
server sends away on purpose (a flood, garbage) is told why and stays away. Real
sockets on 127.0.0.1; every wait is for a message."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from game.engine.net_table import NetworkTable
from game.net.client import ThreadedClient
from game.net.limits import RateLimit
from game.net.server import Server
from tests.net_tools import GUARD, FakeClock, server_thread, wait_for

SILENCE = 15.0


def seated(client: ThreadedClient, playing: bool) -> None:
    """Seat 0 at a table whose other seats the computer takes; dealt if ``playing``."""
    wait_for(client, lambda: client.status == "lobby" and client.lobby is not None)
    client.set_computers([1, 2, 3], "easy")
    if playing:
        client.start()
        wait_for(client, lambda: client.status == "playing" and client.seat_client.acting)
    else:
        wait_for(client, lambda: client.lobby.seats[3].kind == "computer")


def drop(client: ThreadedClient, server: Server, loop, clock: FakeClock,  # noqa: ANN001
         how: str) -> None:
    if how == "line":  # this end of the line goes dead (a cable, the Wi-Fi)
        link = client._client.link
        client._runner.loop.call_soon_threadsafe(link.writer.transport.abort)
    else:  # the server heard nothing for longer than its heartbeat allows
        clock.advance(SILENCE + 1)
        loop.call_soon_threadsafe(server.tick)


@pytest.mark.parametrize("how", ["line", "heartbeat"])
@pytest.mark.parametrize("playing", [False, True], ids=["lobby", "playing"])
def test_a_dropped_client_gets_back_in_at_once_with_the_whole_view(how: str,
                                                                    playing: bool) -> None:
    clock = FakeClock()
    with server_thread(clock=clock, silence=SILENCE) as (server, loop):
        client = ThreadedClient("127.0.0.1", server.port, "Ann")
        try:
            seated(client, playing)
            kinds: list[str] = []
            if playing:
                client.seat_client.add_listener(lambda update: kinds.append(update.kind))
            token, status = client.token, client.status
            drop(client, server, loop, clock, how)
            # The welcome says "lobby"; at a table in play the lobby message that follows
            # it says "playing" (the seat's whole view comes between the two).
            wait_for(client, lambda: client.token != token and client.status == status
                     and (not playing or "hello" in kinds))
            assert not client.problem and server.tables["main"].seats[0].peer is not None
            assert client.seat == 0 and client.lobby.host == 0
            assert [s.kind for s in client.lobby.seats] == ["human"] + ["computer"] * 3
            if playing:  # the whole current view: still this seat's turn to cut
                assert client.seat_client.acting and client.seat_client.view.phase == "cut"
        finally:
            client.close()


@pytest.mark.parametrize(("fault", "reason"), [
    ("flood", "Too many messages at once."),
    ("garbage", "not JSON")])
def test_a_client_sent_away_is_told_why_and_does_not_dial_again(
        tmp_path: Path, fault: str, reason: str) -> None:
    with server_thread(move_limit=RateLimit(3, 60.0)) as (server, _):
        client = ThreadedClient("127.0.0.1", server.port, "Ann")
        try:
            seated(client, playing=True)  # two messages: the computer's seats, start
            if fault == "flood":
                for _ in range(5):
                    client.ready()
            else:
                client.send_seat("{not json")
            wait_for(client, lambda: client.status not in ("playing", "lobby"))
            assert client.status == "lost" and reason in client.problem
            client._runner.thread.join(GUARD)
            assert not client._runner.thread.is_alive(), "it gave up instead of dialling again"
            ended = NetworkTable(client, tmp_path).ended
            assert ended.startswith("The connection is lost.") and reason in ended
            again = ThreadedClient("127.0.0.1", server.port, "Ann", token=client.token)
            try:  # the seat was kept: asked to, the person takes it back, view and all
                wait_for(again, lambda: again.status == "playing"
                         and again.seat_client.has_view)
                assert again.seat == 0 and again.seat_client.acting
            finally:
                again.close()
        finally:
            client.close()


def test_a_line_gone_silent_is_dropped_by_the_client_and_dialled_again() -> None:
    """A line that dies without a reset never closes by itself: the client gives it up
    after a silence (this server never pings) and comes back with its token."""
    with server_thread() as (server, _):
        client = ThreadedClient("127.0.0.1", server.port, "Ann", silence=0.05)
        try:
            wait_for(client, lambda: client.status == "lobby")
            token = client.token
            wait_for(client, lambda: client.token != token and client.status == "lobby")
            assert client.seat == 0 and not client.problem
        finally:
            client.close()


def test_a_line_with_nothing_but_pings_is_alive() -> None:
    """The play-test's idle table: the client counted only the table's messages as
    signs of life, so with nobody moving it dropped the line every 15 s, dialled again
    and the turn timer started over. Pings count: the line stays up for three silences
    and more while the server only pings."""
    with server_thread() as (server, loop):
        client = ThreadedClient("127.0.0.1", server.port, "Ann", silence=0.2)
        try:
            wait_for(client, lambda: client.status == "lobby")
            link = next(iter(server.connections)).link
            started = time.monotonic()
            while time.monotonic() - started < 1.0:  # pinging, not sleeping: each Pong
                heard = link.last_heard  # (pings reach no inbox: this link is watched)
                loop.call_soon_threadsafe(server.tick)
                while link.last_heard == heard and link.open:
                    assert time.monotonic() - started < GUARD, "no answer to a ping"
                    time.sleep(0.001)
            client.poll()
            assert client.status == "lobby" and client.dials == 1, client.problem
        finally:
            client.close()
