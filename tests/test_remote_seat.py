"""Every game's scene played from a remote seat: a JsonClient behind a SeatPort, as
the network puts it. Every table command (new, same cards, undo, redo, hint, help,
menu) is driven by posted events and reaches the table as a message; nothing in the
scene reaches past its seat. The wire is in-process, so answers come at once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.replay.recorder import Recorder
from game.rules import pyramid as P
from game.rules import views
from game.rules.registry import GameEntry, load, playable
from game.seat_json import JsonClient, SeatPort, encode
from game.session import Session, TablePolicy
from scenes.card_scene import CardGameScene
from scenes.menu import MenuScene
from tests.driver import frames, key, make_app, settle
from tests.test_session import Wire

CTRL = pygame.KMOD_LCTRL


class Table:
    """A local session with seat 0 behind a JSON wire, a scene on that wire, and a log
    of what the session told its seats."""

    def __init__(self, tmp_path: Path, entry: GameEntry, seed: int = 11,
                 policy: TablePolicy | None = None) -> None:
        self.app = make_app(tmp_path, animation="off")
        scene_type: type[CardGameScene] = load(entry.scene)
        config = dict(getattr(scene_type, "config", {}) or {})
        self.session = Session(entry.rules, Recorder(entry.rules, seed, config), policy)
        self.kinds: list[str] = []
        self.session.add_listener(lambda u: self.kinds.append(u.kind))
        self.wire = Wire(self.session, 0)
        self.app.push(MenuScene(self.app))  # where Menu goes back to
        self.scene = scene_type(self.app, client=self.wire.client)
        self.app.push(self.scene)
        self.settle()

    def settle(self) -> None:
        frames(self.app, 3)
        if self.app.scene is self.scene:
            settle(self.app)

    def answer_dialog(self) -> None:
        """Say yes to a confirmation box if one is up (New asks before it abandons)."""
        if self.scene.hud.dialog is not None:
            key(self.app, pygame.K_RETURN)
            frames(self.app, 2)

    def press(self, command: str) -> None:
        """Press a table button's own key (the Draw Poker table's Fold, Leave)."""
        hotkey = next(b.hotkey for b in self.scene.hud.buttons if b.key == command)
        key(self.app, pygame.key.key_code(hotkey), hotkey)
        self.answer_dialog()
        self.settle()

    def play_a_move(self) -> None:
        """A legal move of this seat's, made through the scene's own seat."""
        for _ in range(60):  # other seats (a dealer, the cut) may have to move first
            if self.wire.client.acting and self.wire.client.legal_moves:
                assert self.scene.play(self.wire.client.legal_moves[0])
                return
            seat = next(iter(self.session.acting_seats()))
            self.session.submit(seat, self.session.legal_moves(seat)[0])
        raise AssertionError("this seat never got a move")


def entries() -> list[GameEntry]:
    return playable()


@pytest.fixture(params=[g.id for g in entries()])
def table(request: pytest.FixtureRequest, tmp_path: Path) -> Table:
    entry = next(g for g in entries() if g.id == request.param)
    return Table(tmp_path, entry)


def test_the_scene_draws_the_seats_view_and_holds_no_table(table: Table) -> None:
    scene = table.scene
    assert scene.session is None and scene.recorder is None, "a remote seat holds no table"
    assert scene.view == table.session.view(0)
    assert scene.card_count_problem() is None


def test_new_game_is_asked_of_the_table(table: Table) -> None:
    before = table.session.recorder.seed
    table.play_a_move()
    if table.session.rules.game_id == "draw-poker":  # a new session once this one is left
        for command in ("fold", "leave"):
            table.press(command)
    key(table.app, pygame.K_n, "n")
    table.answer_dialog()
    table.settle()
    assert "reset" in table.kinds, "N reached the table"
    assert table.session.recorder.seed != before and table.session.recorder.length == 0
    assert table.scene.view == table.session.view(0)


def test_undo_and_redo_are_asked_of_the_table(table: Table) -> None:
    table.play_a_move()
    length = table.session.recorder.length
    may_undo = table.session.can_undo
    assert table.scene.client.can_undo == may_undo, "the seat is told whether it may undo"
    key(table.app, pygame.K_z, "z", CTRL)
    table.settle()
    if may_undo:
        assert table.session.cursor == length - 1 and table.kinds[-1] == "undo"
        key(table.app, pygame.K_y, "y", CTRL)
        table.settle()
        assert table.session.cursor == length and table.kinds[-1] == "redo"
    else:
        assert table.session.cursor == length
        assert table.scene.hud.message, "the player is told why not"
    assert table.scene.view == table.session.view(0)


def test_hint_help_and_menu_work_from_a_remote_seat(table: Table) -> None:
    key(table.app, pygame.K_h, "h")
    table.settle()
    key(table.app, pygame.K_F1)
    assert table.app.scene is not table.scene, "help opened over the table"
    key(table.app, pygame.K_ESCAPE)
    frames(table.app, 2)
    assert table.app.scene is table.scene
    key(table.app, pygame.K_F10)
    frames(table.app, 2)
    assert table.app.scene is not table.scene, "the menu key left the table"


def test_poker_squares_same_cards_deals_the_same_deal_again(tmp_path: Path) -> None:
    entry = next(g for g in entries() if g.id == "poker-squares")
    table = Table(tmp_path, entry)
    deal, seed = table.wire.client.deal, table.session.recorder.seed
    table.play_a_move()
    key(table.app, pygame.K_s, "s")
    table.answer_dialog()
    table.settle()
    assert table.kinds[-1] == "reset" and table.session.recorder.length == 0
    assert table.session.recorder.seed == seed and table.wire.client.deal == deal
    key(table.app, pygame.K_n, "n")
    table.settle()
    assert table.wire.client.deal != deal


def test_a_network_table_refuses_new_games_and_undo_with_a_reason(tmp_path: Path) -> None:
    entry = next(g for g in entries() if g.id == "pyramid")
    table = Table(tmp_path, entry, policy=TablePolicy(undo=False, restart=False, choose=False))
    table.play_a_move()
    length = table.session.recorder.length
    assert not table.wire.client.can_undo
    key(table.app, pygame.K_n, "n")
    table.answer_dialog()
    table.settle()
    assert table.session.recorder.length == length and "reset" not in table.kinds
    assert "host" in table.wire.client.refusal
    key(table.app, pygame.K_z, "z", CTRL)
    table.settle()
    assert table.session.cursor == length


def test_a_move_decided_on_one_deal_is_refused_on_the_next() -> None:
    """The measured leak: a draw decided on one Pyramid deal was applied to the next,
    because freshness went by the cursor, which starts again at 0 on every deal."""
    entry = next(g for g in entries() if g.id == "pyramid")
    session = Session(entry.rules, Recorder(entry.rules, 4, {"redeals": 2}))
    sent: list[str] = []
    client = JsonClient(entry.rules, sent.append)
    port = SeatPort(session, 0, client.receive)
    draw = next(m for m in client.legal_moves if isinstance(m, P.Draw))
    client.submit(draw)
    stale = sent.pop()  # decided at the deal's first position, not delivered yet
    session.restart(0)
    assert session.cursor == 0, "the new deal's cursor is where the old one's was"
    port.receive(stale)
    assert session.recorder.length == 0 and "moved on" in (client.refusal or "")
    assert client.view == session.view(0), "the refusal came with the current view"
    client.submit(draw)
    port.receive(sent.pop())
    assert session.recorder.length == 1, "a fresh move still plays"
    before = session.recorder.length
    session.undo(0)
    session.redo(0)
    port.receive(encode("move", move=entry.rules.move_to_json(draw),
                        state_id=session.position - 2))
    assert session.recorder.length == before and session.cursor == before


def test_in_a_race_another_seats_move_does_not_make_a_move_stale() -> None:
    entry = next(g for g in entries() if g.id == "poker-squares")
    rules = entry.rules
    session = Session(rules, Recorder(rules, 9, {"mode": "race"}))
    assert len(session.acting_seats()) == 2
    got: dict[int, list[Any]] = {0: [], 1: []}
    clients = {s: JsonClient(rules, got[s].append) for s in (0, 1)}
    ports = {s: SeatPort(session, s, clients[s].receive) for s in (0, 1)}
    clients[0].submit(clients[0].legal_moves[0])
    clients[1].submit(clients[1].legal_moves[0])
    ports[1].receive(got[1].pop())  # seat 1's move lands first
    ports[0].receive(got[0].pop())  # seat 0 decided before it: still its own position
    assert session.recorder.length == 2 and clients[0].refusal is None
    ports[0].receive(encode("move", move=rules.move_to_json(clients[0].legal_moves[0]),
                            state_id=session.position - 1))
    assert "moved on" in (clients[0].refusal or ""), "after its own move, that id is stale"


def test_no_update_carries_a_card_hidden_from_its_seat(table: Table) -> None:
    table.play_a_move()
    key(table.app, pygame.K_n, "n")
    table.answer_dialog()
    rules, state = table.session.rules, table.session.recorder.state
    hidden = rules.hidden_cards(state, 0)
    last = table.wire.sent[-1]
    assert not views.card_codes(json.loads(last)["observation"]) & hidden
