"""Files on disk: saves written atomically, damaged files set aside, never lost.

Every file we write is a JSON object starting ``{"kind": ..., "version": ...}``.
A file that cannot be used is renamed to ``<name>.bad-<YYYYmmdd-HHMMSS>`` (never
deleted, never overwriting an earlier one) so the player can still recover it,
and the caller gets a sentence to show instead of an exception.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, Generic, TypeVar

from game import wallclock
from game.json_limits import MAX_INT, is_text
from game.replay.recorder import FORMAT as REPLAY_KIND
from game.replay.recorder import FORMAT_VERSION as REPLAY_VERSION
from game.replay.recorder import replay_problem

REPO_ROOT = Path(__file__).resolve().parents[1]
MAX_FILE_BYTES = 16 * 2**20  # far above any save (a long replay is ~20 KB); bounds memory
# write_json_atomic's temporary files: "." + name + "." + mkstemp's 8 characters + ".tmp"
TEMP_NAME = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
STALE_SECONDS = 60.0  # a write takes milliseconds; a younger file may be another copy's


@dataclass(frozen=True, slots=True)
class LoadResult:
    data: dict[str, Any] | None  # None if missing or unusable
    problem: str | None = None  # a sentence for the player, or None
    set_aside: Path | None = None  # where an unusable file went


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Parsed(Generic[T]):
    """What ``read_parsed`` made of a file: the value, or None with the reason said."""

    value: T | None  # None if missing or unusable
    problem: str | None = None
    set_aside: Path | None = None


@dataclass(frozen=True, slots=True)
class ReplayInfo:
    path: Path
    game: str
    date: datetime  # local time, naive: meta "date" if readable, else the file's mtime
    moves: int
    result: str  # meta "result", "" if none
    outcome: str  # "won" | "lost" | "drawn" | "abandoned" | "watched" (a spectator's)
    names: tuple[str, ...] = ()  # the players, seat by seat ("" where a replay did not say)
    network: bool = False  # a network match through one seat's eyes (game.seat_replay)
    score: str = ""  # the scores in words ("80-72"; "" for a game left unfinished, or an
    # old replay)
    mode: str = ""  # the rules it was played under ("" in a replay from before)
    table: str = ""  # a network table's words ("Race", "to 25 points")


class SaveDirError(Exception):
    """The save folder cannot be used; the message is one line for the player."""


def save_dir(override: str | Path | None = None, problems: list[str] | None = None) -> Path:
    """The folder for settings and saves, created if needed. ``--save-dir`` (``override``)
    is the player's own choice: if it cannot be a folder (a file is there, say) we refuse
    with SaveDirError rather than move their file. The default ``saves/`` is ours, so a
    file in its way is damage: it is set aside like any damaged file (a sentence is
    appended to ``problems``). SaveDirError if the folder still cannot be made."""
    if not override:
        path = _folder(REPO_ROOT / "saves", problems)
        if not path.is_dir():
            raise SaveDirError(f"The save folder {path} could not be made.")
        return path
    try:
        path = Path(override).expanduser()
        path.mkdir(parents=True, exist_ok=True)
    except RuntimeError as exc:  # "~user/..." with no such user
        raise SaveDirError(f"--save-dir {override} cannot be used ({exc}).") from None
    except OSError as exc:
        if path.exists() and not path.is_dir():
            raise SaveDirError(f"--save-dir {override} is a file; "
                               "give a folder (it is made if missing).") from None
        raise SaveDirError(f"--save-dir {override} cannot be used as a folder "
                           f"({exc.strerror or exc}).") from None
    return path


def replay_dir(root: str | Path, problems: list[str] | None = None) -> Path:
    """``root/replays``, made if possible; never raises (callers that write there handle
    the OSError of the write, and a missing folder lists no replays)."""
    return _folder(Path(root) / "replays", problems)


def _folder(path: Path, problems: list[str] | None) -> Path:
    """Make the folder ``path``, setting aside a file (or a dangling link) in its way."""
    try:
        if os.path.lexists(path) and not path.is_dir():
            target = set_aside(path)
            if problems is not None:
                problems.append(f"A file named {path.name} was where the {path.name} folder "
                                f"belongs; it has been set aside as {target.name}.")
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if problems is not None:
            problems.append(f"The folder {path} could not be made ({exc.strerror or exc}).")
    return path


def remove_stale_temp_files(folder: str | Path, now: float | None = None) -> list[Path]:
    """Delete what interrupted ``write_json_atomic`` calls left in ``folder`` (files named
    ``.<name>.XXXXXXXX.tmp``); returns them. Files younger than a minute are left alone:
    another copy of the game may be writing them right now."""
    removed: list[Path] = []
    limit = (wallclock.timestamp() if now is None else now) - STALE_SECONDS
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        path = Path(folder) / name
        if not TEMP_NAME.fullmatch(name):
            continue
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and info.st_mtime < limit:
                path.unlink()
                removed.append(path)
        except OSError:
            continue  # gone already, or not ours to delete: try again next start
    return removed


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
        data = load_json(path)
    except FileNotFoundError:
        return LoadResult(None)
    except UnusableFile as exc:
        return set_aside_reported(path, str(exc), consequence)
    reason = _wrong_header(data, kind, version)
    if reason:
        return set_aside_reported(path, reason, consequence)
    return LoadResult(data)


# What a parser may raise for data that is not what it wrote: hostile data can trip
# any of these, and a file that cannot be read whole is set aside, not a crash.
PARSE_ERRORS = (ValueError, TypeError, LookupError, ArithmeticError)


def read_parsed(path: str | Path, kind: str, version: int,
                parse: Callable[[dict[str, Any]], T], *, consequence: str) -> Parsed[T]:
    """``read_json``, then ``parse`` (which raises ValueError with a reason for data it
    cannot use): a file that cannot be read whole is set aside and reported, so that the
    next save never overwrites what the player had."""
    result = read_json(path, kind, version, consequence=consequence)
    if result.data is None:
        return Parsed(None, result.problem, result.set_aside)
    try:
        return Parsed(parse(result.data))
    except PARSE_ERRORS as exc:
        refused = set_aside_reported(Path(path), f"could not be read ({exc})", consequence)
        return Parsed(None, refused.problem, refused.set_aside)


class UnusableFile(Exception):
    """A file that is there but cannot be read as JSON; the message completes a sentence
    that starts with the file's name ("... was damaged")."""


