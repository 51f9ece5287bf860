"""Learn the Poker Squares line values by self-play (Monte Carlo, epsilon-greedy).

``python -m tools.train_poker_squares --scoring american --games 200000 --seed 1``
writes game/ai/data/poker_squares_<scoring>.json.gz. Each game deals 25 cards of a
deck shuffled from the seed; the player places greedily on the current values (a
random empty cell with probability epsilon, decaying to zero); after the game every
abstract line state it passed through counts its line's final category. The values
are refreshed from the counts at doubling intervals, then every ``--refresh`` games.
The same arguments always write the same file.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from pathlib import Path

from game.ai.poker_squares_lines import category, line_key, points_table
from game.ai.poker_squares_play import Position, greedy_cell
from game.ai.poker_squares_values import LineCounts, Values, data_path


def train(games: int, seed: int, scoring: str = "american", epsilon: float = 0.1,
          refresh: int = 2000, report: Callable[[int, float], None] | None = None
          ) -> LineCounts:
    """Counts learned from ``games`` seeded self-play games; ``report(game, mean)``
    is told the mean score of the games since its last call at each refresh."""
    points = points_table(scoring)
    counts = LineCounts()
    values = Values(counts.snapshot(), points)
    rng = random.Random(seed)
    next_refresh, played_score, played = 50, 0.0, 0
    for game in range(games):
        if game == next_refresh:
            values = Values(counts.snapshot(), points)
            next_refresh = min(2 * game, game + refresh)
            if report:
                report(game, played_score / max(played, 1))
            played_score, played = 0.0, 0
        explore = epsilon * (1 - game / games)
        deck = list(range(52))
        rng.shuffle(deck)
        pos = Position.start()
        visited: list[tuple[int, tuple[int, ...]]] = []
        lines = (*pos.rows, *pos.cols)
        for card in deck[:25]:
            pos.see(card)
            if rng.random() < explore:
                cell = rng.choice(pos.empties())
            else:
                cell = greedy_cell(pos, card, values.of, points)
            pos.put(cell, card)
            for index, line in enumerate(lines):
                if len(line) < 5:
                    visited.append((index, line_key(line, pos.rank_left, pos.suit_left, pos.live,
                                                    index // 5, pos.placed)))
        finals = [category(line) for line in lines]
        for index, key in visited:
            counts.record(key, finals[index])
        played_score += sum(points[f] for f in finals)
        played += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scoring", default="american", choices=("american", "english"))
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--refresh", type=int, default=2000)
    parser.add_argument("--min-visits", type=int, default=1,
                        help="leave out fine keys seen fewer times (a smaller file)")
    parser.add_argument("--out", help="write here instead of game/ai/data (to compare first)")
    args = parser.parse_args()
    started = time.perf_counter()

    def report(game: int, mean: float) -> None:
        print(f"{game:>8} games  {time.perf_counter() - started:7.1f} s  "
              f"recent mean {mean:6.2f}", flush=True)
    counts = train(args.games, args.seed, args.scoring, args.epsilon, args.refresh, report)
    path = Path(args.out) if args.out else data_path(args.scoring)
    counts.save(path, {"scoring": args.scoring, "games": args.games, "seed": args.seed,
                       "epsilon": args.epsilon, "refresh": args.refresh}, args.min_visits)
    print(f"{len(counts.fine)} fine keys, {len(counts.coarse)} coarse keys -> {path}")


if __name__ == "__main__":
    main()
