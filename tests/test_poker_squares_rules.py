"""Poker Squares rules: the manual's figure and scoring tables, every rule option and
mode, stealing and planting, views and moves as JSON."""

import json
import random
from collections.abc import Callable
from typing import Any, cast

import pytest

from game.cards import Card, full_deck, parse_cards
from game.rules import poker_squares as P
from game.rules.base import NOBODY, SIMULTANEOUS, IllegalMove
from game.rules.exotic_hands import EXOTIC
from game.rules.hands import CATEGORIES
from game.rules.poker_squares_options import (
    TURN_MODES,
    SeatRules,
    parse,
    points_table,
    side_refusal,
)
from game.rules.registry import RULES_BY_ID

RULES = RULES_BY_ID["poker-squares"]

FIGURE_1 = [row.split() for row in (
    "5H 5D 6D -- KC",
    "6H 2D 6S 2H 6C",
    "7H JD 7C QS 2C",
    "8H 10D 7D JD --",
    "-- 3D -- JS --",
)]
# The hands the figure names: rows 1-5, then columns 6-10.
FIGURE_1_HANDS = ("one_pair", "full_house", "one_pair", "high_card", "high_card",
                  "high_card", "flush", "two_pair", "one_pair", "high_card")


def pack(text: str = "") -> list[Card]:
    """``text``'s cards first, then the rest of a deck in a fixed order."""
    front = parse_cards(text)
    return front + [c for c in full_deck() if c not in front]


def play(state: P.PokerSquaresState, *moves: P.Move) -> P.PokerSquaresState:
    for move in moves:
        state = P.apply(state, move)
    return state


def refused(state: P.PokerSquaresState, move: P.Move, words: str) -> None:
    with pytest.raises(IllegalMove, match=words):
        P.apply(state, move)
    assert move not in RULES.legal_moves(state)


# -- scoring ---------------------------------------------------------------------------

def test_figure_1_scores_as_the_manual_says() -> None:
    assert P.line_categories(P._flatten(FIGURE_1)) == FIGURE_1_HANDS
    # American: pair 2 + full house 25 + pair 2, flush 20 + two pair 5 + pair 2.
    assert P.score_grid(FIGURE_1) == 56
    assert P.score_grid(FIGURE_1, "american") == 56
    assert P.score_grid(FIGURE_1, "english") == 1 + 10 + 1 + 5 + 3 + 1
    assert P.score_grid(FIGURE_1, "user") == 1 + 18 + 1 + 13 + 4 + 1


def test_score_grid_takes_cards_strings_and_gaps_alike() -> None:
    as_cards = [[None if c == "--" else Card.parse(c) for c in row] for row in FIGURE_1]
    assert P.score_grid(as_cards) == 56
    assert P.score_grid([[None] * 5] * 5) == 0
    with pytest.raises(ValueError, match="5 rows of 5"):
        P.score_grid(FIGURE_1[:4])


def test_diagonals_and_custom_tables() -> None:
    royal = [["AS", "--", "--", "--", "--"], ["--", "KS", "--", "--", "--"],
             ["--", "--", "QS", "--", "--"], ["--", "--", "--", "JS", "--"],
             ["--", "--", "--", "--", "TS"]]
    assert P.score_grid(royal) == 0
    assert P.score_grid(royal, diagonals=True) == 100
    assert P.score_grid(royal, "english", diagonals=True) == 30
    assert P.score_grid(royal, {"royal_flush": 7}, diagonals=True) == 7
    assert P.score_grid(FIGURE_1, {"one_pair": 10}) == 10 + 18 + 10 + 13 + 4 + 10
    with pytest.raises(ValueError):
        P.score_grid(FIGURE_1, "dutch")
    with pytest.raises(ValueError):
        P.score_grid(FIGURE_1, {"one_pear": 3})


def test_incomplete_hands_score_groups_only() -> None:
    grid = [["AS", "AD", "AC", "--", "--"],      # trips at once
            ["5D", "6D", "7D", "8D", "--"],      # four to a straight flush: nothing yet
            ["KS", "KD", "KC", "2S", "2D"],      # a complete full house
            ["--"] * 5, ["--"] * 5]
    assert P.score_grid(grid) == 10 + 25  # no column holds a pair
    assert P.line_categories(P._flatten(grid))[:3] == ("three_of_a_kind", "high_card",
                                                       "full_house")


def test_two_deck_five_of_a_kind_scores_top_points() -> None:
    fives = [[Card(9, s, d) for s, d in (("S", 0), ("H", 0), ("D", 0), ("C", 0), ("S", 1))]]
    grid = fives + [[None] * 5] * 4
    assert P.score_grid(grid) == 100 and P.score_grid(grid, "english") == 30


# -- options ---------------------------------------------------------------------------

def test_empty_config_is_the_standard_game_with_one_reject() -> None:
    options = parse({})
    assert options.mode == "one_hand" and options.players == 1 and options.deal == 1
    rules = options.seats[0]
    assert (rules.placement, rules.can_move, rules.diagonals, rules.scoring, rules.rejects) == (
        "anywhere", False, False, "american", 1)
    assert P.new_game(3).rejects == ((None,),)


