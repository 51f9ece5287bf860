"""`make bench`: the numbers behind the speed targets. Prints, never fails.

At 1920x1080 and 3840x2160, each frame-time figure is printed beside its floor - the
game's own frame repainting the same picture in full (the felt background and the
sprites the table really draws) with nothing moving - and as a ratio to it, all measured
in the same run:

  (a) 104 cards moving: two decks retargeted before any card can stop, with the
      animation setting the game would use ("slow"); the fewest cards that moved in
      any timed frame is printed;
  (b) one card dragged over a full Pyramid table;
  (c) the Pyramid deal (seed 3, cards flung on springs), frame by frame, from a cold
      image cache and once more warm; ``--repeat`` runs pool their frames (and their
      floors). The scene's first frame, which builds its background and repaints all,
      is printed on its own line rather than counted as a deal frame.

Then undo and seek on a 500-move log, cold start to first frame, resident memory over
demo deals at 4K (tools.bench_memory), and the Pyramid solver.

Frame times are wall-clock by default; ``--cpu`` times them in this thread's CPU time
instead, for a machine busy with other work (the floor is timed the same way).
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
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import esper  # noqa: E402
import pygame  # noqa: E402

from game.cards import full_deck  # noqa: E402
from game.engine.app import App  # noqa: E402
from game.engine.card_art import IMAGES, ROTATED  # noqa: E402
from game.engine.components import Placement, Transform  # noqa: E402
from game.engine.layout import Viewport  # noqa: E402
from game.engine.render import DrawItem  # noqa: E402
from game.engine.scene import Scene  # noqa: E402
from game.engine.table import CardTable  # noqa: E402
from game.settings import Animation, Settings, animation_scale  # noqa: E402
from scenes.card_scene import CardGameScene  # noqa: E402
from tools.figures import figure as note  # noqa: E402  (``figure`` names a frame summary here)

if TYPE_CHECKING:
    from scenes.pyramid import PyramidScene

SIZES = [(1920, 1080), (3840, 2160)]
FRAME_MS = 1000 / 60  # a frame at 60 fps
RETARGET_FRAMES = 10  # well inside the shortest tween at the "slow" setting (~22 frames)
clock: Callable[[], float] = time.perf_counter  # --cpu: time.thread_time


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
    return {"median_ms": round(statistics.median(ordered) * 1000, 2),
            "p99_ms": round(p99 * 1000, 2), "frames": len(ordered)}


def versus(name: str, figure: dict[str, float], floor: dict[str, float]) -> str:
    """A figure with its floor and the ratios (figure / floor) of medians and of p99s;
    its p99 is noted for the summary against a 60 fps frame."""
    note("frames", f"{name}: p99 frame", figure["p99_ms"], "ms", FRAME_MS,
         reference=f"floor {floor['p99_ms']} ms")
    return (f"median {figure['median_ms']} ms (floor {floor['median_ms']}, "
            f"x{figure['median_ms'] / floor['median_ms']:.2f}), "
            f"p99 {figure['p99_ms']} ms (floor {floor['p99_ms']}, "
            f"x{figure['p99_ms'] / floor['p99_ms']:.2f}), {figure['frames']} frames")


def timed_frame(app: App, seconds: float = 1 / 60) -> float:
    start = clock()
    pygame.display.update(app.frame(seconds))
    return clock() - start


def timed_frames(app: App, frames: int, before: Callable[[int], None] | None = None
                 ) -> list[float]:
    times = []
    for n in range(frames):
        if before is not None:
            before(n)
        times.append(timed_frame(app))
    return times


def floor_frames(app: App, frames: int = 120) -> list[float]:
    """The like-for-like full redraw: the game's own frame repainting the picture on
    screen now - felt background, every sprite the table and scene really draw - with
    nothing moving (no time passes) and nothing left to the dirty rectangles."""
    times = []
    for _ in range(frames):
        app.renderer.invalidate()
        times.append(timed_frame(app, 0.0))
    return times


def floor(app: App, frames: int = 120) -> dict[str, float]:
    return summary(floor_frames(app, frames))


def new_app(tmp: str, size: tuple[int, int], animation: Animation) -> App:
    IMAGES.clear()  # every figure starts from a cold image cache
    ROTATED.clear()
    return App(Path(tmp), Settings(animation=animation), headless=True, size=size)


class _MovingCards(Scene):
    """104 cards (two decks), shadowed and face up, retargeted every few frames."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.table = CardTable(128, 179.2)
        self.table.animation_scale = animation_scale(app.settings)
        self.cards = full_deck(2)
        self.flip = False

    def layout(self, vp: Viewport) -> None:
        self.table.set_view(vp, self.app.card_art(128))

    def placements(self, shifted: bool) -> list[Placement]:
        return [Placement(f"c{i}", card.uid, 40 + (i % 13) * 140 + (60 if shifted else 0),
                          40 + (i // 13) * 110 + (40 if shifted else 0), i, True, "t")
                for i, card in enumerate(self.cards)]

    def shuffle_targets(self) -> None:
        self.flip = not self.flip
        self.table.sync(self.placements(self.flip), "animate")

    def moved(self) -> int:
        """Cards whose position changed in the last fixed step."""
        esper.switch_world(self.table.world)
        return sum(1 for _, t in esper.get_component(Transform)
                   if (t.x, t.y) != (t.prev_x, t.prev_y))

    def update(self, dt: float) -> None:
        self.table.update(dt)

    def draw_items(self, alpha: float) -> list[DrawItem]:
        return self.table.draw_items(alpha)


def bench_moving(size: tuple[int, int], frames: int) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        app = new_app(tmp, size, "slow")
        scene = _MovingCards(app)
        app.push(scene)
        scene.table.sync(scene.placements(False), "snap")
        moved: list[int] = []
        times = []
        for n in range(frames + 5):
            if n % RETARGET_FRAMES == 0:
                scene.shuffle_targets()
            seconds = timed_frame(app)
            if n == 4:  # the cards are in the air: redraw that picture for the floor
                rest = floor(app)
            if n >= 5:  # the first frames draw the lifted sprites for the first time
                times.append(seconds)
                moved.append(scene.moved())
        app.quit()
        return (f"{versus(f'{size[0]}x{size[1]} 104 cards moving', summary(times), rest)}, "
                f"cards moving in every frame >= {min(moved)}")


def pyramid(tmp: str, size: tuple[int, int],
            animation: Animation = "normal") -> tuple[App, PyramidScene]:
    from scenes.pyramid import PyramidScene

    app = new_app(tmp, size, animation)
    scene = PyramidScene(app, seed=3)
    return app, scene


def deal_frames(app: App) -> list[float]:
    """Frames from the first of a deal until every card rests."""
    times = [timed_frame(app)]
    scene = app.scene
    assert isinstance(scene, CardGameScene)
    while scene.table.animating and len(times) < 2000:
        times.append(timed_frame(app))
    return times


def bench_deal(size: tuple[int, int], repeat: int = 1) -> tuple[str, str, str]:
    """Cold and warm deal against the floor, and the scene's first frame."""
    first, cold, warm, rest = [], [], [], []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            app, scene = pyramid(tmp, size)
            app.push(scene)
            frames = deal_frames(app)
            first.append(frames[0])
            cold += frames[1:]
            rest += floor_frames(app)
            scene.new_game(3)
            warm += deal_frames(app)
            app.quit()
    floor_, label = summary(rest), f"{size[0]}x{size[1]} Pyramid deal"
    return (versus(f"{label}, cold cache", summary(cold), floor_),
            versus(f"{label}, again", summary(warm), floor_),
            f"{statistics.median(first) * 1000:.1f} ms")


def bench_drag(size: tuple[int, int], frames: int) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        app, scene = pyramid(tmp, size)
        app.push(scene)
        deal_frames(app)
        rest = floor(app)
        dealt = scene.view.pyramid[21]  # the bottom row: face up from the deal
        assert dealt is not None
        rect = scene.table.card_rect(dealt.uid)
        scene.table.pointer_down(rect.center)
        scene.table.pointer_move((rect.centerx + 40, rect.centery))
        timed_frames(app, 3)

        def wander(n: int) -> None:
            t = n / 60
            scene.table.pointer_move((960 + 520 * math.cos(t * 1.7),
                                      460 + 300 * math.sin(t * 2.3)))

        times = timed_frames(app, frames, wander)
        app.quit()
        return versus(f"{size[0]}x{size[1]} drag over a full table", summary(times), rest)


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
    parser.add_argument("--memory-deals", type=int, default=100,
                        help="demo deals for the memory figure (0: skip)")
    parser.add_argument("--skip-solver", action="store_true")
    parser.add_argument("--cpu", action="store_true", help="time frames in CPU time")
    parser.add_argument("--repeat", type=int, default=3, help="deal runs pooled")
    args = parser.parse_args()
    global clock
    if args.cpu:
        clock = time.thread_time
    print(f"frame times: {'CPU' if args.cpu else 'wall-clock'} ms")
    pygame.init()
    for size in SIZES:
        label = f"{size[0]}x{size[1]}"
        print(f"[{label}] (a) 104 cards moving: {bench_moving(size, args.frames)}")
        print(f"[{label}] (b) drag over a full table: {bench_drag(size, args.frames)}")
        cold, warm, first = bench_deal(size, args.repeat)
        print(f"[{label}] (c) Pyramid scene's first frame (background, full repaint): {first}")
        print(f"[{label}] (c) Pyramid deal, cold cache: {cold}")
        print(f"[{label}] (c) Pyramid deal, again: {warm}")
    from tools import bench_recorder

    print(f"recorder (500 moves): {bench_recorder.run()}")
    cold_start = bench_cold_start()
    print(f"cold start to first frame: {cold_start} s")
    note("start", "cold start to first frame", cold_start, "s")
    if args.memory_deals:
        from tools import bench_memory

        bench_memory.main(["--deals", str(args.memory_deals)])
    if not args.skip_solver:
        try:
            from tools import bench_solver
        except ImportError as exc:
            print(f"solver: not available ({exc})")
        else:
            print(f"solver: {bench_solver.run(args.deals)}")


if __name__ == "__main__":
    main()
