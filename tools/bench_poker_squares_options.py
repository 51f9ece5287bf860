"""What each Poker Squares option is worth to the computer, when it uses it: ``python -m
tools.bench_poker_squares_options [--games N] [--agent quick] [--seed S]``.

For each option, the same player on the same fresh deals with the option on, once
using it (every legal move judged, game.ai.poker_squares_moves) and once told only of
placing a dealt card, Pass and Done. One-player options (One Hand): the mean score
gained. Two-player options (Alternate): the two play each other twice a deal, each in
either seat, and the gain is the mean margin of the one using it (0 if it is worth
nothing). With the standard error of the paired difference.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Sequence
from typing import Any

from game.ai.poker_squares import make_agent
from game.ai.poker_squares_sim import play_table
from game.progress import counted
from game.rules.poker_squares import Done, Pass, Place
from tools.figures import figure

OPTIONS: dict[str, dict[str, Any]] = {
    "1 reject": {"rejects": 1},
    "1 reject (12 hands)": {"rejects": 1, "hands": 12},
    "1 reject (Make Pat Hands: pat rows)": {"rejects": 1, "scoring": "pat"},
    "1 common reject": {"common_rejects": 1},
    "cards can move": {"can_move": True},
    "stealing (Alternate)": {"mode": "alternate", "stealing": True},
    "planting (Alternate)": {"mode": "alternate", "planting": True},
    "Pass or reject (Alternate, 1 reject)": {"mode": "alternate", "rejects": 1},
}


class PlacingOnly:
    """A player that is told of no move but placing, Pass and Done."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent

    def new_game(self) -> None:
        self.agent.new_game()

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        return self.agent.act(view, [m for m in legal if isinstance(m, Place | Pass | Done)])


def gain(config: dict[str, Any], games: int, seed: int, agent: str = "quick"
         ) -> tuple[float, float]:
    """Mean gain of using the option, and its standard error, over ``games`` deals."""
    def player() -> Any:
        return make_agent(agent, playouts=64) if agent == "strong" else make_agent(agent)

    diffs: list[float] = []
    for n in counted(range(games), "deals"):
        deal = seed + n
        if config.get("mode", "one_hand") == "one_hand":
            diffs.append(play_table(config, [player()], deal)[0]
                         - play_table(config, [PlacingOnly(player())], deal)[0])
        else:
            a = play_table(config, [player(), PlacingOnly(player())], deal)
            b = play_table(config, [PlacingOnly(player()), player()], deal)
            diffs.append((a[0] - a[1] + b[1] - b[0]) / 2)
    error = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return statistics.fmean(diffs), error


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agent", default="quick", choices=("quick", "strong"))
    parser.add_argument("--only", default="", help="one option by its name in OPTIONS")
    args = parser.parse_args(argv)
    for name, config in OPTIONS.items():
        if args.only and args.only != name:
            continue
        mean, error = gain(config, args.games, args.seed, args.agent)
        print(f"{args.agent} player using {name}: {mean:+.2f} +- {error:.2f} points a game "
              f"over {args.games} deals from seed {args.seed}", flush=True)
        figure("poker_squares", f"{args.agent} player: gain from using {name}", mean,
               "points", better="higher")


if __name__ == "__main__":
    main()
