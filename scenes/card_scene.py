"""What every card game's scene shares: a seat at a session drawn on a card table,
focus presses routed to the game, and the commands every game has (new, undo, redo,
help, settings, menu, quit). The rest is in parts the scene composes, each with its
own job and interface:

- ``records`` (game_record.RecordKeeper) and ``saves`` (table_records.TableRecords):
  the autosave after every move and the resume, the replay and statistics of a game;
- ``computer_seats`` (computer_seats.ComputerSeats): the computer's seats (demo, Auto,
  opponents), the pause before their moves, the demo's next deal;
- ``nav`` (table_focus.TableFocus, with ``reveal``, focus_reveal.FocusReveal): where the
  keyboard and pad focus may rest, where an arrow takes it, its frame;
- ``pointer`` (pointer_play.PointerPlay): mouse gestures, the right button, Mouse: Ask;
- ``end`` (game_end.GameEnd): how a game ended, the celebration, the end box;
- ``net`` (net_play.NetPlay): a network table's connection, names and chat.

A scene sees only its seat's observation (``self.view``) and legal moves, through a
``SeatClient``; it never holds the rules state. A game's scene supplies the mapping:
observation -> placements, and clicks, drops and keys -> moves. The rules decide
everything else.

The hooks a game scene overrides, and when each is called:

- Construction: ``_pick_seed`` (the deal to ask for), and with a save to resume,
  ``restore_extra`` (its own part of the save; False: deal afresh).
- ``enter`` (top of the stack): a fresh deal plays ``refresh("deal")``, else
  ``refresh("snap")``. ``layout`` when the window changes; ``settings_changed``.
- Each change at the table (``_on_update``, from the seat's client): ``clear_selection``;
  on a new deal ``dealt``; then ``refresh`` -> ``placements`` and ``deal_origin``, then
  ``after_refresh``; when the game is over ``game_over`` (below); then the autosave
  (``keeps_autosave``, ``autosave_extra``).
- Input (``handle``): pointer gestures end in ``on_click`` / ``on_drop`` (``can_drop``
  while dragging lights a target); right-click asks ``secondary_question`` then
  ``on_secondary``; a focus press (arrows, Select) moves over ``focus_places`` (built
  from ``interactive_keys`` and ``zone_place``) and Select calls ``activate`` or
  ``press``; a character key goes to ``on_key``; Cancel puts down what
  ``has_selection`` says is held; a button or hotkey calls ``press``, which asks
  ``game_command`` first, ``open_page`` for settings and help, ``deal_again`` for New.
- Each frame (``update``): the computer seats move while ``computers_may_act``; drawing
  (``draw_items``) adds ``extra_items``.
- A move refused: ``refused_cards`` flash.
- The game over, once per finish (``game_over``): ``game_over_message``, ``own_seat``
  (whose ending counts), ``replay_extra``, ``seat_kinds`` and ``player_names`` for the
  records, ``celebration_banner`` for a win, then ``finished`` (opens the end box);
  closing that box says ``over_words``. New and Undo call ``new_game`` / ``undo``.
- ``expected_card_count`` is asked by the fuzzer's card count check.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Generic

import pygame

from game import seeds
from game.engine.actions import Act, Action
from game.engine.celebration import Celebration
from game.engine.components import Placement
from game.engine.deal_menu import KEY as DEAL_MENU
from game.engine.deal_menu import DealMenu
from game.engine.focus import Place, Places
from game.engine.focus_reveal import FocusReveal
from game.engine.game_record import PERSON, Ending, RecordKeeper
from game.engine.jobs import Background
from game.engine.layout import DESIGN_H, DESIGN_W, Viewport
from game.engine.net_table import NetworkTable
from game.engine.pointer_play import PointerPlay
from game.engine.render import DrawItem
from game.engine.scene import Scene
from game.engine.seats import ComputerSeat, HumanSeat
from game.engine.table import CardTable
from game.engine.table_focus import TableFocus, button_places, card_places
from game.engine.ui import GOLD, MUTED, UI_Z, Button, confirm, text_image
from game.engine.widgets import command_bar
from game.replay.recorder import Recorder
from game.rules.base import IllegalMove, ModuleRules
from game.rules.registry import GAME_BY_ID, GameEntry
from game.session import Move, SeatClient, Session, Update, View
from game.settings import animation_scale
from scenes.computer_seats import ComputerSeats
from scenes.game_end import GameEnd
from scenes.net_play import NetPlay
from scenes.table_records import TableRecords

if TYPE_CHECKING:
    from game.engine.app import App

DEMO_BANNER = "Demo \u00b7 any key or click ends the show"  # and back to the menu
FLASH_SECONDS = 0.6  # a refused card's red ring: seen with error messages and sound off
WATCH_COMMANDS = [("leave", "Leave", "l"), ("help", "? Help", "?"), ("menu", "Menu", "m")]
FOCUS_ACTS = (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT, Act.SELECT)


class CardGameScene(Scene, Generic[View, Move]):
    """Generic over its game's view and move types: ``self.view`` is the game's view,
    and ``play`` takes only the game's moves."""

    game_id: str  # the registry entry this scene plays
    seat = 0  # the seat drawn at the bottom of the screen
    card_w = 128.0
    card_h = 179.2
    config: dict[str, Any] = {}
    bar: dict[str, Any] = {}  # where the game's command_bar goes (its defaults: none)

    def __init__(self, app: App, seed: int | None = None, demo: bool = False,
                 resume: bool = True, recorder: Recorder[Any, Move] | None = None,
                 client: SeatClient[View, Move] | None = None,
                 net: NetworkTable | None = None) -> None:
        """``demo``: attract mode, the computer plays deal after deal and any input
        stops it. ``recorder``: a viewer over an existing log (replays): no autosave,
        no dialogs. ``client``: a seat at a table held elsewhere; ``net``: that table is
        across the network (its connection, names and chat)."""
        super().__init__(app)
        # Keyboard and pad players see a frame on the place they act on (a pad player
        # from the start; the keyboard's first arrow shows it: hotkeys need none).
        self.reveal = FocusReveal(app.input.last_device == "pad")
        self.nav = TableFocus(self.focus_places, self.reveal)
        if client is not None:
            self.seat = client.seat
        self.net = NetPlay(self, net) if net is not None else None
        self.entry: GameEntry = GAME_BY_ID[self.game_id]
        self.rules: ModuleRules[Any, Move] = self.entry.built_rules
        self.demo = demo
        self.viewer = recorder is not None or (client is not None and client.watching)
        # The names at a network table's seats, when watching its replay (else the lobby
        # names them, or the game itself): set by the replay viewer.
        self.table_names: tuple[str, ...] = ()
        self.table = CardTable(self.card_w, self.card_h, seed=seed or 0)
        self.jobs = Background()  # computer players and solvers think off the frame loop
        # People at this machine; two sharing the screen (race modes) each get a device.
        self.humans: list[HumanSeat] = [HumanSeat(self.seat)]
        self._flash_left = 0.0  # seconds the refused cards stay ringed in red
        self.finished_reported = False
        self._answer_due = False  # this seat's move is on its way to the table
        self.records = RecordKeeper(self.game_id, app.save_dir,
                                    lambda text: self.hud.say(text, error=True))
        self.saves = TableRecords(self)
        self.pointer = PointerPlay(self)
        self.session: Session | None = None
        self._fresh_deal = False
        if client is None:
            if resume and seed is None and not demo and recorder is None:
                recorder = self.saves.load()
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
        self.client: SeatClient[View, Move] = client
        self.finished_reported = client.over and not self.viewer
        agent_seed = seed if seed is not None else seeds.fresh()
        self.computer_seats = ComputerSeats(self, agent_seed)
        self.end = GameEnd(self, agent_seed)
        client.add_listener(self._on_update)
        if demo:
            self.set_computer(self.seat, True)
        self.deals = DealMenu(self.hud, self.deal_number, self.play_deal,
                              lambda: self.client.cursor > 0 and not self.over) \
            if self.entry.numbered_deals else None

    # -- hooks for each game ------------------------------------------------------------

    def placements(self, view: View) -> list[Placement]:
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

    def game_over_message(self, view: View) -> tuple[str, str]:
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
    def view(self) -> View:
        """What this scene's seat may see (computed once per position), as its game's
        view type: mypy checks every field a scene reads."""
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
    def recorder(self) -> Recorder[Any, Move] | None:
        return self.session.recorder if self.session is not None else None

    @property
    def over(self) -> bool:
        return self.client.over

    def legal(self, move: Move) -> bool:
        return self.client.check(move) is None

    def play(self, move: Move) -> bool:
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

    def refused_cards(self, move: Move) -> tuple[str, ...]:
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
        """Hand ``seat`` to the computer (demo, Auto, a computer opponent) or take it back."""
        self.computer_seats.set(seat, on, agent)

    @property
    def computers(self) -> dict[int, ComputerSeat]:
        """The seats the computer holds now."""
        return self.computer_seats.by_seat

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
        self.saves.left()
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
        self.pointer.ask()
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

    def adopt_recorder(self, recorder: Recorder[Any, Move]) -> None:
        """Carry on from another log (a restored save) at the table this scene hosts."""
        self.saves.left()
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

    # -- the end of a game: the part is scenes.game_end ----------------------------

    def game_over(self) -> None:
        self.end.game_over()

    # Where a won game's banner is centred (logical units): a game whose labels lie
    # there moves it.
    banner_at = (DESIGN_W / 2, DESIGN_H * 0.16)

    @property
    def celebration(self) -> Celebration | None:
        """The show over a won game, while it plays."""
        return self.end.celebration

    def own_seat(self) -> int | None:
        """The seat whose ending is the player's (counted, celebrated); None when the
        game is none of theirs (a tournament's computer entrant plays it)."""
        return self.seat

    def ending(self, result: str | None = None) -> Ending:
        """How the game ended for the player's seat (see GameEnd.ending)."""
        return self.end.ending(result)

    def celebration_banner(self, view: View) -> str:
        """The words over the send-off of a game the player won."""
        return "You won!"

    def finished(self, title: str, body: str) -> None:
        """The game just ended (replay saved): offer a new game, undo or the menu."""
        if self.demo:
            self.computer_seats.demo_over()
            return
        self.set_computer(self.seat, False)
        self.hud.ask(self.end.box(title, body))

    def new_button(self) -> Button | None:
        """The table's own New button, if it shows one now."""
        return self.end.new_button()

    def over_words(self) -> str:
        """The status line once the end box is closed: how to go on from the table."""
        return self.end.over_words()

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

    # -- saving: the part is scenes.table_records ----------------------------------

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

    def autosave(self) -> None:
        """Written after every move, atomically: a crash or kill -9 loses nothing."""
        self.saves.save()

    def autosave_problem(self) -> str | None:
        """None when the autosave on disk holds the game as it stands (the fuzzer asks)."""
        return self.saves.problem()

    def emergency_save(self) -> None:
        """Called by the app when a frame failed: keep the game whatever happened."""
        self.autosave()

    def seat_kinds(self) -> list[str] | None:
        """Who sat at each seat: "person" or "computer". Playing: a seat the computer
        made a move at (Auto too), or holds, is the computer's, any other a person's
        (the player, a second player beside them, or across a network). Watching a
        replay: as the replay recorded it (None when it did not, or not readably), so a
        viewer labels seats by what they were."""
        return self.saves.seat_kinds(set(self.computers))

    def player_names(self) -> list[str]:
        """Each seat's name for the replay list (see TableRecords.player_names)."""
        return self.saves.player_names()

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
            self.pointer.ask()
            self.autosave()
        else:
            self.refresh("snap")

    def exit(self) -> None:
        if self.net is not None:
            self.net.leave()
        self.autosave()
        self.computer_seats.close()
        self.jobs.close()
        self.table.close()

    # -- input ----------------------------------------------------------------------------

    def human_for(self, action: Action) -> HumanSeat | None:
        """The person at this machine an action comes from (None: a device no seat has)."""
        return next((h for h in self.humans if h.owns(action.device, action.pad)), None)

    def handle(self, action: Action) -> None:
        if action.device == "mouse":
            self.reveal.hide()  # the first arrow or Select after it shows it again
        if self.demo and not self.viewer and self._stops_demo(action):
            self.app.pop()  # attract mode: any key, click or button ends the show
            return
        if self.end.catches(action):  # ends the show, or was meant for it
            return
        if self.pointer.ignores(action):
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
        self.pointer.mouse_on = True
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
        if not self.end.update(dt, self.table.animating):  # the winning move lands first
            self.computer_seats.update(dt, self.table.animating)

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
        items += self.end.draw_items(self.viewport, self.table.art.face,
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
        picture = self.background(vp)  # the scene's own (a felt copy): 133 MB at 8K, once
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

    def handle_game(self, action: Action) -> None:
        kind = action.kind
        if self.pointer.handle(action):
            return
        if kind in FOCUS_ACTS:
            self.follow_focus()
            if self.reveal.first_press():  # the first press after the mouse shows it
                return
            if kind != Act.SELECT:
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
        return (self.watching or not self.viewer) and self.reveal.shown

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

    def focus_hint(self, target: object) -> None:
        """A hint's card or place takes a keys or pad player's focus, so A or Enter
        acts there at once (the mouse player has the ring to aim at)."""
        if self.show_focus and target in self.focus_places():
            self.set_focus(target)

    def follow_focus(self) -> None:
        """The focus on the place the player left it, or while that is gone (a card
        played from it, a button hidden while the dealer thinks) on the one nearest."""
        key = self.nav.current()
        if key != self.focus:
            super().set_focus(key)


def zone_rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
    return pygame.Rect(round(x), round(y), round(w), round(h))
