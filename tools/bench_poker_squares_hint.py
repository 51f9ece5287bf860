"""The Poker Squares Hint in positions people make: ``python -m tools.bench_poker_squares_hint
[--positions 400] [--deals 1000] [--seconds 0.5]``.

Positions come from human-style placers (game.ai.poker_squares_styles), seeds 0 to N-1;
each choice is judged by a long playout evaluation (game.ai.poker_squares_regret). For the
learned values as they were (the Hint before issue 23), the quick player (values with
counting) and the Hint (the strong player's search, ``--seconds`` of CPU a hint): mean
regret in points, made hands of 10+ declined where free of cost, and time a choice.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from game.ai import poker_squares as ai
from game.ai.poker_squares_batch import BatchRollout
from game.ai.poker_squares_lines import int_card
from game.ai.poker_squares_regret import judge
from game.ai.poker_squares_styles import HumanPosition, human_position
from game.ai.poker_squares_values import Values, load_counts
from game.progress import counted
from tools.figures import figure as note

Chooser = Callable[[HumanPosition], int]


@dataclass
class Study:
    """One chooser's figures over a set of positions."""

    positions: int = 0
    regret: float = 0.0
    chances: int = 0
    declined: list[int] = field(default_factory=list)  # seeds of the positions
    seconds: float = 0.0

    def line(self, name: str) -> str:
        rate = len(self.declined) / self.chances if self.chances else 0.0
        return (f"{name:>22}: mean regret {self.regret / self.positions:6.3f} points over "
                f"{self.positions} positions, made hands declined {len(self.declined)} of "
                f"{self.chances} ({rate:.1%}), {self.seconds / self.positions * 1000:7.1f} "
                f"ms CPU a choice")


def study(choosers: dict[str, Chooser], seeds: Iterable[int], deals: int, seed: int = 0
          ) -> dict[str, Study]:
    """Every chooser on the positions of ``seeds``, judged on ``deals`` deals a square."""
    quick = ai.QuickAgent()
    batches = BatchRollout(quick.values, quick.points)
    rng = np.random.default_rng(seed)
    figures = {name: Study() for name in choosers}
    for n in seeds:
        position = human_position(n)
        pos = position.position()
        judged = judge(pos, position.card, batches, deals, rng)
        for name, choose in choosers.items():
            started = time.process_time()
            square = choose(position)
            done = figures[name]
            done.seconds += time.process_time() - started
            done.positions += 1
            done.regret += judged.regret(pos, square)
            done.chances += judged.chance()
            if judged.declined(pos, square):
                done.declined.append(n)
    return figures


def grid_of(position: HumanPosition) -> list[list[object]]:
    return [[None if c < 0 else int_card(c) for c in position.cells[r * 5: r * 5 + 5]]
            for r in range(5)]


def hint_chooser(seconds: float | None = None, playouts: int | None = None) -> Chooser:
    """The Hint, on CPU seconds (fair on a busy machine) or a fixed number of deals."""
    def choose(position: HumanPosition) -> int:
        kwargs = {"playouts": playouts} if playouts else {"seconds": seconds}
        row, col = ai.hint(grid_of(position), int_card(position.card),
                           clock=time.process_time, **kwargs)
        return row * 5 + col
    return choose


def quick_chooser(counting: bool = True) -> Chooser:
    """The quick player; ``counting=False``: the learned values alone, the old Hint."""
    quick = ai.QuickAgent()
    if not counting:
        quick.values = Values(load_counts("american"), quick.points, counting=False)

    def choose(position: HumanPosition) -> int:
        pos = position.position()
        return quick.choose(pos, position.card, pos.empties())
    return choose


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--deals", type=int, default=1000, help="judge's deals a square")
    parser.add_argument("--seconds", type=float, default=ai.HINT_SECONDS)
    args = parser.parse_args(argv)
    choosers = {"values as learned (old)": quick_chooser(counting=False),
                "quick": quick_chooser(),
                f"hint ({args.seconds} s)": hint_chooser(args.seconds)}
    figures = study(choosers, counted(range(args.positions), "positions"), args.deals)
    for name, result in figures.items():
        print(result.line(name), flush=True)
        note("poker_squares_hint", f"{name}: mean regret over {result.positions} positions",
             result.regret / max(1, result.positions), "pts")
        note("poker_squares_hint", f"{name}: made hands declined at no cost",
             len(result.declined), "", 0.0)


if __name__ == "__main__":
    main()
