"""The parlour's front room: pick a game, change settings, watch replays, quit."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Act, Action
from game.engine.layout import DESIGN_W
from game.engine.scene import Scene
from game.engine.ui import GOLD, MUTED, Button, Dialog, confirm, text_image
from game.rules.registry import GAME_BY_ID, GAMES, playable
from scenes.game_scene import game_scene

TOP, PITCH, GAME_H = 180, 124, 76  # game buttons: each with its blurb underneath
EXTRAS = [("demo", "Demo", "d"), ("settings", "Settings", "s"), ("replays", "Replays", "r"),
          ("help", "Help", "?"), ("quit", "Quit", "q")]

class MenuScene(Scene):
    title = ""  # the menu draws its own large title

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        w, x = 760, (DESIGN_W - 760) // 2
        self.hud.buttons = [
            Button(g.id, g.title + ("" if g.playable else "  (coming soon)"),
                   pygame.Rect(x, TOP + i * PITCH, w, GAME_H), enabled=g.playable)
            for i, g in enumerate(GAMES)]
        bottom = TOP + len(GAMES) * PITCH + 20
        gap, row = 16, 960
        small = (row - (len(EXTRAS) - 1) * gap) // len(EXTRAS)
        for i, (key, label, hot) in enumerate(EXTRAS):
            left = (DESIGN_W - row) // 2 + i * (small + gap)
            self.hud.buttons.append(Button(key, label, pygame.Rect(left, bottom, small, 80), hot))
        first = next((g.id for g in GAMES if g.playable), "settings")
        self.set_focus(("button", first))

    def background(self, vp):  # noqa: ANN001, ANN201
        surface = super().background(vp)
        title = text_image(vp, "Card Parlour", 72, GOLD, bold=True)
        px, py = vp.to_px(DESIGN_W / 2, 60)
        surface.blit(title, (px - title.get_width() // 2, py))
        for i, entry in enumerate(GAMES):  # each game's blurb under its button
            text = text_image(vp, entry.blurb, 24, MUTED)
            bx, by = vp.to_px(DESIGN_W / 2, TOP + i * PITCH + GAME_H + 6)
            surface.blit(text, (bx - text.get_width() // 2, by))
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
        if key in GAME_BY_ID:
            self.app.push(game_scene(self.app, key))
        elif key == "demo":
            self.ask_demo()
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
            confirm(self.hud, "Quit", "Leave the card parlour?", self.app.quit)

    def ask_demo(self) -> None:
        """Attract mode: the computer plays deal after deal of a game until any key."""
        games = playable()
        if len(games) == 1:
            self.app.push(game_scene(self.app, games[0].id, demo=True))
            return
        choices = [(g.id, g.title, "") for g in games] + [("cancel", "Cancel", "")]
        self.hud.ask(Dialog("Demo", "Which game should the computer play?", choices,
                            lambda c: c != "cancel" and self.app.push(
                                game_scene(self.app, c, demo=True)), cancel_key="cancel"))
