"""A Pyramid tournament against the computer, driven by key presses to its end:
saved mid-way, restored in a fresh app, and finished; the top ten survives damage."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest

from game.ai import pyramid_player
from scenes import computer_seats
from scenes.pyramid import PyramidScene
from scenes.pyramid_match import MATCH_GAMES
from tests.driver import frames, key, let_the_computer_think, make_app, settle, type_text
from tests.test_pyramid_scene import play_by_keys


def open_app(tmp_path: Path):  # noqa: ANN201
    app = make_app(tmp_path, animation="off", ai_speed="fast")
    scene = PyramidScene(app, seed=4)
    scene.computer_time_limit = 0.01  # a short plan: its scores do not matter here
    app.push(scene)
    settle(app)
    return app, scene


def human_game(app, scene: PyramidScene) -> None:  # noqa: ANN001
    """The human's game, played with the keyboard along the quick player's line."""
    while not scene.over:
        play_by_keys(app, scene, pyramid_player.greedy_move(scene.view, scene.client.legal_moves))


def computer_game(app, scene: PyramidScene) -> None:  # noqa: ANN001
    """Watch the computer play its game (it refuses our cards meanwhile)."""
    assert scene.computer_to_play
    type_text(app, "d")  # (the computer may move meanwhile: it thinks on its own)
    assert "computer is playing" in scene.hud.message.text, "the human cannot touch its cards"
    deadline = time.monotonic() + 120  # the computer thinks in real time, off the frames
    while time.monotonic() < deadline:
        if scene.hud.dialog is not None:
            return
        frames(app)
        let_the_computer_think(scene, scene.seat)
    raise AssertionError("the computer never finished its game")


def continue_dialog(app, scene: PyramidScene) -> None:  # noqa: ANN001
    if scene.celebration is not None:  # a player's win: any key ends the show
        key(app, pygame.K_SPACE, " ")
    assert scene.hud.dialog is not None
    key(app, pygame.K_RETURN, "\r")


@pytest.mark.slow  # over 5 s on this machine
def test_tournament_against_the_computer_saved_restored_finished(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the computer moves as soon as its move is ready: its pause between moves (nine
    # frames at the fastest speed) is what a person watches, not what this test checks
    monkeypatch.setattr(computer_seats, "ai_delay", lambda settings: 0.0)
    app, scene = open_app(tmp_path)
    type_text(app, "t")  # TOUR
    type_text(app, "c")  # against the computer
    assert scene.hud.dialog.text == "Player"
    for _ in "Player":
        key(app, pygame.K_BACKSPACE)
    type_text(app, "ann")
    key(app, pygame.K_SPACE, " ")
    type_text(app, "b")
    key(app, pygame.K_RETURN, "\r")
    assert scene.match is not None
    assert [e.name for e in scene.match.entrants] == ["ann b", "Computer"]
    assert {b.key for b in scene.hud.buttons} >= {"top10", "save", "score", "exit"}
    assert not {"hint", "tour", "auto", "quit"} & {b.key for b in scene.hud.buttons}

    for game in range(3):
        human_game(app, scene)
        continue_dialog(app, scene)
        computer_game(app, scene)
        if game < 2:
            continue_dialog(app, scene)
    assert [len(s) for s in scene.match.scores] == [3, 3]
    continue_dialog(app, scene)  # game 4 begins: save it mid-way
    type_text(app, "d")
    type_text(app, "s")  # SAVE
    saved = json.loads((tmp_path / "pyramid-tournament.json").read_text())
    assert saved["kind"] == "pyramid-tournament" and len(saved["game"]["moves"]) == 1
    app.quit()

    # a fresh start in standard play, then TOUR -> Restore
    (tmp_path / "autosave-pyramid.json").unlink(missing_ok=True)
    app, scene = open_app(tmp_path)
    assert scene.match is None
    type_text(app, "t")
    type_text(app, "r")
    assert scene.match is not None and scene.recorder.length == 1
    for game in range(3, MATCH_GAMES):
        human_game(app, scene)
        continue_dialog(app, scene)
        computer_game(app, scene)
        if game < MATCH_GAMES - 1:
            continue_dialog(app, scene)
    assert scene.match.finished
    assert "match" in scene.hud.dialog.title.lower()
    net = scene.match.total(0)
    top = tmp_path / "pyramid-top10.json"
    if net > 0:
        assert json.loads(top.read_text())["entries"][0]["score"] == net
    type_text(app, "e")  # EXIT back to standard play
    assert scene.match is None and any(b.key == "hint" for b in scene.hud.buttons)


def test_a_match_ends_where_its_saved_match_cannot_be_removed(tmp_path: Path) -> None:
    # fuzz seed 5, event 23365: a folder where the saved match goes (a hostile round's)
    (tmp_path / "pyramid-tournament.json").mkdir()
    app, scene = open_app(tmp_path)
    type_text(app, "t")
    type_text(app, "a")  # alone
    key(app, pygame.K_RETURN, "\r")
    for _ in range(MATCH_GAMES - 1):  # five games played: this is the last
        scene.match = scene.match.record(0)
    human_game(app, scene)
    frames(app)
    assert scene.match.finished and scene.hud.dialog.title == "Match over"
    assert any("could not be removed" in text for text in app.notices.texts)


def test_top_ten_shows_and_survives_a_damaged_file(tmp_path: Path) -> None:
    (tmp_path / "pyramid-top10.json").write_text("{{{{ damaged")
    app, scene = open_app(tmp_path)
    type_text(app, "t")
    type_text(app, "a")  # alone
    key(app, pygame.K_RETURN, "\r")
    type_text(app, "t")  # TOP 10
    assert "No scores yet" in scene.hud.dialog.body
    assert list(tmp_path.glob("pyramid-top10.json.bad-*"))
    assert any("set aside" in text for text in app.notices.texts)


def test_restore_with_a_damaged_save_is_refused_with_a_reason(tmp_path: Path) -> None:
    (tmp_path / "pyramid-tournament.json").write_text(json.dumps(
        {"kind": "pyramid-tournament", "version": 1, "match": {"seed": 1}, "game": {}}))
    app, scene = open_app(tmp_path)
    type_text(app, "t")
    type_text(app, "r")
    assert scene.match is None
    assert any("could not be read" in text for text in app.notices.texts)
    assert list(tmp_path.glob("pyramid-tournament.json.bad-*"))


def test_hot_seat_players_share_each_deal_with_same_deck(tmp_path: Path) -> None:
    app, scene = open_app(tmp_path)
    type_text(app, "t")
    type_text(app, "h")  # a second human at the same machine
    key(app, pygame.K_RETURN, "\r")  # "Player 1"
    key(app, pygame.K_RETURN, "\r")  # "Player 2"
    assert [e.name for e in scene.match.entrants] == ["Player 1", "Player 2"]
    assert not any(e.computer for e in scene.match.entrants)
    first_deal = scene.recorder.initial_state
    human_game(app, scene)
    assert "Player 1 scored" in scene.hud.dialog.body
    continue_dialog(app, scene)
    assert scene.recorder.initial_state == first_deal, "Use Same Deck: the same deal"
    assert not scene.computer_to_play and scene.match.next_turn == (0, 1)
    type_text(app, "o")  # SCORE
    assert "Player 1:" in scene.hud.dialog.body and "Player 2: no games yet" in (
        scene.hud.dialog.body)
