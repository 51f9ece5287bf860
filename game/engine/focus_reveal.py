"""The first press after the mouse only shows where the keyboard and pad focus is: a
player who was pointing has not seen it, and a press that acted on it would act on a
place they never chose (the play-test's Return opened a game from a menu tile it could
not see was focused; an Enter at a table placed a card on an unseen square).

Every scene holds one (``Scene.reveal``): the scene hides it when the mouse is used,
and asks ``first_press`` with each press that would act on the focus. A card table
asks with its arrows and Select (hotkeys need no focus, so they show nothing); a
screen of buttons asks with every key or pad press and holds back only a Select.
"""

from __future__ import annotations


class FocusReveal:
    def __init__(self, shown: bool) -> None:
        self.shown = shown

    def hide(self) -> None:
        """The mouse was used: the focus is not where the player looks."""
        self.shown = False

    def first_press(self) -> bool:
        """A key or pad press: True when the focus was hidden, so this press only shows
        it; from now on it shows."""
        hidden, self.shown = not self.shown, True
        return hidden
