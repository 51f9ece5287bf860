"""Chinese Poker, the climbing game of manuals/chinese-poker.txt, for 2 to 4 seats played
to a target score. Pure and deterministic: every deal comes from the seed and the round.

A match: the seats cut for the deal (aces high, ties cut again), then each round the
dealer deals (two players: three hands of 16, the dealer takes one, the other player one
of the two left; three: 16 each; four: 12 each) and leads. Play goes clockwise (seat + 1).
A player discards a hand that beats the table, or passes; when all the others have passed
the last to discard leads anything. With a free lead a player may pass too, unless all
the others already have, so the table never stalls. The first to shed every card wins
the round and deals the next; the others add penalties. Once anyone reaches the target
the match ends and the lowest score wins (ties share the win).

Suits never matter, so two plays of the same ranks are the same move: the cards a move
names leave the hand where held, else other cards of the same ranks.
"""

from __future__ import annotations

import hashlib
import random
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from game.cards import Card, as_card, full_deck, parse_cards
from game.rules.base import NOBODY, SPECTATOR, GameInfo, IllegalMove, ModuleRules
from game.rules.chinese_poker_combos import (
    MAX_STRAIGHT,
    MIN_STRAIGHT,
    Combo,
    beats,
    classify,
    highest,
    penalty,
    runs,
    straight_value,
    value,
)
from game.rules.move_codec import MoveCodec
from game.rules.outcome import Mode, Outcome, by_rank

GAME_ID = "chinese-poker"
RULES_VERSION = 1
INFO = GameInfo(min_seats=2, max_seats=4, hidden_information=True)
DEFAULT_CONFIG: dict[str, Any] = {"players": 4, "target": 100}
TARGET_MIN, TARGET_MAX = 1, 10_000
# A short match for random playouts: a whole match to 100 between random players runs to
# 1,500-2,700 moves, past the 2,000 the registry's property test allows.
QUICK_CONFIG: dict[str, Any] = {"target": 8}
REMOVED = tuple(parse_cards("2H 2D 2C AC"))  # three 2s and an ace: suits are no matter
DECK = tuple(c for c in full_deck() if c not in REMOVED)  # 48 cards
TWO_PLAYER_HANDS = 3
HAND_SIZE = {2: 16, 3: 16, 4: 12}


def cut_value(card: Card) -> int:
    """Aces high in the cut; every other card by its number."""
    return 14 if card.rank == 1 else card.rank


def sort_key(card: Card) -> tuple[int, str]:
    return value(card.rank), card.suit


# -- moves ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Cut:
    """Take the ``index``-th of the face-down cards spread for the cut."""

    seat: int
    index: int


@dataclass(frozen=True, slots=True)
class Deal:
    """The dealer deals the round."""

    seat: int


@dataclass(frozen=True, slots=True)
class Choose:
    """Two players: take hand ``hand`` (0-2) of the three dealt."""

    seat: int
    hand: int


@dataclass(frozen=True, slots=True)
class Pass:
    seat: int


@dataclass(frozen=True, slots=True, eq=False)
class Play:
    """Discard these cards (codes). Equal to any play of the same ranks by the seat."""

    seat: int
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(as_card(c).code for c in self.cards))

    @property
    def ranks(self) -> tuple[int, ...]:
        return tuple(sorted(as_card(c).rank for c in self.cards))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and (self.seat, self.ranks) == (other.seat, other.ranks)

    def __hash__(self) -> int:
        return hash((self.seat, self.ranks))


Move = Cut | Deal | Choose | Pass | Play
CODEC = MoveCodec("chinese poker", {"cut": Cut, "deal": Deal, "choose": Choose,
                                     "pass": Pass, "play": Play}, ints=range(64))
move_to_json, move_from_json = CODEC.to_json, CODEC.from_json


def describe(move: Move) -> str:
    who = f"Seat {move.seat + 1}"
    if isinstance(move, Cut):
        return f"{who} cuts"
    if isinstance(move, Deal):
        return f"{who} deals"
    if isinstance(move, Choose):
        return f"{who} takes hand {move.hand + 1}"
    if isinstance(move, Pass):
        return f"{who} passes"
    cards = sorted((as_card(c) for c in move.cards), key=sort_key)
    return f"{who} plays " + " ".join(c.symbol for c in cards)


