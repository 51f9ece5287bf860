"""The fuzzer: a bounded run through every scene with no exceptions, and proof that it
sees a planted bug, reports it with a working reproduction, and checks card counts."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.engine import jobs
from game.engine.actions import Act
from game.engine.clock import STEP
from game.fuzz import hostile, measure, run_fuzz, runner
from game.fuzz import outside as outside_module
from game.fuzz.pace import FRAME, frame_times
from game.fuzz.report import MEASURED
from game.fuzz.starts import start_points, write_replays
from game.rules.registry import playable
from scenes.card_scene import CardGameScene
from scenes.menu import MenuScene
from tests.driver import make_app

ROOT = Path(__file__).resolve().parents[1]
SHELL = {"MenuScene", "SettingsScene", "HelpScene", "ReplayListScene", "ReplayScene"}


@pytest.mark.parametrize("seed, events", [(1, 2000), (2, 2000)])
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
    assert {"drop", "resize", "window_event", "text", "fullscreen"} <= set(report.sent)


# Seed 24 hosts a table (the network's stand-in) and plays every game within these.
SEED, EVENTS = 24, 600


def runs(folder: Path) -> dict[str, tuple[dict, list[str]]]:
    """The same seed run side by side in two processes, each with its own PYTHONHASHSEED
    (the threads' and the machine's timing differ too), then once more cut inside one of
    its batches of events. Each run's JSON (less the machine's figures) and trace."""
    started = {name: _start_fuzz(EVENTS, hash_seed, folder / f"{name}.trace")
               for name, hash_seed in (("a", 1), ("b", 2))}
    out = {name: _finish(process, folder / f"{name}.trace")
           for name, process in started.items()}
    cut = _inside_a_batch(out["a"][1])
    out["cut"] = _finish(_start_fuzz(cut, 3, folder / "cut.trace"), folder / "cut.trace")
    return out


def _start_fuzz(events: int, hash_seed: int, trace: Path) -> subprocess.Popen:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONHASHSEED": str(hash_seed)}
    return subprocess.Popen([sys.executable, "main.py", "fuzz", "--events", str(events),
                             "--seed", str(SEED), "--json", "--trace", str(trace)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _finish(process: subprocess.Popen, trace: Path) -> tuple[dict, list[str]]:
    stdout, stderr = process.communicate(timeout=300)
    assert process.returncode == 0, stderr
    report = json.loads(stdout)
    for key in MEASURED:  # the machine's, not the run's
        del report[key]
    return report, trace.read_text().splitlines()


def _inside_a_batch(trace: list[str]) -> int:
    """An event count that ends a run inside a batch of three or more events (a step's,
    handled in one frame) in the run's second half."""
    batch: list[int] = []
    for line in trace:
        if not line.startswith("    "):
            batch.append(int(line.split(":")[0]))
        elif len(batch) >= 3 and batch[0] >= EVENTS // 2:
            return batch[1] + 1
        else:
            batch = []
    raise AssertionError("no batch of three events in the run's second half")


def test_a_seed_gives_the_same_run_in_another_process_and_cut_short(tmp_path: Path) -> None:
    # one test, not two sharing a fixture: test workers would each run the processes
    out = runs(tmp_path)
    (a, a_trace), (b, b_trace) = out["a"], out["b"]
    assert a_trace == b_trace
    assert a == b
    assert "LobbyScene" in a["scenes"] and a["events"] == EVENTS and len(a["digest"]) == 16
    # a run cut short makes the same events up to its end
    cut, cut_trace = out["cut"]
    assert cut_trace[-2].startswith(f"{cut['events'] - 1}: ")
    # all but what the screen showed after the cut batch, which had fewer events
    assert cut_trace[:-1] == a_trace[:len(cut_trace) - 1]
    assert not a_trace[len(cut_trace) - 1].startswith("    ")  # the batch went on


