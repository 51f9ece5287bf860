"""Each game's rules say how it ended, seat by seat (game.rules.outcome), as each
game's manual defines winning; and the statistics count what they are told."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game import stats_file
from game.ai import poker_squares as ps_ai
from game.ai import pyramid_player, pyramid_solver
from game.cards import full_deck, parse_cards
from game.rules import chinese_poker as C
from game.rules import draw_poker as D
from game.rules import milligan as M
from game.rules import poker_squares as P
from game.rules import pyramid as PY
from game.rules.outcome import DRAWN, LOST, WON, Mode, Outcome, by_rank
from game.rules.poker_squares_options import CATEGORIES, parse, target
from game.stats import Stats, summary


def test_the_best_alone_wins_a_shared_best_draws() -> None:
    assert by_rank([3.0, 1.0]) == (WON, LOST)
    assert by_rank([-10.0, -4.0, -4.0, -30.0]) == (LOST, DRAWN, DRAWN, LOST)


@pytest.mark.parametrize("bad, why", [
    (None, "an outcome is an object"), ([], "an outcome is an object"),
    ({"results": ["won"], "points": [], "score": ""}, "one result and one score per seat"),
    ({"results": ["best"], "points": [1], "score": ""}, "a result is one of won, lost, drawn"),
    ({"results": ["won"], "points": [True], "score": ""}, "a seat's points are a number"),
    ({"results": ["won"], "points": [1], "score": "x" * 500},
     "an outcome has results, points and a score")])
def test_an_outcome_from_a_file_or_the_network_is_checked(bad: object, why: str) -> None:
    """Word for word: the reason is what a damaged replay is set aside with."""
    with pytest.raises(ValueError) as refused:
        Outcome.from_json(bad)
    assert str(refused.value) == why


def test_an_outcome_has_one_to_sixteen_seats() -> None:
    assert len(Outcome((DRAWN,) * 16, (0.0,) * 16, "").results) == 16
    for seats in (0, 17):
        with pytest.raises(ValueError) as refused:
            Outcome((DRAWN,) * seats, (0.0,) * seats, "")
        assert str(refused.value) == "one result and one score per seat"
    with pytest.raises(ValueError) as refused:
        Outcome(("best",), (0.0,), "")
    assert str(refused.value) == "a result is one of won, lost, drawn"


def test_an_outcome_round_trips_with_or_without_points() -> None:
    for outcome in (Outcome((WON, LOST), (12.5, -3.0), "12 to -3"), Outcome((LOST,), (None,), "")):
        assert Outcome.from_json(outcome.to_json()) == outcome

def test_pyramid_is_won_by_clearing_every_card() -> None:
    state = PY.new_game(7)
    assert PY.RULES.outcome(state) is None  # still being played
    assert PY.RULES.mode(state).title == "Par scoring, 2 redeals"
    while (move := pyramid_player.greedy_move(PY.observe(state), PY.legal_moves(state))):
        state = PY.apply(state, move)
    assert PY.RULES.outcome(state) == Outcome((LOST,), (float(PY.par_score(state)),),
                                              f"Par {PY.par_score(state):+d}")
    state = PY.new_game(2)
    for step in pyramid_solver.solve_state(state, "all").moves:
        state = PY.apply(state, pyramid_player.to_move(step))
    assert PY.RULES.outcome(state).results == (WON,)


@pytest.mark.parametrize("config, goal", [({}, 200), ({"scoring": "english"}, 70),
                                          ({"scoring": "user"}, 136), ({"hands": 12}, 240),
                                          ({"mode": "sum_of_two"}, 400),
                                          ({"scoring": "pat"}, None),
                                          # a table of losses still sets no target below 0
                                          ({"scoring": "user",
                                            "user_points": dict.fromkeys(CATEGORIES, -5)}, 0)])
def test_poker_squares_targets_follow_the_book(config: dict, goal: int | None) -> None:
    assert target(parse(config)) == goal


def quick_game(seed: int, config: dict) -> P.PokerSquaresState:
    agent = ps_ai.make_agent("quick", scoring="american")
    agent.new_game()
    state = P.new_game(seed, config)
    while not P.RULES.is_over(state):
        view = P.observe(state)
        state = P.apply(state, P.Place(0, *agent.place(view.grid, view.card)))
    return state


def test_poker_squares_alone_is_won_at_the_target() -> None:
    won, lost = P.RULES.outcome(quick_game(158, {})), P.RULES.outcome(quick_game(1, {}))
    assert won == Outcome((WON,), (279.0,), "279 (target 200)")
    assert lost.results == (LOST,) and lost.points[0] < 200


def pat_deal(last_row: str) -> P.PokerSquaresState:
    rows = parse_cards("AS KS QS JS TS 2H 3H 4H 5H 6H 7C 7D 7H 7S 2C 9D 9C 9H 8D 8C "
                       + last_row)
    state = P.deal(rows + [c for c in full_deck() if c not in rows], {"scoring": "pat"})
    for i in range(25):
        state = P.apply(state, P.Place(0, i // 5, i % 5))
    return state


def test_make_pat_hands_is_a_win_or_a_loss_with_no_score() -> None:
    made, missed = pat_deal("3C 5C 6C JC KC"), pat_deal("3C 5C 6C JC KD")
    assert P.RULES.outcome(made) == Outcome((WON,), (None,), "pat hands made")
    assert P.RULES.outcome(missed) == Outcome((LOST,), (None,), "pat hands missed")
    assert P.RULES.mode(made).title == "One Hand, Make Pat Hands"


def test_chinese_poker_the_lowest_score_wins_and_a_shared_one_draws() -> None:
    state = replace(C.new_game(1, {"players": 4, "target": 25}), phase="over",
                    scores=(12, 30, 12, 25))
    ending = C.RULES.outcome(state)
    assert ending.results == (DRAWN, LOST, DRAWN, LOST)
    assert ending.score == "12, 30, 12, 25 penalty points"
    assert C.RULES.mode(state) == Mode("4-to-25", "4 players, to 25 points")


@pytest.mark.parametrize("points, result", [(1003, WON), (999, LOST), (1000, DRAWN),
                                            (0, LOST)])
def test_draw_poker_a_session_is_won_by_ending_above_the_start(points: int,
                                                                result: str) -> None:
    state = replace(D.new_game(1), points=points, house=1000 - points, phase="end",
                    dealer="queen")
    ending = D.RULES.outcome(state)
    assert ending.results[0] == result and ending.points == (points, 1000 - points)
    assert ending.score == f"{points:,} points ({points - 1000:+,})"
    assert D.RULES.mode(state).title == "Dealer F. Queen"


def test_the_giant_is_won_with_every_card_up() -> None:
    state = M.new_game(1, {"rule": "suit", "miss_milligan": True})
    assert M.RULES.outcome(replace(state, status="won")).results == (WON,)
    for status in ("lost", "resigned"):
        assert M.RULES.outcome(replace(state, status=status)).results == (LOST,)
    assert M.RULES.mode(state) == Mode("suit+mm", "Same suit, Miss Milligan")


def test_statistics_count_streaks_draws_and_the_computers_help_apart() -> None:
    mode = Mode("one", "One")
    data = Stats()
    for result in (WON, WON, DRAWN, LOST, "abandoned"):
        data = data.add(mode, result, 1.0, 10)
    data = data.add_helped(mode)
    tally = data.overall
    assert (tally.played, tally.won, tally.drawn, tally.lost, tally.helped) == (5, 2, 1, 2, 1)
    assert (tally.streak, tally.longest_win_streak, tally.longest_loss_streak) == (-2, 2, 2)
    assert data.mode("one") == tally and data.title("one") == "One"
    assert summary(data, mode).endswith("One: 5 played, 40% won, 1 more the computer helped "
                                        "with, streak lost 2.")
    assert summary(Stats().add(mode, DRAWN, 0.0, 1), mode).endswith("0% won."), \
        "a draw leaves no streak to tell (it read 'streak -.')"


def test_the_giants_old_statistics_file_still_loads(tmp_path) -> None:  # noqa: ANN001
    import json

    old = {"kind": "milligan-stats", "version": 1, "stats": {
        "overall": {"played": 2, "won": 1, "points": 3.5, "moves": 300, "streak": 1,
                    "longest_win_streak": 1, "longest_loss_streak": 1},
        "by_rules": {"alternate": {"played": 2, "won": 1, "points": 3.5, "moves": 300}}}}
    (tmp_path / "milligan-stats.json").write_text(json.dumps(old))
    loaded = stats_file.load(tmp_path, "milligan")
    assert (loaded.overall.played, loaded.overall.won, loaded.mode("alternate").won) == (2, 1, 1)
    stats_file.save(tmp_path, "milligan", loaded.add(Mode("any", "Any suit"), WON, 5.0, 200))
    again = stats_file.load(tmp_path, "milligan")
    assert again.overall.played == 3 and again.mode("any").won == 1
    assert stats_file.load(tmp_path, "pyramid") == Stats()
