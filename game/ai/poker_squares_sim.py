"""Headless Poker Squares runs for ``main.py simulate poker-squares`` and the bench:
One Hand rules (25 cards of one shuffled deck, anywhere, no moves, no rejects), one
computer player, deal ``n`` shuffled from seed + n, each grid scored by score_grid."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from game.ai.poker_squares import AGENTS, Scoring, StrongAgent, make_agent
from game.cards import shuffled_deck
from game.progress import counted
from game.rules import poker_squares as rules
from game.rules.poker_squares import score_grid

SHARE_LINE = {"american": 200, "english": 70}  # a "great game" in the figures


def deal(seed: int) -> list[Any]:
    """The 25 cards of deal ``seed``, in order."""
    return shuffled_deck(random.Random(seed))[:25]


def play(agent: Any, cards: list[Any]) -> list[list[Any]]:
    """The grid ``agent`` fills from ``cards`` (it sees the grid so far and the card)."""
    grid: list[list[Any]] = [[None] * 5 for _ in range(5)]
    agent.new_game()
    for card in cards:
        r, c = agent.place([row[:] for row in grid], card)
        if grid[r][c] is not None:
            raise RuntimeError(f"the player put {card} on a full square ({r}, {c})")
        grid[r][c] = card
    return grid


def play_table(config: dict[str, Any], agents: list[Any], seed: int) -> list[int]:
    """Each seat's score in deal ``seed`` under ``config`` (any mode and options), the
    seats played by ``agents`` through the table's interface: ``act(view, legal)``."""
    state = rules.new_game(seed, config)
    for agent in agents:
        agent.new_game()
    while not rules.is_over(state):
        seat = next(s for s in rules.acting_seats(state) if rules.legal_moves(state, s))
        legal = rules.legal_moves(state, seat)
        state = rules.apply(state, agents[seat].act(rules.observe(state, seat), legal))
    return [rules.seat_score(state, s) for s in range(rules.seat_count(state))]


def simulate(games: int, seed: int, agent: str | None = None, scoring: Scoring = "american",
             budget: float | None = None, keep_scores: bool = False) -> dict[str, Any]:
    """Mean, standard deviation and share of great games over ``games`` deals;
    ``budget``: seconds of CPU time a game for the strong player (None: its default,
    STRONG_BUDGET), so that a busy machine does not shortchange it; ``keep_scores`` adds
    every game's score (to compare players deal by deal)."""
    name = agent or AGENTS[0]
    player = make_agent(name, scoring=scoring, seed=seed, game_budget=budget)
    if isinstance(player, StrongAgent):  # the one that keeps time
        player.clock = time.process_time
    started = time.perf_counter()
    cpu = time.process_time()
    scores = [score_grid(play(player, deal(seed + n)), scoring=scoring)
              for n in counted(range(games), "games")]
    seconds = time.perf_counter() - started
    cpu = time.process_time() - cpu
    line = SHARE_LINE.get(scoring) if isinstance(scoring, str) else None
    figures = {
        "game": "poker-squares", "agent": name, "scoring": scoring, "games": games,
        "seed": seed, "budget": budget,
        "seconds": round(seconds, 3),
        "seconds_per_game": round(seconds / games, 6) if games else 0.0,
        "cpu_seconds_per_game": round(cpu / games, 6) if games else 0.0,
        "mean_score": statistics.fmean(scores) if scores else 0.0,
        "std_score": statistics.stdev(scores) if len(scores) > 1 else 0.0,
        "share_200": (sum(s >= line for s in scores) / games
                      if games and line is not None else None),
    }
    if isinstance(player, StrongAgent) and player.searches:
        figures["deals_per_search"] = round(player.deals / player.searches, 1)
    return {**figures, "scores": scores} if keep_scores else figures
