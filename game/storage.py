"""Files on disk: saves written atomically, damaged files set aside, never lost.

Every file we write is a JSON object starting ``{"kind": ..., "version": ...}``.
A file that cannot be used is renamed to ``<name>.bad-<YYYYmmdd-HHMMSS>`` (never
deleted, never overwriting an earlier one) so the player can still recover it,
and the caller gets a sentence to show instead of an exception.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from game.replay.recorder import FORMAT as REPLAY_KIND
from game.replay.recorder import FORMAT_VERSION as REPLAY_VERSION

REPO_ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True, slots=True)
class LoadResult:
    data: dict[str, Any] | None  # None if missing or unusable
    problem: str | None = None  # a sentence for the player, or None
    set_aside: Path | None = None  # where an unusable file went


@dataclass(frozen=True, slots=True)
class ReplayInfo:
    path: Path
    game: str
    date: datetime  # local time, naive: meta "date" if readable, else the file's mtime
    moves: int
    result: str  # meta "result", "" if none


def save_dir(override: str | Path | None = None) -> Path:
    """The folder for settings and saves (``--save-dir`` overrides it); created if needed."""
    path = Path(override).expanduser() if override else REPO_ROOT / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def replay_dir(root: str | Path) -> Path:
    path = Path(root) / "replays"
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_json_atomic(path: str | Path, data: Any) -> None:
    """Write ``data`` so that ``path`` holds either the old file or the whole new one."""
    path = Path(path)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"  # fails before touching disk
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        # mkstemp makes the file private (0600); keep an existing file's mode instead.
        os.chmod(tmp_name, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable; not possible on every platform, so best effort."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_json(path: str | Path, kind: str, version: int, *,
              consequence: str = "defaults are used") -> LoadResult:
    """Load a file we wrote. Missing: no data, no problem. Unusable (unreadable, not
    JSON, wrong kind, newer version): set aside, with ``problem`` saying so and ending
    with ``consequence``. Older versions are returned for the caller to upgrade."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return LoadResult(None)
    except OSError as exc:
        return _set_aside(path, f"could not be read ({exc.strerror or exc})", consequence)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return _set_aside(path, "was damaged", consequence)
    reason = _wrong_header(data, kind, version)
    if reason:
        return _set_aside(path, reason, consequence)
    return LoadResult(data)


def _wrong_header(data: Any, kind: str, version: int) -> str | None:
    if not isinstance(data, dict):
        return "was damaged"
    # Replays carry "format" (the recorder's name for it) as well; "kind" wins if both.
    found = data.get("kind", data.get("format"))
    if found != kind:
        return f"is not a {kind} file"
    found_version = data.get("version")
    if not isinstance(found_version, int) or isinstance(found_version, bool) or found_version < 1:
        return "was damaged"
    if found_version > version:
        return "was written by a newer version of the game"
    return None


def _set_aside(path: Path, reason: str, consequence: str) -> LoadResult:
    try:
        target = set_aside(path)
    except OSError as exc:
        return LoadResult(None, f"{path.name} {reason} and could not be set aside "
                                f"({exc.strerror or exc}); {consequence}.")
    return LoadResult(None, f"{path.name} {reason} and has been set aside as {target.name}; "
                            f"{consequence}.", target)


def set_aside(path: str | Path, now: datetime | None = None) -> Path:
    """Rename ``path`` to ``<name>.bad-<timestamp>[-n]``, never replacing an existing file."""
    path = Path(path)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n > 1 else ""))
        if target.exists():
            continue
        try:  # link fails if the target appeared meanwhile, unlike a POSIX rename
            os.link(path, target)
        except FileExistsError:
            continue
        except OSError:  # no hard links here (e.g. FAT): rename after the exists check
            os.rename(path, target)
            return target
        path.unlink()
        return target
    raise FileExistsError(f"too many set-aside copies of {path.name}")


# -- replays ---------------------------------------------------------------------------

def write_replay(folder: str | Path, replay: dict[str, Any], now: datetime | None = None) -> Path:
    """Save a recorder's ``to_json()`` as ``<game>-<YYYYmmdd-HHMMSS>.json`` in ``folder``."""
    folder = Path(folder)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    game = "".join(c for c in str(replay.get("game", "game")) if c.isalnum() or c in "-_")
    path = folder / f"{game or 'game'}-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{game or 'game'}-{stamp}-{n}.json"
    write_json_atomic(path, {"kind": REPLAY_KIND, **replay})
    return path


def list_replays(folder: str | Path, problems: list[str] | None = None) -> list[ReplayInfo]:
    """The replays in ``folder``, newest first. Unusable files are skipped and set aside;
    a sentence for each is appended to ``problems`` if given."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    found: list[ReplayInfo] = []
    for path in sorted(folder.glob("*.json")):
        if path.name.startswith("."):
            continue
        result = read_json(path, REPLAY_KIND, REPLAY_VERSION, consequence="it is not listed")
        if result.data is not None:
            info = _replay_info(path, result.data)
            if info is not None:
                found.append(info)
                continue
            result = _set_aside(path, "was damaged", "it is not listed")
        if result.problem and problems is not None:
            problems.append(result.problem)
    found.sort(key=lambda r: (r.date, r.path.name), reverse=True)
    return found


def _replay_info(path: Path, data: dict[str, Any]) -> ReplayInfo | None:
    game, moves, meta = data.get("game"), data.get("moves"), data.get("meta", {})
    if not isinstance(game, str) or not isinstance(moves, list) or not isinstance(meta, dict):
        return None
    result = meta.get("result")
    return ReplayInfo(path=path, game=game, date=_replay_date(path, meta.get("date")),
                      moves=len(moves), result="" if result is None else str(result))


def _replay_date(path: Path, text: Any) -> datetime:
    if isinstance(text, str):
        try:
            date = datetime.fromisoformat(text)
        except ValueError:
            pass
        else:  # compare everything as naive local time
            return date.astimezone().replace(tzinfo=None) if date.tzinfo else date
    try:
        return datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        return datetime.min
