"""A trick's end held in sight: the rules clear the table the moment the last player
passes, so that pass was never seen. The table keeps showing the trick, with the pass,
for a moment (the computers wait for it) before the leader's new trick."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.cards import Card
from game.rules import chinese_poker as C

HOLD_MOVES = 2.5  # the hold lasts this many of the computers' pauses between moves


@dataclass
class TrickEnd:
    trick: tuple[C.Turn, ...] = ()
    table: tuple[Card, ...] = ()
    left: float = 0.0  # seconds the trick stays in sight

    @property
    def held(self) -> bool:
        return self.left > 0

    def follow(self, before: C.View | None, after: C.View, seconds: float) -> None:
        """After a move: hold the trick when ``after`` is ``before`` with its trick
        cleared by a pass (in play, in the same round); any other move (the leader
        playing at once) ends a hold."""
        if before is None or not before.trick or after.trick or before.phase != "play" \
                or after.phase != "play" or after.round != before.round:
            self.left = 0.0
            return
        self.trick = (*before.trick, C.Turn(before.turn, ()))
        self.table = before.table
        self.left = seconds

    def tick(self, dt: float) -> bool:
        """Run the hold's clock; True when it has just run out."""
        if not self.held:
            return False
        self.left -= dt
        return not self.held

    def shown(self, view: C.View) -> C.View:
        """``view`` as the table shows it: with the held trick while it lasts."""
        return replace(view, trick=self.trick, table=self.table) if self.held else view
