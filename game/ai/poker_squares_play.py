"""A Poker Squares position as the computer sees it, the greedy choice on learned line
values, and fast playouts: the engine under the quick and strong players and the
trainer. Pure; cards are ints as in game.ai.poker_squares_lines."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from game.ai.poker_squares_lines import category, line_key

Lookup = Callable[[tuple[int, ...]], float]
EMPTY = -1


@dataclass
class Position:
    """Cells row-major (EMPTY or a card), the ten lines, what is unseen and how many
    cards lie in the grid. Mutable: playouts work on copies."""

    cells: list[int]
    rows: list[list[int]]
    cols: list[list[int]]
    rank_left: list[int]
    suit_left: list[int]
    placed: int
    live: int = (1 << 13) - 1  # bit r: a card of rank r is still unseen

    @classmethod
    def start(cls, decks: int = 1) -> Position:
        return cls([EMPTY] * 25, [[] for _ in range(5)], [[] for _ in range(5)],
                   [4 * decks] * 13, [13 * decks] * 4, 0)

    @classmethod
    def of(cls, cells: Sequence[int], decks: int = 1) -> Position:
        """The position with ``cells`` filled; every card there counts as seen."""
        pos = cls.start(decks)
        for index, card in enumerate(cells):
            if card != EMPTY:
                pos.see(card)
                pos.put(index, card)
        return pos

    def copy(self) -> Position:
        return Position(self.cells[:], [r[:] for r in self.rows], [c[:] for c in self.cols],
                        self.rank_left[:], self.suit_left[:], self.placed, self.live)

    def see(self, card: int) -> None:
        """``card`` is dealt: it is no longer unseen (never below zero, whatever the grid)."""
        rank = card >> 2
        if self.rank_left[rank] > 0:
            self.rank_left[rank] -= 1
            if not self.rank_left[rank]:
                self.live &= ~(1 << rank)
        if self.suit_left[card & 3] > 0:
            self.suit_left[card & 3] -= 1

    def put(self, index: int, card: int) -> None:
        self.cells[index] = card
        self.rows[index // 5].append(card)
        self.cols[index % 5].append(card)
        self.placed += 1

    def empties(self) -> list[int]:
        return [i for i, c in enumerate(self.cells) if c == EMPTY]

    def score(self, points: Sequence[float]) -> float:
        """Points of the full grid's ten lines."""
        return sum(points[category(line)] for line in (*self.rows, *self.cols))


def line_gains(pos: Position, card: int, value: Lookup, points: Sequence[float]
               ) -> tuple[list[float], list[float]]:
    """For each row and column: value with ``card`` added minus value without, after
    the card is seen (the lines it does not join are unchanged whatever the choice).
    Full lines get no gain (they are never chosen)."""
    placed = pos.placed + 1
    rl, sl, live = pos.rank_left, pos.suit_left, pos.live
    gains: list[list[float]] = []
    for is_col, lines in ((0, pos.rows), (1, pos.cols)):
        side = []
        for line in lines:
            n = len(line)
            if n == 5:
                side.append(0.0)
                continue
            before = value(line_key(line, rl, sl, live, is_col, placed))
            grown = line + [card]
            after = (points[category(grown)] if n == 4
                     else value(line_key(grown, rl, sl, live, is_col, placed)))
            side.append(after - before)
        gains.append(side)
    return gains[0], gains[1]


def ranked_cells(pos: Position, card: int, value: Lookup, points: Sequence[float],
                 allowed: Iterable[int] | None = None) -> list[tuple[float, int]]:
    """(gain, cell) for every empty (and allowed) cell, best first; ``card`` must have
    been seen already (``pos.see``)."""
    rows, cols = line_gains(pos, card, value, points)
    cells = pos.empties() if allowed is None else [i for i in allowed
                                                   if pos.cells[i] == EMPTY]
    ranked = [(rows[i // 5] + cols[i % 5], i) for i in cells]
    ranked.sort(key=lambda gc: -gc[0])  # stable: ties go to the first cell
    return ranked


def distinct(pos: Position, cells: Iterable[int]) -> list[int]:
    """``cells`` less those alike by symmetry: swapping two empty rows (or columns)
    changes nothing, so a square is known by its row if that row holds cards (else
    "an empty row") and likewise its column. Keeps the first of each kind, in order."""
    seen: set[tuple[int, int]] = set()
    kept = []
    for i in cells:
        kind = (i // 5 if pos.rows[i // 5] else -1, i % 5 if pos.cols[i % 5] else -1)
        if kind not in seen:
            seen.add(kind)
            kept.append(i)
    return kept


def greedy_cell(pos: Position, card: int, value: Lookup, points: Sequence[float]) -> int:
    """The empty cell whose row and column gain most (first such cell on ties)."""
    rows, cols = line_gains(pos, card, value, points)
    best, best_gain = -1, float("-inf")
    cells = pos.cells
    for i in range(25):
        if cells[i] == EMPTY:
            gain = rows[i // 5] + cols[i % 5]
            if gain > best_gain:
                best, best_gain = i, gain
    return best


def playout(pos: Position, deal: Sequence[int], value: Lookup,
            points: Sequence[float]) -> float:
    """Final score of greedy play on ``pos`` (changed in place) with ``deal`` to come.
    The plain spelling: the search plays game.ai.poker_squares_batch, tested against it."""
    for card in deal[: 25 - pos.placed]:
        pos.see(card)
        pos.put(greedy_cell(pos, card, value, points), card)
    return pos.score(points)
