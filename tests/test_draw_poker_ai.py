"""The dealers: draw odds from real outs, three personalities that differ measurably, a
dealer that sees only its own view, and one that beats both simulated players."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

from game.ai import draw_poker as A
from game.ai.draw_poker_odds import DrawOption, best_draw, draw_options, straight_outs, unseen
from game.ai.draw_poker_sim import simulate
from game.cards import full_deck, parse_cards
from game.rules import draw_poker as D

ROOT = Path(__file__).resolve().parents[1]


def option(hand: str, kind: str) -> DrawOption:
    return next(o for o in draw_options(parse_cards(hand)) if o.kind == kind)


def test_outs_are_counted_from_the_cards_left() -> None:
    hand = parse_cards("2H 7H 9H KH 5C")
    flush = option("2H 7H 9H KH 5C", "four_flush")
    assert flush.keep == (0, 1, 2, 3) and flush.discard == (4,)
    assert straight_outs([5, 6, 7, 8], Counter(c.rank for c in unseen(hand))) == 7  # 9H held
    left = Counter(c.rank for c in unseen(parse_cards("5S 6H 7D 8C KH")))
    assert straight_outs([5, 6, 7, 8], left) == 8  # 4s and 9s: open at both ends
    assert straight_outs([1, 2, 3, 4], left) == 3  # A-2-3-4 needs a 5 (5S is held)
    assert straight_outs([11, 12, 13, 1], left) == 4  # J-Q-K-A needs a 10
    assert straight_outs([12, 13, 1, 2], left) == 0  # no turning the corner


def test_made_hands_stand_pat_and_pairs_are_kept() -> None:
    assert best_draw(parse_cards("4S 5H 6D 7C 8S")).kind == "pat"
    assert best_draw(parse_cards("KS KH 2D 7C 9S")).keep == (0, 1)
    assert best_draw(parse_cards("QS QH QD 7C 2S")).keep == (0, 1, 2)


def personality_counts(hands: int = 3000) -> dict[str, Counter[str]]:
    """How often each dealer keeps each kind of draw, over seeded hands that offer one."""
    rng = random.Random(9)
    deck = full_deck()
    counts = {name: Counter() for name in A.PERSONALITIES}
    for _ in range(hands):
        cards = rng.sample(deck, 5)
        offered = {o.kind for o in draw_options(cards)}
        for name, manner in A.PERSONALITIES.items():
            kept = best_draw(cards, manner.bias).kind
            for kind in ("four_flush", "open_straight"):
                if kind in offered:
                    counts[name][f"{kind}_offered"] += 1
                    counts[name][kind] += kept == kind
    return counts


def test_the_three_dealers_draw_differently_over_many_seeded_hands() -> None:
    counts = personality_counts()
    rate = {name: {k: c[k] / c[f"{k}_offered"] for k in ("four_flush", "open_straight")}
            for name, c in counts.items()}
    assert counts["jack"]["four_flush_offered"] > 80
    assert rate["queen"]["four_flush"] > rate["jack"]["four_flush"] + 0.2
    assert rate["king"]["open_straight"] > rate["jack"]["open_straight"] + 0.3
    assert rate["queen"]["open_straight"] <= rate["king"]["open_straight"] - 0.3
    assert rate["king"]["four_flush"] <= rate["queen"]["four_flush"] - 0.2


def test_the_three_dealers_bet_differently_after_a_check() -> None:
    totals = Counter()
    for seed in range(300):
        checked = D.apply(D.apply(D.new_game(seed, {}), D.ChooseDealer("jack")), D.Check())
        for name in A.PERSONALITIES:
            state = replace(checked, dealer=name)
            move = A.make_agent("dealer").act(D.observe(state, D.DEALER),
                                              D.legal_moves(state, D.DEALER))
            totals[name] += move.amount
    assert totals["queen"] > totals["jack"] * 1.1 > totals["king"] * 1.2, totals


def test_the_dealer_acts_on_its_own_view_only() -> None:
    state = D.apply(D.apply(D.new_game(4, {}), D.ChooseDealer("queen")), D.Check())
    view = D.observe(state, D.DEALER)
    assert view.hands[D.PLAYER] == (None,) * 5
    move = A.make_agent("dealer").act(view, D.legal_moves(state, D.DEALER))
    assert isinstance(move, D.Bet) and 1 <= move.amount <= state.points
    D.apply(state, move)


def test_the_dealer_beats_a_caller_and_a_random_player() -> None:
    for opponent in ("always-call", "random"):
        result = simulate(800, 5, dealer="jack", opponent=opponent)
        assert result["games"] == 800 and result["dealer_points_per_hand"] > 0.5, result


def test_simulate_from_the_command_line() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "main.py", "simulate", "draw-poker", "--games", "60",
                           "--seed", "2", "--dealer", "king", "--opponent", "random", "--json"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["games"] == 60 and out["dealer"] == "king" and out["opponent"] == "random"
    assert isinstance(out["dealer_points_per_hand"], float) and out["seconds"] >= 0


def test_queen_answers_a_check_with_the_pot_or_more_whatever_she_holds() -> None:
    """A playtest saw F. Queen, who "bets big", bet 1 after a check in 15 hands."""
    for seed in range(40):
        state = D.apply(D.apply(D.new_game(seed, {}), D.ChooseDealer("queen")), D.Check())
        move = A.make_agent("dealer").act(D.observe(state, D.DEALER),
                                          D.legal_moves(state, D.DEALER))
        assert isinstance(move, D.Bet) and move.amount >= state.pot, (seed, move)


def test_the_personalities_show_in_the_numbers_of_a_seeded_run() -> None:
    runs = {d: simulate(300, 7, dealer=d, opponent="always-call") for d in D.DEALERS}
    big = {d: r["bet_sizes"]["the pot or more"] for d, r in runs.items()}
    assert big["queen"] > 0.9 and max(big["jack"], big["king"]) < 0.5
    assert runs["king"]["bet_sizes"]["1"] >= runs["jack"]["bet_sizes"]["1"] > 0.4
    assert runs["queen"]["draws"]["flush"] > runs["jack"]["draws"]["flush"]
    assert runs["king"]["draws"]["straight"] > runs["jack"]["draws"]["straight"]
    assert all(r["dealer_points_per_hand"] > 0 for r in runs.values())


def test_the_exploiter_bets_the_pot_with_strong_hands_only() -> None:
    exploiter = A.make_agent("exploiter")
    sizes = {"strong": [], "weak": []}
    for seed in range(200):
        state = D.apply(D.new_game(seed, {}), D.ChooseDealer("jack"))
        view = D.observe(state, D.PLAYER)
        move = exploiter.act(view, D.compact_moves(state, D.PLAYER))
        D.check(state, move)
        strong = A.strength(view, A.Bias()) >= A.Exploiter.STRONG
        sizes["strong" if strong else "weak"].append(move.amount if isinstance(move, D.Bet)
                                                     else 0)
    assert sizes["strong"] and all(n >= 2 for n in sizes["strong"])  # the pot of antes
    assert set(sizes["weak"]) == {0}


def test_no_dealer_loses_to_the_exploiter() -> None:
    for dealer in D.DEALERS:
        result = simulate(800, 5, dealer=dealer, opponent="exploiter")
        assert result["dealer_points_per_hand"] > 0, result
