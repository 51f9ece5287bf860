"""Every game's statistics (game.stats) in one file, ``statistics.json`` in the save
folder, written atomically; a damaged one is set aside and reported and the figures
start afresh. The Giant kept its own ``milligan-stats.json`` before every game had
statistics: until The Giant's figures are first saved here, they are read from it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game import stats, storage
from game.rules.registry import GAME_BY_ID

FILE_NAME = "statistics.json"
KIND = "statistics"
VERSION = 1
OLD_FILES = {"milligan": ("milligan-stats.json", "milligan-stats")}  # game -> (name, kind)


def load(folder: Path, game: str, problems: list[str] | None = None) -> stats.Stats:
    """``game``'s statistics (empty if none are kept yet). A file whose figures cannot
    be read whole is set aside and reported, so the next save never overwrites them."""
    path = Path(folder) / FILE_NAME
    games = _read(path, KIND, "games", problems)
    if game in games:
        return _parse(path, game, games[game], problems)
    if game in OLD_FILES:
        name, kind = OLD_FILES[game]
        old = Path(folder) / name
        return _parse(old, game, _read(old, kind, "stats", problems), problems)
    return stats.Stats()


def save(folder: Path, game: str, data: stats.Stats) -> None:
    """Replace ``game``'s statistics, keeping every other game's; OSError if the file
    cannot be written."""
    path = Path(folder) / FILE_NAME
    games = _read(path, KIND, "games", None)
    storage.write_json_atomic(path, {"kind": KIND, "version": VERSION,
                                     "games": {**games, game: stats.to_json(data)}})


def _read(path: Path, kind: str, field: str, problems: list[str] | None) -> dict[str, Any]:
    result = storage.read_json(path, kind, VERSION, consequence="the statistics start again")
    if result.problem and problems is not None:
        problems.append(result.problem)
    found = result.data.get(field) if result.data is not None else None
    return found if isinstance(found, dict) else {}


def _parse(path: Path, game: str, data: object, problems: list[str] | None) -> stats.Stats:
    if not data:
        return stats.Stats()
    try:
        return stats.from_json(data)
    except ValueError as exc:
        entry = GAME_BY_ID.get(game)
        refused = storage.set_aside_reported(
            path, f"could not be read: the statistics of {entry.title if entry else game} "
            f"({exc})", "the statistics start again")
        if problems is not None and refused.problem:
            problems.append(refused.problem)
        return stats.Stats()
