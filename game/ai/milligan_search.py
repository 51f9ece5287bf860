"""Searching The Giant's positions: a judgement of a position and the best line of moves
short of dealing (for the computer player, hints and game.ai.milligan_solver).

Everything here works on ``MilliganState`` through the rules' own move generator. A
player's search runs on ``milligan.position_of(view)`` (an empty stock: no deal is
searched, so the hidden cards never matter); only the solver, asked by the table
itself, sees the stock.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from game.rules import milligan as M

EMPTY_COLUMN = 9.0  # worth of an empty column (Miss Milligan: only for a king)
WAITING = 5.0  # cost of a card parked in the waiving space
BURIED = 1.0  # cost of each card under another that does not build on it
BLOCKING = 3.0  # cost per covering card over a card the foundations want soon
SOON = 2  # ranks above a foundation's top that count as "wanted soon"
LAID_OFF = 25.0
NODES = 800  # positions a player's search looks at between moves (strength ~ this)


def _wanted(state: M.MilliganState) -> dict[str, int]:
    """Per suit, the lowest rank its foundations want next."""
    return {suit: min(len(state.foundations[2 * k]), len(state.foundations[2 * k + 1])) + 1
            for k, suit in enumerate("SHDC")}


def evaluate(state: M.MilliganState) -> float:
    """Higher is better: cards up, runs in order, wanted cards near the surface."""
    if state.status == "won":
        return 1e9
    value = LAID_OFF * state.laid_off
    wanted = _wanted(state)
    for column in state.columns:
        value += _column_value(column, wanted, state.rule, state.miss_milligan)
    if state.waiting is not None:
        value -= WAITING
    return value


def _column_value(column: tuple[M.Card, ...], wanted: dict[str, int], rule: str,
                  mm: bool) -> float:
    """One column's part of ``evaluate`` (integers and halves only: the parts add up
    exactly in any order, so a search may keep them)."""
    if not column:
        return EMPTY_COLUMN * (0.5 if mm else 1.0)
    value = -BURIED * (len(column) - M.run_length(column, rule))
    for depth, card in enumerate(reversed(column)):
        if card.rank - wanted[card.suit] < SOON and depth:
            value -= BLOCKING * depth
    return value


class _Judge:
    """``evaluate`` for one search: each column's part is worked out once per column
    (by its codes) and foundation heights, since a move changes at most two columns."""

    def __init__(self) -> None:
        self.parts: dict[tuple[bytes, tuple[int, ...]], float] = {}

    def __call__(self, state: M.MilliganState, codes: list[bytes]) -> float:
        if state.status == "won":
            return 1e9
        heights = tuple(map(len, state.foundations))
        lows = tuple(min(heights[2 * k], heights[2 * k + 1]) + 1 for k in range(4))
        value = LAID_OFF * sum(heights)
        parts = self.parts
        for column, code in zip(state.columns, codes, strict=True):
            part = parts.get((code, lows))
            if part is None:
                wanted = dict(zip("SHDC", lows, strict=True))
                part = parts[code, lows] = _column_value(column, wanted, state.rule,
                                                         state.miss_milligan)
            value += part
        if state.waiting is not None:
            value -= WAITING
        return value


def _unpromising(state: M.MilliganState, move: M.Transfer) -> bool:
    """What the player's search leaves out: pointless moves, and a card off a foundation
    that no card which moves now could then be built on (the solver tries those too)."""
    if move.source[0] == "f":
        return not _takes_a_card(state, state.foundations[int(move.source[1:])][-1])
    return M.pointless(state, move)


def _takes_a_card(state: M.MilliganState, card: M.Card) -> bool:
    """Could some card that moves now (in a column's run, or waived) go on ``card``?"""
    rule = state.rule
    if state.waiting is not None and M.builds_on(state.waiting, card, rule):
        return True
    for column in state.columns:
        run = M.run_length(column, rule)
        if any(M.builds_on(c, card, rule) for c in column[len(column) - run:]):
            return True
    return False


@dataclass(frozen=True)
class Line:
    moves: tuple[M.Transfer, ...]
    value: float  # evaluate() at the end of the line
    gain: float  # how much better than the start


def explore(state: M.MilliganState, nodes: int
            ) -> Iterator[tuple[float, tuple[M.Transfer, ...], M.MilliganState]]:
    """Every position reachable without dealing, best first by ``evaluate``, over at
    most ``nodes`` positions: (value, moves to it, position), each position once (a win
    is valued 1e9, and ends the search)."""
    seen = {M.position_key(state)}
    tie = itertools.count()
    judge = _Judge()
    frontier: list[tuple[float, int, M.MilliganState, tuple[M.Transfer, ...], list[bytes]]]
    frontier = [(-evaluate(state), next(tie), state, (), M.column_codes(state))]
    while frontier and len(seen) < nodes:
        _, _, position, path, codes = heapq.heappop(frontier)
        for move in M.transfers(position):
            if _unpromising(position, move):
                continue
            after = M.shift(position, move)
            if move.target == M.FOUNDATION and after.laid_off == M.TOTAL:
                yield 1e9, path + (move,), after
                return
            after_codes = M.shifted_codes(position, codes, move)
            key = M.coded_key(after, after_codes)
            if key in seen:
                continue
            seen.add(key)
            value = judge(after, after_codes)
            yield value, path + (move,), after
            heapq.heappush(frontier, (-value, next(tie), after, path + (move,), after_codes))


def best_line(state: M.MilliganState, nodes: int = NODES, floor: int = 0) -> Line:
    """The best position reachable without dealing, searched best first over at most
    ``nodes`` positions, and the moves to it (empty if nothing beats staying put). Only
    a position with at least ``floor`` cards up may be the best (the search still goes
    through others): a player that sent a card up against its judgement sets it, so
    that it cannot judge its way back down and loop."""
    start = evaluate(state)
    best: tuple[float, tuple[M.Transfer, ...]] = (start, ())
    for value, line, after in explore(state, nodes):
        if value > best[0] + 1e-9 and after.laid_off >= floor:
            best = (value, line)
    return Line(best[1], best[0], best[0] - start)


def plan(state: M.MilliganState, can_deal: bool, nodes: int = NODES, floor: int = 0
         ) -> list[M.Move]:
    """What a player does next: the best line if it gains (ending with at least
    ``floor`` cards up), else deal, else give up."""
    if state.status != "playing":
        return []
    line = best_line(state, nodes, floor)
    if line.moves and line.gain > 0:
        return list(line.moves)
    return [M.Deal() if can_deal else M.Resign()]
