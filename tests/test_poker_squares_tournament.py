"""Poker Squares tournaments: the manual's rules on scores and replays, and a
tournament started, played, saved and restored through the table by posted events."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.engine.app import App
from game.rules.poker_squares_options import parse
from game.rules.poker_squares_tournament import (
    UNDO_REFUSED,
    Standing,
    Tournament,
    TournamentRules,
    rules_of,
)
from scenes.poker_squares import PokerSquaresScene
from tests.driver import click, key, make_app, settle, type_text


def table(tmp_path: Path) -> tuple[App, PokerSquaresScene]:
    """A Poker Squares table of deal 3, settled."""
    app = make_app(tmp_path)
    scene = PokerSquaresScene(app, seed=3)
    app.push(scene)
    settle(app)
    return app, scene


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


def saved(player: tuple[tuple[int, str, object], ...] = (), **changes: object) -> dict:
    """Ann, Bob and Cy's file (Bob plays Player 2) with ``changes``, and ``player``'s
    changes as (index, field, value)."""
    data = Tournament.of(["Ann", "Bob", "Cy"]).record(3, 50).choose_second(1).to_json()
    for index, name, value in player:
        data["players"][index][name] = value
    return {**data, **changes}


NOT_ADDING_UP = "'Bob': scores that do not add up"
UNREADABLE_RULES = "the tournament's rules are not readable"
NO_PLAYER_2 = "the tournament's Player 2 is not another of its players"


# The reason is the start-up notice a player reads about their tournament file: word for word.
@pytest.mark.parametrize("data, why", [
    (None, "not a tournament"), ({"players": "x"}, "not a tournament"),
    (saved(current=3), "the tournament's current player is not one of its players"),
    (saved(second=3), NO_PLAYER_2), (saved(second=0), NO_PLAYER_2),
    (saved(players=["Ann"]), "a tournament player needs a name"),
    (saved(player=((1, "games", -1),)), NOT_ADDING_UP),
    (saved(player=((1, "total", "5"),)), NOT_ADDING_UP),
    (saved(player=((1, "deals", [1.5]),)), NOT_ADDING_UP),
    (saved(player=((1, "deals", "3"),)), NOT_ADDING_UP),
    (saved(player=((1, "total", 2**53),)), NOT_ADDING_UP),  # beyond a JSON number's ints
    (saved(player=((1, "deals", [1] * 10_001),)), NOT_ADDING_UP),
    (saved(player=((0, "high", None),)), "'Ann': a high or low score is missing"),
    (saved(rules={"key": "", "title": "t"}), UNREADABLE_RULES),
    (saved(rules={"key": "k" * 2001, "title": "t"}), UNREADABLE_RULES),
])
def test_a_file_that_is_not_a_tournament_is_refused_with_the_reason(data: object,
                                                                    why: str) -> None:
    with pytest.raises(ValueError) as refused:
        Tournament.from_json(data)
    assert str(refused.value) == why


def test_a_file_at_every_bound_still_loads() -> None:
    edge = saved(current=2, player=((1, "total", 2**53 - 1), (1, "deals", [1] * 10_000),
                                     (2, "high", 7), (2, "low", 3)),  # no games: none kept
                 rules={"key": "k" * 2000, "title": "t"})
    loaded = Tournament.from_json(edge)
    assert len(loaded.players[1].deals) == 10_000
    assert loaded.players[2].high is None and loaded.players[2].low is None
    assert loaded.rules is not None and len(loaded.rules.key) == 2000
    assert (loaded.current, loaded.players[1].total) == (2, 2**53 - 1)
    assert Tournament.from_json(saved(rules={"key": "k", "title": "t"})).rules == \
        TournamentRules("k", "t")


def test_choosing_the_next_player() -> None:
    t = Tournament.of(["Ann", "Bob", "Cy"]).choose_second(1)
    with pytest.raises(ValueError, match="no player 4"):
        t.choose(3)
    assert t.choose(2).second == 1  # Player 2 stays
    for index in (3, 0):  # no such player; the one playing first
        with pytest.raises(ValueError, match=f"player {index + 1} cannot play Player 2"):
            t.choose_second(index)
    assert t.choose(1).second is None  # Player 2 now plays first


def test_standings_compare_rules_by_mode_scoring_and_hands() -> None:
    assert rules_of(parse({"hands": 12})) == TournamentRules(
        "one_hand:american:12", "One Hand, American scoring, 12 hands")
    assert rules_of(parse({"scoring": "user"})).key.startswith("one_hand:user:10:high_card=0,")


def test_a_standing_counts_its_games_in_words() -> None:
    assert Standing("Ann", 1, 50, 50, 50).line() == "Ann: high 50, low 50, average 50.0 (1 game)"
    assert Standing("Ann", 2, 90, 50, 40).line().endswith("average 45.0 (2 games)")


def test_a_guest_at_player_two_is_not_recorded() -> None:
    t = Tournament.of(["Ann", "Bob"]).record_game(3, 50, 40)  # no Player 2 chosen
    assert [(p.games, p.low) for p in t.players] == [(1, 50), (0, None)]


def plain(text: str) -> str:
    """Dialog text with its no-break spaces (they keep a player's figures together) as
    plain ones."""
    return text.replace("\u00a0", " ")


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
    app, scene = table(tmp_path)
    key(app, pygame.K_t, "t")
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "Players"
    key(app, pygame.K_n, "n")  # New tournament
    enter_name(app, "Ann")
    enter_name(app, "Bob")
    enter_name(app, "")
    assert [p.name for p in scene.tournaments.tournament.players] == ["Ann", "Bob"]
    fill(app, scene)
    score = scene.view.scores[0]
    assert scene.over and "Ann: high" in plain(scene.hud.dialog.body)
    ann = scene.tournaments.tournament.players[0]
    assert (ann.games, ann.high, ann.low) == (1, score, score)
    click(app, scene.hud.dialog.buttons()[0].rect.center)  # New game from the end dialog
    settle(app)
    key(app, pygame.K_t, "t")
    key(app, pygame.K_2, "2")  # Bob plays next
    assert scene.tournaments.tournament.player.name == "Bob"
    saved = json.loads((tmp_path / "poker-squares-tournament.json").read_text())
    assert saved["tournament"]["current"] == 1
    app.pop()

    again = make_app(tmp_path)
    restored = PokerSquaresScene(again, seed=3)
    again.push(restored)
    settle(again)
    assert restored.tournaments.tournament == scene.tournaments.tournament


def test_the_same_player_starts_the_same_cards_over_without_being_asked(tmp_path: Path
                                                                        ) -> None:
    app, scene = start_tournament(tmp_path, seed=4)
    fill(app, scene)
    first = scene.tournaments.tournament.players[0]
    key(app, pygame.K_ESCAPE)  # away with the end dialog
    key(app, pygame.K_s, "s")  # the same cards
    settle(app)
    key(app, pygame.K_1, "1")
    key(app, pygame.K_1, "1")
    settle(app)
    key(app, pygame.K_s, "s")  # a replay: started over at once, no question
    settle(app)
    assert scene.hud.dialog is None and scene.recorder.cursor == 0
    assert scene.tournaments.tournament.players[0] == first


def test_two_tournament_players_each_get_their_own_record() -> None:
    t = Tournament.of(["Ann", "Bob", "Cy"]).choose(0).choose_second(2)
    t = t.record_game(5, 80, 120)
    ann, bob, cy = t.players
    assert (ann.games, ann.high, cy.games, cy.high, bob.games) == (1, 80, 1, 120, 0)
    again = t.record_game(5, 200, 30)  # the same cards again: each may only lower a low
    assert again.players[0].low == 80 and again.players[0].high == 80
    assert (again.players[2].games, again.players[2].high, again.players[2].low) == (1, 120, 30)
    guest = t.choose_second(None).record_game(6, 70, 999)  # a guest's score is not kept
    assert guest.players[2] == t.players[2] and guest.players[0].games == 2
    assert t.choose(2).second is None  # Player 2 picked to play first: no longer Player 2
    with pytest.raises(ValueError):
        t.choose_second(0)  # Ann plays Player 1 already
    assert Tournament.from_json(json.loads(json.dumps(t.to_json()))) == t
    for bad in (0, 7, "1", True):
        with pytest.raises(ValueError):
            Tournament.from_json({**t.to_json(), "second": bad})
    old = t.to_json()
    del old["second"]  # a file from before Player 2 was kept
    assert Tournament.from_json(old).second is None


def test_a_race_between_two_tournament_players_records_both(tmp_path: Path) -> None:
    options = {"poker-squares": {"mode": "race", "opponent": "person"}}
    app = make_app(tmp_path, per_game=options)
    scene = PokerSquaresScene(app, seed=9)
    app.push(scene)
    settle(app)
    key(app, pygame.K_t, "t")
    key(app, pygame.K_n, "n")
    for name in ("Ann", "Bob", "Cy", ""):
        enter_name(app, name)
    # A person plays Player 2: the new tournament asks who at once (a guest for now).
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "Player 2"
    key(app, pygame.K_g, "g")
    key(app, pygame.K_t, "t")
    key(app, pygame.K_3, "3")  # Cy plays Player 1 ...
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "Player 2"
    key(app, pygame.K_1, "1")  # ... and Ann Player 2
    assert (scene.tournaments.tournament.current, scene.tournaments.tournament.second) == (2, 0)
    key(app, pygame.K_k, "k")  # Ann takes the keyboard
    for step in (None, pygame.K_LEFT, pygame.K_LEFT, pygame.K_UP):
        if step is not None:
            key(app, step)
        key(app, pygame.K_RETURN)  # Ann places a card
        settle(app)
    for i in range(25):  # Cy fills their matrix by mouse and ends the race
        rect = scene.spot_rect(scene.view, f"g0{i // 5}{i % 5}")
        click(app, rect.center)
        settle(app)
    assert scene.over
    first, second = scene.view.scores
    cy, ann = scene.tournaments.tournament.players[2], scene.tournaments.tournament.players[0]
    assert (cy.games, cy.high, ann.games, ann.high) == (1, first, 1, second)
    body = plain(scene.hud.dialog.body)
    assert "P2 Ann" in body and "P1 Cy" in body
    saved = scene.tournaments.tournament
    app.pop()

    again = make_app(tmp_path, per_game=options)
    restored = PokerSquaresScene(again, seed=9)
    again.push(restored)
    settle(again)
    assert restored.tournaments.tournament == saved and restored.tournaments.tournament.second == 0
    key(again, pygame.K_n, "n")  # a new deal, left at once: counts for nobody
    settle(again)
    key(again, pygame.K_k, "k")
    key(again, pygame.K_RETURN)  # Ann places a card; the mouse opens a new deal
    settle(again)
    click(again, next(b for b in restored.hud.buttons if b.key == "new").rect.center)
    assert restored.hud.dialog.title == "New game"  # "not full: deal new cards anyway?"
    click(again, restored.hud.dialog.buttons()[0].rect.center)  # Yes
    settle(again)
    assert restored.recorder.cursor == 0 and restored.tournaments.tournament == saved


def test_a_person_at_player_two_is_asked_for_and_the_table_uses_the_names(
        tmp_path: Path) -> None:
    from game.engine.ui import GOLD, text_image, wrap_text

    app = make_app(tmp_path, per_game={"poker-squares": {"mode": "race",
                                                         "opponent": "person"}})
    scene = PokerSquaresScene(app, seed=9)
    app.push(scene)
    settle(app)
    key(app, pygame.K_t, "t")
    assert "Players (T)" not in scene.hud.dialog.body  # said inside Players itself
    assert "New tournament (N)" in scene.hud.dialog.body
    key(app, pygame.K_n, "n")
    for name in ("Alice", "Bob", ""):
        enter_name(app, name)
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "Player 2"
    key(app, pygame.K_2, "2")  # Bob sits at Player 2
    key(app, pygame.K_k, "k")  # and takes the keyboard: known already, not asked again
    assert scene.hud.dialog is None and scene.tournaments.tournament.second == 1
    vp = app.viewport
    items = {i.key: i for i in scene.extra_items()}
    for item_key, name in (("mine", "Alice"), ("other", "Bob")):  # above each matrix
        drawn = items[("ps", item_key)].image
        assert drawn.get_size() == text_image(vp, name, 28, GOLD, bold=True).get_size()
    for i in range(25):  # Alice fills her matrix by mouse and ends the race
        click(app, scene.spot_rect(scene.view, f"g0{i // 5}{i % 5}").center)
        settle(app)
    assert scene.over
    alice, bob = scene.view.scores
    dialog = scene.hud.dialog
    assert dialog.title == ("Alice wins!" if alice > bob else "A tie" if alice == bob
                            else "Bob wins")
    lines = plain(dialog.body).split("\n")
    assert lines[0].startswith(f"Alice {alice}, Bob {bob}. All games: 1 played")
    assert lines[1].startswith("\u25b6P1 Alice: high") and lines[2].startswith("\u25b6P2 Bob")
    for line in wrap_text(vp, dialog.body, 28, dialog.width - 80):  # as the box wraps it
        assert line.count("(") == line.count(")"), f"'(1 game)' split: {plain(line)!r}"


def test_a_tournament_compares_like_with_like() -> None:
    american, english = rules_of(parse({})), rules_of(parse({"scoring": "english"}))
    assert american.title == "One Hand, American scoring, 10 hands"
    assert rules_of(parse({"hands": 12})).key != american.key
    assert rules_of(parse({"mode": "sum_of_two"})).key != american.key
    user = rules_of(parse({"scoring": "user"}))
    assert user.key != rules_of(parse({"scoring": "user", "user_points": {"flush": 20}})).key
    t = Tournament.of(["Ann"]).record_game(1, 100, rules=american)  # the first game sets them
    assert t.rules == american and t.refusal(american) is None
    assert t.refusal(english) == ("Not counted in the tournament: it plays One Hand, American "
                                  "scoring, 10 hands; this game was One Hand, English scoring, "
                                  "10 hands.")
    with pytest.raises(ValueError, match="Not counted"):
        t.record_game(2, 50, rules=english)
    assert Tournament.from_json(json.loads(json.dumps(t.to_json()))) == t
    for bad in ({"key": 3, "title": "x"}, {"key": "k"}, "rules", {"key": "", "title": "t"}):
        with pytest.raises(ValueError):
            Tournament.from_json({**t.to_json(), "rules": bad})


def start_tournament(tmp_path: Path, seed: int = 3, **options: object
                     ) -> tuple[object, PokerSquaresScene]:
    """A table with a tournament of one player, Ann, started on it."""
    app = make_app(tmp_path, per_game={"poker-squares": options})
    scene = PokerSquaresScene(app, seed=seed)
    app.push(scene)
    settle(app)
    key(app, pygame.K_t, "t")
    key(app, pygame.K_n, "n")
    enter_name(app, "Ann")
    enter_name(app, "")
    return app, scene


def test_a_game_under_other_rules_is_not_counted_and_says_why(tmp_path: Path) -> None:
    app, scene = start_tournament(tmp_path)
    assert scene.tournaments.tournament.rules == rules_of(parse({}))
    assert "playing One Hand, American scoring, 10 hands" in scene.hud.message.text
    key(app, pygame.K_o, "o")  # the rules page: English scoring
    click(app, next(b for b in app.scene.hud.buttons if b.label == "English").rect.center)
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert scene.view.options.seats[0].scoring == "english"
    fill(app, scene)
    assert scene.over and "Not counted in the tournament: it plays One Hand, American " \
        "scoring" in plain(scene.hud.dialog.body)
    assert scene.tournaments.tournament.players[0].games == 0
    key(app, pygame.K_ESCAPE)  # away with the end dialog
    key(app, pygame.K_t, "t")  # the players dialog names the tournament's rules
    assert "It plays One Hand, American scoring, 10 hands." in plain(scene.hud.dialog.body)


def test_undo_is_refused_in_a_tournament_game_with_the_reason(tmp_path: Path) -> None:
    app, scene = start_tournament(tmp_path)
    key(app, pygame.K_3, "3")
    key(app, pygame.K_3, "3")
    settle(app)
    assert scene.recorder.cursor == 1
    key(app, pygame.K_u, "u")  # the Undo button's key
    assert scene.recorder.cursor == 1
    assert scene.hud.message is not None and scene.hud.message.text == UNDO_REFUSED
    key(app, pygame.K_z, "z", pygame.KMOD_CTRL)
    assert scene.recorder.cursor == 1 and scene.hud.message.text == UNDO_REFUSED


def test_undo_still_works_with_no_tournament(tmp_path: Path) -> None:
    app, scene = table(tmp_path)
    key(app, pygame.K_3, "3")
    key(app, pygame.K_3, "3")
    settle(app)
    key(app, pygame.K_u, "u")
    settle(app)
    assert scene.tournaments.tournament is None and scene.recorder.cursor == 0
