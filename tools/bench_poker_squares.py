"""Poker Squares players' figures: ``python -m tools.bench_poker_squares [--games N]
[--strong-games M] [--budget S] [--scorings american,english]``.

``--advantage N`` tells the strong player's gain over quick from N of its games, move
by move: far less noisy than their scores (see advantage_study).

The long run, resumable: ``python -m tools.bench_poker_squares --long PATH
--long-games 1000 --budget 30`` plays strong (and quick, on the same deal) game by
game, appends one JSON line a game to PATH and, started again, carries on from it,
printing the mean, SD, 95% interval and the paired gain over quick so far
(``--long-scoring english`` for English points; ``--shard K/N`` splits it over N
processes sharing PATH).

Every player under every scoring asked for, on the same seeded deals (One Hand rules):
mean, standard deviation, its 95% half-width, share of great games (200+ American,
70+ English) and speed (CPU time, fair on a busy machine, and wall time). The strong
player runs fewer games, at ``--budget`` CPU seconds a game (the published players had
30 s in Java; run that long only when you can wait).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np

from game.ai.poker_squares import (
    AGENTS,
    BATCH_DEALS,
    EXACT_NEED,
    PRUNE_EVERY,
    PRUNE_Z,
    SEARCH_FROM,
    SHARE,
    STRONG_CANDIDATES,
    SWITCH_STEPS,
    SWITCH_Z,
    QuickAgent,
    StrongAgent,
    make_agent,
    prune,
    unseen_cards,
    verdict,
)
from game.ai.poker_squares_batch import BatchRollout
from game.ai.poker_squares_lines import card_int
from game.ai.poker_squares_play import EMPTY, Position, distinct, playout, ranked_cells
from game.ai.poker_squares_sim import deal, play, simulate
from game.ai.poker_squares_values import NEIGHBOURS, data_path
from game.progress import counted
from game.rules.poker_squares import score_grid
from tools.figures import figure

STRONG_TARGET = 127.0  # the strong player's average, American scoring, on fresh deals


def line(figures: dict[str, Any]) -> str:
    half = 1.96 * figures["std_score"] / math.sqrt(max(1, figures["games"]))
    share = figures["share_200"]
    cpu = figures["cpu_seconds_per_game"]
    rate = 1 / cpu if cpu else math.inf
    return (f"{figures['agent']:>7} {figures['scoring']:>9} {figures['games']:>6} games  "
            f"mean {figures['mean_score']:7.2f} +- {half:4.2f}  sd {figures['std_score']:5.1f}"
            f"  great {'-' if share is None else f'{share:.3f}'}"
            f"  cpu {cpu * 1000:9.2f} ms/game ({rate:,.0f}/s)"
            f"  wall {figures['seconds_per_game'] * 1000:9.2f} ms/game"
            + (f"  {figures['deals_per_search']} deals a search"
               if "deals_per_search" in figures else ""))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--strong-games", type=int, default=20)
    parser.add_argument("--budget", type=float, default=5.0,
                        help="CPU seconds a strong game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scorings", default="american,english")
    parser.add_argument("--agents", default=",".join(AGENTS))
    parser.add_argument("--decisions", type=int, default=0,
                        help="also weigh the strong player's rule on this many positions")
    parser.add_argument("--deals", type=int, default=400, help="playouts a square, there")
    parser.add_argument("--advantage", type=int, default=0, metavar="GAMES",
                        help="also the strong player's gain over quick judged move by move "
                             "in this many of its games (at --budget)")
    parser.add_argument("--rollouts", type=int, default=2000,
                        help="playouts timed, plain and fast, from mid-game positions")
    parser.add_argument("--long", metavar="PATH",
                        help="the resumable long run: one JSON line a game in PATH")
    parser.add_argument("--long-games", type=int, default=1000)
    parser.add_argument("--long-scoring", default="american", choices=("american", "english"))
    parser.add_argument("--shard", type=shard_of, default=(0, 1), metavar="K/N",
                        help="play only games K, K+N, ... (N processes share one PATH)")
    args = parser.parse_args(argv)
    if args.long:
        shard, shards = args.shard
        long_run(Path(args.long), args.long_games, args.seed, args.budget, shard, shards,
                 scoring=args.long_scoring)
        return
    if args.rollouts:
        print(rollout_speed(args.rollouts, args.seed), flush=True)
    if args.decisions:
        for text in decision_study(args.decisions, args.deals, args.seed):
            print(text, flush=True)
    if args.advantage:
        for text in advantage_study(args.advantage, args.seed, args.budget):
            print(text, flush=True)
    for scoring in args.scorings.split(","):
        for agent in args.agents.split(","):
            strong = agent == "strong"
            figures = simulate(args.strong_games if strong else args.games, args.seed, agent,
                               scoring, args.budget if strong else None, keep_scores=True)
            print(line(figures), flush=True)
            to_beat = strong and scoring == "american"  # the published best is 126.0
            figure("poker_squares", f"{agent} player, {scoring}: mean score over "
                   f"{figures['games']} games", figures["mean_score"], "",
                   STRONG_TARGET if to_beat else None, "higher",
                   "best published 126.0" if to_beat else "")
            if strong:
                print(paired(figures, simulate(figures["games"], args.seed, "quick", scoring,
                                               keep_scores=True)), flush=True)


def shard_of(text: str) -> tuple[int, int]:
    """"K/N" -> (K, N) with 0 <= K < N."""
    try:
        shard, shards = (int(part) for part in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not K/N") from None
    if not 0 <= shard < shards:
        raise argparse.ArgumentTypeError(f"{text!r}: K must be 0 to N-1")
    return shard, shards


def paired(strong: dict[str, Any], quick: dict[str, Any]) -> str:
    """Strong minus quick deal by deal: luck cancels, so few games tell the gain."""
    diffs = [a - b for a, b in zip(strong["scores"], quick["scores"], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    return (f"{'':>7} {'':>9} {n:>6} games  strong - quick on the same deals: "
            f"{mean:+.2f} +- {1.96 * sd / math.sqrt(n):.2f} (quick {quick['mean_score']:.2f})")



SWITCH_ZS = (None, SWITCH_Z, 1.0, 2.0)  # the rule's own thresholds, and fixed ones


def rollout_speed(count: int, seed: int) -> str:
    """Greedy playouts a CPU second, the plain spelling against the strong player's numpy
    batches, from positions 4 to 16 cards in (the same deals for both)."""
    quick, rng = QuickAgent(), np.random.default_rng(seed)
    batches = BatchRollout(quick.values, quick.points)
    cases = []
    per = max(1, count // 13)
    for k in range(13):
        dealt = [card_int(c) for c in deal(seed * 7000 + k)]
        pos = Position.start()
        for card in dealt[: 4 + k]:
            pos.see(card)
            pos.put(quick.choose(pos, card, pos.empties()), card)
        unseen = np.array(unseen_cards(pos, EMPTY))
        cases.append((pos, rng.permuted(np.tile(unseen, (per, 1)), axis=1)[:, :25 - pos.placed]))
        batches.run([pos], cases[-1][1], np.zeros(per, dtype=int))  # both meet known keys
    started = time.process_time()
    for pos, cards in cases:
        for row in cards.tolist():
            playout(pos.copy(), row, quick.values.of, quick.points)
    plain = 13 * per / max(1e-9, time.process_time() - started)
    started = time.process_time()
    for pos, cards in cases:
        batches.run([pos], cards, np.zeros(per, dtype=int))
    batch = 13 * per / max(1e-9, time.process_time() - started)
    return (f"playouts: plain {plain:,.0f}/s, numpy batches of {per} {batch:,.0f}/s "
            f"(x{batch / plain:.2f}), from 4-16 cards in")


def decision_study(positions: int, deals: int, seed: int, scoring: str = "american"
                   ) -> list[str]:
    """What the strong player's choice is worth, decision by decision (whole games are
    too noisy to tell a few points apart). Mid-game positions come from the quick
    player's games; every candidate square is played out on the same ``deals``; the
    rule sees the first n of the first half, the second half judges (unbiased). Regret:
    points a decision below the best square; x23 decisions ~ points a game."""
    quick, rng = QuickAgent(scoring), random.Random(seed)
    batches, shuffle = BatchRollout(quick.values, quick.points), np.random.default_rng(seed)
    cases = []
    for k in range(positions):
        dealt = [card_int(c) for c in deal(seed * 1000 + k)]
        stop = rng.randrange(2, 23)
        pos = Position.start()
        for card in dealt[:stop]:
            pos.see(card)
            pos.put(quick.choose(pos, card, pos.empties()), card)
        card = dealt[stop]
        pos.see(card)
        squares = distinct(pos, [i for _, i in ranked_cells(
            pos, card, quick.values.of, quick.points)])[:STRONG_CANDIDATES]
        unseen = np.array(unseen_cards(pos, card))
        trials = [pos.copy() for _ in squares]
        for square, trial in zip(squares, trials, strict=True):
            trial.put(square, card)
        cards = shuffle.permuted(np.tile(unseen, (deals, 1)), axis=1)[:, :24 - pos.placed]
        played = batches.run(trials, np.tile(cards, (len(squares), 1)),
                             np.repeat(np.arange(len(squares)), deals))
        cases.append((squares, dict(zip(squares, played.reshape(len(squares), deals),
                                        strict=True))))
    half = deals // 2

    def regret(pick: int, scores: dict[int, np.ndarray]) -> float:
        judged = {s: statistics.fmean(v[half:]) for s, v in scores.items()}
        return max(judged.values()) - judged[pick]
    base = [regret(sq[0], sc) for sq, sc in cases]
    lines = [f"decisions: {positions} positions, {deals} deals a square; quick's regret "
             f"{statistics.fmean(base):.3f} a decision (~{23 * statistics.fmean(base):.1f}"
             " a game)"]
    n = 25
    while n <= half:
        for z in SWITCH_ZS:
            gains = [b - regret(searched(sq, sc, n, z), sc)
                     for b, (sq, sc) in zip(base, cases, strict=True)]
            mean = 23 * statistics.fmean(gains)
            spread = statistics.stdev(gains) if len(gains) > 1 else 0.0
            half_width = 23 * 1.96 * spread / math.sqrt(len(gains))
            rule = "the rule's own" if z is None else f"switch at z {z:4.2f}"
            lines.append(f"  strong's rule on {n:>4} deals, {rule}: "
                         f"gain {mean:+.2f} +- {half_width:.2f} a game")
        n *= 2
    return lines


class JudgedStrong(StrongAgent):
    """The strong player, noting every position where it leaves the quick player's square."""

    def new_game(self) -> None:
        super().new_game()
        self.departures: list[tuple[Position, int, int, int]] = []

    def choose(self, pos: Position, card: int, cells: list[int]) -> int:
        own = self.ranked(pos, card, cells)[0][1]
        square = super().choose(pos, card, cells)
        if square != own:
            self.departures.append((pos.copy(), card, square, own))
        return square


