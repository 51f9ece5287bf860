"""The chat panel as drawn, in pixels: its oldest line keeps clear of the title, and a
small window drops the hint rather than drawing it too small to read, while the lines
keep a readable size; the stock phrases show their keys, each with room for its words."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.actions import Act, Action
from game.engine.chat import STOCK_PHRASES, ChatPanel, phrase_dialog
from game.engine.layout import Viewport
from game.engine.ui import Hud, text_image

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


def test_the_stock_phrases_show_their_keys_and_have_room() -> None:
    pygame.font.init()
    sent: list[str] = []
    hud = Hud()
    hud.ask(phrase_dialog(sent.append, lambda: None))
    for size, tv in (((1280, 720), False), ((1280, 720), True), ((800, 500), False)):
        vp = Viewport(*size, tv_mode=tv)
        images = {item.key[1]: item.image for item in hud.draw_items(vp, True)
                  if item.key[0] == "dialog"}
        for n, phrase in enumerate(STOCK_PHRASES):
            button = next(b for b in hud.dialog.buttons() if b.key == phrase)
            label = text_image(vp, button.label, min(button.rect.h * 0.42, 30), bold=True)
            assert label.get_width() < vp.px(button.rect.w) - vp.px(60), "not squeezed"
            assert button.label.startswith(str(n + 1)), button.label
            image = images[phrase]  # the key's gold underline, left of the phrase's middle
            w, h = image.get_size()
            assert any(gold(image.get_at((x, y))) for x in range(w // 8, w // 2)
                       for y in range(h // 2, h - vp.px(6))), (size, tv, phrase)
    hud.handle_dialog(Action(Act.KEY, key="4", text="4"))
    assert sent == ["One moment"] and hud.dialog is None
