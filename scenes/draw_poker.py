"""Draw poker against the dealer: the table, the betting keys, the draw and the showdown.

Keys follow the manual: 1/2/3 answer the betting prompt (check, bet, fold; or call,
raise, fold), amounts are typed in a number field (digits, C clears, Up/Down, +/-,
the wheel, the stepper or the pad's D-pad and triggers; Enter is SET), 1-5 mark cards
to throw away (H marks what the odds say) and Enter draws; Esc goes back to the choice
of dealer. Mouse: the buttons, and clicks on cards to mark them. Pad: move the cursor,
A presses, X draws, Y hints, B is Esc.
The dealer is a computer seat: it sees only its own view.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ai.draw_poker_odds import best_draw
from game.engine.actions import Act, Action
from game.engine.components import Placement
from game.engine.focus import Place, Places, step
from game.engine.focus_frame import REACH
from game.engine.layout import Viewport
from game.engine.render import DrawItem
from game.engine.table import MARKS_Z
from game.engine.ui import GOLD, INK, MUTED, Button, Dialog, confirm, text_image, wrap_text
from game.engine.widgets import NumberField, SidePanel, command_bar
from game.replay.recorder import Recorder
from game.rules import draw_poker as D
from game.rules.hand_words import making_cards, showdown_words
from game.rules.hands import evaluate
from game.rules.outcome import DRAWN, LOST, WON
from game.session import SeatClient, Update
from scenes.card_scene import zone_rect
from scenes.draw_poker_faces import portrait
from scenes.draw_poker_stats import PokerStats
from scenes.game_scene import GameScene

if TYPE_CHECKING:
    from game.engine.app import App

CARD_W = 150.0
CARD_H = CARD_W * 1.4
HAND_X, STEP = 560.0, 170.0
DEALER_Y, PLAYER_Y = 100.0, 620.0
AMOUNT_TOP = 30  # the bet's question covers the dealer's backs, not your own cards
LIFT = 44.0  # a card marked to throw away rises this much
DECK_POS = (150.0, 440.0)
CHOICE_DECK_POS = (1680.0, 170.0)  # out of the portraits' way
MUCK_POS = (1620.0, 330.0)
PROMPT_Y, PROMPT_SIZE, PROMPT_SMALLEST = 445.0, 28.0, 22.0
PROMPT_ROOM = 24.0  # the prompt's lines keep this clear of the pack and the discards
PILE_STEP = 0.35
FACE = 210.0  # the dealer's portrait at the table
CHOICE_X = (330.0, 830.0, 1330.0)  # portraits on the choice of dealer
CHOICE_Y, CHOICE_FACE = 170.0, 260.0
MANNER = {"jack": "Plays it straight: no bias.", "queen": "Likes flushes: draws to them.",
          "king": "Prefers straights."}
COMMON = [("undo", "Undo", "u"), ("help", "? Help", "?"), ("menu", "Menu", "m")]
WIN_GREEN = (150, 235, 150)
DRAW_WORDS = {"trips": "three of a kind", "two_pair": "two pair", "pair": "the pair",
              "four_flush": "four to a flush", "three_flush": "three to a flush",
              "open_straight": "an open-ended straight", "inside_straight": "an inside "
              "straight", "high_cards": "the high cards"}
BAR_SIZE = (190, 58)
BAR_GAP, BAR_LEFT = 10, 50  # command_bar's gap and left edge
BAR_ROOM = 16  # words keep this much clear of a button's rounded ends
BAR_TOP = 1010 - BAR_SIZE[1] - BAR_GAP  # command_bar's, along the bottom
POINTS_SIZE = 34  # "Your points 1,000 · hand 2", over the bar's left end


def hand_x(i: int) -> float:
    return HAND_X + i * STEP


def fit_words(buttons: list[Button], vp: Viewport) -> list[Button]:
    """Widen the bottom bar's buttons whose words would be squeezed ('New session',
    'Choose dealer' in TV mode), the bar still right-aligned; as it was if the wider bar
    would not fit."""
    if not buttons:
        return buttons
    h = buttons[0].rect.h
    size = min(h * 0.42, 30)  # as game.engine.ui.button_image writes the label
    widths = [max(b.rect.w, math.ceil(text_image(vp, b.label, size, INK, bold=True)
                                      .get_width() / vp.scale) + h // 2 + BAR_ROOM)
              for b in buttons]
    right = buttons[-1].rect.right
    x = right - sum(widths) - BAR_GAP * (len(buttons) - 1)
    if x < BAR_LEFT:
        return buttons
    out = []
    for b, w in zip(buttons, widths, strict=True):
        out.append(replace(b, rect=pygame.Rect(x, b.rect.y, w, h)))
        x += w + BAR_GAP
    return out


def _pile(x: float, y: float, n: int) -> list[tuple[float, float]]:
    return [(x - k * PILE_STEP, y - k * PILE_STEP) for k in range(n)]


class Write(Protocol):
    """``extra_items``' ``text``: ``words`` at (x, y) on the table, as a drawn label."""

    def __call__(self, key: object, words: str, size: float, x: float, y: float,
                 color: tuple[int, int, int] = ..., bold: bool = ...,
                 centre: bool = ...) -> None: ...


