"""The keyboard and pad focus at every table: a frame always on the place that has the
focus (an empty square, column, waiving space or foundation too), drawn over the
table's own outlines; the arrows going to the nearest place that way; the focus
staying where the player left it after a move; every place reachable from every other;
and games played by pad alone in few presses a move."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pygame
import pytest

from game.engine.actions import Act
from game.engine.focus import Focus, Place, step
from game.engine.focus_frame import BAND, EDGE, INK, KEYLINE, frame_item
from game.engine.seats import ComputerSeat
from game.rules import draw_poker as D
from game.rules import milligan as M
from scenes import milligan as G
from scenes.chinese_poker import ChinesePokerScene
from scenes.chinese_poker_setup import Setup
from scenes.draw_poker import DrawPokerScene
from scenes.milligan import MilliganScene
from scenes.poker_squares import GOLD, PokerSquaresScene
from scenes.pyramid import PyramidScene
from tests.driver import ARROWS, key, key_focus
from tests.test_draw_poker_scene import Script
from tools.pad_games import GAMES, MILLIGAN, app_for_pad
from tools.pad_only import DPAD, A, PadDriver, X, play

SIZE = (1280, 720)


def rect(x: int, y: int, w: int = 100, h: int = 140) -> Place:
    return Place(pygame.Rect(x, y, w, h))


# -- the geometry -------------------------------------------------------------------------

def test_an_arrow_goes_along_the_row_past_a_filled_square_before_it_turns() -> None:
    grid = {(r, c): rect(c * 110, r * 150) for r in range(3) for c in range(3)}
    del grid[(1, 1)]  # a card lies there
    assert step(grid, (1, 0), Act.RIGHT) == (1, 2)
    assert step(grid, (0, 1), Act.DOWN) == (2, 1)
    assert step(grid, (1, 2), Act.RIGHT) is None  # the edge: nothing that way
    del grid[(1, 2)]
    assert step(grid, (1, 0), Act.RIGHT) in ((0, 1), (2, 1))  # nothing in line: the nearest


def test_columns_go_to_each_others_ends_and_round_the_row() -> None:
    places = {f"c{i}:{k}": Place(pygame.Rect(i * 150, 300 + k * 40, 116, 40), column=i)
              for i in range(4) for k in range(i + 1)}  # column i has i + 1 cards
    assert step(places, "c0:0", Act.RIGHT) == "c1:1"  # the end, not the card level with it
    assert step(places, "c3:0", Act.RIGHT) == "c0:0"  # round the end of the row
    assert step(places, "c0:0", Act.LEFT) == "c3:3"
    assert step(places, "c2:2", Act.UP) == "c2:1"  # along a column: card by card


def test_the_focus_rests_nearest_its_place_while_that_is_gone_and_goes_back() -> None:
    places = {"a": rect(0, 0), "b": rect(110, 0), "c": rect(400, 0)}
    focus = Focus()
    focus.want("b", places)
    home = pygame.Rect(0, 0, 0, 0)
    assert focus.resolve({"a": places["a"], "c": places["c"]}, home) == "a"
    assert focus.resolve(places, home) == "b"
    moved = {**places, "b": Place(places["b"].rect.move(300, 0), pile="waste")}
    assert focus.resolve(moved, home) == "a", "a card leaving its pile leaves the focus"


# -- the frame, in every game --------------------------------------------------------------

def assert_framed(app, scene, where: pygame.Rect | None = None) -> None:  # noqa: ANN001
    """The frame is on screen round the focused place (``where``, in logical units),
    over everything the table draws there: white band, dark keyline, on all four sides."""
    PadDriver(app).frames()
    place = scene.nav.places()[scene.focus]
    if where is not None:
        assert place.rect == where
    vp = app.viewport
    item = frame_item(vp, place.rect)
    (x, y), (w, h) = item.pos, item.image.get_size()
    band = vp.px(KEYLINE) + max(3, vp.px(BAND)) // 2  # the white band's middle
    for px, py in ((x + band, y + h // 2), (x + w - 1 - band, y + h // 2),
                   (x + w // 2, y + band), (x + w // 2, y + h - 1 - band)):
        assert tuple(app.screen.get_at((px, py)))[:3] == INK, (scene.focus, px, py)
    assert tuple(app.screen.get_at((x, y + h // 2)))[:3] == EDGE


def start(tmp_path: Path, scene_type, **kwargs) -> tuple:  # noqa: ANN001
    app = app_for_pad(tmp_path, SIZE, per_game=kwargs.pop("per_game", {}))
    scene = scene_type(app, **kwargs)
    app.push(scene)
    driver = PadDriver(app)
    driver.settle()
    return app, scene, driver


def test_poker_squares_frames_an_empty_square_and_a_reject_square_over_the_outlines(
        tmp_path: Path) -> None:
    app, scene, _ = start(tmp_path, PokerSquaresScene, seed=3,
                          per_game={"poker-squares": {"rejects": 1}})
    key(app, pygame.K_DOWN)  # the first arrow shows the frame where the focus is
    assert scene.focus == "zone:g022", "a new table's focus: the square in the middle"
    assert_framed(app, scene, scene.spot_rect(scene.view, "g022"))  # over its blue outline
    key_focus(app, scene, "zone:r0")
    assert_framed(app, scene, scene.spot_rect(scene.view, "r0"))
    key(app, pygame.K_2, "2")  # a row typed: its gold frame is over the blue outlines too
    PadDriver(app).frames()
    row = scene.spot_rect(scene.view, "g010").inflate(8, 8)
    x, y = app.viewport.to_px(row.x + 1, row.centery)
    assert tuple(app.screen.get_at((x, y)))[:3] == GOLD


def test_the_giant_frames_empty_columns_where_they_grow_the_waiting_space_and_foundations(
        tmp_path: Path) -> None:
    app, scene, pad = start(tmp_path, MilliganScene, seed=1)
    view = scene.view
    assert not view.columns[0] and not view.columns[7] and view.waiting is None
    pad.button(DPAD[Act.DOWN])  # shows the frame
    pad.walk(view.columns[3][-1].uid)
    pad.button(A)  # picked up: the empty places take it now
    top_slot = G.zone_rect(G.column_x(0), G.COLUMN_TOP, G.CARD_W, G.CARD_H)
    pad.walk("zone:c0")
    assert_framed(app, scene, top_slot)  # where a run would go, not the column's middle
    pad.walk("zone:c7")
    pad.button(DPAD[Act.RIGHT])  # the next column along: the waiving space
    assert scene.focus == "zone:w"
    assert_framed(app, scene, scene.table.zones["zone:w"])
    empty = next(p for p in range(M.PILES) if not view.foundations[p])
    pad.walk(f"zone:f{empty}")
    assert_framed(app, scene, scene.table.zones[f"zone:f{empty}"])
    pad.walk("zone:w")
    card = view.columns[3][-1].uid
    pad.button(A)  # the card goes there; the frame stays, on it
    assert scene.view.waiting.uid == card and scene.focus == card
    assert_framed(app, scene, scene.table.zones["zone:w"])


def test_pyramid_frames_the_empty_pack_and_a_pressed_one_turns_the_waste_over(
        tmp_path: Path) -> None:
    app, scene, pad = start(tmp_path, PyramidScene, seed=3)
    while scene.view.stock_top is not None:
        pad.button(X)  # X turns the pack
    pad.walk("zone:stock")
    assert_framed(app, scene, scene.table.zones["zone:stock"])
    waste = len(scene.view.waste)
    pad.button(A)
    assert scene.view.stock_top is not None and len(scene.view.waste) < waste


def test_draw_poker_frames_a_dealer_and_a_pressed_check_keeps_the_frame_for_the_answer(
        tmp_path: Path) -> None:
    """After each of the dealer's answers the frame was gone and the next A only showed
    it again."""
    app, scene, pad = start(tmp_path, DrawPokerScene, seed=3)
    scene.set_computer(D.DEALER, False)
    scene.computers[D.DEALER] = ComputerSeat(scene.session.client(D.DEALER),
                                             Script(["bet 5", "hold"]), scene.jobs)
    pad.button(DPAD[Act.DOWN])
    pad.walk("zone:dealer:queen")
    assert_framed(app, scene)
    pad.button(A)
    pad.settle()
    pad.walk(("button", "check"))
    assert_framed(app, scene)
    pad.button(A)
    pad.settle()  # the dealer bets: Call, Raise and Fold come where Check was
    assert scene.focus == ("button", "call")
    assert_framed(app, scene)
    pad.button(A)
    assert scene.recorder.moves[-1] == D.Call(D.PLAYER)


def test_chinese_poker_frames_the_part_of_a_card_that_shows(tmp_path: Path) -> None:
    app, scene, pad = start(tmp_path, ChinesePokerScene, seed=3,
                            setup=Setup(("human", "medium"), target=20))
    pad.button(DPAD[Act.DOWN])
    assert scene.focus.startswith("cut#")
    strip = scene.nav.places()[scene.focus].rect
    assert strip.w < scene.table.card_rect(scene.focus).w  # the next card covers the rest
    assert_framed(app, scene, strip)
    pad.walk(("button", "sort"))
    assert_framed(app, scene)


# -- the focus stays where the player left it -------------------------------------------------

def test_after_a_placement_the_focus_stays_by_the_square_not_the_top_left(
        tmp_path: Path) -> None:
    # no reject: a placed card is no place of its own (with one it may be thrown away,
    # and the focus rests on it)
    app, scene, _ = start(tmp_path, PokerSquaresScene, seed=3,
                          per_game={"poker-squares": {"rejects": 0}})
    key(app, pygame.K_DOWN)
    key_focus(app, scene, "zone:g041")
    key(app, pygame.K_RETURN)
    PadDriver(app).settle()
    assert scene.view.grids[0][4][1] is not None
    assert scene.focus in ("zone:g040", "zone:g042")  # a neighbour, in the same row
    key(app, ARROWS["right" if scene.focus == "zone:g040" else "left"])
    assert scene.focus in ("zone:g040", "zone:g042"), "along the row, past the card"


def test_after_a_play_the_focus_stays_on_the_hand(tmp_path: Path) -> None:
    """It jumped to Sort after every play."""
    app = app_for_pad(tmp_path, SIZE)
    seen: list[object] = []

    def on_hand(scene: ChinesePokerScene) -> None:
        if scene.view.phase == "play" and scene.recorder.length:
            seen.append(scene.focus)
            assert scene.focus in scene.hand_keys(), scene.focus

    play(app, GAMES["Chinese Poker"], 1, max_moves=12, before_move=on_hand)
    assert len(seen) > 5


# -- every place reachable; whole games by pad --------------------------------------------------

def focus_graph(scene) -> dict[object, set[object]]:  # noqa: ANN001
    places = scene.nav.places()
    return {key: {scene.move_focus(key, way) for way in DPAD} - {key} for key in places}


def reaches_all(graph: dict[object, set[object]], start: object) -> bool:
    seen, queue = {start}, deque([start])
    while queue:
        for there in graph[queue.popleft()] - seen:
            seen.add(there)
            queue.append(there)
    return seen == set(graph)


def assert_connected(scene) -> None:  # noqa: ANN001
    """From every place, the arrows lead to every other (forwards from one place, and
    backwards to it: so from any to any)."""
    graph = focus_graph(scene)
    backwards: dict[object, set[object]] = {key: set() for key in graph}
    for here, theres in graph.items():
        for there in theres:
            backwards[there].add(here)
    first = next(iter(graph))
    assert reaches_all(graph, first) and reaches_all(backwards, first), \
        f"{type(scene).__name__}: not every place leads to every other"


def check_every_move_reachable(game, scene) -> None:  # noqa: ANN001
    """Every legal move's places are focus places, all joined up; The Giant's targets
    once the source is picked up."""
    assert_connected(scene)
    places = scene.nav.places()
    targets: dict[tuple[str, int], list[object]] = {}  # The Giant's, by what is picked
    for move in scene.client.legal_moves:
        try:
            wanted = [p[0] for p in game.presses(scene, move)
                      if not callable(p) and p[0] is not None]
        except AssertionError:
            continue  # a move the pad never makes (the table proves a stuck game itself)
        if game is MILLIGAN and isinstance(move, M.Transfer) and len(wanted) == 2:
            targets.setdefault((move.source, move.count), []).append(wanted.pop())
        assert all(p in places for p in wanted), (move, wanted)
    for picked, wanted in targets.items():
        scene.select(picked)
        scene.nav.forget()
        assert all(p in scene.nav.places() for p in wanted), (picked, wanted)
        assert_connected(scene)
        scene.clear_selection()
        scene.nav.forget()


# Whole games (a match to 20 in Chinese Poker; Draw Poker's sessions never end by
# themselves: 40 moves); The Giant's seed 5 is a short game (81 moves).
@pytest.mark.parametrize("name,seed,moves", [("Pyramid", 1, None), ("Poker Squares", 1, None),
                                             ("Chinese Poker", 1, None), ("Draw Poker", 1, 40),
                                             ("The Giant", 5, None)])
def test_a_game_by_pad_alone_reaches_every_place_in_few_presses(
        tmp_path: Path, name: str, seed: int, moves: int | None) -> None:
    game = GAMES[name]
    checked = []

    def check(scene) -> None:  # noqa: ANN001
        if len(checked) % 6 == 0:
            check_every_move_reachable(game, scene)
        checked.append(scene.focus)

    tally = play(app_for_pad(tmp_path, SIZE), game, seed, max_moves=moves, before_move=check)
    assert tally.moves >= 25
    assert tally.steps_per_move <= 4.0, f"{name}: {tally.steps_per_move:.2f} presses a move"


def test_a_focused_button_has_one_ring_the_frame(tmp_path: Path) -> None:
    """The button drew a white ring of its own inside the frame: two rings for one
    focus. At a table the frame alone says where the focus is."""
    from game.engine.ui import button_image

    app, scene, pad = start(tmp_path, DrawPokerScene, seed=3)
    pad.button(DPAD[Act.DOWN])
    pad.walk(("button", "help"))
    assert_framed(app, scene)
    button = scene.hud.button("help")
    drawn = next(i for i in scene.draw_items(1.0) if i.key == ("button", "help"))
    plain = button_image(app.viewport, button, False, False)
    assert pygame.image.tobytes(drawn.image, "RGBA") == pygame.image.tobytes(plain, "RGBA")


def test_the_cut_takes_the_card_the_focus_is_on_with_one_press(tmp_path: Path) -> None:
    """The cut's cards are face down and alike: the focus waits on the cut and A takes
    that card (counted before as the walk to the card the computer chose: 11-16
    presses)."""
    cuts = []

    def note(scene) -> None:  # noqa: ANN001
        cuts.append(scene.view.phase == "cut" and str(scene.focus).startswith("cut#"))

    tally = play(app_for_pad(tmp_path, SIZE), GAMES["Chinese Poker"], 1, max_moves=1,
                 before_move=note)
    assert cuts == [True] and tally.moves == 1
    assert tally.steps <= 1 and tally.buttons == 1  # (a first press shows the frame)
