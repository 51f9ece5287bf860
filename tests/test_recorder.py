"""The replay recorder against Pyramid: every cursor operation must agree with
re-applying the log from scratch, and saved replays must load back exactly."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from game.replay.recorder import CursorChange, Recorder, ReplayError, _brief, replay_problem
from game.rules.base import IllegalMove
from game.rules.pyramid import RULES, Draw, Remove

RULES_BY_ID = {RULES.game_id: RULES}


def naive(seed: int, moves: list[Any], k: int) -> Any:
    state = RULES.new_game(seed, {})
    for move in moves[:k]:
        state = RULES.apply(state, move)
    return state


def finished_game(seed: int, extra_undos: int = 0) -> Recorder:
    rng = random.Random(seed)
    rec = Recorder(RULES, seed, {}, meta={"players": ["Ann"], "result": "-12"})
    while RULES.legal_moves(rec.state):
        rec.play(rng.choice(RULES.legal_moves(rec.state)))
    for _ in range(extra_undos):
        rec.undo()
    return rec


# Small keyframe intervals and caches force the rebuild paths as well as the cached ones.
@pytest.mark.parametrize("options", [{}, {"keyframe_every": 4, "cache_size": 0},
                                     {"keyframe_every": 1}, {"keyframe_every": 7, "cache_size": 9}])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_operations_match_replaying_from_scratch(options: dict, seed: int) -> None:
    rng = random.Random(seed)
    rec = Recorder(RULES, seed, {}, **options)
    moves: list[Any] = []
    cursor = 0
    for _ in range(250):
        op = rng.choices(["play", "undo", "redo", "seek"], [5, 2, 2, 1])[0]
        legal = RULES.legal_moves(rec.state)
        if op == "play" and legal:
            move = rng.choice(legal)
            rec.play(move)
            del moves[cursor:]
            moves.append(move)
            cursor += 1
        elif op == "undo":
            assert rec.undo() == (cursor > 0)
            cursor = max(0, cursor - 1)
        elif op == "redo":
            assert rec.redo() == (cursor < len(moves))
            cursor = min(len(moves), cursor + 1)
        elif op == "seek":
            cursor = rng.randint(0, len(moves))
            assert rec.seek(cursor)
        assert (rec.cursor, rec.length, list(rec.moves)) == (cursor, len(moves), moves)
        assert rec.state == naive(seed, moves, cursor)
        probe = rng.randint(0, len(moves))
        assert rec.state_at(probe) == naive(seed, moves, probe)


def test_play_truncates_the_redo_tail() -> None:
    rec = Recorder(RULES, 5, {})
    for _ in range(4):
        rec.play(Draw())
    rec.undo()
    rec.undo()
    assert (rec.cursor, rec.length, rec.can_redo) == (2, 4, True)
    rec.play(Draw())
    assert (rec.cursor, rec.length, rec.can_redo) == (3, 3, False)
    assert not rec.redo()
    assert rec.state == naive(5, [Draw()] * 3, 3)


def test_illegal_move_changes_nothing() -> None:
    rec = Recorder(RULES, 5, {})
    rec.play(Draw())
    rec.undo()
    changes: list[CursorChange] = []
    rec.add_listener(changes.append)
    before = (rec.state, rec.cursor, rec.length)
    with pytest.raises(IllegalMove, match="still in the pack"):
        rec.play(Remove((rec.state.stock[1].code,)))
    assert (rec.state, rec.cursor, rec.length) == before
    assert rec.can_redo and not changes


def test_listeners_hear_every_cursor_change() -> None:
    rec = Recorder(RULES, 5, {})
    changes: list[CursorChange] = []
    rec.add_listener(changes.append)
    s0 = rec.state
    s1 = rec.play(Draw())
    s2 = rec.play(Draw())
    rec.undo()
    rec.redo()
    rec.seek(0)
    rec.seek(0)  # no change, no call
    rec.reset()
    got = [(c.kind, c.old_cursor, c.new_cursor, c.old_state, c.new_state, c.move) for c in changes]
    assert got == [("play", 0, 1, s0, s1, Draw()), ("play", 1, 2, s1, s2, Draw()),
                   ("undo", 2, 1, s2, s1, Draw()), ("redo", 1, 2, s1, s2, Draw()),
                   ("seek", 2, 0, s2, s0, None), ("reset", 0, 0, s0, s0, None)]
    assert rec.length == 0
    rec.remove_listener(changes.append)
    rec.play(Draw())
    assert len(changes) == 6


def test_round_trip_reproduces_every_state() -> None:
    rec = finished_game(7, extra_undos=3)
    data = json.loads(json.dumps(rec.to_json()))
    assert data["format"] == "card-parlour-replay" and data["version"] == 1
    assert data["cursor"] == rec.length - 3 and data["meta"]["players"] == ["Ann"]
    assert {"0", "10", str(rec.length)} <= set(data["digests"])
    loaded = Recorder.from_json(data, RULES_BY_ID)
    assert (loaded.cursor, loaded.length, loaded.meta, loaded.seed) == (
        rec.cursor, rec.length, rec.meta, rec.seed)
    assert loaded.state == rec.state
    for k in range(rec.length + 1):
        loaded.seek(k)
        assert RULES.state_digest(loaded.state) == RULES.state_digest(rec.state_at(k))
    assert loaded.to_json() == {**data, "cursor": rec.length}


def tampered(edit: Any) -> dict:
    data = json.loads(json.dumps(finished_game(7).to_json()))
    edit(data)
    return data


def swap_last_move(data: dict) -> None:
    """Replace the last move by another legal one: only the final digest can notice."""
    moves = [RULES.move_from_json(m) for m in data["moves"]]
    before = naive(7, moves, len(moves) - 1)
    other = next(m for m in RULES.legal_moves(before) if m != moves[-1])
    data["moves"][-1] = RULES.move_to_json(other)


def first_move_to(move: Any) -> Any:
    return lambda data: data["moves"].__setitem__(0, move)


# Word for word: a refused replay is set aside with this message, which the player reads.
@pytest.mark.parametrize("edit, message", [
    (first_move_to(["KS", "KH"]),
     "replay move 1 is illegal: K♠ is covered: remove the cards below it first."),
    (first_move_to("fly"), "replay move 1 is unreadable ('fly')"),
    (swap_last_move,
     "replay diverges from the rules at move 59: file made by a different rules version?"),
    (lambda d: d["digests"].__setitem__("20", "0" * 16),
     "replay diverges from the rules at move 20: file made by a different rules version?"),
    (lambda d: d["digests"].__setitem__("0", "0" * 16),
     "replay's starting deal does not match its seed: file made by a different rules version?"),
    (lambda d: d.__setitem__("seed", 8),
     "replay's starting deal does not match its seed: file made by a different rules version?"),
    (lambda d: d.__setitem__("version", 2),
     "replay file version 2 is not supported: it was made by a newer program"),
    (lambda d: d.__setitem__("version", 0), "replay file version 0 is not supported"),
    (lambda d: d.__setitem__("version", "1"), "replay file version '1' is not supported"),
    (lambda d: d.__setitem__("format", "zip"),
     "not a replay: format is 'zip', expected 'card-parlour-replay'"),
    (lambda d: d.__setitem__("game", "bridge"), "replay is of an unknown game 'bridge'"),
    (lambda d: d.__setitem__("game", 5), "replay's game 5 is not a game name"),
    (lambda d: d.__setitem__("game", "x" * 40),  # the longest name: read, then not known
     "replay is of an unknown game 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'"),
    (lambda d: d.__setitem__("game", "x" * 41),
     "replay's game 'xxxxxxxxxxxx...xxxxxxxxxxxxx' is not a game name"),
    (lambda d: d.__setitem__("rules_version", 9),
     "replay was made with pyramid rules version 9; this program has version 1"),
    (lambda d: d.__setitem__("rules_version", "1"), "replay's rules version '1' is not a number"),
    (lambda d: d.__setitem__("cursor", 999), "replay cursor 999 is outside its 59 moves"),
    (lambda d: d.__setitem__("config", {"redeals": 7}),
     "replay's game options are not valid: redeals must be 0 to 2"),
    (lambda d: d["digests"].__setitem__("x", "y"), "replay has a bad digest entry 'x': 'y'"),
    (lambda d: d.pop("moves"), "replay has no move list"),
    (lambda d: d.__setitem__("seed", 2**64),
     "replay seed 18446744073709551616 is not a whole number that fits in 64 bits"),
    (lambda d: d.__setitem__("seed", "8"),
     "replay seed '8' is not a whole number that fits in 64 bits"),
    (lambda d: d.__setitem__("undo", "yes"), "replay's undo rule 'yes' is not true or false"),
    (lambda d: d.__setitem__("config", []), "replay config is not a JSON object"),
    (lambda d: d.__setitem__("meta", "x"), "replay meta is not a JSON object"),
    (lambda d: d.__setitem__("config", {"a": "x" * 1001}),
     "replay config has text longer than 1000 characters"),
    (lambda d: d.__setitem__("meta", {"a": [[[[[[[[1]]]]]]]]}),
     "replay meta is nested more than 8 deep"),
    (lambda d: d.__setitem__("moves", "draw"), "replay has no move list"),
    (lambda d: d.__setitem__("moves", ["draw"] * 10_001),
     "replay has 10001 moves, more than any game can need (10000)"),
    (lambda d: d.__setitem__("cursor", -1), "replay cursor -1 is outside its 59 moves"),
    (lambda d: d.__setitem__("cursor", "3"), "replay cursor '3' is outside its 59 moves"),
    (lambda d: d.__setitem__("digests", []), "replay digests must be a JSON object"),
    (lambda d: d.__setitem__("digests", {"²": "a"}), "replay has a bad digest entry '²': 'a'"),
    (lambda d: d.__setitem__("digests", {"1234567": "a"}),
     "replay has a bad digest entry '1234567': 'a'"),
    (lambda d: d.__setitem__("digests", {"60": "a"}), "replay has a bad digest entry '60': 'a'"),
    (lambda d: d.__setitem__("digests", {"-1": "a"}), "replay has a bad digest entry '-1': 'a'"),
    (lambda d: d.__setitem__("digests", {"5": 5}), "replay has a bad digest entry '5': 5"),
    (lambda d: d.__setitem__("digests", {"5": "x" * 129}),
     "replay has a bad digest entry '5': 'xxxxxxxxxxxx...xxxxxxxxxxxxx'"),
])
def test_tampered_replay_is_refused_clearly(edit: Any, message: str) -> None:
    with pytest.raises(ReplayError) as refused:
        Recorder.from_json(tampered(edit), RULES_BY_ID)
    assert str(refused.value) == message


# -- undo limits, with a tiny game: "inc" adds one, "draw" adds ten and cannot be undone.

@dataclass(frozen=True)
class CounterRules:
    game_id: str = "counter"
    version: int = 1

    def new_game(self, seed: int, config: dict) -> int:
        return seed

    def legal_moves(self, state: int) -> list[str]:
        return ["inc", "draw"]

    def apply(self, state: int, move: str) -> int:
        if move not in ("inc", "draw"):
            raise IllegalMove(f"no such move {move!r}")
        return state + (1 if move == "inc" else 10)

    def current_player(self, state: int) -> int:
        return 0

    def is_over(self, state: int) -> bool:
        return False

    def observe(self, state: int, player: int) -> int:
        return state

    def can_undo(self, before: int, move: str) -> bool:
        return move != "draw"

    def move_to_json(self, move: str) -> str:
        return move

    def move_from_json(self, data: Any) -> str:
        return str(data)

    def state_digest(self, state: int) -> str:
        return str(state)


def test_undo_stops_at_a_move_the_rules_refuse() -> None:
    rec = Recorder(CounterRules(), 0, {})
    for move in ["inc", "draw", "inc", "inc"]:
        rec.play(move)
    assert rec.undo_floor == 2
    assert rec.undo() and rec.undo()
    assert rec.state == 11 and not rec.can_undo and not rec.undo()
    assert rec.redo() and rec.state == 12
    assert not rec.seek(1, respect_undo=True) and rec.cursor == 3
    assert rec.seek(2, respect_undo=True) and rec.seek(4, respect_undo=True)
    assert rec.seek(0) and rec.state == 0  # the viewer may go anywhere
    # A loaded replay keeps the same limit.
    loaded = Recorder.from_json(rec.to_json(), {"counter": CounterRules()})
    loaded.seek(4)
    assert loaded.undo_floor == 2


def test_undo_allowed_false_refuses_every_undo() -> None:
    rec = Recorder(CounterRules(), 0, {}, undo_allowed=False)
    rec.play("inc")
    rec.play("inc")
    assert not rec.can_undo and not rec.undo() and rec.undo_floor == 2
    assert not rec.seek(0, respect_undo=True) and rec.cursor == 2


def test_seek_outside_the_log_is_an_error() -> None:
    rec = Recorder(CounterRules(), 0, {})
    rec.play("inc")
    with pytest.raises(IndexError):
        rec.seek(2)
    with pytest.raises(IndexError):
        rec.seek(-1)


def test_bench_runs_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    """Timings are printed, never asserted: a loaded machine must not fail the tests."""
    from tools.bench_recorder import run

    result = run(moves=150, seeks=100)
    with capsys.disabled():
        print(f"\nrecorder, 150 moves: undo {result['undo_us']} us, seek {result['seek_ms']} ms")
    assert {"undo_us", "seek_ms", "cold"} <= set(result)


def test_reset_keeps_the_seed_and_options_it_is_not_given() -> None:
    rec = Recorder(RULES, 5, {"redeals": 0})
    rec.play(Draw())
    rec.reset(seed=6)
    assert (rec.seed, rec.config, rec.length) == (6, {"redeals": 0}, 0)
    assert rec.state == RULES.new_game(6, {"redeals": 0})
    rec.reset(config={"redeals": 1})
    assert (rec.seed, rec.config) == (6, {"redeals": 1})
    assert rec.state == RULES.new_game(6, {"redeals": 1})


def test_a_game_without_take_backs_stays_so_and_every_tenth_move_is_checked_on_load() -> None:
    rec = Recorder(RULES, 5, {}, undo_allowed=False)
    for _ in range(11):  # the last mark (10) is one short of the end (11)
        rec.play(Draw())
    data = json.loads(json.dumps(rec.to_json()))
    assert set(data["digests"]) == {"0", "10", "11"}
    back = Recorder.from_json(data, RULES_BY_ID)
    assert back.undo_allowed is False and not back.can_undo


@pytest.mark.parametrize("value, told", [
    (ValueError("no such rule"), "no such rule"),  # an error by its message
    ("draw", "'draw'"),  # a value from the file as written
    (ValueError("x" * 80), "x" * 80),
    (ValueError("x" * 81), "x" * 77 + "..."),  # a message line stays within 80
])
def test_a_value_in_a_replay_message_is_told_briefly(value: object, told: str) -> None:
    assert _brief(value) == told


# The replay list shows a replay this program cannot open (another game, newer rules)
# and leaves out, with the reason, a file that is no replay at all.
@pytest.mark.parametrize("edit, problem", [
    (lambda d: None, None),
    (lambda d: d.__setitem__("game", "bridge"), None),
    (lambda d: d.__setitem__("rules_version", 9), None),
    (lambda d: d.__setitem__("format", "zip"),
     "not a replay: format is 'zip', expected 'card-parlour-replay'"),
    (lambda d: d.pop("moves"), "replay has no move list"),
])
def test_a_replay_file_is_listed_unless_it_is_not_a_replay(edit: Any, problem: str | None
                                                           ) -> None:
    assert replay_problem(tampered(edit)) == problem


def test_undo_and_redo_tell_listeners_the_move_taken_back_or_played_again() -> None:
    rec = finished_game(7)
    last, before_last = rec.moves[-1], rec.moves[-2]
    assert last != before_last  # so a neighbour cannot pass for it
    changes: list[CursorChange] = []
    rec.add_listener(changes.append)
    rec.undo()
    rec.undo()
    rec.redo()
    assert [(c.kind, c.move) for c in changes] == [
        ("undo", last), ("undo", before_last), ("redo", before_last)]


@dataclass(frozen=True)
class TakeBacksBelowTen(CounterRules):
    """A move can be taken back only if played from a position below ten."""

    def can_undo(self, before: int, move: str) -> bool:
        return before < 10


def test_the_rules_judge_a_take_back_by_the_position_before_the_move() -> None:
    rec = Recorder(TakeBacksBelowTen(), 0, {})
    for move in ["inc", "draw", "inc"]:  # from 0, from 1, from 11
        rec.play(move)
    assert rec.undo_floor == 3 and not rec.can_undo
    rec.seek(2)
    assert rec.undo_floor == 0


@pytest.mark.parametrize("keyframe_every, digest_every", [(0, 10), (10, 0), (0, 0)])
def test_keyframes_and_digests_at_intervals_below_one_are_a_programming_error(
        keyframe_every: int, digest_every: int) -> None:
    with pytest.raises(ValueError):
        Recorder(CounterRules(), 0, {}, keyframe_every, digest_every)


def test_a_recorder_may_keep_every_position_and_digest_every_move() -> None:
    rec = Recorder(CounterRules(), 0, {}, keyframe_every=1, digest_every=1)
    rec.play("inc")
    rec.play("inc")
    assert rec.to_json()["digests"] == {"0": "0", "1": "1", "2": "2"}
