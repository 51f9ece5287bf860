"""Draw poker figures: ``python -m tools.bench_draw_poker [--hands N] [--seed S]``.

For every dealer against the three simulated players (one who always calls, one who
plays at random, one who seeks out a dealer's weakness by betting big only with strong
hands) it prints what the house gains a hand with a 95% interval, the dealer's bets by
size and its draws to flushes and straights (the personalities in play), and the hands
a second. No dealer may lose points against any of them; F. Queen bets big. Then how
often each dealer keeps a four-flush or an open-ended straight draw when dealt one.
100,000 hands a pairing take about ten minutes on one idle core: ``--hands`` shortens it.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from game.ai.draw_poker import PERSONALITIES
from game.ai.draw_poker_odds import best_draw, draw_options
from game.ai.draw_poker_sim import BET_SIZES, DRAWS, OPPONENTS, simulate
from game.cards import full_deck
from game.rules.draw_poker import DEALERS
from tools.figures import figure

KEPT = ("four_flush", "open_straight", "inside_straight", "three_flush")


BIG_BETS = {"queen": 0.5}  # the share of her bets that are the pot or more, at least


def strength(hands: int, seed: int) -> None:
    print(f"dealer vs opponent: house points a hand over {hands:,} hands (95% interval), "
          "the dealer's bets by size (1 / under the pot / the pot or more), its draws")
    for dealer in DEALERS:
        for opponent in OPPONENTS:
            r = simulate(hands, seed, dealer=dealer, opponent=opponent)
            half = 1.96 * r["dealer_points_sd"] / max(1, hands) ** 0.5
            rate = hands / r["seconds"] if r["seconds"] else 0.0
            sizes = " / ".join(f"{r['bet_sizes'][k]:.0%}" for k in BET_SIZES)
            print(f"  {dealer:5} vs {opponent:11}  {r['dealer_points_per_hand']:+9.3f} "
                  f"+- {half:.3f}   bets {sizes}   draws to flush "
                  f"{r['draws']['flush']:.1%}, straight {r['draws']['straight']:.1%}   "
                  f"{rate:,.0f} hands/s")
            figure("draw_poker", f"{dealer} vs {opponent}: house points a hand",
                   r["dealer_points_per_hand"], "", 0.0, "higher")
            figure("draw_poker", f"{dealer} vs {opponent}: bets of the pot or more",
                   r["bet_sizes"]["the pot or more"], "share", BIG_BETS.get(dealer), "higher")
            for kind in DRAWS:
                figure("draw_poker", f"{dealer} vs {opponent}: draws to a {kind}",
                       r["draws"][kind], "share")


def personalities(deals: int, seed: int) -> None:
    rng = random.Random(seed)
    deck = full_deck()
    offered: Counter[str] = Counter()
    kept: dict[str, Counter[str]] = {name: Counter() for name in PERSONALITIES}
    for _ in range(deals):
        cards = rng.sample(deck, 5)
        kinds = {o.kind for o in draw_options(cards)}
        offered.update(k for k in KEPT if k in kinds)
        for name, manner in PERSONALITIES.items():
            choice = best_draw(cards, manner.bias).kind
            if choice in kinds and choice in KEPT:
                kept[name][choice] += 1
    print(f"draws kept when dealt one, over {deals:,} deals")
    print("  " + " " * 6 + "".join(f"{k:>17}" for k in KEPT))
    for name in PERSONALITIES:
        cells = "".join(f"{kept[name][k] / max(1, offered[k]):>17.1%}" for k in KEPT)
        print(f"  {name:6}{cells}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    strength(args.hands, args.seed)
    personalities(min(args.hands, 50_000), args.seed)


if __name__ == "__main__":
    main()
