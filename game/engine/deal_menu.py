"""The deal number at a table and its menu, for every game whose deals come from a
seed (``GameEntry.numbered_deals``): a button names the deal in play; it (or F3) opens
the menu, which restarts this deal or plays a deal chosen by its number, typed on the
keys or on the pad's on-screen keypad. The scene that composes it says what a deal
is and how to deal one; this part owns the button and the questions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine.layout import DESIGN_H, DESIGN_W
from game.engine.ui import Button, Dialog, Hud
from game.engine.widgets import BAR_GAP

KEY = "deal-number"  # the button's key, and the command the scene passes on here
MAX_DEAL = 2**31 - 1  # the seeds fresh deals are drawn from (game.seeds)
DIGITS = len(str(MAX_DEAL))


def over_commands(buttons: list[Button]) -> pygame.Rect | None:
    """Where the deal's button goes: across the top of the command bar in the lower
    right corner (hidden commands keep their places there), one gap above it."""
    bar = [b.rect for b in buttons if b.key != KEY and b.rect.x >= DESIGN_W / 2
           and b.rect.y >= DESIGN_H / 3]
    if not bar:
        return None
    left, right = min(r.left for r in bar), max(r.right for r in bar)
    height = min(r.h for r in bar)
    return pygame.Rect(left, min(r.top for r in bar) - BAR_GAP - height, right - left, height)


@dataclass
class DealMenu:
    hud: Hud
    seed: Callable[[], int | None]  # the deal in play; None: none to name now
    deal: Callable[[int | None], None]  # deal that number (None: this deal again)
    at_stake: Callable[[], bool]  # would a new deal abandon a game in play?

    def show(self) -> None:
        """Put the button, naming the deal in play, among the scene's buttons (they are
        rebuilt as the table changes), or take it away when there is no deal to name."""
        seed = self.seed()
        self.hud.buttons = [b for b in self.hud.buttons if b.key != KEY]
        rect = over_commands(self.hud.buttons)
        if seed is not None and rect is not None:
            self.hud.buttons.append(Button(KEY, f"Deal #{seed}", rect))

    def open(self) -> None:
        seed = self.seed()
        if seed is None:
            return
        body = ("Play these cards again from the start, or any deal by its number "
                "(a friend's, or one from a book).")
        if self.at_stake():
            body += " The game in play counts as lost."
        self.hud.ask(Dialog(f"Deal #{seed}", body,
                            [("restart", "Restart this deal", "r"),
                             ("number", "Play deal number...", "p"),
                             ("cancel", "Cancel", "c")], self._chosen, cancel_key="cancel"))

    def _chosen(self, choice: str) -> None:
        if choice == "restart":
            self.deal(None)
        elif choice == "number":
            self.ask_number()

    def ask_number(self, typed: str = "", error: str = "") -> None:
        dialog = Dialog("Play deal number", f"Type a deal number, 0 to {MAX_DEAL}, "
                        "then Play.", [("play", "Play", ""), ("cancel", "Cancel", "")],
                        lambda choice: self._typed(dialog.text or "") if choice == "play"
                        else None,
                        cancel_key="cancel", text=typed, max_length=DIGITS, digits=True,
                        error=error)
        self.hud.ask(dialog)

    def _typed(self, text: str) -> None:
        number = int(text) if text.isascii() and text.isdigit() else None
        if number is None or number > MAX_DEAL:
            self.ask_number(text, f"{text or 'Nothing'} is no deal number: "
                                  f"0 to {MAX_DEAL}, digits only.")
            return
        self.deal(number)
