"""A top-ten table kept on disk, shared by every game that keeps one.

Only scores above ``minimum`` enter. The file is written atomically; a damaged one
is set aside and reported, and the table starts empty again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from game import storage

KIND = "top10"
VERSION = 1
SIZE = 10


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
        try:
            entries = [Entry(str(e["name"]), int(e["score"]), str(e["day"]))
                       for e in result.data["entries"]]
        except (KeyError, TypeError, ValueError):
            target = storage.set_aside(self.path)
            self.problem = (f"{self.path.name} was damaged and has been set aside as "
                            f"{target.name}; the top-ten list starts afresh.")
            return []
        return sorted(entries, key=lambda e: -e.score)[:SIZE]

    def qualifies(self, score: int) -> bool:
        if score <= self.minimum:
            return False
        return len(self.entries) < SIZE or score > self.entries[-1].score

    def add(self, name: str, score: int, day: date | None = None) -> int | None:
        """Enter a score; returns its place (1-10), or None if it did not make the list."""
        if not self.qualifies(score):
            return None
        entry = Entry(name.strip() or "Player", score, (day or date.today()).isoformat())
        # a later equal score goes below the earlier one
        place = next((i for i, e in enumerate(self.entries) if score > e.score),
                     len(self.entries))
        self.entries.insert(place, entry)
        del self.entries[SIZE:]
        storage.write_json_atomic(self.path, {
            "kind": KIND, "version": VERSION,
            "entries": [{"name": e.name, "score": e.score, "day": e.day}
                        for e in self.entries]})
        return place + 1
