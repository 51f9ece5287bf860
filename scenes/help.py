"""Help pages (assets/help/<topic>.txt), and ``PageScene``: the full-screen page with a
title and a Back button that the settings and replay-list screens share.

Help text format: ``# `` starts a heading, ``- `` a bullet, a blank line a small gap;
everything else is a paragraph wrapped to the page width.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine.actions import Act, Action
from game.engine.layout import DESIGN_W, Viewport
from game.engine.render import DrawItem
from game.engine.scene import Scene
from game.engine.ui import (
    ERROR,
    GOLD,
    INK,
    MUTED,
    UI_Z,
    Button,
    Fonts,
    centre_of,
    text_image,
    window_image,
    wrap_text,
)
from game.rules.registry import GAMES

if TYPE_CHECKING:
    from game.engine.app import App

HELP_DIR = Path(__file__).resolve().parents[1] / "assets" / "help"

def topic_title(topic: str) -> str:
    """A help topic's title: the parlour's, or the game whose help page it is."""
    if topic == "parlour":
        return "Card Parlour"
    return next((g.title for g in GAMES if g.help_topic == topic),
                topic.replace("-", " ").title())

BACK_RECT = pygame.Rect(DESIGN_W - 280, 14, 240, 66)
PANEL_FILL = (10, 30, 20, 190)
PANEL_EDGE = (90, 140, 110)
DIRECTIONS = (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT)


def panel_image(vp: Viewport, rect: pygame.Rect | tuple[float, float, float, float]
                ) -> pygame.Surface:
    """A dark rounded panel that keeps text readable over the felt."""
    surface = pygame.Surface(vp.rect_px(*rect)[2:], pygame.SRCALPHA)
    radius = vp.px(18)
    pygame.draw.rect(surface, PANEL_FILL, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, PANEL_EDGE, surface.get_rect(), max(1, vp.px(2)),
                     border_radius=radius)
    return surface


def draw_footer(surface: pygame.Surface, vp: Viewport, text: str, y: float,
                size: float = 22) -> None:
    """A muted line of key hints, centred at logical height ``y``."""
    image = text_image(vp, text, size, MUTED)
    x, py = vp.to_px(DESIGN_W / 2, y)
    surface.blit(image, (x - image.get_width() // 2, py))


class PageScene(Scene):
    """A full-screen page: the title top left, Back top right. Arrows / D-pad move the
    focus over the buttons, Enter / pad A presses, Esc / pad B / F10 goes back."""

    def __init__(self, app: App, title: str) -> None:
        super().__init__(app)
        self.title = title
        self.hud.buttons = [Button("back", "Back", BACK_RECT.copy())]

    def handle_game(self, action: Action) -> None:
        kind = action.kind
        if kind in DIRECTIONS:
            self.step_focus(kind)
        elif kind == Act.SELECT:
            if isinstance(self.focus, tuple):
                self.press(self.focus[1])
            else:
                self.set_focus(self.move_focus(None, Act.DOWN))
        elif kind in (Act.CANCEL, Act.MENU):
            self.press("back")
        elif kind == Act.HELP:
            self.app.push(HelpScene(self.app, "parlour"))
        elif kind == Act.POINTER_MOVE:
            self.app.set_cursor("hand" if self.hud.hover else "arrow")

    def press(self, key: str) -> None:
        if key == "back":
            self.app.play_sound("button")
            self.app.pop()

    def exit(self) -> None:
        self.app.set_cursor("arrow")

    def draw_items(self, alpha: float) -> list[DrawItem]:
        items = super().draw_items(alpha)
        message = self.hud.message
        if message is None:
            return items
        image = wrapped_message(self.app.viewport, message.text, message.error,
                                self.hud.message_rect.w)
        x, y = self.app.viewport.to_px(*centre_of(self.hud.message_rect))
        pos = (x - image.get_width() // 2, y - image.get_height() // 2)
        return [DrawItem(item.key, image, pos, item.z) if item.key == ("message",) else item
                for item in items]


def wrapped_message(vp: Viewport, text: str, error: bool, width: float) -> pygame.Surface:
    """The hud's message line, wrapped onto two or more lines when it is wider than the
    screen (file names in storage problems are long); the hud itself draws one line."""
    def make() -> pygame.Surface:
        lines = [text_image(vp, line, 30, ERROR if error else INK, error)
                 for line in wrap_text(vp, text, 30, width, bold=error)]
        image = pygame.Surface((max(i.get_width() for i in lines),
                                sum(i.get_height() for i in lines)), pygame.SRCALPHA)
        y = 0
        for line in lines:
            image.blit(line, ((image.get_width() - line.get_width()) // 2, y))
            y += line.get_height()
        return image

    # under the window images' byte budget: 50 kept by count were megabytes each at 8K
    return window_image(("wrapped message", text, error, width, vp.scale, vp.text_scale),
                        make)


# -- help ------------------------------------------------------------------------------

PANEL = pygame.Rect(100, 100, DESIGN_W - 200, 840)
VIEW = PANEL.inflate(-72, -44)  # the scrolling text area inside the panel
SCROLLBAR_W = 14
TEXT_W = VIEW.w - SCROLLBAR_W - 36
BODY, HEADING = 27, 34
BULLET_INDENT = 34
WHEEL_LINES = 3
SCROLL_EASE = 16.0  # per second: how fast the shown position catches up with the target
FADE = 22  # logical units: text fades out at the page's top and bottom edges, not cut off
FOOTER = "\u2191 \u2193  scroll      PgUp PgDn  page      Home End  top, bottom      Esc  back"


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    x: float  # logical units from the left of the text area
    y: float  # logical units from the top of the document
    size: float
    bold: bool
    color: tuple[int, int, int]


GAMES_LINE = "{games}"  # a help page's line that becomes the registry's list of games


def load_help(topic: str) -> str:
    try:
        text = (HELP_DIR / f"{topic}.txt").read_text(encoding="utf-8")
    except OSError:
        return f"# No help yet\nThere is no help page called \u201c{topic}\u201d."
    games = "\n".join(f"- {g.title}: {g.blurb}" + ("" if g.playable else " Coming soon.")
                      for g in GAMES)
    return "\n".join(games if line.strip() == GAMES_LINE else line
                     for line in text.splitlines())


def line_height(vp: Viewport, size: float, bold: bool = False) -> float:
    """A text line's height in logical units at this viewport (TV mode makes it taller)."""
    return Fonts.get(round(size * vp.scale * vp.text_scale), bold).get_linesize() / vp.scale


