"""Hostile save folders: the files the game keeps, damaged the ways files get damaged
(cut short, garbage, numbers too long for a float, values of the wrong type, text too
long, nesting too deep, a folder or a looping link where a file belongs), a few at
once. The fuzzer damages its save folder at the start of some rounds and starts the
game again, as a player whose disk misbehaved would."""

from __future__ import annotations

import json
import os
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.rules.registry import playable

# What the game reads that may not be there yet (what is there is damaged as well).
KEPT = ("settings.json", "seats.json", "network.json", "hosting.json",
        "milligan-stats.json", "draw-poker-stats.json", "poker-squares-tournament.json",
        "pyramid-tournament.json", "pyramid-top10.json", "replays", "net-tables")
MOST_DAMAGED = 4  # files at once
HUGE = 10**400  # valid JSON, no float can hold it
LONG = "\u2660" * 100_000


def damage(folder: Path, rng: random.Random) -> str:
    """Damage a few of ``folder``'s files (and files the game would read); what was done,
    for the reproduction log."""
    there = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                   if p.is_file() and not p.is_symlink())
    wanted = {*KEPT, *(f"autosave-{e.id}.json" for e in playable())}
    names = sorted({*there, *(n for n in wanted if not (folder / n).is_dir())})
    done = []
    for name in rng.sample(names, rng.randint(1, MOST_DAMAGED)):
        kind, hurt = rng.choice(HURTS)
        path = folder / name
        old = _old(path) if name in there else None
        clear(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        hurt(path, rng, old)
        done.append(f"{name} ({kind})")
    return "damaged " + ", ".join(done)


def _old(path: Path) -> Any:
    """The file's JSON, or None: it may be damaged already (too deep, say)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None


def clear(path: Path) -> None:
    """Remove whatever is at ``path``: a file, a link or a folder."""
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


# -- the damage ------------------------------------------------------------------------------
# Each writes ``path`` from the old content (parsed JSON, or None: there was none).

def _cut_short(path: Path, rng: random.Random, old: Any) -> None:
    text = json.dumps(old if old is not None else {"kind": "settings", "version": 1})
    path.write_text(text[:rng.randrange(len(text))], encoding="utf-8")


def _garbage(path: Path, rng: random.Random, old: Any) -> None:
    path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randint(0, 600))))


def _not_an_object(path: Path, rng: random.Random, old: Any) -> None:
    path.write_text(rng.choice(("[]", "null", '"text"', "1e999", "NaN", "{}", "")),
                    encoding="utf-8")


def _too_deep(path: Path, rng: random.Random, old: Any) -> None:
    depth = rng.choice((1_000, 100_000))
    path.write_text('{"kind": ' + "[" * depth + "]" * depth + "}", encoding="utf-8")


def _a_folder(path: Path, rng: random.Random, old: Any) -> None:
    path.mkdir()
    (path / "inside.json").write_text("{}", encoding="utf-8")


def _a_loop(path: Path, rng: random.Random, old: Any) -> None:
    os.symlink(path.name, path)  # a link to itself: every open fails


def _changed(change: Callable[[Any, random.Random], Any]) -> Callable[..., None]:
    """Damage that keeps the file's shape: ``change`` is applied to its values."""
    def hurt(path: Path, rng: random.Random, old: Any) -> None:
        path.write_text(json.dumps(_walk(old if old is not None else {}, change, rng)),
                        encoding="utf-8")
    return hurt


def _walk(value: Any, change: Callable[[Any, random.Random], Any], rng: random.Random
          ) -> Any:
    if isinstance(value, dict):
        return {k: _walk(v, change, rng) for k, v in value.items()
                if k in ("kind", "version") or rng.random() > 0.05}  # a key lost now and then
    if isinstance(value, list):
        return [_walk(v, change, rng) for v in value]
    return change(value, rng) if rng.random() < 0.5 else value


def _huge(value: Any, rng: random.Random) -> Any:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    return rng.choice((HUGE, -HUGE, 2**63, -1))


def _wrong_type(value: Any, rng: random.Random) -> Any:
    return rng.choice((None, "7", [], {}, True, 1.5, -3))


def _long(value: Any, rng: random.Random) -> Any:
    return LONG if isinstance(value, str) else value


HURTS: tuple[tuple[str, Callable[[Path, random.Random, Any], None]], ...] = (
    ("cut short", _cut_short), ("garbage", _garbage), ("not an object", _not_an_object),
    ("nested too deep", _too_deep), ("a folder", _a_folder), ("a looping link", _a_loop),
    ("numbers too big", _changed(_huge)), ("wrong types", _changed(_wrong_type)),
    ("text too long", _changed(_long)),
)
