"""What every game's rules provide, so the recorder, the sessions, the computer
players, the network and the scenes can treat games alike (after OpenSpiel's python
games and boardgame.io's player views).

A rules module is pure: states are immutable, ``apply`` returns a new state, the
deal comes from a seed handed in from outside and nothing else is random. Each game
writes module-level functions (see ``ModuleRules`` for the list) and exposes
``RULES = ModuleRules(sys.modules[__name__])``; the registry lists that object.

Seats are numbered from 0. ``current_player`` is a seat, ``NOBODY`` once the game is
over, or ``SIMULTANEOUS`` when several seats may move at once (Poker Squares' races);
``acting_seats`` then says which. ``SPECTATOR`` observes what the whole table sees
(a game that has such a view writes ``observe_public``). A move carries its seat
itself where a game has more than one, so a move log replays with nothing beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from game.rules import views
from game.rules.outcome import Mode, Outcome

NOBODY = -1
SIMULTANEOUS = -2
SPECTATOR = -3  # the seat of a watcher: sees what the table shows everyone, no hand


class IllegalMove(ValueError):
    """A move the rules refuse; ``reason`` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a table needs to know before the first deal."""

    min_seats: int = 1
    max_seats: int = 1
    hidden_information: bool = False  # do seats see different things?
    decks: int = 1
    simultaneous: bool = False  # may several seats act at once?


S = TypeVar("S")  # a game's state
M = TypeVar("M")  # a game's move


class RulesModule(Protocol[S, M]):
    """What a game's rules module defines (ModuleRules lists them; the optional names are
    looked up when asked for). The registry has the type checker hold every game's
    module to it, so its functions' types are checked as well as their names."""

    @property
    def GAME_ID(self) -> str: ...
    @property
    def RULES_VERSION(self) -> int: ...
    @property
    def INFO(self) -> GameInfo: ...
    @property
    def VIEW(self) -> type: ...

    def new_game(self, seed: int, config: dict[str, Any]) -> S: ...
    def current_player(self, state: S) -> int: ...
    def legal_moves(self, state: S, seat: int) -> list[M]: ...
    def check(self, state: S, move: M, seat: int | None) -> None: ...
    def apply(self, state: S, move: M) -> S: ...
    def returns(self, state: S) -> Iterable[float]: ...
    def figures(self, state: S) -> Mapping[str, bool | float]: ...
    def outcome(self, state: S) -> Outcome: ...
    def mode(self, state: S) -> Mode: ...
    def observe(self, state: S, seat: int) -> Any: ...
    def hidden_cards(self, state: S, seat: int) -> Iterable[str]: ...
    def move_to_json(self, move: M) -> Any: ...
    def move_from_json(self, data: Any) -> M: ...
    def describe(self, move: M) -> str: ...
    def state_digest(self, state: S) -> str: ...


