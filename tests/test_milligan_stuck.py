"""The lost game of The Giant: positions built to be stuck (proved by the relaxation or
by the search, inside a move), positions that look stuck but are not, the Stuck move,
and small random positions where a plain search settles the truth (the proofs must
never call a live game lost)."""

from __future__ import annotations

import random
from collections import deque
from dataclasses import replace
from datetime import datetime
from typing import Any

import pytest

from game import wallclock
from game.cards import SUITS, Card
from game.rules import milligan as M
from game.rules import milligan_stuck as S
from tests.test_milligan_rules import allowed, position, refused

# Every column full, the waiving space taken by a king with nowhere to go; cards move
# (QC onto a red king, JH onto QC, ...) but the wanted 3S and 5S stay under kings.
FULL = (["5S KH", "3S KD", "7H QC", "8D JH", "9C 2H", "6D 5C", "JS 4D", "QS 8H"],
        dict(foundations={0: "AS 2S 3S 4S", 1: "AS 2S"}, waiting="KC", rule="alternate"))
# Miss Milligan, same suit: the AH is under 8D and 4H; 4H can wait, 8D has nowhere to go.
# The relaxation is fooled (KD may park and come back to free the waiving space again),
# the search is not.
SEARCHED = (["AH 8D 4H", "KD", "JH", "7C", "QS", "9C", "JS", "6D"],
            dict(foundations={0: "AS 2S 3S 4S", 1: "AS 2S 3S 4S", 4: "AD 2D 3D 4D",
                              5: "AD 2D 3D 4D"}, rule="suit", mm=True))
# Looks stuck (one move: the 3H back out of the waiving space) but the 5S goes up after
# four: 3H onto 4C, 2D to the waiving space, 9H 8C onto TC, 5S up.
LIVE = (["5S 9H 8C", "TC 2D", "QS 4C"],
        dict(foundations={0: "AS 2S 3S 4S"}, waiting="3H", rule="alternate", mm=True))


def plain_search(state: M.MilliganState, budget: int, depth_first: bool = False
                 ) -> bool | None:
    """Every position by brute force (no pruning, no relaxation): the truth. With
    ``depth_first``, the search as it was: the last move generated tried first."""
    start = state.laid_off
    seen = {M.position_key(state)}
    queue = deque([state])
    while queue:
        here = queue.pop() if depth_first else queue.popleft()
        for move in M.transfers(here):
            after = M.shift(here, move)
            if after.laid_off > start:
                return False
            key = M.position_key(after)
            if key not in seen:
                if len(seen) >= budget:
                    return None
                seen.add(key)
                queue.append(after)
    return True


def test_the_relaxation_proves_a_full_table_lost_without_searching() -> None:
    s = position(FULL[0], **FULL[1])
    assert list(M.transfers(s)) and not M.has_layoff(s)  # moves there are
    assert S.relaxed_stuck(s) and M.is_stuck(s, budget=1)
    assert plain_search(s, 50_000) is True
    # One move earlier (QC back in the waiving space instead of KC, KC on the table):
    # the move that fills the waiving space ends the game as lost.
    before = position(["5S KH", "3S KD", "7H QC", "8D JH", "9C 2H", "6D 5C", "JS 4D",
                       "QS 8H KC"], foundations=FULL[1]["foundations"], rule="alternate")
    after = allowed(before, M.Transfer("c7", 1, "w"))
    assert after.status == "lost" and M.observe(after).lost and not M.legal_moves(after)


def test_the_search_proves_what_the_relaxation_cannot() -> None:
    s = position(SEARCHED[0], **SEARCHED[1])
    assert not S.relaxed_stuck(s)
    assert S.verdict(s, M.STUCK_BUDGET) is True and plain_search(s, 50_000) is True
    assert M.is_stuck(s)  # what a move runs: the game ends there


