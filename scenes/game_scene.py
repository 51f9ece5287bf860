"""The base of every game's scene in the scenes layer: the engine's CardGameScene plus
the pages every game opens over its table (settings with the game's own options, the
game's help, the replay of the game just played)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.jobs import PENDING, STUDY
from game.session import Move, View
from scenes.card_scene import CardGameScene
from scenes.help import HelpScene
from scenes.replay_viewer import ReplayScene
from scenes.settings import SettingsScene


class GameScene(CardGameScene[View, Move]):
    # "Show if winnable": a game with that option names its check (the authority's
    # state, seconds -> True, False or None for unknown), run off the frame loop.
    winnable_check: Callable[[Any, float], bool | None] | None = None
    winnable_seconds = 5.0

    def option(self, key: str) -> Any:
        """This game's own setting (Config), or its default."""
        return self.entry.setting(self.app.settings.per_game, key)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.winnable_check is not None and self.option("show_winnable") \
                and not self.over and self.session is not None:
            self.jobs.start("winnable", self.client.position,
                            self.session.question(self.winnable_check, self.winnable_seconds),
                            lane=STUDY)

    def winnable_text(self) -> str:
        answer = self.jobs.result("winnable", self.client.position)
        if answer is PENDING:
            return "Winnable?"
        lost = "Not winnable" if self.client.cursor == 0 else "No longer winnable"
        return {True: "Winnable", False: lost, None: "Winnable: unknown"}[answer]

    def open_page(self, page: str) -> None:
        if page == "config":
            self.app.push(SettingsScene(self.app, game_id=self.game_id))
        elif page == "help":
            self.app.push(HelpScene(self.app, self.entry.help_topic or "parlour"))
        elif page == "replay" and self.records.last_replay is not None:
            viewer = ReplayScene.open(self.app, self.records.last_replay)
            if viewer is None:
                self.app.error(self.app.problems.pop())
            else:
                self.app.push(viewer)