def advantage_study(games: int, seed: int, budget: float, judge: int = 4000) -> list[str]:
    """The strong player's gain over quick, told from its own games with far less noise
    than their scores: a game's gain is the sum, over the squares where strong left
    quick's, of how much better its square does than quick's when quick plays on (the
    performance difference lemma; each judged on ``judge`` fresh deals, unbiased). Whole
    games differ by about 29 points SD, this sum by about 3."""
    shuffle = np.random.default_rng(seed)
    batches: BatchRollout | None = None
    gains, by_card = [], [0.0] * 25
    cpu = 0.0
    for game in counted(range(games), "games"):
        strong = JudgedStrong(seed=seed + game, game_budget=budget)
        strong.clock = time.process_time
        started = time.process_time()
        play(strong, deal(seed + game))
        cpu += time.process_time() - started
        batches = batches or BatchRollout(strong.values, strong.points)
        total = 0.0
        for pos, card, square, own in strong.departures:
            trials = [pos.copy(), pos.copy()]
            trials[0].put(square, card)
            trials[1].put(own, card)
            cards = shuffle.permuted(np.tile(unseen_cards(pos, card), (judge, 1)), axis=1)
            played = batches.run(trials, np.tile(cards[:, :24 - pos.placed], (2, 1)),
                                 np.repeat([0, 1], judge)).reshape(2, judge)
            gain = float(played[0].mean() - played[1].mean())
            total += gain
            by_card[pos.placed] += gain / games
        gains.append(total)
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / math.sqrt(games) if games > 1 else 0.0
    per_card = "  ".join(f"{k + 1}: {g:+.2f}" for k, g in enumerate(by_card) if g)
    return [f"advantage: {games} strong games at {budget} s, {cpu / games:.1f} CPU s a game: "
            f"gain over quick {mean:+.2f} +- {half:.2f} a game",
            f"  by the card placed: {per_card}"]