class ModuleRules(Generic[S, M]):
    """One game's rules, forwarded to its module's functions.

    Every game module defines ``GAME_ID``, ``RULES_VERSION``, ``INFO`` (GameInfo),
    ``VIEW`` (the observation dataclass) and the functions ``new_game(seed, config)``,
    ``legal_moves(state, seat)``, ``check(state, move, seat)`` (raise IllegalMove),
    ``apply(state, move)`` (checks first), ``current_player(state)``, ``returns(state)``
    (a score per seat), ``observe(state, seat)``, ``hidden_cards(state, seat)`` (uids that seat may
    not see), ``move_to_json``, ``move_from_json``, ``state_digest``, ``describe(move)``
    ``figures(state)`` (for ``simulate``: bools become rates, numbers means), and for a
    finished game ``outcome(state)`` (game.rules.outcome: each seat won, lost or drew)
    and, at any time, ``mode(state)`` (the rules it is played under).
    Optional: ``acting_seats(state)`` (simultaneous games), ``seat_count(state)``
    (default ``INFO.min_seats``), ``can_undo(before, move)`` (default: always), and
    ``QUICK_CONFIG``, a short game for random playouts (tests, the fuzzer) where a
    whole game between random players runs to thousands of moves.

    Each game declares ``RULES: ModuleRules[State, Move]``, so that callers are checked
    against its state and move types, and the registry checks its module (RulesModule).
    """

    def __init__(self, module: RulesModule[S, M]) -> None:
        self.module = module
        self.game_id: str = module.GAME_ID
        self.version: int = module.RULES_VERSION
        self.info: GameInfo = module.INFO
        self.view_type: type = module.VIEW

    def _optional(self, name: str) -> Callable[..., Any] | None:
        return getattr(self.module, name, None)

    @property
    def quick_config(self) -> dict[str, Any]:
        return dict(getattr(self.module, "QUICK_CONFIG", {}))

    # -- the game ------------------------------------------------------------------

    def new_game(self, seed: int, config: dict[str, Any]) -> S:
        return self.module.new_game(seed, config)

    def seat_count(self, state: S) -> int:
        count = self._optional("seat_count")
        return count(state) if count else self.info.min_seats

    def current_player(self, state: S) -> int:
        return self.module.current_player(state)

    def acting_seats(self, state: S) -> tuple[int, ...]:
        """The seats that may move now (none once the game is over)."""
        player = self.current_player(state)
        if player == NOBODY:
            return ()
        if player == SIMULTANEOUS:
            acting = self._optional("acting_seats")
            assert acting is not None  # a game with simultaneous turns writes acting_seats
            return tuple(acting(state))
        return (player,)

    def is_over(self, state: S) -> bool:
        return self.current_player(state) == NOBODY

    def legal_moves(self, state: S, seat: int | None = None) -> list[M]:
        """Every move ``seat`` may make now; with no seat, every acting seat's moves."""
        seats = self.acting_seats(state)
        if seat is not None:
            return self.module.legal_moves(state, seat) if seat in seats else []
        return [m for s in seats for m in self.module.legal_moves(state, s)]

    def check(self, state: S, move: M, seat: int | None = None) -> None:
        """Raise IllegalMove with the reason a player is told, or return if legal."""
        if self.is_over(state):
            raise IllegalMove("The game is over.")
        self.module.check(state, move, seat)

    def apply(self, state: S, move: M) -> S:
        """The state after ``move``; raises IllegalMove with a reason if it is not legal
        (a module's ``apply`` checks the move itself, so its own callers are safe too)."""
        return self.module.apply(state, move)

    def can_undo(self, before: S, move: M) -> bool:
        allowed = self._optional("can_undo")
        return bool(allowed(before, move)) if allowed else True

    def returns(self, state: S) -> tuple[float, ...]:
        return tuple(self.module.returns(state))

    def figures(self, state: S) -> dict[str, bool | float]:
        return dict(self.module.figures(state))

    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, seat by seat; None while it is still being played."""
        return self.module.outcome(state) if self.is_over(state) else None

    def mode(self, state: S) -> Mode:
        return self.module.mode(state)

    # -- what a seat sees ----------------------------------------------------------

    def observe(self, state: S, seat: int = 0) -> Any:
        """What ``seat`` may see: hidden cards carry no identity. ``SPECTATOR``: what
        everyone sees (ValueError for a game without a public view)."""
        if seat == SPECTATOR:
            public = self._optional("observe_public")
            if public is None:
                raise ValueError(f"{self.game_id} has no view for spectators")
            return public(state)
        return self.module.observe(state, seat)

    @property
    def has_public_view(self) -> bool:
        return self._optional("observe_public") is not None

    def observation_json(self, state: S, seat: int = 0,
                         shared: views.SharedParts | None = None) -> Any:
        """``observe(state, seat)`` as JSON; pass one ``shared`` for every seat of a
        position to turn the parts their views share into JSON once."""
        return views.to_json(self.observe(state, seat), shared)

    def observation_from_json(self, data: Any) -> Any:
        """The view back from its JSON form; ValueError if it is not one."""
        return views.from_json(self.view_type, data)

    def hidden_cards(self, state: S, seat: int) -> frozenset[str]:
        """Uids of the cards ``seat`` may not see (for the property tests)."""
        return frozenset(self.module.hidden_cards(state, seat))

    # -- moves as text -------------------------------------------------------------

    def move_to_json(self, move: M) -> Any:
        return self.module.move_to_json(move)

    def move_from_json(self, data: Any) -> M:
        """The move back from JSON; ValueError (or TypeError) if it is not one."""
        return self.module.move_from_json(data)

    def describe(self, move: M) -> str:
        """A short sentence for messages and replays."""
        return self.module.describe(move)

    def state_digest(self, state: S) -> str:
        """A short stable text that changes whenever the state does (for replay checks)."""
        return self.module.state_digest(state)


Rules = ModuleRules
