"""Poker Squares played through the real app by posted events: clicks, drags, the
keyboard and a virtual game controller; options come from the settings as a player
sets them."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.cards import card_from_uid
from game.engine.ui import GOLD, MUTED, text_image
from game.engine.vpad import VirtualPad
from game.rules import poker_squares as P
from scenes.poker_squares import TINY, TINY_SIZE, PokerSquaresScene
from tests.driver import click, drag, frames, key, make_app, pad_focus, settle

SEED = 5


def start(tmp_path: Path, size: tuple[int, int] = (1280, 720), **options: object
          ) -> tuple[object, PokerSquaresScene]:
    app = make_app(tmp_path, size=size, per_game={"poker-squares": options}, ai_speed="fast")
    scene = PokerSquaresScene(app, seed=SEED)
    app.push(scene)
    settle(app)
    return app, scene


def centre(scene: PokerSquaresScene, spot: str) -> tuple[float, float]:
    rect = scene.spot_rect(scene.view, spot)
    return rect.centerx, rect.centery


def card_at(scene: PokerSquaresScene, spot: str) -> str:
    """The table key of the card lying on ``spot``."""
    return next(k for k, s in scene.spot_of.items() if s == spot)


def grid_codes(scene: PokerSquaresScene) -> list[str | None]:
    return [c.uid if c else None for c in scene.recorder.state.grids[0]]


def test_one_hand_by_clicks_and_drags_to_the_end(tmp_path: Path) -> None:
    app, scene = start(tmp_path)
    dealt = []
    for i in range(25):
        spot = f"g0{i // 5}{i % 5}"
        dealt.append(scene.view.card.uid)
        if i % 2:
            click(app, centre(scene, spot))  # click the square: the waiting card goes there
        else:
            drag(app, centre(scene, "d0"), centre(scene, spot))
        settle(app)
        assert scene.card_count_problem() is None
    assert grid_codes(scene) == dealt
    assert scene.over and scene.hud.dialog is not None, "the game-over dialog shows"
    assert "d0" not in scene.spot_of.values(), "no card is dealt after the last one"
    assert scene.view.cards_left == 27 and scene.card_count_problem() is None
    score = P.score_grid(scene.view.grid)
    assert scene.view.scores == (score,)
    assert str(score) in scene.hud.dialog.body


def test_edges_must_touch_refuses_a_far_square_and_says_why(tmp_path: Path) -> None:
    app, scene = start(tmp_path, placement="edges", rejects=0)
    click(app, centre(scene, "g022"))
    settle(app)
    before = scene.recorder.length
    click(app, centre(scene, "g000"))
    assert scene.recorder.length == before
    assert "edge" in scene.hud.message.text
    assert set(scene.view.targets) == {"g012", "g021", "g023", "g032"}
    assert {z[5:] for z in scene.table.zones} >= set(scene.view.targets)


def test_keyboard_row_then_column_and_x_to_reject(tmp_path: Path) -> None:
    app, scene = start(tmp_path, rejects=1)
    first = scene.view.card
    key(app, pygame.K_3, "3")
    assert "Row 3" in scene.hud.message.text
    key(app, pygame.K_4, "4")
    settle(app)
    assert scene.recorder.state.grids[0][2 * 5 + 3] == first
    second = scene.view.card
    key(app, pygame.K_x, "x")
    settle(app)
    assert scene.recorder.state.rejects[0] == (second,)
    key(app, pygame.K_x, "x")
    assert "reject" in scene.hud.message.text.lower()
    key(app, pygame.K_2, "2")
    key(app, pygame.K_ESCAPE)
    assert scene.pending_row is None and scene.app.scene is scene


def test_a_placed_card_is_picked_then_thrown_away(tmp_path: Path) -> None:
    app, scene = start(tmp_path, rejects=1)
    click(app, centre(scene, "g000"))
    settle(app)
    placed = scene.recorder.state.grids[0][0]
    assert "g000" in scene.view.movable
    click(app, centre(scene, "g000"))  # pick the card up
    assert scene.picked == "g000"
    click(app, centre(scene, "r0"))  # and drop it among the rejects
    settle(app)
    assert scene.recorder.state.rejects[0] == (placed,) and scene.recorder.state.grids[0][0] is None


def test_cards_that_can_move_are_dragged_and_done_ends_the_game(tmp_path: Path) -> None:
    app, scene = start(tmp_path, can_move=True)
    for i in range(25):
        key(app, pygame.K_1 + i // 5, str(1 + i // 5))
        key(app, pygame.K_1 + i % 5, str(1 + i % 5))
    settle(app)
    before = grid_codes(scene)
    assert not scene.over and any(b.key == "done" for b in scene.hud.buttons)
    drag(app, centre(scene, "g000"), centre(scene, "g044"))  # a full hand swaps two cards
    settle(app)
    after = grid_codes(scene)
    assert after[0] == before[24] and after[24] == before[0]
    key(app, pygame.K_d, "d")
    settle(app)
    assert scene.over


def test_undo_redo_new_and_same_cards(tmp_path: Path) -> None:
    app, scene = start(tmp_path)
    first = scene.view.card
    click(app, centre(scene, "g011"))
    key(app, pygame.K_u, "u")
    settle(app)
    assert scene.recorder.cursor == 0 and scene.view.card == first
    key(app, pygame.K_r, "r")
    settle(app)
    assert scene.recorder.cursor == 1
    key(app, pygame.K_s, "s")  # Same cards asks first: the matrix is not full
    assert scene.hud.dialog is not None and "not full" in scene.hud.dialog.body
    key(app, pygame.K_y, "y")
    settle(app)
    assert scene.recorder.cursor == 0 and scene.view.card == first
    key(app, pygame.K_n, "n")  # nothing placed yet: New cards deals at once
    settle(app)
    assert scene.hud.dialog is None and scene.recorder.seed != SEED


def test_hint_lights_a_legal_square_without_holding_up_frames(tmp_path: Path) -> None:
    from game.ai import poker_squares as ai

    try:
        ai.hint([[None] * 5] * 5, "AS")
    except OSError as exc:
        pytest.skip(f"the computer player's tables are not there: {exc}")
    app, scene = start(tmp_path, placement="corners")
    click(app, centre(scene, "g022"))
    settle(app)
    key(app, pygame.K_h, "h")
    assert scene.hud.message.text == "Thinking..."  # the search runs on the worker
    deadline = time.monotonic() + 60  # the worker's answer, however busy the machine
    while scene.hint_asked is not None:
        assert time.monotonic() < deadline, "the hint never came"
        frames(app)
    assert scene.hint_spot in scene.view.targets
    assert "computer would put" in scene.hud.message.text
    key(app, pygame.K_x, "x")  # thrown away: the hint spoke of a card no longer there
    settle(app)
    assert scene.hint_spot is None
    assert scene.hud.message is None or "computer would put" not in scene.hud.message.text


@pytest.mark.parametrize("strength", ["quick", "strong"])
def test_the_strength_chosen_plays_the_computer_opponent_and_the_hint(
        tmp_path: Path, strength: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai import poker_squares as ai

    asked = []
    monkeypatch.setattr(ai, "hint", lambda *args: asked.append(args[5]) or (0, 0))
    app, scene = start(tmp_path, mode="alternate", strength=strength)
    agent = scene.computers[1].agent
    assert type(agent) is {"quick": ai.QuickAgent, "strong": ai.StrongAgent}[strength]
    assert getattr(agent, "time_limit", 0.5) == 0.5  # strong thinks on the worker
    key(app, pygame.K_h, "h")
    scene.jobs.wait("hint", timeout=30)
    frames(app)
    assert asked == [strength] and "computer would put" in scene.hud.message.text


def test_settings_choose_the_rules(tmp_path: Path) -> None:
    app, scene = start(tmp_path, mode="best_of_two", scoring="english", hands=12, deal=2)
    view = scene.view
    assert len(view.grids) == 2 and len(view.dealt) == 2
    rules = view.options.seats[0]
    assert rules.scoring == "english" and rules.diagonals
    drag(app, centre(scene, "d1"), centre(scene, "g100"))  # the second card, second matrix
    settle(app)
    assert scene.recorder.state.grids[1][0] == view.dealt[1]
    waiting = scene.view.dealt[0]
    key(app, pygame.K_g, "g")  # row-and-column keys aim at the second matrix now
    key(app, pygame.K_5, "5")
    key(app, pygame.K_5, "5")
    settle(app)
    assert scene.recorder.state.grids[1][24] == waiting


def test_layouts_at_every_size_keep_the_cards_apart(tmp_path: Path) -> None:
    for size in ((1280, 720), (3840, 2160)):
        app, scene = start(tmp_path / str(size[0]), size=size, mode="sum_of_two", rejects=2)
        frames(app, 2)
        rects = [scene.spot_rect(scene.view, s) for s in
                 [f"g{m}{i // 5}{i % 5}" for m in (0, 1) for i in range(25)]
                 + scene.side_spots(scene.view)]
        assert all(a.colliderect(b) is False for n, a in enumerate(rects) for b in rects[n + 1:])
        buttons = [b.rect for b in scene.hud.buttons]
        assert not any(r.colliderect(b) for r in rects for b in buttons)
        assert pygame.Rect(0, 0, 1920, 1080).contains(rects[-1])


def test_a_game_controller_places_and_rejects(tmp_path: Path, pad: VirtualPad) -> None:
    app, scene = start(tmp_path, rejects=1)
    pad.attach()
    frames(app, 2)
    first = scene.view.card
    for _ in range(3):  # the focus frame lands on a square; A puts the card there
        pad.press(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        frames(app)
    assert isinstance(scene.focus, str) and scene.focus.startswith("zone:g0")
    spot = scene.focus[5:]
    pad.press(pygame.CONTROLLER_BUTTON_A)
    frames(app)
    settle(app)
    index = int(spot[2]) * 5 + int(spot[3])
    assert scene.recorder.state.grids[0][index] == first
    second = scene.view.card
    pad.press(pygame.CONTROLLER_BUTTON_X)  # X throws the waiting card away
    frames(app)
    assert scene.recorder.state.rejects[0] == (second,)
    assert app.input.last_device == "pad"


@pytest.fixture
def computer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry entry with a computer player, as the full game registers it (the
    random one: it needs no learned tables)."""
    from dataclasses import replace

    from game.rules import registry

    entry = replace(registry.GAME_BY_ID["poker-squares"], agents=("random",),
                    agent_factory="game.ai.poker_squares:make_agent")
    monkeypatch.setitem(registry.GAME_BY_ID, "poker-squares", entry)


