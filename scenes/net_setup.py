"""Play over the network, from the menu: host a table (a server in the background of
this program, and this player in its first seat) or connect to one, each a short chain
of dialogs; both end in the lobby. The name and the last addresses are remembered, and
a seat kept at an address (game/seat_tokens.py) is taken back on Connect."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from game import recent_tables, seat_tokens
from game.engine.net_table import NetworkTable
from game.engine.ui import Dialog, Hud
from game.net import computer, cut_off, lan
from game.net.client import ThreadedClient
from game.net.cut_off import HostedNote
from game.net.hosting import HostedServer, lan_address
from game.net.lan import HeardTable, LanListener
from game.net.server import ServerOptions
from game.net.table import TableOptions
from game.recent_tables import DEFAULT_PORT, Address, Recent
from game.rules.registry import GameEntry

if TYPE_CHECKING:
    from game.engine.app import App

BACK = "back"
TURN_TIMERS = (("0", "Off", "o"), ("30", "30 s", "3"), ("60", "60 s", "6"),
               ("120", "2 min", "2"))  # seconds before a default move for someone away
RECENT_SHOWN = 3  # remembered addresses offered as buttons (a pad cannot type)
LAN_SHOWN = 3  # tables heard on the network, offered as buttons


@dataclass(frozen=True)
class HostChoice:
    config: dict[str, Any] = field(default_factory=dict)  # the game's net_questions answered
    players: int = 4  # seats, as the game has them with that config
    people: int = 2  # the first seats are for people (this player first); the computer
    levels: tuple[str, ...] = ()  # takes the rest, each at its own level
    turn_timer: float = 0.0  # seconds (0: off)
    lan: bool = True  # listen on every interface (else this machine only)
    port: int = DEFAULT_PORT
    name: str = "Player"

    @property
    def computer_seats(self) -> list[int]:
        return list(range(self.people, self.players))


def ask_network(app: App, hud: Hud, entry: GameEntry) -> None:
    """The menu's question for a game people may play across the network (and, with a
    seat kept at someone's table, as after a crash, the way back to it)."""
    kept = seat_tokens.to_rejoin(app.save_dir, entry.id)

    def chosen(choice: str) -> None:
        if choice == "here":
            from scenes.open_game import game_scene

            app.push(game_scene(app, entry.id))
        elif choice == "host":
            HostDialogs(app, hud, entry).start()
        elif choice == "join":
            ConnectDialogs(app, hud, entry).start()
        elif choice == "rejoin" and kept is not None:
            ConnectDialogs(app, hud, entry).rejoin(kept)

    back = [("rejoin", f"Rejoin {kept.host}'s table", "r")] if kept is not None else []
    hud.ask(Dialog(entry.title, "Play at this screen, or over the network: host a table "
                   "for others to join, or connect to someone's table.",
                   [*back, ("here", "Play here", "p"), ("host", "Host a table", "h"),
                    ("join", "Connect", "c"), (BACK, "Cancel", "")],
                   chosen, cancel_key=BACK, kind="Here or on the network"))


def ask_text(hud: Hud, title: str, body: str, text: str, then: Callable[[str], None],
             extra: list[tuple[str, str, str]] | None = None, max_length: int = 24,
             error: str = "", digits: bool = False) -> Dialog:
    """A dialog with a text field; ``then`` gets the text, or an extra button's key
    prefixed "pick:". Esc answers nothing. ``error``: what was wrong with the last
    answer, said in the dialog (a line at the screen's foot was missed). ``digits``: a
    number, typed on a keypad from a pad."""
    choices = [(f"pick:{k}", label, hot) for k, label, hot in extra or []]
    choices += [("ok", "OK", ""), (BACK, "Cancel", "")]
    dialog = Dialog(title, body, choices, lambda c: None, text=text, max_length=max_length,
                    cancel_key=BACK, focus=len(choices) - 2, error=error, digits=digits)

    def chosen(choice: str) -> None:
        if choice == "ok":
            then(dialog.text or "")
        elif choice.startswith("pick:"):
            then(choice)

    dialog.on_choice = chosen
    hud.ask(dialog)
    return dialog


