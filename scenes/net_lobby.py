"""The lobby of a network table: who sits where (name, person or computer, ready,
connected), Ready, and for the host Start and the computer's seats; chat beside it.
When the table deals, the game's own scene opens on this machine's seat.

Mouse: click a button (the host clicks an empty seat to give it to the computer, and
again to step through its levels, then open again). Keys: R ready, S start, Tab chat,
Esc leaves. Pad: D-pad and A; the right stick's click opens the stock phrases."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import recent_tables
from game.engine.actions import Action
from game.engine.net_table import NetworkTable
from game.engine.render import DrawItem
from game.engine.scene import Scene
from game.engine.ui import (
    ERROR,
    GOLD,
    INK,
    MUTED,
    UI_Z,
    Button,
    button_image,
    confirm,
    text_image,
)
from game.engine.widgets import command_bar
from game.net import computer
from game.net.protocol import SeatInfo
from game.recent_tables import Address
from game.rules.registry import GameEntry, load, timer_words
from scenes.help import HelpScene
from scenes.net_play import NetPlay

if TYPE_CHECKING:
    from game.engine.app import App

ROW_X, ROW_Y, ROW_W, ROW_H, ROW_GAP = 80, 290, 1080, 84, 16
CHAT_RECT = pygame.Rect(1220, 290, 640, 600)
KEYBOARD_DOCK = pygame.Rect(ROW_X, 690, 724, 374)  # under the seats, left of the buttons
COMMANDS = [("ready", "Ready", "r"), ("start", "Start", "s"), ("chat", "Chat", ""),
            ("help", "? Help", "?"), ("leave", "Leave", "l")]


def seat_label(net: NetworkTable, info: SeatInfo, host: int) -> str:
    """One seat's line: number, name, who plays it, ready, connected. The host starts
    the match rather than getting ready."""
    if info.kind == "open":
        return f"{info.seat + 1}  \u00b7  empty: waiting for a player"
    # this machine's seat by its chosen name too ("You · host" left the host unsure of it)
    name = f"{info.name} (you)" if info.seat == net.seat and info.name else net.name(info.seat)
    if info.kind == "computer":
        return f"{info.seat + 1}  \u00b7  {name}  \u00b7  computer, {info.level or 'its own level'}"
    state = "host" if info.seat == host else "person, ready" if info.ready \
        else "person, not ready"
    if not info.connected:
        state = "computer playing for them" if info.level else "connection lost"
    return f"{info.seat + 1}  \u00b7  {name}  \u00b7  {state}"


class LobbyScene(Scene):
    title = "Network table"

    def __init__(self, app: App, entry: GameEntry, net: NetworkTable, *,
                 computers: dict[int, str] | None = None,
                 remember: Address | None = None,
                 change_address: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.entry, self.net = entry, net
        # The chat and the connection's words, as at a table.
        self.chat = NetPlay(self, net, change_address)
        net.chat.place(CHAT_RECT, KEYBOARD_DOCK)
        self._computers = computers  # the host's first choice (seat: level), sent once seated
        self._remember = remember  # kept once the table has welcomed us
        self.handed_over = False
        self.hud.buttons = command_bar(COMMANDS, "bottom", size=(200, 64), right=1860)
        self.set_focus(("button", "ready"))
        self._host_focused = False  # the focus moved to Start once this seat was the host

    # -- each frame ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        client = self.net.client
        self.chat.update()
        if client.welcome is not None and self._computers is not None and self.net.hosting:
            seats, self._computers = self._computers, None
            if seats:
                client.set_computers(list(seats), levels=list(seats.values()))
        if client.welcome is not None and self._remember is not None:
            recent_tables.keep(self.app.save_dir, self._remember, client.name, self.entry.id)
            self._remember = None
        if client.problem and client.status in ("lobby", "playing"):
            self.app.error(client.problem)
            client.problem = ""
        if self.net.playing:
            self._open_table()
            return
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        lobby, hosting = self.net.client.lobby, self.net.hosting
        seats = lobby.seats if lobby is not None else []
        keys = [b.key for b in self.hud.buttons]
        for info in seats:
            key = f"seat:{info.seat}"
            rect = pygame.Rect(ROW_X, ROW_Y + info.seat * (ROW_H + ROW_GAP), ROW_W, ROW_H)
            if key not in keys:
                self.hud.buttons.append(Button(key, "", rect))
            button = self.hud.button(key)
            assert lobby is not None  # the seats are the lobby's
            button.label = seat_label(self.net, info, lobby.host)
            # Only the host's clicks on empty and computer seats do anything; the other
            # rows read as plainly as those (drawn in draw_items), not greyed out.
            button.visible = hosting and info.kind in ("open", "computer")
        mine = next((s for s in seats if s.seat == self.net.seat), None)
        ready = self.hud.button("ready")
        ready.enabled = ready.visible = mine is not None and not hosting
        ready.label = "Not ready" if mine is not None and mine.ready else "Ready"
        self.hud.button("start").enabled = hosting
        self.hud.button("start").visible = hosting
        if hosting and not self._host_focused:
            self._host_focused = True
            self.set_focus(("button", "start"))

    def _open_table(self) -> None:
        """The match is dealt: the game's scene takes this seat (and the connection)."""
        scene_type = load(self.entry.scene)
        table = scene_type(self.app, resume=False, client=self.net.seat_client, net=self.net)
        self.handed_over = True
        self.app.replace_scene(table)

    def exit(self) -> None:
        if not self.handed_over:
            self.net.leave()

    # -- input -------------------------------------------------------------------------------

    def handle(self, action: Action) -> None:
        if self.chat.handle(action):
            return
        super().handle(action)

    def handle_game(self, action: Action) -> None:
        self.handle_button_screen(action, "leave")

    def press(self, key: str) -> None:
        self.app.play_sound("button")
        client = self.net.client
        if key == "ready":
            mine = client.lobby.seats[self.net.seat] if client.lobby else None
            client.ready(not (mine is not None and mine.ready))
        elif key == "start":
            self._start()
        elif key.startswith("seat:"):
            self._toggle_computer(int(key[5:]))
        elif key == "chat":
            self.chat.open_chat(self.app.input.last_device)
        elif key == "help":
            self.app.push(HelpScene(self.app, "network"))
        elif key == "leave":
            confirm(self.hud, "Leave", "Leave this table?" + (
                " You host it: it closes for everyone." if self.net.hosted else ""),
                self.app.pop, default_no=True)  # leaving gives the seat up: No is safe

    def _start(self) -> None:
        """The host deals; first asked when a person has not said Ready (the play-test's
        host started over a 'not ready' guest without a word). No is the default."""
        lobby = self.net.client.lobby
        waiting = [] if lobby is None else [
            s.name or f"Seat {s.seat + 1}" for s in lobby.seats
            if s.kind == "human" and s.connected and not s.ready and s.seat != lobby.host]
        if not waiting:
            self.net.client.start()
            return
        who = " and ".join(waiting)
        confirm(self.hud, "Start", f"{who} {'is' if len(waiting) == 1 else 'are'} not ready. "
                "Start anyway?", lambda: self.net.client.start(anyway=True), default_no=True)

    def _toggle_computer(self, seat: int) -> None:
        """The host steps a seat along: open, the computer at each level, open again."""
        lobby = self.net.client.lobby
        if lobby is None:
            return
        levels = {s.seat: s.level for s in lobby.seats if s.kind == "computer"}
        steps = [*computer.levels(self.entry.id), ""]  # "": open again
        now = levels.pop(seat, "")
        following = steps[(steps.index(now) + 1) % len(steps)] if now in steps else steps[0]
        if following:
            levels[seat] = following
        self.net.client.set_computers(sorted(levels), levels=[levels[s] for s in sorted(levels)])

    # -- drawing -----------------------------------------------------------------------------

    def draw_items(self, alpha: float) -> list[DrawItem]:
        vp = self.viewport
        items = super().draw_items(alpha) + self.chat.draw_items()
        for row in self.hud.buttons:
            if row.key.startswith("seat:") and not row.visible:
                items.append(DrawItem(("row", row.key), button_image(vp, row, False, False),
                                      vp.to_px(row.rect.x, row.rect.y), UI_Z))
        y = 90.0
        for n, (text, color) in enumerate(self._heading()):
            image = text_image(vp, text, 28 if n else 34, color, bold=n == 0)
            items.append(DrawItem(("lobby", n), image, vp.to_px(ROW_X, y), UI_Z))
            y += image.get_height() / vp.scale + 8  # TV mode's bigger text keeps apart
        return items

    def _heading(self) -> list[tuple[str, tuple[int, int, int]]]:
        client, lobby = self.net.client, self.net.client.lobby
        if lobby is None:  # an ended connection is told by its dialog alone
            ended = (f"{self.entry.title}: {client.host} port {client.port}", GOLD)
            return [ended, (self.net.trouble, INK)] if self.net.trouble else [ended]
        table = self.entry.table_words(lobby.config)
        timer = timer_words(lobby.turn_timer, self.entry.at_once(lobby.config))
        head = " \u00b7 ".join([self.entry.title, f"{len(lobby.seats)} seats", *table, timer])
        lines = [(head, GOLD)]
        if self.net.hosted is not None:
            lines.append((f"Others connect to {self.net.address}", INK))
        if self.net.hosting:
            lines.append(("Start when everyone is ready.", MUTED))
        else:
            lines.append(("Press Ready; the host starts the match.", MUTED))
        if self.net.trouble:
            lines.append((self.net.trouble, ERROR))
        return lines
