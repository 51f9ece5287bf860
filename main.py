"""Card Parlour: five classic card games. Run `python main.py --help`.

Only what loads in a few milliseconds is imported up here: ``main`` takes over the
quit signals first of all, and the games (a second or more on a busy machine) are
imported after that, inside the functions that need them."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine.quit_signals import Interrupted, interrupt_on_signals

if TYPE_CHECKING:
    from game.rules.registry import SimFlag

# The Pyramid manual's switches; they beat the saved settings for this run only.
MANUAL_SWITCHES: dict[str, tuple[str, object]] = {
    "mouse": ("input_mode", "mouse"), "nomouse": ("input_mode", "keyboard"),
    "ask": ("input_mode", "ask"), "fullsound": ("sound", "full"),
    "partsound": ("sound", "partial"), "nosound": ("sound", "off"),
    "slow": ("ai_speed", "slow"), "medium": ("ai_speed", "medium"), "fast": ("ai_speed", "fast"),
    "errormsgon": ("error_messages", True), "errormsgoff": ("error_messages", False),
}


def split_switches(argv: list[str]) -> tuple[dict[str, object], list[str]]:
    """Pull the manual's `-nosound`-style switches (also `--nosound`) out of argv."""
    overrides: dict[str, object] = {}
    rest: list[str] = []
    for arg in argv:
        name = arg.lstrip("-").lower()
        if arg.startswith("-") and name in MANUAL_SWITCHES:
            field, value = MANUAL_SWITCHES[name]
            overrides[field] = value
        else:
            rest.append(arg)
    return overrides, rest


def seed_number(text: str) -> int:
    """A deal's seed: a whole number from 0 to 2**63 - 1 (what a save can hold)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError("a seed is a whole number from 0 to 2**63 - 1")
    return value


def window_size(text: str) -> tuple[int, int]:
    """``--window 1920x1080``: a width and a height (small ones are raised to 320x200)."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"wants WIDTHxHEIGHT, e.g. 1920x1080, not {text!r}") from None
    return min(max(320, w), 16384), min(max(200, h), 16384)


def game_sim_flags() -> dict[SimFlag, list[str]]:
    """Every game's extra ``simulate`` flag, once each, with the games that take it
    (the games check the values: choices differ from game to game)."""
    from game.rules.registry import GAMES

    flags: dict[str, SimFlag] = {}
    users: dict[str, list[str]] = {}
    for game in GAMES:
        for flag in game.sim_flags:
            flags.setdefault(flag.flag, flag)
            users.setdefault(flag.flag, []).append(game.id)
    return {flags[name]: users[name] for name in flags}


def build_parser() -> argparse.ArgumentParser:
    from game.rules.registry import GAME_BY_ID, GAMES

    parser = argparse.ArgumentParser(
        prog="main.py", description="Card Parlour: Pyramid, Poker Squares, Chinese Poker, "
        "Draw Poker and The Giant.",
        epilog="Pyramid's classic switches are accepted too and beat the saved settings: "
        "-mouse -nomouse -ask -fullsound -partsound -nosound -slow -medium -fast "
        "-errormsgon -errormsgoff (or with --).")
    parser.add_argument("--game", choices=list(GAME_BY_ID), help="start this game directly")
    parser.add_argument("--seed", type=seed_number, help="deal this seed (repeatable games)")
    parser.add_argument("--fullscreen", action="store_true", help="start full screen")
    parser.add_argument("--window", metavar="WxH", type=window_size,
                        help="window size, e.g. 1920x1080")
    parser.add_argument("--tv", action="store_true", help="10-foot mode: big text, TV margins")
    parser.add_argument("--save-dir", metavar="DIR", help="where settings and saves live "
                        "(default: saves/ next to main.py)")
    parser.add_argument("--headless", action="store_true",
                        help="no window (SDL dummy driver); the computer plays")
    parser.add_argument("--frames", type=int, help="stop after this many frames")
    parser.add_argument("--screenshot", metavar="PATH", help="save the last frame as PNG")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim = sub.add_parser("simulate", help="play games headless and print a JSON summary")
    sim.add_argument("name", choices=list(GAME_BY_ID))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=seed_number, default=0, dest="sim_seed")
    players = "; ".join(f"{g.id}: {', '.join(g.agents)}" for g in GAMES if g.agents)
    sim.add_argument("--agent", help=f"computer player ({players}; the first is the default)")
    sim.add_argument("--json", action="store_true", help="print JSON (the default)")
    for flag, games in game_sim_flags().items():
        kind = flag.kind
        helptext = f"{', '.join(games)}: {flag.help}"
        if kind is bool:
            sim.add_argument(flag.flag, action="store_true", default=None, help=helptext)
        else:
            sim.add_argument(flag.flag, type=kind, default=None, help=helptext)
    rep = sub.add_parser("replay", help="play a saved replay back, animated")
    rep.add_argument("path", type=Path)
    # the run options may follow PATH too: `replay PATH --headless --frames 60`
    for option in ("--headless", "--fullscreen", "--tv"):
        rep.add_argument(option, action="store_true", default=argparse.SUPPRESS)
    for option, convert in (("--frames", int), ("--screenshot", str), ("--window", window_size),
                            ("--save-dir", str)):
        rep.add_argument(option, type=convert, default=argparse.SUPPRESS)
    fuzz = sub.add_parser("fuzz", help="send seeded random input through every scene and "
                          "game; report exceptions (exit status 1 if any)")
    fuzz.add_argument("--events", type=int, default=10_000)
    fuzz.add_argument("--seed", type=int, default=0, dest="fuzz_seed")
    fuzz.add_argument("--json", action="store_true", help="print one JSON object")
    fuzz.add_argument("--trace", type=Path, metavar="FILE",
                      help="write the run to FILE event by event (diff two runs' traces)")
    add_network_commands(sub)
    return parser


