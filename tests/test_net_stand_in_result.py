"""A person drops, the grace period runs out and the computer plays the seat to the end
of the match: the match's end says so (``stood_in``), and only of that seat (issue 20).
Over real sockets on 127.0.0.1; the grace period runs on a clock the test moves."""

from __future__ import annotations

import asyncio

from game.net.protocol import Lobby, MatchEnd, Ready, Start
from game.net.table import TableOptions
from tests.net_tools import FakeClock, Person, connect, expect, serving

TWO = TableOptions(config={"players": 2, "target": 8}, level="easy", grace=60.0)


def test_the_match_end_names_the_seats_the_computer_stood_in_for() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with serving(TWO, clock=clock, silence=1e9) as server:
            ann = Person(await connect(server, "Ann"))
            zoe = Person(await connect(server, "Zoe"))
            zoe.net.send(Ready())
            await expect(ann.net, Lobby, lambda m: m.seats[1].ready)
            watcher = await connect(server, "Watcher", role="spectator")  # reads lobbies
            ann.net.send(Start())
            await zoe.until(lambda: zoe.seat.has_view)
            zoe.net.link.abort("the cable came out")
            await expect(watcher, Lobby, lambda m: not m.seats[1].connected)
            clock.advance(TWO.grace)
            server.tick()
            await expect(watcher, Lobby, lambda m: m.seats[1].level != "")
            await ann.until(lambda: ann.seat.has_view and ann.seat.over,
                            autoplay=True)
            end = await expect(ann.net, MatchEnd)
            assert end.match == 1 and end.stood_in == [1]

    asyncio.run(scenario())
