"""What the network dialogs remember between runs: the player's name and the last few
addresses connected to, newest first, each with the game its table played, and the
port this player's own tables listen on (``network.json`` in the saves folder)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game import storage

KIND = "network"
VERSION = 1
KEPT = 5  # addresses remembered
DEFAULT_PORT = 4747
MAX_TEXT = 64


@dataclass(frozen=True)
class Address:
    host: str
    port: int = DEFAULT_PORT

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port == DEFAULT_PORT else f"{host}:{self.port}"

    @classmethod
    def parse(cls, text: str, port: int = DEFAULT_PORT) -> Address | None:
        """"host", "host:port" or "[v6]:port"; None for anything else."""
        parsed = cls.read(text, port)
        return parsed if isinstance(parsed, Address) else None

    @classmethod
    def read(cls, text: str, port: int = DEFAULT_PORT) -> Address | str:
        """The address ``text`` names, or what is wrong with it, in the player's words."""
        text = text.strip()
        host, sep, tail = text.rpartition(":")
        bare_v6 = bool(host.count(":")) and not host.startswith("[")
        if sep and not tail and not bare_v6:
            return "A port goes after the colon, like den-pc:4747."
        if not sep or bare_v6:
            host, tail = text, ""  # no port, or a bare IPv6 address
        host = host.strip("[]")
        if tail:
            if not tail.isdigit() or not 0 < int(tail) < 65536:
                return f"The port is a number from 1 to 65535, and {tail[:8]!r} is not one."
            port = int(tail)
        if not host:
            return "Type the host's name or address, like 192.168.1.20 or den-pc:4747."
        if len(host) > MAX_TEXT or any(c.isspace() for c in host):
            return f"A host's name has no spaces and at most {MAX_TEXT} letters."
        return cls(host, port)


@dataclass(frozen=True)
class Recent:
    name: str = ""
    addresses: tuple[Address, ...] = field(default_factory=tuple)
    games: dict[str, str] = field(default_factory=dict)  # address -> its table's game
    port: int = DEFAULT_PORT  # where this player hosts (0: any free port)

    def remember(self, address: Address, name: str, game: str = "") -> Recent:
        kept = (address, *(a for a in self.addresses if a != address))[:KEPT]
        games = {str(a): self.games[str(a)] for a in kept if str(a) in self.games}
        if game:
            games[str(address)] = game
        return Recent(name, kept, games, self.port)

    def of_game(self, game: str) -> tuple[Address, ...]:
        """The addresses whose table played ``game``, newest first (a Connect dialog
        never offers another game's table)."""
        return tuple(a for a in self.addresses if self.games.get(str(a)) == game)


def path_in(save_dir: Path) -> Path:
    return save_dir / "network.json"


def load(save_dir: Path, problems: list[str] | None = None) -> Recent:
    """What was remembered; a file we cannot read whole is set aside (said in
    ``problems``) and nothing is remembered."""
    result = storage.read_parsed(path_in(save_dir), KIND, VERSION, _recent,
                                 consequence="no addresses are remembered")
    if result.problem and problems is not None:
        problems.append(result.problem)
    return result.value or Recent()


def _recent(data: dict[str, Any]) -> Recent:
    name, raw = data.get("name", ""), data.get("addresses", [])
    if not isinstance(name, str) or not isinstance(raw, list):
        raise ValueError("the name or the addresses are not ours")
    found = [address for text in raw[:KEPT]
             if isinstance(text, str) and (address := Address.parse(text)) is not None]
    if len(found) != len(raw[:KEPT]):
        raise ValueError("an address is not one")
    games = data.get("games", {})  # absent in files of before it was kept
    if not isinstance(games, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and len(v) <= MAX_TEXT
            for k, v in games.items()):
        raise ValueError("the games are not ours")
    port = data.get("port", DEFAULT_PORT)
    if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port < 65536:
        raise ValueError("the port is not one")
    return Recent(name[:24], tuple(found), {str(a): games[str(a)] for a in found
                                             if str(a) in games}, port)


def keep(save_dir: Path, address: Address | None, name: str, game: str = "",
         port: int | None = None) -> None:
    """Remember the name (and the address connected to, and its ``game``; or the
    ``port`` hosted on) for next time; a folder that cannot be written only means the
    next run asks again."""
    recent = load(save_dir)
    recent = recent.remember(address, name, game) if address is not None else \
        replace(recent, name=name)
    if port is not None:
        recent = replace(recent, port=port)
    try:
        save(save_dir, recent)
    except OSError:
        pass


def save(save_dir: Path, recent: Recent) -> None:
    """Written atomically; OSError when the folder cannot be written."""
    storage.write_json_atomic(path_in(save_dir), {
        "kind": KIND, "version": VERSION, "name": recent.name,
        "addresses": [str(a) for a in recent.addresses], "games": recent.games,
        "port": recent.port})
