"""What a fuzz run measures of the machine it runs on: frames slower than a player
would forgive, and the resident memory at each round's start with the part of it in
Surfaces (pixels are C memory, which tracemalloc does not see). These depend on the
machine, not the seed, so the report keeps them apart from the run's own record."""

from __future__ import annotations

import gc
import os
import resource
from dataclasses import asdict, dataclass, field
from typing import Any

import pygame

SLOW = 0.25  # seconds: a frame this long is a visible hitch
SLOWEST_KEPT = 10
# Counting the Surfaces walks every object (a second or two), so a round's start counts
# them only once resident memory has grown this much since they were last counted (or
# since the first round): where memory went is asked when it grows.
SURFACES_GROWTH_MB = 64


@dataclass(frozen=True)
class SlowFrame:
    event: int  # after which event the frame ran
    ms: int
    scenes: str  # "MenuScene > PyramidScene"
    size: tuple[int, int]  # the window's


@dataclass
class Measures:
    slow_frames: int = 0
    slowest: list[SlowFrame] = field(default_factory=list)  # the worst few, worst first
    memory_mb: list[int] = field(default_factory=list)  # resident, at each round's start
    # their pixels then (C memory), where memory had grown enough to count them
    surfaces_mb: list[int | None] = field(default_factory=list)
    _counted_at: int | None = None  # resident memory when the Surfaces were last counted

    def frame(self, seconds: float, event: int, app: Any) -> None:
        if seconds < SLOW:
            return
        self.slow_frames += 1
        scenes = " > ".join(type(scene).__name__ for scene in app.scenes)
        self.slowest.append(SlowFrame(event, round(seconds * 1000), scenes,
                                      app.screen.get_size()))
        self.slowest.sort(key=lambda f: -f.ms)
        del self.slowest[SLOWEST_KEPT:]

    def round_started(self) -> None:
        resident = resident_mb()
        self.memory_mb.append(resident)
        if self._counted_at is None:
            self._counted_at = resident
        if resident - self._counted_at >= SURFACES_GROWTH_MB:
            self._counted_at = resident
            self.surfaces_mb.append(surfaces_mb())
        else:
            self.surfaces_mb.append(None)

    def to_json(self) -> dict[str, Any]:
        return {"slow_frames": {"count": self.slow_frames,
                                "slowest": [asdict(f) for f in self.slowest]},
                "memory_mb": {"rounds": self.memory_mb, "surfaces": self.surfaces_mb,
                              "peak": peak_mb()}}

    def text(self) -> list[str]:
        lines = [f"frames over {SLOW * 1000:.0f} ms: {self.slow_frames}"]
        lines += [f"    {f.ms} ms after event {f.event} ({f.scenes}, {f.size[0]}x{f.size[1]})"
                  for f in self.slowest]
        rounds = ", ".join(map(str, self.memory_mb))
        lines.append(f"resident memory (MB) at each round's start: {rounds}; "
                     f"peak {peak_mb()}")
        lines.append(f"of which Surfaces' pixels (counted where it grew {SURFACES_GROWTH_MB} MB): "
                     + ", ".join("-" if mb is None else str(mb) for mb in self.surfaces_mb))
        return lines


def surfaces_mb(skip: tuple[type, ...] = ()) -> int:
    """The pixels of every live pygame Surface (C memory tracemalloc does not see),
    found from the objects the collector tracks; what an instance of ``skip`` keeps in
    its own containers is not counted. A subsurface shares its parent's pixels. About a
    second: not per frame."""
    objects = gc.get_objects()
    seen: set[int] = set()
    for obj in objects:
        if isinstance(obj, skip):  # the instance, its __dict__, what that holds: seen
            _walk([obj], seen, depth=3)
    return _walk(objects, seen) // 2**20


def _walk(start: list[object], seen: set[int], depth: int | None = None) -> int:
    """Bytes of the surfaces reachable from ``start`` (within ``depth`` steps) not in
    ``seen``, which grows."""
    pixels = 0
    reach = list(start)
    steps = 0
    while reach and (depth is None or steps <= depth):
        # One step further; unbounded (millions of objects), the whole walk is one step
        # of a plain stack, which is what keeps it fast.
        stack, reach = reach, []
        further = reach if depth is not None else stack
        while stack:
            obj = stack.pop()
            if id(obj) in seen or isinstance(obj, _ATOMS):
                continue
            seen.add(id(obj))
            if isinstance(obj, pygame.Surface):
                if obj.get_parent() is None:
                    pixels += obj.get_bytesize() * obj.get_width() * obj.get_height()
                continue
            further.extend(gc.get_referents(obj))
        steps += 1
    return pixels


_ATOMS = (str, bytes, int, float)


def resident_mb() -> int:
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):  # not Linux: the peak is what there is
        return peak_mb()
    return pages * os.sysconf("SC_PAGE_SIZE") // 2**20


def peak_mb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024  # KB on Linux
