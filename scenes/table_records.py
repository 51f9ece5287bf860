"""What a card table keeps of its game, as a part a card scene composes: the autosave
after every move (and the game resumed from it), and the replay and statistics of a
game once it ends or is left, through the scene's ``RecordKeeper`` (game_record).

Its interface to the scene is ``RecordsHost``: the table's session and client, and
the scene's hooks for what a game adds (``autosave_extra`` / ``restore_extra``,
``keeps_autosave``, ``replay_extra``, ``seat_kinds``, ``player_names``) and how the
game ended for the player (``ending``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game import storage
from game.engine.game_record import (
    COMPUTER,
    PERSON,
    Ending,
    GameRecord,
    RecordKeeper,
    SeatHands,
    TableFacts,
)
from game.engine.in_progress import AUTOSAVE_KIND, AUTOSAVE_VERSION, autosave_path
from game.engine.ui import Hud
from game.replay.recorder import Recorder
from game.rules.base import ModuleRules
from game.rules.outcome import ABANDONED
from game.rules.registry import RULES_BY_ID
from game.session import SeatClient, Session

if TYPE_CHECKING:
    from game.engine.app import App


class RecordsHost(Protocol):
    """What the records need of the scene whose game they keep."""

    app: App
    hud: Hud
    game_id: str
    seat: int
    rules: ModuleRules[Any, Any]
    records: RecordKeeper
    session: Session | None
    client: SeatClient[Any, Any]
    demo: bool
    viewer: bool
    finished_reported: bool

    @property
    def recorder(self) -> Recorder[Any, Any] | None: ...

    def autosave_extra(self) -> dict[str, Any]: ...

    def restore_extra(self, data: dict[str, Any], over: bool) -> bool: ...

    def keeps_autosave(self) -> bool: ...

    def replay_extra(self) -> dict[str, Any]: ...

    def seat_kinds(self) -> list[str] | None: ...

    def player_names(self) -> list[str]: ...

    def seat_name(self, seat: int) -> str | None: ...

    def own_seat(self) -> int | None: ...

    def ending(self, result: str | None = None) -> Ending: ...


class TableRecords:
    def __init__(self, host: RecordsHost) -> None:
        self.host = host
        self.unsaved = ""  # why the last autosave failed ("" when it did not)

    # -- the autosave -------------------------------------------------------------------

    @property
    def path(self) -> Path:
        return autosave_path(self.host.app.save_dir, self.host.game_id)

    def load(self) -> Recorder[Any, Any] | None:
        """The game the autosave holds, when there is one to resume (its record and
        seat hands go back to the keeper)."""
        host = self.host
        result = storage.read_parsed(
            self.path, AUTOSAVE_KIND, AUTOSAVE_VERSION,
            lambda data: (data, Recorder.from_json(data.get("replay"), RULES_BY_ID)),
            consequence="a new game is dealt")
        if result.problem:
            host.app.problems.append(result.problem)
        if result.value is None:
            return None
        data, rec = result.value
        if rec.game_id != host.game_id:
            return None
        if not host.restore_extra(data, host.rules.is_over(rec.state)):
            return None
        host.records.record = GameRecord.from_json(data.get("recorded"))
        host.records.hands = SeatHands.from_json(data.get("hands"))
        return rec

    @property
    def saves_moves(self) -> bool:
        """This table's game is autosaved (not a demo, a replay or another's table)."""
        host = self.host
        return not (host.demo or host.viewer or host.session is None)

    def save(self) -> None:
        """Written after every move, atomically: a crash or kill -9 loses nothing."""
        host = self.host
        if not self.saves_moves:
            return
        assert host.session is not None  # saves_moves says so
        path = self.path
        try:
            if not host.keeps_autosave():
                path.unlink(missing_ok=True)
            else:
                record = host.records.record
                storage.write_json_atomic(path, {"kind": AUTOSAVE_KIND,
                                                 "version": AUTOSAVE_VERSION,
                                                 "replay": host.session.recorder.to_json(),
                                                 "recorded": record and record.to_json(),
                                                 "hands": host.records.hands.to_json(),
                                                 **host.autosave_extra()})
            self.unsaved = ""
        except OSError as exc:
            self.unsaved = str(exc)
            host.hud.say(f"The game could not be saved: {exc}", error=True)

    def problem(self) -> str | None:
        """None when the autosave on disk holds this table's game as it stands (or there
        is none, with nothing to resume); else a sentence (the fuzzer asks after every
        move). A save that failed, and said so, is not asked about."""
        host = self.host
        if not self.saves_moves or self.unsaved:
            return None
        assert host.session is not None  # saves_moves says so
        recorder = host.session.recorder
        path = self.path
        if not host.keeps_autosave():
            return f"{path.name} is kept with nothing to resume" if path.exists() else None
        saved = storage.read_json(path, AUTOSAVE_KIND, AUTOSAVE_VERSION).data
        replay = saved.get("replay") if saved is not None else None
        if not isinstance(replay, dict):
            return f"{path.name} is missing or unreadable after move {recorder.cursor}"
        table = recorder.to_json()
        differ = [k for k in ("game", "seed", "config", "moves", "cursor")
                  if replay.get(k) != table[k]]
        return f"{path.name} differs from the table in {', '.join(differ)}" if differ else None

    # -- who played ---------------------------------------------------------------------

    def seat_kinds(self, computer_seats: set[int]) -> list[str] | None:
        """Who sat at each seat: "person" or "computer" (``computer_seats``: the seats
        the computer holds now). See CardGameScene.seat_kinds."""
        host = self.host
        if host.viewer:
            recorder = host.recorder
            seats = recorder.meta.get("seats") if recorder is not None else None
            if isinstance(seats, list) and 0 < len(seats) <= 16 \
                    and all(k in (PERSON, COMPUTER) for k in seats):
                return list(seats)
            return None
        return [host.records.hands.kind(seat, seat in computer_seats and seat != host.seat)
                for seat in range(host.client.seats)]

    def player_names(self) -> list[str]:
        """Each seat's name for the replay list: the table's names, else "You" for the
        player, the computer's seats "Computer", any other person "Player n"."""
        host = self.host
        kinds = host.seat_kinds() or []
        own = host.own_seat()
        return [host.seat_name(seat) or ("Computer" if kind == COMPUTER else
                                         "You" if seat == own else f"Player {seat + 1}")
                for seat, kind in enumerate(kinds)]

    def facts(self) -> TableFacts:
        host = self.host
        return TableFacts(host.seat_kinds(), host.player_names(), host.replay_extra())

    # -- a game's end -------------------------------------------------------------------

    def finished(self, ending: Ending, title: str) -> str:
        """Keep the replay and count the game that just ended here; the summary line
        for the end box."""
        session = self.host.session
        assert session is not None  # a table held elsewhere goes to finished_elsewhere
        return self.host.records.finished(session.recorder, ending, title, self.facts())

    def finished_elsewhere(self, ending: Ending) -> None:
        """A game at a table held elsewhere ended: it counts all the same."""
        host = self.host
        mode = host.rules.mode(host.rules.new_game(0, host.client.config))
        host.records.finished_elsewhere(mode, ending, host.client.outcome, host.client.cursor)

    def left(self) -> None:
        """A game left unfinished by NEW still counts and goes into the replays (see
        RecordKeeper.abandoned). A game already recorded (it ended, then Undo took the
        end back) keeps its record: it is not counted again."""
        host = self.host
        if host.viewer or host.demo or host.session is None or host.finished_reported \
                or host.records.record is not None or host.session.recorder.length == 0:
            return
        host.records.abandoned(host.session.recorder, host.ending(ABANDONED), self.facts())
