"""A computer player over the network: it connects like a person, knows only the
messages its seat is sent, thinks on a worker thread and plays until the server
closes."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from game.net import computer
from game.net.client import NetClient
from game.net.link import LinkClosed
from game.net.protocol import Bye, Error, MatchEnd, Next, ProtocolError, Seat
from game.rules.base import IllegalMove
from game.rules.registry import RULES_BY_ID
from game.seat_json import JsonClient
from game.seat_json import ProtocolError as SeatProtocolError

log = logging.getLogger(__name__)


class Bot:
    """Plays one seat with an agent; ``run`` returns when the connection ends."""

    def __init__(self, client: NetClient, level: str, seed: int = 0) -> None:
        game = client.welcome.game
        if level not in computer.levels(game):
            log.warning("%s has no %r player: playing %s", game, level,
                        computer.default_level(game))
            level = computer.default_level(game)
        self.client = client
        self.agent = computer.make_agent(game, level, seed)
        self.agent.new_game()
        self.seat: JsonClient[Any, Any] = JsonClient(RULES_BY_ID[game], client.send_seat)
        self.matches = 0
        self._thinking: asyncio.Task[None] | None = None
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-think")

    async def run(self) -> int:
        """Matches seen to the end."""
        try:
            while True:
                message = await self.client.recv()
                if isinstance(message, Seat):
                    self.seat.receive(message.body)
                    self._think()
                elif isinstance(message, MatchEnd):
                    self.matches += 1
                    self.agent.new_game()
                    if message.next:
                        self.client.send(Next())  # a computer is always ready
                elif isinstance(message, Error):
                    log.warning("server: %s", message.message)
                elif isinstance(message, Bye):
                    break
        except (LinkClosed, ProtocolError, SeatProtocolError) as exc:
            log.info("connection ended: %s", exc)
        finally:
            if self._thinking is not None:
                self._thinking.cancel()
            self.client.link.abort("done")
            self._worker.shutdown(wait=False, cancel_futures=True)
        return self.matches

    def _think(self) -> None:
        if self.seat.acting and not self.seat.over and self._thinking is None:
            self._thinking = asyncio.get_running_loop().create_task(self._move())

    async def _move(self) -> None:
        position = self.seat.position
        view, legal = self.seat.view, list(self.seat.legal_moves)
        move: Any = await asyncio.get_running_loop().run_in_executor(
            self._worker, self.agent.act, view, legal)
        self._thinking = None
        if self.seat.position != position:  # the table moved on while we thought
            self._think()
        elif move is not None:
            try:
                self.seat.submit(move)
            except IllegalMove as exc:
                log.warning("our own move was refused: %s", exc.reason)


async def play(host: str, port: int, name: str, level: str, table: str = "") -> int:
    client = await NetClient.connect(host, port, name, table=table)
    return await Bot(client, level).run()
