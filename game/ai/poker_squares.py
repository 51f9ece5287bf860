"""Poker Squares computer players: "random", "quick" (greedy on learned line values, no
search) and "strong" (Monte Carlo playouts of the quick player from
the candidate squares, on shared deals, a batch at a time in numpy, under a budget;
also the Hint, within HINT_SECONDS).

``make_agent(name, scoring, seed, time_limit)`` gives an object with ``new_game()``,
``place(grid, card) -> (row, col)`` (the contract: the grid so far and the card dealt,
nothing else) and ``act(view, legal)`` for the table, which places a dealt card among
the legal squares under the seat's own rules: its points, 12 hands (the diagonals
count) or Make Pat Hands (scoring "pat": five pat rows win; see poker_squares_aims).
``time_limit`` is seconds a move, as the table gives it; ``game_budget`` seconds a
game (the strong player's default: STRONG_BUDGET); ``playouts`` a fixed number of deals
a decision instead, deterministic by seed. Every player reads the unseen cards off
the grid itself: one deck, One Hand rules, nothing known but what lies there.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from game import wallclock
from game.ai.poker_squares_aims import Aim, AimChooser
from game.ai.poker_squares_batch import BatchRollout
from game.ai.poker_squares_lines import card_int, points_table
from game.ai.poker_squares_moves import MoveJudge
from game.ai.poker_squares_play import EMPTY, Position, distinct, ranked_cells
from game.ai.poker_squares_values import values_for
from game.cards import Card

AGENTS = ("quick", "strong", "random")
Scoring = str | Mapping[str, int]
Playouts = Sequence[float] | npt.NDArray[np.float64]  # one square's scores, deal by deal
Cell = tuple[int, int]
# Seconds a game when no limit is given: the published players' 30 s. About half of it is
# spent (15.1 s of CPU a game, 27.8 at most, over deals 1-1,000: 127.1): a search
# gets twice an even share of what is left, and the last two cards are exact, off the clock.
STRONG_BUDGET = 30.0
STRONG_PLAYOUTS = 240  # deals tried per decision when the player is built without a clock
STRONG_CANDIDATES = 6  # squares the playouts compare, best first by learned value
# A square trailing the leader by this many standard errors is dropped. Judged move by
# move in 100 games at 30 s (deals 5001-5100), 5 gained +2.01 +- 0.40 over quick against
# 3's +1.86 +- 0.38 at 10 s: a square dropped at 3 was now and then the better one.
PRUNE_Z = 5.0
PRUNE_EVERY = 16  # deals in the first batch; a batch then doubles up to BATCH_DEALS
BATCH_DEALS = 128  # numpy plays a batch of deals for every square at once: bigger is cheaper
# A game budget is spent as if only half the decisions left were open: about half end
# early (one square clearly ahead), and an even share left a third to half of it unspent.
SHARE = 2.0
# How clearly playouts must beat the quick player's square to overrule it, by deals
# played. Measured on 240 mid-game positions (800 deals each, judged on the 400 the rule
# did not see; tools/bench_poker_squares --decisions): at 25 deals switching at 0.25
# standard errors cost 4.6 +- 2.9 points a game (2.0: -0.4 +- 0.6); at 400 it gained
# 2.1 +- 1.9 (1.0: 1.6, 2.0: 1.1); in between the thresholds are within noise.
SWITCH_Z = 0.25
SWITCH_STEPS = ((50, 2.0), (400, 1.0))  # fewer deals than this: that threshold
# Cards placed before the search starts: early on the values know as much as the
# playouts can tell, and the budget is better spent later. Judged move by move in 100
# games at 10 s (tools/bench_poker_squares --advantage, deals 5001-5100), the gain over
# quick was +1.72 +- 0.36 searching from the 3rd card (cards 4-6 gave +0.04, -0.03,
# -0.05), +1.86 +- 0.38 from the 6th (cards 6-8 gave +0.1 each) and +1.47 +- 0.31 from
# the 9th.
SEARCH_FROM = 5
EXACT_NEED = 2  # with this many cards to come, every order of the unseen cards is played
HINT_SECONDS = 0.5  # the Hint's search: a person waits for it


def read_grid(grid: Sequence[Sequence[Any]]) -> list[int]:
    """The 25 cells, row-major, as card ints or EMPTY (None, "--" or "")."""
    if len(grid) != 5 or any(len(row) != 5 for row in grid):
        raise ValueError("a Poker Squares grid is 5 rows of 5 squares")
    return [EMPTY if cell is None or cell in ("--", "") else card_int(cell)
            for row in grid for cell in row]


def _setup(grid: Sequence[Sequence[Any]], card: Card | str,
           allowed: Iterable[Cell] | None) -> tuple[Position, int, list[int]]:
    """The position with ``card`` seen, the card, and the empty squares it may take."""
    pos = Position.of(read_grid(grid))
    code = card_int(card)
    pos.see(code)
    cells = pos.empties() if allowed is None else sorted(
        {r * 5 + c for r, c in allowed} & set(pos.empties()))
    if not cells:
        raise ValueError("no empty square to place the card on")
    return pos, code, cells


def _cell(index: int) -> Cell:
    return index // 5, index % 5


class Agent:
    """What every player shares: the contract's place() and the table's act()."""

    def new_game(self) -> None:
        pass

    def place(self, grid: Sequence[Sequence[Any]], card: Card | str,
              allowed: Iterable[Cell] | None = None) -> Cell:
        pos, code, cells = _setup(grid, card, allowed)
        return _cell(self.choose(pos, code, cells))

    def choose(self, pos: Position, card: int, cells: list[int]) -> int:
        raise NotImplementedError

    def follow(self, view: Any) -> None:
        """Adopt the seat's own points table, when the view carries the rules."""

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        """Among ``legal``, the move putting a dealt card where place() would. With
        several dealt cards or matrices to choose from, the pair the quick values like
        best; moves other than placing (pass, done) only when nothing can be placed."""
        placing = [m for m in legal if hasattr(m, "row") and hasattr(m, "col")]
        if not placing:
            return legal[0] if legal else None
        self.follow(view)
        dealt = getattr(view, "dealt", None) or (view.card,)
        grids = getattr(view, "grids", None) or (view.grid,)
        choices = sorted({(getattr(m, "pick", 0), getattr(m, "grid", 0)) for m in placing})
        pick, matrix = choices[0] if len(choices) == 1 else max(
            choices, key=lambda pg: self._gain(grids[pg[1]], dealt[pg[0]], placing, pg))
        squares = [m for m in placing if (getattr(m, "pick", 0), getattr(m, "grid", 0))
                   == (pick, matrix)]
        where = self.place(grids[matrix], dealt[pick], [(m.row, m.col) for m in squares])
        return next(m for m in squares if (m.row, m.col) == where)

    def _gain(self, grid: Any, card: Card, placing: list[Any], choice: tuple[int, int]
              ) -> float:
        """How much the quick values like the best square for this card and matrix."""
        allowed = [(m.row, m.col) for m in placing
                   if (getattr(m, "pick", 0), getattr(m, "grid", 0)) == choice]
        return best_gain(self if isinstance(self, QuickAgent) else QuickAgent(), grid, card,
                         allowed)


