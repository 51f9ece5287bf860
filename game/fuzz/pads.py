"""Game controllers for the fuzzer: real virtual pads through pygame's own SDL
(game/engine/vpad.py) plugged in and pulled out at random, buttons held across steps,
sticks, triggers and the hat. Without the virtual-joystick API, CONTROLLER* events are
posted instead (``virtual`` is then False)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pygame

from game.engine import vpad

AXIS_VALUES = (-32768, -32000, -20000, -9000, 0, 0, 9000, 20000, 32767)
HATS = (vpad.HAT_CENTERED, vpad.HAT_UP, vpad.HAT_RIGHT, vpad.HAT_DOWN, vpad.HAT_LEFT,
        vpad.HAT_UP | vpad.HAT_RIGHT)
BUTTONS = 15  # CONTROLLER_BUTTON_A .. and the rest of SDL's standard layout
FAKE_ID_BASE = 1000  # instance ids for posted (not virtual) pads


@dataclass
class _Pad:
    number: int  # for descriptions: pad 1, pad 2, ...
    device: vpad.VirtualPad | None  # None: a posted (fake) pad
    mapped: bool  # a game controller (True) or a plain joystick
    held: set[int] = field(default_factory=set)

    @property
    def instance_id(self) -> int:
        return self.device.instance_id if self.device is not None else FAKE_ID_BASE + self.number


class Pads:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.virtual = _virtual_available()
        self._pads: list[_Pad] = []
        self._made = 0

    @property
    def count(self) -> int:
        return len(self._pads)

    @property
    def busy(self) -> bool:
        """A button is held down on some pad."""
        return any(p.held for p in self._pads)

    def attach(self) -> str:
        self._made += 1
        mapped = self.rng.random() < 0.85
        if self.virtual:
            pad = _Pad(self._made, vpad.VirtualPad(controller=mapped).attach(), mapped)
        else:
            pad = _Pad(self._made, None, True)
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED,
                                                 device_index=pad.instance_id))
        self._pads.append(pad)
        return f"pad {pad.number} plugged in ({'controller' if mapped else 'joystick'})"

    def detach(self) -> str:
        if not self._pads:
            return "no pad to pull out"
        pad = self._pads.pop(self.rng.randrange(len(self._pads)))
        if pad.device is not None:
            pad.device.detach()
        else:
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED,
                                                 instance_id=pad.instance_id))
        held = f" with buttons {sorted(pad.held)} held" if pad.held else ""
        return f"pad {pad.number} pulled out{held}"

    def detach_all(self) -> None:
        while self._pads:
            self.detach()

    def act(self) -> str:
        pad = self.rng.choice(self._pads)
        roll = self.rng.random()
        if roll < 0.45:
            button = self.rng.randrange(BUTTONS)
            self._button(pad, button, True)
            self._button(pad, button, False)
            return f"pad {pad.number} press {button}"
        if roll < 0.6:
            button = self.rng.randrange(BUTTONS)
            down = button not in pad.held
            self._button(pad, button, down)
            return f"pad {pad.number} {'hold' if down else 'release'} {button}"
        if roll < 0.9:
            axis, value = self.rng.randrange(6), self.rng.choice(AXIS_VALUES)
            self._axis(pad, axis, value)
            return f"pad {pad.number} axis {axis} = {value}"
        hat = self.rng.choice(HATS)
        if pad.device is not None:
            pad.device.hat(hat)
        return f"pad {pad.number} hat {hat}"

    def _button(self, pad: _Pad, button: int, down: bool) -> None:
        (pad.held.add if down else pad.held.discard)(button)
        if pad.device is not None:
            (pad.device.hold if down else pad.device.release)(button)
            return
        kind = pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP
        pygame.event.post(pygame.event.Event(kind, instance_id=pad.instance_id, button=button))

    def _axis(self, pad: _Pad, axis: int, value: int) -> None:
        if pad.device is not None:
            pad.device.axis(axis, value)
            return
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION,
                                             instance_id=pad.instance_id, axis=axis,
                                             value=value))


def _virtual_available() -> bool:
    """Can a virtual pad be attached here? Tried once, left detached."""
    try:
        vpad.VirtualPad().attach().detach()
    except (vpad.VirtualPadUnavailable, RuntimeError, OSError):
        return False
    return True
