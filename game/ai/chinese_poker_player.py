"""Chinese Poker computer players. Each sees its seat's view and the legal moves, never
the state.

- ``random``: any legal move.
- ``easy``: sheds its lowest cards, beats the table as cheaply as it can, never bombs.
- ``medium``: the greedy player of ``chinese_poker_sim``: keeps its sets whole, leads
  low and long, saves its aces and 2s and bombs for a rival close to going out.
- ``hard``: a search over what it cannot see: it deals the unseen cards (every card not
  in its hand, not discarded and not out of the deck) among the others in the counts
  they hold, in agreement with every pass and discard it saw them make this round
  (``chinese_poker_reading``), plays each candidate out with the greedy player for every
  seat, and keeps the move that left it the best penalty margin over those deals. It
  drops the worse half of its moves a few times on the way, so the best are told apart
  on more deals. A bomb must beat the best other move clearly over the same deals, not
  by a lucky mean.
- ``hard-blind``: the Hard before it read the table (uniform deals, every move weighed
  on as many deals, bombs on the mean), kept as the yardstick the bench measures Hard
  against.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from functools import lru_cache

from game import wallclock
from game.ai import chinese_poker_reading as reading
from game.ai import chinese_poker_sim as sim
from game.cards import Card, as_card
from game.rules import chinese_poker as C
from game.rules.chinese_poker_combos import Combo, classify, value

AGENTS = ("hard", "medium", "easy", "random", "hard-blind")
PLAYOUTS = 120  # hard's playouts per decision with no clock (deterministic, for simulate)
TABLE_PLAYOUTS = 1000  # at the table the clock stops it first, on this machine
CANDIDATES = 8  # plays hard weighs besides passing
STAGES = 3  # hard's rounds of dropping the worse half of its moves
BOMB_PROOF = 2.0  # standard errors by which a bomb's gain over the best other move must show
BOMB_DEALS = 40  # deals more to weigh a bomb against the best other move


# A play's heights and hand, and the table's, are asked for at every playout of a move:
# kept by the cards' codes.

@lru_cache(maxsize=4096)
def _heights(codes: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(sorted(value(as_card(c).rank) for c in codes))


@lru_cache(maxsize=4096)
def _classified(cards: tuple[Card | str, ...]) -> Combo | None:
    return classify(cards)


def _need(move: C.Play) -> tuple[int, ...]:
    return _heights(move.cards)


def _combo(move: C.Play) -> Combo:
    combo = _classified(move.cards)
    assert combo is not None  # a legal play is a hand
    return combo


def _plays(legal: Sequence[C.Move]) -> dict[tuple[int, ...], C.Play]:
    return {_need(m): m for m in legal if isinstance(m, C.Play)}


def _table(view: C.View) -> sim.Option | None:
    return sim.option_of(_classified(view.table)) if view.table else None


def _danger(view: C.View) -> bool:
    return min(n for s, n in enumerate(view.counts) if s != view.seat) <= 2


def _is_bomb(move: C.Move) -> bool:
    return isinstance(move, C.Play) and _combo(move).kind == "bomb"


def _clearly_above(a: list[float], b: list[float]) -> bool:
    """Is ``a`` better than ``b`` (margins over the same deals) by BOMB_PROOF standard
    errors of the difference?"""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    if len(diffs) < 2:
        return False
    spread = statistics.stdev(diffs) / len(diffs) ** 0.5
    return statistics.fmean(diffs) > BOMB_PROOF * spread


def _better_half(live: list[int], margins: list[list[float]], candidates: list[C.Move]
                 ) -> list[int]:
    """The better half of the moves still in the running (two at least), by their
    margins over the same deals; with the best non-bomb kept beside any bomb, for the
    bomb's proof."""
    ranked = sorted(live, key=lambda i: -sum(margins[i]))
    kept = ranked[:max(2, (len(ranked) + 1) // 2)]
    plain = [i for i in ranked if not _is_bomb(candidates[i])]
    if plain and plain[0] not in kept:
        kept.append(plain[0])
    return kept


def _pass(legal: Sequence[C.Move]) -> C.Move | None:
    return next((m for m in legal if isinstance(m, C.Pass)), None)


class Player:
    """Shared by every level: the cut, the deal and the choice of hands are luck."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def new_game(self) -> None:
        self.rng = random.Random(self.seed)

    def act(self, view: C.View, legal: Sequence[C.Move]) -> C.Move | None:
        if not legal:
            return None
        if view.phase != "play":
            return self.rng.choice(list(legal))
        return self.play(view, legal)

    def play(self, view: C.View, legal: Sequence[C.Move]) -> C.Move:
        return self.rng.choice(list(legal))


class EasyPlayer(Player):
    def play(self, view: C.View, legal: Sequence[C.Move]) -> C.Move:
        plays = _plays(legal)
        table = _table(view)
        plain = {need: m for need, m in plays.items()
                 if _combo(m).kind != "bomb"}
        if not plain:
            return _pass(legal) or next(iter(plays.values()))
        if table is None:
            low = min(min(need) for need in plain)
            return max((m for need, m in plain.items() if min(need) == low),
                       key=lambda m: len(m.cards))
        return plain[min(plain, key=lambda need: max(need))]


class MediumPlayer(Player):
    def play(self, view: C.View, legal: Sequence[C.Move]) -> C.Move:
        counts = sim.counts_of(c.rank for c in view.hand)
        choice = sim.greedy(counts, _table(view), _danger(view), len(view.hand))
        plays = _plays(legal)
        if choice is not None and tuple(sorted(choice[4])) in plays:
            return plays[tuple(sorted(choice[4]))]
        return _pass(legal) or next(iter(plays.values()))


class HardPlayer(MediumPlayer):
    """``reads`` False is ``hard-blind``: uniform deals, and a bomb on the best mean."""

    def __init__(self, seed: int = 0, time_limit: float | None = None,
                 clock: Callable[[], float] = wallclock.seconds, reads: bool = True) -> None:
        super().__init__(seed)
        self.time_limit = time_limit
        self.clock = clock
        self.playouts = PLAYOUTS if time_limit is None else TABLE_PLAYOUTS
        self.reads = reads
        self.memory = reading.Memory()
        self.known: reading.Reading | None = None  # the view deals are made for

    def new_game(self) -> None:
        super().new_game()
        self.memory = reading.Memory()
        self.known = None

    def play(self, view: C.View, legal: Sequence[C.Move]) -> C.Move:
        self.known = None
        if self.reads:
            self.memory.update(view)
        candidates = self.candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        started = self.clock()
        margins: list[list[float]] = [[] for _ in candidates]
        live = self.weigh(view, candidates, margins, started)
        best = max(live, key=lambda i: sum(margins[i]))
        if self.reads and _is_bomb(candidates[best]):
            others = [i for i in live if not _is_bomb(candidates[i])]
            if others:
                other = max(others, key=lambda i: sum(margins[i]))
                self.recheck(view, (candidates[best], candidates[other]),
                             (margins[best], margins[other]), started)
                if not _clearly_above(margins[best], margins[other]):
                    best = other
        return candidates[best]

    def weigh(self, view: C.View, candidates: list[C.Move], margins: list[list[float]],
              started: float) -> list[int]:
        """Deal after deal, plays out every move still in the running (``margins``) and
        returns those left. Hard drops the worse half at each of STAGES stages, so its
        last few moves are told apart on more deals than all of them could be;
        hard-blind weighs every move on the same number of deals."""
        live = list(range(len(candidates)))
        stages = STAGES if self.reads else 1
        dealt = 0
        for stage in range(stages):
            for _ in range(max(1, self.playouts // (stages * len(live)))):
                if self.time_limit is not None and dealt and \
                        self.clock() - started > self.time_limit * 0.8:
                    return live
                hands = self.deal_unseen(view)
                dealt += 1
                for i in live:
                    margins[i].append(self.margin(view, hands, candidates[i]))
            if stage < stages - 1:
                live = _better_half(live, margins, candidates)
        return live

    def recheck(self, view: C.View, moves: tuple[C.Move, C.Move],
                margins: tuple[list[float], list[float]], started: float) -> None:
        """More deals for a bomb and the best other move alone: the bomb is spent for
        good, so it is weighed on more than the few deals each of many moves had (at
        the table, within what is left of its time)."""
        for _ in range(BOMB_DEALS):
            if self.time_limit is not None and \
                    self.clock() - started > self.time_limit * 0.95:
                break
            hands = self.deal_unseen(view)
            for move, found in zip(moves, margins, strict=True):
                found.append(self.margin(view, hands, move))

    def candidates(self, view: C.View, legal: Sequence[C.Move]) -> list[C.Move]:
        """Passing (when allowed), the greedy choice, and the cheapest other plays."""
        plays = _plays(legal)
        greedy_move = MediumPlayer.play(self, view, legal)
        ranked = sorted(plays, key=lambda need: (max(need), -len(need)))
        out: list[C.Move] = [greedy_move]
        out += [plays[need] for need in ranked if plays[need] != greedy_move][:CANDIDATES - 1]
        passing = _pass(legal)
        if passing is not None and passing not in out:
            out.append(passing)
        return out

    def deal_unseen(self, view: C.View) -> list[list[int]]:
        """A guess at every hand, consistent with all this seat has seen."""
        if self.known is None or self.known.view is not view:
            self.known = reading.read(view, self.memory)
        return reading.deal(self.known, self.rng)

    def margin(self, view: C.View, hands: list[list[int]], move: C.Move) -> float:
        """Mean rival penalty less our own, after ``move`` and a greedy playout."""
        hands = [list(h) for h in hands]
        me, n = view.seat, view.players
        table, leader, passes = _table(view), view.leader, view.passes
        if isinstance(move, C.Pass):
            passes += 1
            if table is None or passes >= n - 1:
                table, passes = None, 0  # the model leads a free table, never passes it
        else:
            assert isinstance(move, C.Play)  # the candidates pass or play
            need = _need(move)
            for v in need:
                hands[me][v] -= 1
            if sum(hands[me]) == 0:
                return float(sum(C.penalty(view.counts[s], view.hand_size)
                                 for s in range(n) if s != me)) / (n - 1)
            table = sim.option_of(_combo(move))
            leader, passes = me, 0
        turn = (me + 1) % n
        fines = sim.playout(hands, [view.hand_size] * n, turn, table, leader, passes, self.rng)
        return sum(fines[s] for s in range(n) if s != me) / (n - 1) - fines[me]


def make_agent(name: str, seed: int = 0, time_limit: float | None = None) -> Player:
    if name == "random":
        return Player(seed)
    if name == "easy":
        return EasyPlayer(seed)
    if name == "medium":
        return MediumPlayer(seed)
    if name == "hard":
        return HardPlayer(seed, time_limit)
    if name == "hard-blind":
        return HardPlayer(seed, time_limit, reads=False)
    raise ValueError(f"unknown Chinese Poker player {name!r}: choose {', '.join(AGENTS)}")
