"""The end of `make bench`: every figure the benches noted (tools.figures), beside its
target and reference, as a readable table and as one JSON file, with the machine and
its load, so a figure measured on a busy machine is read as such. A figure that misses
its target is marked MISSED.

    python -m tools.bench_summary [--figures bench-out/figures.jsonl] [--out bench-out/summary.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from tools.figures import Figure, read


def machine() -> dict[str, Any]:
    return {"python": platform.python_version(), "system": platform.platform(),
            "cores": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()]}


def table(figures: list[Figure]) -> list[str]:
    """One line a figure: bench, name, value and unit, target, verdict, reference."""
    lines = [f"{'bench':<20}{'figure':<58}{'value':>14}  {'target':<14}{'':8}{'load':>5}  "
             "reference"]
    for f in figures:
        target = "" if f.target is None else (
            f"{'<=' if f.better == 'lower' else '>='} {f.target:g}")
        verdict = {None: "", True: "ok", False: "MISSED"}[f.met]
        lines.append(f"{f.bench:<20}{f.name[:57]:<58}{f.value:>10g} {f.unit:<3}  "
                     f"{target:<14}{verdict:8}{f.load:>5.1f}  {f.reference}")
    return lines


def summarise(figures: list[Figure]) -> dict[str, Any]:
    return {"machine": machine(),
            "missed": [f"{f.bench}: {f.name}" for f in figures if f.met is False],
            "figures": [{**asdict(f), "met": f.met} for f in figures]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--figures", type=Path, default=Path("bench-out/figures.jsonl"))
    parser.add_argument("--out", type=Path, default=Path("bench-out/summary.json"))
    args = parser.parse_args(argv)
    figures = read(args.figures)
    summary = summarise(figures)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    print("\n".join(table(figures)))
    load = summary["machine"]["load_average"]
    print(f"{len(figures)} figures, {len(summary['missed'])} missed; load average "
          f"{load[0]} on {summary['machine']['cores']} cores at the end; {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
