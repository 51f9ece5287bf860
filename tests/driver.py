"""Drive the real app with posted pygame events, as a player would."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import CancelledError
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from game.engine.app import App
from game.settings import Settings
from tools.pad_only import shortest_path


def make_app(save_dir: Path, size: tuple[int, int] = (1280, 720), **settings: object) -> App:
    base = replace(Settings(), **{"animation": "fast", **settings})
    app = App(save_dir, base, headless=True, size=size)
    app.crash_guard = False  # a test must fail on an exception, not land in the menu
    return app


def frames(app: App, n: int = 1) -> None:
    """``n`` frames, the last of them drawn (see ``settle``)."""
    for left in range(n - 1, -1, -1):
        app.frame(1 / 60, draw=not left)


def let_the_computer_think(scene: Any, seat: int, seconds: float = 0.05) -> None:
    """Wait up to ``seconds`` for the move of the computer at ``seat`` (thought out on a
    worker thread): frames spun meanwhile would only take its core."""
    try:
        scene.jobs.wait(f"seat-{seat}", timeout=seconds)
    except (TimeoutError, CancelledError):
        pass  # still thinking, or asked again about a new position: the frames go on


def settle(app: App, limit: int = 900) -> int:
    """Run frames until no card moves; returns how many it took. Only the last is drawn:
    the frames in between are waited through, not looked at (the fuzzer draws every
    frame of its runs)."""
    table = app.scene.table
    for n in range(limit):
        if not table.animating:
            if n:
                app.render()
            return n
        app.frame(1 / 60, draw=False)
    raise AssertionError("cards never came to rest")


def px(app: App, pos: tuple[float, float]) -> tuple[int, int]:
    return app.viewport.to_px(*pos)


def post(event_type: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(event_type, **attrs))


def click(app: App, pos: tuple[float, float], button: int = 1) -> None:
    p = px(app, pos)
    post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=p, button=button)
    post(pygame.MOUSEBUTTONUP, pos=p, button=button)
    frames(app, 2)


def drag(app: App, start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
    a, b = px(app, start), px(app, end)
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    frames(app)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        frames(app)
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    frames(app, 2)


def key(app: App, keycode: int, unicode: str = "", mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=keycode, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=keycode, mod=mod, unicode=unicode, scancode=0)
    frames(app)


def type_text(app: App, text: str) -> None:
    for ch in text:
        key(app, pygame.key.key_code(ch), ch)


DPAD = {"left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
        "up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN}
ARROWS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP,
          "down": pygame.K_DOWN}


def pad_press(app: App, pad, button: int) -> None:  # noqa: ANN001 - a VirtualPad
    pad.press(button)
    frames(app)


def pad_focus(app: App, pad, scene, target: object, tries: int = 60) -> None:  # noqa: ANN001
    """Walk the focus frame to ``target`` with the D-pad (see ``walk_focus``)."""
    walk_focus(scene, target, lambda way: pad_press(app, pad, DPAD[way]), tries)


def key_focus(app: App, scene, target: object, tries: int = 60) -> None:  # noqa: ANN001
    """Walk the focus frame to ``target`` with the arrow keys (see ``walk_focus``)."""
    walk_focus(scene, target, lambda way: key(app, ARROWS[way]), tries)


def walk_focus(scene, target: object, step: Callable[[str], None], tries: int = 60,  # noqa: ANN001
               ) -> None:
    """Show the focus frame, then walk it to ``target`` the shortest way by
    ``step("left" | "right" | "up" | "down")``, as a player who knows the table would."""
    if not scene.show_focus:
        step("down")  # the first press after the mouse only shows the frame
    for _ in range(tries):
        if scene.focus == target:
            return
        path = shortest_path(scene, target)
        if path is None:
            break
        step(path[0].value)
    raise AssertionError(f"the focus frame never reached {target} (on {scene.focus})")