def play_against_the_computer(app, scene: PokerSquaresScene) -> int:  # noqa: ANN001
    """Click the first legal square whenever the seat may place; Pass when full. Returns
    the computer's moves seen."""
    theirs = 0
    for _ in range(3000):
        if scene.over:
            return theirs
        view = scene.view
        squares = sorted(s for s in view.targets if s.startswith("g0"))
        if view.can_pass:
            click(app, centre_of_button(scene, "pass"))
        elif squares and view.card is not None:
            click(app, centre(scene, squares[0]))
        else:
            before = scene.recorder.length
            frames(app, 4)
            theirs += scene.recorder.length - before
    raise AssertionError("the game never ended")


def centre_of_button(scene: PokerSquaresScene, key_: str) -> tuple[float, float]:
    rect = next(b.rect for b in scene.hud.buttons if b.key == key_)
    return rect.centerx, rect.centery


def test_alternate_against_the_computer(tmp_path: Path, computer: None) -> None:
    app, scene = start(tmp_path, mode="alternate")
    assert 1 in scene.computers and scene.view.other_grid is not None
    assert play_against_the_computer(app, scene) >= 25
    state = scene.recorder.state
    assert all(None not in g for g in state.grids)
    assert scene.card_count_problem() is None
    assert scene.hud.dialog is not None and "computer's" in scene.hud.dialog.body


