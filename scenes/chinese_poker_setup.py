"""Chinese Poker's set-up: how many play, who sits in each seat (a person at this
screen, or the computer at Easy, Medium or Hard), the people's names when several share
the screen, and the target score, asked as a short chain of dialogs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine.ui import Dialog, Hud
from game.engine.widgets import NumberField
from game.rules.chinese_poker import TARGET_MAX, TARGET_MIN

KINDS = (("human", "Person", "p"), ("easy", "Easy", "e"), ("medium", "Medium", "m"),
         ("hard", "Hard", "h"))
BACK = "back"  # Esc's answer to every set-up question
NAME_LENGTH = 12  # a name fits a seat's label beside its cards and points


@dataclass(frozen=True, slots=True)
class Setup:
    """Seat 0 is always a person; ``seats[k]`` is "human" or a computer level."""

    seats: tuple[str, ...] = ("human", "medium", "medium", "medium")
    target: int = 100
    names: tuple[str, ...] = ()  # the people's own names by seat ("" or missing: none)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s for s, kind in enumerate(self.seats) if kind == "human")

    def name(self, seat: int) -> str:
        kind = self.seats[seat]
        if kind == "human":
            given = self.names[seat] if seat < len(self.names) else ""
            return "You" if len(self.humans) == 1 else given or f"Player {seat + 1}"
        return f"{kind.title()} {seat + 1}"


@dataclass
class SetupDialogs:
    """Asks the questions one after another, then hands the answers to ``done``."""

    hud: Hud
    done: Callable[[Setup], None]
    seats: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
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
            self.names = [""] * len(self.seats)
            self._ask_name(0)
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

    def _ask_name(self, seat: int) -> None:
        """Each person's name, when several share the screen (one alone is "You")."""
        people = [s for s, kind in enumerate(self.seats) if kind == "human"]
        later = [s for s in people if s >= seat]
        if len(people) < 2 or not later:
            self._ask_target()
            return
        seat = later[0]
        default = f"Player {seat + 1}"

        def named(choice: str) -> None:
            if choice == BACK:
                self._back()
                return
            self.names[seat] = dialog.text.strip() if dialog.text else ""
            self._ask_name(seat + 1)

        dialog = Dialog(f"Seat {seat + 1}", "The name of the person in this seat? Enter "
                        "keeps it.", [("ok", "OK", "")], named, cancel_key=BACK,
                        text=default, max_length=NAME_LENGTH, kind="A seat's name")
        self.hud.ask(dialog)

    def _ask_target(self) -> None:
        number = NumberField(value=100, minimum=TARGET_MIN, maximum=TARGET_MAX, step=10,
                             keep_over=True)

        def chosen(choice: str) -> None:
            if choice == BACK:
                self._back()
            elif not TARGET_MIN <= number.value <= TARGET_MAX:
                dialog.error = f"A target from {TARGET_MIN} to {TARGET_MAX:,} points."
                number.refused()
                self.hud.ask(dialog)
            else:
                self.done(Setup(tuple(self.seats), number.value, tuple(self.names)))

        dialog = Dialog("Target", f"Play until someone reaches how many points ({TARGET_MIN} "
                        f"to {TARGET_MAX:,})? The lowest score then wins. Type it, or step "
                        "it by 10; Enter starts.", [("ok", "Start", "")], chosen,
                        cancel_key=BACK, number=number)
        self.hud.ask(dialog)
