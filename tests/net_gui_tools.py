"""Helpers for the network scenes' tests: run the app's frames until a condition holds
(messages arrive on their own threads; the deadline only guards a failure), and answer
the menu's network dialogs by keys."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.engine.app import App
from game.engine.ui import centre_of
from game.net.client import ThreadedClient
from game.net.hosting import HostedServer
from game.net.server import ServerOptions
from game.net.table import TableOptions
from scenes.menu import MenuScene
from tests.driver import click, frames, key, type_text

DEADLINE = 30.0  # seconds: only ever reached when something is broken


def until(app: App, done: Callable[[], bool], what: str, deadline: float = DEADLINE) -> None:
    """Frames until ``done()``; fails, naming ``what``, if it never comes."""
    end = time.monotonic() + deadline
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"never happened: {what}")
        frames(app)


def table_for_two() -> tuple[HostedServer, int, ThreadedClient]:
    """A two-seat Chinese Poker table (target 25) hosted in the background on a free
    port, with Hal in its first seat: the server, its port and Hal's client."""
    server = HostedServer(ServerOptions(port=0, table=TableOptions(
        config={"players": 2, "target": 25}, level="easy")))
    port = server.start()
    return server, port, ThreadedClient("127.0.0.1", port, "Hal")


def ready_guest(app: App, lobby, guest: ThreadedClient) -> None:  # noqa: ANN001
    """Wait until ``guest`` sits in the host's lobby (seat 2), then say ready and wait
    until the host's lobby shows it."""
    until(app, lambda: guest.poll() is not None and guest.status == "lobby"
          and lobby.net.client.lobby.seats[1].kind == "human", f"{guest.name} seated")
    guest.ready()
    until(app, lambda: guest.poll() is not None and lobby.net.client.lobby.seats[1].ready,
          f"{guest.name} ready")


def open_network_menu(app: App, game: str = "chinese-poker") -> MenuScene:
    """The menu, with ``game``'s question open (clicked, as a player would)."""
    menu = MenuScene(app)
    app.push(menu)
    frames(app, 2)
    click(app, centre_of(menu.hud.button(game).rect))
    assert menu.hud.dialog is not None and "network" in menu.hud.dialog.body
    return menu


def clear_field(app: App, n: int = 30) -> None:
    for _ in range(n):
        key(app, pygame.K_BACKSPACE)


def host_from_menu(app: App, seats: int, people: int, name: str = "Ann", lan: bool = False,
                   port: str = "0", levels: str = "", timer: str = "o") -> MenuScene:
    """Menu > Chinese Poker > Host a table: ``seats`` seats, target 25, ``people``
    people, the computer at Easy (or each seat at ``levels``' hotkeys), no turn timer (or
    ``timer``'s hotkey), this machine only (or the network), any free port (or ``port``),
    named ``name``."""
    menu = open_network_menu(app)
    key(app, pygame.K_h, "h")
    key(app, getattr(pygame, f"K_{seats}"), str(seats))
    for _ in range(2):
        key(app, pygame.K_LEFT)  # 100 has the focus; 25 is two to the left
    key(app, pygame.K_RETURN)
    key(app, getattr(pygame, f"K_{people}"), str(people))
    for hotkey in levels or "e" * (seats - people):  # each computer seat's level
        key(app, pygame.key.key_code(hotkey), hotkey)
    finish_hosting(app, name, lan, port, timer)
    return menu


def finish_hosting(app: App, name: str, lan: bool = False, port: str = "0",
                   timer: str = "o") -> None:
    """The host dialogs' last questions: the turn timer, where to listen, the port and
    ``name``."""
    key(app, pygame.key.key_code(timer), timer)
    key(app, *((pygame.K_n, "n") if lan else (pygame.K_t, "t")))
    clear_field(app, 6)
    type_text(app, port)
    key(app, pygame.K_RETURN)
    clear_field(app)
    type_text(app, name)
    key(app, pygame.K_RETURN)


def sit_zoe_against_hal(app: App, hal: ThreadedClient, port: int, clock: object,
                        folder: Path, game: str, scene_type: type) -> Any:
    """Zoe (this app, on ``clock``) joins Hal's table through the lobby, says ready and
    Hal starts: the game's table scene once it has opened."""
    from game.engine.net_table import NetworkTable
    from game.rules.registry import GAME_BY_ID
    from scenes.net_lobby import LobbyScene

    until(app, lambda: hal.poll() is not None and hal.status == "lobby", "Hal seated")
    net = NetworkTable(ThreadedClient("127.0.0.1", port, "Zoe"), folder, clock=clock)
    app.push(LobbyScene(app, GAME_BY_ID[game], net))
    return ready_for_hal(app, hal, scene_type)


def ready_for_hal(app: App, hal: ThreadedClient, scene_type: type) -> Any:
    """Zoe, seated in Hal's lobby on this app, says ready and Hal starts: the game's
    table scene once it has opened."""
    lobby = app.scene
    until(app, lambda: lobby.hud.button("ready").enabled, "Zoe seated")
    key(app, pygame.K_r, "r")
    until(app, lambda: hal.poll() is not None and hal.lobby.seats[1].ready, "Zoe ready")
    hal.start()
    until(app, lambda: hal.poll() is not None and isinstance(app.scene, scene_type),
          "the table opened")
    return app.scene