def test_a_race_ends_when_the_first_matrix_is_full(tmp_path: Path, computer: None) -> None:
    app, scene = start(tmp_path, mode="race")
    play_against_the_computer(app, scene)
    state = scene.recorder.state
    assert None not in state.grids[0] and None in state.grids[1]  # the player was faster
    mine, theirs = scene.view.scores
    assert mine == P.score_grid(scene.view.grid)
    expected = "You win!" if mine > theirs else "A tie" if mine == theirs else \
        "The computer wins"
    assert scene.hud.dialog is not None and scene.hud.dialog.title == expected


def test_the_rules_page_sets_every_option_and_the_table_deals_with_them(tmp_path: Path) -> None:
    from scenes.poker_squares_setup import PokerSquaresSetup

    app, scene = start(tmp_path)
    key(app, pygame.K_o, "o")
    page = app.scene
    assert isinstance(page, PokerSquaresSetup)
    assert [r.field for r in page.rows] == [o.key for o in scene.entry.options
                                            if not o.key.startswith(("p2_", "opponent",
                                                                     "strength"))]
    screen = pygame.Rect(0, 0, 1920, 1080)
    assert all(screen.contains(b.rect) for b in page.hud.buttons)
    edges = next(b for b in page.hud.buttons if b.label == "Edges must touch")
    click(app, edges.rect.center)
    sum_two = next(b for b in page.hud.buttons if b.label == "Sum of Two")
    click(app, sum_two.rect.center)
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert app.scene is scene and scene.recorder.cursor == 0
    view = scene.view
    assert view.options.mode == "sum_of_two" and view.options.seats[0].placement == "edges"
    assert len(view.grids) == 2


def test_planting_and_stealing_by_drag(tmp_path: Path, computer: None) -> None:
    app, scene = start(tmp_path, mode="alternate", planting=True, stealing=True)
    dealt = scene.view.card
    assert "o22" in scene.view.targets
    drag(app, centre(scene, "d0"), centre(scene, "o22"))  # plant it in the computer's matrix
    settle(app)
    assert scene.recorder.state.grids[1][12] == dealt
    for _ in range(400):  # the computer's turn
        if scene.view.to_move:
            break
        frames(app, 2)
    theirs = next(s for s in scene.view.movable if s.startswith("o") and s != "o22")
    taken = scene.view.other_grid[int(theirs[1])][int(theirs[2])]
    drag(app, centre(scene, theirs), centre(scene, "g000"))  # steal one of its own cards
    settle(app)
    assert scene.recorder.state.grids[0][0] == taken
    assert "o22" not in scene.view.movable  # a planted card is never stolen


def test_a_handicap_and_user_points_from_the_rules_pages(tmp_path: Path, computer: None
                                                         ) -> None:
    from scenes.poker_squares_points import UserPointsPage

    app, scene = start(tmp_path, mode="alternate", scoring="user")
    key(app, pygame.K_o, "o")
    rules = app.scene
    click(app, next(b for b in rules.hud.buttons if b.key == "page:second").rect.center)
    second = app.scene
    assert [r.field for r in second.rows] == ["opponent", "strength", "p2_placement",
                                              "p2_can_move", "p2_hands", "p2_scoring",
                                              "p2_rejects"]
    click(app, next(b for b in second.hud.buttons if b.label == "English").rect.center)
    key(app, pygame.K_ESCAPE)
    assert app.scene is rules
    click(app, next(b for b in rules.hud.buttons if b.key == "page:points").rect.center)
    points = app.scene
    assert isinstance(points, UserPointsPage)
    click(app, points.hud.button("points:royal_flush").rect.center)
    assert points.hud.dialog is not None and points.hud.dialog.number is not None
    key(app, pygame.K_9, "9")
    key(app, pygame.K_9, "9")
    key(app, pygame.K_RETURN)
    assert points.hud.button("points:royal_flush").label == "Royal flush: 99"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert app.scene is scene
    first, other = scene.view.options.seats
    assert first.scoring == "user" and first.table["royal_flush"] == 99
    assert other.scoring == "english" and other.table["royal_flush"] == 30


def test_race_of_two_people_mouse_against_a_pad(tmp_path: Path, pad: VirtualPad) -> None:
    app, scene = start(tmp_path, mode="race", opponent="person")
    pad.attach()
    frames(app, 2)
    assert not scene.computers and scene.second.cursor == 12 and scene.second.waiting
    first = scene.view.card
    pad.press(pygame.CONTROLLER_BUTTON_A)  # player 2 joins with this pad: nothing is placed
    frames(app)
    assert scene.second.device == f"pad:{pad.instance_id}" and scene.recorder.length == 0
    pad.press(pygame.CONTROLLER_BUTTON_A)  # player 2 grabs the first card, centre square
    frames(app)
    settle(app)
    state = scene.recorder.state
    assert state.grids[1][12] == first and state.grids[0] == (None,) * 25
    pad.press(pygame.CONTROLLER_BUTTON_A)  # the centre is taken now: refused, with a reason
    frames(app)
    assert "Player 2" in scene.hud.message.text and scene.recorder.length == 1
    pad.press(pygame.CONTROLLER_BUTTON_DPAD_UP)
    frames(app)
    assert scene.second.cursor == 7
    pad.press(pygame.CONTROLLER_BUTTON_A)
    frames(app)
    click(app, centre(scene, "g000"))  # the mouse plays the first seat meanwhile
    settle(app)
    state = scene.recorder.state
    assert state.grids[1][7] is not None and state.grids[0][0] is not None
    for i in range(1, 25):  # the mouse fills its matrix first and wins the race
        click(app, centre(scene, f"g0{i // 5}{i % 5}"))
    settle(app)
    assert scene.over and "Player 2" in scene.hud.dialog.body


