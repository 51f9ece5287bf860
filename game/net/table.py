"""One network table: its seats and who holds them, the lobby, the matches, and the
faults (people who drop, come back, or stay away). Everything runs on the server's
event loop, one event at a time; the session's calls are synchronous.

Each seat has one ``SeatPort`` per match, whose messages (built from that seat's own
observation) are kept for the seat's replay and forwarded to whoever holds the seat:
a person's connection, or nobody while the computer plays it. A spectator's port sends
the public view, kept for its replay the same way. Computer seats think
through ``ComputerSeats`` from the session's view of their seat alone.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from game import seeds
from game.net import computer
from game.net.computer import ComputerSeats
from game.net.protocol import (
    CHAT_HISTORY,
    MAX_BODY,
    Chat,
    Error,
    Lobby,
    MatchEnd,
    Replay,
    Seat,
    SeatInfo,
    Wait,
    Waiting,
    Welcome,
    encode,
)
from game.net.protocol import VERSION as PROTOCOL_VERSION
from game.replay.recorder import Recorder
from game.rules.base import SPECTATOR
from game.rules.outcome import LOST
from game.rules.registry import GAME_BY_ID
from game.seat_json import ProtocolError as SeatProtocolError
from game.seat_json import SeatPort
from game.session import Session, TablePolicy, Update


class Peer(Protocol):
    """A connection as a table sees it."""

    name: str
    seat: int  # SPECTATOR for a watcher; -1 before it sits

    def send(self, message: Any) -> None: ...

    def send_frame(self, frame: bytes) -> None: ...

    def refuse(self, code: str, message: str) -> None:
        """An error reply, then the connection closes."""
        ...

    def close(self, reason: str) -> None: ...


WHEN_FULL = -1  # start_when: as soon as every seat is taken
CACHED_STATES = 25  # no seat seeks or undoes here: a few states, not a whole match


@dataclass(frozen=True)
class TableOptions:
    game: str = "chinese-poker"
    config: dict[str, Any] = field(default_factory=dict)  # the game's own config
    start_when: int = 0  # start once this many people sit (0: when the host says; WHEN_FULL)
    matches: int = 0  # then close the table (0: play on)
    turn_timer: float = 0.0  # seconds before a default move for someone away (0: off)
    grace: float = 60.0  # seconds a dropped person's seat waits for them
    level: str = ""  # computer seats' level ("": the game's default)
    between: float = 30.0  # seconds the table waits for people's Next match (0: none)
    # In a race (every seat plays at once) the computer takes this long over each card,
    # as a person would: at once, it had every card down before anyone looked.
    race_pace: float = 3.0


@dataclass
class Eyes:
    """A seat's or a spectator's port on the match (that seat's view, or the public one)
    and what it was sent of the match: the replay through those eyes."""

    port: SeatPort | None = None
    history: list[str] = field(default_factory=list)

    def watch(self, session: Session, seat: int, send: Callable[[str], None]) -> None:
        """A match begins (or is joined): each message kept, and handed to ``send``."""
        self.history = []

        def deliver(text: str) -> None:
            self.history.append(text)
            send(text)

        self.port = SeatPort(session, seat, deliver)

    def close(self) -> list[str]:
        """The match is over (or the watcher gone): the port shut; what it was sent."""
        if self.port is not None:
            self.port.close()
            self.port = None
        history, self.history = self.history, []
        return history


@dataclass
class TableSeat:
    index: int
    kind: str = "open"  # "open" | "human" | "computer"
    name: str = ""
    level: str = ""
    token_hash: str = ""
    ready: bool = False
    peer: Peer | None = None
    away_since: float | None = None
    stand_in: bool = False  # the computer plays while the person is away
    turn_since: float | None = None
    overdue: bool = False  # the turn timer ran out; a default move is on its way
    eyes: Eyes = field(default_factory=Eyes)  # this match's seat messages

    @property
    def computer_plays(self) -> bool:
        return self.kind == "computer" or self.stand_in

    def info(self) -> SeatInfo:
        level = self.level if self.computer_plays else ""
        return SeatInfo(self.index, self.name, self.kind, self.ready, self.peer is not None,
                        level)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_text(text: str, longest: int) -> str:
    """One line of printable text: names and chat never carry control characters."""
    return "".join(c for c in text if c.isprintable()).strip()[:longest]


@dataclass
class MatchResult:
    match: int
    scores: list[float]
    winners: list[int]


class Table:
    def __init__(self, table_id: str, options: TableOptions, *,
                 executor: Executor | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 on_change: Callable[[Table], None] = lambda table: None) -> None:
        entry = GAME_BY_ID[options.game]
        if entry.rules is None or not entry.agents:
            raise ValueError(f"{entry.title} cannot be played at a network table")
        self.id, self.options, self.rules, self.clock = table_id, options, entry.rules, clock
        count = self.rules.seat_count(self.rules.new_game(0, dict(options.config)))
        if count < 2:
            raise ValueError(f"{entry.title} with these options is for one player")
        self.level = options.level or computer.default_level(options.game)
        computer.make_agent(options.game, self.level)  # refuses an unknown level now
        self.seats = [TableSeat(i) for i in range(count)]
        self.race = entry.at_once(options.config)
        self.host = -1
        self.phase = "lobby"  # "lobby" | "playing" | "over"
        self.match = 0
        self.totals = [0] * count
        self.results: list[MatchResult] = []
        self.session: Session | None = None
        self.stood_in: set[int] = set()  # seats the computer played for someone away
        self.spectators: dict[Peer, Eyes] = {}
        self.computers = ComputerSeats(options.game, executor)
        self.on_change = on_change  # after every move and seat change: the server saves
        self.refusals = 0
        self.chat_lines: deque[Chat] = deque(maxlen=CHAT_HISTORY)  # for newcomers
        self.waiting: set[int] = set()  # between matches: seats whose Next has not come
        self.paused_since: float | None = None  # the last match ended, the next not dealt
        # When the first person said Next in this pause: from then on the silent have the
        # ``between`` seconds. Before it nobody wants to go on, and nothing is dealt.
        self.next_since: float | None = None
        self._told_waits: list[tuple[int, str, float]] = []  # the waits said last
        self._pending = False
        self._tasks: set[asyncio.Task[None]] = set()  # replays being sent

    # -- who is here -----------------------------------------------------------------

    @property
    def peers(self) -> list[Peer]:
        return [s.peer for s in self.seats if s.peer is not None] + list(self.spectators)

    def seat_for_token(self, token: str) -> TableSeat | None:
        wanted = hash_token(token)
        return next((s for s in self.seats if s.token_hash
                     and hmac.compare_digest(s.token_hash, wanted)), None)

    def join(self, peer: Peer, name: str, role: str, token: str) -> None:
        """A new connection: a watcher, a person back with a token, or a newcomer."""
        if role == "spectator":
            self._watch(peer)
        elif token:
            seat = self.seat_for_token(token)
            if seat is None:
                peer.refuse("token", "That seat token is not valid at this table.")
            else:
                self._sit(seat, peer, seat.name)
        elif self.phase != "lobby":
            peer.refuse("started", "This table is playing: join as a spectator, or come "
                        "back with your seat token.")
        else:
            seat = next((s for s in self.seats if s.kind == "open"), None)
            if seat is None:
                peer.refuse("full", "Every seat at this table is taken.")
            else:
                self._sit(seat, peer, clean_text(name, 24) or f"Player {seat.index + 1}")
                self._maybe_start()

    def _watch(self, peer: Peer) -> None:
        if not self.rules.has_public_view:
            peer.refuse("no_spectators", "This game has no view for spectators.")
            return
        peer.seat = SPECTATOR
        peer.send(Welcome(PROTOCOL_VERSION, self.id, self.rules.game_id, SPECTATOR, "",
                          "spectator", self.host))
        self._tell_chat(peer)
        self.spectators[peer] = eyes = Eyes()
        self._watch_match(peer, eyes)
        self.broadcast_lobby()
        self._tell_waits(peer)

    def _watch_match(self, peer: Peer, eyes: Eyes) -> None:
        if self.session is not None:
            eyes.watch(self.session, SPECTATOR, lambda text: peer.send(Seat(text)))

    def _sit(self, seat: TableSeat, peer: Peer, name: str) -> None:
        """``peer`` takes ``seat`` (again): a fresh token, the whole view, the lobby."""
        if seat.peer is not None and seat.peer is not peer:
            seat.peer.close("Your seat was taken back from another connection.")
        token = secrets.token_urlsafe(24)
        seat.kind, seat.name, seat.token_hash, seat.peer = "human", name, hash_token(token), peer
        seat.away_since, seat.stand_in, seat.overdue = None, False, False
        if self.host < 0:
            self.host = seat.index
        peer.seat = seat.index
        peer.send(Welcome(PROTOCOL_VERSION, self.id, self.rules.game_id, seat.index, token,
                          "player", self.host))
        self._tell_chat(peer)
        if self.session is not None:  # one full update: the whole current view
            SeatPort(self.session, seat.index, lambda text: peer.send(Seat(text))).close()
            seat.turn_since = self.clock() if seat.index in self.session.acting_seats() else None
        self.broadcast_lobby()
        if self.paused_since is not None and self.next_since is None and not self.waiting:
            self.next_since = self.clock()  # back at a table nobody stayed at: play on
            self._deal_when_ready()
        self._tell_waits(peer)
        self.on_change(self)

    def _tell_chat(self, peer: Peer) -> None:
        """What was said before ``peer`` came (all of it public: chat is for everyone)."""
        for line in self.chat_lines:
            peer.send(line)

    def leave(self, peer: Peer, dropped: bool = False) -> None:
        """A connection ended: said goodbye, or ``dropped`` (the line, the heartbeat, a
        kick), when the seat waits the grace period for its token, in the lobby too."""
        if peer in self.spectators:
            self.spectators.pop(peer).close()
        elif 0 <= peer.seat < len(self.seats) and self.seats[peer.seat].peer is peer:
            seat = self.seats[peer.seat]
            seat.peer = None
            if self.phase == "lobby" and not dropped:
                self._free(seat)
            else:
                seat.away_since = self.clock()
            self.waiting.discard(seat.index)
        else:
            return
        self.broadcast_lobby()
        self._deal_when_ready()
        self._tell_waits()

    def _free(self, seat: TableSeat) -> None:
        was_host = seat.index == self.host
        self.seats[seat.index] = TableSeat(seat.index)
        if was_host:
            self.host = next((s.index for s in self.seats if s.kind == "human"), -1)

    # -- the lobby ----------------------------------------------------------------------

    def lobby(self) -> Lobby:
        return Lobby(self.id, self.rules.game_id, dict(self.options.config), self.phase,
                     self.host, [s.info() for s in self.seats], self.match,
                     self.options.matches, len(self.spectators), self.options.turn_timer)

    def broadcast(self, message: Any) -> None:
        frame = encode(message)
        for peer in self.peers:
            peer.send_frame(frame)

    def broadcast_lobby(self) -> None:
        self.broadcast(self.lobby())

    def waits(self) -> list[tuple[int, str, float]]:
        """Whom the table waits for: (seat, why, when it stops waiting) for a dropped
        person ("away": then the computer plays), a person's turn under the turn timer
        ("turn": then a default move) and a person's Next match ("next": then the deal)."""
        options, out = self.options, []
        for seat in self.seats:
            if self.phase == "playing" and seat.kind == "human" and seat.peer is None \
                    and not seat.stand_in and seat.away_since is not None:
                out.append((seat.index, "away", seat.away_since + options.grace))
            if options.turn_timer and self.session is not None and not seat.computer_plays \
                    and seat.turn_since is not None and not seat.overdue:
                out.append((seat.index, "turn", seat.turn_since + options.turn_timer))
            if self.next_since is not None and seat.index in self.waiting:
                out.append((seat.index, "next", self.next_since + options.between))
        return out

    def _tell_waits(self, newcomer: Peer | None = None) -> None:
        """Say the waits to everyone when they changed (to a ``newcomer`` in any case):
        the seconds left, which each machine counts down on its own clock."""
        waits = self.waits()
        if waits == self._told_waits and (newcomer is None or not waits):
            return
        now = self.clock()
        message = Waiting([Wait(seat, why, round(max(0.0, end - now), 1))
                           for seat, why, end in waits])
        if waits != self._told_waits:
            self._told_waits = waits
            self.broadcast(message)
        elif newcomer is not None:
            newcomer.send(message)

    def ready(self, peer: Peer, ready: bool) -> None:
        if 0 <= peer.seat < len(self.seats):
            self.seats[peer.seat].ready = ready
            self.broadcast_lobby()

    def set_computers(self, peer: Peer, seats: list[int], level: str,
                      levels: list[str] | None = None) -> None:
        """The host says which open seats the computer takes (the rest open up), each at
        ``levels``' level in the same order, or all at ``level``."""
        if not self._hosting(peer):
            return
        if levels and len(levels) != len(seats):
            peer.send(Error("seats", "Give one level for each computer seat."))
            return
        wanted = list(levels or [level] * len(seats))
        unknown = [lv for lv in wanted if lv and lv not in computer.levels(self.rules.game_id)]
        if unknown:
            peer.send(Error("level", f"No computer player {unknown[0][:16]!r} for this game."))
            return
        if any(not 0 <= i < len(self.seats) or self.seats[i].kind == "human" for i in seats):
            peer.send(Error("seats", "The computer can only take open seats."))
            return
        chosen = dict(zip(seats, wanted, strict=True))
        for seat in self.seats:
            if seat.index in chosen:
                seat.kind, seat.level = "computer", chosen[seat.index] or self.level
                seat.name = f"Computer {seat.index + 1}"
            elif seat.kind == "computer":
                self.seats[seat.index] = TableSeat(seat.index)
        self.broadcast_lobby()
        self._maybe_start()

    def start(self, peer: Peer, anyway: bool = False) -> None:
        if not self._hosting(peer):
            return
        waiting = [s.name for s in self.seats
                   if s.kind == "human" and not s.ready and s.index != self.host]
        if waiting and not anyway:
            peer.send(Error("not_ready", f"Waiting for {', '.join(waiting)} to be ready."))
            return
        self.start_match()

    def _hosting(self, peer: Peer) -> bool:
        if peer.seat != self.host or self.phase != "lobby":
            peer.send(Error("not_host", "Only the host can do that, before the match."))
            return False
        return True

    def _maybe_start(self) -> None:
        people = sum(s.kind == "human" for s in self.seats)
        wanted = self.options.start_when
        wanted = len(self.seats) if wanted == WHEN_FULL else min(wanted, len(self.seats))
        if self.phase == "lobby" and wanted and people >= wanted:
            self.start_match()

    def chat(self, peer: Peer, text: str) -> None:
        line = clean_text(text, 200)
        if line:
            message = Chat(line, peer.name, peer.seat)
            self.chat_lines.append(message)
            self.broadcast(message)
            self.on_change(self)  # saved with the table: a resumed one still has it

    # -- play ---------------------------------------------------------------------------

    def start_match(self, recorder: Recorder[Any, Any] | None = None) -> None:
        """Deal a new match (or carry on with a restored one)."""
        for seat in self.seats:
            if seat.kind == "open":
                seat.kind, seat.level, seat.name = "computer", self.level, \
                    f"Computer {seat.index + 1}"
        if recorder is None:
            self.match += 1
            recorder = Recorder(self.rules, seeds.fresh(63), dict(self.options.config),
                                undo_allowed=False, cache_size=CACHED_STATES,
                                meta={"table": self.id, "match": self.match})
        # No seat takes moves back or deals again: the server deals each match itself.
        policy = TablePolicy(undo=False, restart=False, choose=False)
        self.session = session = Session(self.rules, recorder, policy)
        self.stood_in = {s.index for s in self.seats if s.stand_in}
        for seat in self.seats:
            seat.eyes.watch(session, seat.index, partial(self._deliver, seat))
        for peer, eyes in self.spectators.items():
            self._watch_match(peer, eyes)
        session.add_listener(self._changed)
        self.phase = "playing"
        self.computers.new_match()
        self.broadcast_lobby()
        self._schedule()

    @staticmethod
    def _deliver(seat: TableSeat, text: str) -> None:
        if seat.peer is not None:
            seat.peer.send(Seat(text))

    def seat_message(self, peer: Peer, body: str) -> bool:
        """A move or command from a person's seat, judged by the session: whether it
        changed the table (if not, the seat has been told why)."""
        seat = self.seats[peer.seat] if 0 <= peer.seat < len(self.seats) else None
        if seat is None or seat.eyes.port is None or self.session is None:
            peer.send(Error("not_playing", "There is no match at your seat now."))
            return False
        position = self.session.position
        try:
            seat.eyes.port.receive(body)
        except SeatProtocolError as exc:
            peer.refuse("bad_seat_message", str(exc)[:200])
            return False
        if self.session.position == position:
            self.refusals += 1
            return False
        return True

    def _changed(self, update: Update) -> None:
        session = self.session
        if session is not None and update.kind == "play" and session.recorder.length:
            mover = getattr(session.recorder.moves[-1], "seat", None)
            if isinstance(mover, int) and 0 <= mover < len(self.seats):
                self.seats[mover].turn_since, self.seats[mover].overdue = self.clock(), False
        self._schedule()

    def _schedule(self) -> None:
        """Work after a change, once every seat has been told of it."""
        if not self._pending:
            self._pending = True
            asyncio.get_running_loop().call_soon(self._after_change)

    def _after_change(self) -> None:
        self._pending = False
        session = self.session
        if session is None or self.phase != "playing":
            return
        if session.over:  # saved at the pause, never as a match still to end
            self._end_match(session)
            return
        self.on_change(self)
        acting = session.acting_seats()
        now = self.clock()
        for seat in self.seats:
            if seat.index not in acting:
                seat.turn_since, seat.overdue = None, False
            elif seat.turn_since is None:
                seat.turn_since = now
        self._computer_moves(now)
        self._tell_waits()

    def _computer_moves(self, now: float) -> None:
        """The computer's seats (and stand-ins) move: in a race a card once its
        ``race_pace`` seconds have gone by since the last (``tick`` looks again)."""
        pace = self.options.race_pace if self.race else 0.0
        for seat in self.seats:
            if seat.computer_plays and (seat.turn_since is None or now - seat.turn_since >= pace):
                self._play_for(seat, seat.level, partial(getattr, seat, "computer_plays"))

    async def drained(self) -> None:
        """Once every replay under way has been queued to its reader."""
        await asyncio.gather(*self._tasks)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _play_for(self, seat: TableSeat, level: str, wanted: Callable[[], bool]) -> None:
        session = self.session
        if session is not None:
            self.computers.consider(session, seat.index, level,
                                    lambda: self.session is session and wanted())

    def tick(self) -> None:
        """Time-driven faults: grace periods that ran out, turns that took too long."""
        if self.phase == "over":
            return
        now = self.clock()
        if self.next_since is not None and now - self.next_since >= self.options.between:
            self.waiting.clear()  # whoever has not answered is taken as ready
            self._deal_when_ready()
        gone = [s for s in self.seats if s.kind == "human" and s.peer is None
                and not s.stand_in and s.away_since is not None
                and now - s.away_since >= self.options.grace]
        if self.phase == "lobby":
            for seat in gone:  # nobody came back before the match: the seat opens
                self._free(seat)
        elif self.session is not None:
            for seat in gone:
                seat.stand_in, seat.level = True, self.level
                self.stood_in.add(seat.index)
            self._computer_moves(now)
            self._time_turns(now)
        if gone:
            self.broadcast_lobby()
        self._tell_waits()

    def _time_turns(self, now: float) -> None:
        """The turn timer: a default move for a person who let it run out."""
        timer = self.options.turn_timer
        for seat in self.seats:
            if timer and seat.turn_since is not None and not seat.computer_plays \
                    and not seat.overdue and now - seat.turn_since >= timer:
                seat.overdue = True
                self._play_for(seat, computer.fallback_level(self.rules.game_id),
                               partial(getattr, seat, "overdue"))

    def _end_match(self, session: Session) -> None:
        scores = list(session.returns())
        assert session.outcome is not None  # the match is over
        winners = [i for i, r in enumerate(session.outcome.results) if r != LOST]  # or tied
        for i in winners:
            self.totals[i] += 1
        self.results.append(MatchResult(self.match, scores, winners))
        last = bool(self.options.matches) and self.match >= self.options.matches
        names = [s.name for s in self.seats]
        self.broadcast(MatchEnd(self.match, names, scores, winners, list(self.totals),
                                not last, sorted(self.stood_in)))
        watched = [(seat.peer, seat.eyes) for seat in self.seats] + list(self.spectators.items())
        for peer, eyes in watched:  # each replay through its own eyes (a spectator's too)
            history = eyes.close()
            if peer is not None:
                self._spawn(send_replay(peer, replay_parts(self.match, history)))
        session.remove_listener(self._changed)
        self.session = None
        if last:
            self.phase = "over"
            self.broadcast_lobby()
        else:
            self._pause()
        self.on_change(self)

    def _pause(self) -> None:
        """Between matches the finished table stays on everyone's screen until each
        connected person says Next match (the computer is always ready). A person who
        reads the result or watches the replay is not silent: the ``between`` seconds
        run only once another person wants to go on, and with nobody wanting to, the
        table deals nothing (stand-ins never play match after match on their own)."""
        self.waiting = {s.index for s in self.seats if s.peer is not None and not s.stand_in}
        self.paused_since, self.next_since = self.clock(), None
        if not self.options.between:  # no pause at this table
            self.waiting.clear()
            self.next_since = self.paused_since
        self._deal_when_ready()
        self._tell_waits()

    def next_match(self, peer: Peer) -> None:
        """``peer`` is ready for the next deal (said at any other time, it means nothing)."""
        if self.paused_since is None or not 0 <= peer.seat < len(self.seats):
            return  # a spectator's word deals nothing; someone back since the end's does
        self.waiting.discard(peer.seat)
        if self.next_since is None:
            self.next_since = self.clock()
        self._deal_when_ready()
        self._tell_waits()

    def _deal_when_ready(self) -> None:
        if self.paused_since is not None and self.next_since is not None and not self.waiting:
            self.paused_since = self.next_since = None
            self.start_match()


async def send_replay(peer: Peer, parts: list[Replay]) -> None:
    """One part per turn of the loop: a long match's replay is megabytes of JSON, and
    the other tables must not wait while it is encoded."""
    for part in parts:
        peer.send(part)
        await asyncio.sleep(0)


def replay_parts(match: int, bodies: list[str]) -> list[Replay]:
    """A seat's messages of one match, in frames that fit: its replay as it saw it."""
    parts: list[list[str]] = [[]]
    size = 0
    for body in bodies:
        cost = len(body) + body.count('"') + body.count("\\") + 4  # quoted inside a frame
        if parts[-1] and size + cost > MAX_BODY:
            parts.append([])
            size = 0
        parts[-1].append(body)
        size += cost
    return [Replay(match, i, len(parts), chunk) for i, chunk in enumerate(parts)]