def layout_text(vp: Viewport, text: str, width: float) -> tuple[list[Line], float]:
    """Wrap ``text`` into positioned lines; also return the document height."""
    lines: list[Line] = []
    body = line_height(vp, BODY)
    y = 0.0
    for raw in text.splitlines():
        raw = raw.rstrip()
        if raw.startswith("# "):
            y += body * 0.6 if lines else 0.0
            for part in wrap_text(vp, raw[2:], HEADING, width, bold=True):
                lines.append(Line(part, 0, y, HEADING, True, GOLD))
                y += line_height(vp, HEADING, True)
            y += body * 0.15
        elif not raw:
            y += body * 0.5
        elif raw.startswith("- "):
            lines.append(Line("\u2022", 8, y, BODY, True, GOLD))
            for part in wrap_text(vp, raw[2:], BODY, width - BULLET_INDENT):
                lines.append(Line(part, BULLET_INDENT, y, BODY, False, INK))
                y += body
        else:
            for part in wrap_text(vp, raw, BODY, width):
                lines.append(Line(part, 0, y, BODY, False, INK))
                y += body
    return lines, y


class HelpScene(PageScene):
    """One help topic, scrolled with Up/Down, PgUp/PgDn, Home/End, the wheel or the
    scroll bar (click or drag); Esc, pad B, pad Back or the Back button closes."""

    def __init__(self, app: App, topic: str) -> None:
        name = topic_title(topic)
        super().__init__(app, f"Help: {name}")
        self.topic = topic
        self.text = load_help(topic)
        self.lines: list[Line] = []
        self.content_h = 0.0
        self.scroll = 0.0  # shown position (logical units), eases towards target
        self.target = 0.0
        self._page: tuple[tuple[int, int, bool, bool], pygame.Surface] | None = None  # (key, image)
        self._grab: float | None = None  # where the thumb was grabbed, while dragging

    # -- geometry ------------------------------------------------------------------------

    def layout(self, vp: Viewport) -> None:
        share = self.scroll / self.max_scroll if self.max_scroll else 0.0
        self.lines, self.content_h = layout_text(vp, self.text, TEXT_W)
        self.content_h += FADE  # the last line ends clear of the bottom fade
        self.scroll = self.target = round(share * self.max_scroll)
        self._page = None

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_h - VIEW.h)

    @property
    def line_step(self) -> float:
        return line_height(self.app.viewport, BODY)

    def thumb(self) -> pygame.Rect:
        """The scroll bar's thumb, in logical units."""
        h = max(60, round(VIEW.h * min(1.0, VIEW.h / max(1.0, self.content_h))))
        share = self.scroll / self.max_scroll if self.max_scroll else 0.0
        return pygame.Rect(VIEW.right - SCROLLBAR_W, VIEW.y + round((VIEW.h - h) * share),
                           SCROLLBAR_W, h)

    def scroll_to(self, y: float, instant: bool = False) -> None:
        self.target = min(max(0.0, y), self.max_scroll)
        if instant:
            self.scroll = self.target

    # -- input ---------------------------------------------------------------------------

    def handle_game(self, action: Action) -> None:
        kind, page = action.kind, VIEW.h - self.line_step
        steps = {Act.UP: -self.line_step, Act.DOWN: self.line_step,
                 Act.PAGE_UP: -page, Act.PAGE_DOWN: page}
        if kind in steps:
            self.scroll_to(self.target + steps[kind])
        elif kind == Act.HOME:
            self.scroll_to(0)
        elif kind == Act.END:
            self.scroll_to(self.max_scroll)
        elif kind == Act.WHEEL:
            self.scroll_to(self.target - action.amount * WHEEL_LINES * self.line_step)
        elif kind in (Act.SELECT, Act.HELP):
            self.press("back")
        elif kind in (Act.LEFT, Act.RIGHT):
            pass  # only Back is focusable; don't let the frame wander off
        elif not self._pointer(action):
            super().handle_game(action)

    def _pointer(self, action: Action) -> bool:
        """Scroll bar: drag the thumb, or click the track to page towards the click."""
        if action.pos is None or not self.max_scroll:
            return False
        x, y = action.pos
        track = pygame.Rect(VIEW.right - SCROLLBAR_W - 12, VIEW.y, SCROLLBAR_W + 24, VIEW.h)
        if action.kind == Act.POINTER_DOWN and action.button == 1 and track.collidepoint(x, y):
            thumb = self.thumb()
            if thumb.top <= y < thumb.bottom:
                self._grab = y - thumb.top
            else:
                page = VIEW.h - self.line_step
                self.scroll_to(self.target + (page if y > thumb.centery else -page))
            return True
        if action.kind == Act.POINTER_MOVE and self._grab is not None:
            free = VIEW.h - self.thumb().h
            share = (y - self._grab - VIEW.y) / free if free else 0.0
            self.scroll_to(share * self.max_scroll, instant=True)
            return True
        if action.kind == Act.POINTER_UP and self._grab is not None:
            self._grab = None
            return True
        return False

    # -- per frame -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        gap = self.target - self.scroll
        self.scroll = self.target if abs(gap) < 0.5 else self.scroll + gap * min(1.0,
                                                                               dt * SCROLL_EASE)

    def background(self, vp: Viewport) -> pygame.Surface:
        surface = super().background(vp)
        surface.blit(panel_image(vp, PANEL), vp.to_px(PANEL.x, PANEL.y))
        draw_footer(surface, vp, FOOTER, PANEL.bottom + 22)
        return surface

    def draw_items(self, alpha: float) -> list[DrawItem]:
        vp = self.app.viewport
        return [DrawItem(("help", "page"), self._page_image(vp), vp.to_px(VIEW.x, VIEW.y),
                         UI_Z - 1)] + super().draw_items(alpha)

    def _page_image(self, vp: Viewport) -> pygame.Surface:
        """The visible slice of the document plus the scroll bar; redrawn only when the
        shown position moves by a pixel (a new image tells the renderer it changed)."""
        key = (round(self.scroll * vp.scale), vp.px(VIEW.w), self.scroll > 0,
               self.scroll < self.max_scroll)
        if self._page is not None and self._page[0] == key:
            return self._page[1]
        page = pygame.Surface(vp.rect_px(*VIEW)[2:], pygame.SRCALPHA)
        top, bottom = self.scroll, self.scroll + VIEW.h
        for line in self.lines:
            if line.y + line.size * 2 < top or line.y > bottom:
                continue
            image = text_image(vp, line.text, line.size, line.color, line.bold)
            page.blit(image, (round(line.x * vp.scale), round((line.y - top) * vp.scale)))
        if self.scroll > 0:
            page.blit(_fade(page.get_width(), vp.px(FADE), False), (0, 0),
                      special_flags=pygame.BLEND_RGBA_MULT)
        if self.scroll < self.max_scroll:
            fade = _fade(page.get_width(), vp.px(FADE), True)
            page.blit(fade, (0, page.get_height() - fade.get_height()),
                      special_flags=pygame.BLEND_RGBA_MULT)
        if self.max_scroll:
            track = pygame.Rect(page.get_width() - vp.px(SCROLLBAR_W), 0, vp.px(SCROLLBAR_W),
                                page.get_height())
            radius = track.w // 2
            pygame.draw.rect(page, (255, 255, 255, 28), track, border_radius=radius)
            thumb = self.thumb()
            pygame.draw.rect(page, (*GOLD, 200), (track.x, vp.px(thumb.y - VIEW.y), track.w,
                                                  vp.px(thumb.h)), border_radius=radius)
        self._page = (key, page)
        return page


def _fade(width: int, height: int, downwards: bool) -> pygame.Surface:
    """An alpha ramp to multiply into the page's edge (opaque towards the middle); one
    per window size, so kept under the window images' byte budget (a dict kept one for
    every width a resize passed through)."""
    def make() -> pygame.Surface:
        ramp = pygame.Surface((1, height), pygame.SRCALPHA)
        for y in range(height):
            alpha = round(255 * (height - 1 - y if downwards else y) / max(1, height - 1))
            ramp.set_at((0, y), (255, 255, 255, alpha))
        return pygame.transform.scale(ramp, (width, height))

    return window_image(("help fade", width, height, downwards), make)
