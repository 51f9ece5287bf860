"""What stops a bug from losing the player's game: the error log that a crashed frame
is written to (signals: quit_signals)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from game import wallclock

log = logging.getLogger(__name__)
ERROR_LOG = "errors.log"
ERROR_LOG_LIMIT = 1_000_000  # bytes kept: the newest entries


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
