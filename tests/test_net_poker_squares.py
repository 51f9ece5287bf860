"""Poker Squares between two machines, through the app: the menu hosts a Race (the host
dialogs ask the mode, not Chinese Poker's seats and target), a second client joins over
a real socket on 127.0.0.1, both play the race to the end (the host by posted keys, the
other through its seat client), both are told the result, and the host watches the
match again from the result box. Every wait is for a
message, with a deadline only as a failure guard."""

from __future__ import annotations

from pathlib import Path

import pygame

from game import seat_replay
from game.net.client import ThreadedClient
from game.replay.seat_tape import SeatTape
from scenes.net_lobby import LobbyScene
from scenes.poker_squares import PokerSquaresScene
from scenes.replay_viewer import ReplayScene
from tests.driver import frames, key, make_app
from tests.net_gui_tools import finish_hosting, open_network_menu, until


def host_a_race(app) -> LobbyScene:  # noqa: ANN001
    """Menu > Poker Squares > Host a table: Race, two people."""
    menu = open_network_menu(app, "poker-squares")
    key(app, pygame.K_h, "h")
    dialog = menu.hud.dialog
    assert dialog is not None and "two-player game" in dialog.body
    assert [b.label for b in dialog.buttons()][:4] == ["Race", "Race Both", "Alternate",
                                                       "Same Deck"]
    key(app, pygame.K_r, "r")  # Race
    assert menu.hud.dialog is not None and menu.hud.dialog.title == "People"
    key(app, pygame.K_2, "2")
    finish_hosting(app, "Ann")
    assert isinstance(app.scene, LobbyScene)
    return app.scene


def place_by_keys(app, scene: PokerSquaresScene) -> None:  # noqa: ANN001
    """The host's turn, as a player at the keyboard takes it: row, then column."""
    view = scene.view
    if not view.to_move or view.card is None:
        return
    spot = sorted(s for s in view.targets if s.startswith("g0"))[0]
    key(app, getattr(pygame, f"K_{int(spot[2]) + 1}"), str(int(spot[2]) + 1))
    key(app, getattr(pygame, f"K_{int(spot[3]) + 1}"), str(int(spot[3]) + 1))


def place_first(client: ThreadedClient) -> None:
    """The other machine's turn: its first legal move, through its own seat client."""
    client.poll()
    seat = client.seat_client
    if seat is not None and seat.acting and seat.legal_moves and not seat.over:
        seat.submit(seat.legal_moves[0])


def test_host_a_poker_squares_race_and_play_it_to_the_end(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    lobby = host_a_race(app)
    until(app, lambda: lobby.net.client.lobby is not None, "the lobby")
    assert lobby._heading()[0][0] == "Poker Squares \u00b7 2 seats \u00b7 Race"
    other = ThreadedClient("127.0.0.1", lobby.net.hosted.port, "Bob")
    try:
        until(app, lambda: other.poll() is not None and other.status == "lobby"
              and lobby.net.client.lobby.seats[1].kind == "human", "Bob seated")
        other.ready()
        until(app, lambda: other.poll() is not None and lobby.net.client.lobby.seats[1].ready,
              "Bob ready")
        key(app, pygame.K_s, "s")
        until(app, lambda: other.poll() is not None
              and isinstance(app.scene, PokerSquaresScene), "the table opened")
        scene = app.scene
        net = scene.net.net
        assert scene.session is None and scene.seat == 0
        shown = {b.key for b in scene.hud.buttons if b.visible}
        assert not shown & {"new", "same", "undo", "redo", "players", "config"}
        assert "chat" in shown
        assert scene.rival == "Bob" and scene.pair_layout(scene.view), \
            "the other matrix is drawn full size, named from the lobby"

        def race() -> bool:
            place_first(other)
            if scene.hud.dialog is None:
                place_by_keys(app, scene)
            return net.client.match_end is not None and other.match_end is not None

        until(app, race, "the race played to the end", deadline=120)
        end = other.match_end
        assert end.match == 1 and len(end.scores) == 2
        assert end.winners and end == net.client.match_end, "both are told the same result"
        until(app, lambda: scene.hud.dialog is not None and "match 1" in scene.hud.dialog.body,
              "the host is told the result")
        body = scene.hud.dialog.body
        assert f"Bob: {end.scores[1]:g}" in body and f"You: {end.scores[0]:g}" in body
        assert "Your score" not in body, "the points are said once, by the table"
        until(app, lambda: bool(net.saved), "the host's replay saved")
        replay = seat_replay.read(net.saved[0])
        assert replay.game == "poker-squares" and replay.names == ("Ann", "Bob")
        key(app, pygame.K_w, "w")  # Watch replay: the match just played, through Ann's eyes
        viewer = app.scene
        assert isinstance(viewer, ReplayScene) and isinstance(viewer.recorder, SeatTape)
        key(app, pygame.K_END)
        frames(app, 2)
        assert viewer.inner.view.over and viewer.inner.view.scores == tuple(end.scores)
        assert viewer.inner.rival == "Bob"
        key(app, pygame.K_ESCAPE)
        assert app.scene is scene
    finally:
        other.close()
        app.quit()
