"""The Giant's spacing buttons (compact, reset, expand over each column) are on the
keyboard and pad focus's way: Up from a column reaches its own buttons, the frame is
drawn round the one focused, and A presses it. Each column's number reads as its own.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.actions import Act
from game.engine.ui import MUTED
from game.rules import milligan as M
from scenes import milligan as G
from scenes.milligan import STEP, STEP_CHANGE, MilliganScene
from tests.driver import key
from tests.test_focus import assert_framed, start
from tools.pad_only import DPAD, A


def test_up_from_a_column_reaches_its_spacing_buttons_and_a_presses_one(
        tmp_path: Path) -> None:
    app, scene, pad = start(tmp_path, MilliganScene, seed=1)
    column = 3
    pad.button(DPAD[Act.DOWN])  # shows the frame
    pad.walk(scene.view.columns[column][-1].uid)
    pad.button(DPAD[Act.UP])
    focus = scene.focus
    assert isinstance(focus, tuple) and focus[1].startswith(f"space:{column}:"), focus
    pad.button(DPAD[Act.LEFT])  # along the row of buttons: this column's compact
    assert scene.focus == ("button", f"space:{column}:compact")
    assert_framed(app, scene, scene.hud.button(f"space:{column}:compact").rect)
    pad.button(A)
    assert scene.steps[column] == STEP / STEP_CHANGE, "pressed: the column is closer"
    assert scene.focus == ("button", f"space:{column}:compact"), "the focus stays put"


def test_the_arrow_keys_reach_and_press_a_spacing_button(tmp_path: Path) -> None:
    app, scene, pad = start(tmp_path, MilliganScene, seed=1)
    column = 5
    key(app, pygame.K_DOWN)  # shows the frame
    pad.walk(scene.view.columns[column][-1].uid)
    key(app, pygame.K_UP)
    key(app, pygame.K_RIGHT)
    assert scene.focus == ("button", f"space:{column}:expand")
    assert_framed(app, scene, scene.hud.button(f"space:{column}:expand").rect)
    key(app, pygame.K_RETURN, "\r")
    assert scene.steps[column] == STEP * STEP_CHANGE


def test_each_column_number_is_drawn_nearer_its_column_than_the_foundations(
        tmp_path: Path) -> None:
    """The play-test's screenshot showed the numbers closer to the foundations than to
    their columns: they read as the foundations' labels."""
    app, scene, _ = start(tmp_path, MilliganScene, seed=1)
    vp = app.viewport
    picture = scene.background(vp)
    foundations_end = G.STOCK_POS[1] + G.CARD_H
    for i in range(M.COLUMNS):
        x0, y0 = vp.to_px(G.column_x(i) + G.CARD_W / 2 - 12, foundations_end)
        x1, y1 = vp.to_px(G.column_x(i) + G.CARD_W / 2 + 12, G.COLUMN_TOP)
        ink = [y for y in range(y0, y1) for x in range(x0, x1)
               if sum(abs(a - b) for a, b in zip(picture.get_at((x, y))[:3], MUTED,
                                                 strict=True)) < 60]
        assert ink, f"column {i + 1} has its number over it"
        assert min(ink) - y0 > y1 - max(ink), (i, min(ink), max(ink), y0, y1)
