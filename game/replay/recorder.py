"""The move log every game shares: play, undo, redo, seek, save and load a replay.

A log is the game id, rules version, seed, config and the moves; the cursor says
how many moves are in effect. Only the seed and moves are stored, so any state is
rebuilt by re-applying moves. To keep that cheap, states every ``keyframe_every``
moves are kept for good, plus an LRU cache of ``cache_size`` visited states (1000
by default: a whole game for every game we have; a 500-move Pyramid log keeps
about 320 KiB of states). So undo, redo and seek are usually one dictionary
lookup, and past the cache a seek re-applies fewer than ``keyframe_every`` moves.

Undo limits: ``rules.can_undo(before, move)`` is asked once per move, when it is
played (or loaded), and a refused move can never be undone past (e.g. a draw in
draw poker); ``undo_allowed=False`` refuses every undo (a tournament game; the log
keeps the rule). ``seek`` is the replay viewer's free scrub by default; game scenes
use ``seek(k, respect_undo=True)``, which cannot go back past ``undo_floor``.
"""

from __future__ import annotations

import reprlib
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from game.json_limits import is_int, is_text, small_json_problem
from game.rules.base import IllegalMove, Rules

S = TypeVar("S")
M = TypeVar("M")

FORMAT = "card-parlour-replay"
FORMAT_VERSION = 1
# A file's limits. No card game here needs 10,000 moves (a Pyramid game is under 200);
# re-applying that many takes well under a second, so a hostile file cannot stall a load.
MAX_MOVES = 10_000
MAX_DIGEST = 128  # characters in one stored state digest
# What the rules may raise when handed a file's values (options, moves) they were not
# written for; any of them means the file is unusable, not that the program is broken.
_BAD_VALUE = (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError,
              RecursionError)

ChangeKind = Literal["play", "undo", "redo", "seek", "reset"]


class ReplayError(ValueError):
    """A replay file that cannot be loaded; the message is meant for the player."""


@dataclass(frozen=True, slots=True)
class CursorChange(Generic[S, M]):
    """What a listener is told after every cursor change."""

    kind: ChangeKind
    old_cursor: int
    new_cursor: int
    old_state: S
    new_state: S
    move: M | None  # the move played, undone or redone; None for seek and reset


Listener = Callable[[CursorChange[Any, Any]], None]


