"""Any legal move, at random: the yardstick every game's computer players are measured
against, and what the fuzzer and demos fall back on."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass
class RandomPlayer:
    seed: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def new_game(self) -> None:
        pass

    def act(self, view: Any, legal: Sequence[Any]) -> Any | None:
        return self.rng.choice(list(legal)) if legal else None
