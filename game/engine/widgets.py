"""Widgets the table games share beyond buttons and dialogs: a number field with a
stepper (bets), side panels (scores, chat) and the command bar. Logical units in,
cached images out, like the rest of the HUD."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.engine.actions import Act, Action
from game.engine.layout import DESIGN_W, Viewport
from game.engine.render import DrawItem
from game.engine.ui import (
    GOLD,
    INK,
    MUTED,
    PANEL,
    UI_Z,
    Button,
    Fonts,
    button_image,
    field_image,
    text_image,
    wrap_text,
)

BIG_STEP = 10  # PgUp / PgDn (pad triggers) step this many steps at once


# -- a number with a stepper (bets) ------------------------------------------------------------

MAX_DIGITS = 9  # a typed number's length, whatever the maximum


@dataclass
class NumberField:
    """A whole number between ``minimum`` and ``maximum``. While ``active``: digits type
    it (the first digit after a step or a confirm starts afresh), Backspace deletes a digit
    (it arrives as Act.UNDO and never reaches the game as an undo), Up/Down, +/- and the
    pad's D-pad step by ``step``, PgUp/PgDn by ten steps, Enter confirms. The -/+ buttons
    work with the mouse whether or not the field is active. In a Dialog, Enter is the
    dialog's: its buttons read ``value``."""

    value: int = 0
    minimum: int = 0
    maximum: int = 999_999
    step: int = 1
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 420, 60))
    on_confirm: Callable[[int], None] | None = None
    active: bool = True
    # Digits typed past ``maximum`` stay as typed, for the owner to refuse with the limit
    # (a bet of 9999 with 998 left became all-in without a word).
    keep_over: bool = False
    hover: str | None = None  # "minus" | "plus" under the pointer
    digits: str = field(init=False)
    fresh: bool = field(init=False, default=True)

    def __post_init__(self) -> None:
        self.set(self.value)

    def set(self, value: int) -> None:
        self.value = max(self.minimum, min(self.maximum, value))
        self.digits = str(self.value)
        self.fresh = True

    def refused(self) -> None:
        """The owner turned the number down: it stays in sight, and the next digit
        typed starts a new one."""
        self.fresh = True

    def step_by(self, steps: int) -> None:
        self.set(self.value + steps * self.step)

    # -- geometry (logical units) --

    @property
    def minus_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.h, self.rect.h)

    @property
    def plus_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - self.rect.h, self.rect.y, self.rect.h, self.rect.h)

    @property
    def box_rect(self) -> pygame.Rect:
        gap = self.rect.h // 5
        return pygame.Rect(self.rect.x + self.rect.h + gap, self.rect.y,
                           self.rect.w - 2 * (self.rect.h + gap), self.rect.h)

    # -- input --

    def handle(self, action: Action) -> bool:
        """Use ``action`` if it is meant for the field; True when used."""
        if action.pos is not None:
            return self._pointer(action, action.pos)
        if not self.active:
            return False
        kind = action.kind
        if kind == Act.KEY and action.key.isdigit():
            self._type(action.key)
        elif kind == Act.KEY and action.key in ("+", "=", "-", "_"):
            self.step_by(1 if action.key in "+=" else -1)
        elif kind == Act.UNDO:  # Backspace (Ctrl+Z and pad LB too: all mean "take back")
            self.digits, self.fresh = self.digits[:-1], False
            self.value = max(self.minimum, int(self.digits or 0))
        elif kind == Act.DELETE:  # the old CLEAR key: start the amount again
            self.digits, self.fresh = "", False
            self.value = self.minimum
        elif kind in (Act.UP, Act.DOWN):
            self.step_by(1 if kind == Act.UP else -1)
        elif kind in (Act.PAGE_UP, Act.PAGE_DOWN):
            # PgUp steps up; on a pad the same actions are the triggers, where the left
            # one (PAGE_UP) steps down and the right one up, as they lie under the hands.
            up = (kind == Act.PAGE_UP) != (action.device == "pad")
            self.step_by(BIG_STEP if up else -BIG_STEP)
        elif kind == Act.WHEEL:
            self.step_by(1 if action.amount > 0 else -1)
        elif kind == Act.SELECT and self.on_confirm is not None:
            self.set(self.value)
            self.on_confirm(self.value)
        else:
            return False
        return True

    def _type(self, digit: str) -> None:
        typed = digit if self.fresh else (self.digits + digit).lstrip("0") or "0"
        if int(typed) > self.maximum and not self.keep_over:
            typed = str(self.maximum)
        typed = typed[:MAX_DIGITS]
        self.digits, self.fresh = typed, False
        self.value = max(self.minimum, int(typed))

    def _pointer(self, action: Action, pos: tuple[float, float]) -> bool:
        over = next((name for name, r in (("minus", self.minus_rect), ("plus", self.plus_rect))
                     if r.collidepoint(pos)), None)
        if action.kind == Act.POINTER_MOVE:
            self.hover = over
            return False
        if not self.rect.collidepoint(pos) or action.button != 1:
            return False
        if action.kind == Act.POINTER_DOWN:
            self.active = True
            if over is not None:
                self.step_by(1 if over == "plus" else -1)
        return True

    # -- drawing --

    def draw_items(self, vp: Viewport, key: object, z: float) -> list[DrawItem]:
        box = self.box_rect
        text = self.digits if self.digits else ""
        items = [DrawItem((key, "box"), field_image(vp, text, box, caret=self.active,
                                                    centred=True), vp.to_px(box.x, box.y), z)]
        for name, label, rect, limit in (("minus", "\u2212", self.minus_rect, self.minimum),
                                         ("plus", "+", self.plus_rect, self.maximum)):
            button = Button(name, label, rect, enabled=self.value != limit)
            image = button_image(vp, button, self.hover == name, False)
            items.append(DrawItem((key, name), image, vp.to_px(rect.x, rect.y), z))
        return items