@pytest.mark.parametrize(("config", "fits"), [
    ({"deal": 4}, True),  # 4 dealt + the standard reject
    ({"deal": 5}, False),
    ({"deal": 5, "rejects": 0}, True),
    ({"deal": 3, "rejects": 1, "common_rejects": 1}, True),
    ({"deal": 3, "rejects": 2, "common_rejects": 1}, False),
    # two players: both players' rejects and the common ones share the five squares
    ({"mode": "race", "deal": 3, "rejects": 1}, True),
    ({"mode": "race", "deal": 3, "rejects": 1, "common_rejects": 1}, False),
    ({"mode": "alternate", "deal": 2, "players": [{"rejects": 2}, {"rejects": 1}]}, True),
    ({"mode": "alternate", "deal": 2, "players": [{"rejects": 2}, {"rejects": 2}]}, False),
    # Player 2's rejects do not count where there is no Player 2
    ({"mode": "one_hand", "deal": 4, "players": [{}, {"rejects": 4}]}, True),
])
def test_cards_dealt_and_all_rejects_come_to_five_at_most(config: dict, fits: bool) -> None:
    if fits:
        parse(config)
    else:
        with pytest.raises(ValueError, match="at most 5"):
            parse(config)


def test_a_refusal_names_every_reject_it_counts() -> None:
    assert side_refusal(2, [1, 2], 1) == ("Cards dealt and rejects may come to at most 5: "
                                          "2 dealt + 1 for player 1 + 2 for player 2 + "
                                          "1 common make 6.")
    assert side_refusal(4, [1], 1) == ("Cards dealt and rejects may come to at most 5: "
                                       "4 dealt + 1 reject + 1 common make 6.")
    assert side_refusal(1, [2, 2], 0) is None


def test_each_player_and_the_common_rejects_are_kept_apart() -> None:
    s = P.deal(pack("AS KD 2C 3H 4S 5D 6C"), {"mode": "alternate", "common_rejects": 1})
    assert P.reject_target(P.observe(s, 0)) == "c0"  # a free common reject first
    common_used = P.apply(P.apply(s, P.Shift(0, "d0", "c0")), P.Shift(1, "d0", "r0"))
    assert P.reject_target(P.observe(common_used, 0)) == "r0"  # then the player's own
    s = P.apply(s, P.Shift(0, "d0", "r0"))  # player 1's own reject
    s = P.apply(s, P.Shift(1, "d0", "r0"))  # player 2's own, under the same name
    s = P.apply(s, P.Shift(0, "d0", "c0"))  # the common one
    assert s.rejects == ((Card.parse("AS"),), (Card.parse("KD"),))
    assert s.common == (Card.parse("2C"),)
    with pytest.raises(IllegalMove, match="That square is taken"):
        P.apply(s, P.Shift(1, "d0", "r0"))
    assert P.observe(s, 1).rejects == (Card.parse("KD"),)
    assert P.observe(s, 1).other_rejects == (Card.parse("AS"),)
    # A watcher sees the first player's side, with nothing to do.
    public = P.observe_public(s)
    assert (public.seat, public.card, public.targets, public.movable) == (P.SPECTATOR, None,
                                                                         (), ())
    assert not (public.to_move or public.can_pass or public.can_finish or P.is_over(s))
    assert (public.grids, public.rejects) == (P.observe(s, 0).grids, P.observe(s, 0).rejects)


@pytest.mark.parametrize("config", [
    {"mode": "poker"}, {"colour": "red"}, {"deal": 0}, {"deal": 3, "rejects": 3},
    {"mode": "race", "deal": 3, "rejects": 2},
    {"deal": 2, "rejects": 2, "common_rejects": 2}, {"decks": 3}, {"hands": 11},
    {"scoring": "dutch"}, {"stealing": True}, {"can_move": "yes"}, {"placement": ["edges"]},
    {"players": "edges"}, {"scoring": "user", "user_points": {"pair": 3}},
])
def test_bad_configs_are_refused_with_a_reason(config: dict) -> None:
    with pytest.raises(ValueError, match=r"\w"):
        P.new_game(1, config)


@pytest.mark.parametrize(("config", "words"), [
    ({"rejects": 5}, "rejects 5: a whole number from 0 to 4"),
    ({"mode": "race", "players": [{}, {"rejects": 5}]}, "rejects 5: a whole number from 0 to 4"),
    ({"common_rejects": 5}, "common_rejects 5: a whole number from 0 to 4"),
    ({"deal": 0}, "deal 0: a whole number from 1 to 5"),
    ({"decks": 3}, "decks 3: a whole number from 1 to 2"),
])
def test_a_count_out_of_range_is_refused_naming_the_option_and_its_range(
        config: dict, words: str) -> None:
    """The setup screen and the command line show these words: they name the option
    as written and the numbers it takes."""
    with pytest.raises(ValueError) as refused_config:
        parse(config)
    assert str(refused_config.value) == words


def test_rules_may_differ_per_player() -> None:
    options = parse({"mode": "alternate", "placement": "edges",
                     "players": [{}, {"placement": "anywhere", "scoring": "english",
                                      "hands": 12}]})
    first, second = options.seats
    assert first.placement == "edges" and first.scoring == "american" and not first.diagonals
    assert second.placement == "anywhere" and second.scoring == "english" and second.diagonals
    assert parse({"scoring": "pat", "hands": 12}).seats[0].diagonals is False


def refusal_words(config: dict) -> str:
    """The words parse refuses ``config`` with (the setup screen shows them after
    "Those options cannot be played: ")."""
    with pytest.raises(ValueError) as refused_config:
        parse(config)
    return str(refused_config.value)


