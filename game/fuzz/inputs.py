"""Seeded random input, one step at a time: keys with modifiers (held to auto-repeat
now and then), text input, mouse buttons, motion and wheel (also off-window), window
events, moves and resizes (1x1 to 8K), full-screen toggles, files and text dropped on
the window, and game controllers. Each step posts a few pygame events (or changes a
virtual pad) and returns a short description for the reproduction log.

Nothing here reads a clock: the same seed and the same app give the same steps.
"""

from __future__ import annotations

import os
import random
import string
from collections.abc import Callable
from typing import Any

import pygame

from game.fuzz.pads import Pads

Point = tuple[int, int]

_NAMED_KEYS = (
    "UP", "DOWN", "LEFT", "RIGHT", "RETURN", "KP_ENTER", "SPACE", "ESCAPE", "BACKSPACE",
    "TAB", "DELETE", "INSERT", "F1", "F2", "F5", "F10", "F11", "F12", "PAGEUP", "PAGEDOWN",
    "HOME", "END", "SLASH", "PLUS", "MINUS", "EQUALS", "KP_PLUS", "KP_MINUS", "LSHIFT",
    "LCTRL", "RALT", "MENU", "PRINTSCREEN", "CAPSLOCK", "NUMLOCKCLEAR",
)
KEYS: tuple[int, ...] = (
    tuple(getattr(pygame, f"K_{name}") for name in _NAMED_KEYS)
    + tuple(getattr(pygame, f"K_{c}") for c in string.ascii_lowercase + string.digits)
    + tuple(getattr(pygame, f"K_KP{d}") for d in range(10))
)
# Keypad scancodes come with arrow keys when NumLock is off: the mapper must cope.
KEYPAD_SCANCODES = tuple(getattr(pygame, f"KSCAN_KP_{d}") for d in range(10))
MODS: tuple[tuple[str, int], ...] = (
    ("", 0), ("", 0), ("", 0), ("shift", pygame.KMOD_LSHIFT), ("ctrl", pygame.KMOD_LCTRL),
    ("ctrl+shift", pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT), ("alt", pygame.KMOD_LALT),
    ("altgr", pygame.KMOD_RALT | pygame.KMOD_MODE), ("gui", pygame.KMOD_LGUI),
    ("num", pygame.KMOD_NUM), ("caps", pygame.KMOD_CAPS),
)
WINDOW_EVENTS = ("WINDOWFOCUSLOST", "WINDOWFOCUSGAINED", "WINDOWLEAVE", "WINDOWENTER",
                 "WINDOWMINIMIZED", "WINDOWRESTORED", "WINDOWEXPOSED", "WINDOWSHOWN",
                 "WINDOWHIDDEN", "WINDOWMAXIMIZED", "WINDOWTAKEFOCUS")
HUGE = (7680, 4320)  # 8K: costly to draw, so rare
HUGE_CHANCE = 0.004  # of resizes
UHD = (3840, 2160)  # 4K: a TV's
UHD_CHANCE = 0.008
REPEAT_CHANCE = 0.05  # a key held until it repeats
ODD_PATHS = ("", "/", "/nonexistent/replay.json", "relative.json",
             "/tmp/" + "long-" * 60 + ".json", "caf\u00e9 \u2660.json")


def post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def _unicode(key: int, mod: int) -> str:
    """What SDL would put in ``unicode`` for this key and modifier."""
    name = pygame.key.name(key)
    if name.startswith("[") and name.endswith("]"):  # keypad keys: "[1]", "[+]"
        return name[1:-1]
    if key == pygame.K_SPACE:
        return " "
    if key == pygame.K_RETURN:
        return "\r"
    if len(name) != 1:
        return ""
    if mod & pygame.KMOD_CTRL and name.isalpha():
        return chr(ord(name) & 0x1F)  # Ctrl+letter: a control character, as SDL sends
    if mod & pygame.KMOD_SHIFT:
        return {"/": "?", "=": "+", "-": "_"}.get(name, name.upper())
    return name