class HostDialogs:
    """The game's questions (seats, target, mode), people, each computer seat's level,
    the turn timer, where to listen, port and name; then the lobby."""

    def __init__(self, app: App, hud: Hud, entry: GameEntry) -> None:
        self.app, self.hud, self.entry = app, hud, entry
        self.recent = recent_tables.load(app.save_dir, app.problems)
        self.choice = HostChoice(name=self.recent.name or "Player", port=self.recent.port)

    def _ask(self, title: str, body: str, choices: list[tuple[str, str, str]],
             then: Callable[[str], None], focus: int = 0, kind: str = "") -> None:
        self.hud.ask(Dialog(title, body, [*choices, (BACK, "Cancel", "")],
                            lambda c: None if c == BACK else then(c), focus=focus,
                            cancel_key=BACK, kind=kind))

    def _set(self, **changes: Any) -> None:
        self.choice = HostChoice(**{**self.choice.__dict__, **changes})

    def start(self) -> None:
        cut = cut_off.find(self.app.save_dir, self.entry.id, self.app.problems)
        if cut is None:
            self._question(0)
            return

        def chosen(choice: str) -> None:
            if choice == "resume":
                resume(self.app, self.entry, cut)
            else:
                cut_off.discard(self.app.save_dir)
                self._question(0)

        self._ask("Host a table", "Resume the table that was cut off? Its players take "
                  "their seats back when they connect again.",
                  [("resume", "Resume", "r"), ("new", "New table", "n")], chosen)

    def _question(self, index: int) -> None:
        """The game's own questions in turn (seats, target, mode...), then the people."""
        questions = self.entry.net_questions
        if index == len(questions):
            rules = self.entry.built_rules
            self._set(players=rules.seat_count(rules.new_game(0, dict(self.choice.config))))
            self._ask_people()
            return
        q = questions[index]
        values = [v for v, _, _ in q.choices]

        def answered(choice: str) -> None:
            self._set(config={**self.choice.config, q.key: values[int(choice)]})
            self._question(index + 1)

        self._ask(q.title, q.body, [(str(n), label, hot) for n, (_, label, hot)
                                    in enumerate(q.choices)], answered,
                  focus=values.index(q.default) if q.default in values else 0,
                  kind="The game's table question")

    def _ask_people(self) -> None:
        seats = self.choice.players
        people = [(str(n), str(n), str(n)) for n in range(1, seats + 1)]
        self._ask("People", "How many people play, you included? They join over the "
                  "network; the computer takes the other seats (the host may change that "
                  "in the lobby).", people, self._people, focus=min(1, len(people) - 1))

    def _people(self, choice: str) -> None:
        self._set(people=int(choice), levels=())
        self._ask_level()

    def _ask_level(self) -> None:
        """Each computer seat's level in turn (the last answer offered first)."""
        seats = self.choice.computer_seats[len(self.choice.levels):]
        if not seats:
            self._ask_timer()
            return
        levels = [a for a in self.entry.agents if a != "random"]
        last = self.choice.levels[-1] if self.choice.levels \
            else preferred_level(self.app, self.entry)
        self._ask("Computer", f"How well does the computer play seat {seats[0] + 1}?",
                  [(a, a.title(), a[0]) for a in levels], self._level,
                  focus=levels.index(last) if last in levels else 0)

    def _level(self, choice: str) -> None:
        self._set(levels=(*self.choice.levels, choice))
        self._ask_level()

    def _ask_timer(self) -> None:
        # In a race nobody waits for a turn: each card has its time.
        body = "How long may a player take over each card before the table places it " \
            "for them?" if self.entry.at_once(self.choice.config) else \
            "How long may a player take over a turn before the table plays for them?"
        self._ask("Turn timer", body, list(TURN_TIMERS), lambda c: self._timer(float(c)))

    def _timer(self, seconds: float) -> None:
        self._set(turn_timer=seconds)
        self._ask("Listen", "Who may connect: machines on your network, or only this "
                  "machine (for trying it out)?",
                  [("lan", "Network", "n"), ("local", "This machine", "t")],
                  lambda c: self._listen(c == "lan"))

    def _listen(self, lan: bool, error: str = "", text: str | None = None) -> None:
        self._set(lan=lan)
        ask_text(self.hud, "Port", "The port the table listens on (others type it after the "
                 "address when it is not 4747):", str(self.choice.port) if text is None
                 else text, self._port, max_length=5, error=error, digits=True)

    def _port(self, text: str) -> None:
        if not text.isdigit() or not 0 <= int(text) < 65536:  # 0: any free port
            self.app.sound.play("error")
            self._listen(self.choice.lan, "A port is a number from 1 to 65535.", text)
            return
        self._set(port=int(text))
        ask_text(self.hud, "Your name", "The name the others see:", self.choice.name,
                 self._name)

    def _name(self, text: str) -> None:
        self._set(name=text.strip()[:24] or "Player")
        host(self.app, self.entry, self.choice)


