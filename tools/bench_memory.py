"""Resident memory over many Pyramid deals on a 4K screen: the card images must stay
under their byte budget however many deals go by.

    python -m tools.bench_memory [--deals 100] [--size 3840x2160] [--seed 1]

Drives the demo (the computer plays) headless with fast animation and a fast computer;
when a deal is over the next one is dealt. Prints VmRSS before and after 1, 10, 50 and
100 deals (and the last), beside the image cache's own total and the text images the
HUD keeps (game.engine.ui).
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.engine import ui  # noqa: E402
from game.engine.app import App  # noqa: E402
from game.engine.card_art import IMAGE_CACHE_BYTES, IMAGES, ROTATED  # noqa: E402
from game.settings import Settings  # noqa: E402
from tools.figures import figure  # noqa: E402

REPORT_AFTER = (1, 10, 50, 100)
FRAMES_PER_DEAL = 20000  # a deal the computer cannot finish is dealt again after this


def rss_mb() -> float:
    """This process's resident memory (VmRSS), in MiB."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def text_bytes() -> int:
    """What the HUD's cached text images hold (its byte-bounded cache keeps count)."""
    return ui._text_cache.bytes


def deals(app: App, count: int, seed: int, play: bool = True,
          on_frame: Callable[[], None] | None = None,
          on_deal: Callable[[int], None] | None = None, frame_seconds: float = 1 / 60,
          agent: str | None = None) -> None:
    """Deal ``count`` Pyramid games one after another on ``app``. ``play``: the computer
    plays each out (``agent``: another of Pyramid's players than the demo's solver);
    otherwise the next is dealt as soon as the cards rest (the deal is what fills the
    image cache). ``on_deal(n)`` runs after the n-th deal ends. Longer ``frame_seconds``
    draw fewer frames for the same game time (quicker tests)."""
    from scenes.pyramid import PyramidScene

    scene = PyramidScene(app, seed=seed, demo=play)
    if play and agent is not None:
        scene.set_computer(scene.seat, True, agent)
    app.push(scene)
    for n in range(1, count + 1):
        for _ in range(FRAMES_PER_DEAL):
            app.frame(frame_seconds)
            if on_frame is not None:
                on_frame()
            over = scene.over
            if over if play else not scene.table.animating:
                break
        if on_deal is not None:
            on_deal(n)
        if n < count:
            scene.new_game(seed + n)
    app.quit()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--size", default="3840x2160")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    size = (width, height)
    start = rss_mb()
    print(f"memory at {args.size}: {start:.0f} MB resident before the first deal "
          f"(card image budget {IMAGE_CACHE_BYTES >> 20} MB)")

    def report(n: int) -> None:
        if n in REPORT_AFTER or n == args.deals:
            images = IMAGES.bytes + ROTATED.bytes
            print(f"  after {n:3d} deals: {rss_mb():.0f} MB resident, card images "
                  f"{images / 2**20:.0f} MB ({len(IMAGES)} at rest, {len(ROTATED)} rotated), "
                  f"text images {text_bytes() / 2**20:.0f} MB ({len(ui._text_cache)})",
                  flush=True)
        if n == args.deals:
            figure("memory", f"resident after {n} demo deals at {args.size}", rss_mb(), "MB")

    with tempfile.TemporaryDirectory() as tmp:
        app = App(Path(tmp), Settings(animation="fast", ai_speed="fast"), headless=True,
                  size=size)
        deals(app, args.deals, args.seed, on_deal=report)


if __name__ == "__main__":
    main()
