"""Two people at one machine, each with their own device: actions carry the pad they
came from and each seat hears only its own devices."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.actions import Act, Action
from game.engine.seats import HumanSeat
from game.engine.vpad import VirtualPad, VirtualPadUnavailable
from scenes.pyramid import PyramidScene
from tests.driver import frames, make_app, settle


def test_each_seat_hears_only_its_own_device(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = PyramidScene(app, seed=2)
    app.push(scene)
    settle(app)
    pads = []
    try:
        for _ in range(2):
            pads.append(VirtualPad().attach())
            frames(app)  # the app opens the pad
    except VirtualPadUnavailable as exc:
        pytest.skip(str(exc))
    try:
        seen: list[Action] = []
        for pad in pads:
            pad.press(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
            seen += [a for e in pygame.event.get() for a in app.input.translate(e)]
        ids = [a.pad for a in seen if a.kind == Act.RIGHT]
        assert len(set(ids)) == 2 and -1 not in ids, "each action names its pad"
        first, second = ids
        scene.humans = [HumanSeat(0, frozenset({"keyboard", "mouse"})),
                        HumanSeat(1, frozenset({f"pad:{second}"}))]
        assert scene.human_for(Action(Act.SELECT, device="pad", pad=second)).seat == 1
        assert scene.human_for(Action(Act.SELECT, device="keyboard")).seat == 0
        assert scene.human_for(Action(Act.SELECT, device="pad", pad=first)) is None
        scene.handle(Action(Act.RIGHT, device="pad", pad=second))  # shows the focus frame
        before = scene.focus
        scene.handle(Action(Act.RIGHT, device="pad", pad=first))
        assert scene.focus == before, "a pad no seat owns moves nothing"
        scene.handle(Action(Act.RIGHT, device="pad", pad=second))
        assert scene.focus != before
    finally:
        for pad in pads:
            pad.detach()
        pygame.event.get()
