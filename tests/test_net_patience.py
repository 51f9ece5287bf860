"""A table whose host's program died: the guests dial it patiently, backing off, with a
line saying the table is not answering; a host back in time finds them back at their
seats by themselves; when patience runs out the table says so in plain words (never an
errno) and Try again is offered. Real servers on 127.0.0.1 at ephemeral ports; every wait
is for a message or a state, with a deadline only as a failure guard."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.net import client as client_module
from game.net.client import ThreadedClient
from game.net.hosting import HostedServer
from game.net.server import ServerOptions
from game.net.table import TableOptions
from tests.driver import key, make_app
from tests.net_gui_tools import until
from tests.net_tools import FakeTimer
from tests.test_net_comeback import TWO, connect_from_menu, seated

pytestmark = pytest.mark.usefixtures("quiet_loops")  # hosts that crash


def crash_server(hosted: HostedServer) -> None:
    """The hosting program dies: no goodbye, no last save, the port closed."""
    def die() -> None:
        server = hosted._server
        server._server.close()
        for conn in list(server.connections):
            conn.link.abort("killed")
        hosted._runner.loop.call_soon(hosted._runner.loop.stop)  # after the sockets are closed

    hosted._runner.loop.call_soon_threadsafe(die)
    hosted._runner.thread.join(10)


def hosted_table(port: int = 0, save_dir: Path | None = None) -> HostedServer:
    return HostedServer(ServerOptions(port=port, save_dir=save_dir, table=TableOptions(
        TWO.game, TWO.config, level="easy", grace=60.0)))


def wait(done: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Whether ``done()`` came true (each check polls a client, waiting on its inbox)."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            return False
    return True


def polled(client: ThreadedClient, status: str) -> bool:
    client.poll(0.05)
    return client.status == status


def test_a_guest_waits_patiently_and_is_back_within_seconds_of_the_host_resuming(
        tmp_path: Path) -> None:
    """The guest dials on and on while the host is away (a dozen times: it used to stop
    after a few), backing off to a wait of two seconds at most: once the host has
    resumed the table, two seconds on the guest's clock bring him back to his seat."""
    timer = FakeTimer()
    server = hosted_table(save_dir=tmp_path)
    port = server.start()
    hal = ThreadedClient("127.0.0.1", port, "Hal")
    assert wait(lambda: polled(hal, "lobby"))  # the host, before Zoe dials
    zoe = ThreadedClient("127.0.0.1", port, "Zoe", timer=timer)
    again = None
    try:
        assert wait(lambda: polled(zoe, "lobby"))
        zoe.ready()
        assert wait(lambda: polled(hal, "lobby") and hal.lobby.seats[1].ready)
        hal.start()
        assert wait(lambda: polled(zoe, "playing") and any(tmp_path.glob("*.json")))
        hal.close()
        crash_server(server)
        for _ in range(12):  # the host stays away: each wait ends, the guest dials again
            assert wait(lambda: polled(zoe, "waiting") and timer.waiting is not None)
            timer.advance(timer.waiting)
        assert wait(lambda: polled(zoe, "waiting") and timer.waiting is not None)
        assert zoe.dials > 12 and "Errno" not in zoe.problem
        again = hosted_table(port, tmp_path)  # the host is back: the table resumed
        assert again.start() == port
        timer.advance(2.0)
        assert wait(lambda: polled(zoe, "playing") and zoe.seat_client.has_view,
                    seconds=10), "back within two seconds of the guest's clock"
        assert zoe.seat == 1 and zoe.problem == ""
    finally:
        zoe.close()
        hal.close()
        if again is not None:
            again.close()


def test_when_patience_runs_out_the_table_says_so_and_try_again_dials_back_to_the_seat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The end is said plainly (never an errno), with Try again; Try again dials as the
    patient redial does, with the seat's token: the table not answering yet is waited
    for (not said to be unreachable), and the player is back at his seat once its host
    resumes it."""
    monkeypatch.setattr(client_module, "RETRY_DELAYS", (0.0, 0.05))
    monkeypatch.setattr(client_module, "PATIENCE", 2.0)
    host_dir = tmp_path / "host"
    server = hosted_table(save_dir=host_dir)
    port = server.start()
    again = None
    hal = ThreadedClient("127.0.0.1", port, "Hal")
    app = make_app(tmp_path, animation="off")
    try:
        until(app, lambda: hal.poll() is not None and hal.status == "lobby", "Hal seated")
        connect_from_menu(app, f"127.0.0.1:{port}")
        scene = seated(app, hal)
        hal.close()
        crash_server(server)
        net = scene.net.net
        until(app, lambda: net.trouble == "The table is not answering: trying again\u2026",
              "the line says the table is not answering")
        until(app, lambda: scene.hud.dialog is not None
              and scene.hud.dialog.title == "Connection", "the end said")
        dialog = scene.hud.dialog
        assert dialog.body == f"The table at 127.0.0.1 port {port} is not answering. If its " \
            "host comes back, Try again takes your seat back."
        assert "Errno" not in dialog.body and "Connect call" not in dialog.body
        assert [label for _, label, _ in dialog.choices] == ["Try again", "Leave"]
        assert net.trouble == "", "said once, in the dialog"
        assert scene.hud.message is None or "Errno" not in scene.hud.message.text
        token = net.client.token
        key(app, pygame.K_t, "t")
        until(app, lambda: net.trouble == "The table is not answering: trying again\u2026",
              "Try again waits for the table")
        assert net.client.token == token and scene.hud.dialog is None
        again = hosted_table(port, host_dir)
        assert again.start() == port
        until(app, lambda: net.client.status == "playing" and scene.view.seat == 1
              and net.trouble == "", "back at his seat")
        assert net.client.seat == 1 and not net.seat_gone
    finally:
        hal.close()
        if again is not None:
            again.close()
        app.quit()
