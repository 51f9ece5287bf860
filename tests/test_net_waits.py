"""Whom the table waits for, through the app against a server on 127.0.0.1 (an ephemeral
port, a clock the test moves): under the turn timer, the line across the top names
whose move it is and the seconds left; when a player's connection drops, his seat says
so with the seconds until the computer takes it, and the line says it too. Each wait is
for a message or a frame, with a deadline only as a failure guard."""

from __future__ import annotations

from pathlib import Path

from game.net.client import ThreadedClient
from game.net.table import TableOptions
from scenes.chinese_poker import ChinesePokerScene
from tests.driver import frames, make_app
from tests.net_gui_tools import sit_zoe_against_hal, until
from tests.net_tools import FakeClock, server_thread

TIMED = TableOptions(config={"players": 2, "target": 25}, level="easy", turn_timer=30.0,
                     grace=60.0)


def hal_note(scene: ChinesePokerScene) -> str:
    """What Hal's seat label (seat 1 of 2) says beside his name and cards."""
    return scene.net.net.seat_note(0)


def test_the_table_says_whose_move_it_waits_for_and_who_dropped_with_the_seconds_left(
        tmp_path: Path) -> None:
    clock = FakeClock()
    with server_thread(TIMED, clock=clock, silence=1e9) as (server, loop):
        hal = ThreadedClient("127.0.0.1", server.port, "Hal")
        app = make_app(tmp_path, animation="off")
        try:
            scene = sit_zoe_against_hal(app, hal, server.port, clock, tmp_path,
                                        "chinese-poker", ChinesePokerScene)
            net = scene.net.net  # Zoe\'s table
            mover = scene.view.turn
            wanted = "Your move: 30 s left" if mover == 1 else "Waiting for Hal's move: 30 s"
            until(app, lambda: net.waiting == wanted, "the turn timer said")
            clock.advance(12)
            frames(app)
            assert net.waiting == wanted.replace("30", "18"), "counted down on Zoe's clock"
            assert any(item.key == ("net", "line") for item in scene.net.draw_items())

            hal._closing = True  # Hal's program dies: no goodbye, no redial
            hal._runner.loop.call_soon_threadsafe(lambda: hal._client.link.abort("gone"))
            until(app, lambda: hal_note(scene) == "connection lost, computer in 60 s",
                  "Hal's seat says he dropped, and when the computer takes it")
            assert "Waiting for Hal: the computer takes the seat in 60 s" in net.waiting
            clock.advance(15)
            frames(app)
            assert hal_note(scene) == "connection lost, computer in 45 s"
            assert "the computer takes the seat in 45 s" in net.waiting
            clock.advance(45)
            loop.call_soon_threadsafe(server.tick)
            until(app, lambda: hal_note(scene) == "computer stands in",
                  "the computer took Hal's seat")
            assert "Waiting for Hal:" not in net.waiting
        finally:
            hal.close()
            app.quit()
