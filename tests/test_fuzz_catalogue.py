"""The catalogue of dialogs (game/fuzz/catalogue.py) is the code's, and the fuzzer's
goals (game/fuzz/goals.py) open what they aim at."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.fuzz.catalogue import CATALOGUE, UNREACHABLE, name_of, scan
from game.fuzz.goals import GOALS, goal_starts
from game.fuzz.outside import sealed
from game.fuzz.pace import FRAME
from game.fuzz.runner import WATCH_FRAMES
from scenes.menu import MenuScene
from tests.driver import frames, make_app


def test_the_catalogue_is_every_dialog_the_code_opens() -> None:
    found = scan()
    assert found.gaps == [], "titles the catalogue cannot read: give these kind=..."
    code = {name: tuple(sorted(modules)) for name, modules in found.dialogs.items()}
    assert code == CATALOGUE, "copy scan()'s dialogs into CATALOGUE"
    assert set(UNREACHABLE) <= set(CATALOGUE)
    # the ones the issue names, whose titles are worked out at run time
    assert {"New session", "Hand points", "Game … of … over", "Match over",
            "… wins the match", "Round …", "Game over"} <= set(CATALOGUE)


def test_a_dialog_whose_title_cannot_be_read_is_a_gap(tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "new.py").write_text(
        "def ask_seat(hud, title):\n"
        "    hud.ask(Dialog(title, 'body', [], print))\n"  # a wrapper: callers name it
        "def open_both(hud, words):\n"
        "    ask_seat(hud, f'Seat {words}')\n"
        "    ask_seat(hud, words.title())\n"  # not readable: a gap
        "    heading = 'Yes' if words else 'No'\n"
        "    hud.ask(Dialog(heading, '', [], print))\n"
        "    hud.ask(Dialog(words, '', [], print, kind='Named'))\n")
    found = scan(tmp_path)
    assert found.gaps == ["scenes/new.py:5"]
    assert set(found.dialogs) == {"Seat …", "Yes", "No", "Named"}


def test_shown_titles_are_named_as_the_catalogue_names_them() -> None:
    assert name_of("Seat 3") == "Seat …" and name_of("Game 2 of 6 over") == "Game … of … over"
    assert name_of("Flush", "Hand points") == "Hand points"
    assert name_of("New session") == "New session" and name_of("No such box") is None


def test_a_report_names_the_catalogued_dialogs_it_did_not_reach() -> None:
    from game.fuzz.report import FuzzReport

    report = FuzzReport(1)
    report.catalogued = set(CATALOGUE) - {"New session", "Start"}
    assert report.not_reached == ["New session"]  # Start: unreachable, and said why
    reachable = len(CATALOGUE) - len(UNREACHABLE)
    text = report.text()
    assert f"reached: {reachable - 1} of {reachable}; not reached: New session" in text
    assert f"unreachable by design: Start: {UNREACHABLE['Start']}" in text


WANTED = {"user-points": {"Hand points"}, "tournament-names": {"A tournament player's name"},
          "tour": {"Your name"}, "tour-two": {"First player's name", "Second player's name"},
          "give-up": {"Give up"}, "new-session": {"New session"},
          "match-between": {"Game … of … over"},
          "match-over": {"Match over", "… wins the match", "The match is a tie"},
          "exit-tournament": {"Exit tournament"},
          "round-end": {"Round …"}, "cut-tie": {"A tie"}, "pass-the-screen": {"…'s turn"},
          "raise": {"Raise"}, "leave-two-player": {"Leave the game"},
          "second-player": {"Player 2"}, "mouse-question": {"Mouse"},
          "deal-number": {"Play deal number"}, "hot-seat": {"Target", "Seat …"},
          "network-race": {"Network match over"},
          "host-questions": {"The game's table question", "People", "Computer", "Turn timer",
                             "Listen", "Port", "Your name"}}


@pytest.mark.parametrize("goal", [g.name for g in GOALS if g.watch is None])
def test_each_goal_opens_what_it_aims_at(tmp_path: Path, goal: str) -> None:
    """With the computer finishing what a player would (a game's last moves)."""
    start = next(s for s in goal_starts() if s.name == f"goal:{goal}")
    reached = set()
    for seed in range(4):
        app = make_app(tmp_path / str(seed))
        app.push(MenuScene(app))
        opened = start.make(app, seed)
        if opened is not None:  # None: on the menu (as its questions are)
            app.push(opened)
        scene = app.scene
        if hasattr(scene, "set_computer") and scene.hud.dialog is None:
            scene.set_computer(scene.seat, True)
        for _ in range(900):
            dialog = scene.hud.dialog
            if dialog is not None:
                reached.add(name_of(dialog.title, dialog.kind))
                break
            frames(app)
    assert reached & WANTED[goal], reached


@pytest.mark.parametrize("goal", [g.name for g in GOALS if g.watch is not None])
def test_a_watched_goal_sees_its_match_to_the_end(tmp_path: Path, goal: str) -> None:
    """As a fuzz run watches it: the network on the run's stepped loop, no input."""
    start = next(s for s in goal_starts() if s.name == f"goal:{goal}")
    assert start.watch is not None
    with sealed(1) as outside:
        app = make_app(tmp_path)
        app.loopback_only = True
        app.push(MenuScene(app))
        opened = start.make(app, 1)
        if opened is not None:
            app.push(opened)
        watch = start.watch()
        for _ in range(WATCH_FRAMES):
            if not watch(app):
                break
            app.frame(FRAME)
            outside.frame_passed(FRAME)
            outside.jobs.run()
        dialog = app.scene.hud.dialog
        assert dialog is not None and name_of(dialog.title, dialog.kind) in WANTED[goal]
        while app.scenes:  # the table closes before the run's loop does
            app.scenes.pop().exit()


def test_the_games_before_a_tied_match_end_add_up_to_a_tie() -> None:
    from game.fuzz.goals import ENTRANTS, SCORES, _recorded, _tying
    from game.match import Match

    match = Match(ENTRANTS[1], 5, 6, False, max_entrants=2)
    scores = [30, -60, 30, -60, 30, -60, 30, -60, 30, -60, 30]  # Ann 480 up before Bob's last
    tied = _tying(match, scores, 1, -10)
    assert all(SCORES[0] <= s <= SCORES[1] for s in tied)
    assert _recorded(match, tied).record(-10).winner() is None  # a tie
    assert _tying(match, scores, 1, -400) == scores  # no scores in range tie that