def load_json(path: str | Path) -> Any:
    """Parse the JSON file at ``path`` within read_json's limits, changing nothing on
    disk. FileNotFoundError if it is missing, UnusableFile (with a reason) otherwise."""
    try:
        raw = _read_file(Path(path))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UnusableFile(f"could not be read ({exc.strerror or exc})") from None
    try:
        return json.loads(raw.decode("utf-8"), parse_int=_bounded_int,
                          parse_float=_bounded_float, parse_constant=_no_constant)
    except OutOfRange:
        raise UnusableFile("holds a number out of range") from None
    # ValueError covers bad UTF-8, bad JSON and NaN; RecursionError deep nesting;
    # MemoryError whatever else is too big.
    except (ValueError, RecursionError, MemoryError):
        raise UnusableFile("was damaged") from None


def _read_file(path: Path) -> bytes:
    # stat first: opening a named pipe would wait forever for a writer
    mode = path.stat().st_mode
    if stat.S_ISDIR(mode):
        raise UnusableFile("is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise UnusableFile("is not a regular file")
    with path.open("rb") as handle:
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise UnusableFile(f"is larger than {MAX_FILE_BYTES // 2**20} MB")
    return raw


class OutOfRange(ValueError):
    """A number in a file beyond what any of our fields holds."""


# Every number in every file we read is bounded here, once: no field holds more than a
# signed 64-bit integer, so nothing done with one later (float(), a percentage, a sum,
# drawing it) can overflow. Each file's own parser checks its fields' narrower ranges.
def _bounded_int(text: str) -> int:
    if len(text) > 20:  # refused before int() turns thousands of digits into a number
        raise OutOfRange(text[:20])
    value = int(text)
    if not -MAX_INT <= value <= MAX_INT:
        raise OutOfRange(text)
    return value


def _bounded_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_INT:
        raise OutOfRange(text[:20])
    return value


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number we write")


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


def set_aside_reported(path: Path, reason: str, consequence: str) -> LoadResult:
    """Set ``path`` aside; the sentence says why (``reason``) and what follows."""
    try:
        target = set_aside(path)
    except OSError as exc:
        return LoadResult(None, f"{path.name} {reason} and could not be set aside "
                                f"({exc.strerror or exc}); {consequence}.")
    return LoadResult(None, f"{path.name} {reason} and has been set aside as {target.name}; "
                            f"{consequence}.", target)


def set_aside(path: str | Path, now: datetime | None = None) -> Path:
    """Rename ``path`` (a file, a link or a folder) to ``<name>.bad-<timestamp>[-n]``,
    never replacing an existing file."""
    path = Path(path)
    stamp = (now or wallclock.now()).strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n > 1 else ""))
        if os.path.lexists(target):
            continue
        if path.is_dir() and not path.is_symlink():  # a folder cannot be hard-linked
            os.rename(path, target)
            return target
        try:  # link fails if the target appeared meanwhile, unlike a POSIX rename
            os.link(path, target, follow_symlinks=False)
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
    stamp = (now or wallclock.now()).strftime("%Y%m%d-%H%M%S")
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
        result = read_parsed(path, REPLAY_KIND, REPLAY_VERSION,
                             partial(_replay_info, path),
                             consequence="it is not listed")
        if result.value is not None:
            found.append(result.value)
        elif result.problem and problems is not None:
            problems.append(result.problem)
    found.sort(key=lambda r: (r.date, r.path.name), reverse=True)
    return found


