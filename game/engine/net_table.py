"""What a scene at a network table holds besides its seat: the connection (polled once
a frame, never waited on), the names from the lobby, the chat, each finished match's
replay through this seat's eyes (a spectator's: the public view), the seat's token kept
on disk (so that a crash does not cost the seat), and the server when this machine
hosts the table. It says whom the table waits for, counting the seconds down on this
machine's clock. The lobby scene and
the game's scene share one ``NetworkTable`` in turn."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame

from game import seat_replay, seat_tokens, wallclock
from game.engine.chat import ChatPanel
from game.net.client import SeatForgotten, ThreadedClient
from game.net.hosting import HostedServer
from game.net.protocol import Lobby, MatchEnd, Replay, Waiting, Welcome
from game.net.server import DEFAULT_TABLE
from game.recent_tables import Address
from game.rules.base import SPECTATOR
from game.rules.outcome import DRAWN, LOST, WON
from game.seat_json import JsonClient

PASSING = {"connecting": "Connecting\u2026",  # said over the table while it lasts
           "reconnecting": "Connection lost: trying again\u2026",
           "waiting": "The table is not answering: trying again\u2026"}
ENDED = {"lost": "The connection is lost.",  # said once, in the dialog that ends it
         "closed": "The table has closed.",
         "refused": "The table did not seat you.",
         "unreachable": "", "unanswered": ""}  # the problem says it all
WAITS_SAID = 2  # the soonest waits said on the line; each seat's own note says the rest


@dataclass(frozen=True)
class Awaited:
    """Someone the table waits for: why ("away", "turn", "next"), and until when on this
    machine's clock."""

    seat: int
    why: str
    until: float


