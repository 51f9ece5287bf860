"""Keyboard and gamepad focus as geometry: the places a player may act on, where an
arrow (or the D-pad) leads from one of them, and where the focus goes when its place
is gone. Logical rectangles only: nothing here draws or knows a scene.

An arrow goes to the nearest place that way, preferring places in line with the
current one (their extent across the arrow overlaps it), as Android's FocusFinder
does; so in a grid it skips filled squares along the row before it turns a corner.
A table may number some places as a row of columns (The Giant's piles, a fanned
hand): Left and Right go column to column, landing on each column's end (where its pile
grows), and round from one end of the row to the other, so no column is more than half
the row away. Up and Down leave the row.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.engine.actions import Act

ALONG_WEIGHT = 13  # FocusFinder's: the distance along the arrow counts this much more


@dataclass(frozen=True, slots=True)
class Place:
    """Somewhere the focus can rest: a card, the spot where an empty pile would grow, a
    button."""

    rect: pygame.Rect  # logical units: the frame goes round it, moves measure from it
    column: int | None = None  # its column in the table's row of columns, if in it
    pile: str = ""  # a card's pile: the focus stays behind when the card leaves it


Places = dict[object, Place]


def _spans(rect: pygame.Rect, direction: Act) -> tuple[int, int, int, int]:
    """``rect`` turned so that ``direction`` points along +x: its (start, end) along
    the arrow, then its (start, end) across it."""
    if direction == Act.RIGHT:
        return rect.left, rect.right, rect.top, rect.bottom
    if direction == Act.LEFT:
        return -rect.right, -rect.left, rect.top, rect.bottom
    if direction == Act.DOWN:
        return rect.top, rect.bottom, rect.left, rect.right
    return -rect.bottom, -rect.top, rect.left, rect.right


def step(places: Places, current: object, direction: Act) -> object | None:
    """Where ``direction`` leads from ``current`` (None: no place lies that way)."""
    here = places[current]
    if here.column is None or direction not in (Act.LEFT, Act.RIGHT):
        return _nearest_that_way(places, current, direction)
    way = 1 if direction == Act.RIGHT else -1
    return _next_column(places, here.column, way)


def _nearest_that_way(places: Places, current: object, direction: Act) -> object | None:
    s0, s1, s2, s3 = _spans(places[current].rect, direction)
    middle = (s2 + s3) / 2
    best: tuple[bool, float] | None = None
    found = None
    for key, place in places.items():
        if key == current:
            continue
        d0, d1, d2, d3 = _spans(place.rect, direction)
        if d0 + d1 <= s0 + s1:
            continue  # its middle is not that way
        in_line = d2 < s3 and d3 > s2
        along = max(0, d0 - s1)
        across = abs((d2 + d3) / 2 - middle)
        rank = (not in_line, ALONG_WEIGHT * along * along + across * across)
        if best is None or rank < best:
            best, found = rank, key
    return found


def _next_column(places: Places, column: int, way: int) -> object | None:
    """The end (lowest place) of the next column ``way`` of ``column`` that has one,
    round the row's end (None: no other column has one)."""
    columns = {p.column for p in places.values() if p.column not in (None, column)}
    if not columns:
        return None
    ahead = [c for c in columns if (c - column) * way > 0]
    # the nearest one ahead, else round the end: the farthest one behind
    target = min(ahead or columns, key=lambda c: c * way)
    ends = [(p.rect.bottom, key) for key, p in places.items() if p.column == target]
    return max(ends, key=lambda end: end[0])[1]


def nearest(places: Places, rect: pygame.Rect) -> object | None:
    """The place closest to ``rect`` (centre to centre); None when there is none."""
    if not places:
        return None
    x, y = rect.center
    return min(places, key=lambda k: math.dist(places[k].rect.center, (x, y)))


@dataclass
class Focus:
    """Where the player put the focus, and where that place was when last seen. While
    the place is gone (a card played from it, a button hidden while the dealer thinks)
    the focus rests on the place nearest it, and comes back when it reappears: it stays
    where the player left it until the player moves it."""

    wanted: object | None = None
    anchor: pygame.Rect | None = None  # None: the middle of ``home``
    pile: str = ""  # the wanted card's pile when it was wanted

    def want(self, key: object | None, places: Places) -> None:
        self.wanted = key
        if key in places:
            self.anchor, self.pile = places[key].rect.copy(), places[key].pile

    def resolve(self, places: Places, home: pygame.Rect) -> object | None:
        """The place the focus is on now: the wanted one while it is in its pile (its
        pile may have been laid out afresh), else the one nearest where it was."""
        place = places.get(self.wanted)
        if place is not None and place.pile == self.pile:
            self.anchor = place.rect.copy()
            return self.wanted
        return nearest(places, self.anchor or home)
