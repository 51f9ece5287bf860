"""Whole Chinese Poker matches between computer players, for ``main.py simulate
chinese-poker`` and the bench: the players change seats from one match to the next, so
no one keeps the seat that cuts first."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.ai.chinese_poker_player import AGENTS, make_agent
from game.progress import counted
from game.rules import chinese_poker as C

MAX_MOVES = 20_000
Result = tuple[list[float], list[int]]  # each player's share of the win, final score


def play_match(names: Sequence[str], seed: int, players: int, target: int = 100,
               rotate: int = 0, playouts: int | None = None) -> tuple[list[float], list[int]]:
    """One match; player i sits at seat (i + rotate) % players. Returns each player's
    share of the win (ties share it) and final score, in the order of ``names``."""
    seat_of = [(i + rotate) % players for i in range(players)]
    agents = {}
    for i, name in enumerate(names):
        agent = make_agent(name, seed=seed * 8 + i)
        if playouts is not None and hasattr(agent, "playouts"):
            agent.playouts = playouts
        agent.new_game()
        agents[seat_of[i]] = agent
    state = C.new_game(seed, {"players": players, "target": target})
    for _ in range(MAX_MOVES):
        seat = C.current_player(state)
        if seat == C.NOBODY:
            break
        move = agents[seat].act(C.observe(state, seat), C.legal_moves(state, seat))
        assert move is not None  # a seat to move has a legal move
        state = C.apply(state, move)
    else:
        raise RuntimeError(f"chinese poker match from seed {seed} did not end")
    won = C.winners(state)
    return ([1 / len(won) if seat_of[i] in won else 0.0 for i in range(players)],
            [state.scores[seat_of[i]] for i in range(players)])


def simulate(games: int, seed: int, agent: str | None = None, players: int = 4,
             agents: str | None = "hard,medium,medium,medium",
             playouts: int | None = None, known: Mapping[int, Result] | None = None,
             on_match: Callable[[int, Result], None] | None = None) -> dict[str, Any]:
    """``games`` matches; ``agents`` names a player per seat (default: hard against
    medium, or ``agent`` in every seat). Figures are lists in the order of ``agents``.
    ``known``: matches already played (by number: a long run carried on), not played
    again; ``on_match`` hears of each match played."""
    if agents is None:
        names = [agent] * players if agent else ["hard"] + ["medium"] * (players - 1)
    else:
        names = [a.strip() for a in agents.split(",")]
    if len(names) != players:
        raise ValueError(f"--agents names {len(names)} players for {players} seats")
    unknown = [n for n in names if n not in AGENTS]
    if unknown:
        raise ValueError(f"unknown player {unknown[0]!r}: choose {', '.join(AGENTS)}")
    started = time.perf_counter()
    wins = [0.0] * players
    scores = [0.0] * players
    for g in counted(range(games), "matches"):
        if known is not None and g in known:
            share, final = known[g]
        else:
            share, final = play_match(names, seed + g, players, rotate=g, playouts=playouts)
            if on_match is not None:
                on_match(g, (share, final))
        wins = [a + b for a, b in zip(wins, share, strict=True)]
        scores = [a + b for a, b in zip(scores, final, strict=True)]
    per = max(games, 1)
    return {"game": C.GAME_ID, "games": games, "seed": seed, "players": players,
            "agents": names, "seconds": round(time.perf_counter() - started, 3),
            "figure": "win_rate", "win_rate": [round(w / per, 4) for w in wins],
            "mean_penalty": [round(s / per, 2) for s in scores]}


def swapped_deal(names: Sequence[str], a: str, b: str, seed: int, players: int,
                 rotate: int = 0, rounds: bool = False) -> float:
    """The same deals played twice, ``a`` and ``b`` swapped the second time (everyone else
    keeps their seat): ``a``'s share of the wins less ``b``'s, for each seat ``a`` sat in,
    so the luck of the cards and the seats cancels. With ``rounds``, one round only (a
    match to one point), and each player's penalty margin (the others' mean penalty less
    its own) in place of the wins: a finer figure, for the same gain in fewer cards."""
    swap = {a: b, b: a}
    gain = 0.0
    tables = 0
    for table in (list(names), [swap.get(n, n) for n in names]):
        share, scores = play_match(table, seed, players, target=1 if rounds else 100,
                                   rotate=rotate)
        figures = [_margin(scores, i) for i in range(players)] if rounds else share
        gain += sum(f for n, f in zip(table, figures, strict=True) if n == a)
        gain -= sum(f for n, f in zip(table, figures, strict=True) if n == b)
        tables += a in table
    return gain / tables


def _margin(scores: Sequence[int], i: int) -> float:
    return (sum(scores) - scores[i]) / (len(scores) - 1) - scores[i]


def paired(games: int, seed: int, agents: str, a: str, b: str, players: int = 4,
           rounds: bool = False) -> list[float]:
    """``swapped_deal`` over ``games`` deals (each played twice), seats rotated."""
    names = [n.strip() for n in agents.split(",")]
    return [swapped_deal(names, a, b, seed + g, players, rotate=g, rounds=rounds)
            for g in counted(range(games), "paired deals")]
