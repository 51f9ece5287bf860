"""Time the exact Pyramid solver over seeded deals: ``python -m tools.bench_solver [--deals N]``.

Deal ``seed`` is ``game.rules.pyramid.new_game(seed)`` (pyramid then stock, 2 redeals).
For each goal it reports the median, 90th percentile and worst time per deal and the
share of deals that can be won, with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from typing import Any

from game.ai.pyramid_solver import best_par, solve
from game.progress import counted
from game.rules.pyramid import new_game

GOALS = ("pyramid", "all")


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (sound for small counts, unlike p +- 2se)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[rank - 1]


def _summary(times_ms: list[float], wins: int, slowest: int) -> dict[str, Any]:
    times = sorted(times_ms)
    low, high = wilson(wins, len(times))
    return {
        "deals": len(times),
        "median_ms": statistics.median(times),
        "p90_ms": _percentile(times, 0.9),
        "max_ms": times[-1],
        "slowest_seed": slowest,
        "solvable": wins,
        "share": wins / len(times),
        "share_ci95": (low, high),
    }


def run(deals: int = 200, par: bool = False, verbose: bool = True) -> dict[str, dict[str, Any]]:
    """Solve seeds 0..deals-1 for each goal (and best Par if ``par``); print and return
    a summary per goal."""
    report: dict[str, dict[str, Any]] = {}
    for goal in GOALS + (("par",) if par else ()):
        times: list[float] = []
        wins = 0
        slowest = (-1.0, -1)
        for seed in counted(range(deals), "deals"):
            start = new_game(seed)
            cards = [c for c in (*start.pyramid, *start.stock) if c is not None]  # all: a deal
            began = time.perf_counter()
            if goal == "par":
                won = best_par(cards, redeals=start.redeals).cleared_in_deal is not None
            else:
                won = bool(solve(cards, redeals=start.redeals, goal=goal).won)
            ms = (time.perf_counter() - began) * 1000
            times.append(ms)
            wins += won
            slowest = max(slowest, (ms, seed))
        report[goal] = _summary(times, wins, slowest[1])
        if verbose:
            _print(goal, report[goal])
    return report


def _print(goal: str, s: dict[str, Any]) -> None:
    low, high = s["share_ci95"]
    print(f"{goal:8} {s['deals']} deals: median {s['median_ms']:.1f} ms, "
          f"p90 {s['p90_ms']:.1f} ms, max {s['max_ms']:.0f} ms (seed {s['slowest_seed']}); "
          f"solvable {s['solvable']}/{s['deals']} = {s['share']:.1%} "
          f"(95% CI {low:.1%}-{high:.1%})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--par", action="store_true",
                        help="also time best_par (pyramid cleared = solvable)")
    args = parser.parse_args()
    run(args.deals, par=args.par)


if __name__ == "__main__":
    main()