def searched(squares: list[int], scores: dict[int, np.ndarray], n: int, z: float | None
             ) -> int:
    """The square the search picks after ``n`` deals, pruning as it goes."""
    alive = list(squares)
    for seen in range(PRUNE_EVERY, n + 1, PRUNE_EVERY):
        alive = prune(alive, {s: scores[s][:seen] for s in alive})
    return verdict(squares[0], alive, {s: scores[s][:n] for s in squares}, z)


# -- the long run, resumable ------------------------------------------------------------

def strong_settings(budget: float, scoring: str = "american") -> dict[str, Any]:
    """What a long run's games must share to be pooled: the budget, the scoring, the
    strong player's tuning and the learned table (a line played under other settings is
    another experiment)."""
    table = hashlib.sha1(data_path(scoring).read_bytes()).hexdigest()[:12]
    return {"budget": budget, "scoring": scoring, "candidates": STRONG_CANDIDATES, "share": SHARE,
            "batch_deals": BATCH_DEALS,
            "switch_steps": [list(s) for s in SWITCH_STEPS], "search_from": SEARCH_FROM,
            "exact_need": EXACT_NEED, "prune_z": PRUNE_Z, "table": table,
            "neighbours": list(NEIGHBOURS)}


def read_long(path: Path, seed: int,
              settings: dict[str, Any]) -> tuple[dict[int, dict[str, Any]], list[str]]:
    """Games already in ``path`` by number, and what was set aside (bad lines, other
    seeds or settings): a damaged or foreign file costs those games, never the run."""
    games: dict[int, dict[str, Any]] = {}
    problems: list[str] = []
    if not path.exists():
        return games, problems
    for number, text in enumerate(path.read_text(errors="replace").splitlines(), 1):
        try:
            row = json.loads(text)
            game, strong, quick = row["game"], float(row["strong"]), float(row["quick"])
            if not isinstance(game, int) or game < 0 or not (
                    math.isfinite(strong) and math.isfinite(quick)):
                raise ValueError
        except (ValueError, KeyError, TypeError):
            problems.append(f"line {number}: not a game, set aside")
            continue
        if row.get("base_seed") != seed or row.get("settings") != settings:
            problems.append(f"line {number}: another seed or settings, set aside")
            continue
        games[game] = row
    return games, problems


