"""The end of a game at a card table, as a part a card scene composes: how it ended for
the player (``ending``), the win sound, the records, the celebration of a win, the end
box and the words once that box is closed.

Its interface to the scene is ``EndHost``: the seat's client and view, and the scene's
hooks ``game_over_message``, ``celebration_banner``, ``own_seat``, ``finished``
(which opens the box, ``box``) and ``over_words``. The scene calls ``game_over`` when
its client says the game is over, ``update`` once a frame (True while the show holds
the table), ``catches`` with each action and ``draw_items`` when drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.cards import Card, card_from_uid
from game.engine.actions import Act, Action
from game.engine.celebration import Celebration
from game.engine.components import Placement
from game.engine.game_record import Ending, RecordKeeper
from game.engine.layout import Viewport
from game.engine.render import DrawItem
from game.engine.ui import Button, Dialog, Hud
from game.rules.outcome import LOST, WATCHED, WON
from game.session import SeatClient, Session
from scenes.net_play import NetPlay
from scenes.table_records import TableRecords

if TYPE_CHECKING:
    from game.engine.app import App

OVER_WORDS_SECONDS = 12.0  # how long the line saying how to go on stays after the end box
# After a win show ends by itself, the end box ignores presses this long: a key pressed
# to end the show a moment too late must not choose New before the summary is read.
SHOW_GRACE_SECONDS = 0.8


class EndHost(Protocol):
    """What the end of a game needs of the scene it ends in."""

    app: App
    hud: Hud
    seat: int
    client: SeatClient[Any, Any]
    session: Session | None
    net: NetPlay | None
    records: RecordKeeper
    saves: TableRecords
    demo: bool
    viewer: bool
    finished_reported: bool
    card_w: float
    card_h: float
    banner_at: tuple[float, float]

    @property
    def view(self) -> Any: ...

    def placements(self, view: Any) -> list[Placement]: ...

    def game_over_message(self, view: Any) -> tuple[str, str]: ...

    def celebration_banner(self, view: Any) -> str: ...

    def own_seat(self) -> int | None: ...

    def finished(self, title: str, body: str) -> None: ...

    def over_words(self) -> str: ...

    def deal_again(self) -> None: ...

    def undo(self) -> None: ...

    def open_page(self, page: str) -> None: ...


class GameEnd:
    def __init__(self, host: EndHost, seed: int) -> None:
        self.host = host
        self.seed = seed  # the celebration's flight of cards
        self.celebration: Celebration | None = None
        self._grace = 0.0  # seconds the end box still ignores presses (above)

    def game_over(self) -> None:
        """The client says the game is over: tell it, once (Undo and a later finish
        tell it again)."""
        host = self.host
        if host.finished_reported:
            return
        host.finished_reported = True
        view = host.view
        title, body = host.game_over_message(view)
        ending = self.ending()
        if ending.result == WON:
            host.app.play_sound("win")
        if host.net is not None:  # said with the server's scores when they come
            host.net.end_words = (title, body)
        if host.viewer or ending.result == WATCHED:  # a spectator played no game
            return
        if host.session is None:  # a table held elsewhere: its game counts all the same
            host.saves.finished_elsewhere(ending)
            return
        title = ending.title(title)
        if not host.demo:
            summary = host.saves.finished(ending, title)
            body = f"{body} {summary}".strip()
            if ending.celebrated:
                self.celebrate(host.celebration_banner(view))
        host.finished(title, body)  # counted and asked now; the show plays over the box

    def ending(self, result: str | None = None) -> Ending:
        """How the game ended for the player's seat (``result``: as the rules have it
        once the game is over), and who played it."""
        host = self.host
        mine = host.own_seat()
        seat = host.seat if mine is None else mine
        if result is None:
            outcome = host.client.outcome  # None: a table from before outcomes were sent
            if outcome is not None and not 0 <= seat < len(outcome.results):
                return Ending(seat, WATCHED, frozenset(), players=False)  # a spectator
            result = outcome.result(seat) if outcome is not None else LOST
        return Ending(seat, result, host.records.hands.at(seat), players=mine is not None)

    def celebrate(self, banner: str) -> None:
        """The cards leap off the table, over the end box until the show is over."""
        host = self.host
        cards = [(card_from_uid(p.card), p.x, p.y) for p in
                 sorted(host.placements(host.view), key=lambda p: -p.z)
                 if p.face_up and p.card is not None]
        self.celebration = Celebration(cards, (host.card_w, host.card_h), seed=self.seed,
                                       banner=banner, banner_at=host.banner_at)

    def update(self, dt: float, animating: bool) -> bool:
        """Run the show (once the winning move has landed); True while it holds the
        table (nothing else at the table moves on)."""
        if self.celebration is not None:
            if not animating:
                self.celebration.update(dt)
            if self.celebration.done:
                self.celebration = None
                self._grace = SHOW_GRACE_SECONDS
            return True
        self._grace = max(0.0, self._grace - dt)
        return False

    def catches(self, action: Action) -> bool:
        """Is ``action`` the end's own: a key, click or button during the show ends it,
        and one just after it ended by itself was meant for the show."""
        if action.kind in (Act.POINTER_MOVE, Act.WHEEL, Act.POINTER_UP):
            return False
        if self.celebration is not None:
            self.celebration = None  # on to the end box
            return True
        return self._grace > 0

    def draw_items(self, vp: Viewport, face: Callable[[Card], pygame.Surface],
                   table_picture: Callable[[], pygame.Surface]) -> list[DrawItem]:
        if self.celebration is None or self.celebration.clock <= 0:
            return []
        return self.celebration.draw_items(vp, face, table_picture)

    def new_button(self) -> Button | None:
        """The table's own New button, if it shows one now."""
        return next((b for b in self.host.hud.buttons if b.key == "new" and b.visible
                     and b.enabled), None)

    def over_words(self) -> str:
        """The status line once the end box is closed: how to go on from the table."""
        new = self.new_button()
        how = f"{new.label} ({new.hotkey.upper()})" if new is not None and new.hotkey \
            else new.label if new is not None else "N"
        return f"The game is over: {how} deals a new one, Menu goes back."

    def box(self, title: str, body: str) -> Dialog:
        """The end box: a new game, the replay, Undo (only where the last move can be
        taken back) or the menu. Esc / pad B just close it and leave the finished table
        to look at; the status line then says how to go on."""
        host = self.host

        def choose(choice: str) -> None:
            if choice == "new":
                host.deal_again()  # the game's own New (Chinese Poker asks who sits where)
            elif choice == "replay":
                host.hud.ask(self.box(title, body))  # still here on return
                host.open_page("replay")
            elif choice == "undo":
                host.undo()
            elif choice == "menu":
                host.app.pop()
            elif choice == "close":
                host.hud.say(host.over_words(), seconds=OVER_WORDS_SECONDS)

        table_new = self.new_button()  # its words: "New session" where a session ended
        buttons = [("new", table_new.label if table_new is not None else "New game", "n")]
        if host.records.last_replay is not None:
            buttons.append(("replay", "Watch replay", "w"))
        if host.client.can_undo:
            buttons.append(("undo", "Undo", "u"))
        buttons.append(("menu", "Menu", "m"))
        return Dialog(title, body, buttons, choose, cancel_key="close", kind="Game over")
