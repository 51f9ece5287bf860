"""Poker Squares positions as people leave them: a deal played part way by one of a few
human-style placers, then the next card (issue 23: the learned values met keys in
people's positions that self-play never reaches). Deterministic by seed; pure; cards
are ints as in game.ai.poker_squares_lines.

Styles: "random" anywhere; "suit columns" (a card in its suit's column 0-3, else
column 4, else the emptiest column: the rule baseline of the notes); "advice" (the
manual's "columns for flushes, rows for pairs": a row already holding its rank, in its
suit's column if it can); "advice turned" (pairs in columns, flushes in rows, as in the
issue's position); "pairs" (next to a card of its rank in any line, else anywhere).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from game.ai.poker_squares_play import Position

Placer = Callable[[Position, int, random.Random], int]
FIRST, LAST = 5, 23  # cards already placed: from when the Hint searches to the last choice


def _random(pos: Position, card: int, rng: random.Random) -> int:
    return rng.choice(pos.empties())


def _open_in_column(pos: Position, col: int) -> list[int]:
    return [i for i in pos.empties() if i % 5 == col]


def _suit_columns(pos: Position, card: int, rng: random.Random) -> int:
    for col in (card & 3, 4):
        if open_squares := _open_in_column(pos, col):
            return open_squares[0]
    emptiest = max(range(5), key=lambda c: len(_open_in_column(pos, c)))
    return _open_in_column(pos, emptiest)[0]


def _advice(pairs_in_rows: bool) -> Placer:
    """The manual's advice, or turned (pairs in columns, flushes in rows: lines the
    quick player's self-play seldom builds)."""
    def place(pos: Position, card: int, rng: random.Random) -> int:
        def pair_line(i: int) -> int:
            return i // 5 if pairs_in_rows else i % 5

        def suit_line(i: int) -> int:
            return i % 5 if pairs_in_rows else i // 5
        lines = pos.rows if pairs_in_rows else pos.cols
        ranked = {n for n, line in enumerate(lines) if any(c >> 2 == card >> 2 for c in line)}
        empties = pos.empties()
        for wanted in ([i for i in empties if pair_line(i) in ranked and suit_line(i) == card & 3],
                       [i for i in empties if pair_line(i) in ranked],
                       [i for i in empties if suit_line(i) == card & 3]):
            if wanted:
                return rng.choice(wanted)
        return rng.choice(empties)
    return place


def _pairs(pos: Position, card: int, rng: random.Random) -> int:
    rank = card >> 2
    near = [i for i in pos.empties()
            if any(c >> 2 == rank for c in (*pos.rows[i // 5], *pos.cols[i % 5]))]
    return rng.choice(near or pos.empties())


STYLES: dict[str, Placer] = {"random": _random, "suit columns": _suit_columns,
                             "advice": _advice(True), "advice turned": _advice(False),
                             "pairs": _pairs}


@dataclass(frozen=True)
class HumanPosition:
    """A position a style left and the card dealt next."""

    style: str
    seed: int
    cells: tuple[int, ...]
    card: int

    def position(self) -> Position:
        """The position with the next card seen, as the players search it."""
        pos = Position.of(self.cells)
        pos.see(self.card)
        return pos


def human_position(seed: int) -> HumanPosition:
    """Deal ``seed`` played by a style (chosen by the seed) for FIRST to LAST cards."""
    rng = random.Random(seed)
    style = sorted(STYLES)[seed % len(STYLES)]
    deck = rng.sample(range(52), 52)
    pos = Position.start()
    for card in deck[: rng.randint(FIRST, LAST)]:
        pos.see(card)
        pos.put(STYLES[style](pos, card, rng), card)
    return HumanPosition(style, seed, tuple(pos.cells), deck[pos.placed])