def test_a_position_that_looks_stuck_is_not_when_a_card_goes_up_moves_later() -> None:
    s = position(LIVE[0], **LIVE[1])
    assert not M.has_layoff(s) and len(list(M.transfers(s))) == 1
    assert not S.relaxed_stuck(s) and S.verdict(s, M.STUCK_BUDGET) is False
    assert not M.is_stuck(s) and S.lost_proof(s, 5.0) is False
    for move in (M.Transfer("w", 1, "c2"), M.Transfer("c1", 1, "w"),
                 M.Transfer("c0", 2, "c1"), M.Transfer("c0", 1, "f")):
        s = allowed(s, move)
    assert s.laid_off == 5 and s.status == "lost"  # and then nothing more can go up


# Live (The Giant, same suit) only through a column emptied late in the relaxation's
# round: 6D onto 7D empties column 3, the TS goes there and the 2D goes up. The waiting
# space is taken and kings with nowhere to go fill the other columns, so the fixed point
# must go round again once column 3 may be empty (a foundation card that may come down
# must not end it early). The JC goes to the waiting space first.
def test_a_column_emptied_late_frees_the_card_under_the_one_moved_there() -> None:
    before = position(["2D TS", "7D", "6D", "KS JC", "KH", "KC", "KS", "KH"],
                      foundations={4: "AD"}, rule="suit")
    s = allowed(before, M.Transfer("c3", 1, "w"))  # the move runs the proof: it goes on
    assert s.status == "playing" and not M.has_layoff(s)
    assert list(M.transfers(s)) == [M.Transfer("c2", 1, "c1")]
    assert not S.relaxed_stuck(s) and S.verdict(s, M.STUCK_BUDGET) is False
    assert plain_search(s, 1_000) is False
    refused(s, M.Stuck(), "Cards can still be moved so that one goes up")


