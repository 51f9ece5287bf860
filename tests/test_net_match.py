"""Whole network matches: four computer players over real sockets (through the API,
and through `main.py serve` and `main.py bot` as the contract has them), a spectator,
Poker Squares' two-player modes, and every frame checked for cards its reader may
not see."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.net.bot import Bot
from game.net.protocol import Lobby, MatchEnd, Replay, Seat
from game.net.table import WHEN_FULL, TableOptions
from game.rules.base import SPECTATOR
from tests.net_tools import GUARD, connect, expect, serving

ROOT = Path(__file__).resolve().parent.parent


async def bots(server, count: int, level: str = "easy") -> list[asyncio.Task[int]]:
    clients = [await connect(server, f"Bot {i + 1}") for i in range(count)]
    return [asyncio.create_task(Bot(c, level, seed=i).run()) for i, c in enumerate(clients)]


def test_four_bots_play_a_whole_match_and_no_frame_shows_a_hidden_card(leak_guard) -> None:
    """The spectator sees the public view only, and gets its replay of the match."""
    async def scenario() -> None:
        table = TableOptions(config={"players": 4, "target": 20}, start_when=WHEN_FULL,
                             matches=1, level="easy")
        async with serving(table) as server:
            guard = leak_guard(server)
            watcher = await connect(server, "Watcher", role="spectator")
            assert watcher.seat == SPECTATOR and watcher.token == ""
            players = await bots(server, 4)
            seen: list = []
            end = await expect(watcher, MatchEnd, seen=seen)
            parts = [await expect(watcher, Replay)]
            while parts[-1].part < parts[-1].parts - 1:
                parts.append(await expect(watcher, Replay))
            kept = [body for part in parts for body in part.bodies]
            assert kept == [m.body for m in seen if isinstance(m, Seat)], \
                "the spectator keeps a replay of what it watched"
            async with asyncio.timeout(GUARD):
                await server.done.wait()
                assert await asyncio.gather(*players) == [1, 1, 1, 1]
            summary = server.summary()
            assert summary["winner"] in summary["players"] and summary["matches"] == 1
            assert end.winners and end.names == summary["players"] and not end.next
            assert summary["errors"] == 0 and summary["refused_moves"] == 0
            hands = [json.loads(m.body)["observation"]["hand"] for m in seen
                     if isinstance(m, Seat)]
            assert len(hands) > 10 and all(h == [] for h in hands), "a spectator holds nothing"
            assert guard.frames > 100 and guard.leaks == []

    asyncio.run(scenario())


def test_each_player_gets_its_own_replay_of_the_match(leak_guard) -> None:
    async def scenario() -> None:
        table = TableOptions(config={"players": 2, "target": 8}, start_when=1, matches=1,
                             level="easy")
        async with serving(table) as server:
            guard = leak_guard(server)
            client = await connect(server, "Solo")
            replay: list[str] = []
            bot = asyncio.create_task(Bot(client, "easy").run())
            parts = []
            original = client.recv

            async def recv():  # the bot reads its messages; the test keeps the replay
                message = await original()
                if isinstance(message, Replay):
                    parts.append(message)
                    replay.extend(message.bodies)
                return message

            client.recv = recv
            async with asyncio.timeout(GUARD):
                await bot
            assert parts and parts[-1].part == parts[-1].parts - 1
            updates = [json.loads(b) for b in replay]
            assert updates[-1]["over"] and all(u["seat"] == 0 for u in updates)
            assert "seed" not in "".join(replay)
            assert guard.leaks == []

    asyncio.run(scenario())


@pytest.mark.parametrize("mode", ["race", "race_both", "alternate", "same_deck"])
def test_poker_squares_two_player_modes_between_two_clients(mode: str, leak_guard) -> None:
    async def scenario() -> None:
        table = TableOptions("poker-squares", {"mode": mode}, start_when=WHEN_FULL,
                             matches=1)
        async with serving(table) as server:
            guard = leak_guard(server)
            watcher = await connect(server, "Watcher", role="spectator")
            lobby = await expect(watcher, Lobby)
            assert [s.kind for s in lobby.seats] == ["open", "open"]
            players = await bots(server, 2, "quick")
            async with asyncio.timeout(GUARD):
                await server.done.wait()
                assert await asyncio.gather(*players) == [1, 1]
            result = server.summary()["results"][0]
            assert len(result["scores"]) == 2 and result["winners"]
            assert guard.leaks == []

    asyncio.run(scenario())


def test_serve_and_bot_commands_as_the_contract_has_them() -> None:
    serve = subprocess.Popen(
        [sys.executable, "main.py", "serve", "--port", "0", "--players", "4", "--matches", "1",
         "--target", "20", "--json"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    bots = []
    try:
        line = serve.stderr.readline()
        assert line.startswith("listening on 127.0.0.1:"), line
        port = line.strip().rpartition(":")[2]
        bots = [subprocess.Popen([sys.executable, "main.py", "bot", "--connect",
                                  f"127.0.0.1:{port}", "--level", "easy", "--name", f"B{i}"],
                                 cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True) for i in range(4)]
        out, err = serve.communicate(timeout=60)
        assert serve.returncode == 0, err
        summary = json.loads(out)
        assert summary["winner"] in {f"B{i}" for i in range(4)}
        assert summary["matches"] == 1 and summary["disconnects"] == 0
        for bot in bots:
            assert bot.wait(timeout=30) == 0, bot.stderr.read()
    finally:
        for process in (serve, *bots):
            if process.poll() is None:
                process.kill()
            process.communicate()
