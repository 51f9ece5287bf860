"""The Giant / Miss Milligan: eight long columns, the stock, eight foundations and the
waiving space, played with the mouse, the keyboard or a pad.

Mouse: drag a card (and the run on it) onto a column, the waiving space or the
foundations; or click it, then click where it goes. Shift-click or right-click tries a
card on the foundations. A click on the stock deals. Keyboard: 1-8 pick a column's end
card (again: one more card of its run), then 1-8, W or F says where it goes; W alone
picks the waived card, F then 1-8 a foundation's top; T tries the picked card (else the
one under the cursor) on the foundations; D deals, L lays off, G gives up. Pad: the
cursor, A picks and drops, X tries a card on the foundations, Y hints. Each column has
spacing buttons above it (compact, reset, expand); long columns squeeze to fit, their
covered cards showing rank and suit side by side (strip faces).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.ai import milligan_player
from game.engine import arrange
from game.engine.actions import Act, Action
from game.engine.card_art import INDEX_DEPTH, STRIP_BAND, draw_suit
from game.engine.components import Placement
from game.engine.focus import Place, Places
from game.engine.jobs import PENDING, STUDY
from game.engine.layout import DESIGN_W, Viewport
from game.engine.render import DrawItem
from game.engine.scene import felt
from game.engine.table import MARKS_Z
from game.engine.ui import GOLD, INK, MUTED, Button, confirm, text_image, wrap_text
from game.engine.widgets import command_bar
from game.replay.recorder import Recorder
from game.rules import milligan as M
from game.rules import milligan_stuck
from game.rules.registry import GAME_BY_ID
from game.session import SeatClient
from scenes.card_scene import zone_rect
from scenes.game_scene import GameScene
from scenes.statistics import StatisticsScene

if TYPE_CHECKING:
    from game.engine.app import App

CARD_W = 116.0
CARD_H = CARD_W * 1.4
STOCK_POS = (40.0, 40.0)
FOUNDATION_X, FOUNDATION_STEP = 220.0, 136.0
COLUMN_X, COLUMN_STEP = 40.0, 150.0
COLUMN_TOP, COLUMN_BOTTOM = 290.0, 1000.0
WAITING_POS = (COLUMN_X + M.COLUMNS * COLUMN_STEP + 20.0, COLUMN_TOP)
# A column's step (logical units): at STEP a covered card shows its whole corner index
# (13 cards fit); squeezed below that it shows its strip face, rank and suit side by side
# in a band MIN_STEP tall, so that 45 cards fit and every one reads.
STEP, MAX_STEP = 45.0, 80.0
INDEX_STEP, MIN_STEP = INDEX_DEPTH * CARD_W, STRIP_BAND * CARD_W
STEP_CHANGE = 1.25  # one press of compact / expand
# Over each column, from the foundations down: its spacing buttons, then its number just
# over its top card (over the buttons, the numbers read as the foundations' labels).
SPACING_ABOVE, NUMBER_ABOVE = 78, 32
PILE_STEP = 0.3
DEAL_STAGGER = 0.005  # seconds between two cards of a new deal leaving the stock
SPACING = (("compact", "\u25b2", 1 / STEP_CHANGE), ("reset", "\u2022", 0.0),
           ("expand", "\u25bc", STEP_CHANGE))
COMMANDS = [("deal", "Deal", "d"), ("layoff", "Lay off", "l"), ("hint", "Hint", "h"),
            ("auto", "Auto", "a"), ("undo", "Undo", "u"), ("redo", "Redo", "r"),
            ("new", "New", "n"), ("giveup", "Give up", "g"), ("scores", "Scores", "s"),
            ("config", "Config", "c"), ("help", "? Help", "?"), ("menu", "Menu", "m"),
            ("quit", "Quit", "q")]
STUCK_SECONDS = 4.0  # the worker's time to prove a game lost once the stock is out
STUCK_PAUSE = 1.0  # seconds a position stands before that proof starts (the last move lands)
STATUS_X, STATUS_TOP, STATUS_SIZE = 1420.0, 90.0, 26  # the lines under the title
STATUS_W = DESIGN_W - 40 - STATUS_X  # they wrap to end inside the window (TV's larger text)
# Table colours to choose from (Config): a tint laid over the baize.
TABLES = {"green": None, "blue": (60, 110, 190), "red": (170, 50, 60), "grey": (120, 120, 120)}


def setting(app: App, key: str) -> Any:
    """One of The Giant's own options (Config)."""
    return GAME_BY_ID[M.GAME_ID].setting(app.settings.per_game, key)


