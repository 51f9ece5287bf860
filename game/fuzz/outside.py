"""What the game takes from outside a fuzz run's seed, replaced by stand-ins for the run
so that the seed alone decides it:

- background jobs (the solvers) wait in a ``JobQueue`` whose answers the fuzzer hands
  over at seeded moments: they arrive on the same frame every time (game/fuzz/jobqueue.py);
- the clock and the calendar are a ``SimulatedClock``: a solver's time limit is a fixed
  amount of work on any machine, and the dates replays are named and sorted by move
  with the frames;
- the network (hosted tables, connections, the computer seats' thinking) runs on one
  loop stepped after each frame, in simulated time, over streams in memory
  (game/fuzz/netloop.py, game/fuzz/pipes.py);
- the game's fresh seeds (game/seeds.py) come from the run's seed, and so does the
  global ``random`` module's state (the game does not use it; a library might);
- the save folder is new and named alike in every run (``save_folder``).
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from game import seeds, wallclock
from game.engine import jobs as jobs_module
from game.fuzz.jobqueue import JobQueue
from game.fuzz.netloop import SteppedLoop, SteppedRunner, inline_pool
from game.fuzz.pipes import MemoryNetwork
from game.net import runtime
from game.wallclock import SimulatedClock

START_DATE = datetime(2024, 1, 2, 3, 4, 5)  # the calendar's first day, in every run
TICK = 0.01  # simulated seconds per reading of the clock: a 1 s limit is 100 readings


@dataclass
class Outside:
    """The stand-ins of one run; the fuzzer tells them when a frame's time has passed."""

    jobs: JobQueue
    clock: SimulatedClock
    loop: SteppedLoop

    def frame_passed(self, seconds: float) -> None:
        self.clock.advance(seconds)
        self.loop.advance(seconds)


@contextmanager
def sealed(seed: int) -> Iterator[Outside]:
    """The stand-ins, in place while inside; everything restored afterwards."""
    outside = Outside(JobQueue(), SimulatedClock(START_DATE, TICK), SteppedLoop())
    runner, network = SteppedRunner(outside.loop), MemoryNetwork()
    state = random.getstate()
    random.seed(seed)
    try:
        with seeds.using(random.Random(f"game:{seed}")), \
                _swapped(jobs_module, make_worker=outside.jobs.worker), \
                _swapped(runtime, make_runner=lambda name: runner, make_pool=inline_pool,
                         open_connection=network.open_connection,
                         start_server=network.start_server), \
                wallclock.using(outside.clock):
            yield outside
    finally:
        outside.loop.shut()
        random.setstate(state)


@contextmanager
def save_folder(seed: int) -> Iterator[Path]:
    """A new, empty save folder for the run, removed afterwards. Its name differs from
    run to run only in the digits of the process id, all one width in the game's font,
    so a message that names it wraps alike (failures name it "<saves>"). One a killed
    run left (the same name: its process is gone) is removed first."""
    shm = Path("/dev/shm")  # RAM-backed where there is one: saves fsync, disks are slow
    base = shm if shm.is_dir() and os.access(shm, os.W_OK) else Path(tempfile.gettempdir())
    folder = base / f"fuzz-{seed}-{os.getpid():07d}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def _swapped(module: ModuleType, **names: Any) -> Iterator[None]:
    """``module``'s ``names`` set to these values while inside."""
    saved = {name: getattr(module, name) for name in names}
    for name, value in names.items():
        setattr(module, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(module, name, value)
