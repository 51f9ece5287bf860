"""What every game's rules module provides, so the recorder, the AI, the network
and the scenes can treat games alike (after OpenSpiel's python games).

A rules module is pure: states are immutable, ``apply`` returns a new state, the
deal comes from a seed handed in from outside and nothing else is random.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

State = TypeVar("State")
Move = TypeVar("Move")


class IllegalMove(ValueError):
    """A move the rules refuse; ``reason`` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Rules(Protocol[State, Move]):
    """One game's rules. ``config`` is a JSON-able dict of rule options."""

    game_id: str
    version: int

    def new_game(self, seed: int, config: dict[str, Any]) -> State: ...

    def legal_moves(self, state: State) -> list[Move]: ...

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move``; raises IllegalMove with a reason if it is not legal."""
        ...

    def current_player(self, state: State) -> int: ...

    def is_over(self, state: State) -> bool: ...

    def score(self, state: State) -> Any: ...

    def observe(self, state: State, player: int) -> Any:
        """What ``player`` may see: hidden cards carry no identity."""
        ...

    def can_undo(self, before: State, move: Move) -> bool:
        """May the player take ``move`` back (played from ``before``)?"""
        ...

    def move_to_json(self, move: Move) -> Any: ...

    def move_from_json(self, data: Any) -> Move: ...

    def state_digest(self, state: State) -> str:
        """A short stable text that changes whenever the state does (for replay checks)."""
        ...
