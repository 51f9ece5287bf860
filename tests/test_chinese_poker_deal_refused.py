"""A dealer at a table held elsewhere whose deal is refused (a stale state id on the
wire) is offered the deal again, and deals, by posted keys and by the pad."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.replay.recorder import Recorder
from game.rules import chinese_poker as C
from game.session import Session
from scenes.chinese_poker import ChinesePokerScene
from scenes.menu import MenuScene
from tests.driver import frames, key, make_app, pad_press
from tests.test_session import Wire

CONFIG = {"players": 2, "target": 20}


class StaleFirstDeal(Wire):
    """The seat's first Deal reaches the table with the state id of a position before
    this seat's own cut: stale, as a deal sent over a line that lagged would be."""

    def __init__(self, session: Session, seat: int) -> None:
        super().__init__(session, seat)
        self.deals = 0

    def to_table(self, text: str) -> None:
        data = json.loads(text)
        if data["type"] == "move" and data["move"]["type"] == "deal":
            self.deals += 1
            if self.deals == 1:
                data["state_id"] = 0
                text = json.dumps(data)
        super().to_table(text)


def dealt_to_seat_0() -> Session:
    """A two-player session cut so that seat 0 deals."""
    for seed in range(50):
        session = Session(C.RULES, Recorder(C.RULES, seed, dict(CONFIG)))
        while session.recorder.state.phase == "cut":
            seat = session.acting_seats()[0]
            session.submit(seat, session.legal_moves(seat)[0])
        if session.recorder.state.phase == "deal" and session.recorder.state.dealer == 0:
            return session
    raise AssertionError("no seed gave seat 0 the deal")


@pytest.mark.parametrize("device", ["keys", "pad"])
def test_a_refused_deal_is_offered_again(tmp_path: Path, device: str, request) -> None:  # noqa: ANN001
    app = make_app(tmp_path, animation="off")
    session = dealt_to_seat_0()
    wire = StaleFirstDeal(session, 0)
    app.push(MenuScene(app))
    scene = ChinesePokerScene(app, client=wire.client)
    app.push(scene)
    frames(app, 3)
    pad = request.getfixturevalue("pad") if device == "pad" else None
    if pad is not None:
        pad.attach()
        frames(app, 2)

    def answer() -> None:
        dialog = scene.hud.dialog
        assert dialog is not None and dialog.choices[0][1] == "Deal"
        if pad is None:
            key(app, pygame.K_d, "d")
        else:
            pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
        frames(app, 3)

    assert scene.hud.dialog.title == "The cut"
    answer()
    assert wire.deals == 1 and session.recorder.state.phase == "deal", "the table refused"
    assert wire.client.refusal is not None
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "Your deal"
    answer()
    assert wire.deals == 2 and session.recorder.state.phase != "deal"
    assert scene.view.phase != "deal"
    app.quit()