# -- state ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of the trick in play: the seat and what it discarded (nothing: a pass)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class State:
    players: int
    target: int
    phase: str  # "cut" | "deal" | "choose" | "play" | "over"
    scores: tuple[int, ...]
    round: int = 0  # rounds dealt so far
    dealer: int = NOBODY
    turn: int = NOBODY  # whose move it is in the cut, choose and play phases
    cut_deck: tuple[Card, ...] = ()  # face down, still to be cut from
    cut: tuple[Card | None, ...] = ()  # each seat's card in the latest cut
    cut_aside: tuple[Card, ...] = ()  # cards of cuts that were tied
    cutters: tuple[int, ...] = ()  # the seats cutting now, in turn order
    hands: tuple[tuple[Card, ...], ...] = ()
    hand_size: int = 0
    offered: tuple[tuple[Card, ...] | None, ...] = ()  # two players: hands not taken yet
    table: tuple[Card, ...] = ()  # the hand to beat; () for a free lead
    leader: int = NOBODY  # who discarded the table's hand
    passes: int = 0  # passes since the last discard (or since the lead came free)
    trick: tuple[Turn, ...] = ()
    played: tuple[Card, ...] = ()  # every card discarded this round
    last_penalties: tuple[int, ...] = ()
    last_winner: int = NOBODY
    seed: int = field(default=0, compare=False)


def _config(config: dict[str, Any] | None) -> tuple[int, int]:
    cfg = {**DEFAULT_CONFIG, **(config or {})}
    players, target = cfg["players"], cfg["target"]
    if players not in HAND_SIZE or isinstance(players, bool):
        raise ValueError("Chinese Poker is for 2, 3 or 4 players")
    if not isinstance(target, int) or isinstance(target, bool) \
            or not TARGET_MIN <= target <= TARGET_MAX:
        raise ValueError(f"the target is a score from {TARGET_MIN} to {TARGET_MAX}")
    return players, target


def new_game(seed: int, config: dict[str, Any] | None = None) -> State:
    players, target = _config(config)
    deck = list(DECK)
    random.Random(f"{seed}:cut").shuffle(deck)
    return State(players=players, target=target, phase="cut", scores=(0,) * players,
                 turn=0, cut_deck=tuple(deck), cut=(None,) * players,
                 cutters=tuple(range(players)), seed=seed)


def seat_count(state: State) -> int:
    return state.players


def next_seat(state: State, seat: int) -> int:
    return (seat + 1) % state.players


def round_deck(seed: int, round_number: int) -> list[Card]:
    deck = list(DECK)
    random.Random(f"{seed}:round {round_number}").shuffle(deck)
    return deck


# -- legal plays ---------------------------------------------------------------------

def _by_rank(hand: tuple[Card, ...]) -> dict[int, list[Card]]:
    groups: dict[int, list[Card]] = {}
    for card in hand:
        groups.setdefault(card.rank, []).append(card)
    return groups