# -- side panels (scores, chat) --------------------------------------------------------------

Line = str | tuple[str, str]  # text, or (name, value) with the value flush right


@dataclass
class SidePanel:
    """A titled panel on the left or right edge. It only shows things: the table keeps
    the input focus. The newest lines stay when they do not all fit (chat)."""

    title: str
    lines: list[Line] = field(default_factory=list)
    side: str = "right"  # "left" | "right"
    top: float = 110.0
    width: float = 360.0
    max_height: float = 560.0
    margin: float = 24.0
    visible: bool = True
    highlight: int | None = None  # a line drawn in gold (whose turn it is)
    _cached: tuple[tuple[object, ...], pygame.Surface] | None = field(
        default=None, init=False, repr=False)

    def toggle(self) -> None:
        self.visible = not self.visible

    @property
    def x(self) -> float:
        return self.margin if self.side == "left" else DESIGN_W - self.margin - self.width

    def draw_items(self, vp: Viewport) -> list[DrawItem]:
        if not self.visible:
            return []
        key = (self.title, tuple(self.lines), self.width, self.max_height, self.highlight,
               vp.scale, vp.text_scale)
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, self._render(vp))
        return [DrawItem(("panel", self.side, self.title), self._cached[1],
                         vp.to_px(self.x, self.top), UI_Z - 1)]

    def _render(self, vp: Viewport) -> pygame.Surface:
        pad = 20
        title = text_image(vp, self.title, 30, GOLD, bold=True)
        rows = self._rows(vp, self.width - 2 * pad)
        line_h = Fonts.get(round(24 * vp.scale * vp.text_scale)).get_linesize()
        head = vp.px(pad) + title.get_height() + vp.px(14)
        room = max(0, (vp.px(self.max_height) - head - vp.px(pad)) // line_h)
        rows = rows[len(rows) - room:] if len(rows) > room else rows
        w = vp.px(self.width)
        h = head + len(rows) * line_h + vp.px(pad)
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = vp.px(16)
        pygame.draw.rect(image, PANEL, image.get_rect(), border_radius=radius)
        pygame.draw.rect(image, GOLD, image.get_rect(), max(1, vp.px(2)), border_radius=radius)
        image.blit(title, (vp.px(pad), vp.px(pad)))
        rule_y = head - vp.px(7)
        pygame.draw.line(image, (90, 140, 110), (vp.px(pad), rule_y), (w - vp.px(pad), rule_y),
                         max(1, vp.px(2)))
        for n, (left, right, index) in enumerate(rows):
            color = GOLD if index == self.highlight else INK
            y = head + n * line_h
            image.blit(text_image(vp, left, 24, color, bold=index == self.highlight),
                       (vp.px(pad), y))
            if right:
                value = text_image(vp, right, 24, color if index == self.highlight else MUTED,
                                   bold=True)
                image.blit(value, (w - vp.px(pad) - value.get_width(), y))
        return image

    def _rows(self, vp: Viewport, width: float) -> list[tuple[str, str, int]]:
        """(left text, right text, line index) per drawn row; long text lines wrap."""
        rows = []
        for index, line in enumerate(self.lines):
            if isinstance(line, tuple):
                rows.append((line[0], line[1], index))
            else:
                rows.extend((part, "", index) for part in wrap_text(vp, line, 24, width))
        return rows


# -- the command bar ------------------------------------------------------------------------

Command = tuple[str, str, str]  # key, label, hotkey


BAR_GAP = 10  # between a command bar's buttons (and what sits over it)


def command_bar(commands: Sequence[Command], where: str = "corner",
                size: tuple[int, int] = (180, 58), gap: int = BAR_GAP, right: int = 1870,
                bottom: int = 1010, left: int = 50) -> list[Button]:
    """Buttons for a game's commands: two to a row in the lower right corner
    (``"corner"``, as Pyramid has them), or one row along the bottom edge
    (``"bottom"``, right-aligned, narrower buttons when they would not fit)."""
    w, h = size
    if where == "corner":
        rows = (len(commands) + 1) // 2
        x0, y0 = right - 2 * w - gap, bottom - rows * (h + gap)
        return [Button(key, label, pygame.Rect(x0 + (i % 2) * (w + gap),
                                               y0 + (i // 2) * (h + gap), w, h), hotkey)
                for i, (key, label, hotkey) in enumerate(commands)]
    if where != "bottom":
        raise ValueError(f"a command bar goes in the corner or along the bottom, not {where!r}")
    n = len(commands)
    w = min(w, (right - left - (n - 1) * gap) // max(1, n))
    x0, y = right - n * w - (n - 1) * gap, bottom - h - gap
    return [Button(key, label, pygame.Rect(x0 + i * (w + gap), y, w, h), hotkey)
            for i, (key, label, hotkey) in enumerate(commands)]
