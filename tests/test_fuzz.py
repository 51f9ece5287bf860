"""The fuzzer: a bounded run through every scene with no exceptions, and proof that it
sees a planted bug, reports it with a working reproduction, and checks card counts."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.actions import Act
from game.fuzz import run_fuzz
from game.fuzz.starts import start_points, write_replays
from game.rules.registry import playable
from scenes.menu import MenuScene
from tests.driver import make_app

ROOT = Path(__file__).resolve().parents[1]
SHELL = {"MenuScene", "SettingsScene", "HelpScene", "ReplayListScene", "ReplayScene"}


@pytest.mark.parametrize("seed, events", [(1, 3000), (2, 3000)])
def test_a_bounded_run_reaches_every_scene_without_an_exception(seed: int, events: int) -> None:
    report = run_fuzz(events, seed)
    assert report.events == events
    assert report.ok, report.text()
    assert report.exceptions == 0 and report.card_count_failures == 0
    games = {entry.scene.split(":")[1] for entry in playable()}
    assert games and SHELL | games <= report.scenes
    for entry in playable():
        assert report.starts.get(f"game:{entry.id}"), report.starts
    if seed == 1:
        assert report.dialogs  # commands that open dialogs were pressed


# Seed 11 connects to a table (the network's stand-in) and plays every game within these.
SEED, EVENTS, CUT = 11, 1500, 1234  # CUT falls inside a batch of events


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict, list[str]]]:
    """The same seed run side by side in three processes, each with its own
    PYTHONHASHSEED (the threads' and the machine's timing differ too): twice in full
    and once cut short. Each run's JSON (less its timings) and trace."""
    folder = tmp_path_factory.mktemp("runs")
    started = {name: _start_fuzz(events, hash_seed, folder / f"{name}.trace")
               for name, events, hash_seed in (("a", EVENTS, 1), ("b", EVENTS, 2),
                                               ("cut", CUT, 3))}
    out = {}
    for name, process in started.items():
        stdout, stderr = process.communicate(timeout=300)
        assert process.returncode == 0, stderr
        report = json.loads(stdout)
        del report["seconds"], report["events_per_second"]
        out[name] = report, (folder / f"{name}.trace").read_text().splitlines()
    return out


def _start_fuzz(events: int, hash_seed: int, trace: Path) -> subprocess.Popen:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONHASHSEED": str(hash_seed)}
    return subprocess.Popen([sys.executable, "main.py", "fuzz", "--events", str(events),
                             "--seed", str(SEED), "--json", "--trace", str(trace)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def test_a_seed_gives_the_same_run_in_another_process(runs: dict) -> None:
    (a, a_trace), (b, b_trace) = runs["a"], runs["b"]
    assert a_trace == b_trace
    assert a == b
    assert "LobbyScene" in a["scenes"] and a["events"] == EVENTS and len(a["digest"]) == 16


def test_a_run_cut_short_makes_the_same_events_up_to_its_end(runs: dict) -> None:
    (cut, cut_trace), (_, whole) = runs["cut"], runs["a"]
    assert cut["events"] == CUT and cut_trace[-2].startswith(f"{CUT - 1}: ")
    # all but what the screen showed after the cut batch, which had fewer events
    assert cut_trace[:-1] == whole[:len(cut_trace) - 1]
    assert not whole[len(cut_trace) - 1].startswith("    ")  # the batch went on


def test_a_planted_bug_is_reported_with_a_reproduction(monkeypatch: pytest.MonkeyPatch) -> None:
    original = MenuScene.handle_game

    def buggy(self: MenuScene, action) -> None:  # noqa: ANN001
        if action.kind == Act.KEY and action.key == "z":
            raise ZeroDivisionError(f"planted in {self.app.save_dir}")
        original(self, action)

    monkeypatch.setattr(MenuScene, "handle_game", buggy)
    report = run_fuzz(3000, 7)  # a seed whose run presses Z in the menu
    assert not report.ok and report.exceptions >= 1
    found = report.failures[0]
    # the save folder's name differs between runs; the report does not
    assert found.kind == "exception" and found.summary == "ZeroDivisionError: planted in <saves>"
    assert found.location.startswith("tests/test_fuzz.py:") and "in buggy" in found.location
    assert "Traceback" in found.traceback and found.recent
    assert any("'z'" in step for step in found.recent)
    assert found.reproduce == f"python main.py fuzz --seed 7 --events {found.first_event + 1}"
    again = run_fuzz(found.first_event + 1, 7)  # the command's run, in process
    assert [(f.summary, f.first_event) for f in again.failures] == [
        (found.summary, found.first_event)]


def test_a_failure_outside_a_frame_is_reported_and_the_run_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from game.fuzz.pads import Pads

    def broken(self: Pads) -> str:
        raise RuntimeError("the pad broke")

    monkeypatch.setattr(Pads, "act", broken)  # runs in the fuzzer, not in a frame
    report = run_fuzz(1500, 3)
    found = report.failures[0]
    assert found.summary == "RuntimeError: the pad broke" and found.count > 1
    assert found.recent[-1] == f"{found.first_event}: (failed while being made)"
    assert report.events == 1500 and report.restarts >= found.count  # a new app each time
    again = run_fuzz(found.first_event + 1, 3)
    assert [(f.summary, f.first_event) for f in again.failures] == [
        (found.summary, found.first_event)]


def test_every_scene_with_a_card_count_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    # Any scene with the method is asked, after every step (CardGameScene has it).
    monkeypatch.setattr(MenuScene, "card_count_problem",
                        lambda self: "the table shows 51 cards, the game 52", raising=False)
    report = run_fuzz(200, 1)
    assert report.card_count_failures >= 1
    failure = next(f for f in report.failures if f.kind == "card count")
    assert "MenuScene: the table shows 51 cards" in failure.summary


def test_the_command_line_prints_json_and_exits_0() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "main.py", "fuzz", "--events", "300", "--seed", "4",
                           "--json"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["events"] == 300 and out["exceptions"] == 0 and "MenuScene" in out["scenes"]
    assert isinstance(out["virtual_pads"], bool)


def test_a_replay_the_fuzzed_list_deleted_is_written_again(tmp_path: Path) -> None:
    # the replay list's Delete, pressed by the fuzzer, removed a replay the viewer's start
    # point was bound to: the jump raised "could not open" (seed 16565, event 759)
    replays = write_replays(tmp_path, random.Random(1))
    starts = {s.name: s for s in start_points(replays)}
    gone = replays["milligan"]
    gone.unlink()
    scene = starts["replay:milligan"].make(make_app(tmp_path), 7)
    assert scene is not None and replays["milligan"].exists()  # written again

