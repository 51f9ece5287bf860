"""Draw poker through the real app by posted events. The dealer's answers are scripted
(a computer seat like the real dealer, fed a list), so every branch of the betting is
reached on purpose: check and the dealer's bet, bet and fold / call / raise, raise and
re-raise, folds both ways, all in, the draw by keys, clicks and a pad, Esc to the
choice of dealer, leaving, undo, and the statistics on disk."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine.seats import ComputerSeat
from game.engine.vpad import VirtualPad
from game.rules import draw_poker as D
from game.rules.hand_words import making_cards
from scenes.draw_poker import DrawPokerScene
from tests.driver import (
    DPAD,
    click,
    frames,
    key,
    make_app,
    pad_focus,
    pad_press,
    post,
    settle,
    type_text,
)

SEED = 11
P, H = D.PLAYER, D.DEALER


class Script:
    """The dealer's answers in order: "bet 5", "raise 2", "call", "fold", "draw 0 3",
    or "hold" (think forever: the player may still take back an unanswered bet)."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers

    def new_game(self) -> None:
        """The script runs on across sessions."""

    def act(self, view: D.DrawPokerView, legal: list[Any]) -> Any:
        if self.answers[0] == "hold":
            return None
        word, *numbers = self.answers.pop(0).split()
        args = [int(n) for n in numbers]
        move = {"bet": lambda: D.Bet(H, *args), "raise": lambda: D.Raise(H, *args),
                "call": lambda: D.Call(H), "fold": lambda: D.Fold(H),
                "draw": lambda: D.Draw(H, tuple(args))}[word]()
        assert move in legal, (move, view.phase)
        return move


def start(app, *answers: str) -> DrawPokerScene:  # noqa: ANN001
    scene = DrawPokerScene(app, seed=SEED)
    app.push(scene)
    frames(app, 2)
    script(scene, *answers)
    return scene


def script(scene: DrawPokerScene, *answers: str) -> Script:
    scene.set_computer(H, False)
    dealer = Script(list(answers))
    scene.computers[H] = ComputerSeat(scene.session.client(H), dealer, scene.jobs)
    return dealer


