"""The table this machine hosts, kept so that it can be resumed after a crash. The server
saves the table itself after every move (persist.py, under ``net-tables/``); beside it,
``hosting.json`` notes where it listened, so that the others' kept seats (found by
address) still fit when it listens there again. A table closed in good order is
discarded: only a crash leaves one behind."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from game import storage

KIND = "hosting"
VERSION = 1


@dataclass(frozen=True)
class HostedNote:
    game: str
    port: int
    lan: bool  # listening on the network (else this machine only)
    name: str  # the host's name at the table


def table_dir(save_dir: Path) -> Path:
    return save_dir / "net-tables"


def _note_path(save_dir: Path) -> Path:
    return save_dir / "hosting.json"


def note(save_dir: Path, hosted: HostedNote) -> None:
    """Written atomically; OSError when it cannot be (the table is then not resumable)."""
    storage.write_json_atomic(_note_path(save_dir), {
        "kind": KIND, "version": VERSION, "game": hosted.game, "port": hosted.port,
        "lan": hosted.lan, "name": hosted.name})


def find(save_dir: Path, game: str, problems: list[str] | None = None) -> HostedNote | None:
    """The ``game`` table a crash cut off here, if its note and its table file are both
    there and sound (a note we cannot read is set aside, said in ``problems``)."""
    result = storage.read_json(_note_path(save_dir), KIND, VERSION,
                               consequence="no table is offered for resuming")
    if result.problem and problems is not None:
        problems.append(result.problem)
    data = result.data or {}
    port, lan, name = data.get("port"), data.get("lan"), data.get("name")
    if data.get("game") != game or not isinstance(port, int) or not 0 < port < 65536 \
            or not isinstance(lan, bool) or not isinstance(name, str) or len(name) > 24:
        return None
    if not any(table_dir(save_dir).glob("*.json")):
        return None
    return HostedNote(game, port, lan, name)


def discard(save_dir: Path) -> None:
    """The hosted table is over (closed in good order, or not wanted back)."""
    for path in [*table_dir(save_dir).glob("*.json"), _note_path(save_dir)]:
        with contextlib.suppress(OSError):
            path.unlink()
