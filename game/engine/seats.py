"""Who plays each seat at a table: a local human (with the devices that seat listens
to), or the computer. A remote seat needs no controller here: its moves arrive
through the session's ``SeatPort``.

A computer seat is handed only its own ``SeatClient``: the observation and the legal
moves, never the state. It thinks on a worker thread so frames never wait.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai import Agent
from game.engine.jobs import PENDING, Background
from game.session import SeatClient, Update

ALL_DEVICES = frozenset({"keyboard", "mouse", "pad"})


@dataclass
class HumanSeat:
    """A person at this machine. ``devices`` are the input sources that act for the
    seat: "keyboard", "mouse", "pad" (any pad) or "pad:<id>" (one pad), so two people
    can share a screen in the race modes, each with their own device."""

    seat: int
    devices: frozenset[str] = ALL_DEVICES
    name: str = "Player"

    def owns(self, device: str, pad: int | None = None) -> bool:
        return device in self.devices or (pad is not None and f"pad:{pad}" in self.devices)


@dataclass
class ComputerSeat:
    """The computer at one seat: asks its agent for a move whenever the seat may act."""

    client: SeatClient[Any, Any]  # any game's: the agent reads its view
    agent: Agent[Any, Any]
    jobs: Background
    name: str = "Computer"

    def __post_init__(self) -> None:
        self.client.add_listener(self._changed)
        self.agent.new_game()

    @property
    def seat(self) -> int:
        return self.client.seat

    def _changed(self, update: Update) -> None:
        if update.kind == "reset":
            self.agent.new_game()

    def poll(self) -> Any | None:
        """The move to play now, or None (not this seat's turn, or still thinking)."""
        if not self.client.acting:
            return None
        name = f"seat-{self.seat}"
        position = self.client.position
        answer = self.jobs.result(name, position)
        if answer is PENDING:
            self.jobs.start(name, position, self.agent.act, self.client.view,
                            list(self.client.legal_moves))
            return None
        return answer

    def close(self) -> None:
        self.client.remove_listener(self._changed)
