"""Draw Poker's words and keys: the showdown names both hands by their ranks and says
what was won or lost (not the pot), the pad's triggers step a bet as the help says,
the draw has a hint, and the dealers' win rates are rounded."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ai.draw_poker_odds import best_draw
from game.cards import parse_cards
from game.engine.vpad import VirtualPad
from game.rules import draw_poker as D
from game.rules.hand_words import showdown_words
from scenes.draw_poker import DrawPokerScene
from scenes.draw_poker_stats import DealerStats
from tests.driver import frames, key, make_app, pad_focus, pad_press, settle, type_text
from tests.test_draw_poker_scene import P, enter, press, start, state, wait


def showdown(tmp_path: Path) -> DrawPokerScene:
    """A hand against S. Jack played to a showdown: check, call his 5, stand pat, bet 3."""
    app = make_app(tmp_path, ai_speed="fast")
    scene = start(app, "bet 5", "draw", "call")
    press(app, scene, "1")  # S. Jack
    press(app, scene, "1")  # check; the dealer bets 5
    press(app, scene, "1")  # call
    enter(app)  # stand pat
    wait(app, scene)
    press(app, scene, "2")
    type_text(app, "3")
    enter(app)
    wait(app, scene)
    return scene


def test_the_showdown_names_the_ranks_and_the_net_gain(tmp_path: Path) -> None:
    scene = showdown(tmp_path)
    view = scene.view
    assert view.shown and state(scene).result.reason == "showdown"
    mine, theirs = showdown_words(view.hands[D.PLAYER], view.hands[D.DEALER])
    gain = view.points - 1000
    said = scene.prompt(view)
    assert mine in said and theirs in said, said
    assert (f"you win {gain}" if gain > 0 else f"you lose {-gain}") in said, said
    assert str(state(scene).result.pot) not in said, "the pot is not what was won"
    label, _ = scene.hand_label(view, D.PLAYER)
    assert mine[0].upper() + mine[1:] in label
    assert scene.log.lines[-1] in said


def test_a_restored_table_tells_the_last_hand_as_it_was_told(tmp_path: Path) -> None:
    # the net gain is the rules' (what the player staked is in the result), not a figure
    # the scene kept while the hand ran: after a restart it said the pot
    scene = showdown(tmp_path)
    said = scene.prompt(scene.view)
    assert f"{scene.view.points - 1000:+}"[1:] in said  # the net gain, not the pot
    again = make_app(tmp_path, ai_speed="fast")
    restored = DrawPokerScene(again)  # no seed: the table as it was left
    again.push(restored)
    frames(again, 2)
    assert restored.view.result == scene.view.result
    assert restored.prompt(restored.view) == said
    assert restored.log.lines[-1] in said


def test_the_pad_s_left_trigger_steps_a_bet_down_and_the_right_up(
        tmp_path: Path, pad: VirtualPad) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    pad.attach()
    frames(app, 2)
    scene = start(app)
    press(app, scene, "1")
    pad_focus(app, pad, scene, ("button", "bet"))
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    field = scene.hud.dialog.number
    field.set(50)
    pad.axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32767)
    frames(app, 2)
    pad.axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0)
    frames(app, 2)
    assert field.value == 60
    pad.axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 32767)
    frames(app, 2)
    pad.axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 0)
    frames(app, 2)
    assert field.value == 50
    key(app, pygame.K_PAGEUP)  # the keyboard's PgUp still steps up
    assert field.value == 60


def test_the_draw_hint_marks_what_to_throw_away(tmp_path: Path) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    scene = start(app, "bet 2", "draw")
    press(app, scene, "1")
    press(app, scene, "1")
    press(app, scene, "1")
    settle(app)
    assert scene.view.phase == "draw"
    hand = scene.view.hands[P]
    best = best_draw(hand)
    type_text(app, "h")
    assert scene.marked == set(best.discard)
    assert scene.hud.message is not None and scene.hud.message.text.startswith("Hint:")
    enter(app)
    wait(app, scene)
    assert state(scene).drawn[P] == len(best.discard)


def test_win_rates_are_rounded_not_cut_off() -> None:
    assert "(67%)" in DealerStats(hands=3, won=2).lines()[0]
    assert "(13%)" in DealerStats(hands=8, won=1).lines()[0]
    assert "(0%)" in DealerStats(hands=3, won=0).lines()[0]


def test_a_run_of_high_cards_says_an_eight() -> None:
    mine, theirs = showdown_words(parse_cards("AS KD 8C 5H 3S"), parse_cards("AD KS 7C 5D 2H"))
    assert (mine, theirs) == ("ace high, then an eight", "ace high, then a seven")
