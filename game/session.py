"""Tables and seats: the layer between scenes and the recorder.

A ``Session`` is the authority over one game: it owns the recorder (so the full
state) and answers per seat: what that seat sees (``observe``), which moves it may
make, whether a move is legal and why not. Scenes and computer players never hold
the state; they talk to a ``SeatClient`` for their seat:

- ``LocalClient``: in-process, straight to the session (undo and redo too);
- ``JsonClient``: knows only the JSON messages a ``SeatPort`` sends it (an
  observation, the legal moves, whose turn it is), and answers with JSON moves. The
  network game puts a socket between the two; locally they are wired with plain
  function calls, which proves that a table can be drawn from messages alone.

Views and legal moves are computed once per position, not once per frame.
Pure Python: no pygame.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.replay.recorder import CursorChange, Recorder
from game.rules.base import IllegalMove, ModuleRules

PROTOCOL = "card-parlour-seat"
MAX_MESSAGE = 1 << 20  # bytes: a seat's move is tiny; anything this big is garbage


@dataclass(frozen=True, slots=True)
class Update:
    """What a seat is told after every change at the table."""

    kind: str  # "play" | "undo" | "redo" | "seek" | "reset" | "hello"
    cursor: int
    steps: int  # how many moves the cursor travelled (1: animate it; more: snap)
    text: str = ""  # the move described, for messages


Listener = Callable[[Update], None]


class SeatClient(Protocol):
    """What a scene or a computer player holds: one seat's window on a table."""

    rules: ModuleRules
    seat: int

    @property
    def view(self) -> Any: ...

    @property
    def legal_moves(self) -> list[Any]: ...

    @property
    def acting(self) -> bool: ...

    @property
    def over(self) -> bool: ...

    @property
    def cursor(self) -> int: ...

    @property
    def position(self) -> int:
        """Goes up at every change at the table: tags answers about one position."""
        ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    def check(self, move: Any) -> str | None: ...

    def submit(self, move: Any) -> None: ...

    def undo(self) -> bool: ...

    def redo(self) -> bool: ...

    def add_listener(self, callback: Listener) -> None: ...

    def remove_listener(self, callback: Listener) -> None: ...


class Session:
    """The authority over one game; see the module docstring."""

    def __init__(self, rules: ModuleRules, recorder: Recorder) -> None:
        self.rules = rules
        self.recorder = recorder
        self._listeners: list[Listener] = []
        self._cache: dict[tuple[str, int], Any] = {}
        self.position = 0  # goes up at every change
        recorder.add_listener(self._changed)

    # -- the position, per seat (cached until the next change) ------------------------

    def _memo(self, what: str, seat: int, make: Callable[[], Any]) -> Any:
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

    def acting_seats(self) -> tuple[int, ...]:
        return self._memo("acting", -1, lambda: self.rules.acting_seats(self.recorder.state))

    def view(self, seat: int) -> Any:
        return self._memo("view", seat, lambda: self.rules.observe(self.recorder.state, seat))

    def observation_json(self, seat: int) -> Any:
        return self._memo("json", seat,
                          lambda: self.rules.observation_json(self.recorder.state, seat))

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

    def question(self, fn: Callable[..., Any], *args: Any) -> Callable[[], Any]:
        """``fn(state, *args)`` about the position now, to run here or on a worker
        thread; only its answer goes back (the "winnable?" status), never the state."""
        state = self.recorder.state
        return lambda: fn(state, *args)

    # -- changes ------------------------------------------------------------------------

    def submit(self, seat: int, move: Any) -> None:
        """Play ``move`` for ``seat``; IllegalMove (with the reason) changes nothing."""
        reason = self.check(seat, move)
        if reason is not None:
            raise IllegalMove(reason)
        self.recorder.play(move)

    def replace_recorder(self, recorder: Recorder) -> None:
        """Carry on from another log (a restored save); seats are told as by a seek."""
        old = self.recorder
        old.remove_listener(self._changed)
        self.recorder = recorder
        recorder.add_listener(self._changed)
        self._cache.clear()
        self.position += 1
        self._tell(Update("seek", recorder.cursor, abs(recorder.cursor - old.cursor) + 2))

    def add_listener(self, callback: Listener) -> None:
        self._listeners.append(callback)

    def remove_listener(self, callback: Listener) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def client(self, seat: int) -> LocalClient:
        return LocalClient(self, seat)

    def _changed(self, change: CursorChange) -> None:
        self._cache.clear()
        self.position += 1
        steps = abs(change.new_cursor - change.old_cursor)
        if change.kind == "reset":
            steps = 0
        text = self.rules.describe(change.move) if change.move is not None else ""
        self._tell(Update(change.kind, change.new_cursor, steps, text))

    def _tell(self, update: Update) -> None:
        for callback in list(self._listeners):  # a listener may remove itself
            callback(update)


