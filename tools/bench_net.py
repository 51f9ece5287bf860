"""Network server load: 50 Chinese Poker tables of 4 computer players on ONE server
process, the players being network clients in this (separate) load process. They
play a random legal move (no search: the figures are the server's) ``--think``
milliseconds after their turn comes: messages a second, move latency (from a move's
submission until every seat at the table has the update) at p50 and p99, and the
server's resident memory. Target: p99 <= 20 ms on a 2-core machine. Two runs: players
that answer within a quick 100 ms, then at once (every table always waiting on the
server: its capacity, where latency is the queue of 50 tables' moves).

    python -m tools.bench_net [--tables 50] [--seconds 20] [--think MS]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.net.client import NetClient
from game.net.link import Counters, LinkClosed
from game.net.protocol import MatchEnd, Next, Seat
from game.seat_json import encode
from tools.figures import figure

ROOT = Path(__file__).resolve().parent.parent
SEATS = 4
BENCH = "net"
P99_TARGET_MS = 20.0  # with quick players, on a 2-core machine


@dataclass
class Pending:
    started: float
    seen: int = 0


@dataclass
class Load:
    """What the load process measures."""

    latencies: list[float] = field(default_factory=list)
    pending: dict[tuple[int, int], Pending] = field(default_factory=dict)  # (table, state)
    counters: Counters = field(default_factory=Counters)
    measuring: bool = False

    def submitted(self, table: int, state: int) -> None:
        self.pending[(table, state + 1)] = Pending(time.perf_counter())

    def arrived(self, table: int, state: int) -> None:
        waiting = self.pending.get((table, state))
        if waiting is None:
            return
        waiting.seen += 1
        if waiting.seen == SEATS:
            del self.pending[(table, state)]
            if self.measuring:
                self.latencies.append(time.perf_counter() - waiting.started)


async def player(host: str, port: int, table: int, seat: int, load: Load,
                 think: float) -> None:
    client = await NetClient.connect(host, port, f"Load {seat}",
                                     table=f"{think * 1000:.0f}ms-{table}")
    client.link.counters = load.counters
    rng = random.Random(table * SEATS + seat)
    try:
        while True:
            message = await client.recv()
            if isinstance(message, MatchEnd) and message.next:
                client.send(Next())  # a load player is always ready for the next deal
            if not isinstance(message, Seat):
                continue
            update = json.loads(message.body)
            if update.get("type") != "update":
                continue
            state = update["state_id"]
            load.arrived(table, state)
            if update["acting"] and update["legal"]:
                move = encode("move", move=rng.choice(update["legal"]), state_id=state)
                asyncio.get_running_loop().call_later(think, submit, client, move, load,
                                                      table, state)
    except LinkClosed:
        pass


def submit(client: NetClient, move: str, load: Load, table: int, state: int) -> None:
    load.submitted(table, state)
    client.send_seat(move)


def server_rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def server_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime + stime, in clock ticks


async def drive(host: str, port: int, pid: int, tables: int, seconds: float,
                warmup: float, think: float) -> dict[str, float]:
    load = Load()
    tasks = [asyncio.create_task(player(host, port, t, s, load, think))
             for t in range(tables) for s in range(SEATS)]
    await asyncio.sleep(warmup)  # a benchmark runs for a time: this is its clock
    load.measuring, load.latencies = True, []
    messages = load.counters.received + load.counters.sent
    cpu, started, own = server_cpu_seconds(pid), time.perf_counter(), time.process_time()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    handled = load.counters.received + load.counters.sent - messages
    cpu, own = server_cpu_seconds(pid) - cpu, time.process_time() - own
    rss = server_rss_mib(pid)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    moves = sorted(load.latencies)
    return {
        "tables": tables, "players": tables * SEATS, "think_ms": think * 1000,
        "seconds": round(elapsed, 1),
        "moves": len(moves), "moves_per_second": round(len(moves) / elapsed),
        "messages_per_second": round(handled / elapsed),
        "latency_p50_ms": round(statistics.median(moves) * 1000, 2),
        "latency_p99_ms": round(moves[int(len(moves) * 0.99)] * 1000, 2),
        "latency_max_ms": round(moves[-1] * 1000, 2),
        "server_cpu_share": round(cpu / elapsed, 2),
        "load_cpu_share": round(own / elapsed, 2),
        "server_rss_mib": round(rss, 1),
    }


def serve(tables: int) -> None:
    """The server process: up to ``tables`` tables, every connection from this machine."""
    from game.net.server import ServerOptions
    from game.net.server import serve as run
    from game.net.table import WHEN_FULL, TableOptions

    table = TableOptions(config={"players": SEATS, "target": 100}, start_when=WHEN_FULL)
    options = ServerOptions(table=table, max_tables=tables, per_address=tables * SEATS + 10)
    asyncio.run(run(options, lambda host, port: print(f"listening on {host}:{port}",
                                                      file=sys.stderr, flush=True)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--think", type=float, action="append",
                        help="ms a player waits before its move (repeatable; default 100, 0)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.tables)
        return
    thinks = args.think or [100.0, 0.0]
    server = subprocess.Popen([sys.executable, "-m", "tools.bench_net", "--serve",
                               "--tables", str(args.tables * len(thinks))], cwd=ROOT,
                              stderr=subprocess.PIPE, text=True)
    try:
        assert server.stderr is not None  # stderr=PIPE
        line = server.stderr.readline()
        host, _, port = line.strip().removeprefix("listening on ").rpartition(":")
        for think in thinks:  # each run at tables of its own
            report(asyncio.run(drive(host, int(port), server.pid, args.tables, args.seconds,
                                     args.warmup, think / 1000)))
    finally:
        server.terminate()
        server.wait()


def report(result: dict[str, float]) -> None:
    print(f"{result['tables']} tables, {result['players']} network players answering in "
          f"{result['think_ms']:.0f} ms: {result['messages_per_second']:,} messages/s, "
          f"{result['moves_per_second']:,} moves/s; move latency p50 "
          f"{result['latency_p50_ms']} ms, p99 {result['latency_p99_ms']} ms "
          f"(target <= {P99_TARGET_MS:g}); "
          f"server RSS {result['server_rss_mib']} MiB, {result['server_cpu_share']:.0%} "
          "of a core")
    print(json.dumps(result))
    run = f"answering in {result['think_ms']:.0f} ms"  # (50 tables of 4)
    quick = result["think_ms"] > 0  # the target's case; at once measures capacity
    figure(BENCH, f"{run}: move latency p99", result["latency_p99_ms"], "ms",
           P99_TARGET_MS if quick else None)
    figure(BENCH, f"{run}: move latency p50", result["latency_p50_ms"], "ms")
    figure(BENCH, f"{run}: moves a second", result["moves_per_second"], "/s", better="higher")
    figure(BENCH, f"{run}: server resident memory", result["server_rss_mib"], "MiB")


if __name__ == "__main__":
    main()
