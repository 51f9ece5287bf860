"""One rule on every screen, kept by one piece (game.engine.focus_reveal): the first
press after the mouse only shows where the focus is. At a card table that is the first
arrow or Select (a hotkey needs no focus and shows nothing); on a screen of buttons the
first Select, and the mouse used on a screen above counts too."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.ui import centre_of
from scenes.menu import MenuScene
from scenes.pyramid import PyramidScene
from tests.driver import click, frames, key, make_app, settle


def test_back_at_the_menu_by_mouse_the_first_return_only_shows_the_focus(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    menu = MenuScene(app)
    app.push(menu)
    table = PyramidScene(app, seed=4)
    app.push(table)
    settle(app)
    click(app, centre_of(table.hud.button("menu").rect))  # the mouse takes them back
    assert app.scene is menu
    key(app, pygame.K_RETURN, "\r")
    assert app.scene is menu and menu.hud.dialog is None, "the first Return opens nothing"
    key(app, pygame.K_RETURN, "\r")
    assert app.scene is not menu or menu.hud.dialog is not None, "the focused game opens"


def test_at_a_table_a_hotkey_after_the_mouse_shows_no_frame_and_an_arrow_only_shows_it(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    table = PyramidScene(app, seed=4)
    app.push(table)
    settle(app)
    click(app, (5, 5))  # the bare felt
    assert not table.show_focus
    key(app, pygame.K_h, "h")  # a hint by its key: no focus needed
    frames(app)
    assert not table.show_focus
    key(app, pygame.K_RIGHT)
    shown = table.focus
    assert table.show_focus and shown is not None
    key(app, pygame.K_RIGHT)
    assert table.focus != shown, "the second arrow moves it"
