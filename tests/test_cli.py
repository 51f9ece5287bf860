"""The command line as outside checks call it (shared/CONTRACT.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import main
from game.rules.registry import GAME_BY_ID

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def test_help_lists_commands_and_switches() -> None:
    out = run("--help").stdout
    for word in ("--game", "--fullscreen", "--headless", "--screenshot", "simulate", "replay",
                 "-nosound", "-errormsgoff", "--save-dir"):
        assert word in out


def test_manual_switches_take_precedence_and_are_not_saved() -> None:
    overrides, rest = main.split_switches(["--game", "pyramid", "-nomouse", "--partsound",
                                           "-fast", "-errormsgoff", "--seed", "3"])
    assert rest == ["--game", "pyramid", "--seed", "3"]
    assert overrides == {"input_mode": "keyboard", "sound": "partial", "ai_speed": "fast",
                         "error_messages": False}


def test_headless_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "p.png"
    result = run("--game", "pyramid", "--seed", "1", "--headless", "--frames", "30",
                 "--screenshot", str(shot), "--save-dir", str(tmp_path), "-nosound")
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1600, 900)
    assert not (tmp_path / "settings.json").exists() or "nosound" not in (
        tmp_path / "settings.json").read_text()


def test_simulate_prints_one_json_object() -> None:
    result = run("simulate", "pyramid", "--games", "20", "--seed", "5", "--agent", "greedy",
                 "--json")
    data = json.loads(result.stdout)
    assert data["games"] == 20 and data["seconds"] >= 0
    for field in ("win_rate", "pyramid_clear_rate", "mean_par"):
        assert field in data
    again = json.loads(run("simulate", "pyramid", "--games", "20", "--seed", "5", "--agent",
                           "greedy").stdout)
    assert {k: v for k, v in again.items() if k != "seconds"} == {
        k: v for k, v in data.items() if k != "seconds"}, "same seed, same games"


def test_simulate_with_the_solver_beats_quick_play() -> None:
    solver = json.loads(run("simulate", "pyramid", "--games", "3", "--seed", "2").stdout)
    quick = json.loads(run("simulate", "pyramid", "--games", "3", "--seed", "2", "--agent",
                           "greedy").stdout)
    assert solver["agent"] == "solver" and solver["mean_par"] >= quick["mean_par"]


def test_unbuilt_games_say_so(monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    import dataclasses

    unbuilt = dataclasses.replace(GAME_BY_ID["draw-poker"], scene="")
    monkeypatch.setitem(GAME_BY_ID, "draw-poker", unbuilt)
    assert main.main(["--game", "draw-poker", "--headless", "--frames", "1"]) == 2
    assert "not built yet" in capsys.readouterr().err


def test_simulate_refuses_another_games_flag() -> None:
    from game.simulate import simulate

    with pytest.raises(ValueError, match="not an option of pyramid"):
        simulate("pyramid", 1, 0, "greedy", scoring="english")
    with pytest.raises(ValueError, match="unknown pyramid player"):
        simulate("pyramid", 1, 0, "strong")
