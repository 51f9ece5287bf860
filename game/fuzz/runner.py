"""The fuzz loop: the real App, headless, in a fresh temporary save folder; one random
step (or a jump to a start point) then a frame or a few of simulated time, regular or
not (game/fuzz/pace.py), and after every step a look for exceptions (the app's crash
guard hands them over) and for tables that lost or gained cards. A start that watches
(Start.watch: the computer plays on to the moment) is followed by frames with no input
until it has seen it. Frames slower than a player forgives and the memory at each
round's start are measured (game/fuzz/measure.py).

Rounds (every start point once) may start from a damaged save folder
(game/fuzz/hostile.py), switch TV mode, or put the solvers on real worker threads.

Deterministic for a seed: the fuzzer's choices come from one seeded generator, frames
last a simulated time drawn from it, and what the game would take from outside the
seed is replaced for the run (game/fuzz/outside.py): its solvers' answers arrive at
seeded moments (and, much slower than a frame, cost only a bounded share of the run),
its clock and calendar are simulated, its network runs on this thread in memory, its
fresh seeds come from the run's seed."""

from __future__ import annotations

import logging
import os
import random
import time
import traceback
import weakref
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from game import storage
from game.fuzz.catalogue import name_of
from game.fuzz.hostile import damage
from game.fuzz.outside import Outside, save_folder, sealed
from game.fuzz.pace import FRAME, frame_times
from game.fuzz.report import Failure, FuzzReport, location
from game.fuzz.starts import Watch
from game.fuzz.trace import Trace

START_SIZE = (640, 360)
JUMP_GAP = (15, 60)  # steps between jumps to start points (~160 events apart)
BATCH = (1, 6)  # events per step, all handled in the step's frame, as a fast player's are
JOBS_CHANCE = 1 / 40  # a step also runs the queued background jobs
HOSTILE_CHANCE = 0.3  # a round starts from a damaged save folder
TV_CHANCE = 0.25  # a round switches TV mode
THREADS_CHANCE = 0.3  # a round's new scenes run their solvers on real worker threads
JUMP_RESIZE_CHANCE = 0.2  # a jump also resizes the window
RECENT = 20  # steps kept for a failure's reproduction log
WATCH_FRAMES = 3600  # a start's watch (Start.watch) lasts at most a minute of frames


def run_fuzz(events: int, seed: int, progress: Callable[[FuzzReport], None] | None = None,
             trace: Path | None = None) -> FuzzReport:
    """Send ``events`` random steps through the game; see the module docstring. ``trace``:
    a file to write the run to, event by event (game/fuzz/trace.py)."""
    for name, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy")):
        os.environ[name] = value
    with save_folder(seed) as folder, sealed(seed) as outside, _quiet():
        return Fuzzer(folder, seed, outside, Trace(trace)).run(events, progress)


