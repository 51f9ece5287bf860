"""A drag from Chinese Poker's hand to the table plays the card or refuses it, however
sideways it sets off; the card always comes home; a sweep along the hand still selects."""

from __future__ import annotations

from pathlib import Path

from game.rules import chinese_poker as C
from tests.driver import drag, frames, make_app, settle
from tests.test_chinese_poker_scene import SIZE, my_play, visible_point


def test_a_drag_that_sets_off_sideways_still_plays_the_card(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="fast")
    scene = my_play(app)
    low = scene.view.hand[0].uid  # the lead: any single card is a play
    x, y = visible_point(scene, low)
    before = scene.recorder.length
    # The first steps run along the hand over its neighbours, then up to the table.
    drag(app, (x, y), (x + 700, 480), steps=12)
    assert scene.recorder.moves[before:] and scene.recorder.moves[before] == \
        C.Play(scene.seat, (low,))
    assert not scene.selected


def test_a_refused_drag_brings_the_card_home_and_selects_nothing_else(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="fast")
    scene = my_play(app)
    settle(app)
    hand = [c.uid for c in scene.view.hand]
    card = hand[1]
    home = scene.table.card_rect(card)
    scene.selected = {hand[-1]}  # with the highest card: no hand at all, so refused
    scene.refresh("snap")
    x, y = visible_point(scene, card)
    before = scene.recorder.length
    drag(app, (x, y), (x + 600, 480), steps=12)
    settle(app)
    frames(app, 2)
    assert scene.recorder.length == before
    assert scene.selected == {hand[-1]}, "a drag selects no neighbours"
    assert scene.table.dragging is None
    assert scene.table.position(card) == (home.x, home.y), "the card came home"
    assert scene.hud.message is not None and scene.hud.message.error


def test_a_sweep_along_the_hand_selects_what_it_passes(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = my_play(app)
    hand = [c.uid for c in scene.view.hand]
    drag(app, visible_point(scene, hand[0]), visible_point(scene, hand[3]), steps=8)
    assert scene.selected == set(hand[:4])
    assert scene.recorder.moves[-1] != C.Play(scene.seat, (hand[0],))
