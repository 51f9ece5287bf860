"""Poker Squares' rules page: every option of the game on one screen, in place of the
1990 game's chain of requesters. It is the settings screen with only this game's rows.
Each row's buttons are sized from their words as drawn (TV mode's text is larger): as
wide as the settings' columns where the words fit, wider where they do not, and where
even the whole row is too narrow the buttons share it in proportion to their words, so
every label of a row is drawn at one size (a fixed width had "Cards go anywhere" and
"Best of Two" shrunk to a third of their neighbours' size). Choices are saved at once;
the table deals with them at the next deal. Two more pages hang off it: the second
player's own rules, and the User points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.layout import Viewport
from game.engine.ui import INK, Button, text_image
from game.rules.poker_squares import GAME_ID
from game.rules.poker_squares_options import POINTS, parse
from game.rules.registry import GAME_BY_ID
from scenes.poker_squares_points import UserPointsPage, stored_points
from scenes.settings import (
    BUTTON_H,
    CHOICE_GAP,
    CHOICE_RIGHT,
    CHOICE_W,
    CHOICE_X,
    LABEL_X,
    PITCH,
    TOP,
    SettingsScene,
    choice_key,
    game_rows,
)

if TYPE_CHECKING:
    from game.engine.app import App

WIDE_X = CHOICE_X - (CHOICE_W + CHOICE_GAP)  # where a row of many choices may start
ENDS = BUTTON_H / 4  # each rounded end of a button, which its label keeps clear of
AIR = 18.0  # and a little more, so a label does not touch them
LABEL_GAP = 30.0  # between a row's name and its first choice
# The rules page calls Player 2 "a person" whatever device they bring (the registry's
# words predate the keyboard).
LABELS = {("opponent", "person"): "A person (pad or keys)"}
EXPLAIN = {"opponent": "Two-player modes: the computer, or someone beside you with a game "
                       "controller or the keyboard (they press A on theirs, or K, to join)."}


def row_rects(words: Sequence[float], y: float, earliest: float) -> list[pygame.Rect]:
    """Buttons for labels ``words`` wide (logical units, as drawn) on the row at ``y``,
    ending at the settings' right edge and starting no further left than ``earliest``:
    the settings' columns if every label fits one; else equal buttons as wide as the
    widest label; else each as wide as its own label; else (still too many) the row
    shared in proportion to the labels, which then shrink by one common factor."""
    n, gaps = len(words), (len(words) - 1) * CHOICE_GAP
    natural = [w + 2 * ENDS + AIR for w in words]
    starts = [x for x in (CHOICE_X, WIDE_X) if x >= earliest] + [earliest]
    equal = max(CHOICE_W, *natural)
    widths: list[float] | None = None
    for start in starts:
        if n * equal + gaps <= CHOICE_RIGHT - start:
            widths = [equal] * n
            break
    else:
        for start in starts:
            if sum(natural) + gaps <= CHOICE_RIGHT - start:
                widths = natural
                break
    if widths is None:
        start = earliest
        factor = (CHOICE_RIGHT - start - gaps - n * 2 * ENDS) / max(1.0, sum(words))
        widths = [2 * ENDS + w * factor for w in words]
    rects, x = [], start
    for w in widths:
        rects.append(pygame.Rect(round(x), round(y), round(w), BUTTON_H))
        x += w + CHOICE_GAP
    return rects


SECOND = "p2_"  # the second player's rows have a page of their own
NOT_RULES = ("opponent", "strength")  # who plays Player 2, and how well the computer does


def on_second_page(field: str) -> bool:
    return field.startswith(SECOND) or field in NOT_RULES


def rules_config(entry: Any, per_game: Any) -> dict[str, Any]:
    """The rules config the settings ask for: the second player's own rules (a handicap)
    where they are not "same", and the User points where the player changed them.
    ValueError, with the rules' reason, where the options clash."""
    config = {o.key: entry.setting(per_game, o.key) for o in entry.options
              if not o.key.startswith(SECOND) and o.key not in NOT_RULES}
    second = {o.key[len(SECOND):]: entry.setting(per_game, o.key) for o in entry.options
              if o.key.startswith(SECOND)}
    second = {k: v for k, v in second.items() if v != "same"}
    if second:
        config["players"] = [{}, second]
    points = stored_points(per_game)
    if points != POINTS["user"]:
        config["user_points"] = points
    parse(config)
    return config