@dataclass
class NetworkTable:
    client: ThreadedClient
    save_dir: Path
    hosted: HostedServer | None = None
    address: str = ""  # what the others type to join (the host shows it)
    chat: ChatPanel = field(init=False)
    saved: list[Path] = field(default_factory=list)  # replays written, oldest first
    problem: str = ""  # a replay that could not be written
    seat_gone: bool = False  # the seat kept here was not known to the table any more
    clock: Callable[[], float] = time.monotonic
    waits: list[Awaited] = field(default_factory=list)
    kept: seat_tokens.KeptSeat | None = None  # this seat as noted on disk

    def __post_init__(self) -> None:
        self.chat = ChatPanel(pygame.Rect(0, 0, 380, 240), self.client.send_chat)

    # -- each frame ------------------------------------------------------------------------

    def poll(self) -> list[Any]:
        """Take in what arrived; the messages, for the scene to react to."""
        handled = self.client.poll()
        self.chat.lines = [(line.sender, line.text) for line in self.client.chat]
        for message in handled:
            if isinstance(message, Replay) and message.part == message.parts - 1:
                self._save_replay(message.match)
            elif isinstance(message, Waiting):
                now = self.clock()
                self.waits = [Awaited(w.seat, w.why, now + w.left) for w in message.waits]
            elif isinstance(message, Welcome):
                self.waits = []  # the table says them again if there are any
                if message.token:
                    host = self.kept.host if self.kept is not None else ""
                    self._keep_seat(seat_tokens.KeptSeat(self.dialled, message.table,
                                                         message.token, message.game, host))
            elif isinstance(message, Lobby) and self.kept is not None and not self.kept.host \
                    and 0 <= message.host < len(message.seats) and message.host != self.seat:
                # whose table it is, for the menu's offer to rejoin it after a crash
                self._keep_seat(replace(self.kept, host=message.seats[message.host].name))
            elif isinstance(message, SeatForgotten):
                self._forget_seat(message.table)
        return handled

    @property
    def dialled(self) -> str:
        """The address as the player would type it: the key of the seat kept there."""
        return str(Address(self.client.host, self.client.port))

    def _keep_seat(self, seat: seat_tokens.KeptSeat) -> None:
        self.kept = seat
        try:
            seat_tokens.keep(self.save_dir, seat)
        except OSError as exc:
            self.problem = f"Your seat could not be noted for a restart: {exc.strerror or exc}"

    def _forget_seat(self, table: str) -> None:
        """The kept seat belonged to a table that has ended or started again: joining
        the new one as a newcomer needs no word (a refusal that follows says it)."""
        self.seat_gone = True
        try:
            seat_tokens.forget(self.save_dir, self.dialled, table or DEFAULT_TABLE)
        except OSError:
            pass  # the table refuses it next time too, and it is forgotten then

    @property
    def seat_client(self) -> JsonClient[Any, Any] | None:
        return self.client.seat_client

    @property
    def seat(self) -> int:
        return self.client.seat

    @property
    def playing(self) -> bool:
        """A match is on and this seat has its first view."""
        seat = self.client.seat_client
        return self.client.status == "playing" and seat is not None and seat.has_view

    @property
    def hosting(self) -> bool:
        lobby = self.client.lobby
        return lobby is not None and lobby.host == self.seat

    @property
    def trouble(self) -> str:
        """A line while the connection is not in order but may come right, else ""."""
        return PASSING.get(self.client.status, "")

    @property
    def ended(self) -> str:
        """Why the connection is over (for the one dialog that says so), else ""."""
        if self.client.status not in ENDED:
            return ""
        return f"{ENDED[self.client.status]} {self.client.problem}".strip()

    # -- seats ------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """``seat``'s name at the table ("You" for this machine's seat)."""
        if seat == self.seat:
            return "You"
        lobby = self.client.lobby
        if lobby is None or not 0 <= seat < len(lobby.seats) or not lobby.seats[seat].name:
            return f"Seat {seat + 1}"
        return lobby.seats[seat].name

    def seat_note(self, seat: int) -> str:
        """Why a seat is not played by its person now ("" when it is)."""
        lobby = self.client.lobby
        if lobby is None or not 0 <= seat < len(lobby.seats) or seat == self.seat:
            return ""
        info = lobby.seats[seat]
        if info.kind != "human" or info.connected:
            return ""
        if info.level:
            return "computer stands in"
        away = self._wait(seat, "away")
        return "connection lost" if away is None else \
            f"connection lost, computer in {self.seconds_left(away)} s"

    def own_wait(self, why: str) -> Awaited | None:
        """What the table waits for from this seat (None: nothing)."""
        return self._wait(self.seat, why)

    def _wait(self, seat: int, why: str) -> Awaited | None:
        return next((w for w in self.waits if (w.seat, w.why) == (seat, why)), None)

    def seconds_left(self, wait: Awaited) -> int:
        return max(0, math.ceil(wait.until - self.clock()))

    @property
    def waiting(self) -> str:
        """Whom the table waits for and how long, the soonest first ("" for nobody)."""
        said = []
        soonest = sorted(self.waits, key=lambda w: w.until)[:WAITS_SAID]
        # Said in a fixed order (this seat first): by time, a race's two turns swapped
        # places every few seconds as each clock was started again.
        for wait in sorted(soonest, key=lambda w: (w.seat != self.seat, w.seat, w.why)):
            left, name = self.seconds_left(wait), self.name(wait.seat)
            if wait.why == "away":
                said.append(f"Waiting for {name}: the computer takes the seat in {left} s")
            elif wait.why == "turn":
                said.append(f"Your move: {left} s left" if wait.seat == self.seat
                            else f"Waiting for {name}'s move: {left} s")
            elif wait.seat == self.seat:
                said.append(f"The next match is dealt in {left} s")
            else:
                said.append(f"Waiting for {name} to say Next match: {left} s")
        return " \u00b7 ".join(said)

    # -- the end of a match ---------------------------------------------------------------

    def match_words(self, end: MatchEnd) -> str:
        """The server's account of a match: the points ("Computer 3: 29", never the
        ambiguous "Computer 3 29") and what happens next. The games leave the points to
        it at a network table, so the end box says them once. A seat the computer
        played for someone away is named so: the person did not play all of it."""
        def name(seat: int) -> str:
            stood_in = " (computer standing in)" if seat in end.stood_in else ""
            return f"{self.name(seat)}{stood_in}"

        scores = ", ".join(f"{name(s)}: {-round(v)}" if v <= 0 else
                           f"{name(s)}: {v:g}" for s, v in enumerate(end.scores))
        winners = " and ".join(name(s) for s in end.winners)
        won = f"{winners} won match {end.match}" if len(end.winners) == 1 else \
            f"Match {end.match} was a tie: {winners} share it"
        nxt = "The next match is dealt once everyone is ready." if end.next else \
            "That was the table's last match."
        return f"{won}. Points: {scores}. {nxt}"

    def replay_of(self, match: int) -> Path | None:
        """The replay saved here of ``match`` (None until its last part has come)."""
        return next((p for p in reversed(self.saved) if f"-match{match}-" in p.name), None)

    def _save_replay(self, match: int) -> None:
        lobby = self.client.lobby
        bodies = self.client.replays.pop(match, [])
        if not bodies or lobby is None:
            return
        end = self.client.match_end
        winners = end.winners if end is not None and end.match == match else []
        result = "watched" if self.seat == SPECTATOR else \
            LOST if self.seat not in winners else WON if len(winners) == 1 else DRAWN
        replay = seat_replay.SeatReplay(
            lobby.game, self.seat, tuple(s.name for s in lobby.seats), match, result,
            wallclock.now().isoformat(timespec="seconds"), tuple(bodies))
        try:
            self.saved.append(seat_replay.write(self.save_dir, replay))
        except OSError as exc:
            self.problem = f"The match's replay could not be saved: {exc.strerror or exc}"

    # -- leaving ----------------------------------------------------------------------------

    def rejoin(self, role: str = "") -> None:
        """A new connection with the seat's token (or as ``role``: a spectator), feeding
        the same seat client (the scene keeps it), after the old one gave up. A table
        that seated us is dialled back as a dropped line is (patiently, for the seat)."""
        old = self.client
        new = ThreadedClient(old.host, old.port, old.name, role=role or old.role,
                             token=old.token, table=old.table, silence=old.silence,
                             timer=old.timer, rejoin=old.welcome is not None and not role)
        new.seat_client, new.lobby, new.chat = old.seat_client, old.lobby, old.chat
        if new.seat_client is not None:
            new.seat_client.send = new.send_seat
        old.close()
        self.client = new
        self.chat.send = new.send_chat

    def leave(self) -> None:
        """Goodbye to the table (and stop the server this machine hosts)."""
        self.client.close()
        if self.hosted is not None:
            self.hosted.close()