def test_two_pads_each_move_only_their_own_players_cursor(tmp_path: Path, pad: VirtualPad
                                                          ) -> None:
    app, scene = start(tmp_path, mode="race", opponent="person")
    other = VirtualPad()
    pad.attach()
    other.attach()
    try:
        frames(app, 2)
        pad.press(pygame.CONTROLLER_BUTTON_A)  # the first pad to press A is player 2's
        frames(app)
        assert scene.second.device == f"pad:{pad.instance_id}"
        other.press(pygame.CONTROLLER_BUTTON_DPAD_UP)  # player 1's pad shows their frame...
        frames(app)
        assert scene.show_focus and scene.second.cursor == 12
        focus_before = scene.focus
        other.press(pygame.CONTROLLER_BUTTON_DPAD_UP)  # ...and moves it
        frames(app)
        assert scene.second.cursor == 12 and scene.focus != focus_before
        focus = scene.focus
        pad.press(pygame.CONTROLLER_BUTTON_DPAD_LEFT)  # player 2's pad: their cursor only
        frames(app)
        assert scene.second.cursor == 11 and scene.focus == focus
        first = scene.view.card
        pad.press(pygame.CONTROLLER_BUTTON_A)  # player 2 places at their cursor
        frames(app)
        settle(app)
        assert scene.recorder.state.grids[1][11] == first
        assert scene.recorder.state.grids[0] == (None,) * 25
        second = scene.view.card
        target = next(t for t in scene.focus_targets() if t == "zone:g000")
        pad_focus(app, other, scene, target)  # player 1 walks their own frame with their pad
        assert scene.second.cursor == 11
        other.press(pygame.CONTROLLER_BUTTON_A)
        frames(app)
        settle(app)
        state = scene.recorder.state
        assert state.grids[0][0] == second and sum(c is not None for c in state.grids[1]) == 1
    finally:
        other.detach()


def test_player_two_may_take_the_keyboard(tmp_path: Path) -> None:
    app, scene = start(tmp_path, mode="race", opponent="person")
    frames(app, 2)
    key(app, pygame.K_k, "k")
    assert scene.second.device == "keyboard" and "keyboard" in scene.hud.message.text
    key(app, pygame.K_DOWN)
    assert scene.second.cursor == 17
    first = scene.view.card
    key(app, pygame.K_RETURN)
    settle(app)
    assert scene.recorder.state.grids[1][17] == first
    second = scene.view.card
    key(app, pygame.K_1, "1")  # row-and-column keys are player 2's keys now: no placing
    key(app, pygame.K_1, "1")
    assert scene.recorder.state.grids[0] == (None,) * 25
    click(app, centre(scene, "g000"))  # player 1 keeps the mouse
    settle(app)
    assert scene.recorder.state.grids[0][0] == second


@pytest.mark.parametrize("tv", [False, True])
def test_the_smaller_matrix_names_its_hands_readably(tmp_path: Path, tv: bool,
                                                     computer: None) -> None:
    app = make_app(tmp_path, size=(1280, 720), ai_speed="fast", tv_mode=tv,
                   per_game={"poker-squares": {"mode": "race", "hands": 12}})
    scene = PokerSquaresScene(app, seed=SEED)
    app.push(scene)
    settle(app)
    for _ in range(300):  # the computer places a card: its matrix is not empty
        if any(c is not None for c in scene.recorder.state.grids[1]):
            break
        frames(app)
    settle(app)
    frames(app, 2)
    items = {i.key: i for i in scene.extra_items()}
    names = scene.session.client(1).view.hands[0]
    labels = [items[("ps", (kind, n))] for kind, count in (("tiny-row", 5), ("tiny-col", 5))
              for n in range(count)] + [items[("ps", ("tiny-diag", d))] for d in (10, 11)]
    assert len(names) == 12
    _, other = scene.matrices(scene.view)
    right = app.viewport.to_px(other.box.right, other.box.y)[0]
    buttons = [pygame.Rect(*app.viewport.rect_px(*b.rect)) for b in scene.hud.buttons]
    for n, item in enumerate(labels):
        assert item.rect.h >= 14, "too small to read at 1280x720"
        assert not any(item.rect.colliderect(b) for b in buttons)
        assert not any(item.rect.colliderect(o.rect) for o in labels[n + 1:])
        if n < 5:
            assert item.rect.x >= right  # right of the smaller matrix
        words = TINY[names[[*range(5), *range(5, 10), 10, 11][n]]]
        if n >= 10:
            words = ("\u2198", "\u2197")[n - 10] + words
        color = MUTED if words[-1] == "-" else GOLD
        assert item.image.get_size() == text_image(app.viewport, words, TINY_SIZE, color).get_size()
        shown = app.screen.subsurface(item.rect)  # drawn on the table, in its colour
        assert any(sum(abs(a - b) for a, b in zip(shown.get_at((x, y))[:3], color,
                                                  strict=True)) < 60
                   for x in range(item.rect.w) for y in range(item.rect.h))


# -- what the play-tester found -------------------------------------------------------------

