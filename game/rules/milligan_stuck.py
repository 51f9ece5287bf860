"""Proving a game of The Giant lost: no card can ever go up to the foundations again
(the stock aside). Pure; used inside ``milligan.apply`` with a small budget, and with a
large one by ``proven_lost``, the proof the rules ask before they accept ``Stuck`` (the
table's worker runs it first, through ``lost_proof``, so the move finds it remembered).

Two proofs, the cheap one first:

- ``relaxed_stuck``, without enumerating positions. A suit whose piles stand at heights
  a <= b can hold more cards than now only once a second copy of rank a+1 or a copy of
  rank b+1 (the "wanted" cards) is up: ranks up to a are up twice already, and a rank
  between can be up twice only if the lower pile has passed a. So a wanted card must
  be uncovered. A card is uncovered only when the card lying on it (the same card until
  then) goes somewhere: the waiving space, an empty column, onto a card one rank higher
  that is itself at a column's end at that moment, or (The Giant) up, if it is of a
  rank between the piles and the taller pile's own card of that rank has come down. A
  least fixed point over "may ever be uncovered", "a column may ever be empty", "a
  foundation card may come down" and the waiving space (one card: either nothing ever
  waits, or some card is the first and nothing else waits until it can leave) over-
  approximates everything play can reach; when no wanted card is in it, the game is lost.
- ``search``: every position reachable without dealing, best first (the nearest card
  that could go up first: a live game is settled in few positions), with columns
  unordered and the decks' copies alike (``position_key``), and moves that cannot
  matter (a whole column into an empty one) left out.

``line_up`` (the shortest line, breadth first) and ``any_line_up`` (best first) give
the moves that send a card up, for hints and the computer player.
"""

from __future__ import annotations

import heapq
import itertools
import threading
from collections import deque
from collections.abc import Iterator

from game import wallclock
from game.cards import SUITS, Card
from game.rules import milligan as M

# Suits a card of each suit may lie on, per rule.
_UNDER = {"alternate": {s: ("SC" if s in "HD" else "HD") for s in SUITS},
          "any": {s: SUITS for s in SUITS},
          "suit": {s: s for s in SUITS}}
_CODE = {(rank, suit): rank + 13 * k for k, suit in enumerate(SUITS) for rank in range(1, 14)}


def _heights(state: M.MilliganState) -> dict[str, tuple[int, int, int]]:
    """Per suit: the lower and the taller pile's height, and the taller pile's index."""
    out = {}
    for k, suit in enumerate(SUITS):
        p, q = 2 * k, 2 * k + 1
        a, b = len(state.foundations[p]), len(state.foundations[q])
        out[suit] = (a, b, q) if a <= b else (b, a, p)
    return out


def relaxed_stuck(state: M.MilliganState) -> bool:
    """True when no card that is not up now can ever go up (a sound proof; False says
    only that this proof does not settle it). See the module's note.

    The waiving space holds one card, so "it may ever be free" would let every card in
    turn park there. Instead, cases: either no card ever enters it, or some card ``x``
    is the first; until ``x`` can leave for a column nothing else may enter."""
    if state.waiting is not None:
        return _closure(state, state.waiting, True) is not None
    alone = _closure(state, None, False)
    # The first card to enter the waiving space is uncovered before, so without it.
    return alone is not None and all(_closure(state, card, False) is not None
                                     for card in alone)


