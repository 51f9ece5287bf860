"""Numbers in every file the game reads are bounded once, where storage parses them,
and a file that cannot be read whole is set aside and reported before anything can
write over it (issue 25, items 1, 3 and 4)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import recent_tables, seat_tokens, stats, stats_file, storage
from game.highscores import HighScores
from game.net import cut_off
from game.net.persist import Saver
from game.rules.poker_squares_tournament import Tournament
from game.settings import load_settings
from scenes.draw_poker_stats import PokerStats
from scenes.menu import MenuScene
from scenes.open_game import game_scene
from scenes.statistics import StatisticsScene
from tests.driver import frames, make_app

OVER_FLOAT = int("9" * 309)  # valid JSON, under Python's 4,300 digits; float() overflows


def bad_copies(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.bad-*"))


def with_number(kind: str, **fields: Any) -> str:
    return json.dumps({"kind": kind, "format": kind, "version": 1, **fields})


# Every kind of file, read by its own loader; each returns the sentence it reports.
def _said(problems: list[str]) -> str | None:
    return problems[0] if problems else None


def _settings(folder: Path) -> str | None:
    return load_settings(folder)[1]


def _milligan(folder: Path) -> str | None:
    problems: list[str] = []
    assert stats_file.load(folder, "milligan", problems) == stats.Stats()
    return _said(problems)


def _draw_poker(folder: Path) -> str | None:
    return PokerStats(folder).problem


def _top_ten(folder: Path) -> str | None:
    return HighScores(folder / "pyramid-top10.json").problem


def _recent(folder: Path) -> str | None:
    problems: list[str] = []
    assert recent_tables.load(folder, problems) == recent_tables.Recent()
    return _said(problems)


def _seats(folder: Path) -> str | None:
    problems: list[str] = []
    assert seat_tokens.load(folder, problems) == []
    return _said(problems)


def _hosting(folder: Path) -> str | None:
    problems: list[str] = []
    assert cut_off.find(folder, "chinese-poker", problems) is None
    return _said(problems)


def _replays(folder: Path) -> str | None:
    problems: list[str] = []
    assert storage.list_replays(folder / "replays", problems) == []
    return _said(problems)


def _net_tables(folder: Path) -> str | None:
    """The server has no one to tell: it sets the file aside and logs the sentence."""
    before = len(bad_copies(folder))
    saver = Saver(folder / "net-tables")
    try:
        assert saver.load_all(lambda *_: pytest.fail("a table was made")) == []
    finally:
        saver.close()
    return "set aside" if len(bad_copies(folder)) > before else None


KINDS: dict[str, tuple[str, str, Callable[[Path], str | None]]] = {
    "settings": ("settings.json", "settings", _settings),
    "milligan stats": ("milligan-stats.json", "milligan-stats", _milligan),
    "draw poker stats": ("draw-poker-stats.json", "draw-poker-stats", _draw_poker),
    "top ten": ("pyramid-top10.json", "top10", _top_ten),
    "recent tables": ("network.json", "network", _recent),
    "seat tokens": ("seats.json", "seat-tokens", _seats),
    "hosting note": ("hosting.json", "hosting", _hosting),
    "replay": ("replays/pyramid-1.json", "card-parlour-replay", _replays),
    "network table": ("net-tables/main.json", "card-parlour-net-table", _net_tables),
}


@pytest.mark.parametrize("number", [OVER_FLOAT, -OVER_FLOAT, 2**63, 1e300],
                         ids=["309 digits", "-309 digits", "2**63", "1e300"])
@pytest.mark.parametrize("name", KINDS)
def test_a_number_out_of_range_sets_any_file_aside(tmp_path: Path, name: str,
                                                   number: float) -> None:
    file_name, kind, read = KINDS[name]
    path = tmp_path / file_name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(with_number(kind, x=number))
    problem = read(tmp_path)
    assert problem is not None and "set aside" in problem, problem
    assert not path.exists() and len(bad_copies(tmp_path)) == 1
    assert read(tmp_path) is None, "the second start is clean"


def test_storage_keeps_numbers_in_range(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"a": 9223372036854775807, "b": -9223372036854775807, "c": 1.5e18}')
    assert storage.load_json(path) == {"a": 2**63 - 1, "b": -(2**63 - 1), "c": 1.5e18}

GIANT_FILE = stats_file.OLD_FILES["milligan"][0]  # The Giant's own file of before


# -- The Giant's statistics (item 1) ---------------------------------------------------------

def test_giant_integers_in_the_giants_statistics_are_set_aside(tmp_path: Path) -> None:
    tally = {"played": OVER_FLOAT, "won": OVER_FLOAT, "points": OVER_FLOAT,
             "moves": OVER_FLOAT}
    (tmp_path / GIANT_FILE).write_text(json.dumps(
        {"kind": "milligan-stats", "version": 1, "stats": {"overall": tally,
                                                           "by_rules": {"alternate": tally}}}))
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    scene = game_scene(app, "milligan", seed=4)
    app.push(scene)
    scene.game_command("scores")  # the Scores page, which overflowed drawing them
    assert isinstance(app.scene, StatisticsScene)
    frames(app, 3)
    assert any("milligan-stats.json" in t and "set aside" in t for t in app.notices.texts)
    assert [p.name.split(".bad-")[0] for p in bad_copies(tmp_path)] == ["milligan-stats.json"]
    app.pop()
    problems: list[str] = []  # the next game's end counts onto fresh statistics
    assert stats_file.load(tmp_path, "milligan", problems) == stats.Stats() and not problems


def test_a_figure_beyond_a_lifetime_of_games_is_refused(tmp_path: Path) -> None:
    data = stats.to_json(stats.Stats())
    data["overall"]["played"] = 2**62  # storage takes it; no player has played so many
    (tmp_path / stats_file.FILE_NAME).write_text(json.dumps(
        {"kind": stats_file.KIND, "version": stats_file.VERSION, "games": {"milligan": data}}))
    problems: list[str] = []
    stats_file.load(tmp_path, "milligan", problems)
    assert "played is out of range" in problems[0] and bad_copies(tmp_path)


# -- Draw Poker's statistics (item 3) --------------------------------------------------------

def test_a_draw_poker_row_that_fails_is_set_aside_not_zeroed(tmp_path: Path) -> None:
    stats = PokerStats(tmp_path)
    stats.hand("queen", won=True, pot=40, label="Flush", value=1500)
    stats.hand("jack", won=True, pot=12)
    path = tmp_path / "draw-poker-stats.json"
    data = json.loads(path.read_text())
    data["dealers"]["queen"]["best_hand"] = "F" * 41
    path.write_text(json.dumps(data))
    again = PokerStats(tmp_path)
    assert again.problem is not None and "set aside" in again.problem, again.problem
    assert "F. Queen's best_hand" in again.problem
    again.hand("king", won=False, pot=5)  # the next hand writes a fresh file...
    kept = bad_copies(tmp_path)
    assert len(kept) == 1  # ...and the player's figures are still there to recover
    assert json.loads(kept[0].read_text())["dealers"]["jack"]["hands"] == 1


def test_draw_poker_reports_its_statistics_set_aside(tmp_path: Path) -> None:
    (tmp_path / "draw-poker-stats.json").write_text(json.dumps(
        {"kind": "draw-poker-stats", "version": 1, "dealers": {"jack": {"hands": -5}}}))
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    app.push(game_scene(app, "draw-poker", seed=2))
    frames(app)
    assert any("draw-poker-stats.json" in t and "S. Jack" in t for t in app.notices.texts)


# -- Poker Squares' tournament (item 4) ------------------------------------------------------

def test_an_unreadable_tournament_is_set_aside_before_a_new_one(tmp_path: Path) -> None:
    path = tmp_path / "poker-squares-tournament.json"
    path.write_text(json.dumps({"kind": "poker-squares-tournament", "version": 1,
                                "tournament": {"players": [{"name": "Ann"}], "current": 0}}))
    original = path.read_text()
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    scene = game_scene(app, "poker-squares", seed=2)
    app.push(scene)
    frames(app)
    assert scene.tournaments.tournament is None
    assert any("poker-squares-tournament.json could not be read" in t and "set aside" in t
               for t in app.notices.texts), app.notices.texts
    scene.tournaments.tournament = Tournament.of(["Bo"])
    scene.tournaments.save()  # a new tournament: the old file is kept beside it
    (kept,) = bad_copies(tmp_path)
    assert kept.read_text() == original
    assert json.loads(path.read_text())["tournament"]["players"][0]["name"] == "Bo"
