"""Poker Squares at the table: the matrix (two in Best of Two and Sum of Two), the pack,
the dealt cards and the reject squares, every hand named as cards land.

Mouse: drag a card to a square, or click a square to put the waiting card there
(click a card first to pick it: another dealt card, or one of the matrix that may be
thrown away or moved). Keyboard: row then column (1-5) places the card, X throws it
away, arrows and Enter move a focus frame. Pad: move the frame, A places or picks,
X throws away, Y hints. The rules decide what is legal; the view says where.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.cards import card_from_uid
from game.engine.actions import Act, Action
from game.engine.arrange import Box, Grid, fit_grids
from game.engine.card_art import HIGHLIGHTS
from game.engine.components import Placement
from game.engine.focus import Place
from game.engine.jobs import PENDING
from game.engine.layout import DESIGN_H, Viewport
from game.engine.net_table import NetworkTable
from game.engine.render import DrawItem
from game.engine.table import MARKS_Z
from game.engine.ui import (
    GOLD,
    INK,
    MUTED,
    Message,
    confirm,
    ring,
    text_image,
    wrap_text,
)
from game.engine.widgets import command_bar
from game.match import MAX_NAME
from game.replay.recorder import Recorder
from game.rules import poker_squares as P
from game.rules.outcome import DRAWN, WATCHED, WON
from game.rules.poker_squares_options import (
    MODES,
    PLACEMENTS,
    SCORINGS,
    TURN_MODES,
    SeatRules,
    parse,
    target,
)
from game.rules.poker_squares_tournament import UNDO_REFUSED
from game.rules.registry import GAME_BY_ID
from game.session import SeatClient, Update
from scenes.card_scene import zone_rect
from scenes.game_scene import GameScene
from scenes.poker_squares_second import SecondPlayer
from scenes.poker_squares_setup import rules_config
from scenes.poker_squares_tournament import TournamentPlay

if TYPE_CHECKING:
    from game.engine.app import App

CARD_W = 128.0
CARD_H = CARD_W * 1.4
GAP = 14.0
MATRIX_AREA = Box(370, 70, 1110, 830)  # the matrices, names right and below; clear of the buttons
BUTTONS_X = 1500  # the command bar's left edge (two 180-wide columns ending at 1870)
# Two matrices of one size: each has a band for its row names on its right, the right
# one's ending before the buttons (they ran under "New cards" and "Hint").
PAIR_BAND = 150.0
PAIR_AREA = Box(370, 70, BUTTONS_X - 10 - 370 - PAIR_BAND, 700)
NAME_H = 44.0  # room above each of two people's matrices for their names
PAIR_REJECTS_Y = 125.0  # a full-size other matrix's rejects: under its names and score
PACK_POS = (70.0, 116.0)
SIDE_X = (70.0, 215.0)  # dealt and reject squares, two columns under the pack
SIDE_Y, SIDE_STEP = 420.0, 212.0
PILE_STEP = 0.3
ROW_NAME_W = 190.0
OUTLINE = (90, 170, 255)  # squares a card may go to, cards that may move: the manual's blue
HINT = HIGHLIGHTS["hint"]  # the Hint's ring: cyan as in the other games, not the aim's gold
CURSOR = (250, 222, 80)  # Player 2's square
SLOT = (60, 110, 80)  # the faint frame of an empty square
SHORT = {"high_card": "-", "one_pair": "Pair", "two_pair": "2 pair", "three_of_a_kind": "Trips",
         "straight": "Straight", "flush": "Flush", "full_house": "Full house",
         "four_of_a_kind": "Four", "straight_flush": "Str. flush", "royal_flush": "Royal",
         "five_of_a_kind": "Five",
         # the exotic hands a User table may score
         "round_the_corner_straight_flush": "Corner SF", "skeet_flush": "Skeet fl.",
         "kilter_flush": "Kilter fl.", "round_the_corner_kilter_flush": "Corner K. fl.",
         "two_pair_flush": "2 pair fl.", "pair_flush": "Pair fl.",
         "round_the_corner_straight": "Corner str.", "skeet": "Skeet", "kilter": "Kilter",
         "round_the_corner_kilter": "Corner kilter", "blaze": "Blaze", "four_flush": "4 flush"}
# The other player's smaller matrix names its hands in two or three letters (help lists them).
TINY = {"high_card": "-", "one_pair": "P", "two_pair": "2P", "three_of_a_kind": "3K",
        "straight": "St", "flush": "Fl", "full_house": "FH", "four_of_a_kind": "4K",
        "straight_flush": "SF", "royal_flush": "RF", "five_of_a_kind": "5K",
        "round_the_corner_straight_flush": "CSF", "skeet_flush": "SkF", "kilter_flush": "KiF",
        "round_the_corner_kilter_flush": "CKF", "two_pair_flush": "2PF", "pair_flush": "PF",
        "round_the_corner_straight": "CSt", "skeet": "Sk", "kilter": "Ki",
        "round_the_corner_kilter": "CKi", "blaze": "Bz", "four_flush": "4F"}
TINY_SIZE = 24.0
TINY_NAME_W = 70.0  # room right of the smaller matrix for its row names
OTHER_REJECTS_Y = 95.0  # the other player's rejects, under the short names of their hands
TINY_GAP = 1.1  # line spacing of the names stacked under it, in lines of text
COMMANDS = [("hint", "Hint", "h"), ("players", "Players", "t"),
            ("new", "New cards", "n"), ("same", "Same cards", "s"),
            ("undo", "Undo", "u"), ("redo", "Redo", "r"), ("help", "? Help", "?"),
            ("config", "Rules", "o"), ("menu", "Menu", "m")]
# At a network table the server deals and the rules are the host's: no deals, undo,
# rules or players here, and Chat.
NET_COMMANDS = [("hint", "Hint", "h"), ("chat", "Chat", ""), ("help", "? Help", "?"),
                ("menu", "Menu", "m")]
CHAT_RECT = pygame.Rect(BUTTONS_X, 330, 370, 440)  # above the command bar, right of the matrices
KEYBOARD_DOCK = pygame.Rect(0, 836, BUTTONS_X - 16, 228)  # under the matrices and scores
# The end box lies over the command bar (its answers where the bar's buttons were), so the
# finished matrices stay in sight, undimmed.
END_BOX = pygame.Rect(BUTTONS_X - 16, 70, 1904 - (BUTTONS_X - 16), 950)
END_BOX_WIDER = (560, 700, 840)  # a long account (a tournament's, in TV text) widens it
RULES_SIZE, RULES_SMALLEST = 26, 20  # the rules line across the top, and how far it shrinks
RULES_GAP = 24  # between the title and the rules line
JOIN_WORDS = "Player 2: press A on your controller to join, or K for the keyboard"
JOIN_SIZE, JOIN_SMALLEST = 26, 16
KEYS_MARK = "Number keys place here (G: the other)"  # over the matrix the keys aim at
REFUSED_PAIR_S = 1.5  # a key this soon after a refused row is that row's column
OTHER = 1  # the second player's seat: the computer at this table


@lru_cache(maxsize=16)
def _fit_matrices(pair: bool, mine: int, theirs: bool) -> tuple[tuple[Grid, ...], Grid | None]:
    """``mine`` matrices and, with ``theirs``, the opponent's, fitted to the table: side
    by side of one size with ``pair``. Asked for every square's outline every frame."""
    if pair:
        main, rest = fit_grids(PAIR_AREA, 5, 5, CARD_W, CARD_H, GAP, others=1, ratio=1.0,
                               between=PAIR_BAND, label_h=NAME_H if theirs else 0.0)
        return ((main,), rest[0]) if theirs else ((main, rest[0]), None)
    others = mine - 1 + theirs
    ratio = 1.0 if mine == 2 else 0.5
    area = MATRIX_AREA
    if theirs:  # leave room for the smaller matrix's row names
        area = Box(area.x, area.y, area.w - TINY_NAME_W, area.h)
    main, rest = fit_grids(area, 5, 5, CARD_W, CARD_H, GAP, others=others, ratio=ratio,
                           between=ROW_NAME_W, label_h=40 if others else 0)
    return (main, *rest[: mine - 1]), (rest[-1] if theirs else None)


