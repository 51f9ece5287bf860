"""Chinese Poker at one table: 2 to 4 seats, each a person at this screen (hot seat,
the hand hidden between turns) or the computer at Easy, Medium or Hard.

Mouse: click cards to select them, or sweep across the hand with the button held; drag
a selected card to the table, or press Play. Keyboard: arrows and Enter pick cards, a
rank key (2-9, T or 0, J, Q, K, A) picks the next card of that rank, P plays, S (or X,
as the pad's X) passes, O sorts, H hints. Pad: the cursor and A pick, X plays the
selection, Y hints.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.chinese_poker_player import MediumPlayer
from game.cards import Card
from game.engine.actions import Act, Action
from game.engine.components import Placement
from game.engine.focus import Place, Places
from game.engine.layout import DESIGN_H, Viewport
from game.engine.net_table import NetworkTable
from game.engine.render import DrawItem
from game.engine.seat_label import seat_label
from game.engine.table import MARKS_Z
from game.engine.table_focus import card_places
from game.engine.ui import GOLD, INK, MUTED, Dialog, Message, fitting_size, text_image, window_image
from game.engine.widgets import command_bar
from game.replay.recorder import Recorder
from game.rules import chinese_poker as C
from game.rules.chinese_poker_combos import classify
from game.rules.outcome import WON
from game.session import SeatClient, Update
from game.settings import ai_delay
from scenes import chinese_poker_layout as L
from scenes.card_scene import zone_rect
from scenes.chinese_poker_cut import CutStory
from scenes.chinese_poker_setup import KINDS, NAME_LENGTH, Setup, SetupDialogs
from scenes.chinese_poker_sweep import Sweep
from scenes.chinese_poker_trick import HOLD_MOVES, TrickEnd
from scenes.game_scene import GameScene

if TYPE_CHECKING:
    from game.engine.app import App

COMMANDS = [("play", "Play", "p"), ("pass", "Pass", "s"), ("hint", "Hint", "h"),
            ("sort", "Sort", "o"), ("new", "New", "n"), ("help", "? Help", "?"),
            ("config", "Config", "c"), ("menu", "Menu", "m")]
# At a network table the server deals the matches: Chat takes New's place.
NET_COMMANDS = [("chat", "Chat", "") if key == "new" else (key, label, hot)
                for key, label, hot in COMMANDS]
RANK_KEYS = {"a": 1, "t": 10, "0": 10, "j": 11, "q": 12, "k": 13,
             **{str(r): r for r in range(2, 10)}}
PANEL_X = 1520.0
PANEL_RIGHT = 1890.0  # the panel's lines end here, clear of the window's edge (design units)
PANEL_TEXT, PANEL_TEXT_MIN = 24, 18  # the panel's text size, and how far a long line shrinks
TABLE_ZONE = (250.0, 250.0, 1000.0, 520.0)  # dropping cards here plays them
FRAME = (250, 204, 40)
CHAT_RECT = pygame.Rect(round(PANEL_X) - 8, 470, 378, 250)  # between the panel and buttons
# A pad's keyboard for the chat covers this seat's own hand (under its played cards): the
# table the others play on, and the chat's entry, stay in view.
KEYBOARD_DOCK = pygame.Rect(40, 752, 1450, 312)
PRESSES = (Act.POINTER_DOWN, Act.SELECT, Act.SECONDARY, Act.KEY)  # a player acting
TRICK_LINES = 6  # the panel's plays of the trick, at most
NET_TRICK_LINES = 4  # the panel's plays of the trick at a network table (room for chat)


def frame(vp: Viewport, w: float, h: float) -> pygame.Surface:
    """A gold outline round the player whose turn it is."""
    size, line, radius = (vp.px(w), vp.px(h)), max(2, vp.px(4)), vp.px(12)

    def draw() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, FRAME, surface.get_rect(), line, border_radius=radius)
        return surface

    return window_image(("turn frame", size, line, radius), draw)


def plural(n: int, word: str) -> str:
    """ "1 card", "2 cards"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def ranks_text(cards: tuple[Card, ...]) -> str:
    """Cards by rank alone ("9 9 K"): suits never matter in this game."""
    return " ".join("10" if c.rank == 10 else "A23456789TJQK"[c.rank - 1] for c in cards)


def combo_text(cards: tuple[Card, ...]) -> str:
    """What lies on the table, in words: "pair 9 9"."""
    combo = classify(cards)
    name = C.combo_name(combo) if combo is not None else "hand"
    return f"{name} {ranks_text(cards)}"


def setup_from(saved: Any, players: int | None = None) -> Setup | None:
    """The seats and target kept in a save or a replay, or None when they are missing
    or malformed (the file may be hostile: wrong types are ignored, never a crash)."""
    kinds = {k for k, _, _ in KINDS}
    if not isinstance(saved, dict):
        return None
    seats, target = saved.get("seats"), saved.get("target")
    if not isinstance(seats, list) or not seats or seats[0] != "human" \
            or not all(isinstance(s, str) and s in kinds for s in seats) \
            or not isinstance(target, int) or isinstance(target, bool):
        return None
    if players is not None and len(seats) != players:
        return None
    names = saved.get("names")
    if not isinstance(names, list) or len(names) != len(seats) \
            or not all(isinstance(n, str) and len(n) <= NAME_LENGTH for n in names):
        names = []
    return Setup(tuple(seats), target, tuple(names))


