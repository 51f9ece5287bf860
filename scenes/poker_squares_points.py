"""Poker Squares' User scoring table: one button per hand showing its points; pressing
it asks for the new value in a number field. Kept with the game's settings; the
manual's User column is where it starts and what Reset restores. The normal hands come
first, then the exotic ones (game.rules.exotic_hands), worth nothing until given points;
a line below says so, and that a hand scores the best-paid name it has."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.render import DrawItem
from game.engine.ui import MUTED, UI_Z, Button, Dialog, text_image
from game.engine.widgets import NumberField
from game.rules.exotic_hands import EXOTIC
from game.rules.hands import CATEGORIES, LABELS
from game.rules.poker_squares import GAME_ID
from game.rules.poker_squares_options import MAX_POINTS, POINTS, points_table
from game.rules.registry import GAME_BY_ID
from scenes.help import PageScene

if TYPE_CHECKING:
    from game.engine.app import App

SCORED = (*reversed(CATEGORIES[1:]), *EXOTIC)  # best first; nothing always scores 0
NAMES = {**LABELS, **EXOTIC}
KEY = "user_points"
TOP, PITCH, W, H = 120, 72, 560, 60
LEFT, COLUMN, ROWS = 100, 600, 8  # three columns of eight
NOTE = ("Exotic hands score only once given points; a hand that is several at once "
        "scores the best-paid of them.")
NOTE_Y = TOP + ROWS * PITCH + 4


def stored_points(per_game: Mapping[str, Any]) -> dict[str, int]:
    """The player's User table from the settings (the manual's if none or unusable)."""
    mine = per_game.get(GAME_ID) if isinstance(per_game, Mapping) else None
    raw = mine.get(KEY) if isinstance(mine, Mapping) else None
    try:
        return points_table(raw if isinstance(raw, Mapping) else "user")
    except ValueError:
        return dict(POINTS["user"])


class UserPointsPage(PageScene):
    def __init__(self, app: App) -> None:
        super().__init__(app, "Poker Squares: User points")
        for i, name in enumerate(SCORED):
            col, row = divmod(i, ROWS)
            rect = pygame.Rect(LEFT + col * COLUMN, TOP + row * PITCH, W, H)
            self.hud.buttons.append(Button(f"points:{name}", "", rect))
        self.hud.buttons.append(Button("reset", "The manual's values",
                                       pygame.Rect(760, NOTE_Y + 80, 400, H)))
        self.label_buttons()
        self.set_focus(("button", f"points:{SCORED[0]}"))

    @property
    def points(self) -> dict[str, int]:
        return stored_points(self.app.settings.per_game)

    def label_buttons(self) -> None:
        points = self.points
        for name in SCORED:
            self.hud.button(f"points:{name}").label = f"{NAMES[name]}: {points.get(name, 0)}"

    def store(self, points: dict[str, int]) -> None:
        entry = GAME_BY_ID[GAME_ID]
        self.app.set_setting(per_game=entry.with_setting(self.app.settings.per_game, KEY,
                                                         points))
        self.label_buttons()

    def press(self, key: str) -> None:
        if key == "reset":
            self.app.play_sound("button")
            self.store(dict(POINTS["user"]))
        elif key.startswith("points:"):
            self.app.play_sound("button")
            self.ask(key.split(":", 1)[1])
        else:
            super().press(key)

    def draw_items(self, alpha: float) -> list[DrawItem]:
        vp = self.app.viewport
        image = text_image(vp, NOTE, 26, MUTED)
        x, y = vp.to_px(960, NOTE_Y)
        return [*super().draw_items(alpha),
                DrawItem(("note",), image, (x - image.get_width() // 2, y), UI_Z)]

    def ask(self, name: str) -> None:
        field = NumberField(value=self.points.get(name, 0), minimum=0, maximum=MAX_POINTS)

        def choose(choice: str) -> None:
            if choice == "ok":
                self.store({**self.points, name: field.value})

        self.hud.ask(Dialog(NAMES[name], "Points for this hand: type them, or step with "
                            "Up/Down or +/-; Enter keeps them.",
                            [("ok", "OK", ""), ("cancel", "Cancel", "")], choose,
                            cancel_key="cancel", number=field, kind="Hand points"))