def test_a_planted_bug_is_reported_with_a_reproduction(monkeypatch: pytest.MonkeyPatch) -> None:
    original = MenuScene.handle_game

    def buggy(self: MenuScene, action) -> None:  # noqa: ANN001
        if action.kind == Act.KEY and action.key.isalpha():
            raise ZeroDivisionError(f"planted in {self.app.save_dir}")
        original(self, action)

    monkeypatch.setattr(MenuScene, "handle_game", buggy)
    report = run_fuzz(1000, 19)  # a seed whose run presses a letter in the menu (at 917)
    assert not report.ok and report.exceptions >= 1
    found = report.failures[0]
    # the save folder's name differs between runs; the report does not
    assert found.kind == "exception" and found.summary == "ZeroDivisionError: planted in <saves>"
    assert found.location.startswith("tests/test_fuzz.py:") and "in buggy" in found.location
    assert "Traceback" in found.traceback and found.recent
    assert any(step.split(": ")[1].startswith("key '") for step in found.recent)
    assert found.reproduce == f"python main.py fuzz --seed 19 --events {found.first_event + 1}"
    again = run_fuzz(found.first_event + 1, 19)  # the command's run, in process
    assert [(f.summary, f.first_event) for f in again.failures] == [
        (found.summary, found.first_event)]


def test_a_failure_outside_a_frame_is_reported_and_the_run_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from game.fuzz.pads import Pads

    def broken(self: Pads) -> str:
        raise RuntimeError("the pad broke")

    monkeypatch.setattr(Pads, "act", broken)  # runs in the fuzzer, not in a frame
    report = run_fuzz(400, 3)  # a pad is first asked at event 77
    found = report.failures[0]
    assert found.summary == "RuntimeError: the pad broke" and found.count > 1
    assert found.recent[-1] == f"{found.first_event}: (failed while being made)"
    assert report.events == 400 and report.restarts >= found.count  # a new app each time
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
    # point was bound to: the jump raised "could not open" (seed 16565, event 759); a
    # hostile round may damage it
    replays = write_replays(tmp_path, random.Random(1))
    starts = {s.name: s for s in start_points(replays)}
    gone = replays["milligan"].path
    gone.unlink()
    scene = starts["replay:milligan"].make(make_app(tmp_path), 7)
    assert scene is not None and replays["milligan"].intact  # written again
    replays["milligan"].path.write_text("{}")  # damaged in a hostile round
    assert starts["replay:milligan"].make(make_app(tmp_path), 8) is not None
    assert replays["milligan"].intact



def test_steps_take_irregular_time() -> None:
    rng = random.Random(1)
    steps = [frame_times(rng) for _ in range(3000)]
    assert sum(s == [FRAME] for s in steps) > 2500  # mostly one frame of 1/60 s
    assert any(len(s) > 1 and set(s) == {FRAME} for s in steps)  # time passes
    assert any(len(s) == 1 and s[0] >= 0.25 for s in steps)  # a stall
    assert any(len(s) > 1 and max(s) < STEP for s in steps)  # frames with no fixed step


def test_slow_frames_and_memory_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(measure, "SLOW", 0.0)  # every frame counts as slow
    monkeypatch.setattr(measure, "SURFACES_GROWTH_MB", 0)  # counted at every round
    out = run_fuzz(200, 1).to_json()
    slow = out["slow_frames"]
    assert slow["count"] >= 50 and len(slow["slowest"]) == measure.SLOWEST_KEPT
    assert slow["slowest"][0]["ms"] >= slow["slowest"][-1]["ms"]
    memory = out["memory_mb"]
    assert memory["rounds"][0] > 0 and memory["peak"] > 0
    assert len(memory["surfaces"]) == len(memory["rounds"]) and None not in memory["surfaces"]


def test_surfaces_are_counted_where_memory_grew(monkeypatch: pytest.MonkeyPatch) -> None:
    resident = iter([300, 330, 364, 380, 300, 450])
    monkeypatch.setattr(measure, "resident_mb", lambda: next(resident))
    monkeypatch.setattr(measure, "surfaces_mb", lambda: 42)
    measures = measure.Measures()
    for _ in range(6):
        measures.round_started()
    assert measures.surfaces_mb == [None, None, 42, None, None, 42]
    assert "-, -, 42, -, -, 42" in measures.text()[-1]


def test_a_move_the_autosave_missed_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CardGameScene, "autosave", lambda self: None)  # moves go unsaved
    report = run_fuzz(800, 1)  # the first unsaved move is checked at event 671
    found = next(f for f in report.failures if f.kind == "autosave")
    assert report.autosave_failures >= 1 and "autosave-" in found.summary
    assert "missing" in found.summary or "differs" in found.summary


