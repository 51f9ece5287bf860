"""Draw Poker's real-window play-test findings, by posted keys and pad buttons: the end
of a hand's line stays between the pack and the discards, a pad player's focus after a
hand is on Next hand (not on the button that turned into Choose dealer), Down from a
raised card reaches the buttons, and the amount box speaks the pad's way to a pad."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.vpad import VirtualPad
from game.rules import draw_poker as D
from scenes.draw_poker import CARD_W, DrawPokerScene, hand_x
from tests.driver import DPAD, frames, make_app, pad_focus, pad_press, settle, type_text
from tests.test_draw_poker_scene import enter, press, script, start, state, wait

LONG_SEED = 31  # a showdown of two two pairs: a long line


def showdown(app, scene: DrawPokerScene) -> None:  # noqa: ANN001
    """S. Jack; check, his bet of 5 called; two cards each drawn; a bet of 3 called."""
    for char in "111":
        press(app, scene, char)
    settle(app)
    type_text(app, "12")
    enter(app)
    wait(app, scene)
    press(app, scene, "2")
    type_text(app, "3")
    enter(app)
    wait(app, scene)
    settle(app)
    assert scene.view.phase == "done" and state(scene).result.reason == "showdown"


def pile_rects(scene: DrawPokerScene) -> list[pygame.Rect]:
    vp = scene.viewport
    return [pygame.Rect(vp.rect_px(*scene.table.card_rect(key)))
            for key in scene.table.entities if scene.table.placement(key).zone in ("deck", "muck")]


@pytest.mark.parametrize("tv", [False, True])
def test_the_end_of_a_hand_is_told_between_the_pack_and_the_discards(tmp_path: Path,
                                                                      tv: bool) -> None:
    app = make_app(tmp_path, ai_speed="fast", tv_mode=tv)  # 1280 x 720
    scene = DrawPokerScene(app, seed=LONG_SEED)
    app.push(scene)
    frames(app, 2)
    script(scene, "bet 5", "draw 0 1", "call")
    showdown(app, scene)
    frames(app, 2)
    said = scene.prompt(scene.view)
    assert said.startswith("The dealer's two pair, queens and eights beats your two pair"), \
        said  # the long kind of line that ran over both piles
    assert said.endswith("N: next hand, Esc: dealers"), "N: Enter presses the focused button"
    lines = [item for item in scene.extra_items() if item.key[1][:1] == ("prompt",)]
    told = [scene.prompt_lines(said, hand_x(2) + CARD_W / 2)[1][k] for k in range(len(lines))]
    assert " ".join(told).split() == said.split() and len(told) <= 2, "all of it, in two"
    piles = pile_rects(scene)
    assert any(p.right < app.viewport.width / 2 for p in piles)  # the pack
    assert any(p.left > app.viewport.width / 2 for p in piles)  # the discards
    for item in lines:
        rect = item.image.get_rect(topleft=item.pos)
        assert rect.collidelist(piles) == -1, (item.key, rect)
    labels = [item for item in scene.extra_items() if item.key == ("dp", ("named", D.PLAYER))]
    bottom = max(item.image.get_rect(topleft=item.pos).bottom for item in lines)
    assert bottom <= labels[0].pos[1], "the lines stay above your hand's name"


def test_after_a_hand_a_pads_a_deals_the_next_one(tmp_path: Path, pad: VirtualPad) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    pad.attach()
    frames(app, 2)
    scene = start(app, "call", "draw", "call")
    pad_focus(app, pad, scene, ("button", "jack"))
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    wait(app, scene)
    pad_focus(app, pad, scene, ("button", "bet"))  # the second button
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)  # the amount box's value placed
    wait(app, scene)
    settle(app)
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_X)  # stand pat
    wait(app, scene)
    pad_focus(app, pad, scene, ("button", "bet"))
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    wait(app, scene)
    frames(app, 2)
    assert scene.view.phase == "done"
    assert scene.focus == ("button", "next"), scene.focus
    said = scene.prompt(scene.view)
    assert "A: next hand, B: dealers" in said and "Enter" not in said, said
    hands = scene.view.hand_no
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    wait(app, scene)
    assert scene.view.phase != "choose" and scene.view.hand_no == hands + 1, \
        "A dealt the next hand rather than leave for the choice of dealer"


def test_down_from_a_raised_card_reaches_the_draw_button(tmp_path: Path,
                                                         pad: VirtualPad) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    pad.attach()
    frames(app, 2)
    scene = start(app, "bet 5", "draw")
    for char in "111":
        press(app, scene, char)
    settle(app)
    second = scene.view.hands[D.PLAYER][1].uid  # no button lies straight under it
    pad_focus(app, pad, scene, second)
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)  # marked: it rises
    settle(app)
    assert scene.marked == {1}
    pad_press(app, pad, DPAD["down"])
    frames(app)
    assert scene.focus == ("button", "draw"), "not the next card, lower than the raised one"


def test_the_amount_box_speaks_the_pads_way_to_a_pad(tmp_path: Path, pad: VirtualPad) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    pad.attach()
    frames(app, 2)
    scene = start(app)
    press(app, scene, "1")
    type_text(app, "2")  # by the keys: the keys' way
    assert "Type the digits" in scene.hud.dialog.body
    key_body = scene.hud.dialog.body
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_B)
    assert scene.hud.dialog is None
    pad_focus(app, pad, scene, ("button", "bet"))
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    body = scene.hud.dialog.body
    assert body != key_body and "Type" not in body and "Enter" not in body
    assert "trigger" in body and "A places it" in body


def test_the_choice_of_dealer_names_the_keys_of_the_device_last_used(tmp_path: Path,
                                                                     pad: VirtualPad) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    pad.attach()
    scene = DrawPokerScene(app, seed=LONG_SEED)
    app.push(scene)
    frames(app, 2)
    type_text(app, "x")  # a key that chooses nothing
    frames(app)
    assert scene.view.phase == "choose" and scene.choice_title().endswith("1, 2 or 3")
    pad_press(app, pad, DPAD["right"])
    said = scene.choice_title()
    assert "A" in said.split() and "1" not in said, "a pad has no 1-3"
