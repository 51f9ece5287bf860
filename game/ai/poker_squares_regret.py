"""How good a Poker Squares choice is, judged by a long playout evaluation: every square
(one of each kind by symmetry) played out by the quick player on the same many deals
(every order of the cards when two are to come), as the strong player does but far
longer. Regret: the best square's mean less the chosen one's.

A made hand: the card raises the least a line can end with (its finished category, or
the pair, trips or four of a kind it keeps whatever comes) to MADE points or more. Its
chance comes when the judge's best square makes one (taking it costs nothing); it is
declined when the chosen square makes none and trails that square by more than NO_COST
(nearer, the judge cannot tell them apart). Pure.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.ai.poker_squares import EXACT_NEED, unseen_cards
from game.ai.poker_squares_batch import BatchRollout
from game.ai.poker_squares_counted import least
from game.ai.poker_squares_lines import category, line_key
from game.ai.poker_squares_play import Position, distinct

MADE = 10.0  # points of the made hands a hint must not decline
NO_COST = 1.0  # points apart two squares must be for the judge to tell them apart


@dataclass(frozen=True)
class Judgement:
    """Judged mean score of each kind of square, and the most each makes sure."""

    means: dict[int, float]
    made: dict[int, float]

    def same_kind(self, pos: Position, square: int) -> int:
        """The judged square alike to ``square`` by symmetry."""
        return next(s for s in self.means if distinct(pos, [s, square]) == [s])

    def best(self) -> int:
        return max(self.means, key=self.means.__getitem__)

    def regret(self, pos: Position, square: int) -> float:
        return self.means[self.best()] - self.means[self.same_kind(pos, square)]

    def chance(self) -> bool:
        """The best square makes a hand: it can be taken at no cost."""
        return self.made[self.best()] >= MADE

    def declined(self, pos: Position, square: int) -> bool:
        chosen = self.same_kind(pos, square)
        return (self.chance() and self.made[chosen] < MADE
                and self.regret(pos, square) > NO_COST)


def made_worth(pos: Position, card: int, square: int, points: Sequence[float]) -> float:
    """The most a line through ``square`` is made sure of by ``card`` (0 if none rises);
    ``card`` seen already."""
    placed, rl, sl, live = pos.placed + 1, pos.rank_left, pos.suit_left, pos.live
    best = 0.0
    for is_col, line in ((0, pos.rows[square // 5]), (1, pos.cols[square % 5])):
        before = least(line_key(line, rl, sl, live, is_col, placed), points)
        grown = [*line, card]
        after = (points[category(grown)] if len(grown) == 5
                 else least(line_key(grown, rl, sl, live, is_col, placed), points))
        if after > before:
            best = max(best, after)
    return best


def judge(pos: Position, card: int, batches: BatchRollout, deals: int,
          rng: np.random.Generator) -> Judgement:
    """Every kind of square for ``card`` (seen already in ``pos``) played out on
    ``deals`` shared deals, or on every order of the last cards."""
    squares = distinct(pos, pos.empties())
    starts = []
    for square in squares:
        start = pos.copy()
        start.put(square, card)
        starts.append(start)
    unseen = np.array(unseen_cards(pos, card))
    need = 24 - pos.placed
    if need <= EXACT_NEED:
        cards = np.array(list(itertools.permutations(unseen.tolist(), need)))
    else:
        cards = rng.permuted(np.tile(unseen, (deals, 1)), axis=1)[:, :need]
    size = len(cards)
    which = np.repeat(np.arange(len(starts)), size)
    scores = batches.run(starts, np.tile(cards, (len(starts), 1)), which).reshape(
        len(starts), size)
    points = batches.points.tolist()
    return Judgement({s: float(row.mean()) for s, row in zip(squares, scores, strict=True)},
                     {s: made_worth(pos, card, s, points) for s in squares})
