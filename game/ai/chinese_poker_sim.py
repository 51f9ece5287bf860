"""A fast model of a Chinese Poker round for the computer players: hands as counts per
rank height (suits never matter), discards as plain tuples, and a greedy policy that
plays a round out. The rules module stays the authority; this only looks ahead.

An option is ``(kind, length, high, quad, need)``: kind one of the constants below,
length and high as in ``Combo``, ``quad`` a bomb's four, ``need`` the heights it uses.
Heights run 3..15 (the ace 14, the 2 15); a hand is a list of 16 counts indexed by height.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import lru_cache

from game.rules.chinese_poker_combos import (
    MAX_STRAIGHT,
    MIN_STRAIGHT,
    Combo,
    penalty,
    runs,
    value,
)

SINGLE, PAIRS, TRIPLES, FULL_HOUSE, STRAIGHT, BOMB = range(6)
KIND_ID = {"single": SINGLE, "pairs": PAIRS, "triples": TRIPLES, "full_house": FULL_HOUSE,
           "straight": STRAIGHT, "bomb": BOMB}
SET_SIZE = {SINGLE: 1, PAIRS: 2, TRIPLES: 3}  # the length of one set of each kind
HEIGHTS = range(3, 16)
TWO = 15
Option = tuple[int, int, int, int, tuple[int, ...]]


def counts_of(ranks: Iterable[int]) -> list[int]:
    counts = [0] * 16
    for rank in ranks:
        counts[value(rank)] += 1
    return counts


def option_of(combo: Combo | None) -> Option | None:
    """The table's combo as an option (its ``need`` is not used)."""
    if combo is None:
        return None
    return KIND_ID[combo.kind], combo.length, combo.high, combo.quad, ()


def options(counts: Sequence[int]) -> list[Option]:
    """Every distinct discard a hand of these counts holds."""
    held = [v for v in HEIGHTS if counts[v]]
    out: list[Option] = [(SINGLE, 1, v, 0, (v,)) for v in held]
    for size, kind in ((2, PAIRS), (3, TRIPLES)):
        heights = [v for v in held if counts[v] >= size]
        for run in runs(heights, 1, 13):
            out.append((kind, size * len(run), run[-1], 0, tuple(v for v in run
                                                                 for _ in range(size))))
    for t in held:
        if counts[t] >= 3:
            out.extend((FULL_HOUSE, 5, t, 0, (t, t, t, p, p)) for p in held
                       if p != t and counts[p] >= 2)
        if counts[t] == 4:
            out.extend((BOMB, 5, k, t, (t, t, t, t, k)) for k in held if k != t)
    low_first = sorted(2 if v == TWO else v for v in held)
    for run in runs(low_first, MIN_STRAIGHT, MAX_STRAIGHT):
        out.append((STRAIGHT, len(run), run[-1], 0, tuple(TWO if v == 2 else v for v in run)))
    return out


def lowest_options(counts: Sequence[int]) -> list[Option]:
    """The discards but bombs that shed the hand's lowest card, in the order ``options``
    lists them: all that a lead with nobody close to going out weighs."""
    low = next(v for v in HEIGHTS if counts[v])
    out: list[Option] = [(SINGLE, 1, low, 0, (low,))]
    for size, kind in ((2, PAIRS), (3, TRIPLES)):
        top = low - 1
        while top < TWO and counts[top + 1] >= size:
            top += 1
        out.extend((kind, size * (t - low + 1), t, 0, tuple(v for v in range(low, t + 1)
                                                             for _ in range(size)))
                   for t in range(low, top + 1))
    for t in HEIGHTS:
        if counts[t] >= 3:
            if t == low:
                out.extend((FULL_HOUSE, 5, t, 0, (t, t, t, p, p)) for p in HEIGHTS
                           if p != t and counts[p] >= 2)
            elif counts[low] >= 2:
                out.append((FULL_HOUSE, 5, t, 0, (t, t, t, low, low)))
    if low == 3 and counts[TWO]:  # a straight from the 2 sheds the 3 too
        out.extend((STRAIGHT, top - 1, top, 0, (TWO, *range(3, top + 1)))
                   for top in _straight_tops(counts, 2))
    out.extend((STRAIGHT, top - low + 1, top, 0, tuple(range(low, top + 1)))
               for top in _straight_tops(counts, low))
    return out