def address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (an IPv6 host in brackets: ``[::1]:5000``)."""
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"wants HOST:PORT, e.g. 127.0.0.1:5000, not {text!r}")
    return host.strip("[]"), int(port)


def add_network_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from game.rules.registry import GAMES

    tables = [g.id for g in GAMES if g.rules is not None and g.rules.info.max_seats > 1]
    serve = sub.add_parser("serve", help="host a network table headless (Chinese Poker by "
                           "default); prints 'listening on HOST:PORT' on stderr")
    serve.add_argument("--port", type=int, default=0, help="TCP port (0: any free one)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default loopback; 0.0.0.0: the LAN)")
    serve.add_argument("--game", choices=tables, default="chinese-poker", dest="table_game")
    serve.add_argument("--players", type=int, help="start a match as soon as this many "
                       "have joined, the computer taking any seat left (default: when "
                       "every seat is taken); Chinese Poker: also the seats, default 4")
    serve.add_argument("--matches", type=int, default=0,
                       help="exit after this many matches (default: play on)")
    serve.add_argument("--target", type=int, help="Chinese Poker: points that end a match")
    serve.add_argument("--config", type=json.loads, default={},
                       help='the game\'s options as JSON, e.g. \'{"mode": "race"}\'')
    serve.add_argument("--turn-timer", type=float, default=0.0, metavar="S",
                       help="play a default move for someone who takes over S seconds")
    serve.add_argument("--grace", type=float, default=60.0, metavar="S",
                       help="seconds a dropped player's seat waits before the computer "
                       "takes it (default 60)")
    serve.add_argument("--between", type=float, default=30.0, metavar="S",
                       help="seconds the table waits between matches for each person's "
                       "Next match (default 30; 0: deal at once)")
    serve.add_argument("--save-dir", type=Path, dest="table_dir", metavar="DIR",
                       help="save tables here after every move; resume them on start")
    serve.add_argument("--json", action="store_true", help="print the summary as JSON")
    bot = sub.add_parser("bot", help="join a network table as a computer player")
    bot.add_argument("--connect", type=address, required=True, metavar="HOST:PORT")
    bot.add_argument("--level", default="medium",
                     help="easy, medium or hard (another game: one of its players)")
    bot.add_argument("--name", default="Computer")
    bot.add_argument("--table", default="", help="the table's name (default: the main one)")


def run_network(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from game.net import bot, server
    from game.net.client import JoinRefused
    from game.net.table import WHEN_FULL, TableOptions

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.command == "bot":
        host, port = args.connect
        try:
            asyncio.run(bot.play(host, port, args.name, args.level, args.table))
        except (OSError, JoinRefused) as exc:
            print(f"bot: {exc}", file=sys.stderr)
            return 1
        return 0
    config = dict(args.config) if isinstance(args.config, dict) else {}
    if args.table_game == "chinese-poker":
        config.setdefault("players", args.players or 4)
        if args.target is not None:
            config["target"] = args.target
    table = TableOptions(args.table_game, config, start_when=args.players or WHEN_FULL,
                         matches=args.matches, turn_timer=args.turn_timer, grace=args.grace,
                         between=args.between)
    options = server.ServerOptions(host=args.host, port=args.port, table=table,
                                   save_dir=args.table_dir)

    def announce(host: str, port: int) -> None:
        print(f"listening on {host}:{port}", file=sys.stderr, flush=True)

    try:
        summary = asyncio.run(server.serve(options, announce))
    except (OSError, ValueError) as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{summary['matches']} matches played; winner: {summary['winner']}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line. A quit signal at any moment ends it quietly: status 0, as
    the game's Quit (the loop itself saves and stops), and for a batch command that
    did not finish, the shell's 128 + the signal's number."""
    with interrupt_on_signals():
        batch = False
        try:
            overrides, rest = split_switches(list(sys.argv[1:] if argv is None else argv))
            args = build_parser().parse_args(rest)
            batch = args.command in ("simulate", "fuzz")
            return run(args, overrides)
        except Interrupted as stop:
            return 128 + stop.signum if batch else 0


def run(args: argparse.Namespace, overrides: dict[str, object]) -> int:
    """The command ``args`` names; ``overrides``: the manual's switches."""
    from game.rules.registry import GAME_BY_ID, GAMES

    if args.command == "simulate":
        from game.simulate import simulate

        try:
            extras = {f.keyword: getattr(args, f.keyword) for f in game_sim_flags()}
            result = simulate(args.name, args.games, args.sim_seed, args.agent, **extras)
        except ValueError as exc:
            print(f"simulate: {exc}", file=sys.stderr)
            return 2
        print(json.dumps(result))
        return 0
    if args.command in ("serve", "bot"):
        return run_network(args)
    if args.command == "fuzz":
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        from game.fuzz import main as fuzz

        return fuzz(args.events, args.fuzz_seed, args.json, args.trace)
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.tv:
        overrides["tv_mode"] = True
    if args.game and not GAME_BY_ID[args.game].playable:
        built = ", ".join(g.id for g in GAMES if g.playable)
        print(f"{args.game} is not built yet; playable now: {built}", file=sys.stderr)
        return 2
    from game.launcher import launch

    return launch(args, overrides)


if __name__ == "__main__":
    sys.exit(main())
