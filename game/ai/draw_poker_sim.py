"""Headless draw poker: one dealer against one kind of player over many seeded hands.
The player's points are topped up to the starting 1,000 before any hand that finds
them lower, so every hand is played; the figure of merit is what the house gains a
hand. Pure (no pygame)."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from game.ai.draw_poker import make_agent
from game.progress import counted
from game.rules import draw_poker as D

OPPONENTS = ("always-call", "random")
MAX_MOVES_PER_HAND = 400  # raises are bounded by the player's points; this is a bug guard


def play_hand(state: D.DrawPokerState, dealer: Any, player: Any) -> D.DrawPokerState:
    """Deal the next hand from ``state`` (between hands) and play it out."""
    state = D.apply(state, D.Deal())
    agents = (player, dealer)
    for _ in range(MAX_MOVES_PER_HAND):
        if state.phase in ("done", "end"):
            return state
        seat = D.current_player(state)
        view = D.observe(state, seat)
        state = D.apply(state, agents[seat].act(view, D.compact_moves(state, seat)))
    raise RuntimeError(f"a hand of session {state.seed} did not end")


def simulate(games: int, seed: int, agent: str | None = None, dealer: str = "jack",
             opponent: str = "always-call") -> dict[str, Any]:
    """``games`` hands; ``agent`` (if given) plays the player's seat instead of
    ``opponent``."""
    if dealer not in D.DEALERS:
        raise ValueError(f"--dealer {dealer}: choose {', '.join(D.DEALERS)}")
    name = agent if agent not in (None, "dealer") else opponent
    started = time.perf_counter()
    house_agent, player = make_agent("dealer", seed), make_agent(name, seed + 1)
    house_agent.new_game()
    player.new_game()
    state = replace(D.new_game(seed, {}), dealer=dealer, phase="done")
    topped_up = won = folds = 0
    squares = 0.0  # of each hand's gain, for the spread
    for _ in counted(range(games), "sessions"):
        house = state.house
        if state.points < D.START_POINTS:
            topped_up += D.START_POINTS - state.points
            state = replace(state, points=D.START_POINTS)
        state = play_hand(replace(state, phase="done"), house_agent, player)
        squares += (state.house - house) ** 2
        result = state.result
        won += result is not None and result.winner == D.DEALER
        folds += result is not None and result.reason == "fold"
    hands = max(1, games)
    mean = state.house / hands
    return {"game": D.GAME_ID, "dealer": dealer, "opponent": name, "games": games,
            "seed": seed, "seconds": round(time.perf_counter() - started, 3),
            "figure": "dealer_points_per_hand",
            "dealer_points_per_hand": round(mean, 4),
            "dealer_points_sd": round(max(0.0, squares / hands - mean * mean) ** 0.5, 4),
            "dealer_win_rate": round(won / hands, 4), "fold_rate": round(folds / hands, 4),
            "points_topped_up": topped_up}
