"""Between matches and on arrival, over real sockets on 127.0.0.1: the table waits for
every connected person's Next match before it deals again (a person who stays silent
for the table's ``between`` seconds after another said Next counts as ready; with nobody
wanting to go on nothing is dealt; bots answer at once), and a newcomer or
someone back gets the table's last chat lines. Nothing sleeps: each wait is for a
message, with a deadline only as a failure guard."""

from __future__ import annotations

import asyncio
import shutil
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game import storage
from game.net import persist
from game.net.bot import Bot
from game.net.limits import RateLimit
from game.net.protocol import (
    CHAT_HISTORY,
    Chat,
    Lobby,
    MatchEnd,
    Next,
    Ready,
    Seat,
    Start,
    Waiting,
)
from game.net.server import Server
from game.net.table import TableOptions
from tests.net_tools import GUARD, FakeClock, Person, connect, expect, serving

TWO = TableOptions(config={"players": 2, "target": 8}, level="easy", between=30.0)


async def barrier(person: Person, text: str) -> None:
    """Everything ``person`` sent before is handled once its own chat line comes back
    (one connection's messages are handled in order)."""
    person.net.send(Chat(text))
    await expect(person.net, Chat, lambda m: m.text == text)


async def two_people_to_the_end(server: Server) -> tuple[Person, Person]:
    """Ann hosts, Bob joins, they play a match to its end by the first legal moves."""
    ann = Person(await connect(server, "Ann"))
    bob = Person(await connect(server, "Bob"))
    bob.net.send(Ready())
    await expect(ann.net, Lobby, lambda m: m.seats[1].ready)
    ann.net.send(Start())
    await asyncio.gather(*(p.until(lambda p=p: p.seat.has_view and p.seat.over,
                                   autoplay=True) for p in (ann, bob)))
    for person in (ann, bob):
        end = await expect(person.net, MatchEnd)
        assert end.match == 1 and end.next
    return ann, bob


def test_the_next_match_waits_for_every_person_and_the_computer_is_always_ready() -> None:
    async def scenario() -> None:
        async with serving(TWO, clock=FakeClock()) as server:
            ann, bob = await two_people_to_the_end(server)
            table = server.tables["main"]
            ann.net.send(Next())
            await barrier(ann, "ready")
            assert table.session is None and table.waiting == {1}, "Bob has not answered"
            assert ann.seat.over, "Ann still sees the finished table"
            bob.net.send(Next())
            await ann.until(lambda: not ann.seat.over)
            assert table.match == 2 and table.session is not None

    asyncio.run(scenario())


def test_the_table_says_whose_next_match_it_waits_for_and_how_long() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with serving(TWO, clock=clock) as server:
            ann, bob = await two_people_to_the_end(server)
            clock.advance(5)
            ann.net.send(Next())
            said = await expect(ann.net, Waiting, lambda m: [w.seat for w in m.waits] == [1])
            # Bob's seconds run from Ann's Next, not from the match's end
            assert [(w.why, w.left) for w in said.waits] == [("next", TWO.between)]
            bob.net.send(Next())
            dealt = await expect(bob.net, Waiting, lambda m: not any(
                w.why == "next" for w in m.waits))
            assert dealt.waits == [], "no turn timer, nobody away: the table waits for no one"

    asyncio.run(scenario())


def test_someone_who_does_not_answer_is_taken_as_ready_when_the_time_is_up() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with serving(TWO, clock=clock, silence=10 * TWO.between) as server:
            ann, bob = await two_people_to_the_end(server)
            table = server.tables["main"]
            ann.net.send(Next())
            await barrier(ann, "ready")
            clock.advance(TWO.between - 1)
            server.tick()
            assert table.session is None, "still within the pause"
            clock.advance(1)
            server.tick()
            await expect(bob.net, Lobby, lambda m: m.match == 2)
            assert table.session is not None

    asyncio.run(scenario())


def test_with_nobody_wanting_to_go_on_the_table_deals_nothing_on_its_own() -> None:
    """Both read the result (or watch the replay): no time runs out for them. Bob drops
    and the computer would stand in; still nothing is dealt until Ann says Next."""
    async def scenario() -> None:
        clock = FakeClock()
        async with serving(TWO, clock=clock, silence=1e9) as server:
            ann, bob = await two_people_to_the_end(server)
            table = server.tables["main"]
            for _ in range(3):
                clock.advance(TWO.between)
                server.tick()
            assert table.session is None and table.match == 1, "dealt with nobody's Next"
            assert not any(why == "next" for _, why, _ in table.waits()), "no countdown runs"
            bob.net.link.abort("gone")
            await expect(ann.net, Lobby, lambda m: not m.seats[1].connected)
            for _ in range(3):
                clock.advance(max(TWO.between, TWO.grace))
                server.tick()
            assert table.session is None and table.match == 1, "the stand-in played on alone"
            ann.net.send(Next())
            await expect(ann.net, Lobby, lambda m: m.match == 2)

    asyncio.run(scenario())


