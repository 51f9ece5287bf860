"""Poker Squares' standard rules at the table, by posted events (issue 22, item 9): one
reject in the standard game; the rules page refuses dealt cards and rejects that come
to more than five places; each player's rejects and the common ones lie apart."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.ui import Button
from game.rules import poker_squares as P
from scenes.poker_squares import side_name
from scenes.poker_squares_setup import PokerSquaresSetup
from tests.driver import click, drag, key, settle
from tests.test_poker_squares_scene import centre, start


def choice(page: PokerSquaresSetup, field: str, label: str) -> Button:
    return next(b for b in page.hud.buttons
                if b.key.startswith(f"poker-squares.{field}:") and b.label == label)


def stored(app: object, field: str) -> object:
    return app.settings.per_game.get("poker-squares", {}).get(field)  # type: ignore[attr-defined]


def test_the_standard_game_has_one_reject_square(tmp_path: Path) -> None:
    app, scene = start(tmp_path)
    assert scene.view.rejects == (None,) and "r0" in scene.view.targets
    thrown = scene.view.card
    key(app, pygame.K_x, "x")
    settle(app)
    assert scene.recorder.state.rejects == ((thrown,),)
    key(app, pygame.K_x, "x")
    assert "no reject square free" in scene.hud.message.text


def test_the_rules_page_refuses_more_than_five_places_and_says_why(tmp_path: Path) -> None:
    app, scene = start(tmp_path, deal=3)
    key(app, pygame.K_o, "o")
    page = app.scene
    assert isinstance(page, PokerSquaresSetup)
    click(app, choice(page, "common_rejects", "1").rect.center)  # 3 + 1 + 1: five
    assert stored(app, "common_rejects") == 1
    click(app, choice(page, "deal", "4").rect.center)  # six: refused
    assert stored(app, "deal") == 3
    assert page.hud.message is not None and page.hud.message.text == (
        "Cards dealt and rejects may come to at most 5: 4 dealt + 1 reject + 1 common make 6.")
    # a two-player mode adds Player 2's own reject: refused too, with both counted
    click(app, choice(page, "mode", "Race").rect.center)
    assert stored(app, "mode") is None  # still the default, One Hand
    assert "1 for player 1 + 1 for player 2 + 1 common make 6" in page.hud.message.text
    click(app, choice(page, "rejects", "0").rect.center)  # room for Player 2's reject
    click(app, choice(page, "mode", "Race").rect.center)
    assert stored(app, "mode") == "race"
    key(app, pygame.K_ESCAPE)
    settle(app)
    options = scene.view.options
    assert (options.mode, options.deal, options.common_rejects) == ("race", 3, 1)
    assert [s.rejects for s in options.seats] == [0, 0]


def test_player_twos_own_rejects_are_set_on_their_page(tmp_path: Path) -> None:
    app, scene = start(tmp_path, mode="race", deal=2)
    key(app, pygame.K_o, "o")
    click(app, next(b for b in app.scene.hud.buttons if b.key == "page:second").rect.center)
    page = app.scene
    assert isinstance(page, PokerSquaresSetup) and page.title.endswith("player 2's rules")
    click(app, choice(page, "p2_rejects", "3").rect.center)  # 2 + 1 + 3: refused
    assert stored(app, "p2_rejects") is None
    assert "1 for player 1 + 3 for player 2" in page.hud.message.text
    click(app, choice(page, "p2_rejects", "2").rect.center)
    assert stored(app, "p2_rejects") == 2
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert [s.rejects for s in scene.view.options.seats] == [1, 2]
    assert scene.recorder.state.rejects == ((None,), (None, None))


def test_each_players_rejects_and_the_common_one_lie_apart(tmp_path: Path) -> None:
    app, scene = start(tmp_path, mode="race", opponent="person", common_rejects=1)
    key(app, pygame.K_k, "k")  # Player 2 takes the keyboard; Player 1 keeps the mouse
    assert scene.second.device == "keyboard"
    state = scene.recorder.state
    first = state.dealt[0]
    key(app, pygame.K_x, "x")  # Player 2 throws away: the common reject goes first
    settle(app)
    second = scene.recorder.state.dealt[0]
    key(app, pygame.K_x, "x")  # then their own
    settle(app)
    third = scene.recorder.state.dealt[0]
    drag(app, centre(scene, "d0"), centre(scene, "r0"))  # Player 1 into their own
    settle(app)
    state = scene.recorder.state
    assert state.common == (first,)
    assert state.rejects == ((third,), (second,))
    # Player 1 sees their own by the dealt card, named theirs, and Player 2's under
    # Player 2's matrix
    assert side_name(scene.view, "r") == "P1 reject" and side_name(scene.view, "c") == "Common"
    where = {p.key: p for p in scene.placements(scene.view)}
    assert where[third.uid].zone == "rejects" and where[first.uid].zone == "rejects"
    assert where[second.uid].zone == "other rejects"
    _, other = scene.matrices(scene.view)
    assert other is not None and where[second.uid].y > other.box.bottom
    labels = {item.key: item for item in scene.extra_items()}
    assert ("ps", "their-rejects") in labels, "Player 2's rejects are named as theirs"
    assert labels[("ps", "their-rejects")].pos[1] < scene.viewport.to_px(
        0, where[second.uid].y)[1], "above their reject card"
    # nobody may use another's own reject square
    key(app, pygame.K_x, "x")
    assert "Player 2: There is no reject square free." == scene.hud.message.text
    assert P.reject_target(scene.view) is None


def test_the_other_players_empty_reject_square_is_drawn_before_it_is_used(tmp_path: Path
                                                                          ) -> None:
    app, scene = start(tmp_path, mode="race", opponent="person")
    assert scene.view.other_rejects == (None,)  # Player 2 has the standard game's one
    items = {item.key for item in scene.extra_items()}
    assert ("ps", "their-rejects") in items, "named as theirs before anything lies there"
    assert ("ps", "ring", ("their-reject", 0)) in items, "its empty square outlined"