def side_pos(index: int) -> tuple[float, float]:
    """The ``index``-th of the dealt and reject squares, two to a row."""
    return SIDE_X[index % 2], SIDE_Y + (index // 2) * SIDE_STEP


def _move_words(move: P.Move) -> str:
    """A move as the rules tell it, without whose it is ("reject a card: ...")."""
    return P.describe(move).split(": ", 1)[1]


def side_name(view: P.PokerSquaresView, kind: str) -> str:
    """The word over a dealt or reject square. With two players each one's own rejects
    are named for them, apart from the common ones either may use."""
    if kind == "r" and view.options.players == 2:
        return f"P{view.eyes + 1} reject"
    return {"d": "Deal", "r": "Reject", "c": "Common"}[kind]


def config_from(entry: Any, per_game: Any) -> dict[str, Any]:
    """The game's options from the settings, as a rules config ({} if they clash)."""
    try:
        return rules_config(entry, per_game)
    except ValueError:
        return {}


def seat_words(rules: SeatRules) -> list[str]:
    """One player's rules in words: scoring, placement, moving, hands."""
    return [SCORINGS[rules.scoring], PLACEMENTS[rules.placement],
            "Cards can move" if rules.can_move else "Cards cannot move",
            f"{12 if rules.diagonals else 10} hands"]


def played_as(table: Any) -> tuple[str, str] | None:
    """A replay's (Player 1's name, Player 2's name) from its meta, or None when it
    keeps none (or something else: a file may be hostile)."""
    names = table.get("names") if isinstance(table, dict) else None
    if (not isinstance(names, list) or len(names) != 2
            or not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME for n in names)):
        return None
    return names[0], names[1]


class Write(Protocol):
    """``extra_items``' ``text``: ``words`` at (x, y) on the table, as a drawn label."""

    def __call__(self, key: object, words: str, size: float, x: float, y: float,
                 color: tuple[int, int, int] = ..., bold: bool = ..., align: str = ...,
                 bottom: bool = ...) -> None: ...


Measure = Callable[[str, float], tuple[float, float]]  # words, size -> logical (w, h)


