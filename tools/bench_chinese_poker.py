"""Chinese Poker strength and speed over whole matches to 100, seats rotated: Hard
against three Medium (target: it wins at least 60% of matches; 25% is parity), today's
Hard before it read the table (``hard-blind``) in the same seat for the gain, Hard and
hard-blind at one table with two Medium (Hard must win more), Medium against three
random players (at least 60%); and how long Hard thinks at the table (1 s a move).
First come the paired deals: each deal played twice, Hard and hard-blind swapped, at one
table with two Medium and each against three Medium, for the gain from reading with
the cards' luck cancelled, over whole matches (win shares) and single rounds (penalty
margins); ``--paired-only`` runs these and the move times alone. The
issue's size is 2,000 matches a pairing: about 3 s a match here with one Hard at the table,
5 s with two searchers, so each pairing is one to three hours of a core: run it under
``nice`` (it carries on from its log when started again); ``--games`` shortens it. Win
shares come with a 95% interval.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from game.ai import chinese_poker_player as P
from game.ai.chinese_poker_match import Result, paired, simulate
from game.rules import chinese_poker as C
from tools.figures import figure

# (the players, the first seat's target share of the wins; None: reported only)
MATCHUPS = (("hard,medium,medium,medium", 0.60), ("hard-blind,medium,medium,medium", None),
            ("hard,hard-blind,medium,medium", None), ("medium,random,random,random", 0.60))
# The same deals played twice, Hard and hard-blind swapped the second time: Hard's share
# of the wins less hard-blind's, paired so the cards' luck cancels (the gain from reading).
PAIRED = ("hard,hard-blind,medium,medium", "hard,medium,medium,medium")


class MatchLog:
    """The matches of one pairing and seed played so far, a JSON line each, so a run of
    thousands of matches can be stopped and carried on."""

    def __init__(self, folder: Path, agents: str, seed: int) -> None:
        self.path = folder / f"{agents.replace(',', '-')}-seed{seed}.jsonl"
        self.known: dict[int, Result] = {}
        if self.path.exists():
            for line in self.path.read_text().splitlines():
                try:
                    entry = json.loads(line)
                    self.known[int(entry["match"])] = (entry["share"], entry["final"])
                except (ValueError, KeyError, TypeError):
                    continue  # a line cut short when a run was stopped: played again

    def add(self, match: int, result: Result) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        cut = self.path.exists() and not self.path.read_bytes().endswith(b"\n")
        with self.path.open("a", encoding="utf-8") as out:
            out.write("\n" * cut + json.dumps({"match": match, "share": result[0],
                                                "final": result[1]}) + "\n")


def interval(share: float, games: int) -> float:
    """The 95% half-width of a share of wins over ``games`` matches (ties count half)."""
    return 1.96 * (share * (1 - share) / max(1, games)) ** 0.5


def mean_interval(diffs: list[float]) -> tuple[float, float]:
    """The mean of paired differences and its 95% half-width."""
    if len(diffs) < 2:
        return (diffs[0] if diffs else 0.0), float("inf")
    return statistics.fmean(diffs), 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5


def report_paired(agents: str, games: int, seed: int) -> None:
    """Hard against hard-blind on the same deals: the wins over whole matches, and the
    penalty margin over single rounds (as many, a far finer figure for the same gain)."""
    for rounds, what, unit in ((False, "matches", "win share"),
                               (True, "single rounds", "penalty margin")):
        started = time.perf_counter()
        gain, half = mean_interval(paired(games, seed, agents, "hard", "hard-blind",
                                          rounds=rounds))
        print(f"chinese-poker paired {agents}, hard and hard-blind swapped: {games} deals "
              f"({2 * games} {what}) in {time.perf_counter() - started:.0f} s, hard's {unit} "
              f"less hard-blind's {gain:+.3f} +- {half:.3f} "
              f"({'hard ahead' if gain - half > 0 else 'not proven'})")
        figure("chinese_poker", f"paired {agents}: hard's {unit} less hard-blind's, "
               f"{games} deals of {what}", gain, "", 0.0, "higher")


def decision_times(positions: int, seed: int = 1) -> list[float]:
    """Seconds Hard takes per move at the table (its one-second clock on), over the
    positions of a few matches where it has a real choice."""
    times: list[float] = []
    hard = P.make_agent("hard", seed=seed, time_limit=1.0)
    medium = P.make_agent("medium", seed=seed)
    game = 0
    while len(times) < positions:
        state = C.new_game(seed + game, {"players": 4})
        game += 1
        while C.current_player(state) != C.NOBODY and len(times) < positions:
            seat = C.current_player(state)
            view, legal = C.observe(state, seat), C.legal_moves(state, seat)
            if seat == 0 and state.phase == "play" and len(legal) > 1:
                started = time.perf_counter()
                move = hard.act(view, legal)
                times.append(time.perf_counter() - started)
            else:
                move = medium.act(view, legal)
            assert move is not None  # a seat to move has a legal move
            state = C.apply(state, move)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--log", type=Path, default=Path("bench-out/chinese-poker"),
                        help="where whole matches are kept, to carry a run on")
    parser.add_argument("--paired-only", action="store_true",
                        help="only the paired comparisons and the move times")
    parser.add_argument("--only", action="append", metavar="AGENTS",
                        choices=[agents for agents, _ in MATCHUPS],
                        help="only this pairing's whole matches, carried on from its log "
                             "(may be given again for another)")
    args = parser.parse_args(argv)
    if args.only is None:
        for agents in PAIRED:
            report_paired(agents, args.games, args.seed)
    chosen = [(a, t) for a, t in MATCHUPS if args.only is None or a in args.only]
    for agents, target in ([] if args.paired_only else chosen):
        log = MatchLog(args.log, agents, args.seed)
        out = simulate(args.games, args.seed, agents=agents, known=log.known, on_match=log.add)
        if log.known:
            print(f"  ({min(len(log.known), args.games)} of the {args.games} matches were "
                  f"played before: {log.path})")
        rate = out["win_rate"][0]
        verdict = "" if target is None else \
            f" (target {target:.0%}: {'met' if rate >= target else 'NOT met'})"
        print(f"chinese-poker {agents}: {args.games} matches in {out['seconds']:.0f} s, "
              f"win rate {', '.join(f'{w:.1%}' for w in out['win_rate'])}, first seat "
              f"+- {interval(rate, args.games):.1%}{verdict}, "
              f"mean penalty {', '.join(str(p) for p in out['mean_penalty'])}")
        figure("chinese_poker", f"{agents}: first seat's win rate, {args.games} matches", rate,
               "", target, "higher")
        if agents.startswith("hard,hard-blind"):
            hard, blind = out["win_rate"][:2]
            print(f"  hard against hard-blind: {hard:.1%} to {blind:.1%} of the wins "
                  f"({'a winning record' if hard > blind else 'NOT a winning record'})")
            figure("chinese_poker", f"hard's wins less hard-blind's at one table, "
                   f"{args.games} matches", hard - blind, "", 0.0, "higher")
    if args.only is not None:
        return
    times = sorted(decision_times(200))
    print(f"chinese-poker hard at the table: {len(times)} moves, mean "
          f"{statistics.mean(times) * 1000:.0f} ms, p50 {times[len(times) // 2] * 1000:.0f} ms, "
          f"p99 {times[len(times) * 99 // 100] * 1000:.0f} ms, slowest "
          f"{max(times) * 1000:.0f} ms (limit 1000 ms)")
    figure("chinese_poker", "hard at the table: slowest move", max(times) * 1000, "ms", 1000)


if __name__ == "__main__":
    main()
