"""Widgets drawn on top of the table: text, command buttons, a modal dialog and a
message line. Laid out in logical units; images are cached per state and size so
the dirty-rect renderer only repaints widgets that actually changed."""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pygame

from game.engine.actions import Act, Action
from game.engine.card_art import ImageCache
from game.engine.layout import DESIGN_H, DESIGN_W, Viewport
from game.engine.render import DrawItem

if TYPE_CHECKING:
    from game.engine.osk import OnScreenKeyboard
    from game.engine.widgets import NumberField

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
K = TypeVar("K")
UI_Z = 20000
DIALOG_Z = 30000

INK = (245, 242, 230)
GOLD = (244, 200, 66)
MUTED = (170, 190, 170)
ERROR = (255, 140, 120)
PANEL = (18, 40, 30, 235)
BUTTON = (30, 70, 52)
BUTTON_HOVER = (44, 98, 72)
BUTTON_DISABLED = (34, 50, 44)
BACKDROP = (4, 12, 8, 150)  # the table dimmed behind a modal dialog
FIELD = (250, 248, 238)
FIELD_INK = (20, 30, 24)
SELECTION = (44, 96, 200)  # behind selected text in a field
DIALOG_W = 840
DIALOG_BUTTON_W = 240
DIALOG_BUTTON_H = 70
COLUMN_GAP, COLUMN_MARGIN = 14, 200  # a column of answers: between them, and at the sides
DIALOG_BODY_Y = 90  # the body's first line, below the title
MIN_TEXT_PX = 12  # smaller text is not read comfortably: shrinking stops here


class Fonts:
    """The fonts by pixel size, the most recently used kept: a window uses a dozen or so
    sizes, but every resize brings new ones, and each font holds its glyphs (about a
    quarter of a megabyte once used), so an unbounded cache grew with every size seen."""

    KEPT = 64
    _cache: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()

    @classmethod
    def get(cls, size_px: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, size_px), bold)
        font = cls._cache.get(key)
        if font is not None:
            cls._cache.move_to_end(key)
            return font
        if not pygame.font.get_init():
            pygame.font.init()
        name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
        font = cls._cache[key] = pygame.font.Font(FONT_DIR / name, key[0])
        if len(cls._cache) > cls.KEPT:
            cls._cache.popitem(last=False)
        return font


# Text, buttons and panels drawn at the window's size; at 4K one status line is ~0.2 MB,
# so the cache is bounded by bytes, like the card images.
TEXT_CACHE_BYTES = 32 * 2**20
_text_cache = ImageCache(TEXT_CACHE_BYTES)


