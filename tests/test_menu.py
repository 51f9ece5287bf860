"""The front room: a tile per game (its table's picture, name and description) and the
other buttons, readable and inside the lines in a window and in TV mode."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.app import App
from game.engine.ui import centre_of, text_image, wrap_text
from game.rules.registry import GAMES
from game.settings import Settings
from scenes.menu import BLURB_SIZES, TEXT_W, MenuScene, table_picture
from tests.driver import click, key


def open_menu(tmp_path: Path, tv: bool, size: tuple[int, int] = (1920, 1080)
              ) -> tuple[App, MenuScene]:
    app = App(save_dir=tmp_path, settings=Settings(tv_mode=tv), headless=True, size=size)
    scene = MenuScene(app)
    app.push(scene)
    app.frame(1 / 60)
    return app, scene


@pytest.mark.parametrize("size", [(1920, 1080), (1600, 900), (1280, 720)])
@pytest.mark.parametrize("tv", [False, True])
def test_every_tiles_words_and_picture_stay_inside_it(tmp_path: Path, tv: bool,
                                                      size: tuple[int, int]) -> None:
    app, scene = open_menu(tmp_path, tv, size)
    vp = app.viewport
    items = scene.draw_items(0.0)
    for entry in GAMES:
        tile = pygame.Rect(vp.rect_px(*scene.hud.button(entry.id).rect))
        parts = [i for i in items if i.key[:2] == ("tile", entry.id)]
        assert len(parts) >= 3, f"{entry.id}: picture, name and at least a line of blurb"
        for part in parts:
            assert tile.contains(part.rect), f"{entry.id}: {part.key} runs out of its tile"
        shown = [p.image.get_size() for p in parts if isinstance(p.key[2], int)]
        # Some size's whole wrapping of the description is what was drawn, line for line.
        assert any([text_image(vp, line, size).get_size() for line in
                    wrap_text(vp, entry.blurb, size, TEXT_W)] == shown
                   for size in BLURB_SIZES), f"{entry.id}: the whole description is shown"
    safe = app.screen.get_rect().inflate(-0.09 * size[0], -0.09 * size[1]) if tv else \
        app.screen.get_rect()
    for button in scene.hud.buttons:
        assert safe.contains(pygame.Rect(vp.rect_px(*button.rect))), button.key
    app.quit()


def test_a_game_with_a_picture_shows_it(tmp_path: Path) -> None:
    app, scene = open_menu(tmp_path, False)
    picture = table_picture("pyramid")
    assert picture is not None
    shown = next(i for i in scene.draw_items(0.0) if i.key == ("tile", "pyramid", "picture"))
    # the shot of the table: felt green at the top left corner, cards (near white) somewhere
    colours = {shown.image.get_at((x, y))[:3] for x in range(5, shown.image.get_width(), 9)
               for y in range(5, shown.image.get_height(), 9)}
    assert any(min(c) > 220 for c in colours) and any(g > r + 30 for r, g, _ in colours)
    app.quit()


def test_tiles_open_their_game_by_click_and_by_keys(tmp_path: Path) -> None:
    app, scene = open_menu(tmp_path, False)
    click(app, centre_of(scene.hud.button("pyramid").rect))
    assert app.scene is not scene and app.scene.game_id == "pyramid"
    app.pop()
    app.frame(1 / 60)
    playable = [g.id for g in GAMES if g.playable]
    key(app, pygame.K_DOWN)  # the focus starts on the first game; Down, then back Up
    key(app, pygame.K_UP)
    assert scene.focus == ("button", playable[0])
    key(app, pygame.K_RETURN, "\r")
    assert app.scene.game_id == playable[0]
    app.quit()


def test_esc_then_enter_on_the_menu_does_not_quit(tmp_path: Path) -> None:
    app, scene = open_menu(tmp_path, False)
    key(app, pygame.K_ESCAPE)
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "Quit"
    key(app, pygame.K_RETURN)
    assert scene.hud.dialog is None and app.running, "No had the focus"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y, "y")
    assert not app.running


@pytest.mark.parametrize(("size", "tv"), [((1280, 720), False), ((1280, 720), True),
                                          ((800, 500), False)])
def test_the_network_games_say_so_in_full(tmp_path: Path, size: tuple[int, int],
                                          tv: bool) -> None:
    """Chinese Poker's and Poker Squares' tiles tell that they play over the network, and
    every line of their words is drawn (none cut off at the tile's foot)."""
    app, scene = open_menu(tmp_path, tv, size)
    vp, items = app.viewport, scene.draw_items(1.0)
    for entry in (g for g in GAMES if g.network):
        assert entry.blurb.endswith("over the network."), entry.id
        drawn = [i.image for i in items
                 if i.key[:2] == ("tile", entry.id) and isinstance(i.key[2], int)]
        whole = [wrap_text(vp, entry.blurb, s, TEXT_W) for s in BLURB_SIZES]
        assert any(len(lines) == len(drawn) and drawn[-1].get_size()
                   == text_image(vp, lines[-1], s).get_size()
                   for s, lines in zip(BLURB_SIZES, whole, strict=True)), (entry.id, size, tv)
    app.quit()