def preferred_level(app: App, entry: GameEntry) -> str:
    """The computer's level this player chose for the game (its "strength" setting, as
    the local game plays it), else the table's default: what the host is offered first
    and what takes an open seat or stands in for someone away."""
    if any(o.key == "strength" for o in entry.options):
        level = entry.setting(app.settings.per_game, "strength")
        if level in entry.agents:
            return str(level)
    return computer.default_level(entry.id)


def host(app: App, entry: GameEntry, choice: HostChoice) -> None:
    """Start the server in the background, sit at it, and open the lobby."""
    from scenes.net_lobby import LobbyScene

    if app.loopback_only:
        choice = replace(choice, lan=False, port=0)
    cut_off.discard(app.save_dir)  # a new table: none to resume
    table = TableOptions(entry.id, dict(choice.config), turn_timer=choice.turn_timer,
                         level=preferred_level(app, entry))
    net = open_table(app, entry, HostedNote(entry.id, choice.port, choice.lan, choice.name),
                     table, fresh=True)
    if net is not None:
        app.push(LobbyScene(app, entry, net, computers=dict(zip(
            choice.computer_seats, choice.levels, strict=True))))


def resume(app: App, entry: GameEntry, cut: HostedNote) -> None:
    """Host the table a crash cut off again, where it listened: the server resumes it from
    its file, and this player takes seat 0 back with the token kept for it."""
    from scenes.net_lobby import LobbyScene

    net = open_table(app, entry, cut, TableOptions(entry.id))
    if net is not None:
        app.push(LobbyScene(app, entry, net))


def open_table(app: App, entry: GameEntry, hosted: HostedNote, table: TableOptions,
               fresh: bool = False) -> NetworkTable | None:
    """The server in the background, saving its table under the saves folder, and this
    player's connection to it (with a seat kept there, if any: a ``fresh`` table forgets
    the seats kept at its address, which belonged to tables gone); None when it cannot
    listen (said)."""
    save_dir = app.save_dir
    options = ServerOptions(host="0.0.0.0" if hosted.lan else "127.0.0.1", port=hosted.port,
                            table=table, save_dir=cut_off.table_dir(save_dir))
    server = HostedServer(options, closed=lambda: cut_off.discard(save_dir))
    try:
        port = server.start()
    except OSError as exc:
        app.error(f"The table could not be opened on port {hosted.port}: "
                  f"{exc.strerror or exc}. Try another port.")
        return None
    try:
        cut_off.note(save_dir, replace(hosted, port=port))
    except OSError:
        pass  # the table plays all the same; it is only not resumable after a crash
    recent_tables.keep(app.save_dir, None, hosted.name, port=hosted.port)
    if hosted.lan:
        server.announce(entry.id, hosted.name, detail=" \u00b7 ".join(entry.table_words(
            table.config)))
    address = str(Address(lan_address() if hosted.lan else "127.0.0.1", port))
    here = str(Address("127.0.0.1", port))
    if fresh:
        try:
            seat_tokens.forget_address(save_dir, here)
        except OSError:
            pass  # kept seats are only offered, never needed: the host sits as a newcomer
    kept = None if fresh else seat_tokens.find(save_dir, here, app.problems)
    client = ThreadedClient("127.0.0.1", port, hosted.name, token=kept.token if kept else "",
                            table=kept.table if kept else "")
    return NetworkTable(client, save_dir, server, address)


