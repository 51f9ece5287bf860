"""A bug inside a frame does not take the game down, and SIGINT/SIGHUP/SIGTERM quit
through the normal save path (real subprocesses)."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.engine.app import CRASH_MESSAGE, App
from game.engine.guard import ERROR_LOG, append_error_log
from game.engine.scene import Scene
from scenes.menu import MenuScene
from tests.driver import frames, key, make_app

ROOT = Path(__file__).resolve().parents[1]


class Boom(Scene):
    """A scene with a bug: it fails in ``where`` ("update", "draw" or "key")."""

    title = "Boom"

    def __init__(self, app: App, where: str = "update") -> None:
        super().__init__(app)
        self.where = where
        self.saved = 0

    def emergency_save(self) -> None:
        self.saved += 1

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.where == "update":
            raise ZeroDivisionError("boom in update")

    def draw_items(self, alpha: float) -> list:
        if self.where == "draw":
            raise KeyError("boom in draw")
        return super().draw_items(alpha)

    def handle_game(self, action) -> None:  # noqa: ANN001
        if self.where == "key":
            raise ValueError("boom on a key")


def guarded_app(tmp_path: Path) -> App:
    app = make_app(tmp_path)
    app.crash_guard = True  # on in the game; the test driver may turn it off
    return app


def menu_app(tmp_path: Path) -> App:
    app = guarded_app(tmp_path)
    app.push(MenuScene(app))
    frames(app)
    return app


@pytest.mark.parametrize("where", ["update", "draw", "key"])
def test_a_crash_lands_in_the_menu_with_a_message_and_a_log(tmp_path: Path, where: str) -> None:
    app = menu_app(tmp_path)
    under, boom = Boom(app, "never"), Boom(app, where)
    app.push(under)
    app.push(boom)
    if where == "key":
        key(app, pygame.K_x, "x")
    else:
        frames(app)
    assert app.running
    assert [type(s) for s in app.scenes] == [MenuScene]
    assert (under.saved, boom.saved) == (1, 1)  # every game on the stack was saved
    assert app.scene.hud.message is not None and app.scene.hud.message.text == CRASH_MESSAGE
    log = (tmp_path / ERROR_LOG).read_text()
    assert f"boom in {where}" in log or "boom on a key" in log
    assert "Traceback" in log and "test_crash_guard.py" in log
    assert len(app.crashes) == 1 and app.crashes[0].traceback in log
    before = app.frame_count
    frames(app, 3)  # and the menu goes on working
    assert app.frame_count == before + 3 and not app.crashes[1:]


def test_a_failing_recovery_step_is_logged_and_recovery_goes_on(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    boom = Boom(app)

    def broken_exit() -> None:
        raise RuntimeError("exit fails too")

    boom.exit = broken_exit
    app.push(boom)
    frames(app)
    assert [type(s) for s in app.scenes] == [MenuScene]
    assert [type(c.exception) for c in app.crashes] == [ZeroDivisionError, RuntimeError]
    assert "exit fails too" in (tmp_path / ERROR_LOG).read_text()


def test_a_menu_that_always_fails_stops_the_app_instead_of_looping(tmp_path: Path) -> None:
    app = guarded_app(tmp_path)
    app.push(Boom(app))
    assert app.run(frames=50) == 1
    assert app.gave_up and not app.running and not app.scenes
    assert 2 <= len(app.crashes) <= 5


def test_without_the_guard_the_exception_propagates(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    app.crash_guard = False
    app.push(Boom(app))
    with pytest.raises(ZeroDivisionError):
        frames(app)


def test_the_error_log_keeps_only_the_newest_entries(tmp_path: Path) -> None:
    for n in range(50):
        append_error_log(tmp_path, f"entry {n} " + "x" * 80, limit=1000)
    text = (tmp_path / ERROR_LOG).read_text()
    assert len(text.encode()) <= 1000
    assert "entry 49" in text and "entry 0 " not in text
    assert text.startswith("--- ")  # cut where an entry starts


# -- signals: real processes ------------------------------------------------------------

# A human game with one move made (the pack turned by the D key), then the real loop.
HUMAN_GAME = """
import sys
from pathlib import Path
import pygame
from game.engine.app import App
from game.settings import Settings
from scenes.open_game import game_scene
from scenes.menu import MenuScene
app = App(Path(sys.argv[1]), Settings(), headless=True, size=(640, 360))
app.push(MenuScene(app))
app.push(game_scene(app, "pyramid", seed=5))
for _ in range(3):
    app.frame(1 / 60)
pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d",
                                     scancode=0))
for _ in range(3):
    app.frame(1 / 60)
assert app.scene.recorder.cursor == 1, "the move was not made"
looping = app.frame_count + 1  # the first frame of app.run
sys.exit(app.run(on_frame=lambda a: a.frame_count == looping and print("ready", flush=True)))
"""
# The command line itself (the computer playing headless), saying when its loop runs.
COMMAND_LINE = """
import sys
import main
from game.engine.app import App
first = App.frame
def frame(self, seconds):
    if self.frame_count == 1:
        print("ready", flush=True)
    return first(self, seconds)
App.frame = frame
sys.exit(main.main(["--game", "pyramid", "--headless", "--frames", "100000",
                    "--window", "640x360", "--save-dir", sys.argv[1]]))
"""


def _start(code: str, save_dir: Path) -> subprocess.Popen:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.Popen([sys.executable, "-c", code, str(save_dir)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
def test_signals_quit_cleanly_and_save_the_game(tmp_path: Path) -> None:
    cases = [(code, sig) for code in (HUMAN_GAME,) for sig in ("SIGINT", "SIGHUP", "SIGTERM")]
    cases.append((COMMAND_LINE, "SIGINT"))
    runs = []
    for n, (code, sig) in enumerate(cases):  # all at once: the test costs one start-up
        save_dir = tmp_path / f"run{n}"
        save_dir.mkdir()
        runs.append((_start(code, save_dir), getattr(signal, sig), save_dir, code))
    for proc, sig, _, _ in runs:
        assert proc.stdout is not None
        if not select.select([proc.stdout], [], [], 60)[0]:
            proc.kill()
            pytest.fail(f"never reached its loop: {proc.communicate()[1]}")
        line = proc.stdout.readline()
        assert line.strip() == "ready", proc.communicate(timeout=20)[1]
        proc.send_signal(sig)  # "ready" comes from inside the loop: the handlers are in
    for proc, sig, save_dir, code in runs:
        _, err = proc.communicate(timeout=20)
        assert proc.returncode == 0, (sig, err)
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        if code is HUMAN_GAME:
            assert (save_dir / "autosave-pyramid.json").exists(), sig
