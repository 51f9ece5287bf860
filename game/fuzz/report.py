"""What a fuzz run found: failures grouped by kind and place, each with the step that
first showed it, the steps before it and the command that replays the run to there."""

from __future__ import annotations

import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from game.fuzz.catalogue import CATALOGUE, UNREACHABLE
from game.fuzz.measure import Measures

ROOT = Path(__file__).resolve().parents[2]
# What the JSON says of the machine rather than the run: two runs of a seed differ here.
MEASURED = ("seconds", "events_per_second", "slow_frames", "memory_mb")


@dataclass
class Failure:
    kind: str  # "exception" | "card count" | "autosave"
    summary: str  # "KeyError: 'x'" or the card-count sentence
    location: str  # innermost project frame, "scenes/pyramid.py:93 in placements"
    first_event: int  # 0-based index of the step after which it was seen
    reproduce: str  # a command that replays the run up to that step
    recent: list[str]  # the steps before it, oldest first
    traceback: str = ""
    count: int = 1  # how often it was seen in the run

    @property
    def signature(self) -> tuple[str, str, str]:
        head = self.summary.split(":")[0] if self.kind == "exception" else self.summary
        return self.kind, head, self.location


@dataclass
class FuzzReport:
    seed: int
    events: int = 0  # steps sent
    seconds: float = 0.0
    scenes: set[str] = field(default_factory=set)
    dialogs: set[str] = field(default_factory=set)  # titles
    catalogued: set[str] = field(default_factory=set)  # their names in the catalogue
    starts: dict[str, int] = field(default_factory=dict)  # start point -> jumps there
    sent: dict[str, int] = field(default_factory=dict)  # input steps by kind
    virtual_pads: bool = False
    restarts: int = 0  # new app after a quit or a failure outside a frame
    hostile_rounds: int = 0  # rounds started from a damaged save folder
    thread_rounds: int = 0  # rounds with the solvers on real worker threads
    digest: str = ""  # of the run's trace: equal digests, the same run
    measures: Measures = field(default_factory=Measures)
    failures: list[Failure] = field(default_factory=list)  # distinct, first seen first
    exceptions: int = 0
    card_count_failures: int = 0
    autosave_failures: int = 0  # the autosave on disk was not the table's game

    @property
    def not_reached(self) -> list[str]:
        """The catalogue's dialogs this run never showed (those unreachable by design
        apart)."""
        return sorted(set(CATALOGUE) - self.catalogued - set(UNREACHABLE))

    @property
    def ok(self) -> bool:
        return not self.failures

    def add(self, failure: Failure) -> None:
        if failure.kind == "exception":
            self.exceptions += 1
        elif failure.kind == "autosave":
            self.autosave_failures += 1
        else:
            self.card_count_failures += 1
        for known in self.failures:
            if known.signature == failure.signature:
                known.count += 1
                return
        self.failures.append(failure)

    def to_json(self) -> dict[str, Any]:
        return {
            "events": self.events, "seed": self.seed, "seconds": round(self.seconds, 2),
            "events_per_second": round(self.events / self.seconds) if self.seconds else None,
            "exceptions": self.exceptions, "card_count_failures": self.card_count_failures,
            "autosave_failures": self.autosave_failures,
            "scenes": sorted(self.scenes), "dialogs": sorted(self.dialogs),
            "dialogs_not_reached": self.not_reached,
            "sent": dict(sorted(self.sent.items())),
            "starts": dict(sorted(self.starts.items())), "virtual_pads": self.virtual_pads,
            "restarts": self.restarts, "hostile_rounds": self.hostile_rounds,
            "thread_rounds": self.thread_rounds,
            "digest": self.digest,
            "failures": [asdict(f) for f in self.failures], **self.measures.to_json(),
        }

    def text(self) -> str:
        rate = f", {self.events / self.seconds:.0f}/s" if self.seconds else ""
        reachable = len(CATALOGUE) - len(UNREACHABLE)
        lines = [f"fuzz seed {self.seed}: {self.events} events in {self.seconds:.1f} s{rate}; "
                 f"{self.exceptions} exceptions, {self.card_count_failures} card-count "
                 f"failures, {self.autosave_failures} autosave failures "
                 f"({len(self.failures)} distinct)",
                 f"scenes: {', '.join(sorted(self.scenes))}",
                 f"dialogs: {', '.join(sorted(self.dialogs)) or '-'}",
                 f"catalogued dialogs reached: {reachable - len(self.not_reached)} of "
                 f"{reachable}; not reached: "
                 f"{', '.join(self.not_reached) or '-'}",
                 *(f"    unreachable by design: {name}: {why}"
                   for name, why in sorted(UNREACHABLE.items())),
                 "sent: " + ", ".join(f"{k} {n}" for k, n in sorted(self.sent.items())),
                 f"virtual pads: {'yes' if self.virtual_pads else 'no (events posted)'}; "
                 f"restarts: {self.restarts}; rounds from a damaged save folder: "
                 f"{self.hostile_rounds}, with worker threads: {self.thread_rounds}; "
                 f"digest: {self.digest}",
                 *self.measures.text()]
        for n, f in enumerate(self.failures, 1):
            lines += ["", f"[{n}] {f.kind} x{f.count}: {f.summary}", f"    at {f.location}",
                      f"    first after event {f.first_event}; reproduce: {f.reproduce}",
                      "    last events:", *(f"      {e}" for e in f.recent)]
            if f.traceback:
                lines += ["    " + line for line in f.traceback.rstrip().splitlines()]
        return "\n".join(lines)


def location(tb: TracebackType | None) -> str:
    """The innermost frame in this project's own code (not the standard library's or a
    package's), as "path:line in function"."""
    frames = [f for f in traceback.extract_tb(tb) if _ours(f.filename)] or traceback.extract_tb(tb)
    if not frames:
        return "?"
    f = frames[-1]
    try:
        name = Path(f.filename).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        name = f.filename
    return f"{name}:{f.lineno} in {f.name}"


def _ours(filename: str) -> bool:
    path = Path(filename).resolve()
    return path.is_relative_to(ROOT) and ".venv" not in path.parts and "fuzz" not in path.parts
