"""Draw poker statistics per dealer, kept on disk like the top-ten tables: hands
played and won, the biggest pot won, the best hand shown down, sessions played.

The file is written atomically after every change; one that cannot be read whole
(a single wrong figure) is set aside and reported, and the statistics start afresh.
No pygame here."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from game import storage
from game.json_limits import is_int, is_text
from game.rules.draw_poker import DEALER_NAMES, DEALERS
from game.stats import MAX_COUNT

KIND = "draw-poker-stats"
VERSION = 1
FILE_NAME = "draw-poker-stats.json"


@dataclass(frozen=True, slots=True)
class DealerStats:
    hands: int = 0
    won: int = 0
    biggest_pot: int = 0
    best_hand: str = ""  # label, e.g. "Full house"
    best_value: int = 0  # game.rules.hands value of that hand (0: none yet)
    sessions: int = 0

    def lines(self) -> list[str]:
        # Rounded half up, not cut off: 2 of 3 is 67%.
        rate = f" ({(200 * self.won + self.hands) // (2 * self.hands)}%)" if self.hands else ""
        return [f"Hands {self.hands}, won {self.won}{rate}",
                f"Biggest pot won {self.biggest_pot}",
                f"Best hand {self.best_hand or '-'}",
                f"Sessions {self.sessions}"]


class PokerStats:
    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / FILE_NAME
        self.problem: str | None = None
        self.by_dealer: dict[str, DealerStats] = self._load()

    def _load(self) -> dict[str, DealerStats]:
        result = storage.read_parsed(self.path, KIND, VERSION, _dealers,
                                     consequence="the statistics start afresh")
        self.problem = result.problem
        return result.value if result.value is not None else \
            {d: DealerStats() for d in DEALERS}

    def get(self, dealer: str) -> DealerStats:
        return self.by_dealer.get(dealer, DealerStats())

    def hand(self, dealer: str, won: bool, pot: int, label: str = "", value: int = 0) -> None:
        """One hand played against ``dealer``; ``label``/``value`` name the player's hand
        at a showdown."""
        old = self.get(dealer)
        best = value > old.best_value
        self._set(dealer, replace(old, hands=old.hands + 1, won=old.won + won,
                                  biggest_pot=max(old.biggest_pot, pot if won else 0),
                                  best_hand=label if best else old.best_hand,
                                  best_value=value if best else old.best_value))

    def session(self, dealer: str) -> None:
        old = self.get(dealer)
        self._set(dealer, replace(old, sessions=old.sessions + 1))

    def _set(self, dealer: str, stats: DealerStats) -> None:
        if dealer not in DEALERS:
            return
        self.by_dealer[dealer] = stats
        storage.write_json_atomic(self.path, {
            "kind": KIND, "version": VERSION,
            "dealers": {d: asdict(s) for d, s in self.by_dealer.items()}})


def _dealers(data: dict[str, Any]) -> dict[str, DealerStats]:
    """Every dealer's figures from the file (a dealer it does not name starts at
    nothing); ValueError if any stored figure is wrong."""
    stored = data.get("dealers")
    if not isinstance(stored, dict):
        raise ValueError("no dealers")
    return {d: _stats(d, stored[d]) if d in stored else DealerStats() for d in DEALERS}


def _stats(dealer: str, row: Any) -> DealerStats:
    """One dealer's stored figures, checked field by field."""
    name = DEALER_NAMES[dealer]
    if not isinstance(row, dict):
        raise ValueError(f"{name}'s figures are missing")
    counts = ("hands", "won", "biggest_pot", "best_value", "sessions")
    wrong = [k for k in counts if not is_int(row.get(k), 0, MAX_COUNT)]
    if not is_text(row.get("best_hand"), 40):
        wrong.append("best_hand")
    if wrong:
        raise ValueError(f"{name}'s {', '.join(wrong)} cannot be right")
    return DealerStats(**{k: row[k] for k in (*counts, "best_hand")})
