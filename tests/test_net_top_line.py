"""The network table's line across the top (whom it waits for) keeps clear of the game's
title and of Poker Squares' rules line, at 1280x720 and in 1920x1080 TV mode (it ran
over both in the play-test's bigger TV text), and a race's two turns keep their order
as their clocks start again (they swapped places every few seconds). Real sockets on
127.0.0.1; each wait is for a message or a frame."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.scene import TITLE_AT
from game.engine.ui import GOLD, text_image
from game.net.client import ThreadedClient
from game.net.table import TableOptions
from scenes.chinese_poker import ChinesePokerScene
from scenes.poker_squares import PokerSquaresScene
from tests.driver import frames, make_app
from tests.net_gui_tools import sit_zoe_against_hal, until
from tests.net_tools import FakeClock, server_thread
from tests.test_net_poker_squares import by_digits, first_square

WINDOWS = [((1280, 720), False), ((1920, 1080), True)]
GAMES = {"chinese-poker": (ChinesePokerScene, {"players": 2, "target": 25}, "easy"),
         "poker-squares": (PokerSquaresScene, {"mode": "race"}, "")}


def title_rect(scene: ChinesePokerScene | PokerSquaresScene) -> pygame.Rect:
    vp = scene.viewport
    image = text_image(vp, scene.title, 34, GOLD, bold=True)
    return image.get_rect(topleft=vp.to_px(*TITLE_AT))


def drawn(scene: ChinesePokerScene | PokerSquaresScene) -> dict[object, pygame.Rect]:
    return {item.key: item.rect for item in scene.draw_items(0.0)}


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(("size", "tv"), WINDOWS)
def test_the_top_line_keeps_clear_of_the_title_and_the_rules(
        tmp_path: Path, game: str, size: tuple[int, int], tv: bool) -> None:
    scene_type, config, level = GAMES[game]
    clock = FakeClock()
    options = TableOptions(game, config, level=level, turn_timer=30.0, grace=60.0)
    with server_thread(options, clock=clock, silence=1e9) as (server, _loop):
        hal = ThreadedClient("127.0.0.1", server.port, "Hal")
        app = make_app(tmp_path, size, animation="off", tv_mode=tv)
        try:
            scene = sit_zoe_against_hal(app, hal, server.port, clock, tmp_path, game,
                                        scene_type)
            hal._closing = True  # Hal's program dies: the longest line, his seat's wait
            hal._runner.loop.call_soon_threadsafe(lambda: hal._client.link.abort("gone"))
            until(app, lambda: any(w.why == "away" for w in scene.net.net.waits),
                  "the table waits for Hal")
            frames(app)
            items = drawn(scene)
            line = items[("net", "line")]
            assert not line.colliderect(title_rect(scene)), (line, title_rect(scene))
            assert scene.viewport.to_px(0, 0)[0] <= line.left
            assert line.right <= scene.viewport.to_px(1920, 0)[0]
            if ("ps", "rules") in items:
                assert not line.colliderect(items[("ps", "rules")])
        finally:
            hal.close()
            app.quit()


def test_a_race_says_its_turns_in_a_stable_order(tmp_path: Path) -> None:
    clock = FakeClock()
    options = TableOptions("poker-squares", {"mode": "race"}, turn_timer=30.0)
    with server_thread(options, clock=clock, silence=1e9) as (server, _loop):
        hal = ThreadedClient("127.0.0.1", server.port, "Hal")
        app = make_app(tmp_path, animation="off")
        try:
            scene = sit_zoe_against_hal(app, hal, server.port, clock, tmp_path,
                                        "poker-squares", PokerSquaresScene)
            net = scene.net.net
            until(app, lambda: len(net.waits) == 2, "both turns timed")
            assert net.waiting.startswith("Your move: 30 s left"), net.waiting
            clock.advance(10)
            spot = first_square(scene)
            assert spot is not None
            by_digits(app, scene, spot)  # Zoe's clock starts again, later than Hal's
            until(app, lambda: any(w.seat == 1 and net.seconds_left(w) == 30
                                   for w in net.waits), "Zoe's next card timed")
            assert net.waiting == "Your move: 30 s left \u00b7 Waiting for Hal's move: 20 s"
        finally:
            hal.close()
            app.quit()