def test_a_round_can_start_from_a_damaged_save_folder(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    monkeypatch.setattr(runner, "HOSTILE_CHANCE", 1.0)
    trace = tmp_path / "trace"
    report = run_fuzz(300, 1, trace=trace)
    assert report.hostile_rounds == 1 and report.restarts == 0
    first = trace.read_text().splitlines()[0]
    assert first.startswith("0: damaged ") and "; jump to " in first


@pytest.mark.parametrize("kind", [kind for kind, _ in hostile.HURTS])
def test_each_kind_of_damage_leaves_what_it_says(tmp_path: Path, kind: str) -> None:
    hurt = dict(hostile.HURTS)[kind]
    old = {"kind": "settings", "version": 1, "volume": 3, "name": "Ann", "list": [1, 2]}
    path = tmp_path / "settings.json"
    hurt(path, random.Random(2), old)
    if kind == "a folder":
        assert path.is_dir()
    elif kind == "a looping link":
        assert path.is_symlink() and not path.exists()
    elif kind in ("numbers too big", "wrong types", "text too long"):  # values changed
        texts = set()
        for seed in range(8):
            hurt(path, random.Random(seed), old)
            texts.add(path.read_text())
        assert len(texts) > 1 and all("kind" in json.loads(t) for t in texts)
        wanted = {"numbers too big": str(hostile.HUGE), "wrong types": "null",
                  "text too long": hostile.LONG}[kind]
        assert any(json.dumps(wanted)[1:-1] in t for t in texts)
    else:  # not a settings file any more
        assert path.read_bytes() != json.dumps(old).encode()


@pytest.mark.slow  # over 5 s on this machine
def test_a_round_can_run_the_solvers_on_worker_threads(monkeypatch: pytest.MonkeyPatch,
                                                       ) -> None:
    monkeypatch.setattr(runner, "THREADS_CHANCE", 1.0)
    elsewhere = []
    real_run_job = jobs.run_job

    def on_a_thread(*job: object) -> None:
        elsewhere.append(threading.current_thread() is not threading.main_thread())
        real_run_job(*job)

    monkeypatch.setattr(jobs, "run_job", on_a_thread)  # what a Worker's thread calls
    runs = [run_fuzz(900, 28) for _ in range(2)]  # seed 28 asks its solvers twice
    assert runs[0].thread_rounds == 1 and elsewhere and all(elsewhere)
    assert runs[0].digest == runs[1].digest  # on threads too, the seed's run


def test_a_file_damaged_in_an_earlier_round_can_be_damaged_again(tmp_path: Path) -> None:
    # seed 201481646's round at event 23613 read a file nested too deep and failed
    path = tmp_path / "hosting.json"
    for kind, hurt in hostile.HURTS:
        hurt(path, random.Random(1), None)
        assert hostile._old(path) is None or kind in ("numbers too big", "wrong types",
                                                      "text too long"), kind
        hostile.clear(path)


def test_the_endgame_start_resumes_over_what_a_hostile_round_left(tmp_path: Path) -> None:
    # seed 201481646's endgame jump at event 64456 met a folder where the autosave goes
    starts = {s.name: s for s in start_points(write_replays(tmp_path, random.Random(1)))}
    dict(hostile.HURTS)["a folder"](tmp_path / "autosave-milligan.json", random.Random(1), None)
    scene = starts["endgame:milligan"].make(make_app(tmp_path), 7)
    assert scene.recorder.cursor > 0  # resumed


@pytest.mark.slow  # over 5 s on this machine
def test_a_bounded_run_visits_every_goal_without_a_failure(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from game.fuzz.goals import goal_starts

    monkeypatch.setattr(runner, "JUMP_GAP", (1, 3))  # a round in a few hundred events
    # a coarser simulated clock: a computer's search to its time limit ends sooner
    monkeypatch.setattr(outside_module, "TICK", 0.05)
    report = run_fuzz(600, 3)
    assert report.ok, report.text()
    assert {s.name for s in goal_starts()} <= set(report.starts)
    # what the goals open at once, as random input rarely does
    assert {"A tournament player's name", "New session"} <= report.catalogued
    assert "New session" not in report.not_reached
