"""The base of every game's scene in the scenes layer: the engine's CardGameScene
plus the pages every game opens over its table (settings with the game's own
options, and the game's help)."""

from __future__ import annotations

from game.engine.card_scene import CardGameScene
from scenes.help import HelpScene
from scenes.settings import SettingsScene


class GameScene(CardGameScene):
    def open_page(self, page: str) -> None:
        if page == "config":
            self.app.push(SettingsScene(self.app, game_id=self.game_id))
        elif page == "help":
            self.app.push(HelpScene(self.app, self.entry.help_topic or "parlour"))