def _closure(state: M.MilliganState, parker: Card | None, parked: bool) -> list[Card] | None:
    """The fixed point with the waiving space kept for ``parker`` (already in it when
    ``parked``), free for anything once it can leave. None when a wanted card may be
    uncovered; else the column cards that may be."""
    rule, mm = state.rule, state.miss_milligan
    under = _UNDER[rule]
    columns = state.columns
    targets: set[tuple[int, str]] = set()  # (rank, suit) of cards that may lie at an end
    uncovered = [[False] * len(c) for c in columns]
    # A card leads the cards on it away only once they are a run: where the run up from
    # it breaks now, the card at the break must first be uncovered.
    breaks = [_breaks(c, rule) for c in columns]
    for i, column in enumerate(columns):
        if column:
            uncovered[i][-1] = True
            targets.add((column[-1].rank, column[-1].suit))
    empty = any(not c for c in columns)  # a column may (ever) be empty
    free = False  # the waiving space may take any card (its first card can leave it)
    piles = state.foundations
    down = [[False] * len(p) for p in piles]  # a foundation card may come back down
    heights = _heights(state)

    def goes_up(card: Card) -> bool:
        """May ``card`` (at an end) leave by going up without more cards up than now?
        Under The Giant's rules a rank between the two piles' heights may, once the taller
        pile's own card of that rank has come down."""
        low, tall, pile = heights[card.suit]
        return not mm and low + 1 < card.rank <= tall and down[pile][card.rank - 1]

    def has_place(card: Card) -> bool:
        """May ``card``, leading whatever lies on it, ever be put on a column?"""
        if empty and (not mm or card.rank == 13):
            return True
        up = card.rank + 1
        return any((up, s) in targets for s in under[card.suit])

    changed = True
    while changed:
        changed = False
        if parked and parker is not None and not free and (has_place(parker)
                                                           or goes_up(parker)):
            free = changed = True
            targets.add((parker.rank, parker.suit))
        for i, column in enumerate(columns):
            seen = uncovered[i]
            for k in range(len(column) - 2, -1, -1):
                if not seen[k]:
                    on_it = column[k + 1]
                    if seen[k + 1] and (free or not parked and on_it == parker):
                        parked = on_it == parker or parked
                        seen[k] = changed = True
                    elif seen[k + 1] and goes_up(on_it):
                        seen[k] = changed = True
                    elif seen[breaks[i][k + 1]] and has_place(on_it):
                        seen[k] = changed = True
                    if seen[k]:
                        targets.add((column[k].rank, column[k].suit))
            if not empty and column:
                bottom = column[0]
                up = bottom.rank + 1
                alone = seen[0] and (free or not parked and bottom == parker
                                     or goes_up(bottom))
                if alone or seen[breaks[i][0]] and any((up, s) in targets
                                                       for s in under[bottom.suit]):
                    parked = parked or bottom == parker
                    empty = changed = True
        if not mm:
            for p, pile in enumerate(piles):
                gone = down[p]
                for k in range(len(pile) - 1, -1, -1):
                    if gone[k]:
                        continue
                    if (k == len(pile) - 1 or gone[k + 1]) and has_place(pile[k]):
                        gone[k] = changed = True
                        targets.add((pile[k].rank, pile[k].suit))
                    else:
                        break

    def wanted(card: Card) -> bool:
        low, tall, _ = heights[card.suit]
        return card.rank in (low + 1, tall + 1)

    if state.waiting is not None and wanted(state.waiting):
        return None
    exposed = [card for column, flags in zip(columns, uncovered, strict=True)
               for card, seen in zip(column, flags, strict=True) if seen]
    return None if any(wanted(card) for card in exposed) else exposed


def _breaks(column: tuple[Card, ...], rule: str) -> list[int]:
    """For each card, the index of the last card of the run that starts at it."""
    out = [0] * len(column)
    for k in range(len(column) - 1, -1, -1):
        out[k] = out[k + 1] if k + 1 < len(column) and M.builds_on(column[k + 1], column[k],
                                                                   rule) else k
    return out


class _OutOfBudget(Exception):
    """The search has seen as many positions as it may."""


def _onward(position: M.MilliganState, codes: list[bytes], start: int, seen: set[M.PositionKey],
            budget: int) -> Iterator[tuple[M.Transfer, M.MilliganState, list[bytes], int]]:
    """Each worthwhile move from ``position`` (its ``milligan.column_codes``: ``codes``),
    where it leads, that position's codes and its cards up: always when more cards than
    ``start`` are up there, otherwise only to a position not ``seen`` before (which it
    adds). Raises _OutOfBudget once ``budget`` positions have been seen."""
    here = position.laid_off
    for move in M.transfers(position):
        if M.pointless(position, move):
            continue
        after = M.shift(position, move)
        after_codes = M.shifted_codes(position, codes, move)
        up = here + (move.target == M.FOUNDATION) - (move.source[0] == "f")
        if up <= start:
            key = M.coded_key(after, after_codes)
            if key in seen:
                continue
            if len(seen) >= budget:
                raise _OutOfBudget
            seen.add(key)
        yield move, after, after_codes, up