@pytest.mark.parametrize(("config", "words"), [
    ({"mode": "poker"}, "mode 'poker': choose one_hand, best_of_two, sum_of_two, race, "
                        "race_both, alternate, same_deck"),
    ({"colour": "red", "size": 2}, "unknown option(s): colour, size"),
    ({"players": "edges"}, "players: a list of up to two mappings of a player's own rules"),
    ({"scoring": "dutch"}, "scoring 'dutch': choose american, english, user, pat"),
    ({"hands": 11}, "hands 11: choose 10, 12"),
    ({"hands": True}, "hands True: choose 10, 12"),
    ({"placement": "middle"}, "placement 'middle': choose anywhere, edges, corners"),
    ({"can_move": "yes"}, "can_move 'yes': true or false"),
    ({"can_move": 1}, "can_move 1: true or false"),
    ({"user_points": [3]}, "user_points: a mapping category -> points"),
    ({"scoring": "user", "user_points": {"pair": 3}},
     "no hand called 'pair': " + ", ".join((*CATEGORIES, *EXOTIC))),
    ({"deal": True}, "deal True: a whole number from 1 to 5"),
    ({"deal": "2"}, "deal '2': a whole number from 1 to 5"),
    ({"rejects": False}, "rejects False: a whole number from 0 to 4"),
    ({"stealing": 1}, "stealing 1: true or false"),
    ({"planting": "no"}, "planting 'no': true or false"),
    ({"stealing": True}, "stealing and planting need a two-player mode"),
    ({"deal": 5}, "Cards dealt and rejects may come to at most 5: "
                  "5 dealt + 1 reject + 0 common make 6."),
    ({"deal": 2, "rejects": 3, "common_rejects": 1},
     "Cards dealt and rejects may come to at most 5: 2 dealt + 3 rejects + 1 common make 6."),
    ({"deal": 5, "rejects": 0, "common_rejects": 1},
     "Cards dealt and rejects may come to at most 5: 5 dealt + 0 rejects + 1 common make 6."),
])
def test_each_unplayable_config_is_refused_in_these_words(config: dict, words: str) -> None:
    """A player reads these words: each names the option as written, the value given
    and what it takes."""
    assert refusal_words(config) == words


@pytest.mark.parametrize(("player", "words"), [
    ({"size": 2, "colour": "red"}, "unknown player option(s): colour, size"),
    ({3: 1, "colour": "red"}, "unknown player option(s): 3, colour"),
    ({"mode": "race"}, "unknown player option(s): mode"),
    ({"scoring": "dutch"}, "scoring 'dutch': choose american, english, user, pat"),
    ({"rejects": 5}, "rejects 5: a whole number from 0 to 4"),
])
def test_one_players_unplayable_rules_are_refused_in_these_words(
        player: dict, words: str) -> None:
    """A rule given for one player alone is refused as plainly as a shared one; an
    unknown one is named, sorted, even where it is not a string."""
    assert refusal_words({"mode": "race", "players": [{}, player]}) == words


@pytest.mark.parametrize(("config", "playable"), [
    ({"deal": 1}, True), ({"deal": 0}, False),
    ({"deal": 5, "rejects": 0}, True), ({"deal": 6, "rejects": 0}, False),
    ({"rejects": 0}, True), ({"rejects": -1}, False),
    ({"rejects": 4}, True), ({"rejects": 5}, False),
    ({"common_rejects": 0}, True), ({"common_rejects": -1}, False),
    ({"common_rejects": 4, "rejects": 0}, True), ({"common_rejects": 5, "rejects": 0}, False),
    ({"decks": 1}, True), ({"decks": 0}, False),
    ({"decks": 2}, True), ({"decks": 3}, False),
    ({"hands": 10}, True), ({"hands": 12}, True),
])
def test_each_count_is_playable_at_its_bound_and_refused_just_past_it(
        config: dict, playable: bool) -> None:
    if playable:
        parse(config)
    else:
        refusal_words(config)


@pytest.mark.parametrize(("key", "value", "read", "default"), [
    ("placement", "corners", lambda r: r.placement, "anywhere"),
    ("can_move", True, lambda r: r.can_move, False),
    ("hands", 12, lambda r: r.diagonals, False),
    ("scoring", "english", lambda r: r.scoring, "american"),
    ("user_points", {"one_pair": 7}, lambda r: r.table["one_pair"], 2),
    ("rejects", 0, lambda r: r.rejects, 1),
])
def test_each_players_rule_is_read_into_that_players_seat(
        key: str, value: object, read: Callable[[SeatRules], object], default: object) -> None:
    """``players`` overrides one seat: the other keeps the default, or the rule given
    for both."""
    extra = {"scoring": "user"} if key == "user_points" else {}
    for seat in (0, 1):
        own: list[dict[str, object]] = [{}, {}]
        own[seat] = {key: value, **extra}
        seats = parse({"mode": "race", "players": own}).seats
        assert read(seats[seat]) != default
        assert read(seats[1 - seat]) == default
    shared = parse({"mode": "race", key: value, **extra}).seats
    assert read(shared[0]) == read(shared[1]) != default


# -- One Hand --------------------------------------------------------------------------