def combos_in(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """One card set for every distinct legal discard (by ranks) this hand holds."""
    groups = _by_rank(hand)
    by_value = {value(r): cards for r, cards in groups.items()}
    out: list[tuple[Card, ...]] = [(cards[0],) for cards in groups.values()]
    for size in (2, 3):
        heights = sorted(v for v, cards in by_value.items() if len(cards) >= size)
        for run in runs(heights, 1, len(heights)):
            out.append(tuple(c for v in run for c in by_value[v][:size]))
    for t, triple in by_value.items():
        if len(triple) >= 3:
            out.extend(tuple(triple[:3]) + tuple(pair[:2]) for p, pair in by_value.items()
                       if p != t and len(pair) >= 2)
    for q, four in by_value.items():
        if len(four) == 4:
            out.extend(tuple(four) + (kicker[0],) for k, kicker in by_value.items() if k != q)
    by_straight = {straight_value(r): cards for r, cards in groups.items()}
    for run in runs(sorted(by_straight), MIN_STRAIGHT, MAX_STRAIGHT):
        out.append(tuple(by_straight[v][0] for v in run))
    return out


@lru_cache(maxsize=2048)  # every seat of a busy server's tables
def _plays_in(seat: int, hand: tuple[Card, ...]) -> tuple[tuple[Play, Combo], ...]:
    """Every distinct play in ``hand`` with the hand it makes: a hand lasts many turns
    (a network table asks at each of them), so it is worked out once."""
    plays = []
    for cards in combos_in(hand):
        combo = classify(cards)
        if combo is not None:  # always: combos_in finds legal discards only
            plays.append((Play(seat, tuple(c.code for c in cards)), combo))
    return tuple(plays)


def may_pass(state: State) -> bool:
    """Passing is always allowed, except by the last seat to take a free lead."""
    return bool(state.table) or state.passes < state.players - 1


def legal_moves(state: State, seat: int | None = None) -> list[Move]:
    player = current_player(state)
    if seat is None:
        seat = player
    if player == NOBODY or seat != player:
        return []
    if state.phase == "cut":
        return [Cut(seat, i) for i in range(len(state.cut_deck))]
    if state.phase == "deal":
        return [Deal(seat)]
    if state.phase == "choose":
        return [Choose(seat, i) for i, hand in enumerate(state.offered) if hand is not None]
    table = classify(state.table) if state.table else None
    moves: list[Move] = [play for play, combo in _plays_in(seat, state.hands[seat])
                         if beats(combo, table)]
    if may_pass(state):
        moves.append(Pass(seat))
    return moves


def check(state: State, move: Move, seat: int | None = None) -> None:
    """Raise IllegalMove with the reason a player is told, or return if legal."""
    if not isinstance(move, Cut | Deal | Choose | Pass | Play):
        raise IllegalMove("That is not a Chinese Poker move.")
    if seat is not None and move.seat != seat:
        raise IllegalMove("That move is another player's.")
    if state.phase == "over":
        raise IllegalMove("The match is over.")
    if move.seat != current_player(state):
        raise IllegalMove("It is not your turn.")
    wanted = {"cut": Cut, "deal": Deal, "choose": Choose}.get(state.phase)
    if wanted is not None:
        if not isinstance(move, wanted):
            raise IllegalMove({"cut": "Cut for the deal first.", "deal": "Deal the cards first.",
                               "choose": "Choose your hand first."}[state.phase])
        if isinstance(move, Cut) and not 0 <= move.index < len(state.cut_deck):
            raise IllegalMove("Pick one of the cards spread for the cut.")
        if isinstance(move, Choose) and not (0 <= move.hand < len(state.offered)
                                             and state.offered[move.hand] is not None):
            raise IllegalMove("That hand has been taken.")
        return
    if isinstance(move, Cut | Deal | Choose):
        raise IllegalMove("Discard a hand or pass.")
    if isinstance(move, Pass):
        if not may_pass(state):
            raise IllegalMove("Everyone else has passed: lead a hand of your own.")
        return
    _check_play(state, move)


def _check_play(state: State, move: Play) -> None:
    held = Counter(c.rank for c in state.hands[move.seat])
    wanted = Counter(move.ranks)
    if any(held[r] < n for r, n in wanted.items()):
        raise IllegalMove("You do not hold those cards.")
    combo = classify(_cards_for(state.hands[move.seat], move))
    if combo is None:
        raise IllegalMove("Those cards are not a hand you may discard.")
    if state.table:
        table = classify(state.table)
        assert table is not None  # only a hand that classifies is ever played
        if not beats(combo, table):
            raise IllegalMove(why_not(combo, table))


def why_not(play: Combo, table: Combo) -> str:
    if table.kind == "bomb":
        return "Only a four of a kind with a higher fifth card beats that."
    if play.kind != table.kind or play.length != table.length:
        name = combo_name(table)  # the tester's straight on a single 7 needed saying why
        return f"Beat the table's {name} with the same kind of hand, a higher {name}, " \
            "or with four of a kind."
    if table.high >= highest(table.kind):  # a 2 alone: "a higher single card" misled
        return f"No {combo_name(table)} is higher than that one: only four of a kind " \
            "beats it."
    return f"Play a higher {combo_name(table)}."


def combo_name(combo: Combo) -> str:
    n = combo.length
    return {"single": "single card", "pairs": "pair" if n == 2 else f"{n // 2} pairs in a row",
            "triples": "three of a kind" if n == 3 else f"{n // 3} threes in a row",
            "full_house": "full house", "straight": f"{n}-card straight",
            "bomb": "four of a kind"}[combo.kind]


def _cards_for(hand: tuple[Card, ...], move: Play) -> tuple[Card, ...]:
    """The cards a play takes: the ones it names where held, else the same ranks."""
    left = list(hand)
    taken: list[Card] = []
    missing: list[Card] = []
    for card in (as_card(c) for c in move.cards):
        if card in left:
            left.remove(card)
            taken.append(card)
        else:
            missing.append(card)
    for card in missing:
        substitute = next(c for c in left if c.rank == card.rank)
        left.remove(substitute)
        taken.append(substitute)
    return tuple(taken)


def apply(state: State, move: Move) -> State:
    check(state, move)
    if isinstance(move, Cut):
        return _cut(state, move)
    if isinstance(move, Deal):
        return _deal(state)
    if isinstance(move, Choose):
        return _choose(state, move)
    if isinstance(move, Pass):
        return _pass(state, move.seat)
    return _play(state, move)


def _cut(state: State, move: Cut) -> State:
    card = state.cut_deck[move.index]
    cut = tuple(card if s == move.seat else c for s, c in enumerate(state.cut))
    deck = state.cut_deck[:move.index] + state.cut_deck[move.index + 1:]
    waiting = [s for s in state.cutters if cut[s] is None]
    if waiting:
        return replace(state, cut=cut, cut_deck=deck, turn=waiting[0])
    drawn = {s: c for s in state.cutters if (c := cut[s]) is not None}  # all: none waits
    best = max(cut_value(c) for c in drawn.values())
    tied = tuple(s for s in state.cutters if cut_value(drawn[s]) == best)
    if len(tied) == 1:
        return replace(state, cut=cut, cut_deck=deck, phase="deal", dealer=tied[0],
                       turn=tied[0])
    aside = state.cut_aside + tuple(drawn[s] for s in tied)
    cut = tuple(None if s in tied else c for s, c in enumerate(cut))
    return replace(state, cut=cut, cut_deck=deck, cut_aside=aside, cutters=tied, turn=tied[0])


def _deal(state: State) -> State:
    deck = round_deck(state.seed, state.round + 1)
    n = state.players
    size = HAND_SIZE[n]
    piles = [tuple(sorted(deck[i * size:(i + 1) * size], key=sort_key))
             for i in range(len(deck) // size)]
    fresh = replace(state, round=state.round + 1, cut_deck=(), cut=(), cut_aside=(),
                    cutters=(), hand_size=size, table=(), leader=NOBODY, passes=0, trick=(),
                    played=())
    if n == 2:
        return replace(fresh, phase="choose", hands=((), ()), offered=tuple(piles),
                       turn=state.dealer)
    # Dealt round from the dealer's left; the dealer leads.
    hands: list[tuple[Card, ...]] = [()] * n
    for i, pile in enumerate(piles):
        hands[(state.dealer + 1 + i) % n] = pile
    return replace(fresh, phase="play", hands=tuple(hands), turn=state.dealer)


def _choose(state: State, move: Choose) -> State:
    chosen = state.offered[move.hand]
    assert chosen is not None  # check() has seen to it
    hands = tuple(chosen if s == move.seat else h
                  for s, h in enumerate(state.hands))
    offered = tuple(None if i == move.hand else h for i, h in enumerate(state.offered))
    if all(hands):
        return replace(state, hands=hands, offered=offered, phase="play", turn=state.dealer)
    return replace(state, hands=hands, offered=offered, turn=next_seat(state, move.seat))


def _pass(state: State, seat: int) -> State:
    passes = state.passes + 1
    turn = next_seat(state, seat)
    trick = state.trick + (Turn(seat, ()),)
    if state.table and passes == state.players - 1:
        # All the others passed: the table clears and its owner leads afresh.
        return replace(state, passes=0, turn=turn, table=(), trick=())
    return replace(state, passes=passes, turn=turn, trick=trick)


def _play(state: State, move: Play) -> State:
    cards = tuple(sorted(_cards_for(state.hands[move.seat], move), key=sort_key))
    hand = tuple(c for c in state.hands[move.seat] if c not in cards)
    hands = tuple(hand if s == move.seat else h for s, h in enumerate(state.hands))
    after = replace(state, hands=hands, table=cards, leader=move.seat, passes=0,
                    trick=state.trick + (Turn(move.seat, cards),), played=state.played + cards,
                    turn=next_seat(state, move.seat))
    return after if hand else _round_over(after, move.seat)


def _round_over(state: State, winner: int) -> State:
    fines = tuple(penalty(len(h), state.hand_size) for h in state.hands)
    scores = tuple(a + b for a, b in zip(state.scores, fines, strict=True))
    over = max(scores) >= state.target
    return replace(state, scores=scores, last_penalties=fines, last_winner=winner,
                   dealer=winner, phase="over" if over else "deal",
                   turn=NOBODY if over else winner)


def current_player(state: State) -> int:
    return NOBODY if state.phase == "over" else state.turn


def winners(state: State) -> tuple[int, ...]:
    """The seats with the lowest score (the match's winners once it is over)."""
    low = min(state.scores)
    return tuple(s for s, v in enumerate(state.scores) if v == low)


def returns(state: State) -> tuple[int, ...]:
    """Higher is better: minus each seat's penalty points."""
    return tuple(-s for s in state.scores)


def figures(state: State) -> dict[str, bool | float]:
    return {"win": state.phase == "over" and 0 in winners(state), "penalty": state.scores[0],
            "rounds": state.round}


def outcome(state: State) -> Outcome:
    """The lowest score wins the match (manuals/chinese-poker.txt); a lowest score two
    seats share is a draw between them."""
    ranks = returns(state)
    return Outcome(by_rank(ranks), tuple(map(float, ranks)),
                   ", ".join(map(str, state.scores)) + " penalty points")


def mode(state: State) -> Mode:
    return Mode(f"{state.players}-to-{state.target}",
                f"{state.players} players, to {state.target} points")


def can_undo(before: State, move: Move) -> bool:
    """Every move is seen at once by the whole table, so none is taken back."""
    return False


def state_digest(state: State) -> str:
    return hashlib.sha1(repr(state).encode()).hexdigest()[:16]


# -- what a seat sees ------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class View:
    """The table as ``seat`` sees it: its own hand, the others' card counts, everything
    discarded. The cut's cards show while the deal is cut for; ``cut_ranks`` keeps the
    cut's result as rank labels (not cards) once the cards go back into the deck."""

    seat: int
    players: int
    target: int
    phase: str
    round: int
    dealer: int
    turn: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    hand_size: int
    cut: tuple[Card | None, ...]
    cut_aside: tuple[Card, ...]
    cut_left: int
    offered: tuple[int, ...]  # sizes of the hands still to choose (0: taken)
    table: tuple[Card, ...]
    leader: int
    passes: int
    may_pass: bool
    trick: tuple[Turn, ...]
    played: tuple[Card, ...]
    removed: tuple[Card, ...]
    last_penalties: tuple[int, ...]
    last_winner: int
    winners: tuple[int, ...]

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and not self.over

    @property
    def won(self) -> bool:
        return self.over and self.seat in self.winners


def observe(state: State, seat: int = 0) -> View:
    return View(
        seat=seat, players=state.players, target=state.target, phase=state.phase,
        round=state.round, dealer=state.dealer, turn=current_player(state), scores=state.scores,
        hand=state.hands[seat] if state.hands and 0 <= seat < state.players else (),
        counts=tuple(len(h) for h in state.hands) if state.hands else (0,) * state.players,
        hand_size=state.hand_size, cut=state.cut, cut_aside=state.cut_aside,
        cut_left=len(state.cut_deck),
        offered=tuple(len(h) if h else 0 for h in state.offered),
        table=state.table, leader=state.leader, passes=state.passes,
        may_pass=state.phase == "play" and may_pass(state), trick=state.trick,
        played=state.played, removed=REMOVED, last_penalties=state.last_penalties,
        last_winner=state.last_winner,
        winners=winners(state) if state.phase == "over" else ())


def observe_public(state: State) -> View:
    """What a spectator sees: the table, the counts, no hand at all."""
    return observe(state, SPECTATOR)


def hidden_cards(state: State, seat: int) -> set[str]:
    """The cut's face-down cards, the others' hands and any hand not yet chosen."""
    hidden = {c.uid for c in state.cut_deck}
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden.update(c.uid for c in hand)
    for offer in state.offered:
        hidden.update(c.uid for c in offer or ())
    return hidden


VIEW = View
RULES: ModuleRules[State, Move] = ModuleRules(sys.modules[__name__])
