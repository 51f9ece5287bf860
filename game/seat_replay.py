"""A network match kept through one seat's eyes: the seat messages the table sent this
machine, in order (each an observation, never the seed or another hand), with the
names at the table. A ``JsonClient`` fed them one by one shows the match again as this
seat saw it. A spectator's is kept the same way, through the public view (``SPECTATOR``:
no hand at all), its result "watched". Kept apart from the recorder's replays
(``replays/network/``): they hold no move log to seek in."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from game import storage, wallclock
from game.json_limits import is_int, is_text
from game.rules.base import SPECTATOR
from game.rules.registry import GAME_BY_ID

KIND = "seat-replay"
VERSION = 1


@dataclass(frozen=True)
class SeatReplay:
    game: str
    seat: int
    names: tuple[str, ...]
    match: int
    result: str
    date: str
    bodies: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": KIND, "version": VERSION, "game": self.game, "seat": self.seat,
                "names": list(self.names), "match": self.match, "result": self.result,
                "date": self.date, "bodies": list(self.bodies)}


def folder(save_dir: Path) -> Path:
    return storage.replay_dir(save_dir) / "network"


def write(save_dir: Path, replay: SeatReplay) -> Path:
    """Saved as ``<game>-match<k>-<YYYYmmdd-HHMMSS>.json``; OSError when it cannot be."""
    where = folder(save_dir)
    where.mkdir(parents=True, exist_ok=True)
    stamp = wallclock.now().strftime("%Y%m%d-%H%M%S")
    path = where / f"{replay.game}-match{replay.match}-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = where / f"{replay.game}-match{replay.match}-{stamp}-{n}.json"
    storage.write_json_atomic(path, replay.to_json())
    return path


def read(path: Path) -> SeatReplay:
    """The replay at ``path``; ValueError (with a reason) for anything malformed."""
    try:
        data = storage.load_json(path)
    except (OSError, storage.UnusableFile) as exc:
        raise ValueError(str(exc)) from None
    return parse(data)


def parse(data: Any) -> SeatReplay:
    """A seat replay from its JSON; ValueError (with a reason) for anything malformed."""
    if not isinstance(data, dict) or data.get("kind") != KIND or data.get("version") != VERSION:
        raise ValueError("it is not a network replay of this version")
    bodies, names = data.get("bodies"), data.get("names")
    if not (isinstance(bodies, list) and bodies and all(isinstance(b, str) for b in bodies)
            and isinstance(names, list) and all(is_text(n, 40) for n in names)
            and is_text(data.get("game"), 40) and is_int(data.get("seat"))
            and (0 <= data["seat"] < len(names) or data["seat"] == SPECTATOR)):
        raise ValueError("it is damaged")
    return SeatReplay(data["game"], data["seat"], tuple(names), int(data.get("match") or 0),
                      str(data.get("result", ""))[:80], str(data.get("date", ""))[:40],
                      tuple(bodies))


def list_replays(save_dir: Path, problems: list[str] | None = None) -> list[storage.ReplayInfo]:
    """The network replays kept under ``save_dir``, as the replay list shows them. A
    damaged one is set aside (renamed .bad-...) with a sentence in ``problems``."""
    where = folder(save_dir)
    if not where.is_dir():
        return []
    found: list[storage.ReplayInfo] = []
    for path in sorted(where.glob("*.json")):
        if path.name.startswith("."):
            continue
        loaded = storage.read_parsed(path, KIND, VERSION,
                                     partial(_listed, path),
                                     consequence="it is not listed")
        if loaded.value is not None:
            found.append(loaded.value)
        elif loaded.problem and problems is not None:
            problems.append(loaded.problem)
    return found


def _listed(path: Path, data: Any) -> storage.ReplayInfo:
    return info(path, parse(data))


def info(path: Path, replay: SeatReplay) -> storage.ReplayInfo:
    outcome = replay.result if replay.result in storage.OUTCOMES else \
        "watched" if replay.seat == SPECTATOR else "lost"
    table, score = last_words(replay)
    return storage.ReplayInfo(path=path, game=replay.game,
                              date=storage.replay_date(path, replay.date),
                              moves=len(replay.bodies) - 1, result=replay.result,
                              outcome=outcome, names=replay.names, network=True,
                              table=table, score=score)


def last_words(replay: SeatReplay) -> tuple[str, str]:
    """The table's words (its mode, its target) and the points at the end, from the last
    seat message; ("", "") for what cannot be read (a list never fails on it)."""
    try:
        last = json.loads(replay.bodies[-1])
        config, scores = last["config"], last["observation"]["scores"]
        table = " \u00b7 ".join(GAME_BY_ID[replay.game].table_words(config))
        score = "\u2013".join(f"{s:g}" for s in scores)
    except (ValueError, LookupError, TypeError):
        return "", ""
    return table, score
