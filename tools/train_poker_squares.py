"""Learn the Poker Squares line values by self-play (Monte Carlo, epsilon-greedy).

``python -m tools.train_poker_squares --scoring american --games 1000000 --seed 1``
writes game/ai/data/poker_squares_<scoring>.json.gz. Games are played a batch at a
time in numpy (game.ai.poker_squares_batch, exactly the quick player's squares), each
deal a deck shuffled from the seed; with probability epsilon (going linearly from
``--epsilon`` to ``--epsilon-end``, zero, over the run) a card goes to a random empty
square instead. After a batch every
abstract line state passed through counts its line's final category, and the next
batch plays on values refreshed from the counts. Batches grow 50, 50, 100, ... up to
``--refresh`` games.

``--start-from PATH --keep F`` carries on from a saved table with its counts scaled
by F first (an older policy's endings weigh less), so that the means describe the
policy as it plays now. The same arguments always write the same file.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from game.ai.poker_squares_batch import (
    COL_OF,
    NO_KEY,
    ROW_OF,
    BatchRollout,
    categories,
    unpack,
)
from game.ai.poker_squares_lines import points_table
from game.ai.poker_squares_play import Position
from game.ai.poker_squares_values import Key, LineCounts, Values, data_path

LINES = np.arange(10)
# the ten lines as squares: rows 0-4, then columns
LINE_CELLS = np.array([[5 * r + c for c in range(5)] for r in range(5)]
                      + [[5 * r + c for r in range(5)] for c in range(5)])


class DictTable:
    """Packed key -> value for one batch: the strong player's hash table is built to
    last many searches; a table remade at every refresh does better with a dict."""

    def __init__(self, values: Values, keys: dict[int, tuple[Key, Key]]) -> None:
        self.values, self.keys = values, keys
        self.known: dict[int, float] = {}

    def look(self, codes: np.ndarray) -> np.ndarray:
        unique, where = np.unique(codes, return_inverse=True)
        known, of, keys = self.known, self.values.of, self.keys
        found = []
        for code in unique.tolist():
            value = known.get(code)
            if value is None:
                pair = keys.get(code)
                if pair is None:  # unpacked once for the whole run
                    pair = keys[code] = LineCounts.keys_of(unpack(code))
                value = known[code] = of(pair[0])
            found.append(value)
        return np.array(found)[where]


class ExploringRollout(BatchRollout):
    """The batch playouts with exploration and a record: after each card, the packed
    key of every line still unfinished (NO_KEY for a full one), and the squares."""

    def __init__(self, values: Values, points: Sequence[float], rng: np.random.Generator,
                 explore: float, keys: dict[int, tuple[Key, Key]]) -> None:
        super().__init__(values, points)
        self.table = DictTable(values, keys)
        self.rng, self.explore = rng, explore
        self.keys: list[np.ndarray] = []
        self.squares: list[np.ndarray] = []

    def _greedy(self, placed: int, n: np.ndarray, *state: Any) -> np.ndarray:
        """The quick player's square (or, at epsilon, a random empty one), recorded."""
        *lines, empty, card_suit, bit, count, held, left, look, points = state
        seen: list[np.ndarray] = []

        def peek(codes: np.ndarray) -> np.ndarray:
            seen.append(codes)  # the lines' keys before the card, then with it
            return look(codes)
        best = super()._greedy(placed, n, *(*lines, empty, card_suit, bit, count, held, left,
                                            peek, points))
        batch = len(n)
        wild = self.rng.random(batch) < self.explore
        if wild.any():
            pick = self.rng.random((batch, 25))
            pick[~empty] = -1.0
            best = np.where(wild, np.argmax(pick, axis=1), best)
        before = np.full((batch, 10), NO_KEY, dtype=np.int64)
        before[n < 5] = seen[0]
        after = np.full((batch, 10), NO_KEY, dtype=np.int64)
        after[n < 4] = seen[1]  # a fifth card finishes the line: nothing to record
        joined = (LINES == ROW_OF[best][:, None]) | (LINES == COL_OF[best][:, None])
        self.keys.append(np.where(joined, after, before))
        self.squares.append(best)
        return best


def final_categories(deals: np.ndarray, squares: list[np.ndarray]) -> np.ndarray:
    """[games, 10]: each line's category once the deals are placed on ``squares`` (the
    last card on the one square left)."""
    games = len(deals)
    grid = np.full((games, 25), -1, dtype=np.int64)
    rows = np.arange(games)
    for step, square in enumerate(squares):
        grid[rows, square] = deals[:, step]
    last = np.argmax(grid < 0, axis=1)
    grid[rows, last] = deals[:, len(squares)]
    lines = grid[:, LINE_CELLS]  # [games, 10, 5]
    ranks = lines >> 2
    per_rank = (ranks[..., None] == np.arange(13)).sum(axis=2)  # [games, 10, 13]
    mask = ((per_rank > 0) << np.arange(13)).sum(axis=-1)
    flush = (lines & 3 == (lines[..., :1] & 3)).all(axis=-1)
    return categories((per_rank > 0).sum(-1), per_rank.max(-1), mask, flush)