class DrawPokerScene(GameScene[D.DrawPokerView, D.Move]):
    title = "Draw Poker"
    game_id = D.GAME_ID
    card_w, card_h = CARD_W, CARD_H
    config = dict(D.DEFAULT_CONFIG)

    def __init__(self, app: App, seed: int | None = None, demo: bool = False,
                 resume: bool = True, recorder: Recorder[Any, D.Move] | None = None,
                 client: SeatClient[D.DrawPokerView, D.Move] | None = None) -> None:
        self.marked: set[int] = set()
        self.last_amount = 10
        self.stats = PokerStats(app.save_dir)
        if self.stats.problem:
            app.problems.append(self.stats.problem)
        super().__init__(app, seed, demo, resume, recorder, client)
        self.log = SidePanel("This hand", side="right", top=580.0, width=360.0,
                             max_height=330.0)
        self._phase = self.view.phase
        if not self.viewer:
            self.set_computer(D.DEALER, True, agent="dealer")
        self.set_buttons()

    # -- view -> table ------------------------------------------------------------------

    def placements(self, view: D.DrawPokerView) -> list[Placement]:
        out: list[Placement] = []
        deck = CHOICE_DECK_POS if view.phase == "choose" else DECK_POS
        for k, (x, y) in enumerate(_pile(*deck, view.deck_size)):
            out.append(Placement(f"deck#{k}", None, x, y, k, False, "deck", shadow=k == 0))
        drawing = self._my_draw(view)
        for seat, y in ((D.DEALER, DEALER_Y), (D.PLAYER, PLAYER_Y)):
            for i, card in enumerate(view.hands[seat]):
                key = card.uid if card is not None else f"hand{seat}#{i}"
                lifted = seat == D.PLAYER and i in self.marked and drawing
                out.append(Placement(key, card.uid if card else None, hand_x(i),
                                     y - LIFT * lifted, 100 + i, card is not None,
                                     f"hand:{seat}", interactive=seat == D.PLAYER and drawing,
                                     dim=lifted))
        muck = [c for seat in (D.PLAYER, D.DEALER) for c in view.discards[seat]]
        for k, (card, (x, y)) in enumerate(zip(muck, _pile(*MUCK_POS, len(muck)), strict=True)):
            key = card.uid if card is not None else f"muck#{k}"
            out.append(Placement(key, card.uid if card else None, x, y, 60 + k, False, "muck",
                                 shadow=k == 0))
        return out

    def deal_origin(self) -> tuple[float, float]:
        return DECK_POS

    @staticmethod
    def _my_draw(view: D.DrawPokerView) -> bool:
        return view.phase == "draw" and view.to_act == D.PLAYER

    # -- buttons for the moment ----------------------------------------------------------

    def phase_commands(self, view: D.DrawPokerView) -> list[tuple[str, str, str]]:
        if self.viewer or self.demo:
            return []
        mine = view.to_act == D.PLAYER
        if view.phase == "choose":
            return [(d, f"{n + 1} {D.DEALER_NAMES[d]}", str(n + 1))
                    for n, d in enumerate(D.DEALERS)] + [("leave", "Leave", "l")]
        if view.phase == "done":
            return [("next", "Next hand", "n"), ("change", "Choose dealer", "c"),
                    ("leave", "Leave", "l")]
        if view.phase == "end":  # the end box closed: start again from the table
            return [("new", "New session", "n")]
        if view.phase in D.BETTING and mine:
            if view.to_call == 0:
                return [("check", "1 Check", "1"), ("bet", "2 Bet", "2"), ("fold", "3 Fold", "3")]
            answer = [("call", "1 Call", "1")]
            if view.max_bet >= 1:
                answer.append(("raise", "2 Raise", "2"))
            return answer + [("fold", "3 Fold", "3")]
        if self._my_draw(view):
            return [("draw", "Draw", "d"), ("hint", "Hint", "h")]
        return []

    def set_buttons(self) -> None:
        commands = self.phase_commands(self.view)
        common = [] if self.viewer or self.demo else COMMON
        self.hud.buttons = fit_words(command_bar(commands + common, where="bottom",
                                                 size=BAR_SIZE), self.viewport)
        super().after_refresh()

    def after_refresh(self) -> None:
        self.set_buttons()
        view = self.view
        self.refocus(view)
        self.table.clear_highlights("selected")
        if view.shown and view.result is not None:
            winners = (D.PLAYER, D.DEALER) if view.result.winner == -1 else (view.result.winner,)
            for seat in winners:  # the cards that won it: a pair's two, not its kickers
                for card in making_cards(view.face_up(seat)):
                    if card.uid in self.table.entities:
                        self.table.set_highlight(card.uid, "selected")
        told = D.result_text(view.result) if view.result is not None else None
        self.log.lines = [self.result_words(view) if line == told else line
                          for line in view.events[-10:]]

    # -- updates -------------------------------------------------------------------------

    def _on_update(self, update: Update) -> None:
        before = self._phase
        view = self.view
        self._phase = view.phase
        if view.phase != "draw":
            self.marked.clear()
        super()._on_update(update)
        if update.kind != "play":
            return
        # The hand's events are told in the side panel only (the status line said each
        # again): the status line keeps to errors and to what the table asks of you.
        ended = before not in ("choose", "done", "end") and view.phase in ("done", "end")
        if ended and view.result is not None:
            if view.result.winner == D.PLAYER:
                self.app.play_sound("win")
            if not self.viewer and not self.demo:
                self._count_hand(view)

    def _count_hand(self, view: D.DrawPokerView) -> None:
        result = view.result
        assert result is not None  # counted once the hand has ended
        label, value = "", 0
        if view.shown:
            mine = evaluate(view.face_up(D.PLAYER))
            label, value = D.hand_name(mine), int(mine)
        try:
            self.stats.hand(view.dealer, result.winner == D.PLAYER, result.pot, label, value)
        except OSError as exc:
            self.hud.say(f"The statistics could not be saved: {exc}", error=True)

    def finished(self, title: str, body: str) -> None:
        if not self.demo and self.view.dealer:
            try:
                self.stats.session(self.view.dealer)
            except OSError as exc:
                self.hud.say(f"The statistics could not be saved: {exc}", error=True)
        super().finished(title, body)

    def game_over_message(self, view: D.DrawPokerView) -> tuple[str, str]:
        if view.points == 0:
            return "Out of points", "The dealer has taken all your points. The session is over."
        if view.points > D.TOP_POINTS:
            return "You broke the bank!", f"{view.points:,} points: the session is over."
        hands = f"{view.hand_no} hand" + ("" if view.hand_no == 1 else "s")
        came = view.points + view.house  # the house began at 0: the rest was the player's
        title = {WON: "You left a winner", LOST: "You left the table down",
                 DRAWN: "You left the table even"}[self.ending().result]
        return title, f"You leave with {view.points:,} points after {hands}. You came " \
                      f"with {came:,}."

    def player_names(self) -> list[str]:
        return ["You", D.DEALER_NAMES.get(self.view.dealer, "No dealer")]

    def over_words(self) -> str:
        return f"The session is over: New session (N) starts again with " \
               f"{D.START_POINTS:,} points, Menu goes back."

    def refocus(self, view: D.DrawPokerView) -> None:
        """A focused button gone from the bar: the focus goes to the moment's first
        command (Next hand after a hand), not to whatever now stands where it was (the
        second button turns into Choose dealer, and a pad's A would leave the table)."""
        wanted = self.nav.wanted
        commands = self.phase_commands(view)
        if commands and isinstance(wanted, tuple) and wanted[0] == "button" and \
                all(b.key != wanted[1] for b in self.hud.buttons):
            self.set_focus(("button", commands[0][0]))

    def move_focus(self, current: object, direction: Act) -> object | None:
        """Down from a card of the hand goes to the buttons, a raised (marked) card's
        neighbours lying lower notwithstanding."""
        places = self.nav.places()
        if direction != Act.DOWN or current not in places or \
                places[current].pile != f"hand:{D.PLAYER}":
            return super().move_focus(current, direction)
        below: Places = {k: p for k, p in places.items()
                         if k == current or isinstance(k, tuple) and k[0] == "button"}
        return step(below, current, direction) or current

    # -- choosing --------------------------------------------------------------------------

    def clear_selection(self) -> None:
        """The draw marks stay until the draw is made; nothing else is half chosen."""

    def has_selection(self) -> bool:
        return bool(self.marked)

    def toggle(self, index: int) -> None:
        view = self.view
        if not self._my_draw(view):
            self.app.error("Cards are thrown away in the draw, after the first round of "
                           "betting.")
            return
        self.marked ^= {index}
        self.app.play_sound("select")
        self.refresh()

    def on_click(self, key: str | None, pos: tuple[float, float]) -> None:
        view = self.view
        if key is not None and key.startswith("zone:dealer:"):
            if view.phase == "choose":  # the faces are only there while choosing
                self.press(key.rsplit(":", 1)[1])
            return
        for i, card in enumerate(view.hands[D.PLAYER]):
            if card is not None and card.uid == key:
                self.toggle(i)
                return

    def activate(self, target: object) -> None:
        self.on_click(target if isinstance(target, str) else None, (0.0, 0.0))

    def on_secondary(self) -> None:
        """Right-click or pad X: make the draw (or deal the next hand)."""
        self.go_on()

    def secondary_question(self) -> tuple[str, str] | None:
        """A right-click's draw is asked first: the new cards cannot be taken back."""
        if not self._my_draw(self.view):
            return None
        n = len(self.marked)
        what = f"throw away {n} card{'s' * (n != 1)} and draw" if n else "stand pat"
        return "Draw", f"Do you {what}? The draw cannot be taken back."

    def go_on(self) -> bool:
        """Draw, or deal the next hand, when that is what the table waits for."""
        primary = self.phase_commands(self.view)[:1]
        if primary and primary[0][0] in ("draw", "next"):
            self.press(primary[0][0])
            return True
        return False

    def zone_place(self, name: str, rect: pygame.Rect) -> Place | None:
        choosing = name.startswith("zone:dealer:") and self.view.phase == "choose"
        return Place(rect) if choosing else None

    def on_key(self, key: str) -> bool:
        if key in ("1", "2", "3", "4", "5") and self._my_draw(self.view):
            self.toggle(int(key) - 1)
            return True
        # As on the old unit: after a hand, any key but the commands' deals the next.
        return self.view.phase == "done" and self.go_on()

    def handle_game(self, action: Action) -> None:
        if action.kind == Act.CANCEL:
            self.escape()
            return
        if action.kind == Act.SELECT and not self.show_focus and self.go_on():
            return
        super().handle_game(action)

    def escape(self) -> None:
        """Esc: put down marked cards; otherwise back to the choice of dealer (folding a
        hand in play after asking); from the choice of dealer, back to the menu."""
        view = self.view
        if self.marked:
            self.marked.clear()
            self.refresh()
        elif view.phase == "done":
            self.play(D.ChangeDealer())
        elif view.phase in D.BETTING and view.to_act == D.PLAYER:
            confirm(self.hud, "Change dealer", "Fold this hand and go back to the choice "
                    "of dealer? Your points are kept.", self._fold_and_change)
        elif view.phase in ("choose", "end") or self.viewer or self.demo:
            self.press("menu")
        else:
            self.app.error("Finish the draw first; Esc folds when it is your turn to bet.")

    def _fold_and_change(self) -> None:
        if self.play(D.Fold(D.PLAYER)) and self.view.phase == "done":
            self.play(D.ChangeDealer())

    # -- commands ------------------------------------------------------------------------

    def undo(self) -> None:
        """Takes back the player's last decision with the dealer's answers to it: the
        dealer answers at once, so its answer alone would only come again."""
        moves = self.recorder.moves if self.recorder is not None else ()
        if not self.client.can_undo or not moves:
            super().undo()
            return
        while self.client.can_undo:
            mover = getattr(moves[self.client.cursor - 1], "seat", D.PLAYER)
            self.client.undo()
            if mover == D.PLAYER:
                return

    def game_command(self, key: str) -> bool:
        simple: dict[str, D.Move] = {
            "check": D.Check(), "call": D.Call(D.PLAYER), "fold": D.Fold(D.PLAYER),
            "next": D.Deal(), "change": D.ChangeDealer()}
        if key == "leave":
            confirm(self.hud, "Leave", f"Leave the table with {self.view.points:,} points? "
                    "The session ends.", lambda: self.play(D.Leave()))
        elif key in D.DEALERS:
            self.play(D.ChooseDealer(key))
        elif key in simple:
            self.play(simple[key])
        elif key in ("bet", "raise"):
            self.ask_amount(key)
        elif key == "hint":
            self.hint()
        elif key == "draw":
            if self.play(D.Draw(D.PLAYER, tuple(sorted(self.marked)))):
                self.marked.clear()
        elif key == "new" and not self.over:  # over: nothing to abandon, the base deals
            confirm(self.hud, "New session", f"Start again with {D.START_POINTS:,} points?",
                    self.deal_again)
        else:
            return False
        return True

    def hint(self) -> None:
        """What to keep in the draw, by the odds the dealers draw by (S. Jack's: no
        liking for flushes or straights); the cards to throw away are marked."""
        view = self.view
        if not self._my_draw(view):
            self.app.error("The hint is for the draw: which cards to keep.")
            return
        hand = [card for card in view.hands[D.PLAYER] if card is not None]  # face up: all 5
        best = best_draw(hand)
        self.marked = set(best.discard)
        self.app.play_sound("hint")
        self.refresh()
        if not best.discard:
            self.hud.say("Hint: stand pat, your hand is made.")
            return
        kept = " ".join(hand[i].symbol for i in best.keep)
        why = DRAW_WORDS.get(best.kind, "")
        keep = f"keep {kept}{f' ({why})' if why else ''}" if kept else "keep nothing"
        self.hud.say(f"Hint: {keep}, throw away {len(best.discard)}: marked for you.")

    def ask_amount(self, kind: str) -> None:
        view = self.view
        top = view.max_bet
        field = NumberField(value=min(self.last_amount, top), minimum=0, maximum=top,
                            keep_over=True)
        verb = "Bet" if kind == "bet" else "Raise"
        extra = f" on top of the {view.to_call} you call" if kind == "raise" else ""
        how = ("D-pad up/down step by 1, the left trigger down by 10 and the right up; "
               "A places it, B cancels." if self.app.input.last_device == "pad" else
               "Type the digits, C clears, the wheel, Up/Down or +/- step; Enter places it.")
        body = f"How many points{extra}? 1 to {top}. {how}"

        def choose(choice: str) -> None:
            if choice == "clear":
                field.set(0)
                self.hud.ask(dialog)
            elif choice == "ok":
                if not 1 <= field.value <= top:
                    # A typed 9999 with 998 left became all-in without a word.
                    dialog.error = f"At most {top:,}: nobody bets more than you have " \
                        "left." if field.value > top else "Enter at least 1 point."
                    field.refused()
                    self.hud.ask(dialog)
                    return
                self.last_amount = field.value
                move = D.Bet(D.PLAYER, field.value) if kind == "bet" else \
                    D.Raise(D.PLAYER, field.value)
                self.play(move)

        dialog = Dialog(verb, body, [("ok", verb, ""), ("clear", "Clear", "c"),
                                     ("cancel", "Cancel", "")], choose, cancel_key="cancel",
                        number=field, top=AMOUNT_TOP)
        self.hud.ask(dialog)

    # -- drawing -------------------------------------------------------------------------

    def layout(self, vp: Viewport) -> None:
        super().layout(vp)
        self.set_buttons()  # TV text is larger: the buttons' widths follow their words
        self.table.zones = {f"zone:dealer:{d}": zone_rect(x, CHOICE_Y, CHOICE_FACE, CHOICE_FACE)
                            for d, x in zip(D.DEALERS, CHOICE_X, strict=True)}

    def extra_items(self) -> list[DrawItem]:
        vp = self.viewport
        view = self.view
        items: list[DrawItem] = []

        def text(key: object, words: str, size: float, x: float, y: float,
                 color: tuple[int, int, int] = INK, bold: bool = False,
                 centre: bool = True) -> None:
            image = text_image(vp, words, size, color, bold=bold)
            px, py = vp.to_px(x, y)
            items.append(DrawItem(("dp", key), image,
                                  (px - image.get_width() // 2 if centre else px, py), MARKS_Z))

        playing = view.hand_no and view.phase != "choose"
        hand_no = f"  \u00b7  hand {view.hand_no}" if playing else ""
        # Its bottom clear of the bar and of the focus frame round a button: TV mode's
        # taller text ran under "1 Check"'s frame.
        words = f"Your points {view.points:,}{hand_no}"
        bar = min((b.rect.top for b in self.hud.buttons), default=BAR_TOP)
        bottom = bar - REACH - 4
        height = text_image(vp, words, POINTS_SIZE, GOLD, bold=True).get_height() / vp.scale
        text("points", words, POINTS_SIZE, 60, bottom - height, GOLD, True, centre=False)
        if view.phase == "choose":
            self._choice_items(items, text)
            return items
        face = portrait(view.dealer, vp.px(FACE))
        items.append(DrawItem(("dp", "face"), face, vp.to_px(150, 90), MARKS_Z))
        name = D.DEALER_NAMES.get(view.dealer, "")
        text("name", name, 32, 150 + FACE / 2, 310, GOLD, True)
        below = 310 + text_image(vp, name, 32, GOLD, bold=True).get_height() / vp.scale
        text("manner", MANNER.get(view.dealer, ""), 22, 150 + FACE / 2, below, MUTED)
        mid = hand_x(2) + CARD_W / 2
        pot = view.result.pot if view.result is not None else view.pot
        text("pot", f"Pot {pot}", 40, mid, 385, GOLD, True)
        size, lines = self.prompt_lines(self.prompt(view), mid)
        for k, line in enumerate(lines):
            text(("prompt", k), line, size, mid, PROMPT_Y + k * size * 1.2 * vp.text_scale)
        if self._my_draw(view):
            for i in range(D.HAND_SIZE):
                mark = "throw" if i in self.marked else str(i + 1)
                text(("num", i), mark, 30, hand_x(i) + CARD_W / 2, PLAYER_Y + CARD_H + 8,
                     GOLD, True)
        for seat, y in ((D.DEALER, DEALER_Y + CARD_H + 12), (D.PLAYER, PLAYER_Y - LIFT - 40)):
            label, won = self.hand_label(view, seat)
            if label:
                text(("named", seat), label, 28, mid, y, WIN_GREEN if won else INK, won)
        # An empty log (the session left from the choice of dealer) shows no empty panel.
        return items + (self.log.draw_items(vp) if self.log.lines else [])

    def prompt_lines(self, words: str, mid: float) -> tuple[float, list[str]]:
        """The prompt's size and lines between the pack and the discards, centred on
        ``mid``: two lines at most (a result's keys on the second), smaller type before
        a third (TV text is larger)."""
        vp = self.viewport
        muck_left = MUCK_POS[0] - PILE_STEP * 2 * D.HAND_SIZE  # the pile leans left as it grows
        width = 2 * min(mid - DECK_POS[0] - CARD_W, muck_left - mid) - 2 * PROMPT_ROOM
        size = PROMPT_SIZE
        while True:
            lines = wrap_text(vp, words, size, width)
            apart = wrap_text(vp, words.replace("  ", "\n"), size, width)  # keys on their own
            if len(lines) == 1 or size <= PROMPT_SMALLEST:
                return size, lines
            if len(apart) <= 2 or len(lines) <= 2:
                return size, apart if len(apart) <= 2 else lines
            size -= 1

    def _choice_items(self, items: list[DrawItem], text: Write) -> None:
        vp = self.viewport
        text("choose", self.choice_title(), 40, 960, 80, GOLD, True)
        for n, (dealer, x) in enumerate(zip(D.DEALERS, CHOICE_X, strict=True)):
            face = portrait(dealer, vp.px(CHOICE_FACE))
            items.append(DrawItem(("dp", "choice", dealer), face, vp.to_px(x, CHOICE_Y), MARKS_Z))
            cx = x + CHOICE_FACE / 2
            text(("cname", dealer), f"{n + 1}  {D.DEALER_NAMES[dealer]}", 34, cx, 450, GOLD, True)
            text(("cmanner", dealer), MANNER[dealer], 24, cx, 500, MUTED)
            for k, line in enumerate(self.stats.get(dealer).lines()):
                text(("cstat", dealer, k), line, 24, cx, 560 + 34 * k)

    def choice_title(self) -> str:
        """The choice of dealer's heading, in the keys of the device last used (a pad has
        no 1-3)."""
        if self.app.input.last_device == "pad":
            return "Choose your dealer with A"
        return "Choose your dealer: 1, 2 or 3"

    def result_words(self, view: D.DrawPokerView) -> str:
        """How the hand ended, with the hands named by their ranks and what you won or
        lost (the pot holds your own bets too; the rules' line says the pot)."""
        result = view.result
        if result is None:
            return ""
        gain = result.player_gain()
        if result.winner == -1 and not view.shown:
            return D.result_text(result)
        net = f"you win {gain:,}" if gain >= 0 else f"you lose {-gain:,}"
        if not view.shown:
            who = "The dealer" if result.winner == D.PLAYER else "You"
            return f"{who} folded: {net}."
        mine, theirs = showdown_words(view.face_up(D.PLAYER), view.face_up(D.DEALER))
        if result.winner == -1:
            return f"A tie, {mine} each: the bets go back."
        if result.winner == D.PLAYER:
            return f"Your {mine} beats {theirs}: {net}."
        return f"The dealer's {theirs} beats your {mine}: {net}."

    @staticmethod
    def hand_label(view: D.DrawPokerView, seat: int) -> tuple[str, bool]:
        """What is said beside a hand: how many it drew, and at a showdown its name and
        whether it won."""
        parts = []
        n = view.drawn[seat]
        if n >= 0:
            who = D.DEALER_NAMES.get(view.dealer, "Dealer") if seat == D.DEALER else "You"
            parts.append(f"{who} drew {n}" if n else f"{who} stood pat")
        won = False
        if view.shown and view.result is not None:
            won = view.result.winner in (seat, -1)
            words = showdown_words(view.face_up(D.PLAYER), view.face_up(D.DEALER))[seat]
            parts.append(words[0].upper() + words[1:] + ("  \u2605 wins" if won else ""))
        return "  \u00b7  ".join(parts), won

    def prompt(self, view: D.DrawPokerView) -> str:
        # The keys named are those of the device last used: a pad has no Enter or 1-3.
        pad = self.app.input.last_device == "pad"
        if view.phase == "done" and view.result is not None:
            # (N, as Enter presses the button the focus is on: Next hand only at first)
            keys = "A: next hand, B: dealers" if pad else "N: next hand, Esc: dealers"
            return f"{self.result_words(view)}  {keys}"
        if view.phase == "end":
            return self.game_over_message(view)[1]
        if view.to_act == D.DEALER:  # a replay only shows what the dealer did
            return "The dealer's turn" if self.viewer else "The dealer is thinking..."
        if view.phase == "draw":
            return ("Mark cards to throw away with A, then Draw" if pad else
                    "Mark cards to throw away (1-5 or click), then Enter or Draw")
        if view.to_call:
            return f"Dealer bets {view.to_call}: " + ("Call, Raise or Fold" if pad else
                                                       "1 Call, 2 Raise, 3 Fold")
        return "Your bet: " + ("Check, Bet or Fold" if pad else "1 Check, 2 Bet, 3 Fold")
