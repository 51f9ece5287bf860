"""Pyramid computer players: quick play without search, and solver-backed play.

The quick player takes the best-looking immediate move; it answers hints when the
solver cannot within the time allowed. The solver player follows a line with the
best reachable Par score (see game.ai.pyramid_solver), replanning whenever the
position is not the one its plan expected.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.ai import pyramid_solver as solver
from game.cards import Card
from game.rules import pyramid as P

HINT_BUDGET = 0.012  # seconds: a hint must not cost more than a frame or so


def to_move(step: solver.SolverMove) -> P.Move:
    if step == "draw":
        return P.Draw()
    if step == "recycle":
        return P.Recycle()
    return P.Remove(tuple(step))


# -- quick play -----------------------------------------------------------------------------

def _removal_value(state: P.PyramidState, move: P.Remove) -> tuple[int, int, int]:
    """Rank removals: pyramid cards first (they free others), lower rows before
    higher ones (bottom rows block the most), then the pack over the waste."""
    where = P.available(state)
    pyramid_rows = [P.row_col(int(where[c][1:]))[0] for c in move.cards if where[c][0] == "p"]
    from_waste = sum(1 for c in move.cards if where[c] == "waste")
    return len(pyramid_rows), sum(pyramid_rows), from_waste


def best_removal(state: P.PyramidState) -> P.Remove | None:
    removals = [m for m in P.legal_moves(state) if isinstance(m, P.Remove)]
    if not removals:
        return None
    return max(removals, key=lambda m: _removal_value(state, m))


def greedy_move(state: P.PyramidState) -> P.Move | None:
    """Remove what can be removed, else turn the pack, else redeal; None when stuck."""
    move = best_removal(state)
    if move is not None:
        return move
    others = P.legal_moves(state)
    return others[0] if others else None


# -- solver play ----------------------------------------------------------------------------

@dataclass
class SolverPlayer:
    """Plays the line with the best reachable Par score."""

    time_limit: float | None = None  # per plan; None: exact
    _plan: list[P.Move] = field(default_factory=list)
    _expect: str | None = None  # digest of the position the plan's next move is for

    def move(self, state: P.PyramidState) -> P.Move | None:
        if P.is_over(state):
            return None
        if P.state_digest(state) != self._expect or not self._plan:
            result = solver.best_par_state(state, time_limit=self.time_limit)
            self._plan = [to_move(step) for step in result.moves]
        if not self._plan:
            # The best line needs nothing more (score is final): finish the pack quickly.
            self._plan = [greedy_move(state)]
        move = self._plan.pop(0)
        self._expect = P.state_digest(P.apply(state, move)) if self._plan else None
        return move


@dataclass(frozen=True)
class Hint:
    cards: list[Card]  # the pair (or king) to remove; empty: turn the pack
    source: str  # "solver" (a winning or best line) or "quick" (best immediate pair)
    text: str


def hint(state: P.PyramidState, budget: float = HINT_BUDGET) -> Hint | None:
    """The next move of a winning line when the solver finds one within ``budget``;
    otherwise the best immediate pair. None when nothing at all can be done."""
    if P.is_over(state):
        return None
    found = solver.solve_state(state, "all", time_limit=budget)
    if found.complete and found.won and found.moves:
        move = to_move(found.moves[0])
        if isinstance(move, P.Remove):
            cards = [Card.parse(c) for c in move.cards]
            return Hint(cards, "solver", "Try " + " + ".join(c.code for c in cards)
                        + ": it keeps the game winnable.")
        return Hint([], "solver", "Turn a card from the pack: the game stays winnable.")
    quick = best_removal(state)
    if quick is not None:
        cards = [Card.parse(c) for c in quick.cards]
        return Hint(cards, "quick", "Try " + " + ".join(c.code for c in cards) + ".")
    return Hint([], "quick", "No pairs to remove: turn a card from the pack.")


def winnable(state: P.PyramidState, time_limit: float | None = None) -> bool | None:
    """Can all 52 cards still go? None when the time ran out first."""
    return solver.solve_state(state, "all", time_limit=time_limit).won


def winnable_seed(seed: int, config: dict | None = None, tries: int = 200,
                  time_limit: float = 2.0) -> int:
    """The first seed, in a fixed sequence starting at ``seed``, whose deal can be won
    (proved by the solver). Deals the solver cannot settle in time are skipped."""
    rng = random.Random(seed)
    candidate = seed
    for _ in range(tries):
        state = P.new_game(candidate, config)
        if solver.solve_state(state, "all", time_limit=time_limit).won:
            return candidate
        candidate = rng.getrandbits(31)
    return seed
