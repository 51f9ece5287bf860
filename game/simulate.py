"""Headless simulation: many games played by the computer, one JSON summary.
Pure (no pygame), so it runs anywhere and fast. Every seat is played by the chosen
computer player, which sees only its own observation, as at the table."""

from __future__ import annotations

import time
from typing import Any

from game.ai import Agent
from game.progress import counted
from game.rules.registry import GAME_BY_ID, GameEntry, load

MAX_MOVES = 100_000  # a game that runs longer than this is a bug, not a game


def make_agents(entry: GameEntry, name: str, seats: int, seed: int) -> list[Agent[Any, Any]]:
    if name not in entry.agents:
        raise ValueError(f"unknown {entry.id} player {name!r}: choose {', '.join(entry.agents)}")
    factory = load(entry.agent_factory)
    return [factory(name, seed=seed + seat) for seat in range(seats)]


def play_game(entry: GameEntry, agents: list[Agent[Any, Any]], seed: int) -> Any:
    """One whole game from ``seed``; returns the final state."""
    rules = entry.built_rules
    state = rules.new_game(seed, {})
    for agent in agents:
        agent.new_game()
    for _ in range(MAX_MOVES):
        seats = rules.acting_seats(state)
        if not seats:
            return state
        for seat in seats:
            move = agents[seat].act(rules.observe(state, seat), rules.legal_moves(state, seat))
            if move is None:
                raise RuntimeError(f"{entry.id}: the computer found no move for seat {seat}")
            state = rules.apply(state, move)
    raise RuntimeError(f"{entry.id}: game from seed {seed} did not end in {MAX_MOVES} moves")


def game_flags(entry: GameEntry, flags: dict[str, Any]) -> dict[str, Any]:
    """The given ``simulate`` flags as keywords for ``entry``'s simulator, checked: a
    flag of another game, or a value outside the flag's choices, is a ValueError."""
    own = {f.keyword: f for f in entry.sim_flags}
    chosen: dict[str, Any] = {}
    for key, value in flags.items():
        if value is None or value is False:
            continue
        if key not in own:
            raise ValueError(f"--{key.replace('_', '-')} is not an option of {entry.id}")
        flag = own[key]
        if flag.choices and value not in flag.choices:
            shown = ", ".join(str(c) for c in flag.choices)
            raise ValueError(f"{flag.flag} {value}: choose {shown}")
        chosen[key] = value
    return {**{f.keyword: f.default for f in entry.sim_flags}, **chosen}


def simulate(name: str, games: int, seed: int, agent: str | None = None,
             **flags: Any) -> dict[str, Any]:
    entry = GAME_BY_ID.get(name)
    if entry is None or entry.rules is None:
        built = ", ".join(g.id for g in GAME_BY_ID.values() if g.rules is not None)
        raise ValueError(f"{name} is not built yet (built: {built})")
    if games < 0:
        raise ValueError("--games wants a count of 0 or more")
    keywords = game_flags(entry, flags)
    if agent is not None and agent not in entry.agents:
        raise ValueError(f"unknown {entry.id} player {agent!r}: choose {', '.join(entry.agents)}")
    if entry.simulator:
        return load(entry.simulator)(games=games, seed=seed, agent=agent, **keywords)
    if not entry.agents:
        raise ValueError(f"{entry.id} has no computer player yet")
    agent = agent or entry.agents[0]
    started = time.perf_counter()
    totals: dict[str, float] = {}
    agents = make_agents(entry, agent, entry.built_rules.info.max_seats, seed)
    for n in counted(range(games), "games"):
        final = play_game(entry, agents, seed + n)
        for key, value in entry.built_rules.figures(final).items():
            totals[key] = totals.get(key, 0.0) + float(value)
    figures = {}
    for key, value in entry.built_rules.figures(entry.built_rules.new_game(seed, {})).items():
        label = f"{key}_rate" if isinstance(value, bool) else f"mean_{key}"
        figures[label] = totals.get(key, 0.0) / games if games else 0.0
    return {"game": entry.id, "agent": agent, "games": games, "seed": seed,
            "seconds": round(time.perf_counter() - started, 3), "figure": entry.figure,
            **figures}
