"""The turn timer plays for a connected person who does not move (as card servers do),
at a Poker Squares table through the app against a server on 127.0.0.1 (an ephemeral
port, a clock the test moves): Zoe sits at the app and never moves; when her seconds
run out the table puts her card down for her, and both machines are told the
countdown. In a race the host's question and the lobby say the timer is per card."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.net.client import ThreadedClient
from game.net.table import TableOptions
from scenes.net_lobby import LobbyScene
from scenes.poker_squares import PokerSquaresScene
from tests.driver import frames, key, make_app
from tests.net_gui_tools import finish_hosting, open_network_menu, sit_zoe_against_hal, until
from tests.net_tools import FakeClock, server_thread
from tests.test_net_poker_squares import filled


@pytest.mark.parametrize("mode", ["race", "race_both", "alternate"])
def test_the_turn_timer_moves_for_a_connected_person_who_waits(tmp_path: Path,
                                                                mode: str) -> None:
    clock = FakeClock()
    options = TableOptions("poker-squares", config={"mode": mode, "rejects": 0},
                           turn_timer=30.0)  # no reject: each timed move fills a square
    with server_thread(options, clock=clock, silence=1e9) as (server, loop):
        hal = ThreadedClient("127.0.0.1", server.port, "Hal")
        app = make_app(tmp_path, animation="off")
        try:
            scene = sit_zoe_against_hal(app, hal, server.port, clock, tmp_path,
                                        "poker-squares", PokerSquaresScene)
            net = scene.net.net  # Zoe\'s table
            if mode == "alternate":  # Hal's turn first: he places, then Zoe's runs
                until(app, lambda: hal.poll() is not None and hal.seat_client is not None
                      and hal.seat_client.acting, "Hal to move")
                hal.seat_client.submit(hal.seat_client.legal_moves[0])
            until(app, lambda: scene.view.to_move and scene.view.card is not None
                  and "Your move: 30 s left" in net.waiting, "Zoe's countdown shown")
            until(app, lambda: hal.poll() is not None and hal.waiting is not None and any(
                (w.seat, w.why) == (1, "turn") for w in hal.waiting.waits),
                "Hal told Zoe's countdown")
            zoe = next(iter(server.tables.values())).seats[1]
            for placed in (1, 2):
                # Her clock runs from when the server saw her turn, which comes a
                # moment after her screen shows it: advancing before would start it late.
                until(app, lambda: zoe.turn_since == clock() and not zoe.overdue,
                      "the server to start Zoe's clock")
                clock.advance(30)
                loop.call_soon_threadsafe(server.tick)
                until(app, lambda n=placed: filled(scene) == n,
                      f"the timer placed Zoe's card {placed}")
                if mode == "alternate":
                    until(app, lambda: hal.poll() is not None and hal.seat_client.acting,
                          "Hal to move")
                    hal.seat_client.submit(hal.seat_client.legal_moves[0])
                until(app, lambda: scene.view.to_move and scene.view.card is not None,
                      "Zoe's next card")
            frames(app)
        finally:
            hal.close()
            app.quit()


def test_a_race_host_is_asked_for_a_timer_per_card_and_the_lobby_says_it(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    try:
        menu = open_network_menu(app, "poker-squares")
        key(app, pygame.K_h, "h")
        key(app, pygame.K_r, "r")  # Race
        key(app, pygame.K_2, "2")  # two people
        dialog = menu.hud.dialog
        assert dialog is not None and dialog.title == "Turn timer"
        assert "each card" in dialog.body and "turn" not in dialog.body
        finish_hosting(app, "Ann", timer="3")
        lobby = app.scene
        assert isinstance(lobby, LobbyScene)
        until(app, lambda: lobby.net.client.lobby is not None, "the lobby")
        assert lobby._heading()[0][0].endswith("\u00b7 Race \u00b7 30 s a card")
    finally:
        app.quit()
