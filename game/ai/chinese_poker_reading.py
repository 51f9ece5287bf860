"""What Hard reads from the table: every pass and lead a rival made this round, and
deals of the unseen cards that agree with them.

A turn seen caps how many cards of each height the rival can have held then, on the
model of the greedy player of ``chinese_poker_sim`` (how a rival plays):
- a lead sheds its lowest card, so it held nothing lower (unless someone was close to
  going out: then it leads sets, or high);
- a pass on a single, with nobody close to going out, means no card from the single up
  to the king (it would have played the cheapest); with someone close, nothing higher;
- a pass on a pair (or a triple) likewise means no pair (triple) up to the king, or
  none at all with someone close to going out.
What it discarded since counts against the caps, so they bound the hand it holds now
(a discard this seat did not see leaves a cap looser, never wrong).
People do not always play like the model: where the caps leave a card nowhere to go it
goes anywhere, so a deal always comes out.

The seat sees only its own views: the trick in play at each of its turns, so the turns
of a trick that clears between two of them are partly lost, never guessed at.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.ai import chinese_poker_sim as sim
from game.cards import Card
from game.rules import chinese_poker as C
from game.rules.chinese_poker_combos import classify, value

TRIES = 6  # deals tried for one that keeps every card within the caps


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


@dataclass
class Memory:
    """The rivals' turns this round, each under a key that stays the same from one view
    to the next: (cards discarded before its trick began, place in the trick)."""

    round: int = -1
    turns: dict[tuple[int, int], Turn] = field(default_factory=dict)

    def update(self, view: C.View) -> None:
        if view.round != self.round:
            self.round, self.turns = view.round, {}
        start = len(view.played) - sum(len(t.cards) for t in view.trick)
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
                danger = min(n for s, n in enumerate(before[i]) if s != seat) <= 2
                need = _heights(turn.cards) if turn.cards else None
                self.turns.setdefault((start, i), Turn(seat, table, danger, need))
            if turn.cards:
                table = sim.option_of(classify(turn.cards))

    def caps(self, seat: int) -> list[int]:
        """The most cards of each height ``seat`` can hold now."""
        caps = [4] * 16
        later = [0] * 16  # what it discarded after the turn being read
        for key in sorted(self.turns, reverse=True):
            turn = self.turns[key]
            if turn.seat != seat:
                continue
            for v, most in _read(turn):
                caps[v] = min(caps[v], max(0, most - later[v]))
            for v in turn.need or ():
                later[v] += 1
        return caps


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


def deal(view: C.View, memory: Memory, rng: random.Random) -> list[list[int]]:
    """Every seat's hand as counts by height: this seat's own, the rivals' dealt from the
    cards it has not seen within their caps. A deal that runs into a card nobody may hold
    is dealt again, a few times, before one is taken as it comes."""
    seen = {c for c in (*view.hand, *view.played)}
    unseen = [value(c.rank) for c in C.DECK if c not in seen]
    rivals = [s for s in range(view.players) if s != view.seat]
    caps = {s: memory.caps(s) for s in rivals}
    for _ in range(TRIES):
        hands, agrees = _deal_once(view, unseen, caps, rng)
        if agrees:
            break
    for card in view.hand:
        hands[view.seat][value(card.rank)] += 1
    return hands


def _deal_once(view: C.View, unseen: list[int], caps: dict[int, list[int]],
               rng: random.Random) -> tuple[list[list[int]], bool]:
    """The rivals' hands, the cards for the most constrained heights placed first (with
    two players the cards out of play take what is left); and whether every card fell
    within the caps."""
    hands = [[0] * 16 for _ in range(view.players)]
    room = {s: view.counts[s] for s in caps}
    cards = list(unseen)
    rng.shuffle(cards)
    cards.sort(key=lambda v: sum(c[v] for c in caps.values()))
    out_room = len(cards) - sum(room.values())  # two players: the cards out of play
    agrees = True
    for v in cards:
        fits = [s for s in caps if room[s] and hands[s][v] < caps[s][v]]
        weights = [room[s] for s in fits]
        if out_room:
            fits.append(-1)
            weights.append(out_room)
        if not fits:  # nobody may hold it by the caps: someone did not play to the model
            agrees = False
            fits = [s for s in caps if room[s]]
            weights = [room[s] for s in fits]
        seat = rng.choices(fits, weights)[0]
        if seat < 0:
            out_room -= 1
        else:
            hands[seat][v] += 1
            room[seat] -= 1
    return hands, agrees
