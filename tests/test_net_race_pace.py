"""In a race the computer takes a person's time over each card: at a Poker Squares Race
on 127.0.0.1 (an ephemeral port, a clock the test moves) the computer's seat, and a
stand-in for a person who dropped, put down a card only once the table's ``race_pace``
has gone by since their last (a stand-in once took every card at once and won 132-0).
Each wait is for a message, with a deadline only as a failure guard."""

from __future__ import annotations

import asyncio

from game.net.limits import RateLimit
from game.net.protocol import Chat
from game.net.table import Table, TableOptions
from tests.net_tools import FakeClock, Person, expect, host_with_computers, serving

RACE = TableOptions("poker-squares", {"mode": "race"}, race_pace=3.0)


def cards_of(table: Table, seat: int) -> int:
    return sum(getattr(m, "seat", None) == seat for m in table.session.recorder.moves)


async def quiet(person: Person, text: str) -> None:
    """Everything the table had to do before ``person``'s chat line has been done."""
    person.net.send(Chat(text))
    await expect(person.net, Chat, lambda m: m.text == text)


def test_the_computer_places_a_card_each_race_pace_not_all_at_once() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with serving(RACE, clock=clock, silence=1e9,
                           chat_limit=RateLimit(50, 10.0)) as server:
            host = await host_with_computers(server, [1])
            table = server.tables["main"]
            await quiet(host, "dealt")
            assert cards_of(table, 1) == 0, "the computer played before a person could look"
            for placed in (1, 2, 3):
                clock.advance(RACE.race_pace - 1)
                server.tick()
                await quiet(host, f"early {placed}")
                assert cards_of(table, 1) == placed - 1
                clock.advance(1)
                server.tick()
                await host.until(lambda n=placed: cards_of(table, 1) == n)
                await quiet(host, f"placed {placed}")
                assert cards_of(table, 1) == placed, "one card at a time"

    asyncio.run(scenario())
