"""Undo and seek timings of game.replay.recorder on a 500-move Pyramid log.

A Pyramid deal lasts at most ~130 moves, so the log chains deals: the real
PyramidRules apply each move, and when a deal is over a "next" move deals the next
one. Apply cost and state size are therefore exactly Pyramid's.

    python -m tools.bench_recorder
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from dataclasses import dataclass
from typing import Any, cast

from game.replay.recorder import Recorder
from game.rules.base import IllegalMove, ModuleRules
from game.rules.pyramid import RULES as PYRAMID
from game.rules.pyramid import PyramidState

NEXT = "next"


@dataclass(frozen=True, slots=True)
class ChainState:
    seed: int
    deal: int
    table: PyramidState


class ChainedPyramid:
    """Rules: Pyramid deals one after another; "next" starts a new deal once one is over."""

    game_id = "pyramid-chain"
    version = 1

    def new_game(self, seed: int, config: dict[str, Any]) -> ChainState:
        return ChainState(seed, 0, PYRAMID.new_game(seed, config))

    def legal_moves(self, state: ChainState) -> list[Any]:
        return PYRAMID.legal_moves(state.table) or [NEXT]

    def apply(self, state: ChainState, move: Any) -> ChainState:
        if move == NEXT:
            if not PYRAMID.is_over(state.table):
                raise IllegalMove("This deal is not over yet.")
            deal = state.deal + 1
            return ChainState(state.seed, deal, PYRAMID.new_game(state.seed * 1000 + deal, {}))
        return ChainState(state.seed, state.deal, PYRAMID.apply(state.table, move))

    def current_player(self, state: ChainState) -> int:
        return 0

    def is_over(self, state: ChainState) -> bool:
        return False

    def observe(self, state: ChainState, player: int = 0) -> Any:
        return PYRAMID.observe(state.table, player)

    def can_undo(self, before: ChainState, move: Any) -> bool:
        return True

    def move_to_json(self, move: Any) -> Any:
        return NEXT if move == NEXT else PYRAMID.move_to_json(move)

    def move_from_json(self, data: Any) -> Any:
        return NEXT if data == NEXT else PYRAMID.move_from_json(data)

    def state_digest(self, state: ChainState) -> str:
        return f"{state.deal}:{PYRAMID.state_digest(state.table)}"


# Typed as the rules it stands in for: the recorder calls only what ChainedPyramid defines.
RULES = cast("ModuleRules[ChainState, Any]", ChainedPyramid())


def random_log(n: int, seed: int = 1) -> Recorder[ChainState, Any]:
    """A recorder holding ``n`` randomly chosen legal moves."""
    rng = random.Random(seed)
    rec = Recorder(RULES, seed, {})
    while rec.length < n:
        rec.play(rng.choice(RULES.legal_moves(rec.state)))
    return rec


def _stats(samples_ns: list[int], unit_ns: float) -> dict[str, float]:
    ordered = sorted(samples_ns)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return {"median": statistics.median(ordered) / unit_ns, "p99": p99 / unit_ns,
            "max": ordered[-1] / unit_ns}


def _timed(action: Any) -> int:
    start = time.perf_counter_ns()
    action()
    return time.perf_counter_ns() - start


def _memory_kib(moves: int, **options: Any) -> float:
    data = random_log(moves).to_json()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        rec = Recorder.from_json(data, {RULES.game_id: RULES}, **options)
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    del rec
    return sum(s.size_diff for s in after.compare_to(before, "filename")) / 1024


def _cursor_timings(rec: Recorder[ChainState, Any], seeks: int, seed: int) -> dict[str, Any]:
    """Undo the whole log from the end, redo it all, then seek to random positions."""
    rec.seek(rec.length)
    undo_ns = [_timed(rec.undo) for _ in range(rec.length)]
    redo_ns = [_timed(rec.redo) for _ in range(rec.length)]
    rng = random.Random(seed)
    targets = [rng.randint(0, rec.length) for _ in range(seeks)]
    seek_ns = [_timed(lambda k=k: rec.seek(k)) for k in targets]
    return {"undo_us": _stats(undo_ns, 1e3), "redo_us": _stats(redo_ns, 1e3),
            "seek_ms": _stats(seek_ns, 1e6)}


def run(moves: int = 500, seeks: int = 500, seed: int = 1) -> dict[str, Any]:
    """Timings with the default recorder (every state cached), and "cold": a cache no
    bigger than one keyframe segment, so most steps rebuild from a keyframe."""
    rec = random_log(moves, seed)
    states = [rec.state_at(i) for i in range(moves)]
    apply_ns = [_timed(lambda s=s, m=m: RULES.apply(s, m))
                for s, m in zip(states, rec.moves, strict=True)]
    warm = _cursor_timings(rec, seeks, seed)
    cold_rec = Recorder.from_json(rec.to_json(), {RULES.game_id: RULES}, cache_size=0)
    cold = _cursor_timings(cold_rec, seeks, seed)
    return {
        "log": f"{moves} moves of chained Pyramid deals (real PyramidRules.apply; a 'next' move "
               f"deals again when a deal is over), keyframe_every={rec.keyframe_every}, "
               f"cache_size={rec.cache_size}; cold: cache_size={cold_rec.cache_size}",
        "apply_us": _stats(apply_ns, 1e3),
        **warm,
        "cold": cold,
        "memory_kib": {"default": _memory_kib(moves),
                       "keyframes_only": _memory_kib(moves, cache_size=0)},
    }


def main() -> None:
    result = run()
    print(result.pop("log"))
    cold = {f"cold {k}": v for k, v in result.pop("cold").items()}
    for name, values in {**result, **cold}.items():
        print(f"{name:15} " + "  ".join(f"{k} {v:8.3f}" for k, v in values.items()))


if __name__ == "__main__":
    main()
