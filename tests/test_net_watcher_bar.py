"""A spectator at a network table has Leave, Help and Menu (the play-test's watcher had
no button at all), by mouse, keys and pad, and leaving asks what it means for a watcher,
not for a seat. Real sockets on 127.0.0.1: Hal hosts, the computer plays the other seats,
Zoe watches; each wait is for a message or a frame."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.net_table import NetworkTable
from game.engine.ui import centre_of
from game.net.client import ThreadedClient
from game.net.hosting import HostedServer
from game.net.server import ServerOptions
from game.net.table import TableOptions
from game.rules.registry import GAME_BY_ID
from scenes.chinese_poker import ChinesePokerScene
from scenes.help import HelpScene
from scenes.net_lobby import LobbyScene
from scenes.poker_squares import PokerSquaresScene
from tests.driver import click, frames, key, make_app, pad_focus, pad_press
from tests.net_gui_tools import until

TABLES = {"chinese-poker": ({"players": 4, "target": 25}, [1, 2, 3], "easy",
                            ChinesePokerScene),
          "poker-squares": ({"mode": "race"}, [1], "", PokerSquaresScene)}


@pytest.mark.parametrize("game", list(TABLES))
def test_a_watcher_has_leave_help_and_menu(tmp_path: Path, game: str, pad) -> None:  # noqa: ANN001
    config, computers, level, scene_type = TABLES[game]
    server = HostedServer(ServerOptions(port=0, table=TableOptions(game, config, level=level)))
    port = server.start()
    hal = ThreadedClient("127.0.0.1", port, "Hal")
    app = make_app(tmp_path, animation="off")
    pad.attach()
    try:
        until(app, lambda: hal.poll() is not None and hal.status == "lobby", "Hal seated")
        hal.set_computers(computers, level)
        hal.start()
        until(app, lambda: hal.poll() is not None and hal.status == "playing", "dealt")
        net = NetworkTable(ThreadedClient("127.0.0.1", port, "Zoe", role="spectator"),
                           tmp_path)
        app.push(LobbyScene(app, GAME_BY_ID[game], net))
        until(app, lambda: isinstance(app.scene, scene_type), "watching the table")
        scene = app.scene
        frames(app, 2)
        assert scene.viewer
        shown = [b.key for b in scene.hud.buttons if b.visible]
        assert shown == ["leave", "help", "menu"], shown

        click(app, centre_of(scene.hud.button("leave").rect))  # the mouse
        dialog = scene.hud.dialog
        assert dialog is not None and dialog.title == "Leave"
        assert "only watch" in dialog.body and "seat is kept" not in dialog.body, dialog.body
        key(app, pygame.K_ESCAPE)  # No, the default: still watching
        assert scene.hud.dialog is None and app.scene is scene

        key(app, pygame.K_SLASH, "?")  # the keys: Help, and back
        assert isinstance(app.scene, HelpScene)
        key(app, pygame.K_ESCAPE)
        until(app, lambda: app.scene is scene, "back from the help")

        pad_focus(app, pad, scene, ("button", "menu"))  # the pad
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
        dialog = scene.hud.dialog
        assert dialog is not None and dialog.title == "Leave"
        key(app, pygame.K_y, "y")
        until(app, lambda: not any(isinstance(s, scene_type) for s in app.scenes), "left")
    finally:
        hal.close()
        server.close()
        app.quit()
