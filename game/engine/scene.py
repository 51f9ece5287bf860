"""Scenes and the scene stack. A scene turns actions into moves and state into
things on screen; it holds no rules of its own."""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING

import pygame

from game.engine.actions import Act, Action
from game.engine.focus_reveal import FocusReveal
from game.engine.layout import DESIGN_W, Viewport
from game.engine.render import DrawItem
from game.engine.ui import GOLD, Hud, centre_of, nearest_in_direction, text_image

if TYPE_CHECKING:
    from game.engine.app import App

FELT_CENTRE = (22, 104, 62)
FELT_EDGE = (8, 52, 30)
TITLE_AT = (40, 18)  # the scene's title, top left (design units)
_felt_cache: dict[tuple[int, int], pygame.Surface] = {}


@cache
def _vignette() -> pygame.Surface:
    """The baize's shading and grain at 64x36, scaled up to any window (drawn once)."""
    small = pygame.Surface((64, 36))
    rng = random.Random(7)
    for y in range(36):
        for x in range(64):
            d = min(1.0, (((x - 31.5) / 32) ** 2 + ((y - 17.5) / 18) ** 2) ** 0.5)
            k = d * d
            grain = rng.uniform(-3, 3)
            small.set_at((x, y), tuple(round(c0 * (1 - k) + c1 * k + grain)
                                       for c0, c1 in zip(FELT_CENTRE, FELT_EDGE, strict=True)))
    return small


def felt(size: tuple[int, int]) -> pygame.Surface:
    """A green baize with a soft vignette and a faint weave, drawn once per size; each
    caller gets a copy of its own to draw on (copying it again doubles a frame's peak)."""
    cached = _felt_cache.get(size)
    if cached is not None:
        return cached.copy()
    _felt_cache.clear()  # the last size's goes before this one is drawn (133 MB at 8K)
    w, h = size
    surface = pygame.transform.smoothscale(_vignette(), size)
    weave = pygame.Surface((4, 4), pygame.SRCALPHA)
    weave.fill((255, 255, 255, 5), (0, 0, 2, 2))
    weave.fill((0, 0, 0, 6), (2, 2, 2, 2))
    for y in range(0, h, 4):
        for x in range(0, w, 4 * 64):
            surface.blit(weave, (x, y))
    _felt_cache[size] = surface
    return surface.copy()


