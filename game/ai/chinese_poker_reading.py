"""What Hard reads from the table: every pass and play a rival made this round, and
deals of the unseen cards that agree with them, on the model of the greedy player of
``chinese_poker_sim`` (how a rival plays).

A turn seen caps how many cards of each height the rival can have held then:
- a lead sheds its lowest card, so it held nothing lower (unless someone was close to
  going out: then it leads sets, or high);
- a pass on a single, with nobody close to going out, means no card from the single up
  to the king (it would have played the cheapest); with someone close, nothing higher;
- a pass on a pair (or a triple) likewise means no pair (triple) up to the king, or
  none at all with someone close to going out.
What it discarded since counts against the caps, so they bound the hand it holds now.
The caps only steer the deal; each deal is then checked turn by turn against what the
greedy player would have done with that hand (a single 9 led means no second 9, a pair
kept whole, the cheapest card that beat the table), and of a few deals the one that
explains the most turns is kept. People do not always play like the model, so a deal
always comes out: where the caps leave a card nowhere to go it goes anywhere.

The seat sees the trick in play at each of its turns. The passes that cleared a trick
between two of them are no longer shown; they are told from its own turn and the
cards (every seat after it up to the trick's owner passed).
"""

from __future__ import annotations

import random
from bisect import bisect
from dataclasses import dataclass, field

from game.ai import chinese_poker_sim as sim
from game.cards import Card
from game.rules import chinese_poker as C
from game.rules.chinese_poker_combos import classify, value

TRIES = 6  # deals tried for one that explains every turn seen
TOO_MANY = 1_000  # more turns than a round has


@dataclass(frozen=True, slots=True)
class Turn:
    """A rival's turn: what it faced, whether a seat was close to going out, and what it
    discarded (sorted heights; None: it passed)."""

    seat: int
    table: sim.Option | None
    danger: bool
    need: tuple[int, ...] | None


