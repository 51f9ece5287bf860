"""What a play-tester found at The Giant's and Poker Squares' tables, driven by posted
events: Esc on the end box closes it (no undo), Undo is offered only where it works, a
game is counted and kept as a replay once (even after Undo, leaving and coming back),
Give up says the stock rule before asking, empty columns, the title, Scores."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from game import storage
from game.engine.vpad import VirtualPad
from game.rules import milligan as M
from scenes import milligan as S
from scenes import milligan_scores as scores
from scenes.poker_squares import PokerSquaresScene
from tests.driver import frames, key, make_app, pad_press, settle

GIANT = {"rule": "alternate", "miss_milligan": False}


def giant(tmp_path: Path, seed: int = 7, rules: dict | None = None,
          size: tuple[int, int] = (1280, 720), **settings: object):  # noqa: ANN201
    app = make_app(tmp_path, size=size, animation="off",
                   per_game={"milligan": rules or GIANT}, **settings)
    scene = S.MilliganScene(app, seed=seed)
    app.push(scene)
    settle(app)
    return app, scene


def deal_out(app, scene: S.MilliganScene) -> None:  # noqa: ANN001
    while scene.view.stock_size:
        key(app, pygame.K_d, "d")


def give_up(app, scene: S.MilliganScene) -> None:  # noqa: ANN001
    deal_out(app, scene)
    key(app, pygame.K_g, "g")
    key(app, pygame.K_y, "y")
    assert scene.over and scene.hud.dialog is not None


def replays(tmp_path: Path) -> list[storage.ReplayInfo]:
    return storage.list_replays(storage.replay_dir(tmp_path))


# -- 1. the end box -------------------------------------------------------------------------

def test_esc_closes_the_end_box_and_leaves_the_finished_table(tmp_path: Path) -> None:
    app, scene = giant(tmp_path)
    give_up(app, scene)
    moves = scene.recorder.cursor
    assert "undo" in [c[0] for c in scene.hud.dialog.choices]  # one player: Undo works
    key(app, pygame.K_ESCAPE)
    assert scene.hud.dialog is None and app.scene is scene
    assert scene.over and scene.recorder.cursor == moves, "Esc took nothing back"
    assert "New (N)" in scene.hud.message.text  # the status line says how to go on
    key(app, pygame.K_n, "n")  # nothing to abandon: no question, a new deal
    assert scene.hud.dialog is None and scene.view.moves == 0 and not scene.over
    assert scores.load(tmp_path).overall.played == 1 and len(replays(tmp_path)) == 1


def test_pad_b_closes_the_end_box(tmp_path: Path, pad: VirtualPad) -> None:
    app, scene = giant(tmp_path)
    pad.attach()
    frames(app, 2)
    give_up(app, scene)
    moves = scene.recorder.cursor
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_B)
    assert scene.hud.dialog is None and scene.over and scene.recorder.cursor == moves


def alternate_game(tmp_path: Path):  # noqa: ANN201
    """A Poker Squares game against the computer (Alternate), played to its end by keys."""
    app = make_app(tmp_path, animation="off", ai_speed="fast",
                   per_game={"poker-squares": {"mode": "alternate"}})
    scene = PokerSquaresScene(app, seed=11)
    app.push(scene)
    settle(app)
    for _ in range(3000):
        if scene.over:
            break
        spot = next((s for s in sorted(scene.view.targets) if s.startswith("g0")), None)
        if scene.view.card is not None and spot is not None:
            key(app, pygame.K_1 + int(spot[2]), str(1 + int(spot[2])))  # row, then column
            key(app, pygame.K_1 + int(spot[3]), str(1 + int(spot[3])))
        else:
            frames(app)
    settle(app)
    assert scene.over and scene.hud.dialog is not None
    return app, scene


def test_two_player_end_box_offers_no_undo_and_a_mode_change_saves_nothing_twice(
        tmp_path: Path) -> None:
    app, scene = alternate_game(tmp_path)
    assert "undo" not in [c[0] for c in scene.hud.dialog.choices], "no move can go back"
    assert len(replays(tmp_path)) == 1
    key(app, pygame.K_ESCAPE)
    assert scene.hud.dialog is None and scene.over
    key(app, pygame.K_BACKSPACE)  # the table's Undo refuses
    assert scene.over and "cannot be taken back" in scene.hud.message.text
    # A change of mode deals again at once: the finished game is not saved again.
    app.settings = replace(app.settings, per_game={"poker-squares": {"mode": "one_hand"}})
    key(app, pygame.K_o, "o")
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.recorder.cursor == 0
    assert [r.result for r in replays(tmp_path)] == [replays(tmp_path)[0].result]


# -- 2. counted once -------------------------------------------------------------------------

def test_a_given_up_game_undone_left_and_abandoned_counts_once(tmp_path: Path) -> None:
    app, scene = giant(tmp_path)
    give_up(app, scene)
    key(app, pygame.K_u, "u")  # the end box's Undo revives the game
    assert not scene.over
    key(app, pygame.K_m, "m")  # to the menu and back: the game is resumed from its save
    frames(app, 2)
    again = S.MilliganScene(app)
    app.push(again)
    settle(app)
    assert again.recorder.seed == scene.recorder.seed and not again.over
    key(app, pygame.K_n, "n")
    key(app, pygame.K_y, "y")
    assert again.view.moves == 0
    saved = scores.load(tmp_path)
    assert (saved.overall.played, saved.overall.lost) == (1, 1)
    assert [r.result for r in replays(tmp_path)] == ["Game given up"]


def test_a_later_finish_replaces_the_replay_and_the_count(tmp_path: Path) -> None:
    app, scene = giant(tmp_path)
    give_up(app, scene)
    first = replays(tmp_path)
    key(app, pygame.K_u, "u")
    column = next(int(m.source[1:]) for m in scene.client.legal_moves
                  if isinstance(m, M.Transfer) and m.target == "w")
    key(app, pygame.K_1 + column, str(column + 1))  # a card to the waiting space:
    key(app, pygame.K_w, "w")  # on this deal that move itself proves the game lost
    assert scene.over and scene.hud.dialog.title == "No more cards can go up"
    files = replays(tmp_path)
    assert len(files) == 1 and files[0].path == first[0].path
    assert (first[0].result, files[0].result) == ("Game given up", scene.hud.dialog.title)
    assert files[0].moves == scene.recorder.length
    saved = scores.load(tmp_path)
    assert saved.overall.played == 1 and saved.overall.points == scene.view.score
