"""Background jobs: answers by name and tag, stale answers never taken, a long study
never holds up a move, and a solve in progress never holds up quitting."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

from game.engine.jobs import PENDING, STUDY, Background

ROOT = Path(__file__).resolve().parents[1]


def test_answers_are_taken_only_for_the_question_asked() -> None:
    jobs = Background()
    jobs.start("sum", 1, sum, [1, 2])
    jobs.wait("sum", timeout=5)
    assert jobs.result("sum", 1) == 3 and jobs.result("sum", 2) is PENDING
    jobs.start("sum", 2, sum, [5, 5])
    jobs.wait("sum", timeout=5)
    assert jobs.result("sum", 2) == 10 and jobs.result("sum", 1) is PENDING
    jobs.close()


def test_a_move_is_not_queued_behind_a_long_study() -> None:
    """The winnable check runs its whole time limit on every move; the computer's next
    move (Auto, the demo) used to wait behind it, seconds a move."""
    jobs, release = Background(), threading.Event()
    jobs.start("winnable", 1, release.wait, 30, lane=STUDY)
    jobs.start("move", 1, sum, [2, 3])
    jobs.wait("move", timeout=5)
    assert jobs.result("move", 1) == 5 and jobs.result("winnable", 1) is PENDING
    release.set()
    jobs.wait("winnable", timeout=5)
    assert jobs.result("winnable", 1) is True
    jobs.close()


def test_quitting_does_not_wait_for_a_long_solve() -> None:
    script = ("import time\nfrom game.engine.jobs import Background\n"
              "jobs = Background()\njobs.start('solve', 0, time.sleep, 60)\ntime.sleep(0.2)\n")
    started = time.monotonic()
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True, timeout=30)
    assert time.monotonic() - started < 10