class RandomAgent(Agent):
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, pos: Position, card: int, cells: list[int]) -> int:
        return self.rng.choice(cells)


class QuickAgent(Agent):
    """Greedy on the learned values: the square whose row and column (and diagonals, or
    with pat hands its row's chance to end pat) gain most."""

    def __init__(self, scoring: Scoring = "american", diagonals: bool = False) -> None:
        self.aim_at(scoring, diagonals)

    def aim_at(self, scoring: Scoring, diagonals: bool = False) -> None:
        """Play for ``scoring`` (a points table's name or mapping, or "pat")."""
        pat = scoring == "pat"
        self.points = points_table("american" if pat else scoring)
        self.values = values_for(self.points)
        self.aim = Aim(self.points, diagonals and not pat, pat)
        self.chooser = None if self.aim.plain else AimChooser(self.aim)

    def follow(self, view: Any) -> None:
        options, seat = getattr(view, "options", None), getattr(view, "seat", 0)
        seats = getattr(options, "seats", ())
        if seat < len(seats):
            rules = seats[seat]
            scoring = "pat" if rules.pat else dict(rules.points)
            wanted = Aim(points_table("american" if rules.pat else scoring),
                         rules.diagonals and not rules.pat, rules.pat)
            if wanted != self.aim:
                self.aim_at(scoring, rules.diagonals)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        """As Agent.act, but first the moves other than placing the rules allow
        (rejects, moving cards, stealing, planting, Pass): one of them when the
        learned values judge it better than the best square (poker_squares_moves)."""
        other = self.other_move(view, legal)
        return other if other is not None else super().act(view, legal)

    def other_move(self, view: Any, legal: Sequence[Any]) -> Any:
        """The move other than placing a dealt card this player makes here, or None
        when it places one."""
        self.follow(view)
        values = self.values if self.chooser is None else self.chooser.values  # its aim's
        return MoveJudge(values.of, self.aim).choose(view, legal)

    def ranked(self, pos: Position, card: int, cells: list[int]) -> list[tuple[float, int]]:
        """(gain, cell) for ``cells``, best first, under the seat's aim."""
        if self.chooser is None:
            return ranked_cells(pos, card, self.values.of, self.points, cells)
        return self.chooser.ranked(pos, card, cells)

    def choose(self, pos: Position, card: int, cells: list[int]) -> int:
        return self.ranked(pos, card, cells)[0][1]


