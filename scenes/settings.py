"""The settings screen: one row per setting, its choices as buttons. A click (or the
focus frame and Enter) applies and saves the choice at once through ``app.set_setting``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.actions import Act
from game.engine.layout import DESIGN_W, Viewport
from game.engine.render import DrawItem
from game.engine.ui import GOLD, INK, MUTED, UI_Z, Button, text_image, wrap_text
from game.rules.registry import GAME_BY_ID
from game.settings import Settings
from scenes.help import PageScene, panel_image

ON_OFF: tuple[tuple[Any, str], ...] = ((True, "On"), (False, "Off"))


@dataclass(frozen=True, slots=True)
class Row:
    field: str  # a game.settings.Settings field, or a game's option key
    label: str
    choices: tuple[tuple[Any, str], ...]  # (value, button label)
    explain: str
    game: str | None = None  # the game whose own option this is (stored per game)

    @property
    def key(self) -> str:
        return f"{self.game}.{self.field}" if self.game else self.field

    def value(self, settings: Settings) -> Any:
        if self.game is None:
            return getattr(settings, self.field)
        return GAME_BY_ID[self.game].setting(settings.per_game, self.field)

    def changes(self, settings: Settings, value: Any) -> dict[str, Any]:
        """The set_setting arguments that store ``value``."""
        if self.game is None:
            return {self.field: value}
        return {"per_game": GAME_BY_ID[self.game].with_setting(settings.per_game, self.field,
                                                               value)}


ROWS: tuple[Row, ...] = (
    Row("sound", "Sound", (("full", "Full"), ("partial", "Partial"), ("off", "Off")),
        "Full plays every sound and the win tune; Partial keeps only the card sounds and "
        "error beeps; Off is silent."),
    Row("animation", "Animation", (("off", "Off"), ("fast", "Fast"), ("normal", "Normal"),
                                   ("slow", "Slow")),
        "How cards travel: Off puts them straight in place, Slow lets you follow every one."),
    Row("ai_speed", "Computer speed", (("slow", "Slow"), ("medium", "Medium"),
                                       ("fast", "Fast")),
        "How quickly the computer plays: Auto, demonstrations and computer opponents."),
    Row("error_messages", "Error messages", ON_OFF,
        "On: a move that is not allowed beeps and says why. Off: it only beeps."),
    Row("deck_style", "Deck", (("classic", "Classic"), ("four_colour", "Four-colour")),
        "Classic red and black suits, or four colours: blue diamonds and green clubs."),
    Row("card_back", "Card back", (("blue", "Blue"), ("red", "Red"), ("green", "Green")),
        "The colour of the backs of the cards."),
    Row("fullscreen", "Full screen", ON_OFF,
        "Fill the whole screen at its own resolution. F11 or Alt+Enter switches any time."),
    Row("tv_mode", "TV mode", ON_OFF,
        "For the 10-foot view: larger text, and nothing in the edges a TV may crop."),
    Row("input_mode", "Mouse", (("mouse", "Yes"), ("keyboard", "No"), ("ask", "Ask")),
        "Yes: the mouse works alongside keys and pad. No: games ignore the mouse. "
        "Ask: ask before each game."),
)


def game_rows(game_id: str | None) -> tuple[Row, ...]:
    """The options of one game; none for the menu's page, which has the parlour's own
    settings only (each game's are at its table, under Config)."""
    if game_id is None:
        return ()
    game = GAME_BY_ID[game_id]
    return tuple(Row(o.key, o.label, o.choices, o.explain, game.id) for o in game.options)


def fits_a_row(row: Row) -> bool:
    """Four choices fit across the page; an option with more belongs on the game's own
    set-up page."""
    return len(row.choices) <= 4

LABEL_X = 120
LABEL_SIZE = 30
CHOICE_W, CHOICE_GAP, CHOICE_RIGHT = 232, 16, DESIGN_W - 120
CHOICE_X = CHOICE_RIGHT - 4 * CHOICE_W - 3 * CHOICE_GAP
LABEL_W = CHOICE_X - LABEL_X - 30
TOP, PITCH, BUTTON_H = 110, 66, 54
MAX_ROWS = 12
PANEL = pygame.Rect(80, TOP - 16, DESIGN_W - 160, MAX_ROWS * PITCH + 20)
EXPLAIN_Y = PANEL.bottom + 16
EXPLAIN_SIZE = 26
GENERAL = "Pick a choice with the mouse, or with the arrows and Enter. Changes are saved at once."


def choice_key(field: str, index: int) -> str:
    return f"{field}:{index}"


class SettingsScene(PageScene):
    """Every general setting, then the game's own options (from a game's table: that
    game's; from the menu: every game's)."""

    def __init__(self, app: Any, game_id: str | None = None) -> None:
        super().__init__(app, "Settings")
        self.rows = (ROWS + tuple(filter(fits_a_row, game_rows(game_id))))[:MAX_ROWS]
        for i, row in enumerate(self.rows):
            y = TOP + i * PITCH
            for j, (_, label) in enumerate(row.choices):
                x = CHOICE_X + j * (CHOICE_W + CHOICE_GAP)
                self.hud.buttons.append(Button(choice_key(row.key, j), label,
                                               pygame.Rect(x, y, CHOICE_W, BUTTON_H)))
        self.label_size = float(LABEL_SIZE)
        self._band: tuple[tuple[int, int], pygame.Surface] | None = None
        self.mark_selected()
        first = self.rows[0]
        self.set_focus(("button", choice_key(first.key, self.chosen_index(first))))

    def row_of(self, target: object) -> int | None:
        """The row index a focus target or button key belongs to (None: not a choice)."""
        key = target[1] if isinstance(target, tuple) else target
        if not isinstance(key, str) or ":" not in key:
            return None
        row_key = key.rsplit(":", 1)[0]
        return next((i for i, row in enumerate(self.rows) if row.key == row_key), None)

    def chosen_index(self, row: Row) -> int:
        value = row.value(self.app.settings)
        return next((j for j, (v, _) in enumerate(row.choices) if v == value), 0)

    def mark_selected(self) -> None:
        for row in self.rows:
            chosen = self.chosen_index(row)
            for j in range(len(row.choices)):
                self.hud.button(choice_key(row.key, j)).selected = j == chosen

    def settings_changed(self) -> None:
        self.mark_selected()

    def layout(self, vp: Viewport) -> None:
        # Shrink the labels together if the widest would run into the choices (TV mode).
        widest = max(text_image(vp, row.label, LABEL_SIZE, INK, True).get_width()
                     for row in self.rows) / vp.scale
        self.label_size = LABEL_SIZE * min(1.0, LABEL_W / widest)

    # -- input ---------------------------------------------------------------------------

    def move_focus(self, current: object, direction: Act) -> object | None:
        """Left and right stay within a row; up from the first row reaches Back and
        down from Back returns to the first row's current choice."""
        if current == ("button", "back") and direction == Act.DOWN:
            first = self.rows[0]
            return ("button", choice_key(first.key, self.chosen_index(first)))
        found = super().move_focus(current, direction)
        if direction in (Act.LEFT, Act.RIGHT) and self.row_of(found) != self.row_of(current):
            return current
        return found

    def press(self, key: str) -> None:
        index = self.row_of(key)
        if index is None:
            super().press(key)
            return
        row = self.rows[index]
        value = row.choices[int(key.rsplit(":", 1)[1])][0]
        if row.value(self.app.settings) != value:
            self.app.set_setting(**row.changes(self.app.settings, value))
        self.app.play_sound("button")  # after the change, so choosing Full is heard

    # -- drawing -------------------------------------------------------------------------

    def active_row(self) -> int | None:
        """The row the pointer is over, else the row with the focus frame."""
        if self.hud.hover is not None:
            return self.row_of(self.hud.hover)
        return self.row_of(self.focus) if self.show_focus else None

    def background(self, vp: Viewport) -> pygame.Surface:
        surface = super().background(vp)
        surface.blit(panel_image(vp, PANEL), vp.to_px(PANEL.x, PANEL.y))
        return surface

    def draw_items(self, alpha: float) -> list[DrawItem]:
        vp = self.app.viewport
        active = self.active_row()
        items: list[DrawItem] = []
        for i, row in enumerate(self.rows):
            color = GOLD if i == active else INK
            image = text_image(vp, row.label, self.label_size, color, bold=True)
            x, y = vp.to_px(LABEL_X, TOP + i * PITCH + BUTTON_H / 2)
            items.append(DrawItem(("label", i), image, (x, y - image.get_height() // 2), UI_Z))
        if active is not None:
            items.append(DrawItem(("band",), self._band_image(vp),
                                  vp.to_px(PANEL.x + 12, TOP + active * PITCH - 6), UI_Z - 1))
        text = self.rows[active].explain if active is not None else GENERAL
        for n, line in enumerate(wrap_text(vp, text, EXPLAIN_SIZE, PANEL.w - 40)[:2]):
            image = text_image(vp, line, EXPLAIN_SIZE, INK if active is not None else MUTED)
            x, y = vp.to_px(DESIGN_W / 2, EXPLAIN_Y)
            items.append(DrawItem(("explain", n), image, (x - image.get_width() // 2,
                                                          y + n * image.get_height()), UI_Z))
        return items + super().draw_items(alpha)

    def _band_image(self, vp: Viewport) -> pygame.Surface:
        """A faint stripe behind the active row (one image per size)."""
        size = vp.px(PANEL.w - 24), vp.px(BUTTON_H + 12)
        if self._band is None or self._band[0] != size:
            band = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(band, (255, 255, 255, 22), band.get_rect(),
                             border_radius=vp.px(10))
            self._band = (size, band)
        return self._band[1]