class ChinesePokerScene(GameScene[C.View, C.Move]):
    title = "Chinese Poker"
    game_id = C.GAME_ID
    card_w, card_h = L.CARD_W, L.CARD_H
    computer_time_limit = 1.0  # Hard decides within a second
    banner_at = (L.CENTRE[0], L.CENTRE[1] - 40)  # "You won!" ran through the top seat's label
    bar = {"right": 1890, "bottom": 1000, "size": (170, 56)}  # the buttons' corner

    def __init__(self, app: App, seed: int | None = None, demo: bool = False,
                 resume: bool = True, recorder: Recorder[Any, C.Move] | None = None,
                 client: SeatClient[C.View, C.Move] | None = None,
                 setup: Setup | None = None, net: NetworkTable | None = None) -> None:
        self.setup = setup or Setup()
        self.config = {"players": self.setup.players, "target": self.setup.target}
        self.selected: set[str] = set()
        self.sort_by = "rank"
        self.concealed = False  # hot seat: the hand stays face down until its owner looks
        self._shown: tuple[str, int] | None = None  # the last summary or notice shown
        # The match's cut (each seat's card, who won it), kept from the view that showed
        # it: a computer that wins deals at once, and a network seat may never be idle
        # while the deal is due, yet the cut is still told.
        self._cut: tuple[tuple[Card | None, ...], int] | None = None
        self._cut_told = False
        self._cut_story = CutStory(self.name)
        self._tie: str | None = None  # a tied cut to tell before the cut goes on
        self._deal_notice: Dialog | None = None  # open, its Deal this person's to press
        self._trick_end = TrickEnd()
        self._last_view: C.View | None = None  # the view the table showed last
        self._had_turn = False  # this seat's turn to play, when last refreshed
        self._hint: Message | None = None  # the last hint said (it goes with the turn)
        self._had_cut = False  # this seat's turn to cut, when last refreshed
        self._sweep: Sweep | None = None
        self._restored = False
        self.replay_view = "seat"  # in a replay: one seat's eyes, or "all" hands
        # ``--seed``: the match the set-up questions start is dealt from it, as every
        # game deals its first game from it (later matches are fresh deals).
        self._asked_seed = seed
        super().__init__(app, seed, demo, resume, recorder, client, net)
        if self.net is not None:  # one person here; the others are across the network
            self.setup = Setup(tuple("human" if s == self.seat else "remote"
                                     for s in range(self.view.players)), self.view.target)
            self.net.net.chat.place(CHAT_RECT, KEYBOARD_DOCK)
        self.table.zones = {"zone:table": zone_rect(*TABLE_ZONE)}
        self.table.drag_group = self.chosen_with
        self.hud.buttons = command_bar(NET_COMMANDS if net is not None else COMMANDS,
                                       **self.bar)
        players = self.view.players
        if self.viewer:  # a replay names the seats as they were played
            table = getattr(self.recorder, "meta", {}).get("table")
            self.setup = setup_from(table, players) or self.setup
        if len(self.setup.seats) != players:  # a replay or a save from another table
            self.setup = Setup(("human",) + ("medium",) * (players - 1), self.view.target)
        # A seat at a table held elsewhere takes the seats as that table has them.
        self._ask_setup = setup is None and self.session is not None \
            and not (demo or self.viewer or self._restored)
        self._seat_computers()

    # -- seats -------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """``seat``'s name: from the lobby at a network table (or its replay), else from
        the set-up."""
        return self.seat_name(seat) or self.setup.name(seat)

    def _seat_computers(self) -> None:
        if self.viewer:
            return
        for seat in list(self.computers):
            self.set_computer(seat, False)
        for seat, kind in enumerate(self.setup.seats):
            computer = self.demo or kind != "human"
            self.set_computer(seat, computer, "medium" if self.demo else kind)
        humans = self.setup.humans
        if humans and self.seat not in humans:
            self._sit(humans[0])

    def _sit(self, seat: int) -> None:
        """Turn the table to ``seat`` (hot seat: the next person takes the screen).
        Whatever the last seat had in hand goes: its selection, a drag, and the message
        line, which may name its cards ("Hint: 7 7 8 8 8" stayed up behind the curtain)."""
        self.client.remove_listener(self._on_update)
        self.table.cancel_drag()
        self._sweep = None
        self.hud.message = None
        self.seat = seat
        assert self.session is not None  # hot seat and replays: a table of this machine's
        self.client = self.session.client(seat)
        self.client.add_listener(self._on_update)
        self.humans[0].seat = seat
        self.selected.clear()

    def _next_human(self) -> None:
        """Hand the screen to the person whose turn it is, behind a curtain."""
        turn = self.view.turn
        if self.viewer or self.demo or turn not in self.setup.humans or turn == self.seat:
            return
        self._sit(turn)
        if not self.view.hand:  # nothing private yet (the cut): no need to look away
            self.refresh("animate")
            return
        self.concealed = True
        self.refresh("animate")
        name = self.name(turn)
        self.hud.ask(Dialog(f"{name}'s turn", f"Pass the screen to {name}. Everyone else, "
                            "please look away.", [("show", "Show my hand", "s")],
                            lambda _: self._uncover(), cancel_key="show"))

    def _uncover(self) -> None:
        self.concealed = False
        self.refresh("animate")

    def autosave_extra(self) -> dict[str, Any]:
        return {"setup": self.replay_extra()}

    def replay_extra(self) -> dict[str, Any]:
        names = {"names": list(self.setup.names)} if any(self.setup.names) else {}
        return {"seats": list(self.setup.seats), "target": self.setup.target, **names}

    def restore_extra(self, data: dict[str, Any], over: bool) -> bool:
        """Resume the saved match with its seats; a save without them (or with seats
        that do not fit) gets a person and Medium players."""
        self.setup = setup_from(data.get("setup")) or self.setup
        self._restored = not over
        return not over

    # -- the view on the table ----------------------------------------------------------------

    def placements(self, view: C.View) -> list[Placement]:
        view = self._trick_end.shown(view)
        shown = None
        if self.viewer and self.replay_view == "all":
            assert self.session is not None  # a network replay offers no "all"
            shown = {s: self.session.view(s).hand for s in range(view.players)}
        return L.placements(view, self.sort_by, self.selected, self.concealed,
                            view.my_turn and not self.computer_to_play and not self.viewer,
                            shown)

    # -- replays: which seat's eyes to watch through -------------------------------------------

    def replay_views(self) -> list[tuple[str, str]]:
        """The ways a replay of this match may be watched: as each seat saw it, or (the
        viewer offers it once the match is over) with every hand face up."""
        names = [(f"seat:{s}", f"As {self.name(s)} saw it")
                 for s in range(self.view.players)]
        return names + [("all", "Every hand")]

    def show_replay_view(self, choice: str) -> None:
        if choice.startswith("seat:"):
            self._sit(int(choice[5:]))
            self.replay_view = "seat"
        elif choice == "all":
            self.replay_view = "all"
        self.refresh("snap")

    def deal_origin(self) -> tuple[float, float]:
        return L.PILE

    def dealt(self) -> None:
        """A network table's next match: its cut and rounds are told afresh."""
        self._forget_notices()
        self.concealed = False

    def _forget_notices(self) -> None:
        self._shown, self._cut, self._cut_told = None, None, False
        self._had_cut = False
        self._cut_story, self._tie = CutStory(self.name), None

    def enter(self) -> None:
        super().enter()
        if self._ask_setup:
            self._ask_setup = False
            SetupDialogs(self.hud, self.start_match).start()

    def start_match(self, setup: Setup) -> None:
        self.saves.left()  # the match given up, under its own seats and names
        self.setup = setup
        self.config = {"players": setup.players, "target": setup.target}
        self.concealed = False
        self._forget_notices()
        self.new_game(self._asked_seed)
        self._asked_seed = None
        self._seat_computers()
        self.refresh("deal")

    def deal_again(self) -> None:
        """A new match is set up first; the old one is given up only when the set-up is
        confirmed (Esc backs out and it carries on). A table held elsewhere is asked
        for a new match as it is set up."""
        if self.session is None:
            self.new_game()
            return
        SetupDialogs(self.hud, self.start_match, cancelled=self._setup_cancelled).start()

    def _setup_cancelled(self) -> None:
        self.refresh("snap")
        if self.view.over:  # nothing to carry on: the final scores again
            self.finished(*self.game_over_message(self.view))

    def after_refresh(self) -> None:
        super().after_refresh()
        view = self.view
        if view.phase == "deal" and view.round == 0:
            self._cut = (view.cut, view.dealer)
        self._tie = self._cut_story.see(view) or self._tie
        self._last_view = view
        mine = view.my_turn and view.phase == "play" and not self.concealed \
            and not self.computer_to_play
        if mine and not self._had_turn and view.hand and self.focus not in self.hand_keys():
            # A new turn starts on the hand, not on whatever button the focus last
            # found (after the cut or the deal that was Sort, so Enter / A sorted).
            self.set_focus(L.hand_order(view, self.sort_by)[0].uid)
        if mine != self._had_turn:  # what was said about the last turn no longer holds:
            # "Pass is for your turn to play." once it is, a hint once it is played
            if mine:
                self.hud.drop_error()
            elif self.hud.message is not None and self.hud.message is self._hint:
                self.hud.message = None
        self._had_turn = mine
        cutting = view.phase == "cut" and view.my_turn and not self.computer_to_play \
            and not self.viewer and view.cut_left > 0
        if cutting and not self._had_cut:  # this seat's cut: the focus on the deck (the
            # next match's cut found it on Sort, where the last match left it)
            self.set_focus(f"cut#{view.cut_left // 2}")
        self._had_cut = cutting
        if not self.viewer:  # a spectator's bar has none of these
            play = self.selection_move()
            self.hud.button("play").enabled = mine and play is not None and self.legal(play)
            self.hud.button("pass").enabled = self.pass_refusal() is None
            self.hud.button("hint").enabled = mine
        self.table.clear_highlights("selected")
        for key in self.selected:
            self.table.set_highlight(key, "selected")

    def _on_update(self, update: Update) -> None:
        if update.kind == "play" and update.steps == 1:
            self._trick_end.follow(self._last_view, self.view,
                                   HOLD_MOVES * ai_delay(self.app.settings))
        super()._on_update(update)

    def update(self, dt: float) -> None:
        if self._trick_end.tick(dt):
            self.refresh("animate")
        self._close_outpaced_notice()
        if self.hud.dialog is None and not self.table.animating:
            self._next_human()
            if self.hud.dialog is None:
                self._notices()
        super().update(dt)

    def computers_may_act(self) -> bool:
        # Not while a dialog or notice is up (or one is due): the tester saw the next
        # round dealt and led behind the last round's summary.
        return self.hud.dialog is None and not self._notice_due() and not self._trick_end.held

    def _notice_due(self) -> bool:
        view = self.view
        if self.viewer or self.demo:
            return False
        return self._tie is not None or self._cut_dealt() \
            or view.phase == "deal" and self._shown != ("deal", view.round)

    def _cut_dealt(self) -> bool:
        """The cut is still to tell, and its winner has dealt already."""
        return not self._cut_told and self._cut is not None and self.view.round > 0

    def _notices(self) -> None:
        """The cut's result and each round's summary, once each; the deal offered again
        while it is still this seat's to make (a remote table refused it: a stale state
        id, a line that dropped with the deal on it)."""
        view = self.view
        if self.viewer or self.demo:
            return
        if self._tie is not None:
            tie, self._tie = self._tie, None
            self.hud.ask(Dialog("A tie", tie, [("ok", "OK", "o")], lambda _: None,
                                cancel_key="ok"))
            return
        if self._cut_dealt():
            self._cut_told = True
            self._ask_deal("The cut", self._cut_words(" and dealt."), False)
            return
        if view.phase != "deal":
            return
        mark = ("deal", view.round)
        if self._shown == mark:
            if self._human_deals() and self.client.acting:
                self._ask_deal("Your deal", "The cards are still yours to deal.", True)
            return
        self._shown = mark
        if view.round == 0:
            self._cut_told = True
            mine = self.name(view.dealer) == "You"
            title, body = "The cut", self._cut_words(", deal and lead." if mine else
                                                     ", deals and leads.")
        else:
            title, body = f"Round {view.round}", self.round_summary(view)
        self._ask_deal(title, body, self._human_deals())

    def _cut_words(self, then: str) -> str:
        cards, dealer = self._cut or (self.view.cut, self.view.dealer)
        return self._cut_story.words(cards, dealer, then)

    def _human_deals(self) -> bool:
        return self.view.dealer == self.seat and not self.computer_to_play

    def _ask_deal(self, title: str, body: str, human_deals: bool) -> None:
        """A notice whose answer is the deal when this seat's person deals."""
        notice = Dialog(title, body, [("ok", "Deal" if human_deals else "OK", "d")],
                        lambda _: self._deal() if human_deals else None,
                        cancel_key="ok", height=420)
        self._deal_notice = notice if human_deals else None
        self.hud.ask(notice)

    def _close_outpaced_notice(self) -> None:
        """A network table's turn timer dealt for a person who had not pressed Deal: the
        box would hide the new hand while the clock runs, so its words go to the
        message line instead."""
        notice = self._deal_notice
        if notice is not None and self.hud.dialog is notice and self.view.phase != "deal":
            self.hud.dialog = None
            self.hud.say(f"{notice.title}: {notice.body}", seconds=10.0)
        if self.hud.dialog is not notice:
            self._deal_notice = None

    def round_summary(self, view: C.View) -> str:
        winner = self.name(view.last_winner)
        dealer = self.name(view.dealer)
        fines = "; ".join(f"{self.name(s)} +{p} (now {view.scores[s]})"
                          for s, p in enumerate(view.last_penalties) if s != view.last_winner)
        deals = "you deal" if dealer == "You" else f"{dealer} deals"  # mid-sentence
        return f"{winner} went out. {fines}. First to {view.target} ends the match; {deals}."

    def _deal(self) -> None:
        if self.view.phase == "deal" and self.view.dealer == self.seat:
            self.play(C.Deal(self.seat))

    # -- choosing cards -----------------------------------------------------------------------

    def hand_keys(self) -> set[str]:
        return {c.uid for c in self.view.hand}

    def selection_move(self) -> C.Play | None:
        return C.Play(self.seat, tuple(sorted(self.selected))) if self.selected else None

    def toggle(self, key: str, on: bool | None = None) -> None:
        on = key not in self.selected if on is None else on
        (self.selected.add if on else self.selected.discard)(key)
        self.app.play_sound("select")
        self.refresh("animate")

    def clear_selection(self) -> None:
        if getattr(self, "selected", None):
            self.selected = set()
            self.refresh("animate")

    def has_selection(self) -> bool:
        return bool(self.selected)

    def play_selection(self, extra: str | None = None) -> bool:
        """Play the selection (with ``extra``, a card dragged to the table); a refused
        drag leaves the selection as it was."""
        cards = self.selected | ({extra} if extra is not None else set())
        move = C.Play(self.seat, tuple(sorted(cards))) if cards else None
        if move is None:
            self.app.error("Select the cards to play first.")
            return False
        reason = self.client.check(move)
        if reason is not None:
            self.app.error(reason)
            self.refresh("animate")
            return False
        self.selected = set()
        return self.play(move)

    def pass_refusal(self) -> str | None:
        """Why this seat may not pass now; None when it may."""
        view = self.view
        if not view.my_turn or view.phase != "play" or self.concealed or self.computer_to_play:
            return "Pass is for your turn to play."
        if self.selected:
            return "Pass is for when no card is selected: clear the selection first."
        if not view.may_pass:
            return "Everyone else has passed: you lead, and the lead may not pass."
        return None

    def pass_turn(self) -> None:
        reason = self.pass_refusal()
        if reason is not None:
            self.app.error(reason)
            return
        on_hand = self.focus in self.hand_keys()
        if self.play(C.Pass(self.seat)) and not on_hand and self.view.hand:
            # Passed by the button: the focus back on the hand, not left on a dim Pass
            self.set_focus(L.hand_order(self.view, self.sort_by)[0].uid)

    def focus_places(self) -> Places:
        """The hand and the cut spread are rows of columns: Left and Right go card to
        card and round the ends. The hand's cards stay focusable between this seat's
        turns, so the focus stays on the hand after a pass (it jumped to Sort, the first
        lit button). Each hand offered to choose from is one place."""
        places = super().focus_places()
        view = self.view
        if view.phase == "play" and not self.concealed and not self.viewer:
            places.update(card_places(self.table, [c.uid for c in view.hand if c.uid in
                                                   self.table.entities and c.uid not in places]))
        order = {c.uid: i for i, c in enumerate(L.hand_order(view, self.sort_by))}
        offered: dict[str, pygame.Rect] = {}
        for key, place in list(places.items()):
            if not isinstance(key, str):
                continue
            if key in order or key.startswith("cut#"):
                column = order[key] if key in order else int(key[4:])
                places[key] = replace(place, column=column)
            elif key.startswith("offer"):
                hand = f"{key.split('#')[0]}#0"
                offered[hand] = offered.get(hand, place.rect).union(place.rect)
                del places[key]
        places.update({hand: Place(rect) for hand, rect in offered.items()})
        return places

    def hint(self) -> None:
        view = self.view
        if not view.my_turn or view.phase != "play":
            self.app.error("Hints are for your turn to play.")
            return
        move = MediumPlayer().act(view, self.client.legal_moves)
        self.selected = set()
        if isinstance(move, C.Play):
            self.selected = set(move.cards) & self.hand_keys()
            self.hud.say("Hint: " + C.describe(move).split(" plays ", 1)[1])
        else:
            self.hud.say("Hint: pass.")
        self._hint = self.hud.message
        self.app.play_sound("hint")
        self.refresh("animate")

    # -- gestures -----------------------------------------------------------------------------

    def on_click(self, key: str | None, pos: tuple[float, float]) -> None:
        view = self.view
        if key is None or key.startswith("zone:"):
            return
        if key.startswith("cut#") and view.phase == "cut":
            self.play(C.Cut(self.seat, int(key[4:])))
        elif key.startswith("offer") and view.phase == "choose":
            self.play(C.Choose(self.seat, int(key[5])))
        elif key in self.hand_keys():
            self.toggle(key)

    def chosen_with(self, key: str) -> list[str]:
        """A card dragged from the hand takes the other chosen cards along: what is
        dropped on the table is what is played."""
        return sorted(self.selected - {key}) if key in self.hand_keys() else []

    def on_drop(self, key: str, target: str | None) -> None:
        if target == "zone:table" and key in self.hand_keys() and self.play_selection(key):
            return
        self.table.fly_back(key)

    def can_drop(self, key: str, target: str) -> bool:
        if key not in self.hand_keys() or target != "zone:table":
            return False
        return self.legal(C.Play(self.seat, tuple(sorted(self.selected | {key}))))

    def on_secondary(self) -> None:
        """The pad's X commits the turn: plays the selection, or passes with none (the
        manual's rule for Pass), so a player on the sofa never has to walk to a button."""
        if self.selected:
            self.play_selection()
        else:
            self.pass_turn()

    def secondary_question(self) -> tuple[str, str] | None:
        """A right-click's play or pass is asked first: neither can be taken back.
        A selection that may not be played is refused with its reason, unasked."""
        view = self.view
        if not view.my_turn or view.phase != "play" or self.concealed:
            return None
        move = self.selection_move()
        if move is not None:
            cards = tuple(c for c in L.sort_hand(view.hand, "rank") if c.uid in self.selected)
            return ("Play", f"Play {combo_text(cards)}? A play cannot be taken back.") \
                if self.legal(move) else None
        if view.may_pass:
            return "Pass", "Pass this turn? A pass cannot be taken back."
        return None

    def handle_buttons(self, action: Action) -> bool:
        """A press on the dim Play or Pass button says why it may not be done (the
        tester met a silent refusal)."""
        if action.kind == Act.POINTER_DOWN and action.pos is not None and action.button == 1:
            over = self.hud.button_at(action.pos)
            if over is not None and over.key in ("play", "pass") and not over.enabled:
                self._explain(over.key)
                return True
        return super().handle_buttons(action)

    def _explain(self, key: str) -> None:
        """Why Play or Pass is dim, said (their keys, P and X, come here too)."""
        if key == "pass":
            self.pass_turn()  # refused, with the reason
        else:
            self._explain_play()

    def _explain_play(self) -> None:
        view = self.view
        if not view.my_turn or view.phase != "play" or self.concealed:
            self.app.error("Play is for your turn to play.")
        else:
            self.play_selection()  # refused, with the reason

    def on_key(self, key: str) -> bool:
        dim = {"p": "play", "s": "pass", "x": "pass"}.get(key)
        if dim is not None and not self.hud.button(dim).enabled:
            self._explain(dim)
            return True
        if key == "x":  # Pass's other key, as the pad's X (its own, S, shows on it)
            return self.game_command("pass")
        rank = RANK_KEYS.get(key)
        if rank is None or self.view.phase != "play":
            return False
        cards = [c.uid for c in L.hand_order(self.view, self.sort_by) if c.rank == rank]
        if not cards:
            self.app.error("You hold no card of that rank.")
        else:
            free = [c for c in cards if c not in self.selected]
            if free:
                self.toggle(free[0], True)
            else:
                self.selected -= set(cards)
                self.refresh("animate")
        return True

    def handle_game(self, action: Action) -> None:
        """A press on a hand card that sweeps sideways along the hand selects (or drops)
        every card it passes; leaving the hand upwards drags the pressed card to the
        table, where the drop plays it or it flies home (a sweep that turned into a drag
        left the card stranded mid-table)."""
        kind, pos = action.kind, action.pos
        if self._trick_end.held and kind in PRESSES:
            # The player acts: the held trick has been seen. It clears now, before the
            # press, as its clearing later would end a drag begun meanwhile.
            self._trick_end.left = 0.0
            self.refresh("animate")
        if kind == Act.POINTER_DOWN and action.button == 1 and pos is not None:
            hit = self.table.hit_test(pos)
            if hit in self.hand_keys():
                self._sweep = Sweep(hit not in self.selected, pos,
                                    self.table.card_rect(hit).top - L.RISE,
                                    frozenset(self.selected), [hit])
        elif kind == Act.POINTER_MOVE and pos is not None and self._sweep is not None:
            if self._sweep_to(self._sweep, pos):
                return
        elif kind == Act.POINTER_UP and self._sweep is not None:
            swept = self._sweep.swept
            self._sweep = None
            if swept and pos is not None:
                self.table.pointer_up(pos)
                return
        super().handle_game(action)

    def _sweep_to(self, sweep: Sweep, pos: tuple[float, float]) -> bool:
        """Follow a press on the hand to ``pos``; True while it is a sweep (the table
        then sees none of the motion, so no drag starts)."""
        if sweep.is_drag(pos):
            self._sweep = None
            if sweep.swept:
                self.selected = set(sweep.before)
                self.refresh("animate")
            return False
        hit = self.hand_card_at(pos[0])
        if hit in self.hand_keys() and hit not in sweep.keys:
            if not sweep.swept:
                self.toggle(sweep.keys[0], sweep.on)
            sweep.keys.append(hit)
            self.toggle(hit, sweep.on)
        return True

    def hand_card_at(self, x: float) -> str | None:
        """The hand card showing at ``x`` where it rests (cards in motion are lifted above
        the rest, so the table's own hit test would find them instead)."""
        for card in reversed(L.hand_order(self.view, self.sort_by)):
            rect = self.table.card_rect(card.uid)
            if rect.x <= x < rect.right:
                return card.uid
        return None

    def game_command(self, key: str) -> bool:
        if key == "play":
            self.play_selection()
        elif key == "pass":
            self.pass_turn()
        elif key == "hint":
            self.hint()
        elif key == "sort":
            self.sort_by = "combination" if self.sort_by == "rank" else "rank"
            self.hud.say(f"Sorted by {self.sort_by}.")
            self.refresh("animate")
        else:
            return False
        return True

    # -- the end ----------------------------------------------------------------------------

    def own_seat(self) -> int:
        """Several people at one screen: the match is the first one's (Player 1's)."""
        return self.setup.humans[0] if self.setup.humans else self.seat

    def player_names(self) -> list[str]:
        return [self.name(seat) for seat in range(self.view.players)]

    def game_over_message(self, view: C.View) -> tuple[str, str]:
        names = " and ".join(self.name(s) for s in view.winners)
        scores = ", ".join(f"{self.name(s)}: {v}" for s, v in enumerate(view.scores))
        result = self.ending().result
        title = "You won!" if result == WON and len(self.setup.humans) == 1 else \
            f"A tie: {names}" if len(view.winners) > 1 else f"{names} won"
        last = ""  # the last round's penalties, which no summary showed
        if view.last_winner != C.NOBODY and view.last_penalties:
            fines = "; ".join(f"{self.name(s)} +{p}" for s, p in
                              enumerate(view.last_penalties) if s != view.last_winner)
            last = f"Last round: {self.name(view.last_winner)} went out; {fines}. "
        if self.net is not None:  # the table's account of the match gives the points
            return title, f"{last}The lowest score wins."
        return title, f"{last}Final scores: {scores}. The lowest score wins."

    # -- drawing -------------------------------------------------------------------------------

    def _aligned(self, x: float, align: str, image: pygame.Surface) -> float:
        """The left edge of ``image`` put at ``x`` by a label's ``align``."""
        width = image.get_width() / self.viewport.scale
        return {"left": x, "right": x - width, "centre": x - width / 2}[align]

    def extra_items(self) -> list[DrawItem]:
        vp = self.viewport
        view = self.view
        items: list[DrawItem] = []
        lay = L.layout_for(view.players, self.seat)
        for seat in range(view.players):
            place = lay.place(seat)
            label = f"{self.name(seat)} \u00b7 {plural(view.counts[seat], 'card')}" \
                    f" \u00b7 {plural(view.scores[seat], 'pt')}"
            if seat == view.dealer:
                label += " \u00b7 dealer"
            room = L.label_room(lay, seat)
            color = GOLD if seat == view.turn else INK
            drawn = seat_label(vp, label, self.seat_note(seat), room.width, room.note_width,
                               color)
            image = drawn.main
            x = self._aligned(place.label.x, place.label.align, image)
            y = place.label.y - 14
            items.append(DrawItem(("seat", seat), image, vp.to_px(x, y), MARKS_Z))
            below = y + image.get_height() / vp.scale + 2
            for n, note in enumerate(drawn.note):  # under the name: it ran into the next seat's
                items.append(DrawItem(("seat-note", seat, n), note, vp.to_px(
                    self._aligned(room.note_x, room.note_align, note), below), MARKS_Z))
                below += note.get_height() / vp.scale
            if seat == view.turn and view.counts[seat]:  # no hand yet (the cut): the label
                # Round the cards the seat holds, not its whole room: a wide empty box ran
                # through the cards out of play and the title.
                fan = place.hand_fan(view.counts[seat]).boxes
                x0, y0 = min(b.x for b in fan), min(b.y for b in fan)
                x1, y1 = max(b.right for b in fan), max(b.bottom for b in fan)
                fx, fy, fw, fh = x0 - 12, y0 - 12, x1 - x0 + 24, y1 - y0 + 24
                # The outline keeps clear of the seat's label (the tester saw it run
                # through "You · 16 cards", bigger in TV mode): it stops short of it.
                ly0 = place.label.y - 14
                ly1 = ly0 + image.get_height() / vp.scale
                lw = image.get_width() / vp.scale
                if ly0 < fy + fh and ly1 > fy and x < fx + fw and x + lw > fx:
                    if (ly0 + ly1) / 2 < fy + fh / 2:
                        fy, fh = ly1 + 4, fy + fh - (ly1 + 4)
                    else:
                        fh = ly0 - 4 - fy
                items.append(DrawItem(("turn",), frame(vp, fw, max(fh, 20.0)),
                                      vp.to_px(fx, fy), 5))
            passed = L.last_plays(self._trick_end.shown(view)).get(seat)
            if passed is not None and not passed.cards:
                image = text_image(vp, "Pass", 30, MUTED, bold=True)
                cx, cy = place.played.centre
                items.append(DrawItem(("pass", seat), image,
                                      vp.to_px(cx - image.get_width() / vp.scale / 2, cy), MARKS_Z))
        image = text_image(vp, "Out of play", 20, MUTED)
        above = 4 + image.get_height() / vp.scale  # clear of the cards in TV mode's big text
        items.append(DrawItem(("out",), image,
                              vp.to_px(L.OUT_POS[0], L.OUT_POS[1] - above), MARKS_Z))
        if view.players == 2 and view.phase != "choose" and any(view.offered):
            # The third hand of a two-player deal lay unlabelled under "Out of play".
            image = text_image(vp, "Hand no one took", 20, MUTED)
            above = 4 + image.get_height() / vp.scale
            items.append(DrawItem(("spare",), image,
                                  vp.to_px(L.ASIDE_POS[0], L.ASIDE_POS[1] - above), MARKS_Z))
        if view.phase == "choose":
            for i, boxes in enumerate(L.offered_boxes(view)):
                if boxes:
                    image = text_image(vp, f"Hand {i + 1}", 26, INK, bold=True)
                    x = (boxes[0].x + boxes[-1].right) / 2 - image.get_width() / vp.scale / 2
                    items.append(DrawItem(("offer", i), image,
                                          vp.to_px(x, boxes[0].bottom + 14), MARKS_Z))
        # Each line as tall as its text (TV mode's is taller): the oldest plays of the
        # trick give way before the lines reach the chat or the buttons below; the round
        # and everyone's score stay (TV mode once dropped them for the plays).
        buttons = [b.rect.top for b in self.hud.buttons if b.visible and b.rect.right > PANEL_X]
        bottom = min(([CHAT_RECT.top] if self.net is not None else []) + buttons,
                     default=DESIGN_H) - 8
        for plays in (None, *range(TRICK_LINES - 1, 0, -1)):
            images = self._panel_images(self.panel_lines(view, plays))
            heights = [max(34.0, image.get_height() / vp.scale + 4) for image in images]
            if 60 + sum(heights) <= bottom:
                break
        while len(images) > 1 and 60 + sum(heights) > bottom:  # the last resort
            del images[-1], heights[-1]
        y = 60.0
        for row, (image, height) in enumerate(zip(images, heights, strict=True)):
            items.append(DrawItem(("panel", row), image, vp.to_px(PANEL_X, y), MARKS_Z))
            y += height
        return items

    def _panel_images(self, lines: list[str]) -> list[pygame.Surface]:
        vp = self.viewport
        images = []
        for i, line in enumerate(lines):
            # A long line ("table: 3 pairs in a row 10 10 J J Q Q") keeps to one line in
            # slightly smaller text; it wraps only where that would be too small to read.
            size = fitting_size(vp, line, PANEL_TEXT, PANEL_TEXT_MIN, PANEL_RIGHT - PANEL_X,
                                bold=i == 0)
            for part in [line] if size is not None else self._wrap(line, i == 0):
                images.append(text_image(vp, part, size or PANEL_TEXT,
                                         GOLD if i == 0 else INK, bold=i == 0))
        return images

    def _wrap(self, line: str, bold: bool) -> list[str]:
        """``line`` in pieces that end inside the design space (which the viewport keeps
        inside the window and the TV's safe area); the tester saw "table: 3 pairs in a
        row 4 4 5 5 6 6" run off the right."""
        vp = self.viewport
        room = PANEL_RIGHT - PANEL_X
        lead = line[:len(line) - len(line.lstrip())]
        parts: list[str] = []
        current = ""
        for word in line.split():
            trial = f"{current} {word}" if current else lead + word
            wide = text_image(vp, trial, PANEL_TEXT, INK, bold=bold).get_width() / vp.scale \
                > room
            if current and wide:
                parts.append(current)
                lead = line[:len(line) - len(line.lstrip())] + "    "
                current = lead + word
            else:
                current = trial
        return [*parts, current]

    def panel_lines(self, view: C.View, plays: int | None = None) -> list[str]:
        """The round, the scores, whose turn it is and the trick's latest ``plays`` (as
        many as there is room for: TRICK_LINES at most)."""
        lines = [f"Round {max(view.round, 1)} \u00b7 target {view.target}"]
        if self.net is None:  # a network table's labels carry the points; chat needs room
            lines += [f"{self.name(s)}: {v}" for s, v in enumerate(view.scores)]
        lines += ["", *self.status(view)]
        view = self._trick_end.shown(view)
        if view.trick and view.phase == "play":  # a round's last trick ends with it
            lines.append("This trick:")
            shown = min(TRICK_LINES if self.net is None else NET_TRICK_LINES,
                        TRICK_LINES if plays is None else plays)
            if len(view.trick) > shown:  # the earlier plays are hidden, and say so
                lines.append(f"  \u2026 {len(view.trick) - shown} earlier")
            lines += [f"  {self.name(t.seat)}: {ranks_text(t.cards) or 'pass'}"
                      for t in view.trick[-shown:]]
        return lines

    def status(self, view: C.View) -> list[str]:
        """Whose turn it is and what they must do, in one or two short lines."""
        if view.over:
            return ["The match is over."]
        mine = view.turn == self.seat and not self.computer_to_play \
            and len(self.setup.humans) == 1 and not self.viewer
        name = self.name(view.turn)
        who = "Your turn" if mine else ("Your turn" if name == "You" else f"{name}'s turn")
        if view.phase == "deal":  # between rounds: the last round's plays are over
            return [f"{who}:", f"  deal round {view.round + 1}"]
        lead = "lead any hand" if view.may_pass else "lead any hand (no passing)"
        task = {"cut": "cut for the deal", "choose": "choose a hand"}.get(
            view.phase, "beat this or pass:" if view.table else lead)
        lines = [f"{who}:", f"  {task}"]
        if view.table and view.phase == "play":  # its own line, without a label, for room
            lines.append(f"    {combo_text(view.table)}")
        return lines
