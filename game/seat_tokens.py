"""Seat tokens kept between runs, so that a player whose program stopped (a crash, a
power cut) takes his seat back on the next Connect to the same address. One token per
table address and table id, newest first, in ``seats.json`` in the saves folder,
rewritten atomically each time a table issues one (every rejoin issues a new one).
A token is a key to a seat: it is never shown to the player."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import storage

KIND = "seat-tokens"
VERSION = 1
KEPT = 10  # tables remembered
MAX_TEXT = 80


@dataclass(frozen=True)
class KeptSeat:
    address: str  # as ``recent_tables.Address`` writes it
    table: str
    token: str
    game: str = ""  # the table's game, and its host's name once the lobby said it
    host: str = ""  # (""): this player hosts it, which the cut-off table resumes


def to_rejoin(save_dir: Path, game: str) -> KeptSeat | None:
    """The newest seat kept at someone else's ``game`` table: offered from the menu."""
    return next((s for s in load(save_dir) if s.game == game and s.host), None)


def path_in(save_dir: Path) -> Path:
    return save_dir / "seats.json"


def load(save_dir: Path, problems: list[str] | None = None) -> list[KeptSeat]:
    """The kept seats, newest first; a file we cannot read whole is set aside (said in
    ``problems``) and no seat is kept."""
    result = storage.read_parsed(path_in(save_dir), KIND, VERSION, _seats,
                                 consequence="no seats are kept")
    if result.problem and problems is not None:
        problems.append(result.problem)
    return result.value or []


def _seats(data: dict[str, Any]) -> list[KeptSeat]:
    raw = data.get("seats")
    if not isinstance(raw, list):
        raise ValueError("no seats")
    kept = []
    for item in raw[:KEPT]:
        fields = [f for k in ("address", "table", "token") if isinstance(f := item.get(k), str)] \
            if isinstance(item, dict) else []
        if not (len(fields) == 3 and all(0 < len(f) <= MAX_TEXT for f in fields)):
            raise ValueError("a seat is not one")
        said = [f for k in ("game", "host")  # files of before lack them
                if isinstance(f := item.get(k, ""), str) and len(f) <= MAX_TEXT]
        if len(said) != 2:
            raise ValueError("a seat is not one")
        kept.append(KeptSeat(*fields, *said))
    return kept


def find(save_dir: Path, address: str, problems: list[str] | None = None) -> KeptSeat | None:
    """The newest seat kept at ``address``."""
    return next((s for s in load(save_dir, problems) if s.address == address), None)


def keep(save_dir: Path, seat: KeptSeat) -> None:
    """``seat`` replaces what was kept for its table. OSError if it cannot be written."""
    _write(save_dir, [seat, *_others(save_dir, seat.address, seat.table)])


def forget(save_dir: Path, address: str, table: str) -> None:
    """The table no longer knows the seat. OSError if the file cannot be written."""
    if find(save_dir, address) is not None:
        _write(save_dir, _others(save_dir, address, table))


def forget_address(save_dir: Path, address: str) -> None:
    """Every seat kept at ``address``: a fresh table is hosted there now. OSError if
    the file cannot be written."""
    if find(save_dir, address) is not None:
        _write(save_dir, [s for s in load(save_dir) if s.address != address])


def _others(save_dir: Path, address: str, table: str) -> list[KeptSeat]:
    return [s for s in load(save_dir) if (s.address, s.table) != (address, table)]


def _write(save_dir: Path, seats: list[KeptSeat]) -> None:
    storage.write_json_atomic(path_in(save_dir), {
        "kind": KIND, "version": VERSION,
        "seats": [{"address": s.address, "table": s.table, "token": s.token,
                   "game": s.game, "host": s.host} for s in seats[:KEPT]]})