def game_config(app: App) -> dict[str, Any]:
    """The rules the next deal is played by, as chosen in Config."""
    return {"rule": setting(app, "rule"), "miss_milligan": setting(app, "miss_milligan")}


def cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def rules_words(view: M.MilliganView) -> str:
    """The rules a deal is played by, as the table says them when it starts."""
    rules = "Miss Milligan rules" if view.miss_milligan else "The Giant's rules"
    return f"New deal: {rules}, {M.RULE_LABELS[view.rule]}."


def column_x(i: int) -> float:
    return COLUMN_X + i * COLUMN_STEP


def foundation_pos(p: int) -> tuple[float, float]:
    return FOUNDATION_X + p * FOUNDATION_STEP, STOCK_POS[1]


class MilliganScene(GameScene[M.MilliganView, M.Move]):
    title = "The Giant"
    game_id = M.GAME_ID
    card_w, card_h = CARD_W, CARD_H
    config = dict(M.DEFAULT_CONFIG)
    winnable_check = staticmethod(milligan_player.winnable)

    def __init__(self, app: App, seed: int | None = None, demo: bool = False,
                 resume: bool = True, recorder: Recorder[Any, M.Move] | None = None,
                 client: SeatClient[M.MilliganView, M.Move] | None = None) -> None:
        self.config = game_config(app)
        self.steps: dict[int, float] = {}  # per-column spacing the player chose
        self.selected: tuple[str, int] | None = None  # (place, cards) picked up
        self.pending_foundation = False  # F pressed: a pile number follows
        self.places: dict[str, tuple[str, int]] = {}  # card key -> (place, depth from end)
        self.hint_asked: int | None = None  # the position a hint is being worked out for
        self.hint_slot = ""  # an empty place the hinted move goes to (ringed with the hint)
        self.click_mods: frozenset[str] = frozenset()  # modifiers held at the click now handled
        self.standing: tuple[int, float] = (-1, 0.0)  # (position, seconds it has stood)
        self.unsettled_said = -1  # the position the table last said it cannot settle
        super().__init__(app, seed, demo, resume, recorder, client)
        self.table.drag_group = self.run_under
        self.hud.buttons = command_bar(COMMANDS, size=(118, 54), right=1880, bottom=1000)
        self.hud.buttons += self.spacing_buttons()
        self.set_zones()
        self.after_refresh()

    # -- layout ----------------------------------------------------------------------

    def spacing_buttons(self) -> list[Button]:
        out = []
        for i in range(M.COLUMNS):
            for k, (name, label, _) in enumerate(SPACING):
                rect = pygame.Rect(round(column_x(i)) + k * 40, round(COLUMN_TOP) - SPACING_ABOVE,
                                   36, 36)
                out.append(Button(f"space:{i}:{name}", label, rect))
        return out

    def layout(self, vp: Viewport) -> None:
        super().layout(vp)
        self.show_spacing_buttons()

    def enter(self) -> None:
        super().enter()
        self.show_spacing_buttons()

    def show_spacing_buttons(self) -> None:
        """The small spacing buttons show unless watching, or in a window too small to
        draw them (the engine's button image needs room for its rounded ends)."""
        vp = self.viewport
        shown = not (self.demo or self.viewer) and vp is not None and vp.px(36) >= 16
        for button in self.hud.buttons:
            if button.key.startswith("space:"):
                button.visible = shown
        self.nav.forget()

    def set_zones(self) -> None:
        zones = {"zone:stock": zone_rect(*STOCK_POS, CARD_W, CARD_H),
                 "zone:w": zone_rect(*WAITING_POS, CARD_W, CARD_H)}
        for p in range(M.PILES):  # any pile: the rules choose the one a card goes on
            zones[f"zone:f{p}"] = zone_rect(*foundation_pos(p), CARD_W, CARD_H)
        for i in range(M.COLUMNS):
            zones[f"zone:c{i}"] = pygame.Rect(round(column_x(i)), round(COLUMN_TOP),
                                              round(CARD_W), round(COLUMN_BOTTOM - COLUMN_TOP))
        self.table.zones = zones

    def column_layout(self, view: M.MilliganView) -> list[arrange.Column]:
        return arrange.columns(M.COLUMNS, [len(c) for c in view.columns], COLUMN_TOP,
                               COLUMN_BOTTOM, CARD_H, STEP, MIN_STEP,
                               per_column_step=self.steps)

    # -- view -> table -----------------------------------------------------------------------

    def placements(self, view: M.MilliganView) -> list[Placement]:
        out: list[Placement] = []
        places: dict[str, tuple[str, int]] = {}
        for k in range(view.stock_size):
            x, y = STOCK_POS[0] - k * PILE_STEP, STOCK_POS[1] - k * PILE_STEP
            out.append(Placement(f"stock#{k}", None, x, y, 10 + k, False, "stock",
                                 interactive=k == view.stock_size - 1, shadow=k == 0))
        for p, pile in enumerate(view.foundations):
            x, y = foundation_pos(p)
            for k, card in enumerate(pile):
                top = k == len(pile) - 1
                out.append(Placement(card.uid, card.uid, x, y - k * PILE_STEP, 200 + k, True,
                                     "foundation", interactive=top and not view.miss_milligan,
                                     shadow=k == 0))
                if top:
                    places[card.uid] = (f"f{p}", 1)
        for i, (column, spacing) in enumerate(zip(view.columns, self.column_layout(view),
                                                  strict=True)):
            run = view.runs[i]
            tight = spacing.up_step < INDEX_STEP
            for k, (card, y) in enumerate(zip(column, spacing.ys, strict=True)):
                depth = len(column) - k
                out.append(Placement(card.uid, card.uid, column_x(i), y, 400 + k, True,
                                     f"c{i}", interactive=depth <= run, shadow=True,
                                     strip=tight and depth > 1))
                places[card.uid] = (f"c{i}", depth)
        if view.waiting is not None:
            out.append(Placement(view.waiting.uid, view.waiting.uid, *WAITING_POS, 300, True,
                                 "waiting", interactive=True))
            places[view.waiting.uid] = ("w", 1)
        self.places = places
        return out

    def deal_origin(self) -> tuple[float, float]:
        return STOCK_POS

    def refresh(self, mode: str = "animate") -> None:
        if mode != "deal" or self.table.animation_scale is None:
            super().refresh(mode)
            return
        # Eight cards go out, not a table's worth: the stock is laid down at once and the
        # dealt cards glide out of it close behind each other, with no springs to settle
        # and no wait for images drawn ahead: a new deal is on show within half a second.
        wanted = self.placements(self.view)
        self.table.sync([p for p in wanted if p.zone == "stock"], "snap")
        self.table.sync(wanted, "animate", origin=self.deal_origin(), stagger=DEAL_STAGGER)
        self.after_refresh()

    def run_under(self, key: str) -> list[str]:
        """The cards that travel with ``key``: itself and every card on it in its column."""
        place, depth = self.places.get(key, ("", 0))
        if place[:1] != "c":
            return [key]
        column = self.view.columns[int(place[1:])]
        return [c.uid for c in column[len(column) - depth:]]

    # -- moves ----------------------------------------------------------------------

    def target_place(self, target: str | None) -> str | None:
        """The place a card or zone stands for as a destination."""
        if target is None:
            return None
        name = self.pile_of(target)
        if name in ("", "stock"):
            return None
        return M.FOUNDATION if name[0] == "f" else name

    def pile_of(self, key: object) -> str:
        """The pile a card lies in or a zone stands for ("c3", "w", "f0", "stock"); ""
        for anything else (a button)."""
        if not isinstance(key, str):
            return ""
        return key[5:] if key.startswith("zone:") else self.places.get(key, ("",))[0]

    def move_for(self, source: tuple[str, int], target: str | None) -> M.Transfer | None:
        place = self.target_place(target)
        if place is None or place == source[0]:
            return None
        return M.Transfer(source[0], source[1], place)

    def can_drop(self, key: str, target: str) -> bool:
        move = self.move_for(self.places.get(key, ("", 0)), target)
        return move is not None and self.legal(move)

    def on_drop(self, key: str, target: str | None) -> None:
        source = self.places.get(key)
        move = self.move_for(source, target) if source is not None else None
        self.clear_selection()
        if move is None or not self.play(move):
            self.table.fly_back(key)

    def try_foundation(self, key: str | None) -> None:
        """Shift-click, right-click, T or pad X: send one card up if it can go."""
        place = self.places.get(key) if key is not None else None
        self.clear_selection()
        if place is None:
            self.app.error("Point at a card to try it on the foundations.")
            return
        if place[1] != 1:
            self.app.error("Only a card at the end of its column can go up.")
            return
        self.play(M.Transfer(place[0], 1, M.FOUNDATION))

    def choose(self, key: str) -> None:
        """A card picked by click, Enter or pad A: pick it up, or put the picked run there."""
        if key.startswith("stock#"):
            self.deal()
            return
        place = self.places.get(key)
        if place is None:
            return
        if self.selected is not None and self.selected[0] != place[0]:
            self.put_selected(key)
        elif self.selected == place:
            self.clear_selection()
        else:
            self.select(place)

    def select(self, place: tuple[str, int]) -> None:
        if place[0][0] == "f" and self.view.miss_milligan:
            self.app.error("Under Miss Milligan rules nothing comes back off the foundations.")
            return
        self.clear_selection()
        self.selected = place
        for key in self.selected_keys():
            self.table.set_highlight(key, "selected")
        self.app.play_sound("select")

    def selected_keys(self) -> list[str]:
        if self.selected is None:
            return []
        return [k for k, p in self.places.items()
                if p[0] == self.selected[0] and p[1] <= self.selected[1]]

    def put_selected(self, target: str) -> None:
        source = self.selected
        assert source is not None  # put only with a selection
        self.clear_selection()
        move = self.move_for(source, target)
        if move is None:
            self.app.error("Choose a column, the waiving space or the foundations.")
        else:
            self.play(move)

    def deal(self) -> None:
        self.clear_selection()
        self.play(M.Deal())

    def clear_selection(self) -> None:
        self.selected = None
        self.pending_foundation = False
        self.table.clear_highlights("selected")

    def has_selection(self) -> bool:
        return self.selected is not None or self.pending_foundation

    # -- gestures ----------------------------------------------------------------------

    def on_click(self, key: str | None, pos: tuple[float, float]) -> None:
        self.table.clear_highlights("hint")
        if key == "zone:stock":
            self.deal()
        elif key is not None and not key.startswith("zone:") and "shift" in self.click_mods:
            self.try_foundation(key)
        elif key is not None and not key.startswith("zone:"):
            self.choose(key)
        elif self.selected is not None and key is not None:
            self.put_selected(key)
        elif key is not None and key[5:6] == "f" and self.view.foundations[int(key[6:])]:
            self.select((key[5:], 1))  # a card not to be picked (Miss Milligan) says why
        else:
            self.clear_selection()

    def activate(self, target: object) -> None:
        if isinstance(target, str):
            self.on_click(target, (0.0, 0.0))

    def on_secondary(self) -> None:
        focus = self.focus if isinstance(self.focus, str) else None
        self.try_foundation(focus if focus in self.places else None)

    def zone_place(self, name: str, rect: pygame.Rect) -> Place | None:
        """With a card picked up: an empty column (its first card's place), the empty
        waiving space, and each foundation pile that shows no card to pick."""
        view = self.view
        where = name[5:]
        if self.selected is None or where == "stock":
            return None
        if where[0] == "c" and not view.columns[int(where[1:])]:
            return Place(zone_rect(column_x(int(where[1:])), COLUMN_TOP, CARD_W, CARD_H))
        if where == "w" and view.waiting is None:
            return Place(rect)
        if where[0] == "f" and (view.miss_milligan or not view.foundations[int(where[1:])]):
            return Place(rect)
        return None

    def focus_places(self) -> Places:
        """The columns (the waiving space a ninth on their right): Left and Right go
        to the end of the next one along, where a run is put or picked."""
        places = super().focus_places()
        for key, place in places.items():
            where = self.pile_of(key)
            if where == M.WAIVE or where[:1] == "c":
                places[key] = replace(place, column=M.COLUMNS if where == M.WAIVE
                                      else int(where[1:]))
        return places

    def handle_game(self, action: Action) -> None:
        self.click_mods = action.mods  # what on_click sees: the modifiers of this action
        if action.kind != Act.POINTER_MOVE:
            self.table.clear_highlights("hint")
        if self.computer_to_play and action.kind in (Act.POINTER_DOWN, Act.SELECT, Act.KEY,
                                                     Act.UNDO, Act.REDO, Act.SECONDARY):
            self.stop_auto()
        if action.kind == Act.POINTER_DOWN and action.button == 3 and action.pos is not None:
            self.table.cancel_drag()
            self.try_foundation(self.table.hit_test(action.pos))
            return
        super().handle_game(action)

    # -- keyboard ----------------------------------------------------------------------

    def on_key(self, key: str) -> bool:
        view = self.view
        if key in "12345678" and len(key) == 1:
            self.column_key(int(key) - 1)
        elif key == "w":
            if self.selected is not None:
                self.put_selected("zone:w")
            elif view.waiting is not None:
                self.select(("w", 1))
            else:
                self.app.error("The waiving space is empty.")
        elif key == "f":
            if self.selected is not None:
                self.put_selected("zone:f")
            else:
                self.pending_foundation = True
                self.hud.say("Foundation: which pile, 1 to 8?")
        elif key == "t":  # the picked card, else the one under the cursor
            picked = [k for k in self.selected_keys() if self.places[k][1] == 1]
            focus = self.focus if isinstance(self.focus, str) else None
            self.try_foundation(picked[0] if picked else focus if focus in self.places
                                else None)
        else:
            return False
        return True

    def column_key(self, i: int) -> None:
        view = self.view
        if self.pending_foundation:
            self.pending_foundation = False
            if not view.foundations[i]:
                self.app.error(f"Foundation {i + 1} is empty.")
            else:
                self.select((f"f{i}", 1))
            return
        place = f"c{i}"
        if self.selected is not None and self.selected[0] != place:
            self.put_selected(f"zone:{place}")
        elif self.selected is not None:  # again: one more card of the run
            count = self.selected[1] + 1
            self.select((place, count if count <= view.runs[i] else 1))
        elif view.columns[i]:
            self.select((place, 1))
        else:
            self.app.error(f"Column {i + 1} is empty.")

    # -- commands ----------------------------------------------------------------------

    def game_command(self, key: str) -> bool:
        if key.startswith("space:"):
            _, column, name = key.split(":")
            self.respace(int(column), name)
        elif key == "deal":
            self.deal()
        elif key == "layoff":
            self.clear_selection()
            self.play(M.Layoff())
        elif key == "giveup":
            reason = self.client.check(M.Resign())  # the stock rule: said before asking
            if reason is not None:
                self.app.error(reason)
            else:
                confirm(self.hud, "Give up", "Give this game up? It counts as lost.",
                        lambda: self.play(M.Resign()))
        elif key == "hint":
            self.hint()
        elif key == "auto":
            if self.computer_to_play:
                self.stop_auto()
            else:
                self.set_computer(self.seat, True)
                self.hud.say("The computer plays on: press Auto again to take over.")
        elif key == "scores":
            self.app.push(StatisticsScene(self.app, self.game_id))
        else:
            return False
        return True

    def respace(self, column: int, name: str) -> None:
        factor = next(f for n, _, f in SPACING if n == name)
        if factor == 0.0:
            self.steps.pop(column, None)
        else:
            step = self.steps.get(column, STEP) * factor
            self.steps[column] = min(MAX_STEP, max(MIN_STEP, step))
        self.refresh("animate")
        self.autosave()

    def stop_auto(self) -> None:
        self.set_computer(self.seat, False)
        self.hud.say("You have the cards again.")

    def hint(self) -> None:
        """Ask for a hint; the search runs on the worker and ``update`` shows it."""
        self.clear_selection()
        if self.over:
            self.app.error("The game is over.")
            return
        self.hint_asked = self.client.position
        self.jobs.start("hint", self.hint_asked, milligan_player.hint, self.view)
        self.hud.say("Thinking...")

    def show_hint(self) -> None:
        if self.hint_asked != self.client.position:
            self.hint_asked = None  # the table changed first: that question is gone
            return
        advice = self.jobs.result("hint", self.hint_asked)
        if advice is PENDING:
            return
        self.hint_asked = None
        if advice is None:
            return
        if isinstance(advice.move, M.Transfer):
            self.mark_hint(advice.move)
        self.app.play_sound("hint")
        self.hud.say(advice.text)

    def mark_hint(self, move: M.Transfer) -> None:
        """Show the hinted move on the table: the cards that go ring in the hint colour,
        and so does where they go (the card they land on, or the empty place)."""
        source, count = move.source, move.count
        for key, where in self.places.items():
            if where[0] == source and where[1] <= count:
                self.table.set_highlight(key, "hint")
            if where == (source, count):
                self.focus_hint(key)  # the card that picks the run up
        target = move.target
        if target == M.FOUNDATION:
            view = self.view
            card = view.waiting if source == M.WAIVE else view.columns[int(source[1:])][-1]
            pile = M.foundation_for(M.position_of(view), card) if card else None
            target = f"f{pile}" if pile is not None else ""
        on = next((key for key, where in self.places.items() if where == (target, 1)), None)
        if on is not None:
            self.table.set_highlight(on, "hint")
        self.hint_slot = "" if on is not None else target

    def new_game(self, seed: int | None = None, *, same: bool = False,
                 undo: bool = True) -> bool:
        self.config = game_config(self.app)
        return super().new_game(seed, same=same, undo=undo)

    def dealt(self) -> None:
        """A new deal says the rules it is played by: those set in Config start now."""
        if not (self.demo or self.viewer):
            self.hud.say(rules_words(self.view), seconds=6.0)

    def game_over_message(self, view: M.MilliganView) -> tuple[str, str]:
        points = f"{view.score:+.1f} points"
        if view.won:
            return "You won!", f"All 104 cards are up in {view.moves} moves: {points}."
        if view.lost:
            return "No more cards can go up", (
                "No card can go up to the foundations any more, whatever is moved: the "
                f"game is lost with {cards(view.laid_off)} up, {points}.")
        return "Game given up", f"{cards(view.laid_off)} up: {points}."

    # -- saving ----------------------------------------------------------------------

    def autosave_extra(self) -> dict[str, Any]:
        return {"spacing": {str(k): v for k, v in self.steps.items()}}

    def restore_extra(self, data: dict[str, Any], over: bool) -> bool:
        spacing = data.get("spacing")
        if isinstance(spacing, dict):
            self.steps = {int(k): float(v) for k, v in spacing.items()
                          if k in {str(i) for i in range(M.COLUMNS)}
                          and isinstance(v, int | float) and MIN_STEP <= v <= MAX_STEP}
        return not over

    # -- drawing ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.hint_asked is not None:
            self.show_hint()
        self.check_stuck(dt)

    def check_stuck(self, dt: float) -> None:
        """Once the stock is out and a position has stood a moment, the worker tries to
        prove that no card can go up any more (a move proves it itself only when that is
        quick); proven, the game ends as lost. Not on a position the player took that
        ending back from (redo is there)."""
        if self.session is None or self.viewer or self.over or self.view.stock_size \
                or self.client.can_redo:
            return
        tag = self.client.position
        stood = self.standing[1] + dt if self.standing[0] == tag else 0.0
        self.standing = (tag, stood)
        if stood < STUCK_PAUSE:
            return
        self.jobs.start("stuck", tag, self.session.question(milligan_stuck.lost_proof,
                                                            STUCK_SECONDS), lane=STUDY)
        answer = self.jobs.result("stuck", tag)
        if answer is True and not self.table.animating and self.table.dragging is None:
            self.clear_selection()
            self.play(M.Stuck())
        elif answer is None and self.unsettled_said != tag:
            # too many ways to play on to settle in time: say so, rather than nothing
            self.unsettled_said = tag
            self.hud.say("No card can go up now, and whether one ever can is more than the "
                         "computer can settle: play on, or Give up (G).", seconds=8.0)

    def background(self, vp: Viewport) -> pygame.Surface:
        surface = felt(vp.size)  # a copy of its own, to tint
        tint = TABLES.get(self.option("table"))
        if tint is not None:
            surface.fill(tint, special_flags=pygame.BLEND_MULT)
            surface.fill((40, 40, 40), special_flags=pygame.BLEND_ADD)
        label = text_image(vp, self.title, 30, GOLD, bold=True)
        surface.blit(label, vp.to_px(STATUS_X, 40))
        line = text_image(vp, "Waiving", 24, bold=True).get_height() / vp.scale
        for k, word in enumerate(("space", "Waiving")):  # two lines: clear of column 8
            self.label_pile(surface, word, WAITING_POS, above=36 + k * line, size=24)
        for i in range(M.COLUMNS):  # the number its key uses, on its column's top
            self.label_pile(surface, str(i + 1), (column_x(i), COLUMN_TOP), above=NUMBER_ABOVE,
                            size=24)
        for p in range(M.PILES):  # each pile's suit, under its cards (the rules fix it)
            x, y = foundation_pos(p)
            draw_suit(surface, M.pile_suit(p), vp.to_px(x + CARD_W / 2, y + CARD_H / 2),
                      vp.px(CARD_W * 0.45), MUTED)
        return surface

    def extra_items(self) -> list[DrawItem]:
        vp = self.viewport
        view = self.view
        art = self.table.art
        items: list[DrawItem] = []
        slots = [("stock", STOCK_POS), ("waiting", WAITING_POS)]
        slots += [(f"f{p}", foundation_pos(p)) for p in range(M.PILES)]
        for name, pos in slots:
            items.append(DrawItem(("slot", name), art.outline("empty"), vp.to_px(*pos), 0))
        ring = {M.WAIVE: WAITING_POS, **dict(slots),
                **{f"c{i}": (column_x(i), COLUMN_TOP) for i in range(M.COLUMNS)}
                }.get(self.hint_slot)
        if ring is not None and self.table.highlighted("hint"):  # cleared with the hint
            rx, ry = vp.to_px(*ring)
            ox, oy = art.highlight_offset
            items.append(DrawItem(("hint", self.hint_slot), art.highlight("hint"),
                                  (rx + ox, ry + oy), 1))
        for i, column in enumerate(view.columns):
            if not column:  # an empty outline: any run may come here (The Giant)
                items.append(DrawItem(("slot", f"c{i}"), art.outline("empty"),
                                      vp.to_px(column_x(i), COLUMN_TOP), 0))
                if view.miss_milligan:  # only a king may come here: a K inside the outline
                    image = text_image(vp, "K", 40, GOLD, bold=True)
                    px, py = vp.to_px(column_x(i) + CARD_W / 2, COLUMN_TOP + CARD_H / 2)
                    items.append(DrawItem(("king", i), image, (px - image.get_width() // 2,
                                                                py - image.get_height() // 2),
                                          1))
        y = STATUS_TOP
        for n, (text, color) in enumerate(self.status_lines(view)):
            whole = text_image(vp, text, STATUS_SIZE, color, bold=n == 0)
            lines = [text] if whole.get_width() <= vp.px(STATUS_W) else \
                wrap_text(vp, text, STATUS_SIZE, STATUS_W, bold=n == 0)
            for k, line in enumerate(lines):
                image = text_image(vp, line, STATUS_SIZE, color, bold=n == 0)
                items.append(DrawItem(("status", n, k), image, vp.to_px(STATUS_X, y), MARKS_Z))
                y += image.get_height() / vp.scale + 8
        return items

    def status_lines(self, view: M.MilliganView) -> list[tuple[str, tuple[int, int, int]]]:
        """The lines under the title: the rules, the counts, and how to go on."""
        rules = M.rules_title(M.rules_key(view.rule, view.miss_milligan))
        lines = [(rules, GOLD), (f"Stock {view.stock_size}    Up {view.laid_off} of 104", INK),
                 (f"Moves {view.moves}    Points {view.score:+.1f}", INK)]
        if self.option("show_winnable") and not view.over:
            lines.append((self.winnable_text(), INK))
        if view.over and not (self.demo or self.viewer):
            lines.append(("Game over: New (N) deals again", GOLD))
        return lines
