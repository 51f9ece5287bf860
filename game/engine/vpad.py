"""A real virtual gamepad (tests and the fuzzer), driven through pygame-ce's own bundled SDL2.

pygame-ce's wheel ships libSDL2 in ``pygame_ce.libs``; loading that exact file with ctypes
reaches the SDL instance pygame already initialised, so a virtual joystick attached here is
seen by ``pygame._sdl2.controller`` and produces genuine CONTROLLER*/JOY* events.
"""

from __future__ import annotations

import ctypes
import glob
from pathlib import Path
from types import TracebackType

import pygame

_TYPE_GAMECONTROLLER = 1  # SDL_JOYSTICK_TYPE_GAMECONTROLLER
_TYPE_UNKNOWN = 0  # no mapping: SDL treats it as a plain joystick
HAT_CENTERED, HAT_UP, HAT_RIGHT, HAT_DOWN, HAT_LEFT = 0, 1, 2, 4, 8


class VirtualPadUnavailable(RuntimeError):
    """pygame's bundled SDL2 could not be found or lacks the virtual-joystick API."""


_lib: ctypes.CDLL | None = None


def sdl_library() -> ctypes.CDLL:
    """pygame's own libSDL2 with argtypes set, loaded once."""
    global _lib
    if _lib is not None:
        return _lib
    libs = Path(pygame.__file__).parent.parent / "pygame_ce.libs"
    found = sorted(glob.glob(str(libs / "libSDL2-2*.so*")))
    if not found:
        raise VirtualPadUnavailable(f"no bundled libSDL2 in {libs} (not a pygame-ce wheel?)")
    try:
        lib = ctypes.CDLL(found[0])
        joy = ctypes.c_void_p  # SDL_Joystick*
        sigs = {
            "SDL_JoystickAttachVirtual": ([ctypes.c_int] * 4, ctypes.c_int),
            "SDL_JoystickDetachVirtual": ([ctypes.c_int], ctypes.c_int),
            "SDL_JoystickOpen": ([ctypes.c_int], joy),
            "SDL_JoystickClose": ([joy], None),
            "SDL_JoystickInstanceID": ([joy], ctypes.c_int32),
            "SDL_JoystickSetVirtualButton": ([joy, ctypes.c_int, ctypes.c_uint8], ctypes.c_int),
            "SDL_JoystickSetVirtualAxis": ([joy, ctypes.c_int, ctypes.c_int16], ctypes.c_int),
            "SDL_JoystickSetVirtualHat": ([joy, ctypes.c_int, ctypes.c_uint8], ctypes.c_int),
            "SDL_NumJoysticks": ([], ctypes.c_int),
            "SDL_JoystickGetDeviceInstanceID": ([ctypes.c_int], ctypes.c_int32),
            "SDL_GetError": ([], ctypes.c_char_p),
        }
        for name, (args, res) in sigs.items():
            fn = getattr(lib, name)
            fn.argtypes, fn.restype = args, res
    except (OSError, AttributeError) as exc:
        raise VirtualPadUnavailable(f"cannot use {found[0]}: {exc}") from exc
    _lib = lib
    return lib


class VirtualPad:
    """One virtual pad: 6 axes, 15 buttons, 1 hat. Buttons use CONTROLLER_BUTTON_* numbers.

    ``controller=False`` attaches an unmapped joystick instead, to exercise JOY* fallbacks.
    Every change is followed by ``pygame.event.pump()`` so SDL registers it as an event.
    """

    def __init__(self, controller: bool = True) -> None:
        self.sdl = sdl_library()
        self.kind = _TYPE_GAMECONTROLLER if controller else _TYPE_UNKNOWN
        self.index = -1
        self.instance_id = -1
        self._joy: int | None = None

    def attach(self) -> VirtualPad:
        self.index = self.sdl.SDL_JoystickAttachVirtual(self.kind, 6, 15, 1)
        if self.index < 0:
            raise VirtualPadUnavailable(f"attach failed: {self._error()}")
        # Our own open handle: SetVirtual* needs one, and it keeps the device alive for us.
        self._joy = self.sdl.SDL_JoystickOpen(self.index)
        if not self._joy:
            self.sdl.SDL_JoystickDetachVirtual(self.index)
            raise VirtualPadUnavailable(f"open failed: {self._error()}")
        self.instance_id = self.sdl.SDL_JoystickInstanceID(self._joy)
        pygame.event.pump()
        return self

    def detach(self) -> None:
        if self._joy is None:
            return
        # Device indices shift when other pads go first; find ours by its instance id.
        for index in range(self.sdl.SDL_NumJoysticks()):
            if self.sdl.SDL_JoystickGetDeviceInstanceID(index) == self.instance_id:
                self.index = index
        self.sdl.SDL_JoystickClose(self._joy)
        self._joy = None
        self.sdl.SDL_JoystickDetachVirtual(self.index)
        pygame.event.pump()

    def hold(self, button: int) -> None:
        self._check(self.sdl.SDL_JoystickSetVirtualButton(self._open(), button, 1))

    def release(self, button: int) -> None:
        self._check(self.sdl.SDL_JoystickSetVirtualButton(self._open(), button, 0))

    def press(self, button: int) -> None:
        self.hold(button)
        self.release(button)

    def axis(self, axis: int, value: int) -> None:
        """Raw SDL joystick axis value, -32768..32767 (triggers: -32768 is released)."""
        self._check(self.sdl.SDL_JoystickSetVirtualAxis(self._open(), axis, value))

    def hat(self, value: int, hat: int = 0) -> None:
        self._check(self.sdl.SDL_JoystickSetVirtualHat(self._open(), hat, value))

    def _open(self) -> int:
        if self._joy is None:
            raise RuntimeError("VirtualPad is not attached")
        return self._joy

    def _check(self, rc: int) -> None:
        if rc < 0:
            raise RuntimeError(f"SDL: {self._error()}")
        pygame.event.pump()  # SDL only turns a state change into an event when pumped

    def _error(self) -> str:
        return (self.sdl.SDL_GetError() or b"").decode(errors="replace")

    def __enter__(self) -> VirtualPad:
        return self.attach()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.detach()
