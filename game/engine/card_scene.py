"""What every card game's scene shares: a recorder driving a card table, pointer
gestures and focus movement routed to the game, undo/redo, autosave and resume,
a computer player for demo runs, and the game-over dialog.

A game's scene supplies the mapping only: state -> placements, and clicks, drops
and keys -> moves. The rules decide everything else.
"""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

import pygame

from game import storage
from game.engine.actions import Act, Action
from game.engine.components import Placement
from game.engine.render import DrawItem
from game.engine.scene import Scene
from game.engine.table import CardTable
from game.engine.ui import Dialog
from game.replay.recorder import CursorChange, Recorder, ReplayError
from game.rules.base import IllegalMove
from game.rules.registry import RULES_BY_ID
from game.settings import ai_delay, animation_scale

AUTOSAVE_KIND = "autosave"
AUTOSAVE_VERSION = 1


class CardGameScene(Scene):
    rules: Any  # the game's Rules object
    card_w = 128.0
    card_h = 179.2
    config: dict[str, Any] = {}

    def __init__(self, app, seed: int | None = None, demo: bool = False,  # noqa: ANN001
                 resume: bool = True, recorder: Recorder | None = None) -> None:
        """``recorder`` given: a viewer over an existing log (replays): no autosave,
        no dialogs, no replay written."""
        super().__init__(app)
        self.demo = demo
        self.viewer = recorder is not None
        self.table = CardTable(self.card_w, self.card_h, seed=seed or 0)
        self._ai_wait = 0.0
        self.recorder: Recorder | None = recorder
        self.finished_reported = False
        self.mouse_on = app.settings.input_mode != "keyboard"
        if resume and seed is None and not demo and recorder is None:
            self.recorder = self._load_autosave()
        if self.recorder is None:
            self.recorder = Recorder(self.rules, self._pick_seed(seed), self.config)
            self._fresh_deal = True
        elif self.viewer:
            self._fresh_deal = self.recorder.cursor == 0
        else:
            self._fresh_deal = False
            self.hud.say("Welcome back: your last game has been restored.")
        self.recorder.add_listener(self._on_change)

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
        """Right-click / pad X."""

    def on_key(self, key: str) -> bool:
        """A character key the buttons did not take; True when used."""
        return False

    def activate(self, target: object) -> None:
        """SELECT pressed while the focus cursor is on a card or zone."""
        self.on_click(target if isinstance(target, str) else None, (0.0, 0.0))

    def computer_move(self, state: Any) -> Any | None:
        """The move the computer plays in demo mode (None: nothing to do)."""
        return None

    def game_over_message(self, view: Any) -> tuple[str, str]:
        return "Game over", ""

    def clear_selection(self) -> None:
        """Forget a half-made choice (a first card picked)."""

    def interactive_keys(self) -> list[str]:
        return [k for k in self.table.entities if self.table.placement(k).interactive]

    # -- game flow -------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.recorder.state

    @property
    def view(self) -> Any:
        return self.rules.observe(self.recorder.state, 0)

    def _pick_seed(self, seed: int | None) -> int:
        return seed if seed is not None else random.SystemRandom().randrange(2**31)

    def new_game(self, seed: int | None = None) -> None:
        self._record_finished()
        self.clear_selection()
        self.finished_reported = False
        self.hud.dialog = None
        self.recorder.reset(self._pick_seed(seed), self.config)
        self.app.play_sound("shuffle")
        self.ask_for_mouse()

    def adopt_recorder(self, recorder: Recorder) -> None:
        """Carry on from another log (a restored save)."""
        self._record_finished()
        self.clear_selection()
        self.finished_reported = False
        self.recorder.remove_listener(self._on_change)
        self.recorder = recorder
        recorder.add_listener(self._on_change)
        self.refresh("deal" if recorder.cursor == 0 else "snap")

    def play(self, move: Any) -> bool:
        """Apply a move through the recorder; an illegal one beeps and says why."""
        try:
            self.recorder.play(move)
        except IllegalMove as exc:
            self.app.error(exc.reason)
            return False
        return True

    def undo(self) -> None:
        self.clear_selection()
        if not self.recorder.undo():
            self.app.error("Nothing to undo." if self.recorder.cursor == 0
                           else "That move cannot be taken back.")

    def redo(self) -> None:
        self.clear_selection()
        if not self.recorder.redo():
            self.app.error("Nothing to redo.")

    def _on_change(self, change: CursorChange) -> None:
        mode = {"reset": "deal", "seek": "snap"}.get(change.kind, "animate")
        if change.kind == "seek" and abs(change.new_cursor - change.old_cursor) == 1:
            mode = "animate"
        self.refresh(mode)
        if change.kind == "play":
            self.app.play_sound("place")
        if self.rules.is_over(change.new_state):
            self.game_over()

    def refresh(self, mode: str = "animate") -> None:
        """Bring the table in line with the recorder's state."""
        self.table.sync(self.placements(self.view), mode, origin=self.deal_origin(),
                        stagger=0.012)
        self.after_refresh()

    def after_refresh(self) -> None:
        """Scene-specific updates once the table matches the state (labels, buttons)."""

    def game_over(self) -> None:
        if self.finished_reported:
            return
        self.finished_reported = True
        view = self.view
        title, body = self.game_over_message(view)
        if getattr(view, "won", False):
            self.app.play_sound("win")
        if self.viewer:
            return
        self._save_replay(title)
        self.finished(title, body)

    def finished(self, title: str, body: str) -> None:
        """The game just ended (replay saved): offer a new game, undo or the menu."""
        if not self.demo:
            self.hud.ask(_game_over_dialog(self, title, body))

    # -- recording ----------------------------------------------------------------------

    @property
    def autosave_path(self):  # noqa: ANN201
        return self.app.save_dir / f"autosave-{self.rules.game_id}.json"

    def _load_autosave(self) -> Recorder | None:
        result = storage.read_json(self.autosave_path, AUTOSAVE_KIND, AUTOSAVE_VERSION,
                                   consequence="a new game is dealt")
        if result.problem:
            self.app.problems.append(result.problem)
        if result.data is None:
            return None
        try:
            rec = Recorder.from_json(result.data.get("replay"), RULES_BY_ID)
        except ReplayError as exc:
            target = storage.set_aside(self.autosave_path)
            self.app.problems.append(f"The saved game could not be resumed ({exc}); it has been "
                                     f"set aside as {target.name} and a new game is dealt.")
            return None
        if rec.game_id != self.rules.game_id or self.rules.is_over(rec.state):
            return None
        self.restore_extra(result.data)
        return rec

    def autosave_extra(self) -> dict[str, Any]:
        """More to keep in the autosave besides the game (a tournament in progress)."""
        return {}

    def restore_extra(self, data: dict[str, Any]) -> None:
        """Take back what ``autosave_extra`` kept; called before the scene is shown."""

    def autosave(self) -> None:
        if self.demo or self.viewer:
            return
        path = self.autosave_path
        try:
            if self.recorder.cursor == 0 or self.rules.is_over(self.recorder.state):
                path.unlink(missing_ok=True)
            else:
                storage.write_json_atomic(path, {"kind": AUTOSAVE_KIND,
                                                 "version": AUTOSAVE_VERSION,
                                                 "replay": self.recorder.to_json(),
                                                 **self.autosave_extra()})
        except OSError as exc:
            self.app.problems.append(f"The game could not be saved: {exc}")

    def _save_replay(self, result: str) -> None:
        if self.recorder.length == 0:
            return
        self.recorder.meta.update({"date": datetime.now().isoformat(timespec="seconds"),
                                   "result": result})
        try:
            storage.write_replay(storage.replay_dir(self.app.save_dir), self.recorder.to_json())
        except OSError as exc:
            self.hud.say(f"The replay could not be saved: {exc}", error=True)

    def _record_finished(self) -> None:
        """A game left unfinished by NEW still goes into the replays."""
        if self.recorder.length and not self.finished_reported and not self.viewer:
            self._save_replay("abandoned")

    # -- scene life cycle -------------------------------------------------------------

    def enter(self) -> None:
        self.table.animation_scale = animation_scale(self.app.settings)
        if self._fresh_deal:
            self._fresh_deal = False
            self.app.play_sound("shuffle")
            self.refresh("deal")
            self.ask_for_mouse()
        else:
            self.refresh("snap")

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

    def handle(self, action: Action) -> None:
        if action.device == "mouse" and not self.mouse_on:
            return
        super().handle(action)

    def exit(self) -> None:
        self.autosave()
        self.table.close()

    def layout(self, vp) -> None:  # noqa: ANN001
        self.table.set_view(vp, self.app.card_art(self.card_w))

    def settings_changed(self) -> None:
        self.mouse_on = self.app.settings.input_mode != "keyboard"
        self.table.animation_scale = animation_scale(self.app.settings)
        self.table.set_view(self.app.viewport, self.app.card_art(self.card_w))
        self.app.refresh_background()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.table.update(dt)
        if self.demo and not self.rules.is_over(self.state) and not self.table.animating:
            self._ai_wait -= dt
            if self._ai_wait <= 0:
                self._ai_wait = ai_delay(self.app.settings)
                move = self.computer_move(self.state)
                if move is not None:
                    self.play(move)

    def draw_items(self, alpha: float) -> list[DrawItem]:
        self._show_focus_highlight()
        return self.table.draw_items(alpha) + self.extra_items() + super().draw_items(alpha)

    def extra_items(self) -> list[DrawItem]:
        """Labels and markers the game draws on the table."""
        return []

    # -- input ----------------------------------------------------------------------------

    def handle_game(self, action: Action) -> None:
        kind = action.kind
        if kind == Act.POINTER_DOWN and action.pos is not None:
            if action.button == 1:
                self.table.pointer_down(action.pos)
            elif action.button == 3:
                self.table.cancel_drag()
                self.on_secondary()
        elif kind == Act.POINTER_MOVE and action.pos is not None:
            self.table.pointer_move(action.pos)
            over = self.table.hit_test(action.pos, exclude=self.table.dragging)
            self.app.set_cursor("hand" if over or self.hud.hover else "arrow")
            self._light_drop_target(over)
        elif kind == Act.POINTER_UP and action.pos is not None and action.button == 1:
            gesture = self.table.pointer_up(action.pos)
            self.table.clear_highlights("drop")
            if gesture is not None and gesture.kind == "click":
                self.on_click(gesture.key, action.pos)
            elif gesture is not None and gesture.kind == "drop":
                self.on_drop(gesture.key, gesture.target)
        elif kind in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT):
            self.step_focus(kind)
        elif kind == Act.SELECT:
            if self.table.animating:
                self.table.finish_animations()
            if self.focus is None:
                self.step_focus(Act.DOWN)
            elif isinstance(self.focus, tuple):
                self.press(self.focus[1])
            else:
                self.activate(self.focus)
        elif kind == Act.SECONDARY:
            self.on_secondary()
        elif kind in (Act.HINT, Act.MENU, Act.HELP):
            self.press(kind.value)
        elif kind == Act.UNDO:
            self.undo()
        elif kind == Act.REDO:
            self.redo()
        elif kind == Act.CANCEL:
            self.table.cancel_drag()
            self.clear_selection()
        elif kind == Act.KEY:
            self.on_key(action.key)

    @property
    def show_focus(self) -> bool:
        return not self.viewer and super().show_focus

    def _light_drop_target(self, over: str | None) -> None:
        self.table.clear_highlights("drop")
        dragged = self.table.dragging
        if dragged is not None and over is not None and self.can_drop(dragged, over):
            self.table.set_highlight(over, "drop")

    def focus_targets(self) -> dict[object, tuple[float, float]]:
        targets = super().focus_targets()
        for key in self.interactive_keys():
            rect = self.table.card_rect(key)
            targets[key] = (rect.centerx, rect.centery)
        for name, rect in self.table.zones.items():
            if self.zone_focusable(name):
                targets[name] = (rect.centerx, rect.centery)
        return targets

    def zone_focusable(self, name: str) -> bool:
        return False

    def _show_focus_highlight(self) -> None:
        self.table.clear_highlights("focus")
        if not self.show_focus or self.focus is None or isinstance(self.focus, tuple):
            return
        if self.focus not in self.focus_targets():
            self.set_focus(self.move_focus(None, Act.DOWN))
        if isinstance(self.focus, str) and self.focus in self.table.entities:
            if self.focus not in self.table.highlighted("selected"):
                self.table.set_highlight(self.focus, "focus")


def _game_over_dialog(scene: CardGameScene, title: str, body: str) -> Dialog:
    def choose(choice: str) -> None:
        if choice == "new":
            scene.new_game()
        elif choice == "undo":
            scene.finished_reported = False
            scene.undo()
        elif choice == "menu":
            scene.app.pop()

    return Dialog(title, body, [("new", "New game", "n"), ("undo", "Undo", "u"),
                                ("menu", "Menu", "m")], choose, cancel_key="undo")


def zone_rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
    return pygame.Rect(round(x), round(y), round(w), round(h))
