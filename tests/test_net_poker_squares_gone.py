"""A Poker Squares network table says when the other player is gone, as Chinese Poker's
does: through the app against a server on 127.0.0.1 (an ephemeral port, a clock the
test moves), Hal leaves by Menu > Leave or his program dies; Zoe's table names him
over his matrix with "connection lost" and the seconds until the computer takes his
seat, counted down on her clock, and the line across the top says it too. Each wait is
for a message or a frame, with a deadline only as a failure guard."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.net.client import ThreadedClient
from game.net.table import TableOptions
from scenes.poker_squares import PokerSquaresScene
from tests.driver import frames, make_app
from tests.net_gui_tools import sit_zoe_against_hal, until
from tests.net_tools import FakeClock, server_thread

RACE = TableOptions("poker-squares", config={"mode": "race"}, grace=60.0)


@pytest.mark.parametrize("how", ["leaves", "drops"])
def test_zoes_table_says_hal_is_gone_and_when_the_computer_takes_his_seat(
        tmp_path: Path, how: str) -> None:
    clock = FakeClock()
    with server_thread(RACE, clock=clock, silence=1e9) as (server, loop):
        hal = ThreadedClient("127.0.0.1", server.port, "Hal")
        app = make_app(tmp_path, animation="off")
        try:
            scene = sit_zoe_against_hal(app, hal, server.port, clock, tmp_path,
                                        "poker-squares", PokerSquaresScene)
            net = scene.net.net  # Zoe\'s table
            assert scene.rival_note() == ""
            if how == "leaves":
                hal.close()  # Menu > Leave: a goodbye
            else:  # the program dies: no goodbye, no redial
                hal._closing = True
                hal._runner.loop.call_soon_threadsafe(lambda: hal._client.link.abort("gone"))
            until(app, lambda: scene.rival_note() == "connection lost, computer in 60 s",
                  "Hal's matrix says he is gone, and when the computer takes his seat")
            assert "Waiting for Hal: the computer takes the seat in 60 s" in net.waiting
            assert ("ps", "other") in {item.key for item in scene.draw_items(0.0)}
            clock.advance(20)
            frames(app)
            assert scene.rival_note() == "connection lost, computer in 40 s"
            assert "the computer takes the seat in 40 s" in net.waiting
        finally:
            hal.close()
            app.quit()