def test_a_server_stopped_between_matches_resumes_with_the_next_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk is slow (each write synced): while the first write hangs, the match is
    played out. The saver keeps up (the newest record only, not a queue of every move
    that a crash would cut short), so right after the pause the file holds the pause;
    a server back from it deals match 2 (match 1 is neither played nor scored again)
    and the person takes a seat back in it with the token."""
    slow, written = threading.Event(), []

    def write(path: Path, data: dict[str, Any]) -> None:
        slow.wait(GUARD)
        written.append(data)
        storage.write_json_atomic(path, data)

    monkeypatch.setattr(persist, "write_json_atomic", write)

    async def scenario() -> None:
        crashed = tmp_path / "crashed"
        async with serving(TWO, clock=FakeClock(), save_dir=tmp_path / "tables") as server:
            ann, bob = await two_people_to_the_end(server)
            results = [(r.match, r.scores) for r in server.tables["main"].results]
            totals, token = list(server.tables["main"].totals), ann.net.token
            slow.set()
            server._saver._worker.submit(lambda: None).result()  # the saver has caught up
            assert len(written) <= 2, "the first record, then the newest"
            assert written[-1]["paused"] and written[-1]["replay"] is None
            shutil.copytree(tmp_path / "tables", crashed)  # as a crash now leaves it
        async with serving(TWO, clock=FakeClock(), save_dir=crashed) as server:
            table = server.tables["main"]
            assert [(r.match, r.scores) for r in table.results] == results
            assert table.totals == totals and sum(totals) >= 1, "match 1 scored once"
            assert table.match == 2 and table.session is not None and not table.session.over
            back = Person(await connect(server, "Ann", token=token))
            back.net.send(Chat("back"))
            seen: list[Any] = []
            await expect(back.net, Chat, lambda m: m.text == "back", seen=seen)
            assert not any(isinstance(m, MatchEnd) for m in seen), "match 1 is not told again"
            for message in seen:
                if isinstance(message, Seat):
                    back.seat.receive(message.body)
            assert back.seat.view.round == 0 and not back.seat.over, "a fresh match"

    asyncio.run(scenario())


def test_a_bot_says_next_match_at_once() -> None:
    async def scenario() -> None:
        async with serving(replace(TWO, start_when=2), clock=FakeClock()) as server:
            ann = Person(await connect(server, "Ann"))
            bot = asyncio.create_task(Bot(await connect(server, "Bot"), "easy").run())
            await ann.until(lambda: ann.seat.has_view and ann.seat.over, autoplay=True)
            await expect(ann.net, MatchEnd)
            table = server.tables["main"]
            ann.net.send(Next())
            await expect(ann.net, Lobby, lambda m: m.match == 2)
            assert table.session is not None
            bot.cancel()

    asyncio.run(scenario())


def test_a_newcomer_and_someone_back_get_the_last_chat_lines() -> None:
    async def scenario() -> None:
        async with serving(TWO, clock=FakeClock(), chat_limit=RateLimit(50, 10.0)) as server:
            ann = Person(await connect(server, "Ann"))
            for n in range(CHAT_HISTORY + 3):
                ann.net.send(Chat(f"line {n}"))
            await expect(ann.net, Chat, lambda m: m.text == f"line {CHAT_HISTORY + 2}")
            bob = await connect(server, "Bob")
            lines = [await expect(bob, Chat) for _ in range(CHAT_HISTORY)]
            assert [m.text for m in lines] == [f"line {n}" for n in range(3, CHAT_HISTORY + 3)]
            token = bob.token
            bob.link.abort("crash")
            back = await connect(server, "Bob", token=token)
            again = await expect(back, Chat)
            assert (again.text, again.sender, again.seat) == ("line 3", "Ann", 0)

    asyncio.run(scenario())


def test_a_resumed_table_still_has_its_chat(tmp_path: Path) -> None:
    """The play-test's crashed host came back without the chat: the lines are saved with
    the table (a chat line saves it too) and told to whoever comes back."""
    async def scenario() -> None:
        crashed = tmp_path / "crashed"
        playing = replace(TWO, start_when=2)  # (a table in its lobby is not kept)
        async with serving(playing, clock=FakeClock(), save_dir=tmp_path / "tables") as server:
            ann = Person(await connect(server, "Ann"))
            Person(await connect(server, "Bob"))
            await expect(ann.net, Lobby, lambda m: m.phase == "playing")
            ann.net.send(Chat("back in five"))
            await expect(ann.net, Chat, lambda m: m.text == "back in five")
            server._saver._worker.submit(lambda: None).result()  # the saver has caught up
            token = ann.net.token
            shutil.copytree(tmp_path / "tables", crashed)  # as a crash now leaves it
        async with serving(playing, clock=FakeClock(), save_dir=crashed) as server:
            back = await connect(server, "Ann", token=token)
            line = await expect(back, Chat, lambda m: m.text == "back in five")
            assert (line.sender, line.seat) == ("Ann", 0)

    asyncio.run(scenario())
