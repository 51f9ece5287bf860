"""Tables and seats: the layer between scenes and the recorder.

A ``Session`` is the authority over one game: it owns the recorder (so the full
state) and answers per seat: what that seat sees (``observe``), which moves it may
make, whether a move is legal and why not. Scenes and computer players never hold
the state; they talk to a ``SeatClient`` for their seat:

- ``LocalClient``: in-process, straight to the session;
- ``JsonClient`` (game/seat_json.py): knows only the JSON messages a ``SeatPort``
  sends it, and answers with JSON moves and table commands.

Every change at the table raises ``Session.position``, the state id (after
boardgame.io's): it only ever goes up (the recorder's cursor goes back to 0 on a new
deal and repeats after an undo). A move is tagged with the state id its seat decided
on; it is stale, and refused, once anything but another seat's move has happened
since (a new deal, an undo, a move of its own), so a move meant for one position is
never applied to another, while a race's seats need not wait for each other.

Besides moves a seat may ask for table commands (a new deal, the same cards again,
undo, redo); the session's ``TablePolicy`` says which it grants (a local table all;
a network table none). Views and legal moves are computed once per position.
Pure Python: no pygame.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, Protocol, TypeVar

from game import seeds
from game.replay.recorder import CursorChange, Recorder
from game.rules.base import IllegalMove, ModuleRules
from game.rules.outcome import Outcome
from game.rules.views import SharedParts

STALE = "The table has moved on: try again."
T = TypeVar("T")
# A seat client is generic over its game's view (what a seat sees) and move types, so a
# scene reads its game's view fields and plays its game's moves, checked by mypy. A
# table held here or across the network answers for whichever game it was dealt: its
# clients are made as ``[Any, Any]`` and take their types from the scene they are given.
View = TypeVar("View")
View_co = TypeVar("View_co", covariant=True)
Move = TypeVar("Move")
HISTORY = 512  # changes remembered to judge a state id; an older one is stale
NOT_ALLOWED = {"undo": "Moves cannot be taken back at this table.",
               "restart": "Only the table's host can start a new game here.",
               "choose": "The table deals its own cards."}


@dataclass(frozen=True, slots=True)
class Update:
    """What a seat is told after every change at the table (and of a refusal)."""

    kind: str  # "play" | "undo" | "redo" | "seek" | "reset" | "hello" | "sync" | "refused"
    cursor: int
    steps: int  # how many moves the cursor travelled (1: animate it; more: snap)
    text: str = ""  # the move described, or the reason for a refusal


Listener = Callable[[Update], None]


@dataclass
class TablePolicy:
    """What seats may ask of a table besides moves."""

    undo: bool = True  # take moves back (the rules may still refuse one)
    restart: bool = True  # deal a new game, or the same cards again
    choose: bool = True  # name the seed, the options, or a game without undo


class SeatClient(Protocol[View_co, Move]):
    """What a scene or a computer player holds: one seat's window on a table."""

    rules: ModuleRules[Any, Move]
    seat: int
    watching: bool  # only watches (a replay fed from a file): its scene takes no input

    @property
    def view(self) -> View_co: ...

    @property
    def legal_moves(self) -> list[Move]: ...

    @property
    def acting(self) -> bool: ...

    @property
    def over(self) -> bool: ...

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, seat by seat (None while it is played)."""
        ...

    @property
    def cursor(self) -> int: ...

    @property
    def position(self) -> int:
        """Goes up at every change at the table: tags answers about one position."""
        ...

    @property
    def seats(self) -> int:
        """How many seats the game in play has."""
        ...

    @property
    def config(self) -> dict[str, Any]:
        """The options the game in play was dealt with."""
        ...

    @property
    def deal(self) -> int:
        """Names the deal (the same cards again keep it) without telling the seed."""
        ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    def check(self, move: Move) -> str | None: ...

    def submit(self, move: Move) -> None: ...

    def undo(self) -> bool: ...

    def redo(self) -> bool: ...

    def restart(self, *, same: bool = False, seed: int | None = None,
                config: Mapping[str, Any] | None = None, undo: bool = True) -> None:
        """A new deal (``same``: these cards again), with these options if given; IllegalMove
        when the table does not allow it."""
        ...

    def add_listener(self, callback: Listener) -> None: ...

    def remove_listener(self, callback: Listener) -> None: ...


@lru_cache(maxsize=64)
def deal_name(seed: int) -> int:
    """A deal's public name: equal for equal seeds, and no way back to the cards."""
    return int(hashlib.sha256(f"deal:{seed}".encode()).hexdigest()[:13], 16)  # < 2**52