class Recorder(Generic[S, M]):
    """One game's move log with a cursor; see the module docstring."""

    def __init__(self, rules: Rules[S, M], seed: int, config: Mapping[str, Any] | None = None,
                 keyframe_every: int = 25, digest_every: int = 10, *,
                 undo_allowed: bool = True, cache_size: int = 1000,
                 meta: Mapping[str, Any] | None = None) -> None:
        if keyframe_every < 1 or digest_every < 1:
            raise ValueError("keyframe_every and digest_every must be at least 1")
        self.rules = rules
        self.keyframe_every = keyframe_every
        self.digest_every = digest_every
        self.undo_allowed = undo_allowed
        # Must hold a whole keyframe segment, or walking backwards would rebuild it per step.
        self.cache_size = max(cache_size, keyframe_every)
        self.meta: dict[str, Any] = dict(meta or {})
        self._listeners: list[Listener] = []
        self._start(seed, config)

    def _start(self, seed: int, config: Mapping[str, Any] | None) -> None:
        initial = self.rules.new_game(seed, dict(config or {}))  # may raise: change nothing
        self.seed = seed
        self.config: dict[str, Any] = dict(config or {})
        self._initial: S = initial
        self._moves: list[M] = []
        self._undoable: list[bool] = []  # rules.can_undo for each move, asked when played
        self._keyframes: dict[int, S] = {0: self._initial}
        self._cache: OrderedDict[int, S] = OrderedDict()  # LRU of non-keyframe states
        self._digests: dict[int, str] = {}
        self._cursor = 0
        self._state: S = self._initial

    # -- reading ---------------------------------------------------------------------

    @property
    def game_id(self) -> str:
        return self.rules.game_id

    @property
    def state(self) -> S:
        return self._state

    @property
    def initial_state(self) -> S:
        return self._initial

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def length(self) -> int:
        return len(self._moves)

    @property
    def moves(self) -> tuple[M, ...]:
        return tuple(self._moves)

    @property
    def undo_floor(self) -> int:
        """The lowest cursor that undo (or a play seek) can reach from here."""
        if not self.undo_allowed:
            return self._cursor
        k = self._cursor
        while k > 0 and self._undoable[k - 1]:
            k -= 1
        return k

    @property
    def can_undo(self) -> bool:
        return self.undo_allowed and self._cursor > 0 and self._undoable[self._cursor - 1]

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._moves)

    def state_at(self, index: int) -> S:
        """The state after ``index`` moves (0 <= index <= length), without moving the cursor."""
        if not 0 <= index <= len(self._moves):
            raise IndexError(f"no position {index} in a log of {len(self._moves)} moves")
        found = self._known(index)
        if found is not None:
            return found[0]
        # Start from the latest known state in this keyframe segment, then re-apply.
        start = index - index % self.keyframe_every
        state = self._keyframes[start]
        for j in range(index - 1, start, -1):
            found = self._known(j)
            if found is not None:
                start, state = j, found[0]
                break
        for j in range(start, index):
            state = self.rules.apply(state, self._moves[j])
            self._remember(j + 1, state)
        return state

    # -- changing --------------------------------------------------------------------

    def add_listener(self, callback: Listener) -> None:
        """``callback(change)`` after every cursor change; held by a strong reference."""
        self._listeners.append(callback)

    def remove_listener(self, callback: Listener) -> None:
        self._listeners.remove(callback)

    def play(self, move: M) -> S:
        """Apply ``move`` at the cursor, dropping any redo tail. IllegalMove changes nothing."""
        old_cursor, old_state = self._cursor, self._state
        new_state = self._append(move)
        self._notify("play", old_cursor, old_state, move)
        return new_state

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        move = self._moves[self._cursor - 1]
        self._move_to(self._cursor - 1, "undo", move)
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        move = self._moves[self._cursor]
        self._move_to(self._cursor + 1, "redo", move)
        return True

    def seek(self, k: int, *, respect_undo: bool = False) -> bool:
        """Move the cursor to ``k`` (0..length). The default is the viewer's free seek;
        with ``respect_undo`` a seek below ``undo_floor`` is refused (returns False)."""
        if not 0 <= k <= len(self._moves):
            raise IndexError(f"cannot seek to {k} in a log of {len(self._moves)} moves")
        if respect_undo and k < self.undo_floor:
            return False
        if k != self._cursor:
            self._move_to(k, "seek", None)
        return True

    def reset(self, seed: int | None = None, config: Mapping[str, Any] | None = None) -> None:
        """Empty the log and deal again: the same deal by default, or a new seed/config.
        ``meta`` is kept; clear or update it yourself (e.g. the result)."""
        old_cursor, old_state = self._cursor, self._state
        self._start(self.seed if seed is None else seed,
                    self.config if config is None else config)
        self._notify("reset", old_cursor, old_state, None)

    # -- files -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The replay as a JSON-able dict (see module docstring for the format)."""
        n = len(self._moves)
        # Digests every digest_every moves, plus the deal and the end so no move goes unchecked.
        marks = {0, n, *range(self.digest_every, n + 1, self.digest_every)}
        digests = {str(i): self._digests.get(i) or self.rules.state_digest(self.state_at(i))
                   for i in sorted(marks)}
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.rules.game_id,
            "rules_version": self.rules.version,
            "seed": self.seed,
            "config": dict(self.config),
            "moves": [self.rules.move_to_json(m) for m in self._moves],
            "cursor": self._cursor,
            "digests": digests,
            "meta": dict(self.meta),
            "undo": self.undo_allowed,  # False: a game played without take-backs
        }

    @classmethod
    def from_json(cls, data: Any, rules_by_id: Mapping[str, Rules[Any, Any]],
                  **options: Any) -> Recorder[Any, Any]:
        """Rebuild a recorder, re-applying every move and checking every stored digest.
        ``options`` go to the constructor (keyframe_every, undo_allowed, ...).
        Raises ReplayError with a message for the player."""
        header = _check_header(data, rules_by_id)
        rules = rules_by_id[header["game"]]
        try:  # bad options in the file must be a ReplayError, not a crash
            rules.new_game(header["seed"], dict(header["config"]))
        except _BAD_VALUE as exc:
            raise ReplayError(f"replay's game options are not valid: {_brief(exc)}") from exc
        options.setdefault("undo_allowed", header["undo"])
        rec = cls(rules, header["seed"], header["config"], meta=header["meta"], **options)
        digests = header["digests"]
        rec._check_digest(0, digests)
        for number, raw in enumerate(header["moves"], start=1):
            try:
                move = rules.move_from_json(raw)
            except _BAD_VALUE as exc:
                raise ReplayError(f"replay move {number} is unreadable "
                                  f"({_brief(raw)})") from exc
            try:
                rec._append(move)
            except IllegalMove as exc:
                raise ReplayError(f"replay move {number} is illegal: {exc.reason}") from exc
            except _BAD_VALUE as exc:
                raise ReplayError(f"replay move {number} is not a move of this game "
                                  f"({_brief(raw)})") from exc
            rec._check_digest(number, digests)
        rec._cursor, rec._state = header["cursor"], rec.state_at(header["cursor"])
        return rec

    # -- internals -------------------------------------------------------------------

    def _append(self, move: M) -> S:
        before = self._state
        after = self.rules.apply(before, move)  # may raise: nothing has changed yet
        undoable = bool(self.rules.can_undo(before, move))
        if self._cursor < len(self._moves):
            self._truncate(self._cursor)
        self._moves.append(move)
        self._undoable.append(undoable)
        self._cursor += 1
        self._state = after
        self._remember(self._cursor, after)
        if self._cursor % self.digest_every == 0:
            self._digests[self._cursor] = self.rules.state_digest(after)
        return after

    def _truncate(self, keep: int) -> None:
        del self._moves[keep:]
        del self._undoable[keep:]
        for table in (self._keyframes, self._cache, self._digests):
            for i in [i for i in table if i > keep]:
                del table[i]

    def _move_to(self, k: int, kind: ChangeKind, move: M | None) -> None:
        old_cursor, old_state = self._cursor, self._state
        if kind == "redo" and self._known(k) is None:
            new_state = self.rules.apply(old_state, self._moves[old_cursor])
            self._remember(k, new_state)
        else:
            new_state = self.state_at(k)
        self._cursor, self._state = k, new_state
        self._notify(kind, old_cursor, old_state, move)

    def _known(self, index: int) -> tuple[S] | None:
        """A known state wrapped in a tuple (so any state value, even None, is a hit)."""
        if index == self._cursor:
            return (self._state,)
        if index in self._keyframes:
            return (self._keyframes[index],)
        if index in self._cache:
            self._cache.move_to_end(index)
            return (self._cache[index],)
        return None

    def _remember(self, index: int, state: S) -> None:
        if index % self.keyframe_every == 0:
            self._keyframes[index] = state
            return
        self._cache[index] = state
        self._cache.move_to_end(index)
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    def _notify(self, kind: ChangeKind, old_cursor: int, old_state: S, move: M | None) -> None:
        if not self._listeners:
            return
        change = CursorChange(kind, old_cursor, self._cursor, old_state, self._state, move)
        for callback in list(self._listeners):  # a listener may remove itself
            callback(change)

    def _check_digest(self, index: int, digests: Mapping[int, str]) -> None:
        expected = digests.get(index)
        if expected is None:
            return
        actual = self.rules.state_digest(self.state_at(index))
        if actual == expected:
            return
        if index == 0:
            raise ReplayError("replay's starting deal does not match its seed: "
                              "file made by a different rules version?")
        raise ReplayError(f"replay diverges from the rules at move {index}: "
                          "file made by a different rules version?")