def test_the_row_prompt_goes_as_soon_as_the_square_is_complete(tmp_path: Path) -> None:
    app, scene = start(tmp_path)
    key(app, pygame.K_3, "3")
    assert "Row 3: now the column" in scene.hud.message.text
    assert ("ps", "ring", "row") in {i.key for i in scene.extra_items()}
    key(app, pygame.K_1, "1")
    settle(app)
    assert scene.recorder.state.grids[0][10] is not None
    assert scene.hud.message is None, "the prompt outlived the square it asked for"
    assert ("ps", "ring", "row") not in {i.key for i in scene.extra_items()}


def test_esc_drops_a_half_typed_square_then_asks_before_leaving_a_two_player_game(
        tmp_path: Path, computer: None) -> None:
    app, scene = start(tmp_path, mode="alternate")
    key(app, pygame.K_3, "3")
    key(app, pygame.K_ESCAPE)  # only the half-typed square goes
    assert scene.pending_row is None and scene.hud.message is None
    assert app.scene is scene and scene.hud.dialog is None
    key(app, pygame.K_ESCAPE)  # nothing half-made: asked, not thrown out to the menu
    assert app.scene is scene and scene.hud.dialog.title == "Leave the game"
    key(app, pygame.K_n, "n")
    assert app.scene is scene and scene.hud.dialog is None
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y, "y")
    assert scene not in app.scenes


def test_keys_typed_during_the_computers_turn_are_refused_not_half_kept(
        tmp_path: Path, computer: None) -> None:
    app, scene = start(tmp_path, mode="alternate")
    key(app, pygame.K_1, "1")
    key(app, pygame.K_1, "1")  # placed: now it is the computer's turn
    assert scene.recorder.length == 1 and not scene.view.to_move
    key(app, pygame.K_2, "2")  # typed too early: refused, and not kept as a row
    assert scene.pending_row is None
    assert "Wait for your turn. The computer is playing." in scene.hud.message.text
    frames(app)  # the computer starts thinking on the worker: its answer, however busy
    scene.jobs.wait("seat-1", timeout=60)  # the machine (table time stands still meanwhile)
    waited = 0
    while not scene.view.to_move and waited < 600:
        frames(app)
        waited += 1
    assert scene.recorder.length == 2 and waited < 60  # the computer has moved, quickly
    key(app, pygame.K_3, "3")  # the refused row's column: refused with it, not a new row
    assert scene.pending_row is None and scene.recorder.length == 2
    assert "type it again" in scene.hud.message.text
    key(app, pygame.K_2, "2")  # the next pair is read from its first key
    key(app, pygame.K_2, "2")
    settle(app)
    assert scene.recorder.state.grids[0][6] is not None and scene.recorder.length == 3


def fill_player_ones_matrix_first(app, scene: PokerSquaresScene) -> None:  # noqa: ANN001
    """Alternate between two people with planting: Player 2 plants once in Player 1's
    matrix, so Player 1's fills first and the next card dealt to Player 1 has no square."""
    first, second = scene.session.client(0), scene.session.client(1)
    for n in range(24):
        first.submit(P.Place(0, *divmod(n, 5)))
        second.submit(P.Shift(1, "d0", "o44") if n == 0 else P.Place(1, *divmod(n - 1, 5)))
    settle(app)


def test_pass_appears_without_moving_the_other_buttons(tmp_path: Path) -> None:
    app, scene = start(tmp_path, mode="alternate", opponent="person", planting=True)
    before = {b.key: b.rect.copy() for b in scene.hud.buttons if b.visible}
    assert "pass" not in before
    fill_player_ones_matrix_first(app, scene)
    assert scene.view.can_pass
    shown = {b.key: b.rect for b in scene.hud.buttons if b.visible}
    assert "pass" in shown
    assert all(shown[k] == r for k, r in before.items()), "a button moved when Pass came"
    key(app, pygame.K_p, "p")
    assert not scene.view.to_move


def test_player_one_keeps_the_tables_keys_when_player_two_takes_the_keyboard(
        tmp_path: Path) -> None:
    from scenes.help import HelpScene
    from scenes.poker_squares_setup import PokerSquaresSetup

    app, scene = start(tmp_path, mode="race", opponent="person")
    key(app, pygame.K_k, "k")
    assert scene.second.device == "keyboard"
    key(app, pygame.K_o, "o")
    assert isinstance(app.scene, PokerSquaresSetup)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    key(app, pygame.K_SLASH, "?")
    assert isinstance(app.scene, HelpScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_t, "t")
    assert app.scene is scene and scene.hud.dialog.title == "Players"
    key(app, pygame.K_c, "c")
    key(app, pygame.K_RETURN)  # Enter is still Player 2's: their card, their square
    settle(app)
    assert scene.recorder.state.grids[1][12] is not None


@pytest.mark.parametrize(("size", "tv"), [((1920, 1080), False), ((1920, 1080), True),
                                          ((1280, 720), False)])
