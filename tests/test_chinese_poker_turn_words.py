"""What the message line says about a turn goes with it: "Pass is for your turn to play."
once the turn has come (it stayed up over the turn in the play-test), and a hint once
its cards are played (a stale "Hint: 6♦ 6♠" stayed over the end of the round). Zoe plays
Hal over a real socket on 127.0.0.1; Hal moves only when the test says, so the turn comes
at a known frame; each wait is for a message or a frame."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.net.client import ThreadedClient
from scenes.chinese_poker import ChinesePokerScene
from tests.driver import frames, key, make_app
from tests.net_gui_tools import sit_zoe_against_hal, table_for_two, until
from tests.net_tools import FakeClock

HAL, ZOE = 0, 1


def hal_to_move_at(hal: ThreadedClient) -> bool:
    """Hal's own client says he is to move (Zoe's view may be a move behind)."""
    hal.poll()
    seat = hal.seat_client
    return seat is not None and seat.acting and bool(seat.legal_moves) and not seat.over


def hal_moves(hal: ThreadedClient) -> bool:
    """Hal's first legal move, if he is to move; whether he moved."""
    if hal_to_move_at(hal):
        hal.seat_client.submit(hal.seat_client.legal_moves[0])
        return True
    return False


def hals_turn_to_play(app, scene: ChinesePokerScene, hal: ThreadedClient) -> None:  # noqa: ANN001
    """Both take their first legal move (the cut, the hand, the plays) until it is
    Hal's turn to play, with no box up; Zoe's moves go through her own seat client."""
    def step() -> bool:
        view = scene.view
        if scene.hud.dialog is not None:  # the cut's story: OK
            key(app, pygame.K_RETURN)
        elif view.phase == "play" and view.turn == HAL and not view.over and hal_to_move_at(hal):
            return True
        if not hal_moves(hal) and scene.client.acting and scene.client.legal_moves:
            scene.client.submit(scene.client.legal_moves[0])
        return False
    until(app, step, "Hal's turn to play")


def test_turn_words_go_when_the_turn_comes_and_when_it_is_played(tmp_path: Path) -> None:
    server, port, hal = table_for_two()
    app = make_app(tmp_path, animation="off", error_messages=True)
    try:
        scene = sit_zoe_against_hal(app, hal, port, FakeClock(), tmp_path, "chinese-poker",
                                    ChinesePokerScene)
        hals_turn_to_play(app, scene, hal)
        frames(app)
        key(app, pygame.K_x, "x")  # Pass, before her turn
        assert scene.hud.message is not None
        assert scene.hud.message.text == "Pass is for your turn to play."
        until(app, lambda: hal_moves(hal), "Hal moved")
        until(app, lambda: scene.view.turn == ZOE and scene.view.phase == "play",
              "Zoe's turn came")
        frames(app)
        assert scene.hud.message is None, scene.hud.message

        key(app, pygame.K_h, "h")
        message = scene.hud.message
        assert message is not None and message.text.startswith("Hint:")
        key(app, pygame.K_p, "p") if scene.selected else key(app, pygame.K_x, "x")
        if scene.hud.dialog is not None:  # "A play cannot be taken back": Yes
            key(app, pygame.K_y, "y")
        until(app, lambda: scene.view.turn != ZOE or scene.view.phase != "play",
              "Zoe's hinted move played")
        frames(app)
        assert scene.hud.message is not message, "the hint went with the turn"
    finally:
        hal.close()
        server.close()
        app.quit()