class Session:
    """The authority over one game; see the module docstring."""

    def __init__(self, rules: ModuleRules[Any, Any], recorder: Recorder[Any, Any],
                 policy: TablePolicy | None = None) -> None:
        self.rules = rules
        self.recorder = recorder
        self.policy = policy or TablePolicy()
        self._listeners: list[Listener] = []
        self._cache: dict[tuple[str, int], Any] = {}
        self.position = 0  # the state id: goes up at every change
        # (state id after a change, the seat whose move it was; None: not a move)
        self._history: deque[tuple[int, int | None]] = deque(maxlen=HISTORY)
        self._mover: int | None = None  # the seat whose move is being played
        recorder.add_listener(self._changed)

    # -- the position, per seat (cached until the next change) ------------------------

    def _memo(self, what: str, seat: int, make: Callable[[], T]) -> T:
        key = (what, seat)
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    @property
    def cursor(self) -> int:
        return self.recorder.cursor

    @property
    def over(self) -> bool:
        return self._memo("over", -1, lambda: self.rules.is_over(self.recorder.state))

    @property
    def outcome(self) -> Outcome | None:
        return self._memo("outcome", -1, lambda: self.rules.outcome(self.recorder.state))

    @property
    def seats(self) -> int:
        return self._memo("seats", -1, lambda: self.rules.seat_count(self.recorder.state))

    @property
    def config(self) -> dict[str, Any]:
        return dict(self.recorder.config)

    @property
    def deal(self) -> int:
        return deal_name(self.recorder.seed)

    @property
    def can_undo(self) -> bool:
        return self.policy.undo and self.recorder.can_undo

    @property
    def can_redo(self) -> bool:
        return self.policy.undo and self.recorder.can_redo

    def acting_seats(self) -> tuple[int, ...]:
        return self._memo("acting", -1, lambda: self.rules.acting_seats(self.recorder.state))

    def view(self, seat: int) -> Any:
        return self._memo("view", seat, lambda: self.rules.observe(self.recorder.state, seat))

    def observation_json(self, seat: int) -> Any:
        return self._memo("json", seat, lambda: self.rules.observation_json(
            self.recorder.state, seat, self._memo("shared", -1, SharedParts)))

    def legal_json(self, seat: int) -> list[Any]:
        return self._memo("legal_json", seat,
                          lambda: [self.rules.move_to_json(m) for m in self.legal_moves(seat)])

    def legal_moves(self, seat: int) -> list[Any]:
        return self._memo("legal", seat,
                          lambda: self.rules.legal_moves(self.recorder.state, seat))

    def returns(self) -> tuple[float, ...]:
        return self.rules.returns(self.recorder.state)

    def check(self, seat: int, move: Any) -> str | None:
        """Why ``seat`` may not make ``move`` now, or None if it may."""
        try:
            self.rules.check(self.recorder.state, move, seat)
        except IllegalMove as exc:
            return exc.reason
        return None

    def fresh(self, seat: int, state: int) -> bool:
        """May a move ``seat`` decided at state id ``state`` still be played? Only if
        nothing but other seats' moves happened since."""
        if state == self.position:
            return True
        if not 0 <= state < self.position or self.position - state > len(self._history):
            return False
        return all(mover is not None and mover != seat
                   for after, mover in self._history if after > state)

    def question(self, fn: Callable[..., Any], *args: Any) -> Callable[[], Any]:
        """``fn(state, *args)`` about the position now, to run here or on a worker
        thread; only its answer goes back (the "winnable?" status), never the state."""
        state = self.recorder.state
        return lambda: fn(state, *args)

    # -- changes ------------------------------------------------------------------------

    def submit(self, seat: int, move: Any, state: int | None = None) -> None:
        """Play ``move`` for ``seat``; IllegalMove (with the reason) changes nothing.
        ``state``: the state id the seat decided on (remote seats always give one)."""
        if state is not None and not self.fresh(seat, state):
            raise IllegalMove(STALE)
        reason = self.check(seat, move)
        if reason is not None:
            raise IllegalMove(reason)
        self._mover = seat
        try:
            self.recorder.play(move)
        finally:
            self._mover = None

    def undo(self, seat: int) -> bool:
        return self.policy.undo and self.recorder.undo()

    def redo(self, seat: int) -> bool:
        return self.policy.undo and self.recorder.redo()

    def restart(self, seat: int, *, same: bool = False, seed: int | None = None,
                config: Mapping[str, Any] | None = None, undo: bool = True) -> None:
        """Deal again for ``seat``'s asking: a new seed (``same``: the same cards), the
        options given or the current ones. IllegalMove when the policy or the options
        do not allow it; nothing changes then."""
        if not self.policy.restart:
            raise IllegalMove(NOT_ALLOWED["restart"])
        if (seed is not None or config is not None or not undo) and not self.policy.choose:
            raise IllegalMove(NOT_ALLOWED["choose"])
        if same:
            seed = self.recorder.seed
        elif seed is None:
            seed = seeds.fresh()
        wanted = dict(self.recorder.config if config is None else config)
        before, self.recorder.undo_allowed = self.recorder.undo_allowed, undo
        try:
            self.recorder.reset(seed, wanted)
        except (ValueError, TypeError, KeyError) as exc:
            self.recorder.undo_allowed = before
            raise IllegalMove(f"Those options cannot be played: {exc}") from None

    def replace_recorder(self, recorder: Recorder[Any, Any]) -> None:
        """Carry on from another log (a restored save, with its own undo rule); seats
        are told as by a seek."""
        old = self.recorder
        old.remove_listener(self._changed)
        self.recorder = recorder
        recorder.add_listener(self._changed)
        self._cache.clear()
        self.position += 1
        self._history.append((self.position, None))
        self._tell(Update("seek", recorder.cursor, abs(recorder.cursor - old.cursor) + 2))

    def add_listener(self, callback: Listener) -> None:
        self._listeners.append(callback)

    def remove_listener(self, callback: Listener) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def client(self, seat: int) -> LocalClient[Any, Any]:
        return LocalClient(self, seat)

    def _changed(self, change: CursorChange[Any, Any]) -> None:
        self._cache.clear()
        self.position += 1
        self._history.append((self.position, self._mover if change.kind == "play" else None))
        steps = abs(change.new_cursor - change.old_cursor)
        if change.kind == "reset":
            steps = 0
        text = self.rules.describe(change.move) if change.move is not None else ""
        self._tell(Update(change.kind, change.new_cursor, steps, text))

    def _tell(self, update: Update) -> None:
        for callback in list(self._listeners):  # a listener may remove itself
            callback(update)


