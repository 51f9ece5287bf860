"""Fast greedy playouts for the strong player: the same choices as
game.ai.poker_squares_play.playout, several times quicker.

Each line keeps what its key is made of (rank counts, rank mask, suit) as cards land,
so a key is assembled from a few lookups instead of rescanning the line; the straight
count of a rank mask is memoised per set of live ranks; values are read straight from
the learned table's memo. Pure; cards are ints as in game.ai.poker_squares_lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.poker_squares_lines import (
    FLUSH,
    HIGH,
    ROYAL,
    ROYAL_RANKS,
    SFLUSH,
    STRAIGHT,
    WINDOWS,
    WINDOWS_HOLDING,
    category,
)
from game.ai.poker_squares_play import EMPTY, Position
from game.ai.poker_squares_values import Values

MIXED = -1  # a line's suit once it holds two suits
ROW_OF = tuple(i // 5 for i in range(25))
COL_OF = tuple(5 + i % 5 for i in range(25))  # lines 5-9 are the columns
STRAIGHTS = frozenset(sum(1 << r for r in w) for w in WINDOWS)
ROYAL_MASK = sum(1 << r for r in ROYAL_RANKS)
CLIP = (0, 1, 2, 3, 3, 3, 3, 3, 3)  # unseen cards of a rank as keys count them (two decks: 8)
_SHAPES: dict[tuple[int, ...], int] = {}  # sorted rank counts, + count of the fifth's rank
_WAYS: dict[int, int] = {}  # mask | open ranks << 13 -> straights still possible


def _ways(mask: int, live: int) -> int:
    """Straights holding every rank of ``mask`` whose other ranks are still unseen."""
    memo = mask | (live | mask) << 13
    ways = _WAYS.get(memo)
    if ways is None:
        open_ranks = live | mask
        ways = _WAYS[memo] = sum(1 for w in WINDOWS_HOLDING.get(mask, ())
                                 if w & open_ranks == w)
    return ways


class Rollout:
    """Greedy playouts on one value table; ``run(pos, deal)`` leaves ``pos`` alone."""

    def __init__(self, values: Values, points: Sequence[float]) -> None:
        self.values, self.points = values, tuple(points)

    def run(self, pos: Position, deal: Sequence[int]) -> float:
        """Final score of greedy play from ``pos`` with ``deal`` to come (the quick
        player's square each time, first on ties, exactly as ``playout``)."""
        memo, lookup, points = self.values.fine, self.values.of, self.points
        rl, sl, live, placed = pos.rank_left[:], pos.suit_left[:], pos.live, pos.placed
        lines = [line[:] for line in (*pos.rows, *pos.cols)]
        counts: list[dict[int, int]] = []
        masks, suits = [], []
        for line in lines:
            held: dict[int, int] = {}
            mask = 0
            for c in line:
                held[c >> 2] = held.get(c >> 2, 0) + 1
                mask |= 1 << (c >> 2)
            counts.append(held)
            masks.append(mask)
            suits.append(_suit_of(line))
        empties = [i for i, c in enumerate(pos.cells) if c == EMPTY]
        gains = [0.0] * 10
        # a line's key less its first two parts, kept until the line or what is unseen
        # of its ranks, its suit or the straights changes (None: work it out again)
        tails: list[tuple[int, ...] | None] = [None] * 10
        for card in deal[: len(empties)]:
            rank, suit, bit = card >> 2, card & 3, 1 << (card >> 2)
            gone = False  # the last card of this rank: straights may die
            if rl[rank] > 0:
                rl[rank] -= 1
                if not rl[rank]:
                    live &= ~bit
                    gone = True
            if sl[suit] > 0:
                sl[suit] -= 1
            placed += 1
            if len(empties) == 1:  # the last card has one square: nothing to weigh
                best = empties[0]
                lines[ROW_OF[best]].append(card)
                lines[COL_OF[best]].append(card)
                break
            left = CLIP[rl[rank]]
            for ln in range(10):
                line = lines[ln]
                n = len(line)
                if n == 5:
                    continue
                is_col = 1 if ln >= 5 else 0
                if n == 0:
                    before = memo.get(key := (is_col, placed, 0))
                    if before is None:
                        before = lookup(key)
                    after_key = (is_col, placed, 1, sl[suit], _ways(bit, live), 4 + left)
                    after = memo.get(after_key)
                    gains[ln] = (lookup(after_key) if after is None else after) - before
                    continue
                held, mask, own = counts[ln], masks[ln], suits[ln]
                distinct = len(held) == n
                tail = tails[ln]
                if tail is None or rank in held or own == suit or (gone and distinct):
                    tags = [k * 4 + CLIP[rl[r]] for r, k in held.items()]
                    tags.sort(reverse=True)
                    tail = tails[ln] = (n, sl[own] if own >= 0 else -1,
                                        _ways(mask, live) if distinct else 0, *tags)
                before = memo.get(key := (is_col, placed, *tail))
                if before is None:
                    before = lookup(key)
                if n == 4:
                    after = points[_fifth(line, held, mask, own, card)]
                else:
                    tags = list(tail[3:])
                    k = held.get(rank, 0)
                    if k:
                        tags.remove(k * 4 + left)
                        ways = 0
                    else:
                        ways = _ways(mask | bit, live) if distinct else 0
                    tags.append((k + 1) * 4 + left)
                    tags.sort(reverse=True)
                    after_key = (is_col, placed, n + 1, tail[1] if own == suit else -1, ways,
                                 *tags)
                    after = memo.get(after_key)
                    if after is None:
                        after = lookup(after_key)
                gains[ln] = after - before
            best, best_gain = -1, float("-inf")
            for i in empties:
                gain = gains[ROW_OF[i]] + gains[COL_OF[i]]
                if gain > best_gain:
                    best, best_gain = i, gain
            empties.remove(best)
            for ln in (ROW_OF[best], COL_OF[best]):
                lines[ln].append(card)
                counts[ln][rank] = counts[ln].get(rank, 0) + 1
                masks[ln] |= bit
                own = suits[ln]
                suits[ln] = suit if len(lines[ln]) == 1 else (own if own == suit else MIXED)
                tails[ln] = None
        return sum(points[category(line)] for line in lines)


def _fifth(line: list[int], held: dict[int, int], mask: int, own: int, card: int) -> int:
    """Category of four cards and ``card``: the common cases from the line's counts,
    the rest (pairs and better without a flush) by shape, memoised."""
    rank = card >> 2
    if rank not in held and len(held) == 4:
        ranks = mask | 1 << rank
        if ranks in STRAIGHTS:
            if own == card & 3:
                return ROYAL if ranks == ROYAL_MASK else SFLUSH
            return STRAIGHT
        return FLUSH if own == card & 3 else HIGH
    if own == card & 3:
        return FLUSH
    shape = (*sorted(held.values()), held.get(rank, 0))
    cat = _SHAPES.get(shape)
    if cat is None:
        line.append(card)
        cat = _SHAPES[shape] = category(line)
        line.pop()
    return cat


def _suit_of(line: Sequence[int]) -> int:
    """The one suit of a line (MIXED for two or more; any for an empty line)."""
    if not line:
        return MIXED
    suit = line[0] & 3
    return suit if all(c & 3 == suit for c in line) else MIXED