class StrongAgent(QuickAgent):
    """Flat Monte Carlo over the quick player's best few squares: each square is played
    out by the quick player on the same random deals of the unseen cards (so squares
    are compared on equal luck), squares clearly behind the leader are dropped, and the
    best mean wins. Limits: ``time_limit`` seconds a move (as the table gives), or
    ``game_budget`` seconds a game shared among the decisions left; with neither,
    ``playouts`` deals a decision, deterministic by seed. ``clock`` measures them: the
    wall clock at the table, the process's CPU time for measurements on a busy machine."""

    clock: Callable[[], float] = staticmethod(wallclock.seconds)

    def __init__(self, scoring: Scoring = "american", seed: int = 0,
                 time_limit: float | None = None, game_budget: float | None = None,
                 playouts: int = STRONG_PLAYOUTS, candidates: int = STRONG_CANDIDATES,
                 diagonals: bool = False) -> None:
        super().__init__(scoring, diagonals)
        self.seed, self.time_limit, self.game_budget = seed, time_limit, game_budget
        self.playouts, self.candidates = playouts, candidates
        self.searches = self.deals = 0  # decisions searched and deals tried, all games
        self.new_game()

    def new_game(self) -> None:
        self.rng = np.random.default_rng(self.seed)
        self.spent = 0.0
        self.batches: BatchRollout | None = None  # made on the first search: it holds a table

    def _deadline(self, pos: Position) -> float:
        allowed = math.inf
        if self.game_budget is not None:
            decisions_left = max(1, 24 - pos.placed)  # the last card has one square
            share = min(1.0, SHARE / decisions_left)
            allowed = max(0.0, self.game_budget - self.spent) * share
        if self.time_limit is not None:
            allowed = min(allowed, self.time_limit)
        return self.clock() + allowed

    def choose(self, pos: Position, card: int, cells: list[int]) -> int:
        started = self.clock()
        order = [i for _, i in self.ranked(pos, card, cells)]
        ranked = distinct(pos, order) if self.chooser is None else self.chooser.distinct(
            pos, order)
        if len(ranked) == 1 or pos.placed < SEARCH_FROM:  # one choice, or too early
            return ranked[0]
        try:
            return self._search(pos, card, ranked[: self.candidates], self._deadline(pos))
        finally:
            self.spent += self.clock() - started

    def _search(self, pos: Position, card: int, squares: list[int], deadline: float) -> int:
        unseen = np.array(unseen_cards(pos, card))
        need = 24 - pos.placed
        trials = {}
        for square in squares:
            trials[square] = trial = pos.copy()
            trial.put(square, card)
        if need <= EXACT_NEED:  # a few hundred orders: the exact means, no clock
            cards = np.array(list(itertools.permutations(unseen.tolist(), need)))
            played = self._playouts([trials[s] for s in squares], cards)
            self.searches += 1
            self.deals += len(cards)
            return squares[int(np.argmax(played.sum(axis=1)))]  # ties: the quick square
        scores = {s: np.zeros(0) for s in squares}
        alive = list(squares)
        timed = self.time_limit is not None or self.game_budget is not None
        limit = 1_000_000 if timed else self.playouts
        deals = 0
        while len(alive) > 1 and deals < limit and self.clock() < deadline:
            size = min(limit - deals, BATCH_DEALS, max(PRUNE_EVERY, deals))
            cards = self.rng.permuted(np.tile(unseen, (size, 1)), axis=1)[:, :need]
            played = self._playouts([trials[s] for s in alive], cards)
            for square, row in zip(alive, played, strict=True):
                scores[square] = np.concatenate((scores[square], row))
            deals += size
            alive = prune(alive, scores)
        self.searches += 1
        self.deals += deals
        return verdict(squares[0], alive, scores)

    def _playouts(self, starts: list[Position], cards: np.ndarray) -> np.ndarray:
        """Scores [start, deal] of the quick player's play from each start on each deal:
        numpy's batches for ten hands for points, the aim's own playouts otherwise."""
        if self.chooser is not None:
            deals = cards.tolist()
            return np.array([[self.chooser.playout(start, deal) for deal in deals]
                             for start in starts])
        if self.batches is None:
            self.batches = BatchRollout(self.values, self.points)
        size = len(cards)
        which = np.repeat(np.arange(len(starts)), size)
        return self.batches.run(starts, np.tile(cards, (len(starts), 1)), which).reshape(
            len(starts), size)