class InputMaker:
    """Makes one random input step. ``points`` gives the window positions worth hitting
    now (buttons, cards, dialog choices) so clicks and drags land on things."""

    def __init__(self, rng: random.Random, pads: Pads,
                 window: Callable[[], Point], points: Callable[[], list[Point]],
                 files: Callable[[], list[str]]) -> None:
        self.rng = rng
        self.pads = pads
        self.window = window
        self.points = points
        self.files = files  # paths worth dropping on the window
        self.held: tuple[int, ...] = (0, 0, 0)  # mouse buttons 1-3 held
        self.pointer: Point = (0, 0)
        self.steps: list[tuple[float, Callable[[], str]]] = [
            (30, self.key), (14, self.click), (7, self.press_mouse), (7, self.release_mouse),
            (20, self.motion), (5, self.wheel), (9, self.pad), (3, self.window_event),
            (2, self.resize), (1, self.fullscreen), (1, self.text), (0.5, self.drop),
            (0.05, self.quit),
        ]
        self._weights = [w for w, _ in self.steps]
        self.sent: dict[str, int] = {}  # steps made, by kind ("key", "click", ...)

    def step(self) -> str:
        _, make = self.rng.choices(self.steps, self._weights)[0]
        self.sent[make.__name__] = self.sent.get(make.__name__, 0) + 1
        return make()

    # -- positions ------------------------------------------------------------------------

    def target(self) -> Point:
        """Mostly something on screen worth hitting; sometimes anywhere, or off-window."""
        w, h = self.window()
        roll = self.rng.random()
        points = self.points()
        if roll < 0.6 and points:
            x, y = self.rng.choice(points)
            return x + self.rng.randint(-4, 4), y + self.rng.randint(-4, 4)
        if roll < 0.9:
            return self.rng.randrange(max(1, w)), self.rng.randrange(max(1, h))
        return self.rng.randint(-300, w + 300), self.rng.randint(-300, h + 300)

    # -- keyboard -------------------------------------------------------------------------

    def key(self) -> str:
        key = self.rng.choice(KEYS)
        mod_name, mod = self.rng.choice(MODS)
        scancode = self.rng.choice(KEYPAD_SCANCODES) if self.rng.random() < 0.03 else 0
        text = _unicode(key, mod)
        downs = self.rng.randint(2, 12) if self.rng.random() < REPEAT_CHANCE else 1
        for _ in range(downs):  # held: SDL repeats the press, and releases it once
            post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=scancode)
        if self.rng.random() < 0.8:
            post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=scancode)
        return f"key {pygame.key.name(key)!r}{' +' + mod_name if mod_name else ''}" + (
            f" scancode {scancode}" if scancode else "") + (f" x{downs}" if downs > 1 else "")

    def fullscreen(self) -> str:
        if self.rng.random() < 0.5:
            post(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
            return "key F11 (full screen)"
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_LALT, unicode="\r",
             scancode=0)
        return "key Alt+Enter (full screen)"

    def text(self) -> str:
        text = "".join(self.rng.choice("aZ9 ?é€\u2660") for _ in range(self.rng.randint(1, 4)))
        post(pygame.TEXTINPUT, text=text)
        return f"text input {text!r}"

    # -- mouse ----------------------------------------------------------------------------

    def _button(self) -> int:
        return self.rng.choices((1, 2, 3, 4, 5, 6, 7), (60, 4, 20, 4, 4, 1, 1))[0]

    def click(self) -> str:
        pos, button = self.target(), self._button()
        touch = self.rng.random() < 0.05  # a touch screen's emulated mouse
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=self.held, touch=touch)
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=touch)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=touch)
        self.pointer = pos
        return f"click {button} at {pos}"

    def press_mouse(self) -> str:
        pos, button = self.target(), self._button()
        return self._button_event(pos, button, down=True)

    def release_mouse(self) -> str:
        pos = self.target()
        down = [i + 1 for i, v in enumerate(self.held) if v]
        button = self.rng.choice(down) if down and self.rng.random() < 0.9 else self._button()
        return self._button_event(pos, button, down=False)

    def _button_event(self, pos: tuple[int, int], button: int, down: bool) -> str:
        """Post one press or release and keep track of the buttons held."""
        post(pygame.MOUSEBUTTONDOWN if down else pygame.MOUSEBUTTONUP, pos=pos, button=button,
             touch=False)
        if button <= 3:
            self.held = tuple(int(down) if i == button - 1 else v
                              for i, v in enumerate(self.held))
        self.pointer = pos
        return f"mouse {button} {'down' if down else 'up'} at {pos}"

    def motion(self) -> str:
        pos = self.target()
        rel = (pos[0] - self.pointer[0], pos[1] - self.pointer[1])
        post(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=self.held, touch=False)
        self.pointer = pos
        return f"motion to {pos} buttons {self.held}"

    def wheel(self) -> str:
        x, y = self.rng.randint(-2, 2), self.rng.choice((-10, -3, -1, 0, 1, 1, 3, 10))
        flipped = self.rng.random() < 0.1
        post(pygame.MOUSEWHEEL, x=x, y=y, flipped=flipped, precise_x=float(x),
             precise_y=float(y), touch=False)
        return f"wheel ({x}, {y}){' flipped' if flipped else ''}"

    # -- window ---------------------------------------------------------------------------

    def window_event(self) -> str:
        name = self.rng.choice(WINDOW_EVENTS + ("WINDOWMOVED",))
        if name == "WINDOWMOVED":  # another screen may lie left of or above this one
            x, y = self.rng.randint(-4000, 8000), self.rng.randint(-3000, 5000)
            post(pygame.WINDOWMOVED, x=x, y=y)
            return f"window moved to ({x}, {y})"
        post(getattr(pygame, name))
        if name == "WINDOWFOCUSLOST" and self.rng.random() < 0.5:
            post(pygame.ACTIVEEVENT, gain=0, state=1)
        return name.lower()

    def resize(self) -> str:
        roll = self.rng.random()
        if roll < HUGE_CHANCE:
            w, h = HUGE
        elif roll < HUGE_CHANCE + UHD_CHANCE:
            w, h = UHD
        elif roll < 0.06:
            w, h = 1280, 720
        elif roll < 0.1:
            w, h = self.rng.randint(641, 1920), self.rng.randint(401, 1080)
        elif roll < 0.18:  # a sliver: 1-3 px one way, anything the other (a scale of 0)
            thin, long = self.rng.randint(1, 3), self.rng.randint(1, 2000)
            w, h = (thin, long) if self.rng.random() < 0.5 else (long, thin)
        elif roll < 0.3:
            w, h = self.rng.randint(1, 40), self.rng.randint(1, 40)
        else:  # small, so that rendering every frame stays cheap
            w, h = self.rng.randint(1, 640), self.rng.randint(1, 400)
        post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
        post(pygame.WINDOWSIZECHANGED, x=w, y=h)
        return f"resize {w}x{h}"

    def drop(self) -> str:
        """A file (one of the save folder's, or an odd path) or a text dropped on the
        window, as SDL sends it."""
        post(pygame.DROPBEGIN)
        if self.rng.random() < 0.2:
            what = self.rng.choice(("text", "12", "\u2660" * 300))
            post(pygame.DROPTEXT, text=what)
        else:
            what = self.rng.choice(self.files() + list(ODD_PATHS))
            post(pygame.DROPFILE, file=what)
        post(pygame.DROPCOMPLETE)
        return f"dropped {(os.path.basename(what) or what)[-60:]!r}"

    def quit(self) -> str:
        post(pygame.QUIT)
        return "quit (window closed)"

    # -- pads -----------------------------------------------------------------------------

    def pad(self) -> str:
        # Pulling a pad out mid-drag or mid-press is the interesting case: likelier then.
        busy = any(self.held) or self.pads.busy
        if self.pads.count == 0 or self.rng.random() < (0.15 if busy else 0.04):
            return self.pads.attach() if self.pads.count < 2 else self.pads.detach()
        if self.rng.random() < (0.2 if busy else 0.05):
            return self.pads.detach()
        return self.pads.act()
