"""Seats over the network: dropping out and coming back with the seat token, the grace
period and the computer's stand-in, the turn timer, spectators, a server restart, and
the threaded client a pygame scene holds."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path
from typing import Any

import pytest

from game.net.client import UNSENT, JoinRefused, ThreadedClient
from game.net.protocol import Error, Lobby, Seat, Seats
from game.net.server import Server
from game.net.table import TableOptions
from game.replay.recorder import Recorder
from game.rules import chinese_poker as C
from game.rules import poker_squares as PS
from game.rules.base import SPECTATOR
from tests.net_tools import (
    QUICK,
    FakeClock,
    Person,
    RawPeer,
    connect,
    expect,
    host_with_computers,
    server_thread,
    serving,
    wait_for,
)


async def in_play(server: Server) -> Person:
    host = await host_with_computers(server, [1, 2, 3])
    await host.until(lambda: host.seat.acting and host.seat.view.phase == "play", autoplay=True)
    return host


def seen(view: C.View) -> tuple[Any, ...]:
    return view.hand, view.counts, view.table, view.scores, view.turn


def test_a_dropped_player_comes_back_with_a_new_token_and_the_whole_view(leak_guard) -> None:
    async def scenario() -> None:
        async with serving(clock=FakeClock()) as server:
            guard = leak_guard(server)
            host = await in_play(server)
            watcher = await connect(server, "Watcher", role="spectator")
            before, token = seen(host.seat.view), host.net.token
            host.net.link.abort("the cable came out")
            await expect(watcher, Lobby, lambda lobby: not lobby.seats[0].connected)
            back = Person(await connect(server, "Host", token=token))
            assert back.net.token != token and back.net.seat == 0
            await back.until(lambda: back.seat.has_view)
            assert back.last["kind"] == "hello" and seen(back.seat.view) == before
            assert back.seat.acting
            await expect(watcher, Lobby, lambda lobby: lobby.seats[0].connected)
            stale = await RawPeer.open(server)
            answer = await stale.hello("Thief", token=token)
            assert isinstance(answer, Error) and answer.code == "token"
            position = server.tables["main"].session.position
            back.seat.submit(back.seat.legal_moves[0])
            await back.until(lambda: server.tables["main"].session.position > position)
            assert guard.leaks == []

    asyncio.run(scenario())


def test_after_the_grace_period_the_computer_plays_and_the_person_takes_the_seat_back() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with serving(QUICK, clock=clock, silence=1e9) as server:
            host = await in_play(server)
            watcher = await connect(server, "Watcher", role="spectator")
            table = server.tables["main"]
            position = table.session.position
            host.net.link.abort("gone")
            await expect(watcher, Lobby, lambda lobby: not lobby.seats[0].connected)
            clock.advance(QUICK.grace - 1)
            server.tick()
            assert not table.seats[0].stand_in
            clock.advance(1)
            server.tick()
            lobby = await expect(watcher, Lobby, lambda lobby: lobby.seats[0].level != "")
            assert lobby.seats[0].kind == "human" and lobby.seats[0].level == "easy"
            await expect(watcher, Seat, lambda m: json.loads(m.body)["observation"]["turn"] != 0)
            assert table.session.position > position, "the computer played the seat"
            back = Person(await connect(server, "Host", token=host.net.token))
            lobby = await expect(watcher, Lobby, lambda lobby: lobby.seats[0].connected)
            assert lobby.seats[0].level == "" and not table.seats[0].stand_in
            await back.until(lambda: back.seat.acting or back.seat.over)

    asyncio.run(scenario())


def test_the_turn_timer_plays_a_default_move_for_someone_who_stays_away() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        options = TableOptions(config={"players": 4, "target": 20}, level="easy",
                               turn_timer=30.0)
        async with serving(options, clock=clock, silence=1e9) as server:
            host = await host_with_computers(server, [1, 2, 3])
            assert host.seat.acting and host.seat.view.phase == "cut"
            clock.advance(29)
            server.tick()
            assert not server.tables["main"].seats[0].overdue
            clock.advance(1)
            server.tick()
            await host.until(lambda: host.seat.view.cut[0] is not None)
            assert host.net.link.open, "the person keeps the seat"

    asyncio.run(scenario())


def test_a_spectator_sees_the_table_but_no_hand() -> None:
    state = C.new_game(5, {"players": 3})
    for _ in range(4):
        state = C.apply(state, C.legal_moves(state)[0])
    assert state.phase == "play"
    public = C.RULES.observe(state, SPECTATOR)
    assert public.hand == () and public.seat == SPECTATOR and public.counts == (16, 16, 16)
    assert C.observe(state, -1).hand == (), "no negative seat reads the last hand"
    hidden = C.RULES.hidden_cards(state, SPECTATOR)
    assert all(c.uid in hidden for hand in state.hands for c in hand)
    race = PS.new_game(3, {"mode": "race"})
    watched = PS.RULES.observe(race, SPECTATOR)
    assert watched.seat == SPECTATOR and not watched.to_move and watched.targets == ()


def test_a_game_without_a_public_view_takes_no_spectators() -> None:
    async def scenario() -> None:
        async with serving(TableOptions("draw-poker")) as server:
            with pytest.raises(JoinRefused) as refused:
                await connect(server, "Watcher", role="spectator")
            assert refused.value.error.code == "no_spectators"

    asyncio.run(scenario())


def test_a_restarted_server_resumes_its_table_and_players_reclaim_their_seats(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(save_dir=tmp_path) as server:
            host = await in_play(server)
            before, token = seen(host.seat.view), host.net.token
            match = server.tables["main"].session.recorder.moves
        saved = json.loads((tmp_path / "main.json").read_text())
        assert token not in json.dumps(saved), "only a hash of the token is kept"
        async with serving(save_dir=tmp_path) as server:
            table = server.tables["main"]
            assert table.session.recorder.moves == match and table.phase == "playing"
            back = Person(await connect(server, "Host", token=token))
            await back.until(lambda: back.seat.has_view)
            assert seen(back.seat.view) == before and back.seat.acting
            position = table.session.position
            back.seat.submit(back.seat.legal_moves[0])
            await back.until(lambda: table.session.position > position)

    asyncio.run(scenario())


def test_a_damaged_table_file_is_not_resumed(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"format": "card-parlour-net-table", "version": 1}')
    (tmp_path / "worse.json").write_text("{")
    recorder = Recorder(C.RULES, 1, {"players": 4})
    (tmp_path / "odd.json").write_text(json.dumps({
        "format": "card-parlour-net-table", "version": 1, "table": "odd",
        "options": {"game": "chinese-poker", "config": {"players": 4}}, "host": 0, "match": 1,
        "totals": [0, 0, 0], "results": [], "seats": [{"kind": "human", "name": "A",
                                                       "level": "", "token_hash": ""}] * 4,
        "replay": recorder.to_json()}))

    async def scenario() -> None:
        async with serving(save_dir=tmp_path) as server:
            assert server.tables == {}

    asyncio.run(scenario())


# -- the threaded client, against a server on a thread of its own --------------------------

def test_the_threaded_client_joins_plays_chats_and_closes() -> None:
    with server_thread() as (server, _):
        client = ThreadedClient("127.0.0.1", server.port, "Ann")
        assert isinstance(client.poll(), list), "never waits unless asked to"
        wait_for(client, lambda: client.status == "lobby" and client.lobby is not None)
        assert client.seat == 0 and client.token and client.lobby.host == 0
        client.set_computers([1, 2, 3], "easy")
        client.start()
        wait_for(client, lambda: client.status == "playing" and client.seat_client.acting)
        seat = client.seat_client
        seat.submit(seat.legal_moves[0])
        wait_for(client, lambda: seat.view.cut[0] is not None)
        client.send_chat("good luck")
        wait_for(client, lambda: bool(client.chat))
        assert (client.chat[-1].sender, client.chat[-1].text) == ("Ann", "good luck")
        client.close()
        wait_for(client, lambda: client.status == "closed")


def test_the_threaded_client_sends_what_was_said_before_its_welcome() -> None:
    with server_thread() as (server, _):
        client = ThreadedClient("127.0.0.1", server.port, "Ann")
        client.send_chat("first words")  # on its way before the table has answered
        client.set_computers([1, 2, 3], "easy")
        wait_for(client, lambda: any(line.text == "first words" for line in client.chat))
        wait_for(client, lambda: client.lobby is not None
                 and [s.kind for s in client.lobby.seats] == ["human"] + ["computer"] * 3)
        client.close()


def test_the_threaded_client_says_what_it_could_not_keep_while_dialling() -> None:
    """A table that takes the call and never answers: a few sends wait for the welcome,
    the one past them is refused in words, not dropped in silence."""
    with socket.create_server(("127.0.0.1", 0)) as mute:
        client = ThreadedClient("127.0.0.1", mute.getsockname()[1], "Ann")
        try:
            for n in range(UNSENT + 1):
                client.send_chat(f"line {n}")
            wait_for(client, lambda: client.problem != "")
            assert client.status == "connecting"
            assert client.problem == "Not connected to the table: that was not sent."
        finally:
            client.close()


@pytest.mark.parametrize(("seats", "wanted"), [
    (Seats([1, 2, 3], levels=["easy", "medium", "hard"]), ["easy", "medium", "hard"]),
    (Seats([1, 2, 3], "hard"), ["hard"] * 3),  # version 1's one level for all still reads
    (Seats([1, 2, 3], levels=["easy"]), "seats"),
    (Seats([1, 2, 3], levels=["easy", "medium", "clever"]), "level")])
def test_each_computer_seat_takes_its_own_level(seats: Seats, wanted: Any) -> None:
    async def scenario() -> None:
        async with serving() as server:
            host = await connect(server, "Host")
            host.send(seats)
            if isinstance(wanted, str):
                error = await expect(host, Error)
                assert error.code == wanted
                assert all(s.kind == "open" for s in server.tables["main"].seats[1:])
            else:
                lobby = await expect(host, Lobby, lambda m: m.seats[3].kind == "computer")
                assert [s.level for s in lobby.seats[1:]] == wanted

    asyncio.run(scenario())