def _depth_to_go(state: M.MilliganState) -> int:
    """How many cards lie on the shallowest column card that would go up if it were
    at its column's end (0: one goes up now; 99: none in the columns)."""
    fits = {(len(pile) + 1, SUITS[p // 2]) for p, pile in enumerate(state.foundations)}
    best = 99
    for column in state.columns:
        for depth, card in enumerate(reversed(column[-best:])):
            if (card.rank, card.suit) in fits:
                if not depth:
                    return 0
                best = depth
                break
    return best


def search(state: M.MilliganState, budget: int, deadline: float | None = None
           ) -> bool | None:
    """Every position reachable without dealing: True when none has more cards up than
    ``state`` (lost), False when one has, None when ``budget`` positions (or the time to
    ``deadline``, by wallclock.seconds) were not enough. Best first (``_best_first``):
    a plain depth first search went deep down its last move and missed lines two moves
    long in 50,000 positions; the order changes nothing about what is proven lost
    (every position is seen either way). (Running the relaxation at every position as
    well settled no more of the end games measured, at 3.5x the time.)"""
    found = _best_first(state, budget, deadline, False)
    assert not isinstance(found, tuple)  # without paths it answers lost, live or None
    return found


def any_line_up(state: M.MilliganState, budget: int) -> tuple[M.Transfer, ...] | None:
    """A series of moves (not dealing) after which more cards are up than now, found
    best first over at most ``budget`` positions (not the shortest, as ``line_up``'s,
    but found where a breadth first search runs out); None if none was found."""
    found = _best_first(state, budget, None, True)
    return found if isinstance(found, tuple) else None


def _best_first(state: M.MilliganState, budget: int, deadline: float | None, paths: bool
                ) -> tuple[M.Transfer, ...] | bool | None:
    """The positions reachable without dealing, the one whose nearest card that could go
    up lies under the fewest cards first (cards taken down count as cards to go up
    again). A line that sends a card up (``paths``: its moves, else just False), True
    when there is none, None when ``budget`` positions or ``deadline`` ran out."""
    start = state.laid_off
    seen = {M.position_key(state)}
    tie = itertools.count()
    frontier: list[tuple[int, int, M.MilliganState, list[bytes], tuple[M.Transfer, ...]]]
    frontier = [(0, 0, state, M.column_codes(state), ())]
    try:
        while frontier:
            if deadline is not None and not next(tie) % 16 and wallclock.seconds() > deadline:
                return None
            _, _, position, codes, path = heapq.heappop(frontier)
            for move, after, after_codes, up in _onward(position, codes, start, seen, budget):
                line = path + (move,) if paths else ()
                if up > start:
                    return line or False
                behind = start - up  # cards taken down, to go up again first
                depth = _depth_to_go(after)
                if not behind and (not depth or after.waiting is not None
                                   and M.foundation_for(after, after.waiting) is not None):
                    # A card goes up with the next move.
                    return line + (_a_layoff(after),) if paths else False
                heapq.heappush(frontier, (depth + behind, -next(tie), after, after_codes, line))
    except _OutOfBudget:
        return None
    return True


def _a_layoff(state: M.MilliganState) -> M.Transfer:
    return next(m for m in M.transfers(state) if m.target == M.FOUNDATION)


def line_up(state: M.MilliganState, budget: int) -> tuple[M.Transfer, ...] | None:
    """The shortest series of moves (not dealing) after which more cards are up than now,
    searched breadth first over at most ``budget`` positions; None if none was found."""
    start = state.laid_off
    seen = {M.position_key(state)}
    queue: deque[tuple[M.MilliganState, list[bytes], tuple[M.Transfer, ...]]]
    queue = deque([(state, M.column_codes(state), ())])
    try:
        while queue:
            position, codes, path = queue.popleft()
            for move, after, after_codes, up in _onward(position, codes, start, seen, budget):
                if up > start:
                    return path + (move,)
                queue.append((after, after_codes, path + (move,)))
    except _OutOfBudget:
        return None
    return None


def verdict(state: M.MilliganState, budget: int, deadline: float | None = None
            ) -> bool | None:
    """Is the game lost (no card can ever go up again, not dealing)? True: proven;
    False: a card can go up; None: not settled within ``budget`` positions."""
    if M.has_layoff(state):
        return False
    if relaxed_stuck(state):
        return True
    return search(state, budget, deadline)


WORKER_BUDGET = 50_000  # positions the proof behind Stuck may search (about 55 MB)
REMEMBERED = 64  # proofs kept (the table asks about the position it shows)

# Settled verdicts by state. A clock never decides one: a verdict found before a
# deadline is the one the budget alone gives, so a log ending in Stuck replays the same
# on any machine. A worker thread writes while the table's thread reads: hence the lock.
_settled: dict[M.MilliganState, bool | None] = {}
_settled_lock = threading.Lock()


def _remember(state: M.MilliganState, lost: bool | None) -> None:
    with _settled_lock:
        if len(_settled) >= REMEMBERED:
            del _settled[next(iter(_settled))]
        _settled[state] = lost


def proven_lost(state: M.MilliganState) -> bool | None:
    """The rules' proof behind ``Stuck``: ``verdict`` over at most WORKER_BUDGET
    positions, no clock; remembered per state, so a move after ``lost_proof`` on the
    same state checks in a look-up (else it may take seconds: replaying a saved log)."""
    with _settled_lock:
        if state in _settled:
            return _settled[state]
    lost = verdict(state, WORKER_BUDGET)
    _remember(state, lost)
    return lost


def lost_proof(state: M.MilliganState, seconds: float = 4.0) -> bool | None:
    """The table's question once the stock is out, on its worker: is this game lost?
    (None: not settled in ``seconds``; the player may still give up.) A settled answer
    is ``proven_lost``'s, and remembered as it."""
    if state.status != "playing" or state.stock:
        return None
    lost = verdict(state, WORKER_BUDGET, wallclock.seconds() + seconds)
    if lost is not None:
        _remember(state, lost)
    return lost
