"""The Giant's Hint shows its move on the table, asked for by a posted key: the cards
that go ring in the hint colour, and so does where they go (the card they land on, or
the empty place), until the player does something."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.cards import Card, full_deck
from game.rules import milligan as M
from scenes import milligan as S
from tests.driver import frames, key, px
from tests.milligan_tools import one_from_winning, table_on


def ask_hint(app, scene: S.MilliganScene) -> None:  # noqa: ANN001
    key(app, pygame.K_h, "h")
    deadline = time.monotonic() + 60  # the worker's answer, however busy the machine
    while scene.hint_asked is not None:
        assert time.monotonic() < deadline, "the hint never came"
        frames(app)
    frames(app)


def ringed_slots(scene: S.MilliganScene) -> list[object]:
    return [item.key[1] for item in scene.extra_items() if item.key[0] == "hint"]


def test_the_hint_rings_the_card_and_the_pile_it_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = table_on(tmp_path, one_from_winning(), monkeypatch)
    ask_hint(app, scene)
    view = scene.view
    last, pile_top = view.columns[0][-1], view.foundations[1][-1]
    assert sorted(scene.table.highlighted("hint")) == sorted([last.uid, pile_top.uid])
    assert ringed_slots(scene) == []
    key(app, pygame.K_LEFT)  # anything the player does puts the hint away
    assert scene.table.highlighted("hint") == []


def test_the_hint_rings_an_empty_place(tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    ace = Card(1, "S", 0)  # under nothing, over a ten: the hint sends it up
    columns = ((Card(10, "D", 0), ace),) + tuple(
        (Card(r, s, 1),) for r, s in ((7, "C"), (5, "D"), (11, "S"), (4, "H"), (8, "D"),
                                      (6, "C"), (12, "H")))
    laid = {c for column in columns for c in column}
    state = M.MilliganState(columns=columns,
                            stock=tuple(c for c in full_deck(2) if c not in laid),
                            foundations=((),) * M.PILES, rule="any")
    app, scene = table_on(tmp_path, state, monkeypatch)
    ask_hint(app, scene)
    assert scene.table.highlighted("hint") == [ace.uid]
    assert ringed_slots(scene) == ["f0"], "the empty pile the ace goes up on"
    x, y = S.foundation_pos(0)
    edge = px(app, (x + S.CARD_W / 2, y - 4))  # just outside the pile's outline
    ringed = app.screen.get_at(edge)
    key(app, pygame.K_LEFT)
    frames(app)
    assert ringed_slots(scene) == []
    assert app.screen.get_at(edge) != ringed, "the ring is drawn, and goes with the hint"


def test_a_hint_asked_by_keys_puts_the_focus_on_the_card_that_goes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = table_on(tmp_path, one_from_winning(), monkeypatch)
    key(app, pygame.K_RIGHT)  # the first press shows the focus
    ask_hint(app, scene)
    assert scene.focus == scene.view.columns[0][-1].uid
    key(app, pygame.K_RETURN, "\r")  # Enter picks it up, where the hint pointed
    assert scene.selected is not None, "picked up"
