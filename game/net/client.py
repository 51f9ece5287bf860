"""The client end of a network table.

``NetClient`` is the asyncio-native connection (bots and tests use it directly): hello,
then messages in and out, heartbeats answered by itself.

``ThreadedClient`` is what a pygame scene holds: the connection runs on an event loop
in a daemon thread; what arrives is handed over through a ``queue.Queue`` that
``poll()`` drains once a frame on the main thread, where it also feeds the seat's
``JsonClient`` (``seat_client``), the lobby and the chat. Sends go to the loop with
``call_soon_threadsafe``, so a slow or dead server never holds up a frame; what is sent
before the welcome (or while the line is dialled again) waits for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import socket
from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol

from game.net import runtime
from game.net.link import Link, LinkClosed
from game.net.protocol import (
    SERVER_TYPES,
    VERSION,
    Bye,
    Chat,
    Error,
    Hello,
    Lobby,
    MatchEnd,
    Next,
    Ping,
    Pong,
    ProtocolError,
    Ready,
    Replay,
    Seat,
    Seats,
    Start,
    Waiting,
    Welcome,
)
from game.rules.registry import RULES_BY_ID
from game.seat_json import JsonClient
from game.seat_json import ProtocolError as SeatProtocolError

RETRY_DELAYS = (0.0, 0.5, 1.0, 2.0)  # seconds before each automatic reconnection: the
# first at once (a dropped line is usually back), then backing off to the last, which
# repeats: a table whose host resumes it finds its players back within a couple of
# seconds (a dial nobody answers costs next to nothing)
PATIENCE = 180.0  # seconds a table we sat at may go unanswered (its host's program died
# and is started again) before the client gives up and says so
CHAT_LINES = 50
SILENCE = 15.0  # seconds without a word (the server pings every second): the line is dead
DIAL_SECONDS = 10.0  # an address that never answers (a firewall that drops) gives up then
STALE_SEAT = ("token", "table")  # refusals that mean a kept seat is gone
UNSENT = 16  # messages kept while no line is open (before the welcome, while redialling)


class Timer(Protocol):
    """A client's time: read for its patience and waited on between dials (a test moves
    a timer of its own)."""

    def now(self) -> float: ...

    async def wait(self, seconds: float, wake: asyncio.Event) -> None:
        """Return once ``seconds`` have passed, or sooner when ``wake`` is set."""
        ...


class RealTime:
    """The clock on the wall: the client's timer outside tests."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()  # the loop's: a fuzz run simulates it

    async def wait(self, seconds: float, wake: asyncio.Event) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), seconds)


class JoinRefused(ConnectionError):
    """The server said no (version, table full, bad token...); ``error`` says why."""

    def __init__(self, error: Error) -> None:
        super().__init__(error.message)
        self.error = error


class NetClient:
    """One connection to a table server, on the caller's event loop."""

    def __init__(self, link: Link, welcome: Welcome) -> None:
        self.link, self.welcome = link, welcome

    @classmethod
    async def connect(cls, host: str, port: int, name: str, *, role: str = "player",
                      token: str = "", table: str = "", version: int = VERSION) -> NetClient:
        """Connect and say hello; JoinRefused if the server will not seat us."""
        reader, writer = await asyncio.wait_for(runtime.open_connection(host, port),
                                                DIAL_SECONDS)
        link = Link(reader, writer, SERVER_TYPES)
        link.send(Hello(version, name, role, token, table))
        try:
            while isinstance(answer := await link.recv(), Ping | Pong):
                pass
        except (LinkClosed, ProtocolError):
            link.abort("no welcome")
            raise
        if isinstance(answer, Error):
            link.abort(answer.message)
            raise JoinRefused(answer)
        if not isinstance(answer, Welcome):
            link.abort("no welcome")
            raise ProtocolError("bad_message", f"expected a welcome, got {answer.TYPE}")
        return cls(link, answer)

    @property
    def seat(self) -> int:
        return self.welcome.seat

    @property
    def token(self) -> str:
        return self.welcome.token

    async def recv(self) -> Any:
        """The next message other than a heartbeat; LinkClosed once the link is gone."""
        while isinstance(message := await self.recv_any(), Ping | Pong):
            pass
        return message

    async def recv_any(self) -> Any:
        """The next message, heartbeats too (a ping is answered here): whoever watches
        the line for silence must count them, as the table may have nothing to say."""
        message = await self.link.recv()
        if isinstance(message, Ping):
            self.link.send(Pong(message.t))
        return message

    def send(self, message: Any) -> None:
        self.link.send(message)

    def send_seat(self, text: str) -> None:
        self.link.send(Seat(text))

    def bye(self, reason: str = "leaving") -> None:
        self.link.close(reason, bye=True)

    async def close(self) -> None:
        self.bye()
        await self.link.wait_closed()