def _straight_tops(counts: Sequence[int], low: int) -> range:
    """Where the straights from ``low`` (2 for the 2) held can end."""
    top = low
    while top < 14 and counts[top + 1]:
        top += 1
    return range(low + MIN_STRAIGHT - 1, min(top, low + MAX_STRAIGHT - 1) + 1)


def _exact_runs(heights: list[int], length: int, above: int) -> list[list[int]]:
    """Runs of exactly ``length`` consecutive heights topping out above ``above``."""
    have = set(heights)
    return [list(range(top - length + 1, top + 1)) for top in heights
            if top > above and all(v in have for v in range(top - length + 1, top))]


def _bombs(counts: Sequence[int], table: Option) -> list[Option]:
    if 4 not in counts:  # most hands: no need to look further
        return []
    held = [v for v in HEIGHTS if counts[v]]
    return [o for t in held if counts[t] == 4
            for o in ((BOMB, 5, k, t, (t, t, t, t, k)) for k in held if k != t)
            if beats(o, table)]


def answers(counts: Sequence[int], table: Option | None) -> list[Option]:
    """The discards that beat ``table`` (every discard when it is None): the same as
    filtering ``options`` but much cheaper, as a follow only needs one kind."""
    if table is None:
        return options(counts)
    kind, length, high = table[0], table[1], table[2]
    out: list[Option] = []
    if kind == SINGLE:
        out = [(SINGLE, 1, v, 0, (v,)) for v in range(max(high, 2) + 1, 16) if counts[v]]
    elif kind in (PAIRS, TRIPLES):
        size = 2 if kind == PAIRS else 3
        heights = [v for v in HEIGHTS if counts[v] >= size]
        out = [(kind, length, run[-1], 0, tuple(v for v in run for _ in range(size)))
               for run in _exact_runs(heights, length // size, high)]
    elif kind == FULL_HOUSE:
        held = [v for v in HEIGHTS if counts[v]]
        out = [(FULL_HOUSE, 5, t, 0, (t, t, t, p, p)) for t in held
               if t > high and counts[t] >= 3 for p in held if p != t and counts[p] >= 2]
    elif kind == STRAIGHT:
        low_first = sorted(2 if v == TWO else v for v in HEIGHTS if counts[v])
        out = [(STRAIGHT, length, run[-1], 0, tuple(TWO if v == 2 else v for v in run))
               for run in _exact_runs(low_first, length, high)]
    return out + _bombs(counts, table)


def beats(play: Option, table: Option | None) -> bool:
    if table is None:
        return True
    if play[0] == BOMB:
        return table[0] != BOMB or (play[2], play[3]) > (table[2], table[3])
    return play[0] == table[0] and play[1] == table[1] and play[2] > table[2]


def breaks(counts: Sequence[int], option: Option) -> int:
    """How many sets the option splits (a single taken from a pair, say)."""
    need = option[4]
    return sum(1 for v in set(need) if need.count(v) < counts[v])


# -- a greedy player, fast enough for thousands of playouts -------------------------------------

def lead_choice(counts: Sequence[int], opts: list[Option], danger: bool) -> Option:
    """Lead what sheds the lowest card in the longest set; with a rival about to go out
    (``danger``), not a single if anything else will do."""
    plain = [o for o in opts if o[0] != BOMB] or opts
    if danger:
        sets = [o for o in plain if o[0] != SINGLE]
        if sets:
            plain = sets
        else:
            return max(plain, key=lambda o: o[2])
    low = min(min(o[4]) for o in plain)
    return max((o for o in plain if min(o[4]) == low),
               key=lambda o: (o[1] - 2 * breaks(counts, o), -o[2]))


def follow_choice(counts: Sequence[int], opts: list[Option], table: Option, danger: bool,
                  cards_left: int) -> Option | None:
    """The cheapest play that beats ``table``, sparing sets and bombs; None to pass."""
    fits = [o for o in opts if o[0] != BOMB and beats(o, table)]
    if fits:
        best = min(fits, key=lambda o: (breaks(counts, o), o[2]))
        # Keep the top cards for later unless a rival is close to going out.
        if danger or best[2] < 14 or best[1] == cards_left or breaks(counts, best) == 0:
            return best
        return None
    if danger or cards_left <= 5:
        bombs = [o for o in opts if o[0] == BOMB and beats(o, table)]
        if bombs:
            return min(bombs, key=lambda o: (o[2], o[3]))
    return None


def greedy(counts: Sequence[int], table: Option | None, danger: bool, cards_left: int
           ) -> Option | None:
    """The greedy player's discard (None: a pass). Playouts and the reading of rivals
    ask about the same small hands again and again, so answers are kept."""
    return choose(tuple(counts), table, danger, cards_left)


@lru_cache(maxsize=1 << 15)
def choose(counts: tuple[int, ...], table: Option | None, danger: bool, cards_left: int
           ) -> Option | None:
    """``greedy`` for counts that are a tuple already (kept by them)."""
    if table is None and not danger:
        return lead_choice(counts, lowest_options(counts), danger)
    if table is not None and table[1] == SET_SIZE.get(table[0]):
        return follow_set(counts, table, danger, cards_left)
    opts = answers(counts, table)
    if table is None:
        return lead_choice(counts, opts, danger)
    return follow_choice(counts, opts, table, danger, cards_left)


def follow_set(counts: Sequence[int], table: Option, danger: bool, cards_left: int
               ) -> Option | None:
    """``follow_choice`` on a single, a pair or a three of a kind (most follows) without
    listing every answer: the lowest set held whole above it, else the lowest one."""
    kind, size, high = table[0], table[1], table[2]
    above = [v for v in range(max(high, 2) + 1, 16) if counts[v] >= size]
    if above:
        v = next((v for v in above if counts[v] == size), above[0])
        # Keep the top cards for later unless a rival is close to going out.
        if danger or v < 14 or size == cards_left or counts[v] == size:
            return kind, size, v, 0, (v,) * size
        return None
    if danger or cards_left <= 5:
        bombs = _bombs(counts, table)
        if bombs:
            return min(bombs, key=lambda o: (o[2], o[3]))
    return None


def playout(hands: list[list[int]], sizes: list[int], turn: int, table: Option | None,
            leader: int, passes: int, rng: random.Random, noise: float = 0.0) -> list[int]:
    """Play the round out greedily from this position; the penalties each seat takes.
    ``noise`` is the chance that a seat passes a play it could make (variety)."""
    n = len(hands)
    left = [sum(h) for h in hands]
    close = sum(1 for cards in left if cards <= 2)  # seats close to going out
    for _ in range(400):
        hand = hands[turn]
        nxt = (turn + 1) % n
        danger = close - (left[turn] <= 2) > 0  # another seat is close
        choice = choose(tuple(hand), table, danger, left[turn])
        if choice is not None and table is not None and noise and rng.random() < noise:
            choice = None
        if choice is None:
            passes += 1
            if passes >= n - 1:
                table, passes = None, 0
                nxt = leader
        else:
            for v in choice[4]:
                hand[v] -= 1
            close += left[turn] > 2 >= left[turn] - len(choice[4])
            left[turn] -= len(choice[4])
            if left[turn] == 0:
                return [penalty(left[s], sizes[s]) for s in range(n)]
            table, leader, passes = choice, turn, 0
        turn = nxt
    return [0] * n  # a runaway playout counts as a draw
