"""Coming back and dialling wrong, through the app by posted keys, against servers on
127.0.0.1 at ephemeral ports: a player whose program died takes his seat back on the
next Connect (before and after the computer stood in), a kept seat the table no longer
knows is forgotten and the player may watch, the host resumes a table its crash cut
off, a wrong port or a mistyped address is
said once and plainly with the typing kept, and the leave warning fits who leaves.
Every wait is for a message, with a deadline only as a failure guard."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from game import recent_tables, seat_tokens
from game.engine.app import App
from game.engine.ui import DIALOG_BODY_Y, ERROR, centre_of
from game.net import cut_off
from game.net.client import ThreadedClient, unreachable
from game.net.hosting import HostedServer
from game.net.server import ServerOptions
from game.net.table import TableOptions
from scenes.chinese_poker import ChinesePokerScene
from scenes.net_lobby import LobbyScene
from tests.driver import click, frames, key, make_app, type_text
from tests.net_gui_tools import clear_field, host_from_menu, open_network_menu, ready_for_hal, until

TWO = TableOptions(config={"players": 2, "target": 25}, level="easy")
pytestmark = pytest.mark.usefixtures("quiet_loops")  # a simulated crash included


@contextmanager
def hal_hosts(grace: float = 60.0) -> Iterator[tuple[HostedServer, ThreadedClient]]:
    """A table for two on a free port, Hal at its first seat."""
    server = HostedServer(ServerOptions(port=0, table=TableOptions(
        TWO.game, TWO.config, level="easy", grace=grace)))
    port = server.start()
    hal = ThreadedClient("127.0.0.1", port, "Hal")
    try:
        yield server, hal
    finally:
        hal.close()
        server.close()


def connect_from_menu(app: App, address: str, name: str = "Zoe") -> None:
    open_network_menu(app)
    key(app, pygame.K_c, "c")
    clear_field(app)
    type_text(app, address)
    key(app, pygame.K_RETURN)
    clear_field(app)
    type_text(app, name)
    key(app, pygame.K_RETURN)


def crash(app: App) -> None:
    """The program dies: its connection drops without a goodbye, and nothing it held in
    memory survives (only the save folder does)."""
    client = app.scene.net.net.client
    client._closing = True

    def cut() -> None:
        if client._client is not None:  # else the line is down already (its host died)
            client._client.link.abort("killed")

    client._runner.loop.call_soon_threadsafe(cut)
    client._runner.thread.join(10)
    app.quit()


def seated(app: App, hal: ThreadedClient) -> ChinesePokerScene:
    """Zoe's table open once Hal has started the match."""
    assert isinstance(app.scene, LobbyScene)
    scene: ChinesePokerScene = ready_for_hal(app, hal, ChinesePokerScene)
    return scene


@pytest.mark.parametrize("stand_in", [False, True])
def test_a_crashed_player_takes_his_seat_back_on_the_next_connect(
        tmp_path: Path, stand_in: bool) -> None:
    with hal_hosts(grace=0.0 if stand_in else 60.0) as (server, hal):
        address = f"127.0.0.1:{server.port}"
        app = make_app(tmp_path, animation="off")
        until(app, lambda: hal.poll() is not None and hal.status == "lobby", "Hal seated")
        connect_from_menu(app, address)
        scene = seated(app, hal)
        kept = seat_tokens.find(tmp_path, address)
        assert kept is not None and kept.table == "main"
        assert kept.token == scene.net.net.client.token
        assert kept.token not in (tmp_path / "network.json").read_text()
        crash(app)
        app = make_app(tmp_path, animation="off")  # the program started again
        until(app, lambda: hal.poll() is not None and not hal.lobby.seats[1].connected
              and (hal.lobby.seats[1].level != "") == stand_in, "Zoe gone (the computer in)")
        connect_from_menu(app, address)
        until(app, lambda: isinstance(app.scene, ChinesePokerScene), "back at the table")
        scene = app.scene
        assert scene.seat == scene.view.seat == 1 and not scene.viewer, "at his own seat"
        until(app, lambda: hal.poll() is not None and hal.lobby.seats[1].connected
              and hal.lobby.seats[1].level == "", "Zoe holds her seat again")
        renewed = seat_tokens.find(tmp_path, address)
        assert renewed is not None and renewed.token != kept.token, "a new token, kept"
        app.quit()


