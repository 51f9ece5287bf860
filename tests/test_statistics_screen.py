"""Issue 22 item 15 (and issue 21's statistics page): one Statistics screen, reached
from the menu by mouse, keys and pad, lists every game's figures per rule set with the
best score, counts the computer's games apart, and resets one game after asking."""

from __future__ import annotations

from pathlib import Path

import pygame

from game import stats, stats_file
from game.engine.vpad import VirtualPad
from game.rules.outcome import Mode
from game.rules.registry import playable
from scenes.menu import MenuScene
from scenes.statistics import StatisticsScene
from tests.driver import click, frames, key, key_focus, make_app, pad_focus, pad_press

SIZE = (960, 540)
AMERICAN = Mode("one_hand:american:10", "One Hand, American, 10 hands, target 200")


def saved(tmp_path: Path) -> None:
    """Figures for two games: the player's own, one Auto helped with and one the
    computer played alone."""
    poker = stats.Stats().add(AMERICAN, "won", 231.0, 25).add(AMERICAN, "lost", 150.0, 25)
    stats_file.save(tmp_path, "poker-squares", poker.add_helped(AMERICAN).add_computers(AMERICAN))
    stats_file.save(tmp_path, "pyramid", stats.Stats().add(
        Mode("redeals-2", "Par scoring, 2 redeals"), "won", 12.0, 40))


def menu(tmp_path: Path):  # noqa: ANN201
    app = make_app(tmp_path, SIZE)
    scene = MenuScene(app)
    app.push(scene)
    frames(app)
    return app, scene


def test_the_screen_from_the_menu_by_keys_shows_a_games_figures_apart_from_the_computers(
        tmp_path: Path) -> None:
    saved(tmp_path)
    app, scene = menu(tmp_path)
    key_focus(app, scene, ("button", "stats"))
    key(app, pygame.K_RETURN)
    page = app.scene
    assert isinstance(page, StatisticsScene) and page.entry.id == playable()[0].id
    key_focus(app, page, ("button", "game:poker-squares"))
    key(app, pygame.K_RETURN)
    rows = page.rows()
    assert rows[0][:5] == ["All games", "2", "1", "1", "50%"]
    assert rows[1][0] == AMERICAN.title and rows[1][8] == "231" and rows[1][9] == "1"
    assert "helped by the computer (Auto) 1 game," in page.note()
    assert "played by the computer (its tournament games) 1 game." in page.note()
    frames(app, 2)
    drawn = {i.key for i in page.draw_items(0.0)}
    assert ("cell", 1, 8) in drawn and ("note", 0) in drawn
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene


def test_by_mouse_every_game_has_its_page(tmp_path: Path) -> None:
    saved(tmp_path)
    app, scene = menu(tmp_path)
    click(app, scene.hud.button("stats").rect.center)
    page = app.scene
    assert isinstance(page, StatisticsScene)
    for entry in playable():
        click(app, page.hud.button(f"game:{entry.id}").rect.center)
        assert page.entry is entry and page.hud.button(f"game:{entry.id}").selected
        assert page.rows()[0][0] == "All games"
    click(app, page.hud.button("game:pyramid").rect.center)
    assert page.rows()[1][8] == "+12"  # Par, the game's own way of writing points


def test_reset_asks_first_and_forgets_only_that_game_by_pad(tmp_path: Path,
                                                              pad: VirtualPad) -> None:
    saved(tmp_path)
    app, scene = menu(tmp_path)
    pad.attach()
    frames(app, 2)
    pad_focus(app, pad, scene, ("button", "stats"))
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    page = app.scene
    pad_focus(app, pad, page, ("button", "game:poker-squares"))
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    frames(app, 2)
    row = pygame.Rect(app.viewport.rect_px(360, 290, 300, 50))  # All games: the figures
    before = pygame.image.tobytes(app.screen.subsurface(row), "RGB")
    pad_focus(app, pad, page, ("button", "reset"))
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    assert page.hud.dialog is not None and "Poker Squares" in page.hud.dialog.body
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)  # No has the focus: nothing goes
    assert stats_file.load(tmp_path, "poker-squares").overall.played == 2
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_DPAD_LEFT)  # to Yes
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    assert stats_file.load(tmp_path, "poker-squares") == stats.Stats()
    assert stats_file.load(tmp_path, "pyramid").overall.played == 1
    assert page.rows()[0][1] == "0" and "(Auto) 0 games" in page.note()
    frames(app, 2)
    assert pygame.image.tobytes(app.screen.subsurface(row), "RGB") != before


def test_the_best_score_is_of_finished_games_and_none_for_no_score() -> None:
    mode = Mode("m", "M")
    tally = stats.Stats().add(mode, "lost", 40.0, 3).add(mode, "abandoned", 90.0, 2).overall
    assert tally.best == 40.0 and tally.points == 130.0
    assert stats.Stats().add(mode, "won", None, 25).overall.best is None  # Make Pat Hands
    again = stats.from_json(stats.to_json(stats.Stats().add(mode, "won", 7.5, 1)))
    assert again.overall.best == 7.5


def test_a_game_played_to_its_end_shows_its_score_as_the_best(tmp_path: Path) -> None:
    from scenes.poker_squares import PokerSquaresScene
    from tests.test_game_endings import open_scene, play_out, quick_placer

    app, scene = open_scene(tmp_path, PokerSquaresScene, seed=158)  # the quick player: 279
    play_out(app, scene, quick_placer(scene))
    app.push(StatisticsScene(app, "poker-squares"))
    rows = app.scene.rows()
    assert rows[0][:3] == ["All games", "1", "1"] and rows[0][8] == "279"


def test_a_game_at_a_table_held_elsewhere_counts_once(tmp_path: Path) -> None:
    """A remote seat (as at a network table) has no recorder of its own: its game
    counts from what the seat is told (the rules' outcome, the table's options)."""
    from game.rules.registry import GAME_BY_ID
    from tests.test_remote_seat import Table

    table = Table(tmp_path, GAME_BY_ID["poker-squares"])
    for _ in range(25):
        table.play_a_move()
    table.settle()
    scene = table.scene
    assert scene.session is None and scene.over
    tally = stats_file.load(tmp_path, "poker-squares").overall
    points = scene.client.outcome.points[0]
    assert (tally.played, tally.best) == (1, points)
    scene.game_over()  # told again (a repeated update): not counted twice
    scene.finished_reported = False
    scene.game_over()
    assert stats_file.load(tmp_path, "poker-squares").overall.played == 1
