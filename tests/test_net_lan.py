"""Tables heard on the local network: a hosted table's announcements reach a listener
(on 127.0.0.1 and an ephemeral port here), garbage and other games are ignored, a
table not heard lately drops off, a port that cannot be had is quiet, and the Connect
dialog offers a heard table as a button that joins it. Waits are for datagrams."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

import pygame
import pytest

from game import recent_tables
from game.engine.layout import Viewport
from game.engine.ui import wrap_text
from game.net import lan
from game.net.lan import Announcement, LanListener
from game.recent_tables import Address
from scenes import net_setup
from scenes.net_lobby import LobbyScene
from tests.driver import click, key, make_app, type_text
from tests.net_gui_tools import clear_field, open_network_menu, table_for_two, until
from tests.net_tools import GUARD, FakeClock

TABLE = Announcement("chinese-poker", "main", "Hal", 4747, 2)


def heard(listener: LanListener, game: str = "chinese-poker") -> list[lan.HeardTable]:
    """What the listener holds once a datagram has come (the guard only for a failure)."""
    for _ in range(100):
        tables = listener.tables(game, wait=GUARD)
        if tables:
            return tables
    raise AssertionError("nothing heard")


def test_an_announcement_reaches_a_listener_and_goes_stale() -> None:
    clock = FakeClock()
    listener = LanListener(0, clock=clock)
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
            for junk in (b"{oops", b"[]", b'{"kind":"card-parlour-table","version":9}',
                         Announcement("pyramid", "main", "Pat", 4747, 1).encode()):
                sender.sendto(junk, ("127.0.0.1", listener.port))
            sender.sendto(TABLE.encode(), ("127.0.0.1", listener.port))
        (table,) = heard(listener)
        assert table.announcement == TABLE and str(table.address) == "127.0.0.1"
        assert table.label() == "Hal \u00b7 2 free"
        assert table.label(kept=True) == "Hal \u00b7 your seat kept", "a kept seat is not free"
        clock.advance(lan.HEARD_FOR)
        assert listener.tables("chinese-poker") == []
    finally:
        listener.close()


@pytest.mark.parametrize("bad", [
    {"port": 0}, {"port": True}, {"free": 99}, {"host": ""}, {"host": "x" * 41},
    {"host": "a\nb"}, {"game": 7}, {"detail": 3}, {"detail": "x" * 41}])
def test_a_malformed_announcement_is_ignored(bad: dict) -> None:
    data = json.dumps({"kind": lan.KIND, "version": lan.VERSION, **TABLE.__dict__, **bad})
    assert Announcement.decode(data.encode()) is None
    assert Announcement.decode(TABLE.encode()) == TABLE


def test_a_port_that_cannot_be_had_hears_nothing_quietly() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as holder:
        holder.bind(("", 0))  # no SO_REUSEADDR: nobody else may bind it
        listener = LanListener(holder.getsockname()[1])
        assert listener.port == 0 and listener.tables("chinese-poker") == []
        listener.close()


def test_announcing_where_broadcast_is_refused_costs_nothing() -> None:
    async def scenario() -> None:
        sent = []

        def describe() -> Announcement:
            sent.append(TABLE)
            return TABLE

        # Port 0 is refused by the system, as a blocked broadcast would be.
        task = asyncio.create_task(lan.announce(describe, ("127.0.0.1", 0), every=0.0))
        while len(sent) < 3:
            assert not task.done(), "a refused datagram stopped the announcements"
            await asyncio.sleep(0)
        assert not task.done()
        task.cancel()

    asyncio.run(scenario())


def test_the_connect_dialog_lists_a_table_heard_and_joins_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    listeners: list[LanListener] = []

    def on_a_free_port(port: int) -> LanListener:
        listeners.append(LanListener(0))
        return listeners[-1]

    monkeypatch.setattr(net_setup, "LanListener", on_a_free_port)
    server, port, host = table_for_two()
    app = make_app(tmp_path, animation="off")
    try:
        until(app, lambda: host.poll() is not None and host.lobby is not None, "the host")
        menu = open_network_menu(app)
        key(app, pygame.K_c, "c")
        assert menu.hud.dialog.title == "Connect" and listeners[-1].port
        server.announce("chinese-poker", "Hal", ("127.0.0.1", listeners[-1].port),
                        detail="to 25 points")
        label = "Hal \u00b7 to 25 points \u00b7 1 free"
        until(app, lambda: any(said == label for _, said, _ in menu.hud.dialog.choices),
              "the table heard and listed, with what it plays")
        assert menu.hud.dialog.text == f"127.0.0.1:{port}", "OK joins the live table"
        body = menu.hud.dialog.body
        assert body.endswith("A table heard on your network is a button below.")
        for tv in (Viewport(1920, 1080, tv_mode=True), Viewport(1280, 720)):
            lines = wrap_text(tv, body, 28, menu.hud.dialog.width - 80)
            assert all(len(line.split()) > 1 for line in lines), f"a word alone: {lines}"
        button = next(b for b in menu.hud.dialog.buttons() if b.label == label)
        assert button.key == f"pick:127.0.0.1:{port}"
        click(app, button.rect.center)
        assert menu.hud.dialog.title == "Your name"
        clear_field(app)
        type_text(app, "Zoe")
        key(app, pygame.K_RETURN)
        assert isinstance(app.scene, LobbyScene)
        until(app, lambda: host.poll() is not None and host.lobby.seats[1].name == "Zoe",
              "Zoe seated at the heard table")
        assert listeners[-1]._sock is None, "the listener closed with the dialog"
    finally:
        host.close()
        server.close()
        app.quit()


def test_the_connect_dialog_offers_only_this_games_tables(tmp_path: Path) -> None:
    """Addresses are remembered with their table's game: Chinese Poker's Connect opens
    on its own last table, never on the Poker Squares table connected to since."""
    recent_tables.keep(tmp_path, Address("den-pc"), "Zoe", "chinese-poker")
    recent_tables.keep(tmp_path, Address("10.0.0.9", 4800), "Zoe", "poker-squares")
    app = make_app(tmp_path, animation="off")
    app.loopback_only = True  # no listening for the LAN here
    try:
        menu = open_network_menu(app)
        key(app, pygame.K_c, "c")
        dialog = menu.hud.dialog
        assert dialog.title == "Connect" and dialog.text == "den-pc"
        assert "10.0.0.9:4800" not in {key for key, _, _ in dialog.choices}
    finally:
        app.quit()


def test_leaving_a_table_comes_back_to_its_games_tile(tmp_path: Path) -> None:
    """The tile was clicked (the mouse moves no focus); Esc leaves the lobby, and the
    keys go on from Poker Squares' tile, not the first one."""
    app = make_app(tmp_path, animation="off")
    app.loopback_only = True
    try:
        menu = open_network_menu(app, "poker-squares")
        key(app, pygame.K_c, "c")
        type_text(app, "127.0.0.1:1")  # nobody there: the lobby opens and says so
        key(app, pygame.K_RETURN)
        key(app, pygame.K_RETURN)  # the name as it was
        assert isinstance(app.scene, LobbyScene)
        app.pop()
        assert app.scene is menu and menu.focus == ("button", "poker-squares")
    finally:
        app.quit()
