"""Table talk: a panel of the last chat lines (each names its sender) with a one-line
entry under them, and the stock phrases a pad player sends from a short list.

The entry takes the keyboard only while it is open (Tab, or the Chat button, opens it;
Return sends, Esc cancels), so the game's own keys work the rest of the time. With a pad
connected the entry has the dialogs' on-screen keyboard (A types a key, X deletes, Y or
Done sends, B cancels), docked where the scene says it may cover (this seat's own hand,
space under the table): the table the others play on and the line being typed stay in
view. Pointer actions go on to the table, but for those on the keyboard's keys."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.engine.actions import Act, Action
from game.engine.layout import DESIGN_H, DESIGN_W, Viewport
from game.engine.osk import HEIGHT as KEYBOARD_H
from game.engine.osk import WIDTH as KEYBOARD_W
from game.engine.osk import OnScreenKeyboard
from game.engine.render import DrawItem
from game.engine.ui import (
    DIALOG_Z,
    GOLD,
    INK,
    MUTED,
    PANEL,
    UI_Z,
    Dialog,
    at_least_readable,
    field_image,
    readable,
    text_image,
    wrap_text,
)

STOCK_PHRASES = ("Good game", "Your turn", "Nice play", "One moment")
MAX_LINE = 200  # the protocol's longest chat line
TEXT = 21  # logical size of a chat line
HINT = 18  # the closed entry's hint
PAD = 14
ENTRY_H = 44
TITLE_Y = 4  # the title's top: its font leaves room above the capitals
GAP = 6  # between the title, the lines and the entry
KEYBOARD_GAP = 16  # between the on-screen keyboard and the window's edge
CLOSED_HINT = "Tab: chat \u00b7 pad: click the right stick"  # a push does nothing


@dataclass
class ChatPanel:
    rect: pygame.Rect  # logical units
    send: Callable[[str], None]
    lines: Sequence[tuple[str, str]] = ()  # (sender, text), oldest first
    entry: str | None = None  # the line being typed; None: the entry is closed
    keyboard: OnScreenKeyboard | None = None  # a pad player's keys, while the entry is open
    # Where the on-screen keyboard may cover (as big as fits, at the foot): by default a
    # strip along the window's foot; scenes say where their table stays clear.
    dock: pygame.Rect = field(default_factory=lambda: pygame.Rect(
        KEYBOARD_GAP, DESIGN_H - KEYBOARD_GAP - KEYBOARD_H, DESIGN_W - 2 * KEYBOARD_GAP,
        KEYBOARD_H))
    _cached: tuple[tuple[object, ...], pygame.Surface] | None = field(
        default=None, init=False, repr=False)

    def open_entry(self, keyboard: bool = False) -> None:
        """Open the entry; ``keyboard``: with the on-screen keyboard (a pad is connected)."""
        if self.entry is None:
            self.entry = ""
        if keyboard:
            self._show_keyboard()

    def handle(self, action: Action) -> bool:
        """Typing into the open entry; True when the action was the entry's."""
        if self.entry is None:
            return False
        if self._use_keyboard(action):
            return True
        if action.pos is not None:
            return False
        kind = action.kind
        if kind == Act.KEY:
            self._type(action.text or action.key)
        elif kind == Act.SELECT and action.key == " ":
            self._type(" ")
        elif kind == Act.SELECT:
            self._send()
        elif kind == Act.UNDO:  # Backspace
            self.entry = self.entry[:-1]
        elif kind == Act.CANCEL:
            self._close()
        return True  # arrows and the rest stay with the entry while it is open

    def _use_keyboard(self, action: Action) -> bool:
        """Pad actions and clicks for the on-screen keyboard; a pad's first press in an
        entry without one shows it. Clicks anywhere on the keys stay off the table."""
        if self.keyboard is None:
            if action.device != "pad" or action.kind == Act.CANCEL:
                return False
            self._show_keyboard()
            return True
        if action.pos is not None and \
                not self._keyboard_area(self.keyboard).collidepoint(action.pos):
            return False
        if action.pos is None and not self.keyboard.claims(action):
            return False
        press = self.keyboard.handle(action)
        if press is not None and press.kind == "type":
            self._type(press.text)
        elif press is not None and press.kind == "delete":
            self.entry = (self.entry or "")[:-1]
        elif press is not None and press.kind == "done":
            self._send()
        return True

    def _type(self, typed: str) -> None:
        if self.entry is not None and typed.isprintable() and len(self.entry) < MAX_LINE:
            self.entry += typed

    def _send(self) -> None:
        line = (self.entry or "").strip()
        self._close()
        if line:
            self.send(line)

    def _close(self) -> None:
        self.entry, self.keyboard = None, None

    def place(self, rect: pygame.Rect, dock: pygame.Rect) -> None:
        """The panel's room, and where its keyboard may cover, in a scene's layout."""
        self.rect, self.dock = rect.copy(), dock.copy()

    def _show_keyboard(self) -> None:
        """The keys in the dock, at its foot and centred, shrunk to fit it."""
        if self.keyboard is None:
            self.keyboard = OnScreenKeyboard()
        dock = self.dock
        self.keyboard.scale = min(1.0, dock.w / KEYBOARD_W, dock.h / KEYBOARD_H)
        w, h = self.keyboard.size
        self.keyboard.origin = (dock.centerx - w / 2, dock.bottom - h)

    def _keyboard_area(self, keyboard: OnScreenKeyboard) -> pygame.Rect:
        (x, y), (w, h) = keyboard.origin, keyboard.size
        return pygame.Rect(round(x), round(y), w, h)

    def draw_items(self, vp: Viewport) -> list[DrawItem]:
        key = (tuple(self.lines[-30:]), self.entry is None, self.rect.size, vp.scale,
               vp.text_scale)
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, self._render(vp))
        # Typing over a dialog: the panel comes up out of the dimmed table with it.
        z = UI_Z if self.entry is None else DIALOG_Z + 10
        items = [DrawItem(("chat", "panel"), self._cached[1], vp.to_px(*self.rect.topleft),
                          z - 1)]
        if self.entry is not None:
            box = self.entry_rect
            items.append(DrawItem(("chat", "entry"), field_image(
                vp, self._fitting(vp, self.entry, box.w - 40), box), vp.to_px(*box.topleft),
                z))
        if self.keyboard is not None:
            items.extend(self.keyboard.draw_items(vp, z))
        return items

    @property
    def entry_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + PAD // 2, self.rect.bottom - ENTRY_H - PAD // 2,
                           self.rect.w - PAD, ENTRY_H)

    @staticmethod
    def _fitting(vp: Viewport, text: str, width: float) -> str:
        """The end of ``text`` that fits ``width`` (the caret end stays in view)."""
        size = min(30, ENTRY_H * 0.5)
        while text and text_image(vp, text + "|", size).get_width() / vp.scale > width:
            text = text[1:]
        return text

    def _render(self, vp: Viewport) -> pygame.Surface:
        w, h = vp.px(self.rect.w), vp.px(self.rect.h)
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = vp.px(14)
        pygame.draw.rect(image, PANEL, image.get_rect(), border_radius=radius)
        pygame.draw.rect(image, GOLD, image.get_rect(), max(1, vp.px(2)), border_radius=radius)
        title = text_image(vp, "Chat", at_least_readable(vp, 24), GOLD, bold=True)
        image.blit(title, (vp.px(PAD), vp.px(TITLE_Y)))
        # The oldest line keeps clear of the title, the newest of the entry.
        top = vp.px(TITLE_Y + GAP) + title.get_height()
        bottom = h - vp.px(ENTRY_H + PAD // 2 + GAP)
        if self.entry is None and readable(vp, HINT):  # a small window has no room for it
            hint = text_image(vp, CLOSED_HINT, HINT, MUTED)
            room = vp.px(self.rect.w - 2 * PAD)
            if hint.get_width() > room:  # TV mode's larger text: shrunk to the panel
                hint = text_image(vp, CLOSED_HINT, HINT * room / hint.get_width(), MUTED)
            image.blit(hint, (vp.px(PAD), h - vp.px(PAD) - hint.get_height()))
        size = at_least_readable(vp, TEXT)
        rows = [part for sender, text in self.lines[-30:]
                for part in wrap_text(vp, f"{sender}: {text}", size, self.rect.w - 2 * PAD)]
        line_h = text_image(vp, "Ag", size).get_height()
        y = bottom
        for text in reversed(rows):  # the newest at the bottom, as many as fit
            y -= line_h
            if y < top:
                break
            image.blit(text_image(vp, text, size, INK), (vp.px(PAD), y))
        return image


def phrase_dialog(send: Callable[[str], None], type_line: Callable[[], None]) -> Dialog:
    """The stock phrases as a short list, each labelled with its key (1-4), and Type for
    the keyboard's entry."""
    choices = [(p, f"{n + 1}  {p}", str(n + 1)) for n, p in enumerate(STOCK_PHRASES)]
    choices += [("type", "Type\u2026", "t"), ("cancel", "Cancel", "")]

    def chosen(choice: str) -> None:
        if choice == "type":
            type_line()
        elif choice != "cancel":
            send(choice)

    return Dialog("Say", "Send a line to the table:", choices, chosen, cancel_key="cancel",
                  column=True)
