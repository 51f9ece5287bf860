"""Poker Squares between two machines, through the app: the menu hosts a Race (the host
dialogs ask the mode, not Chinese Poker's seats and target), a second client joins over
a real socket on 127.0.0.1, both play the race to the end (the host by posted keys, the
other through its seat client), both are told the result, and the host watches the
match again from the result box. Then a second app joins from its own menu and its
player (seat 1) plays his seat with the arrows, the digits, a pad and the mouse, and
chats. Every wait is for a message, with a deadline only as a failure guard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game import seat_replay
from game.engine.app import App
from game.engine.chat import ChatPanel
from game.engine.seats import ALL_DEVICES
from game.net.client import ThreadedClient
from game.replay.seat_tape import SeatTape
from scenes.net_lobby import LobbyScene
from scenes.poker_squares import PokerSquaresScene
from scenes.replay_viewer import ReplayScene
from tests.driver import click, frames, key, key_focus, make_app, pad_focus, pad_press, type_text
from tests.net_gui_tools import clear_field, finish_hosting, open_network_menu, ready_guest, until

Placer = Callable[[App, PokerSquaresScene, str], None]  # puts the waiting card on a square


def host_a_race(app: App) -> LobbyScene:
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


def first_square(scene: PokerSquaresScene) -> str | None:
    """The first square this seat may put its waiting card in now (None: nothing to
    place, or a box is up)."""
    view = scene.view
    if view.over or not view.to_move or view.card is None or scene.hud.dialog is not None:
        return None
    return min((s for s in view.targets if s.startswith("g0")), default=None)


def filled(scene: PokerSquaresScene) -> int:
    """How many cards lie in this seat's matrix."""
    return sum(card is not None for row in scene.view.grid for card in row)


def by_digits(app: App, scene: PokerSquaresScene, spot: str) -> None:
    """Row, then column, as a player at the keyboard types them."""
    for number in spot[2:4]:
        digit = str(int(number) + 1)
        key(app, pygame.key.key_code(digit), digit)


def by_arrows(app: App, scene: PokerSquaresScene, spot: str) -> None:
    key_focus(app, scene, f"zone:{spot}")
    key(app, pygame.K_RETURN)


def by_mouse(app: App, scene: PokerSquaresScene, spot: str) -> None:
    click(app, scene.spot_rect(scene.view, spot).center)


def by_pad(pad) -> Placer:  # noqa: ANN001 - a VirtualPad
    def place(app: App, scene: PokerSquaresScene, spot: str) -> None:
        pad_focus(app, pad, scene, f"zone:{spot}")
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    return place


