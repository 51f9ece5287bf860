"""The Giant's numbers: dragging a run of 12 cards over long columns with all 104 cards
on the table (at 1920x1080 and 3840x2160, against the full-redraw floor, as tools/bench.py
measures Pyramid), the computer player's win rate and points per rule set over seeded
deals, how many fresh deals "Show if winnable" settles in 5 s per rule set, and how
often a lost game is proven.

    python -m tools.bench_milligan [--games 1000] [--search-games 100] [--frames 240]
                                   [--skip-play] [--stuck-deals 100] [--stuck-only]
                                   [--solver-deals 1000] [--solver-only]
                                   [--move-deals 40] [--moves-only]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import tempfile
import time
from typing import Any

import pygame  # noqa: E402

from game.ai import milligan_player, milligan_solver  # noqa: E402
from game.cards import Card, full_deck  # noqa: E402
from game.progress import counted
from game.replay.recorder import Recorder
from game.rules import milligan as M  # noqa: E402
from game.rules import milligan_stuck  # noqa: E402
from game.rules.base import IllegalMove
from game.session import LocalClient, Session
from tools import bench  # sets the dummy video and audio drivers before pygame loads
from tools.figures import figure

ONLY_SHOWN = "This table only shows a position."
RUN = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H"  # alternating colours, 12 cards


def long_columns() -> M.MilliganState:
    """All 104 cards in the columns: a 12-card run at the end of column 1 and long
    columns everywhere else (nothing on the foundations, the stock dealt out)."""
    run = [Card.parse(c) for c in RUN.split()]
    rest = [c for c in full_deck(2) if c not in run]
    random.Random(1).shuffle(rest)
    others = rest[8:]
    columns = [rest[:8] + run] + [others[i::M.COLUMNS - 1] for i in range(M.COLUMNS - 1)]
    return M.MilliganState(tuple(tuple(c) for c in columns), (), ((),) * M.PILES)


class TableClient(LocalClient[M.MilliganView, M.Move]):
    """A seat showing one fixed position, where no move may be made; the rest of the
    seat (its options, its listeners) is a fresh deal's at a table of its own."""

    def __init__(self, state: M.MilliganState) -> None:
        super().__init__(Session(M.RULES, Recorder(M.RULES, 1)), 0)
        self.shown = M.observe(state)

    @property
    def view(self) -> M.MilliganView:
        return self.shown

    @property
    def legal_moves(self) -> list[M.Move]:
        return []

    def check(self, move: M.Move) -> str | None:
        return ONLY_SHOWN

    def submit(self, move: M.Move) -> None:
        raise IllegalMove(ONLY_SHOWN)


def bench_run_drag(size: tuple[int, int], frames: int) -> str:
    from scenes.milligan import MilliganScene

    with tempfile.TemporaryDirectory() as tmp:
        app = bench.new_app(tmp, size, "normal")
        scene = MilliganScene(app, client=TableClient(long_columns()))
        app.push(scene)
        bench.deal_frames(app)
        on_table = len(scene.table.entities)
        rest = bench.floor(app)
        lead = scene.view.columns[0][-12].uid
        rect = scene.table.card_rect(lead)
        grab = (rect.centerx, rect.y + 5)
        scene.table.pointer_down(grab)
        scene.table.pointer_move((grab[0] + 40, grab[1]))
        bench.timed_frames(app, 3)
        carried = len(scene.table.dragged_keys)

        def wander(n: int) -> None:  # back and forth over the long columns
            t = n / 60
            scene.table.pointer_move((700 + 560 * math.cos(t * 1.7),
                                      560 + 250 * math.sin(t * 2.3)))

        times = bench.timed_frames(app, frames, wander)
        app.quit()
        name = f"{size[0]}x{size[1]} The Giant: a run over long columns"
        return (f"{bench.versus(name, bench.summary(times), rest)}; {carried} cards dragged, "
                f"{on_table} on the table")


def bench_play(games: int, agent: str) -> None:
    for mm in (False, True):
        for rule in M.RULE_NAMES:
            result = milligan_player.simulate(games, 1000, agent, rule, mm)
            name = rule + (" + Miss Milligan" if mm else "")
            print(f"play ({agent}) {name}: win rate {result['win_rate']:.3f}, mean score "
                  f"{result['mean_score']:.2f}, mean cards up {result['mean_laid_off']:.1f} "
                  f"over {games} deals (seed 1000 on), {result['seconds']} s")
            figure("milligan", f"{agent} player, {name}: win rate", result["win_rate"], "",
                   better="higher")


def bench_solver(deals: int, seconds: float = 5.0) -> None:
    """"Show if winnable" on ``deals`` fresh deals (seed 0 on) per sequence rule, each
    given ``seconds`` of CPU time (the table gives 5 s of its worker's time): how many
    it settles (winnable or not) and how long that took."""
    for rule in M.RULE_NAMES:
        answers: dict[Any, int] = {True: 0, False: 0, None: 0}
        times = []
        for seed in counted(range(deals), "deals"):
            state = M.new_game(seed, {"rule": rule})
            start = time.process_time()
            answers[milligan_solver.solve(state, seconds, clock=time.process_time)
                    .winnable] += 1
            times.append(time.process_time() - start)
        settled = 1 - answers[None] / max(1, deals)
        figure("milligan", f"winnability settled in {seconds:g} s ({M.RULE_LABELS[rule]})",
               settled, "", better="higher")
        print(f"solver: {deals} fresh deals ({M.RULE_LABELS[rule]}), {seconds:g} s of CPU "
              f"each: winnable {answers[True]}, not winnable {answers[False]}, unknown "
              f"{answers[None]} (settled {settled:.1%}); median "
              f"{statistics.median(times or [0]) * 1000:.0f} ms", flush=True)


