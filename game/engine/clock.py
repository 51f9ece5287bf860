"""Fixed-timestep clock (Glenn Fiedler, "Fix Your Timestep").

The simulation always advances in steps of ``dt``; rendering happens once per
frame with ``alpha`` in [0, 1) telling how far the next step has come, so sprites
are drawn between their previous and current positions.
"""

from __future__ import annotations

from dataclasses import dataclass

STEP = 1 / 120
MAX_STEPS_PER_FRAME = 8  # beyond this the game slows down instead of spiralling


@dataclass
class FixedStepClock:
    step: float = STEP
    max_steps: int = MAX_STEPS_PER_FRAME
    accumulator: float = 0.0
    total_steps: int = 0

    def advance(self, frame_seconds: float) -> int:
        """Add real elapsed time; return how many fixed steps to simulate now."""
        self.accumulator += max(0.0, frame_seconds)
        steps = min(int(self.accumulator / self.step), self.max_steps)
        self.accumulator -= steps * self.step
        if steps == self.max_steps and self.accumulator >= self.step:
            self.accumulator = 0.0  # drop the backlog
        self.total_steps += steps
        return steps

    @property
    def alpha(self) -> float:
        return min(1.0, self.accumulator / self.step)