def unreachable(host: str, port: int, exc: Exception) -> str:
    """Why nothing could be dialled at ``host`` and ``port``, in the player's words
    (never an errno: ``strerror`` is the system's sentence without it)."""
    if isinstance(exc, socket.gaierror):
        return f"No machine called {host} was found."
    if isinstance(exc, ConnectionRefusedError):
        return f"No table answers at {host} port {port}: check the address and port."
    if isinstance(exc, OSError):
        why = "it did not answer" if isinstance(exc, TimeoutError) or not exc.strerror \
            else exc.strerror
        return f"{host} port {port} cannot be reached ({why}): check the address and port."
    return f"What answers at {host} port {port} is not a Card Parlour table."


def not_answering(host: str, port: int, seated: bool) -> str:
    """What a player is told once a table he sat at has not answered for long."""
    again = "Try again takes your seat back" if seated else "Try again joins it again"
    return f"The table at {host} port {port} is not answering. If its host comes back, " \
        f"{again}."


@dataclass(frozen=True)
class SeatForgotten:
    """A seat token brought along (kept from an earlier run) that the table no longer
    knows: the client has joined as a newcomer instead, and the token is worthless."""

    table: str


@dataclass(frozen=True)
class ChatLine:
    sender: str
    text: str
    seat: int


