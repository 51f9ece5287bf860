"""Starting the game: ``--seed`` deals that seed in every game (issue 25, item 6)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rules.registry import playable
from scenes.menu import MenuScene
from scenes.open_game import game_scene
from tests.driver import frames, key, make_app

GAMES = [entry.id for entry in playable()]


# -- item 6: --seed ---------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_game_deals_the_seed_asked(tmp_path: Path, game: str) -> None:
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    scene = game_scene(app, game, seed=987_654)
    app.push(scene)
    frames(app, 2)
    for _ in range(10):  # a game's opening questions (Chinese Poker's seats), as offered
        if app.scene.hud.dialog is None:
            break
        key(app, pygame.K_RETURN, "\r")
    assert app.scene is scene and scene.hud.dialog is None
    assert scene.recorder.seed == 987_654
