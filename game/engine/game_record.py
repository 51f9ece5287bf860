"""The game in front of the player, once it ends or is left: its replay and its place
in the statistics, each written once (a finish after Undo replaces both), and who
played it. A game the computer played moves in (Auto) is not the player's own: its
replay records that seat as the computer's and says so, and the statistics count it
only among the games the computer helped with; a game the computer played alone (a
tournament's computer entrant) only among the computer's own.

How the game ended comes from the rules (``outcome``, ``mode``); what only the scene
knows (who sat where, their names, the game's own table facts) comes in a
``TableFacts``. No pygame here: the scene says a problem (``say_problem``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import stats, stats_file, storage, wallclock
from game.replay.recorder import Recorder
from game.rules.outcome import ABANDONED, DRAWN, LOST, WON, Mode, Outcome

PERSON, COMPUTER = "person", "computer"
KEPT_ABANDONED_MOVES = 5  # an abandoned game shorter than this leaves no replay
HOW = {WON: "Won", LOST: "Lost", DRAWN: "Drawn"}  # how a game the computer played ended


@dataclass
class GameRecord:
    """What the replays and statistics hold of one game: a game is counted once, and a
    later finish of the same game (after Undo) replaces its replay and its count."""

    replay: str | None = None  # the replay's file name in the replay folder
    tally: Any = None  # the game's statistics before this game was counted (JSON)

    def to_json(self) -> dict[str, Any]:
        return {"replay": self.replay, "tally": self.tally}

    @classmethod
    def from_json(cls, data: Any) -> GameRecord | None:
        """Back from an autosave; None for anything this program did not write (a
        replay name must be a plain file name: a hostile one may not point elsewhere)."""
        if not isinstance(data, dict):
            return None
        replay = data.get("replay")
        if replay is not None and not (isinstance(replay, str) and len(replay) < 200
                                       and replay.endswith(".json")
                                       and Path(replay).name == replay
                                       and not replay.startswith(".")):
            return None
        return cls(replay, data.get("tally"))


@dataclass
class SeatHands:
    """Who made each seat's moves in this game: the person at this machine (or one
    beside them), the computer, or both."""

    by_seat: dict[int, set[str]] = field(default_factory=dict)

    def note(self, seat: int, who: str) -> None:
        self.by_seat.setdefault(seat, set()).add(who)

    def at(self, seat: int) -> frozenset[str]:
        return frozenset(self.by_seat.get(seat, ()))

    def kind(self, seat: int, computer_seat: bool) -> str:
        """"computer" for a seat the computer made a move at, or holds and nobody has
        moved at yet; else "person"."""
        hands = self.at(seat)
        return COMPUTER if COMPUTER in hands or (not hands and computer_seat) else PERSON

    def to_json(self) -> dict[str, list[str]]:
        return {str(seat): sorted(who) for seat, who in self.by_seat.items()}

    @classmethod
    def from_json(cls, data: Any) -> SeatHands:
        """Back from an autosave; what is not one of ours is forgotten (an old save: the
        person played)."""
        hands = cls()
        if isinstance(data, dict):
            for seat, who in data.items():
                if isinstance(seat, str) and seat.isdigit() and len(seat) < 3 \
                        and isinstance(who, list):
                    for one in who:
                        if one in (PERSON, COMPUTER):
                            hands.note(int(seat), one)
        return hands


@dataclass(frozen=True, slots=True)
class Ending:
    """How the game ended at ``seat`` (the player's, unless the game is none of theirs:
    a tournament's computer entrant), and who played that seat."""

    seat: int
    result: str  # WON, LOST, DRAWN, or ABANDONED (left before the end)
    hands: frozenset[str]
    players: bool = True  # the player's game (Auto or not); False: the computer's own

    @property
    def own(self) -> bool:
        """The player's own game: the computer made none of its moves."""
        return self.players and COMPUTER not in self.hands

    @property
    def helped(self) -> bool:
        """The player's game, with moves the computer made for them (Auto)."""
        return self.players and COMPUTER in self.hands

    @property
    def celebrated(self) -> bool:
        return self.own and self.result == WON

    def title(self, words: str) -> str:
        """The end box's title, kept as the replay's result: the game's own ``words``
        for the player's own game, else how it ended and who played it."""
        if self.own:
            return words
        with_help = self.helped and PERSON in self.hands
        return f"{HOW[self.result]} " + ("with the computer's help" if with_help
                                         else "by the computer")


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What the scene knows of the table, for the replay."""

    seats: list[str] | None  # PERSON or COMPUTER, seat by seat
    players: list[str]  # each seat's name as the table shows it
    table: dict[str, Any]  # the game's own facts (replay_extra), kept under "table"


class RecordKeeper:
    """Writes one game's replay and statistics; see the module docstring."""

    def __init__(self, game_id: str, save_dir: Path, say_problem: Callable[[str], None]) -> None:
        self.game_id = game_id
        self.save_dir = save_dir
        self.say_problem = say_problem
        self.record: GameRecord | None = None  # this game's place in replays and scores
        self.hands = SeatHands()
        self.last_replay: Path | None = None  # the replay of the game just finished

    def new_deal(self) -> None:
        """A new game: the old one was recorded (or left) before."""
        self.record = None
        self.hands = SeatHands()

    def finished(self, recorder: Recorder[Any, Any], ending: Ending, title: str,
                 facts: TableFacts) -> str:
        """The game ended: into the replays and the statistics, once per game. Returns
        the statistics in a sentence for the end box ("" when they were not touched)."""
        rules, state = recorder.rules, recorder.state
        outcome = rules.outcome(state)
        record = self.record or GameRecord()
        replay = self._save_replay(recorder, ending, title, facts, outcome, record.replay)
        mode = rules.mode(state)
        points = outcome.points[ending.seat] if outcome is not None else None
        before, after = self._count(mode, ending, points, recorder.cursor, record.tally)
        self.record = GameRecord(replay or record.replay, before)
        return stats.summary(after, mode) if ending.players else ""

    def finished_elsewhere(self, mode: Mode, ending: Ending, outcome: Outcome | None,
                           moves: int) -> str:
        """A game at a table held elsewhere (a network table, which keeps the replays)
        ended: into the statistics, once. Returns them in a sentence, as ``finished``."""
        if self.record is not None:
            return ""
        points = outcome.points[ending.seat] if outcome is not None else None
        before, after = self._count(mode, ending, points, moves, None)
        self.record = GameRecord(None, before)
        return stats.summary(after, mode) if ending.players else ""

    def abandoned(self, recorder: Recorder[Any, Any], ending: Ending, facts: TableFacts) -> None:
        """A game left unfinished by a new deal (``ending``: ABANDONED) still counts, as
        lost, and goes into the replays once it is more than a few moves old (a deal
        looked at and passed over is not worth keeping)."""
        replay = None
        if recorder.length >= KEPT_ABANDONED_MOVES:
            replay = self._save_replay(recorder, ending, ABANDONED, facts, None, None)
        rules, state = recorder.rules, recorder.state
        before, _ = self._count(rules.mode(state), ending, rules.returns(state)[ending.seat],
                                recorder.cursor, None)
        self.record = GameRecord(replay, before)

    # -- the replay ----------------------------------------------------------------------

    def _save_replay(self, recorder: Recorder[Any, Any], ending: Ending, title: str,
                     facts: TableFacts, outcome: Outcome | None, name: str | None) -> str | None:
        """Write the replay (over the file ``name`` when this game has one already);
        returns its file name, None when nothing was written."""
        if recorder.length == 0:
            return None
        meta = recorder.meta
        meta.update({"date": wallclock.now().isoformat(timespec="seconds"),
                     "result": title, "outcome": ending.result,
                     "mode": recorder.rules.mode(recorder.state).title,
                     "score": outcome.score if outcome is not None else "",
                     "players": facts.players})
        if facts.table:
            meta["table"] = facts.table
        meta["seats"] = facts.seats
        try:
            folder = storage.replay_dir(self.save_dir)
            if name is None:
                self.last_replay = storage.write_replay(folder, recorder.to_json())
            else:
                self.last_replay = folder / name
                storage.write_json_atomic(self.last_replay, {"kind": storage.REPLAY_KIND,
                                                             **recorder.to_json()})
        except OSError as exc:
            self.say_problem(f"The replay could not be saved: {exc}")
            return None
        return self.last_replay.name

    # -- the statistics ------------------------------------------------------------------

    def _count(self, mode: Mode, ending: Ending, points: float | None, moves: int,
               previous: Any) -> tuple[Any, stats.Stats]:
        """Count the game (played under ``mode``, ``points`` to the player's seat, in
        ``moves``) into its statistics, over the count it had (``previous``: the
        statistics before it, when it was counted already). Returns what to keep to
        count it again, and the statistics now."""
        before = None
        if previous is not None:
            try:
                before = stats.from_json(previous)
            except ValueError:
                pass  # a damaged autosave: count onto the statistics as they are
        if before is None:
            problems: list[str] = []
            before = stats_file.load(self.save_dir, self.game_id, problems)
            for problem in problems:
                self.say_problem(problem)
        if not ending.players:
            after = before.add_computers(mode)
        elif ending.helped:
            after = before.add_helped(mode)
        else:
            after = before.add(mode, ending.result, points, moves)
        try:
            stats_file.save(self.save_dir, self.game_id, after)
        except OSError as exc:
            self.say_problem(f"The statistics could not be saved: {exc}")
        return stats.to_json(before), after
