"""Headless draw poker: one dealer against one kind of player over many seeded hands.
The player's points are topped up to the starting 1,000 before any hand that finds
them lower, so every hand is played; the figure of merit is what the house gains a
hand, beside the dealer's manner in numbers: its bets by size and its draws to flushes
and straights. Pure (no pygame)."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from game.ai.draw_poker import make_agent
from game.cards import Card
from game.progress import counted
from game.rules import draw_poker as D

OPPONENTS = ("always-call", "random", "exploiter")
# A dealer's bet or raise by size: one point, less than the pot, the pot or more (the pot
# counting what it calls).
BET_SIZES = ("1", "under the pot", "the pot or more")
DRAWS = ("flush", "straight")
MAX_MOVES_PER_HAND = 400  # raises are bounded by the player's points; this is a bug guard


@dataclass
class Manner:
    """The dealer's bets and raises by size, and what its draws kept."""

    bets: Counter[str] = field(default_factory=Counter)
    draws: Counter[str] = field(default_factory=Counter)

    def note(self, view: D.DrawPokerView, move: D.Move) -> None:
        if isinstance(move, D.Bet | D.Raise):
            size = ("1" if move.amount == 1 else
                    "under the pot" if move.amount < view.pot + view.to_call else "the pot or more")
            self.bets[size] += 1
        elif isinstance(move, D.Draw):
            hand = view.face_up(view.seat)
            self.draws[_draw_kind([c for i, c in enumerate(hand) if i not in move.discard])] += 1

    def shares(self) -> dict[str, dict[str, float]]:
        bets, draws = max(1, self.bets.total()), max(1, self.draws.total())
        return {"bet_sizes": {k: round(self.bets[k] / bets, 4) for k in BET_SIZES},
                "draws": {k: round(self.draws[k] / draws, 4) for k in DRAWS}}


def _draw_kind(kept: list[Card]) -> str:
    """A draw to a flush keeps three or four of a suit, to a straight four ranks in
    reach of one (the draws the dealers' odds offer); anything else is other."""
    ranks = {c.rank for c in kept}
    if len(kept) in (3, 4) and len(ranks) == len(kept) and len({c.suit for c in kept}) == 1:
        return "flush"
    if len(kept) == 4 and len(ranks) == 4:
        return "straight"
    return "other"


def play_hand(state: D.DrawPokerState, dealer: Any, player: Any,
              manner: Manner | None = None) -> D.DrawPokerState:
    """Deal the next hand from ``state`` (between hands) and play it out, noting the
    dealer's moves in ``manner``."""
    state = D.apply(state, D.Deal())
    agents = (player, dealer)
    for _ in range(MAX_MOVES_PER_HAND):
        if state.phase in ("done", "end"):
            return state
        seat = D.current_player(state)
        view = D.observe(state, seat)
        move = agents[seat].act(view, D.compact_moves(state, seat))
        if manner is not None and seat == D.DEALER:
            manner.note(view, move)
        state = D.apply(state, move)
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
    manner = Manner()
    for _ in counted(range(games), "sessions"):
        house = state.house
        if state.points < D.START_POINTS:
            topped_up += D.START_POINTS - state.points
            state = replace(state, points=D.START_POINTS)
        state = play_hand(replace(state, phase="done"), house_agent, player, manner)
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
            "points_topped_up": topped_up, **manner.shares()}