class ThreadedClient:
    """A connection for the pygame main thread; see the module docstring.

    ``status``: "connecting", "lobby", "playing", "reconnecting" (the line dropped),
    "waiting" (the table we sat at does not answer: dialled patiently, backing off), then
    at the end "unreachable" (nothing answered the first dial), "unanswered" (the table
    did not answer for ``patience`` seconds), "refused" (the table said no: ``refusal``
    says why), "lost" or "closed".
    """

    def __init__(self, host: str, port: int, name: str, *, role: str = "player",
                 token: str = "", table: str = "", silence: float = SILENCE,
                 timer: Timer | None = None, rejoin: bool = False) -> None:
        """``rejoin``: back to a table this player sat at (Try again), dialled as a dropped
        line is: patiently while it does not answer, and never as a newcomer."""
        self.host, self.port, self.name, self.role = host, port, name, role
        self.token, self.table, self.silence = token, table, silence
        self.timer = timer or RealTime()
        self.retry_delays, self.patience = RETRY_DELAYS, PATIENCE  # read when made
        self.dials = 0  # connections tried (on the network thread)
        self.status = "connecting"
        self.problem = ""  # why the connection was refused or lost
        self.refusal: Error | None = None
        self.welcome: Welcome | None = None
        self.lobby: Lobby | None = None
        self.waiting: Waiting | None = None  # the table's last word on whom it waits for
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_LINES)
        self.seat_client: JsonClient[Any, Any] | None = None
        self.match_end: MatchEnd | None = None
        self.replays: dict[int, list[str]] = {}  # match -> that match's seat messages
        self._inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._client: NetClient | None = None
        self._unsent: deque[Any] = deque()  # network thread: sent while no line was open
        self._welcomed = rejoin  # on the network thread: once, so a dropped line is dialled
        self._closing = False
        self._retry_now = asyncio.Event()
        self._runner = runtime.make_runner("net-client")
        self._runner.submit(self._run_then_stop())

    # -- the main thread ------------------------------------------------------------------

    @property
    def seat(self) -> int:
        return self.welcome.seat if self.welcome else -1

    def poll(self, wait: float = 0.0) -> list[Any]:
        """Take in what has arrived (waiting up to ``wait`` seconds for the first); the
        messages, for a scene that wants to react to one (a chat line, a match end)."""
        handled = []
        try:
            item = self._inbox.get(timeout=wait) if wait > 0 else self._inbox.get_nowait()
            while True:
                handled.append(self._take(*item))
                item = self._inbox.get_nowait()
        except queue.Empty:
            pass
        return handled

    def _take(self, kind: str, item: Any) -> Any:
        if kind == "status":
            self.status, self.problem = item
        elif isinstance(item, Error) and kind == "refused":
            self.status, self.problem, self.refusal = "refused", item.message, item
        elif isinstance(item, Welcome):
            self.welcome, self.token = item, item.token or self.token
            self.chat.clear()  # the table tells its last lines again
            self.status, self.problem = "lobby", ""
            if self.seat_client is None:
                self.seat_client = JsonClient(RULES_BY_ID[item.game], self.send_seat,
                                              watching=item.role == "spectator")
        elif isinstance(item, Lobby):
            self.lobby = item
            if self.status in ("lobby", "playing"):
                self.status = "playing" if item.phase == "playing" else "lobby"
        elif isinstance(item, Chat):
            self.chat.append(ChatLine(item.sender, item.text, item.seat))
        elif isinstance(item, Seat) and self.seat_client is not None:
            try:
                self.seat_client.receive(item.body)
            except SeatProtocolError as exc:
                self.problem = f"the server sent a seat message we cannot read: {exc}"
        elif isinstance(item, MatchEnd):
            self.match_end = item
        elif isinstance(item, Waiting):
            self.waiting = item
        elif isinstance(item, Replay):
            self.replays.setdefault(item.match, []).extend(item.bodies)
        elif isinstance(item, Error):
            self.problem = item.message
        return item

    def send_chat(self, text: str) -> None:
        self._send(Chat(text[:200]))

    def ready(self, ready: bool = True) -> None:
        self._send(Ready(ready))

    def start(self, anyway: bool = False) -> None:
        self._send(Start(anyway))

    def set_computers(self, seats: list[int], level: str = "",
                      levels: list[str] | None = None) -> None:
        """The computer takes ``seats``, each at ``levels``' level, or all at ``level``."""
        self._send(Seats(list(seats), level, list(levels or [])))

    def send_seat(self, text: str) -> None:
        self._send(Seat(text))

    def next_match(self) -> None:
        """Ready for the next match (the table waits for everyone's word)."""
        self._send(Next())

    def close(self) -> None:
        """Say goodbye and stop the thread; never waits on the network."""
        self._closing = True
        self._runner.call(self._stop)

    def _send(self, message: Any) -> None:
        self._runner.call(self._deliver, message)

    # -- the network thread ---------------------------------------------------------------

    def _deliver(self, message: Any) -> None:
        """Sent now, or once a line is open (the welcome has come): a Ready or a chat
        line said while dialling is not lost; past UNSENT of them, the player is told."""
        if self._client is not None:
            self._client.send(message)
        elif len(self._unsent) < UNSENT:
            self._unsent.append(message)
        else:
            self._inbox.put(("message", Error("unsent", "Not connected to the table: that "
                                              "was not sent.")))

    def _stop(self) -> None:
        self._retry_now.set()
        if self._client is not None:
            self._client.bye()

    def _report(self, status: str, problem: str = "") -> None:
        self._inbox.put(("status", (status, problem)))

    async def _run_then_stop(self) -> None:
        try:
            await self._run()
        finally:
            self._runner.stop()

    async def _run(self) -> None:
        attempts = 0
        failing_since: float | None = None  # since when the table we sat at is not answering
        while not self._closing:
            self.dials += 1
            try:
                self._client = await NetClient.connect(
                    self.host, self.port, self.name, role=self.role, token=self.token,
                    table=self.table)
            except JoinRefused as exc:
                if self._forget_kept_seat(exc.error):
                    continue
                self._inbox.put(("refused", exc.error))
                return
            except (OSError, LinkClosed, ProtocolError) as exc:
                if not self._welcomed:
                    self._report("unreachable", unreachable(self.host, self.port, exc))
                    return
                if failing_since is None:
                    failing_since = self.timer.now()
                problem = not_answering(self.host, self.port, bool(self.token))
            else:
                attempts, failing_since, self._welcomed = 0, None, True
                self.token = self._client.token or self.token
                self._inbox.put(("message", self._client.welcome))
                while self._unsent:
                    self._client.send(self._unsent.popleft())
                if self._closing:  # closed while we were dialling
                    self._client.bye()
                ended, problem = await self._pump(self._client)
                self._client = None
                if ended and not self._closing:
                    self._report(ended, problem)
                    return
            if self._closing:
                break
            if not self.token:  # no seat to take back: nothing to wait for
                self._report("lost", problem)
                return
            if failing_since is not None and self.timer.now() - failing_since >= self.patience:
                self._report("unanswered", problem)
                return
            self._report("reconnecting" if failing_since is None else "waiting")
            self._retry_now.clear()
            delays = self.retry_delays
            await self.timer.wait(delays[min(attempts, len(delays) - 1)], self._retry_now)
            attempts += 1
        self._report("closed")

    def _forget_kept_seat(self, error: Error) -> bool:
        """A token from an earlier run that the table no longer knows (it ended, or a
        new one took its place): join as a newcomer instead."""
        if self._welcomed or not self.token or error.code not in STALE_SEAT:
            return False
        self._inbox.put(("message", SeatForgotten(self.table)))
        self.token, self.table = "", ""
        return True

    async def _pump(self, client: NetClient) -> tuple[str, str]:
        """Hand messages over until the link ends. ("closed", why) when the server said
        goodbye; ("lost", the error) when it sent us away (an error, then its goodbye: a
        flood, garbage), so we do not dial again; ("", why) when the line dropped, or
        went silent (a line that dies without a reset is never closed for us)."""
        last: Any = None
        try:
            while True:  # each message, the server's pings too, restarts the silence
                message = await asyncio.wait_for(client.recv_any(), self.silence)
                if isinstance(message, Ping | Pong):
                    continue
                self._inbox.put(("message", message))
                if isinstance(message, Bye):
                    client.link.close("bye")  # else wait_closed waits for ever
                    await client.link.wait_closed()
                    if isinstance(last, Error):
                        return "lost", last.message
                    return "closed", message.reason
                last = message
        except TimeoutError:
            client.link.abort("silent")
            return "", "the table went silent"
        except (LinkClosed, ProtocolError) as exc:
            client.link.abort(str(exc))
            return "", str(exc) or "connection lost"
