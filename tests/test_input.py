"""InputMapper: real pygame events in, Actions out; pads via a real SDL virtual gamepad."""

from __future__ import annotations

import os
from dataclasses import replace

for _var, _val in (
    ("SDL_VIDEODRIVER", "dummy"),
    ("SDL_AUDIODRIVER", "dummy"),
    ("PYGAME_HIDE_SUPPORT_PROMPT", "1"),
):
    os.environ.setdefault(_var, _val)

from collections.abc import Callable, Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.actions import Act, Action  # noqa: E402
from game.engine.input import REPEAT_DELAY, REPEAT_INTERVAL, InputMapper  # noqa: E402
from game.engine.vpad import HAT_CENTERED, HAT_LEFT, HAT_UP, VirtualPad, VirtualPadUnavailable  # noqa: E402

B = pygame  # CONTROLLER_BUTTON_* / CONTROLLER_AXIS_* live on pygame itself
MAX, MIN = 32767, -32768


@pytest.fixture(scope="module", autouse=True)
def _display() -> None:
    pygame.init()
    pygame.display.set_mode((64, 64))


@pytest.fixture
def mapper() -> InputMapper:
    pygame.event.get()  # drop window noise and anything left by earlier tests
    m = InputMapper(lambda p: (p[0] / 10, p[1] / 10))
    drain(m)  # lets the mapper initialise pads and see pads already present
    return m


@pytest.fixture
def make_pad() -> Iterator[Callable[..., VirtualPad]]:
    pads: list[VirtualPad] = []

    def make(controller: bool = True) -> VirtualPad:
        try:
            pad = VirtualPad(controller=controller)
        except VirtualPadUnavailable as exc:
            pytest.skip(str(exc))
        pads.append(pad)
        return pad

    yield make
    for pad in pads:  # never leave a virtual device attached for the next test
        pad.detach()
    pygame.event.get()


def plug(m: InputMapper, pad: VirtualPad) -> VirtualPad:
    # SDL only reports CONTROLLER* input for opened controllers, so the mapper must see the
    # ADDED event (and open the pad) before the pad is touched, as in the real frame loop.
    pad.attach()
    assert drain(m) == []
    return pad


def drain(m: InputMapper) -> list[Action]:
    # Which pad an action came from is checked in test_seats; here only what it means.
    return [replace(a, pad=-1) for e in pygame.event.get() for a in m.translate(e)]


def feed(m: InputMapper, *events: pygame.event.Event) -> list[Action]:
    for e in events:
        pygame.event.post(e)
    return drain(m)


def kinds(actions: list[Action]) -> list[Act]:
    return [a.kind for a in actions]


def key(k: int, mod: int = 0, uni: str = "", **extra: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni, **extra)


# -- keyboard ------------------------------------------------------------------------------

CTRL, SHIFT, ALT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT, pygame.KMOD_LALT


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        (key(pygame.K_UP), Act.UP),
        (key(pygame.K_DOWN), Act.DOWN),
        (key(pygame.K_LEFT), Act.LEFT),
        (key(pygame.K_RIGHT), Act.RIGHT),
        (key(pygame.K_RETURN, uni="\r"), Act.SELECT),
        (key(pygame.K_KP_ENTER, uni="\r"), Act.SELECT),
        (key(pygame.K_SPACE, uni=" "), Act.SELECT),
        (key(pygame.K_ESCAPE, uni="\x1b"), Act.CANCEL),
        (key(pygame.K_BACKSPACE, uni="\b"), Act.UNDO),
        (key(pygame.K_z, CTRL, "\x1a"), Act.UNDO),
        (key(pygame.K_z, pygame.KMOD_RCTRL, "\x1a"), Act.UNDO),
        (key(pygame.K_y, CTRL, "\x19"), Act.REDO),
        (key(pygame.K_z, CTRL | SHIFT, "\x1a"), Act.REDO),
        (key(pygame.K_F1), Act.HELP),
        (key(pygame.K_F10), Act.MENU),
        (key(pygame.K_F11), Act.FULLSCREEN),
        (key(pygame.K_RETURN, ALT, "\r"), Act.FULLSCREEN),
        (key(pygame.K_KP_ENTER, pygame.KMOD_RALT, "\r"), Act.FULLSCREEN),
        (key(pygame.K_PAGEUP), Act.PAGE_UP),
        (key(pygame.K_PAGEDOWN), Act.PAGE_DOWN),
        (key(pygame.K_HOME), Act.HOME),
        (key(pygame.K_END), Act.END),
    ],
)
def test_key_commands(mapper: InputMapper, event: pygame.event.Event, expected: Act) -> None:
    actions = feed(mapper, event)
    char = " " if event.key == pygame.K_SPACE else ""  # Space keeps its character for names
    # exactly one: Alt+Enter != SELECT
    assert actions == [Action(expected, key=char, device="keyboard")]
    assert mapper.last_device == "keyboard"


