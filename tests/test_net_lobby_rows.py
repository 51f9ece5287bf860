"""The lobby as the host sees it: the host's own row says "host" by the host's name,
every row reads plainly (people's rows are not greyed out, only empty and computer rows
take clicks), the focus starts on Start, not on the Ready button the host has no use
for, and Start asks first while a person has not said Ready."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.ui import BUTTON_DISABLED
from game.net.client import ThreadedClient
from scenes.net_lobby import LobbyScene
from tests.driver import click, frames, key, make_app
from tests.net_gui_tools import host_from_menu, until


def test_the_hosts_lobby_rows_and_focus(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    try:
        host_from_menu(app, 3, 2)
        lobby = app.scene
        assert isinstance(lobby, LobbyScene)
        until(app, lambda: lobby.net.client.lobby is not None and any(
            s.kind == "computer" for s in lobby.net.client.lobby.seats), "the lobby's seats")
        frames(app, 2)
        rows = {b.key: b for b in lobby.hud.buttons if b.key.startswith("seat:")}
        assert rows["seat:0"].label.endswith("Ann (you)  \u00b7  host")
        assert not rows["seat:0"].visible, "the host's own row takes no clicks"
        assert rows["seat:1"].visible and rows["seat:2"].visible, "empty and computer rows do"
        assert lobby.focus == ("button", "start") and not lobby.hud.button("ready").visible
        vp = app.viewport
        x, y = vp.to_px(rows["seat:0"].rect.x + 30, rows["seat:0"].rect.y + 8)
        assert app.screen.get_at((x, y))[:3] != BUTTON_DISABLED, "the row is not greyed out"
        assert app.screen.get_at((x, y))[:3] == app.screen.get_at(
            vp.to_px(rows["seat:1"].rect.x + 30, rows["seat:1"].rect.y + 8))[:3]
        before = rows["seat:0"].label
        click(app, rows["seat:0"].rect.center)
        assert lobby.net.client.lobby.seats[0].kind == "human" and rows["seat:0"].label == before
    finally:
        app.quit()


def test_start_asks_first_while_a_person_is_not_ready(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    host_from_menu(app, 2, 2)
    lobby = app.scene
    until(app, lambda: lobby.net.client.lobby is not None, "the lobby")
    bob = ThreadedClient("127.0.0.1", lobby.net.hosted.port, "Bob")
    try:
        until(app, lambda: bob.poll() is not None and bob.status == "lobby"
              and lobby.net.client.lobby.seats[1].kind == "human", "Bob seated")
        key(app, pygame.K_s, "s")
        dialog = lobby.hud.dialog
        assert dialog is not None and dialog.body == "Bob is not ready. Start anyway?"
        key(app, pygame.K_ESCAPE)  # No: still in the lobby
        frames(app, 5)
        assert lobby.hud.dialog is None and app.scene is lobby and bob.status == "lobby"
        key(app, pygame.K_s, "s")
        key(app, pygame.K_y, "y")
        until(app, lambda: bob.poll() is not None and bob.status == "playing", "dealt anyway")
    finally:
        bob.close()
        app.quit()