# A quick player's real end (alternate): 8D 7C onto 9C, then the 9S goes up. Of the 13
# moves from here a plain depth first search goes down the last first, and deep.
SHORT_LINE = (["KH QS JH TS", "QH KS QD JC TD 9S 8D 7C", "TH 9S 8H 9C", "5C JS", "KH QS",
               "JH TC KC QH 7D KS", "9D 8C 7H 6C", "KD QC JD TS 9H"],
              dict(foundations={0: "AS 2S 3S 4S 5S 6S 7S 8S", 1: "AS 2S 3S 4S 5S 6S 7S 8S",
                                2: "AH 2H 3H 4H 5H 6H 7H 8H 9H TH", 3: "AH 2H 3H 4H 5H 6H",
                                4: "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                                5: "AD 2D 3D 4D 5D 6D",
                                6: "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                                7: "AC 2C 3C 4C"}, waiting="JS", rule="alternate"))


def test_the_search_tries_first_what_brings_a_card_that_could_go_up_to_an_end() -> None:
    s = position(SHORT_LINE[0], **SHORT_LINE[1])
    assert not M.has_layoff(s) and len(list(M.transfers(s))) == 13
    # depth first, as the search was, it is lost in the far ends of the first moves
    assert plain_search(s, 2_000, depth_first=True) is None
    assert S.search(s, 10) is False and not M.is_stuck(s)
    assert S.line_up(s, 100) == (M.Transfer("c1", 2, "c2"), M.Transfer("c1", 1, "f"))
    assert S.any_line_up(s, 100) == S.line_up(s, 100)


def test_any_line_up_finds_best_first_what_a_breadth_first_search_runs_out_before() -> None:
    # A quick player's real end (any suit): 91 moves, two empty columns; 8D 7H to one of
    # them and the 9H goes up, but 300 positions are not enough to look two moves deep.
    s = position(["", "KS QH", "KD QH JD TD 9D 8D", "JH TH 9H 8D 7H", "",
                  "KH QD JD TH 9H 8H 7D 6D", "KH QS JH TD 9D", "7D 6H 5D QD"],
                 foundations={0: "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
                              1: "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
                              2: "AH 2H 3H 4H 5H 6H 7H 8H", 3: "AH 2H 3H 4H 5H",
                              4: "AD 2D 3D 4D 5D 6D", 5: "AD 2D 3D 4D",
                              6: "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                              7: "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"},
                 waiting="KD", rule="any")
    assert len(list(M.transfers(s))) == 91 and S.line_up(s, 300) is None
    assert S.any_line_up(s, 300) == (M.Transfer("c3", 2, "c0"), M.Transfer("c3", 1, "f"))


def test_the_stuck_move_ends_the_game_lost_only_with_the_stock_out() -> None:
    s = position(SEARCHED[0], **SEARCHED[1])
    refused(position(SEARCHED[0], stock=8, **SEARCHED[1]), M.Stuck(), "stock")
    refused(position(["AH 8D 4H", "5S"], **SEARCHED[1]), M.Stuck(), "can still go up")
    lost = M.apply(s, M.Stuck())  # not listed by legal_moves: see the test below
    assert lost.status == "lost" and lost.moves == s.moves + 1 and M.is_over(lost)
    assert M.observe(lost).lost and M.figures(lost)["win"] is False
    assert M.move_to_json(M.Stuck()) == "stuck" and M.move_from_json("stuck") == M.Stuck()
    assert "no card can go up" in M.describe(M.Stuck())


def test_stuck_is_refused_with_a_reason_where_the_rules_proof_finds_a_line_up() -> None:
    # LIVE: the stock is out and nothing goes up at once (what the rules used to take
    # for enough), but four moves send the 5S up.
    s = position(LIVE[0], **LIVE[1])
    assert not s.stock and not M.has_layoff(s)
    refused(s, M.Stuck(), "Cards can still be moved so that one goes up")
    assert M.Stuck() not in M.legal_moves(s)


def test_stuck_is_refused_where_the_proof_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(S, "_settled", {})
    monkeypatch.setattr(S, "WORKER_BUDGET", 1)  # SEARCHED needs the search
    refused(position(SEARCHED[0], **SEARCHED[1]), M.Stuck(), "not proven")


def test_legal_moves_leave_stuck_to_the_check_even_where_the_game_is_lost(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(S, "_settled", {})  # proven here, not remembered from another test
    s = position(SEARCHED[0], **SEARCHED[1])
    assert S.proven_lost(s) is True

    def searched_again(*args: object) -> None:
        raise AssertionError("the proof is run again")
    monkeypatch.setattr(S, "verdict", searched_again)
    assert S.proven_lost(s) is True  # remembered
    assert M.Stuck() not in M.legal_moves(s) and M.Resign() in M.legal_moves(s)


def test_the_workers_proof_is_what_the_stuck_move_checks(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr(S, "_settled", {})
    s = position(SEARCHED[0], **SEARCHED[1])
    assert S.lost_proof(s, 5.0) is True

    def searched_again(*args: object) -> None:
        raise AssertionError("the proof is run again")
    monkeypatch.setattr(S, "verdict", searched_again)
    assert M.apply(s, M.Stuck()).status == "lost"  # remembered: a look-up, not a search
    monkeypatch.setattr(S, "REMEMBERED", 2)  # and only a few are kept
    for n in range(3):
        S._remember(replace(s, moves=100 + n), True)
    assert s not in S._settled and len(S._settled) == 2


def test_the_worker_proof_settles_what_a_move_may_not_and_gives_up_on_time() -> None:
    s = position(SEARCHED[0], **SEARCHED[1])
    assert S.lost_proof(s, 5.0) is True
    assert S.lost_proof(position(SEARCHED[0], stock=8, **SEARCHED[1]), 5.0) is None
    assert S.search(s, 10**6, deadline=0.0) is None  # out of time at once: unknown
    S._settled.clear()  # the worker's own clock, not a remembered answer
    assert S.lost_proof(s, -1.0) is None


def random_position(rng: random.Random) -> M.MilliganState:
    piles, used = [], set()
    for suit in SUITS:
        for copy in range(2):
            height = rng.choice([0, 1, 3, 5, 8, 10, 12])
            piles.append(tuple(Card(r, suit, copy) for r in range(1, height + 1)))
            used |= set(piles[-1])
    rest = [Card(r, s, d) for r in range(1, 14) for s in SUITS for d in (0, 1)
            if Card(r, s, d) not in used]
    rng.shuffle(rest)
    cards = rest[:rng.randrange(6, 18)]
    columns: list[list[Card]] = [[] for _ in range(M.COLUMNS)]
    for card in cards[1:]:
        columns[rng.randrange(rng.choice([7, 8]))].append(card)
    waiting = cards[0] if rng.random() < 0.5 else None
    if waiting is None:
        columns[0].append(cards[0])
    return M.MilliganState(tuple(map(tuple, columns)), (), tuple(piles), waiting,
                           rng.choice(M.RULE_NAMES), rng.random() < 0.5)


def test_the_proofs_never_call_a_live_position_lost() -> None:
    rng = random.Random(11)
    settled = lost = proved = 0
    while settled < 40:
        s = random_position(rng)
        if M.has_layoff(s):
            continue
        truth = plain_search(s, 1_000)
        if truth is None:
            continue
        settled += 1
        lost += truth
        verdict = S.verdict(s, 1_000)
        assert verdict in (truth, None), s  # never the wrong answer
        assert S.search(s, 1_000) in (truth, None), s  # nor the search on its own
        for line in (S.line_up(s, 1_000), S.any_line_up(s, 1_000)):
            if line is not None:  # a line up is one
                assert not truth
                after = s
                for move in line:
                    after = M.apply(after, move)
                assert after.laid_off == s.laid_off + 1
        if S.relaxed_stuck(s):
            assert truth, s
            proved += 1
    assert lost >= 5 and proved >= 3  # the test saw both kinds


# -- each route of the relaxation, alone -------------------------------------------------
# In each, a 3S (wanted: its suit's piles stand at 2) lies under cards that only one way of
# leaving frees; no empty column helps unless that is the point, and the waiting card, if
# any, has nowhere to go.
CLUBS_TO_TEN = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC"
LIVE_ROUTES = {
    # Miss Milligan: the KH goes to the empty column, the only card that may.
    "a king into an empty column": (["3S KH"], dict(foundations={0: "AS 2S"}, waiting="9C",
                                                    rule="suit", mm=True)),
    # QC waits, 7D onto 8D, QC back onto KC, 6D onto 7D: the waiving space is free again
    # for the 8H. (A proof that forgot the QC had left could not free it.)
    "the waiving space, free again": (["3S 8H 6D", "KC 7D QC", "8D"],
                                      dict(foundations={0: "AS 2S"}, rule="suit", mm=True)),
    # 9D onto TC frees the 6H; the taller pile's 5S comes down onto it and the 5S on the
    # 3S goes up in its place (a route the proof sees only on a second round).
    "up where the taller pile's card came down": (
        ["3S 5S", "6H 9D", "TC", "KH", "KD", "KH", "KD", "QD"],
        dict(foundations={0: "AS 2S", 1: "AS 2S 3S 4S 5S"}, waiting="JD")),
    # The TC comes down onto the JD, the 9D onto it, then the 9C onto the TH so freed and
    # the 8H onto that: foundation cards come down two deep, the second a round later.
    "foundation cards coming down": (
        ["3S 8H", "JD", "4S", "5S", "TH 9D", "KD", "KH", "KD"],
        dict(foundations={0: "AS 2S", 1: "AS 2S", 6: CLUBS_TO_TEN}, waiting="7D")),
}


@pytest.mark.parametrize("columns, where", LIVE_ROUTES.values(), ids=LIVE_ROUTES)
def test_the_relaxation_follows_every_way_a_covered_card_gets_free(
        columns: list[str], where: dict[str, Any]) -> None:
    """Each position is live only by one route of the fixed point: a proof that lost or
    narrowed that route would call a live game lost."""
    s = position(columns, **where)
    assert not M.has_layoff(s) and S.search(s, 1_000) is False
    assert not S.relaxed_stuck(s)


LOST_ROUTES = {
    # Miss Milligan: the 5H may not go to the empty column.
    "no other card into an empty column": (["3S 5H"], dict(foundations={0: "AS 2S"},
                                                      waiting="9C", rule="suit", mm=True)),
    # Miss Milligan: nothing comes down, so the 8H finds no black 9 (The Giant's
    # "foundation cards coming down", under Miss Milligan).
    "nothing down under Miss Milligan": (
        ["3S 8H", "JD", "4S", "5S", "TH 9D", "KD", "KH", "KD"],
        dict(foundations={0: "AS 2S", 1: "AS 2S", 6: CLUBS_TO_TEN}, waiting="7D", mm=True)),
    # A card waiting empties a column for the KH, but the 9D on the KH needs the
    # waiving space too (the 7C's column comes first: the order must not matter).
    "one card at a time in the waiving space": (
        ["7C", "3S KH 9D", "5H", "5D", "4C", "9S", "JD", "2C"],
        dict(foundations={0: "AS 2S"}, rule="suit", mm=True)),
    # The 5S could go up once the taller pile's comes down onto the 6H, but the 9H lies on it.
    "no covered card goes up": (
        ["3S 5S 9H", "6H", "KH", "KD", "KH", "KD", "QD", "QH"],
        dict(foundations={0: "AS 2S", 1: "AS 2S 3S 4S 5S"}, waiting="JD")),
}


@pytest.mark.parametrize("columns, where", LOST_ROUTES.values(), ids=LOST_ROUTES)
def test_the_relaxation_proves_lost_what_its_routes_do_not_reach(
        columns: list[str], where: dict[str, Any]) -> None:
    """The cheap proof's strength, pinned: a relaxation more generous than play (a queen
    into an empty column under Miss Milligan, two cards waiting at once, ...) would leave
    these to the search."""
    s = position(columns, **where)
    assert S.relaxed_stuck(s) and plain_search(s, 5_000) is True


def test_the_search_budget_counts_the_positions_it_sees() -> None:
    """A budget is a number of positions, the first among them: SEARCHED takes 16."""
    s = position(SEARCHED[0], **SEARCHED[1])
    assert S.search(s, 15) is None and S.search(s, 16) is True


class StillClock:
    """A clock that does not move, counting how often it is read."""

    def __init__(self, at: float) -> None:
        self.at, self.readings = at, 0

    def seconds(self) -> float:
        self.readings += 1
        return self.at

    def now(self) -> datetime:
        return datetime(2026, 1, 1)


def test_the_search_reads_the_clock_now_and_then_and_stops_only_past_the_deadline() -> None:
    """A deadline not yet passed (the clock reads exactly it) lets the search finish; the
    clock is read at the first position and every 16th step after (reading it at every
    position cost time in the millions of positions of a long proof)."""
    s = position(["KH", "2S", "6H 6C 2C KS", "3H", "6C 5H 8C 4S", "7S", "7C", "KC"],
                 foundations={0: "AS 2S 3S 4S 5S 6S 7S 8S 9S TS", 2: "AH", 3: "AH",
                              4: "AD 2D 3D 4D 5D 6D 7D 8D", 5: "AD"},
                 waiting="3D", rule="any", mm=True)  # a random end, lost
    clock = StillClock(5.0)
    with wallclock.using(clock):
        assert S.search(s, 1_000, deadline=5.0) is True
    assert clock.readings == 11


def test_a_card_that_goes_up_now_is_a_line_of_one_move() -> None:
    """(Kings everywhere: the move up is the first the search tries.)"""
    s = position(["KH 3S", "KD", "KD", "KH", "KC", "KC", "KS", "KS"], foundations={0: "AS 2S"})
    assert S.search(s, 10) is False
    assert S.any_line_up(s, 10) == S.line_up(s, 10) == (M.Transfer("c0", 1, "f"),)


def test_among_positions_as_near_the_search_tries_the_newest_first() -> None:
    """Going deep down one line among equals, not wide: this random end (The Giant, seven
    cards in the columns, foundation cards to take down) is settled in 66 positions;
    trying equals first come, first served took 630."""
    heights = (1, 12, 5, 10, 5, 12, 3, 12)
    s = position(["7C", "", "", "8C", "JH QC 8H 5S", "", "TH"],
                 foundations={p: " ".join(r + M.pile_suit(p) for r in "A23456789TJQK"[:h])
                              for p, h in enumerate(heights)}, waiting="6S")
    assert not M.has_layoff(s) and not S.relaxed_stuck(s)
    assert S.search(s, 100) is False
