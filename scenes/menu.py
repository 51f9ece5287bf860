"""The parlour's front room: pick a game, change settings, watch replays, quit."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Act, Action
from game.engine.layout import DESIGN_W
from game.engine.scene import Scene
from game.engine.ui import GOLD, MUTED, Button, Dialog, text_image

GAMES: list[tuple[str, str, str]] = [
    ("pyramid", "Pyramid", "Pair cards to 13 and clear the pyramid. Par scoring."),
    ("poker-squares", "Poker Squares", "Build ten poker hands in a 5x5 grid."),
    ("chinese-poker", "Chinese Poker", "Climb and shed your hand against 1-3 rivals."),
    ("draw-poker", "Draw Poker", "Five-card draw against three dealers."),
    ("milligan", "The Giant", "Two-deck patience: Miss Milligan and its kinder cousin."),
]
PLAYABLE = {"pyramid"}


def game_scene(app: Any, name: str, seed: int | None = None, demo: bool = False,
               recorder: Any = None) -> Scene:
    """The scene for game ``name`` (a menu name or a rules id); with ``recorder``, a
    viewer over that log for the replay viewer."""
    if name == "pyramid":
        from scenes.pyramid import PyramidScene

        return PyramidScene(app, seed=seed, demo=demo, recorder=recorder)
    raise ValueError(f"{name} is not built yet")


class MenuScene(Scene):
    title = "Card Parlour"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        w, h, x = 760, 96, (DESIGN_W - 760) // 2
        self.hud.buttons = [
            Button(key, label + ("" if key in PLAYABLE else "  (coming soon)"),
                   pygame.Rect(x, 200 + i * (h + 18), w, h), enabled=key in PLAYABLE)
            for i, (key, label, _) in enumerate(GAMES)]
        bottom = 200 + len(GAMES) * (h + 18) + 30
        small = (w - 3 * 20) // 4
        for i, (key, label, hot) in enumerate([("settings", "Settings", "s"),
                                               ("replays", "Replays", "r"),
                                               ("help", "Help", "?"), ("quit", "Quit", "q")]):
            self.hud.buttons.append(Button(key, label, pygame.Rect(x + i * (small + 20), bottom,
                                                                   small, 80), hot))
        self.set_focus(("button", "pyramid"))

    def background(self, vp):  # noqa: ANN001, ANN201
        surface = super().background(vp)
        title = text_image(vp, "Card Parlour", 72, GOLD, bold=True)
        px, py = vp.to_px(DESIGN_W / 2, 60)
        surface.blit(title, (px - title.get_width() // 2, py))
        for i, (_, _, blurb) in enumerate(GAMES):
            text = text_image(vp, blurb, 22, MUTED)
            bx, by = vp.to_px(DESIGN_W / 2, 200 + i * 114 + 100)
            surface.blit(text, (bx - text.get_width() // 2, by - text.get_height() - 2))
        return surface

    def handle_game(self, action: Action) -> None:
        if action.kind in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT):
            self.step_focus(action.kind)
        elif action.kind == Act.SELECT and isinstance(self.focus, tuple):
            self.press(self.focus[1])
        elif action.kind in (Act.CANCEL, Act.MENU):
            self.press("quit")
        elif action.kind == Act.HELP:
            self.press("help")

    def press(self, key: str) -> None:
        self.app.play_sound("button")
        if key in PLAYABLE:
            self.app.push(game_scene(self.app, key))
        elif key == "settings":
            from scenes.settings import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif key == "replays":
            from scenes.replay_viewer import ReplayListScene

            self.app.push(ReplayListScene(self.app))
        elif key == "help":
            from scenes.help import HelpScene

            self.app.push(HelpScene(self.app, "parlour"))
        elif key == "quit":
            self.hud.ask(Dialog("Quit", "Leave the card parlour?",
                                [("yes", "Yes", "y"), ("no", "No", "n")],
                                lambda c: self.app.quit() if c == "yes" else None,
                                cancel_key="no"))