def _paired(a: Playouts, b: Playouts) -> tuple[float, float]:
    """Mean and standard error of a - b over the same deals."""
    diffs = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    n = len(diffs)
    return float(diffs.mean()), float(diffs.std(ddof=1 if n > 1 else 0)) / math.sqrt(n)


def switch_threshold(deals: int) -> float:
    """Standard errors a square must lead the quick player's by, after ``deals``."""
    return next((z for below, z in SWITCH_STEPS if deals < below), SWITCH_Z)


def verdict(greedy: int, alive: list[int], scores: Mapping[int, Playouts],
            switch_z: float | None = None) -> int:
    """The square with the best playouts; the quick player's own square unless another
    beats it by ``switch_z`` standard errors (by default switch_threshold of the deals
    played: a few noisy deals must not overrule it)."""
    best = max(alive, key=lambda s: float(np.sum(scores[s])))
    if best == greedy or greedy not in alive:
        return best
    if len(scores[best]) < 2:
        return greedy
    mean, error = _paired(scores[best], scores[greedy])
    if switch_z is None:
        switch_z = switch_threshold(len(scores[best]))
    return best if mean > switch_z * error else greedy


def unseen_cards(pos: Position, card: int) -> list[int]:
    """Cards of one deck neither in the grid nor ``card``, the one being placed."""
    seen = {c for c in pos.cells if c != EMPTY} | {card}
    return [c for c in range(52) if c not in seen]


def prune(alive: list[int], scores: Mapping[int, Playouts]) -> list[int]:
    """Drop squares whose paired difference with the leader is PRUNE_Z standard errors
    below zero (the same deals were played from every square)."""
    leader = max(alive, key=lambda s: float(np.sum(scores[s])))
    kept = []
    for square in alive:
        mean, error = _paired(scores[square], scores[leader])
        if square == leader or mean + PRUNE_Z * error >= 0:
            kept.append(square)
    return kept


