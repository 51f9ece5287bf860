"""Poker Squares' rules page: every option of the game on one screen, in place of the
1990 game's chain of requesters. It is the settings screen with only this game's rows,
and rows of more than four choices (the seven modes) share their row in narrower
buttons. Choices are saved at once; the table deals with them at the next deal. Two
more pages hang off it: the second player's own rules, and the User points."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.ui import Button
from game.rules.poker_squares import GAME_ID
from scenes.settings import (
    BUTTON_H,
    CHOICE_GAP,
    CHOICE_RIGHT,
    CHOICE_W,
    CHOICE_X,
    PITCH,
    TOP,
    SettingsScene,
    choice_key,
    game_rows,
)

WIDE_X = CHOICE_X - (CHOICE_W + CHOICE_GAP)  # where a row of many choices starts


def choice_rects(count: int, y: float) -> list[pygame.Rect]:
    """Buttons for ``count`` choices, right-aligned like the settings' rows; more than
    four share a wider span in narrower buttons."""
    if count <= 4:
        return [pygame.Rect(CHOICE_X + j * (CHOICE_W + CHOICE_GAP), y, CHOICE_W, BUTTON_H)
                for j in range(count)]
    width = (CHOICE_RIGHT - WIDE_X - (count - 1) * CHOICE_GAP) // count
    return [pygame.Rect(WIDE_X + j * (width + CHOICE_GAP), y, width, BUTTON_H)
            for j in range(count)]


SECOND = "p2_"  # the second player's rows have a page of their own


def on_second_page(field: str) -> bool:
    return field.startswith(SECOND) or field == "opponent"

LINK_Y = TOP + 11 * PITCH + 10
LINKS = {"page:second": ("Player 2's rules", pygame.Rect(CHOICE_X, LINK_Y, 300, BUTTON_H)),
         "page:points": ("User points", pygame.Rect(CHOICE_X + 320, LINK_Y, 300, BUTTON_H))}


class PokerSquaresSetup(SettingsScene):
    """``second``: the page of the second player's own rules (a handicap)."""

    def __init__(self, app: Any, second: bool = False) -> None:
        super().__init__(app, game_id=GAME_ID)
        self.title = "Poker Squares: " + ("player 2's rules" if second else "rules")
        self.hud.buttons = [b for b in self.hud.buttons if self.row_of(b.key) is None]
        self.rows = tuple(r for r in game_rows(GAME_ID) if on_second_page(r.field) == second)
        if not second:
            self.hud.buttons += [Button(key, label, rect.copy())
                                 for key, (label, rect) in LINKS.items()]
        for i, row in enumerate(self.rows):
            rects = choice_rects(len(row.choices), TOP + i * PITCH)
            for j, ((_, label), rect) in enumerate(zip(row.choices, rects, strict=True)):
                self.hud.buttons.append(Button(choice_key(row.key, j), label, rect))
        self.mark_selected()
        first = self.rows[0]
        self.set_focus(("button", choice_key(first.key, self.chosen_index(first))))

    def press(self, key: str) -> None:
        if key == "page:second":
            self.app.play_sound("button")
            self.app.push(PokerSquaresSetup(self.app, second=True))
        elif key == "page:points":
            from scenes.poker_squares_points import UserPointsPage

            self.app.play_sound("button")
            self.app.push(UserPointsPage(self.app))
        else:
            super().press(key)
