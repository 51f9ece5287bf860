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

from typing import TYPE_CHECKING, Any

from game.engine.actions import Act, Action
from game.engine.seats import ALL_DEVICES, HumanSeat
from game.rules import poker_squares as P

if TYPE_CHECKING:  # a mixin: mypy checks it as the GameScene it is mixed into
    from scenes.game_scene import GameScene as _Scene
else:
    _Scene = object

SECOND = 1
KEYBOARD = "keyboard"
JOIN_KEY = "k"  # Player 2 takes the keyboard
STEPS = {Act.UP: (-1, 0), Act.DOWN: (1, 0), Act.LEFT: (0, -1), Act.RIGHT: (0, 1)}
# Player 1's keys for placing cards: with the keyboard Player 2's, they do nothing (one
# slip would place Player 1's card); the other letters (rules, help, hint...) stay the
# table's.
FIRST_PLAY_KEYS = frozenset("12345gdp")


class SecondPlayer(_Scene):
    """Mixed into the scene before GameScene."""

    second_cursor: int | None = None  # the second person's square; None: no such person
    second_device: str | None = None  # "pad:<id>" or "keyboard" once Player 2 has joined

    def seat_second_person(self, on: bool) -> None:
        """Give seat 1 to a person (``on``), or hand all devices back. Never at a
        network table: seat 1 there is someone else's, or this machine's own."""
        if on and self.session is not None:
            self.second_cursor = 12 if self.second_cursor is None else self.second_cursor
        else:
            self.second_cursor = None
            self.second_device = None
        self.assign_devices()

    def assign_devices(self) -> None:
        """Player 2's device first (an action goes to the first seat that owns its
        device), then Player 1 with everything else."""
        first = HumanSeat(self.seat, ALL_DEVICES, "Player 1")
        if self.second_cursor is None or self.second_device is None:
            self.humans = [first] if self.second_cursor is not None else [HumanSeat(self.seat)]
            return
        self.humans = [HumanSeat(SECOND, frozenset({self.second_device}), "Player 2"), first]

    def second_name(self) -> str:
        """What Player 2 is called at the table (the scene names tournament players)."""
        return "Player 2"

    @property
    def waiting_for_second(self) -> bool:
        return self.second_cursor is not None and self.second_device is None

    @property
    def second_device_name(self) -> str:
        return "keyboard" if self.second_device == KEYBOARD else "controller"

    def join_second(self, device: str) -> None:
        self.second_device = device
        self.assign_devices()
        self.app.play_sound("select")
        self.hud.say(f"{self.second_name()} plays with " + (
            "the keyboard's arrows, Enter and X; Player 1 with the mouse or a controller."
            if device == KEYBOARD else
            "this controller; Player 1 with the mouse, the keyboard or another controller."))

    def handle(self, action: Action) -> None:
        if self.waiting_for_second and self.hud.dialog is None and not self.viewer:
            if action.device == "pad" and action.kind == Act.SELECT:
                self.join_second(f"pad:{action.pad}")
                return
            if action.device == KEYBOARD and action.kind == Act.KEY and action.key == JOIN_KEY:
                self.join_second(KEYBOARD)
                return
        if self.from_second(action) and self.hud.dialog is None and not self.viewer:
            if self.seconds_own(action):
                self.second_action(action)
                return
            if action.kind == Act.KEY and action.key in FIRST_PLAY_KEYS:
                return  # Player 1's way of placing: not from Player 2's keyboard
        super().handle(action)  # the table's keys (rules, help, menu...) work for everyone

    def from_second(self, action: Action) -> bool:
        """Does ``action`` come from Player 2's device? Only while a second person
        plays here, at a table this machine holds: a network guest's seat is seat 1,
        yet his devices are all his own seat's, as for a person alone."""
        if self.second_cursor is None or self.session is None:
            return False
        human = self.human_for(action)
        return human is not None and human.seat == SECOND and self.seat != SECOND

    @staticmethod
    def seconds_own(action: Action) -> bool:
        """Is this one of the things Player 2 does with their device (move their frame,
        place, throw away)? Everything else on it stays the table's."""
        return action.kind in STEPS or action.kind in (Act.SELECT, Act.SECONDARY) or (
            action.kind == Act.KEY and action.key == "x")

    def second_action(self, action: Action) -> None:
        assert self.session is not None  # a second person sits only at this machine's table
        client = self.session.client(SECOND)
        view: P.PokerSquaresView = client.view
        if action.kind in STEPS and self.second_cursor is not None:
            dr, dc = STEPS[action.kind]
            row = min(4, max(0, self.second_cursor // 5 + dr))
            col = min(4, max(0, self.second_cursor % 5 + dc))
            self.second_cursor = row * 5 + col
        elif action.kind == Act.SELECT:
            self.second_play(client, self.second_choice(view))
        elif action.kind == Act.SECONDARY or (action.kind == Act.KEY and action.key == "x"):
            free = P.reject_target(view)
            self.second_play(client, P.Shift(SECOND, "d0", free) if free else None)

    def second_choice(self, view: P.PokerSquaresView) -> Any:
        if view.can_pass:
            return P.Pass(SECOND)
        if view.can_finish:
            return P.Done(SECOND)
        square = self.second_cursor or 0
        pick = next((i for i, c in enumerate(view.dealt) if c is not None), 0)
        return P.Place(SECOND, square // 5, square % 5, pick)

    def second_play(self, client: Any, move: Any) -> None:
        if move is None:
            self.app.error(f"{self.second_name()}: there is no reject square free.")
            return
        reason = client.check(move)
        if reason is not None:
            self.app.error(f"{self.second_name()}: {reason}")
            return
        client.submit(move)
