"""The focus frame: a thick white band between dark keylines round the place that has
the keyboard / pad focus, drawn above the table's own outlines and labels (a legal
square's blue outline, a pile's frame) so it reads on felt, on ivory cards and from a
sofa at 4K."""

from __future__ import annotations

import pygame

from game.engine.layout import Viewport
from game.engine.render import DrawItem
from game.engine.ui import UI_Z, window_image

FOCUS_Z = UI_Z + 10  # over the table, its labels and the buttons; under any dialog
INK = (255, 255, 255)
EDGE = (14, 18, 24)
GAP, BAND, KEYLINE, RADIUS = 3.0, 8.0, 2.0, 12.0  # logical units, outward from the place
REACH = GAP + BAND + 2 * KEYLINE  # how far the frame reaches outside its place (logical)


def frame_item(vp: Viewport, rect: pygame.Rect) -> DrawItem:
    """The frame round ``rect`` (logical units), as the renderer's item."""
    gap, band, keyline = vp.px(GAP), max(3, vp.px(BAND)), vp.px(KEYLINE)
    grow = gap + band + 2 * keyline
    x, y, w, h = vp.rect_px(*rect)
    size = (w + 2 * grow, h + 2 * grow, band, keyline, vp.px(RADIUS))
    image = window_image(("focus frame", *size), lambda: _frame(*size))
    return DrawItem(("focus frame",), image, (x - grow, y - grow), FOCUS_Z)


def _frame(w: int, h: int, band: int, keyline: int, radius: int) -> pygame.Surface:
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    outer = image.get_rect()
    pygame.draw.rect(image, EDGE, outer, band + 2 * keyline, border_radius=radius + band)
    pygame.draw.rect(image, INK, outer.inflate(-2 * keyline, -2 * keyline), band,
                     border_radius=radius + band - keyline)
    return image
