"""Text fields in dialogs: a pad-only player types an address and a name on the on-screen
keyboard and joins a table; a default name is selected so typing replaces it; Ctrl+A and
Backspace clear it; the keyboard fits the dialog at every window size and in TV mode.
Driven by a real virtual pad and posted keys, checked on state and on pixels."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.osk import OnScreenKeyboard
from game.engine.ui import SELECTION, Dialog
from scenes.menu import MenuScene
from scenes.net_lobby import LobbyScene
from tests.driver import DPAD, frames, key, make_app, pad_press, type_text
from tests.net_gui_tools import open_network_menu, table_for_two, until


def keyboard_of(app) -> OnScreenKeyboard:  # noqa: ANN001
    dialog = app.scene.hud.dialog
    assert dialog is not None and dialog.keyboard is not None, "the on-screen keyboard shows"
    return dialog.keyboard


def pad_type(app, pad, text: str) -> None:  # noqa: ANN001
    """Each character by walking the keyboard's focus to its key (rows first) and A."""
    for ch in text:
        kb = keyboard_of(app)
        want = ch.lower()
        if ch.isupper() != kb.shift:
            walk(app, pad, "shift")
            pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
            kb = keyboard_of(app)
        walk(app, pad, " " if ch == " " else want)
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)


def walk(app, pad, target: str) -> None:  # noqa: ANN001
    for _ in range(30):
        kb = keyboard_of(app)
        centres = {k.key: k.rect.center for k in kb.keys()}
        if kb.focus == target:
            return
        here, there = centres[kb.focus], centres[target]
        if abs(there[1] - here[1]) > 10:
            pad_press(app, pad, DPAD["down" if there[1] > here[1] else "up"])
        else:
            pad_press(app, pad, DPAD["right" if there[0] > here[0] else "left"])
    raise AssertionError(f"the keyboard's focus never reached {target!r}")


def highlighted(app, dialog: Dialog) -> int:  # noqa: ANN001
    """Pixels of the selection's colour in the dialog's field."""
    field = pygame.Rect(app.viewport.rect_px(*dialog.field_rect()))
    shot = app.screen.subsurface(field)
    return sum(shot.get_at((x, y))[:3] == SELECTION for x in range(0, field.w, 2)
               for y in range(0, field.h, 2))


def test_a_pad_only_player_types_the_address_and_name_and_joins(tmp_path: Path, pad) -> None:  # noqa: ANN001
    server, port, host = table_for_two()
    app = make_app(tmp_path, animation="off")
    try:
        until(app, lambda: host.poll() is not None and host.status == "lobby", "the host")
        pad.attach()
        open_network_menu(app)
        for _ in range(2):
            pad_press(app, pad, DPAD["right"])  # Play here > Host a table > Connect
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
        assert app.scene.hud.dialog.title == "Connect"
        frames(app)
        pad_type(app, pad, f"127.0.0.1:{port}")
        assert app.scene.hud.dialog.text == f"127.0.0.1:{port}"
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_X)  # X deletes...
        pad_type(app, pad, str(port)[-1])  # ...and the key types it again
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_Y)  # Y confirms
        dialog = app.scene.hud.dialog
        assert dialog.title == "Your name" and dialog.text == "Player" and dialog.selected
        pad_type(app, pad, "Al")
        assert dialog.text == "Al", "the default name was replaced, not added to"
        walk(app, pad, "done")
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
        assert isinstance(app.scene, LobbyScene)
        until(app, lambda: host.poll() is not None and host.lobby is not None
              and host.lobby.seats[1].name == "Al", "Al seated at the host's table")
    finally:
        host.close()
        server.close()
        app.quit()


def test_b_cancels_and_down_off_the_keys_reaches_the_buttons(tmp_path: Path, pad) -> None:  # noqa: ANN001
    app = make_app(tmp_path)
    pad.attach()
    menu = MenuScene(app)
    app.push(menu)
    answers: list[str] = []
    dialog = Dialog("Name", "Who?", [("ok", "OK", ""), ("back", "Cancel", "")],
                    answers.append, text="Player", cancel_key="back")
    menu.hud.ask(dialog)
    frames(app)
    assert dialog.keyboard is not None, "a pad is connected: the keys show from the start"
    for _ in range(6):
        pad_press(app, pad, DPAD["down"])
    assert dialog.keyboard.focus is None, "down off the last row: on to OK / Cancel"
    pad_press(app, pad, DPAD["right"])
    assert dialog.focus == 1
    pad_press(app, pad, DPAD["up"])
    assert dialog.keyboard.focus == "done"
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_B)
    assert answers == ["back"]


