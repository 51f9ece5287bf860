"""How a fuzz step's time passes: mostly one frame of 1/60 s; now and then more frames
(animations run out, the computer plays), a stall (a busy machine: one frame seconds
long, which the game's clock must cap) or a burst of frames shorter than its fixed
step (a fast display: frames with no step in them). Drawn from the run's generator."""

from __future__ import annotations

import random

FRAME = 1 / 60
MORE_FRAMES = 0.04  # chances per step
STALL = 0.01
BURST = 0.01


def frame_times(rng: random.Random) -> list[float]:
    """The seconds each frame of the next step lasts."""
    roll = rng.random()
    if roll < MORE_FRAMES:
        return [FRAME] * rng.randint(2, 40)
    if roll < MORE_FRAMES + STALL:
        return [rng.uniform(0.25, 3.0)]
    if roll < MORE_FRAMES + STALL + BURST:
        return [rng.uniform(0.0005, 0.004) for _ in range(rng.randint(3, 30))]
    return [FRAME]
