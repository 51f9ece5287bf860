"""Dirty-rectangle compositor: redraw only what changed since the last frame.

Each frame a scene hands over the full list of things on screen as ``DrawItem``s
(cards, highlights, widgets). Items are compared with the previous frame by key;
only the areas of items that appeared, vanished, moved or changed image are
repainted (background first, then every item touching the area in z order).
When the changed area is large, one full repaint is cheaper than many small ones.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

FULL_REDRAW_SHARE = 0.55  # repaint everything once the dirty area passes this share
# Changed areas adding up to this many screens (overlaps counted twice) cover most of
# it whatever they overlap: repaint all without working out their union first.
SURELY_FULL_SCREENS = 2.0


@dataclass(frozen=True, slots=True)
class DrawItem:
    key: object
    image: pygame.Surface
    pos: tuple[int, int]  # top-left in window pixels
    z: float

    @property
    def rect(self) -> pygame.Rect:
        return self.image.get_rect(topleft=self.pos)


def merge_rects(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Union overlapping rectangles until none overlap (few rects per frame). Keeping
    overlapping rects apart when their box would be much bigger than they are paints
    fewer pixels but measured slower: the overlaps are painted twice, every rect costs."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        while True:
            hits = rect.collidelistall(merged)
            if not hits:
                break
            for index in reversed(hits):
                rect.union_ip(merged.pop(index))
        merged.append(rect)
    return merged


class DirtyRenderer:
    def __init__(self) -> None:
        self.background: pygame.Surface | None = None
        self._last: dict[object, DrawItem] = {}
        self._full = True
        self.last_dirty_share = 1.0

    def set_background(self, surface: pygame.Surface) -> None:
        self.background = surface
        self._full = True

    def drop_background(self) -> None:
        """Let the background go before its successor is drawn (set_background next)."""
        self.background = None
        self._full = True

    def invalidate(self) -> None:
        self._full = True

    def draw(self, screen: pygame.Surface, items: list[DrawItem]) -> list[pygame.Rect]:
        """Composite ``items`` onto ``screen``; return the window areas that changed."""
        current = {item.key: item for item in items}
        screen_rect = screen.get_rect()
        dirty: list[pygame.Rect] = []
        if not self._full:
            for key, old in self._last.items():
                new = current.get(key)
                if new is None:
                    dirty.append(old.rect)
                elif new.image is not old.image or new.pos != old.pos or new.z != old.z:
                    dirty.append(old.rect)
                    dirty.append(new.rect)
            dirty.extend(item.rect for key, item in current.items() if key not in self._last)
            screen_area = screen_rect.w * screen_rect.h
            if sum(r.w * r.h for r in dirty) > SURELY_FULL_SCREENS * screen_area:
                self._full = True
            else:
                dirty = [r.clip(screen_rect) for r in merge_rects(dirty)]
                dirty = [r for r in dirty if r.w and r.h]
                self.last_dirty_share = sum(r.w * r.h for r in dirty) / screen_area
                if self.last_dirty_share > FULL_REDRAW_SHARE:
                    self._full = True
        self._last = current
        ordered = sorted(items, key=lambda it: it.z)
        if self._full:
            self._full = False
            self.last_dirty_share = 1.0
            self._paint(screen, screen_rect, ordered)
            return [screen_rect]
        if not dirty:
            return []
        rects = [item.rect for item in ordered]
        for area in dirty:
            screen.set_clip(area)
            self._paint_area(screen, area, ordered, rects)
        screen.set_clip(None)
        return dirty

    def _paint(self, screen: pygame.Surface, area: pygame.Rect, ordered: list[DrawItem]) -> None:
        if self.background is not None:
            screen.blit(self.background, area, area)
        else:
            screen.fill((0, 0, 0), area)
        screen.fblits([(item.image, item.pos) for item in ordered])

    def _paint_area(self, screen: pygame.Surface, area: pygame.Rect, ordered: list[DrawItem],
                    rects: list[pygame.Rect]) -> None:
        if self.background is not None:
            screen.blit(self.background, area, area)
        else:
            screen.fill((0, 0, 0), area)
        hits = area.collidelistall(rects)
        screen.fblits([(ordered[i].image, ordered[i].pos) for i in hits])
