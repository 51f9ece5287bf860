"""Pyramid, standard play: the table, mouse / keyboard / pad controls and commands.

Mouse: click two cards (or drag one onto its partner); click a king; right-click
turns the pack. Keyboard: row then column (1-7), P pack, W waste, D turn the pack;
on the keypad 8 pack, 9 waste, 0 turn. Pad: move the cursor, A picks, X turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import seeds
from game.ai import pyramid_player
from game.cards import RANKS, SUITS
from game.engine.actions import Act, Action
from game.engine.components import Placement
from game.engine.deal_menu import KEY as DEAL_MENU
from game.engine.focus import Place
from game.engine.jobs import PENDING
from game.engine.layout import Viewport
from game.engine.render import DrawItem
from game.engine.table import MARKS_Z
from game.engine.ui import GOLD, INK, MUTED, Dialog, confirm, text_image, window_image
from game.engine.widgets import command_bar
from game.replay.recorder import Recorder
from game.rules import pyramid as P
from game.session import SeatClient
from scenes.card_scene import zone_rect
from scenes.game_scene import GameScene
from scenes.pyramid_match import MatchPlay

if TYPE_CHECKING:
    from game.engine.app import App

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
LABEL_ABOVE = 62  # pile labels sit clear of a full pile, which grows up 52 * PILE_STEP
# What a player's move is while the computer holds the cards (Auto, or its turn in a match).
PLAYER_MOVES = (Act.POINTER_DOWN, Act.SELECT, Act.SECONDARY, Act.KEY, Act.UNDO, Act.REDO,
                Act.HINT)
# Standard-play commands a match leaves out, and why, for players who try their keys.
MATCH_REFUSES = {"hint": "No hints in a tournament: the score counts.",
                 "auto": "The computer cannot play your games in a tournament.",
                 "tour": "This is a tournament already: Exit leaves it.",
                 "quit": "In a tournament, Exit leaves the match; the menu quits.",
                 "undo": "Moves cannot be taken back in a tournament: the score counts.",
                 DEAL_MENU: "A tournament deals its own games: Exit leaves it."}
# Commands that need the cards on the table, refused while a winnable deal is looked for.
SHUFFLING = "Shuffling for a deal that can be won..."
WAIT_FOR_DEAL = ("hint", "auto", "draw", "undo", "redo")
MATCH_KEYS = {"h": "hint", "a": "auto", "q": "quit", "u": "undo"}


def slot_pos(index: int) -> tuple[float, float]:
    row, col = P.row_col(index)
    return APEX_X - CARD_W / 2 + (col - row / 2) * DX, TOP_Y + row * DY


def _pile(x: float, y: float, n: int) -> list[tuple[float, float]]:
    return [(x - i * PILE_STEP, y - i * PILE_STEP) for i in range(n)]


class PyramidScene(MatchPlay, GameScene[P.PyramidView, P.Move]):
    title = "Pyramid"
    game_id = P.GAME_ID
    card_w, card_h = CARD_W, CARD_H
    config = dict(P.DEFAULT_CONFIG)
    winnable_check = staticmethod(pyramid_player.winnable)
    winnable_seconds = 20.0

    def __init__(self, app: App, seed: int | None = None, demo: bool = False,
                 resume: bool = True, recorder: Recorder[Any, P.Move] | None = None,
                 client: SeatClient[P.PyramidView, P.Move] | None = None) -> None:
        self.match = None  # set by restore_extra when an autosave holds a tournament
        self.match_turn: tuple[int, int] | None = None  # (game, entrant) on the table
        self._between_games = False  # the autosave was taken between two match games
        # A winnable deal being looked for (its job's tag) and whether it may be undone.
        self.shuffling: tuple[object, bool] | None = None
        super().__init__(app, seed, demo, resume, recorder, client)
        self.selected: str | None = None
        self.pending_row: int | None = None
        self.table.zones = {
            "zone:stock": zone_rect(*PACK_POS, CARD_W, CARD_H),
            "zone:discard": zone_rect(*DISCARD_POS, CARD_W, CARD_H),
        }
        self.set_commands()
        if self._fresh_deal and seed is None and self._wants_winnable():
            self._shuffle_winnable(undo=False)  # the cards dealt meanwhile stay in the pack
        if self.match is not None and not self._between_games:
            self.resume_turn()

    def after_refresh(self) -> None:
        super().after_refresh()
        if any(b.key == "auto" for b in self.hud.buttons):
            # Lit while the computer plays, dark again once the game is over.
            self.hud.button("auto").selected = self.computer_to_play and not self.over
        # While shuffling the last game is on its way out: nothing is done to it. Undo and
        # Redo otherwise follow the table (set above).
        for button in self.hud.buttons:
            if button.key in WAIT_FOR_DEAL and button.key not in ("undo", "redo"):
                button.enabled = self.shuffling is None
            elif button.key in WAIT_FOR_DEAL and self.shuffling is not None:
                button.enabled = False

    def set_buttons(self, commands: list[tuple[str, str, str]]) -> None:
        """Command buttons in the lower right corner, two to a row, as the manual has them."""
        self.hud.buttons = command_bar(commands)
        self.after_refresh()

    # -- view -> table ---------------------------------------------------------------------

    def placements(self, view: P.PyramidView) -> list[Placement]:
        if self.shuffling is not None:  # the whole pack, face down, waits to be dealt
            return [Placement(f"stock#{k}", None, *spot, 100 + k, False, "stock",
                              shadow=k == 0)
                    for k, spot in enumerate(_pile(*PACK_POS, len(RANKS) * len(SUITS)))]
        out: list[Placement] = []
        for i, card in enumerate(view.pyramid):
            if card is not None:
                x, y = slot_pos(i)
                out.append(Placement(card.uid, card.uid, x, y, 10 + i, True, "pyramid",
                                     interactive=view.exposed[i], dim=not view.exposed[i]))
        spots = _pile(*PACK_POS, view.pack_size)
        # The pack lies face down; a card the player has seen keeps its own key, an unseen
        # one a key for its place, which the card takes over when it turns up.
        for k, card in enumerate(reversed(view.pack)):
            key = card.uid if card is not None else f"stock#{k}"
            out.append(Placement(key, card.uid if card else None, *spots[k], 100 + k, False,
                                 "stock", shadow=k == 0))
        if view.stock_top is not None:
            out.append(Placement(view.stock_top.uid, view.stock_top.uid, *spots[-1],
                                 100 + len(view.pack), True, "stock", interactive=True,
                                 shadow=not view.pack))
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

    def _wants_winnable(self) -> bool:
        return bool(self.option("winnable_only")) and not self.demo and not self.viewer \
            and self.session is not None

    def new_game(self, seed: int | None = None, *, same: bool = False,
                 undo: bool = True) -> bool:
        if seed is None and not same and self._wants_winnable():
            self.saves.left()  # the game given up counts now, as at any New
            self._shuffle_winnable(undo)
            self.autosave()  # and is not offered back if the player leaves meanwhile
            return True
        self.shuffling = None
        return super().new_game(seed, same=same, undo=undo)

    def deal_number(self) -> int | None:
        return None if self.shuffling is not None else super().deal_number()

    def _shuffle_winnable(self, undo: bool) -> None:
        """Look for a deal the solver wins off the frame loop (a second, or ten on a busy
        machine): the cards wait gathered in the pack, and the player is told why."""
        self.clear_selection()
        self.hud.dialog = None
        tag = object()
        self.shuffling = (tag, undo)
        self.jobs.start("shuffle", tag, pyramid_player.winnable_seed, seeds.fresh(),
                        dict(self.config), 200, 0.5)
        self.hud.say(SHUFFLING, seconds=30)
        self.refresh()

    def update(self, dt: float) -> None:
        super().update(dt)
        # A question the player opened meanwhile (Tour, Quit, the deal number) is
        # answered first: dealing would close it under the player's hand.
        if self.shuffling is not None and self.hud.dialog is None:
            tag, undo = self.shuffling
            found = self.jobs.result("shuffle", tag)
            if found is not PENDING:
                self.hud.message = None
                self.new_game(found, undo=undo)

    def keeps_autosave(self) -> bool:
        return self.shuffling is None and super().keeps_autosave()

    def enter(self) -> None:
        super().enter()
        if self._between_games:
            self._between_games = False
            self.begin_turn()


    # -- choosing cards ------------------------------------------------------------------

    def clear_selection(self) -> None:
        self.end_row()
        self.selected = None
        self.table.clear_highlights("selected")

    def end_row(self) -> None:
        """A row chosen by its number is used up (or put down): so is its prompt."""
        if self.pending_row is not None and self.hud.message is not None \
                and self.hud.message.text.startswith("Row "):
            self.hud.message = None
        self.pending_row = None

    def choose(self, code: str) -> None:
        """The player picked a card: one that needs no partner goes at once; otherwise it
        waits for its partner."""
        self.table.clear_highlights("hint")
        if code not in self.view.available:
            self.clear_selection()
            self.app.error(self.client.check(P.Remove((code,))) or "That card is not free.")
            self.flash((code,))
            return
        if not P.needs_partner(code):
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

    def refused_cards(self, move: P.Move) -> tuple[str, ...]:
        return move.cards if isinstance(move, P.Remove) else ()

    def turn_pack(self) -> None:
        self.clear_selection()
        self.table.clear_highlights("hint")
        self.play(P.turn_pack(self.view))

    # -- gestures ----------------------------------------------------------------------------

    def on_click(self, key: str | None, pos: tuple[float, float]) -> None:
        top = self.view.stock_top
        # A click on the pack deals from it, as in other solitaires; its top card is
        # still paired by dragging it, by clicking its partner first, or with P.
        if key == "zone:stock" or (top is not None and key == top.uid and self.selected is None):
            self.turn_pack()
        elif key is None or key.startswith("zone:"):
            self.clear_selection()
            self.table.clear_highlights("hint")
            under = self.table.hit_test(pos, interactive_only=False)
            if under in self.table.entities and self.table.placement(under).zone == "pyramid":
                self.app.error(self.client.check(P.Remove((under,))) or "")  # say why
                self.flash((under,))
        else:
            self.choose(key)

    def activate(self, target: object) -> None:
        if target == "zone:stock":
            self.turn_pack()
        elif isinstance(target, str):
            self.choose(target)

    def _drop_move(self, key: str, target: str | None) -> P.Move | None:
        """What dropping ``key`` on ``target`` asks for: a pair, or a lone card on the
        discard pile (None: nothing a drop there could mean)."""
        if target is None:
            return None
        if target == "zone:discard":
            return P.Remove((key,))
        return None if target.startswith("zone:") else P.Remove((key, target))

    def on_drop(self, key: str, target: str | None) -> None:
        self.clear_selection()
        move = self._drop_move(key, target)
        if move is None:
            self.table.fly_back(key)
            if target is not None:
                self.app.error("Drop a card on a partner that makes 13, or a king on the "
                               "discard pile.")
            return
        if not self.play(move):
            self.table.fly_back(key)

    def can_drop(self, key: str, target: str) -> bool:
        move = self._drop_move(key, target)
        return move is not None and self.legal(move)

    def on_secondary(self) -> None:
        self.turn_pack()

    def zone_place(self, name: str, rect: pygame.Rect) -> Place | None:
        view = self.view
        turns_over = name == "zone:stock" and view.stock_top is None and bool(view.waste)
        return Place(rect) if turns_over else None

    # -- keyboard ------------------------------------------------------------------------------

    def on_key(self, key: str) -> bool:
        view = self.view
        self.table.clear_highlights("hint")
        if key in ("p", "8"):
            self.end_row()
            if view.stock_top is not None:
                self.choose(view.stock_top.uid)
            else:
                self.app.error("The pack is empty.")
        elif key in ("w", "9"):
            self.end_row()
            if view.waste:
                self.choose(view.waste[-1].uid)
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
                row = self.pending_row
                self.end_row()
                if number > row:
                    self.app.error(f"Row {row} has only {row} cards.")
                    return True
                card = view.pyramid[P.index_of(row - 1, number - 1)]
                if card is None:
                    self.app.error(f"Row {row}, column {number} has already been removed.")
                else:
                    self.choose(card.uid)
        elif self.match is not None and key in MATCH_KEYS:
            self.game_command(MATCH_KEYS[key])
        else:
            return False
        return True

    def handle_game(self, action: Action) -> None:
        if action.kind != Act.POINTER_MOVE:
            self.table.clear_highlights("hint")
        if self.shuffling is not None and action.kind in PLAYER_MOVES:
            self.hud.say(SHUFFLING, seconds=30)
            return
        if self.computer_to_play and action.kind in PLAYER_MOVES:
            if self.match is not None:
                self.hud.say("The computer is playing its game: watch, or use the commands.")
                return
            self.stop_auto()  # Auto: playing a card takes the game back
        super().handle_game(action)

    def stop_auto(self) -> None:
        self.set_computer(self.seat, False)
        self.after_refresh()
        self.hud.say("You have the cards again.")

    def has_selection(self) -> bool:
        return self.selected is not None or self.pending_row is not None

    def undo(self) -> None:
        if self.match is not None:
            self.app.error(MATCH_REFUSES["undo"])
        else:
            super().undo()

    # -- commands -----------------------------------------------------------------------------

    def game_command(self, key: str) -> bool:
        if self.shuffling is not None and key in WAIT_FOR_DEAL:
            self.hud.say(SHUFFLING, seconds=30)
            return True
        if self.match is not None and key in MATCH_REFUSES:
            self.app.error(MATCH_REFUSES[key])
            return True
        if self.match is not None and self.match_command(key):
            return True
        if key == "draw":
            if self.computer_to_play:
                if self.match is not None:
                    self.hud.say("The computer is playing its game: watch, or use the commands.")
                    return True
                self.stop_auto()
            self.turn_pack()
        elif key == "tour":
            if self.client.cursor and not self.over:
                confirm(self.hud, "Tournament", "Start a tournament? The game in progress "
                        "is abandoned.", self.ask_tour)
            else:
                self.ask_tour()
        elif key == "hint":
            self.hint()
        elif key == "auto":
            if self.computer_to_play:
                self.stop_auto()
            else:
                confirm(self.hud, "Auto", "Let the computer finish this game? Play any card, "
                        "or press Auto again, to take it back.", self.start_auto)
        elif key == "info":
            self.hud.ask(Dialog("Card Parlour: Pyramid",
                                "Standard play with Par scoring. Free software; the rules "
                                "follow the classic Pyramid solitaire.",
                                [("ok", "OK", "o")], lambda c: None, cancel_key="ok"))
        else:
            return False
        return True

    def start_auto(self) -> None:
        self.set_computer(self.seat, True)
        self.after_refresh()
        self.hud.say("The computer plays on: press Auto again to take over.")

    def hint(self) -> None:
        self.clear_selection()
        view = self.view
        advice = pyramid_player.hint(view, self.client.legal_moves)
        if advice is None:
            self.app.error("Nothing can be removed and the pack is done.")
            return
        if not advice.cards:
            if advice.source == "quick":
                self.app.error(advice.text)
                return
            top = view.stock_top or (view.waste[-1] if view.waste else None)
            if top is not None:
                self.table.set_highlight(top.uid, "hint")
        self.app.play_sound("hint")
        for card in advice.cards:
            self.table.set_highlight(card.uid, "hint")
        if advice.cards:
            self.focus_hint(advice.cards[0].uid)
        self.hud.say(advice.text)

    def finished(self, title: str, body: str) -> None:
        if self.match is not None:
            self.match_game_over(self.view)
        else:
            super().finished(title, body)

    def game_over_message(self, view: P.PyramidView) -> tuple[str, str]:
        if view.won:
            return "You won!", f"All 52 cards are gone. Par score {view.score:+d}."
        if view.cleared_in_deal is not None:
            return "Pyramid cleared", (f"No more moves. Par score {view.score:+d}.")
        return "No more moves", f"{view.pyramid.count(None)} of 28 pyramid cards removed. " \
                                f"Par score {view.score:+d}."

    # -- drawing -------------------------------------------------------------------------------

    def background(self, vp: Viewport) -> pygame.Surface:
        surface = super().background(vp)
        for row in range(P.ROWS):
            x, y = slot_pos(P.index_of(row, 0))
            label = text_image(vp, str(row + 1), 30, LABEL_GREEN, bold=True)
            px, py = vp.to_px(x - 34, y + 8)
            surface.blit(label, (px - label.get_width() // 2, py))
        for name, pos in (("Pack", PACK_POS), ("Waste", WASTE_POS), ("Discard", DISCARD_POS)):
            self.label_pile(surface, name, pos, above=LABEL_ABOVE)
        return surface

    def status_text(self, view: P.PyramidView) -> str:
        """The line over the pyramid: the deal, the Par score and, in a tournament,
        whose game this is."""
        status = (f"Deal {view.deal_number} of {view.redeals + 1}    "
                  f"Redeals left {view.redeals_left}    Cards left {view.cards_left}    "
                  f"Par score {view.score:+d}")
        if self.match is not None:
            # The game on the table, not the next: its score is already in the match.
            game, who = self.match_turn or self.match.next_turn or (5, 0)
            status = f"{self.match.entrants[who].name}: game {game + 1} of 6    " + status
        elif self.option("show_winnable") and not view.over:
            status += "    " + self.winnable_text()
        return status

    def extra_items(self) -> list[DrawItem]:
        vp = self.viewport
        view = self.view
        art = self.table.art
        items: list[DrawItem] = []
        pack_kind = ("empty" if view.stock_top is not None else
                     "refresh" if view.redeals_left and view.waste else "none")
        for name, (x, y), kind in (("stock", PACK_POS, pack_kind), ("waste", WASTE_POS, "empty"),
                                   ("discard", DISCARD_POS, "empty")):
            items.append(DrawItem(("slot", name), art.outline(kind), vp.to_px(x, y), 0))
        counts = (view.pack_size, len(view.waste), len(view.discard))
        if self.shuffling is None:
            image = text_image(vp, self.status_text(view), 28, INK, bold=True)
            px, py = vp.to_px(APEX_X, 20)
            items.append(DrawItem(("status",), image, (px - image.get_width() // 2, py), MARKS_Z))
        else:  # no deal yet: the whole pack waits
            counts = (len(RANKS) * len(SUITS), 0, 0)
        for name, (x, y), count in zip(("pack", "waste", "discard"),
                                       (PACK_POS, WASTE_POS, DISCARD_POS), counts, strict=True):
            image = text_image(vp, str(count), 24, MUTED)
            px, py = vp.to_px(x + CARD_W / 2, y + CARD_H + 10)
            items.append(DrawItem(("count", name), image, (px - image.get_width() // 2, py), 1))
        items.extend(self._column_numbers(view))
        if self.pending_row is not None:
            x, y = slot_pos(P.index_of(self.pending_row - 1, 0))
            image = text_image(vp, "\u25b6", 30, GOLD, bold=True)
            items.append(DrawItem(("pending",), image, vp.to_px(x - 70, y + 8), MARKS_Z))
        return items

    def _column_numbers(self, view: P.PyramidView) -> list[DrawItem]:
        """Once a row is chosen by its number, each of its cards shows its column number
        in a large badge on the part of the card that shows (readable from a sofa)."""
        if self.pending_row is None:
            return []
        vp = self.viewport
        items = []
        row = self.pending_row - 1
        for col in range(row + 1):
            card = view.pyramid[P.index_of(row, col)]
            if card is None or card.uid not in self.table.entities:
                continue
            x, y = self.table.position(card.uid)
            badge = column_badge(vp, col + 1)
            px, py = vp.to_px(x + CARD_W / 2, y + DY / 2)
            items.append(DrawItem(("col", card.uid), badge, (px - badge.get_width() // 2,
                                                             py - badge.get_height() // 2),
                                  15000))
        return items


def column_badge(vp: Viewport, number: int) -> pygame.Surface:
    """A round badge with a column number, per window size (the same image every frame,
    so the renderer repaints it only when it moves; kept by bytes with the window's
    other images)."""
    def make() -> pygame.Surface:
        diameter = vp.px(56 * vp.text_scale)
        badge = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
        radius = diameter // 2
        pygame.draw.circle(badge, (20, 30, 24, 230), (radius, radius), radius)
        pygame.draw.circle(badge, COLUMN_YELLOW, (radius, radius), radius,
                           max(2, diameter // 14))
        label = text_image(vp, str(number), 34, COLUMN_YELLOW, bold=True)
        badge.blit(label, ((diameter - label.get_width()) // 2,
                           (diameter - label.get_height()) // 2))
        return badge

    return window_image(("column badge", number, vp.scale, vp.text_scale), make)
