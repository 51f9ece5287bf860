"""Edges that small planted bugs slipped past: the scoring tables row by row, the
long diagonals, a card that touches only the square it leaves, the top of Draw
Poker's points, the view decoder's booleans, The Giant's L key, the Undo button, the
seats and packs of a solitaire's rules, rules built afresh, and the words a network table
shows of its host's answers and turn timer."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.cards import Card, as_card
from game.replay.recorder import Recorder
from game.rules import chinese_poker, milligan, pyramid
from game.rules import draw_poker as D
from game.rules import poker_squares as P
from game.rules.base import ModuleRules, RulesModule
from game.rules.registry import GAME_BY_ID, RULES_BY_ID, playable, timer_words
from game.rules.views import from_json
from tests.driver import key, make_app, settle
from tests.test_remote_seat import Table

# One hand of every category, and its points as the manual's table gives them:
# English, American, User; and whether it is a pat hand.
TABLE = {
    "five_of_a_kind": (["AS", "AH", "AD", "AC", Card(1, "S", 1)], 30, 100, 65, True),
    "royal_flush": (["TS", "JS", "QS", "KS", "AS"], 30, 100, 65, True),
    "straight_flush": (["5H", "6H", "7H", "8H", "9H"], 30, 75, 53, True),
    "four_of_a_kind": (["9S", "9H", "9D", "9C", "2S"], 16, 50, 33, True),
    "full_house": (["8S", "8H", "8D", "3C", "3S"], 10, 25, 18, True),
    "flush": (["2D", "5D", "9D", "JD", "KD"], 5, 20, 13, True),
    "straight": (["4S", "5H", "6D", "7C", "8S"], 12, 15, 14, True),
    "three_of_a_kind": (["QS", "QH", "QD", "2C", "7S"], 6, 10, 8, False),
    "two_pair": (["JS", "JH", "4D", "4C", "9S"], 3, 5, 4, False),
    "one_pair": (["TS", "TH", "3D", "6C", "8S"], 1, 2, 1, False),
    "high_card": (["2S", "5H", "9D", "JC", "KS"], 0, 0, 0, False),
}
EMPTY_ROW: list[Card | None] = [None] * P.SIZE


def cards(hand: list[Card | str]) -> list[Card | None]:
    return [as_card(c) for c in hand]


@pytest.mark.parametrize("category", sorted(TABLE))
def test_every_row_of_the_scoring_tables_scores_as_the_manual_says(category: str) -> None:
    hand, english, american, user, pat = TABLE[category]
    grid = [cards(hand)] + [EMPTY_ROW] * (P.SIZE - 1)  # every column holds one card: 0
    for scoring, points in (("english", english), ("american", american), ("user", user)):
        assert P.score_grid(grid, scoring) == points, scoring
    assert (category in P.PAT) == pat


@pytest.mark.parametrize("anti", [False, True])
def test_twelve_hands_count_both_long_diagonals(anti: bool) -> None:
    flush = cards(TABLE["flush"][0])
    grid = [[None] * P.SIZE for _ in range(P.SIZE)]
    for i, card in enumerate(flush):  # alone in its row and column: only a diagonal scores
        grid[i][P.SIZE - 1 - i if anti else i] = card
    assert P.score_grid(grid, "american", diagonals=True) == 20
    assert P.score_grid(grid, "american", diagonals=False) == 0


def test_a_moving_card_does_not_touch_the_square_it_leaves() -> None:
    state = P.deal(["2S", "KD", "9H", "5C"], {"placement": "edges", "can_move": True})
    state = P.apply(state, P.Place(0, 0, 0))  # 2S at row 1, column 1
    state = P.apply(state, P.Place(0, 0, 1))  # KD beside it
    # KD one square further right: only the square it leaves would touch it there.
    with pytest.raises(P.IllegalMove, match="must touch"):
        P.check(state, P.Shift(0, "g001", "g002"), 0)
    P.check(state, P.Shift(0, "g000", "g002"), 0)  # 2S there touches KD: allowed


@pytest.mark.parametrize(("pot_share", "over"), [(0, False), (1, True)])
def test_draw_poker_ends_above_99999_points_not_at_them(pot_share: int, over: bool) -> None:
    """The session ends once the player holds more than 99,999 points."""
    winning, losing = cards(["AS", "AH", "AD", "AC", "2S"]), cards(["3S", "5H", "7D", "9C", "JS"])
    pot = 20
    state = replace(D.new_game(1), points=D.TOP_POINTS - pot + pot_share, phase="bet2",
                    dealer="jack", hand_no=1, hands=(tuple(winning), tuple(losing)),
                    put_in=(pot // 2, pot // 2))
    after = D.showdown(state)
    assert after.points == D.TOP_POINTS + pot_share
    assert (after.phase == "end") is over


def test_the_view_decoder_takes_only_true_and_false_for_a_flag() -> None:
    rules = RULES_BY_ID["chinese-poker"]
    data = rules.observation_json(rules.new_game(3, rules.quick_config), 0)
    assert isinstance(data["may_pass"], bool)
    assert from_json(rules.view_type, json.loads(json.dumps(data))) is not None
    for wrong in (1, 0, "true", None, []):
        with pytest.raises(ValueError):
            from_json(rules.view_type, {**data, "may_pass": wrong})


def test_the_giants_l_key_lays_off(tmp_path: Path) -> None:
    from game.rules import milligan as M
    from scenes.milligan import MilliganScene

    app = make_app(tmp_path, animation="off")
    scene = MilliganScene(app, seed=5)
    app.push(scene)
    settle(app)
    asked: list[object] = []
    scene.play = lambda move: asked.append(move) or True  # type: ignore[method-assign]
    key(app, pygame.K_l, "l")
    assert asked == [M.Layoff()]


@pytest.fixture(params=[g.id for g in playable()])
def table(request: pytest.FixtureRequest, tmp_path: Path) -> Table:
    entry = next(g for g in playable() if g.id == request.param)
    return Table(tmp_path, entry)


def test_the_undo_button_is_enabled_only_when_there_is_a_move_to_take_back(
        table: Table) -> None:
    def enabled(name: str) -> bool | None:
        return next((b.enabled for b in table.scene.hud.buttons if b.key == name), None)

    if enabled("undo") is None:
        pytest.skip("this table has no Undo button")
    assert not table.session.can_undo and enabled("undo") is False
    table.play_a_move()
    table.settle()
    assert enabled("undo") is table.session.can_undo  # Draw Poker's dealer choice: no
    if table.session.can_undo:
        table.session.undo(0)
        table.settle()
        assert enabled("undo") is table.session.can_undo
        assert enabled("redo") in (True, None)


def test_the_lines_and_neighbours_built_anew_are_the_ones_on_the_board() -> None:
    # Built once at import; built again here so that a planted bug in a builder shows.
    rows = [tuple(range(r * 5, r * 5 + 5)) for r in range(5)]
    cols = [tuple(range(c, 25, 5)) for c in range(5)]
    assert list(P._lines(False)) == rows + cols
    assert list(P._lines(True)) == rows + cols + [(0, 6, 12, 18, 24), (4, 8, 12, 16, 20)]
    for square in range(25):
        r, c = divmod(square, 5)
        near = {(r + dr) * 5 + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < 5 and 0 <= c + dc < 5}
        edges = {n for n in near if n // 5 == r or n % 5 == c}
        assert set(P._neighbours(True)[square]) == near
        assert set(P._neighbours(False)[square]) == edges
        assert len(P._neighbours(True)[square]) == len(near)  # each once


def rows_grid(*rows: str) -> tuple[Card | None, ...]:
    cells = [c for row in rows for c in row.split()]
    cells += ["--"] * (P.SQUARES - len(cells))
    return tuple(None if c == "--" else as_card(c) for c in cells)


PAT_GRID = rows_grid("AS KS QS JS TS", "9H 8H 7H 6H 5H", "2D 5D 7D 9D JD", "6S 5H 4D 3C 2S",
                     "KC KH KD 3H 3S")
PLAIN_GRID = rows_grid("2S 4H 6D 8C TS", "3H 5D 7C 9S JH")  # no pat row


@pytest.mark.parametrize(("mode", "won"), [("best_of_two", True), ("sum_of_two", False)])
def test_make_pat_hands_with_two_matrices_wins_with_either_or_needs_both(mode: str,
                                                                           won: bool) -> None:
    state = replace(P.new_game(1, {"mode": mode, "scoring": "pat"}),
                    grids=(PAT_GRID, PLAIN_GRID))
    assert P.pat_rows(PAT_GRID) == P.PAT_WIN and P.pat_won(state, 0) is won
    assert P.goal_reached(state, 0) is won and P.figures(state)["win"] is won


def test_the_target_is_reached_at_exactly_its_score() -> None:
    # English, ten hands: 70. Two royal flushes (30 each) and a full house (10), the
    # columns holding no pair.
    grid = rows_grid("AS KS QS JS TS", "TH AH KH QH JH", "2D 2C 2H 7C 7D")
    state = replace(P.new_game(1, {"scoring": "english"}), grids=(grid,))
    assert P.seat_score(state, 0) == 70 and P.goal_reached(state, 0)
    fewer = replace(state, grids=(rows_grid("AS KS QS JS TS", "TH AH KH QH JH"),))
    assert not P.goal_reached(fewer, 0)
    # Each player is held to the target of their own rules.
    race = P.new_game(1, {"mode": "race", "players": [{"scoring": "american"},
                                                      {"scoring": "english"}]})
    short = rows_grid("AS KS QS JS TS", "2D 2C 2H 7C 7D")  # American 125 of 200
    race = replace(race, grids=(short, grid))
    assert P.goal_reached(race, 1) and not P.goal_reached(race, 0)


def test_two_players_level_on_points_is_not_a_win() -> None:
    state = replace(P.new_game(1, {"mode": "race"}), grids=(PLAIN_GRID, PLAIN_GRID))
    assert P.figures(state)["win"] is False


def test_the_mode_names_what_changes_the_goal() -> None:
    def mode(config: dict[str, object]) -> tuple[str, str]:
        found = P.mode(P.new_game(1, config))
        return found.key, found.title
    assert mode({}) == ("one_hand:american:10", "One Hand, American, 10 hands, target 200")
    assert mode({"hands": 12, "scoring": "english"}) == (
        "one_hand:english:12", "One Hand, English, 12 hands, target 84")
    assert mode({"scoring": "pat"}) == ("one_hand:pat:10", "One Hand, Make Pat Hands")
    key, title = mode({"mode": "race"})
    assert key == "race:american:10" and "target" not in title and title.endswith("10 hands")


def test_two_players_outcome_by_points_or_by_pat_hands_made() -> None:
    scored = replace(P.new_game(1, {"mode": "race"}), grids=(PLAIN_GRID, PAT_GRID))
    low, high = P.seat_score(scored, 0), P.seat_score(scored, 1)
    found = P.outcome(scored)
    assert found.results == ("lost", "won") and found.points == (low, high)
    assert found.score == f"{low} to {high}"
    # One player makes pat hands (no score): each wins who reached their own goal.
    mixed = replace(P.new_game(1, {"mode": "race", "players": [{"scoring": "pat"}, {}]}),
                    grids=(PAT_GRID, PLAIN_GRID))
    found = P.outcome(mixed)
    assert found.points == (None, P.seat_score(mixed, 1)) and found.results == ("won", "lost")
    assert found.score.startswith("pat hands made to ")
    assert P.square_name(0, 4) == "row 1, column 5"
    # Nothing (0) against one pair (1 point in the User table) is still a loss.
    user = replace(P.new_game(1, {"mode": "race", "scoring": "user"}),
                   grids=(PLAIN_GRID, rows_grid("2S 2H 6D 8C TS")))
    assert P.outcome(user).points == (0.0, 1.0) and P.outcome(user).results == ("lost", "won")


@pytest.mark.parametrize(("move", "words"), [
    (P.Place(0, 0, 4), "player 1: place the card at row 1, column 5"),
    (P.Place(1, 4, 0, grid=1), "player 2: place the card at row 5, column 1 of the second matrix"),
    (P.Pass(1), "player 2: pass"),
    (P.Done(0), "player 1: done"),
    (P.Shift(0, "g012", "g134"),
     "player 1: move a card: row 2, column 3 to row 4, column 5 of the second matrix"),
    (P.Shift(0, "d0", "r1"), "player 1: reject a card: the dealt cards to a reject square"),
    (P.Shift(1, "g000", "c0"), "player 2: reject a card: row 1, column 1 to a common reject "
                               "square"),
    (P.Shift(0, "d1", "o23"), "player 1: plant a card: the dealt cards to the opponent's "
                              "row 3, column 4"),
    (P.Shift(1, "o40", "g004"), "player 2: steal a card: the opponent's row 5, column 1 to "
                                "row 1, column 5"),
])
def test_every_kind_of_poker_squares_move_is_told_in_words(move: P.Move, words: str) -> None:
    assert P.describe(move) == words


@pytest.mark.parametrize("per_game, hands", [
    ({"poker-squares": {"hands": 12}}, 12),
    ({}, 10), ([], 10), ({"poker-squares": 12}, 10),  # nothing stored, or not a table
    ({"pyramid": {"hands": 12}}, 10),  # another game's setting
    ({"poker-squares": {"hands": 11}}, 10),  # not one of the choices
    ({"poker-squares": {"hands": 12.0}}, 10),  # equal, but not of the choices' type
])
def test_a_stored_setting_is_used_only_if_it_is_one_of_the_choices(per_game: object,
                                                                    hands: int) -> None:
    assert GAME_BY_ID["poker-squares"].setting(per_game, "hands") == hands  # type: ignore[arg-type]


def test_a_setting_is_stored_over_a_damaged_entry() -> None:
    entry = GAME_BY_ID["poker-squares"]
    assert entry.with_setting({"poker-squares": 12, "pyramid": {"x": 1}}, "hands", 12) == {
        "poker-squares": {"hands": 12}, "pyramid": {"x": 1}}
    assert entry.with_setting({"poker-squares": {"mode": "race"}}, "hands", 12) == {
        "poker-squares": {"mode": "race", "hands": 12}}


@pytest.mark.parametrize("module, decks", [(pyramid, 1), (milligan, 2)])
def test_a_solitaire_seats_one_player_and_says_how_many_packs_it_deals(
        module: RulesModule[Any, Any], decks: int) -> None:
    # Built here: each game's own RULES is built at import, before a test can reach it.
    rules: ModuleRules[Any, Any] = ModuleRules(module)
    assert rules.seat_count(rules.new_game(1, {})) == 1 and rules.info.max_seats == 1
    assert rules.info.decks == decks  # the table counts the cards by it


@pytest.mark.parametrize("module", [pyramid, P, chinese_poker, D, milligan],
                         ids=lambda m: m.GAME_ID)
def test_rules_built_afresh_write_replays_the_registry_loads_and_read_their_own_views(
        module: RulesModule[Any, Any]) -> None:
    # Built here, as above: each game's own RULES is built at import.
    rules: ModuleRules[Any, Any] = ModuleRules(module)
    state = rules.new_game(2, {})
    replay = Recorder(rules, 2, {}).to_json()  # names the game and its rules version
    loaded = Recorder.from_json(replay, RULES_BY_ID)
    assert rules.state_digest(loaded.state) == rules.state_digest(state)
    assert rules.observation_from_json(rules.observation_json(state)) == rules.observe(state)


@pytest.mark.parametrize("game, config, words", [
    ("chinese-poker", {"players": 3, "target": 50}, ["to 50 points"]),  # seats go unsaid
    ("chinese-poker", {"target": 75}, ["to 75 points"]),  # not a choice: told as it is
    ("chinese-poker", {}, []),
    ("poker-squares", {"mode": "race_both"}, ["Race Both"]),
    ("poker-squares", {"mode": "same_deck"}, ["Same Deck"]),
    ("pyramid", {"mode": "race"}, []),  # no network table: nothing asked
])
def test_a_network_table_shows_its_hosts_answers_in_words(game: str, config: dict[str, Any],
                                                          words: list[str]) -> None:
    assert GAME_BY_ID[game].table_words(config) == words


@pytest.mark.parametrize("game, config, at_once", [
    ("poker-squares", {"mode": "race"}, True), ("poker-squares", {"mode": "race_both"}, True),
    ("poker-squares", {"mode": "alternate"}, False), ("poker-squares", {}, False),
    ("chinese-poker", {"players": 2}, False), ("pyramid", {}, False),
])
def test_only_a_race_plays_every_seat_at_once(game: str, config: dict[str, Any],
                                              at_once: bool) -> None:
    assert GAME_BY_ID[game].at_once(config) is at_once


@pytest.mark.parametrize("seconds, at_once, words", [
    (0, False, "no turn timer"), (0, True, "no turn timer"),
    (30, False, "turn timer 30 s"), (7.5, True, "7.5 s a card"),
])
def test_the_turn_timer_in_a_tables_heading(seconds: float, at_once: bool, words: str) -> None:
    assert timer_words(seconds, at_once) == words
