"""After a crash the game's network menu offers the seat kept at someone's table: Zoe
sits at Hal's table (a server on 127.0.0.1, an ephemeral port), her program dies with
no goodbye; started again on the same saves, Chinese Poker's network question offers
"Rejoin Hal's table", which takes her seat back with its token. Each wait is for a
message, with a deadline only as a failure guard."""

from __future__ import annotations

from pathlib import Path

import pygame

from game import seat_tokens
from game.engine.net_table import NetworkTable
from game.engine.ui import DIALOG_BUTTON_H, unsqueezed_width
from game.net.client import ThreadedClient
from game.net.table import TableOptions
from game.rules.registry import GAME_BY_ID
from scenes.net_lobby import LobbyScene
from tests.driver import key, make_app
from tests.net_gui_tools import open_network_menu, until
from tests.net_tools import server_thread

TWO = TableOptions(config={"players": 2, "target": 25}, level="easy")


def test_a_restarted_guest_is_offered_the_seat_kept_at_hals_table(tmp_path: Path) -> None:
    with server_thread(TWO, silence=1e9) as (server, _):
        hal = ThreadedClient("127.0.0.1", server.port, "Hal")
        first = make_app(tmp_path, animation="off")
        try:
            until(first, lambda: hal.poll() is not None and hal.status == "lobby", "Hal seated")
            zoe = ThreadedClient("127.0.0.1", server.port, "Zoe")
            lobby = LobbyScene(first, GAME_BY_ID["chinese-poker"], NetworkTable(zoe, tmp_path))
            first.push(lobby)
            until(first, lambda: lobby.net.kept is not None and lobby.net.kept.host == "Hal",
                  "Zoe's seat kept, at Hal's table")
            zoe._closing = True  # the program dies: no goodbye, no redial
            zoe._runner.loop.call_soon_threadsafe(lambda: zoe._client.link.abort("crash"))
            until(first, lambda: hal.poll() is not None and not hal.lobby.seats[1].connected,
                  "Hal's table keeps Zoe's seat")
        finally:
            first.quit()
        again = make_app(tmp_path, animation="off")
        try:
            menu = open_network_menu(again)
            labels = [b.label for b in menu.hud.dialog.buttons()]
            assert labels[0] == "Rejoin Hal's table", labels
            key(again, pygame.K_r, "r")
            back = again.scene
            assert isinstance(back, LobbyScene)
            until(again, lambda: hal.poll() is not None and hal.lobby.seats[1].connected
                  and back.net.seat == 1, "Zoe back in her seat, and told so")
            assert hal.lobby.seats[1].name == "Zoe"
        finally:
            hal.close()
            again.quit()


def test_the_rejoin_offer_is_drawn_as_large_as_the_other_answers_in_tv_mode(
        tmp_path: Path) -> None:
    """Five answers at one width squeezed "Rejoin Alice's table" into smaller text than
    the rest (the play-test, TV mode): each button is as wide as its label needs, and
    they stay apart inside the box."""
    seat_tokens.keep(tmp_path, seat_tokens.KeptSeat("127.0.0.1:9", "main", "A" * 32,
                                                    "chinese-poker", "Alice"))
    app = make_app(tmp_path, size=(1920, 1080), animation="off", tv_mode=True)
    try:
        menu = open_network_menu(app)
        dialog = menu.hud.dialog
        buttons = dialog.buttons()
        assert buttons[0].label == "Rejoin Alice's table"
        for button in buttons:
            need = unsqueezed_width(app.viewport, button.label, DIALOG_BUTTON_H)
            assert button.rect.w >= need, (button.label, button.rect.w, need)
            assert dialog.rect().contains(button.rect)
        for a, b in zip(buttons, buttons[1:], strict=False):
            assert a.rect.right < b.rect.left
    finally:
        app.quit()
