"""A second person at the Poker Squares table: they play the smaller matrix with a game
controller while the first player keeps the mouse and keyboard, so in the race modes
both act at the same moment, each with their own device and cursor.

D-pad or stick: move their cursor over their matrix. A: place the waiting card there
(or Pass / Done when their matrix is full). X: throw the card into a free reject
square. The moves go through that seat's own client: the rules check them as any."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Act, Action
from game.engine.seats import HumanSeat
from game.rules import poker_squares as P

SECOND = 1
FIRST_DEVICES = frozenset({"mouse", "keyboard"})
STEPS = {Act.UP: (-1, 0), Act.DOWN: (1, 0), Act.LEFT: (0, -1), Act.RIGHT: (0, 1)}


class SecondPlayer:
    """Mixed into the scene before GameScene."""

    second_cursor: int | None = None  # the second person's square; None: no such person

    def seat_second_person(self, on: bool) -> None:
        """Give seat 1 to a person with a pad (``on``), or hand all devices back."""
        if on:
            self.humans = [HumanSeat(self.seat, FIRST_DEVICES, "Player 1"),
                           HumanSeat(SECOND, frozenset({"pad"}), "Player 2")]
            self.second_cursor = 12 if self.second_cursor is None else self.second_cursor
        else:
            self.humans = [HumanSeat(self.seat)]
            self.second_cursor = None

    def handle(self, action: Action) -> None:
        human = self.human_for(action)
        if (human is not None and human.seat == SECOND and self.hud.dialog is None
                and not self.viewer):
            self.second_action(action)
            return
        super().handle(action)

    def second_action(self, action: Action) -> None:
        client = self.session.client(SECOND)
        view: P.PokerSquaresView = client.view
        if action.kind in STEPS and self.second_cursor is not None:
            dr, dc = STEPS[action.kind]
            row = min(4, max(0, self.second_cursor // 5 + dr))
            col = min(4, max(0, self.second_cursor % 5 + dc))
            self.second_cursor = row * 5 + col
        elif action.kind == Act.SELECT:
            self.second_play(client, self.second_choice(view))
        elif action.kind == Act.SECONDARY:
            free = [s for s in view.targets if s[0] in "rc"]
            self.second_play(client, P.Shift(SECOND, "d0", free[0]) if free else None)

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
            self.app.error("Player 2: there is no reject square free.")
            return
        reason = client.check(move)
        if reason is not None:
            self.app.error(f"Player 2: {reason}")
            return
        client.submit(move)
