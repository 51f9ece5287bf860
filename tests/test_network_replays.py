"""Network matches' replays in the replay viewer: listed with the others (marked, with
the players and the result, filtered like the rest), played in the game's own scene
through the seat's eyes by posted keys and clicks (step, seek, rewind), a damaged one
set aside and reported. The seat replay is made as the network makes it: the messages
a ``SeatPort`` sends that seat, kept in order."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

import main
from game import seat_replay
from game.cards import card_from_uid
from game.engine.app import App
from game.engine.net_table import NetworkTable
from game.net.client import ThreadedClient
from game.net.hosting import HostedServer
from game.net.server import ServerOptions
from game.net.table import TableOptions
from game.replay.recorder import Recorder
from game.rules.base import SPECTATOR
from game.rules.registry import GAME_BY_ID
from game.session import Session
from scenes.menu import MenuScene
from scenes.net_lobby import LobbyScene
from scenes.replay_viewer import ReplayListScene, ReplayScene, row_cells
from tests.driver import click, frames, key, make_app
from tests.net_gui_tools import until

SEAT = 1  # the replay is seen through the second seat's eyes


def record_match(game: str, config: dict, moves: int, seed: int = 5
                 ) -> tuple[seat_replay.SeatReplay, list[set[str]], list[set[str]]]:
    """``moves`` moves of a two-seat table (each seat's first legal move), as seat 1's
    replay; with, message by message, seat 1's own cards and the other seat's hidden
    ones (its cards seat 1 may not see then)."""
    rules = GAME_BY_ID[game].rules
    session = Session(rules, Recorder(rules, seed, config))
    bodies: list[str] = []
    mine: list[set[str]] = []
    hidden: list[set[str]] = []

    def sent(text: str) -> None:
        bodies.append(text)
        seen = cards_in(session.observation_json(SEAT))
        mine.append(seen)
        hidden.append(cards_in(session.observation_json(0)) - seen)

    from game.seat_json import SeatPort

    SeatPort(session, SEAT, sent)
    for _ in range(moves):
        if session.over:
            break
        seat = session.acting_seats()[0]
        session.submit(seat, session.legal_moves(seat)[0])
    replay = seat_replay.SeatReplay(game, SEAT, ("Ann", "Bob"), 1, "won",
                                    "2024-05-06T07:08:09", tuple(bodies))
    return replay, mine, hidden


def cards_in(observation: object) -> set[str]:
    """Every card uid named anywhere in an observation's JSON."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str) and is_card(value):
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(observation)
    return found


def is_card(text: str) -> bool:
    try:
        card_from_uid(text)
    except (ValueError, KeyError, IndexError):
        return False
    return len(text) <= 6


def shown_cards(scene: ReplayScene) -> set[str]:
    table = scene.inner.table
    return {p.card for p in (table.placement(k) for k in table.entities)
            if p.face_up and p.card is not None}


def open_list(app) -> ReplayListScene:  # noqa: ANN001
    app.push(MenuScene(app))
    frames(app, 2)
    key(app, pygame.K_r, "r")
    assert isinstance(app.scene, ReplayListScene)
    return app.scene


@pytest.mark.parametrize("game, config", [("chinese-poker", {"players": 2, "target": 25}),
                                          ("poker-squares", {"mode": "race"})])
def test_a_network_replay_is_listed_and_played_through_its_seats_eyes(
        tmp_path: Path, game: str, config: dict) -> None:
    replay, mine, hidden = record_match(game, config, 30)
    assert any(hidden) or game == "poker-squares", "the other's hand is hidden from this seat"
    seat_replay.write(tmp_path, replay)
    app = make_app(tmp_path, animation="off")
    listing = open_list(app)
    assert len(listing.replays) == 1 and listing.replays[0].network
    cells, detail = row_cells(listing.replays[0])
    words = {"chinese-poker": "to 25 points", "poker-squares": "Race"}[game]
    assert "network" in cells[0] and cells[2] == "Won" and "Ann, Bob" in detail
    assert words in detail, "its mode"
    assert re.fullmatch("-?\\d+\u2013-?\\d+", cells[3]), "its points"
    key(app, pygame.K_g, "g")  # filtered by game like the others
    assert len(listing.replays) == 1 and listing.game_filter == game
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN, "\r")
    viewer = app.scene
    assert isinstance(viewer, ReplayScene) and viewer.inner.seat == SEAT
    assert viewer.length == len(replay.bodies) - 1 and viewer.cursor == 0
    assert viewer.inner.seat_name(0) == "Ann" and "as Bob saw it" in viewer.table_text()
    key(app, pygame.K_SPACE, " ")  # pause the autoplay: step by hand

    def check() -> None:
        frames(app, 2)
        k = viewer.cursor
        shown = shown_cards(viewer)
        assert not shown & hidden[k], f"message {k} shows the other seat's cards"
        assert shown == mine[k], f"message {k}: the table shows this seat's view"

    check()
    for _ in range(3):
        key(app, pygame.K_RIGHT)
        check()
    assert viewer.cursor == 3
    key(app, pygame.K_LEFT)
    check()
    assert viewer.cursor == 2
    track = viewer.track_rect()
    click(app, (track.x + track.w * 0.6, track.centery))  # seek by the progress bar
    assert viewer.cursor == round(0.6 * viewer.length)
    check()
    key(app, pygame.K_END)
    assert viewer.cursor == viewer.length
    check()
    key(app, pygame.K_b, "b")  # rewind plays back towards the deal
    for _ in range(600):
        if viewer.cursor < viewer.length - 2:
            break
        frames(app)
    check()
    app.quit()


