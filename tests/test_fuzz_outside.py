"""The stand-ins a fuzz run puts in place of what lies outside its seed: a simulated
clock and calendar, and a network that runs on the fuzzer's thread in memory."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
from datetime import timedelta
from pathlib import Path

import pygame
import pytest

from game import wallclock
from game.ai import pyramid_solver
from game.engine.app import App
from game.fuzz.netloop import SteppedLoop
from game.fuzz.outside import START_DATE, TICK, Outside, save_folder, sealed
from game.fuzz.pipes import FIRST_PORT, MemoryNetwork
from game.rules import pyramid
from tests.driver import key, make_app
from tests.net_gui_tools import host_from_menu


def test_a_fuzz_run_reads_a_simulated_clock_and_calendar() -> None:
    with sealed(1) as outside:
        assert wallclock.now() == START_DATE
        first = wallclock.seconds()
        assert wallclock.seconds() - first == pytest.approx(TICK)  # a reading, a tick
        elsewhere: list[float] = []
        worker = threading.Thread(target=lambda: elsewhere.append(wallclock.seconds()))
        worker.start()
        worker.join()
        assert elsewhere == [pytest.approx(TICK)]  # each thread counts its own readings
        outside.frame_passed(1.5)
        assert wallclock.now() == START_DATE + timedelta(seconds=1.5)
        # a time limit is a number of readings: the same work on any machine
        deal = pyramid.new_game(3)
        runs = [pyramid_solver.solve_state(deal, time_limit=0.2) for _ in range(2)]
        assert runs[0].nodes == runs[1].nodes and runs[0].won == runs[1].won
    assert wallclock.now() > START_DATE + timedelta(days=300)  # the real calendar again


def test_a_run_starts_in_a_new_save_folder_named_alike_in_every_run() -> None:
    with save_folder(5) as folder:
        assert folder.name == f"fuzz-5-{os.getpid():07d}" and not any(folder.iterdir())
    assert not folder.exists()
    folder.mkdir()
    (folder / "autosave-pyramid.json").write_text("{}")  # what a killed run left
    with save_folder(5) as again:
        assert again == folder and not any(again.iterdir())


def _hosted_game(outside: Outside, tmp_path: Path) -> list[tuple]:
    """Host a table for one person and the computer, start it, and note each frame: the
    connection, the scene and what the seat sees."""
    app = make_app(tmp_path, animation="off")
    app.loopback_only = True
    frame = app.frame

    def frame_and_network(seconds: float, draw: bool = True) -> list[pygame.Rect]:
        dirty = frame(seconds, draw)
        outside.frame_passed(seconds)
        return dirty

    app.frame = frame_and_network  # type: ignore[method-assign]
    host_from_menu(app, 2, 1)
    lobby = app.scene
    assert lobby.net.address == f"127.0.0.1:{FIRST_PORT}"  # in memory, not a real port
    notes = []
    for n in range(240):
        if n == 30:
            key(app, pygame.K_s, "s")  # start
        if n == 90:
            key(app, pygame.K_RETURN)  # cut: the card shows what the deal was
        app.frame(1 / 60)
        client = lobby.net.client
        seat = client.seat_client
        seen = None if seat is None or not seat.has_view else repr(seat.view)  # the deal too
        notes.append((client.status, type(app.scene).__name__, seen))
    _quit(app)
    return notes


def _quit(app: App) -> None:
    while app.scenes:
        app.scenes.pop().exit()


def test_a_table_the_fuzzer_hosts_plays_in_memory_on_the_same_frames_every_time(
        tmp_path: Path) -> None:
    runs = []
    for n in range(2):
        with sealed(1) as outside:
            runs.append(_hosted_game(outside, tmp_path / str(n)))
            assert not outside.loop.failures
    assert runs[0] == runs[1]
    assert runs[0][0][:2] == ("lobby", "LobbyScene")
    assert runs[0][-1][:2] == ("playing", "ChinesePokerScene") and runs[0][-1][2] is not None


def test_the_memory_network_answers_as_tcp_would() -> None:
    loop, network = SteppedLoop(), MemoryNetwork()

    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(await reader.readline())
        writer.close()

    async def dial(host: str, port: int) -> object:
        try:
            reader, writer = await asyncio.wait_for(network.open_connection(host, port), 10)
        except (OSError, TimeoutError) as exc:
            return type(exc)
        writer.write(b"hello\n")
        answer = await reader.readline()
        return answer, await reader.read()

    async def main() -> list[object]:
        listener = await network.start_server(echo, "127.0.0.1", 0)
        port = listener.sockets[0].getsockname()[1]
        with pytest.raises(OSError):
            await network.start_server(echo, "127.0.0.1", port)  # taken
        return [await dial("127.0.0.1", port), await dial("localhost", port + 1),
                await dial("no-such-machine", port), await dial("192.0.2.1", port)]

    task = loop.create_task(main())
    for _ in range(110):  # 11 s of frames: the unanswered dial gives up after 10
        loop.advance(0.1)
    assert task.result() == [(b"hello\n", b""), ConnectionRefusedError, socket.gaierror,
                             TimeoutError]
    loop.shut()