def _brief(value: Any) -> str:
    """A short repr for a message: a file's values can be megabytes long or deeply nested."""
    text = str(value) if isinstance(value, BaseException) else reprlib.repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def replay_problem(data: Any) -> str | None:
    """Why ``data`` is not a well-formed replay of any game (wrong types, sizes, digest
    keys), or None. A well-formed replay may still fail to load: an unknown game or
    rules version, an illegal move (perhaps a newer program made it)."""
    try:
        _check_shape(data)
    except ReplayError as exc:
        return str(exc)
    return None


def _check_header(data: Any, rules_by_id: Mapping[str, Rules[Any, Any]]) -> dict[str, Any]:
    """Validate everything but the moves themselves; digests come back keyed by int."""
    header = _check_shape(data)
    game, rules_version = header["game"], data.get("rules_version")
    if game not in rules_by_id:
        raise ReplayError(f"replay is of an unknown game {game!r}")
    if rules_version != rules_by_id[game].version:
        raise ReplayError(f"replay was made with {game} rules version {rules_version!r}; "
                          f"this program has version {rules_by_id[game].version}")
    return header


def _check_shape(data: Any) -> dict[str, Any]:
    """Every value checked for type and size before it is used, even in a message."""
    if not isinstance(data, Mapping):
        raise ReplayError("not a replay: expected a JSON object")
    if data.get("format") != FORMAT:
        raise ReplayError(f"not a replay: format is {_brief(data.get('format'))}, "
                          f"expected {FORMAT!r}")
    version = data.get("version")
    if not is_int(version) or version != FORMAT_VERSION:
        newer = is_int(version) and version > FORMAT_VERSION
        raise ReplayError(f"replay file version {_brief(version)} is not supported"
                          + (": it was made by a newer program" if newer else ""))
    game, rules_version = data.get("game"), data.get("rules_version")
    if not is_text(game, 40):
        raise ReplayError(f"replay's game {_brief(game)} is not a game name")
    if not is_int(rules_version):
        raise ReplayError(f"replay's rules version {_brief(rules_version)} is not a number")
    seed, config, moves = data.get("seed"), data.get("config", {}), data.get("moves")
    meta, cursor, digests = data.get("meta", {}), data.get("cursor"), data.get("digests", {})
    undo = data.get("undo", True)
    if not isinstance(undo, bool):
        raise ReplayError(f"replay's undo rule {_brief(undo)} is not true or false")
    if not is_int(seed):
        raise ReplayError(f"replay seed {_brief(seed)} is not a whole number "
                          "that fits in 64 bits")
    for name, value in (("config", config), ("meta", meta)):
        problem = ("is not a JSON object" if not isinstance(value, dict)
                   else small_json_problem(value))
        if problem:
            raise ReplayError(f"replay {name} {problem}")
    if not isinstance(moves, list):
        raise ReplayError("replay has no move list")
    if len(moves) > MAX_MOVES:
        raise ReplayError(f"replay has {len(moves)} moves, more than any game can need "
                          f"({MAX_MOVES})")
    if cursor is None:
        cursor = len(moves)
    if not is_int(cursor, 0, len(moves)):
        raise ReplayError(f"replay cursor {_brief(cursor)} is outside its {len(moves)} moves")
    if not isinstance(digests, Mapping):
        raise ReplayError("replay digests must be a JSON object")
    checked: dict[int, str] = {}
    for key, value in digests.items():
        # isdigit() alone accepts "²" and other digits int() refuses: ASCII only
        good_key = isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 6
        index = int(key) if good_key else -1
        if not 0 <= index <= len(moves) or not is_text(value, MAX_DIGEST):
            raise ReplayError(f"replay has a bad digest entry {_brief(key)}: {_brief(value)}")
        checked[index] = value
    return {"game": game, "seed": seed, "config": dict(config), "moves": moves,
            "cursor": cursor, "digests": checked, "meta": dict(meta), "undo": undo}