def wait(app, scene: DrawPokerScene) -> None:  # noqa: ANN001
    """Let the dealer answer (it thinks off the frame loop) until it is the player's turn."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        frames(app)
        if scene.view.to_act != H and not scene.table.animating:
            return
    raise AssertionError("the dealer never answered")


def press(app, scene: DrawPokerScene, char: str) -> None:  # noqa: ANN001
    type_text(app, char)
    wait(app, scene)


def enter(app) -> None:  # noqa: ANN001
    key(app, pygame.K_RETURN, "\r")


def state(scene: DrawPokerScene) -> D.DrawPokerState:
    return scene.recorder.state


def conserved(scene: DrawPokerScene) -> None:
    assert D.total_points(state(scene)) == 1000


def card_centre(scene: DrawPokerScene, index: int) -> tuple[float, float]:
    card = scene.view.hands[P][index]
    return scene.table.card_rect(card.uid).center


def test_check_dealer_bets_call_draw_by_keys_and_clicks_bet_typed_showdown(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    scene = start(app, "bet 5", "draw 0 1", "call")
    assert scene.view.phase == "choose"
    press(app, scene, "1")  # S. Jack
    assert state(scene).dealer == "jack" and scene.view.phase == "bet1"
    assert scene.view.hands[H] == (None,) * 5  # the dealer's cards travel face down
    press(app, scene, "1")  # check: the dealer always bets
    assert state(scene).to_call == 5 and {b.key for b in scene.hud.buttons} >= {"call", "raise"}
    press(app, scene, "1")  # call
    assert scene.view.phase == "draw" and state(scene).put_in == (6, 6)
    settle(app)
    before = state(scene).hands[P]
    type_text(app, "24")  # cards 2 and 4 marked
    click(app, card_centre(scene, 0))  # and the first by a click
    click(app, card_centre(scene, 0))  # clicked again: kept after all
    assert scene.marked == {1, 3}
    assert scene.table.placement(before[1].uid).dim  # a marked card shows it
    enter(app)  # SET: draw
    wait(app, scene)
    after = state(scene).hands[P]
    assert [i for i in range(5) if after[i] != before[i]] == [1, 3]
    assert scene.view.drawn == (2, 2) and scene.view.phase == "bet2"
    type_text(app, "2")  # bet: the amount box opens
    assert scene.hud.dialog is not None and scene.hud.dialog.number is not None
    mine = [scene.table.card_rect(c.uid) for c in scene.view.hands[P]]
    assert not any(scene.hud.dialog.rect().colliderect(r) for r in mine), \
        "the amount box leaves your cards in sight"
    type_text(app, "25")
    enter(app)
    wait(app, scene)
    result = state(scene).result
    assert result is not None and result.reason == "showdown" and result.pot == 12 + 50
    view = scene.view
    assert view.shown and None not in view.hands[H]
    conserved(scene)
    winners = (P, H) if result.winner == -1 else (result.winner,)
    lit = set(scene.table.highlighted("selected"))
    assert lit == {c.uid for seat in winners for c in making_cards(view.face_up(seat))}
    assert lit, "the winning cards are lit"
    stats = json.loads((tmp_path / "draw-poker-stats.json").read_text())
    assert stats["dealers"]["jack"]["hands"] == 1
    assert stats["dealers"]["jack"]["best_value"] > 0


def test_bet_raise_reraise_call_then_fold_in_the_second_round(tmp_path: Path) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    scene = start(app, "raise 4", "raise 2", "draw", "bet 3")
    settle(app)
    click(app, scene.table.zones["zone:dealer:queen"].center)  # a click on her face
    wait(app, scene)
    assert state(scene).dealer == "queen"
    type_text(app, "2")  # bet
    field = scene.hud.dialog.number
    type_text(app, "c")  # CLEAR
    assert field.value == 0 and scene.hud.dialog is not None
    enter(app)  # nothing to bet: refused, the box stays
    assert scene.hud.dialog is not None and state(scene).phase == "bet1"
    for _ in range(3):
        post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
        frames(app)
    assert field.value == 3
    enter(app)
    wait(app, scene)  # the dealer raises 4
    assert state(scene).to_call == 4
    type_text(app, "2")  # raise back
    field = scene.hud.dialog.number
    plus = field.plus_rect.center
    click(app, plus)
    click(app, plus)
    assert field.value == 5  # the last amount (3), stepped up twice
    enter(app)
    wait(app, scene)  # the dealer re-raises 2
    assert state(scene).put_in == (1 + 3 + 4 + 5, 1 + 3 + 4 + 5 + 2)
    press(app, scene, "1")  # call
    assert scene.view.phase == "draw" and state(scene).put_in == (15, 15)
    enter(app)  # stand pat
    wait(app, scene)
    assert scene.view.drawn == (0, 0)
    press(app, scene, "1")  # check; the dealer bets 3
    press(app, scene, "3")  # fold
    assert state(scene).result == D.HandResult(H, "fold", 33)
    assert scene.view.hands[H] == (None,) * 5  # a fold shows nothing
    conserved(scene)


def test_dealer_folds_esc_changes_dealer_and_leaving_ends_the_session(tmp_path: Path) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    scene = start(app, "fold")
    press(app, scene, "1")
    press(app, scene, "2")
    type_text(app, "7")
    enter(app)
    wait(app, scene)
    assert state(scene).result == D.HandResult(P, "fold", 9) and state(scene).points == 1001
    key(app, pygame.K_ESCAPE)  # back to the choice of dealer, points kept
    assert scene.view.phase == "choose" and scene.view.points == 1001
    press(app, scene, "3")  # N. King
    assert state(scene).dealer == "king" and state(scene).points == 1000
    key(app, pygame.K_ESCAPE)  # mid-hand: asks first, then folds
    assert scene.hud.dialog is not None and state(scene).phase == "bet1"
    type_text(app, "y")
    frames(app, 2)
    assert scene.view.phase == "choose" and state(scene).points == 1000
    conserved(scene)
    press(app, scene, "l")  # leave: asked first
    assert not scene.over and scene.hud.dialog.title == "Leave"
    type_text(app, "y")
    assert scene.over and state(scene).left
    assert scene.hud.dialog is not None and "left" in scene.hud.dialog.title
    stats = json.loads((tmp_path / "draw-poker-stats.json").read_text())["dealers"]
    assert stats["jack"]["won"] == 1 and stats["jack"]["biggest_pot"] == 9
    assert stats["king"]["hands"] == 1 and stats["king"]["sessions"] == 1
    assert list((tmp_path / "replays").glob("*.json"))  # the session is kept as a replay


def test_all_in_in_the_first_round_goes_from_the_draw_to_the_showdown(tmp_path: Path) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    scene = start(app, "call", "draw 0 1 2 3 4")
    press(app, scene, "2")
    press(app, scene, "2")
    type_text(app, "5000")  # more than you have: the box says so and stays open
    enter(app)
    assert scene.hud.dialog is not None and "At most 999" in scene.hud.dialog.error
    assert state(scene).phase == "bet1" and scene.hud.dialog.number.digits == "5000"
    type_text(app, "999")
    enter(app)
    wait(app, scene)
    assert scene.view.phase == "draw" and scene.view.points == 0
    enter(app)
    wait(app, scene)
    result = state(scene).result
    assert result is not None and result.reason == "showdown" and result.pot == 2000
    assert state(scene).drawn == (0, 5)
    conserved(scene)


def test_undo_takes_back_a_decision_and_its_answer_until_a_card_is_seen(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    scene = start(app, "bet 2", "raise 3")
    press(app, scene, "1")
    assert not scene.client.can_undo  # the deal is final
    press(app, scene, "1")  # check; the dealer bets 2 at once
    assert state(scene).to_call == 2 and scene.client.can_undo
    type_text(app, "u")  # the check goes back with the dealer's bet
    assert not state(scene).checked and state(scene).to_call == 0 and scene.view.to_act == P
    press(app, scene, "2")
    type_text(app, "4")
    enter(app)
    wait(app, scene)  # the dealer raises 3
    assert state(scene).to_call == 3
    click(app, scene.hud.button("undo").rect.center)  # the bet and the raise go back
    assert state(scene).put_in == (1, 1) and scene.view.to_act == P
    script(scene, "bet 2", "draw")
    press(app, scene, "1")  # check; the dealer bets 2
    press(app, scene, "1")  # call: on to the draw, no card seen yet
    assert scene.view.phase == "draw" and scene.client.can_undo
    enter(app)  # the draw: new cards
    wait(app, scene)
    assert not scene.client.can_undo and not scene.hud.button("undo").enabled
    key(app, pygame.K_BACKSPACE)
    assert scene.view.phase == "bet2" and "cannot be taken back" in scene.hud.message.text


def test_a_pad_marks_cards_and_steps_a_bet(tmp_path: Path, pad: VirtualPad) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    pad.attach()
    frames(app, 2)
    scene = start(app, "call", "draw")
    pad_focus(app, pad, scene, ("button", "jack"))
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    wait(app, scene)
    assert state(scene).dealer == "jack"
    pad_focus(app, pad, scene, ("button", "bet"))
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    field = scene.hud.dialog.number
    start_value = field.value
    pad_press(app, pad, DPAD["up"])
    assert field.value == start_value + 1
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    wait(app, scene)
    assert scene.view.phase == "draw" and state(scene).put_in[P] == 1 + start_value + 1
    settle(app)
    cards = [c.uid for c in scene.view.hands[P]]
    pad_focus(app, pad, scene, cards[0])
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    pad_focus(app, pad, scene, cards[4])
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    assert scene.marked == {0, 4}
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_X)  # X draws
    wait(app, scene)
    assert state(scene).drawn[P] == 2 and app.input.last_device == "pad"


def test_the_replay_shows_the_dealers_cards_only_from_the_showdown_on(tmp_path: Path) -> None:
    from game.replay.recorder import Recorder
    from scenes.replay_viewer import ReplayScene

    rec = Recorder(D.RULES, SEED, {})
    for move in (D.ChooseDealer("jack"), D.Check(), D.Bet(H, 2), D.Call(P), D.Draw(P, (0,)),
                 D.Draw(H, ()), D.Check(), D.Bet(H, 1), D.Call(P), D.Deal()):
        rec.play(move)
    app = make_app(tmp_path)
    viewer = ReplayScene(app, rec, autoplay=False)
    app.push(viewer)
    frames(app, 2)
    dealer_faces = []
    for k in range(rec.length + 1):
        viewer.seek(k)
        frames(app)
        table = viewer.inner.table
        shown = [table.placement(key).card for key in table.entities
                 if table.placement(key).zone == f"hand:{H}"]
        dealer_faces.append(sum(card is not None for card in shown))
    showdown = 9  # after the second call
    assert dealer_faces[:showdown] == [0] * showdown
    assert dealer_faces[showdown] == 5 and dealer_faces[showdown + 1] == 0  # the next hand


def test_check_bet_raise_by_arrow_keys_dealer_folds(tmp_path: Path) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    scene = start(app, "bet 3", "fold")
    press(app, scene, "2")  # F. Queen
    press(app, scene, "1")  # check; the dealer bets 3
    type_text(app, "2")  # raise
    field = scene.hud.dialog.number
    type_text(app, "c")
    for _ in range(4):
        key(app, pygame.K_UP)
    key(app, pygame.K_DOWN)
    assert field.value == 3
    enter(app)
    wait(app, scene)  # the dealer folds to the raise
    assert state(scene).result == D.HandResult(P, "fold", 1 + 1 + 3 + 3 + 3)
    assert state(scene).points == 1000 + 1 + 3
    conserved(scene)
    type_text(app, "x")  # any key but the commands': the next hand
    assert state(scene).hand_no == 2 and state(scene).phase == "bet1"
    before = scene.recorder.length
    click(app, scene.table.zones["zone:dealer:king"].center)  # no faces there during a hand
    assert scene.recorder.length == before and state(scene).dealer == "queen"
    assert scene.hud.message is None or not scene.hud.message.error


def test_a_session_resumes_where_it_was_left_with_the_dealer_to_answer(tmp_path: Path) -> None:
    app = make_app(tmp_path, ai_speed="fast")
    scene = DrawPokerScene(app, seed=SEED)
    app.push(scene)
    frames(app, 2)
    script(scene, "hold")
    press(app, scene, "3")  # N. King
    type_text(app, "1")  # check; the dealer has not answered when the player leaves
    frames(app, 5)
    assert state(scene).checked and scene.view.to_act == H
    key(app, pygame.K_F10)  # the menu: the session is saved
    assert scene not in app.scenes
    again = DrawPokerScene(app)  # no seed: resume
    app.push(again)
    wait(app, again)  # the real dealer answers the check with a bet
    assert state(again).dealer == "king" and state(again).to_call >= 1
    assert state(again).hand_no == 1 and D.total_points(state(again)) == 1000


def leave_and_close(app, scene: DrawPokerScene) -> None:  # noqa: ANN001
    """Leave from the choice of dealer, then close the end box (Esc) to look at the table."""
    assert scene.view.phase == "choose"
    press(app, scene, "l")
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "Leave"
    type_text(app, "y")
    assert scene.over and scene.hud.dialog is not None
    assert scene.hud.dialog.choices[0][:2] == ("new", "New session")  # as on the table
    key(app, pygame.K_ESCAPE)
    assert scene.hud.dialog is None and scene.over


def new_session_shown(app, scene: DrawPokerScene) -> None:  # noqa: ANN001
    """The finished table shows a New session button, drawn with its words at full size
    (TV text is larger: they were squeezed), and the status line names it."""
    from game.engine.ui import BUTTON, BUTTON_HOVER, INK, text_image

    button = scene.new_button()
    assert button is not None and button.label == "New session"
    frames(app)
    vp = app.viewport
    x, y = vp.to_px(button.rect.x + 8, button.rect.centery)
    assert app.screen.get_at((x, y))[:3] in (BUTTON, BUTTON_HOVER)
    for b in scene.hud.buttons:
        words = text_image(vp, b.label, min(b.rect.h * 0.42, 30), INK, bold=True)
        assert words.get_width() + vp.px(b.rect.h) // 2 <= vp.px(b.rect.w), b.label
    assert "New session (N)" in scene.hud.message.text


def test_a_finished_session_offers_new_session_to_the_mouse_keys_and_pad(
        tmp_path: Path, pad: VirtualPad) -> None:
    app = make_app(tmp_path, ai_speed="fast", tv_mode=True)
    pad.attach()
    frames(app, 2)
    scene = start(app)
    press(app, scene, "1")
    type_text(app, "3")  # fold the first hand: the ante is lost
    assert state(scene).points == 999
    key(app, pygame.K_ESCAPE)  # back to the dealers
    leave_and_close(app, scene)
    new_session_shown(app, scene)
    assert "after 1 hand." in scene.prompt(scene.view)
    assert not [i for i in scene.draw_items(0.0) if i.key[0] == "panel"], "no empty log"
    click(app, scene.new_button().rect.center)  # the mouse: no question, nothing to lose
    assert not scene.over and scene.view.phase == "choose" and state(scene).points == 1000
    assert scene.new_button() is None and scene.hud.dialog is None
    leave_and_close(app, scene)
    new_session_shown(app, scene)
    type_text(app, "n")  # the key
    assert not scene.over and scene.view.phase == "choose" and scene.hud.dialog is None
    leave_and_close(app, scene)
    new_session_shown(app, scene)
    pad_focus(app, pad, scene, ("button", "new"))
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)  # the pad
    assert not scene.over and scene.view.phase == "choose"
    script(scene, "fold")
    press(app, scene, "2")  # the new session plays: the dealer answers
    press(app, scene, "2")
    type_text(app, "4")
    enter(app)
    wait(app, scene)
    assert state(scene).result == D.HandResult(P, "fold", 6) and state(scene).points == 1001
    stats = json.loads((tmp_path / "draw-poker-stats.json").read_text())["dealers"]
    assert stats["jack"]["sessions"] == 1 and stats["queen"]["hands"] == 1


def test_each_event_of_the_hand_is_told_once_in_the_side_panel(tmp_path: Path) -> None:
    """The status line repeated every line of the panel ('Hand 1: antes in, pot 2.' twice
    on screen); the panel tells the hand, the status line keeps to errors."""
    app = make_app(tmp_path, ai_speed="fast")
    scene = start(app, "bet 5", "draw 0", "call")

    def told_once() -> None:
        events = scene.view.events
        assert events and scene.log.lines == list(events[-10:])
        said = scene.hud.message.text if scene.hud.message is not None else ""
        assert events[-1] not in said, said
        keys = [item.key for item in scene.draw_items(0.0)]
        assert ("panel", "right", "This hand") in keys

    press(app, scene, "1")
    assert scene.log.lines == ["Hand 1: antes in, pot 2."]
    told_once()
    for step in ("1", "1"):  # check (the dealer bets 5), call
        press(app, scene, step)
        told_once()
    enter(app)  # stand pat
    wait(app, scene)
    told_once()
    press(app, scene, "2")
    type_text(app, "3")
    enter(app)
    wait(app, scene)
    assert scene.view.phase == "done" and scene.log.lines[-1] == scene.result_words(
        scene.view)
    assert scene.log.lines[:-1] == list(scene.view.events[-10:-1])
    type_text(app, "3")  # not a fold now: any key deals the next hand
    assert scene.view.hand_no == 2 and scene.log.lines == ["Hand 2: antes in, pot 2."]
    told_once()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1000, 600)])
@pytest.mark.parametrize("tv", [False, True])
def test_no_words_run_into_other_words_a_button_or_its_focus_frame(
        tmp_path: Path, size: tuple[int, int], tv: bool) -> None:
    """The play-tester's TV screen at 1280x720: "1 Check"'s focus frame cut off the end
    of "Your points 998 · hand 2". Looked at while choosing a dealer, betting in the
    second hand and drawing."""
    from game.engine.scene import TITLE_AT
    from game.engine.ui import GOLD, text_image

    app = make_app(tmp_path, size, ai_speed="fast", tv_mode=tv)
    scene = start(app, "fold", "bet 5")

    def clashes() -> list[tuple[object, object]]:
        vp = app.viewport
        items = scene.draw_items(0)
        title = text_image(vp, scene.title, 34, GOLD, bold=True)
        words = [("title", title.get_bounding_rect().move(vp.to_px(*TITLE_AT)))]
        words += [(i.key, i.image.get_bounding_rect().move(i.pos)) for i in items
                  if i.key[0] == "message" or (i.key[0] == "dp" and i.key[1] != "face"
                                               and i.key[1] != "choice")]
        covers = [(i.key, i.rect) for i in items if i.key[0] in ("button", "focus frame")]
        return [(a, b) for n, (a, ra) in enumerate(words) for b, rb in words[n + 1:] + covers
                if ra.colliderect(rb)]

    key(app, pygame.K_TAB)  # the focus frame shows for the keyboard's player
    assert scene.view.phase == "choose" and not clashes()
    press(app, scene, "1")  # S. Jack: the first hand, which the dealer folds
    press(app, scene, "2")  # a bet: the dealer folds
    enter(app)
    wait(app, scene)
    press(app, scene, "n")  # the next hand
    assert scene.view.phase == "bet1" and scene.view.hand_no == 2
    assert not clashes()
    press(app, scene, "1")  # check: the dealer bets
    press(app, scene, "1")  # call
    assert scene.view.phase == "draw" and not clashes()
