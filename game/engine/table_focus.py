"""The keyboard and gamepad focus at a card table, as a part a card scene composes.

Its interface to the scene is one callable, ``places() -> Places``: every place the
focus may rest on now (the scene builds them with ``card_places`` and
``button_places`` and its own empty piles). In return it answers where the focus is
(``current``), where an arrow leads (``move``), takes the player's choice (``want``)
and draws the frame (``frame_items``). ``reveal`` says whether the frame shows: a mouse player sees
none, and the first arrow or Select after the mouse only shows it, so no press acts on
a place the player has not seen (focus_reveal).

Places are worked out once per change of the table, not every frame: the scene calls
``forget`` when they may have changed (after an action, a refresh, a new layout).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from game.engine.actions import Act
from game.engine.focus import Focus, Place, Places, step
from game.engine.focus_frame import frame_item
from game.engine.focus_reveal import FocusReveal
from game.engine.layout import DESIGN_H, DESIGN_W, Viewport
from game.engine.render import DrawItem
from game.engine.table import CardTable
from game.engine.ui import Button

HOME = pygame.Rect(DESIGN_W // 2, DESIGN_H // 2, 0, 0)  # a new table's focus: nearest here


def card_places(table: CardTable, keys: Iterable[str]) -> Places:
    """The cards ``keys`` as places: the part of each that shows."""
    return {key: Place(rect, pile=table.placement(key).zone)
            for key, rect in table.visible_rects(keys).items()}


def button_places(buttons: Iterable[Button]) -> Places:
    return {("button", b.key): Place(b.rect) for b in buttons if b.visible and b.enabled}


class TableFocus:
    def __init__(self, places: Callable[[], Places], reveal: FocusReveal) -> None:
        self._source = places
        self._places: Places | None = None
        self._focus = Focus()
        self.reveal = reveal

    def forget(self) -> None:
        """The table may have changed: work the places out again when next asked."""
        self._places = None

    def places(self) -> Places:
        if self._places is None:
            self._places = self._source()
        return self._places

    def want(self, key: object | None) -> None:
        """The player (or the game) put the focus on ``key``."""
        self._focus.want(key, self.places())

    @property
    def wanted(self) -> object | None:
        """The place the player (or the game) last put the focus on, there or not."""
        return self._focus.wanted

    def current(self) -> object | None:
        """The place the focus is on now: the one the player left it on, or while that
        one is gone, the one nearest it."""
        return self._focus.resolve(self.places(), HOME)

    def move(self, current: object, direction: Act) -> object | None:
        """Where ``direction`` takes the focus from ``current``: the nearest place that
        way, or ``current`` itself at the edge."""
        places = self.places()
        if current not in places:
            return self.current()
        found = step(places, current, direction)
        return current if found is None else found

    def frame_items(self, vp: Viewport, key: object) -> list[DrawItem]:
        place = self.places().get(key)
        if not self.reveal.shown or place is None:
            return []
        return [frame_item(vp, place.rect)]
