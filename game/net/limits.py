"""Per-connection flood limits: at most ``count`` messages in any ``per`` seconds."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class RateLimit:
    count: int
    per: float  # seconds


@dataclass
class Window:
    """The times of the latest messages, to tell whether one more is too many."""

    limit: RateLimit
    clock: Callable[[], float]
    times: deque[float] = field(default_factory=deque)

    def allow(self) -> bool:
        now = self.clock()
        while self.times and now - self.times[0] >= self.limit.per:
            self.times.popleft()
        if len(self.times) >= self.limit.count:
            return False
        self.times.append(now)
        return True
