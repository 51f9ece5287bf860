"""Poker Squares' play-test findings (issue 22, item 8), driven by posted keys, clicks and
pad buttons and checked on the state and the pixels: the Hint and the computer weigh
both matrices, a Race's computer waits behind a question box, Player 2 sees where they
may place and their own rules, the matrix the number keys aim at is marked, and the end
box leaves the final board in sight."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.ai import poker_squares as ai
from game.engine.card_art import HIGHLIGHTS
from game.engine.ui import GOLD
from game.engine.vpad import VirtualPad
from game.rules import poker_squares as P
from scenes import poker_squares as scene_module
from scenes.poker_squares import CURSOR, OUTLINE, PokerSquaresScene
from tests.driver import click, frames, key, settle
from tests.test_poker_squares_scene import centre, start
from tests.test_poker_squares_scene import computer as computer  # noqa: PLC0414 - a fixture

ACES = ("AS", "AH", "AD")


def near(pixel: pygame.Color | tuple[int, ...], color: tuple[int, int, int]) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel[:3], color, strict=True)) < 60


def ringed(app, rect: pygame.Rect, color: tuple[int, int, int]) -> bool:  # noqa: ANN001
    """Is the frame drawn around ``rect`` (logical) in ``color``, at its top edge?"""
    x, y, w, _ = app.viewport.rect_px(*rect.inflate(8, 8))
    return any(near(app.screen.get_at((x + w // 2 + dx, y + dy)), color)
               for dx in range(-6, 7) for dy in range(4))


def wait_hint(app, scene: PokerSquaresScene) -> None:  # noqa: ANN001
    deadline = time.monotonic() + 60  # the worker's answer, however busy the machine
    while scene.hint_asked is not None:
        assert time.monotonic() < deadline, "the hint never came"
        frames(app)


def aces_in_the_second_matrix(mode: str) -> P.PokerSquaresState:
    """Three aces along the second matrix's top row, and the fourth dealt."""
    state = P.deal([*ACES, "AC", "2D", "7H"], {"mode": mode})
    for col in range(3):
        state = P.apply(state, P.Place(0, 0, col, 0, 1))
    return state


# -- the Hint and the computer look at both matrices -------------------------------------

@pytest.mark.parametrize("mode", ["best_of_two", "sum_of_two"])
def test_the_best_square_is_sought_in_both_matrices(mode: str) -> None:
    view = P.observe(aces_in_the_second_matrix(mode))
    allowed = {m: [(int(s[2]), int(s[3])) for s in view.targets if s[:2] == f"g{m}"]
               for m in range(2)}
    assert ai.best_matrix(view.grids, view.card, allowed) == 1
    matrix, (row, _) = ai.hint_matrices(view.grids, view.card, allowed, level="quick")
    assert (matrix, row) == (1, 0), "the four aces, in the second matrix's top row"
    only_first = {0: allowed[0], 1: []}  # a full matrix is no choice
    assert ai.best_matrix(view.grids, view.card, only_first) == 0
    move = ai.make_agent("quick").act(view, P.legal_moves(aces_in_the_second_matrix(mode)))
    assert (move.grid, move.row) == (1, 0), "the computer at the table chooses the same way"


@pytest.mark.parametrize("mode", ["best_of_two", "sum_of_two"])
def test_the_hint_names_the_matrix_it_means(tmp_path: Path, mode: str) -> None:
    try:
        ai.hint([[None] * 5] * 5, "AS", level="quick")
    except OSError as exc:
        pytest.skip(f"the computer player's tables are not there: {exc}")
    app, scene = start(tmp_path, mode=mode, strength="quick")
    for k in (pygame.K_g, pygame.K_1, pygame.K_1):  # the first card: second matrix, top left
        key(app, k, pygame.key.name(k))
    settle(app)
    assert scene.recorder.state.grids[1][0] is not None
    view = scene.view
    allowed = {m: [(int(s[2]), int(s[3])) for s in view.targets if s[:2] == f"g{m}"]
               for m in range(2)}
    matrix, (row, col) = ai.hint_matrices(view.grids, view.card, allowed, level="quick")
    assert matrix == 1, "the deal of this test: the second matrix's square is the better"
    key(app, pygame.K_h, "h")
    wait_hint(app, scene)
    frames(app, 2)
    assert scene.hint_spot == f"g1{row}{col}"
    assert f"in matrix 2, row {row + 1}, column {col + 1}." in scene.hud.message.text
    hinted = scene.spot_rect(scene.view, scene.hint_spot)
    assert ringed(app, hinted, HIGHLIGHTS["hint"]), "the cyan of the other games' hints"
    assert not ringed(app, hinted, GOLD), "gold is the aim's frame, not the hint's"
    assert ringed(app, keys_frame(scene, 1), GOLD), "the aim G chose stays gold"
    other = next(s for s in scene.view.targets if s != scene.hint_spot)
    assert thickness(app, hinted, HIGHLIGHTS["hint"]) >= 2 * thickness(
        app, scene.spot_rect(scene.view, other), OUTLINE), "it stands out among the outlines"


