"""The figures every bench reports, gathered for one summary at the end of `make bench`.

A bench calls ``figure`` beside its own printing; each call adds one JSON line to the
file named by ``BENCH_FIGURES`` (the Makefile sets it; unset, nothing is written, so a
bench run alone behaves as before). ``tools.bench_summary`` reads the lines back.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

Better = Literal["lower", "higher"]


@dataclass(frozen=True, slots=True)
class Figure:
    bench: str  # the module that measured it
    name: str
    value: float
    unit: str
    target: float | None = None  # the figure it must reach; None: reported only
    better: Better = "lower"
    reference: str = ""  # what it is compared with (a published figure, a library)
    load: float = 0.0  # the machine's load average (1 min) when it was measured

    @property
    def met(self) -> bool | None:
        if self.target is None:
            return None
        return self.value <= self.target if self.better == "lower" else self.value >= self.target


def figure(bench: str, name: str, value: float, unit: str, target: float | None = None,
           better: Better = "lower", reference: str = "") -> Figure:
    """Note one figure for the summary (and return it)."""
    found = Figure(bench, name, round(float(value), 4), unit, target, better, reference,
                   round(os.getloadavg()[0], 2))
    path = os.environ.get("BENCH_FIGURES")
    if path:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(asdict(found)) + "\n")
    return found


def read(path: Path) -> list[Figure]:
    """The figures noted so far (lines that do not read are skipped: a bench cut short
    may leave half a line)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else []:
        try:
            out.append(Figure(**json.loads(line)))
        except (ValueError, TypeError):
            continue
    return out