class Scene:
    """Base scene: a HUD (buttons, message, dialog), focus movement between
    focusable things, and a cached background. Subclasses fill in the game."""

    title = ""

    def __init__(self, app: App) -> None:
        self.app = app
        self.hud = Hud(pads=self._pads_present)
        self.focus: object | None = None  # a card key, a zone, or ("button", key)
        # Set by a scene that shows this one inside part of the window (the replay viewer).
        self.viewport_override: Viewport | None = None
        self.reveal = FocusReveal(self._focus_seen())

    def _focus_seen(self) -> bool:
        """Has the player seen the focus: no mouse used last (before anything was used,
        a Select acts at once)."""
        return self.app.input.device_used != "mouse"

    def _pads_present(self) -> bool:
        return self.app.input.pads_connected() > 0

    # -- life cycle --------------------------------------------------------------------

    def enter(self) -> None:
        """Became the top scene (the mouse may have been used above it)."""
        self.reveal.shown = self._focus_seen()

    def exit(self) -> None:
        """Left the stack."""

    @property
    def viewport(self) -> Viewport:
        """Where this scene draws: the window's viewport unless shown inside another."""
        return self.viewport_override or self.app.viewport

    def layout(self, vp: Viewport) -> None:
        """The window size (or TV mode) changed: rebuild size-dependent things."""

    def settings_changed(self) -> None:
        """The player changed a setting."""

    # -- per frame ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.hud.update(dt)

    def background(self, vp: Viewport) -> pygame.Surface:
        surface = felt(vp.size)
        if self.title:
            surface.blit(text_image(vp, self.title, 34, GOLD, bold=True), vp.to_px(*TITLE_AT))
        return surface

    def title_end(self, vp: Viewport) -> float:
        """Where the title ends on the right, in design units (0 without a title): a
        line across the top starts after it."""
        if not self.title:
            return 0.0
        return TITLE_AT[0] + text_image(vp, self.title, 34, GOLD, bold=True).get_width() / vp.scale

    def draw_items(self, alpha: float) -> list[DrawItem]:
        return self.hud.draw_items(self.viewport, self.show_focus)

    @property
    def show_focus(self) -> bool:
        """The focus cursor shows for keyboard and pad players, not for mouse players."""
        return self.app.input.last_device != "mouse"

    # -- input ------------------------------------------------------------------------------

    def handle(self, action: Action) -> None:
        if action.device == "mouse":
            self.reveal.hide()
        if self.hud.handle_dialog(action):
            return
        if self.handle_buttons(action):
            return
        self.handle_game(action)

    def handle_game(self, action: Action) -> None:
        """Actions the HUD did not take."""

    def handle_buttons(self, action: Action) -> bool:
        hud = self.hud
        if action.kind == Act.POINTER_MOVE and action.pos is not None:
            over = hud.button_at(action.pos)
            hud.hover = over.key if over is not None and over.enabled else None
            return False
        if action.kind == Act.POINTER_DOWN and action.pos is not None and action.button == 1:
            over = hud.button_at(action.pos)
            if over is not None:
                hud.pressed = over.key if over.enabled else None
                return True
            return False
        if action.kind == Act.POINTER_UP and hud.pressed is not None:
            pressed, hud.pressed = hud.pressed, None
            over = hud.button_at(action.pos) if action.pos is not None else None
            if over is not None and over.key == pressed:
                self.press(pressed)
            return True
        if action.kind == Act.KEY:
            for b in hud.buttons:
                if b.visible and b.enabled and b.hotkey and b.hotkey == action.key:
                    self.press(b.key)
                    return True
        return False

    def press(self, key: str) -> None:
        """A command button was pressed (click, hotkey or focus + select)."""

    def handle_button_screen(self, action: Action, leave: str) -> None:
        """A screen that is all buttons: arrows move the focus, Select presses the
        focused button, Cancel or Menu presses ``leave``, Help presses "help". The first
        Select after the mouse only shows where the focus is (the play-test's Return
        opened a game whose tile it could not see was focused)."""
        if action.device != "mouse" and self.reveal.first_press() and action.kind == Act.SELECT:
            return
        if action.kind in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT):
            self.step_focus(action.kind)
        elif action.kind == Act.SELECT and isinstance(self.focus, tuple):
            self.press(self.focus[1])
        elif action.kind in (Act.CANCEL, Act.MENU):
            self.press(leave)
        elif action.kind == Act.HELP:
            self.press("help")

    # -- focus (keyboard / gamepad) -----------------------------------------------------

    def focus_targets(self) -> dict[object, tuple[float, float]]:
        """Focusable things -> their centres (logical units). Buttons by default."""
        return {("button", b.key): centre_of(b.rect)
                for b in self.hud.buttons if b.visible and b.enabled}

    def set_focus(self, target: object | None) -> None:
        """Put the focus cursor on ``target``; a button target also lights in the HUD."""
        self.focus = target
        self.hud.focus = target[1] if isinstance(target, tuple) else None

    def step_focus(self, direction: Act) -> None:
        self.set_focus(self.move_focus(self.focus, direction))

    def move_focus(self, current: object, direction: Act) -> object | None:
        targets = self.focus_targets()
        if not targets:
            return None
        if current not in targets:
            return min(targets, key=lambda k: (targets[k][1], targets[k][0]))
        found = nearest_in_direction(targets[current], targets, direction)
        return found if found is not None else current


def centred_x(width: float) -> float:
    return (DESIGN_W - width) / 2
