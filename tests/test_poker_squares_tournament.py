"""Poker Squares tournaments: the manual's rules on scores and replays, and a
tournament started, played, saved and restored through the table by posted events."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.rules.poker_squares_tournament import Tournament
from scenes.poker_squares import PokerSquaresScene
from tests.driver import click, key, make_app, settle, type_text


def test_high_low_and_average() -> None:
    t = Tournament.of(["Ann", "Bob"]).record(1, 100).record(2, 60)
    ann = t.players[0]
    assert (ann.games, ann.high, ann.low, ann.average) == (2, 100, 60, 80.0)
    t = t.choose(1).record(1, 120)  # another player on the same cards counts in full
    assert t.players[1].games == 1 and t.players[1].high == 120
    assert "average 80.0" in t.players[0].line() and t.players[1].line().startswith("Bob")


def test_a_replay_of_the_same_cards_only_lowers_the_low_score() -> None:
    t = Tournament.of(["Ann"]).record(7, 90)
    assert t.is_replay(7) and not t.is_replay(8)
    better = t.record(7, 150)
    assert better.players[0] == t.players[0]  # a better second try changes nothing
    worse = t.record(7, 40).players[0]
    assert (worse.games, worse.total, worse.high, worse.low) == (1, 90, 90, 40)


@pytest.mark.parametrize("names", [[], ["A"] * 2, ["a", "A"], [f"P{i}" for i in range(6)]])
def test_bad_player_lists_are_refused(names: list[str]) -> None:
    with pytest.raises(ValueError):
        Tournament.of(names)


def test_json_round_trip_and_hostile_files() -> None:
    t = Tournament.of(["Ann", "Bob"]).record(3, 50).choose(1)
    assert Tournament.from_json(json.loads(json.dumps(t.to_json()))) == t
    for bad in (None, {"players": "x"}, {"players": [], "current": 0},
                {"players": [{"name": "A", "games": 1, "total": 5, "high": None, "low": 2,
                              "deals": [1]}], "current": 0},
                {"players": [{"name": "A", "games": 0, "total": 0, "deals": []}],
                 "current": 3}):
        with pytest.raises(ValueError):
            Tournament.from_json(bad)


def fill(app, scene: PokerSquaresScene) -> None:  # noqa: ANN001
    """Fill the matrix square by square by keys (row, then column)."""
    for i in range(25):
        key(app, pygame.K_1 + i // 5, str(1 + i // 5))
        key(app, pygame.K_1 + i % 5, str(1 + i % 5))
    settle(app)


def enter_name(app, name: str) -> None:  # noqa: ANN001
    type_text(app, name)
    key(app, pygame.K_RETURN)


def test_a_tournament_is_played_saved_and_restored(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = PokerSquaresScene(app, seed=3)
    app.push(scene)
    settle(app)
    key(app, pygame.K_t, "t")
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "Players"
    key(app, pygame.K_n, "n")  # New tournament
    enter_name(app, "Ann")
    enter_name(app, "Bob")
    enter_name(app, "")
    assert [p.name for p in scene.tournament.players] == ["Ann", "Bob"]
    fill(app, scene)
    score = scene.view.scores[0]
    assert scene.over and "Ann: high" in scene.hud.dialog.body
    ann = scene.tournament.players[0]
    assert (ann.games, ann.high, ann.low) == (1, score, score)
    click(app, scene.hud.dialog.buttons()[0].rect.center)  # New game from the end dialog
    settle(app)
    key(app, pygame.K_t, "t")
    key(app, pygame.K_2, "2")  # Bob plays next
    assert scene.tournament.player.name == "Bob"
    saved = json.loads((tmp_path / "poker-squares-tournament.json").read_text())
    assert saved["tournament"]["current"] == 1
    app.pop()

    again = make_app(tmp_path)
    restored = PokerSquaresScene(again, seed=3)
    again.push(restored)
    settle(again)
    assert restored.tournament == scene.tournament


def test_the_same_player_starts_the_same_cards_over_without_being_asked(tmp_path: Path
                                                                        ) -> None:
    app = make_app(tmp_path)
    scene = PokerSquaresScene(app, seed=4)
    app.push(scene)
    settle(app)
    key(app, pygame.K_t, "t")
    key(app, pygame.K_n, "n")
    enter_name(app, "Ann")
    enter_name(app, "")
    fill(app, scene)
    first = scene.tournament.players[0]
    key(app, pygame.K_ESCAPE)  # away with the end dialog
    key(app, pygame.K_s, "s")  # the same cards
    settle(app)
    key(app, pygame.K_1, "1")
    key(app, pygame.K_1, "1")
    settle(app)
    key(app, pygame.K_s, "s")  # a replay: started over at once, no question
    settle(app)
    assert scene.hud.dialog is None and scene.recorder.cursor == 0
    assert scene.tournament.players[0] == first
