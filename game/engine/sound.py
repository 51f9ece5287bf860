"""Sound effects, gated by the player's sound setting, and never a reason to crash.

Modes: "full" plays songs and effects, "partial" effects and error beeps only, "off"
nothing. The mixer opens on the first sound actually needed; if there is no audio
device, or a file is missing or damaged, the game carries on silently and
``SoundBoard.problem`` holds one sentence to show the player (logged once).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from pathlib import Path

import pygame

from game import wallclock

log = logging.getLogger(__name__)

MODES = ("full", "partial", "off")
SOUNDS = frozenset({"deal", "place", "flip", "shuffle", "error", "select", "win", "hint", "button"})
SONGS = frozenset({"win"})  # music-like: only in "full"
MIN_GAP = 0.025  # seconds between two plays of one sound: 52 dealt cards riffle, not roar
HISTORY = 200
CHANNELS = 16  # a deal (a flick every 25 ms) plus a jingle must not starve each other
DEFAULT_DIR = Path(__file__).resolve().parents[2] / "assets" / "sounds"

NO_DEVICE = "No sound device found: playing silently."

# pygame raises pygame.error for no device or a bad file, NotImplementedError when
# it was built without its mixer, OSError/FileNotFoundError for unreadable files.
_FAILURES = (pygame.error, NotImplementedError, OSError)


class SoundBoard:
    def __init__(
        self,
        mode: str = "full",
        assets_dir: Path | None = None,
        *,
        clock: Callable[[], float] = wallclock.seconds,
    ) -> None:
        self.mode = _check_mode(mode)
        self.assets_dir = DEFAULT_DIR if assets_dir is None else Path(assets_dir)
        self.problem: str | None = None
        self.played: deque[str] = deque(maxlen=HISTORY)
        self._clock = clock
        self._ready: bool | None = None  # None: mixer not tried yet; False: silent for good
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._last: dict[str, float] = {}

    def set_mode(self, mode: str) -> None:
        self.mode = _check_mode(mode)
        if self._ready:  # cut off what the new setting no longer allows
            for name, sound in self._sounds.items():
                if sound is not None and not self._allowed(name):
                    sound.stop()

    def play(self, name: str) -> bool:
        """Play a sound if the mode allows it; return whether it actually started."""
        if name not in SOUNDS:
            raise ValueError(f"unknown sound {name!r}; expected one of {sorted(SOUNDS)}")
        if not self._allowed(name) or not self._open():
            return False
        now = self._clock()
        last = self._last.get(name)
        if last is not None and now - last < MIN_GAP:
            return False
        sound = self._sounds.get(name)
        if sound is None:
            return False
        try:
            channel = sound.play()
        except pygame.error:  # the mixer went away under us (device unplugged)
            return False
        if channel is None:  # every channel busy: dropping one tick is fine
            return False
        self._last[name] = now
        self.played.append(name)
        return True

    def _allowed(self, name: str) -> bool:
        return self.mode == "full" or (self.mode == "partial" and name not in SONGS)

    def _open(self) -> bool:
        """Open the mixer and load every sound, once; afterwards just report the outcome."""
        if self._ready is None:
            try:
                if not pygame.mixer.get_init():  # pygame.init() may already have opened it
                    pygame.mixer.init(frequency=44_100, size=-16, channels=2, buffer=512)
                if pygame.mixer.get_num_channels() < CHANNELS:
                    pygame.mixer.set_num_channels(CHANNELS)
            except _FAILURES as exc:
                self._ready = False
                self._report(NO_DEVICE, exc)
                return False
            self._ready = True
            self._load_all()
        return self._ready

    def _load_all(self) -> None:
        bad = []
        for name in sorted(SOUNDS):
            path = self.assets_dir / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(path)
            except _FAILURES as exc:
                self._sounds[name] = None
                bad.append((path.name, exc))
        if bad:
            names = ", ".join(file for file, _ in bad)
            message = f"Some sound files are missing or damaged ({names}): those stay silent."
            self._report(message, bad[0][1])

    def _report(self, message: str, exc: BaseException) -> None:
        if self.problem is None:  # the first problem is the one the player needs to hear about
            self.problem = message
        log.warning("%s (%s)", message, exc)


def _check_mode(mode: str) -> str:
    if mode not in MODES:
        raise ValueError(f"unknown sound mode {mode!r}; expected one of {MODES}")
    return mode
