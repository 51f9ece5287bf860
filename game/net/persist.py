"""Tables on disk, so that a server that stops (or crashes) can carry on: each table is
written atomically after every move, as a replay (the recorder's JSON) plus who holds
each seat (names, kinds, token hashes: never a token), and once more when a match ends
(no replay then: a table back from the pause between matches deals the next one, never
the finished one again). The file is the server's own; it holds the seed and every
hand, so it never goes to a client."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from game import storage
from game.json_limits import is_int, is_text
from game.net import runtime
from game.net.protocol import MAX_CHAT, MAX_NAME, Chat
from game.net.table import MatchResult, Table, TableOptions, TableSeat
from game.replay.recorder import Recorder, ReplayError
from game.rules.base import SPECTATOR
from game.rules.registry import RULES_BY_ID
from game.storage import write_json_atomic

FORMAT = "card-parlour-net-table"
VERSION = 1
KINDS = ("open", "human", "computer")

log = logging.getLogger(__name__)


def record(table: Table) -> dict[str, Any]:
    session = table.session
    return {
        "format": FORMAT, "version": VERSION, "table": table.id,
        "options": asdict(table.options), "host": table.host, "match": table.match,
        "totals": list(table.totals), "results": [asdict(r) for r in table.results],
        "seats": [{"kind": s.kind, "name": s.name, "level": s.level,
                   "token_hash": s.token_hash} for s in table.seats],
        "replay": session.recorder.to_json() if session is not None else None,
        "paused": table.paused_since is not None,
        "chat": [[c.text, c.sender, c.seat] for c in table.chat_lines],
    }


def restore(data: Any, make: Callable[[str, TableOptions], Table]) -> Table:
    """A table back from its record, playing on (call on the event loop). People are away
    from now on: the grace period starts again. ValueError for a record we did not write."""
    try:
        return _restore(data, make)
    except (KeyError, TypeError, ReplayError) as exc:
        raise ValueError(f"not a table record we can use: {exc}") from None


def _restore(data: Any, make: Callable[[str, TableOptions], Table]) -> Table:
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or data.get("version") != VERSION:
        raise ValueError("not a table record of this version")
    if not is_text(data["table"], 32) or not isinstance(data["options"], dict):
        raise ValueError("bad table id or options")
    table = make(data["table"], TableOptions(**data["options"]))
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != len(table.seats):
        raise ValueError("the seats do not fit the game")
    for index, seat in enumerate(seats):
        if seat["kind"] not in KINDS or not all(is_text(seat[k], 80) for k in
                                                 ("name", "level", "token_hash")):
            raise ValueError(f"seat {index} is not valid")
        table.seats[index] = TableSeat(index, seat["kind"], seat["name"], seat["level"],
                                       seat["token_hash"], away_since=table.clock())
    totals = data["totals"]
    if not (isinstance(totals, list) and len(totals) == len(seats) and all(map(is_int, totals))
            and is_int(data["match"], 0) and is_int(data["host"], -1, len(seats) - 1)):
        raise ValueError("bad match figures")
    table.host, table.match, table.totals = data["host"], data["match"], totals
    table.results = [MatchResult(**r) for r in data["results"]]
    table.chat_lines.extend(_chat(data.get("chat", [])))  # absent in older records
    if data["replay"] is not None:
        recorder = Recorder.from_json(data["replay"], RULES_BY_ID, undo_allowed=False)
        if recorder.game_id != table.rules.game_id:
            raise ValueError("the replay is of another game")
        table.start_match(recorder)
    elif data.get("paused") is True:  # it stopped between matches: on to the next
        table.start_match()
    return table


def _chat(lines: Any) -> list[Chat]:
    """The table's last chat lines, as a newcomer is told them."""
    if not isinstance(lines, list) or not all(
            isinstance(line, list) and len(line) == 3 and is_text(line[0], MAX_CHAT)
            and is_text(line[1], MAX_NAME) and is_int(line[2], SPECTATOR) for line in lines):
        raise ValueError("bad chat lines")
    return [Chat(text, sender, seat) for text, sender, seat in lines]


class Saver:
    """Writes records on one worker thread, so the loop never waits on a disk. Only a
    table's newest record is written: a slow disk (each write is synced) catches up in
    one write, never behind a queue of a match's moves that a crash would cut short."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._worker = runtime.make_pool(1, "net-save")
        self._lock = threading.Lock()
        self._newest: dict[Path, dict[str, Any] | None] = {}  # None: the table is over

    def path(self, table_id: str) -> Path:
        return self.folder / f"{table_id}.json"

    def save(self, table: Table) -> None:
        if table.phase == "over":
            self._keep(self.path(table.id), None)
        elif table.session is not None or table.paused_since is not None:
            self._keep(self.path(table.id), record(table))

    def _keep(self, path: Path, data: dict[str, Any] | None) -> None:
        with self._lock:
            waiting = path in self._newest  # a write is due already: it takes this one
            self._newest[path] = data
        if not waiting:
            try:
                self._worker.submit(self._write, path)
            except RuntimeError:  # the program is ending (Python shuts every pool at
                pass  # exit): the last record written stands, as after a crash

    def _write(self, path: Path) -> None:
        with self._lock:
            data = self._newest.pop(path)
        if data is None:
            path.unlink(missing_ok=True)
        else:
            write_json_atomic(path, data)

    def load_all(self, make: Callable[[str, TableOptions], Table]) -> list[Table]:
        """Every saved table, restored (call on the event loop). A file that cannot be
        restored is set aside, as the game's own saves are, and named in the log: the
        table that takes its place must not write over it."""
        tables = []
        for path in sorted(self.folder.glob("*.json")):
            if path.name.startswith("."):
                continue
            loaded = storage.read_parsed(path, FORMAT, VERSION, lambda d: restore(d, make),
                                         consequence="it is not resumed")
            if loaded.value is not None:
                tables.append(loaded.value)
            elif loaded.problem:
                log.warning("table file %s", loaded.problem)
        return tables

    def close(self) -> None:
        self._worker.shutdown(wait=True)
