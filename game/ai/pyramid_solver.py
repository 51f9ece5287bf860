"""Exact solver and best-Par search for Pyramid solitaire (rules in game.rules.pyramid).

Pure Python, no pygame. The search works on a compact encoding of a position:

* ``P``: bitmask of removed pyramid slots (bit i = slot i, 28 bits);
* ``M``: bitmask of removed pack cards, indexed along the *pack sequence*;
* ``b``: boundary in that sequence: remaining cards before ``b`` are the waste
  (the last one on top), cards from ``b`` on are the stock (the first one on top);
* ``r``: redeals used.

Drawing and recycling never reorder the pack, so one fixed sequence describes
every position: for a fresh deal it is ``cards[28:]``; for a position in play it
is ``waste + stock`` (``waste[0]`` was drawn first and ``Recycle`` makes
``stock = waste``), with ``b = len(waste)``. A draw moves ``b`` past the stock's
top card, a recycle sets ``b = 0``. ``b`` is normalised to just after the waste's
top card, because removed cards between the two tops do not matter.

Exactness rests on one simulation lemma, used by every pruning below:

  Lemma. Let S' be S with an extra set E of cards removed, with the same boundary
  (up to removed cards) and no more redeals used. Take any line of play from S
  in which every removal either lies inside E or avoids E. Then S' can follow it,
  skipping the removals inside E and the draws of E's cards, and after every step
  the S' position has removed a superset of the S position's cards, at the same
  boundary, with no more redeals used: an available card in S that is still in
  S' is available in S' (pyramid cards only get uncovered; the pack tops of S'
  are the pack tops of S unless those are in E). Hence S' reaches every goal S
  reaches, clears the pyramid no later, and ends with a Par score at least as high.

The search (``_search``) is a depth-first search with one call per removal; the draws
from a position are a loop inside that call. What keeps it exact and fast, each
argued where it is coded:

* a table of lost positions, one "earliest lost pack point" per removed-card set;
* forced moves: an available king; a pair whose card has no other partner left;
* pyramid-only pairs tried at the first pack point only;
* a matching relaxation per rank class (which cards could ever meet) that rejects
  positions where some card that must go can never be paired.

``best_par`` first asks the fast "pyramid" search in which deal the pyramid can be
cleared at the earliest, then runs the same search as a branch and bound on the
Par score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from game import wallclock
from game.cards import Card
from game.rules.pyramid import (
    PAR_BASE,
    PYRAMID_SIZE,
    ROWS,
    PyramidState,
    apply,
    covering,
    deal,
    move_from_json,
    par_score,
    row_col,
)

GOALS = ("all", "pyramid")
_FULL_P = (1 << PYRAMID_SIZE) - 1
_CHECK_EVERY = 2048  # nodes between clock checks

SolverMove = str | tuple[str, ...]  # "draw", "recycle" or the removed card codes


@dataclass(frozen=True, slots=True)
class SolveResult:
    """``won`` is exact when ``complete``; None if a node or time limit stopped the search."""

    won: bool | None
    moves: list[SolverMove]
    nodes: int = 0
    complete: bool = True
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class ParResult:
    """Best Par score reachable and a line reaching it (a lower bound if not ``complete``)."""

    score: int
    moves: list[SolverMove]
    cleared_in_deal: int | None
    nodes: int = 0
    complete: bool = True
    seconds: float = 0.0


_ClassInfo = tuple[bool, bool, int, int, int]


class _Limit(Exception):
    """Unwinds the search when a node or time limit is hit."""


# -- static geometry -------------------------------------------------------------------

def _cone(index: int) -> int:
    """Mask of every slot below ``index`` that (transitively) covers it."""
    row, col = row_col(index)
    mask = 0
    for r in range(row + 1, ROWS):
        for c in range(col, col + r - row + 1):
            mask |= 1 << (r * (r + 1) // 2 + c)
    return mask


def _cover_mask(index: int) -> int:
    cover = covering(index)
    return 0 if cover is None else (1 << cover[0]) | (1 << cover[1])


_CONE = tuple(_cone(i) for i in range(PYRAMID_SIZE))
_COVER = tuple(_cover_mask(i) for i in range(PYRAMID_SIZE))
# _UP[i]: every slot that ``i`` (transitively) covers, i.e. whose cone holds ``i``.
_UP = tuple(sum(1 << j for j in range(PYRAMID_SIZE) if _CONE[j] >> i & 1)
            for i in range(PYRAMID_SIZE))


# -- a position, encoded ---------------------------------------------------------------

# Per removed-pyramid mask: available slots, kings among them, pairs, slots by rank.
Shape = tuple[list[int], list[int], list[tuple[int, int]], list[list[int]]]


class _Problem:
    """Tables for one position; the search functions below close over them."""

    def __init__(self, state: PyramidState) -> None:
        cards = [c for c in state.pyramid if c is not None] + list(state.waste) + list(state.stock)
        if len(set(cards)) != len(cards):
            raise ValueError("the position holds the same card twice")
        self.pyr: list[Card | None] = list(state.pyramid)
        self.pack: list[Card] = list(state.waste) + list(state.stock)
        self.n = len(self.pack)
        self.full_m = (1 << self.n) - 1
        self.pyr_rank = [0 if c is None else c.rank for c in self.pyr]
        self.pack_rank = [c.rank for c in self.pack]
        self.P0 = sum(1 << i for i, c in enumerate(self.pyr) if c is None)
        self.b0 = len(state.waste)
        self.r0 = state.redeals_used
        self.redeals = state.redeals
        self.cleared = state.cleared_in_deal or 0
        # Rank-class masks (class x pairs ranks x and 13 - x; class 0 unused, kings
        # are removed alone): which slots / pack positions hold each rank.
        self.pyr_of_rank = [0] * 14
        self.pack_of_rank = [0] * 14
        for i, rank in enumerate(self.pyr_rank):
            if rank:
                self.pyr_of_rank[rank] |= 1 << i
        for j, rank in enumerate(self.pack_rank):
            self.pack_of_rank[rank] |= 1 << j
        self._shape: dict[int, Shape] = {}
        self._stuck: dict[int, int] = {}
        self._class_memo: dict[tuple[int, int, int], _ClassInfo] = {}

    def code(self, where: int) -> str:
        """``where`` < 28: a pyramid slot; otherwise pack position ``where - 28``."""
        card = self.pyr[where] if where < PYRAMID_SIZE else self.pack[where - PYRAMID_SIZE]
        assert card is not None
        return card.code

    def shape(self, P: int) -> Shape:
        """Per removed-pyramid mask: available slots, kings among them, pyramid pairs,
        and available slots by rank. There are at most 1430 shapes, so this caches well."""
        info = self._shape.get(P)
        if info is None:
            ranks = self.pyr_rank
            avail = [i for i in range(PYRAMID_SIZE)
                     if not P >> i & 1 and P & _COVER[i] == _COVER[i]]
            kings = [i for i in avail if ranks[i] == 13]
            pairs = [(i, j) for i, j in combinations(avail, 2) if ranks[i] + ranks[j] == 13]
            by_rank: list[list[int]] = [[] for _ in range(14)]
            for i in avail:
                by_rank[ranks[i]].append(i)
            info = (avail, kings, pairs, by_rank)
            self._shape[P] = info
        return info

    def stuck(self, P: int, M: int) -> int:
        """Pyramid cards that can never be removed, as a mask: a card with no partner left
        in the pack whose every partner left in the pyramid is in its cone, or is covered
        by it, or is stuck already (never removed, so never paired); and every card that
        a stuck card covers, since those can never be uncovered. Cached per shape and
        per set of ranks still in the pack."""
        in_pack = 0
        for rank in range(1, 13):
            if self.pack_of_rank[rank] & ~M:
                in_pack |= 1 << rank
        key = P | in_pack << 28
        found = self._stuck.get(key)
        if found is None:
            found = 0
            changed = True
            while changed:
                changed = False
                for i, rank in enumerate(self.pyr_rank):
                    if (rank in (0, 13) or (P | found) >> i & 1 or in_pack >> (13 - rank) & 1):
                        continue
                    if not self.pyr_of_rank[13 - rank] & ~(P | found | _CONE[i] | _UP[i]):
                        found |= (1 << i | _UP[i]) & ~P
                        changed = True
            self._stuck[key] = found
        return found

    def class_info(self, x: int, P: int, M: int, waste: int = 0) -> _ClassInfo:
        """Matching relaxation of rank class ``x`` (ranks x and 13 - x) over the remaining
        cards: (can every remaining card of the class be matched, can every remaining
        pyramid card of it be matched, the largest such matching or -1, the largest
        matching, the number of cards). ``waste``: the pack positions in the waste once
        no redeal is left.

        Two cards can only ever be removed together if neither lies in the other's cone
        (a card in the cone must go before the other is uncovered), and, with no redeal
        left, not if both are in the waste: only its top is ever available and the stock
        top is a card not yet drawn. Otherwise any two cards are assumed to meet, so
        this only over-estimates what can be removed.
        """
        pyr_x = self.pyr_of_rank[x] & ~P
        pyr_y = self.pyr_of_rank[13 - x] & ~P
        pack_xy = (self.pack_of_rank[x] | self.pack_of_rank[13 - x]) & ~M
        waste &= pack_xy
        key = (pyr_x | pyr_y, pack_xy | waste << 32, x)
        hit = self._class_memo.get(key)
        if hit is not None:
            return hit
        # A card is (slot or pack position, 0 pack / 1 pyramid / 2 final waste).
        def cards(rank: int, pyr: int) -> list[tuple[int, int]]:
            found = [(i, 1) for i in range(PYRAMID_SIZE) if pyr >> i & 1]
            return found + [(j, 2 if waste >> j & 1 else 0) for j in range(self.n)
                            if pack_xy >> j & 1 and self.pack_rank[j] == rank]

        xs, ys = cards(x, pyr_x), cards(13 - x, pyr_y)

        def ok(u: tuple[int, int], v: tuple[int, int]) -> bool:
            if u[1] == 1 and v[1] == 1:
                return not (_CONE[u[0]] >> v[0] & 1 or _CONE[v[0]] >> u[0] & 1)
            return not (u[1] == 2 and v[1] == 2)

        n_pyr = sum(1 for u in xs + ys if u[1] == 1)
        best_all = False
        best_any = 0
        best_cover = -1
        # Enumerate every matching (at most 209 for four against four):
        # (next x, used ys, size, pyramid cards covered).
        stack: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
        while stack:
            k, used, size, covered = stack.pop()
            if k == len(xs):
                best_any = max(best_any, size)
                if covered == n_pyr:
                    best_cover = max(best_cover, size)
                if 2 * size == len(xs) + len(ys):
                    best_all = True
                continue
            stack.append((k + 1, used, size, covered))
            for m, v in enumerate(ys):
                if not used >> m & 1 and ok(xs[k], v):
                    stack.append((k + 1, used | 1 << m, size + 1,
                                  covered + (xs[k][1] == 1) + (v[1] == 1)))
        hit = (best_all, best_cover >= 0, best_cover, best_any, len(xs) + len(ys))
        self._class_memo[key] = hit
        return hit


def _tops(n_rem: int, b: int) -> tuple[int, int, int]:
    """Normalised boundary, waste top and stock top (-1 if none) for remaining mask ``n_rem``."""
    below = n_rem & ((1 << b) - 1)
    if below:
        w = below.bit_length() - 1
        b = w + 1
    else:
        w, b = -1, 0
    above = n_rem >> b
    s = b + (above & -above).bit_length() - 1 if above else -1
    return b, w, s


def _to_state(cards_or_state: Sequence[Card | str] | PyramidState, redeals: int) -> PyramidState:
    if isinstance(cards_or_state, PyramidState):
        return cards_or_state
    return deal(list(cards_or_state), redeals=redeals)


class _Budget:
    """Node and time limits shared by the searches one request runs."""

    def __init__(self, node_limit: int | None, time_limit: float | None) -> None:
        self.nodes_left = node_limit
        self.deadline = None if time_limit is None else wallclock.seconds() + time_limit

    def clock(self, share: float = 1.0) -> Callable[[int], int]:
        """``check(nodes)`` for one search given ``share`` of what is left: raises _Limit
        once past it, else returns the node count at which to call it again (the
        clock is read every _CHECK_EVERY nodes)."""
        limit = None if self.nodes_left is None else int(self.nodes_left * share)
        now = wallclock.seconds()
        deadline = None if self.deadline is None else now + (self.deadline - now) * share

        def check(nodes: int) -> int:
            if limit is not None and nodes > limit:
                raise _Limit
            if deadline is not None and wallclock.seconds() > deadline:
                raise _Limit
            step = nodes + _CHECK_EVERY
            return step if limit is None else min(step, limit + 1)

        return check

    def spend(self, nodes: int) -> None:
        if self.nodes_left is not None:
            self.nodes_left = max(0, self.nodes_left - nodes)


# -- public API ------------------------------------------------------------------------

def solve(cards: Sequence[Card | str], redeals: int = 2, goal: str = "all", *,
          node_limit: int | None = None, time_limit: float | None = None) -> SolveResult:
    """Can the 52 ``cards`` (pyramid row by row, then the pack, ``cards[28]`` on top) be
    cleared? goal "all": every card; "pyramid": the 28 pyramid cards. Exact unless a
    limit is given and hit, in which case ``won`` is None and ``complete`` False."""
    _check_goal(goal)
    return solve_state(deal(list(cards), redeals=redeals), goal,
                       node_limit=node_limit, time_limit=time_limit)


def solve_state(state: PyramidState, goal: str = "all", *, node_limit: int | None = None,
                time_limit: float | None = None) -> SolveResult:
    """``solve`` from a position in play (any redeals used, any cards removed)."""
    _check_goal(goal)
    return _solve(state, goal, _Budget(node_limit, time_limit))


def _solve(state: PyramidState, goal: str, budget: _Budget, share: float = 1.0) -> SolveResult:
    started = wallclock.seconds()
    run, counter = _search(_Problem(state), goal, budget.clock(share))
    try:
        path = run()
    except _Limit:
        path, complete = None, False
    else:
        complete = True
    budget.spend(counter())
    won = (path is not None) if complete else None
    return SolveResult(won, path or [], counter(), complete, wallclock.seconds() - started)


def best_par(cards_or_state: Sequence[Card | str] | PyramidState, redeals: int = 2, *,
             node_limit: int | None = None, time_limit: float | None = None) -> ParResult:
    """The best Par score reachable (from a deal of 52 cards, or a position in play) and a
    line reaching it. Scores only rise along any line (removing a card never lowers
    par_score, drawing and recycling keep it), so the best score at the end of a game
    is the best score of any reachable position. With a limit hit, ``complete`` is
    False and the result is the best found so far."""
    return best_par_state(_to_state(cards_or_state, redeals),
                          node_limit=node_limit, time_limit=time_limit)


def best_par_state(state: PyramidState, *, node_limit: int | None = None,
                   time_limit: float | None = None) -> ParResult:
    started = wallclock.seconds()
    budget = _Budget(node_limit, time_limit)
    # Updated by the search: score, line, deal the pyramid was cleared in.
    best: list[Any] = [par_score(state), [], state.cleared_in_deal]
    first, nodes = _first_clear(state, budget, best)
    run, counter = _search(_Problem(state), "par", budget.clock(), best, first)
    complete = True
    try:
        run()
    except _Limit:
        complete = False
    score, line, cleared = best
    return ParResult(score, list(line), cleared, nodes + counter(), complete,
                     wallclock.seconds() - started)


def _first_clear(state: PyramidState, budget: _Budget, best: list[Any]) -> tuple[int, int]:
    """A lower bound on the first deal in which the pyramid can be cleared (exact unless a
    limit was hit; 0: never), found with the much faster "pyramid" search, to bound the
    Par search. Winning lines found on the way go into ``best`` as a head start. Also
    returns the nodes used."""
    if state.cleared_in_deal is not None:
        return state.cleared_in_deal, 0
    nodes = 0
    first = state.redeals_used + 1
    found = 0  # the deal a winning line found clears in
    # With every redeal first: if that fails the pyramid can never be cleared. Then with
    # as few redeals as possible, up to the deal that line needed.
    for cap in [state.redeals, *range(state.redeals_used, state.redeals)]:
        if found and cap + 1 >= found:
            break
        result = _solve(replace(state, redeals=cap), "pyramid", budget, share=0.5)
        nodes += result.nodes
        if not result.complete:
            return first, nodes
        if not result.won:
            if not found:
                return 0, nodes
            first = cap + 2  # no clearing within deals 1..cap+1
            continue
        end = _replay(state, result.moves)
        found = end.cleared_in_deal or 0
        _keep(end, result.moves, best)
    first = max(first, found)
    # Clearing everything within the first possible deal scores the most possible.
    result = _solve(replace(state, redeals=first - 1), "all", budget, share=0.5)
    nodes += result.nodes
    if result.won:
        _keep(_replay(state, result.moves), result.moves, best)
    return first, nodes


def _replay(state: PyramidState, moves: list[SolverMove]) -> PyramidState:
    for move in moves:
        state = apply(state, move_from_json(move))
    return state


def _keep(end: PyramidState, moves: list[SolverMove], best: list[Any]) -> None:
    if par_score(end) > best[0]:
        best[:] = [par_score(end), list(moves), end.cleared_in_deal]


def _check_goal(goal: str) -> None:
    if goal not in GOALS:
        raise ValueError(f"goal must be one of {GOALS}, not {goal!r}")


# -- the search ------------------------------------------------------------------------

def _search(prob: _Problem, mode: str, check: Callable[[int], int],
            best: list[Any] | None = None, first_clear: int = 1
            ) -> tuple[Callable[[], list[SolverMove] | None], Callable[[], int]]:
    """Depth-first search shared by the three modes: "all" and "pyramid" stop at the
    first line reaching the goal; "par" keeps the best score so far in ``best`` and
    looks only for positions that can still beat it, knowing that the pyramid cannot
    be cleared before deal ``first_clear`` (0: never).

    Recursion goes one level per removal (draws are a loop): at most 52 levels of two
    Python frames, far from the recursion limit.
    """
    full_m, redeals = prob.full_m, prob.redeals
    pyr_rank, pack_rank = prob.pyr_rank, prob.pack_rank
    pyr_of_rank, pack_of_rank = prob.pyr_of_rank, prob.pack_of_rank
    shape, class_info, code = prob.shape, prob.class_info, prob.code
    P28 = PYRAMID_SIZE
    par = mode == "par"
    pyramid_only = mode == "pyramid"
    need = 1 if pyramid_only else 0  # class_info index: all cards, or the pyramid cards
    # dead[P | M << 28 | d << 56] = the earliest pack point (r, b), as r << 5 | b, from
    # which the goal is proven out of reach with those cards removed (d: the deal the
    # pyramid was cleared in, kept for "par" only). From (r, b) play reaches every later
    # point with the same cards removed (draw up to a later b, or draw out, recycle and
    # draw again), so every later point is lost too and one number records them all.
    # In "par" mode the goal is beating the best score so far; it only rises, so a
    # position that cannot beat it stays unable to.
    dead: dict[int, int] = {}
    path: list[SolverMove] = []
    nodes = 0
    next_check = 0  # check once at the start: a zero node limit stops at once
    best_score = best[0] if best else 0

    def improve(score: int, d: int) -> None:
        nonlocal best_score
        best_score = score
        assert best is not None
        best[:] = [score, list(path), d or None]

    def bound(P: int, M: int, r: int, d: int, waste: int) -> int:
        """An upper bound on the Par score reachable: the stuck cards stay, and the
        matching relaxation bounds what the others can do."""
        stuck = prob.stuck(P, M) if not d else 0
        lb_any = lb_cover = 0
        coverable = not stuck
        for x in range(1, 7):
            _, ok_cover, cover, most, size = class_info(x, P | stuck, M, waste)
            lb_any += size - 2 * most
            if ok_cover:
                lb_cover += size - 2 * cover
            else:
                coverable = False
        if d:
            return PAR_BASE[d - 1] - lb_any
        # Not cleared: at least one pyramid card is left.
        uncleared = -max(1, lb_any + stuck.bit_count())
        if not coverable or not first_clear:
            return uncleared
        return max(PAR_BASE[max(r, first_clear - 1)] - lb_cover, uncleared)

    def final_waste(b: int, r: int) -> int:
        # The waste-to-waste rule of class_info: it helps "all" and "par" only.
        return (1 << b) - 1 if r == redeals and not pyramid_only else 0

    rank_of = pyr_rank + pack_rank  # by "where": a slot, or 28 + a pack position
    codes = [code(i) if pyr_rank[i] else "" for i in range(P28)] + [
        code(P28 + j) for j in range(len(pack_rank))]

    def pick_forced(moves: list[tuple[int, int, int, int]], P: int, M: int
                    ) -> tuple[int, int, int, int] | None:
        """A pair that every line reaching the goal may as well take now.

        Goals "all"/"pyramid": a pair (a, c) where a must go in every solution (any card
        for "all", a pyramid card for "pyramid") and c is a's only remaining partner.
        Every solution removes a together with c, so by the Lemma (E = {a, c}) doing
        it now loses nothing. "par": a and c must be each other's only partner, so any
        line removes both together or neither; the Lemma applies the same way.
        """
        for mv in moves:
            a, c = mv[2], mv[3]
            x = rank_of[a]
            # c is a's only partner iff c is the last card of its rank, and vice versa.
            left = pyr_of_rank[13 - x] & ~P | (pack_of_rank[13 - x] & ~M) << P28
            a_only = not left & (left - 1)
            left = pyr_of_rank[x] & ~P | (pack_of_rank[x] & ~M) << P28
            c_only = not left & (left - 1)
            if par:
                if a_only and c_only:
                    return mv
            elif (a_only and (not pyramid_only or a < P28)) or (
                    c_only and (not pyramid_only or c < P28)):
                return mv
        return None

    def try_moves(moves: list[tuple[int, int, int, int]], b: int, r: int, d: int) -> bool:
        point = r << 5 | b
        waste = final_waste(b, r)
        for np_, nm, a, c in moves:
            cd = d or (r + 1 if np_ == _FULL_P and par else 0)
            # Known lost? ``b`` may be past the child's normalised boundary, but only
            # over removed cards, so no recorded (normalised) point lies in between.
            if dead.get(np_ | nm << 28 | cd << 56, 1 << 30) <= point:
                continue
            x = rank_of[a]
            if not par and not class_info(x if x < 7 else 13 - x, np_, nm, waste)[need]:
                continue  # some card of that rank class can no longer be matched
            path.append((codes[a], codes[c]) if x < 7 else (codes[c], codes[a]))
            if visit(np_, nm, b, r, cd):
                return True
            path.pop()
        return False

    def visit(P: int, M: int, b: int, r: int, d: int) -> bool:
        """From (P, M) at pack point (r, b): True if the goal is reached ("par": the
        best possible score, so the whole search may stop). One call covers the whole
        run of draws from that point, since draws never branch."""
        nonlocal nodes, next_check
        nodes += 1
        if nodes >= next_check:
            next_check = check(nodes)
        rem = full_m & ~M
        if par:
            left = rem.bit_count()
            score = PAR_BASE[d - 1] - left if d else -(left + 28 - P.bit_count())
            if score > best_score:
                improve(score, d)
                if score >= top:
                    return True
        elif P == _FULL_P and (pyramid_only or M == full_m):
            return True
        key = P | M << 28 | d << 56
        known = dead.get(key, 1 << 30)
        b, w, s = _tops(rem, b)
        start = r << 5 | b
        if start >= known:
            return False
        cap = bound(P, M, r, d, final_waste(b, r)) if par else 0
        if par:
            if cap <= best_score:
                dead[key] = start
                return False
        avail, kings, pairs, by_rank = shape(P)
        # An available pyramid king: by the Lemma (E = {king}; kings go alone) removing
        # it now loses nothing, so it is the only move tried.
        if kings:
            np_ = P | 1 << kings[0]
            path.append((code(kings[0]),))
            if visit(np_, M, b, r, d or (r + 1 if np_ == _FULL_P and par else 0)):
                return True
            path.pop()
            dead[key] = start
            return False
        # Pairs inside the pyramid do not depend on the pack point, so they are tried
        # here only: the same pair taken after some draws leads to a point that the
        # position reached by taking it now can also reach, so it is lost if that is.
        moves = [(P | 1 << i | 1 << j, M, i, j) for i, j in pairs]
        forced = pick_forced(moves, P, M)
        if forced is not None:
            moves = [forced]
        if try_moves(moves, b, r, d):
            return True
        if forced is not None or (par and best_score >= cap):
            dead[key] = start
            return False
        mark = len(path)
        drawn = False
        while True:
            # The pack tops here: a king is forced (as above), else pairs with them.
            rs = pack_rank[s] if s >= 0 else 0
            rw = pack_rank[w] if w >= 0 else 0
            if rs == 13 or rw == 13:
                king = s if rs == 13 else w
                path.append((code(P28 + king),))
                if visit(P, M | 1 << king, b, r, d):
                    return True
                break  # forced, and every later point is reachable from the child
            moves = []
            if rs and by_rank[13 - rs]:
                moves += [(P | 1 << i, M | 1 << s, i, P28 + s) for i in by_rank[13 - rs]]
            # Once this loop has drawn, the waste top is the card just drawn, and pairing it
            # with a pyramid card is the very move already tried while it was on the stock.
            if rw and not drawn and by_rank[13 - rw]:
                moves += [(P | 1 << i, M | 1 << w, i, P28 + w) for i in by_rank[13 - rw]]
            if rs + rw == 13 and rs and rw:
                moves.append((P, M | 1 << s | 1 << w, P28 + s, P28 + w))
            if moves:
                forced = pick_forced(moves, P, M)
                if try_moves([forced] if forced else moves, b, r, d):
                    return True
                if forced is not None:
                    break  # as for kings
                if par and best_score >= cap:
                    break
            if s >= 0:  # draw: s goes onto the waste
                if r == redeals and mode == "all" and not class_info(
                        min(rs, 13 - rs), P, M, (1 << s + 1) - 1)[0]:
                    break  # a card stuck in the waste for good; later draws only add more
                path.append("draw")
                drawn = True
                w, b = s, s + 1
                above = rem >> b
                s = b + (above & -above).bit_length() - 1 if above else -1
            elif w >= 0 and r < redeals:
                if par:  # a later deal can only score less
                    cap = min(cap, bound(P, M, r + 1, d, 0))
                    if cap <= best_score:
                        break
                path.append("recycle")
                b, r, w = 0, r + 1, -1
                s = (rem & -rem).bit_length() - 1
            else:
                break
            if r << 5 | b >= known:
                break
        del path[mark:]
        dead[key] = start
        return False

    P0, M0, d0 = prob.P0, 0, prob.cleared
    top = 0
    if par:
        top = bound(P0, M0, prob.r0, d0, final_waste(prob.b0, prob.r0))

    def run() -> list[SolverMove] | None:
        if par:
            visit(P0, M0, prob.b0, prob.r0, d0)
            return None
        if pyramid_only and (P0 == _FULL_P or d0):
            return []
        for x in range(1, 7):
            if not class_info(x, P0, M0, final_waste(prob.b0, prob.r0))[need]:
                return None
        return list(path) if visit(P0, M0, prob.b0, prob.r0, 0) else None

    return run, lambda: nodes