class LocalClient(Generic[View, Move]):
    """A seat at a session in the same process."""

    def __init__(self, session: Session, seat: int) -> None:
        self.session = session
        self.rules: ModuleRules[Any, Move] = session.rules
        self.seat = seat
        self.watching = False

    @property
    def view(self) -> View:
        return self.session.view(self.seat)

    @property
    def legal_moves(self) -> list[Move]:
        return self.session.legal_moves(self.seat)

    @property
    def acting(self) -> bool:
        return self.seat in self.session.acting_seats()

    @property
    def over(self) -> bool:
        return self.session.over

    @property
    def outcome(self) -> Outcome | None:
        return self.session.outcome

    @property
    def cursor(self) -> int:
        return self.session.cursor

    @property
    def position(self) -> int:
        return self.session.position

    @property
    def seats(self) -> int:
        return self.session.seats

    @property
    def config(self) -> dict[str, Any]:
        return self.session.config

    @property
    def deal(self) -> int:
        return self.session.deal

    @property
    def can_undo(self) -> bool:
        return self.session.can_undo

    @property
    def can_redo(self) -> bool:
        return self.session.can_redo

    def check(self, move: Move) -> str | None:
        return self.session.check(self.seat, move)

    def submit(self, move: Move) -> None:
        self.session.submit(self.seat, move)

    def undo(self) -> bool:
        return self.session.undo(self.seat)

    def redo(self) -> bool:
        return self.session.redo(self.seat)

    def restart(self, *, same: bool = False, seed: int | None = None,
                config: Mapping[str, Any] | None = None, undo: bool = True) -> None:
        self.session.restart(self.seat, same=same, seed=seed, config=config, undo=undo)

    def add_listener(self, callback: Listener) -> None:
        self.session.add_listener(callback)

    def remove_listener(self, callback: Listener) -> None:
        self.session.remove_listener(callback)
