"""Poker Squares' User scoring table: one button per hand showing its points; pressing
it asks for the new value in a number field. Kept with the game's settings; the
manual's User column is where it starts and what Reset restores."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game.engine.ui import Button, Dialog
from game.engine.widgets import NumberField
from game.rules.hands import CATEGORIES, LABELS
from game.rules.poker_squares import GAME_ID
from game.rules.poker_squares_options import MAX_POINTS, POINTS, points_table
from game.rules.registry import GAME_BY_ID
from scenes.help import PageScene

SCORED = tuple(reversed(CATEGORIES[1:]))  # best first; nothing always scores 0
KEY = "user_points"
TOP, PITCH, W, H = 120, 76, 520, 62


def stored_points(per_game: Mapping[str, Any]) -> dict[str, int]:
    """The player's User table from the settings (the manual's if none or unusable)."""
    mine = per_game.get(GAME_ID) if isinstance(per_game, Mapping) else None
    raw = mine.get(KEY) if isinstance(mine, Mapping) else None
    try:
        return points_table(raw if isinstance(raw, Mapping) else "user")
    except ValueError:
        return dict(POINTS["user"])


class UserPointsPage(PageScene):
    def __init__(self, app: Any) -> None:
        super().__init__(app, "Poker Squares: User points")
        for i, name in enumerate(SCORED):
            x = 460 if i < 5 else 1000
            rect = pygame.Rect(x, TOP + (i % 5) * PITCH, W, H)
            self.hud.buttons.append(Button(f"points:{name}", "", rect))
        self.hud.buttons.append(Button("reset", "The manual's values",
                                       pygame.Rect(760, TOP + 5 * PITCH + 40, 400, H)))
        self.label_buttons()
        self.set_focus(("button", f"points:{SCORED[0]}"))

    @property
    def points(self) -> dict[str, int]:
        return stored_points(self.app.settings.per_game)

    def label_buttons(self) -> None:
        points = self.points
        for name in SCORED:
            self.hud.button(f"points:{name}").label = f"{LABELS[name]}: {points[name]}"

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

    def ask(self, name: str) -> None:
        field = NumberField(value=self.points[name], minimum=0, maximum=MAX_POINTS)

        def choose(choice: str) -> None:
            if choice == "ok":
                self.store({**self.points, name: field.value})

        self.hud.ask(Dialog(LABELS[name], "Points for this hand: type them, or step with "
                            "Up/Down or +/-; Enter keeps them.",
                            [("ok", "OK", ""), ("cancel", "Cancel", "")], choose,
                            cancel_key="cancel", number=field, kind="Hand points"))