class Fuzzer:
    def __init__(self, save_dir: Path, seed: int, outside: Outside,
                 trace: Trace | None = None) -> None:
        from game.fuzz.inputs import InputMaker
        from game.fuzz.pads import Pads
        from game.fuzz.starts import start_points, write_replays, write_seat_replays

        self.save_dir = save_dir
        self.seed = seed
        self.outside = outside
        self.trace = trace or Trace()
        self.rng = random.Random(seed)
        self.report = FuzzReport(seed)
        self.recent: deque[str] = deque(maxlen=RECENT)
        self.app = self._new_app()
        self.pads = Pads(self.rng)
        self.report.virtual_pads = self.pads.virtual
        self.inputs = InputMaker(self.rng, self.pads, self._window, self._points, self._files)
        self.starts = start_points({**write_replays(save_dir, self.rng),
                                    **write_seat_replays(save_dir, seed)})
        self._deck: list[Any] = []  # start points not yet visited this round
        self._next_jump = 0  # step count at which to jump
        self._watch: Watch | None = None  # the last start's, while it watches
        self._watched = 0  # frames it has watched
        self._steps = 0
        # each game scene's cursor when last seen: its autosave is checked after a move
        self._cursors: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()

    def run(self, events: int, progress: Callable[[FuzzReport], None] | None) -> FuzzReport:
        began = time.perf_counter()
        reported = 0
        try:
            # a watch is its jump's: a run (and a failure's reproduction) sees it through
            while self.report.events < events or self._watch is not None:
                self._step(events)
                if progress is not None and self.report.events - reported >= 10_000:
                    reported = self.report.events
                    self.report.seconds = time.perf_counter() - began
                    progress(self.report)
        finally:
            self.report.seconds = time.perf_counter() - began
            self.report.digest = self.trace.digest
            self.trace.close()
            self.pads.detach_all()
            self._close_app()
        return self.report

    # -- one step -------------------------------------------------------------------------

    def _step(self, limit: int) -> None:
        """A jump or a batch of events (never past ``limit`` events in all), then a frame
        or a few; failures are reported against the batch's last event."""
        if not self.app.running:
            self._close_app()
            self.app = self._new_app()
            self.report.restarts += 1
            self._watch = None  # what it watched is gone with the app
        index = self.report.events
        try:
            self._steps += 1
            # index counts an event before making it: one that fails is included in the
            # reproduction's --events
            watching = self._watching()
            if watching:  # no input: a frame, and the jobs done meanwhile
                self._next_jump += 1
                self.outside.jobs.run()
            elif index >= limit:  # a watch past the run's last event is over
                return
            elif self._steps > self._next_jump:
                self._next_jump = self._steps + self.rng.randint(*JUMP_GAP)
                index += 1
                self.recent.append(self.trace.event(index - 1, self._jump()))
            else:
                for _ in range(min(self.rng.randint(*BATCH), limit - index)):
                    index += 1
                    self.recent.append(self.trace.event(index - 1, self.inputs.step()))
            if not watching and self.rng.random() < JOBS_CHANCE:
                self.outside.jobs.run()
            for seconds in [FRAME] if watching else frame_times(self.rng):
                began = time.perf_counter()
                self.app.frame(seconds)
                self.report.measures.frame(time.perf_counter() - began, index - 1, self.app)
                self._seen()  # a notice the same batch answers is still counted as reached
                self.outside.frame_passed(seconds)
                if not self.app.running:
                    break
        except Exception as exc:  # outside the app's guard (a jump, a pad): report, go on
            if not self.recent or not self.recent[-1].startswith(f"{index - 1}: "):
                self.recent.append(self.trace.event(index - 1, "(failed while being made)"))
            self._failed_exception(index - 1, exc, "".join(_format(exc)))
            self._close_app()
        self.report.events = index
        self.report.sent = self.inputs.sent
        self._look(index - 1)
        self.trace.shown(self.app)

    def _jump(self) -> str:
        """Go back to the menu, then push the next start point (each once per round)."""
        note = self._new_round() if not self._deck else ""
        start = self._deck.pop()
        self.report.starts[start.name] = self.report.starts.get(start.name, 0) + 1
        app = self.app
        while len(app.scenes) > 1:
            app.pop()
        seed = self.rng.randrange(2**31)
        scene = start.make(app, seed)
        if scene is not None:
            app.push(scene)
        self._watch, self._watched = (start.watch() if start.watch else None), 0
        # now and then at an odd size from the start: every scene meets slivers and 8K
        size = f", {self.inputs.resize()}" if self.rng.random() < JUMP_RESIZE_CHANCE else ""
        return f"{note}jump to {start.name} (seed {seed}){size}"

    def _watching(self) -> bool:
        """Does the last start's watch go on (for at most ``WATCH_FRAMES``)?"""
        if self._watch is None:
            return False
        self._watched += 1
        if self._watched > WATCH_FRAMES or not self._watch(self.app):
            self._watch = None
        return self._watch is not None

    def _new_round(self) -> str:
        """Every start point once more, in a new order (popped from the end, so the firsts
        go last); now and then from a damaged save folder, the game started again over
        it, in the other TV mode, or with the solvers on real worker threads. What was
        done, for the reproduction log."""
        self.report.measures.round_started()
        firsts = [s for s in self.starts if s.first]
        rest = [s for s in self.starts if not s.first]
        self.rng.shuffle(firsts)
        self.rng.shuffle(rest)
        self._deck = rest + firsts
        notes = []
        if self.rng.random() < HOSTILE_CHANCE:
            notes.append(damage(self.save_dir, self.rng))
            self._close_app()
            self.app = self._new_app()
            self.report.hostile_rounds += 1
        if self.rng.random() < TV_CHANCE:
            tv = not self.app.settings.tv_mode
            self.app.set_setting(tv_mode=tv)
            notes.append(f"TV mode {'on' if tv else 'off'}")
        self.outside.jobs.threads = self.rng.random() < THREADS_CHANCE
        if self.outside.jobs.threads:
            notes.append("solvers on worker threads")
            self.report.thread_rounds += 1
        return "".join(f"{note}; " for note in notes)

    def _seen(self) -> None:
        """Note the scenes open and their dialogs (after every frame)."""
        for scene in self.app.scenes:
            self.report.scenes.add(type(scene).__name__)
            dialog = scene.hud.dialog
            if dialog is not None:
                self.report.dialogs.add(dialog.title)
                name = name_of(dialog.title, dialog.kind)
                if name is not None:
                    self.report.catalogued.add(name)

    def _look(self, index: int) -> None:
        """Collect what the step showed: crashes, card counts, autosaves after a move,
        scenes and dialogs."""
        app = self.app
        for crash in app.crashes:
            self._failed_exception(index, crash.exception, crash.traceback)
        app.crashes.clear()
        for exc in self.outside.loop.failures:  # the network's, on its loop
            self._failed_exception(index, exc, "".join(_format(exc)))
        self.outside.loop.failures.clear()
        self._seen()
        for scene in app.scenes:
            self._check(index, scene, "card count", "card_count_problem")
            recorder = getattr(scene, "recorder", None)
            if recorder is None:
                continue
            seen = self._cursors.get(scene)
            self._cursors[scene] = recorder.cursor
            if seen is not None and seen != recorder.cursor:
                self._check(index, scene, "autosave", "autosave_problem")

    def _check(self, index: int, scene: Any, kind: str, method: str) -> None:
        """Ask ``scene`` its ``method`` (any scene with one is asked): a sentence is a
        failure of ``kind``."""
        check = getattr(scene, method, None)
        if check is None:
            return
        try:
            problem = check()
        except Exception as exc:  # the check itself failing is a finding too
            self._failed_exception(index, exc, "".join(_format(exc)))
            return
        if problem:
            self._fail(index, kind, f"{type(scene).__name__}: {problem}",
                       type(scene).__module__.replace(".", "/") + ".py", "")

    # -- failures -------------------------------------------------------------------------

    def _failed_exception(self, index: int, exc: BaseException, text: str) -> None:
        # the save folder's name differs from run to run: the report says "<saves>"
        saves = str(self.save_dir)
        self._fail(index, "exception",
                   f"{type(exc).__name__}: {exc}".replace(saves, "<saves>")[:300],
                   location(exc.__traceback__), text.replace(saves, "<saves>"))

    def _fail(self, index: int, kind: str, summary: str, where: str, text: str) -> None:
        self.report.add(Failure(
            kind, summary, where, index,
            f"python main.py fuzz --seed {self.seed} --events {index + 1}",
            list(self.recent), text))

    # -- the app --------------------------------------------------------------------------

    def _new_app(self) -> Any:
        from game.engine.app import App
        from game.settings import load_settings
        from scenes.menu import MenuScene

        # as a player's next start would (game/launcher.py): what could not be read is said
        problems: list[str] = []
        for folder in (self.save_dir, storage.replay_dir(self.save_dir, problems)):
            storage.remove_stale_temp_files(folder)
        settings, problem = load_settings(self.save_dir)
        app = App(self.save_dir, settings, headless=True, size=START_SIZE)
        app.problems.extend(problems + ([problem] if problem else []))
        app.crash_guard = True  # its crashes are handed over in app.crashes
        app.loopback_only = True  # Host a table: 127.0.0.1, a free port, closed with its scene
        app.push(MenuScene(app))
        return app

    def _close_app(self) -> None:
        app = self.app
        while app.scenes:
            try:
                app.scenes.pop().exit()
            except Exception as exc:  # leaving a scene failed: a finding, then go on
                self._failed_exception(self.report.events, exc, "".join(_format(exc)))
        app.running = False

    def _window(self) -> tuple[int, int]:
        return self.app.screen.get_size()

    def _files(self) -> list[str]:
        """The save folder's files and folders, in a fixed order."""
        return sorted(str(path) for path in self.save_dir.rglob("*"))

    def _points(self) -> list[tuple[int, int]]:
        """Window positions of what can be hit now: dialog choices, buttons and cards."""
        app = self.app
        if not app.scenes:
            return []
        vp, scene = app.viewport, app.scene
        rects = [b.rect for b in scene.hud.dialog.buttons()] if scene.hud.dialog else []
        rects += [b.rect for b in scene.hud.buttons if b.visible]
        table = getattr(scene, "table", None)
        if table is not None:
            rects += [table.card_rect(key) for key in table.entities]
            rects += list(table.zones.values())
        return [vp.to_px(r.centerx, r.centery) for r in rects]


def _format(exc: BaseException) -> list[str]:
    return traceback.format_exception(exc)


@contextmanager
def _quiet() -> Iterator[None]:
    """The app logs each crash it survives; the report has them, so keep stderr clear."""
    loggers = [logging.getLogger(name) for name in ("game", "scenes")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for lg, level in zip(loggers, levels, strict=True):
            lg.setLevel(level)