class PokerSquaresScene(GameScene[P.PokerSquaresView, P.Move]):
    title = "Poker Squares"
    played_as: tuple[str, str] | None = None  # a replay's players' names (played_as())
    game_id = P.GAME_ID
    card_w, card_h = CARD_W, CARD_H
    computer_time_limit = 0.5  # the strong opponent's search a card, as the Hint's

    def __init__(self, app: App, seed: int | None = None, demo: bool = False,
                 resume: bool = True, recorder: Recorder[Any, P.Move] | None = None,
                 client: SeatClient[P.PokerSquaresView, P.Move] | None = None,
                 net: NetworkTable | None = None) -> None:
        self.picked: str | None = None  # the place of a card picked up by a click
        self.pending_row: int | None = None
        self.row_prompt: Message | None = None  # the "now the column" line while it shows
        self.clock = 0.0  # seconds at this table (when a refused row's column may follow)
        self.refused_row = False  # a row key was refused: the next key is its column
        self.refused_at = 0.0
        self.key_matrix = 0  # the matrix row-and-column keys aim at (G switches)
        self.hint_spot: str | None = None
        self.hint_asked: int | None = None  # the position a hint is being worked out for
        self.hint_line: Message | None = None  # the words telling the hint, while shown
        self.opponent_level: str | None = None  # the strength of the computer at OTHER
        self.spot_of: dict[str, str] = {}  # table key -> place name, from the last view
        self.config = self.chosen_config(app)
        self.second = SecondPlayer(self)  # a person at Player 2 with a device of their own
        self.tournaments = TournamentPlay(self, self.second)
        super().__init__(app, seed, demo, resume, recorder, client, net)
        if self.net is not None:
            self.net.net.chat.place(CHAT_RECT, KEYBOARD_DOCK)
        if self.viewer:  # a replay shows the players as they sat
            self.played_as = played_as(getattr(self.recorder, "meta", {}).get("table"))
        if not self.viewer and not demo and self.session is not None:
            self.tournaments.load()
        self.seat_opponent()
        self.set_buttons()

    def chosen_config(self, app: App) -> dict[str, Any]:
        entry = GAME_BY_ID[P.GAME_ID]  # self.entry is set by the base, after this
        config = config_from(entry, app.settings.per_game)
        person = entry.setting(app.settings.per_game, "opponent") == "person"
        if parse(config).players != 1 and not entry.agents and not person:  # no rival
            config = {**config, "mode": "one_hand", "stealing": False, "planting": False}
        return config

    @property
    def strength(self) -> str:
        """How well the computer plays, for the Hint and the computer opponent."""
        return self.entry.setting(self.app.settings.per_game, "strength")

    @property
    def person_opposite(self) -> bool:
        """Does a person with a game controller play the second seat (not in a demo)?"""
        return not self.demo and self.entry.setting(self.app.settings.per_game,
                                                    "opponent") == "person"

    @property
    def rival(self) -> str:
        return self.rival_name()

    def rival_name(self, lower: bool = False) -> str:
        """Who plays the other seat: its name at a network table, Player 2's name (a
        tournament's), "Player 2", or the computer."""
        networked = self.seat_name(1 - self.view.eyes)
        if networked is not None:
            return networked
        if self.played_as is not None:
            return self.played_as[1]
        if not self.person_at_second:
            return "the computer" if lower else "The computer"
        return self.second_name()

    def rival_note(self) -> str:
        """Why the other seat's person is not playing it at a network table ("connection
        lost, computer in 42 s"), else ""."""
        return self.seat_note(1 - self.seat)

    def first_name(self) -> str:
        """Player 1 by name in a tournament, else "You" (a network replay: its name)."""
        networked = self.seat_name(self.view.eyes)
        if networked is not None:
            return networked
        if self.played_as is not None:
            return self.played_as[0]
        t = self.tournaments.tournament
        return t.player.name if t is not None else "You"

    def second_name(self) -> str:
        t = self.tournaments.tournament
        second = t.second_player if t is not None else None
        return second.name if second is not None else "Player 2"

    def replay_extra(self) -> dict[str, Any]:
        """A two-player replay keeps the players' names (whether a person played
        Player 2 the engine keeps: seat_kinds)."""
        if self.view.options.players != 2:
            return {}
        return {"names": [self.first_name(), self.rival_name()]}

    @property
    def person_at_second(self) -> bool:
        """Does a person play Player 2 (in a replay: did one)? At a network table the
        other seat is someone else's, drawn full size."""
        if self.networked:
            return True
        if self.viewer:
            kinds = self.seat_kinds()
            return kinds is not None and len(kinds) == 2 and kinds[1] == "person"
        return self.second.seated

    def seat_opponent(self) -> None:
        """Who plays the second seat in a two-player mode: the computer at the strength
        chosen (if the game has that player; always in a demo) or a person (pad or
        keyboard)."""
        if self.viewer or self.session is None:
            return
        two = self.view.options.players == 2
        computer = two and not self.person_opposite
        level = self.strength if self.strength in self.entry.agents else None
        if computer and (OTHER not in self.computers or self.opponent_level != level):
            self.set_computer(OTHER, True, level)
            self.opponent_level = level
        elif not computer and OTHER in self.computers:
            self.set_computer(OTHER, False)
        self.second.seat(two and not computer)

    # -- geometry -----------------------------------------------------------------------

    def pair_layout(self, view: P.PokerSquaresView) -> bool:
        """Two matrices of one size side by side: the player's two (Best of Two, Sum of
        Two), or two people's. Only the computer's matrix is drawn smaller."""
        return len(view.grids) == 2 or (view.other_grid is not None and self.person_at_second)

    def matrices(self, view: P.PokerSquaresView) -> tuple[list[Grid], Grid | None]:
        """The seat's matrices and the opponent's, fitted to the table."""
        grids, other = _fit_matrices(self.pair_layout(view), len(view.grids),
                                     view.other_grid is not None)
        return list(grids), other

    def spot_rect(self, view: P.PokerSquaresView, spot: str) -> pygame.Rect:
        kind = spot[0]
        grids, other = self.matrices(view)
        if kind in "go":
            grid = grids[int(spot[1])] if kind == "g" else other
            assert grid is not None  # an "o" spot is shown only with the other's matrix
            r, c = (int(spot[2]), int(spot[3])) if kind == "g" else (int(spot[1]), int(spot[2]))
            return zone_rect(*grid.slot(r, c), grid.card_w, grid.card_h)
        return zone_rect(*side_pos(self.side_index(view, spot)), CARD_W, CARD_H)

    def other_reject_pos(self, view: P.PokerSquaresView, grid: Grid, index: int
                         ) -> tuple[float, float]:
        """The other player's rejects lie in a row under their matrix: under the short
        names of the smaller one, under the hand names and score of a full-size one."""
        below = PAIR_REJECTS_Y if self.pair_layout(view) else OTHER_REJECTS_Y
        return grid.x + index * (grid.card_w + grid.gap), grid.box.bottom + below

    @staticmethod
    def side_index(view: P.PokerSquaresView, spot: str) -> int:
        """Dealt cards first, then the seat's rejects, then the common ones."""
        offset = {"d": 0, "r": len(view.dealt), "c": len(view.dealt) + len(view.rejects)}
        return offset[spot[0]] + int(spot[1:])

    @staticmethod
    def side_spots(view: P.PokerSquaresView) -> list[str]:
        return ([f"d{i}" for i in range(len(view.dealt))]
                + [f"r{i}" for i in range(len(view.rejects))]
                + [f"c{i}" for i in range(len(view.common_rejects))])

    # -- view -> table ------------------------------------------------------------------

    def placements(self, view: P.PokerSquaresView) -> list[Placement]:
        out: list[Placement] = []
        spots: dict[str, str] = {}
        for k in range(view.cards_left):
            x, y = PACK_POS[0] - k * PILE_STEP, PACK_POS[1] - k * PILE_STEP
            out.append(Placement(f"pack#{k}", None, x, y, k, False, "pack", shadow=k == 0))
        side = {"d": view.dealt, "r": view.rejects, "c": view.common_rejects}
        for spot in self.side_spots(view):
            card = side[spot[0]][int(spot[1:])]
            if card is not None:
                spots[card.uid] = spot
                out.append(Placement(card.uid, card.uid, *side_pos(self.side_index(view, spot)),
                                     200, True, "dealt" if spot[0] == "d" else "rejects",
                                     interactive=spot[0] == "d" or spot in view.movable))
        grids, other_grid = self.matrices(view)
        for m, (grid, cards) in enumerate(zip(grids, view.grids, strict=True)):
            for i, card in enumerate(c for row in cards for c in row):
                if card is not None:
                    spot = f"g{m}{i // 5}{i % 5}"
                    spots[card.uid] = spot
                    out.append(Placement(card.uid, card.uid, *grid.positions[i], 300 + i, True,
                                         f"matrix{m}", interactive=spot in view.movable,
                                         scale=grid.scale))
        if other_grid is not None and view.other_grid is not None:
            for i, card in enumerate(c for row in view.other_grid for c in row):
                if card is not None:
                    spots[card.uid] = f"o{i // 5}{i % 5}"
                    out.append(Placement(card.uid, card.uid, *other_grid.positions[i], 300 + i,
                                         True, "other", scale=other_grid.scale,
                                         interactive=f"o{i // 5}{i % 5}" in view.movable))
            for i, card in enumerate(view.other_rejects):
                if card is not None:  # the opponent's rejects, in a row under its matrix
                    x, y = self.other_reject_pos(view, other_grid, i)
                    out.append(Placement(card.uid, card.uid, x, y, 400 + i, True,
                                         "other rejects", scale=other_grid.scale))
        self.spot_of = spots
        return out

    def deal_origin(self) -> tuple[float, float]:
        return PACK_POS

    def expected_card_count(self) -> int:
        """As many cards as the options deal: one deck, two, or each card twice in Same
        Deck."""
        options = self.view.options
        return options.decks * 52 * (2 if options.mode == "same_deck" else 1)

    def after_refresh(self) -> None:
        view = self.view
        # Every empty place takes clicks and drops (a refused one says why); the legal
        # ones are outlined and take the focus frame.
        empty = [f"g{m}{i // 5}{i % 5}" for m, g in enumerate(view.grids)
                 for i, c in enumerate(c for row in g for c in row) if c is None]
        side = {"d": view.dealt, "r": view.rejects, "c": view.common_rejects}
        empty += [s for s in self.side_spots(view)[len(view.dealt):]
                  if side[s[0]][int(s[1:])] is None]
        # in a fixed order (not a set's): ties in dropping and focusing go the same way
        self.table.zones = {f"zone:{spot}": self.spot_rect(view, spot)
                            for spot in dict.fromkeys([*empty, *view.targets])}
        self.table.clear_highlights("selected")
        if self.picked is not None:
            key = next((k for k, s in self.spot_of.items() if s == self.picked), None)
            if key is None:
                self.picked = None
            else:
                self.table.set_highlight(key, "selected")
        self.set_buttons()

    def commands(self) -> list[tuple[str, str, str]]:
        """Every command this game may offer. Done and Pass come last and keep their
        places while hidden, so none of the others moves when one of them appears."""
        options = self.view.options
        extra = [("done", "Done", "d")] if any(s.can_move for s in options.seats) else []
        extra += [("pass", "Pass", "p")] if options.mode in TURN_MODES else []
        return (COMMANDS if self.net is None else NET_COMMANDS) + extra

    def set_buttons(self) -> None:
        view = self.view
        if self.viewer or self.demo:
            self.hud.buttons = self.watcher_bar()
        else:
            self.hud.buttons = command_bar(self.commands())
            shown = {"done": view.can_finish, "pass": view.can_pass}
            for button in self.hud.buttons:
                button.visible = shown.get(button.key, True)
        super().after_refresh()

    # -- choosing -----------------------------------------------------------------------

    def clear_selection(self) -> None:
        self.picked = None
        self.forget_row()
        self.hint_spot = None
        if self.hint_line is not None and self.hud.message is self.hint_line:
            self.hud.message = None  # the card it spoke of is gone: so are its words
        self.hint_line = None
        self.table.clear_highlights("selected")

    def forget_row(self) -> None:
        """Drop a half-typed square, and its prompt with it (a finished or abandoned
        square must not leave "now the column" on the screen)."""
        self.pending_row = None
        if self.row_prompt is not None and self.hud.message is self.row_prompt:
            self.hud.message = None
        self.row_prompt = None

    def _on_update(self, update: Update) -> None:
        # The engine ends every half-made choice when the table changes. In a race the
        # other player's move may land between a row and its column: the row stays
        # (else the column would be read as a new row) while this seat may still place.
        row, prompt = self.pending_row, self.row_prompt
        super()._on_update(update)
        view = self.view
        if row is not None and update.kind == "play" and view.to_move and view.card is not None:
            self.pending_row, self.row_prompt = row, prompt
            if prompt is not None and self.hud.message is None:
                self.hud.message = prompt

    def dealt(self) -> None:
        self.key_matrix = 0  # a new deal: the keys aim at the first matrix again

    def has_selection(self) -> bool:
        return self.picked is not None or self.pending_row is not None

    def waiting_card(self) -> str | None:
        """The place of the card a square click would move: the picked card, or else
        the first dealt card."""
        if self.picked is not None:
            return self.picked
        return next((f"d{i}" for i, c in enumerate(self.view.dealt) if c is not None), None)

    def move_for(self, source: str, target: str) -> P.Move:
        seat = self.view.seat
        if source[0] == "d" and target[0] == "g":
            return P.Place(seat, int(target[2]), int(target[3]), int(source[1:]), int(target[1]))
        return P.Shift(seat, source, target)

    def place_at(self, target: str) -> bool:
        source = self.waiting_card()
        if source is None:
            self.app.error(self.typing_refusal() or "There is no card to place.")
            return False
        self.clear_selection()
        return self.play(self.move_for(source, target))

    def pick(self, spot: str) -> None:
        """A click on a card: pick it up, put it down, or (a matrix card picked before a
        click on another) swap the two where cards can move."""
        if self.picked == spot:
            self.clear_selection()
            self.refresh()
            return
        if self.picked is not None and spot[0] == "g" and self.legal(self.move_for(
                self.picked, spot)):
            self.place_at(spot)
            return
        if spot[0] != "d" and spot not in self.view.movable:
            self.app.error(self.client.check(P.Shift(self.view.seat, spot, "r0"))
                           or "That card stays where it is.")
            return
        self.picked = spot
        self.app.play_sound("select")
        self.refresh()

    def reject(self) -> None:
        """X: throw the waiting card away (a common reject first, then the seat's own)."""
        view = self.view
        free = P.reject_target(view)
        if free is None:
            self.app.error(str(P.reject_refusal(view)))  # no square: the rules say why
            return
        self.place_at(free)

    def on_click(self, key: str | None, pos: tuple[float, float]) -> None:
        if key is not None and key.startswith("zone:"):
            self.place_at(key[5:])
        elif key is not None and key in self.spot_of:
            self.pick(self.spot_of[key])
        else:
            self.clear_selection()
            self.refresh()

    def activate(self, target: object) -> None:
        self.on_click(target if isinstance(target, str) else None, (0.0, 0.0))

    def drop_target(self, target: str | None) -> str | None:
        if target is None:
            return None
        return target[5:] if target.startswith("zone:") else self.spot_of.get(target)

    def on_drop(self, key: str, target: str | None) -> None:
        source, spot = self.spot_of.get(key), self.drop_target(target)
        self.clear_selection()
        if source is None or spot is None or not self.play(self.move_for(source, spot)):
            self.table.fly_back(key)

    def can_drop(self, key: str, target: str) -> bool:
        source, spot = self.spot_of.get(key), self.drop_target(target)
        return source is not None and spot is not None and self.legal(self.move_for(source,
                                                                                    spot))

    def on_secondary(self) -> None:
        self.reject()

    def zone_place(self, name: str, rect: pygame.Rect) -> Place | None:
        return Place(rect) if name[5:] in self.view.targets else None

    def on_key(self, key: str) -> bool:
        if key == "x":
            self.reject()
        elif key == "g" and len(self.view.grids) == 2:
            self.key_matrix = 1 - self.key_matrix
            self.hud.say(f"Keys now place in the {('first', 'second')[self.key_matrix]} "
                         "matrix.")
        elif key in ("1", "2", "3", "4", "5"):
            self.type_square(int(key) - 1)
        else:
            return False
        return True

    def type_square(self, number: int) -> None:
        """A row or column key. A row is only taken while this seat may place a card:
        keys typed during the other player's turn are refused, not kept, so they cannot
        turn into half a square that the next key finishes somewhere unexpected. Keys
        typed in a burst keep their pairs: the column of a refused row is refused with
        it, even when the turn came back in between (it would be read as a row)."""
        if self.pending_row is None:
            partner = self.refused_row and self.clock - self.refused_at < REFUSED_PAIR_S
            refusal = self.typing_refusal()
            if refusal is not None or partner:
                self.refused_row = not partner  # a refused row waits for its column
                self.refused_at = self.clock
                self.app.error(refusal or "That square was begun during the other player's "
                               "turn: type it again.")
                return
            self.pending_row = number
            self.hud.say(f"Row {number + 1}: now the column, 1 to 5.", seconds=30.0)
            self.row_prompt = self.hud.message
            return
        row = self.pending_row
        self.forget_row()
        matrix = self.key_matrix if len(self.view.grids) == 2 else 0
        self.place_at(f"g{matrix}{row}{number}")

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        if self.hint_asked is not None:
            self.show_hint()

    def typing_refusal(self) -> str | None:
        """The rules' reason this seat may not place a card now, with who plays on."""
        view = self.view
        reason = P.placing_refusal(view)
        if reason is None or view.over or view.to_move:
            return reason
        return f"{reason} {self.rival_name()} " + (
            "plays on." if view.finished[view.eyes] else "is playing.")

    def handle_game(self, action: Action) -> None:
        if action.kind == Act.HINT:
            self.press("hint")
            return
        if action.kind == Act.CANCEL and self.table.dragging is None and not self.has_selection() \
                and self.view.options.players == 2 and not self.over and not self.viewer \
                and not self.demo and self.net is None:
            # Esc with nothing half-made: a two-player game is not left on one key press.
            confirm(self.hud, "Leave the game", "Leave this two-player game for the menu? "
                    "It is kept, and goes on when you come back.", self.app.pop)
            return
        super().handle_game(action)

    # -- commands -----------------------------------------------------------------------

    def game_command(self, key: str) -> bool:
        view = self.view
        if key == "hint":
            self.ask_hint()
        elif key == "done":
            self.play(P.Done(view.seat))
        elif key == "pass":
            self.play(P.Pass(view.seat))
        elif key == "players":
            self.tournaments.players_dialog()
        elif key in ("new", "same"):
            same = key == "same"
            words = "Replay these cards" if same else "Deal new cards"
            # Nothing is lost by leaving a deal the player has finished before.
            if view.over or self.client.cursor == 0 or self.tournaments.replaying(self.client.deal):
                self.fresh_game(same)
            else:
                confirm(self.hud, "New game", f"Your matrix is not full. {words} anyway?",
                        lambda: self.fresh_game(same))
        else:
            return False
        return True

    def open_page(self, page: str) -> None:
        if page == "config":  # this game's own rules page; sound and such are in the menu
            from scenes.poker_squares_setup import PokerSquaresSetup

            self.app.push(PokerSquaresSetup(self.app))
        else:
            super().open_page(page)
            if page == "replay":  # the end box is asked again under the replay
                self.place_end_box()

    def enter(self) -> None:
        """Back from the rules page: new rules deal at once while nothing is at stake."""
        super().enter()
        if self.viewer or self.demo or self.session is None:
            return
        wanted = self.chosen_config(self.app)
        if wanted != self.client.config:
            if self.client.cursor == 0 or self.over:
                self.config = wanted
                self.new_game(same=self.client.cursor == 0)
                self.hud.say("Dealt again with the new rules.")
            else:
                self.hud.say("The new rules start with the next deal (New cards).")

    def undo(self) -> None:
        """A tournament game is played as dealt: taking a card back shows the next."""
        if self.tournaments.tournament is not None and not self.viewer and not self.demo:
            self.app.error(UNDO_REFUSED)
        else:
            super().undo()

    def fresh_game(self, same: bool) -> None:
        self.set_computer(self.seat, False)
        self.new_game(same=same)

    def new_game(self, seed: int | None = None, *, same: bool = False,
                 undo: bool = True) -> bool:
        """Every new deal takes the options as the settings have them now."""
        self.config = self.chosen_config(self.app)
        dealt = super().new_game(seed, same=same, undo=undo)
        self.seat_opponent()
        return dealt

    def ask_hint(self) -> None:
        """Ask for a hint: what the computer would do here (strong: a search of about
        half a second for the square), worked out on the worker; ``update`` shows it."""
        from game.ai.poker_squares import table_hint  # the thinking, only when asked

        view = self.view
        allowed = {m: [(int(s[2]), int(s[3])) for s in view.targets if s.startswith(f"g{m}")]
                   for m in range(len(view.grids))}
        legal = self.client.legal_moves
        if (view.card is None or not any(allowed.values())) \
                and all(isinstance(m, P.Place) for m in legal):
            self.app.error(P.placing_refusal(view) or P.full_matrix_refusal(view))
            return
        rules = view.options.seats[view.eyes]
        scoring = "pat" if rules.pat else dict(rules.points)
        self.hint_asked = self.client.position
        self.jobs.start("hint", self.hint_asked, table_hint, view, legal, allowed, scoring,
                        rules.diagonals, self.strength)
        self.hud.say("Thinking...")

    def show_hint(self) -> None:
        if self.hint_asked != self.client.position:
            self.hint_asked = None  # the table changed first: that question is gone
            return
        try:
            answer = self.jobs.result("hint", self.hint_asked)
        except OSError as exc:  # the computer's learned tables are missing or unreadable
            self.hint_asked = None
            self.app.error(f"No hint: the computer player could not load its tables ({exc}).")
            return
        if answer is PENDING:
            return
        self.hint_asked = None
        card = self.view.card
        if isinstance(answer, tuple) and card is not None:  # a square for the dealt card
            matrix, (row, col) = answer
            self.hint_spot = f"g{matrix}{row}{col}"
            self.focus_hint(f"zone:{self.hint_spot}")
            which = f"matrix {matrix + 1}, " if len(self.view.grids) == 2 else ""
            self.hud.say(f"The computer would put {card.symbol} in {which}row {row + 1}, "
                         f"column {col + 1}.")
        elif isinstance(answer, P.Shift):
            self.hint_spot = answer.target
            picked = next((k for k, s in self.spot_of.items() if s == answer.source), None)
            # the dealt card goes where the focus is; any other is picked up first
            self.focus_hint(f"zone:{answer.target}" if answer.source[0] == "d" or picked is None
                            else picked)
            words = _move_words(answer)
            if picked is not None:  # "reject 7♣: the dealt cards to a reject square"
                words = words.replace("a card", card_from_uid(picked).symbol, 1)
            self.hud.say(f"The computer would {words}.")
        elif isinstance(answer, P.Pass | P.Done):
            key = "P" if isinstance(answer, P.Pass) else "D"
            self.hud.say(f"The computer would {_move_words(answer)} ({key}).")
        else:
            return
        self.hint_line = self.hud.message

    def finished(self, title: str, body: str) -> None:
        """A tournament keeps scores: a Make Pat Hands game, won or lost, has none."""
        outcome, seat = self.client.outcome, self.view.eyes
        points = outcome.points if outcome is not None else (None,)
        mine = points[seat]
        self.tournaments.note = ""  # record_result says why a game is not counted
        if not self.demo and not self.viewer and mine is not None:
            other = points[1 - seat] if len(points) == 2 else None
            self.tournaments.record_result(self.client.deal, round(mine),
                                           None if other is None else round(other))
        super().finished(title, self.tournaments.finished_body(body))
        self.place_end_box()

    def place_end_box(self) -> None:
        """The end box beside the matrices, not over them (END_BOX)."""
        dialog = self.hud.dialog
        if dialog is None or not self.over:
            return
        dialog.top, dialog.column, dialog.dim = END_BOX.y, True, False
        for width in (END_BOX.w, *END_BOX_WIDER):  # the narrowest that holds its words
            dialog.panel_w, dialog.height = width, END_BOX.h
            dialog.fit(self.viewport)
            if dialog.height < DESIGN_H - 40:  # fit() stops growing it there
                break
        dialog.left = END_BOX.right - width

    def layout(self, vp: Viewport) -> None:
        super().layout(vp)
        self.place_end_box()  # TV text or a new size: its words wrap anew

    def second_joined(self) -> None:
        self.tournaments.ask_second_if_unknown()  # which of its players sat down

    def handle(self, action: Action) -> None:
        if not self.second.handle(action):  # Player 2's own device, then the table's
            super().handle(action)

    def player_names(self) -> list[str]:
        return [self.first_name()] + ([self.rival_name()] if self.client.seats == 2 else [])

    def game_over_message(self, view: P.PokerSquaresView) -> tuple[str, str]:
        """The end box's words (the outcome is the rules'); in a tournament the players
        are called by name."""
        rules = view.options.seats[view.eyes]
        result = self.ending().result
        named = self.tournaments.tournament is not None or result == WATCHED
        if result == WATCHED and self.client.outcome is not None:  # told by the first
            result = self.client.outcome.result(view.eyes)  # seat's names and result
        me = self.first_name()
        if view.options.players == 2:
            title = (f"{me} wins!" if named else "You win!") if result == WON else \
                "A tie" if result == DRAWN else f"{self.rival} wins"
            if self.net is not None:  # the table's account of the match gives the points
                return title, ""
            if named:
                return title, f"{me} {view.scores[view.eyes]}, {self.rival} " \
                              f"{view.scores[1 - view.eyes]}."
            whose = f"{self.rival}'s" if self.second.seated or self.networked \
                else "the computer's"
            return title, f"Your score {view.scores[view.eyes]}, {whose} " \
                          f"{view.scores[1 - view.eyes]}."
        if rules.pat:
            return ("Five pat hands!" if result == WON else "Not all pat",
                    f"{view.scores[view.eyes]} of the 5 rows are pat hands.")
        scoring = SCORINGS[rules.scoring]
        goal = target(view.options, view.eyes)
        title = (f"{me} won!" if named else "You won!") if result == WON else \
            "Short of the target"
        if self.net is not None:
            return title, f"{scoring} scoring, target {goal}."
        who = f"{me} scored" if named else "You scored"
        return title, f"{who} {view.scores[view.eyes]}: the target with {scoring} scoring " \
                      f"is {goal}."

    # -- drawing ------------------------------------------------------------------------

    def extra_items(self) -> list[DrawItem]:
        vp = self.viewport
        view = self.view
        items: list[DrawItem] = []

        def text(key: object, words: str, size: float, x: float, y: float,
                 color: tuple[int, int, int] = INK, bold: bool = False,
                 align: str = "centre", bottom: bool = False) -> None:
            """``words`` at (x, y): its top there, or with ``bottom`` its bottom (so larger
            TV text grows away from what it labels, not into it)."""
            image = text_image(vp, words, size, color, bold=bold)
            px, py = vp.to_px(x, y)
            shift = {"centre": image.get_width() // 2, "left": 0,
                     "right": image.get_width()}[align]
            top = py - (image.get_height() if bottom else 0)
            items.append(DrawItem(("ps", key), image, (px - shift, top), MARKS_Z))

        def outline(key: object, rect: pygame.Rect, color: tuple[int, int, int],
                    z: int = MARKS_Z - 1, thick: int = 4) -> None:
            x, y, w, h = vp.rect_px(*rect.inflate(2 * thick, 2 * thick))
            image = ring(w, h, color, max(2, vp.px(thick)), vp.px(10))
            items.append(DrawItem(("ps", "ring", key), image, (x, y), z))

        rules = view.options.seats[view.eyes]
        line = " \u00b7 ".join([MODES[view.options.mode], *seat_words(rules)])
        goal = target(view.options, view.eyes)
        if view.options.players == 1 and goal is not None:
            line += f" \u00b7 target {goal}"  # what wins this game alone
        # clear of the title, and at a network table under its line across the top
        top = self.net.line_bottom(vp) + 4 if self.net is not None else 24
        size, rule_lines = self.rules_fit(line)
        for n, part in enumerate(rule_lines):
            text("rules" if n == 0 else ("rules", n), part, size, 1860,
                 top + n * text_image(vp, part, size).get_height() / vp.scale, MUTED,
                 align="right")
        text("left", f"{view.cards_left} in the pack", 24, PACK_POS[0] + CARD_W / 2,
             PACK_POS[1] + CARD_H + 8, MUTED)
        for spot in self.side_spots(view):
            x, y = side_pos(self.side_index(view, spot))
            text(("side", spot), side_name(view, spot[0]), 22, x + CARD_W / 2, y - 6, MUTED,
                 bottom=True)
            outline(("slot", spot), zone_rect(x, y, CARD_W, CARD_H), SLOT, 0)
        grids, other = self.matrices(view)
        pair = self.pair_layout(view)
        for m, grid in enumerate(grids + ([other] if other is not None else [])):
            for i, (x, y) in enumerate(grid.positions):  # every square's frame, under cards
                outline(("square", m, i), zone_rect(x, y, grid.card_w, grid.card_h), SLOT, 0)
        if not self.viewer and not self.demo and not view.over:
            for spot in view.targets:
                outline(spot, self.spot_rect(view, spot), OUTLINE)
            for spot in view.movable:
                if spot[0] != "o" or view.other_grid is not None:
                    outline(spot, self.spot_rect(view, spot), OUTLINE)
        if self.hint_spot is not None:
            # twice the legal squares' outline, so it stands out among them
            outline("hint", self.spot_rect(view, self.hint_spot), HINT, thick=8)

        def measure(words: str, size: float) -> tuple[float, float]:  # logical, as drawn
            image = text_image(vp, words, size, INK)
            return image.get_width() / vp.scale, image.get_height() / vp.scale

        room = (PAIR_BAND if pair else ROW_NAME_W) - 24
        below = [self._hand_labels(text, measure, m, grid, names_, rules, room)
                 for m, (grid, names_) in enumerate(zip(grids, view.hands, strict=True))]
        if pair and other is not None and view.other_grid is not None:
            below.append(self._hand_labels(text, measure, 2, other, view.other_hands,
                                           view.options.seats[1 - view.eyes], room))
        self._scores(text, measure, view, grids, other, below)
        if other is not None:
            box = grids[0].box
            text("mine", self.first_name(), 28, box.x + box.w / 2, box.y - 8, GOLD, True,
                 bottom=True)
            if pair:
                under = below[-1] + 16 + measure("Sg", 34)[1]
            else:
                # a line of the short names, in logical units: TV mode draws text larger
                line_h = TINY_GAP * text_image(vp, "FH", TINY_SIZE, GOLD).get_height() \
                    * TINY_SIZE / max(1, vp.px(TINY_SIZE))
                if view.other_grid is not None:
                    self._tiny_labels(text, other, view.other_hands, line_h,
                                      view.options.seats[1 - view.eyes].pat)
                lines = 2 if len(view.other_hands) == 12 else 1  # names stacked under it
                under = other.box.bottom + 14 + lines * line_h
            # their reject squares, empty ones outlined too; at a network table only once
            # used, as the chat's on-screen keyboard docks there
            beside = None  # right of their rejects' row, when they have one
            if view.other_rejects and (self.net is None or
                                       any(c is not None for c in view.other_rejects)):
                x, y = self.other_reject_pos(view, other, 0)
                label = f"P{2 - view.eyes} rejects"
                text("their-rejects", label, 20, x, y - 4, MUTED,
                     align="left", bottom=True)  # theirs, apart from the common ones
                for i, card in enumerate(view.other_rejects):
                    if card is None:
                        outline(("their-reject", i), zone_rect(
                            *self.other_reject_pos(view, other, i), other.card_w,
                            other.card_h), MUTED)
                under = y + other.card_h + 12
                last = self.other_reject_pos(view, other, len(view.other_rejects) - 1)
                beside = (max(last[0] + other.card_w, x + measure(label, 20)[0]) + 24, y)
            if self.second.waiting and not view.over:
                self._join_prompt(text, measure, other, under, beside)
            elif not view.to_move and not view.over:
                text("wait", f"{self.rival} is playing...", 26, other.label[0], under, MUTED)
            if self.second.cursor is not None and not view.over:  # the second person's
                for spot in self.second.client().view.targets:  # where they may place
                    if spot[:2] == "g0":
                        outline(("second", spot), self.spot_rect(view, f"o{spot[2:]}"),
                                OUTLINE)
                r, c = divmod(self.second.cursor, 5)  # above the blue of a legal square
                outline("second", self.spot_rect(view, f"o{r}{c}"), CURSOR, MARKS_Z + 1)
        if len(grids) == 2 and not self.viewer and not self.demo and not view.over:
            keyed = grids[self.key_matrix].box  # where the number keys place (G switches)
            outline("keys", zone_rect(keyed.x, keyed.y, keyed.w, keyed.h).inflate(12, 12),
                    GOLD, 0)
            text("keys", KEYS_MARK, 24, keyed.x + keyed.w / 2, keyed.y - 10, GOLD, True,
                 bottom=True)
        if self.pending_row is not None:  # the half-typed square's row, framed over
            aimed = grids[self.key_matrix if len(grids) == 2 else 0]  # the blue outlines
            x, y = aimed.slot(self.pending_row, 0)
            outline("row", zone_rect(x, y, aimed.box.w, aimed.card_h), GOLD, MARKS_Z + 1)
        return items

    def _join_prompt(self, text: Write, measure: Measure, other: Grid, under: float,
                     beside: tuple[float, float] | None) -> None:
        """Player 2's way in: right of their rejects, else under their matrix, and above
        the message line (under their rejects it ran over a restored game's welcome). It
        wraps narrower and smaller to fit."""
        x, y = beside if beside is not None else (other.x, under)
        width = BUTTONS_X - 16 - x
        rect = self.hud.message_rect
        room = rect.centery - measure("Sg", 30)[1] / 2 - 8 - y  # a one-line message's top
        for size in range(JOIN_SIZE, JOIN_SMALLEST - 1, -1):
            lines = wrap_text(self.viewport, JOIN_WORDS, size, width)
            step = measure("Sg", size)[1]
            if len(lines) * step <= room:
                break
        for n, line in enumerate(lines):
            text(("join", n), line, size, x, y + n * step, GOLD, align="left")

    def rules_fit(self, line: str) -> tuple[float, list[str]]:
        """The rules line's size and lines, ending at 1860 and clear of the title: TV
        mode's larger text ran into it (small text is wider for its size), so the line
        shrinks a little, and only wraps where it would be a good deal smaller."""
        vp = self.viewport
        room = 1860 - RULES_GAP - self.title_end(vp)
        for size in range(RULES_SIZE, RULES_SMALLEST - 1, -1):
            if text_image(vp, line, size).get_width() / vp.scale <= room:
                return size, [line]
        return RULES_SMALLEST, wrap_text(vp, line, RULES_SMALLEST, room)

    @staticmethod
    def matrix_scores(view: P.PokerSquaresView) -> list[tuple[str, bool]]:
        """Under each of the player's two matrices: its score, and whether it counts (in
        Best of Two the better one, marked, counts; in Sum of Two both do)."""
        rules = view.options.seats[view.eyes]
        figures = P.matrix_figures(view)
        out = []
        for score, counts in figures:
            words = f"Pat rows {score} of 5" if rules.pat else f"Score {score}"
            alone = counts and not all(c for _, c in figures)  # the better of two
            out.append((words + ("  \u2605 best" if alone else ""), counts))
        return out

    def _scores(self, text: Write, measure: Measure, view: P.PokerSquaresView, grids: list[Grid],
                other: Grid | None, below: list[float]) -> None:
        """The score under each matrix the player builds (two: each one's, the counting
        one marked in Best of Two, the total in Sum of Two), and the other player's:
        under their matrix when it is full size, else above the smaller one."""
        options = view.options
        rules = options.seats[view.eyes]

        def words(score: int, seat_rules: SeatRules) -> str:
            return f"Pat rows {score} of 5" if seat_rules.pat else f"Score {score}"

        def put(key: str, line: str, grid: Grid, y: float, color: tuple[int, int, int],
                size: float) -> None:
            fit = min(size, size * (grid.box.w + 60) / max(1.0, measure(line, size)[0]))
            text(key, line, fit, grid.box.x + grid.box.w / 2, y, color, True)

        if len(grids) == 2:
            for m, (grid, (line, counts)) in enumerate(zip(grids, self.matrix_scores(view),
                                                           strict=True)):
                put(f"score{m}", line, grid, below[m] + 8, GOLD if counts else MUTED, 34)
            if options.mode != "best_of_two":
                left, right = grids[0].box, grids[1].box
                text("total", f"Total {view.scores[view.eyes]}" if not rules.pat else
                     f"Total {view.scores[view.eyes]} pat rows", 34,
                     (left.x + right.right) / 2, max(below) + 12 + measure("Sg", 34)[1], GOLD,
                     True)
            return
        put("score", words(view.scores[view.eyes], rules), grids[0], below[0] + 8, GOLD,
            34 if other is not None and self.pair_layout(view) else 40)
        if other is None:
            return
        theirs, their_rules = view.scores[1 - view.eyes], options.seats[1 - view.eyes]
        label = self.rival
        if self.pair_layout(view):
            put("other-score", words(theirs, their_rules), other, below[-1] + 8, GOLD, 34)
            if their_rules != rules:  # a handicap: their own rules, under their score
                parts = seat_words(their_rules)
                y = below[-1] + 16 + measure("Sg", 34)[1]
                for n, words_ in enumerate((f"{label}: " + " \u00b7 ".join(parts[:2]),
                                            " \u00b7 ".join(parts[2:]))):
                    put(f"other-rules{n}", words_, other, y + n * measure("Sg", 24)[1],
                        MUTED, 24)
        else:
            label += f": {theirs}" + (" pat rows" if their_rules.pat else "")
        if note := self.rival_note():
            label += f" \u00b7 {note}"
        # a long note shrinks to the matrix's width rather than run into the next one
        fit = min(28, 28 * (other.box.w + 60) / max(1.0, measure(label, 28)[0]))
        text("other", label, fit, other.label[0], other.box.y - 8, GOLD, True, bottom=True)

    @staticmethod
    def _tiny_labels(text: Write, grid: Grid, names: tuple[str, ...], line_h: float,
                     rows_only: bool) -> None:
        """The smaller matrix's hands in short: each row's to its right, each column's
        below it (``rows_only``, Make Pat Hands: none), the diagonals' (12 hands) under
        the row names."""
        box = grid.box

        def color(name: str) -> tuple[int, int, int]:
            return GOLD if name != "high_card" else MUTED
        for r in range(5):
            y = grid.slot(r, 0)[1] + grid.card_h / 2 - TINY_SIZE * 0.6
            text(("tiny-row", r), TINY[names[r]], TINY_SIZE, box.right + 10, y,
                 color(names[r]), align="left")
        for c in range(0 if rows_only else 5):
            x = grid.slot(0, c)[0] + grid.card_w / 2
            text(("tiny-col", c), TINY[names[5 + c]], TINY_SIZE, x, box.bottom + 6,
                 color(names[5 + c]))
        if len(names) == 12:
            for d, arrow in ((10, "\u2198"), (11, "\u2197")):
                text(("tiny-diag", d), f"{arrow}{TINY[names[d]]}", TINY_SIZE, box.right + 10,
                     box.bottom + 6 + (d - 10) * line_h, color(names[d]),
                     align="left")

    @staticmethod
    def _hand_labels(text: Write, measure: Measure, m: int, grid: Grid, names: tuple[str, ...],
                     rules: SeatRules, room: float) -> float:
        """Each row's hand to its right, each column's below it, with the points; returns
        where the labels end below the matrix. Row names shrink together to fit ``room``
        (TV text is larger); column names too wide for their column take two lines,
        every other column one line lower."""
        worth = P.hand_scores(names, rules)  # the rules' points for each hand
        box = grid.box

        def label(line: int) -> tuple[str, tuple[int, int, int]]:
            name = names[line]
            points = "" if rules.pat or not worth[line] else f" {worth[line]}"
            return SHORT[name] + points, (GOLD if name != "high_card" else MUTED)

        size = 24 * max(grid.scale, 0.7)
        diagonals = [(d, arrow) for d, arrow in ((10, "\u2198"), (11, "\u2197"))
                     if len(names) == 12]
        beside = [label(r)[0] for r in range(5)] + [
            f"{arrow} {label(d)[0]}" for d, arrow in diagonals]
        size *= min(1.0, room / max(measure(w, size)[0] for w in beside))
        line_h = measure("Ag", size)[1] * 1.1
        for r in range(5):
            words, color = label(r)
            y = grid.slot(r, 0)[1] + grid.card_h / 2 - size * 0.6
            text(("row", m, r), words, size, box.right + 16, y, color, align="left")
        pitch = grid.card_w + grid.gap
        stagger = max(measure(label(5 + c)[0], size)[0] for c in range(5)) > pitch - 6
        # Make Pat Hands counts rows only: a column's name would look like a scoring hand
        for c in range(0 if rules.pat else 5):
            words, color = label(5 + c)
            x = grid.slot(0, c)[0] + grid.card_w / 2
            text(("col", m, c), words, size, x, box.bottom + 10 + (c % 2) * stagger * line_h,
                 color)
        for k, (d, arrow) in enumerate(diagonals):  # in the corner below the row names
            words, color = label(d)
            text(("diag", m, d), f"{arrow} {words}", size, box.right + 16,
                 box.bottom + 10 + k * line_h, color, align="left")
        return box.bottom + 10 + (1 + stagger) * line_h
