"""Right-click means one thing in every game: the game's second action (the pad's X),
asked first where it cannot be taken back; during a drag it only puts the card back."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.rules import chinese_poker as C
from game.rules import draw_poker as D
from tests.driver import click, frames, key, make_app, post, px, settle, type_text
from tests.test_chinese_poker_scene import SIZE, my_play, visible_point, wait_for_turn
from tests.test_draw_poker_scene import press, start, state, wait


def test_a_right_click_asks_before_it_passes_or_plays_in_chinese_poker(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = my_play(app)
    low = scene.view.hand[0].uid
    click(app, visible_point(scene, low))
    before = scene.recorder.length
    click(app, (700, 400), button=3)
    dialog = scene.hud.dialog
    assert dialog is not None and dialog.title == "Play" and "cannot be taken back" in dialog.body
    key(app, pygame.K_RETURN)  # the focus is on No: Enter takes nothing back
    assert scene.recorder.length == before and scene.selected == {low}
    click(app, (700, 400), button=3)
    type_text(app, "y")
    assert scene.recorder.moves[before] == C.Play(scene.seat, (low,))
    wait_for_turn(app, scene)
    assert scene.view.may_pass and not scene.selected
    before = scene.recorder.length
    click(app, (700, 400), button=3)
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "Pass"
    key(app, pygame.K_ESCAPE)  # no: the turn is still ours
    assert scene.recorder.length == before and scene.view.my_turn
    click(app, (700, 400), button=3)
    type_text(app, "y")
    assert scene.recorder.moves[before] == C.Pass(scene.seat)


def test_a_right_click_during_a_drag_only_puts_the_card_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="fast")
    scene = my_play(app)
    settle(app)
    card = scene.view.hand[0].uid
    home = scene.table.card_rect(card)
    a = px(app, visible_point(scene, card))
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    frames(app)
    for step in range(1, 6):
        post(pygame.MOUSEMOTION, pos=(a[0], a[1] - 40 * step), rel=(0, 0), buttons=(1, 0, 0))
        frames(app)
    assert scene.table.dragging == card
    before = scene.recorder.length
    post(pygame.MOUSEBUTTONDOWN, pos=(a[0], a[1] - 200), button=3)
    frames(app)
    post(pygame.MOUSEBUTTONUP, pos=(a[0], a[1] - 200), button=1)
    settle(app)
    assert scene.table.dragging is None and scene.hud.dialog is None
    assert scene.recorder.length == before
    assert scene.table.position(card) == (home.x, home.y)


def test_a_right_click_asks_before_the_draw_in_draw_poker(tmp_path: Path) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    scene = start(app, "bet 5", "draw")
    press(app, scene, "1")  # S. Jack
    press(app, scene, "1")  # check; the dealer bets
    press(app, scene, "1")  # call
    assert scene.view.phase == "draw"
    type_text(app, "2")
    click(app, (960, 500), button=3)
    dialog = scene.hud.dialog
    assert dialog is not None and "throw away 1 card" in dialog.body
    key(app, pygame.K_ESCAPE)
    assert scene.view.phase == "draw" and scene.marked == {1}
    click(app, (960, 500), button=3)
    type_text(app, "y")
    wait(app, scene)
    assert state(scene).drawn[D.PLAYER] == 1
