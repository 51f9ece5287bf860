"""The settings screen: one row per setting, its choices as buttons. A click (or the
focus frame and Enter) applies and saves the choice at once through ``app.set_setting``.

Every row is shown: an option with more than four choices shares its row in narrower
buttons, and when the rows are more than the panel holds the list scrolls (the focus
frame takes it along; the wheel and the arrows on the panel's edges move it). No option
is ever left out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.actions import Act, Action
from game.engine.layout import DESIGN_W, Viewport
from game.engine.render import DrawItem
from game.engine.ui import GOLD, INK, MUTED, UI_Z, Button, text_image, wrap_text
from game.rules.registry import GAME_BY_ID
from game.settings import Settings
from scenes.help import PageScene, panel_image

if TYPE_CHECKING:
    from game.engine.app import App

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


LABEL_X = 120
LABEL_SIZE = 30
PER_LINE = 4  # choices at full width; a row with more narrows them
CHOICE_W, CHOICE_GAP, CHOICE_RIGHT = 232, 16, DESIGN_W - 120
CHOICE_X = CHOICE_RIGHT - PER_LINE * CHOICE_W - (PER_LINE - 1) * CHOICE_GAP
LABEL_W = CHOICE_X - LABEL_X - 30
TOP, PITCH, BUTTON_H = 110, 66, 54
VISIBLE_ROWS = 12  # rows the panel shows at once; more scroll
PANEL = pygame.Rect(80, TOP - 16, DESIGN_W - 160, VISIBLE_ROWS * PITCH + 20)
MORE_W, MORE_H = 220, 36  # the scroll arrows on the panel's top and bottom edges
MORE_UP = pygame.Rect((DESIGN_W - MORE_W) // 2, PANEL.y - MORE_H + 6, MORE_W, MORE_H)
MORE_DOWN = pygame.Rect((DESIGN_W - MORE_W) // 2, PANEL.bottom - 12, MORE_W, MORE_H)
EXPLAIN_Y = MORE_DOWN.bottom + 8
EXPLAIN_SIZE = 26
GENERAL = "Pick a choice with the mouse, or with the arrows and Enter. Changes are saved at once."


def choice_key(field: str, index: int) -> str:
    return f"{field}:{index}"


WIDE_X = CHOICE_X - (CHOICE_W + CHOICE_GAP)  # where a row of many choices starts


def choice_rects(count: int, y: float) -> list[pygame.Rect]:
    """Buttons for ``count`` choices, right-aligned; more than four share a wider span
    in narrower buttons."""
    if count <= PER_LINE:
        return [pygame.Rect(CHOICE_X + j * (CHOICE_W + CHOICE_GAP), round(y), CHOICE_W,
                            BUTTON_H) for j in range(count)]
    width = (CHOICE_RIGHT - WIDE_X - (count - 1) * CHOICE_GAP) // count
    return [pygame.Rect(WIDE_X + j * (width + CHOICE_GAP), round(y), width, BUTTON_H)
            for j in range(count)]


class SettingsScene(PageScene):
    """Every general setting, then the game's own options (from a game's table: that
    game's; from the menu: the parlour's own)."""

    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app, "Settings")
        self.rows = ROWS + game_rows(game_id)
        self.scroll = 0  # the first row shown
        for row in self.rows:
            for j, (_, label) in enumerate(row.choices):
                self.hud.buttons.append(Button(choice_key(row.key, j), label,
                                               pygame.Rect(CHOICE_X, TOP, CHOICE_W, BUTTON_H)))
        self.hud.buttons += [Button("more_up", "\u25b2 more", MORE_UP.copy()),
                             Button("more_down", "\u25bc more", MORE_DOWN.copy())]
        self.label_size = float(LABEL_SIZE)
        self._band: tuple[tuple[int, int], pygame.Surface] | None = None
        self.mark_selected()
        self.place_rows()
        first = self.rows[0]
        self.set_focus(("button", choice_key(first.key, self.chosen_index(first))))

    # -- the list ----------------------------------------------------------------------

    @property
    def max_scroll(self) -> int:
        return max(0, len(self.rows) - VISIBLE_ROWS)

    def row_y(self, i: int) -> float:
        return TOP + (i - self.scroll) * PITCH

    def shown(self, i: int) -> bool:
        return self.scroll <= i < self.scroll + VISIBLE_ROWS

    def place_rows(self) -> None:
        """Put each row's choices in its place and show the rows the panel holds now."""
        for i, row in enumerate(self.rows):
            for j, rect in enumerate(choice_rects(len(row.choices), self.row_y(i))):
                button = self.hud.button(choice_key(row.key, j))
                button.rect = rect
                button.visible = self.shown(i)
        self.show_more()

    def show_more(self) -> None:
        """The scroll arrows show only where there are rows to scroll to."""
        for button in self.hud.buttons:
            if button.key in ("more_up", "more_down"):
                button.visible = self.scroll > 0 if button.key == "more_up" \
                    else self.scroll < self.max_scroll

    def scroll_to(self, first: int) -> None:
        first = max(0, min(self.max_scroll, first))
        if first != self.scroll:
            self.scroll = first
            self.place_rows()

    def scroll_into_view(self, i: int) -> None:
        if i < self.scroll:
            self.scroll_to(i)
        elif i >= self.scroll + VISIBLE_ROWS:
            self.scroll_to(i - VISIBLE_ROWS + 1)

    # -- rows and choices --------------------------------------------------------------

    def choice_of(self, target: object) -> tuple[int, int] | None:
        """(row, choice) of a focus target or button key (None: not a choice)."""
        key = target[1] if isinstance(target, tuple) else target
        if not isinstance(key, str) or ":" not in key:
            return None
        row_key, _, index = key.rpartition(":")
        row = next((i for i, r in enumerate(self.rows) if r.key == row_key), None)
        return None if row is None or not index.isdigit() else (row, int(index))

    def row_of(self, target: object) -> int | None:
        """The row index a focus target or button key belongs to (None: not a choice)."""
        found = self.choice_of(target)
        return None if found is None else found[0]

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
        # A row of many choices starts further left: its label has less room.
        room = min((LABEL_W if len(row.choices) <= PER_LINE else LABEL_W - (CHOICE_X - WIDE_X))
                   * vp.scale / max(1, text_image(vp, row.label, LABEL_SIZE, INK, True)
                                    .get_width()) for row in self.rows)
        self.label_size = LABEL_SIZE * min(1.0, room)

    # -- input ---------------------------------------------------------------------------

    def set_focus(self, target: object | None) -> None:
        row = self.row_of(target)
        if row is not None:  # the list scrolls to keep the focus frame in sight
            self.scroll_into_view(row)
        super().set_focus(target)

    def move_focus(self, current: object, direction: Act) -> object | None:
        """Left and right stay within a row; up and down go row by row (scrolling the
        list) to the choice nearest across. Up from the first row reaches Back, and down
        from Back returns to the first row's current choice."""
        if current == ("button", "back") and direction == Act.DOWN:
            first = self.rows[0]
            return ("button", choice_key(first.key, self.chosen_index(first)))
        found = self.choice_of(current)
        if found is None:
            return super().move_focus(current, direction)
        row, j = found
        if direction in (Act.LEFT, Act.RIGHT):
            step = 1 if direction == Act.RIGHT else -1
            j = max(0, min(len(self.rows[row].choices) - 1, j + step))
            return ("button", choice_key(self.rows[row].key, j))
        row += 1 if direction == Act.DOWN else -1
        if row < 0:
            return ("button", "back")
        if row >= len(self.rows):
            return current
        x = self.hud.button(choice_key(self.rows[found[0]].key, j)).rect.centerx
        key = self.rows[row].key
        nearest = min(range(len(self.rows[row].choices)),
                      key=lambda c: abs(self.hud.button(choice_key(key, c)).rect.centerx - x))
        return ("button", choice_key(key, nearest))

    def handle_game(self, action: Action) -> None:
        if action.kind == Act.WHEEL:
            self.scroll_to(self.scroll - action.amount)
        else:
            super().handle_game(action)

    def press(self, key: str) -> None:
        if key in ("more_up", "more_down"):
            self.scroll_to(self.scroll + (1 if key == "more_down" else -1))
            return
        found = self.choice_of(key)
        if found is None:
            super().press(key)
            return
        row = self.rows[found[0]]
        value = row.choices[found[1]][0]
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
        self.show_more()  # a page built on this one may have changed the rows
        active = self.active_row()
        items: list[DrawItem] = []
        for i, row in enumerate(self.rows):
            if not self.shown(i):
                continue
            color = GOLD if i == active else INK
            image = text_image(vp, row.label, self.label_size, color, bold=True)
            x, y = vp.to_px(LABEL_X, self.row_y(i) + BUTTON_H / 2)
            items.append(DrawItem(("label", i), image, (x, y - image.get_height() // 2), UI_Z))
        if active is not None and self.shown(active):
            items.append(DrawItem(("band",), self._band_image(vp),
                                  vp.to_px(PANEL.x + 12, self.row_y(active) - 6), UI_Z - 1))
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