LINK_Y = TOP + 11 * PITCH + 10
LINKS = {"page:second": ("Player 2's rules", pygame.Rect(CHOICE_X, LINK_Y, 300, BUTTON_H)),
         "page:points": ("User points", pygame.Rect(CHOICE_X + 320, LINK_Y, 300, BUTTON_H))}


class PokerSquaresSetup(SettingsScene):
    """``second``: the page of the second player's own rules (a handicap)."""

    def __init__(self, app: App, second: bool = False) -> None:
        super().__init__(app, game_id=GAME_ID)
        self.title = "Poker Squares: " + ("player 2's rules" if second else "rules")
        self.hud.buttons = [b for b in self.hud.buttons if self.row_of(b.key) is None]
        self.rows = tuple(replace(r, explain=EXPLAIN.get(r.field, r.explain))
                          for r in game_rows(GAME_ID) if on_second_page(r.field) == second)
        if not second:
            self.hud.buttons += [Button(key, label, rect.copy())
                                 for key, (label, rect) in LINKS.items()]
        for row in self.rows:
            for j, (value, label) in enumerate(row.choices):
                self.hud.buttons.append(Button(choice_key(row.key, j),
                                               LABELS.get((row.field, value), label),
                                               pygame.Rect(CHOICE_X, TOP, CHOICE_W, BUTTON_H)))
        self.mark_selected()
        self.layout(app.viewport)
        first = self.rows[0]
        self.set_focus(("button", choice_key(first.key, self.chosen_index(first))))

    def layout(self, vp: Viewport) -> None:
        super().layout(vp)  # the rows' names, shrunk together where they must be
        self.place_rows()

    def place_rows(self) -> None:
        """Every row's choices sized from their words as drawn now."""
        vp = self.app.viewport
        size = min(BUTTON_H * 0.42, 30)  # as a button draws its label

        def drawn(words: str, at: float) -> float:
            return text_image(vp, words, at, INK, bold=True).get_width() / vp.scale

        for i, row in enumerate(self.rows):
            buttons = [b for b in self.hud.buttons
                       if self.row_of(b.key) == i and b.key.startswith(f"{row.key}:")]
            if len(buttons) != len(row.choices):
                continue  # the base's rows, before this page has put its own
            buttons.sort(key=lambda b: int(b.key.rsplit(":", 1)[1]))
            earliest = LABEL_X + drawn(row.label, self.label_size) + LABEL_GAP
            rects = row_rects([drawn(b.label, size) for b in buttons], self.row_y(i), earliest)
            for button, rect in zip(buttons, rects, strict=True):
                button.rect = rect
                button.visible = self.shown(i)
        self.show_more()

    def refusal(self, key: str) -> str | None:
        """Why choosing ``key`` would make rules the manual forbids (five places for the
        dealt cards and all the rejects), or None. A choice that only repairs clashing
        settings is let through."""
        found = self.choice_of(key)
        if found is None:
            return None
        row = self.rows[found[0]]
        if row.field in NOT_RULES:
            return None
        entry = GAME_BY_ID[GAME_ID]
        per_game = self.app.settings.per_game
        try:
            rules_config(entry, entry.with_setting(per_game, row.field,
                                                   row.choices[found[1]][0]))
        except ValueError as exc:
            try:
                rules_config(entry, per_game)
            except ValueError:
                return None  # they clash already (an old settings file): any step may mend
            return str(exc)
        return None

    def press(self, key: str) -> None:
        reason = self.refusal(key)
        if reason is not None:
            self.app.error(reason)
        elif key == "page:second":
            self.app.play_sound("button")
            self.app.push(PokerSquaresSetup(self.app, second=True))
        elif key == "page:points":
            self.app.play_sound("button")
            self.app.push(UserPointsPage(self.app))
        else:
            super().press(key)