def test_a_damaged_network_replay_is_set_aside_and_reported(tmp_path: Path) -> None:
    replay, _, _ = record_match("chinese-poker", {"players": 2, "target": 25}, 5)
    good = seat_replay.write(tmp_path, replay)
    broken = good.with_name("broken.json")
    broken.write_text(json.dumps({**replay.to_json(), "bodies": "nope"}))
    garbled = good.with_name("garbled.json")
    garbled.write_text(json.dumps({**replay.to_json(), "bodies": ["{not json"]}))
    app = make_app(tmp_path, animation="off")
    listing = open_list(app)
    assert {r.path.name for r in listing.replays} == {good.name, garbled.name}
    assert not broken.exists() and list(broken.parent.glob("broken.json.bad-*"))
    assert any("broken.json could not be read" in text for text in app.notices.texts)
    row = next(i for i, r in enumerate(listing.replays) if r.path == garbled)
    listing.press(f"row:{row}")  # listed, but its messages cannot be shown: said, no crash
    assert app.scene is listing and "cannot be shown" in listing.hud.message.text
    app.quit()


def test_main_replay_opens_a_network_replay(tmp_path: Path) -> None:
    replay, _, _ = record_match("poker-squares", {"mode": "race"}, 8)
    path = seat_replay.write(tmp_path, replay)
    assert main.main(["--headless", "--frames", "20", "--save-dir", str(tmp_path),
                      "replay", str(path)]) == 0


