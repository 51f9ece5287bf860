"""A network match played back through one seat's eyes: a seat replay's messages fed to a
``JsonClient`` one at a time, so that the game's own scene draws them as it drew them at
the table. Each message is a whole observation, so seeking to message k is delivering
it: one step on or back animates, a jump snaps (as the recorder's seek does). The
viewer drives a tape as it drives a recorder (cursor, length, seek, meta)."""

from __future__ import annotations

import json
from typing import Any

from game.rules.base import ModuleRules
from game.seat_json import JsonClient, ProtocolError, decode
from game.seat_replay import SeatReplay


class SeatTape:
    def __init__(self, replay: SeatReplay, rules: ModuleRules[Any, Any]) -> None:
        """ValueError when a message is not an update of this game (a damaged file)."""
        if rules.game_id != replay.game:
            raise ValueError(f"it is not a replay of {replay.game}")
        self.replay = replay
        self.game_id = replay.game
        self.meta: dict[str, Any] = {"date": replay.date, "result": replay.result}
        self.client: JsonClient[Any, Any] = JsonClient(rules, self._refuse, watching=True)
        self.updates: list[dict[str, Any]] = []
        try:  # kept only the updates (a refusal is followed by one); each checked now
            for body in replay.bodies:
                data = decode(body)
                if data["type"] == "update":
                    self.client.receive(body)
                    self.updates.append(data)
        except ProtocolError as exc:
            raise ValueError(f"a message is damaged ({exc})") from None
        if not self.updates or any(u.get("seat") != replay.seat for u in self.updates):
            raise ValueError("its messages are not this seat's")
        self.cursor = -1
        self.seek(0)

    @property
    def length(self) -> int:
        return len(self.updates) - 1

    @property
    def seat(self) -> int:
        return self.replay.seat

    def seek(self, k: int) -> None:
        """Show message ``k`` (0..length): one step animates, a jump snaps."""
        if not 0 <= k <= self.length:
            raise IndexError(f"cannot seek to {k} in a replay of {self.length} messages")
        if k == self.cursor:
            return
        steps = abs(k - self.cursor) if self.cursor >= 0 else 0
        self.cursor = k
        update = {**self.updates[k], "kind": "seek", "steps": steps}
        self.client.receive(json.dumps(update))

    @staticmethod
    def _refuse(text: str) -> None:
        raise ValueError("a replay only watches: nothing is sent from it")
