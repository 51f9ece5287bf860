"""Pyramid: a refused card flashes red even with error messages off and no sound, and a
tournament's status line names the player whose game is on the table."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.cards import card_from_uid
from game.engine.card_art import HIGHLIGHTS
from tests.driver import click, drag, frames, key, px, type_text
from tests.test_pyramid_first_evening import centre, table
from tests.test_pyramid_tournament_scene import continue_dialog, human_game, open_app


def red_near(app, rect: pygame.Rect) -> int:  # noqa: ANN001
    """How many pixels of the error ring's red lie round ``rect`` (logical units)."""
    frames(app)
    x0, y0 = px(app, (rect.x - 8, rect.y - 8))
    x1, y1 = px(app, (rect.right + 8, rect.bottom + 8))
    shot = app.screen.subsurface(pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(
        app.screen.get_rect()))
    red = HIGHLIGHTS["error"]
    return sum(shot.get_at((x, y))[:3] == red for x in range(shot.get_width())
               for y in range(shot.get_height()))


def test_a_refused_card_flashes_with_messages_and_sound_off(tmp_path: Path) -> None:
    app, scene = table(tmp_path, error_messages=False, sound="off")
    covered = scene.view.pyramid[0]
    rect = scene.table.card_rect(covered.uid)
    assert not red_near(app, rect)
    click(app, (rect.centerx, rect.y + 20))  # a covered card: refused
    assert scene.hud.message is None, "no words: error messages are off"
    assert red_near(app, rect), "the refused card flashes"
    frames(app, 60)
    assert not red_near(app, rect), "for a moment only"
    free = [card_from_uid(c) for c in sorted(scene.view.available)
            if c in scene.table.entities and card_from_uid(c).rank != 13]
    a, b = next((x, y) for x in free for y in free if x != y and x.rank + y.rank != 13)
    drag(app, centre(scene, a.uid), centre(scene, b.uid))  # a pair that is not 13
    assert red_near(app, scene.table.card_rect(b.uid)), "a refused pair flashes"


def test_the_status_line_names_the_player_whose_game_is_on_the_table(tmp_path: Path) -> None:
    app, scene = open_app(tmp_path)
    type_text(app, "t")
    type_text(app, "h")
    type_text(app, "Ann")
    key(app, pygame.K_RETURN, "\r")
    type_text(app, "Bob")
    key(app, pygame.K_RETURN, "\r")
    assert scene.status_text(scene.view).startswith("Ann: game 1")
    human_game(app, scene)
    assert "Ann scored" in scene.hud.dialog.body  # the game is over, Bob's is next
    assert scene.status_text(scene.view).startswith("Ann: game 1"), \
        "the finished game on the table is still Ann's"
    continue_dialog(app, scene)
    assert scene.status_text(scene.view).startswith("Bob: game 1")
