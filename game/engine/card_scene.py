"""What every card game's scene shares: a seat at a session drawn on a card table,
pointer gestures and focus movement routed to the game, the commands every game
has (new, undo, redo, help, settings, menu, quit), autosave after every move and
resume, computer seats (demo, Auto, opponents), and the game-over dialog.

A scene sees only its seat's observation (``self.view``) and legal moves, through a
``SeatClient``; it never holds the rules state. A game's scene supplies the mapping:
observation -> placements, and clicks, drops and keys -> moves. The rules decide
everything else.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import seeds, storage
from game.cards import card_from_uid
from game.engine.actions import Act, Action
from game.engine.celebration import Celebration
from game.engine.components import Placement
from game.engine.deal_menu import KEY as DEAL_MENU
from game.engine.deal_menu import DealMenu
from game.engine.focus import Place, Places
from game.engine.game_record import (
    COMPUTER,
    PERSON,
    Ending,
    GameRecord,
    RecordKeeper,
    SeatHands,
    TableFacts,
)
from game.engine.in_progress import AUTOSAVE_KIND, AUTOSAVE_VERSION, autosave_path
from game.engine.jobs import Background
from game.engine.layout import DESIGN_H, DESIGN_W, Viewport
from game.engine.net_play import NetPlay
from game.engine.net_table import NetworkTable
from game.engine.render import DrawItem
from game.engine.scene import Scene
from game.engine.seats import ComputerSeat, HumanSeat
from game.engine.table import CardTable
from game.engine.table_focus import TableFocus, button_places, card_places
from game.engine.ui import GOLD, MUTED, UI_Z, Button, Dialog, confirm, text_image
from game.engine.widgets import command_bar
from game.replay.recorder import Recorder
from game.rules.base import IllegalMove, ModuleRules
from game.rules.outcome import ABANDONED, LOST, WATCHED, WON
from game.rules.registry import GAME_BY_ID, RULES_BY_ID, GameEntry, load
from game.session import SeatClient, Session, Update
from game.settings import ai_delay, animation_scale

if TYPE_CHECKING:
    from game.engine.app import App

DEMO_PAUSE = 2.5  # seconds a finished demo deal stays on screen before the next
DEMO_BANNER = "Demo \u00b7 any key or click ends the show"  # and back to the menu
FLASH_SECONDS = 0.6  # a refused card's red ring: seen with error messages and sound off
WATCH_COMMANDS = [("leave", "Leave", "l"), ("help", "? Help", "?"), ("menu", "Menu", "m")]
FOCUS_ACTS = (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT, Act.SELECT)
OVER_WORDS_SECONDS = 12.0  # how long the line saying how to go on stays after the end box
# After a win show ends by itself, the end box ignores presses this long: a key pressed
# to end the show a moment too late must not choose New before the summary is read.
SHOW_GRACE_SECONDS = 0.8


class CardGameScene(Scene):
    game_id: str  # the registry entry this scene plays
    seat = 0  # the seat drawn at the bottom of the screen
    card_w = 128.0
    card_h = 179.2
    config: dict[str, Any] = {}
    bar: dict[str, Any] = {}  # where the game's command_bar goes (its defaults: none)

    def __init__(self, app: App, seed: int | None = None, demo: bool = False,
                 resume: bool = True, recorder: Recorder[Any, Any] | None = None,
                 client: SeatClient | None = None, net: NetworkTable | None = None) -> None:
        """``demo``: attract mode, the computer plays deal after deal and any input
        stops it. ``recorder``: a viewer over an existing log (replays): no autosave,
        no dialogs. ``client``: a seat at a table held elsewhere; ``net``: that table is
        across the network (its connection, names and chat)."""
        super().__init__(app)
        # Keyboard and pad players see a frame on the place they act on (a pad player
        # from the start; the keyboard's first arrow shows it: hotkeys need none).
        self.nav = TableFocus(self.focus_places, shown=app.input.last_device == "pad")
        if client is not None:
            self.seat = client.seat
        self.net = NetPlay(self, net) if net is not None else None
        self.entry: GameEntry = GAME_BY_ID[self.game_id]
        self.rules: ModuleRules[Any, Any] = self.entry.built_rules
        self.demo = demo
        self.viewer = recorder is not None or (client is not None and client.watching)
        # The names at a network table's seats, when watching its replay (else the lobby
        # names them, or the game itself): set by the replay viewer.
        self.table_names: tuple[str, ...] = ()
        self.table = CardTable(self.card_w, self.card_h, seed=seed or 0)
        self.jobs = Background()  # computer players and solvers think off the frame loop
        self.computers: dict[int, ComputerSeat] = {}
        # People at this machine; two sharing the screen (race modes) each get a device.
        self.humans: list[HumanSeat] = [HumanSeat(self.seat)]
        self._ai_wait = 0.0
        self._flash_left = 0.0  # seconds the refused cards stay ringed in red
        self._demo_wait = 0.0
        self.finished_reported = False
        self._answer_due = False  # this seat's move is on its way to the table
        self.celebration: Celebration | None = None
        self._show_grace = 0.0  # seconds the end box still ignores presses (above)
        self.records = RecordKeeper(self.game_id, app.save_dir,
                                    lambda text: self.hud.say(text, error=True))
        self.unsaved = ""  # why the last autosave failed ("" when it did not)
        self.mouse_on = True  # False when the player answers No to Mouse: Ask
        self.session: Session | None = None
        self._fresh_deal = False
        if client is None:
            if resume and seed is None and not demo and recorder is None:
                recorder = self._load_autosave()
                if recorder is not None:
                    self.hud.say("Welcome back: your last game has been restored.")
            if recorder is None:
                picked = self._pick_seed(seed)
                recorder = Recorder(self.rules, picked if picked is not None
                                    else seeds.fresh(), self.config)
                self._fresh_deal = True
            elif self.viewer:
                self._fresh_deal = recorder.cursor == 0
            self.session = Session(self.rules, recorder)
            client = self.session.client(self.seat)
        self.client: SeatClient = client
        self.finished_reported = client.over and not self.viewer
        self._agent_seed = seed if seed is not None else seeds.fresh()
        client.add_listener(self._on_update)
        if demo:
            self.set_computer(self.seat, True)
        self.deals = DealMenu(self.hud, self.deal_number, self.play_deal,
                              lambda: self.client.cursor > 0 and not self.over) \
            if self.entry.numbered_deals else None

    # -- hooks for each game ------------------------------------------------------------

    def placements(self, view: Any) -> list[Placement]:
        raise NotImplementedError

    def deal_origin(self) -> tuple[float, float]:
        raise NotImplementedError

    def on_click(self, key: str | None, pos: tuple[float, float]) -> None:
        """A click on a card or zone (None: on the bare table)."""

    def on_drop(self, key: str, target: str | None) -> None:
        """A card was dragged onto ``target`` (a card, a zone, or nothing)."""
        self.table.fly_back(key)

    def can_drop(self, key: str, target: str) -> bool:
        """Would dropping ``key`` on ``target`` be legal? (lights the target up)."""
        return False

    def on_secondary(self) -> None:
        """The game's second action: right-click / pad X."""

    def secondary_question(self) -> tuple[str, str] | None:
        """A title and question a right-click asks before the second action, when that
        action cannot be taken back (a pass, a draw): a mouse's second button is pressed
        by reflex, to put something down; the pad's X never is, and does not ask."""
        return None

    def right_click(self) -> None:
        """Right-click means one thing in every game: a card being dragged goes back;
        otherwise the game's second action, asked first where it is for good."""
        if self.table.dragging is not None:
            self.table.cancel_drag()
            return
        question = self.secondary_question()
        if question is None:
            self.on_secondary()
        else:
            confirm(self.hud, *question, self.on_secondary, default_no=True,
                    kind="Second action")

    def on_key(self, key: str) -> bool:
        """A character key the buttons did not take; True when used."""
        return False

    def activate(self, target: object) -> None:
        """SELECT pressed while the focus frame is on a card or zone."""
        self.on_click(target if isinstance(target, str) else None, (0.0, 0.0))

    def game_command(self, key: str) -> bool:
        """A command only this game has (hint, tour, ...); True when it was one."""
        return False

    def open_page(self, page: str) -> None:
        """Show the settings ("config") or this game's help ("help") over the table;
        the scenes layer knows those pages (scenes.game_scene.GameScene)."""

    def game_over_message(self, view: Any) -> tuple[str, str]:
        return "Game over", ""

    def clear_selection(self) -> None:
        """Forget a half-made choice (a first card picked)."""

    def has_selection(self) -> bool:
        """Is a half-made choice in progress (Esc puts it down rather than leaving)?"""
        return False

    def interactive_keys(self) -> list[str]:
        return [k for k in self.table.entities if self.table.placement(k).interactive]

    # -- the seat ---------------------------------------------------------------------------

    @property
    def view(self) -> Any:
        """What this scene's seat may see (computed once per position)."""
        return self.client.view

    def seat_name(self, seat: int) -> str | None:
        """``seat``'s name at a network table (live, or in its replay); None elsewhere,
        where each game names its seats itself."""
        if self.net is not None:
            return self.net.net.name(seat)
        if 0 <= seat < len(self.table_names):
            return self.table_names[seat] or f"Seat {seat + 1}"
        return None

    def seat_note(self, seat: int) -> str:
        """Why ``seat``'s person is not playing it now at a network table ("connection
        lost, computer in 42 s"), else ""."""
        return self.net.net.seat_note(seat) if self.net is not None else ""

    @property
    def watching(self) -> bool:
        """A spectator at a live network table (a replay only watches too, with no table
        to leave)."""
        return self.viewer and self.net is not None

    def watcher_bar(self) -> list[Button]:
        """A spectator's buttons (a replay's and a demo's: none): the play-test's watcher
        had no way off the table but Esc."""
        return command_bar(WATCH_COMMANDS, **self.bar) if self.watching else []

    @property
    def networked(self) -> bool:
        """Are the other seats people at other machines (live, or in a replay)?"""
        return self.net is not None or bool(self.table_names)

    @property
    def recorder(self) -> Recorder[Any, Any] | None:
        return self.session.recorder if self.session is not None else None

    @property
    def over(self) -> bool:
        return self.client.over

    def legal(self, move: Any) -> bool:
        return self.client.check(move) is None

    def play(self, move: Any) -> bool:
        """Submit a move for this seat; an illegal one beeps and says why. Once the table
        has taken it, a complaint about an earlier try is stale and goes."""
        self._answer_due = True  # a local table answers inside submit
        try:
            self.client.submit(move)
        except IllegalMove as exc:
            self._answer_due = False
            self.app.error(exc.reason)
            self.flash(self.refused_cards(move))
            return False
        self.records.hands.note(self.seat, PERSON)
        return True

    def refused_cards(self, move: Any) -> tuple[str, ...]:
        """The table keys of the cards a refused ``move`` names: they flash."""
        return ()

    def flash(self, keys: Iterable[str]) -> None:
        """Ring refused cards in red for a moment: a refusal shows even with the error
        messages off and no sound."""
        self.table.clear_highlights("error")
        for key in keys:
            if key in self.table.entities:
                self.table.set_highlight(key, "error")
                self._flash_left = FLASH_SECONDS

    computer_time_limit: float | None = 3.0  # seconds a computer move may think at the table

    def set_computer(self, seat: int, on: bool, agent: str | None = None) -> None:
        """Hand ``seat`` to the computer (demo, Auto, a computer opponent) or take it back.
        A table held elsewhere lends only this scene's own seat."""
        old = self.computers.pop(seat, None)
        if old is not None:
            old.close()
        client = self.client if seat == self.seat \
            else self.session.client(seat) if self.session is not None else None
        if on and client is not None:
            name = agent or self.entry.agents[0]
            player = load(self.entry.agent_factory)(name, seed=self._agent_seed + seat,
                                                    time_limit=self.computer_time_limit)
            self.computers[seat] = ComputerSeat(client, player, self.jobs)
            self._ai_wait = 0.0

    @property
    def computer_to_play(self) -> bool:
        return self.seat in self.computers

    def _pick_seed(self, seed: int | None) -> int | None:
        """The deal to ask the table for; None lets the table draw one."""
        return seed

    # -- game flow -------------------------------------------------------------------------

    def new_game(self, seed: int | None = None, *, same: bool = False,
                 undo: bool = True) -> bool:
        """Ask the table for a new deal (``same``: these cards again) with this scene's
        options; False, with the table's reason said, when it refuses."""
        self._record_finished()
        self.clear_selection()
        config = self.config if self.config != self.client.config else None
        self.hud.dialog = None
        try:
            self.client.restart(same=same, seed=None if same else self._pick_seed(seed),
                                config=config, undo=undo)
        except IllegalMove as exc:
            self.app.error(exc.reason)
            return False
        self.finished_reported = False
        self.app.play_sound("shuffle")
        self.ask_for_mouse()
        return True

    def deal_again(self) -> None:
        """The player's New: a fresh deal, with the cards in the player's hands."""
        self.set_computer(self.seat, False)
        self.new_game()

    def deal_number(self) -> int | None:
        """The deal in play by its number (its seed), at a table of the player's own;
        None for a demo, a replay or a table held elsewhere."""
        recorder = self.recorder
        if self.demo or self.viewer or recorder is None or self.net is not None:
            return None
        return recorder.seed

    def play_deal(self, seed: int | None) -> None:
        """Deal number ``seed`` (None: this deal again), with the cards in the player's
        hands."""
        self.set_computer(self.seat, False)
        self.new_game(seed, same=seed is None)

    def adopt_recorder(self, recorder: Recorder[Any, Any]) -> None:
        """Carry on from another log (a restored save) at the table this scene hosts."""
        self._record_finished()
        self.clear_selection()
        assert self.session is not None  # only the table this scene hosts has a log
        self.finished_reported = self.rules.is_over(recorder.state)  # counted when it ended
        self.records.new_deal()
        self.session.replace_recorder(recorder)

    def undo(self) -> None:
        self.clear_selection()
        if not self.client.undo():
            self.app.error("Nothing to undo." if self.client.cursor == 0
                           else "That move cannot be taken back.")

    def redo(self) -> None:
        self.clear_selection()
        if not self.client.redo():
            self.app.error("Nothing to redo.")

    def _on_update(self, update: Update) -> None:
        if update.kind == "refused":  # a remote table said no; its view follows
            self._answer_due = False
            self.app.error(update.text)
            return
        if self._answer_due:  # this seat's move went through
            self._answer_due = False
            self.hud.drop_error()
        # Every change at the table ends a half-made choice and an old hint (sync ends a
        # drag in progress).
        self.clear_selection()
        self.table.clear_highlights("hint")
        fresh = update.kind == "reset" or update.kind == "hello" and update.cursor == 0
        if fresh:
            self.records.new_deal()
            if update.kind == "reset":
                self.hud.message = None  # the last game's words are not this deal's
            self.dealt()
        if not self.client.over:
            self.finished_reported = False  # taken back: a later finish is reported again
        mode = "deal" if fresh else "animate" if update.steps == 1 else "snap"
        self.refresh(mode)
        if update.kind == "play":
            self.app.play_sound("place")
        if self.client.over:
            self.game_over()
        self.autosave()

    def dealt(self) -> None:
        """A new game reached the table (a network table's next match too)."""

    def refresh(self, mode: str = "animate") -> None:
        """Bring the table in line with the seat's view."""
        self.table.sync(self.placements(self.view), mode, origin=self.deal_origin(),
                        stagger=0.012)
        self.after_refresh()

    def after_refresh(self) -> None:
        """Scene-specific updates once the table matches the view (labels, buttons)."""
        self.nav.forget()  # the focus places are worked out afresh when next asked
        for key, enabled in (("undo", self.client.can_undo), ("redo", self.client.can_redo)):
            if any(b.key == key for b in self.hud.buttons):
                self.hud.button(key).enabled = enabled
        if self.deals is not None:
            self.deals.show()

    def game_over(self) -> None:
        if self.finished_reported:
            return
        self.finished_reported = True
        view = self.view
        title, body = self.game_over_message(view)
        ending = self.ending()
        if ending.result == WON:
            self.app.play_sound("win")
        if self.net is not None:  # said with the server's scores when they come
            self.net.end_words = (title, body)
        if self.viewer or ending.result == WATCHED:  # a spectator played no game
            return
        if self.session is None:  # a table held elsewhere: its game counts all the same
            mode = self.rules.mode(self.rules.new_game(0, self.client.config))
            self.records.finished_elsewhere(mode, ending, self.client.outcome,
                                            self.client.cursor)
            return
        title = ending.title(title)
        if not self.demo:
            summary = self.records.finished(self.session.recorder, ending, title,
                                            self.table_facts())
            body = f"{body} {summary}".strip()
            if ending.celebrated:
                self.celebrate(self.celebration_banner(view))
        self.finished(title, body)  # counted and asked now; the show plays over the dialog

    # Where a won game's banner is centred (logical units): a game whose labels lie
    # there moves it.
    banner_at = (DESIGN_W / 2, DESIGN_H * 0.16)

    def own_seat(self) -> int | None:
        """The seat whose ending is the player's (counted, celebrated); None when the
        game is none of theirs (a tournament's computer entrant plays it)."""
        return self.seat

    def ending(self, result: str | None = None) -> Ending:
        """How the game ended for the player's seat (``result``: as the rules have it
        once the game is over), and who played it."""
        mine = self.own_seat()
        seat = self.seat if mine is None else mine
        if result is None:
            outcome = self.client.outcome  # None: a table from before outcomes were sent
            if outcome is not None and not 0 <= seat < len(outcome.results):
                return Ending(seat, WATCHED, frozenset(), players=False)  # a spectator
            result = outcome.result(seat) if outcome is not None else LOST
        return Ending(seat, result, self.records.hands.at(seat), players=mine is not None)

    def celebration_banner(self, view: Any) -> str:
        """The words over the send-off of a game the player won."""
        return "You won!"

    def celebrate(self, banner: str) -> None:
        """The cards leap off the table, over the end dialog until the show is over."""
        cards = [(card_from_uid(p.card), p.x, p.y) for p in
                 sorted(self.placements(self.view), key=lambda p: -p.z)
                 if p.face_up and p.card is not None]
        self.celebration = Celebration(cards, (self.card_w, self.card_h),
                                       seed=self._agent_seed, banner=banner,
                                       banner_at=self.banner_at)

    def finished(self, title: str, body: str) -> None:
        """The game just ended (replay saved): offer a new game, undo or the menu."""
        if self.demo:
            self._demo_wait = DEMO_PAUSE
            return
        self.set_computer(self.seat, False)
        self.hud.ask(_game_over_dialog(self, title, body))

    def new_button(self) -> Button | None:
        """The table's own New button, if it shows one now."""
        return next((b for b in self.hud.buttons if b.key == "new" and b.visible
                     and b.enabled), None)

    def over_words(self) -> str:
        """The status line once the end box is closed: how to go on from the table."""
        new = self.new_button()
        how = f"{new.label} ({new.hotkey.upper()})" if new is not None and new.hotkey \
            else new.label if new is not None else "N"
        return f"The game is over: {how} deals a new one, Menu goes back."

    # -- cards on the table -------------------------------------------------------------

    def expected_card_count(self) -> int:
        """How many cards this game's table holds: every deck, unless its options say
        otherwise."""
        return self.rules.info.decks * 52

    def card_count_problem(self) -> str | None:
        """None when the table holds exactly the cards the view shows, each once; else
        a sentence (the fuzzer checks this after every event)."""
        wanted = self.placements(self.view)
        keys = [p.key for p in wanted]
        if len(set(keys)) != len(keys):
            return f"{self.title}: a table key is used twice"
        if set(keys) != set(self.table.entities):
            missing = set(keys) - set(self.table.entities)
            extra = set(self.table.entities) - set(keys)
            return f"{self.title}: table out of step (missing {sorted(missing)[:4]}, " \
                   f"extra {sorted(extra)[:4]})"
        expected = self.expected_card_count()
        if len(keys) != expected:
            return f"{self.title}: {len(keys)} cards on the table, not {expected}"
        return None

    # -- saving ------------------------------------------------------------------------

    @property
    def autosave_path(self) -> Path:
        return autosave_path(self.app.save_dir, self.game_id)

    def _load_autosave(self) -> Recorder[Any, Any] | None:
        result = storage.read_parsed(
            self.autosave_path, AUTOSAVE_KIND, AUTOSAVE_VERSION,
            lambda data: (data, Recorder.from_json(data.get("replay"), RULES_BY_ID)),
            consequence="a new game is dealt")
        if result.problem:
            self.app.problems.append(result.problem)
        if result.value is None:
            return None
        data, rec = result.value
        if rec.game_id != self.game_id:
            return None
        if not self.restore_extra(data, self.rules.is_over(rec.state)):
            return None
        self.records.record = GameRecord.from_json(data.get("recorded"))
        self.records.hands = SeatHands.from_json(data.get("hands"))
        return rec

    def replay_extra(self) -> dict[str, Any]:
        """Facts about the table a replay keeps in its meta under "table" (who sat where,
        at what level), small JSON, so the viewer shows the seats as they were played."""
        return {}

    def autosave_extra(self) -> dict[str, Any]:
        """More to keep in the autosave besides the game (a tournament in progress)."""
        return {}

    def restore_extra(self, data: dict[str, Any], over: bool) -> bool:
        """Take back what ``autosave_extra`` kept; True when the saved game should be
        resumed. By default a finished game is never offered back."""
        return not over

    def keeps_autosave(self) -> bool:
        """Is there anything worth resuming? (A tournament between two games is.)"""
        return self.recorder is not None and self.recorder.cursor > 0 and not self.client.over

    @property
    def saves_moves(self) -> bool:
        """This table's game is autosaved (not a demo, a replay or another's table)."""
        return not (self.demo or self.viewer or self.session is None)

    def autosave(self) -> None:
        """Written after every move, atomically: a crash or kill -9 loses nothing."""
        if not self.saves_moves:
            return
        assert self.session is not None  # saves_moves says so
        path = self.autosave_path
        try:
            if not self.keeps_autosave():
                path.unlink(missing_ok=True)
            else:
                record = self.records.record
                storage.write_json_atomic(path, {"kind": AUTOSAVE_KIND,
                                                 "version": AUTOSAVE_VERSION,
                                                 "replay": self.session.recorder.to_json(),
                                                 "recorded": record and record.to_json(),
                                                 "hands": self.records.hands.to_json(),
                                                 **self.autosave_extra()})
            self.unsaved = ""
        except OSError as exc:
            self.unsaved = str(exc)
            self.hud.say(f"The game could not be saved: {exc}", error=True)

    def autosave_problem(self) -> str | None:
        """None when the autosave on disk holds this table's game as it stands (or there
        is none, with nothing to resume); else a sentence (the fuzzer asks after every
        move). A save that failed, and said so, is not asked about."""
        if not self.saves_moves or self.unsaved:
            return None
        assert self.session is not None  # saves_moves says so
        recorder = self.session.recorder
        path = self.autosave_path
        if not self.keeps_autosave():
            return f"{path.name} is kept with nothing to resume" if path.exists() else None
        saved = storage.read_json(path, AUTOSAVE_KIND, AUTOSAVE_VERSION).data
        replay = saved.get("replay") if saved is not None else None
        if not isinstance(replay, dict):
            return f"{path.name} is missing or unreadable after move {recorder.cursor}"
        table = recorder.to_json()
        differ = [k for k in ("game", "seed", "config", "moves", "cursor")
                  if replay.get(k) != table[k]]
        return f"{path.name} differs from the table in {', '.join(differ)}" if differ else None

    def emergency_save(self) -> None:
        """Called by the app when a frame failed: keep the game whatever happened."""
        self.autosave()

    def seat_kinds(self) -> list[str] | None:
        """Who sat at each seat: "person" or "computer". Playing: a seat the computer
        made a move at (Auto too), or holds, is the computer's, any other a person's
        (the player, a second player beside them, or across a network). Watching a
        replay: as the replay recorded it (None when it did not, or not readably), so a
        viewer labels seats by what they were."""
        if self.viewer:
            seats = self.recorder.meta.get("seats") if self.recorder is not None else None
            if isinstance(seats, list) and 0 < len(seats) <= 16 \
                    and all(k in (PERSON, COMPUTER) for k in seats):
                return list(seats)
            return None
        return [self.records.hands.kind(seat, seat in self.computers and seat != self.seat)
                for seat in range(self.client.seats)]

    def player_names(self) -> list[str]:
        """Each seat's name for the replay list: the table's names, else "You" for the
        player, the computer's seats "Computer", any other person "Player n"."""
        kinds = self.seat_kinds() or []
        own = self.own_seat()
        return [self.seat_name(seat) or ("Computer" if kind == COMPUTER else
                                         "You" if seat == own else f"Player {seat + 1}")
                for seat, kind in enumerate(kinds)]

    def table_facts(self) -> TableFacts:
        return TableFacts(self.seat_kinds(), self.player_names(), self.replay_extra())

    def _record_finished(self) -> None:
        """A game left unfinished by NEW still counts and goes into the replays (see
        RecordKeeper.abandoned). A game already recorded (it ended, then Undo took the
        end back) keeps its record: it is not counted again."""
        if self.viewer or self.demo or self.session is None or self.finished_reported \
                or self.records.record is not None or self.session.recorder.length == 0:
            return
        self.records.abandoned(self.session.recorder, self.ending(ABANDONED), self.table_facts())

    # -- scene life cycle -------------------------------------------------------------

    def enter(self) -> None:
        self.table.animation_scale = animation_scale(self.app.settings)
        if self.watching:
            self.hud.buttons = self.watcher_bar()
        for button in self.hud.buttons:  # a demo or a replay only watches
            button.visible = self.watching or not (self.demo or self.viewer)
        if self.net is not None:
            self.net.enter()
        if self._fresh_deal:
            self._fresh_deal = False
            self.app.play_sound("shuffle")
            self.refresh("deal")
            self.ask_for_mouse()
            self.autosave()
        else:
            self.refresh("snap")

    def exit(self) -> None:
        if self.net is not None:
            self.net.leave()
        self.autosave()
        for computer in self.computers.values():
            computer.close()
        self.jobs.close()
        self.table.close()

    # -- the Mouse option (Yes / No / Ask) ------------------------------------------------

    def ask_for_mouse(self) -> None:
        """With Mouse set to Ask, each new game starts by asking."""
        if self.app.settings.input_mode != "ask" or self.demo or self.viewer:
            return

        def choose(choice: str) -> None:
            self.mouse_on = choice == "yes"

        self.hud.ask(Dialog("Mouse", "Play this game with the mouse?",
                            [("yes", "Yes", "y"), ("no", "No", "n")], choose,
                            cancel_key="yes"))

    def human_for(self, action: Action) -> HumanSeat | None:
        """The person at this machine an action comes from (None: a device no seat has)."""
        return next((h for h in self.humans if h.owns(action.device, action.pad)), None)

    def handle(self, action: Action) -> None:
        if action.device == "mouse":
            self.nav.shown = False  # the first arrow or Select after it shows it again
        if self.demo and not self.viewer and self._stops_demo(action):
            self.app.pop()  # attract mode: any key, click or button ends the show
            return
        if self.celebration is not None and self._stops_demo(action):
            self.celebration = None  # any key, click or button: on to the end dialog
            return
        if self._show_grace > 0 and self._stops_demo(action):
            return  # meant for the show that has just ended by itself
        if action.device == "mouse" and not self.mouse_on:
            return
        if self.human_for(action) is None:
            return
        if self.net is not None and self.net.handle(action):
            return
        super().handle(action)
        self.nav.forget()  # what the action changed (a card picked up: empty piles take it)

    @staticmethod
    def _stops_demo(action: Action) -> bool:
        return action.kind not in (Act.POINTER_MOVE, Act.WHEEL, Act.POINTER_UP)

    def layout(self, vp: Viewport) -> None:
        self.table.set_view(vp, self.app.card_art(self.card_w, vp))
        self.nav.forget()

    def settings_changed(self) -> None:
        self.mouse_on = True
        self.table.animation_scale = animation_scale(self.app.settings)
        self.table.set_view(self.viewport, self.app.card_art(self.card_w, self.viewport))
        self.app.refresh_background()

    def update(self, dt: float) -> None:
        if self.net is not None:
            self.net.update()
        super().update(dt)
        self.table.update(dt)
        if self._flash_left > 0:
            self._flash_left -= dt
            if self._flash_left <= 0:
                self.table.clear_highlights("error")
        if self.celebration is not None:
            if not self.table.animating:  # the winning move lands first
                self.celebration.update(dt)
            if self.celebration.done:
                self.celebration = None
                self._show_grace = SHOW_GRACE_SECONDS
            return
        self._show_grace = max(0.0, self._show_grace - dt)
        if self.demo and self.over and not self.viewer:
            self._demo_wait -= dt
            if self._demo_wait <= 0:
                self.new_game()
            return
        if (self.computers and not self.over and not self.table.animating
                and self.computers_may_act()):
            acting = [c for c in self.computers.values() if c.client.acting]
            if acting:
                self._computers_move(acting, dt)
            else:  # the pause before a computer's move starts when its turn comes (a
                # person's long drag used it up, and the answer came the frame after)
                self._ai_wait = ai_delay(self.app.settings)

    def _computers_move(self, acting: list[ComputerSeat], dt: float) -> None:
        """Each acting computer thinks from the start of its turn; the first with its
        move ready plays it once the pause is over."""
        self._ai_wait -= dt
        for computer in acting:
            move = computer.poll()
            if move is not None and self._ai_wait <= 0:
                self._ai_wait = ai_delay(self.app.settings)
                computer.client.submit(move)
                self.records.hands.note(computer.client.seat, COMPUTER)
                return

    def computers_may_act(self) -> bool:
        """Whether the computer seats' clock runs: not while a question box is open (a
        Race went on behind "New game?"); a game also holds it while a person has
        something of its own to read first (its notices)."""
        return self.hud.dialog is None

    def draw_items(self, alpha: float) -> list[DrawItem]:
        framed = self.show_focus and self.hud.dialog is None and self.celebration is None
        if framed:  # (a hidden focus is found again by the press that shows it)
            self.follow_focus()
        # the frame is the focus's one mark: a button keeps its own ring out of it
        items = self.table.draw_items(alpha) + self.extra_items() + self.hud.draw_items(
            self.viewport, self.show_focus and not framed)
        if framed:
            items += self.nav.frame_items(self.viewport, self.focus)
        if self.celebration is not None and self.celebration.clock > 0:
            items += self.celebration.draw_items(self.viewport, self.table.art.face,
                                                 lambda: self._table_picture(alpha))
        if self.net is not None:
            items += self.net.draw_items()
        if self.demo and not self.viewer:
            vp = self.viewport
            image = text_image(vp, DEMO_BANNER, 30, GOLD, bold=True)
            x, y = vp.to_px(DESIGN_W - 60, DESIGN_H - 70)
            items.append(DrawItem(("demo",), image, (x - image.get_width(), y), UI_Z))
        return items

    def _table_picture(self, alpha: float) -> pygame.Surface:
        """The table alone (felt, cards, labels; no buttons) as one picture."""
        vp = self.viewport
        picture = self.background(vp).copy()
        items = sorted(self.table.draw_items(alpha) + self.extra_items(), key=lambda i: i.z)
        picture.fblits([(item.image, item.pos) for item in items])
        return picture

    def label_pile(self, surface: pygame.Surface, text: str, pos: tuple[float, float],
                   above: float, size: float = 26) -> None:
        """Write a pile's name centred over the card at ``pos`` (its top left), ``above``
        logical units higher, onto the table's background."""
        vp = self.viewport
        image = text_image(vp, text, size, MUTED, bold=True)
        x, y = vp.to_px(pos[0] + self.card_w / 2, pos[1] - above)
        surface.blit(image, (x - image.get_width() // 2, y))

    def extra_items(self) -> list[DrawItem]:
        """Labels and markers the game draws on the table."""
        return []

    # -- commands every game has -------------------------------------------------------

    def press(self, key: str) -> None:
        self.app.play_sound("button")
        if self.game_command(key):
            return
        if key == "new":
            if self.over:  # nothing to abandon
                self.deal_again()
            else:
                confirm(self.hud, "New game", "Abandon this game and deal a new one?",
                        self.deal_again)
        elif key == "undo":
            self.undo()
        elif key == "redo":
            self.redo()
        elif key in ("config", "help"):
            self.open_page(key)
        elif key == "chat" and self.net is not None:
            self.net.open_chat(self.app.input.last_device)
        elif key in ("menu", "leave") and self.net is not None:
            self.net.ask_leave()
        elif key == "menu":
            self.app.pop()
        elif key == DEAL_MENU and self.deals is not None:
            self.deals.open()
        elif key == "quit":
            confirm(self.hud, "Quit", "Leave the parlour? Your game is saved.", self.app.quit)

    # -- input ----------------------------------------------------------------------------

    def handle_game(self, action: Action) -> None:
        kind = action.kind
        if kind == Act.POINTER_DOWN and action.pos is not None:
            if action.button == 1:
                self.table.pointer_down(action.pos)
            elif action.button == 3:
                self.right_click()
        elif kind == Act.POINTER_MOVE and action.pos is not None:
            self.table.pointer_move(action.pos)
            over = self.table.hit_test(action.pos, exclude=self.table.dragged_keys)
            self.app.set_cursor("hand" if over or self.hud.hover else "arrow")
            self._light_drop_target(over)
        elif kind == Act.POINTER_UP and action.pos is not None and action.button == 1:
            gesture = self.table.pointer_up(action.pos)
            self.table.clear_highlights("drop")
            if gesture is not None and gesture.kind == "click":
                self.on_click(gesture.key, action.pos)
            elif gesture is not None and gesture.kind == "drop" and gesture.key is not None:
                self.on_drop(gesture.key, gesture.target)
        elif kind in FOCUS_ACTS:
            self.follow_focus()
            if not self.nav.shown:  # the first press after the mouse shows where it is
                self.nav.shown = True
            elif kind != Act.SELECT:
                self.step_focus(kind)
            else:
                if self.table.animating:
                    self.table.finish_animations()
                if isinstance(self.focus, tuple):
                    self.press(self.focus[1])
                elif self.focus is not None:
                    self.activate(self.focus)
        elif kind == Act.SECONDARY:
            self.on_secondary()
        elif kind in (Act.HINT, Act.MENU, Act.HELP):
            self.press(kind.value)
        elif kind == Act.DEALS:
            self.press(DEAL_MENU)
        elif kind == Act.UNDO:
            self.undo()
        elif kind == Act.REDO:
            self.redo()
        elif kind == Act.CANCEL:  # puts down what is held, else back to the menu
            if self.table.dragging is not None or self.has_selection():
                self.table.cancel_drag()
                self.clear_selection()
            else:
                self.press("menu")
        elif kind == Act.KEY:
            if not self.on_key(action.key) and action.key == "n" and self.over \
                    and not self.viewer and self.new_button() is None:
                self.press("new")  # a finished game with no New button: N deals again

    @property
    def show_focus(self) -> bool:
        return (self.watching or not self.viewer) and self.nav.shown

    def _light_drop_target(self, over: str | None) -> None:
        self.table.clear_highlights("drop")
        dragged = self.table.dragging
        if dragged is not None and over is not None and self.can_drop(dragged, over):
            self.table.set_highlight(over, "drop")

    # -- focus (keyboard / pad): the part is game.engine.table_focus --------------------

    def focus_places(self) -> Places:
        """Everywhere the keyboard and pad focus may rest now: the buttons, the cards
        that take a click, and the empty places ``zone_place`` offers."""
        places = button_places(self.hud.buttons)
        places.update(card_places(self.table, self.interactive_keys()))
        for name, rect in self.table.zones.items():
            place = self.zone_place(name, rect)
            if place is not None:
                places[name] = place
        return places

    def zone_place(self, name: str, rect: pygame.Rect) -> Place | None:
        """Where the focus rests on the zone ``name`` (``rect``: its drop area): where
        its pile would grow. None when the zone takes nothing now."""
        return None

    def focus_targets(self) -> dict[object, tuple[float, float]]:
        return {key: place.rect.center for key, place in self.nav.places().items()}

    def move_focus(self, current: object, direction: Act) -> object | None:
        return self.nav.move(current, direction)

    def set_focus(self, target: object | None) -> None:
        """The player (or the game) puts the focus on ``target``: it stays there."""
        self.nav.want(target)
        super().set_focus(target)

    def follow_focus(self) -> None:
        """The focus on the place the player left it, or while that is gone (a card
        played from it, a button hidden while the dealer thinks) on the one nearest."""
        key = self.nav.current()
        if key != self.focus:
            super().set_focus(key)


def _game_over_dialog(scene: CardGameScene, title: str, body: str) -> Dialog:
    """The end box: a new game, the replay, Undo (only where the last move can be
    taken back) or the menu. Esc / pad B just close it and leave the finished table to
    look at; the status line then says how to go on."""
    def choose(choice: str) -> None:
        if choice == "new":
            scene.deal_again()  # the game's own New (Chinese Poker asks who sits where)
        elif choice == "replay":
            scene.hud.ask(_game_over_dialog(scene, title, body))  # still here on return
            scene.open_page("replay")
        elif choice == "undo":
            scene.undo()
        elif choice == "menu":
            scene.app.pop()
        elif choice == "close":
            scene.hud.say(scene.over_words(), seconds=OVER_WORDS_SECONDS)

    table_new = scene.new_button()  # its words: "New session" where a session ended
    buttons = [("new", table_new.label if table_new is not None else "New game", "n")]
    if scene.records.last_replay is not None:
        buttons.append(("replay", "Watch replay", "w"))
    if scene.client.can_undo:
        buttons.append(("undo", "Undo", "u"))
    buttons.append(("menu", "Menu", "m"))
    return Dialog(title, body, buttons, choose, cancel_key="close", kind="Game over")


def zone_rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
    return pygame.Rect(round(x), round(y), round(w), round(h))
