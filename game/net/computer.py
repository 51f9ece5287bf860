"""The computer at network tables: which agent a level means for a game, and moves
thought out on a worker thread from the seat's own view and legal moves (never the
state), played back on the event loop."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from game.rules.registry import GAME_BY_ID, load
from game.session import Session

THINK_LIMIT = 1.0  # seconds a searching player may think at a table
PREFERRED = ("medium", "quick", "greedy")  # a computer seat's level unless one is chosen
FALLBACK = ("easy", "quick", "greedy", "random")  # the turn timer's move for someone away

log = logging.getLogger(__name__)


def levels(game_id: str) -> tuple[str, ...]:
    return GAME_BY_ID[game_id].agents


def _first(game_id: str, wanted: tuple[str, ...]) -> str:
    known = levels(game_id)
    return next((level for level in wanted if level in known), known[0])


def default_level(game_id: str) -> str:
    return _first(game_id, PREFERRED)


def fallback_level(game_id: str) -> str:
    return _first(game_id, FALLBACK)


def make_agent(game_id: str, level: str, seed: int = 0) -> Any:
    """The game's computer player ``level``; ValueError for a level it does not have."""
    entry = GAME_BY_ID[game_id]
    if level not in entry.agents:
        raise ValueError(f"{entry.title} has no computer player {level!r}: "
                         f"choose {', '.join(entry.agents)}")
    return load(entry.agent_factory)(level, seed=seed, time_limit=THINK_LIMIT)


class ComputerSeats:
    """Computer players for one table, one move at a time per seat."""

    def __init__(self, game_id: str, executor: Executor | None) -> None:
        self.game_id = game_id
        self.executor = executor
        self._agents: dict[tuple[int, str], Any] = {}
        self._busy: set[int] = set()
        self._closed = False
        self.tasks: set[asyncio.Task[None]] = set()

    def new_match(self) -> None:
        for agent in self._agents.values():
            agent.new_game()

    def consider(self, session: Session, seat: int, level: str,
                 wanted: Callable[[], bool]) -> None:
        """Play one move for ``seat`` when it may act, while ``wanted()`` holds."""
        if self._closed or seat in self._busy or seat not in session.acting_seats():
            return
        self._busy.add(seat)
        task = asyncio.get_running_loop().create_task(self._move(session, seat, level, wanted))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def close(self) -> None:
        """Stop thinking: no new moves, and the ones under way are dropped."""
        self._closed = True
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    def _agent(self, seat: int, level: str) -> Any:
        key = (seat, level)
        if key not in self._agents:
            self._agents[key] = make_agent(self.game_id, level, seed=seat)
            self._agents[key].new_game()
        return self._agents[key]

    async def _move(self, session: Session, seat: int, level: str,
                    wanted: Callable[[], bool]) -> None:
        loop = asyncio.get_running_loop()
        agent = self._agent(seat, level)
        try:
            # Another seat may move while this one thinks (the races): think again then.
            while wanted() and seat in session.acting_seats():
                position, legal = session.position, list(session.legal_moves(seat))
                try:
                    thinking = loop.run_in_executor(self.executor, agent.act,
                                                    session.view(seat), legal)
                except RuntimeError:  # its pool is shut: the server or the program is
                    return  # ending (at exit Python shuts every pool), no move is wanted
                try:
                    move = await thinking
                except Exception:  # a broken player must not stall the table
                    log.exception("computer player %s failed; playing a legal move", level)
                    move = None
                if session.position == position and (move is None or session.check(seat, move)):
                    move = legal[0]  # its own mistake, not a change at the table
                if move is not None and wanted() and session.check(seat, move) is None:
                    session.submit(seat, move)
                    return
        finally:
            self._busy.discard(seat)
