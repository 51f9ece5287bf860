"""The chat panel as drawn, in pixels: its oldest line keeps clear of the title, and a
small window drops the hint rather than drawing it too small to read, while the lines
keep a readable size."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.chat import ChatPanel
from game.engine.layout import Viewport

LINES = [("Bo", f"line {n}") for n in range(12)]  # more than fit: the panel fills up


def panel_image(vp: Viewport) -> pygame.Surface:
    panel = ChatPanel(pygame.Rect(1512, 470, 378, 250), lambda _: None, LINES)
    return panel.draw_items(vp)[0].image


def rows(image: pygame.Surface, ink: Callable[[pygame.Color], bool]) -> list[int]:
    """The rows with a pixel of ``ink`` (text, anti-aliased), inside the gold border."""
    w, h = image.get_size()
    return [y for y in range(4, h - 4)
            if any(ink(image.get_at((x, y))) for x in range(w // 10, w - w // 10))]


def gold(c: pygame.Color) -> bool:
    return c.r > 120 and c.b < 0.6 * c.r


def light(c: pygame.Color) -> bool:  # the lines, and the muted hint
    return min(c.r, c.g, c.b) > 110


def bands(ys: list[int]) -> list[tuple[int, int]]:
    """Runs of consecutive rows, as (first, last)."""
    out: list[tuple[int, int]] = []
    for y in ys:
        if out and y == out[-1][1] + 1:
            out[-1] = (out[-1][0], y)
        else:
            out.append((y, y))
    return out


def test_the_top_line_keeps_clear_of_the_title_and_the_hint_needs_room() -> None:
    pygame.font.init()
    for size, tv in (((1280, 720), False), ((1920, 1080), False), ((1280, 720), True),
                     ((800, 500), False)):
        vp = Viewport(*size, tv_mode=tv)
        image = panel_image(vp)
        title = bands(rows(image, gold))[0]
        text = bands(rows(image, light))
        assert text[0][0] - title[1] >= vp.px(16), (size, tv, title, text[0])
        hint = [band for band in text if band[0] > image.get_height() - vp.px(40)]
        if size == (800, 500):
            assert not hint, "no room for a readable hint: it is dropped"
            assert title[1] - title[0] >= 8, "the title is still readable"
        else:
            assert hint, (size, tv)
        tallest = max(last - first for first, last in text[:-1]) + 1
        assert tallest >= 9, (size, tv, "the lines keep a readable size")
