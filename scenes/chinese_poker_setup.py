"""Chinese Poker's set-up: how many play, who sits in each seat (a person at this
screen, or the computer at Easy, Medium or Hard) and the target score, asked as a short
chain of dialogs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine.ui import Dialog, Hud

KINDS = (("human", "Person", "p"), ("easy", "Easy", "e"), ("medium", "Medium", "m"),
         ("hard", "Hard", "h"))
TARGETS = (50, 100, 150, 200)
BACK = "back"  # Esc's answer to every set-up question


@dataclass(frozen=True, slots=True)
class Setup:
    """Seat 0 is always a person; ``seats[k]`` is "human" or a computer level."""

    seats: tuple[str, ...] = ("human", "medium", "medium", "medium")
    target: int = 100

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s for s, kind in enumerate(self.seats) if kind == "human")

    def name(self, seat: int) -> str:
        kind = self.seats[seat]
        if kind == "human":
            return "You" if len(self.humans) == 1 else f"Player {seat + 1}"
        return f"{kind.title()} {seat + 1}"


@dataclass
class SetupDialogs:
    """Asks the questions one after another, then hands the answers to ``done``."""

    hud: Hud
    done: Callable[[Setup], None]
    seats: list[str] = field(default_factory=list)
    # Esc / pad B at any question backs out: nothing is set up and the match on the
    # table carries on (the tester lost a match to a silent all-Medium default).
    cancelled: Callable[[], None] | None = None

    def _back(self) -> None:
        if self.cancelled is not None:
            self.cancelled()

    def start(self) -> None:
        self.hud.ask(Dialog("New match", "How many players at the table?",
                            [("2", "Two", "2"), ("3", "Three", "3"), ("4", "Four", "4")],
                            self._players, cancel_key=BACK))

    def _players(self, choice: str) -> None:
        if choice == BACK:
            self._back()
            return
        self.seats = ["human"] + ["medium"] * (int(choice) - 1)
        self._ask_seat(1)

    def _ask_seat(self, seat: int) -> None:
        if seat >= len(self.seats):
            self._ask_target()
            return

        def chosen(kind: str) -> None:
            if kind == BACK:
                self._back()
                return
            self.seats[seat] = kind
            self._ask_seat(seat + 1)

        self.hud.ask(Dialog(f"Seat {seat + 1}", f"Who plays seat {seat + 1}, clockwise from "
                            "you? A person shares this screen: the hand hides between turns.",
                            list(KINDS), chosen, focus=2, cancel_key=BACK))

    def _ask_target(self) -> None:
        self.hud.ask(Dialog("Target", "Play until someone reaches how many points? The "
                            "lowest score then wins.",
                            [(str(t), str(t), "") for t in TARGETS],
                            self._target, focus=1, cancel_key=BACK))

    def _target(self, choice: str) -> None:
        if choice == BACK:
            self._back()
        else:
            self.done(Setup(tuple(self.seats), int(choice)))
