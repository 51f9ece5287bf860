"""A second person at the Poker Squares table: they play the smaller matrix with a device
of their own while the first player keeps the rest, so in the race modes both act at
the same moment, each with their own device and cursor.

Player 2 joins first: A on a game controller makes that controller theirs (and only
that one: another controller plays for Player 1), K makes the keyboard theirs (Player 1
keeps the mouse and any controller). Until then every device is Player 1's.
D-pad, stick or arrows: move their cursor over their matrix. A (Enter, Space): place
the waiting card there (or Pass / Done when their matrix is full). X: throw the card
into a free reject square. The moves go through that seat's own client: the rules check
them as any. Every other key or button on Player 2's device (letters for the rules,
help, hint, players; Esc, F1, F10, Start, Back) works the table as Player 1's would.

Only at a table this machine holds: at a network table there is no Player 2 here (a
guest's own seat is seat 1, and every device of his plays it, as seat 0's play it for
a person alone)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.engine.actions import Act, Action
from game.engine.seats import ALL_DEVICES, HumanSeat
from game.engine.ui import Hud
from game.rules import poker_squares as P
from game.session import SeatClient, Session

if TYPE_CHECKING:
    from game.engine.app import App

SECOND = 1
KEYBOARD = "keyboard"
JOIN_KEY = "k"  # Player 2 takes the keyboard
STEPS = {Act.UP: (-1, 0), Act.DOWN: (1, 0), Act.LEFT: (0, -1), Act.RIGHT: (0, 1)}
# Player 1's keys for placing cards: with the keyboard Player 2's, they do nothing (one
# slip would place Player 1's card); the other letters (rules, help, hint...) stay the
# table's.
FIRST_PLAY_KEYS = frozenset("12345gdp")


class SecondHost(Protocol):
    """What Player 2's part needs of the table it sits at."""

    app: App
    hud: Hud
    session: Session | None  # None at a network table: no Player 2 here
    seat: int
    humans: list[HumanSeat]  # replaced when Player 2 takes or gives back a device

    @property
    def viewer(self) -> bool: ...

    def human_for(self, action: Action) -> HumanSeat | None: ...

    def second_name(self) -> str: ...

    def second_joined(self) -> None: ...


@dataclass
class SecondPlayer:
    """Player 2 at this machine: their square (``cursor``; None: no such person) and
    their device (``device``: "pad:<id>" or "keyboard" once they have joined)."""

    host: SecondHost
    cursor: int | None = None
    device: str | None = None

    @property
    def seated(self) -> bool:
        """Does a person play Player 2 here (joined or not yet)?"""
        return self.cursor is not None

    def seat(self, on: bool) -> None:
        """Give seat 1 to a person (``on``), or hand all devices back. Never at a
        network table: seat 1 there is someone else's, or this machine's own."""
        if on and self.host.session is not None:
            self.cursor = 12 if self.cursor is None else self.cursor
        else:
            self.cursor = None
            self.device = None
        self.assign_devices()

    def assign_devices(self) -> None:
        """Player 2's device first (an action goes to the first seat that owns its
        device), then Player 1 with everything else."""
        host = self.host
        first = HumanSeat(host.seat, ALL_DEVICES, "Player 1")
        if self.cursor is None or self.device is None:
            host.humans = [first] if self.cursor is not None else [HumanSeat(host.seat)]
            return
        host.humans = [HumanSeat(SECOND, frozenset({self.device}), "Player 2"), first]

    @property
    def waiting(self) -> bool:
        """A person plays Player 2 but has not said with which device yet."""
        return self.cursor is not None and self.device is None

    def join(self, device: str) -> None:
        host = self.host
        self.device = device
        self.assign_devices()
        host.app.play_sound("select")
        host.hud.say(f"{host.second_name()} plays with " + (
            "the keyboard's arrows, Enter and X; Player 1 with the mouse or a controller."
            if device == KEYBOARD else
            "this controller; Player 1 with the mouse, the keyboard or another controller."))
        host.second_joined()

    def handle(self, action: Action) -> bool:
        """Take ``action`` if it is Player 2's (joining, or their own play); True when
        taken, or when it is Player 1's way of placing from Player 2's keyboard."""
        host = self.host
        if host.hud.dialog is not None or host.viewer:
            return False
        if self.waiting:
            if action.device == "pad" and action.kind == Act.SELECT:
                self.join(f"pad:{action.pad}")
                return True
            if action.device == KEYBOARD and action.kind == Act.KEY and action.key == JOIN_KEY:
                self.join(KEYBOARD)
                return True
        if not self.from_second(action):
            return False
        if self.owns(action):
            self.act(action)
            return True
        # Player 1's way of placing is not Player 2's; the table's keys work for everyone
        return action.kind == Act.KEY and action.key in FIRST_PLAY_KEYS

    def from_second(self, action: Action) -> bool:
        """Does ``action`` come from Player 2's device? Only while a second person
        plays here, at a table this machine holds: a network guest's seat is seat 1,
        yet his devices are all his own seat's, as for a person alone."""
        if self.cursor is None or self.host.session is None:
            return False
        human = self.host.human_for(action)
        return human is not None and human.seat == SECOND and self.host.seat != SECOND

    @staticmethod
    def owns(action: Action) -> bool:
        """Is this one of the things Player 2 does with their device (move their frame,
        place, throw away)? Everything else on it stays the table's."""
        return action.kind in STEPS or action.kind in (Act.SELECT, Act.SECONDARY) or (
            action.kind == Act.KEY and action.key == "x")

    def client(self) -> SeatClient[P.PokerSquaresView, P.Move]:
        assert self.host.session is not None  # a second person sits only at this table
        return self.host.session.client(SECOND)

    def act(self, action: Action) -> None:
        client = self.client()
        view = client.view
        if action.kind in STEPS and self.cursor is not None:
            dr, dc = STEPS[action.kind]
            row = min(4, max(0, self.cursor // 5 + dr))
            col = min(4, max(0, self.cursor % 5 + dc))
            self.cursor = row * 5 + col
        elif action.kind == Act.SELECT:
            self.play(client, self.choice(view))
        elif action.kind == Act.SECONDARY or (action.kind == Act.KEY and action.key == "x"):
            free = P.reject_target(view)
            if free is None:
                self.host.app.error(f"{self.host.second_name()}: {P.reject_refusal(view)}")
                return
            self.play(client, P.Shift(SECOND, "d0", free))

    def choice(self, view: P.PokerSquaresView) -> P.Move:
        if view.can_pass:
            return P.Pass(SECOND)
        if view.can_finish:
            return P.Done(SECOND)
        square = self.cursor or 0
        pick = next((i for i, c in enumerate(view.dealt) if c is not None), 0)
        return P.Place(SECOND, square // 5, square % 5, pick)

    def play(self, client: SeatClient[P.PokerSquaresView, P.Move], move: P.Move) -> None:
        reason = client.check(move)
        if reason is not None:
            self.host.app.error(f"{self.host.second_name()}: {reason}")
            return
        client.submit(move)