def thickness(app, rect: pygame.Rect, color: tuple[int, int, int]) -> int:  # noqa: ANN001
    """How many pixels deep the frame round ``rect`` (logical) is in ``color``, straight
    above the middle of its top edge."""
    x, y, w, _ = app.viewport.rect_px(*rect)
    return sum(near(app.screen.get_at((x + w // 2, y - dy)), color) for dy in range(1, 30))


# -- a Race's computer waits while a question box is open ----------------------------------

def test_a_races_computer_waits_behind_a_question_box(tmp_path: Path, computer: None) -> None:
    app, scene = start(tmp_path, mode="race")
    assert 1 in scene.computers
    click(app, centre(scene, "g000"))
    settle(app)
    key(app, pygame.K_n, "n")  # New cards with a game under way: asked first
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "New game"
    theirs = scene.recorder.state.grids[1]
    frames(app, 240)  # four seconds: far more than the computer takes for a card
    assert scene.recorder.state.grids[1] == theirs, "the computer played behind the box"
    key(app, pygame.K_n, "n")  # No: the game goes on, and so does the computer
    assert scene.hud.dialog is None
    for _ in range(600):
        if scene.recorder.state.grids[1] != theirs:
            break
        frames(app)
    assert scene.recorder.state.grids[1] != theirs


# -- Player 2, a person: where they may place, and their own rules --------------------------

def test_player_two_sees_their_squares_and_their_rules(tmp_path: Path, pad: VirtualPad,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    real = scene_module.text_image
    monkeypatch.setattr(scene_module, "text_image",
                        lambda vp, words, *a, **k: said.append(words) or real(vp, words, *a, **k))
    app, scene = start(tmp_path, mode="race", opponent="person", p2_placement="edges",
                       p2_scoring="english")
    pad.attach()
    frames(app, 2)
    pad.press(pygame.CONTROLLER_BUTTON_A)  # Player 2 joins with this pad
    frames(app)
    pad.press(pygame.CONTROLLER_BUTTON_A)  # and places the first card in their centre
    settle(app)
    frames(app, 2)
    targets = scene.second.client().view.targets
    squares = {spot for spot in targets if spot[0] == "g"}  # their reject is a target too
    assert squares == {"g012", "g021", "g023", "g032"}, "their edges rule"
    for spot in squares:
        assert ringed(app, scene.spot_rect(scene.view, f"o{spot[2:]}"), OUTLINE), spot
    assert not ringed(app, scene.spot_rect(scene.view, "o00"), OUTLINE), "not a legal square"
    assert ringed(app, scene.spot_rect(scene.view, "g000"), OUTLINE), "Player 1's as before"
    assert "Player 2: English \u00b7 Edges must touch" in said
    assert "Race \u00b7 American \u00b7 Cards go anywhere \u00b7 Cards cannot move \u00b7 " \
        "10 hands" in said, "Player 1's rules stay on the top line"


def test_player_twos_cursor_shows_on_an_empty_legal_square(tmp_path: Path,
                                                            pad: VirtualPad) -> None:
    app, scene = start(tmp_path, mode="race", opponent="person", p2_placement="edges")
    pad.attach()
    frames(app, 2)
    pad.press(pygame.CONTROLLER_BUTTON_A)  # Player 2 joins with this pad
    frames(app)
    pad.press(pygame.CONTROLLER_BUTTON_A)  # the first card in their centre
    settle(app)
    pad.press(pygame.CONTROLLER_BUTTON_DPAD_UP)  # onto an empty square they may place on
    frames(app, 2)
    assert scene.second.cursor == 7 and "g012" in scene.second.client().view.targets
    assert ringed(app, scene.spot_rect(scene.view, "o12"), CURSOR), "their cursor, on top"
    assert ringed(app, scene.spot_rect(scene.view, "o21"), OUTLINE), "the others stay blue"


def test_player_two_with_the_same_rules_gets_no_second_line(tmp_path: Path) -> None:
    app, scene = start(tmp_path, mode="race", opponent="person")
    frames(app, 2)
    keys = {item.key for item in scene.extra_items()}
    assert ("ps", "other-score") in keys and ("ps", "other-rules0") not in keys


# -- the matrix the number keys aim at ---------------------------------------------------

def keys_frame(scene: PokerSquaresScene, matrix: int) -> pygame.Rect:
    box = scene.matrices(scene.view)[0][matrix].box
    return scene_module.zone_rect(box.x, box.y, box.w, box.h).inflate(12, 12)


def test_the_aimed_matrix_is_marked_and_a_new_deal_aims_at_the_first(tmp_path: Path) -> None:
    app, scene = start(tmp_path, mode="best_of_two")
    frames(app, 2)
    assert ringed(app, keys_frame(scene, 0), GOLD) and not ringed(app, keys_frame(scene, 1),
                                                                 GOLD)
    key(app, pygame.K_g, "g")
    frames(app, 2)
    assert ringed(app, keys_frame(scene, 1), GOLD) and not ringed(app, keys_frame(scene, 0),
                                                                 GOLD)
    key(app, pygame.K_5, "5")
    key(app, pygame.K_5, "5")
    settle(app)
    assert scene.recorder.state.grids[1][24] is not None
    key(app, pygame.K_n, "n")  # New cards: asked, since a card lies on the table
    key(app, pygame.K_y, "y")
    settle(app)
    frames(app, 2)
    assert scene.recorder.length == 0 and scene.key_matrix == 0
    assert ringed(app, keys_frame(scene, 0), GOLD) and not ringed(app, keys_frame(scene, 1),
                                                                 GOLD)
    key(app, pygame.K_1, "1")
    key(app, pygame.K_1, "1")
    settle(app)
    assert scene.recorder.state.grids[0][0] is not None, "the keys place in the first again"


# -- the end box leaves the final board in sight ----------------------------------------

@pytest.mark.parametrize("tv", [False, True])
@pytest.mark.parametrize("mode", ["one_hand", "best_of_two"])
def test_the_end_box_leaves_the_final_board_in_sight(tmp_path: Path, mode: str,
                                                     tv: bool) -> None:
    app, scene = start(tmp_path, mode=mode, tv_mode=tv)
    while not scene.over:
        click(app, centre(scene, next(s for s in scene.view.targets if s[0] == "g")))
        settle(app)
    frames(app, 3)
    dialog = scene.hud.dialog
    assert dialog is not None and dialog.title in ("You won!", "Short of the target")
    vp = app.viewport
    box = pygame.Rect(vp.rect_px(*dialog.rect()))
    assert pygame.Rect(0, 0, *vp.size).contains(box)
    grids, _ = scene.matrices(scene.view)
    shown = app.screen.copy()
    key(app, pygame.K_ESCAPE)  # the box closes: the table as it is without it
    frames(app, 3)
    labels = [item.rect for item in scene.extra_items() if item.key[0] == "ps" and (
        item.key[1] in ("score", "score0", "score1", "total")
        or isinstance(item.key[1], tuple) and item.key[1][0] in ("row", "col", "diag"))]
    assert labels and not any(box.colliderect(r) for r in labels), "the hands and scores"
    for grid in grids:
        g = grid.box
        assert not box.colliderect(pygame.Rect(vp.rect_px(g.x, g.y, g.w, g.h)))
        for x, y in grid.positions:  # every card's face, undimmed, beside the box
            at = vp.to_px(x + grid.card_w / 2, y + grid.card_h / 3)
            assert near(shown.get_at(at), tuple(app.screen.get_at(at))[:3])


# -- the refusals are the rules' words (issue 24) ------------------------------------------

def test_throwing_away_without_rejects_says_the_rules_reason(tmp_path: Path) -> None:
    app, scene = start(tmp_path, rejects=0)
    key(app, pygame.K_x, "x")
    assert scene.hud.message.text == P.reject_refusal(scene.view) == "This game has no rejects."
    assert scene.recorder.length == 0


def test_a_long_end_box_widens_rather_than_spill_its_words(tmp_path: Path) -> None:
    from game.engine.layout import DESIGN_H
    from game.rules.poker_squares_tournament import Tournament

    app, scene = start(tmp_path, tv_mode=True)
    scene.tournaments.tournament = Tournament.of(["Annabelle", "Bartholomew", "Cy",
                                                  "Dorothea", "Ed"])
    while not scene.over:
        click(app, centre(scene, next(s for s in scene.view.targets if s[0] == "g")))
        settle(app)
    frames(app, 2)
    dialog = scene.hud.dialog
    assert "Dorothea" in dialog.body and dialog.panel_w > scene_module.END_BOX.w
    assert dialog.height < DESIGN_H - 40, "every line of the standings inside the box"
    assert dialog.rect().right == scene_module.END_BOX.right


# -- Make Pat Hands counts rows only (play-test) ----------------------------------------

@pytest.mark.parametrize("scoring", ["american", "pat"])
def test_only_the_hands_that_count_are_named(tmp_path: Path, scoring: str) -> None:
    app, scene = start(tmp_path, scoring=scoring, mode="alternate")
    for _ in range(3):
        click(app, centre(scene, next(s for s in scene.view.targets if s[0] == "g")))
        settle(app)
        while not scene.view.targets:  # the computer places its card
            frames(app)
    kinds = {item.key[1][0] for item in scene.extra_items()
             if item.key[0] == "ps" and isinstance(item.key[1], tuple)}
    assert {"row", "tiny-row"} <= kinds, kinds
    counted = scoring != "pat"  # Make Pat Hands counts rows only
    assert ("col" in kinds) == ("tiny-col" in kinds) == counted, kinds