def window_image(key: tuple[Hashable, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """An image drawn for the window's size (a frame, an outline), kept with the text
    images under their byte budget: at 8K one such outline is several megabytes, so a
    cache by count would hold hundreds of them after a few resizes."""
    return _text_cache.fetch(key, make)


# A card named in text ("7♥", "10♦") is drawn in its suit's colour: red on the dark
# table and panels, card red on a light field. Black suits keep the text's own colour.
RED_CARD = re.compile("(?:10|[A2-9JQK])?[\u2665\u2666]")
RED_ON_DARK = (255, 96, 96)
RED_ON_LIGHT = (200, 26, 40)


def suit_red_for(color: tuple[int, int, int]) -> tuple[int, int, int]:
    return RED_ON_DARK if sum(color) > 380 else RED_ON_LIGHT


def ring(w: int, h: int, color: tuple[int, int, int], width: int, radius: int
         ) -> pygame.Surface:
    """A rounded frame (cached, by bytes: the same few are drawn every frame, and each
    window size has its own)."""
    def make() -> pygame.Surface:
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(image, color, image.get_rect(), width, border_radius=radius)
        return image

    return window_image(("ring", w, h, color, width, radius), make)


def render_text(font: pygame.font.Font, text: str,
                color: tuple[int, int, int]) -> pygame.Surface:
    """``text`` in ``color``, with any red card in it (rank and suit) in red."""
    runs: list[tuple[str, tuple[int, int, int]]] = []
    at = 0
    for match in RED_CARD.finditer(text):
        runs.extend([(text[at:match.start()], color), (match.group(), suit_red_for(color))])
        at = match.end()
    runs.append((text[at:], color))
    runs = [(t, c) for t, c in runs if t]
    if len(runs) <= 1:
        return font.render(text, True, color)
    pieces = [font.render(t, True, c) for t, c in runs]
    image = pygame.Surface((font.size(text)[0], font.get_height()), pygame.SRCALPHA)
    x = 0
    for piece, (t, _) in zip(pieces, runs, strict=True):
        image.blit(piece, (x, 0))
        x += font.size(t)[0]
    return image


def text_image(vp: Viewport, text: str, size: float, color: tuple[int, int, int] = INK,
               bold: bool = False) -> pygame.Surface:
    """Text at ``size`` logical units tall (scaled up in TV mode), cached."""
    px = round(size * vp.scale * vp.text_scale)
    key = (text, px, color, bold)
    image = _text_cache.get(key)
    if image is None:
        image = _text_cache.put(key, render_text(Fonts.get(px, bold), text, color))
    return image


def wrap_text(vp: Viewport, text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` logical units."""
    font = Fonts.get(round(size * vp.scale * vp.text_scale), bold)
    limit = width * vp.scale
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > limit:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def readable(vp: Viewport, size: float) -> bool:
    """Whether text ``size`` logical units tall is drawn at least MIN_TEXT_PX high."""
    return size * vp.scale * vp.text_scale >= MIN_TEXT_PX - 0.5


def at_least_readable(vp: Viewport, size: float) -> float:
    """``size``, or the smallest readable size when the window draws it smaller."""
    return max(size, MIN_TEXT_PX / (vp.scale * vp.text_scale))


def fitting_size(vp: Viewport, text: str, size: float, smallest: float, width: float,
                 bold: bool = False) -> float | None:
    """The largest whole size from ``size`` down to ``smallest`` at which ``text`` stays
    on one line ``width`` logical units wide and readable; None when none does."""
    step = size
    while step >= smallest and readable(vp, step):
        if text_image(vp, text, step, bold=bold).get_width() / vp.scale <= width:
            return step
        step -= 1
    return None


def centre_of(rect: pygame.Rect | tuple[float, float, float, float]) -> tuple[float, float]:
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def nearest_in_direction(origin: tuple[float, float], candidates: Mapping[K, tuple[float, float]],
                         direction: Act) -> K | None:
    """The candidate best reached by moving from ``origin`` in ``direction``: near,
    and close to the direction's axis (keyboard / gamepad focus movement)."""
    dx, dy = {Act.LEFT: (-1, 0), Act.RIGHT: (1, 0), Act.UP: (0, -1), Act.DOWN: (0, 1)}[direction]
    best, best_cost = None, math.inf
    for key, (x, y) in candidates.items():
        vx, vy = x - origin[0], y - origin[1]
        along = vx * dx + vy * dy
        if along <= 1:
            continue
        across = abs(vx * dy - vy * dx)
        cost = along + 2.5 * across
        if cost < best_cost:
            best, best_cost = key, cost
    return best


@dataclass
class Button:
    key: str
    label: str
    rect: pygame.Rect  # logical units
    hotkey: str = ""  # underlined letter / key that presses it
    enabled: bool = True
    visible: bool = True
    selected: bool = False  # an option that is currently chosen (settings)


def label_size(height: float) -> float:
    """The text size of the label on a button ``height`` tall (logical units)."""
    return min(height * 0.42, 30)


def corner(height: float) -> float:
    """The corner radius of a button ``height`` tall (tall tiles keep a button's)."""
    return min(height, 84) / 4


def unsqueezed_width(vp: Viewport, label: str, height: float) -> float:
    """How wide (logical units) a button ``height`` tall must be for ``label`` to be
    drawn at its full size in ``vp`` (TV mode's bigger text needs more)."""
    text = text_image(vp, label, label_size(height), bold=True).get_width() / vp.scale
    return text + 2 * max(4.0, corner(height)) + 4


def label_fit(vp: Viewport, button: Button) -> float:
    """How far the button's label must shrink to fit between its rounded ends (1: not)."""
    return _label_fit(vp, button.label, button.rect.w, button.rect.h)


@lru_cache(maxsize=2048)  # asked twice a button a frame: measuring is most of a button's cost
def _label_fit(vp: Viewport, label: str, w: int, h: int) -> float:
    room = vp.px(w) - max(vp.px(8), 2 * max(3, vp.px(corner(h))))
    width = text_image(vp, label, label_size(h), INK, bold=True).get_width()
    return room / width if 0 < room < width else 1.0


def shared_fits(vp: Viewport, buttons: list[Button]) -> dict[tuple[int, int], float]:
    """For each size of button: the most any label of that size must shrink, so a row of
    like buttons writes all its labels at one size (not each squeezed its own way)."""
    fits: dict[tuple[int, int], float] = {}
    for button in buttons:
        size = (button.rect.w, button.rect.h)
        fits[size] = min(fits.get(size, 1.0), label_fit(vp, button))
    return fits


def button_image(vp: Viewport, button: Button, hover: bool, focus: bool,
                 fit: float = 1.0) -> pygame.Surface:
    """``fit``: the label is written no larger than this share of its size (shared_fits)."""
    fit = min(fit, label_fit(vp, button))
    key = ("button", button.label, button.rect.size, button.enabled, hover, focus, button.selected,
           button.hotkey, vp.scale, vp.text_scale, fit)
    image = _text_cache.get(key)
    if image is not None:
        return image
    w, h = vp.px(button.rect.w), vp.px(button.rect.h)
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, vp.px(corner(button.rect.h)))
    fill = BUTTON_DISABLED if not button.enabled else BUTTON_HOVER if hover else BUTTON
    if button.selected:
        fill = (150, 118, 30)
    pygame.draw.rect(image, fill, image.get_rect(), border_radius=radius)
    border = GOLD if button.selected else (90, 140, 110)
    pygame.draw.rect(image, border, image.get_rect(), max(1, vp.px(2)), border_radius=radius)
    if focus:
        pygame.draw.rect(image, (255, 255, 255), image.get_rect(), max(2, vp.px(5)),
                         border_radius=radius)
    color = INK if button.enabled else (120, 130, 120)
    label = text_image(vp, button.label, label_size(button.rect.h), color, bold=True)
    if fit < 1.0:  # clear of the rounded ends
        label = pygame.transform.smoothscale_by(label, fit)
    lx, ly = (w - label.get_width()) // 2, (h - label.get_height()) // 2
    image.blit(label, (lx, ly))
    if button.hotkey and button.enabled:
        index = button.label.lower().find(button.hotkey.lower())
        if index >= 0:
            font = Fonts.get(round(label_size(button.rect.h) * vp.scale * vp.text_scale), True)
            start = font.size(button.label[:index])[0] * label.get_width() / max(
                1, font.size(button.label)[0])
            end = font.size(button.label[:index + 1])[0] * label.get_width() / max(
                1, font.size(button.label)[0])
            y = ly + label.get_height() - max(1, vp.px(3))
            pygame.draw.line(image, GOLD, (lx + start, y), (lx + end, y), max(1, vp.px(2)))
    _text_cache[key] = image
    return image


def field_image(vp: Viewport, text: str, rect: pygame.Rect, caret: bool = True,
                centred: bool = False, selected: bool = False) -> pygame.Surface:
    """A light input box holding ``text`` (and a caret while it is being edited), cached.
    ``selected`` text is drawn light on a highlight: the next key replaces it."""
    key = ("field", text, rect.size, caret, centred, selected, vp.scale, vp.text_scale)
    box = _text_cache.get(key)
    if box is None:
        box = pygame.Surface(vp.rect_px(*rect)[2:], pygame.SRCALPHA)
        pygame.draw.rect(box, FIELD, box.get_rect(), border_radius=vp.px(8))
        pygame.draw.rect(box, GOLD, box.get_rect(), vp.px(3), border_radius=vp.px(8))
        size = min(30, rect.h * 0.5)
        shown = text if selected else text + ("|" if caret else "")
        label = text_image(vp, shown, size, INK if selected else FIELD_INK, bold=True)
        x = (box.get_width() - label.get_width()) // 2 if centred else vp.px(14)
        y = (box.get_height() - label.get_height()) // 2
        if selected and text:
            box.fill(SELECTION, label.get_rect(topleft=(x, y)).inflate(vp.px(6), 0))
        box.blit(label, (x, y))
        _text_cache[key] = box
    return box


@lru_cache(maxsize=1)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """A translucent dark layer over the whole window (33 MB at 4K: kept apart from the
    text images, for the current window size only)."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    image.fill(BACKDROP)
    return image


@dataclass
class Message:
    text: str
    error: bool = False
    seconds_left: float = 4.0


@dataclass
class Dialog:
    """A modal question. ``choices`` are (key, label, hotkey); ``on_choice`` gets the key."""

    title: str
    body: str
    choices: Sequence[tuple[str, str, str]]
    on_choice: Callable[[str], object]  # what it returns is not used
    focus: int = 0
    cancel_key: str | None = None  # what Esc / pad B answers
    text: str | None = None  # a text field (a player's name); None: no field
    max_length: int = 16
    height: int = 340  # taller for lists (scores, the top ten)
    number: NumberField | None = None  # a number field (a bet) instead of a text field
    top: int | None = None  # the panel's top edge; None: centred (a scene keeps cards clear)
    left: int | None = None  # the panel's left edge; None: centred
    panel_w: int | None = None  # a set width: a narrow box beside what must stay in sight
    dim: bool = True  # the table darkened behind it (not behind a box beside the table)
    on_frame: Callable[[], None] | None = None  # each frame while it is up (a live list)
    column: bool = False  # the answers one under another, each wide: a list of phrases
    error: str = ""  # what is wrong with the last answer (a mistyped address), under the body
    # Its name in the catalogue of dialogs (game/fuzz/catalogue.py) where the title is
    # not written out where the dialog is made; otherwise the title is its name.
    kind: str = ""
    # The text as it opened is selected, so typing replaces a default ("Player") rather
    # than adding to it; Ctrl+A selects it again.
    selected: bool = field(init=False, default=False)
    keyboard: OnScreenKeyboard | None = field(init=False, default=None)  # pad typing
    digits: bool = False  # the field takes a number: the pad's keyboard is a keypad
    confirm_key: str = field(init=False, default="")  # what Done (pad Y) answers
    button_w: int = field(init=False, default=DIALOG_BUTTON_W)  # wider for long labels
    label_w: list[int] = field(init=False, default_factory=list)  # each answer's full width

    def __post_init__(self) -> None:
        self.selected = bool(self.text)
        self.confirm_key = self.choices[self.focus][0] if self.choices else ""
        self._place_number()

    def _place_number(self) -> None:
        if self.number is not None:
            self.number.rect = self.number.rect.copy()
            self.number.rect.center = self.field_rect().center

    def fit(self, vp: Viewport) -> None:
        """Grow to hold the wrapped body (TV mode's larger text takes more lines) and
        every answer's label at its full size ("Host a table" was squeezed in TV mode)."""
        self.label_w = [max(DIALOG_BUTTON_W, math.ceil(unsqueezed_width(
            vp, label, DIALOG_BUTTON_H))) for _, label, _ in self.choices]
        self.button_w = max([DIALOG_BUTTON_W, *self.label_w])
        lines = wrap_text(vp, self.body, 28, self.width - 80)
        if self.error:
            lines += ["", *wrap_text(vp, self.error, 28, self.width - 80, bold=True)]
        line_h = text_image(vp, "Ag", 28).get_height() + vp.px(6)
        field = 90 if self.text is not None or self.number is not None else 0
        needed = math.ceil(DIALOG_BODY_Y + len(lines) * line_h / vp.scale + 20 + field
                           + self._buttons_room() + self._keyboard_room())
        if needed > self.height:
            self.height = min(DESIGN_H - 40, needed)
            self._place_number()
        if self.keyboard is not None:
            width = self.keyboard.size[0]
            self.keyboard.origin = (self.rect().centerx - width / 2, self.field_rect().bottom + 18)

    def _buttons_room(self) -> int:
        """The answers' height with the margin under them."""
        rows = len(self.choices) if self.column else 1
        return rows * DIALOG_BUTTON_H + (rows - 1) * COLUMN_GAP + 30

    def _keyboard_room(self) -> int:
        """How much higher the field sits to leave the on-screen keyboard room."""
        return 0 if self.keyboard is None else self.keyboard.size[1] + 6

    def rect(self) -> pygame.Rect:
        # a box placed high that grew (TV text) moves up rather than off the screen
        top = (DESIGN_H - self.height) // 2 if self.top is None else \
            max(20, min(self.top, DESIGN_H - 20 - self.height))
        left = (DESIGN_W - self.width) // 2 if self.left is None else self.left
        return pygame.Rect(left, top, self.width, self.height)

    @property
    def width(self) -> int:
        """Wide enough for every answer at a full button's width (four answers widen it)."""
        if self.panel_w is not None:
            return self.panel_w
        n = 1 if self.column else len(self.choices)
        return min(DESIGN_W - 80, max(DIALOG_W, n * self.button_w + (n - 1) * 30 + 60))

    def field_rect(self) -> pygame.Rect:
        """Where a text or number field sits: above the buttons."""
        r = self.rect()
        return pygame.Rect(r.x + 170, r.bottom - 190 - self._keyboard_room(), r.w - 340, 60)

    def buttons(self) -> list[Button]:
        r = self.rect()
        n = len(self.choices)
        if self.column:
            w = r.w - 2 * min(COLUMN_MARGIN, (r.w - DIALOG_BUTTON_W) // 2)
            w = max(w, min(self.button_w, r.w - 60))  # a narrow box: each label whole
            y0 = r.bottom - self._buttons_room()
            return [Button(key, label, pygame.Rect(r.x + (r.w - w) // 2,
                                                   y0 + i * (DIALOG_BUTTON_H + COLUMN_GAP),
                                                   w, DIALOG_BUTTON_H), hotkey)
                    for i, (key, label, hotkey) in enumerate(self.choices)]
        widths = [min(self.button_w, (r.w - 60) // n - 20)] * n
        if widths[0] < self.button_w and len(self.label_w) == n \
                and sum(self.label_w) + (n - 1) * 30 <= r.w - 60:
            # Equal buttons would squeeze the longest label ("Rejoin Alice's table" was
            # smaller than the rest in TV mode): each as wide as its own label instead.
            widths = self.label_w
        x = r.centerx - (sum(widths) + (n - 1) * 30) // 2
        out = []
        for (key, label, hotkey), width in zip(self.choices, widths, strict=True):
            out.append(Button(key, label, pygame.Rect(x, r.bottom - 100, width,
                                                      DIALOG_BUTTON_H), hotkey))
            x += width + 30
        return out


def confirm(hud: Hud, title: str, body: str, on_yes: Callable[[], object], yes: str = "Yes",
            no: str = "No", default_no: bool = False, kind: str = "") -> Dialog:
    """Ask a yes/no question; ``on_yes`` runs only on yes. Esc and pad B answer no;
    Enter and pad A answer the focused button: yes, or no when ``default_no`` (a question
    whose yes cannot be taken back). ``kind``: as a Dialog's."""
    yes_key, no_key = yes[:1].lower(), no[:1].lower()
    dialog = Dialog(title, body, [("yes", yes, yes_key),
                                  ("no", no, no_key if no_key != yes_key else "")],
                    lambda choice: on_yes() if choice == "yes" else None, cancel_key="no",
                    focus=1 if default_no else 0, kind=kind)
    hud.ask(dialog)
    return dialog


def no_pads() -> bool:
    return False


@dataclass
class Hud:
    """Buttons, a message line and at most one dialog for a scene."""

    buttons: list[Button] = field(default_factory=list)
    message: Message | None = None
    dialog: Dialog | None = None
    hover: str | None = None
    focus: str | None = None  # focused button key (keyboard / pad)
    pressed: str | None = None
    message_rect: pygame.Rect = field(
        default_factory=lambda: pygame.Rect(40, DESIGN_H - 64, DESIGN_W - 80, 48))
    pads: Callable[[], bool] = no_pads  # whether a pad is connected (its text fields get keys)

    def say(self, text: str, error: bool = False, seconds: float = 4.0) -> None:
        self.message = Message(text, error, seconds)

    def drop_error(self) -> None:
        """A complaint that no longer holds goes (what it refused has since been done)."""
        if self.message is not None and self.message.error:
            self.message = None

    def ask(self, dialog: Dialog) -> None:
        old = self.dialog
        if old is not None and (old.title, old.text) == (dialog.title, dialog.text) \
                and dialog.text is not None:  # asked again to refresh it: typing goes on
            dialog.selected, dialog.keyboard = old.selected, old.keyboard
        elif dialog.text is not None and self.pads():
            self.show_keyboard(dialog)
        self.dialog = dialog

    @staticmethod
    def show_keyboard(dialog: Dialog) -> None:
        # Imported here: the keyboard draws its keys with this module's buttons.
        from game.engine.osk import OnScreenKeyboard

        if dialog.keyboard is None:
            dialog.keyboard = OnScreenKeyboard.keypad() if dialog.digits else OnScreenKeyboard()

    def update(self, dt: float) -> None:
        if self.dialog is not None and self.dialog.on_frame is not None:
            self.dialog.on_frame()
        if self.message is not None:
            self.message.seconds_left -= dt
            if self.message.seconds_left <= 0:
                self.message = None

    def button(self, key: str) -> Button:
        return next(b for b in self.buttons if b.key == key)

    def button_at(self, pos: tuple[float, float]) -> Button | None:
        for b in self.buttons:
            if b.visible and b.rect.collidepoint(pos):
                return b
        return None

    def handle_dialog(self, action: Action) -> bool:
        """Route an action to the open dialog; True when it was used."""
        dialog = self.dialog
        if dialog is None:
            return False
        buttons = dialog.buttons()
        chosen: str | None = None
        if dialog.number is not None and dialog.number.handle(action):
            return True
        if dialog.text is not None and (self._use_keyboard(dialog, action)
                                        or self._edit_text(dialog, action)):
            return True
        if action.kind in (Act.LEFT, Act.UP):
            dialog.focus = (dialog.focus - 1) % len(buttons)
        elif action.kind in (Act.RIGHT, Act.DOWN):
            dialog.focus = (dialog.focus + 1) % len(buttons)
        elif action.kind == Act.SELECT:
            chosen = buttons[dialog.focus].key
        elif action.kind == Act.CANCEL and dialog.cancel_key is not None:
            chosen = dialog.cancel_key
        elif action.kind == Act.KEY:
            chosen = next((b.key for b in buttons if b.hotkey and b.hotkey == action.key), None)
        elif action.kind == Act.POINTER_MOVE and action.pos is not None:
            for i, b in enumerate(buttons):
                if b.rect.collidepoint(action.pos):
                    dialog.focus = i
        elif action.kind == Act.POINTER_UP and action.pos is not None and action.button == 1:
            chosen = next((b.key for b in buttons if b.rect.collidepoint(action.pos)), None)
        if chosen is not None:
            self._choose(dialog, chosen)
        return True

    def _choose(self, dialog: Dialog, choice: str) -> None:
        self.dialog = None
        dialog.on_choice(choice)

    def _use_keyboard(self, dialog: Dialog, action: Action) -> bool:
        """Pad actions (and clicks on keys) for the on-screen keyboard. A pad's first
        press in a field without one shows it: A must not answer OK to an empty field."""
        if dialog.keyboard is None:
            if action.device != "pad" or action.kind == Act.CANCEL:
                return False
            self.show_keyboard(dialog)
            return True
        if not dialog.keyboard.claims(action):
            return False
        press = dialog.keyboard.handle(action)
        if press is None:
            return True
        if press.kind == "type":
            self._type(dialog, press.text)
        elif press.kind == "delete":
            self._delete(dialog)
        elif press.kind == "done":
            self._choose(dialog, dialog.confirm_key)
        return True

    def _edit_text(self, dialog: Dialog, action: Action) -> bool:
        """Typing into the dialog's field: characters, Space, Backspace (undo), Ctrl+A;
        a click in the field drops the selection."""
        typed = (action.text or action.key) if action.kind == Act.KEY else (
            " " if action.kind == Act.SELECT and action.key == " " else "")
        if typed and typed.isprintable():
            self._type(dialog, typed)
        elif action.kind == Act.UNDO:
            self._delete(dialog)
        elif action.kind == Act.SELECT_ALL:
            dialog.selected = bool(dialog.text)
        elif action.kind == Act.POINTER_UP and action.pos is not None \
                and dialog.field_rect().collidepoint(action.pos):
            dialog.selected = False
        else:
            return False
        return True

    @staticmethod
    def _type(dialog: Dialog, typed: str) -> None:
        assert dialog.text is not None  # only a dialog with a text field is typed into
        if dialog.selected:
            dialog.text, dialog.selected = "", False
        if len(dialog.text) < dialog.max_length:
            dialog.text += typed

    @staticmethod
    def _delete(dialog: Dialog) -> None:
        assert dialog.text is not None  # only a dialog with a text field is typed into
        dialog.text = "" if dialog.selected else dialog.text[:-1]
        dialog.selected = False

    def draw_items(self, vp: Viewport, show_focus: bool) -> list[DrawItem]:
        items: list[DrawItem] = []
        shown = [b for b in self.buttons if b.visible]
        fits = shared_fits(vp, shown)
        for b in shown:
            image = button_image(vp, b, b.key in (self.hover, self.pressed),
                                  show_focus and b.key == self.focus and self.dialog is None,
                                  fits[b.rect.w, b.rect.h])
            items.append(DrawItem(("button", b.key), image, vp.to_px(b.rect.x, b.rect.y), UI_Z))
        if self.message is not None:
            items.extend(self._message_items(vp, self.message))
        if self.dialog is not None:
            items.extend(self._dialog_items(vp, self.dialog))
        return items

    def _message_items(self, vp: Viewport, message: Message) -> list[DrawItem]:
        """The message line, wrapped onto a second line above it when long."""
        color = ERROR if message.error else INK
        lines = wrap_text(vp, message.text, 30, self.message_rect.w, bold=message.error)[:2]
        x, y = vp.to_px(*centre_of(self.message_rect))
        items = []
        for n, line in enumerate(reversed(lines)):
            image = text_image(vp, line, 30, color, bold=message.error)
            top = y - image.get_height() // 2 - n * image.get_height()
            items.append(DrawItem(("message", n), image, (x - image.get_width() // 2, top),
                                  UI_Z))
        return items

    def _dialog_items(self, vp: Viewport, dialog: Dialog) -> list[DrawItem]:
        dialog.fit(vp)
        r = dialog.rect()
        key = ("dialog", dialog.title, dialog.body, dialog.error, r.size, vp.scale,
               vp.text_scale)
        panel = _text_cache.get(key)
        if panel is None:
            panel = pygame.Surface(vp.rect_px(*r)[2:], pygame.SRCALPHA)
            radius = vp.px(18)
            # solid where the table is not dimmed: nothing under it shows through
            pygame.draw.rect(panel, PANEL if dialog.dim else PANEL[:3], panel.get_rect(),
                             border_radius=radius)
            pygame.draw.rect(panel, GOLD, panel.get_rect(), vp.px(3), border_radius=radius)
            title = text_image(vp, dialog.title, 40, GOLD, bold=True)
            room = panel.get_width() - vp.px(40)
            if title.get_width() > room:  # a long title in a narrow box: smaller, whole
                title = text_image(vp, dialog.title, 40 * room / title.get_width(), GOLD,
                                   bold=True)
            panel.blit(title, ((panel.get_width() - title.get_width()) // 2, vp.px(24)))
            y = vp.px(DIALOG_BODY_Y)
            for line in wrap_text(vp, dialog.body, 28, r.w - 80):
                img = text_image(vp, line, 28)
                panel.blit(img, ((panel.get_width() - img.get_width()) // 2, y))
                y += img.get_height() + vp.px(6)
            if dialog.error:
                y += text_image(vp, "Ag", 28).get_height() + vp.px(6)
                for line in wrap_text(vp, dialog.error, 28, r.w - 80, bold=True):
                    img = text_image(vp, line, 28, ERROR, bold=True)
                    panel.blit(img, ((panel.get_width() - img.get_width()) // 2, y))
                    y += img.get_height() + vp.px(6)
            _text_cache[key] = panel
        items = [DrawItem(("dialog", "backdrop"), backdrop(vp.size), (0, 0), DIALOG_Z - 1)
                 ] if dialog.dim else []
        items.append(DrawItem(("dialog", "panel"), panel, vp.to_px(r.x, r.y), DIALOG_Z))
        if dialog.text is not None:
            field = dialog.field_rect()
            image = field_image(vp, dialog.text, field, selected=dialog.selected)
            items.append(DrawItem(("dialog", "field"), image, vp.to_px(field.x, field.y),
                                  DIALOG_Z + 1))
        if dialog.keyboard is not None:
            items.extend(dialog.keyboard.draw_items(vp, DIALOG_Z + 1))
        if dialog.number is not None:
            items.extend(dialog.number.draw_items(vp, ("dialog", "number"), DIALOG_Z + 1))
        on_buttons = dialog.keyboard is None or dialog.keyboard.focus is None
        for i, b in enumerate(dialog.buttons()):
            image = button_image(vp, b, False, on_buttons and i == dialog.focus)
            items.append(DrawItem(("dialog", b.key), image, vp.to_px(b.rect.x, b.rect.y),
                                  DIALOG_Z + 1))
        return items