def _heights(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(sorted(value(c.rank) for c in cards))


@dataclass(frozen=True, slots=True)
class Seen:
    """What this seat's last view showed of the trick, to tell what happened after it."""

    start: int  # cards discarded before the trick began
    played: int  # cards discarded by then
    turns: int  # turns in the trick
    table: sim.Option | None
    leader: int
    passes: int
    counts: tuple[int, ...]


@dataclass
class Memory:
    """The rivals' turns this round, each under a key that stays the same from one view
    to the next: (cards discarded before its trick began, place in the trick)."""

    round: int = -1
    turns: dict[tuple[int, int], Turn] = field(default_factory=dict)
    seen: Seen | None = None

    def update(self, view: C.View) -> None:
        if view.round != self.round:
            self.round, self.turns, self.seen = view.round, {}, None
        start = len(view.played) - sum(len(t.cards) for t in view.trick)
        if self.seen is not None and start > self.seen.start:
            self._cleared(view, self.seen, start)
        counts = list(view.counts)
        before: list[list[int]] = []
        for turn in reversed(view.trick):  # the counts each turn was made with
            counts[turn.seat] += len(turn.cards)
            before.append(list(counts))
        before.reverse()
        table: sim.Option | None = None
        for i, turn in enumerate(view.trick):
            seat = turn.seat
            if seat != view.seat and (table is not None or turn.cards):
                need = _heights(turn.cards) if turn.cards else None
                self.turns.setdefault((start, i), Turn(seat, table, _danger(before[i], seat),
                                                       need))
            if turn.cards:
                table = sim.option_of(classify(turn.cards))
        self.seen = Seen(start, len(view.played), len(view.trick), table, view.leader, view.passes,
                         view.counts)

    def _cleared(self, view: C.View, seen: Seen, start: int) -> None:
        """The trick of the last view cleared before this one: after this seat's turn
        every seat up to its owner passed, turns the view no longer shows (all passes:
        a play would have come round to this seat again)."""
        mine = view.played[seen.played:start]
        counts = list(seen.counts)
        if mine:
            table, leader, passes = sim.option_of(classify(mine)), view.seat, 0
            counts[view.seat] -= len(mine)
        elif seen.table is not None:
            table, leader, passes = seen.table, seen.leader, seen.passes + 1
        else:
            return  # a pass at a free table clears nothing
        first = view.trick[0].seat if view.trick else view.turn
        if first != leader:
            return  # not the clear of this seat's trick: leave it unread
        for j in range(view.players - 1 - passes):
            seat = (view.seat + 1 + j) % view.players
            self.turns.setdefault((seen.start, seen.turns + 1 + j),
                                  Turn(seat, table, _danger(counts, seat), None))

    def latest_first(self, seat: int) -> list[Turn]:
        return [self.turns[k] for k in sorted(self.turns, reverse=True)
                if self.turns[k].seat == seat]

    def caps(self, seat: int) -> list[int]:
        """The most cards of each height ``seat`` can hold now."""
        caps = [4] * 16
        later = [0] * 16  # what it discarded after the turn being read
        for turn in self.latest_first(seat):
            for v, most in _read(turn):
                caps[v] = min(caps[v], max(0, most - later[v]))
            for v in turn.need or ():
                later[v] += 1
        return caps


def _danger(counts: list[int] | tuple[int, ...], seat: int) -> bool:
    """Is a seat other than ``seat`` close to going out?"""
    return min(n for s, n in enumerate(counts) if s != seat) <= 2


def _read(turn: Turn) -> list[tuple[int, int]]:
    """(height, the most of it the seat held) that ``turn`` tells."""
    if turn.table is None:  # with a rival close to out, the model leads sets or high
        return [] if turn.danger else [(v, 0) for v in range(3, min(turn.need or (3,)))]
    kind, length, high = turn.table[0], turn.table[1], turn.table[2]
    if turn.need is not None or kind not in (sim.SINGLE, sim.PAIRS, sim.TRIPLES):
        return []
    size = {sim.SINGLE: 1, sim.PAIRS: 2, sim.TRIPLES: 3}[kind]
    if length != size:  # a run of pairs or triples: too many ways not to hold one
        return []
    top = 16 if turn.danger else 14  # close to out, the model plays any that beats it
    return [(v, size - 1) for v in range(high + 1, top)]


@dataclass(frozen=True, slots=True)
class Reading:
    """What every deal for one view starts from, worked out once for a decision's many
    deals."""

    view: C.View
    unseen: list[int]  # heights of the cards this seat has not seen, in the deck's order
    caps: dict[int, list[int]]  # each rival's (``Memory.caps``)
    turns: dict[int, list[Turn]]  # each rival's, latest first
    own: list[int]  # this seat's hand as counts


def read(view: C.View, memory: Memory) -> Reading:
    seen = {c for c in (*view.hand, *view.played)}
    rivals = [s for s in range(view.players) if s != view.seat]
    return Reading(view, [value(c.rank) for c in C.DECK if c not in seen],
                   {s: memory.caps(s) for s in rivals},
                   {s: memory.latest_first(s) for s in rivals},
                   sim.counts_of(c.rank for c in view.hand))


def deal(known: Reading, rng: random.Random) -> list[list[int]]:
    """Every seat's hand as counts by height: this seat's own, the rivals' dealt from the
    cards it has not seen within their caps. Of a few such deals the one whose rivals
    would have made the fewest of their turns otherwise is taken, then the one with
    the fewest cards outside the caps (at once if none)."""
    best: list[list[int]] = []
    fewest = (TOO_MANY, 0)
    for _ in range(TRIES):
        hands, strays = _deal_once(known.view, known.unseen, known.caps, rng)
        odd = 0
        for s, turns in known.turns.items():  # no need to count past the best deal so far
            odd += surprises(turns, hands[s], fewest[0] - odd)
        if (odd, strays) < fewest or not best:
            best, fewest = hands, (odd, strays)
        if fewest == (0, 0):
            break
    best[known.view.seat] = list(known.own)  # no rival's card went there
    return best


def surprises(turns: list[Turn], hand: list[int], most: int = TOO_MANY) -> int:
    """How many of a rival's ``turns`` (latest first) the greedy player would not have
    made holding ``hand`` now and, at each, what it has discarded since; counted up to
    one past ``most``."""
    held = list(hand)
    cards = sum(held)
    odd = 0
    for turn in turns:
        if odd > most:
            break
        for v in turn.need or ():
            held[v] += 1
            cards += 1
        if turn.table is None and not turn.danger and turn.need and \
                min(turn.need) != next(v for v in sim.HEIGHTS if held[v]):  # its lowest
            odd += 1  # a lead sheds the lowest card: no need to weigh the rest
            continue
        choice = sim.choose(tuple(held), turn.table, turn.danger, cards)
        if choice is None:
            odd += turn.need is not None
        else:  # the need seen is sorted, and most choices' are already
            odd += choice[4] != turn.need and tuple(sorted(choice[4])) != turn.need
    return odd


def _deal_once(view: C.View, unseen: list[int], caps: dict[int, list[int]],
               rng: random.Random) -> tuple[list[list[int]], int]:
    """The rivals' hands, the cards for the most constrained heights placed first (with
    two players the cards out of play take what is left); and how many cards fell
    outside the caps."""
    hands = [[0] * 16 for _ in range(view.players)]
    room = list(view.counts)
    rows = [(s, hands[s], cap) for s, cap in caps.items()]
    cards = list(unseen)
    rng.shuffle(cards)
    tight = [sum(column) for column in zip(*caps.values(), strict=True)]  # by height
    cards.sort(key=tight.__getitem__)
    out_room = len(cards) - sum(room[s] for s in caps)  # two players: the cards out of play
    strays = 0
    for v in cards:
        # rng.choices(fits, weights by room)[0] without its generality: the same draw
        fits: list[int] = []
        bounds: list[int] = []
        total = 0
        for s, hand, cap in rows:
            if room[s] and hand[v] < cap[v]:
                total += room[s]
                fits.append(s)
                bounds.append(total)
        if out_room:
            total += out_room
            fits.append(-1)
            bounds.append(total)
        if not fits:  # nobody may hold it by the caps: someone did not play to the model
            strays += 1
            for s, _, _ in rows:
                if room[s]:
                    total += room[s]
                    fits.append(s)
                    bounds.append(total)
        seat = fits[bisect(bounds, rng.random() * total, 0, len(bounds) - 1)]
        if seat < 0:
            out_room -= 1
        else:
            hands[seat][v] += 1
            room[seat] -= 1
    return hands, strays
