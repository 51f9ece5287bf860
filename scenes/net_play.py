"""A scene at a network table (the lobby, then the game's scene): what it does besides
playing its seat. Each frame it drains the connection; it draws the chat beside the table
and a line across the top when the connection is in trouble (else whom the table waits
for); it routes typing to the chat entry while that is open; at a match's end it shows
the server's scores, and its Next match tells the server this player is ready for the
next deal (the server deals it, so there is no New and no undo); and it leaves the
table when the scene goes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.actions import Act, Action
from game.engine.chat import phrase_dialog
from game.engine.layout import DESIGN_W, Viewport
from game.engine.net_table import NetworkTable
from game.engine.render import DrawItem
from game.engine.ui import ERROR, GOLD, UI_Z, Dialog, confirm, fitting_size, text_image
from game.net.protocol import MatchEnd
from game.rules.base import SPECTATOR

if TYPE_CHECKING:
    from game.engine.scene import Scene

TABLE_ONLY = ("new", "undo", "redo")  # commands a network table's server keeps to itself
TROUBLE_Y = 8.0  # the connection's line: across the top, right of the title
LINE_SIZE, LINE_SMALLEST = 26.0, 18.0  # its text: shrunk to fit, never below the smallest
LINE_GAP = 40.0  # from the title, and from the right edge


class NetPlay:
    def __init__(self, scene: Scene, net: NetworkTable,
                 change_address: Callable[[], None] | None = None) -> None:
        self.scene, self.net = scene, net
        self.change_address = change_address  # back to the Connect dialog (the lobby)
        self.end_words: tuple[str, str] | None = None  # the game's own words at the end
        # The last match's end (and its title and words) until this player says Next or
        # the table deals: back from its replay the box asks again.
        self._result: tuple[MatchEnd, str, str] | None = None
        self._result_box: Dialog | None = None  # the box that asks it, while open
        self._told_gone = False

    def enter(self) -> None:
        for button in self.scene.hud.buttons:
            if button.key in TABLE_ONLY:
                button.visible = False
        if self._result is not None and self.scene.hud.dialog is None:
            self._ask_result()

    def update(self) -> None:
        for message in self.net.poll():
            if isinstance(message, MatchEnd):
                self._match_over(message)
        lobby = self.net.client.lobby
        if self._result is not None and lobby is not None and lobby.match > self._result[0].match:
            self._result = None  # dealt (this player's time ran out): the box is stale
            if self.scene.hud.dialog is self._result_box:  # and goes, off the new match
                self.scene.hud.dialog = None
        if self.net.problem:
            self.scene.hud.say(self.net.problem, error=True)
            self.net.problem = ""
        if self.net.ended and not self._told_gone:
            self._told_gone = True
            self._gone()

    def _match_over(self, end: MatchEnd) -> None:
        title, body = self.end_words or (f"Match {end.match} is over", "")
        self.end_words = None
        self._result = (end, title, f"{body} {self.net.match_words(end)}".strip())
        self._ask_result()

    def _ask_result(self) -> None:
        assert self._result is not None
        end, title, words = self._result
        dialog = Dialog(title, words, [("ok", "Next match" if end.next else "OK",
                                        "n" if end.next else "o"),
                                       ("replay", "Watch replay", "w"),
                                       ("leave", "Leave", "l")],
                        lambda c: self._after_match(c, end.match), cancel_key="ok", height=420,
                        kind="Network match over")
        dialog.on_frame = lambda: self._count_down(dialog, words)
        self._result_box = dialog
        self.scene.hud.ask(dialog)

    def _count_down(self, dialog: Dialog, words: str) -> None:
        """The seconds this player has left to read, once another person wants to go on."""
        wait = self.net.own_wait("next")
        dialog.body = words if wait is None else \
            f"{words} Dealt without you in {self.net.seconds_left(wait)} s."

    def _after_match(self, choice: str, match: int) -> None:
        """The table deals the next match once everyone said so (or their time is up): the
        replay shows the one just played, and the box asks again after it."""
        if choice != "replay":
            self._result = None
        if choice == "ok":
            self.net.client.next_match()
        elif choice == "leave":
            self.scene.app.pop()
        elif choice == "replay":
            path = self.net.replay_of(match)
            if path is None:
                self.scene.app.error("The match's replay has not arrived yet.")
                self._ask_result()
                return
            from scenes.card_scene import CardGameScene  # it imports this module
            assert isinstance(self.scene, CardGameScene)  # only a game's scene ends a match
            self.scene.records.last_replay = path
            self.scene.open_page("replay")

    def _gone(self) -> None:
        """The connection is over: say why once, with what can be done about it."""
        client, body = self.net.client, self.net.ended
        choices = [("leave", "Leave", "l")]
        if client.status == "unreachable":
            choices[:0] = [("again", "Try again", "t")]
            if self.change_address is not None:
                choices[1:1] = [("change", "Change address", "c")]
        elif client.status == "refused" and client.refusal is not None \
                and client.refusal.code == "started":
            body = "This table is playing and has no seat for you: watch it, or leave."
            if self.net.seat_gone:
                body = "Your seat at this table is gone (it ended or started again), and " \
                    "it is playing with no seat for you: watch it, or leave."
            choices[:0] = [("watch", "Watch", "w")]
        elif client.status == "unanswered":  # the words say what Try again does
            choices[:0] = [("again", "Try again", "t")]
        elif client.status == "lost" and client.token:
            body += " Your seat is kept for a while: try again, or leave."
            choices[:0] = [("again", "Try again", "t")]

        def chosen(choice: str) -> None:
            if choice in ("again", "watch"):
                self._told_gone = False
                self.net.rejoin("spectator" if choice == "watch" else "")
            elif choice == "change" and self.change_address is not None:
                self.change_address()
            else:
                self.scene.app.pop()

        self.scene.hud.ask(Dialog("Connection", body, choices, chosen, cancel_key="leave"))

    def handle(self, action: Action) -> bool:
        """The chat's own actions; True when the action was taken here. Chat opens over
        any dialog: a round's summary is just when people say "gg"; while the entry is
        open every key is its own, so none reaches the dialog or the table."""
        if self.net.chat.handle(action):
            return True
        if action.kind == Act.CHAT:
            self.open_chat(action.device)
            return True
        return False

    def open_chat(self, device: str) -> None:
        """The keyboard types a line; a pad picks a stock phrase, over the dialog that
        is up (it comes back once the phrase is sent)."""
        hud = self.scene.hud
        if device != "pad":
            self.net.chat.open_entry(keyboard=hud.pads())
            return
        under = hud.dialog
        say = phrase_dialog(self.net.client.send_chat,
                            lambda: self.net.chat.open_entry(keyboard=True))
        answer = say.on_choice

        def answered(choice: str) -> None:
            answer(choice)
            if under is not None and hud.dialog is None:
                hud.ask(under)

        say.on_choice = answered
        hud.ask(say)

    def ask_leave(self) -> None:
        """No (stay) is the default: the host's leaving ends the table for everyone, a
        guest's hands the seat to the computer, and a spectator's changes nothing."""
        if self.net.hosted is not None:
            words = "You host it: it closes for everyone."
        elif self.net.seat == SPECTATOR:
            words = "You only watch it: it plays on without you (connect again to watch more)."
        else:
            words = "Your seat is kept for a while, and the computer plays it after that."
        confirm(self.scene.hud, "Leave", f"Leave this network table? {words}",
                self.scene.app.pop, default_no=True)

    def draw_items(self) -> list[DrawItem]:
        """The chat, and across the top the connection's trouble, or else whom the table
        waits for (a dropped player, a turn under the timer, a Next match): right of the
        title (it ran over it in TV mode's bigger text), smaller when it is long."""
        vp = self.scene.viewport
        items = self.net.chat.draw_items(vp)
        trouble = self.net.trouble
        line, color = (trouble, ERROR) if trouble else (self.net.waiting, GOLD)
        if line:
            left = self.scene.title_end(vp) + LINE_GAP
            width = DESIGN_W - LINE_GAP - left
            size = fitting_size(vp, line, LINE_SIZE, LINE_SMALLEST, width, bold=True)
            image = text_image(vp, line, size or LINE_SMALLEST, color, bold=True)
            x, y = vp.to_px(left + width / 2, TROUBLE_Y)
            items.append(DrawItem(("net", "line"), image, (x - image.get_width() // 2, y),
                                  UI_Z + 2))
        return items

    def line_bottom(self, vp: Viewport) -> float:
        """Where the line across the top ends below, in design units, whether or not it
        is said now (what sits under it must not jump when it comes and goes)."""
        return TROUBLE_Y + text_image(vp, "Ag", LINE_SIZE, bold=True).get_height() / vp.scale

    def leave(self) -> None:
        self.net.leave()