def test_a_seat_the_table_no_longer_knows_is_forgotten_and_the_player_may_watch(
        tmp_path: Path) -> None:
    with hal_hosts() as (server, hal):
        address = f"127.0.0.1:{server.port}"
        seat_tokens.keep(tmp_path, seat_tokens.KeptSeat(address, "main", "A" * 32))
        app = make_app(tmp_path, animation="off")
        until(app, lambda: hal.poll() is not None and hal.status == "lobby", "Hal")
        hal.set_computers([1])
        hal.start()
        until(app, lambda: hal.poll() is not None and hal.status == "playing", "dealt")
        connect_from_menu(app, address)
        lobby = app.scene
        until(app, lambda: lobby.hud.dialog is not None and lobby.hud.dialog.title
              == "Connection", "the refusal said")
        dialog = lobby.hud.dialog
        assert "playing" in dialog.body and "seat token" not in dialog.body
        assert "seat at this table is gone" in dialog.body, "why the seat is not given back"
        assert [label for _, label, _ in dialog.choices] == ["Watch", "Leave"]
        assert seat_tokens.find(tmp_path, address) is None, "the dead token is forgotten"
        key(app, pygame.K_w, "w")
        until(app, lambda: isinstance(app.scene, ChinesePokerScene), "watching the table")
        assert app.scene.viewer and app.scene.net.net.client.role == "spectator"
        frames(app, 30)  # the table plays on before the watcher's eyes
        assert app.scene.view.seat < 0 and not app.scene.view.hand
        app.quit()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_port_where_no_table_answers_is_said_once_with_try_again_and_change_address(
        tmp_path: Path) -> None:
    port = free_port()
    app = make_app(tmp_path, animation="off")
    connect_from_menu(app, f"127.0.0.1:{port}")
    lobby = app.scene
    until(app, lambda: lobby.hud.dialog is not None, "the failure said")
    dialog = lobby.hud.dialog
    assert dialog.body == f"No table answers at 127.0.0.1 port {port}: check the address " \
        "and port."
    assert [label for _, label, _ in dialog.choices] == ["Try again", "Change address", "Leave"]
    assert lobby.net.trouble == "" and len(lobby._heading()) == 1, "said once, in the dialog"
    assert lobby.hud.message is None or "lost" not in lobby.hud.message.text
    key(app, pygame.K_t, "t")
    until(app, lambda: lobby.hud.dialog is not None, "tried again, said again")
    key(app, pygame.K_c, "c")
    assert not isinstance(app.scene, LobbyScene) and app.scene.hud.dialog.title == "Connect"
    assert app.scene.hud.dialog.text == f"127.0.0.1:{port}", "the address kept"
    app.quit()


def test_no_machine_of_that_name_is_said_plainly() -> None:
    words = unreachable("den-pc", 4747, socket.gaierror(-2, "Name or service not known"))
    assert words == "No machine called den-pc was found."


