"""Time the poker hand evaluator beside ``treys`` on the same hands, in the same run:
``python -m tools.bench_hands [--hands N]``.

treys is installed into this interpreter's environment if missing (it is a bench
tool, not a dependency); if that fails, the comparison is skipped with a message.
Both evaluators also rank the sample the same way, or the bench says so.
"""

from __future__ import annotations

import argparse
import importlib
import random
import subprocess
import sys
import time
from collections.abc import Callable
from itertools import combinations
from typing import Any

from game.cards import full_deck
from game.rules.hands import category, evaluate
from game.rules.poker_squares import score_grid
from tools.figures import figure

TARGET = 3.0  # at least this many times treys' speed
ROUNDS = 7


def _treys() -> Any | None:
    try:
        return importlib.import_module("treys")
    except ImportError:
        pass
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "treys"],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(f"treys could not be installed, comparison skipped: {done.stderr.strip()[-200:]}")
        return None
    importlib.invalidate_caches()
    return importlib.import_module("treys")


def _best_of(runs: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def _sample(count: int, seed: int = 8) -> list[list[Any]]:
    rng = random.Random(seed)
    deck = full_deck()
    return [rng.sample(deck, 5) for _ in range(count)]


def compare(hands: list[list[Any]], treys: Any) -> None:
    as_treys = [[treys.Card.new(c.code[0] + c.suit.lower()) for c in h] for h in hands]
    ranker = treys.Evaluator()
    # Rounds interleave the three, so a busy machine slows them alike; best of each.
    ours = public = core = float("inf")
    for _ in range(ROUNDS):
        ours = min(ours, _best_of(1, lambda: [evaluate(h) for h in hands]))
        public = min(public, _best_of(1, lambda: [ranker.evaluate(h[:2], h[2:])
                                                  for h in as_treys]))
        core = min(core, _best_of(1, lambda: [ranker._five(h) for h in as_treys]))
    theirs = min(public, core)
    n = len(hands)
    print(f"evaluate: {n / ours / 1e6:.2f} M hands/s ({ours / n * 1e9:.0f} ns a hand)")
    print(f"treys:    {n / public / 1e6:.2f} M hands/s evaluate(), "
          f"{n / core / 1e6:.2f} M hands/s its 5-card core")
    ratio = theirs / ours
    verdict = "ok" if ratio >= TARGET else f"BELOW the {TARGET:.0f}x target"
    print(f"speed-up: {public / ours:.1f}x over treys' evaluate(), {ratio:.1f}x over its "
          f"core ({verdict})")
    figure("hands", "evaluate: speed over treys' 5-card core", ratio, "x", TARGET, "higher",
           "treys")
    # treys: 1 is the best hand; ours: higher is better. The orders must match.
    pairs = sorted({(ranker._five(t), int(evaluate(h))) for h, t in zip(hands, as_treys,
                                                                          strict=True)})
    agree = all(a[1] > b[1] for a, b in zip(pairs, pairs[1:], strict=False))
    print(f"same order as treys on {n} hands: {'yes' if agree else 'NO'}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000)
    args = parser.parse_args(argv)
    hands = _sample(args.hands)
    treys = _treys()
    if treys is not None:
        compare(hands, treys)
    else:
        seconds = _best_of(3, lambda: [evaluate(h) for h in hands])
        print(f"evaluate: {len(hands) / seconds / 1e6:.2f} M hands/s")
    partial = [h[: i % 5] for i, h in enumerate(hands)]
    seconds = _best_of(3, lambda: [category(h) for h in partial])
    print(f"category of 0-4 cards: {len(partial) / seconds / 1e6:.2f} M hands/s")
    started = time.perf_counter()
    distinct = len(set(map(evaluate, combinations(full_deck(), 5))))
    print(f"all 2,598,960 hands: {time.perf_counter() - started:.2f} s, {distinct} values")
    grids = [[deal[r * 5:r * 5 + 5] for r in range(5)]
             for deal in (random.Random(s).sample(full_deck(), 25) for s in range(2000))]
    seconds = _best_of(3, lambda: [score_grid(g, diagonals=True) for g in grids])
    print(f"score_grid (12 hands): {len(grids) / seconds:,.0f} grids/s")


if __name__ == "__main__":
    main()
