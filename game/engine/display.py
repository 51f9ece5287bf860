"""Is there a screen to play on? With no display reachable (no X11 or Wayland, say over
ssh) SDL quietly picks a driver that draws into memory, and the game would run with no
window and no word said. Those drivers are for headless runs only: when nobody asked
for one, we say so and stop."""

from __future__ import annotations

import os

import pygame

OFF_SCREEN = ("offscreen", "dummy")  # SDL's video drivers that show nothing


def display_problem(headless: bool) -> str | None:
    """None when a window can be shown (or none is wanted); else a sentence for the
    player. Initialises pygame's display to find out which driver SDL picked."""
    if headless:
        return None
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as exc:
        return f"No display could be opened ({exc}); run with --headless to play without one."
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
    if driver in OFF_SCREEN and driver not in asked:
        return ("No display was found (no X11 or Wayland session here: DISPLAY and "
                "WAYLAND_DISPLAY are unset or unreachable), so there is nowhere to show "
                "the game. Run it where a display is, or add --headless to let the "
                "computer play with no window.")
    return None