def test_one_hand_fills_25_squares_and_scores_the_grid() -> None:
    s = P.new_game(7)
    assert RULES.current_player(s) == 0
    first = P.observe(s)
    assert first.card == s.dealt[0] and len(first.targets) == 26  # and the one reject
    assert "r0" in first.targets
    for i in range(25):
        s = P.apply(s, P.Place(0, i // 5, i % 5))
    assert RULES.is_over(s) and RULES.current_player(s) == NOBODY
    view = P.observe(s)
    assert view.card is None and view.over and view.scores[0] == P.score_grid(view.grid)
    assert RULES.figures(s)["score"] == P.score_grid(view.grid)
    assert sum(c is not None for row in view.grid for c in row) == 25


def test_a_taken_square_and_another_seat_are_refused() -> None:
    s = play(P.new_game(2), P.Place(0, 2, 2))
    refused(s, P.Place(0, 2, 2), "taken")
    refused(s, P.Place(0, 5, 0), "no such square")
    refused(s, P.Place(0, 0, 0, pick=1), "no such square")
    with pytest.raises(IllegalMove):
        RULES.check(s, P.Place(1, 0, 0))


def test_edges_must_touch() -> None:
    s = play(P.new_game(3, {"placement": "edges", "rejects": 0}), P.Place(0, 0, 4))
    assert set(P.observe(s).targets) == {"g003", "g014"}
    refused(s, P.Place(0, 1, 3), "edge")
    s = play(s, P.Place(0, 1, 4))
    assert set(P.observe(s).targets) == {"g003", "g013", "g024"}


def test_corners_must_touch() -> None:
    s = play(P.new_game(3, {"placement": "corners", "rejects": 0}), P.Place(0, 2, 2))
    assert len(P.observe(s).targets) == 8
    refused(s, P.Place(0, 0, 0), "edge or corner")
    assert P.apply(s, P.Place(0, 1, 1))


def test_rejects_take_a_dealt_card_or_one_from_the_hand() -> None:
    s = P.deal(pack("AS KD 2C 3H"), {"rejects": 1})
    view = P.observe(s)
    assert "r0" in view.targets
    s = play(s, P.Shift(0, "d0", "r0"))  # the ace goes, the king is dealt
    assert s.rejects[0] == (Card.parse("AS"),) and s.dealt == (Card.parse("KD"),)
    refused(s, P.Shift(0, "d0", "r0"), "taken")
    s = P.deal(pack("AS KD 2C 3H"), {"rejects": 1})
    s = play(s, P.Place(0, 0, 0))
    assert P.observe(s).movable == ("g000",)  # the placed card may be thrown away
    s = play(s, P.Shift(0, "g000", "r0"))
    assert s.grids[0][0] is None and s.rejects[0][0] == Card.parse("AS")
    refused(s, P.Shift(0, "r0", "g011"), "stay rejected")


def test_cards_can_move_within_the_hand_and_back_from_rejects() -> None:
    config = {"rejects": 1, "can_move": True, "placement": "edges"}
    s = play(P.deal(pack("AS KD 2C 3H"), config), P.Place(0, 2, 2), P.Place(0, 2, 3))
    refused(s, P.Shift(0, "g022", "g000"), "edge")
    s = play(s, P.Shift(0, "g022", "g013"))  # keeps touching the card at (2, 3)
    assert s.grids[0][8] == Card.parse("AS") and s.grids[0][12] is None
    s = play(s, P.Shift(0, "g013", "r0"), P.Shift(0, "r0", "g024"))
    assert s.grids[0][14] == Card.parse("AS") and s.rejects[0] == (None,)


def test_where_cards_can_move_a_full_matrix_waits_for_done() -> None:
    s = P.new_game(4, {"can_move": True, "rejects": 0})
    for i in range(25):
        s = P.apply(s, P.Place(0, i // 5, i % 5))
    assert not RULES.is_over(s)
    view = P.observe(s)
    assert view.can_finish and view.card is None and "g000" in view.movable
    before = s.grids[0]
    s = play(s, P.Shift(0, "g000", "g044"))  # a full hand still rearranges by swaps
    assert s.grids[0][0] == before[24] and s.grids[0][24] == before[0]
    s = play(s, P.Done(0))
    assert RULES.is_over(s)
    refused(play(P.new_game(4), P.Place(0, 0, 0), P.Place(0, 0, 1)), P.Shift(0, "g000", "g001"),
            "taken")


def test_several_cards_dealt_at_a_time() -> None:
    s = P.deal(pack("AS KD 2C 3H 4S"), {"deal": 3, "rejects": 2})
    assert s.dealt == tuple(parse_cards("AS KD 2C"))
    s = play(s, P.Place(0, 0, 0, pick=2))
    assert s.grids[0][0] == Card.parse("2C")
    assert s.dealt == tuple(parse_cards("AS KD 3H"))  # refilled where it was taken


def test_two_decks_deal_104_distinct_cards() -> None:
    s = P.new_game(5, {"decks": 2})
    cards = list(s.dealt) + list(s.deck)
    assert len(cards) == 104 and len({c.uid for c in cards}) == 104
    assert any(c.uid.endswith("#1") for c in cards)


def test_make_pat_hands_wins_or_loses() -> None:
    rows = ["AS KS QS JS TS", "2H 3H 4H 5H 6H", "7C 7D 7H 7S 2C",
            "9D 9C 9H 8D 8C", "3C 5C 6C JC KC"]
    s = P.deal(pack(" ".join(rows)), {"scoring": "pat"})
    for i in range(25):
        s = P.apply(s, P.Place(0, i // 5, i % 5))
    assert RULES.returns(s) == (1.0,) and RULES.figures(s)["win"] is True
    assert P.observe(s).scores == (5,)
    s = P.deal(pack(" ".join(rows[:4]) + " 3C 5C 6C JC KD"), {"scoring": "pat"})
    for i in range(25):
        s = P.apply(s, P.Place(0, i // 5, i % 5))
    assert P.pat_rows(s.grids[0]) == 4 and RULES.returns(s) == (0.0,)


# -- one player, two matrices ------------------------------------------------------------

@pytest.mark.parametrize(("mode", "combine"), [("best_of_two", max), ("sum_of_two", sum)])
def test_two_matrices_for_one_player(mode: str, combine) -> None:  # noqa: ANN001
    s = P.new_game(9, {"mode": mode})
    assert RULES.seat_count(s) == 1 and len(P.observe(s).grids) == 2
    for i in range(50):
        s = P.apply(s, P.Place(0, i % 25 // 5, i % 5, grid=i // 25))
    assert RULES.is_over(s)
    view = P.observe(s)
    assert view.scores[0] == combine(P.score_grid(g) for g in view.grids)



def test_a_pack_that_runs_out_ends_the_game_with_what_is_built() -> None:
    """Two matrices and four rejects want 54 cards of a 52-card pack: the last card
    placed ends the game, two squares short, and the matrices score as they stand."""
    s = P.new_game(6, {"mode": "sum_of_two", "rejects": 4})
    s = play(s, *(P.Shift(0, "d0", f"r{i}") for i in range(4)))
    for i in range(48):
        assert not RULES.is_over(s)
        s = P.apply(s, P.Place(0, i % 25 // 5, i % 5, grid=i // 25))
    assert not s.deck and s.dealt == (None,)
    assert RULES.is_over(s) and RULES.current_player(s) == NOBODY
    view = P.observe(s)
    assert view.over and view.card is None and not RULES.legal_moves(s, 0)
    assert view.scores[0] == sum(P.score_grid(g) for g in view.grids)

# -- two players -------------------------------------------------------------------------

def test_race_both_players_act_at_once_and_the_first_full_matrix_ends_it() -> None:
    s = P.new_game(11, {"mode": "race"})
    assert RULES.current_player(s) == SIMULTANEOUS and RULES.acting_seats(s) == (0, 1)
    card = s.dealt[0]
    s = play(s, P.Place(1, 0, 0))  # seat 1 grabs the card first
    assert s.grids[1][0] == card and P.observe(s, 0).other_grid[0][0] == card
    for i in range(25):
        s = P.apply(s, P.Place(0, i // 5, i % 5))
    assert RULES.is_over(s)
    assert RULES.figures(s)["win"] == (RULES.returns(s)[0] > RULES.returns(s)[1])


def test_race_both_goes_on_until_both_matrices_are_full() -> None:
    s = P.new_game(11, {"mode": "race_both"})
    for i in range(25):
        s = P.apply(s, P.Place(0, i // 5, i % 5))
    assert RULES.acting_seats(s) == (1,)
    refused(s, P.Place(0, 0, 0), "finished")
    for i in range(25):
        s = P.apply(s, P.Place(1, i // 5, i % 5))
    assert RULES.is_over(s)


def test_alternate_takes_turns_and_passes_only_when_full() -> None:
    s = P.new_game(12, {"mode": "alternate"})
    assert RULES.current_player(s) == 0
    refused(s, P.Place(1, 0, 0), "turn")
    refused(s, P.Pass(0), "full")
    s = play(s, P.Place(0, 0, 0))
    assert RULES.current_player(s) == 1 and P.observe(s, 0).card is None
    s = play(s, P.Place(1, 0, 0))
    assert s.grids[0][0] != s.grids[1][0]  # each card goes to one player only
    refused(s, P.Pass(1), "turn")
    refused(RULES.new_game(1, {}), P.Pass(0), "no passing")


def test_same_deck_deals_each_card_to_both_players() -> None:
    s = P.new_game(13, {"mode": "same_deck"})
    for i in range(25):
        s = play(s, P.Place(0, i // 5, i % 5), P.Place(1, i // 5, i % 5))
    assert RULES.is_over(s)
    assert [c.code for c in s.grids[0]] == [c.code for c in s.grids[1]]
    assert RULES.returns(s)[0] == RULES.returns(s)[1]


def test_a_full_player_passes_while_the_other_plays_on() -> None:
    config = {"mode": "alternate", "players": [{}, {"rejects": 1}]}
    s = P.new_game(14, config)
    s = play(s, P.Place(0, 0, 0), P.Shift(1, "d0", "r0"))
    for i in range(1, 25):
        s = play(s, P.Place(0, i // 5, i % 5), P.Place(1, (i - 1) // 5, (i - 1) % 5))
    assert P.observe(s, 0).finished == (True, False) and RULES.current_player(s) == 0
    assert RULES.legal_moves(s) == [P.Pass(0)]
    s = play(s, P.Pass(0), P.Place(1, 4, 4))
    assert RULES.is_over(s)


def test_stealing_takes_an_unstolen_card_from_the_other_matrix() -> None:
    s = P.new_game(15, {"mode": "alternate", "stealing": True})
    refused(P.new_game(15, {"mode": "alternate"}), P.Shift(0, "o00", "g000"), "no card")
    s = play(s, P.Place(0, 0, 0), P.Place(1, 2, 2))
    taken = s.grids[1][12]
    assert "o22" in P.observe(s, 0).movable
    s = play(s, P.Shift(0, "o22", "g011"))
    assert s.grids[0][6] == taken and s.grids[1][12] is None
    refused(s, P.Shift(1, "o11", "g022"), "cannot be stolen")
    assert P.describe(P.Shift(0, "o22", "g011")).startswith("player 1: steal")


def test_planting_puts_a_dealt_card_in_the_other_matrix() -> None:
    s = P.new_game(16, {"mode": "race", "planting": True})
    card = s.dealt[0]
    assert "o22" in P.observe(s, 0).targets
    s = play(s, P.Shift(0, "d0", "o22"))
    assert s.grids[1][12] == card and s.grids[0] == (None,) * 25
    refused(P.new_game(16, {"mode": "race"}), P.Shift(0, "d0", "o22"), "Planting is off")


def test_common_rejects_serve_either_player() -> None:
    s = P.new_game(17, {"mode": "alternate", "common_rejects": 1, "can_move": True})
    s = play(s, P.Shift(0, "d0", "c0"))
    thrown = s.common[0]
    assert P.observe(s, 1).common_rejects == (thrown,)
    s = play(s, P.Shift(1, "c0", "g000"))  # taken back by the other player
    assert s.grids[1][0] == thrown and s.common == (None,)


# -- views, JSON, undo -------------------------------------------------------------------

def test_the_view_hides_the_pack_only() -> None:
    s = P.new_game(18, {"mode": "race"})
    data = json.dumps(RULES.observation_json(s, 0))
    assert all(c.uid not in data.split('"') for c in s.deck)
    assert RULES.hidden_cards(s, 0) == {c.uid for c in s.deck}
    assert P.observe(s, 1).other_grid == P.observe(s, 0).grid


def test_every_kind_of_move_round_trips_as_json() -> None:
    for move in (P.Place(1, 2, 3, 1, 0), P.Shift(0, "g012", "r1"), P.Pass(1), P.Done(0)):
        assert RULES.move_from_json(json.loads(json.dumps(RULES.move_to_json(move)))) == move
        assert RULES.describe(move)
    for bad in ({"type": "place", "seat": 0}, {"type": "fly"}, [1, 2],
                {"type": "shift", "seat": 0, "source": "g0123456", "target": "r0"},
                {"type": "pass", "seat": True}):
        with pytest.raises(ValueError):
            RULES.move_from_json(bad)


def test_undo_only_when_playing_alone() -> None:
    solo = P.new_game(1)
    assert RULES.can_undo(solo, P.Place(0, 0, 0))
    duo = P.new_game(1, {"mode": "alternate"})
    assert not RULES.can_undo(duo, P.Place(0, 0, 0))


def test_random_games_of_every_mode_end_with_every_card_accounted_for() -> None:
    for mode in ("one_hand", "best_of_two", "race", "race_both", "alternate", "same_deck"):
        config = {"mode": mode, "rejects": 1, "deal": 2}
        if mode not in ("one_hand", "best_of_two"):
            config |= {"stealing": True, "planting": True, "common_rejects": 1}
        s = P.new_game(3, config)
        start = sorted(c.uid for c in (*s.dealt, *s.deck) if c)
        rng = random.Random(3)
        while not RULES.is_over(s):
            s = RULES.apply(s, rng.choice(RULES.legal_moves(s)))
        placed = [c for g in s.grids for c in g if c] + [c for r in s.rejects for c in r if c]
        rest = [c for c in (*s.dealt, *s.deck, *s.common) if c]
        assert sorted(c.uid for c in placed + rest) == start, mode
        assert P.is_over(s) and P.observe_public(s).over, mode


VARIANTS = (
    {"placement": "edges", "rejects": 2, "deal": 2, "can_move": True},
    {"mode": "sum_of_two", "placement": "corners", "decks": 2, "common_rejects": 1},
    {"mode": "race", "stealing": True, "planting": True, "rejects": 1},
    {"mode": "same_deck", "can_move": True, "common_rejects": 1, "stealing": True,
     "players": [{"placement": "edges"}, {"scoring": "pat"}]},
)


@pytest.mark.parametrize("config", VARIANTS)
def test_check_agrees_with_legal_moves_under_every_option(config: dict) -> None:
    """The registry's property run plays only {}; these variants get the same checks."""
    rng = random.Random(5)
    s = RULES.new_game(5, config)
    pool: dict[str, P.Move] = {}
    digests = set()
    for _ in range(80):
        if RULES.is_over(s):
            break
        digests.add(RULES.state_digest(s))
        legal = {seat: RULES.legal_moves(s, seat) for seat in range(RULES.seat_count(s))}
        pool |= {repr(m): m for moves in legal.values() for m in moves}
        for seat, mine in legal.items():
            allowed_here = set(mine)
            tried = rng.sample(list(pool.values()), min(30, len(pool)))
            for move in tried + rng.sample(mine, min(30, len(mine))):
                try:
                    RULES.check(s, move, seat)
                    allowed = True
                except IllegalMove as exc:
                    assert exc.reason
                    allowed = False
                assert allowed == (move in allowed_here), (seat, move)
        for seat in range(RULES.seat_count(s)):
            data = json.loads(json.dumps(RULES.observation_json(s, seat)))
            assert RULES.observation_from_json(data) == RULES.observe(s, seat)
        move = rng.choice(RULES.legal_moves(s))
        assert RULES.move_from_json(json.loads(json.dumps(RULES.move_to_json(move)))) == move
        s = RULES.apply(s, move)
        assert RULES.state_digest(s) not in digests


def test_no_card_is_dealt_once_the_game_is_over() -> None:
    """The manual deals 'until all squares in your hand are occupied': the card that
    ends the game is not followed by another (a 4 of clubs lay face up beside a full
    matrix, '26 in the pack'). A matrix full while the game goes on still gets one."""
    s = P.new_game(7)
    for i in range(25):
        s = P.apply(s, P.Place(0, i // 5, i % 5))
    assert RULES.is_over(s) and s.dealt == (None,) and len(s.deck) == 27
    race = P.new_game(11, {"mode": "race", "deal": 2})
    for i in range(25):
        race = P.apply(race, P.Place(0, i // 5, i % 5))
    assert RULES.is_over(race) and race.dealt.count(None) == 1 and len(race.deck) == 26
    both = P.new_game(11, {"mode": "race_both"})
    for i in range(25):
        both = P.apply(both, P.Place(0, i // 5, i % 5))
    assert not RULES.is_over(both) and both.dealt[0] is not None  # Player 2 plays on
    turns = P.new_game(12, {"mode": "alternate"})
    for i in range(25):
        turns = play(turns, P.Place(0, i // 5, i % 5), P.Place(1, i // 5, i % 5))
    assert RULES.is_over(turns) and turns.dealt == (None,) and len(turns.deck) == 2
    assert P.observe(turns, 0).cards_left == 2


def test_a_pack_with_the_same_card_twice_is_refused_in_these_words() -> None:
    with pytest.raises(ValueError) as refused_pack:
        P.deal(["AS", "KD", "AS"])
    assert str(refused_pack.value) == "the same card twice in one pack"


@pytest.mark.parametrize("decks", [1, 2])
def test_same_deck_copies_each_card_under_the_next_deck_numbers(decks: int) -> None:
    """Both players get every card; the copy is told apart by a deck number past the
    pack's own (0 .. decks - 1), so no two cards share a name."""
    s = P.deal(full_deck(decks), {"mode": "same_deck", "decks": decks})
    cards = [c for c in (*s.dealt, *s.deck) if c is not None]
    assert [c.deck for c in cards[:2]] == [0, decks]
    assert {c.deck for c in cards} == set(range(2 * decks))
    assert len({c.uid for c in cards}) == len(cards) == 104 * decks


@pytest.mark.parametrize("mode", ["one_hand", "race", "race_both", "alternate"])
def test_the_turn_passes_only_in_the_modes_that_take_turns(mode: str) -> None:
    """``turn`` is the seat to move where players take turns; elsewhere it stays 0."""
    s = play(P.new_game(18, {"mode": mode}), P.Place(0, 0, 0))
    assert s.turn == (1 if mode in TURN_MODES else 0)


def test_a_planted_card_cannot_be_stolen_back() -> None:
    s = P.new_game(16, {"mode": "race", "planting": True, "stealing": True})
    card = s.dealt[0]
    assert card is not None
    s = play(s, P.Shift(0, "d0", "o22"))
    assert card.uid in s.locked
    refused(s, P.Shift(0, "o22", "g000"), "A stolen or planted card cannot be stolen.")


def finished_first(config: dict) -> P.PokerSquaresState:
    """Alternate: player 1's matrix is full and finished, player 2's lacks a card (one
    went to a reject), and it is player 1's turn."""
    s = P.new_game(19, {"mode": "alternate", **config})
    for i in range(25):
        s = play(s, P.Place(0, i // 5, i % 5),
                 P.Shift(1, "d0", "r0") if i == 0 else P.Place(1, (i - 1) // 5, (i - 1) % 5))
    return s


def fresh(config: dict | None = None) -> P.PokerSquaresState:
    return P.deal(pack("AS KD 2C 3H 4S 5D 6C 7H"), config)


def filled(config: dict) -> P.PokerSquaresState:
    s = P.new_game(4, config)
    for i in range(25):
        s = P.apply(s, P.Place(0, i // 5, i % 5))
    return s


NOT_A_SQUARE = "There is no such square."
NOT_A_MOVE = "That is not a Poker Squares move."
TWO_STEALING = {"mode": "race", "stealing": True}


@pytest.mark.parametrize(("state", "move", "words"), [
    (lambda: fresh(), cast(Any, "pass"), NOT_A_MOVE),
    (lambda: fresh(), P.Place(cast(Any, "0"), 0, 0), NOT_A_MOVE),
    (lambda: filled({}), P.Place(0, 0, 0), "The game is over."),
    (lambda: filled({"mode": "race_both", "rejects": 0}), P.Place(0, 0, 0),
     "Your hand is finished."),
    (lambda: fresh({"mode": "alternate"}), P.Place(1, 0, 0), "Wait for your turn."),
    (lambda: fresh({"mode": "alternate"}), P.Pass(0),
     "You may pass only once your matrix is full."),
    (lambda: fresh(), P.Done(0), "Fill your matrix first."),
    (lambda: finished_first({}), P.Done(0), "Your hand is already finished."),
    (lambda: finished_first({}), P.Shift(0, "d0", "r0"), "Your hand is finished."),
    (lambda: finished_first({"planting": True}), P.Shift(0, "d0", "r0"),
     "Your hand is finished. Pass, or plant a card."),
    (lambda: finished_first({"planting": True}), P.Shift(0, "d0", "o44"), None),
    (lambda: fresh(), P.Place(0, 0, 5), NOT_A_SQUARE),
    (lambda: fresh(), P.Place(0, 0, 0, 0, 1), NOT_A_SQUARE),
    *[(lambda: fresh(), P.Shift(0, "d0", spot), NOT_A_SQUARE)
      for spot in ("gxy", "g050", "g005", "g100", "o00", "r000", "r1", "x0")],
    (lambda: fresh(), P.Shift(0, cast(Any, 5), "r0"), NOT_A_SQUARE),
    (lambda: fresh(), P.Shift(0, "d1", "r0"), NOT_A_SQUARE),
    *[(lambda: fresh(TWO_STEALING), P.Shift(0, spot, "g000"), NOT_A_SQUARE)
      for spot in ("o05", "o50")],
    (lambda: fresh(), P.Shift(0, "r0", "g000"), "There is no card there."),
    (lambda: play(fresh(), P.Place(0, 0, 0)), P.Place(0, 0, 0), "That square is taken."),
    (lambda: fresh(), P.Shift(0, "d0", "g000"), "Place a dealt card with a Place move."),
    (lambda: play(fresh({"common_rejects": 1}), P.Shift(0, "d0", "r0")),
     P.Shift(0, "r0", "c0"), "That card is already rejected."),
    (lambda: play(fresh(TWO_STEALING), P.Place(1, 0, 0)), P.Shift(0, "o00", "r0"),
     "Steal a card into your own matrix."),
    (lambda: play(fresh({"mode": "race", "planting": True}), P.Place(0, 0, 0)),
     P.Shift(0, "g000", "o11"), "Only a dealt card can be planted."),
    (lambda: fresh({"mode": "race"}), P.Shift(0, "d0", "o22"), "Planting is off."),
    (lambda: play(fresh({"mode": "race"}), P.Place(1, 0, 0)), P.Shift(0, "o00", "g000"),
     "Stealing is off."),
    (lambda: play(fresh({**TWO_STEALING, "planting": True}), P.Shift(0, "d0", "o22")),
     P.Shift(0, "o22", "g000"), "A stolen or planted card cannot be stolen."),
    (lambda: play(fresh(), P.Shift(0, "d0", "r0")), P.Shift(0, "r0", "g000"),
     "Rejected cards stay rejected."),
    (lambda: play(fresh(), P.Place(0, 0, 0)), P.Shift(0, "g000", "g011"),
     "Cards can't move once placed."),
    # A card taken back from a reject leaves no square of the matrix empty behind it.
    (lambda: play(fresh({"placement": "edges", "can_move": True}), P.Place(0, 0, 0),
                  P.Place(0, 1, 0), P.Shift(0, "d0", "r0")), P.Shift(0, "r0", "g001"), None),
])
def test_each_refused_move_is_refused_in_these_words(
        state: Callable[[], P.PokerSquaresState], move: P.Move, words: str | None) -> None:
    """A player reads these words; a refused move is also missing from legal_moves."""
    position = state()
    assert P.refusal(position, move) == words
    if words is not None and isinstance(move, P.Place | P.Shift | P.Pass | P.Done):
        assert move not in P.legal_moves(position, move.seat if isinstance(
            move.seat, int) else 0)


def test_legal_moves_are_the_first_players_by_default() -> None:
    s = fresh()
    assert P.legal_moves(s) == P.legal_moves(s, 0) != []


def test_rejected_cards_may_come_back_where_cards_can_move() -> None:
    s = play(fresh({"can_move": True, "common_rejects": 1}), P.Place(0, 0, 0),
             P.Shift(0, "d0", "r0"), P.Shift(0, "d0", "c0"))
    assert P.observe(s).movable == ("c0", "g000", "r0")


@pytest.mark.parametrize(("scoring", "words"), [
    ("dutch", "scoring 'dutch': choose english, american, user or a table"),
    (5, "scoring: a name or a mapping category -> points"),
    ({"pair": 3}, "no hand called 'pair': " + ", ".join((*CATEGORIES, *EXOTIC))),
    ({"one_pair": True}, "points for one_pair: a whole number up to 10000"),
    ({"one_pair": 10_001}, "points for one_pair: a whole number up to 10000"),
    ({"one_pair": -10_001}, "points for one_pair: a whole number up to 10000"),
    ({"one_pair": 10_000}, None),
    ({"one_pair": -10_000}, None),
])
def test_a_scoring_table_is_refused_in_these_words_or_taken(scoring: object,
                                                            words: str | None) -> None:
    if words is None:
        assert points_table(cast(Any, scoring))["one_pair"] == cast(Any, scoring)["one_pair"]
        return
    with pytest.raises(ValueError) as refused_table:
        points_table(cast(Any, scoring))
    assert str(refused_table.value) == words


def test_an_exotic_hand_names_a_line_only_when_it_pays_more() -> None:
    """A four flush paying what the pair pays leaves the pair's name; a skeet the table
    leaves out (0) never names a high card."""
    table = points_table({"four_flush": 1})
    grid = [row.split() for row in ("AS AD 5S 9S KS", "2S 5D 9H 3C 7S")] + [["--"] * 5] * 3
    assert P.line_names(P._flatten(grid), table)[:2] == ("one_pair", "high_card")