@pytest.mark.parametrize("digit", range(10))
def test_keypad_digits_are_keys(mapper: InputMapper, digit: int) -> None:
    kp = getattr(pygame, f"K_KP{digit}")
    with_numlock = key(kp, pygame.KMOD_NUM, str(digit))
    without = key(kp)
    assert kinds(feed(mapper, with_numlock, without)) == [Act.KEY, Act.KEY]
    assert [a.key for a in feed(mapper, with_numlock, without)] == [str(digit)] * 2


def test_keypad_without_numlock_reported_as_arrow_is_still_a_digit(mapper: InputMapper) -> None:
    # SDL can report keypad 8 as K_UP with NumLock off; the scancode still says keypad 8.
    kp8_as_up = key(pygame.K_UP, scancode=pygame.KSCAN_KP_8)
    real_up = key(pygame.K_UP, scancode=pygame.KSCAN_UP)
    assert feed(mapper, kp8_as_up, real_up) == [Action(Act.KEY, key="8"), Action(Act.UP)]


@pytest.mark.parametrize(
    ("event", "char"),
    [
        (key(pygame.K_a, uni="a"), "a"),
        (key(pygame.K_a, SHIFT, "A"), "a"),
        (key(pygame.K_h, uni=""), "h"),  # no unicode: falls back to the key name
        (key(pygame.K_3, uni="3"), "3"),
        (key(pygame.K_SLASH, SHIFT, "?"), "?"),
        (key(pygame.K_q, pygame.KMOD_LCTRL | pygame.KMOD_RALT, "@"), "@"),  # AltGr on Windows
    ],
)
def test_character_keys(mapper: InputMapper, event: pygame.event.Event, char: str) -> None:
    (action,) = feed(mapper, event)
    assert (action.kind, action.key, action.device) == (Act.KEY, char, "keyboard")
    assert action.text == (event.unicode or char)


def test_ctrl_letters_are_shortcuts_only(mapper: InputMapper) -> None:
    ignored = [key(pygame.K_b, CTRL, "\x02"), key(pygame.K_5, CTRL, "5"), key(pygame.K_KP5, CTRL)]
    assert feed(mapper, *ignored) == []
    (select_all,) = feed(mapper, key(pygame.K_a, CTRL, "\x01"))
    assert select_all.kind == Act.SELECT_ALL, "Ctrl+A selects a field's text, never types a"
    assert feed(mapper, pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=0)) == []
    assert feed(mapper, key(pygame.K_LSHIFT), key(pygame.K_F5)) == []


def test_a_key_held_across_a_scene_change_acts_again_only_once_released(
        mapper: InputMapper) -> None:
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)
    assert kinds(feed(mapper, key(pygame.K_RETURN, uni="\r"))) == [Act.SELECT]
    mapper.scene_changed()  # Return opened a scene and is still down
    assert feed(mapper, key(pygame.K_RETURN, uni="\r")) == [], "its repeat is the old press"
    assert kinds(feed(mapper, key(pygame.K_UP))) == [Act.UP], "other keys act"
    assert kinds(feed(mapper, up, key(pygame.K_RETURN, uni="\r"))) == [Act.SELECT]
    mapper.scene_changed()
    lost = pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None)
    assert kinds(feed(mapper, lost, key(pygame.K_RETURN, uni="\r"))) == [Act.SELECT], \
        "a release lost while the window was away does not swallow the next press"


