"""The key that opens a scene does not act in it: the host presses Return on the
lobby's focused Start (a Poker Squares Race, a guest over a real socket on 127.0.0.1)
and holds it; the key's repeats (pygame's repeat timer posts them until the release)
reach the table the deal opened, and must not put the host's first card on a square.
Pressed again, Return plays there as usual."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.net.client import ThreadedClient
from scenes.poker_squares import PokerSquaresScene
from tests.driver import frames, key, key_focus, make_app, post
from tests.net_gui_tools import ready_guest, until
from tests.test_net_poker_squares import filled, host_a_race


def return_key(event_type: int) -> None:
    post(event_type, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


def test_return_held_on_start_places_no_card_at_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    lobby = host_a_race(app)
    until(app, lambda: lobby.net.client.lobby is not None, "the lobby")
    other = ThreadedClient("127.0.0.1", lobby.net.hosted.port, "Bob")
    try:
        ready_guest(app, lobby, other)
        frames(app)
        assert lobby.focus == ("button", "start")
        return_key(pygame.KEYDOWN)  # pressed, and held
        until(app, lambda: isinstance(app.scene, PokerSquaresScene), "the table opened")
        scene = app.scene
        until(app, lambda: scene.view.to_move and scene.view.card is not None,
              "the host's first card dealt")
        for _ in range(3):  # the held key's repeats
            return_key(pygame.KEYDOWN)
            frames(app)
        return_key(pygame.KEYUP)
        frames(app)
        # A move sent leaves the seat waiting for the table's answer at once.
        assert scene.client.acting and filled(scene) == 0, "the key that opened it acted"
        key_focus(app, scene, "zone:g000")  # a new press plays
        key(app, pygame.K_RETURN)
        until(app, lambda: filled(scene) == 1, "the new press placed a card")
    finally:
        other.close()
        app.quit()