class Trainer:
    """Counts by packed key while training (tuples only once per new key)."""

    def __init__(self, start: LineCounts | None = None) -> None:
        self.counts = start or LineCounts()
        self.key_of: dict[int, tuple[Key, Key]] = {}

    def add(self, codes: np.ndarray, cats: np.ndarray, weight: int = 1) -> None:
        """Count category ``cats[i]`` ``weight`` times for key ``codes[i]``."""
        pairs, times = np.unique(codes * 16 + cats, return_counts=True)
        key_of, fine, coarse = self.key_of, self.counts.fine, self.counts.coarse
        size = len(points_table("american")) + 1
        for pair, n in zip(pairs.tolist(), (times * weight).tolist(), strict=True):
            code, cat = pair >> 4, (pair & 15) + 1
            keys = key_of.get(code)
            if keys is None:
                keys = key_of[code] = LineCounts.keys_of(unpack(code))
            for table, key in zip((fine, coarse), keys, strict=True):
                entry = table.get(key)
                if entry is None:
                    entry = table[key] = [0] * size
                entry[0] += n
                entry[cat] += n


def train(games: int, seed: int, scoring: str = "american", epsilon: float = 0.1,
          refresh: int = 2000, report: Callable[[int, float], None] | None = None,
          start: LineCounts | None = None, epsilon_end: float = 0.0, weight: int = 1,
          snapshot: Callable[[int, LineCounts], None] | None = None) -> LineCounts:
    """Counts learned from ``games`` seeded self-play games, each counting ``weight``
    times (added to ``start``'s); epsilon goes linearly from ``epsilon`` to
    ``epsilon_end``; ``report(game, mean)`` is told the mean score of each batch and
    ``snapshot(game, counts)`` is shown the counts after it (to study the run)."""
    points = points_table(scoring)
    trainer = Trainer(start)
    rng = np.random.default_rng(seed)
    game, size = 0, 50
    while game < games:
        batch = min(size, games - game)
        # the batch's epsilon: the linear decay's value at its middle game
        explore = epsilon + (epsilon_end - epsilon) * (game + batch / 2) / games
        deals = np.argsort(rng.random((batch, 52)), axis=1)[:, :25]
        # counting=False: the committed tables were learned so, and a rebuild must match
        values = Values(trainer.counts, points, counting=False)
        player = ExploringRollout(values, points, rng, explore, trainer.key_of)
        scores = player.run([Position.start()], deals, np.zeros(batch, dtype=np.int64))
        cats = final_categories(deals, player.squares)
        keys = np.stack(player.keys, axis=1)  # [games, 24 cards, 10 lines]
        cats = np.broadcast_to(cats[:, None, :], keys.shape)
        kept = keys != NO_KEY
        trainer.add(keys[kept], cats[kept], weight)
        game += batch
        if report:
            report(game, float(scores.mean()))
        if snapshot:
            snapshot(game, trainer.counts)
        size = min(2 * game, refresh)
    return trainer.counts


def scaled(counts: LineCounts, keep: float) -> LineCounts:
    """``counts`` with every category's count times ``keep``, rounded down (keys left
    with no visits are dropped; a coarse key is the sum of its fine keys again)."""
    out = LineCounts()
    for key, entry in counts.fine.items():
        cats = [int(n * keep) for n in entry[1:]]
        if sum(cats):
            out.fine[key] = [sum(cats), *cats]
            coarse = LineCounts.keys_of(key)[1]
            total = out.coarse.setdefault(coarse, [0] * len(entry))
            for i, n in enumerate(cats, 1):
                total[i] += n
            total[0] += sum(cats)
    return out


def load(path: Path) -> tuple[LineCounts, dict[str, Any]]:
    data = json.loads(gzip.decompress(path.read_bytes()))
    meta = {k: v for k, v in data.items() if k not in ("fine", "coarse", "format")}
    return LineCounts.from_json(data), meta


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scoring", default="american", choices=("american", "english"))
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--epsilon-end", type=float, default=0.0)
    parser.add_argument("--weight", type=int, default=1,
                        help="each game counts this many times (over a start's counts)")
    parser.add_argument("--refresh", type=int, default=2000)
    parser.add_argument("--start-from", help="a saved table to carry on from")
    parser.add_argument("--keep", type=float, default=1.0,
                        help="scale the start's counts by this first (0-1; rounded down, "
                        "so rare endings of rare keys are lost: --weight does not round)")
    parser.add_argument("--min-visits", type=int, default=1,
                        help="leave out fine keys seen fewer times (a smaller file)")
    parser.add_argument("--out", help="write here instead of game/ai/data (to compare first)")
    args = parser.parse_args()
    started, last = time.perf_counter(), [0.0]
    meta: dict[str, Any] = {"scoring": args.scoring, "games": args.games, "seed": args.seed,
                            "epsilon": args.epsilon, "refresh": args.refresh}
    if args.epsilon_end:
        meta["epsilon_end"] = args.epsilon_end
    if args.weight != 1:
        meta["weight"] = args.weight
    start = None
    if args.start_from:
        start, before = load(Path(args.start_from))
        if args.keep < 1:
            start = scaled(start, args.keep)
        meta["started_from"] = {"keep": args.keep, **before}
    window: list[float] = []

    def report(game: int, mean: float) -> None:
        window.append(mean)
        now = time.perf_counter() - started
        if now - last[0] > 30 or game >= args.games:
            print(f"{game:>8} games  {now:7.1f} s  recent mean "
                  f"{sum(window) / len(window):6.2f}", flush=True)
            last[0] = now
            window.clear()
    counts = train(args.games, args.seed, args.scoring, args.epsilon, args.refresh, report,
                   start, args.epsilon_end, args.weight)
    path = Path(args.out) if args.out else data_path(args.scoring)
    counts.save(path, meta, args.min_visits)
    print(f"{len(counts.fine)} fine keys, {len(counts.coarse)} coarse keys -> {path}")


if __name__ == "__main__":
    main()
