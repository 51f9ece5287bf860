"""Pyramid computer players: quick play without search, and solver-backed play.

Players see what a seat sees (``PyramidView``) and the legal moves, never the
state. The quick player takes the best-looking immediate move; it answers hints
when the solver cannot within the time allowed. The solver player follows a line
with the best reachable Par score (see game.ai.pyramid_solver) on a guess of the
unseen pack, replanning whenever the table is not the one its plan expected.
``winnable`` and ``winnable_seed`` answer questions about whole deals for the table
itself (the "winnable?" status, winnable-only deals), not for a seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai import pyramid_solver as solver
from game.ai.random_player import RandomPlayer
from game.cards import Card, full_deck
from game.rules import pyramid as P

HINT_BUDGET = 0.012  # seconds: a hint must not cost more than a frame or so


def to_move(step: solver.SolverMove) -> P.Move:
    if step == "draw":
        return P.Draw()
    if step == "recycle":
        return P.Recycle()
    return P.Remove(tuple(step))


# -- what the player can know ----------------------------------------------------------------

def guess_state(view: P.PyramidView, rng: random.Random) -> P.PyramidState:
    """A full position consistent with ``view``: the pack cards not turned yet are the
    cards seen nowhere else, in a random order. Planning on a guess and replanning when
    the pack shows otherwise keeps the computer honest: it never peeks."""
    seen = {c for c in (*view.pyramid, view.stock_top, *view.pack, *view.waste, *view.discard)
            if c is not None}
    unseen = [c for c in full_deck() if c not in seen]
    rng.shuffle(unseen)
    pack = tuple(c if c is not None else unseen.pop() for c in view.pack)
    stock = ((view.stock_top,) + pack) if view.stock_top is not None else ()
    return P.PyramidState(pyramid=view.pyramid, stock=stock, waste=view.waste,
                          discard=view.discard, redeals=view.redeals,
                          redeals_used=view.redeals_used, cleared_in_deal=view.cleared_in_deal)


# -- quick play -----------------------------------------------------------------------------

def _removal_value(view: P.PyramidView, move: P.Remove) -> tuple[int, int, int]:
    """Rank removals: pyramid cards first (they free others), lower rows before
    higher ones (bottom rows block the most), then the pack over the waste."""
    where = view.available
    pyramid_rows = [P.row_col(int(where[c][1:]))[0] for c in move.cards if where[c][0] == "p"]
    from_waste = sum(1 for c in move.cards if where[c] == "waste")
    return len(pyramid_rows), sum(pyramid_rows), from_waste


def best_removal(view: P.PyramidView, legal: Sequence[P.Move]) -> P.Remove | None:
    removals = [m for m in legal if isinstance(m, P.Remove)]
    if not removals:
        return None
    return max(removals, key=lambda m: _removal_value(view, m))


def greedy_move(view: P.PyramidView, legal: Sequence[P.Move]) -> P.Move | None:
    """Remove what can be removed, else turn the pack, else redeal; None when stuck."""
    move = best_removal(view, legal)
    if move is not None:
        return move
    return legal[0] if legal else None


class GreedyPlayer:
    def new_game(self) -> None:
        pass

    def act(self, view: P.PyramidView, legal: Sequence[P.Move]) -> P.Move | None:
        return greedy_move(view, legal)


# -- solver play ----------------------------------------------------------------------------

@dataclass
class SolverPlayer:
    """Plays the line with the best reachable Par score on its guess of the unseen pack,
    replanning whenever the table is not the one its plan expected."""

    time_limit: float | None = None  # per plan; None: exact (for the guess)
    seed: int = 0
    _plan: list[P.Move] = field(default_factory=list)
    _guess: P.PyramidState | None = None  # the position the plan's next move is for
    _expect: P.PyramidView | None = None  # what the table should look like then

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def new_game(self) -> None:
        self._plan, self._guess, self._expect = [], None, None

    def act(self, view: P.PyramidView, legal: Sequence[P.Move]) -> P.Move | None:
        if view.over or not legal:
            return None
        if view != self._expect or not self._plan or self._guess is None:
            self._guess = guess_state(view, self.rng)
            result = solver.best_par_state(self._guess, time_limit=self.time_limit)
            self._plan = [to_move(step) for step in result.moves]
        if not self._plan:
            # The best line needs nothing more (score is final): finish the pack quickly.
            step = greedy_move(view, legal)
            assert step is not None  # legal is not empty
            self._plan = [step]
        move = self._plan.pop(0)
        self._guess = P.apply(self._guess, move)
        self._expect = P.observe(self._guess)
        return move


def make_agent(name: str = "solver", seed: int = 0, time_limit: float | None = None
               ) -> SolverPlayer | GreedyPlayer | RandomPlayer:
    """A computer player by name: "solver" (best Par on what it can see), "greedy"
    (best immediate pair, no search) or "random"."""
    if name == "solver":
        return SolverPlayer(time_limit=time_limit, seed=seed)
    if name in ("greedy", "quick"):
        return GreedyPlayer()
    if name == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown pyramid player {name!r}: choose solver, greedy or random")


@dataclass(frozen=True)
class Hint:
    cards: list[Card]  # the pair (or king) to remove; empty: turn the pack
    source: str  # "solver" (a winning line) or "quick" (best immediate pair)
    text: str


def hint(view: P.PyramidView, legal: Sequence[P.Move], budget: float = HINT_BUDGET,
         seed: int = 0) -> Hint | None:
    """The next move of a winning line when the solver finds one within ``budget``;
    otherwise the best immediate pair. None when nothing at all can be done. While
    part of the pack is unseen the solver plans on a guess, so it promises nothing."""
    if view.over or not legal:
        return None
    guess = guess_state(view, random.Random(seed))
    certain = all(c is not None for c in view.pack)
    found = solver.solve_state(guess, "all", time_limit=budget)
    if found.complete and found.won and found.moves:
        move = to_move(found.moves[0])
        promise = ": it keeps the game winnable." if certain else "."
        if isinstance(move, P.Remove):
            cards = [Card.parse(c) for c in move.cards]
            return Hint(cards, "solver", "Try " + " + ".join(c.symbol for c in cards) + promise)
        return Hint([], "solver", "Turn a card from the pack" + (
            ": the game stays winnable." if certain else "."))
    quick = best_removal(view, legal)
    if quick is not None:
        cards = [Card.parse(c) for c in quick.cards]
        return Hint(cards, "quick", "Try " + " + ".join(c.symbol for c in cards) + ".")
    return Hint([], "quick", "No pairs to remove: turn a card from the pack.")


def winnable(state: P.PyramidState, time_limit: float | None = None) -> bool | None:
    """Can all 52 cards still go? None when the time ran out first."""
    return solver.solve_state(state, "all", time_limit=time_limit).won


def winnable_seed(seed: int, config: dict[str, Any] | None = None, tries: int = 200,
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