class LocalClient:
    """A seat at a session in the same process."""

    def __init__(self, session: Session, seat: int) -> None:
        self.session = session
        self.rules = session.rules
        self.seat = seat

    @property
    def view(self) -> Any:
        return self.session.view(self.seat)

    @property
    def legal_moves(self) -> list[Any]:
        return self.session.legal_moves(self.seat)

    @property
    def acting(self) -> bool:
        return self.seat in self.session.acting_seats()

    @property
    def over(self) -> bool:
        return self.session.over

    @property
    def cursor(self) -> int:
        return self.session.cursor

    @property
    def position(self) -> int:
        return self.session.position

    @property
    def can_undo(self) -> bool:
        return self.session.recorder.can_undo

    @property
    def can_redo(self) -> bool:
        return self.session.recorder.can_redo

    def check(self, move: Any) -> str | None:
        return self.session.check(self.seat, move)

    def submit(self, move: Any) -> None:
        self.session.submit(self.seat, move)

    def undo(self) -> bool:
        return self.session.recorder.undo()

    def redo(self) -> bool:
        return self.session.recorder.redo()

    def add_listener(self, callback: Listener) -> None:
        self.session.add_listener(callback)

    def remove_listener(self, callback: Listener) -> None:
        self.session.remove_listener(callback)


# -- seats behind JSON ------------------------------------------------------------------

class ProtocolError(ValueError):
    """A message that is not one of ours; the peer that sent it is dropped."""


def decode(text: str | bytes) -> dict[str, Any]:
    """One JSON message; ProtocolError for anything else (too big, not JSON, no type)."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("message too large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # ValueError covers JSONDecodeError
        raise ProtocolError(f"not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("protocol") != PROTOCOL \
            or not isinstance(data.get("type"), str):
        raise ProtocolError("not a seat message")
    return data


def encode(message_type: str, **fields: Any) -> str:
    return json.dumps({"protocol": PROTOCOL, "type": message_type, **fields},
                      separators=(",", ":"))


class SeatPort:
    """The session's end of a JSON seat: sends what ``seat`` may see after every
    change, takes moves back. A move for a position that has gone by is refused."""

    def __init__(self, session: Session, seat: int, send: Callable[[str], None]) -> None:
        self.session, self.seat, self.send = session, seat, send
        session.add_listener(self._push)
        self._push(Update("hello", session.cursor, 0))

    def close(self) -> None:
        self.session.remove_listener(self._push)

    def _push(self, update: Update) -> None:
        s = self.session
        self.send(encode("update", kind=update.kind, cursor=update.cursor, steps=update.steps,
                         text=update.text, game=s.rules.game_id, seat=self.seat,
                         observation=s.observation_json(self.seat),
                         legal=[s.rules.move_to_json(m) for m in s.legal_moves(self.seat)],
                         acting=self.seat in s.acting_seats(), over=s.over))

    def receive(self, text: str | bytes) -> None:
        """A message from the seat. ProtocolError: garbage (drop the peer). An illegal or
        stale move is answered with a "refused" message and changes nothing."""
        data = decode(text)
        if data["type"] != "move":
            raise ProtocolError(f"unexpected message type {data['type']!r:.40}")
        try:
            move = self.session.rules.move_from_json(data.get("move"))
        except (ValueError, TypeError, KeyError) as exc:
            raise ProtocolError(f"not a move: {exc}") from None
        if data.get("cursor") != self.session.cursor:
            self.send(encode("refused", reason="The table has moved on: try again."))
            return
        try:
            self.session.submit(self.seat, move)
        except IllegalMove as exc:
            self.send(encode("refused", reason=exc.reason))


class JsonClient:
    """A seat that knows only the messages it was sent (see ``SeatPort``): no seed, no
    state, no other seat's cards. ``send`` carries its moves to the table."""

    def __init__(self, rules: ModuleRules, send: Callable[[str], None]) -> None:
        self.rules = rules
        self.send = send
        self.seat = 0
        self._view: Any = None
        self._legal: list[Any] = []
        self._acting = False
        self._over = False
        self._cursor = 0
        self.position = 0  # updates received
        self.refusal: str | None = None  # the table's last "refused" reason
        self._listeners: list[Listener] = []

    def receive(self, text: str | bytes) -> None:
        data = decode(text)
        if data["type"] == "refused":
            self.refusal = str(data.get("reason", ""))[:200]
            return
        if data["type"] != "update" or data.get("game") != self.rules.game_id:
            raise ProtocolError("not an update for this game")
        try:
            view = self.rules.observation_from_json(data.get("observation"))
            legal = [self.rules.move_from_json(m) for m in data.get("legal") or []]
            seat, cursor, steps = (int(data.get(k)) for k in ("seat", "cursor", "steps"))
        except (ValueError, TypeError, KeyError) as exc:
            raise ProtocolError(f"bad update: {exc}") from None
        self.seat, self._cursor, self._view, self._legal = seat, cursor, view, legal
        self._acting, self._over = bool(data.get("acting")), bool(data.get("over"))
        self.position += 1
        update = Update(str(data.get("kind", "play")), cursor, steps, str(data.get("text", "")))
        for callback in list(self._listeners):
            callback(update)

    @property
    def view(self) -> Any:
        return self._view

    @property
    def legal_moves(self) -> list[Any]:
        return self._legal

    @property
    def acting(self) -> bool:
        return self._acting

    @property
    def over(self) -> bool:
        return self._over

    @property
    def cursor(self) -> int:
        return self._cursor

    can_undo = can_redo = False  # the table decides; a remote seat never takes moves back

    def check(self, move: Any) -> str | None:
        if not self._acting:
            return "It is not your turn."
        return None if move in self._legal else "That move is not allowed now."

    def submit(self, move: Any) -> None:
        reason = self.check(move)
        if reason is not None:
            raise IllegalMove(reason)
        self.send(encode("move", move=self.rules.move_to_json(move), cursor=self._cursor))

    def undo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def add_listener(self, callback: Listener) -> None:
        self._listeners.append(callback)

    def remove_listener(self, callback: Listener) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)
