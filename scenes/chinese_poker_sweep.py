"""A press on Chinese Poker's hand, read as it moves: a sweep along the hand selects (or
drops) every card it passes; once the pointer leaves the hand upwards it was a drag of
the pressed card all along, and the cards it crossed on the way go back as they were."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Sweep:
    on: bool  # the sweep selects what it passes (True) or drops it (False)
    start: tuple[float, float]
    top: float  # above this the pointer has left the hand
    before: frozenset[str]  # the selection at the press: what a drag gives back
    keys: list[str] = field(default_factory=list)  # the cards passed, the pressed one first

    @property
    def swept(self) -> bool:
        return len(self.keys) > 1

    def is_drag(self, pos: tuple[float, float]) -> bool:
        """Whether the pointer at ``pos`` makes the press a drag: it left the hand
        upwards, or set off more up than sideways before passing a second card."""
        if pos[1] < self.top:
            return True
        dx, dy = abs(pos[0] - self.start[0]), abs(pos[1] - self.start[1])
        return not self.swept and dy > dx
