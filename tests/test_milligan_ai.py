"""The Giant's computer players, hints, solver and simulator."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import milligan_player as P
from game.ai import milligan_search as search
from game.ai import milligan_solver as solver
from game.cards import parse_cards
from game.rules import milligan as M
from game.rules import milligan_stuck
from tests.test_milligan_rules import position

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("rule", M.RULE_NAMES)
def test_the_computer_plays_whole_games_with_legal_moves_from_what_it_sees(rule: str) -> None:
    agent = P.make_agent("quick")
    state = M.new_game(4, {"rule": rule, "miss_milligan": True})
    agent.new_game()
    while not M.is_over(state):
        legal = M.legal_moves(state)
        move = agent.act(M.observe(state), legal)
        assert move in legal
        state = M.apply(state, move)
    assert state.status in ("won", "lost", "resigned") and state.laid_off >= 8


def test_the_search_player_beats_random_play() -> None:
    search_result = P.simulate(4, 20, "quick", "any")
    random_result = P.simulate(4, 20, "random", "any")
    assert search_result["mean_score"] > random_result["mean_score"]
    assert set(search_result) >= {"win_rate", "mean_score", "seconds", "games"}


def test_a_hint_is_a_legal_move_that_gains_or_deals() -> None:
    state = M.new_game(2)
    for _ in range(3):
        state = M.apply(state, M.Deal())
    advice = P.hint(M.observe(state))
    assert advice is not None and advice.move in M.legal_moves(state) and advice.text
    line = search.best_line(M.position_of(M.observe(state)), P.HINT_NODES)
    assert line.gain > 0 and advice.move == line.moves[0]


def test_the_solver_proves_a_win_with_a_line_that_wins() -> None:
    piles = {p: " ".join(r + M.pile_suit(p) for r in "A23456789TJQ") for p in range(8)}
    s = position(["KS KH", "KD KC", "KS", "KH"], foundations=piles, rule="suit", mm=True,
                 stock=0)
    s = M.MilliganState(s.columns, tuple(parse_cards("KD KC")), s.foundations, None, "suit",
                        True)
    verdict = solver.solve(s, 2.0)
    assert verdict.winnable is True
    for move in verdict.moves:
        s = M.apply(s, move)
    assert s.status == "won"


def test_when_play_sees_no_gain_a_hint_still_finds_a_card_that_can_go_up() -> None:
    # The quick judgement alone (no line searched for a card to go up) gives this game
    # up although the 2D can go straight up: the hint says so instead of "looks lost".
    state = M.new_game(5, {"rule": "suit", "miss_milligan": True})
    agent = P.SearchPlayer(P.NODES["quick"], line_nodes=0)
    while not isinstance(move := agent.act(M.observe(state), M.legal_moves(state)), M.Resign):
        state = M.apply(state, move)
    advice = P.hint(M.observe(state))
    assert advice.text.startswith("A card can still go up") and "2\u2666" in advice.text
    assert advice.move in M.legal_moves(state)
    assert M.apply(state, advice.move).laid_off == state.laid_off + 1
    # Several moves ahead: the shortest line is given, and it does send a card up.
    live = position(["5S 9H 8C", "TC 2D", "QS 4C"], foundations={0: "AS 2S 3S 4S"},
                    waiting="3H", rule="alternate", mm=True)
    line = milligan_stuck.line_up(live, 1000)
    assert line is not None and len(line) == 4
    after = live
    for move in line:
        after = M.apply(after, move)
    assert after.laid_off == live.laid_off + 1
    assert milligan_stuck.line_up(position(["5S 9H"], foundations={0: "AS 2S 3S 4S"},
                                           waiting="QD", rule="alternate", mm=True),
                                  1000) is None


def play_out(agent: P.SearchPlayer, seed: int, config: dict, limit: int = 400
             ) -> tuple[M.MilliganState, int]:
    """``agent``'s game of deal ``seed`` (at most ``limit`` moves): where it ended (a
    game given up counts as still on: what could happen there?) and the moves made."""
    state = M.new_game(seed, config)
    agent.new_game()
    for count in range(limit):
        move = agent.act(M.observe(state), M.legal_moves(state))
        if isinstance(move, M.Resign):
            return state, count
        state = M.apply(state, move)
        if M.is_over(state):
            return state, count + 1
    return state, limit


class NoFloor(P.SearchPlayer):
    """The player without its floor: after a card went up against its judgement it may
    judge its way back down."""

    def _choose(self, here: M.MilliganState, can_deal: bool) -> list[M.Move]:
        self._floor = 0
        return super()._choose(here, can_deal)


def test_with_the_stock_out_the_player_plays_on_while_a_card_can_go_up_without_looping(
        ) -> None:
    giant = {"rule": "alternate", "miss_milligan": False}
    # Deal 0: the quick judgement alone gives up with 33 cards up, yet a card can go up.
    alone, _ = play_out(P.SearchPlayer(P.NODES["quick"], line_nodes=0), 0, giant)
    assert alone.laid_off == 33 and not alone.stock and alone.status == "playing"
    assert milligan_stuck.verdict(alone, 1000) is False
    # The player searches for the line that sends it up, and the next, ... (45 up).
    state, moves = play_out(P.make_agent("quick"), 0, giant)
    assert moves < 400 and state.laid_off >= alone.laid_off + 10
    assert milligan_stuck.line_up(state, P.LINE_NODES["quick"]) is None  # why it gave up
    # Without the floor it takes a card back down (judged better), finds the same line
    # up again, and so on for ever.
    looping, moves = play_out(NoFloor(P.NODES["quick"], P.LINE_NODES["quick"]), 0, giant)
    assert moves == 400 and looping.status == "playing"


def test_the_solver_says_not_winnable_for_a_stuck_game_and_unknown_in_time() -> None:
    stuck = position(["KC 5D", "QC 9H", "JC 7S"], foundations={0: "AS 2S"}, rule="suit",
                     mm=True)
    assert solver.solve(stuck, 2.0).winnable is False
    # Out of time at once (a clock that has already run past the limit): the answer is
    # "unknown", and no position is searched.
    readings = iter([0.0] + [5.0] * 10**6)
    fresh = solver.solve(M.new_game(3, {"rule": "suit", "miss_milligan": True}), 2.0,
                         clock=lambda: next(readings))
    assert fresh.winnable is None and fresh.nodes <= 1


def test_simulate_from_the_command_line() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "main.py", "simulate", "milligan", "--games", "2",
                           "--seed", "5", "--rule", "suit", "--miss-milligan", "--agent",
                           "quick", "--json"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["games"] == 2 and out["rule"] == "suit" and out["miss_milligan"] is True
    assert 0 <= out["win_rate"] <= 1 and isinstance(out["mean_score"], float) and out["seconds"]


def test_the_solver_finds_wins_the_players_own_game_misses_within_a_node_budget() -> None:
    # Same suit, deal 11: the computer player's own game from the deal is lost, and the
    # solver that tried only that (and then every position) said "unknown" in 5 s. The
    # deal-by-deal search leaves the player's choice where it judged positions alike.
    # The budget is in positions, on a clock that never moves: no speed counts.
    state = M.new_game(11, {"rule": "suit"})
    player = P.make_agent("search")
    alone = state
    while alone.status == "playing":
        move = player.act(M.observe(alone), M.legal_moves(alone))
        alone = M.apply(alone, move)
    assert alone.status != "won"
    verdict = solver.solve(state, 1.0, max_nodes=300_000, clock=lambda: 0.0)
    assert verdict.winnable is True
    for move in verdict.moves:
        state = M.apply(state, move)
    assert state.status == "won"
