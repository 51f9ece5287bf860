"""Replays: the list of saved games, and the viewer that plays one back, animated.

The viewer wraps the game's own scene in viewer mode (``game_scene(..., recorder=)``),
so every game is replayed with its real table and animations. It moves the
recorder's cursor on a timer; the inner scene's listener animates single steps and
snaps jumps. The inner scene draws and animates but never sees the player's input.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import pygame

from game import seat_replay, storage
from game.engine.actions import Act, Action
from game.engine.layout import DESIGN_H, DESIGN_W, Viewport
from game.engine.render import DrawItem
from game.engine.scene import Scene
from game.engine.ui import GOLD, INK, MUTED, UI_Z, Button, confirm, text_image
from game.replay.recorder import Recorder, ReplayError
from game.replay.seat_tape import SeatTape
from game.rules.base import SPECTATOR
from game.rules.registry import GAME_BY_ID, GAMES, RULES_BY_ID
from game.settings import animation_scale
from scenes.help import HelpScene, PageScene, draw_footer, panel_image
from scenes.open_game import game_scene

if TYPE_CHECKING:
    from game.engine.app import App

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
NORMAL_SPEED = 1
STEP_SECONDS = 0.7  # between moves at 1x
SNAP_SPEED = 16.0  # from here on moves jump into place: no animation could keep up
SOUND_SPEED = 4.0  # faster than this, per-move sounds would only be a rattle
MAX_HOLD = 1.5  # seconds a due move waits for the table to settle (a deal's last wobbles)
PAGE_MOVES = 10

BAR = pygame.Rect(0, 866, DESIGN_W, DESIGN_H - 866)  # the control strip along the bottom
MARGIN = 60
INFO_Y = 878
TRACK_Y, TRACK_H = 926, 22
BUTTON_Y, BUTTON_H = 978, 64
CONTROLS = [("start", "\u21e4 Start"), ("step_back", "\u25c0 Step"),
            ("rewind", "\u25c0\u25c0 Rewind"), ("play", "\u25b6 Play"),
            ("step", "Step \u25b6"), ("end", "End \u21e5"), ("slower", "\u2212 Slower"),
            ("faster", "+ Faster"), ("close", "Back")]
VIEW_RECT = pygame.Rect((DESIGN_W - 520) // 2, 870, 520, 46)  # in the strip: clear of any seat
PLAY_LABELS = ("\u25b6 Play", "\u275a\u275a Pause")
GAP = 14
KEYS = {"v": "view", "b": "rewind", "+": "faster", "=": "faster", "-": "slower", "_": "slower",
        "p": "play"}
ACTS = {Act.SELECT: "play", Act.SECONDARY: "rewind", Act.LEFT: "step_back",
        Act.UNDO: "step_back", Act.RIGHT: "step", Act.REDO: "step", Act.UP: "faster",
        Act.DOWN: "slower", Act.HOME: "start", Act.END: "end", Act.PAGE_UP: "page_back",
        Act.PAGE_DOWN: "page", Act.CANCEL: "close", Act.MENU: "close", Act.HELP: "help"}


def game_name(game_id: str) -> str:
    entry = GAME_BY_ID.get(game_id)
    return entry.title if entry is not None else game_id.replace("-", " ").title()


def speed_text(speed: float) -> str:
    return f"{speed:g}x"


def date_text(date: datetime) -> str:
    return f"{date.day} {date:%b %Y, %H:%M}"


def sentence(text: str) -> str:
    """``text`` with a capital first letter (the rest untouched, unlike str.capitalize)."""
    return text[:1].upper() + text[1:]


@runtime_checkable
class _ReplayViews(Protocol):
    """A game scene whose replays may be watched in several ways (its replay_views)."""

    def show_replay_view(self, choice: str) -> None: ...


class ReplayScene(Scene):
    """Plays ``recorder``'s moves back from the deal; see the module docstring."""

    def __init__(self, app: App, recorder: Recorder[Any, Any] | SeatTape,
                 autoplay: bool = True) -> None:
        """``recorder``: a game's log, or a network match through one seat's eyes."""
        super().__init__(app)
        self.recorder = recorder
        recorder.seek(0)  # before the inner scene exists, so it opens with the deal
        if isinstance(recorder, SeatTape):
            self.inner = game_scene(app, recorder.game_id, client=recorder.client)
            self.inner.table_names = recorder.replay.names
        else:
            self.inner = game_scene(app, recorder.game_id, recorder=recorder)
        self.inner.viewport_override = self.game_area(app.viewport)
        self.speed_index = NORMAL_SPEED
        self.direction = 1 if autoplay else 0  # 1 playing, -1 rewinding, 0 paused
        self._wait = STEP_SECONDS
        self._held = 0.0  # how long the due move has waited for animations
        self._scrubbing = False
        try:
            self.date = date_text(datetime.fromisoformat(str(recorder.meta.get("date"))))
        except ValueError:
            self.date = ""
        self._track: tuple[tuple[int, ...], pygame.Surface] | None = None
        self.track_x = 360.0  # set by layout: right of the "Move k of n" text
        self.hud.buttons = [Button(key, label, pygame.Rect(0, BUTTON_Y, 1, BUTTON_H))
                            for key, label in CONTROLS]
        self.views = self._views()
        self.view_index = 0
        if self.views:
            self.hud.buttons.append(Button("view", "", VIEW_RECT.copy(), hotkey="v"))
        self.hud.message_rect = pygame.Rect(40, BAR.y - 58, DESIGN_W - 80, 48)
        self.sync_buttons()

    def _views(self) -> list[tuple[str, str]]:
        """The ways a game with hidden hands may be watched (its scene offers them): each
        seat's own eyes, and every hand face up once the game has been played out."""
        offer = getattr(self.inner, "replay_views", None)
        if offer is None or isinstance(self.recorder, SeatTape):  # one seat's messages only
            return []
        played_out = self.recorder.rules.is_over(self.recorder.state_at(self.recorder.length))
        return [(key, label) for key, label in offer() if key != "all" or played_out]

    @classmethod
    def open(cls, app: App, path: Path, autoplay: bool = True) -> ReplayScene | None:
        """The viewer for the replay file at ``path``, or None with a sentence for the
        player appended to ``app.problems``. The file is never changed or moved."""
        path = Path(path)
        try:
            data = storage.load_json(path)
        except FileNotFoundError:
            _fail(app, f"Replay {path.name} was not found.")
            return None
        except storage.UnusableFile as exc:
            _fail(app, f"Replay {path.name} {exc}.")
            return None
        if isinstance(data, dict) and data.get("kind") == seat_replay.KIND:
            return cls._open_tape(app, path, data, autoplay)
        try:
            recorder = Recorder.from_json(data, RULES_BY_ID)
        except ReplayError as exc:
            _fail(app, f"Replay {path.name} cannot be shown: {exc}.")
            return None
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            _fail(app, f"Replay {path.name} is not a valid replay ({exc}).")
            return None
        try:
            return cls(app, recorder, autoplay)
        except ValueError as exc:  # e.g. a game this version cannot show yet
            _fail(app, f"Replay {path.name} cannot be shown: {exc}.")
            return None

    @classmethod
    def _open_tape(cls, app: App, path: Path, data: Any, autoplay: bool) -> ReplayScene | None:
        """A network match's replay through its seat's eyes (see ``open``)."""
        try:
            replay = seat_replay.parse(data)
            entry = GAME_BY_ID.get(replay.game)
            if entry is None or not entry.playable:
                raise ValueError(f"{game_name(replay.game)} cannot be shown here")
            return cls(app, SeatTape(replay, entry.built_rules), autoplay)
        except ValueError as exc:
            _fail(app, f"Replay {path.name} cannot be shown: {exc}.")
            return None

    def table_text(self) -> str:
        """A network match's players, and whose eyes it is seen through."""
        if not isinstance(self.recorder, SeatTape):
            return ""
        replay = self.recorder.replay
        eyes = "as a spectator saw it" if replay.seat == SPECTATOR else \
            f"as {replay.names[replay.seat] or 'this seat'} saw it"
        return f"Network: {', '.join(n or '?' for n in replay.names)} \u00b7 {eyes}"

    def about(self) -> str:
        """The line over the controls: the game, when, how it ended and the score, who
        played and the rules (the table shows them too, so they are cut short first)."""
        meta = self.recorder.meta
        players = meta.get("players")
        names = ", ".join(storage.meta_text(n, 40) or "?" for n in players[:16]) \
            if isinstance(players, list) and players else self.opponent_text()
        return " \u00b7 ".join(part for part in (
            f"Replay of {game_name(self.recorder.game_id)}", self.date,
            sentence(storage.meta_text(meta.get("result"), 40)),
            storage.meta_text(meta.get("score"), 120), names, self.table_text(),
            storage.meta_text(meta.get("mode"), 120)) if part)

    def opponent_text(self) -> str:
        """Who played Player 2 in a two-seat game, as the replay recorded it: a person
        beside the player or the computer ("" when the replay does not say)."""
        kinds = getattr(self.inner, "seat_kinds", lambda: None)()
        if kinds is None or len(kinds) != 2:
            return ""
        return "Player 2: " + ("a person" if kinds[1] == "person" else "the computer")

    # -- state -------------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def cursor(self) -> int:
        return self.recorder.cursor

    @property
    def length(self) -> int:
        return self.recorder.length

    def apply_animation_scale(self) -> None:
        """Faster playback, shorter animations, so each move lands before the next."""
        base = animation_scale(self.app.settings)
        self.inner.table.animation_scale = (
            None if base is None or self.speed >= SNAP_SPEED else base / self.speed)

    def sync_buttons(self) -> None:
        at_start, at_end = self.cursor == 0, self.cursor == self.length
        hud = self.hud
        playing = self.direction == 1
        hud.button("play").label = PLAY_LABELS[1] if playing else PLAY_LABELS[0]
        hud.button("rewind").selected = self.direction == -1
        for key in ("start", "step_back", "rewind"):
            hud.button(key).enabled = not at_start
        for key in ("step", "end"):
            hud.button(key).enabled = not at_end
        hud.button("slower").enabled = self.speed_index > 0
        hud.button("faster").enabled = self.speed_index < len(SPEEDS) - 1
        if self.views:
            hud.button("view").label = f"View: {self.views[self.view_index][1]}"

    # -- commands --------------------------------------------------------------------------

    def press(self, key: str) -> None:
        if key == "close":
            self.app.play_sound("button")
            self.app.pop()
            return
        if key == "help":
            self.app.push(HelpScene(self.app, "parlour"))
            return
        if key == "view" and self.views and isinstance(self.inner, _ReplayViews):
            self.view_index = (self.view_index + 1) % len(self.views)
            self.inner.show_replay_view(self.views[self.view_index][0])
        if key == "play":
            self.play_pause()
        elif key == "rewind":
            self.rewind()
        elif key in ("step", "step_back"):
            self.step(1 if key == "step" else -1)
        elif key in ("start", "end"):
            if key == "end" and self.direction == -1:
                self.direction = 0  # End stops a rewind rather than rewinding from the end
            self.seek(0 if key == "start" else self.length)
        elif key in ("page", "page_back"):
            self.seek(self.cursor + (PAGE_MOVES if key == "page" else -PAGE_MOVES))
        elif key in ("faster", "slower"):
            self.change_speed(1 if key == "faster" else -1)
        self.sync_buttons()

    def play_pause(self) -> None:
        if self.direction == 1:
            self.direction = 0
            return
        if self.cursor == self.length:
            self.recorder.seek(0)  # play again from the deal
        self.direction, self._wait = 1, 0.0

    def rewind(self) -> None:
        if self.direction == -1:
            self.direction = 0
        elif self.cursor == 0:
            self.app.error("This is the deal: there is nothing before it.")
        else:
            self.direction, self._wait = -1, 0.0

    def step(self, delta: int) -> None:
        self.direction = 0
        target = self.cursor + delta
        if not 0 <= target <= self.length:
            self.app.error("This is the deal: there is nothing before it." if delta < 0
                           else "That was the last move.")
            return
        self.move_to(target)

    def move_to(self, k: int) -> None:
        """One move on or back, with the sound of a card landing while it can keep up."""
        self.recorder.seek(k)
        if self.speed <= SOUND_SPEED:
            self.app.play_sound("place")

    def seek(self, k: int) -> None:
        """Jump to move ``k`` (clamped); playback goes on from there."""
        self.recorder.seek(min(max(0, k), self.length))

    def change_speed(self, delta: int) -> None:
        index = min(max(0, self.speed_index + delta), len(SPEEDS) - 1)
        if index == self.speed_index:
            self.app.error("That is already the fastest speed." if delta > 0
                           else "That is already the slowest speed.")
            return
        self.speed_index = index
        self._wait = min(self._wait, STEP_SECONDS / self.speed)
        self.apply_animation_scale()

    # -- life cycle (delegated to the game's scene) --------------------------------------------

    def enter(self) -> None:
        self.inner.enter()
        self.apply_animation_scale()

    def exit(self) -> None:
        self.inner.exit()
        self.app.set_cursor("arrow")

    @staticmethod
    def game_area(vp: Viewport) -> Viewport:
        """The game is shown whole above the control strip, a little smaller, rather
        than running under it (hands along the bottom, long columns)."""
        return vp.within((0, 0), (DESIGN_W, BAR.y))

    def layout(self, vp: Viewport) -> None:
        self.inner.viewport_override = self.game_area(vp)
        self.inner.layout(self.inner.viewport)
        self._place_buttons(vp)
        widest = text_image(vp, f"Move {self.length} of {self.length}", 28, INK, True)
        self.track_x = MARGIN + widest.get_width() / vp.scale + 36
        self._track = None

    def _place_buttons(self, vp: Viewport) -> None:
        """Share the bottom row out by label width, so no label has to be squeezed
        while others have room to spare (TV mode's larger text)."""
        size = min(BUTTON_H * 0.42, 30)  # the size Button draws its label at
        labels = dict(CONTROLS, play=max(PLAY_LABELS, key=len))
        row = [b for b in self.hud.buttons if b.key in labels]
        need = [text_image(vp, labels[b.key], size, INK, True).get_width() / vp.scale + 36
                for b in row]
        room = DESIGN_W - 2 * MARGIN - GAP * (len(need) - 1)
        spare = (room - sum(need)) / len(need)
        widths = [n + spare if spare >= 0 else n * room / sum(need) for n in need]
        x = float(MARGIN)
        for button, width in zip(row, widths, strict=True):
            button.rect = pygame.Rect(round(x), BUTTON_Y, round(x + width) - round(x), BUTTON_H)
            x += width + GAP

    def settings_changed(self) -> None:
        self.inner.settings_changed()
        self.apply_animation_scale()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.inner.update(dt)
        if self.direction == 0:
            return
        self._wait -= dt
        if self._wait > 0:
            return
        table = self.inner.table
        if table.animating and table.animation_scale is not None and self._held < MAX_HOLD:
            self._held += dt  # let the last move land before the next one
            return
        self._wait, self._held = STEP_SECONDS / self.speed, 0.0
        target = self.cursor + self.direction
        if 0 <= target <= self.length:
            self.move_to(target)
        if self.cursor in (0, self.length):
            self.direction = 0  # reached the end (or the deal, rewinding)
        self.sync_buttons()

    # -- input -----------------------------------------------------------------------------

    def handle_game(self, action: Action) -> None:
        """Transport keys, pad and the progress bar; the inner scene gets nothing."""
        kind = action.kind
        if kind == Act.KEY and action.key in KEYS:
            self.press(KEYS[action.key])
        elif kind in ACTS:
            self.press(ACTS[kind])
        elif kind in (Act.POINTER_DOWN, Act.POINTER_MOVE, Act.POINTER_UP):
            self._pointer(action)

    def track_rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.track_x), TRACK_Y, round(DESIGN_W - MARGIN - self.track_x),
                           TRACK_H)

    def _pointer(self, action: Action) -> None:
        assert action.pos is not None
        track = self.track_rect()
        hit = track.inflate(24, 28).collidepoint(action.pos)
        if action.kind == Act.POINTER_DOWN and action.button == 1 and hit:
            self._scrubbing = True
        elif action.kind == Act.POINTER_UP:
            self._scrubbing = False
            return
        if action.kind == Act.POINTER_MOVE:
            self.app.set_cursor("hand" if hit or self.hud.hover or self._scrubbing else "arrow")
        if self._scrubbing:
            share = (action.pos[0] - track.x) / track.w
            self.seek(round(min(max(0.0, share), 1.0) * self.length))
            self.sync_buttons()

    # -- drawing ---------------------------------------------------------------------------

    def background(self, vp: Viewport) -> pygame.Surface:
        surface = self.inner.background(self.inner.viewport)
        # Edge to edge in window pixels (TV mode insets the design space, not the strip).
        top = vp.to_px(0, BAR.y)[1]
        strip = pygame.Surface((vp.width, vp.height - top), pygame.SRCALPHA)
        strip.fill((10, 30, 20, 200))
        pygame.draw.line(strip, (90, 140, 110), (0, 0), (vp.width, 0), max(1, vp.px(2)))
        surface.blit(strip, (0, top))
        draw_footer(surface, vp, LEGEND, BUTTON_Y + BUTTON_H + 6, size=18)
        return surface

    def draw_items(self, alpha: float) -> list[DrawItem]:
        vp = self.app.viewport
        # Keys from the inner scene get their own namespace: its hud and ours share names.
        items = [DrawItem(("game", item.key), item.image, item.pos, item.z)
                 for item in self.inner.draw_items(alpha)]
        state = {1: "Playing", -1: "Rewinding", 0: "Paused"}[self.direction]
        middle = TRACK_Y + TRACK_H / 2
        speed = text_image(vp, f"{state} \u00b7 speed {speed_text(self.speed)}", 24, GOLD, True)
        # The caption fits what the speed leaves (TV mode's larger text ran them together).
        room = DESIGN_W - 2 * MARGIN - 24 - speed.get_width() / vp.scale
        info = fitted(vp, self.about(), 24, room, bold=False, color=MUTED)
        for key, image, x, y, anchor in (
                ("info", info, MARGIN, INFO_Y, "topleft"),
                ("speed", speed, DESIGN_W - MARGIN, INFO_Y, "topright"),
                ("moves", text_image(vp, f"Move {self.cursor} of {self.length}", 28, INK, True),
                 MARGIN, middle, "midleft")):
            rect = image.get_rect(**{anchor: vp.to_px(x, y)})
            items.append(DrawItem((key,), image, rect.topleft, UI_Z))
        track = self.track_rect()
        knob = vp.px(TRACK_H * 0.85)
        px, py = vp.to_px(track.x, track.y)
        items.append(DrawItem(("track",), self._track_image(vp, track),
                              (px - knob, py + vp.px(TRACK_H) // 2 - knob), UI_Z))
        return items + super().draw_items(alpha)

    def _track_image(self, vp: Viewport, track: pygame.Rect) -> pygame.Surface:
        """The progress bar with its knob; one image per (cursor, length, size)."""
        knob = vp.px(TRACK_H * 0.85)
        w, h = vp.px(track.w), vp.px(TRACK_H)
        key = (self.cursor, self.length, w, h, knob)
        if self._track is not None and self._track[0] == key:
            return self._track[1]
        image = pygame.Surface((w + 2 * knob, 2 * knob), pygame.SRCALPHA)
        bar = pygame.Rect(knob, knob - h // 2, w, h)
        pygame.draw.rect(image, (255, 255, 255, 40), bar, border_radius=h // 2)
        share = self.cursor / self.length if self.length else 1.0
        done = bar.copy()
        done.w = max(h, round(w * share))
        pygame.draw.rect(image, GOLD, done, border_radius=h // 2)
        for i in range(1, self.length) if 0 < self.length <= 120 else ():
            x = bar.x + round(w * i / self.length)  # one notch per move, when they fit
            pygame.draw.line(image, (0, 0, 0, 60), (x, bar.y + 2), (x, bar.bottom - 3))
        centre = (bar.x + round(w * share), knob)
        pygame.draw.circle(image, (0, 0, 0, 90), (centre[0], centre[1] + 2), knob - 1)
        pygame.draw.circle(image, INK, centre, knob - 2)
        pygame.draw.circle(image, GOLD, centre, knob - 2, max(2, knob // 4))
        self._track = (key, image)
        return image


def _fail(app: App, problem: str) -> None:
    app.problems.append(problem)
    return None


# -- the list --------------------------------------------------------------------------------

LIST_TOP = 150  # first row; the column headings sit above it
ROW_H, ROW_PITCH, ROWS_SHOWN = 62, 72, 10
LIST = pygame.Rect(100, LIST_TOP - 60, DESIGN_W - 200, ROWS_SHOWN * ROW_PITCH + 78)
LIST_FOOTER = ("\u2191 \u2193  choose    Enter or click  watch    Delete or pad X  delete    "
               "R  results    G  game    Esc  back")
RESULTS = ("all", *storage.OUTCOMES)  # the results filter, in the order it cycles
FILTER_W = 330
LEGEND = ("Space / A  play \u00b7 \u2190 \u2192 / D-pad  step \u00b7 \u2191 \u2193  speed \u00b7 "
          "B / X  rewind \u00b7 Home End  first, last \u00b7 PgUp PgDn / triggers  10 moves \u00b7 "
          "Esc / B  back")
COLUMNS = [("Game", 140), ("Date", 540), ("Result", 920), ("Score", 1320)]  # x, logical
DETAIL_SIZE, CELL_SIZE = 20, 25  # a row's second line: the rules, players and moves


@dataclass(frozen=True)
class Rows:
    """The list's rows for a viewport: TV mode's bigger text makes them taller (its
    second line was clipped under the first), so fewer fit in the panel."""

    h: float
    pitch: float
    shown: int


def rows_for(vp: Viewport) -> Rows:
    def line(size: float) -> float:
        return text_image(vp, "Ag", size, bold=True).get_height() / vp.scale

    h = max(ROW_H, 10 + line(CELL_SIZE) + line(DETAIL_SIZE))
    pitch = h + ROW_PITCH - ROW_H
    return Rows(h, pitch, min(ROWS_SHOWN, int(ROWS_SHOWN * ROW_PITCH // pitch)))


def row_cells(info: storage.ReplayInfo) -> tuple[tuple[str, str, str, str], str]:
    """A list row: its cells, and the line under them (the rules it was played under,
    or a network table's words, the players, the moves). A network match is marked so."""
    game = game_name(info.game) + (" \u00b7 network" if info.network else "")
    players = ", ".join(n or "?" for n in info.names)
    moves = f"{info.moves} move" + ("" if info.moves == 1 else "s")
    detail = " \u00b7 ".join(part for part in (info.mode or info.table, players, moves)
                              if part)
    return (game, date_text(info.date), sentence(info.result) or "\u2014",
            info.score or "\u2014"), detail


def fitted(vp: Viewport, text: str, size: float, width: float, bold: bool,
           color: tuple[int, int, int] = INK) -> pygame.Surface:
    """``text`` in at most ``width`` logical units: smaller type, then cut short."""
    image = text_image(vp, text, size, color, bold)
    if image.get_width() <= vp.px(width):
        return image
    smaller = max(min(size, 20.0), size * vp.px(width) / image.get_width())
    image = text_image(vp, text, smaller, color, bold)
    while image.get_width() > vp.px(width) and len(text) > 2:
        text = text[:-2].rstrip(" ,\u00b7") + "\u2026"
        image = text_image(vp, text, smaller, color, bold)
    return image


class ReplayListScene(PageScene):
    """Saved replays, newest first. Arrows / wheel / PgUp / PgDn move through them,
    Enter or a click opens one, Esc goes back."""

    def __init__(self, app: App) -> None:
        super().__init__(app, "Replays")
        self.every: list[storage.ReplayInfo] = []  # all in the folder
        self.replays: list[storage.ReplayInfo] = []  # those the filters let through
        self.first = 0  # index of the top row shown
        self.result_filter = "all"
        self.game_filter = "all"  # or a game id
        back = self.hud.button("back").rect
        self.filters = [
            Button("results", "", pygame.Rect(back.x - 2 * (FILTER_W + 20), back.y, FILTER_W,
                                              back.h), hotkey="r"),
            Button("games", "", pygame.Rect(back.x - FILTER_W - 20, back.y, FILTER_W, back.h),
                   hotkey="g")]

    def layout(self, vp: Viewport) -> None:
        self.show_rows(self.focus_index())  # TV mode's rows are taller: fewer fit

    def enter(self) -> None:
        """Read the folder each time the list is shown: a game just finished is listed."""
        problems = self.app.problems
        self.every = sorted(
            storage.list_replays(storage.replay_dir(self.app.save_dir, problems), problems)
            + seat_replay.list_replays(self.app.save_dir, problems),
            key=lambda r: (r.date, r.path.name), reverse=True)
        self.apply_filters()
        index = self.focus_index()
        self.show_rows(index if index is not None else 0)

    def games_listed(self) -> list[str]:
        """The games with a replay here, in the menu's order."""
        present = {info.game for info in self.every}
        return [g.id for g in GAMES if g.id in present]

    def apply_filters(self) -> None:
        if self.game_filter != "all" and self.game_filter not in self.games_listed():
            self.game_filter = "all"
        self.replays = [info for info in self.every
                        if self.result_filter in ("all", info.outcome)
                        and self.game_filter in ("all", info.game)]
        shown = "All results" if self.result_filter == "all" else self.result_filter.title()
        self.filters[0].label = f"Results: {shown}"
        self.filters[1].label = "Game: " + ("All games" if self.game_filter == "all"
                                            else game_name(self.game_filter))

    def cycle_filter(self, which: str) -> None:
        if which == "results":
            self.result_filter = RESULTS[(RESULTS.index(self.result_filter) + 1) % len(RESULTS)]
        else:
            choices = ["all", *self.games_listed()]
            at = choices.index(self.game_filter) if self.game_filter in choices else 0
            self.game_filter = choices[(at + 1) % len(choices)]
        self.apply_filters()
        self.first = 0
        self.show_rows(None)
        self.set_focus(("button", which))
        shown = len(self.replays)
        self.hud.say(f"{shown} replay{'s' if shown != 1 else ''} shown of {len(self.every)}.")

    def focus_index(self) -> int | None:
        key = self.focus[1] if isinstance(self.focus, tuple) else None
        return int(key[4:]) if key and key.startswith("row:") else None

    def show_rows(self, focus: int | None) -> None:
        """Rebuild the row buttons from ``first``; with ``focus``, scroll that row into
        view and put the focus frame on it."""
        n, rows = len(self.replays), rows_for(self.app.viewport)
        if focus is not None and n:
            focus = min(max(0, focus), n - 1)
            self.first = min(max(self.first, focus - rows.shown + 1), focus)
        self.first = max(0, min(self.first, n - rows.shown))
        shown = range(self.first, min(n, self.first + rows.shown))
        self.hud.buttons = [self.hud.button("back"), *self.filters] + [
            Button(f"row:{i}", "", pygame.Rect(LIST.x + 20, LIST_TOP + row * rows.pitch,
                                               LIST.w - 40, rows.h))
            for row, i in enumerate(shown)]
        if not n:
            self.set_focus(("button", "back"))
        elif focus is not None:
            self.set_focus(("button", f"row:{focus}"))

    # -- input ---------------------------------------------------------------------------

    def handle_game(self, action: Action) -> None:
        index, kind, n = self.focus_index(), action.kind, len(self.replays)
        page = rows_for(self.app.viewport).shown
        moves = {Act.UP: -1, Act.DOWN: 1, Act.PAGE_UP: -page, Act.PAGE_DOWN: page}
        if kind in moves and index is not None:
            target = index + moves[kind]
            if target < 0 and kind == Act.UP:
                self.set_focus(("button", "back"))
            else:
                self.show_rows(min(max(0, target), n - 1))
        elif kind == Act.DOWN and self.focus == ("button", "back") and n:
            self.show_rows(self.first)
        elif kind in (Act.HOME, Act.END) and n:
            self.show_rows(0 if kind == Act.HOME else n - 1)
        elif kind == Act.WHEEL and n:
            self.first = max(0, self.first - action.amount * 3)
            self.show_rows(None)
        elif kind in (Act.LEFT, Act.RIGHT) and index is not None:
            pass  # a row is one wide target: nothing beside it
        elif kind in (Act.DELETE, Act.SECONDARY) and index is not None:
            self.ask_delete(index)
        else:
            super().handle_game(action)

    def ask_delete(self, index: int) -> None:
        info = self.replays[index]

        def delete() -> None:
            try:
                info.path.unlink(missing_ok=True)
            except OSError as exc:
                self.app.error(f"The replay could not be deleted ({exc.strerror or exc}).")
                return
            self.every.remove(info)
            self.replays.pop(index)
            self.show_rows(min(index, len(self.replays) - 1) if self.replays else None)
            self.hud.say("Replay deleted.")

        confirm(self.hud, "Delete replay", f"Delete the replay of {game_name(info.game)} from "
                f"{date_text(info.date)}? It cannot be brought back.", delete)

    def press(self, key: str) -> None:
        if key in ("results", "games"):
            self.app.play_sound("button")
            self.cycle_filter(key)
            return
        if not key.startswith("row:"):
            super().press(key)
            return
        self.app.play_sound("button")
        info = self.replays[int(key[4:])]
        scene = ReplayScene.open(self.app, info.path)
        if scene is not None:
            self.app.push(scene)
            return
        # Left in place: it may be from a newer version that can show it.
        self.hud.say(self.app.problems.pop() if self.app.problems
                     else "That replay cannot be shown.", error=True)

    # -- drawing -------------------------------------------------------------------------

    def background(self, vp: Viewport) -> pygame.Surface:
        surface = super().background(vp)
        surface.blit(panel_image(vp, LIST), vp.to_px(LIST.x, LIST.y))
        for title, x in COLUMNS:
            image = text_image(vp, title, 24, MUTED, bold=True)
            px, py = vp.to_px(x, (LIST.y + LIST_TOP) / 2)
            surface.blit(image, (px, py - image.get_height() // 2))
        draw_footer(surface, vp, LIST_FOOTER, LIST.bottom + 22)
        return surface

    def draw_items(self, alpha: float) -> list[DrawItem]:
        vp = self.app.viewport
        items: list[DrawItem] = []
        if not self.replays:
            lines = ("No replays yet.", "Every game you finish is saved here to watch again.")
            if self.every:
                lines = ("No replay matches.", "Press R or G to change what is shown.")
            for n, line in enumerate(lines):
                image = text_image(vp, line, 34 if n == 0 else 26, INK if n == 0 else MUTED,
                                   bold=n == 0)
                x, y = vp.to_px(DESIGN_W / 2, LIST_TOP + 180 + n * 60)
                items.append(DrawItem(("empty", n), image, (x - image.get_width() // 2, y), UI_Z))
        for button in self.hud.buttons:
            if not button.key.startswith("row:"):
                continue
            cells, detail = row_cells(self.replays[int(button.key[4:])])
            ends = [x for _, x in COLUMNS[1:]] + [LIST.right - 30]
            top = button.rect.y + 4
            for (_, x), end, text in zip(COLUMNS, ends, cells, strict=True):
                image = fitted(vp, text, CELL_SIZE, end - x - 20, bold=x == COLUMNS[0][1])
                items.append(DrawItem(("cell", button.key, x), image, vp.to_px(x, top),
                                      UI_Z + 1))
            image = fitted(vp, detail, DETAIL_SIZE, ends[-1] - COLUMNS[0][1], bold=False,
                           color=MUTED)
            bottom = button.rect.bottom - 4 - image.get_height() / vp.scale
            items.append(DrawItem(("detail", button.key), image,
                                  vp.to_px(COLUMNS[0][1], bottom), UI_Z + 1))
        page = rows_for(vp).shown
        if len(self.replays) > page:
            last = min(len(self.replays), self.first + page)
            image = text_image(vp, f"{self.first + 1}\u2013{last} of {len(self.replays)}", 22,
                               MUTED)
            x, y = vp.to_px(LIST.right - 24, LIST.bottom + 22)
            items.append(DrawItem(("range",), image, (x - image.get_width(), y), UI_Z))
        return items + super().draw_items(alpha)

