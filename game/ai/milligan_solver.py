"""The solver: can a position of The Giant, stock included, still be won? First a look
for a won game deal by deal: between two deals, the few best
positions the player's judgement reaches (not only its favourite), each dealt on and
searched again, depth first, with every dealt position met once. The computer player's
own game is the first line tried; the others differ from it where it chose between
positions it judged alike. That finds wins the player misses but proves nothing lost:
then every position is searched, depth first (``_exhaust``).

``Budget`` counts the positions looked at and the clock, so that tests can give a
number of positions rather than seconds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game import wallclock
from game.ai import milligan_search as search
from game.rules import milligan as M

WIDTH = 3  # positions dealt on from each stretch between deals, best first
STRETCH_NODES = search.NODES  # positions searched between two deals


FIND_SHARE = 0.6  # of the solver's budget spent looking for a win before the full search


@dataclass(frozen=True)
class Verdict:
    winnable: bool | None  # None: not settled within the budget
    nodes: int
    moves: tuple[M.Move, ...] = ()  # a winning line when winnable


class OutOfBudget(Exception):
    pass


@dataclass
class Budget:
    """At most ``nodes`` positions and until ``deadline`` on ``clock``."""

    nodes: int
    deadline: float = float("inf")
    clock: Callable[[], float] = field(default=wallclock.seconds)
    used: int = 0

    def charge(self, n: int = 1) -> None:
        self.used += n
        if self.used > self.nodes or self.clock() > self.deadline:
            raise OutOfBudget

    @property
    def left(self) -> int:
        return max(0, self.nodes - self.used)


def find_win(state: M.MilliganState, budget: Budget, width: int = WIDTH,
             nodes: int = STRETCH_NODES) -> tuple[M.Move, ...] | None:
    """A winning line from ``state`` (stock included), or None if none was found
    (raises OutOfBudget when the budget runs out first). Limited discrepancy search:
    first the player's own game, then every game that leaves its choice once, twice..."""
    choices: dict[tuple[object, ...], list[tuple[tuple[M.Transfer, ...], M.MilliganState]]]
    choices = {}  # a dealt position -> its best ends, worked out once
    endings: dict[tuple[object, ...], tuple[M.Move, ...] | None] = {}  # the last deal's

    def ends(position: M.MilliganState) -> list[tuple[tuple[M.Transfer, ...],
                                                      M.MilliganState]]:
        key = _key(position)
        if key not in choices:
            stay: tuple[M.Transfer, ...] = ()
            found = [(search.evaluate(position), stay, position)]
            for value, line, after in search.explore(position, nodes):
                budget.charge()
                found.append((value, line, after))
                if after.laid_off == M.TOTAL:
                    break
            found.sort(key=lambda e: -e[0])
            kept: list[tuple[tuple[M.Transfer, ...], M.MilliganState]] = []
            keys = set()
            for _, line, end in found:  # alike once dealt on: one of them
                dealt = _key(M.deal_eight(end))
                if dealt not in keys:
                    keys.add(dealt)
                    kept.append((line, end))
                if len(kept) == width:
                    break
            choices[key] = kept
        return choices[key]

    def deal_on(position: M.MilliganState, leave: int) -> tuple[M.Move, ...] | None:
        if not position.stock:
            key = _key(position)
            if key not in endings:
                endings[key] = _last_stretch(position, budget, nodes)
            return endings[key]
        for n, (line, end) in enumerate(ends(position)[:leave + 1]):
            if end.laid_off == M.TOTAL:
                return line
            rest = deal_on(M.deal_eight(end), leave - (n > 0))
            if rest is not None:
                return line + (M.Deal(),) + rest
        return None

    for leave in range(M.TOTAL):  # bounded by the budget long before
        found = deal_on(state, leave)
        if found is not None:
            return found
    return None


def _key(state: M.MilliganState) -> tuple[object, ...]:
    return M.position_key(state) + (len(state.stock),)


def _last_stretch(state: M.MilliganState, budget: Budget, nodes: int
                  ) -> tuple[M.Move, ...] | None:
    """The stock is out: the computer player's game from here, charged by the plans it
    makes (each looks at up to ``nodes`` positions)."""
    line: list[M.Move] = []
    floor = 0
    for _ in range(M.TOTAL * 4):  # every plan ends higher: far fewer in practice
        budget.charge(nodes)
        moves = search.plan(state, False, nodes, floor)
        if not isinstance(moves[0], M.Transfer):
            return None
        for move in moves:
            state = M.shift(state, move) if isinstance(move, M.Transfer) else state
            line.append(move)
        if state.laid_off == M.TOTAL:
            return tuple(line)
        floor = state.laid_off
    return None


def solve(state: M.MilliganState, time_limit: float = 2.0, max_nodes: int = 5_000_000,
          clock: Callable[[], float] = wallclock.seconds) -> Verdict:
    """Can this position (its stock included) still be won? First a search for a won
    game deal by deal (find_win: the computer player's own game, then others near it;
    a win is a proof); then depth first over every position, the most
    promising move first. True with a winning line; False only when every position
    reachable has been seen; None when time or nodes (``max_nodes``, counted alike by
    both, so that a test need not depend on speed) ran out."""
    if state.status == "won":
        return Verdict(True, 0)
    if state.status != "playing":
        return Verdict(False, 0)
    started = clock()
    budget = Budget(int(max_nodes * FIND_SHARE), started + time_limit * FIND_SHARE, clock)
    try:
        line = find_win(state, budget)
    except OutOfBudget:
        line = None
    if line is not None:
        return Verdict(True, budget.used, line)
    return _exhaust(state, started + time_limit, max_nodes - budget.used, clock)


def _exhaust(state: M.MilliganState, deadline: float, max_nodes: int,
             clock: Callable[[], float]) -> Verdict:
    seen = {_key(state)}
    stack: list[tuple[M.MilliganState, tuple[M.Move, ...]]] = [(state, ())]
    while stack:
        if len(seen) >= max_nodes or clock() > deadline:
            return Verdict(None, len(seen))
        position, path = stack.pop()
        children = []
        moves: list[M.Transfer | M.Deal] = [m for m in M.transfers(position)
                                            if not M.pointless(position, m)]
        if position.stock:
            moves.append(M.Deal())
        for move in moves:
            after = M.deal_eight(position) if isinstance(move, M.Deal) \
                else M.shift(position, move)
            if after.laid_off == M.TOTAL:
                return Verdict(True, len(seen), path + (move,))
            key = _key(after)
            if key in seen:
                continue
            seen.add(key)
            # Dealing is the last resort: it only adds cards on top.
            bonus = -50.0 if isinstance(move, M.Deal) else 0.0
            children.append((search.evaluate(after) + bonus, after, path + (move,)))
        children.sort(key=lambda c: c[0])
        stack.extend((after, line) for _, after, line in children)
    return Verdict(False, len(seen))
