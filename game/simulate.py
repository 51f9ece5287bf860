"""Headless simulation: many games played by the computer, one JSON summary.
Pure (no pygame), so it runs anywhere and fast."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from game.rules import pyramid as P

GAMES = ("pyramid",)


def _pyramid_agent(name: str) -> Callable[[P.PyramidState], P.Move | None]:
    from game.ai import pyramid_player

    if name in ("greedy", "quick"):
        return pyramid_player.greedy_move
    if name == "solver":
        return pyramid_player.SolverPlayer().move
    if name == "random":
        rng = random.Random(0)
        return lambda s: rng.choice(P.legal_moves(s)) if P.legal_moves(s) else None
    raise ValueError(f"unknown pyramid agent {name!r}: choose solver, greedy or random")


def simulate_pyramid(games: int, seed: int, agent: str = "solver") -> dict[str, Any]:
    choose = _pyramid_agent(agent)
    started = time.perf_counter()
    wins = clears = 0
    total_par = 0
    for n in range(games):
        state = P.new_game(seed + n)
        while (move := choose(state)) is not None:
            state = P.apply(state, move)
        wins += P.is_won(state)
        clears += state.cleared_in_deal is not None
        total_par += P.par_score(state)
    return {"game": "pyramid", "agent": agent, "games": games, "seed": seed,
            "seconds": round(time.perf_counter() - started, 3),
            "win_rate": wins / games if games else 0.0,
            "pyramid_clear_rate": clears / games if games else 0.0,
            "mean_par": total_par / games if games else 0.0,
            "mean_score": total_par / games if games else 0.0}


def simulate(name: str, games: int, seed: int, agent: str | None = None) -> dict[str, Any]:
    if name == "pyramid":
        return simulate_pyramid(games, seed, agent or "solver")
    raise ValueError(f"simulate: {name} is not built yet (built: {', '.join(GAMES)})")