def test_the_default_text_is_selected_and_typing_replaces_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    menu = MenuScene(app)
    app.push(menu)
    dialog = Dialog("Name", "Who?", [("ok", "OK", "")], lambda _: None, text="Player")
    menu.hud.ask(dialog)
    frames(app)
    assert dialog.keyboard is None, "no pad: no on-screen keys"
    assert highlighted(app, dialog) > 100, "the default is drawn selected"
    type_text(app, "Ann")
    assert dialog.text == "Ann" and highlighted(app, dialog) == 0
    key(app, pygame.K_a, "\x01", mod=pygame.KMOD_LCTRL)
    assert dialog.selected and dialog.text == "Ann", "Ctrl+A selects all"
    key(app, pygame.K_BACKSPACE)
    assert dialog.text == "" and not dialog.selected, "Backspace clears the selection"
    type_text(app, "Bo")
    key(app, pygame.K_BACKSPACE)
    assert dialog.text == "B", "without a selection Backspace deletes one"


@pytest.mark.parametrize("size,tv", [((1280, 720), False), ((1920, 1080), False),
                                     ((1280, 720), True), ((800, 500), True)])
def test_the_keyboard_fits_inside_its_dialog(tmp_path: Path, size, tv: bool) -> None:  # noqa: ANN001
    app = make_app(tmp_path, size=size, tv_mode=tv)
    open_network_menu(app)
    key(app, pygame.K_c, "c")
    dialog = app.scene.hud.dialog
    app.scene.hud.show_keyboard(dialog)
    frames(app, 2)
    panel = dialog.rect()
    keys = [k.rect for k in dialog.keyboard.keys()]
    assert all(panel.contains(k) for k in keys)
    top_of_buttons = min(b.rect.top for b in dialog.buttons())
    assert max(k.bottom for k in keys) < top_of_buttons
    assert dialog.field_rect().bottom < min(k.top for k in keys)
    assert panel.top >= 0 and panel.bottom <= 1080
    done = next(k for k in dialog.keyboard.keys() if k.key == "done").rect
    x, y = app.viewport.to_px(done.x + 6, done.centery)
    assert app.screen.get_at((x, y))[:3] != app.screen.get_at(
        app.viewport.to_px(panel.x + 4, panel.bottom - 4))[:3], "the keys are drawn"


def test_left_and_right_cross_the_bottom_row(tmp_path: Path, pad) -> None:  # noqa: ANN001
    """Shift > Space > Done and back by the D-pad, never jumping up a row; the ends stay."""
    app = make_app(tmp_path)
    pad.attach()
    menu = MenuScene(app)
    app.push(menu)
    dialog = Dialog("Name", "Who?", [("ok", "OK", "")], lambda _: None, text="Player")
    menu.hud.ask(dialog)
    frames(app)
    kb = dialog.keyboard
    assert kb is not None
    walk(app, pad, "shift")
    seen = [kb.focus]
    for _ in range(3):
        pad_press(app, pad, DPAD["right"])
        seen.append(kb.focus)
    assert seen == ["shift", " ", "done", "done"]
    for _ in range(3):
        pad_press(app, pad, DPAD["left"])
        seen.append(kb.focus)
    assert seen[4:] == [" ", "shift", "shift"]
    walk(app, pad, "a")
    pad_press(app, pad, DPAD["right"])
    assert kb.focus == "s", "the letter rows move sideways as before"


def test_a_pad_player_types_the_port_on_a_keypad(tmp_path: Path, pad) -> None:  # noqa: ANN001
    """The host's port takes digits only: the pad's keyboard is ten keys, not forty."""
    app = make_app(tmp_path, animation="off")
    try:
        pad.attach()
        menu = open_network_menu(app, "poker-squares")
        key(app, pygame.K_h, "h")
        key(app, pygame.K_r, "r")  # Race
        key(app, pygame.K_2, "2")  # two people
        key(app, pygame.K_o, "o")  # no turn timer
        key(app, pygame.K_t, "t")  # this machine only
        dialog = menu.hud.dialog
        assert dialog.title == "Port" and dialog.digits
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_X)  # the keypad shows, and X deletes
        kb = keyboard_of(app)
        assert {k.key for k in kb.keys()} == set("0123456789\b") | {"done"}
        for _ in range(4):
            pad_press(app, pad, pygame.CONTROLLER_BUTTON_X)
        pad_type(app, pad, "4800")
        assert menu.hud.dialog.text == "4800"
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_Y)
        assert menu.hud.dialog.title == "Your name"
        assert menu.hud.dialog.keyboard is not None and "q" in {
            k.key for k in menu.hud.dialog.keyboard.keys()}, "a name has every letter"
    finally:
        app.quit()
