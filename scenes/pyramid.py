"""Pyramid, standard play: the table, mouse / keyboard / pad controls and commands.

Mouse: click two cards (or drag one onto its partner); click a king; right-click
turns the pack. Keyboard: row then column (1-7), P pack, W waste, D turn the pack;
on the keypad 8 pack, 9 waste, 0 turn. Pad: move the cursor, A picks, X turns.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ai import pyramid_player
from game.cards import card_from_uid
from game.engine.actions import Act
from game.engine.card_scene import CardGameScene, zone_rect
from game.engine.components import Placement
from game.engine.jobs import PENDING, Background
from game.engine.render import DrawItem
from game.engine.ui import GOLD, INK, MUTED, Button, Dialog, text_image
from game.rules import pyramid as P
from game.rules.base import IllegalMove
from scenes.pyramid_match import MatchPlay

CARD_W = 128.0
CARD_H = CARD_W * 1.4
DX, DY = 140.0, 90.0  # pyramid spacing: a card is half covered by the row below
APEX_X, TOP_Y = 900.0, 84.0
PACK_POS = (120.0, 190.0)
WASTE_POS = (120.0, 480.0)
DISCARD_POS = (1600.0, 190.0)
LABEL_GREEN = (150, 235, 150)
COLUMN_YELLOW = (250, 222, 80)
PILE_STEP = 0.35  # a pile's cards sit a hair apart so it looks thick


def slot_pos(index: int) -> tuple[float, float]:
    row, col = P.row_col(index)
    return APEX_X - CARD_W / 2 + (col - row / 2) * DX, TOP_Y + row * DY


def _pile(x: float, y: float, n: int) -> list[tuple[float, float]]:
    return [(x - i * PILE_STEP, y - i * PILE_STEP) for i in range(n)]


class PyramidScene(MatchPlay, CardGameScene):
    title = "Pyramid"
    rules = P.RULES
    card_w, card_h = CARD_W, CARD_H
    config = dict(P.DEFAULT_CONFIG)

    def __init__(self, app: Any, seed: int | None = None, demo: bool = False,
                 resume: bool = True, recorder: Any = None) -> None:
        self.match = None  # set by restore_extra when an autosave holds a tournament
        self.jobs = Background()  # the solver works off the frame loop
        # Exact best-Par plans take up to ~30 s on some lost deals: at the table the
        # computer plays the best line it finds in 3 s (simulate stays exact).
        self.computer = pyramid_player.SolverPlayer(time_limit=3.0)
        super().__init__(app, seed, demo, resume, recorder)
        self.selected: str | None = None
        self.pending_row: int | None = None
        self.table.zones = {
            "zone:stock": zone_rect(*PACK_POS, CARD_W, CARD_H),
            "zone:discard": zone_rect(*DISCARD_POS, CARD_W, CARD_H),
        }
        self.set_commands()
        if self.match is not None:
            self.demo = self.computer_to_play
            self.recorder.undo_allowed = False

    def set_buttons(self, commands: list[tuple[str, str, str]]) -> None:
        """Command buttons in the lower right corner, two to a row."""
        w, h, gap = 180, 58, 10
        rows = (len(commands) + 1) // 2
        x0, y0 = 1500, 1010 - rows * (h + gap)
        self.hud.buttons = [
            Button(key, label, pygame.Rect(x0 + (i % 2) * (w + gap), y0 + (i // 2) * (h + gap),
                                           w, h), hotkey)
            for i, (key, label, hotkey) in enumerate(commands)]
        if self.recorder is not None:
            self.after_refresh()

    # -- state -> table ---------------------------------------------------------------------

    def placements(self, view: P.PyramidView) -> list[Placement]:
        out: list[Placement] = []
        for i, card in enumerate(view.pyramid):
            if card is not None:
                x, y = slot_pos(i)
                out.append(Placement(card.uid, card.uid, x, y, 10 + i, True, "pyramid",
                                     interactive=view.exposed[i], dim=not view.exposed[i]))
        stock_n = view.stock_hidden + (view.stock_top is not None)
        spots = _pile(*PACK_POS, stock_n)
        for k in range(view.stock_hidden):
            out.append(Placement(f"stock#{k}", None, *spots[k], 100 + k, False, "stock",
                                 shadow=k == 0))
        if view.stock_top is not None:
            out.append(Placement(view.stock_top.uid, view.stock_top.uid, *spots[-1],
                                 100 + view.stock_hidden, True, "stock", interactive=True,
                                 shadow=view.stock_hidden == 0))
        for k, (card, spot) in enumerate(zip(view.waste, _pile(*WASTE_POS, len(view.waste)),
                                             strict=True)):
            out.append(Placement(card.uid, card.uid, *spot, 200 + k, True, "waste",
                                 interactive=k == len(view.waste) - 1, shadow=k == 0))
        for k, (card, spot) in enumerate(zip(view.discard, _pile(*DISCARD_POS,
                                                                   len(view.discard)),
                                             strict=True)):
            out.append(Placement(card.uid, card.uid, *spot, 300 + k, True, "discard",
                                 shadow=k == 0))
        return out

    def deal_origin(self) -> tuple[float, float]:
        return PACK_POS

    def after_refresh(self) -> None:
        rec = self.recorder
        for key, enabled in (("undo", rec.can_undo), ("redo", rec.can_redo)):
            if any(b.key == key for b in self.hud.buttons):
                self.hud.button(key).enabled = enabled
        if self.selected is not None and self.selected not in P.available(self.state):
            self.selected = None

    def _pick_seed(self, seed: int | None) -> int:
        picked = super()._pick_seed(seed)
        if seed is None and self.app.settings.winnable_only and not self.demo:
            return pyramid_player.winnable_seed(picked, self.config, time_limit=0.5)
        return picked

    def exit(self) -> None:
        super().exit()
        self.jobs.close()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.settings.show_winnable and not self.rules.is_over(self.state):
            self.jobs.start("winnable", P.state_digest(self.state), pyramid_player.winnable,
                            self.state, 20.0)

    def winnable_text(self) -> str:
        answer = self.jobs.result("winnable", P.state_digest(self.state))
        if answer is PENDING:
            return "Winnable?"
        return {True: "Winnable", False: "No longer winnable", None: "Winnable: unknown"}[answer]

    # -- choosing cards ------------------------------------------------------------------

    def clear_selection(self) -> None:
        self.selected = None
        self.pending_row = None
        self.table.clear_highlights("selected")

    def choose(self, code: str) -> None:
        """The player picked a card: a king goes at once; otherwise it waits for its partner."""
        self.table.clear_highlights("hint")
        if code not in P.available(self.state):
            self.clear_selection()
            self.app.error(P.why_unavailable(self.state, card_from_uid(code)))
            return
        if card_from_uid(code).rank == 13:
            self.clear_selection()
            self.play(P.Remove((code,)))
            return
        if self.selected is None:
            self.selected = code
            self.table.set_highlight(code, "selected")
            self.app.play_sound("select")
            return
        if self.selected == code:
            self.clear_selection()
            return
        first = self.selected
        self.clear_selection()
        self.play(P.Remove((first, code)))

    def turn_pack(self) -> None:
        self.clear_selection()
        self.table.clear_highlights("hint")
        self.play(P.turn_pack(self.state))

    # -- gestures ----------------------------------------------------------------------------

    def on_click(self, key: str | None, pos: tuple[float, float]) -> None:
        if key == "zone:stock":
            self.turn_pack()
        elif key is None or key.startswith("zone:"):
            self.clear_selection()
            self.table.clear_highlights("hint")
        else:
            self.choose(key)

    def activate(self, target: object) -> None:
        if target == "zone:stock":
            self.turn_pack()
        elif isinstance(target, str):
            self.choose(target)

    def on_drop(self, key: str, target: str | None) -> None:
        self.clear_selection()
        if target is not None and not target.startswith("zone:"):
            move = P.Remove((key, target))
        elif card_from_uid(key).rank == 13 and target == "zone:discard":
            move = P.Remove((key,))
        else:
            self.table.fly_back(key)
            if target is not None:
                self.app.error("Drop a card on a partner that makes 13, or a king on the "
                               "discard pile.")
            return
        if not self.play(move):
            self.table.fly_back(key)

    def can_drop(self, key: str, target: str) -> bool:
        if target.startswith("zone:") and target != "zone:discard":
            return False
        move = P.Remove((key,)) if target == "zone:discard" else P.Remove((key, target))
        try:
            P.check(self.state, move)
        except IllegalMove:
            return False
        return True

    def on_secondary(self) -> None:
        self.turn_pack()

    def zone_focusable(self, name: str) -> bool:
        return name == "zone:stock" and not self.state.stock and bool(self.state.waste)

    # -- keyboard ------------------------------------------------------------------------------

    def on_key(self, key: str) -> bool:
        state = self.state
        self.table.clear_highlights("hint")
        if key in ("p", "8"):
            self.pending_row = None
            if state.stock:
                self.choose(state.stock[0].uid)
            else:
                self.app.error("The pack is empty.")
        elif key in ("w", "9"):
            self.pending_row = None
            if state.waste:
                self.choose(state.waste[-1].uid)
            else:
                self.app.error("The waste pile is empty.")
        elif key in ("d", "0"):
            self.turn_pack()
        elif key in "1234567" and len(key) == 1:
            number = int(key)
            if self.pending_row is None:
                self.pending_row = number
                self.hud.say(f"Row {number}: now the column, 1 to {number}.")
            else:
                row, self.pending_row = self.pending_row, None
                if number > row:
                    self.app.error(f"Row {row} has only {row} cards.")
                    return True
                card = state.pyramid[P.index_of(row - 1, number - 1)]
                if card is None:
                    self.app.error(f"Row {row}, column {number} has already been removed.")
                else:
                    self.choose(card.uid)
        else:
            return False
        return True

    def handle_game(self, action) -> None:  # noqa: ANN001
        if action.kind != Act.POINTER_MOVE:
            self.table.clear_highlights("hint")
        if self.computer_to_play and action.kind not in (Act.POINTER_MOVE, Act.UP, Act.DOWN,
                                                         Act.LEFT, Act.RIGHT):
            if action.kind not in (Act.POINTER_UP,):
                self.hud.say("The computer is playing its game: watch, or use the commands.")
            return
        super().handle_game(action)

    # -- commands -----------------------------------------------------------------------------

    def press(self, key: str) -> None:
        self.app.play_sound("button")
        if self.match is not None and self.match_command(key):
            return
        if key == "tour":
            self.ask_tour()
        elif key == "hint":
            self.hint()
        elif key == "new":
            self.hud.ask(Dialog("New game", "Abandon this game and deal a new one?",
                                [("yes", "Yes", "y"), ("no", "No", "n")],
                                lambda c: self.new_game() if c == "yes" else None,
                                cancel_key="no"))
        elif key == "undo":
            self.undo()
        elif key == "redo":
            self.redo()
        elif key == "auto":
            self.demo = not self.demo
            self.hud.say("The computer plays on: press Auto again to take over." if self.demo
                         else "You have the cards again.")
        elif key == "config":
            from scenes.settings import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif key == "help":
            from scenes.help import HelpScene

            self.app.push(HelpScene(self.app, "pyramid"))
        elif key == "info":
            self.hud.ask(Dialog("Card Parlour: Pyramid",
                                "Standard play with Par scoring. Free software; the rules "
                                "follow the classic Pyramid solitaire.",
                                [("ok", "OK", "o")], lambda c: None, cancel_key="ok"))
        elif key == "menu":
            self.app.pop()
        elif key == "quit":
            self.hud.ask(Dialog("Quit", "Leave the parlour? Your game is saved.",
                                [("yes", "Yes", "y"), ("no", "No", "n")],
                                lambda c: self.app.quit() if c == "yes" else None,
                                cancel_key="no"))

    def hint(self) -> None:
        self.clear_selection()
        advice = pyramid_player.hint(self.state)
        if advice is None:
            self.app.error("Nothing can be removed and the pack is done.")
            return
        if not advice.cards:
            if advice.source == "quick":
                self.app.error(advice.text)
                return
            self.table.set_highlight(self.state.stock[0].uid if self.state.stock
                                     else self.state.waste[-1].uid, "hint")
        self.app.play_sound("hint")
        for card in advice.cards:
            self.table.set_highlight(card.uid, "hint")
        self.hud.say(advice.text)

    def finished(self, title: str, body: str) -> None:
        if self.match is not None:
            self.match_game_over(self.view)
        else:
            super().finished(title, body)

    def computer_move(self, state: P.PyramidState) -> P.Move | None:
        """The solver's next move, computed in the background (None until it is ready)."""
        digest = P.state_digest(state)
        answer = self.jobs.result("computer", digest)
        if answer is PENDING:
            self.jobs.start("computer", digest, self.computer.move, state)
            return None
        return answer

    def game_over_message(self, view: P.PyramidView) -> tuple[str, str]:
        if view.won:
            return "You won!", f"All 52 cards are gone. Par score {view.score:+d}."
        if self.state.cleared_in_deal is not None:
            return "Pyramid cleared", (f"No more moves. Par score {view.score:+d}.")
        return "No more moves", f"{view.pyramid.count(None)} of 28 pyramid cards removed. " \
                                f"Par score {view.score:+d}."

    # -- drawing -------------------------------------------------------------------------------

    def background(self, vp) -> pygame.Surface:  # noqa: ANN001
        surface = super().background(vp)
        for row in range(P.ROWS):
            x, y = slot_pos(P.index_of(row, 0))
            label = text_image(vp, str(row + 1), 30, LABEL_GREEN, bold=True)
            px, py = vp.to_px(x - 34, y + 8)
            surface.blit(label, (px - label.get_width() // 2, py))
        for name, (x, y) in (("Pack", PACK_POS), ("Waste", WASTE_POS),
                             ("Discard", DISCARD_POS)):
            label = text_image(vp, name, 26, MUTED, bold=True)
            px, py = vp.to_px(x + CARD_W / 2, y - 44)
            surface.blit(label, (px - label.get_width() // 2, py))
        return surface

    def extra_items(self) -> list[DrawItem]:
        vp = self.app.viewport
        view = self.view
        art = self.table.art
        items: list[DrawItem] = []
        pack_kind = ("empty" if view.stock_top is not None else
                     "refresh" if view.redeals_left and view.waste else "none")
        for name, (x, y), kind in (("stock", PACK_POS, pack_kind), ("waste", WASTE_POS, "empty"),
                                   ("discard", DISCARD_POS, "empty")):
            items.append(DrawItem(("slot", name), art.outline(kind), vp.to_px(x, y), 0))
        status = (f"Deal {view.deal_number} of {self.state.redeals + 1}    "
                  f"Redeals left {view.redeals_left}    Cards left {52 - len(view.discard)}    "
                  f"Par score {view.score:+d}")
        if self.match is not None:
            game, who = self.match.next_turn or (5, 0)
            status = f"{self.match.entrants[who].name}: game {game + 1} of 6    " + status
        elif self.app.settings.show_winnable and not view.over:
            status += "    " + self.winnable_text()
        image = text_image(vp, status, 28, INK, bold=True)
        px, py = vp.to_px(APEX_X, 20)
        items.append(DrawItem(("status",), image, (px - image.get_width() // 2, py), 20000))
        for name, (x, y), count in (("pack", PACK_POS, view.stock_hidden
                                     + (view.stock_top is not None)),
                                    ("waste", WASTE_POS, len(view.waste)),
                                    ("discard", DISCARD_POS, len(view.discard))):
            image = text_image(vp, str(count), 24, MUTED)
            px, py = vp.to_px(x + CARD_W / 2, y + CARD_H + 10)
            items.append(DrawItem(("count", name), image, (px - image.get_width() // 2, py), 1))
        if self.show_focus:
            items.extend(self._column_numbers(view))
        if self.pending_row is not None:
            x, y = slot_pos(P.index_of(self.pending_row - 1, 0))
            image = text_image(vp, "\u25b6", 30, GOLD, bold=True)
            items.append(DrawItem(("pending",), image, vp.to_px(x - 70, y + 8), 20000))
        return items

    def _column_numbers(self, view: P.PyramidView) -> list[DrawItem]:
        """Yellow column numbers on the available pyramid cards, for keyboard play."""
        vp = self.app.viewport
        items = []
        for i, card in enumerate(view.pyramid):
            if card is None or not view.exposed[i]:
                continue
            _, col = P.row_col(i)
            x, y = self.table.position(card.uid)
            image = text_image(vp, str(col + 1), 22, COLUMN_YELLOW, bold=True)
            px, py = vp.to_px(x + CARD_W / 2, y - 26)
            items.append(DrawItem(("col", card.uid), image, (px - image.get_width() // 2, py),
                                  15000))
        return items
