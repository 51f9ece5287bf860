"""Never lose a move: the autosave after every move (also through kill -9), finished
games never offered back, a tournament that survives quitting between its games;
and the attract-mode demo, which plays deal after deal and saves nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.ai import pyramid_player
from game.replay.recorder import Recorder
from game.rules import pyramid as P
from game.rules.registry import RULES_BY_ID
from scenes import computer_seats
from scenes.menu import MenuScene
from scenes.pyramid import PyramidScene
from tests.driver import click, frames, key, let_the_computer_think, make_app, settle, type_text

ROOT = Path(__file__).resolve().parents[1]


def saved_game(folder: Path) -> Recorder:
    data = json.loads((folder / "autosave-pyramid.json").read_text())
    return Recorder.from_json(data["replay"], RULES_BY_ID)


def greedy(scene: PyramidScene) -> P.Move:
    return pyramid_player.greedy_move(scene.view, scene.client.legal_moves)


def test_every_move_is_on_disk_before_the_next(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = PyramidScene(app, seed=5)
    app.push(scene)
    settle(app)
    for n in range(1, 6):
        move = greedy(scene)
        if isinstance(move, P.Draw):
            click(app, (960, 1000), button=3)
        else:
            scene.play(move)
        on_disk = saved_game(tmp_path)
        assert on_disk.length == n and on_disk.state == scene.recorder.state
    key(app, pygame.K_z, "z", pygame.KMOD_CTRL)  # undo is saved too
    assert saved_game(tmp_path).cursor == 4


def test_kill_9_loses_nothing(tmp_path: Path) -> None:
    script = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from tests.driver import make_app, frames\n"
        "from scenes.pyramid import PyramidScene\n"
        "from game.ai import pyramid_player\n"
        "app = make_app(Path(sys.argv[1]))\n"
        "scene = PyramidScene(app, seed=11)\n"
        "app.push(scene)\n"
        "for n in range(1, 8):\n"
        "    scene.play(pyramid_player.greedy_move(scene.view, scene.client.legal_moves))\n"
        "    frames(app)\n"
        "    print(n, flush=True)\n"
        "while True:\n"
        "    frames(app)\n"
        "    time.sleep(0.01)\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, "-c", script, str(tmp_path)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, text=True)
    try:
        for line in proc.stdout:
            if line.strip() == "7":
                break
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=20)
    assert proc.returncode == -signal.SIGKILL
    assert saved_game(tmp_path).length == 7
    assert not list(tmp_path.glob(".*.tmp")), "no half-written file left behind"


def test_a_finished_game_is_never_offered_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    scene = PyramidScene(app, seed=3)
    app.push(scene)
    while not scene.over:
        scene.play(greedy(scene))
    assert not (tmp_path / "autosave-pyramid.json").exists()
    app.quit()
    again = make_app(tmp_path)
    fresh = PyramidScene(again)
    again.push(fresh)
    assert fresh.recorder.length == 0 and not fresh.over
    assert fresh.hud.message is None or "Welcome back" not in fresh.hud.message.text


def test_a_tournament_survives_quitting_between_two_games(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    scene = PyramidScene(app, seed=4)
    app.push(scene)
    type_text(app, "t")
    type_text(app, "a")  # alone
    key(app, pygame.K_RETURN, "\r")
    assert scene.match is not None
    while not scene.over:
        scene.play(greedy(scene))
    assert scene.hud.dialog is not None and "Game 1 of 6 over" in scene.hud.dialog.title
    first = scene.match.scores
    app.quit()  # the player leaves at the "Continue" question

    again = make_app(tmp_path, animation="off")
    resumed = PyramidScene(again)
    again.push(resumed)
    assert resumed.match is not None and resumed.match.scores == first, "counted once"
    assert resumed.match.next_turn == (1, 0)
    assert resumed.recorder.length == 0 and not resumed.over, "game 2 is dealt"
    assert resumed.recorder.seed == resumed.match.deal_seed(1, 0)


def test_demo_from_the_menu_plays_deal_after_deal_and_any_key_stops_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the pauses a watcher needs (between moves, between deals) are not what this checks
    monkeypatch.setattr(computer_seats, "ai_delay", lambda settings: 0.0)
    monkeypatch.setattr(computer_seats, "DEMO_PAUSE", 0.1)
    monkeypatch.setattr(PyramidScene, "computer_time_limit", 0.05)  # a plan of a random deal
    app = make_app(tmp_path, animation="off", ai_speed="fast")
    app.push(MenuScene(app))
    type_text(app, "d")
    assert app.scene.hud.dialog is not None, "which game? (Pyramid is first)"
    key(app, pygame.K_RETURN, "\r")
    demo = app.scene
    assert isinstance(demo, PyramidScene) and demo.demo
    seeds, longest = {demo.recorder.seed}, 0
    deadline = time.monotonic() + 60
    while len(seeds) < 2 and time.monotonic() < deadline:
        frames(app)
        let_the_computer_think(demo, demo.seat)
        longest = max(longest, demo.recorder.length)
        seeds.add(demo.recorder.seed)
    assert longest > 10 and len(seeds) == 2, "the computer played a deal, then dealt again"
    assert not (tmp_path / "autosave-pyramid.json").exists()
    assert not list((tmp_path / "replays").glob("*.json")), "a demo leaves no replays"
    key(app, pygame.K_SPACE, " ")
    assert isinstance(app.scene, MenuScene)
