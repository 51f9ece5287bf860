"""Poker Squares moves other than placing a dealt card, for the computer players: a
reject (own or common), moving or swapping cards of the matrix and taking a reject
back, stealing, planting, Pass and Done. Pure.

Every legal move is judged by one ply of the learned line values, under the seat's aim
as the quick player weighs squares (poker_squares_aims): a matrix is worth the sum of
its counted lines' values (the points a line is expected to end with, given its cards,
the cards still unseen and how many are placed) and its full lines' points; with 12
hands its finished diagonals count too, and with Make Pat Hands only its rows, each by
the log of its chance to end pat (so the costs below are scaled to that unit,
PAT_SCALE). A move is worth what it adds to the mover's matrices less what it adds to
the opponent's; a reject also costs the square it fills (REJECT_COST, more where two
matrices share one pack, which barely fills them); in the
turn-about modes a move that leaves the dealt card lying hands it to the opponent, who
is charged what it gives them over a card from the pack. The values drift as a matrix
fills, so a move that leaves a square to a later card is credited with what a typical
card from the pack adds there. The player's own choice of square (the quick values,
or the strong player's search) stands unless another move is worth more than the
best square by OTHER_MARGIN; with no square to fill, the best other move, Pass or
Done. Only moves that are legal now are judged: what the rules allow is theirs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.poker_squares_aims import DIAGONALS, LOG_FLOOR, PAT_FLOOR, Aim
from game.ai.poker_squares_lines import card_int, category, line_key
from game.ai.poker_squares_play import EMPTY, Lookup, Position
from game.rules.hands import CATEGORIES
from game.rules.poker_squares import Done, Move, Pass, Place, Shift
from game.rules.poker_squares_options import PAT, RACE_MODES

# Points a reject square is worth kept for later (a card that would cost more comes
# along now and then), against moves weighed on equal terms (``typical``). The quick
# player's gain from 1 reject on One Hand over placing only, deals 1-200: +8.3 +- 2.0 at
# 3, +9.1 at 6, +10.8 at 10, +15.0 +- 1.6 at 15, +13.0 at 22; on fresh deals 3000-3399
# +16.9 +- 1.2 at 15, where the judge before (3, no typical) gained +9.0 +- 1.4: it threw
# away its reject within the first five cards in every Alternate seat.
REJECT_COST = 15.0
# Where two players fill 50 squares from one pack of 52 (Alternate), a square left to a
# later card may never be filled, so a reject is kept for later at a higher worth. Quick
# player's gain from Pass or reject in Alternate (1 reject) over placing only, deals
# 5000-5999: +4.72 +- 0.84 a game at 15, +6.18 at 20, +8.22 at 25, +9.27 +- 0.85 at 30,
# +7.11 at 35, +3.98 at 40; on fresh deals 6000-6999 +8.43 +- 0.86 at 30 against
# +3.02 +- 0.87 at 15. Not with cards to spare: Same Deck (each card dealt twice), deals
# 5000-5499, +10.88 +- 1.06 at 15 against +6.30 +- 0.69 at 30.
REJECT_COST_TIGHT = 30.0
OTHER_MARGIN = 0.5  # points another move must beat the best square by
IMPROVES = 0.25  # points a move within the matrix must gain (no moving to and fro)
PACK_SAMPLE = 13  # cards from the pack tried for what a later card adds (typical)
# Make Pat Hands weighs a matrix by the log of its chance to be won: the costs above
# are taken at this many log units a point. Pat rows gained by 1 reject, deals
# 2000-2299: +0.22 +- 0.04 a game at 0.06, +0.24 at 0.1, +0.26 +- 0.03 at 0.2, +0.28 at
# 0.4: flat (tools/bench_poker_squares_options); the judge by points gained -0.04.
PAT_SCALE = 0.2
# The lines a matrix is weighed by. 12 hands, 1 reject, deals 1000-1599, the gain over
# placing only: +8.97 +- 1.22 points with a finished diagonal's points counted (+9.00
# ignoring diagonals), +7.49 +- 1.24 with unfinished ones weighed too, as the quick
# player weighs squares (poker_squares_aims.DIAGONAL_WEIGHT): so only once finished.
ROW, COLUMN, DIAGONAL = 0, 1, 2

Cells = list[int]


class Worth:
    """A matrix's worth under ``aim`` with ``seen`` (every card in sight) no longer to
    come: its counted lines' worths, each line's worked out once. ``value``: the learned
    values the aim reads (with pat hands, each row's chance to end pat)."""

    def __init__(self, seen: Sequence[int], value: Lookup, aim: Aim, decks: int = 1) -> None:
        unseen = Position.start(decks)
        for card in seen:
            unseen.see(card)
        self.unseen, self.value, self.aim = unseen, value, aim
        self.lines: dict[tuple[tuple[int, ...], int, int], float] = {}

    def __call__(self, cells: Sequence[int]) -> float:
        # (the values were learned after a first card: an empty matrix reads as with one)
        placed = max(1, sum(c != EMPTY for c in cells))

        def held(indices: Sequence[int]) -> tuple[int, ...]:
            return tuple(cells[i] for i in indices if cells[i] != EMPTY)
        total = 0.0
        for k in range(5):
            total += self._line(held(range(k * 5, k * 5 + 5)), ROW, placed)
            if not self.aim.pat:  # pat hands: the rows alone decide
                total += self._line(held(range(k, 25, 5)), COLUMN, placed)
        if self.aim.diagonals:
            total += sum(self._line(held(d), DIAGONAL, placed) for d in DIAGONALS)
        return total

    def _line(self, line: tuple[int, ...], kind: int, placed: int) -> float:
        key = (line, kind, placed)
        found = self.lines.get(key)
        if found is None:
            found = self.lines[key] = self._weigh(line, kind, placed)
        return found

    def _weigh(self, line: tuple[int, ...], kind: int, placed: int) -> float:
        u = self.unseen

        def learned(is_col: int) -> float:
            return self.value(line_key(line, u.rank_left, u.suit_left, u.live, is_col, placed))
        if self.aim.pat:
            if len(line) == 5:
                return 0.0 if CATEGORIES[category(line)] in PAT else LOG_FLOOR
            return math.log(max(PAT_FLOOR, learned(ROW)))
        if len(line) == 5:
            return self.aim.points[category(line)]
        if kind == DIAGONAL:  # counted once finished only: weighed before, it judged
            return 0.0  # worse (the figures by ROW, COLUMN, DIAGONAL above)
        return learned(kind)


@dataclass
class Table:
    """A seat's view as card ints: its matrices, the opponent's, the dealt cards, the
    reject squares, and every card in sight."""

    mine: list[Cells]
    other: Cells | None
    dealt: list[int]
    rejects: list[int]
    common: list[int]
    seen: list[int]

    @classmethod
    def of(cls, view: Any) -> Table:
        def flat(grid: Sequence[Sequence[Any]]) -> Cells:
            return [EMPTY if c is None else card_int(c) for row in grid for c in row]

        def ints(cards: Sequence[Any]) -> list[int]:
            return [EMPTY if c is None else card_int(c) for c in cards]

        mine = [flat(g) for g in view.grids]
        other = None if view.other_grid is None else flat(view.other_grid)
        dealt, rejects = ints(view.dealt), ints(view.rejects)
        common, theirs = ints(view.common_rejects), ints(view.other_rejects)
        seen = [c for c in (*(c for g in mine for c in g), *(other or ()), *dealt, *rejects,
                            *common, *theirs) if c != EMPTY]
        return cls(mine, other, dealt, rejects, common, seen)

    def card_at(self, spot: str) -> int:
        kind, rest = spot[0], spot[1:]
        if kind == "g":
            return self.mine[int(rest[0])][int(rest[1]) * 5 + int(rest[2])]
        if kind == "o":
            assert self.other is not None
            return self.other[int(rest[0]) * 5 + int(rest[1])]
        return {"d": self.dealt, "r": self.rejects, "c": self.common}[kind][int(rest)]


def spots(move: Place | Shift) -> tuple[str, str]:
    if isinstance(move, Place):
        return f"d{move.pick}", f"g{move.grid}{move.row}{move.col}"
    return move.source, move.target


class MoveJudge:
    """Judges a seat's legal moves by ``value`` (a line key's learned worth) under the
    seat's ``aim``; ``choose`` answers a move other than placing when one is better."""

    def __init__(self, value: Lookup, aim: Aim) -> None:
        self.value, self.aim = value, aim
        self.scale = PAT_SCALE if aim.pat else 1.0  # the costs in the worths' unit

    def choose(self, view: Any, legal: Sequence[Move]) -> Move | None:
        """The move to make, or None: place the dealt card where the player would."""
        places = [m for m in legal if isinstance(m, Place)]
        others = [m for m in legal if not isinstance(m, Place)]
        if not others or getattr(view, "options", None) is None:
            return None  # nothing but squares, or a view without the table's rules
        table = Table.of(view)
        decks = view.options.decks * (2 if view.options.mode == "same_deck" else 1)
        turns = view.options.mode not in RACE_MODES and view.other_grid is not None
        judge = _Worths(self, table, decks)
        best_place = max((judge.change(m) for m in places), default=None)
        # The dealt card handed on: what it gives the opponent over a card from the pack.
        handed = max((judge.their_best(c) for c in table.dealt if c != EMPTY), default=0.0) \
            - judge.their_typical() if turns else 0.0
        scored: list[tuple[float, int, Move]] = []
        move: Move
        for n, move in enumerate(others):
            if isinstance(move, Done):
                score = IMPROVES * self.scale  # over Pass: nothing better left, hand done
            elif isinstance(move, Pass):
                score = (-handed if turns else 0.0) + judge.typical()  # placed later
            else:
                source, target = spots(move)
                score = judge.change(move)
                if target[0] in "rc":  # a matrix card thrown away must clearly gain
                    kept = REJECT_COST_TIGHT if turns and decks == 1 else REJECT_COST
                    score -= (kept + (IMPROVES if source[0] == "g" else 0.0)) * self.scale
                placed_later = judge.short(move)
                if source[0] != "d":  # the dealt card still waits
                    if turns:
                        score -= handed
                    else:  # and fills one of the squares left
                        score += judge.then_placed(move)
                        placed_later -= 1
                score += max(0, placed_later) * judge.typical()
                if source[0] == "g" and target[0] == "g" and score < IMPROVES * self.scale:
                    continue  # moving within the matrix only when it clearly gains
            scored.append((score, -n, move))
        if not scored:
            return None if places else next(iter(others))
        score, _, move = max(scored)
        if best_place is not None and score <= best_place + OTHER_MARGIN * self.scale:
            return None
        return move


class _Worths:
    """Worths of one table's matrices before and after a move, worked out once each."""

    def __init__(self, judge: MoveJudge, table: Table, decks: int) -> None:
        self.table, self.decks, self.aim = table, decks, judge.aim
        self._typical: float | None = None
        self._worth = Worth(table.seen, judge.value, judge.aim, decks)
        self.base = [self._worth(m) for m in table.mine]
        self.other_base = self._worth(table.other) if table.other is not None else 0.0

    def change(self, move: Place | Shift) -> float:
        """What ``move`` adds to the mover's matrices less what it adds to the
        opponent's."""
        mine, other = self._after(move)
        gain = sum(self._worth(after) - before
                   for after, before, old in zip(mine, self.base, self.table.mine, strict=True)
                   if after != old)
        if other is not None and other != self.table.other:
            gain -= self._worth(other) - self.other_base
        return gain

    def short(self, move: Shift) -> int:
        """Cards the mover's matrices hold after ``move`` fewer than after placing the
        dealt card (before the dealt card, if it waits, is placed)."""
        mine, _ = self._after(move)
        before = sum(c != EMPTY for m in self.table.mine for c in m)
        return before + 1 - sum(c != EMPTY for m in mine for c in m)

    def typical(self) -> float:
        """What a card from the pack is expected to add to the mover's matrices at its
        best square. Line values drift as a matrix fills, so a move that leaves a square
        to a later card is weighed against one that fills it on equal terms only with
        this added for each such square."""
        if self._typical is None:
            self._typical = self._typical_gain(self.table.mine, self.base)
        return self._typical

    def their_typical(self) -> float:
        """As ``typical``, for the opponent's matrix."""
        other = self.table.other
        return 0.0 if other is None else self._typical_gain([other], [self.other_base])

    def _typical_gain(self, matrices: list[Cells], bases: list[float]) -> float:
        gains = []
        for card in self._pack_sample():
            best = max((self._worth(m[:i] + [card] + m[i + 1:]) - base
                        for m, base in zip(matrices, bases, strict=True)
                        for i, c in enumerate(m) if c == EMPTY), default=None)
            if best is None:
                return 0.0  # no square left to fill
            gains.append(best)
        if not gains:
            return 0.0
        if self.aim.pat:  # log chances: the mean of the chances, not of their logs
            return math.log(sum(math.exp(g) for g in gains) / len(gains))
        return sum(gains) / len(gains)

    def _pack_sample(self) -> list[int]:
        """Every few of the cards not in sight, spread over ranks and suits."""
        left = [card for card in range(52)
                for _ in range(self.decks - self.table.seen.count(card))]
        return left[::max(1, len(left) // PACK_SAMPLE)]

    def then_placed(self, move: Shift) -> float:
        """After ``move``, which leaves the dealt card to be placed next: the most the
        mover's matrices gain from it in one of their squares (0 with none empty)."""
        card = next((c for c in self.table.dealt if c != EMPTY), EMPTY)
        mine, _ = self._after(move)
        gains = [self._worth(m[:i] + [card] + m[i + 1:]) - self._worth(m)
                 for m in mine for i, c in enumerate(m) if c == EMPTY]
        return max(gains) if gains and card != EMPTY else 0.0

    def _after(self, move: Place | Shift) -> tuple[list[Cells], Cells | None]:
        table = self.table
        source, target = spots(move)
        mine = [m[:] for m in table.mine]
        other = table.other[:] if table.other is not None else None
        card, displaced = table.card_at(source), table.card_at(target) \
            if target[0] in "go" else EMPTY
        for spot, put in ((source, displaced), (target, card)):
            if spot[0] == "g":
                mine[int(spot[1])][int(spot[2]) * 5 + int(spot[3])] = put
            elif spot[0] == "o" and other is not None:
                other[int(spot[1]) * 5 + int(spot[2])] = put
        return mine, other

    def their_best(self, card: int) -> float:
        """The most the opponent's matrix gains from ``card`` in one of its squares."""
        other = self.table.other
        if other is None or EMPTY not in other:
            return 0.0
        best = float("-inf")
        for i, c in enumerate(other):
            if c == EMPTY:
                trial = other[:]
                trial[i] = card
                best = max(best, self._worth(trial) - self.other_base)
        return best
