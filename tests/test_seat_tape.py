"""A seat's replay as a tape, without a window: seeking delivers that message (one step
animates, a jump snaps), the ends are guarded, and a replay of another game, of another
seat or with a damaged message is refused. Found untested by the mutation run (only
the network replay tests, which are slow, reached it)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.replay.seat_tape import SeatTape
from game.rules.registry import GAME_BY_ID
from game.seat_json import JsonClient
from game.session import Update
from tests.test_network_replays import SEAT, record_match

GAME, CONFIG = "poker-squares", {"mode": "race"}


def tape_and_seen() -> tuple[SeatTape, list[Update]]:
    replay, _, _ = record_match(GAME, CONFIG, moves=6)
    tape = SeatTape(replay, GAME_BY_ID[GAME].rules)
    seen: list[Update] = []
    tape.client.add_listener(seen.append)
    return tape, seen


def test_seeking_delivers_the_message_one_step_animates_a_jump_snaps() -> None:
    tape, seen = tape_and_seen()
    assert tape.cursor == 0 and tape.seat == SEAT and tape.game_id == GAME
    assert tape.client.watching is True  # its scene takes no input
    assert tape.length == len(tape.updates) - 1 >= 3
    assert tape.meta == {"date": tape.replay.date, "result": "won"}
    first = tape.client.view
    tape.seek(1)
    assert (seen[-1].kind, seen[-1].steps) == ("seek", 1) and tape.cursor == 1
    tape.seek(tape.length)
    assert seen[-1].steps == tape.length - 1 and tape.cursor == tape.length
    count = len(seen)
    tape.seek(tape.length)  # where it is already: nothing is delivered
    assert len(seen) == count
    tape.seek(0)
    assert seen[-1].steps == tape.length and tape.client.view == first
    for k in (-1, tape.length + 1):
        refused = f"^cannot seek to {k} in a replay of {tape.length} messages$"
        with pytest.raises(IndexError, match=refused):
            tape.seek(k)
    with pytest.raises(ValueError, match="^a replay only watches: nothing is sent from it$"):
        tape.client.submit(tape.client.legal_moves[0] if tape.client.legal_moves else None)


def test_a_replay_of_another_game_seat_or_with_a_damaged_message_is_refused() -> None:
    replay, _, _ = record_match(GAME, CONFIG, moves=2)
    with pytest.raises(ValueError, match="not a replay of"):
        SeatTape(replay, GAME_BY_ID["pyramid"].rules)
    with pytest.raises(ValueError, match="^its messages are not this seat's$"):
        SeatTape(replace(replay, seat=1 - SEAT), GAME_BY_ID[GAME].rules)
    with pytest.raises(ValueError, match="^its messages are not this seat's$"):
        SeatTape(replace(replay, bodies=()), GAME_BY_ID[GAME].rules)
    damaged = json.loads(replay.bodies[0])
    damaged["observation"] = "garbage"
    with pytest.raises(ValueError, match="damaged"):
        SeatTape(replace(replay, bodies=(json.dumps(damaged),)), GAME_BY_ID[GAME].rules)
    refusal = json.dumps({"protocol": json.loads(replay.bodies[0])["protocol"],
                          "type": "refused", "reason": "stale", "state_id": 0})
    kept = SeatTape(replace(replay, bodies=(refusal, *replay.bodies)), GAME_BY_ID[GAME].rules)
    assert len(kept.updates) == len(replay.bodies)  # the refusal is not a step


def test_the_first_message_is_shown_not_stepped_to(monkeypatch: pytest.MonkeyPatch) -> None:
    received: list[dict[str, object]] = []
    receive = JsonClient.receive

    def record(client: JsonClient[object, object], text: str | bytes) -> None:
        received.append(json.loads(text))
        receive(client, text)

    monkeypatch.setattr(JsonClient, "receive", record)
    tape, _ = tape_and_seen()
    assert (received[-1]["kind"], received[-1]["steps"], tape.cursor) == ("seek", 0, 0)
