"""What a replay file may leave out, and the refusals the Pyramid table in
test_recorder.py cannot reach: a file that is no JSON object, and rules that refuse a
file's seed or choke on one of its moves. A refused replay is set aside with its
message, which the player reads, so messages are compared word for word."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from game.replay.recorder import Recorder, ReplayError, replay_problem
from tests.test_recorder import RULES_BY_ID, CounterRules, finished_game, tampered


@pytest.mark.parametrize("data", [[], "card-parlour-replay", 1, None])
def test_a_file_that_is_not_a_json_object_is_refused_in_words(data: Any) -> None:
    """The replay list gives the same reason as the load."""
    with pytest.raises(ReplayError) as refused:
        Recorder.from_json(data, RULES_BY_ID)
    assert str(refused.value) == replay_problem(data) == "not a replay: expected a JSON object"


@pytest.mark.parametrize("key, read, default", [
    ("config", lambda rec: rec.config, {}),
    ("meta", lambda rec: rec.meta, {}),
    ("digests", lambda rec: rec.length, 59),  # nothing to check, every move still played
    ("undo", lambda rec: rec.undo_allowed, True),
    ("cursor", lambda rec: rec.cursor, 59),  # at the end
])
def test_a_file_may_leave_out_what_has_a_default(key: str, read: Any, default: Any) -> None:
    """Only the format, version, game, rules version, seed and moves are required."""
    data = json.loads(json.dumps(finished_game(7, extra_undos=3).to_json()))
    del data[key]
    assert replay_problem(data) is None
    assert read(Recorder.from_json(data, RULES_BY_ID)) == default


@dataclass(frozen=True)
class NumberedDeals(CounterRules):
    """Deals 1 to 32000 only, as in FreeCell: a seed is refused like a bad option."""

    def new_game(self, seed: int, config: dict) -> int:
        if not 1 <= seed <= 32000:
            raise ValueError(f"there is no deal {seed}")
        return seed


@dataclass(frozen=True)
class LookupCounter(CounterRules):
    """Reads any move, and finds out only when playing it that it is none (KeyError)."""

    def apply(self, state: int, move: str) -> int:
        return state + {"inc": 1, "draw": 10}[move]


@pytest.mark.parametrize("rules, seed, moves, message", [
    (NumberedDeals(), 0, [], "replay's game options are not valid: there is no deal 0"),
    (LookupCounter(), 1, ["inc", "jump"], "replay move 2 is not a move of this game ('jump')"),
])
def test_a_seed_or_move_the_rules_cannot_take_is_refused_in_words(
        rules: CounterRules, seed: int, moves: list[str], message: str) -> None:
    """No game of ours refuses a seed or chokes on a move it read, but the recorder
    promises a ReplayError, not a crash, for any rules that do."""
    data = {"format": "card-parlour-replay", "version": 1, "game": rules.game_id,
            "rules_version": rules.version, "seed": seed, "moves": moves}
    with pytest.raises(ReplayError) as refused:
        Recorder.from_json(data, {rules.game_id: rules})
    assert str(refused.value) == message


@pytest.mark.parametrize("edit", [
    lambda d: d.__setitem__("moves", ["draw"] * 10_000),
    lambda d: d.__setitem__("cursor", 0),
    lambda d: d["digests"].__setitem__("000059", d["digests"]["59"]),  # six digits
    lambda d: d["digests"].__setitem__("59", "x" * 128),
    lambda d: d.__setitem__("undo", False),
])
def test_a_file_at_its_limits_is_well_formed(edit: Any) -> None:
    """The replay list shows it; loading it may still refuse its moves or digests."""
    assert replay_problem(tampered(edit)) is None
