"""What stops a bug or a signal from losing the player's game: the error log that a
crashed frame is written to, and quitting through the normal save path on SIGINT,
SIGHUP or SIGTERM instead of dying mid-frame."""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from game import wallclock

log = logging.getLogger(__name__)
ERROR_LOG = "errors.log"
ERROR_LOG_LIMIT = 1_000_000  # bytes kept: the newest entries
QUIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGHUP", "SIGTERM")
                     if hasattr(signal, name))  # no SIGHUP on Windows


@dataclass(frozen=True, slots=True)
class Crash:
    """An exception a frame raised and the app survived."""

    exception: BaseException
    traceback: str  # formatted, as written to the error log
    frame: int  # app.frame_count when it happened


def append_error_log(folder: Path, text: str, limit: int = ERROR_LOG_LIMIT) -> Path:
    """Add ``text`` to ``folder/errors.log``, keeping the newest ``limit`` bytes (cut at
    an entry's start). Never raises: a full disk must not turn one crash into two."""
    path = folder / ERROR_LOG
    entry = f"--- {wallclock.now().isoformat(timespec='seconds')} ---\n{text.rstrip()}\n\n"
    try:
        data = (path.read_bytes() if path.exists() else b"") + entry.encode("utf-8", "replace")
        if len(data) > limit:
            tail = data[-limit:]
            start = tail.find(b"\n--- ")  # a whole entry first; else a whole line
            data = tail[(start if start >= 0 else tail.find(b"\n")) + 1:]
        path.write_bytes(data)
    except OSError as exc:
        log.error("could not write %s: %s", path, exc)
    return path


@contextmanager
def quit_on_signals(stop: Callable[[int], None]) -> Iterator[None]:
    """While inside, SIGINT/SIGHUP/SIGTERM call ``stop(signum)`` (which should end the
    loop) instead of raising KeyboardInterrupt or killing the process. Only the main
    thread may install handlers; elsewhere (an embedding test) this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.signal(sig, lambda signum, _frame: stop(signum))
                for sig in QUIT_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
