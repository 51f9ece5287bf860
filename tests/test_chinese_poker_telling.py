"""What Chinese Poker tells its players: a tied cut said when it happens and a result
line with only the cut that settled it, the trick's last pass kept in sight, why
nothing but four of a kind beats a 2, any target the rules accept, the end of a match
(its banner clear of the labels, Esc only closing the box, the replay offered)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from game.rules import chinese_poker as C
from scenes.chinese_poker import ChinesePokerScene
from scenes.chinese_poker_setup import Setup
from tests.driver import click, drag, frames, key, make_app, settle, type_text
from tests.test_chinese_poker_scene import SIZE, my_play, start, visible_point, wait_for_turn


def drawn(scene: ChinesePokerScene) -> dict[Any, pygame.Rect]:
    """Every item the scene draws, by key, as a rectangle in window pixels."""
    return {item.key: pygame.Rect(item.pos, item.image.get_size())
            for item in scene.draw_items(0.0)}


def cut_index(scene: ChinesePokerScene, same_as: C.Card | None) -> int:
    """Where in the spread lies a card that ties with ``same_as`` (None: one that
    does not tie with anything cut so far)."""
    state = scene.recorder.state
    cut = [c for c in state.cut if c is not None]
    for i, card in enumerate(state.cut_deck):
        value = C.cut_value(card)
        if same_as is not None and value == C.cut_value(same_as):
            return i
        if same_as is None and all(value != C.cut_value(c) for c in cut):
            return i
    raise AssertionError("no such card in the spread")


def cut(app: Any, scene: ChinesePokerScene, index: int) -> C.Card:
    card = scene.recorder.state.cut_deck[index]
    click(app, visible_point(scene, f"cut#{index}"))
    settle(app)
    return card


def test_a_tied_cut_is_said_and_the_result_names_only_the_cut_that_settled_it(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = start(app, Setup(("human", "human"), target=50, names=("Ann", "Bob")))
    first = cut(app, scene, 0)
    tie = cut(app, scene, cut_index(scene, first))
    dialog = scene.hud.dialog
    assert dialog is not None and dialog.title == "A tie"
    assert f"Ann {first.symbol}, Bob {tie.symbol}" in dialog.body
    assert "Ann and Bob tied for highest and cut again" in dialog.body
    key(app, pygame.K_RETURN)
    assert scene.view.phase == "cut"
    again = cut(app, scene, cut_index(scene, None))
    last = cut(app, scene, cut_index(scene, None))
    frames(app, 2)
    dialog = scene.hud.dialog
    assert dialog is not None and dialog.title == "The cut"
    settled = dialog.body.split("cut again. ", 1)[1]
    assert settled.startswith(f"Ann {again.symbol}, Bob {last.symbol}. ")
    assert first.symbol not in settled and tie.symbol not in settled


def until_the_trick_clears(app: Any, scene: ChinesePokerScene) -> None:
    """Lead the lowest card and pass until the others have passed the trick round."""
    low = scene.view.hand[0].uid
    click(app, visible_point(scene, low))
    key(app, pygame.K_p, "p")
    deadline = time.monotonic() + 60
    while scene.view.trick and time.monotonic() < deadline:
        if scene.view.my_turn and scene.view.table:
            key(app, pygame.K_x, "x")
        frames(app)


def test_a_drag_begun_while_the_last_pass_is_shown_still_plays(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="medium", animation="off")
    scene = my_play(app)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # until the others pass a trick back to us
        view = scene.view
        held = any(k[0] == "pass" for k in drawn(scene)) and not view.trick
        if view.my_turn and held:
            break
        if view.my_turn and view.table:
            key(app, pygame.K_x, "x")
        elif view.my_turn and not scene.hud.dialog:
            click(app, visible_point(scene, view.hand[0].uid))
            key(app, pygame.K_p, "p")
        frames(app)
    else:
        raise AssertionError("no trick came back to us")
    card = scene.view.hand[0].uid
    before = scene.recorder.length
    drag(app, visible_point(scene, card), (700, 400), steps=90)  # longer than the hold
    assert scene.recorder.moves[before:] == (C.Play(scene.seat, (card,)),)


def test_the_last_pass_of_a_trick_stays_in_sight_before_the_table_clears(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="medium", animation="off")
    scene = my_play(app)
    until_the_trick_clears(app, scene)
    view = scene.view
    assert view.phase == "play" and not view.trick, "the trick cleared"
    last = (view.turn - 1) % view.players  # the pass before the leader's new lead
    items = drawn(scene)
    assert ("pass", last) in items, "the pass that ended the trick is shown"
    assert any("pass" in line for line in scene.panel_lines(view)[-4:])
    moves = scene.recorder.length
    frames(app, 30)  # half a second: still in sight, and nobody plays on meanwhile
    assert ("pass", last) in drawn(scene) and scene.recorder.length == moves
    frames(app, 60)
    assert ("pass", last) not in drawn(scene), "then the table clears"


def test_nothing_but_four_of_a_kind_beats_a_2() -> None:
    state = C.new_game(1, {"players": 2})
    two, three = C.Card.parse("2S"), C.Card.parse("3H")
    hands = ((three,), (C.Card.parse("4H"),))
    table = C.State(**{**{f: getattr(state, f) for f in state.__dataclass_fields__},
                       "phase": "play", "hands": hands, "table": (two,), "turn": 0,
                       "leader": 1, "trick": (C.Turn(1, (two,)),)})
    try:
        C.check(table, C.Play(0, ("3H",)))
    except C.IllegalMove as refusal:
        assert "higher single" not in refusal.reason
        assert "only four of a kind" in refusal.reason
    else:
        raise AssertionError("a 3 on a 2 was allowed")


def test_the_target_is_any_score_the_rules_accept(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = ChinesePokerScene(app)
    app.push(scene)
    frames(app, 2)
    key(app, pygame.K_2, "2")
    key(app, pygame.K_m, "m")
    assert scene.hud.dialog.title == "Target" and scene.hud.dialog.number is not None
    type_text(app, "20000")
    key(app, pygame.K_RETURN)
    assert scene.hud.dialog.title == "Target" and "10,000" in scene.hud.dialog.error
    type_text(app, "37")
    key(app, pygame.K_RETURN)
    assert scene.hud.dialog is None or scene.hud.dialog.title != "Target"
    assert scene.setup.target == 37 and scene.recorder.state.target == 37


def play_out(app: Any, scene: ChinesePokerScene) -> None:
    """Play the person's turns by the hint until the match is over."""
    deadline = time.monotonic() + 120
    while not scene.view.over and time.monotonic() < deadline:
        wait_for_turn(app, scene)
        view = scene.view
        if view.over:
            break
        if view.phase == "cut":
            click(app, visible_point(scene, "cut#0"))
        elif view.phase == "deal":
            key(app, pygame.K_d, "d")
        elif view.phase == "choose":
            offer = next(i for i, n in enumerate(view.offered) if n)
            click(app, visible_point(scene, f"offer{offer}#0"))
        elif view.phase == "play":
            key(app, pygame.K_h, "h")
            key(app, pygame.K_p, "p") if scene.selected else key(app, pygame.K_x, "x")
    assert scene.view.over


def test_the_end_of_a_won_match(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = start(app, Setup(("human", "easy"), target=1), seed=1)
    play_out(app, scene)
    assert scene.view.won and scene.celebration is not None
    frames(app, 20)
    items = drawn(scene)
    banner = items[("celebration", "banner")]
    labels = [rect for k, rect in items.items() if k[0] == "seat"]
    assert labels and not any(banner.colliderect(r) for r in labels), \
        "the banner keeps clear of the seats' labels"
    key(app, pygame.K_SPACE)  # the show ends: the end box
    dialog = scene.hud.dialog
    assert dialog is not None and "replay" in [c[0] for c in dialog.choices], \
        "the win box offers the replay"
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert scene.hud.dialog is None, "Esc closes the box and opens no new set-up"
    assert scene.view.over
