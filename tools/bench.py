"""`make bench`: the numbers behind the speed targets. Prints, never fails.

Frame times at 1920x1080 and 3840x2160 for (a) 104 cards moving at once and (b) one
card dragged over a full Pyramid table, beside the full-redraw floor (clear the
screen, blit 104 prepared cards) measured in the same run; undo and seek on a
500-move log; cold start to first frame; the Pyramid solver.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.cards import full_deck  # noqa: E402
from game.engine.app import App  # noqa: E402
from game.engine.card_scene import CardGameScene  # noqa: E402
from game.engine.components import Placement  # noqa: E402
from game.engine.scene import Scene  # noqa: E402
from game.engine.table import CardTable  # noqa: E402
from game.settings import Settings  # noqa: E402

SIZES = [(1920, 1080), (3840, 2160)]


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
    return {"median_ms": round(statistics.median(ordered) * 1000, 2),
            "p99_ms": round(p99 * 1000, 2)}


def timed_frames(app: App, frames: int, before=None) -> list[float]:  # noqa: ANN001
    times = []
    for n in range(frames):
        if before is not None:
            before(n)
        start = time.perf_counter()
        dirty = app.frame(1 / 60)
        pygame.display.update(dirty)
        times.append(time.perf_counter() - start)
    return times


class _MovingCards(Scene):
    """104 cards (two decks) that never stop moving: retargeted every 20 frames."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.table = CardTable(128, 179.2)
        self.cards = full_deck(2)
        self.flip = False

    def layout(self, vp) -> None:  # noqa: ANN001
        self.table.set_view(vp, self.app.card_art(128))

    def shuffle_targets(self) -> None:
        self.flip = not self.flip
        placements = []
        for i, card in enumerate(self.cards):
            col, row = i % 13, i // 13
            x = 40 + col * 140 + (60 if self.flip else 0)
            y = 40 + row * 110 + (40 if self.flip else 0)
            placements.append(Placement(card.uid, card.uid, x, y, i, True, "t"))
        self.table.sync(placements, "animate")

    def update(self, dt: float) -> None:
        self.table.update(dt)

    def draw_items(self, alpha: float):  # noqa: ANN201
        return self.table.draw_items(alpha)


def bench_moving(size: tuple[int, int], frames: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        app = App(Path(tmp), Settings(animation="slow"), headless=True, size=size)
        scene = _MovingCards(app)
        app.push(scene)
        scene.shuffle_targets()
        timed_frames(app, 5)

        def retarget(n: int) -> None:
            if n % 20 == 0:
                scene.shuffle_targets()

        times = timed_frames(app, frames, retarget)
        moving = sum(1 for _ in scene.table.entities)
        app.quit()
        return {**summary(times), "cards": moving}


def bench_drag(size: tuple[int, int], frames: int) -> dict[str, float]:
    from scenes.pyramid import PyramidScene

    with tempfile.TemporaryDirectory() as tmp:
        app = App(Path(tmp), Settings(animation="normal"), headless=True, size=size)
        scene: CardGameScene = PyramidScene(app, seed=3)
        app.push(scene)
        for _ in range(400):
            app.frame(1 / 60)
            if not scene.table.animating:
                break
        card = scene.state.pyramid[21].uid
        rect = scene.table.card_rect(card)
        scene.table.pointer_down(rect.center)
        scene.table.pointer_move((rect.centerx + 40, rect.centery))
        timed_frames(app, 3)

        def wander(n: int) -> None:
            t = n / 60
            pos = (960 + 520 * math.cos(t * 1.7), 460 + 300 * math.sin(t * 2.3))
            scene.table.pointer_move(pos)

        times = timed_frames(app, frames, wander)
        app.quit()
        return summary(times)


def bench_floor(size: tuple[int, int], frames: int) -> dict[str, float]:
    """Clear the screen and blit 104 prepared cards: the cost of a full redraw."""
    from game.engine.card_art import CardArt

    screen = pygame.display.set_mode(size)
    scale = size[0] / 1920
    art = CardArt(round(128 * scale))
    cards = [art.face(c).convert_alpha() for c in full_deck(1)] * 2
    times = []
    for n in range(frames):
        start = time.perf_counter()
        screen.fill((20, 90, 50))
        screen.fblits([(img, ((i % 13) * 140 * scale + n % 7, (i // 13) * 110 * scale))
                       for i, img in enumerate(cards)])
        pygame.display.update()
        times.append(time.perf_counter() - start)
    return summary(times)


def bench_cold_start() -> float:
    """Seconds from launching the process to its first rendered frame."""
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        subprocess.run([sys.executable, "main.py", "--game", "pyramid", "--seed", "1",
                        "--headless", "--frames", "1", "--save-dir", tmp],
                       check=True, capture_output=True)
        return round(time.perf_counter() - start, 3)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=240)
    parser.add_argument("--deals", type=int, default=200, help="solver deals")
    parser.add_argument("--skip-solver", action="store_true")
    args = parser.parse_args()
    pygame.init()
    for size in SIZES:
        label = f"{size[0]}x{size[1]}"
        print(f"[{label}] full-redraw floor (clear + 104 blits): {bench_floor(size, 120)}")
        print(f"[{label}] (a) 104 cards moving: {bench_moving(size, args.frames)}")
        print(f"[{label}] (b) drag over a full table: {bench_drag(size, args.frames)}")
    from tools import bench_recorder

    print(f"recorder (500 moves): {bench_recorder.run()}")
    print(f"cold start to first frame: {bench_cold_start()} s")
    if not args.skip_solver:
        try:
            from tools import bench_solver
        except ImportError as exc:
            print(f"solver: not available ({exc})")
        else:
            print(f"solver: {bench_solver.run(args.deals)}")


if __name__ == "__main__":
    main()