def bench_stuck(deals: int, agent: str = "quick", seconds: float = 4.0,
                plays_on: bool = True) -> None:
    """Each rule set's ``deals`` games (seed 0 on) played by ``agent`` to its end: how
    many a move proved lost, how many the worker's proof (``seconds``) settles where the
    player gave up (lost, or live: a card could still go up), how many stay unproven,
    and how long the proofs took. ``plays_on`` False: the player gives up as soon as its
    judgement sees no gain (as it did before it searched for a line up), which leaves
    many more end positions to settle."""
    for mm in (False, True):
        for rule in M.RULE_NAMES:
            player = milligan_player.make_agent(agent)
            if not plays_on and isinstance(player, milligan_player.SearchPlayer):
                player.line_nodes = 0
            counts = {"won": 0, "by a move": 0, "by the worker": 0, "live": 0, "unproven": 0}
            move_times: list[float] = []
            worker_times: list[float] = []
            for seed in counted(range(deals), "deals"):
                state = M.new_game(seed, {"rule": rule, "miss_milligan": mm})
                player.new_game()
                while state.status == "playing":
                    move = player.act(M.observe(state), M.legal_moves(state))
                    assert move is not None  # the game is being played
                    if isinstance(move, M.Resign):
                        break
                    started = time.perf_counter()
                    state = M.apply(state, move)
                    if not state.stock:
                        move_times.append(time.perf_counter() - started)
                if state.status != "playing":
                    counts["won" if state.status == "won" else "by a move"] += 1
                    continue
                started = time.perf_counter()
                verdict = milligan_stuck.lost_proof(state, seconds)
                worker_times.append(time.perf_counter() - started)
                counts[{True: "by the worker", False: "live", None: "unproven"}[verdict]] += 1
            name = rule + (" + Miss Milligan" if mm else "")
            who = agent + ("" if plays_on else ", giving up at its judgement")
            slow = sorted(move_times)[int(len(move_times) * 0.99)] if move_times else 0.0
            print(f"lost games ({who}, {deals} deals from seed 0) {name}: "
                  + ", ".join(f"{k} {v}" for k, v in counts.items())
                  + f"; a move with the stock out: mean {statistics.mean(move_times) * 1000:.1f}"
                  f" ms, p99 {slow * 1000:.0f} ms, max {max(move_times) * 1000:.0f} ms; worker:"
                  f" median {statistics.median(worker_times or [0]) * 1000:.0f} ms, max"
                  f" {max(worker_times or [0]):.1f} s", flush=True)


def bench_moves(deals: int, rounds: int = 5) -> None:
    """Move generation: ``legal_moves`` over every position of ``deals`` quick-player
    games (any suit, seed 0 on), best of ``rounds`` passes, in positions a second."""
    player = milligan_player.make_agent("quick")
    positions = []
    for seed in counted(range(deals), "deals"):
        state = M.new_game(seed, {"rule": "any"})
        player.new_game()
        while state.status == "playing":
            positions.append(state)
            move = player.act(M.observe(state), M.legal_moves(state))
            if move is None or isinstance(move, M.Resign):
                break
            state = M.apply(state, move)
    best = math.inf
    for _ in range(rounds):
        started = time.perf_counter()
        count = sum(len(M.legal_moves(s)) for s in positions)
        best = min(best, time.perf_counter() - started)
    rate = len(positions) / best
    print(f"legal_moves: {rate:,.0f} positions/s ({count:,} moves on {len(positions):,} "
          f"positions of {deals} quick-player games, best of {rounds})", flush=True)
    figure("milligan", "legal_moves: positions a second", rate, "", better="higher")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000,
                        help="deals per rule set for the quick player")
    parser.add_argument("--search-games", type=int, default=100,
                        help="deals per rule set for the (slower) search player")
    parser.add_argument("--frames", type=int, default=240)
    parser.add_argument("--solver-deals", type=int, default=1000,
                        help="fresh deals per rule set for the winnable check (5 s each)")
    parser.add_argument("--skip-play", action="store_true")
    parser.add_argument("--stuck-deals", type=int, default=100,
                        help="games per rule set played to the end for the lost-game proof")
    parser.add_argument("--stuck-only", action="store_true")
    parser.add_argument("--solver-only", action="store_true")
    parser.add_argument("--move-deals", type=int, default=40,
                        help="quick-player games whose positions time move generation")
    parser.add_argument("--moves-only", action="store_true")
    args = parser.parse_args()
    if args.solver_only:
        bench_solver(args.solver_deals)
        return
    if args.moves_only:
        bench_moves(args.move_deals)
        return
    if args.stuck_only:
        bench_stuck(args.stuck_deals)
        bench_stuck(args.stuck_deals, plays_on=False)
        return
    pygame.init()
    for size in bench.SIZES:
        print(f"[{size[0]}x{size[1]}] run of 12 dragged over long columns: "
              f"{bench_run_drag(size, args.frames)}")
    bench_solver(args.solver_deals)
    bench_stuck(args.stuck_deals)
    bench_moves(args.move_deals)
    if not args.skip_play:
        bench_play(args.games, "quick")
        bench_play(args.search_games, "search")


if __name__ == "__main__":
    main()