def _replay_info(path: Path, data: dict[str, Any]) -> ReplayInfo:
    """What the list shows; ValueError if the file is not a well-formed replay. One the
    viewer cannot open (say, from a newer version) is still listed. The result is
    drawn as text: anything but short text is left blank."""
    problem = replay_problem(data)
    if problem is not None:
        raise ValueError(problem)
    game, moves, meta = data["game"], data["moves"], data.get("meta", {})
    result = meta_text(meta.get("result"), 40)
    players = meta.get("players")
    names = tuple(meta_text(n, 40) for n in players[:16]) if isinstance(players, list) else ()
    return ReplayInfo(path=path, game=game, date=replay_date(path, meta.get("date")),
                      moves=len(moves), result=result,
                      outcome=_outcome(meta.get("outcome"), result), names=names,
                      score=meta_text(meta.get("score"), 120),
                      mode=meta_text(meta.get("mode"), 120))


def meta_text(value: Any, longest: int) -> str:
    """What a replay's meta says, drawn as text: anything but short text is blank."""
    return value if is_text(value, longest) else ""


OUTCOMES = ("won", "lost", "drawn", "abandoned")


def _outcome(stored: Any, result: str) -> str:
    """How the game ended; replays from before "outcome" was stored are read from
    their result line."""
    if stored in OUTCOMES:
        return stored
    if result.lower() == "abandoned":
        return "abandoned"
    return "won" if "won" in result.lower() else "lost"


def replay_date(path: Path, text: Any) -> datetime:
    if is_text(text, 40):
        try:  # compare everything as naive local time; year 1 or 9999 may not convert
            date = datetime.fromisoformat(text)
            return date.astimezone().replace(tzinfo=None) if date.tzinfo else date
        except (ValueError, OverflowError, OSError):
            pass
    try:
        return datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError, OverflowError):
        return datetime.min