def long_summary(rows: list[dict[str, Any]]) -> str:
    n = len(rows)
    strong = [r["strong"] for r in rows]
    diffs = [r["strong"] - r["quick"] for r in rows]
    mean = statistics.fmean(strong)
    sd = statistics.stdev(strong) if n > 1 else 0.0
    gain = statistics.fmean(diffs)
    gain_sd = statistics.stdev(diffs) if n > 1 else 0.0
    cpu = statistics.fmean(r["cpu"] for r in rows)
    half, gain_half = (1.96 * x / math.sqrt(n) for x in (sd, gain_sd))
    return (f"{n} games: strong mean {mean:.2f} sd {sd:.1f} 95% [{mean - half:.2f}, "
            f"{mean + half:.2f}]; quick {statistics.fmean(r['quick'] for r in rows):.2f}; "
            f"paired gain {gain:+.2f} +- {gain_half:.2f}; {cpu:.1f} CPU s a strong game")


def long_run(path: Path, games: int, seed: int, budget: float, shard: int = 0,
             shards: int = 1, scoring: str = "american") -> None:
    """Strong and quick on deals seed .. seed + games - 1, one JSON line a game appended
    to ``path`` (flushed at once: a killed run loses at most the game in hand). With
    ``shards`` processes on one file, this one plays the games ``shard`` mod ``shards``
    (a line is appended in one write, so the processes' lines never mix)."""
    settings = strong_settings(budget, scoring)
    done, problems = read_long(path, seed, settings)
    for problem in problems:
        print(f"{path}: {problem}", flush=True)
    if done:
        print(f"resuming: {long_summary(list(done.values()))}", flush=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    for game in counted(range(shard, games, shards), "games"):
        if game in done:
            continue
        cards = deal(seed + game)
        strong = make_agent("strong", scoring, seed=seed + game, game_budget=budget)
        assert isinstance(strong, StrongAgent)
        strong.clock = time.process_time
        started = time.process_time()
        strong_score = score_grid(play(strong, cards), scoring=scoring)
        cpu = time.process_time() - started
        quick_score = score_grid(play(QuickAgent(scoring), cards), scoring=scoring)
        row = {"game": game, "base_seed": seed, "deal_seed": seed + game,
               "strong": strong_score, "quick": quick_score, "cpu": round(cpu, 2),
               "deals_per_search": round(strong.deals / max(1, strong.searches), 1),
               "settings": settings}
        with path.open("a+") as out:
            out.seek(0, 2)
            if out.tell():  # a line cut short by a kill must not swallow this one
                out.seek(out.tell() - 1)
                cut = out.read(1) != "\n"
                out.seek(0, 2)
                if cut:
                    out.write("\n")
            out.write(json.dumps(row) + "\n")
        done[game] = row
        print(f"game {game}: strong {strong_score} quick {quick_score}  "
              + long_summary(list(done.values())), flush=True)


if __name__ == "__main__":
    main()
