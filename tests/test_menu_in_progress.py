"""Issue 22 item 16: the menu marks each game with a game to resume on its tile, and
the mark goes once the game is finished or abandoned."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.ui import GOLD
from scenes.menu import PICTURE, MenuScene, tile_rect
from tests.driver import click, frames, key, key_focus, make_app, settle
from tests.test_game_endings import greedy, play_out

SIZE = (960, 540)


def badge_drawn(app, menu: MenuScene, game: str) -> bool:  # noqa: ANN001
    """Is the badge in the draw list, and its gold on screen at the picture's corner?"""
    listed = any(i.key == ("tile", game, "in progress") for i in menu.draw_items(0.0))
    frames(app)
    tile = tile_rect(menu.hud.buttons.index(menu.hud.button(game)))
    x, y = app.viewport.to_px(tile.x + PICTURE.x + 14, tile.y + PICTURE.bottom - 20)
    on_screen = tuple(app.screen.get_at((x, y)))[:3] == GOLD
    assert listed == on_screen, "drawn and listed agree"
    return listed


def open_game(app, menu: MenuScene, game: str):  # noqa: ANN001, ANN201
    key_focus(app, menu, ("button", game))
    key(app, pygame.K_RETURN)
    settle(app)
    return app.scene


def test_a_game_left_in_play_is_marked_and_abandoning_it_clears_the_mark(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE)
    menu = MenuScene(app)
    app.push(menu)
    frames(app)
    assert not badge_drawn(app, menu, "pyramid")
    table = open_game(app, menu, "pyramid")
    key(app, pygame.K_d, "d")  # a card turned: a game to come back to
    settle(app)
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu and badge_drawn(app, menu, "pyramid")
    assert not badge_drawn(app, menu, "milligan")
    table = open_game(app, menu, "pyramid")
    assert table.client.cursor == 1  # resumed
    click(app, table.hud.button("new").rect.center)
    key(app, pygame.K_y, "y")  # abandon it for a fresh deal
    settle(app)
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu and not badge_drawn(app, menu, "pyramid")


def test_a_finished_game_is_not_marked(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast")
    menu = MenuScene(app)
    app.push(menu)
    frames(app)
    table = open_game(app, menu, "pyramid")
    key(app, pygame.K_d, "d")
    settle(app)
    key(app, pygame.K_ESCAPE)
    assert badge_drawn(app, menu, "pyramid")
    table = open_game(app, menu, "pyramid")
    play_out(app, table, greedy(table))  # to the end, won or lost
    settle(app)
    if table.celebration is not None:
        key(app, pygame.K_SPACE, " ")
    key(app, pygame.K_m, "m")  # the end box's Menu
    assert app.scene is menu and not badge_drawn(app, menu, "pyramid")


def test_a_damaged_autosave_is_not_marked_and_left_for_its_game(tmp_path: Path) -> None:
    from game.engine.in_progress import autosave_path

    path = autosave_path(tmp_path, "pyramid")
    path.write_text("{not json")
    app = make_app(tmp_path, SIZE)
    menu = MenuScene(app)
    app.push(menu)
    frames(app)
    assert not badge_drawn(app, menu, "pyramid")
    assert path.read_text() == "{not json" and not app.notices.texts, \
        "the game sets it aside and says so when it opens, not the menu"
