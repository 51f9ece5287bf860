"""The mouse at a card table, as a part a card scene composes: pointer gestures turned
into the scene's clicks and drops (a legal drop target lit while dragging), the right
button's one meaning, and the Mouse option (Yes / No / Ask each game).

Its interface to the scene is ``PointerHost``: the table and HUD, and the scene's hooks
``on_click``, ``on_drop``, ``can_drop``, ``secondary_question`` and ``on_secondary``.
The scene passes each action it plays to ``handle`` (True: a pointer gesture, taken)
and asks ``ignores`` whether the player turned the mouse off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.engine.actions import Act, Action
from game.engine.table import CardTable
from game.engine.ui import Dialog, Hud, confirm

if TYPE_CHECKING:
    from game.engine.app import App


class PointerHost(Protocol):
    """What the mouse needs of the scene it plays at."""

    app: App
    hud: Hud
    table: CardTable
    demo: bool
    viewer: bool

    def on_click(self, key: str | None, pos: tuple[float, float]) -> None: ...

    def on_drop(self, key: str, target: str | None) -> None: ...

    def can_drop(self, key: str, target: str) -> bool: ...

    def secondary_question(self) -> tuple[str, str] | None: ...

    def on_secondary(self) -> None: ...


class PointerPlay:
    def __init__(self, host: PointerHost) -> None:
        self.host = host
        self.mouse_on = True  # False when the player answers No to Mouse: Ask

    def ask(self) -> None:
        """With Mouse set to Ask, each new game starts by asking."""
        host = self.host
        if host.app.settings.input_mode != "ask" or host.demo or host.viewer:
            return

        def choose(choice: str) -> None:
            self.mouse_on = choice == "yes"

        host.hud.ask(Dialog("Mouse", "Play this game with the mouse?",
                            [("yes", "Yes", "y"), ("no", "No", "n")], choose,
                            cancel_key="yes"))

    def ignores(self, action: Action) -> bool:
        """A mouse action while the player plays this game without the mouse."""
        return action.device == "mouse" and not self.mouse_on

    def handle(self, action: Action) -> bool:
        """Play a pointer gesture: a press, a move, a release of the first button."""
        host, kind, pos = self.host, action.kind, action.pos
        table = host.table
        if pos is None:
            return False
        if kind == Act.POINTER_DOWN:
            if action.button == 1:
                table.pointer_down(pos)
            elif action.button == 3:
                self.right_click()
        elif kind == Act.POINTER_MOVE:
            table.pointer_move(pos)
            over = table.hit_test(pos, exclude=table.dragged_keys)
            host.app.set_cursor("hand" if over or host.hud.hover else "arrow")
            self._light_drop_target(over)
        elif kind == Act.POINTER_UP and action.button == 1:
            gesture = table.pointer_up(pos)
            table.clear_highlights("drop")
            if gesture is not None and gesture.kind == "click":
                host.on_click(gesture.key, pos)
            elif gesture is not None and gesture.kind == "drop" and gesture.key is not None:
                host.on_drop(gesture.key, gesture.target)
        else:
            return False
        return True

    def right_click(self) -> None:
        """Right-click means one thing in every game: a card being dragged goes back;
        otherwise the game's second action, asked first where it is for good."""
        host = self.host
        if host.table.dragging is not None:
            host.table.cancel_drag()
            return
        question = host.secondary_question()
        if question is None:
            host.on_secondary()
        else:
            confirm(host.hud, *question, host.on_secondary, default_no=True,
                    kind="Second action")

    def _light_drop_target(self, over: str | None) -> None:
        table = self.host.table
        table.clear_highlights("drop")
        dragged = table.dragging
        if dragged is not None and over is not None and self.host.can_drop(dragged, over):
            table.set_highlight(over, "drop")
