"""The actions every input device maps to. Scenes only ever see these.

Mouse, keyboard and gamepad all produce ``Action`` values; positions are already
in logical layout units (see game.engine.layout), never raw window pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Act(StrEnum):
    UP = "up"  # move the focus cursor
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    SELECT = "select"  # pick up / drop / press the focused thing (Enter, Space, pad A)
    CANCEL = "cancel"  # drop the selection, close a dialog (Esc, pad B)
    SECONDARY = "secondary"  # the game's second action: Pyramid turns the pack (pad X)
    HINT = "hint"  # pad Y
    UNDO = "undo"  # Ctrl+Z, Backspace, pad LB
    REDO = "redo"  # Ctrl+Y, Ctrl+Shift+Z, pad RB
    MENU = "menu"  # F10, pad Start
    HELP = "help"  # F1, pad Back
    FULLSCREEN = "fullscreen"  # F11, Alt+Enter
    PAGE_UP = "page_up"  # PgUp, pad left trigger
    PAGE_DOWN = "page_down"  # PgDn, pad right trigger
    HOME = "home"
    END = "end"
    DELETE = "delete"  # Delete key: remove the chosen thing (a replay in the list)
    SELECT_ALL = "select_all"  # Ctrl+A: a text field's whole text, for typing over it
    KEY = "key"  # a plain character key: ``key`` holds it ("1".."9", "a".."z", "?")
    POINTER_DOWN = "pointer_down"  # mouse button pressed at ``pos`` (``button`` 1/2/3)
    POINTER_UP = "pointer_up"
    POINTER_MOVE = "pointer_move"
    WHEEL = "wheel"  # ``amount`` > 0 scrolls up
    CHAT = "chat"  # open the table talk: Tab, pad right-stick click (network tables)
    DEALS = "deals"  # F3: the deal number's menu (restart it, play another by number)
    QUIT = "quit"  # the window's close button


@dataclass(frozen=True, slots=True)
class Action:
    kind: Act
    pos: tuple[float, float] | None = None  # logical units, for pointer actions
    button: int = 0
    key: str = ""  # a KEY's character, lowercased (hotkeys)
    text: str = ""  # a KEY's character as typed (names keep their capitals)
    amount: int = 0
    device: str = "keyboard"  # "keyboard" | "mouse" | "pad"
    pad: int = -1  # which pad (SDL instance id), so two players can each have their own
    # Keyboard modifiers held at a POINTER_DOWN / POINTER_UP ("shift", "ctrl", "alt"): read
    # when the event is translated, so a click means what it meant when it was made.
    mods: frozenset[str] = frozenset()