def test_a_bad_port_keeps_the_typing_and_says_what_is_wrong(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    open_network_menu(app)
    key(app, pygame.K_c, "c")
    clear_field(app)
    type_text(app, "127.0.0.1:99999")
    key(app, pygame.K_RETURN)
    menu = app.scene
    dialog = menu.hud.dialog
    assert dialog.title == "Connect" and dialog.text == "127.0.0.1:99999"
    assert "port" in dialog.error and "99999" in dialog.error, "said in the dialog"
    assert menu.hud.message is None, "not on a line at the screen's foot"
    frames(app)
    panel = pygame.Rect(app.viewport.rect_px(*dialog.rect()))
    body_end = panel.y + app.viewport.px(DIALOG_BODY_Y) + 4 * 40
    shot = app.screen.subsurface(pygame.Rect(panel.x, panel.y, panel.w, body_end - panel.y))
    red = sum(shot.get_at((x, y))[:3] == ERROR for x in range(0, shot.get_width())
              for y in range(0, shot.get_height(), 1))
    assert red > 200, "the error is drawn inside the dialog, in its colour"
    type_text(app, "0")  # mended as it is typed: the error stays until the next answer
    clear_field(app)
    type_text(app, f"127.0.0.1:{free_port()}")
    key(app, pygame.K_RETURN)
    assert app.scene.hud.dialog.title == "Your name"
    app.quit()


def test_the_leave_warning_says_the_host_closes_the_table_and_a_guest_keeps_a_seat(
        tmp_path: Path) -> None:
    with hal_hosts() as (server, hal):
        app = make_app(tmp_path, animation="off")
        until(app, lambda: hal.poll() is not None and hal.status == "lobby", "Hal seated")
        connect_from_menu(app, f"127.0.0.1:{server.port}")
        scene = seated(app, hal)
        scene.net.ask_leave()
        assert "seat is kept" in scene.hud.dialog.body
        assert "closes" not in scene.hud.dialog.body
        scene.hud.dialog = None
        scene.net.net.hosted = server  # the same table as its host sees it
        scene.net.ask_leave()
        assert "closes for everyone" in scene.hud.dialog.body
        assert "seat is kept" not in scene.hud.dialog.body
        scene.net.net.hosted = None
        app.quit()
    assert json.loads(recent_tables.path_in(tmp_path).read_text())["name"] == "Zoe"


def crash_host(app: App) -> int:
    """The hosting program dies: its server stops listening and answering without a word
    or a last save, and its player's connection drops; only the save folder is left."""
    net = app.scene.net.net
    hosted, net.hosted = net.hosted, None  # a crash runs no goodbye

    def die() -> None:
        server = hosted._server
        server._server.close()
        for conn in list(server.connections):
            conn.link.abort("killed")
        hosted._runner.loop.stop()

    hosted._runner.loop.call_soon_threadsafe(die)
    hosted._runner.thread.join(10)
    crash(app)
    return hosted.port


def test_the_host_resumes_the_table_a_crash_cut_off_and_everyone_takes_a_seat_back(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    host_from_menu(app, 2, 2)
    lobby = app.scene
    port = lobby.net.hosted.port
    until(app, lambda: lobby.net.seat == 0, "the host at his seat")  # before Bob takes it
    bob = ThreadedClient("127.0.0.1", port, "Bob")
    until(app, lambda: bob.poll() is not None and bob.status == "lobby", "Bob seated")
    bob.ready()
    until(app, lambda: bob.poll() is not None and lobby.net.client.lobby is not None
          and lobby.net.client.lobby.seats[1].ready, "Bob ready")
    key(app, pygame.K_s, "s")
    until(app, lambda: isinstance(app.scene, ChinesePokerScene), "the table opened")
    until(app, lambda: any(cut_off.table_dir(tmp_path).glob("*.json")), "the table saved")
    bob_token = bob.token
    bob.close()
    assert crash_host(app) == port

    app = make_app(tmp_path, animation="off")
    open_network_menu(app)
    key(app, pygame.K_h, "h")
    dialog = app.scene.hud.dialog
    assert dialog.body.startswith("Resume the table that was cut off?")
    key(app, pygame.K_r, "r")
    until(app, lambda: isinstance(app.scene, ChinesePokerScene), "the host back at seat 0")
    scene = app.scene
    assert scene.seat == 0 and scene.net.net.hosted.port == port
    back = ThreadedClient("127.0.0.1", port, "Bob", token=bob_token)
    try:
        until(app, lambda: back.poll() is not None and back.status == "playing"
              and back.seat_client.has_view, "Bob back at seat 1")
        assert back.seat == 1
    finally:
        back.close()
    app.pop()  # the host leaves in good order: nothing is left to resume
    until(app, lambda: not (tmp_path / "hosting.json").exists(), "the table discarded")
    app.quit()


def test_a_fresh_table_greets_neither_its_host_nor_a_guest_with_an_old_seat(
        tmp_path: Path) -> None:
    """Seats kept from an earlier table at the same address (the default table id): the
    host of a new table forgets his, a guest's is swapped for the new one; no one is told
    that a seat is gone."""
    port = free_port()
    address = f"127.0.0.1:{port}"
    host_dir, guest_dir = tmp_path / "host", tmp_path / "guest"
    for folder in (host_dir, guest_dir):
        folder.mkdir()
        seat_tokens.keep(folder, seat_tokens.KeptSeat(address, "main", "A" * 32))
    host = make_app(host_dir, animation="off")
    guest = None
    try:
        host_from_menu(host, 2, 2, port=str(port))
        lobby = host.scene
        assert isinstance(lobby, LobbyScene) and lobby.net.hosted.port == port
        # A newcomer: not the old seat's token (the table's own may have come already)
        assert lobby.net.client.token != "A" * 32, "the host sits down as a newcomer"
        until(host, lambda: lobby.net.client.status == "lobby" and lobby.net.seat == 0,
              "the host at seat 1")
        guest = make_app(guest_dir, animation="off")
        connect_from_menu(guest, address)
        until(guest, lambda: guest.scene.net.client.status == "lobby"
              and guest.scene.net.seat == 1, "the guest at seat 2")
        frames(host, 3)
        frames(guest, 3)
        for app, folder in ((host, host_dir), (guest, guest_dir)):
            said = app.scene.hud.message.text if app.scene.hud.message else ""
            assert "gone" not in said and app.scene.hud.dialog is None, said
            kept = seat_tokens.find(folder, address)
            assert kept is not None and kept.token == app.scene.net.client.token != "A" * 32
    finally:
        if guest is not None:
            guest.quit()
        host.quit()


def test_enter_at_the_hosts_leave_question_stays_at_the_table(tmp_path: Path) -> None:
    """Leaving closes the host's table for everyone: No is the default, in the lobby and
    at the table, so Enter (or pad A) keeps it open; Yes must be chosen."""
    app = make_app(tmp_path, animation="off")
    host_from_menu(app, 2, 1)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    until(app, lambda: lobby.net.client.lobby is not None
          and lobby.net.client.lobby.seats[1].kind == "computer", "the computer seated")
    click(app, centre_of(lobby.hud.button("leave").rect))
    assert "closes for everyone" in lobby.hud.dialog.body
    assert lobby.hud.dialog.choices[lobby.hud.dialog.focus][0] == "no"
    key(app, pygame.K_RETURN)
    assert app.scene is lobby and lobby.hud.dialog is None, "Enter stayed in the lobby"
    key(app, pygame.K_s, "s")
    until(app, lambda: isinstance(app.scene, ChinesePokerScene), "the table opened")
    scene = app.scene
    click(app, centre_of(scene.hud.button("menu").rect))
    assert scene.hud.dialog is not None and "closes for everyone" in scene.hud.dialog.body
    key(app, pygame.K_RETURN)
    assert app.scene is scene and scene.hud.dialog is None, "Enter stayed at the table"
    assert scene.net.net.hosted is not None and scene.net.net.client.status == "playing"
    click(app, centre_of(scene.hud.button("menu").rect))
    key(app, pygame.K_y, "y")
    assert app.scene is not scene, "Yes leaves"
    app.quit()


def test_enter_at_a_guests_leave_question_stays_at_the_table(tmp_path: Path) -> None:
    """A guest's leaving gives up the seat (in the lobby) or hands it to the computer (at
    the table): No is the default there too, so Enter (or pad A) stays."""
    with hal_hosts() as (server, hal):
        app = make_app(tmp_path, animation="off")
        until(app, lambda: hal.poll() is not None and hal.status == "lobby", "Hal seated")
        connect_from_menu(app, f"127.0.0.1:{server.port}")
        lobby = app.scene
        until(app, lambda: lobby.hud.button("ready").enabled, "Zoe seated")
        click(app, centre_of(lobby.hud.button("leave").rect))
        assert lobby.hud.dialog.choices[lobby.hud.dialog.focus][0] == "no"
        key(app, pygame.K_RETURN)
        assert app.scene is lobby and lobby.hud.dialog is None, "Enter stayed in the lobby"
        scene = seated(app, hal)
        click(app, centre_of(scene.hud.button("menu").rect))
        assert "seat is kept" in scene.hud.dialog.body
        key(app, pygame.K_RETURN)
        assert app.scene is scene and scene.hud.dialog is None, "Enter stayed at the table"
        assert scene.net.net.client.status == "playing"
        app.quit()


def test_the_name_typed_before_a_failed_connect_is_kept(tmp_path: Path) -> None:
    port = free_port()
    app = make_app(tmp_path, animation="off")
    connect_from_menu(app, f"127.0.0.1:{port}", name="Zoe")
    lobby = app.scene
    until(app, lambda: lobby.hud.dialog is not None, "the failure said")
    key(app, pygame.K_c, "c")  # Change address
    assert app.scene.hud.dialog.title == "Connect"
    key(app, pygame.K_RETURN)  # the same address again
    dialog = app.scene.hud.dialog
    assert dialog.title == "Your name" and dialog.text == "Zoe", "the name kept"
    key(app, pygame.K_ESCAPE)
    app.quit()
    app = make_app(tmp_path, animation="off")  # and on the next run's Connect
    open_network_menu(app)
    key(app, pygame.K_c, "c")
    clear_field(app)
    type_text(app, f"127.0.0.1:{port}")
    key(app, pygame.K_RETURN)
    assert app.scene.hud.dialog.title == "Your name" and app.scene.hud.dialog.text == "Zoe"
    app.quit()
