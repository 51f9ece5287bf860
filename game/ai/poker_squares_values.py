"""Learned values of unfinished Poker Squares lines (after Neller and Fisher's NARL).

For every abstract line key (game.ai.poker_squares_lines.line_key) the table counts
how the line ended: visits and final categories. A value under any points table is
then the mean points of those endings, so one table serves American, English, "user"
or a custom mapping; the tables shipped were each learned by self-play under one
scoring (tools/train_poker_squares.py) and the closest one is reweighted for others.
A fine key's endings are pooled with those of the same line seen with a few more or
fewer cards in the grid (NEIGHBOURS): one card more or less elsewhere changes a line's
fate little, and the pooled means are far less noisy. A rarely seen fine key then leans
on its coarse key (shrinkage), an unseen one uses it; a coarse key likewise leans on
the line's worth by counting (game.ai.poker_squares_counted), and no value falls below
the least the line can end with.
"""

from __future__ import annotations

import gzip
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.poker_squares_counted import counted, least
from game.ai.poker_squares_lines import CATEGORIES, coarse_key, points_table
from game.rules.poker_squares_options import POINTS

DATA_DIR = Path(__file__).resolve().parent / "data"
FORMAT = 1
PRIOR = 4.0  # visits a fine key needs before its own mean outweighs its coarse key's
# Weight of the endings of the same line with 1, 2, 3 cards more or fewer in the grid (its
# own count 1). Quick on 100,000 fresh deals: no pooling 124.41; (1, 1, 0.5) +0.37 +-
# 0.15; (1, 0.75, 0.5) +0.37; (1,) +0.25; pooling six either side, -0.86 (too far).
NEIGHBOURS = (1.0, 1.0, 0.5)
Key = tuple[int, ...]


def data_path(scoring: str) -> Path:
    return DATA_DIR / f"poker_squares_{scoring}.json.gz"


