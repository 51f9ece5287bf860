"""Poker Squares players' figures: ``python -m tools.bench_poker_squares [--games N]
[--strong-games M] [--budget S] [--scorings american,english]``.

Every player under every scoring asked for, on the same seeded deals (One Hand rules):
mean, standard deviation, its 95% half-width, share of great games (200+ American,
70+ English) and speed (CPU time, fair on a busy machine, and wall time). The strong
player runs fewer games, at ``--budget`` CPU seconds a game (the published players had
30 s in Java; run that long only when you can wait).
"""

from __future__ import annotations

import argparse
import math

from game.ai.poker_squares import AGENTS
from game.ai.poker_squares_sim import simulate


def line(figures: dict) -> str:
    half = 1.96 * figures["std_score"] / math.sqrt(max(1, figures["games"]))
    share = figures["share_200"]
    cpu = figures["cpu_seconds_per_game"]
    rate = 1 / cpu if cpu else math.inf
    return (f"{figures['agent']:>7} {figures['scoring']:>9} {figures['games']:>6} games  "
            f"mean {figures['mean_score']:7.2f} +- {half:4.2f}  sd {figures['std_score']:5.1f}"
            f"  great {'-' if share is None else f'{share:.3f}'}"
            f"  cpu {cpu * 1000:9.2f} ms/game ({rate:,.0f}/s)"
            f"  wall {figures['seconds_per_game'] * 1000:9.2f} ms/game")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--strong-games", type=int, default=20)
    parser.add_argument("--budget", type=float, default=5.0,
                        help="CPU seconds a strong game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scorings", default="american,english")
    parser.add_argument("--agents", default=",".join(AGENTS))
    args = parser.parse_args(argv)
    for scoring in args.scorings.split(","):
        for agent in args.agents.split(","):
            strong = agent == "strong"
            figures = simulate(args.strong_games if strong else args.games, args.seed, agent,
                               scoring, args.budget if strong else None, keep_scores=True)
            print(line(figures), flush=True)
            if strong:
                print(paired(figures, simulate(figures["games"], args.seed, "quick", scoring,
                                               keep_scores=True)), flush=True)


def paired(strong: dict, quick: dict) -> str:
    """Strong minus quick deal by deal: luck cancels, so few games tell the gain."""
    diffs = [a - b for a, b in zip(strong["scores"], quick["scores"], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    return (f"{'':>7} {'':>9} {n:>6} games  strong - quick on the same deals: "
            f"{mean:+.2f} +- {1.96 * sd / math.sqrt(n):.2f} (quick {quick['mean_score']:.2f})")


if __name__ == "__main__":
    main()
