"""Starting the game: ``--seed`` deals that seed in every game (issue 25, item 6), and
no display means a clear word and an exit unless headless was asked (item 7)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.rules.registry import playable
from scenes.menu import MenuScene
from scenes.open_game import game_scene
from tests.driver import frames, key, make_app

ROOT = Path(__file__).resolve().parents[1]
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


# -- item 7: no display --------------------------------------------------------------------------

def no_display_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    return {**env, "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "XDG_RUNTIME_DIR": ""}


def sdl_picks_offscreen(env: dict[str, str]) -> bool:
    code = "import pygame; pygame.display.init(); print(pygame.display.get_driver())"
    found = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, timeout=60)
    return found.stdout.strip() in ("offscreen", "dummy")


def test_no_display_says_so_and_exits_unless_headless(tmp_path: Path) -> None:
    env = no_display_env()
    if not sdl_picks_offscreen(env):
        pytest.skip("SDL finds a display here even without X11 or Wayland (a console)")
    common = [sys.executable, "main.py", "--save-dir", str(tmp_path), "--frames", "3"]
    refused = subprocess.run(common, cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=120)
    assert refused.returncode == 1, refused.stderr
    assert "No display was found" in refused.stderr and "--headless" in refused.stderr
    assert "Traceback" not in refused.stderr
    headless = subprocess.run([*common, "--headless"], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=120)
    assert headless.returncode == 0, headless.stderr
