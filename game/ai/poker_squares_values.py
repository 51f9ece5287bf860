"""Learned values of unfinished Poker Squares lines (after Neller and Fisher's NARL).

For every abstract line key (game.ai.poker_squares_lines.line_key) the table counts
how the line ended: visits and final categories. A value under any points table is
then the mean points of those endings, so one table serves American, English, "user"
or a custom mapping; the tables shipped were each learned by self-play under one
scoring (tools/train_poker_squares.py) and the closest one is reweighted for others.
A rarely seen fine key leans on its coarse key (shrinkage), an unseen one uses it.
"""

from __future__ import annotations

import gzip
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.poker_squares_lines import CATEGORIES, coarse_key, points_table
from game.rules.poker_squares_options import POINTS

DATA_DIR = Path(__file__).resolve().parent / "data"
FORMAT = 1
PRIOR = 4.0  # visits a fine key needs before its own mean outweighs its coarse key's
Key = tuple[int, ...]


def data_path(scoring: str) -> Path:
    return DATA_DIR / f"poker_squares_{scoring}.json.gz"


@dataclass
class LineCounts:
    """Per key: [visits, count of each final category]."""

    fine: dict[Key, list[int]] = field(default_factory=dict)
    coarse: dict[Key, list[int]] = field(default_factory=dict)

    def record(self, fine: Key, cat: int) -> None:
        for table, key in ((self.fine, fine), (self.coarse, coarse_key(fine))):
            entry = table.get(key)
            if entry is None:
                entry = table[key] = [0] * (len(CATEGORIES) + 1)
            entry[0] += 1
            entry[cat + 1] += 1

    def values(self, points: tuple[float, ...]) -> Values:
        """Mean points per key under ``points``, fine keys shrunk towards their coarse
        key."""
        coarse = {key: _mean(entry, points) for key, entry in self.coarse.items()}
        fine = {}
        for key, entry in self.fine.items():
            prior = coarse.get(coarse_key(key), 0.0)
            total = sum(n * p for n, p in zip(entry[1:], points, strict=True))
            fine[key] = (total + PRIOR * prior) / (entry[0] + PRIOR)
        return Values(fine, coarse, points)

    def to_json(self, meta: dict[str, Any]) -> dict[str, Any]:
        return {"format": FORMAT, **meta,
                "fine": [[*k, "|", *v] for k, v in sorted(self.fine.items())],
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

    def save(self, path: Path, meta: dict[str, Any]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(self.to_json(meta), separators=(",", ":"))
        # mtime=0: the same training run writes the same bytes
        path.write_bytes(gzip.compress(text.encode(), compresslevel=9, mtime=0))


def _mean(entry: list[int], points: tuple[float, ...]) -> float:
    return sum(n * p for n, p in zip(entry[1:], points, strict=True)) / entry[0]


@dataclass(frozen=True)
class Values:
    """Frozen values for one points table: what the players look up."""

    fine: dict[Key, float]
    coarse: dict[Key, float]
    points: tuple[float, ...]

    def of(self, key: Key) -> float:
        value = self.fine.get(key)
        if value is None:
            value = self.coarse.get(coarse_key(key), 0.0)
        return value


_LOADED: dict[str, LineCounts] = {}
_VALUES: dict[tuple[float, ...], Values] = {}


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


def values_for(points: tuple[float, ...]) -> Values:
    """Values under ``points`` from the nearest trained table (cached per table)."""
    if points not in _VALUES:
        _VALUES[points] = load_counts(nearest_trained(points)).values(points)
    return _VALUES[points]
