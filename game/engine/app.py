"""The application: window, fixed-timestep loop, scene stack, shared services
(settings, sound, input, card art) and headless runs with screenshots."""

from __future__ import annotations

import logging
import time
import traceback
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from game import settings as settings_mod
from game.engine.actions import Act, Action
from game.engine.card_art import CardArt
from game.engine.clock import FixedStepClock
from game.engine.guard import Crash, append_error_log
from game.engine.input import InputMapper
from game.engine.layout import Viewport
from game.engine.notices import Notices
from game.engine.quit_signals import quit_on_signals
from game.engine.render import DirtyRenderer
from game.engine.scene import Scene
from game.engine.sound import SoundBoard
from game.engine.ui import backdrop
from game.settings import Settings

log = logging.getLogger(__name__)
WINDOW_SIZE = (1600, 900)
HEADLESS_FRAME = 1 / 60  # headless runs advance simulated time by one 60 Hz frame
CRASH_MESSAGE = "Something went wrong; your game was saved. Details are in errors.log."
CRASH_STREAK_LIMIT = 3  # frames in a row that crash (the menu itself is broken): give up
CRASHES_KEPT = 100  # in app.crashes; the error log keeps more


class App:
    def __init__(self, save_dir: Path, settings: Settings,
                 overrides: dict[str, Any] | None = None, *,
                 size: tuple[int, int] = WINDOW_SIZE, headless: bool = False,
                 fullscreen: bool | None = None) -> None:
        self.save_dir = save_dir
        self.overrides = dict(overrides or {})
        self.saved_settings = settings
        self.settings = settings_mod.apply_overrides(settings, self.overrides)
        self.headless = headless
        # Reports for the player (a damaged file set aside...): anything may append one;
        # each frame moves them into ``notices``, which shows them all until read.
        self.problems: list[str] = []
        self.notices = Notices()
        pygame.init()
        pygame.key.set_repeat(350, 45)
        self.windowed_size = size
        self.fullscreen = False
        self.screen = self._open_window(size, False)
        self.viewport = Viewport(*self.screen.get_size(), tv_mode=self.settings.tv_mode)
        self.input = InputMapper(self._to_logical)
        self.renderer = DirtyRenderer()
        self.sound = SoundBoard(self.settings.sound)
        self.clock = FixedStepClock()
        self.scenes: list[Scene] = []
        self.running = True
        self.frame_count = 0
        self.crash_guard = True  # False: a frame's exception propagates (tests of scenes)
        self.crashes: list[Crash] = []  # survived exceptions, oldest first; readers may clear
        # A table this app hosts listens on 127.0.0.1, any free port, and is announced to
        # nobody, whatever the dialogs said (the fuzzer's runs: no fixed port, no LAN).
        self.loopback_only = False
        self._crash_streak = 0
        self.gave_up = False  # recovery failed repeatedly and the app stopped
        self._art: dict[tuple[object, ...], CardArt] = {}
        self._cursor = ""
        self._background_stale = True
        self._told_mouse_off = False
        if fullscreen if fullscreen is not None else self.settings.fullscreen:
            self.toggle_fullscreen()
        if fullscreen is not None:  # --fullscreen: in force for this run (Settings says so)
            self.overrides["fullscreen"] = self.fullscreen  # but not saved as the choice
            self.settings = replace(self.settings, fullscreen=self.fullscreen)

    # -- window -----------------------------------------------------------------------------

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        pygame.display.set_caption("Card Parlour")
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        return pygame.display.set_mode((0, 0) if fullscreen else size, flags)

    def _to_logical(self, pos: tuple[int, int]) -> tuple[float, float]:
        return self.viewport.to_logical(pos)

    def toggle_fullscreen(self) -> None:
        """F11 / Alt+Enter. Full screen uses the desktop's own resolution so a 4K TV
        gets 4K cards. Drivers without full screen (dummy) keep the window."""
        want = not self.fullscreen
        try:
            self.screen = self._open_window(self.windowed_size, want)
            self.fullscreen = want
        except pygame.error as exc:
            log.warning("full screen is not available here: %s", exc)
            self.say(f"Full screen is not available here ({exc}).")
            self.screen = self._open_window(self.windowed_size, False)
            self.fullscreen = False
        self._resized()

    def resize(self, size: tuple[int, int]) -> None:
        if self.fullscreen:
            return
        self.windowed_size = size
        # A resizable window's surface has usually been resized by SDL already; lay out
        # again whenever the layout is for another size.
        if self.screen.get_size() != size:
            self.screen = self._open_window(size, False)
        if self.viewport.size != self.screen.get_size():
            self._resized()

    def _resized(self) -> None:
        self.viewport = Viewport(*self.screen.get_size(), tv_mode=self.settings.tv_mode)
        self._art.clear()
        backdrop.cache_clear()  # a dialog's, for the old size (133 MB at 8K)
        for scene in self.scenes:
            scene.layout(self.viewport)
        self.refresh_background()

    def refresh_background(self) -> None:
        self._background_stale = True

    def set_cursor(self, kind: str) -> None:
        if kind == self._cursor or self.headless:
            return
        self._cursor = kind
        cursor = pygame.SYSTEM_CURSOR_HAND if kind == "hand" else pygame.SYSTEM_CURSOR_ARROW
        try:
            pygame.mouse.set_system_cursor(cursor)
        except pygame.error:
            pass

    # -- shared services ------------------------------------------------------------------

    def card_art(self, card_width: float, vp: Viewport | None = None) -> CardArt:
        """Card images for a card ``card_width`` logical units wide at the current size
        (or in ``vp``, a scene's own viewport)."""
        px = (vp or self.viewport).px(card_width)
        key = (px, self.settings.deck_style, self.settings.card_back)
        art = self._art.get(key)
        if art is None:
            art = CardArt(px, self.settings.deck_style, self.settings.card_back)
            self._art[key] = art
        return art

    def update_settings(self, new: Settings) -> None:
        """Store the player's choice. Command-line switches stay in force for this run
        but are never written back as the saved choice."""
        old = self.settings
        self.saved_settings = settings_mod.strip_overrides(new, self.saved_settings,
                                                           self.overrides)
        self.settings = new
        try:
            settings_mod.save_settings(self.save_dir, self.saved_settings)
        except OSError as exc:
            self.say(f"Settings could not be saved: {exc}")
        self.sound.set_mode(new.sound)
        if new.fullscreen != self.fullscreen:
            self.toggle_fullscreen()
        if (new.tv_mode, new.deck_style, new.card_back) != (old.tv_mode, old.deck_style,
                                                            old.card_back):
            self._resized()
        for scene in self.scenes:
            scene.settings_changed()

    def set_setting(self, **changes: Any) -> None:
        self.update_settings(replace(self.settings, **changes))

    def say(self, text: str, error: bool = False) -> None:
        if self.scenes:
            self.scenes[-1].hud.say(text, error)
        else:
            self.problems.append(text)

    def play_sound(self, name: str) -> None:
        self.sound.play(name)

    def error(self, reason: str) -> None:
        """An illegal action: beep, and say why when error messages are on."""
        self.sound.play("error")
        if self.settings.error_messages and self.scenes:
            self.scenes[-1].hud.say(reason, error=True)

    # -- scene stack ----------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.input.scene_changed()
        self.scenes.append(scene)
        scene.layout(self.viewport)
        scene.enter()
        self._take_problems()
        self.refresh_background()

    def pop(self) -> None:
        self.input.scene_changed()
        self.scenes.pop().exit()
        if not self.scenes:
            self.running = False
            return
        self.scene.hud.hover = self.scene.hud.pressed = None  # the pointer was elsewhere
        self.scene.enter()
        self.refresh_background()

    def replace_scene(self, scene: Scene) -> None:
        self.scenes.pop().exit()
        self.push(scene)

    def _take_problems(self) -> None:
        for problem in self.problems:
            self.notices.add(problem)
        self.problems.clear()

    def quit(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        self.running = False

    # -- loop -----------------------------------------------------------------------------

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            self.renderer.invalidate()
            return
        for action in self.input.translate(event):
            self.handle(action)

    def handle(self, action: Action) -> None:
        if self._on_notices(action):
            return
        if action.device == "mouse" and self.settings.input_mode == "keyboard":
            self._mouse_is_off(action)
            return
        if action.kind == Act.QUIT:
            self.quit()
        elif action.kind == Act.FULLSCREEN:
            self.toggle_fullscreen()
            self.set_setting(fullscreen=self.fullscreen)
        elif self.scenes:
            self.scene.handle(action)

    def _on_notices(self, action: Action) -> bool:
        """A click on the notices' panel closes it and goes no further (not to a menu
        tile under it)."""
        if action.kind not in (Act.POINTER_DOWN, Act.POINTER_UP) or action.pos is None:
            return False
        rect = self.notices.rect(self.viewport)
        if rect is None or not rect.collidepoint(action.pos):
            return False
        if action.kind == Act.POINTER_UP:
            self.notices.clear()
        return True

    def _mouse_is_off(self, action: Action) -> None:
        """The Mouse setting is No (-nomouse): the mouse does nothing, and the first
        click says so once, with the way back."""
        if action.kind == Act.POINTER_DOWN and not self._told_mouse_off:
            self._told_mouse_off = True
            self.say("The mouse is off: use the keys or a pad. Settings > Mouse turns it on.")

    def step(self, dt: float) -> None:
        for action in self.input.update(dt):
            self.handle(action)
        if self.scenes:
            self.scene.update(dt)
        self.notices.update(dt, paused=bool(self.scenes) and self.scene.hud.dialog is not None)

    def render(self) -> list[pygame.Rect]:
        if not self.scenes:
            return []
        scene = self.scene
        if self._background_stale:
            self._background_stale = False
            # the old one goes before the new is drawn: at 8K each is 133 MB
            self.renderer.drop_background()
            self.renderer.set_background(scene.background(self.viewport))
        items = scene.draw_items(self.clock.alpha) + self.notices.draw_items(self.viewport)
        return self.renderer.draw(self.screen, items)

    def frame(self, seconds: float, draw: bool = True) -> list[pygame.Rect]:
        """One frame: input, as many fixed steps as time allows, one render (none with
        ``draw`` False: a test waiting for the cards to come to rest looks only at the
        last). With the crash guard on, an exception here is logged and the player lands
        in the menu."""
        if not self.crash_guard:
            return self._frame(seconds, draw)
        try:
            dirty = self._frame(seconds, draw)
        except Exception as exc:  # any bug: keep the game up
            self._recover(exc)
            return []
        self._crash_streak = 0
        return dirty

    def _frame(self, seconds: float, draw: bool = True) -> list[pygame.Rect]:
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return []
        for _ in range(self.clock.advance(seconds)):
            self.step(self.clock.step)
            if not self.running:
                return []
        self._take_problems()
        dirty = self.render() if draw else []
        self.frame_count += 1
        return dirty

    def run(self, frames: int | None = None, screenshot: Path | None = None,
            on_frame: Callable[[App], None] | None = None) -> int:
        """The game loop. SIGINT, SIGHUP and SIGTERM end it like the Quit button (scenes
        save as they leave). Returns the exit status: 1 if the crash guard gave up."""
        with quit_on_signals(self._stop):
            fps_cap = _refresh_rate()
            timer = pygame.time.Clock()
            last = time.perf_counter()
            while self.running and (frames is None or self.frame_count < frames):
                if self.headless:
                    seconds = HEADLESS_FRAME
                else:
                    timer.tick(fps_cap)
                    now = time.perf_counter()
                    seconds, last = now - last, now
                dirty = self.frame(seconds)
                if on_frame is not None:
                    on_frame(self)
                if dirty and not self.headless:
                    pygame.display.update(dirty)
            if screenshot is not None and not self.gave_up:
                self.save_screenshot(screenshot)
            self._quit_safely()
        return 1 if self.gave_up else 0

    def _stop(self, signum: int) -> None:
        log.info("signal %d: quitting", signum)
        self.running = False

    # -- crash guard --------------------------------------------------------------------

    def _recover(self, exc: Exception) -> None:
        """Log the crash, save every game on the stack, go back to the bottom scene (the
        menu) and say so. If frames keep crashing even there, stop instead of looping."""
        self._note_crash(exc)
        self._crash_streak += 1
        if self._crash_streak > CRASH_STREAK_LIMIT:
            log.error("the game keeps failing; it stops here (see %s)", self.save_dir)
            self.gave_up = True
            self._quit_safely()
            return
        for scene in list(self.scenes):
            save = getattr(scene, "emergency_save", None)
            if save is not None:
                self._guarded(save)
        while len(self.scenes) > 1:
            self._guarded(self.scenes.pop().exit)
        if self.scenes:
            self._guarded(self.scene.enter)
            self.scene.hud.say(CRASH_MESSAGE, error=True, seconds=10.0)
        self.renderer.invalidate()
        self.refresh_background()

    def _note_crash(self, exc: BaseException) -> None:
        text = "".join(traceback.format_exception(exc))
        log.error("a frame failed:\n%s", text)
        self.crashes.append(Crash(exc, text, self.frame_count))
        del self.crashes[:-CRASHES_KEPT]
        append_error_log(self.save_dir, text)

    def _guarded(self, step: Callable[[], object]) -> None:
        """One recovery step; if it fails too, log that and carry on with the next."""
        try:
            step()
        except Exception as exc:  # recovery must go on
            self._note_crash(exc)

    def _quit_safely(self) -> None:
        while self.scenes:
            self._guarded(self.scenes.pop().exit)
        self.running = False

    def save_screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.renderer.invalidate()
        self.render()
        pygame.image.save(self.screen, str(path))


def _refresh_rate() -> int:
    try:
        rates = pygame.display.get_desktop_refresh_rates()
        return max(60, min(240, max(rates))) if rates else 60
    except (pygame.error, AttributeError, ValueError):
        return 60