def make_agent(name: str, scoring: Scoring = "american", seed: int = 0,
               time_limit: float | None = None, game_budget: float | None = None,
               diagonals: bool = False, playouts: int | None = None) -> Agent:
    """A Poker Squares player by name (see AGENTS). The strong player thinks at most
    ``time_limit`` seconds a move, or ``game_budget`` seconds a game, or plays
    ``playouts`` deals a move (deterministic); with none of them, STRONG_BUDGET seconds
    a game. ``scoring`` may also be "pat" (Make Pat Hands); ``diagonals``: 12 hands. At
    the table a player follows the seat's rules from the view whatever it was made with."""
    if name == "random":
        return RandomAgent(seed)
    if name == "quick":
        return QuickAgent(scoring, diagonals)
    if name == "strong":
        if playouts is None and time_limit is None and game_budget is None:
            game_budget = STRONG_BUDGET
        return StrongAgent(scoring, seed, time_limit, game_budget,
                           playouts or STRONG_PLAYOUTS, diagonals=diagonals)
    raise ValueError(f"unknown poker-squares player {name!r}: choose {', '.join(AGENTS)}")


def best_gain(quick: QuickAgent, grid: Sequence[Sequence[Any]], card: Card | str,
              allowed: Iterable[Cell]) -> float:
    """How much ``quick``'s values like the best of the ``allowed`` squares of ``grid``
    for ``card``: what the players compare matrices by."""
    pos, code, cells = _setup(grid, card, allowed)
    return quick.ranked(pos, code, cells)[0][0]


def best_matrix(grids: Sequence[Sequence[Sequence[Any]]], card: Card | str,
                allowed: Mapping[int, Sequence[Cell]], scoring: Scoring = "american",
                diagonals: bool = False) -> int:
    """Of a player's matrices (Best of Two, Sum of Two), the one to put ``card`` in:
    the one whose best allowed square the quick values like most, as the computer
    chooses at the table (ties: the first). ``allowed``: matrix -> its open squares;
    a matrix with none is not a choice."""
    quick = QuickAgent(scoring, diagonals)
    open_ = [m for m in sorted(allowed) if allowed[m]]
    if not open_:
        raise ValueError("no empty square to place the card on")
    return max(open_, key=lambda m: best_gain(quick, grids[m], card, allowed[m]))


def hint(grid: Sequence[Sequence[Any]], card: Card | str, scoring: Scoring = "american",
         allowed: Iterable[Cell] | None = None, diagonals: bool = False,
         level: str = "strong", seconds: float = HINT_SECONDS, playouts: int | None = None,
         clock: Callable[[], float] | None = None) -> Cell:
    """Where would the computer put ``card``? At ``level`` "strong", the strong player's
    square, searched for at most ``seconds`` on ``clock`` (the wall clock unless given),
    or on ``playouts`` deals (deterministic): the learned values alone misjudge lines
    people make. At "quick", the quick player's square at once."""
    if level == "quick":
        return QuickAgent(scoring, diagonals).place(grid, card, allowed)
    agent = StrongAgent(scoring, time_limit=None if playouts else seconds,
                        playouts=playouts or STRONG_PLAYOUTS, diagonals=diagonals)
    if clock is not None:
        agent.clock = clock
    return agent.place(grid, card, allowed)


def table_hint(view: Any, legal: Sequence[Any], allowed: Mapping[int, Sequence[Cell]],
               scoring: Scoring = "american", diagonals: bool = False,
               level: str = "strong") -> Any:
    """The Hint at a table: the move other than placing that the computer player would
    make (a reject, a steal, Pass: it plays the whole rule set, so its Hint does too),
    else its square for the dealt card as ``hint_matrices`` gives it."""
    other = QuickAgent(scoring, diagonals).other_move(view, legal)
    if other is not None or view.card is None or not any(allowed.values()):
        return other
    return hint_matrices(view.grids, view.card, allowed, scoring, diagonals, level)


def hint_matrices(grids: Sequence[Sequence[Sequence[Any]]], card: Card | str,
                  allowed: Mapping[int, Sequence[Cell]], scoring: Scoring = "american",
                  diagonals: bool = False, level: str = "strong",
                  seconds: float = HINT_SECONDS, playouts: int | None = None,
                  clock: Callable[[], float] | None = None) -> tuple[int, Cell]:
    """The Hint over all of a player's matrices: (matrix, (row, col)), the matrix
    best_matrix() picks and hint()'s square in it."""
    matrix = best_matrix(grids, card, allowed, scoring, diagonals)
    return matrix, hint(grids[matrix], card, scoring, allowed[matrix], diagonals, level,
                        seconds, playouts, clock)