def test_two_matrices_name_their_hands_clear_of_the_buttons_and_score_each(
        tmp_path: Path, size: tuple[int, int], tv: bool) -> None:
    app = make_app(tmp_path, size=size, tv_mode=tv,
                   per_game={"poker-squares": {"mode": "best_of_two"}})
    scene = PokerSquaresScene(app, seed=SEED)
    app.push(scene)
    settle(app)
    key(app, pygame.K_g, "g")  # the second matrix: a card in every row, then a pair of
    for square in ("15", "25", "35", "45", "55", "11", "12", "13"):  # jacks (seed 5)
        for digit in square:
            key(app, pygame.key.key_code(digit), digit)
    key(app, pygame.K_g, "g")
    key(app, pygame.K_1, "1")
    key(app, pygame.K_1, "1")
    settle(app)
    frames(app, 2)
    vp = app.viewport
    items = {i.key: i for i in scene.extra_items()}
    buttons = [pygame.Rect(*vp.rect_px(*b.rect)) for b in scene.hud.buttons if b.visible]
    labels = [items[("ps", ("row", m, r))] for m in (0, 1) for r in range(5)]
    for item in labels:
        assert not any(item.rect.colliderect(b) for b in buttons), "a row name under a button"
    grids, _ = scene.matrices(scene.view)
    lines = scene.matrix_scores(scene.view)
    each = [P.matrix_score(g, scene.view.options.seats[0]) for g in scene.recorder.state.grids]
    assert [w.split("  ")[0] for w, _ in lines] == [f"Score {n}" for n in each]
    for m, grid in enumerate(grids):  # each score under its own matrix
        score = items[("ps", f"score{m}")].rect
        left, _ = vp.to_px(grid.box.x, grid.box.bottom)
        right, bottom = vp.to_px(grid.box.right, grid.box.bottom)
        assert score.top > bottom and abs(score.centerx - (left + right) / 2) <= 2
        assert not any(score.colliderect(b) for b in buttons)
    assert each == [0, 2]  # the better, counting matrix is the second: marked so
    assert lines == [("Score 0", False), ("Score 2  \u2605 best", True)]


def test_a_person_playing_player_two_gets_a_full_size_matrix(tmp_path: Path) -> None:
    app, scene = start(tmp_path, mode="race", opponent="person")
    key(app, pygame.K_k, "k")
    key(app, pygame.K_RETURN)  # Player 2 places a card
    settle(app)
    grids, other = scene.matrices(scene.view)
    assert other.card_w == grids[0].card_w and other.box.x > grids[0].box.right
    placed = scene.recorder.state.grids[1][12]
    assert scene.table.placement(placed.uid).scale == grids[0].scale
    items = {i.key for i in scene.extra_items()}
    assert ("ps", ("row", 2, 0)) in items and ("ps", "other-score") in items
    assert not any(k[1][0] == "tiny-row" for k in items if isinstance(k[1], tuple))


def test_tv_mode_labels_stand_clear_of_what_they_name(tmp_path: Path, computer: None) -> None:
    app = make_app(tmp_path, size=(1920, 1080), tv_mode=True, ai_speed="fast",
                   per_game={"poker-squares": {"mode": "race", "rejects": 1}})
    scene = PokerSquaresScene(app, seed=SEED)
    app.push(scene)
    settle(app)
    vp = app.viewport
    items = {i.key: i for i in scene.extra_items()}
    for spot in ("d0", "r0"):  # "Deal" and "Reject" above their squares, not on them
        square = pygame.Rect(*vp.rect_px(*scene.spot_rect(scene.view, spot)))
        assert items[("ps", ("side", spot))].rect.bottom < square.top
    grids, other = scene.matrices(scene.view)
    for name, grid in (("mine", grids[0]), ("other", other)):  # names above the matrices
        top = vp.to_px(grid.box.x, grid.box.y)[1]
        assert items[("ps", name)].rect.bottom < top - 2


