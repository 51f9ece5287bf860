"""An on-screen keyboard for text fields, so a player with only a pad can type a name or
an address: the D-pad moves over the keys (down off the last row reaches the owner's
buttons), A presses one, X deletes, Y (or Done) confirms; B stays the owner's cancel.
A click on a key presses it too (touch screens). It edits nothing itself: ``handle``
answers what the player asked for and the field's owner does it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.actions import Act, Action
from game.engine.layout import Viewport
from game.engine.render import DrawItem
from game.engine.ui import Button, button_image, nearest_in_direction

ROWS = ("1234567890", "qwertyuiop", "asdfghjkl:", "zxcvbnm.-\b")
# The last row's keys, each (what it does, its label, how many columns wide).
SPECIALS = (("shift", "Shift", 2), (" ", "Space", 5), ("done", "Done", 3))
DELETE = "\b"
# A number (a port) has a keypad: ten keys, not forty to walk past with a pad.
DIGIT_ROWS = ("123", "456", "789", "\b0")
DIGIT_SPECIALS = (("done", "Done", 3),)
COLUMNS = 10
KEY_W, KEY_H, GAP = 66, 58, 8
WIDTH = COLUMNS * KEY_W + (COLUMNS - 1) * GAP  # the full keyboard's (the chat docks it)
HEIGHT = (len(ROWS) + 1) * KEY_H + len(ROWS) * GAP
PAD_MOVES = (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT)


@dataclass(frozen=True)
class Press:
    """What the player asked for: "type" ``text``, "delete" or "done"."""

    kind: str
    text: str = ""


@dataclass
class OnScreenKeyboard:
    """Keys laid out from ``origin`` (logical units, the top left), ``scale`` times their
    full size (smaller where it docks in less room). ``focus`` is the focused key's
    value, or None while the focus is on the owner's buttons below."""

    origin: tuple[float, float] = (0.0, 0.0)
    focus: str | None = "q"
    shift: bool = False
    scale: float = 1.0
    rows: tuple[str, ...] = ROWS
    specials: tuple[tuple[str, str, int], ...] = SPECIALS

    @classmethod
    def keypad(cls) -> OnScreenKeyboard:
        """Digits only, for a number field."""
        return cls(focus="1", rows=DIGIT_ROWS, specials=DIGIT_SPECIALS)

    @property
    def size(self) -> tuple[int, int]:
        columns = max(len(row) for row in self.rows)
        width = columns * KEY_W + (columns - 1) * GAP
        height = (len(self.rows) + 1) * KEY_H + len(self.rows) * GAP
        return round(width * self.scale), round(height * self.scale)

    def keys(self) -> list[Button]:
        x0, y0 = self.origin
        kw, kh, gap = KEY_W * self.scale, KEY_H * self.scale, GAP * self.scale
        out = []
        for r, row in enumerate(self.rows):
            for c, value in enumerate(row):
                label = "Del" if value == DELETE else value.upper() if self.shift else value
                rect = pygame.Rect(round(x0 + c * (kw + gap)), round(y0 + r * (kh + gap)),
                                   round(kw), round(kh))
                out.append(Button(value, label, rect))
        x, y = x0, y0 + len(self.rows) * (kh + gap)
        for value, label, span in self.specials:
            w = span * kw + (span - 1) * gap
            out.append(Button(value, label, pygame.Rect(round(x), round(y), round(w), round(kh)),
                              selected=value == "shift" and self.shift))
            x += w + gap
        return out

    def handle(self, action: Action) -> Press | None:
        """A pad action or a click meant for the keyboard, as a Press (or None when it
        only moved the focus). Keyboard keys are the field's own, never the keyboard's."""
        if action.kind == Act.POINTER_UP and action.pos is not None and action.button == 1:
            hit = next((k for k in self.keys() if k.rect.collidepoint(action.pos)), None)
            return self._press(hit.key) if hit is not None else None
        if action.device != "pad":
            return None
        if action.kind in PAD_MOVES:
            self._move(action.kind)
        elif action.kind == Act.SELECT and self.focus is not None:
            return self._press(self.focus)
        elif action.kind == Act.SECONDARY:
            return Press("delete")
        elif action.kind == Act.HINT:
            return Press("done")
        return None

    def claims(self, action: Action) -> bool:
        """Whether the keyboard takes ``action`` (the owner's buttons get the rest)."""
        if action.kind == Act.POINTER_UP and action.pos is not None:
            return any(k.rect.collidepoint(action.pos) for k in self.keys())
        if action.device != "pad":
            return False
        if self.focus is None:  # on the owner's buttons: only Up comes back to the keys
            return action.kind in (Act.UP, Act.SECONDARY, Act.HINT)
        return action.kind in (*PAD_MOVES, Act.SELECT, Act.SECONDARY, Act.HINT)

    def _press(self, value: str) -> Press | None:
        if value == "shift":
            self.shift = not self.shift
            return None
        if value == DELETE:
            return Press("delete")
        if value == "done":
            return Press("done")
        return Press("type", value.upper() if self.shift else value)

    def _move(self, direction: Act) -> None:
        keys = {k.key: k.rect.center for k in self.keys()}
        if self.focus is None:
            self.focus = "done" if direction == Act.UP else None
            return
        here = keys[self.focus]
        if direction in (Act.LEFT, Act.RIGHT):  # sideways stays on the focused key's row
            keys = {k: c for k, c in keys.items() if c[1] == here[1]}
        found = nearest_in_direction(here, keys, direction)
        if found is None and direction == Act.DOWN:
            self.focus = None  # off the bottom row: on to the owner's buttons
        elif found is not None:
            self.focus = str(found)

    def draw_items(self, vp: Viewport, z: float) -> list[DrawItem]:
        return [DrawItem(("osk", k.key), button_image(vp, k, False, k.key == self.focus),
                         vp.to_px(k.rect.x, k.rect.y), z) for k in self.keys()]
