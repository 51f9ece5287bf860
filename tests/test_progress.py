"""Long runs say where they are on a terminal and stay quiet when piped."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIMULATE = [sys.executable, "main.py", "simulate", "poker-squares", "--games", "40"]


def test_simulate_shows_its_progress_on_a_terminal() -> None:
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    shown = b""
    try:
        run = subprocess.Popen(SIMULATE, cwd=ROOT, stdout=subprocess.PIPE, stderr=follower)
        os.close(follower)
        while True:  # read as it comes: a full terminal buffer would stop the run
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the run has ended and closed its end
                break
            if not chunk:
                break
            shown += chunk
        run.communicate(timeout=120)
    finally:
        os.close(leader)
    done = run
    assert done.returncode == 0
    # a count of the 40, a rate and an estimate of the time left ("[00:01<00:02")
    assert b"/40 [" in shown and b"games/s" in shown and b"<" in shown, shown[-300:]


def test_simulate_is_quiet_when_piped() -> None:
    done = subprocess.run(SIMULATE, cwd=ROOT, capture_output=True, timeout=120)
    assert done.returncode == 0 and done.stderr == b""
    assert b'"games": 40' in done.stdout