# -- mouse and window ----------------------------------------------------------------------


def test_mouse_buttons_use_event_pos_through_to_logical(mapper: InputMapper) -> None:
    down, up = pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP
    actions = feed(
        mapper,
        pygame.event.Event(down, pos=(10, 20), button=1),
        pygame.event.Event(up, pos=(30, 40), button=1),
        pygame.event.Event(down, pos=(5, 5), button=2),
        pygame.event.Event(up, pos=(0, 0), button=3),
    )
    assert actions == [
        Action(Act.POINTER_DOWN, pos=(1.0, 2.0), button=1, device="mouse"),
        Action(Act.POINTER_UP, pos=(3.0, 4.0), button=1, device="mouse"),
        Action(Act.POINTER_DOWN, pos=(0.5, 0.5), button=2, device="mouse"),
        Action(Act.POINTER_UP, pos=(0.0, 0.0), button=3, device="mouse"),
    ]
    assert mapper.last_device == "mouse"


def test_mouse_buttons_carry_the_modifiers_held(mapper: InputMapper) -> None:
    """A click says which modifier keys were down when it was made (Shift-click)."""
    down, up = pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP
    try:
        pygame.key.set_mods(pygame.KMOD_LSHIFT)
        shifted = feed(mapper, pygame.event.Event(down, pos=(10, 20), button=1))  # posted
        pygame.key.set_mods(pygame.KMOD_RCTRL | pygame.KMOD_LALT)
        both = feed(mapper, pygame.event.Event(up, pos=(10, 20), button=1))
        pygame.key.set_mods(0)
        plain = feed(mapper, pygame.event.Event(down, pos=(10, 20), button=3))
    finally:
        pygame.key.set_mods(0)
    assert [a.mods for a in shifted] == [frozenset({"shift"})]
    assert shifted[0].kind == Act.POINTER_DOWN and shifted[0].pos == (1.0, 2.0)
    assert [a.mods for a in both] == [frozenset({"ctrl", "alt"})]
    assert [a.mods for a in plain] == [frozenset()]
    assert Action(Act.SELECT).mods == frozenset()  # every other action: none


def test_mouse_motion_wheel_and_touch(mapper: InputMapper) -> None:
    motion = pygame.event.Event(
        pygame.MOUSEMOTION, pos=(50, 60), rel=(1, 1), buttons=(1, 0, 0), touch=False
    )
    touch = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1, touch=True)
    legacy_wheel = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(0, 0), button=4)
    actions = feed(
        mapper,
        motion,
        touch,
        legacy_wheel,
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False),
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False),
        pygame.event.Event(pygame.MOUSEWHEEL, x=3, y=0, flipped=False),
    )
    assert actions == [
        Action(Act.POINTER_MOVE, pos=(5.0, 6.0), button=1, device="mouse"),
        Action(Act.POINTER_DOWN, pos=(2.0, 2.0), button=1, device="mouse"),
        Action(Act.WHEEL, amount=1, device="mouse"),
        Action(Act.WHEEL, amount=-2, device="mouse"),
    ]


def test_window_close_is_quit(mapper: InputMapper) -> None:
    assert kinds(feed(mapper, pygame.event.Event(pygame.QUIT))) == [Act.QUIT]


def test_last_device_follows_input(mapper: InputMapper) -> None:
    feed(mapper, key(pygame.K_LEFT))
    assert mapper.last_device == "keyboard"
    feed(mapper, pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(1, 1), buttons=(0, 0, 0)))
    assert mapper.last_device == "mouse"


# -- gamepad (real SDL virtual controller) -------------------------------------------------


