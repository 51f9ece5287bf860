"""`python main.py fuzz`: seeded random input through every scene, game and dialog
the fuzzer can reach, with a report of every exception, card-count and autosave failure.

    from game.fuzz import run_fuzz
    report = run_fuzz(events=5000, seed=1)   # -> FuzzReport (report.ok, .to_json())
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.fuzz.report import Failure, FuzzReport
from game.fuzz.runner import run_fuzz

__all__ = ["Failure", "FuzzReport", "main", "run_fuzz"]


def main(events: int, seed: int, as_json: bool, trace: Path | None = None) -> int:
    """The command: prints the report (JSON or text); 1 if anything failed."""
    def progress(report: FuzzReport) -> None:
        print(f"... {report.events} events, {report.exceptions} exceptions, "
              f"{report.card_count_failures} card-count failures, "
              f"{report.autosave_failures} autosave failures", file=sys.stderr, flush=True)

    report = run_fuzz(events, seed, progress=None if as_json else progress, trace=trace)
    print(json.dumps(report.to_json()) if as_json else report.text())
    return 0 if report.ok else 1
