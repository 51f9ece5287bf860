"""What a Poker Squares seat plays for beyond the contract's ten hands for points: the two
long diagonals (12 hands) and Make Pat Hands (five pat rows win, nothing else counts).
The quick and strong players weigh squares through an ``Aim``; the plain one (ten
hands for points) keeps the fast paths of poker_squares_play and _batch.

12 hands: a diagonal has no learned values of its own (the tables know rows and
columns), so an unfinished diagonal is worth DIAGONAL_WEIGHT times the mean of what its
cards would be worth as a row and as a column; a finished one scores its points.

Make Pat Hands: the game is won only if every row ends pat, so a row is weighed by the
log of its chance to end pat (the learned tables read under a points table of 1 for a
pat category, 0 else): the sum of the logs is the log of the chance that all five
rows make it, if rows were independent. Columns count for nothing. Pure.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.ai.poker_squares_lines import category, line_key
from game.ai.poker_squares_play import EMPTY, Position, distinct, line_gains
from game.ai.poker_squares_values import Values, values_for
from game.rules.hands import CATEGORIES
from game.rules.poker_squares_options import PAT

DIAGONALS = (tuple(i * 6 for i in range(5)), tuple(4 + i * 4 for i in range(5)))
ON_DIAGONALS = tuple(tuple(d for d, cells in enumerate(DIAGONALS) if i in cells)
                     for i in range(25))
PAT_POINTS = tuple(1.0 if name in PAT else 0.0 for name in CATEGORIES)
# Measured with the quick player, 12-hand American, paired on deals 1-4000 and
# 20001-24000 against ignoring the diagonals: weight 1 -0.72 +- 0.75, 0.5 +0.50 +- 0.64
# and +0.77 +- 0.65, 0.25 and 0.35 about as 0.5; with the table of a million games,
# deals 1-4000: 1 -1.32 +- 0.79, 0.5 +0.18 +- 0.70 (rows and columns are learned under
# a policy that works them; a diagonal is worked far less).
DIAGONAL_WEIGHT = 0.5
PAT_FLOOR = 1e-4  # a row's chance to end pat is never taken as nil (its log)
LOG_FLOOR = math.log(PAT_FLOOR)
PAT_ROW_BONUS = 0.01  # a playout's worth: won (1) or not, plus this a pat row (a tiebreak)


@dataclass(frozen=True, slots=True)
class Aim:
    """The seat's points table, whether the diagonals count, whether only pat rows do."""

    points: tuple[float, ...]
    diagonals: bool = False
    pat: bool = False

    @property
    def plain(self) -> bool:
        return not self.diagonals and not self.pat


class AimChooser:
    """The quick player's weighing of squares under an Aim that is not plain."""

    def __init__(self, aim: Aim) -> None:
        self.aim = aim
        # pat rows are read off the American table: its self-play makes more straights
        # and flushes than the English one, whose points are nearer by angle (quick's pat
        # rows a game on deals 1-4000: 1.88 against 1.85)
        self.values: Values = (values_for(PAT_POINTS, "american") if aim.pat
                               else values_for(aim.points))

    def ranked(self, pos: Position, card: int, cells: Iterable[int]) -> list[tuple[float, int]]:
        """(gain, cell) best first, ties to the first cell; ``card`` seen already."""
        cells = [i for i in cells if pos.cells[i] == EMPTY]
        if self.aim.pat:
            rows = self._pat_rows(pos, card)
            ranked = [(rows[i // 5], i) for i in cells]
        else:
            rows, cols = line_gains(pos, card, self.values.of, self.aim.points)
            diags = [self._diagonal_gain(pos, card, d) for d in range(2)]
            ranked = [(rows[i // 5] + cols[i % 5] + sum(diags[d] for d in ON_DIAGONALS[i]), i)
                      for i in cells]
        ranked.sort(key=lambda gc: -gc[0])
        return ranked

    def distinct(self, pos: Position, cells: list[int]) -> list[int]:
        """Squares alike for this aim weighed once: with pat hands every empty square of
        a row is alike; with diagonals swapping rows is no symmetry (all are kept)."""
        if self.aim.diagonals:
            return cells
        if self.aim.pat:
            seen: set[int] = set()
            kept = []
            for i in cells:
                kind = i // 5 if pos.rows[i // 5] else -1
                if kind not in seen:
                    seen.add(kind)
                    kept.append(i)
            return kept
        return distinct(pos, cells)

    def final(self, pos: Position) -> float:
        """A full grid's worth: points of every counted hand, or won plus a little a pat row."""
        if self.aim.pat:
            pat_rows = sum(CATEGORIES[category(row)] in PAT for row in pos.rows)
            return float(pat_rows == 5) + PAT_ROW_BONUS * pat_rows
        points = self.aim.points
        return pos.score(points) + sum(points[category([pos.cells[i] for i in d])]
                                       for d in DIAGONALS)

    def playout(self, pos: Position, deal: Sequence[int]) -> float:
        """The worth of greedy play under this aim from ``pos`` (left alone)."""
        pos = pos.copy()
        for card in deal[: 25 - pos.placed]:
            pos.see(card)
            pos.put(self.ranked(pos, card, pos.empties())[0][1], card)
        return self.final(pos)

    # -- line by line ---------------------------------------------------------------------

    def _pat_rows(self, pos: Position, card: int) -> list[float]:
        placed = pos.placed + 1
        rl, sl, live, of = pos.rank_left, pos.suit_left, pos.live, self.values.of

        def log_chance(line: list[int]) -> float:
            return math.log(max(PAT_FLOOR, of(line_key(line, rl, sl, live, 0, placed))))
        gains = []
        for line in pos.rows:
            if len(line) == 5:
                gains.append(0.0)
                continue
            grown = line + [card]
            after = ((0.0 if CATEGORIES[category(grown)] in PAT else LOG_FLOOR)
                     if len(line) == 4 else log_chance(grown))
            gains.append(after - log_chance(line))
        return gains

    def _diagonal_gain(self, pos: Position, card: int, d: int) -> float:
        line = [pos.cells[i] for i in DIAGONALS[d] if pos.cells[i] != EMPTY]
        if len(line) == 5:
            return 0.0
        placed = pos.placed + 1
        rl, sl, live, of = pos.rank_left, pos.suit_left, pos.live, self.values.of

        def worth(cards: list[int]) -> float:
            return DIAGONAL_WEIGHT * (of(line_key(cards, rl, sl, live, 0, placed))
                                      + of(line_key(cards, rl, sl, live, 1, placed))) / 2
        grown = line + [card]
        after = self.aim.points[category(grown)] if len(line) == 4 else worth(grown)
        return after - worth(line)
