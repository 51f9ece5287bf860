"""Sessions and seats: what each seat is told, moves as JSON only, peers that send
garbage, and a Pyramid table drawn from nothing but a remote seat's messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.replay.recorder import Recorder
from game.rules import pyramid as P
from game.rules import views
from game.rules.base import IllegalMove
from game.seat_json import JsonClient, ProtocolError, SeatPort, encode
from game.session import Session
from scenes.pyramid import PyramidScene
from tests import duel
from tests.driver import drag, make_app, settle


class Wire:
    """A seat's JSON link, in-process: every message is kept for inspection."""

    def __init__(self, session: Session, seat: int) -> None:
        self.sent: list[str] = []
        self.client = JsonClient(session.rules, self.to_table)
        self.port = SeatPort(session, seat, self.to_seat)

    def to_seat(self, text: str) -> None:
        self.sent.append(text)
        self.client.receive(text)

    def to_table(self, text: str) -> None:
        self.port.receive(text)


def duel_table(seed: int = 3) -> tuple[Session, Wire, Wire]:
    session = Session(duel.RULES, Recorder(duel.RULES, seed))
    return session, Wire(session, 0), Wire(session, 1)


def test_each_seat_sees_its_own_hand_only_and_plays_by_json() -> None:
    session, a, b = duel_table()
    hands = session.recorder.state.hands
    assert a.client.view.hand == hands[0] and a.client.view.other_hand == (None,) * 5
    assert a.client.acting and b.client.acting, "both choose at once"
    a.client.submit(a.client.legal_moves[0])
    assert not a.client.acting and b.client.view.other_chose
    b.client.submit(b.client.legal_moves[-1])
    assert session.recorder.length == 2 and len(a.client.view.shown) == 1
    for wire, other in ((a, 1), (b, 0)):
        for text in wire.sent:
            message = json.loads(text)
            assert "seed" not in message and "state" not in message
            shown = {c.uid for pair in duel.RULES.observe(session.recorder.state, 0).shown
                     for c in pair}
            secret = {c.uid for c in duel.new_game(3, {}).hands[other]} - shown
            assert not views.card_codes(message["observation"]) & secret


def test_a_move_for_the_other_seat_or_a_stale_position_is_refused() -> None:
    session, a, b = duel_table()
    theirs = b.client.legal_moves[0]
    with pytest.raises(IllegalMove):
        a.client.submit(theirs)  # not in this seat's legal moves: refused at the seat
    a.port.receive(encode("move", move=duel.move_to_json(theirs), state_id=0))
    assert session.recorder.length == 0 and "other player" in a.client.refusal
    a.port.receive(encode("move", move=duel.move_to_json(a.client.legal_moves[0]), state_id=9))
    assert session.recorder.length == 0 and "moved on" in a.client.refusal


@pytest.mark.parametrize("garbage", [b"\x00\xff", "[]", "{}", '{"protocol": "x"}', "1e999",
                                     "[" * 100_000, json.dumps({"protocol": "card-parlour-seat",
                                                                "type": "move", "move": 5}),
                                     "x" * (2 << 20)])
def test_a_peer_that_sends_garbage_is_dropped_and_the_table_plays_on(garbage: str) -> None:
    session, a, b = duel_table()
    with pytest.raises(ProtocolError):
        a.port.receive(garbage)
    a.port.close()  # dropped
    b.client.submit(b.client.legal_moves[0])
    assert session.recorder.length == 1 and not b.client.acting


def test_pyramid_table_drawn_from_a_remote_seats_messages_alone(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    session = Session(P.RULES, Recorder(P.RULES, 7, P.DEFAULT_CONFIG))
    wire = Wire(session, 0)
    remote = PyramidScene(app, client=wire.client)
    app.push(remote)
    settle(app)
    local = PyramidScene(app, seed=7, resume=False)
    wanted = {p.key: (p.card, p.x, p.y) for p in local.placements(local.view)}
    assert {p.key: (p.card, p.x, p.y) for p in remote.placements(remote.view)} == wanted
    assert set(remote.table.entities) == set(wanted) and remote.card_count_problem() is None
    pair = next(m for m in wire.client.legal_moves if isinstance(m, P.Remove)
                and len(m.cards) == 2 and all(wire.client.view.available[c][0] == "p"
                                              for c in m.cards))
    centres = [remote.table.card_rect(c).center for c in pair.cards]
    drag(app, *centres)
    assert session.recorder.moves == (pair,), "the drag reached the table as a JSON move"
    assert all(c not in remote.table.entities or remote.table.placement(c).zone == "discard"
               for c in pair.cards)
    unseen = {c.uid for c in session.recorder.state.stock[1:]}
    for text in wire.sent:
        message = json.loads(text)
        assert "seed" not in json.dumps(message) and not views.card_codes(message) & unseen
