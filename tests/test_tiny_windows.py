"""Any window size from 1x1 up is drawn without an exception, in every scene (issue 25,
item 2: the replay viewer divided by zero at 1 px wide)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import storage
from game.engine.app import App
from game.engine.layout import Viewport
from game.replay.recorder import Recorder
from game.rules.registry import playable
from scenes.help import HelpScene
from scenes.menu import MenuScene
from scenes.open_game import game_scene
from scenes.poker_squares_points import UserPointsPage
from scenes.replay_viewer import ReplayListScene, ReplayScene
from scenes.settings import SettingsScene
from scenes.statistics import StatisticsScene
from tests.driver import frames, make_app

SIZES = ((1, 1), (1, 900), (1600, 1), (2, 3), (13, 5), (97, 41), (320, 200))
GAMES = [entry.id for entry in playable()]


@pytest.mark.parametrize("size", [(1, 1), (1, 900), (1600, 1), (2, 1)])
def test_a_viewport_of_a_pixel_still_maps_both_ways(size: tuple[int, int]) -> None:
    whole = Viewport(*size)
    inner = whole.within((0, 0), (1920, 860))  # the replay viewer's game area
    for vp in (whole, inner):
        assert vp.scale > 0
        assert all(math.isfinite(v) for v in vp.to_logical((0, 0)))


def played(game_id: str, moves: int = 12) -> Recorder:
    entry = next(e for e in playable() if e.id == game_id)
    rules, rng = entry.rules, random.Random(7)
    recorder = Recorder(rules, 7, rules.quick_config)
    for _ in range(moves):
        legal = [] if rules.is_over(recorder.state) else rules.legal_moves(recorder.state)
        if not legal:
            break
        recorder.play(rng.choice(legal))
    return recorder


def replay_of(game_id: str) -> Callable[[App], Any]:
    def make(app: App) -> Any:
        path = storage.write_replay(storage.replay_dir(app.save_dir), played(game_id).to_json())
        return ReplayScene.open(app, path)
    return make


SCENES: dict[str, Callable[[App], Any]] = {
    "menu": lambda app: None,
    "settings": SettingsScene,
    "help": lambda app: HelpScene(app, "parlour"),
    "replays": ReplayListScene,
    "statistics": lambda app: StatisticsScene(app, "milligan"),
    "user points": UserPointsPage,
    **{f"game {g}": (lambda app, g=g: game_scene(app, g, seed=3)) for g in GAMES},
    **{f"demo {g}": (lambda app, g=g: game_scene(app, g, seed=3, demo=True)) for g in GAMES},
    **{f"replay {g}": replay_of(g) for g in GAMES},
}


@pytest.mark.parametrize("tv", [False, True], ids=["window", "tv"])
@pytest.mark.parametrize("name", SCENES)
def test_every_scene_draws_at_every_small_size(tmp_path: Path, name: str, tv: bool) -> None:
    app = make_app(tmp_path, size=(1600, 900), tv_mode=tv)
    app.push(MenuScene(app))
    scene = SCENES[name](app)
    if scene is not None:
        app.push(scene)
    frames(app, 2)
    for size in SIZES:
        app.resize(size)
        assert app.screen.get_size() == size
        frames(app, 8)  # replays move on, demos play: a few frames at each size
    app.resize((1600, 900))
    frames(app, 2)
    app.quit()