def test_hot_plug_and_buttons(mapper: InputMapper, make_pad: Callable[..., VirtualPad]) -> None:
    assert mapper.pads_connected() == 0
    pad = plug(mapper, make_pad())
    assert mapper.pads_connected() == 1
    buttons = [
        (B.CONTROLLER_BUTTON_A, Act.SELECT),
        (B.CONTROLLER_BUTTON_B, Act.CANCEL),
        (B.CONTROLLER_BUTTON_X, Act.SECONDARY),
        (B.CONTROLLER_BUTTON_Y, Act.HINT),
        (B.CONTROLLER_BUTTON_LEFTSHOULDER, Act.UNDO),
        (B.CONTROLLER_BUTTON_RIGHTSHOULDER, Act.REDO),
        (B.CONTROLLER_BUTTON_START, Act.MENU),
        (B.CONTROLLER_BUTTON_BACK, Act.HELP),
        (B.CONTROLLER_BUTTON_DPAD_UP, Act.UP),
        (B.CONTROLLER_BUTTON_DPAD_DOWN, Act.DOWN),
        (B.CONTROLLER_BUTTON_DPAD_LEFT, Act.LEFT),
        (B.CONTROLLER_BUTTON_DPAD_RIGHT, Act.RIGHT),
    ]
    for button, act in buttons:
        pad.press(button)
        # one action only: SDL's JOYBUTTON twin of the controller event must not map too
        assert drain(mapper) == [Action(act, device="pad")], act
    assert mapper.last_device == "pad"
    for ignored in (B.CONTROLLER_BUTTON_GUIDE, B.CONTROLLER_BUTTON_LEFTSTICK):
        pad.press(ignored)
        assert drain(mapper) == []


def test_dpad_hold_repeats(mapper: InputMapper, make_pad: Callable[..., VirtualPad]) -> None:
    pad = plug(mapper, make_pad())
    pad.hold(B.CONTROLLER_BUTTON_DPAD_DOWN)
    assert kinds(drain(mapper)) == [Act.DOWN]
    assert mapper.update(REPEAT_DELAY - 0.01) == []
    assert kinds(mapper.update(0.02)) == [Act.DOWN]
    assert kinds(mapper.update(REPEAT_INTERVAL)) == [Act.DOWN]
    pad.release(B.CONTROLLER_BUTTON_DPAD_DOWN)
    assert drain(mapper) == []
    assert mapper.update(1.0) == []


def test_stick_is_digital_with_hysteresis_and_repeat(
    mapper: InputMapper, make_pad: Callable[..., VirtualPad]
) -> None:
    pad = plug(mapper, make_pad())
    x = B.CONTROLLER_AXIS_LEFTX
    pad.axis(x, 10000)  # inside the dead zone
    assert drain(mapper) == []
    pad.axis(x, 25000)  # past 0.6
    assert drain(mapper) == [Action(Act.RIGHT, device="pad")]
    pad.axis(x, 15000)  # between re-arm and trigger: still the same push
    pad.axis(x, 30000)
    assert drain(mapper) == []
    assert mapper.update(REPEAT_DELAY - 0.01) == []
    assert kinds(mapper.update(0.02)) == [Act.RIGHT]
    assert kinds(mapper.update(REPEAT_INTERVAL)) == [Act.RIGHT]
    assert kinds(mapper.update(10.0)) == [Act.RIGHT]  # a stall gives one repeat, not a burst
    pad.axis(x, 5000)  # below 0.3: released and re-armed
    assert drain(mapper) == []
    assert mapper.update(1.0) == []
    pad.axis(x, MIN)
    assert kinds(drain(mapper)) == [Act.LEFT]
    pad.axis(x, 0)
    pad.axis(B.CONTROLLER_AXIS_LEFTY, MIN)  # SDL sticks: negative y is up
    pad.axis(B.CONTROLLER_AXIS_LEFTY, MAX)
    assert kinds(drain(mapper)) == [Act.UP, Act.DOWN]


def test_triggers_page(mapper: InputMapper, make_pad: Callable[..., VirtualPad]) -> None:
    pad = plug(mapper, make_pad())
    left, right = B.CONTROLLER_AXIS_TRIGGERLEFT, B.CONTROLLER_AXIS_TRIGGERRIGHT
    pad.axis(left, MAX)  # raw joystick axis; SDL rescales triggers to 0..32767
    pad.axis(left, 20000)
    assert kinds(drain(mapper)) == [Act.PAGE_UP]
    pad.axis(left, MIN)
    pad.axis(left, MAX)
    pad.axis(right, MAX)
    assert kinds(drain(mapper)) == [Act.PAGE_UP, Act.PAGE_DOWN]
    assert mapper.update(1.0) == []  # triggers don't auto-repeat


