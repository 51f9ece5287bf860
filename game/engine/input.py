"""One input layer: mouse, keyboard and gamepad events become ``Action`` values.

The app feeds every pygame event to ``InputMapper.translate`` and calls ``update(dt)`` each
fixed step (held pad directions auto-repeat there). Scenes never see raw events.

Gamepads go through SDL's game-controller API (``pygame._sdl2.controller``), which gives a
standard Xbox-style layout. Devices SDL has no mapping for fall back to the plain joystick
API. SDL sends JOY* events for game controllers too, so JOY* events are only mapped for
devices this mapper opened as plain joysticks; that is what stops double actions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
from pygame._sdl2 import controller

from game.engine.actions import Act, Action

# Pad tuning. Axis values are normalised to -1..1 (triggers 0..1).
STICK_PRESS = 0.6  # a stick push counts past this...
STICK_RELEASE = 0.3  # ...and re-arms only once it falls back under this (hysteresis)
TRIGGER_PRESS = 0.5
TRIGGER_RELEASE = 0.25
REPEAT_DELAY = 0.4  # seconds a direction is held before the first repeat
REPEAT_INTERVAL = 0.12
TOGGLE_GAP = 0.5  # seconds: key-downs of a toggle closer than this are repeats

_KEYS: dict[int, Act] = {
    pygame.K_UP: Act.UP,
    pygame.K_DOWN: Act.DOWN,
    pygame.K_LEFT: Act.LEFT,
    pygame.K_RIGHT: Act.RIGHT,
    pygame.K_RETURN: Act.SELECT,
    pygame.K_KP_ENTER: Act.SELECT,
    pygame.K_SPACE: Act.SELECT,
    pygame.K_ESCAPE: Act.CANCEL,
    pygame.K_BACKSPACE: Act.UNDO,
    pygame.K_F1: Act.HELP,
    pygame.K_F3: Act.DEALS,
    pygame.K_F10: Act.MENU,
    pygame.K_PAGEUP: Act.PAGE_UP,
    pygame.K_PAGEDOWN: Act.PAGE_DOWN,
    pygame.K_HOME: Act.HOME,
    pygame.K_END: Act.END,
    pygame.K_DELETE: Act.DELETE,
    pygame.K_TAB: Act.CHAT,
}
_ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)

# Keypad digits by key code, and by scancode for when NumLock is off and SDL reports the
# keypad's arrow/Home/PgUp meaning instead: the manual's keypad layout must work either way.
_KEYPAD_KEYS = {getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)}
_KEYPAD_SCANCODES = {getattr(pygame, f"KSCAN_KP_{d}"): str(d) for d in range(10)}

_PAD_BUTTONS: dict[int, Act] = {
    pygame.CONTROLLER_BUTTON_A: Act.SELECT,
    pygame.CONTROLLER_BUTTON_B: Act.CANCEL,
    pygame.CONTROLLER_BUTTON_X: Act.SECONDARY,
    pygame.CONTROLLER_BUTTON_Y: Act.HINT,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Act.UNDO,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Act.REDO,
    pygame.CONTROLLER_BUTTON_START: Act.MENU,
    pygame.CONTROLLER_BUTTON_BACK: Act.HELP,
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: Act.CHAT,
}
_PAD_DPAD: dict[int, Act] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: Act.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Act.DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Act.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Act.RIGHT,
}
_PAD_TRIGGERS: dict[int, Act] = {
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: Act.PAGE_UP,
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: Act.PAGE_DOWN,
}
# Plain joysticks have no standard layout; this follows the common XInput/DirectInput order.
_JOY_BUTTONS: dict[int, Act] = {
    0: Act.SELECT,
    1: Act.CANCEL,
    2: Act.SECONDARY,
    3: Act.HINT,
    4: Act.UNDO,
    5: Act.REDO,
    6: Act.HELP,
    7: Act.MENU,
}


@dataclass(slots=True)
class _Repeat:
    act: Act
    wait: float = REPEAT_DELAY  # seconds until the next repeat


@dataclass(slots=True)
class _Stick:
    x: float = 0.0
    y: float = 0.0  # SDL: positive is down
    held: Act | None = None


def _along(stick: _Stick, act: Act) -> float:
    """How far the stick is pushed towards ``act``."""
    return {Act.UP: -stick.y, Act.DOWN: stick.y, Act.LEFT: -stick.x, Act.RIGHT: stick.x}[act]


def _stick_direction(x: float, y: float) -> Act | None:
    if max(abs(x), abs(y)) < STICK_PRESS:
        return None
    if abs(x) >= abs(y):
        return Act.RIGHT if x > 0 else Act.LEFT
    return Act.DOWN if y > 0 else Act.UP


def _modifiers(mod: int) -> frozenset[str]:
    """The modifier keys in an SDL modifier mask, by name (GUI, macOS Cmd, counts as ctrl)."""
    names = (("shift", pygame.KMOD_SHIFT), ("ctrl", pygame.KMOD_CTRL | pygame.KMOD_GUI),
             ("alt", pygame.KMOD_ALT))
    return frozenset(name for name, mask in names if mod & mask)


def _hat_direction(value: tuple[int, int]) -> Act | None:
    x, y = value  # hat y is +1 for up, unlike sticks
    if y:
        return Act.UP if y > 0 else Act.DOWN
    if x:
        return Act.RIGHT if x > 0 else Act.LEFT
    return None


class InputMapper:
    """Turns pygame events into ``Action`` lists and tracks which device is in use."""

    def __init__(self, to_logical: Callable[[tuple[int, int]], tuple[float, float]]) -> None:
        self.to_logical = to_logical
        self.last_device = "mouse"  # "mouse" | "keyboard" | "pad": drives cursor and prompts
        # the device of the newest action (None: none yet; the mouse is only
        # last_device's guess before anything is used)
        self.device_used: str | None = None
        self._pads: dict[int, controller.Controller] = {}  # by SDL instance id
        self._joys: dict[int, pygame.joystick.JoystickType] = {}  # non-controller fallbacks
        self._holds: dict[tuple[int, str], _Repeat] = {}  # (instance id, source) -> repeat
        self._sticks: dict[int, _Stick] = {}
        self._triggers: set[tuple[int, int]] = set()  # (instance id, axis) pulled past press
        self._pads_ready: bool | None = None  # None until the first use tries to init
        self.clock = 0.0  # seconds of fixed steps (deterministic, unlike the wall clock)
        self._toggled: dict[int, float] = {}  # toggle key -> when it last toggled
        self._down: set[int] = set()  # keys pressed and not yet released
        # Keys already down when the scene changed: their repeats belong to the scene the
        # press was for (Return on Start would place a card at the table it opened).
        self._carried: set[int] = set()

    # -- public -------------------------------------------------------------------------

    def translate(self, event: pygame.event.Event) -> list[Action]:
        self._init_pads()
        t = event.type
        if t == pygame.QUIT:
            return [Action(Act.QUIT)]
        if t == pygame.KEYDOWN:
            if event.key in self._carried:
                return []
            self._down.add(event.key)
            out = self._key(event)
        elif t in (pygame.KEYUP, pygame.WINDOWFOCUSLOST):  # a release may never come unfocused
            released = {event.key} if t == pygame.KEYUP else set(self._down)
            self._down -= released
            self._carried -= released
            out = []
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            out = self._mouse(event)
        elif t == pygame.MOUSEWHEEL:
            out = [Action(Act.WHEEL, amount=int(event.y), device="mouse")] if event.y else []
        else:
            out = self._pad(event)
        if out:
            self.last_device = out[-1].device
            self.device_used = self.last_device
        return out

    def update(self, dt: float) -> list[Action]:
        """Auto-repeat held pad directions; call once per fixed step."""
        self.clock += dt
        out: list[Action] = []
        for (iid, _), rep in self._holds.items():
            rep.wait -= dt
            if rep.wait <= 0:
                out.append(Action(rep.act, device="pad", pad=iid))
                rep.wait += REPEAT_INTERVAL
                if rep.wait <= 0:  # after a long stall, don't fire a burst of catch-up repeats
                    rep.wait = REPEAT_INTERVAL
        if out:
            self.last_device = "pad"
            self.device_used = self.last_device
        return out

    def scene_changed(self) -> None:
        """A scene opened or closed: the keys held now act in it only once pressed again."""
        self._carried = set(self._down)

    def pads_connected(self) -> int:
        self._init_pads()
        return len(self._pads) + len(self._joys)

    # -- keyboard and mouse -------------------------------------------------------------

    def _key(self, event: pygame.event.Event) -> list[Action]:
        key: int = event.key
        mod: int = getattr(event, "mod", 0)
        # AltGr arrives as Ctrl+RAlt on Windows and as MODE on X11: it is typing, not Ctrl.
        altgr = mod & (pygame.KMOD_RALT | pygame.KMOD_MODE)
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_GUI)) and not altgr  # GUI: macOS Cmd

        def act(kind: Act, char: str = "") -> list[Action]:
            return [Action(kind, key=char, device="keyboard")]

        if key in _ENTER_KEYS and mod & pygame.KMOD_ALT or key == pygame.K_F11:
            # A toggle: a held key's repeats (or a release lost while the window was
            # recreated) must not switch back and forth.
            last, self._toggled[key] = self._toggled.get(key, -TOGGLE_GAP), self.clock
            return [] if self.clock - last < TOGGLE_GAP else act(Act.FULLSCREEN)
        digit = _KEYPAD_KEYS.get(key) or _KEYPAD_SCANCODES.get(getattr(event, "scancode", -1))
        if digit is not None:
            return [] if ctrl else act(Act.KEY, digit)
        if key in _KEYS:  # Space keeps its character for text fields (names)
            return act(_KEYS[key], " " if key == pygame.K_SPACE else "")
        char = _char(event)
        if not char:
            return []
        if ctrl:
            if char == "z":
                return act(Act.REDO if mod & pygame.KMOD_SHIFT else Act.UNDO)
            ctrl_keys = {"y": Act.REDO, "a": Act.SELECT_ALL}
            return act(ctrl_keys[char]) if char in ctrl_keys else []
        typed: str = getattr(event, "unicode", "")
        text = typed if len(typed) == 1 and typed.isprintable() else char
        return [Action(Act.KEY, key=char, text=text, device="keyboard")]

    def _mouse(self, event: pygame.event.Event) -> list[Action]:
        # Always the event's own pos: posted/replayed events don't move pygame.mouse.
        # Touch-emulated events (event.touch) are kept so touch works as a mouse.
        pos = self.to_logical(event.pos)
        if event.type == pygame.MOUSEMOTION:
            held = getattr(event, "buttons", (0, 0, 0))
            button = next((i + 1 for i, down in enumerate(held[:3]) if down), 0)
            return [Action(Act.POINTER_MOVE, pos=pos, button=button, device="mouse")]
        if event.button not in (1, 2, 3):
            return []  # 4-7 are SDL's legacy wheel clicks; MOUSEWHEEL covers them
        kind = Act.POINTER_DOWN if event.type == pygame.MOUSEBUTTONDOWN else Act.POINTER_UP
        return [Action(kind, pos=pos, button=event.button, device="mouse",
                       mods=_modifiers(pygame.key.get_mods()))]

    # -- pads ---------------------------------------------------------------------------

    def _init_pads(self) -> None:
        if self._pads_ready is not None:
            return
        try:
            if not pygame.joystick.get_init():
                pygame.joystick.init()
            if not controller.get_init():
                controller.init()  # queues CONTROLLERDEVICEADDED for pads already present
            self._pads_ready = True
        except pygame.error:
            self._pads_ready = False  # no controller support: plain joysticks only
        # Devices whose ADDED events were consumed before this mapper existed.
        for index in range(pygame.joystick.get_count() if pygame.joystick.get_init() else 0):
            self._add_device(index)

    def _is_controller(self, index: int) -> bool:
        try:
            return bool(self._pads_ready) and controller.is_controller(index)
        except pygame.error:
            return False

    def _add_device(self, index: int) -> None:
        # Device indices go stale if another pad is unplugged first: failures are not fatal.
        try:
            if self._is_controller(index):
                pad = controller.Controller(index)
                iid = pad.as_joystick().get_instance_id()
                self._pads.setdefault(iid, pad)
            else:
                joy = pygame.joystick.Joystick(index)
                iid = joy.get_instance_id()
                if iid not in self._pads:
                    self._joys.setdefault(iid, joy)
        except pygame.error:
            pass

    def _remove_device(self, iid: int) -> None:
        device = self._pads.pop(iid, None) or self._joys.pop(iid, None)
        if device is not None:
            try:
                device.quit()
            except pygame.error:
                pass
        self._holds = {k: v for k, v in self._holds.items() if k[0] != iid}
        self._sticks.pop(iid, None)
        self._triggers = {k for k in self._triggers if k[0] != iid}

    def _pad(self, event: pygame.event.Event) -> list[Action]:
        t = event.type
        if t in (pygame.CONTROLLERDEVICEADDED, pygame.JOYDEVICEADDED):
            # A game controller gets both; _add_device opens it as a pad, once.
            self._add_device(event.device_index)
            return []
        if t in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            self._remove_device(event.instance_id)  # SDL sends both kinds for any device
            return []
        if t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            down = t == pygame.CONTROLLERBUTTONDOWN
            return self._pad_button(event.instance_id, event.button, down)
        if t == pygame.CONTROLLERAXISMOTION:
            return self._pad_axis(event.instance_id, event.axis, event.value / 32767)
        if getattr(event, "instance_id", None) not in self._joys:
            return []  # includes the JOY* twins of controller events
        if t == pygame.JOYBUTTONDOWN and event.button in _JOY_BUTTONS:
            return [Action(_JOY_BUTTONS[event.button], device="pad", pad=event.instance_id)]
        if t == pygame.JOYHATMOTION and event.hat == 0:
            return self._hat(event.instance_id, _hat_direction(event.value))
        if t == pygame.JOYAXISMOTION and event.axis in (0, 1):  # cheap pads put the D-pad here
            return self._stick(event.instance_id, event.axis, event.value)
        return []

    def _pad_button(self, iid: int, button: int, down: bool) -> list[Action]:
        if button in _PAD_DPAD:
            if down:
                return [self._press(iid, "dpad", _PAD_DPAD[button])]
            self._release(iid, "dpad", _PAD_DPAD[button])
            return []
        if down and button in _PAD_BUTTONS:
            return [Action(_PAD_BUTTONS[button], device="pad", pad=iid)]
        return []

    def _pad_axis(self, iid: int, axis: int, value: float) -> list[Action]:
        if axis in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return self._stick(iid, axis, max(-1.0, value))
        if axis in _PAD_TRIGGERS:
            pulled = (iid, axis) in self._triggers
            if not pulled and value >= TRIGGER_PRESS:
                self._triggers.add((iid, axis))
                return [Action(_PAD_TRIGGERS[axis], device="pad", pad=iid)]
            if pulled and value < TRIGGER_RELEASE:
                self._triggers.discard((iid, axis))
        return []

    def _stick(self, iid: int, axis: int, value: float) -> list[Action]:
        stick = self._sticks.setdefault(iid, _Stick())
        if axis == 0:
            stick.x = value
        else:
            stick.y = value
        if stick.held is not None and _along(stick, stick.held) < STICK_RELEASE:
            stick.held = None
            self._release(iid, "stick")
        if stick.held is None:
            stick.held = _stick_direction(stick.x, stick.y)
            if stick.held is not None:
                return [self._press(iid, "stick", stick.held)]
        return []

    def _hat(self, iid: int, direction: Act | None) -> list[Action]:
        held = self._holds.get((iid, "hat"))
        if held is not None and held.act == direction:
            return []  # e.g. up -> up+right: still up, keep repeating without a new step
        self._release(iid, "hat")
        return [self._press(iid, "hat", direction)] if direction else []

    def _press(self, iid: int, source: str, act: Act) -> Action:
        self._holds[(iid, source)] = _Repeat(act)  # the newest direction is the one repeating
        return Action(act, device="pad", pad=iid)

    def _release(self, iid: int, source: str, act: Act | None = None) -> None:
        held = self._holds.get((iid, source))
        if held is not None and (act is None or held.act == act):
            del self._holds[(iid, source)]


def _char(event: pygame.event.Event) -> str:
    """The typed character, lowercased; falls back to the key name (Ctrl mangles unicode)."""
    text: str = getattr(event, "unicode", "")
    if len(text) == 1 and text.isprintable() and not text.isspace():
        return text.lower()
    name = pygame.key.name(event.key)
    return name.lower() if len(name) == 1 and name.isprintable() else ""