@dataclass
class LineCounts:
    """Per key: [visits, count of each final category]."""

    fine: dict[Key, list[int]] = field(default_factory=dict)
    coarse: dict[Key, list[int]] = field(default_factory=dict)

    @staticmethod
    def keys_of(fine: Key) -> tuple[Key, Key]:
        """The two keys a line state counts under: its own and its coarse key."""
        return fine, coarse_key(fine)

    def record(self, fine: Key, cat: int) -> None:
        for table, key in zip((self.fine, self.coarse), self.keys_of(fine), strict=True):
            entry = table.get(key)
            if entry is None:
                entry = table[key] = [0] * (len(CATEGORIES) + 1)
            entry[0] += 1
            entry[cat + 1] += 1

    def snapshot(self) -> LineCounts:
        """A copy that later records leave alone."""
        return LineCounts({k: v[:] for k, v in self.fine.items()},
                          {k: v[:] for k, v in self.coarse.items()})

    def to_json(self, meta: dict[str, Any], min_visits: int = 1) -> dict[str, Any]:
        """Fine keys seen fewer than ``min_visits`` times are left out: their values
        lean on the coarse key anyway, and they are most of the file."""
        return {"format": FORMAT, **meta, "min_visits": min_visits,
                "fine": [[*k, "|", *v] for k, v in sorted(self.fine.items())
                         if v[0] >= min_visits],
                "coarse": [[*k, "|", *v] for k, v in sorted(self.coarse.items())]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LineCounts:
        if data.get("format") != FORMAT:
            raise ValueError("not a Poker Squares value table of this version")

        def table(rows: list[list[Any]]) -> dict[Key, list[int]]:
            out = {}
            for row in rows:
                cut = row.index("|")
                out[tuple(row[:cut])] = row[cut + 1:]
            return out
        return cls(table(data["fine"]), table(data["coarse"]))

    def save(self, path: Path, meta: dict[str, Any], min_visits: int = 1) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(self.to_json(meta, min_visits), separators=(",", ":"))
        # mtime=0: the same training run writes the same bytes
        path.write_bytes(gzip.compress(text.encode(), compresslevel=9, mtime=0))


def _total(entry: list[int], points: tuple[float, ...]) -> float:
    """Points of all the endings an entry counts."""
    return sum(n * p for n, p in zip(entry[1:], points, strict=True))


class Values:
    """Values of line keys under one points table, worked out on first use (a game
    meets a few hundred keys of the hundreds of thousands stored): a fine key's mean
    points, pooled with its neighbours', shrunk towards its coarse key's; the coarse
    key's alone for a fine key never seen. With ``counting`` a coarse key's mean is
    shrunk towards the line's counted worth (its alone when never seen) and no value
    falls below the least the line ends with; without, a coarse key never seen is
    worth 0, as when the committed tables were learned. ``counts`` must not change
    meanwhile."""

    def __init__(self, counts: LineCounts, points: tuple[float, ...],
                 counting: bool = True) -> None:
        self.counts, self.points, self.counting = counts, points, counting
        self.fine: dict[Key, float] = {}
        self.coarse: dict[Key, tuple[int, float]] = {}  # visits and total points

    def of(self, key: Key) -> float:
        value = self.fine.get(key)
        if value is None:
            value = self.fine[key] = self._fine(key)
        return value

    def _fine(self, key: Key) -> float:
        prior = self._prior(key)
        visits, total = self._pooled(key)
        value = (total + PRIOR * prior) / (visits + PRIOR) if visits else prior
        return max(value, least(key, self.points)) if self.counting else value

    def _prior(self, key: Key) -> float:
        """What ``key`` leans on: its coarse key's mean, shrunk towards the key's counted
        worth when counting (that alone for a coarse key never seen)."""
        coarse = coarse_key(key)
        seen = self.coarse.get(coarse)
        if seen is None:
            entry = self.counts.coarse.get(coarse)
            seen = self.coarse[coarse] = ((entry[0], _total(entry, self.points)) if entry
                                          else (0, 0.0))
        visits, total = seen
        if not self.counting:
            return total / visits if visits else 0.0
        return (total + PRIOR * counted(key, self.points)) / (visits + PRIOR)

    def _pooled(self, key: Key) -> tuple[float, float]:
        """Visits and total points of ``key``'s endings and, weighted, of its neighbours'
        (the same line with other counts of cards placed: the key's second field); none
        for a key never seen itself."""
        fine, points = self.counts.fine, self.points
        entry = fine.get(key)
        if entry is None:
            return 0.0, 0.0
        visits, total = float(entry[0]), _total(entry, points)
        side, placed, *rest = key
        for step, weight in enumerate(NEIGHBOURS, 1):
            for other in (placed - step, placed + step):
                near = fine.get((side, other, *rest))
                if near:
                    visits += weight * near[0]
                    total += weight * _total(near, points)
        return visits, total


_LOADED: dict[str, LineCounts] = {}
_VALUES: dict[tuple[tuple[float, ...], str], Values] = {}


def load_counts(scoring: str) -> LineCounts:
    """The committed table learned under ``scoring`` ("american" or "english")."""
    if scoring not in _LOADED:
        data = json.loads(gzip.decompress(data_path(scoring).read_bytes()))
        _LOADED[scoring] = LineCounts.from_json(data)
    return _LOADED[scoring]


def trained_scorings() -> list[str]:
    return [name for name in POINTS if data_path(name).exists()]


def nearest_trained(points: tuple[float, ...]) -> str:
    """The trained scoring whose points table points the same way (cosine)."""
    def cosine(name: str) -> float:
        other = points_table(name)
        dot = sum(a * b for a, b in zip(points, other, strict=True))
        norm = math.sqrt(sum(a * a for a in points) * sum(b * b for b in other))
        return dot / norm if norm else 0.0
    trained = trained_scorings()
    if not trained:
        raise FileNotFoundError(f"no Poker Squares value tables under {DATA_DIR}")
    return max(trained, key=cosine)


def values_for(points: tuple[float, ...], scoring: str | None = None) -> Values:
    """Values under ``points`` from the table learned under ``scoring``, by default the
    nearest trained one (cached per points and table)."""
    source = scoring or nearest_trained(points)
    if (points, source) not in _VALUES:
        _VALUES[points, source] = Values(load_counts(source), points)
    return _VALUES[points, source]