def label_scales(page, vp) -> dict[str, float]:  # noqa: ANN001
    """How much each choice button shrinks its label to fit (as the button draws it)."""
    from game.engine.ui import INK

    out = {}
    for b in page.hud.buttons:
        if not b.visible or page.row_of(b.key) is None:
            continue
        w, h = vp.px(b.rect.w), vp.px(b.rect.h)
        room = w - max(vp.px(8), 2 * max(3, min(h, vp.px(84)) // 4))
        natural = text_image(vp, b.label, min(b.rect.h * 0.42, 30), INK, bold=True).get_width()
        out[b.key] = min(1.0, room / natural) * vp.scale * vp.text_scale
    return out


def test_the_rules_pages_draw_each_rows_labels_at_one_size_in_tv_mode_too(tmp_path: Path
                                                                           ) -> None:
    from scenes.poker_squares_setup import PokerSquaresSetup

    sizes = {}
    for tv in (False, True):
        app = make_app(tmp_path / str(tv), size=(1920, 1080), tv_mode=tv)
        for second in (False, True):
            page = PokerSquaresSetup(app, second=second)
            app.push(page)
            frames(app)
            scales = label_scales(page, app.viewport)
            for row in page.rows:
                row_scales = [s for k, s in scales.items() if page.row_of(k) ==
                              page.rows.index(row)]
                assert max(row_scales) - min(row_scales) < 0.01, f"mixed sizes: {row.label}"
            sizes[tv, second] = scales
            labels = [b.label for b in page.hud.buttons]
            assert ("A person (pad or keys)" in labels) == second
            screen = pygame.Rect(0, 0, 1920, 1080)
            assert all(screen.contains(b.rect) for b in page.hud.buttons if b.visible)
            buttons = [b.rect for b in page.hud.buttons if b.visible]
            assert not any(a.colliderect(b) for n, a in enumerate(buttons)
                           for b in buttons[n + 1:])
            app.pop()
    for second in (False, True):  # TV's text is never smaller than the desk's
        assert all(sizes[True, second][k] >= sizes[False, second][k] for k in sizes[True,
                                                                                    second])


def test_ten_squares_typed_a_fifth_of_a_second_apart_land_only_where_typed(
        tmp_path: Path, computer: None) -> None:
    """The play-tester's burst: ten row/column pairs at 0.2 s a key against the computer
    in Alternate. Keys met by the computer's turn are refused whole pairs at a time; no
    card lands on a square nobody typed and no half square is left over."""
    from tests.driver import post

    app, scene = start(tmp_path, mode="alternate")
    typed = set()
    for n in range(10):
        row, col = divmod(n, 5)
        typed.add(row * 5 + col)
        for digit in (str(row + 1), str(col + 1)):
            post(pygame.KEYDOWN, key=pygame.key.key_code(digit), mod=0, unicode=digit,
                 scancode=0)
            frames(app, 12)
    placed = {i for i, c in enumerate(scene.recorder.state.grids[0]) if c is not None}
    assert placed and placed <= typed, f"cards on squares never typed: {placed - typed}"
    assert scene.pending_row is None


def test_in_a_race_a_half_typed_row_survives_the_computers_move(tmp_path: Path,
                                                                 computer: None) -> None:
    app, scene = start(tmp_path, mode="race")
    key(app, pygame.K_3, "3")
    before = scene.recorder.length
    for _ in range(300):  # the computer grabs a card meanwhile
        if scene.recorder.length > before:
            break
        frames(app)
    assert scene.recorder.length > before and scene.recorder.state.grids[0] == (None,) * 25
    assert scene.pending_row == 2 and "Row 3" in scene.hud.message.text
    key(app, pygame.K_1, "1")  # the column: row 3, column 1 (not a new row 1)
    settle(app)
    assert scene.recorder.state.grids[0][10] is not None and scene.pending_row is None


def test_a_replay_shows_two_people_as_they_sat(tmp_path: Path) -> None:
    from scenes.replay_viewer import ReplayScene

    app, scene = start(tmp_path, mode="race", opponent="person")
    key(app, pygame.K_k, "k")
    key(app, pygame.K_RETURN)  # Player 2 places one card; the mouse fills and wins
    settle(app)
    for i in range(25):
        click(app, centre(scene, f"g0{i // 5}{i % 5}"))
    settle(app)
    assert scene.over and scene.records.last_replay is not None
    viewer = ReplayScene.open(app, scene.records.last_replay, autoplay=False)
    inner = viewer.inner
    assert inner.played_as == ("You", "Player 2") and inner.person_at_second
    grids, other = inner.matrices(inner.view)
    assert other.card_w == grids[0].card_w  # full size, as it was played
    hostile = PokerSquaresScene(app, recorder=inner.recorder)
    hostile.recorder.meta["table"] = {"names": [3, None]}
    assert PokerSquaresScene(app, recorder=hostile.recorder).played_as is None


def test_in_a_race_the_computer_waits_while_a_question_is_open(tmp_path: Path,
                                                               computer: None) -> None:
    """The play-test's Race went on behind "New game?": every game's computer seats
    hold while a question box is open, and play on once it is answered."""
    app, scene = start(tmp_path, mode="race")
    click(app, centre(scene, "g022"))  # a game begun: New asks first
    key(app, pygame.K_n, "n")
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "New game"
    theirs = sum(c is not None for c in scene.recorder.state.grids[1])
    frames(app, 240)  # four seconds at the fast pace: several cards before
    assert sum(c is not None for c in scene.recorder.state.grids[1]) == theirs
    key(app, pygame.K_ESCAPE)
    assert scene.hud.dialog is None
    frames(app, 240)
    assert sum(c is not None for c in scene.recorder.state.grids[1]) > theirs


def test_a_hint_asked_by_keys_puts_the_focus_on_its_square(tmp_path: Path) -> None:
    from game.ai import poker_squares as ai

    try:
        ai.hint([[None] * 5] * 5, "AS", level="quick")
    except OSError as exc:
        pytest.skip(f"the computer player's tables are not there: {exc}")
    app, scene = start(tmp_path, strength="quick")
    key(app, pygame.K_RIGHT)  # the first press shows the focus
    key(app, pygame.K_h, "h")
    deadline = time.monotonic() + 60  # the worker's answer, however busy the machine
    while scene.hint_asked is not None:
        assert time.monotonic() < deadline, "the hint never came"
        frames(app)
    spot = scene.hint_spot
    assert scene.focus == f"zone:{spot}"
    card = scene.view.card
    key(app, pygame.K_RETURN, "\r")  # Enter places it where the hint said
    settle(app)
    assert scene.recorder.state.grids[int(spot[1])][int(spot[2]) * 5 + int(spot[3])] == card


def test_hint_with_a_full_matrix_says_what_to_do_with_the_dealt_card(tmp_path: Path) -> None:
    """Alternate, matrix full, a card dealt to the player: the hint says no square is
    free and how to go on, not that there is no card (one lies on the deal)."""
    app, scene = start(tmp_path, mode="alternate", opponent="person", planting=True)
    fill_player_ones_matrix_first(app, scene)
    view = scene.view
    assert view.card is not None and view.can_pass
    key(app, pygame.K_h, "h")
    scene.jobs.wait("hint", timeout=60)
    frames(app)
    said = scene.hud.message.text
    assert "no card" not in said, "a finished matrix rejects nothing"
    # the computer's own choice: plant the card in the other matrix, or pass
    assert said.startswith(f"The computer would plant {view.card.symbol}: the dealt cards "
                           "to the opponent's row ") or said == "The computer would pass (P).", said


def test_the_hint_plays_the_whole_rule_set_a_reject_from_the_matrix(tmp_path: Path) -> None:
    """The Hint tells what the computer player would do, rejects too (it used to name a
    square only, weaker advice than the computer plays): followed by keys, deal 1 of
    One Hand comes to a card of the matrix that is better thrown away."""
    app, scene = start(tmp_path, strength="quick")
    scene.new_game(1)
    settle(app)
    for _ in range(25):
        key(app, pygame.K_h, "h")
        scene.jobs.wait("hint", timeout=60)
        frames(app)
        said = scene.hud.message.text
        if "reject" in said:
            break
        assert said.startswith("The computer would put "), said
        key(app, pygame.K_RETURN, "\r")  # the focus is on the hint's square
        settle(app)
    card = next(k for k, s in scene.spot_of.items() if s.startswith("g") and
                f"would reject {card_from_uid(k).symbol}: {P.square_name(int(s[2]), int(s[3]))}"
                " to a reject square." in said)
    assert scene.hint_spot == "r0" and scene.focus == card, "the card to pick up first"
    drag(app, centre(scene, scene.spot_of[card]), centre(scene, "r0"))
    settle(app)
    assert [c.uid for c in scene.recorder.state.rejects[0]] == [card]


def test_a_dragged_or_flying_card_lies_over_every_outline_and_label(tmp_path: Path) -> None:
    """The play-tester's dragged card went under the squares' blue outlines and the keyed
    matrix's gold frame (they lay above every card, not only the resting ones). Resting
    cards < outlines and labels < lifted cards < the HUD's buttons."""
    from game.engine.ui import UI_Z
    from tests.driver import post, px

    app, scene = start(tmp_path, (1280, 720), mode="best_of_two")
    click(app, centre(scene, "g000"))
    settle(app)
    placed, card = card_at(scene, "g000"), card_at(scene, "d0")
    square = scene.spot_rect(scene.view, "g011")
    a, b = px(app, centre(scene, "d0")), px(app, square.bottomright)  # on four outlines
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    frames(app)
    for i in range(1, 7):
        post(pygame.MOUSEMOTION, pos=(a[0] + (b[0] - a[0]) * i // 6, a[1] + (b[1] - a[1]) * i // 6),
             rel=(0, 0), buttons=(1, 0, 0))
        frames(app)

    def check(moment: str) -> None:
        items = scene.draw_items(0)
        lifted = next(i for i in items if i.key == card)
        marks = [i for i in items if isinstance(i.key, tuple) and i.key[0] == "ps"]
        under = [i.key for i in marks if i.rect.colliderect(lifted.rect) and i.z >= lifted.z]
        assert not under, f"{moment}: drawn over the card: {under}"
        assert any(i.rect.colliderect(lifted.rect) for i in marks), "the card is on outlines"
        assert lifted.z < UI_Z, "the buttons stay over any card"
        resting = next(i for i in items if i.key == placed)
        assert all(m.z > resting.z for m in marks if m.key[1] == "ring" and m.z > 0), \
            "the targets' outlines lie over the resting cards"

    check("dragged")
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    frames(app)
    assert scene.table.animating, "the card flies to its square"
    check("flying")


def ink(item) -> pygame.Rect:  # noqa: ANN001 - a DrawItem
    """Where a text item's letters are, in window pixels (its image pads them)."""
    return item.image.get_bounding_rect().move(item.pos)

@pytest.mark.parametrize("size", [(640, 360), (1000, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("tv", [False, True])
@pytest.mark.parametrize("options", [{"mode": "one_hand"}, {"mode": "best_of_two"},
                                     {"mode": "race", "opponent": "person"}])
def test_no_words_run_into_the_title_other_words_or_a_button(
        tmp_path: Path, size: tuple[int, int], tv: bool, options: dict[str, str]) -> None:
    """The play-tester's TV screen at 1000x600: "Poker Squares" ran into the rules line
    ("One Hand · American ..."); in Best of Two it did at 1920x1080 too. And Player 2's
    way in ran over a restored game's welcome on the message line."""
    from game.engine.scene import TITLE_AT

    app = make_app(tmp_path, size=size, tv_mode=tv, per_game={"poker-squares": options})
    scene = PokerSquaresScene(app, seed=SEED)
    app.push(scene)
    settle(app)
    scene.hud.say("Welcome back: your last game has been restored.")
    frames(app)
    vp = app.viewport
    title = text_image(vp, scene.title, 34, GOLD, bold=True)
    words = [("title", title.get_bounding_rect().move(vp.to_px(*TITLE_AT)))]
    words += [(i.key, ink(i)) for i in scene.draw_items(0) if i.key[0] == "message"
              or (i.key[0] == "ps" and i.key[1] != "ring")]
    buttons = [(i.key, i.rect) for i in scene.draw_items(0) if i.key[0] == "button"]
    clashes = [(a, b) for n, (a, ra) in enumerate(words) for b, rb in words[n + 1:] + buttons
               if ra.colliderect(rb)]
    assert not clashes


@pytest.mark.parametrize("size, tv", [((1280, 720), True), ((1000, 600), True)])
@pytest.mark.parametrize("rejects", [1, 2])
def test_player_two_s_way_in_keeps_clear_of_the_message_line(
        tmp_path: Path, size: tuple[int, int], tv: bool, rejects: int) -> None:
    """After a restored game, the play-tester's "Player 2: press A ..." lines ran over
    "Welcome back: your last game has been restored." on the line under the table; they
    keep clear of their reject squares too, however many."""
    app = make_app(tmp_path, size=size, tv_mode=tv, ai_speed="fast", per_game={
        "poker-squares": {"mode": "race", "opponent": "person", "rejects": rejects}})
    scene = PokerSquaresScene(app, seed=SEED)
    app.push(scene)
    settle(app)
    scene.hud.say("Welcome back: your last game has been restored.")
    frames(app)
    items = scene.draw_items(0)

    def name(item) -> object:  # noqa: ANN001 - ("ps", ("join", 0)) is a "join" line
        return item.key[1][0] if isinstance(item.key[1], tuple) else item.key[1]

    ps = [i for i in items if i.key[0] == "ps"]
    join = [ink(i) for i in ps if name(i) == "join"]
    assert join and scene.second.waiting
    others = [ink(i) for i in items if i.key[0] == "message"]
    others += [ink(i) for i in ps if name(i) not in ("ring", "join")]
    others += [i.rect for i in items if i.key[0] == "button"]
    others += [i.rect for i in ps if name(i) == "ring" and i.key[2][0] == "their-reject"]
    assert not any(j.colliderect(o) for j in join for o in others), size
    assert not any(a.colliderect(b) for n, a in enumerate(join) for b in join[n + 1:])