def test_a_spectator_keeps_the_match_it_watched_through_the_public_view(
        tmp_path: Path) -> None:
    """Zoe watches a table the computer plays out (Hal started it and left: the computer
    took his seat at once); each match she watched is kept on her machine, marked
    watched, and plays back with no hand in view."""
    server = HostedServer(ServerOptions(port=0, table=TableOptions(
        config={"players": 4, "target": 10}, level="easy", grace=0.0)))
    port = server.start()
    hal = ThreadedClient("127.0.0.1", port, "Hal")
    app = make_app(tmp_path, animation="off")
    try:
        net = zoe_watches(app, hal, port, "chinese-poker", [1, 2, 3], "easy")
        until(app, lambda: bool(net.saved), "the watched match kept")
        frames(app, 5)  # the watcher's end box (an exception fails the test: no guard)
        replay = seat_replay.read(net.saved[0])
        assert replay.seat == SPECTATOR and replay.result == "watched"
        assert replay.names[0] == "Hal"
        app.pop()
        viewer = ReplayScene.open(app, net.saved[0], autoplay=False)
        assert viewer is not None and "as a spectator saw it" in viewer.table_text()
        app.push(viewer)
        while viewer.cursor < viewer.length:
            frames(app, 2)
            view = viewer.inner.view
            assert view.seat == SPECTATOR and view.hand == ()
            public = cards_in(viewer.recorder.updates[viewer.cursor]["observation"])
            assert shown_cards(viewer) <= public, "only what the table shows everyone"
            for _ in range(max(1, viewer.length // 12)):
                key(app, pygame.K_RIGHT)
        app.pop()
        listing = open_list(app)
        cells, _ = row_cells(listing.replays[0])
        assert cells[2].startswith("Watched")
    finally:
        hal.close()
        server.close()
        app.quit()


def test_a_network_replays_caption_keeps_clear_of_the_speed_in_tv_mode(tmp_path: Path) -> None:
    replay, _, _ = record_match("poker-squares", {"mode": "race"}, 8)
    replay = replace(replay, names=("Annabel-Margaret", "Bartholomew-James"))
    seat_replay.write(tmp_path, replay)
    app = make_app(tmp_path, size=(1920, 1080), animation="off", tv_mode=True)
    open_list(app)
    key(app, pygame.K_RETURN, "\r")
    viewer = app.scene
    assert isinstance(viewer, ReplayScene)
    items = {item.key: item for item in viewer.draw_items(0.0)}
    info, speed = (pygame.Rect(items[(k,)].pos, items[(k,)].image.get_size())
                   for k in ("info", "speed"))
    assert info.right < speed.left, "the caption ran into the speed"
    app.quit()


@pytest.mark.slow  # about 5 s on this machine, idle
def test_a_spectator_watches_a_poker_squares_race_and_its_replay(tmp_path: Path) -> None:
    """The play-test's Watch at a Poker Squares table crashed the scene: the public view
    has no seat of its own (SPECTATOR) and the table looked up that seat's rules."""
    from scenes.poker_squares import PokerSquaresScene

    server = HostedServer(ServerOptions(port=0, ping_interval=0.05, table=TableOptions(
        "poker-squares", config={"mode": "race"}, level="quick", grace=0.0, race_pace=0.1)))
    # (the server looks for a race's computer moves at every tick: ticks are quick here)
    port = server.start()
    hal = ThreadedClient("127.0.0.1", port, "Hal")
    app = make_app(tmp_path, animation="off")
    try:
        zoe_watches(app, hal, port, "poker-squares", [1], "quick")
        until(app, lambda: isinstance(app.scene, PokerSquaresScene), "the table shown")
        scene = app.scene
        until(app, lambda: any(c is not None for g in scene.view.grids for row in g
                               for c in row), "a card placed, seen from the stands")
        until(app, lambda: scene.hud.dialog is not None, "the race's end box")
        assert scene.view.seat == SPECTATOR and scene.hud.dialog.title.startswith((
            "Hal wins", "Computer", "A tie")), scene.hud.dialog.title
        app.pop()
        viewer = ReplayScene.open(app, seat_replay.write(tmp_path, watched_race()),
                                  autoplay=False)
        assert viewer is not None and "as a spectator saw it" in viewer.table_text()
        app.push(viewer)
        while viewer.cursor < viewer.length:
            frames(app, 2)
            assert viewer.inner.view.seat == SPECTATOR
            key(app, pygame.K_RIGHT)
    finally:
        hal.close()
        server.close()
        app.quit()


def watched_race() -> seat_replay.SeatReplay:
    """Ten moves of a Poker Squares race as a spectator saw them."""
    rules = GAME_BY_ID["poker-squares"].rules
    session = Session(rules, Recorder(rules, 5, {"mode": "race"}))
    bodies: list[str] = []
    from game.seat_json import SeatPort

    SeatPort(session, SPECTATOR, bodies.append)
    for _ in range(10):
        seat = session.acting_seats()[0]
        session.submit(seat, session.legal_moves(seat)[0])
    return seat_replay.SeatReplay("poker-squares", SPECTATOR, ("Ann", "Bob"), 1, "watched",
                                  "2024-05-06T07:08:09", tuple(bodies))


@pytest.mark.parametrize(("size", "tv"), [((1280, 720), False), ((1920, 1080), True)])
def test_a_replay_rows_lines_stay_inside_it_and_apart(tmp_path: Path, size: tuple[int, int],
                                                      tv: bool) -> None:
    """TV mode's bigger text clipped a row's second line and ran it into the first (the
    play-test): each row holds both its lines, apart, and the rows do not meet."""
    replay, _, _ = record_match("chinese-poker", {"players": 4, "target": 25}, 12)
    for n in range(12):  # more than a page
        seat_replay.write(tmp_path, replace(replay, match=n + 1,
                                            names=("Alice", "Bob", "Computer 3", "Computer 4")))
    app = make_app(tmp_path, size=size, animation="off", tv_mode=tv)
    listing = open_list(app)
    frames(app)
    vp = app.viewport
    items = {item.key: item.rect for item in listing.draw_items(0.0)}
    rows = [b for b in listing.hud.buttons if b.key.startswith("row:")]
    assert len(rows) >= 6
    for a, b in zip(rows, rows[1:], strict=False):
        assert not pygame.Rect(vp.rect_px(*a.rect)).colliderect(vp.rect_px(*b.rect))
    for row in rows:
        box = pygame.Rect(vp.rect_px(*row.rect))
        detail = items[("detail", row.key)]
        cells = [r for k, r in items.items() if k[0] == "cell" and k[1] == row.key]
        assert box.contains(detail), (row.key, box, detail)
        for cell in cells:
            assert box.contains(cell) and not cell.colliderect(detail), (row.key, cell, detail)
    app.quit()


def zoe_watches(app: App, hal: ThreadedClient, port: int, game: str, computers: list[int],
                level: str) -> NetworkTable:
    """Hal starts his table with the computer in ``computers`` and leaves (the computer
    takes his seat too); Zoe comes to watch it: her table, its lobby pushed."""
    until(app, lambda: hal.poll() is not None and hal.status == "lobby", "Hal seated")
    hal.set_computers(computers, level)
    hal.start()
    until(app, lambda: hal.poll() is not None and hal.status == "playing", "dealt")
    hal.close()
    net = NetworkTable(ThreadedClient("127.0.0.1", port, "Zoe", role="spectator"),
                       app.save_dir)
    app.push(LobbyScene(app, GAME_BY_ID[game], net))
    return net
