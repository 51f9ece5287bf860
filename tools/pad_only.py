"""Play whole games with the game controller alone, as a person on a sofa would, and
count the presses.

The computer player of each game chooses every move; the move is then made at the real
table with posted controller events: the D-pad walks the focus frame the shortest way
(a breadth-first search over the scene's own focus moves) to each place the move needs,
and A (or X, where the game gives X that job) acts there. Counted per move: the D-pad
presses from wherever the focus was to the move's source and target ("steps"), and the
A / X presses ("buttons"). Dialogs the table asks (a bet's amount, a notice) are
answered with the pad too, counted apart.

Used by tools.bench_focus and the tests (tests/test_focus.py, tests/driver.py).
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine.actions import Act
from game.engine.app import App

PAD = 901  # the posted events' pad: the input layer needs no device for them
DPAD = {Act.UP: pygame.CONTROLLER_BUTTON_DPAD_UP, Act.DOWN: pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        Act.LEFT: pygame.CONTROLLER_BUTTON_DPAD_LEFT,
        Act.RIGHT: pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
A, X = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_X
PAGE_UP, PAGE_DOWN = pygame.CONTROLLER_AXIS_TRIGGERLEFT, pygame.CONTROLLER_AXIS_TRIGGERRIGHT
FRAME = 1 / 60
WAIT_SECONDS = 30.0  # the computer seats' longest think before the driver gives up

# What a move asks of the pad: go to a place (None: stay) and press a button there; or
# an answer to the dialog the move opened (a bet's amount), made with the driver.
Press = tuple[object | None, int] | Callable[["PadDriver"], None]


class Unreachable(AssertionError):
    """The focus cannot get to a place a move needs."""


@dataclass
class Tally:
    moves: int = 0
    steps: int = 0  # D-pad presses moving the focus to a move's places
    buttons: int = 0  # A / X presses making the moves
    dialog: int = 0  # presses answering the table's dialogs (amounts, notices)
    longest: int = 0  # the most steps one move took

    @property
    def steps_per_move(self) -> float:
        return self.steps / max(1, self.moves)

    @property
    def buttons_per_move(self) -> float:
        return self.buttons / max(1, self.moves)


def shortest_path(scene: Any, goal: object) -> list[Act] | None:
    """The fewest D-pad presses taking the focus from where it is to ``goal``, by the
    scene's own focus moves (None when no way leads there)."""
    start = scene.focus
    came: dict[object, tuple[object, Act] | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            path: list[Act] = []
            while (step := came[here]) is not None:
                here, way = step
                path.append(way)
            return path[::-1]
        for way in DPAD:
            there = scene.move_focus(here, way)
            if there is not None and there not in came:
                came[there] = (here, way)
                queue.append(there)
    return None


@dataclass
class PadDriver:
    """Posts controller events into the app and runs its frames."""

    app: App
    tally: Tally = field(default_factory=Tally)

    @property
    def scene(self) -> Any:
        return self.app.scene

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame(FRAME)

    def button(self, button: int) -> None:
        for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, instance_id=PAD, button=button))
        self.frames()

    def trigger(self, axis: int) -> None:
        for value in (32767, 0):
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION,
                                                 instance_id=PAD, axis=axis, value=value))
        self.frames()

    def walk(self, goal: object) -> int:
        """D-pad presses until the focus is on ``goal``; returns how many (with the one
        that shows the frame first, after a mouse)."""
        shown = 0
        if not self.scene.show_focus:
            self.button(DPAD[Act.DOWN])
            shown = 1
        path = shortest_path(self.scene, goal)
        if path is None:
            raise Unreachable(f"{type(self.scene).__name__}: no way from "
                              f"{self.scene.focus!r} to {goal!r}")
        for way in path:
            self.button(DPAD[way])
        if self.scene.focus != goal:
            raise Unreachable(f"the walk to {goal!r} ended on {self.scene.focus!r}")
        return shown + len(path)

    def make(self, presses: Iterator[Press]) -> None:
        """One move: walk to each place it needs and press its button there."""
        steps = 0
        for press in presses:
            if callable(press):
                press(self)
                continue
            place, button = press
            if place is not None:
                steps += self.walk(place)
            self.button(button)
            self.tally.buttons += 1
        self.tally.moves += 1
        self.tally.steps += steps
        self.tally.longest = max(self.tally.longest, steps)

    def settle(self, busy: Callable[[], bool] = lambda: False) -> None:
        """Frames until no card moves, no computer seat is thinking (a dialog holds
        them: it is answered first) and ``busy`` is false."""
        scene = self.scene
        deadline = time.monotonic() + WAIT_SECONDS
        while scene.table.animating or busy() or self._computer_thinking():
            if time.monotonic() > deadline:
                raise AssertionError(f"{type(scene).__name__} never came to rest")
            self.frames()
            if not scene.table.animating and self._computer_thinking():
                time.sleep(0.002)  # the worker thread thinks; the frames wait for it

    def _computer_thinking(self) -> bool:
        scene = self.scene
        return not scene.over and scene.hud.dialog is None and any(
            c.client.acting for s, c in scene.computers.items() if s != scene.seat)


@dataclass
class Game:
    """How one game is played by pad: its scene, the computer player choosing the
    person's moves, and what each move asks of the pad."""

    name: str
    scene: Callable[[App, int], Any]
    agent: Callable[[int], Any]
    presses: Callable[[Any, Any], Iterator[Press]]
    # Answers the table's own questions (dialogs, notices) with the pad; True when it
    # pressed something.
    answer: Callable[[PadDriver], bool] = lambda driver: False
    ready: Callable[[Any], bool] = lambda scene: scene.client.acting


def play(app: App, game: Game, seed: int, max_moves: int | None = None,
         tally: Tally | None = None,
         before_move: Callable[[Any], None] = lambda scene: None) -> Tally:
    """One game (or its first ``max_moves`` moves) by pad alone, counted into
    ``tally`` (a new one by default), which is returned. ``before_move`` sees the scene
    before each of the person's moves (tests look at it there)."""
    scene = game.scene(app, seed)
    app.push(scene)
    driver = PadDriver(app, tally or Tally())
    last = driver.tally.moves + (math.inf if max_moves is None else max_moves)
    agent = game.agent(seed)
    agent.new_game()
    while not scene.over and driver.tally.moves < last:
        driver.settle()
        if scene.hud.dialog is not None:
            if not game.answer(driver):
                raise AssertionError(f"{game.name}: a dialog nobody answers: "
                                     f"{scene.hud.dialog.title}")
            driver.tally.dialog += 1
            continue
        if scene.over:
            break
        if not game.ready(scene):
            driver.frames()
            continue
        before_move(scene)
        before = scene.client.position
        move = agent.act(scene.view, list(scene.client.legal_moves))
        driver.make(game.presses(scene, move))
        driver.settle()
        if scene.client.position == before and scene.hud.dialog is None:
            raise AssertionError(f"{game.name}: {move} was not made by the pad")
    app.pop()
    return driver.tally
