"""Seats behind JSON: a ``SeatPort`` is a session's end of one seat's messages, a
``JsonClient`` the seat's end, a ``SeatClient`` that knows only what it was sent (an
observation, the legal moves, whose turn it is, the state id) and answers with JSON
moves and table commands. The network game puts a socket between the two; locally
they are wired with plain function calls, which proves that a table can be drawn from
messages alone. Pure Python: no pygame.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Generic

from game.rules.base import IllegalMove, ModuleRules
from game.rules.outcome import Outcome
from game.session import NOT_ALLOWED, STALE, Listener, Move, Session, Update, View

PROTOCOL = "card-parlour-seat"
MAX_MESSAGE = 1 << 20  # bytes: a seat's move is tiny; anything this big is garbage


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


_JSON = json.JSONEncoder(separators=(",", ":")).encode


def encode(message_type: str, **fields: Any) -> str:
    return _JSON({"protocol": PROTOCOL, "type": message_type, **fields})


class SeatPort:
    """The session's end of a JSON seat: sends what ``seat`` may see after every
    change, takes moves and table commands back. Whatever is refused (a stale state
    id, an illegal move, a command the table does not allow) is answered with the
    reason, then the whole current view, and changes nothing."""

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
                         state_id=s.position, seats=s.seats, config=s.config, deal=s.deal,
                         observation=s.observation_json(self.seat),
                         legal=s.legal_json(self.seat),
                         acting=self.seat in s.acting_seats(), over=s.over,
                         outcome=s.outcome.to_json() if s.outcome is not None else None,
                         can_undo=s.can_undo, can_redo=s.can_redo))

    def refuse(self, reason: str) -> None:
        self.send(encode("refused", reason=reason, state_id=self.session.position))
        self._push(Update("sync", self.session.cursor, 2))

    def receive(self, text: str | bytes) -> None:
        """A message from the seat. ProtocolError: garbage (drop the peer)."""
        data = decode(text)
        state = data.get("state_id")
        if not isinstance(state, int) or isinstance(state, bool):
            raise ProtocolError("a seat message needs the state id it was decided on")
        try:
            if data["type"] == "move":
                self._move(data.get("move"), state)
            elif data["type"] == "command":
                self._command(data, state)
            else:
                raise ProtocolError(f"unexpected message type {data['type']!r:.40}")
        except IllegalMove as exc:
            self.refuse(exc.reason)

    def _move(self, raw: Any, state: int) -> None:
        try:
            move = self.session.rules.move_from_json(raw)
        except (ValueError, TypeError, KeyError) as exc:
            raise ProtocolError(f"not a move: {exc}") from None
        self.session.submit(self.seat, move, state)

    def _command(self, data: dict[str, Any], state: int) -> None:
        s, name = self.session, data.get("name")
        if name in ("undo", "redo"):
            if state != s.position:
                raise IllegalMove(STALE)
            if not (s.undo(self.seat) if name == "undo" else s.redo(self.seat)):
                raise IllegalMove(f"Nothing to {name} here." if s.policy.undo
                                  else NOT_ALLOWED["undo"])
        elif name == "restart":
            seed, config = data.get("seed"), data.get("config")
            if seed is not None and not (isinstance(seed, int) and 0 <= seed < 2**63):
                raise ProtocolError("a seed is a whole number")
            if config is not None and not isinstance(config, dict):
                raise ProtocolError("options are a JSON object")
            s.restart(self.seat, same=data.get("same") is True, seed=seed, config=config,
                      undo=data.get("undo") is not False)
        else:
            raise ProtocolError(f"unknown table command {name!r:.40}")


class JsonClient(Generic[View, Move]):
    """A seat that knows only the messages it was sent (see ``SeatPort``): no seed, no
    state, no other seat's cards. ``send`` carries its moves and commands to the table;
    the answer comes back later (at once on a local wire, a moment later over a
    network), as an update or as a refusal that listeners hear as kind "refused"."""

    def __init__(self, rules: ModuleRules[Any, Move], send: Callable[[str], None],
                 watching: bool = False) -> None:
        self.rules = rules
        self.send = send
        self.seat = 0
        self.watching = watching
        self._view: View | None = None  # None until the table's first update
        self._legal: list[Move] = []
        self._acting = False
        self._over = False
        self._outcome: Outcome | None = None
        self._cursor = 0
        self._state = 0  # the table's state id of the view held
        self._seats = 1
        self._config: dict[str, Any] = {}
        self._deal = 0
        self._can_undo = self._can_redo = False
        self._waiting = False  # a move or command is on its way: no second one until told
        self.position = 0  # updates received
        self.refusal: str | None = None  # the table's last "refused" reason
        self._listeners: list[Listener] = []

    def receive(self, text: str | bytes) -> None:
        data = decode(text)
        if data["type"] == "refused":
            self.refusal = str(data.get("reason", ""))[:200]
            self._waiting = False
            self._tell(Update("refused", self._cursor, 0, self.refusal))
            return
        if data["type"] != "update" or data.get("game") != self.rules.game_id:
            raise ProtocolError("not an update for this game")
        try:
            view = self.rules.observation_from_json(data.get("observation"))
            legal = [self.rules.move_from_json(m) for m in data.get("legal") or []]
            seat, cursor, steps, state, seats, deal = (
                int(data[k]) for k in ("seat", "cursor", "steps", "state_id", "seats", "deal"))
            config = data.get("config")
            if not isinstance(config, dict):
                raise ValueError("options are not a JSON object")
            # A table from before outcomes were sent sends none.
            ending = data.get("outcome")
            outcome = Outcome.from_json(ending) if ending is not None else None
        except (ValueError, TypeError, KeyError) as exc:
            raise ProtocolError(f"bad update: {exc}") from None
        self.seat, self._cursor, self._view, self._legal = seat, cursor, view, legal
        self._state, self._seats, self._config, self._deal = state, seats, config, deal
        self._acting, self._over = bool(data.get("acting")), bool(data.get("over"))
        self._outcome = outcome if self._over else None
        self._waiting = False
        self._can_undo, self._can_redo = data.get("can_undo") is True, \
            data.get("can_redo") is True
        self.position += 1
        self._tell(Update(str(data.get("kind", "play"))[:20], cursor, steps,
                          str(data.get("text", ""))[:200]))

    def _tell(self, update: Update) -> None:
        for callback in list(self._listeners):
            callback(update)

    @property
    def has_view(self) -> bool:
        """Has the table's first update come? A scene is handed this seat only then."""
        return self._view is not None

    @property
    def view(self) -> View:
        """The view last sent; ask ``has_view`` first."""
        if self._view is None:
            raise LookupError("no update from the table yet")
        return self._view

    @property
    def legal_moves(self) -> list[Any]:
        return self._legal

    @property
    def acting(self) -> bool:
        """May this seat move now? Not while its last move is still on its way (a double
        click, or a computer polling each frame, would send it again and again)."""
        return self._acting and not self._waiting

    @property
    def over(self) -> bool:
        return self._over

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def seats(self) -> int:
        return self._seats

    @property
    def config(self) -> dict[str, Any]:
        return dict(self._config)

    @property
    def deal(self) -> int:
        return self._deal

    @property
    def can_undo(self) -> bool:
        return self._can_undo

    @property
    def can_redo(self) -> bool:
        return self._can_redo

    def check(self, move: Any) -> str | None:
        if self._waiting:
            return "Waiting for the table to answer."
        if not self._acting:
            return "It is not your turn."
        return None if move in self._legal else "That move is not allowed now."

    def submit(self, move: Any) -> None:
        reason = self.check(move)
        if reason is not None:
            raise IllegalMove(reason)
        self._waiting = True
        self.send(encode("move", move=self.rules.move_to_json(move), state_id=self._state))

    def undo(self) -> bool:
        """Asks the table; False when the last update said it would not."""
        return self._command("undo") if self._can_undo else False

    def redo(self) -> bool:
        return self._command("redo") if self._can_redo else False

    def restart(self, *, same: bool = False, seed: int | None = None,
                config: Mapping[str, Any] | None = None, undo: bool = True) -> None:
        self._command("restart", same=same, seed=seed,
                      config=dict(config) if config is not None else None, undo=undo)

    def _command(self, name: str, **fields: Any) -> bool:
        self._waiting = True
        self.send(encode("command", name=name, state_id=self._state, **fields))
        return True

    def add_listener(self, callback: Listener) -> None:
        self._listeners.append(callback)

    def remove_listener(self, callback: Listener) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)
