"""The computer's seats at a card table, as a part a card scene composes: which seats
the computer holds (a demo, Auto, computer opponents), the pause before each of its
moves, and the demo's pause between deals.

Its interface to the scene is ``SeatHost`` (the seat, its client and session, the
game's agents, the settings' thinking pace, and the scene's hook
``computers_may_act``). The scene calls ``set`` to hand a seat over or take it back,
``update`` once a frame, ``demo_over`` when a demo deal has ended and ``close`` when
it leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.engine.game_record import COMPUTER, RecordKeeper
from game.engine.jobs import Background
from game.engine.seats import ComputerSeat
from game.rules.registry import GameEntry, load
from game.session import SeatClient, Session
from game.settings import ai_delay

if TYPE_CHECKING:
    from game.engine.app import App

DEMO_PAUSE = 2.5  # seconds a finished demo deal stays on screen before the next


class SeatHost(Protocol):
    """What the computer seats need of the scene they play at."""

    app: App
    seat: int
    client: SeatClient[Any, Any]
    session: Session | None
    entry: GameEntry
    jobs: Background
    records: RecordKeeper
    computer_time_limit: float | None
    demo: bool
    viewer: bool

    @property
    def over(self) -> bool: ...

    def computers_may_act(self) -> bool: ...

    def new_game(self, seed: int | None = None, *, same: bool = False,
                 undo: bool = True) -> bool: ...


class ComputerSeats:
    def __init__(self, host: SeatHost, agent_seed: int) -> None:
        self.host = host
        self.agent_seed = agent_seed  # each seat's agent is seeded from it
        self.by_seat: dict[int, ComputerSeat] = {}
        self._wait = 0.0  # seconds before the next computer move may be played
        self._demo_wait = 0.0  # seconds a finished demo deal still shows

    def set(self, seat: int, on: bool, agent: str | None = None) -> None:
        """Hand ``seat`` to the computer (demo, Auto, a computer opponent) or take it back.
        A table held elsewhere lends only the scene's own seat."""
        host = self.host
        old = self.by_seat.pop(seat, None)
        if old is not None:
            old.close()
        client = host.client if seat == host.seat \
            else host.session.client(seat) if host.session is not None else None
        if on and client is not None:
            name = agent or host.entry.agents[0]
            player = load(host.entry.agent_factory)(name, seed=self.agent_seed + seat,
                                                    time_limit=host.computer_time_limit)
            self.by_seat[seat] = ComputerSeat(client, player, host.jobs)
            self._wait = 0.0

    def demo_over(self) -> None:
        """A demo deal ended: the next is dealt after a pause."""
        self._demo_wait = DEMO_PAUSE

    def update(self, dt: float, animating: bool) -> None:
        """Deal the demo's next game when its pause is over; else let an acting computer
        play once its pause is over (``animating``: the table is still moving)."""
        host = self.host
        if host.demo and host.over and not host.viewer:
            self._demo_wait -= dt
            if self._demo_wait <= 0:
                host.new_game()
            return
        if self.by_seat and not host.over and not animating and host.computers_may_act():
            acting = [c for c in self.by_seat.values() if c.client.acting]
            if acting:
                self._move(acting, dt)
            else:  # the pause before a computer's move starts when its turn comes (a
                # person's long drag used it up, and the answer came the frame after)
                self._wait = ai_delay(host.app.settings)

    def _move(self, acting: list[ComputerSeat], dt: float) -> None:
        """Each acting computer thinks from the start of its turn; the first with its
        move ready plays it once the pause is over."""
        self._wait -= dt
        for computer in acting:
            move: Any = computer.poll()
            if move is not None and self._wait <= 0:
                self._wait = ai_delay(self.host.app.settings)
                computer.client.submit(move)
                self.host.records.hands.note(computer.client.seat, COMPUTER)
                return

    def close(self) -> None:
        for computer in self.by_seat.values():
            computer.close()
