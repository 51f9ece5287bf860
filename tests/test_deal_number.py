"""Issue 22 item 14: the deal number is on screen at every table whose deals come from
a seed, and its menu restarts the deal or plays a deal by its number, by mouse, keys
and pad, once in the engine for every game."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import stats_file
from game.engine.deal_menu import KEY, MAX_DEAL
from game.engine.vpad import VirtualPad
from game.rules.registry import GAMES
from scenes.chinese_poker import ChinesePokerScene
from scenes.chinese_poker_setup import Setup
from scenes.open_game import game_scene
from tests.driver import click, frames, key, make_app, pad_focus, pad_press, settle, type_text

SIZE = (800, 450)
NUMBERED = [g.id for g in GAMES if g.numbered_deals]


def table(tmp_path: Path, game: str, seed: int = 5):  # noqa: ANN201
    app = make_app(tmp_path, SIZE, animation="off")
    scene = ChinesePokerScene(app, seed=seed, setup=Setup(("human", "easy"))) \
        if game == "chinese-poker" else game_scene(app, game, seed=seed)
    app.push(scene)
    settle(app)
    return app, scene


def button_pixels(app, scene) -> bytes:  # noqa: ANN001
    frames(app)
    rect = pygame.Rect(app.viewport.rect_px(*scene.hud.button(KEY).rect))
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def test_every_seeded_game_but_draw_poker_numbers_its_deals() -> None:
    assert NUMBERED == ["pyramid", "poker-squares", "chinese-poker", "milligan"]


@pytest.mark.parametrize("game", NUMBERED)
def test_the_number_is_shown_and_f3_plays_a_typed_deal_then_restarts_it(
        tmp_path: Path, game: str) -> None:
    app, scene = table(tmp_path, game)
    assert scene.hud.button(KEY).label == "Deal #5"
    before = button_pixels(app, scene)
    key(app, pygame.K_F3)
    assert scene.hud.dialog.title == "Deal #5"
    key(app, pygame.K_p, "p")
    type_text(app, "123456")
    key(app, pygame.K_RETURN)
    settle(app)
    assert scene.hud.dialog is None or scene.hud.dialog.title != "Play deal number"
    assert (scene.recorder.seed, scene.recorder.cursor) == (123456, 0)
    assert scene.hud.button(KEY).label == "Deal #123456"
    assert button_pixels(app, scene) != before  # the new number is what is drawn
    dealt = scene.recorder.to_json()["seed"]
    key(app, pygame.K_F3)
    key(app, pygame.K_r, "r")
    settle(app)
    assert (scene.recorder.seed, scene.recorder.cursor) == (dealt, 0)


def test_restart_abandons_the_game_in_play_which_counts_as_lost(tmp_path: Path) -> None:
    app, scene = table(tmp_path, "pyramid")
    key(app, pygame.K_d, "d")  # a card turned
    settle(app)
    click(app, scene.hud.button(KEY).rect.center)
    assert "counts as lost" in scene.hud.dialog.body
    restart = next(b for b in scene.hud.dialog.buttons() if b.key == "restart")
    click(app, restart.rect.center)
    settle(app)
    assert (scene.recorder.seed, scene.recorder.cursor) == (5, 0)
    assert stats_file.load(tmp_path, "pyramid").overall.lost == 1


def test_by_mouse_a_wrong_number_is_refused_with_the_limit_and_the_box_stays(
        tmp_path: Path) -> None:
    app, scene = table(tmp_path, "milligan")
    click(app, scene.hud.button(KEY).rect.center)
    number = next(b for b in scene.hud.dialog.buttons() if b.key == "number")
    click(app, number.rect.center)
    type_text(app, "9999999999")
    play = next(b for b in scene.hud.dialog.buttons() if b.key == "play")
    click(app, play.rect.center)
    dialog = scene.hud.dialog
    assert dialog is not None and str(MAX_DEAL) in dialog.error and dialog.text == "9999999999"
    assert scene.recorder.seed == 5
    key(app, pygame.K_ESCAPE)
    assert scene.hud.dialog is None and scene.recorder.seed == 5


def test_by_pad_the_button_the_menu_and_the_keypad(tmp_path: Path, pad: VirtualPad) -> None:
    app, scene = table(tmp_path, "poker-squares")
    pad.attach()
    frames(app, 2)
    pad_focus(app, pad, scene, ("button", KEY))
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # Play deal number...
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    dialog = scene.hud.dialog
    assert dialog.title == "Play deal number" and dialog.keyboard is not None
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)  # the keypad's 1
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)  # 4
    assert dialog.text == "14"
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_Y)  # Done
    settle(app)
    assert (scene.recorder.seed, scene.recorder.cursor) == (14, 0)
    assert scene.hud.button(KEY).label == "Deal #14"


def test_no_number_where_deals_are_not_the_players(tmp_path: Path) -> None:
    app, scene = table(tmp_path, "draw-poker")
    assert not any(b.key == KEY for b in scene.hud.buttons)
    demo = game_scene(app, "pyramid", seed=3, demo=True)
    app.push(demo)
    frames(app, 2)
    assert not any(b.key == KEY and b.visible for b in demo.hud.buttons)


@pytest.mark.parametrize("game", NUMBERED)
def test_the_button_sits_just_over_the_commands_clear_of_them(tmp_path: Path,
                                                               game: str) -> None:
    app, scene = table(tmp_path, game)
    deal = scene.hud.button(KEY).rect
    others = [b.rect for b in scene.hud.buttons if b.visible and b.key != KEY]
    assert deal.collidelist(others) == -1
    below = [r for r in others if r.top >= deal.bottom and r.left < deal.right
             and r.right > deal.left]
    assert below and min(r.top for r in below) - deal.bottom <= 12  # the bar's own gap
