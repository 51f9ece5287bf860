"""A top-ten table kept on disk, shared by every game that keeps one.

Only scores above ``minimum`` enter. The file is written atomically. A damaged one
is set aside and reported; entries that are still whole are kept (and written back
at once, so the message is shown once), the rest start afresh.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from game import storage, wallclock
from game.json_limits import is_int, is_text

KIND = "top10"
VERSION = 1
SIZE = 10
MAX_NAME = 40  # characters; longer names are typed by no player and drawn by no dialog
MAX_SCORE = 10**9


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    score: int
    day: str  # ISO date


class HighScores:
    def __init__(self, path: Path, minimum: int = 0) -> None:
        self.path = path
        self.minimum = minimum
        self.problem: str | None = None
        self.entries: list[Entry] = self._load()

    def _load(self) -> list[Entry]:
        result = storage.read_json(self.path, KIND, VERSION,
                                   consequence="the top-ten list starts afresh")
        self.problem = result.problem
        if result.data is None:
            return []
        raw = result.data.get("entries")
        rows = raw if isinstance(raw, list) and len(raw) <= 10 * SIZE else None
        entries = [e for e in map(_entry, rows or []) if e is not None]
        kept = sorted(entries, key=lambda e: -e.score)[:SIZE]
        if rows is not None and len(entries) == len(rows):
            return kept
        try:
            target = storage.set_aside(self.path)
            if kept:
                self._write(kept)
        except OSError as exc:
            self.problem = (f"{self.path.name} was damaged and could not be repaired "
                            f"({exc.strerror or exc}).")
            return kept
        rest = (f"the {len(kept)} whole entries are kept" if kept
                else "the top-ten list starts afresh")
        self.problem = (f"{self.path.name} was damaged and has been set aside as "
                        f"{target.name}; {rest}.")
        return kept

    def qualifies(self, score: int) -> bool:
        if score <= self.minimum:
            return False
        return len(self.entries) < SIZE or score > self.entries[-1].score

    def add(self, name: str, score: int, day: date | None = None) -> int | None:
        """Enter a score; returns its place (1-10), or None if it did not make the list."""
        if not self.qualifies(score):
            return None
        entry = Entry(name.strip()[:MAX_NAME] or "Player", score,
                      (day or wallclock.today()).isoformat())
        # a later equal score goes below the earlier one
        place = next((i for i, e in enumerate(self.entries) if score > e.score),
                     len(self.entries))
        self.entries.insert(place, entry)
        del self.entries[SIZE:]
        self._write(self.entries)
        return place + 1

    def _write(self, entries: list[Entry]) -> None:
        storage.write_json_atomic(self.path, {
            "kind": KIND, "version": VERSION,
            "entries": [{"name": e.name, "score": e.score, "day": e.day} for e in entries]})


def _entry(row: Any) -> Entry | None:
    """One stored entry, checked field by field; None if any field is wrong."""
    if not isinstance(row, dict):
        return None
    name, score, day = row.get("name"), row.get("score"), row.get("day")
    if not is_text(name, MAX_NAME) or not is_int(score, -MAX_SCORE, MAX_SCORE):
        return None
    if not is_text(day, 10):
        return None
    try:
        date.fromisoformat(day)
    except ValueError:
        return None
    return Entry(name, score, day)