def test_detach_while_held_and_reattach(
    mapper: InputMapper, make_pad: Callable[..., VirtualPad]
) -> None:
    pad = plug(mapper, make_pad())
    pad.axis(B.CONTROLLER_AXIS_LEFTY, MAX)
    assert kinds(drain(mapper)) == [Act.DOWN]
    pad.detach()
    assert drain(mapper) == []
    assert mapper.pads_connected() == 0
    assert mapper.update(1.0) == []  # the unplugged pad's held stick no longer repeats
    pad = plug(mapper, make_pad())
    assert mapper.pads_connected() == 1
    pad.press(B.CONTROLLER_BUTTON_A)
    assert kinds(drain(mapper)) == [Act.SELECT]


def test_two_pads(mapper: InputMapper, make_pad: Callable[..., VirtualPad]) -> None:
    first, second = plug(mapper, make_pad()), plug(mapper, make_pad())
    assert mapper.pads_connected() == 2
    first.detach()  # second's device index shifts down; both still behave
    second.press(B.CONTROLLER_BUTTON_B)
    assert kinds(drain(mapper)) == [Act.CANCEL]
    assert mapper.pads_connected() == 1


def test_pad_present_before_mapper(make_pad: Callable[..., VirtualPad]) -> None:
    pad = make_pad().attach()
    pygame.event.get()  # its ADDED events are gone before the mapper exists
    m = InputMapper(lambda p: (float(p[0]), float(p[1])))
    assert m.pads_connected() == 1
    drain(m)
    assert m.pads_connected() == 1
    pad.press(B.CONTROLLER_BUTTON_Y)
    assert kinds(drain(m)) == [Act.HINT]


def test_plain_joystick_fallback(mapper: InputMapper, make_pad: Callable[..., VirtualPad]) -> None:
    joy = plug(mapper, make_pad(controller=False))
    assert mapper.pads_connected() == 1
    acts = [Act.SELECT, Act.CANCEL, Act.SECONDARY, Act.HINT, Act.UNDO, Act.REDO, Act.HELP, Act.MENU]
    for button, act in enumerate(acts):
        joy.press(button)
        assert drain(mapper) == [Action(act, device="pad")]
    joy.hat(HAT_UP)
    joy.hat(HAT_UP | HAT_LEFT)  # diagonal keeps the first direction, no extra step
    assert kinds(drain(mapper)) == [Act.UP]
    assert kinds(mapper.update(REPEAT_DELAY)) == [Act.UP]
    joy.hat(HAT_LEFT)
    joy.hat(HAT_CENTERED)
    assert kinds(drain(mapper)) == [Act.LEFT]
    assert mapper.update(1.0) == []
    joy.axis(0, MAX)  # cheap pads report their D-pad on axes 0/1
    joy.axis(0, 0)
    joy.axis(1, MIN)
    assert kinds(drain(mapper)) == [Act.RIGHT, Act.UP]
    joy.detach()
    assert drain(mapper) == []
    assert mapper.pads_connected() == 0


def test_a_held_full_screen_key_toggles_once(mapper: InputMapper) -> None:
    f11 = key(pygame.K_F11)
    assert kinds(feed(mapper, f11, f11, f11)) == [Act.FULLSCREEN], "repeats are not presses"
    for _ in range(70):
        mapper.update(1 / 120)
    assert kinds(feed(mapper, f11)) == [Act.FULLSCREEN], "a new press later toggles again"


def test_typed_text_keeps_its_capitals(mapper: InputMapper) -> None:
    (action,) = feed(mapper, key(pygame.K_t, pygame.KMOD_LSHIFT, "T"))
    assert (action.kind, action.key, action.text) == (Act.KEY, "t", "T")