class ConnectDialogs:
    """The address (typed, one of the last few, or a table heard on the network), then
    the name; then the lobby."""

    def __init__(self, app: App, hud: Hud, entry: GameEntry) -> None:
        self.app, self.hud, self.entry = app, hud, entry
        self.recent: Recent = recent_tables.load(app.save_dir, app.problems)
        self.address: Address | None = None
        self.lan: LanListener | None = None  # open while the address is asked
        self._heard: list[HeardTable] = []
        self._offered = ""  # the address the field opened with

    def start(self, text: str | None = None, error: str = "") -> None:
        heard = self._heard[:LAN_SHOWN]
        mine = self.recent.of_game(self.entry.id)
        # A live table of this game first, else the last one of this game; never the
        # address of another game's table.
        self._offered = str(heard[0].address) if heard else str(mine[0]) if mine else ""
        kept = {s.address for s in seat_tokens.load(self.app.save_dir)}
        body = "The host's name or address (a port after a colon when it is not 4747). " \
            "The host's lobby shows it."
        if heard:  # no count at the end, where wrapping left "1." alone on a line
            body += " A table heard on your network is a button below." if len(heard) == 1 \
                else f" {len(heard)} tables heard on your network are buttons below."
        dialog = ask_text(self.hud, "Connect", body, self._offered if text is None else text,
                          self._address,
                          extra=[(str(t.address), t.label(str(t.address) in kept), "")
                                 for t in heard]
                          + [(str(a), str(a), "") for a in mine[:RECENT_SHOWN]
                             if str(a) != self._offered], max_length=60, error=error)
        if self.lan is None and not self.app.loopback_only:
            self.lan = LanListener(lan.ANNOUNCE_PORT)
        dialog.on_frame = lambda: self._listen(dialog)
        answer = dialog.on_choice

        def answered(choice: str) -> None:
            if self.lan is not None:
                self.lan.close()
                self.lan = None
            answer(choice)

        dialog.on_choice = answered

    def _listen(self, dialog: Dialog) -> None:
        """A table heard or gone: the dialog again with its buttons, the typing kept."""
        heard = self.lan.tables(self.entry.id) if self.lan is not None else []
        if heard != self._heard:
            self._heard = heard
            # the field as it opened follows what is heard; the player's typing stays
            self.start(None if dialog.text == self._offered else dialog.text, dialog.error)

    def _address(self, text: str) -> None:
        address = Address.read(text.removeprefix("pick:"))
        if isinstance(address, str):  # what is wrong, and the typing kept to mend it
            self.app.sound.play("error")
            self.start(text.removeprefix("pick:"), error=address)
            return
        self.address = address
        ask_text(self.hud, "Your name", "The name the others see:",
                 self.recent.name or "Player", self._name)

    def rejoin(self, kept: seat_tokens.KeptSeat) -> None:
        """Straight back to the seat kept at a table (after a crash), by the name used."""
        address = Address.parse(kept.address)
        if address is None:
            self.start()
            return
        self.address = address
        self._join(self.recent.name or "Player")

    def _name(self, text: str) -> None:
        name = text.strip()[:24] or "Player"
        # Kept at once, not only once a table answers: a failed connect (Change address,
        # Try again, the next Connect) asks with the name as it was typed.
        self.recent = replace(self.recent, name=name)
        recent_tables.keep(self.app.save_dir, None, name)
        self._join(name)

    def _join(self, name: str) -> None:
        from scenes.net_lobby import LobbyScene

        address = self.address or Address("127.0.0.1")
        kept = seat_tokens.find(self.app.save_dir, str(address),  # back after a crash
                                  self.app.problems)
        client = ThreadedClient(address.host, address.port, name,
                                token=kept.token if kept else "", table=kept.table if kept else "")
        net = NetworkTable(client, self.app.save_dir)
        self.app.push(LobbyScene(self.app, self.entry, net, remember=address,
                                 change_address=lambda: self._change(address)))

    def _change(self, address: Address) -> None:
        """Back from the lobby to the Connect dialog, the address as it was typed."""
        self.app.pop()
        self.hud = self.app.scene.hud
        self.start(str(address))
