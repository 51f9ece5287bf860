"""`make bench`'s figures for the keyboard and pad focus: seeded games of every game
played with the game controller alone (tools.pad_only), the computer player choosing
each move. Per game: D-pad presses per move (from wherever the focus was to the
move's source and target, the shortest way: the target is at most 4), A / X presses
per move, and the most D-pad presses one move took. Draw Poker's sessions have no end
of their own: every game stops after ``--moves`` moves.

    python -m tools.bench_focus [--games 3] [--moves 300]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tools.figures import figure  # noqa: E402
from tools.pad_games import GAMES, app_for_pad  # noqa: E402
from tools.pad_only import Tally, play  # noqa: E402

TARGET = 4.0  # D-pad presses per move, on average, in every game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games per game")
    parser.add_argument("--moves", type=int, default=300, help="moves at most per game")
    args = parser.parse_args()
    print(f"pad-only games, {args.games} a game (seeds 1-{args.games}), at most "
          f"{args.moves} moves each; target {TARGET:g} D-pad presses a move")
    print(f"{'game':<15}{'moves':>6}{'D-pad/move':>12}{'A,X/move':>10}{'most':>6}"
          f"{'seconds':>9}")
    for name, game in GAMES.items():
        tally, started = Tally(), time.perf_counter()
        for seed in range(1, args.games + 1):
            with tempfile.TemporaryDirectory() as folder:
                play(app_for_pad(Path(folder)), game, seed, args.moves, tally)
        print(f"{name:<15}{tally.moves:>6}{tally.steps_per_move:>12.2f}"
              f"{tally.buttons_per_move:>10.2f}{tally.longest:>6}"
              f"{time.perf_counter() - started:>9.1f}", flush=True)
        figure("focus", f"{name}: D-pad presses a move", tally.steps_per_move, "",
               TARGET)


if __name__ == "__main__":
    main()