def place_by_keys(app: App, scene: PokerSquaresScene) -> None:
    """The host's turn, as a player at the keyboard takes it: row, then column."""
    spot = first_square(scene)
    if spot is not None:
        by_digits(app, scene, spot)


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
    assert lobby._heading()[0][0] == "Poker Squares \u00b7 2 seats \u00b7 Race \u00b7 no turn timer"
    other = ThreadedClient("127.0.0.1", lobby.net.hosted.port, "Bob")
    try:
        ready_guest(app, lobby, other)
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
        until(app, lambda: scene.hud.dialog is not None
              and "match 1" in scene.hud.dialog.body.lower(),  # "Match 1 was a tie..." too
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
        # Back from the replay: the result box again, and no match dealt behind it
        assert scene.hud.dialog is not None and "match 1" in scene.hud.dialog.body.lower()
        assert net.client.lobby.match == 1 and scene.view.over
        other.next_match()  # Bob wants to go on: Ann's seconds to read run, on the box
        until(app, lambda: "Dealt without you in " in scene.hud.dialog.body,
              "the countdown on the result box")
        assert net.client.lobby.match == 1
        key(app, pygame.K_n, "n")
        until(app, lambda: net.client.lobby.match == 2 and not scene.view.over,
              "the next match dealt on Ann's word")
    finally:
        other.close()
        app.quit()


def join_from_menu(app: App, port: int, name: str) -> LobbyScene:
    """Menu > Poker Squares > Connect: the host's address, then ``name``."""
    open_network_menu(app, "poker-squares")
    key(app, pygame.K_c, "c")
    for text in (f"127.0.0.1:{port}", name):
        clear_field(app)
        type_text(app, text)
        key(app, pygame.K_RETURN)
    assert isinstance(app.scene, LobbyScene)
    return app.scene


def keys_in_view(app: App, chat: ChatPanel, shown: list[pygame.Rect]) -> None:
    """Tab with a pad connected: the chat's entry comes with its on-screen keys, which
    cover none of ``shown`` (the seats and buttons of the lobby, the cards and words of
    the table) and not the line being typed; Esc puts them away."""
    key(app, pygame.K_TAB)
    assert chat.keyboard is not None, "a pad is connected: the keys show"
    keys = [k.rect for k in chat.keyboard.keys()]
    for covered in (*shown, chat.entry_rect):
        assert covered.collidelist(keys) == -1, f"a key covers {covered}"
    assert min(k.h for k in keys) >= 40, "big enough to read from the sofa"
    key(app, pygame.K_ESCAPE)
    assert chat.entry is None


def test_a_guest_at_a_poker_squares_race_plays_his_seat_with_every_device(
        tmp_path: Path, pad) -> None:  # noqa: ANN001
    """The guest's seat is seat 1, and it is his own: arrows and Enter, row and column
    digits, the pad and the mouse all place his cards (not a same-screen Player 2's),
    and what he types in the chat reaches the table."""
    host = make_app(tmp_path / "host", animation="off")
    # At home he plays with a friend on his screen: none of that at a network table.
    guest = make_app(tmp_path / "guest", animation="off",
                     per_game={"poker-squares": {"opponent": "person"}})

    def both(done: Callable[[], bool], what: str) -> None:
        """Frames at both machines until ``done()``."""
        def step() -> bool:
            frames(guest)
            return done()
        until(host, step, what)

    try:
        lobby = host_a_race(host)
        until(host, lambda: lobby.net.client.lobby is not None, "the lobby")
        joined = join_from_menu(guest, lobby.net.hosted.port, "Bob")
        both(lambda: joined.hud.button("ready").enabled, "Bob seated")
        pad.attach()
        frames(guest, 2)  # the pad is the guest's: his app takes its arrival
        keys_in_view(guest, joined.net.chat, [b.rect for b in joined.hud.buttons if b.visible])
        key(guest, pygame.K_r, "r")
        both(lambda: lobby.net.client.lobby.seats[1].ready, "Bob ready")
        key(host, pygame.K_s, "s")
        both(lambda: isinstance(host.scene, PokerSquaresScene)
             and isinstance(guest.scene, PokerSquaresScene), "the table opened at both")
        mine, his = host.scene, guest.scene
        assert his.session is None and his.seat == 1
        assert his.second.cursor is None and [h.devices for h in his.humans] == [ALL_DEVICES]
        vp = his.viewport
        words = [pygame.Rect(*vp.to_logical(i.rect.topleft), i.rect.w / vp.scale,
                             i.rect.h / vp.scale) for i in his.extra_items()]
        cards = [his.table.card_rect(k) for k in his.table.entities]
        keys_in_view(guest, his.net.net.chat, cards + words)
        key(guest, pygame.K_TAB)
        type_text(guest, "row 1 col 1 gdpx")
        key(guest, pygame.K_RETURN)
        both(lambda: ("Bob", "row 1 col 1 gdpx") in mine.net.net.chat.lines,
             "the guest's typed line reached the table")
        ways = [by_arrows, by_digits, by_pad(pad), by_mouse]
        placed: list[str] = []
        # Card by card, each wait its own: one deadline over the whole race (hundreds of
        # frames of two apps) ran out on a loaded machine with nothing wrong.
        while len(placed) < 25:
            both(lambda: first_square(his) is not None, f"the guest's card {len(placed) + 1}")
            # The host at half his pace: a Race is over once one matrix is full, and
            # the guest's is, so every card of his is placed.
            if filled(mine) <= len(placed) // 2:
                place_by_keys(host, mine)
            spot = first_square(his)
            assert spot is not None, "the host's keys are his own"
            way = ways[len(placed) % len(ways)]
            way(guest, his, spot)
            both(lambda s=spot: his.view.grid[int(s[2])][int(s[3])] is not None,
                 f"the guest's card on {spot} by {way}")
            placed.append(spot)
        both(lambda: mine.net.net.client.match_end is not None
             and his.net.net.client.match_end is not None, "the race's end told at both")
        for scene in (mine, his):
            both(lambda s=scene: s.hud.dialog is not None
                 and "match 1" in s.hud.dialog.body.lower(),
                 "both are told the result")
        assert "Ann: " in his.hud.dialog.body and "You: " in his.hud.dialog.body
    finally:
        host.quit()
        guest.quit()
