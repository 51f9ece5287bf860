"""The Quick/Strong setting the local game plays by also sets the computer at a Poker
Squares table this player hosts: the host dialogs offer it first, the server's table
seats the computer at that level (told to the lobby over a real socket on 127.0.0.1),
and the seat's player thinks as the strong one does."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ai.poker_squares import StrongAgent
from game.net.table import Table
from game.rules.registry import GAME_BY_ID
from scenes.net_lobby import LobbyScene
from scenes.poker_squares import PokerSquaresScene
from tests.driver import key, make_app
from tests.net_gui_tools import finish_hosting, open_network_menu, until


def server_table(lobby: LobbyScene) -> Table:
    hosted = lobby.net.hosted
    assert hosted is not None and hosted._server is not None
    return next(iter(hosted._server.tables.values()))


def test_a_strong_setting_seats_a_strong_computer_at_the_hosted_table(tmp_path: Path) -> None:
    entry = GAME_BY_ID["poker-squares"]
    app = make_app(tmp_path, animation="off",
                   per_game={"poker-squares": {"strength": "strong"}})
    try:
        menu = open_network_menu(app, "poker-squares")
        key(app, pygame.K_h, "h")
        key(app, pygame.K_a, "a")  # Alternate: the computer moves in its turn
        key(app, pygame.K_1, "1")  # one person: the computer takes seat 2
        dialog = menu.hud.dialog
        assert dialog is not None and dialog.title == "Computer"
        assert dialog.choices[int(dialog.focus)][0] == "strong", "the setting is offered first"
        key(app, pygame.K_RETURN)
        finish_hosting(app, "Ann")
        lobby = app.scene
        assert isinstance(lobby, LobbyScene)
        until(app, lambda: lobby.net.client.lobby is not None and any(
            s.kind == "computer" for s in lobby.net.client.lobby.seats), "the computer seated")
        seats = lobby.net.client.lobby.seats
        assert [(s.kind, s.level) for s in seats][1] == ("computer", "strong")
        table = server_table(lobby)
        assert table.level == "strong", "a stand-in plays at the setting too"
        key(app, pygame.K_s, "s")
        until(app, lambda: isinstance(app.scene, PokerSquaresScene) and app.scene.view.to_move,
              "Ann's turn")
        key(app, pygame.K_1, "1")  # row 1, column 1
        key(app, pygame.K_1, "1")
        until(app, lambda: (1, "strong") in table.computers._agents, "the computer's turn")
        assert isinstance(table.computers._agents[(1, "strong")], StrongAgent)
        assert entry.setting(app.settings.per_game, "strength") == "strong"
    finally:
        app.quit()


def test_without_the_setting_the_table_keeps_the_games_default(tmp_path: Path) -> None:
    from scenes.net_setup import preferred_level

    app = make_app(tmp_path, animation="off")
    try:
        assert preferred_level(app, GAME_BY_ID["poker-squares"]) == "strong"  # the default
        assert preferred_level(app, GAME_BY_ID["chinese-poker"]) == "medium"
    finally:
        app.quit()
