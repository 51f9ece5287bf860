"""Properties every game in the registry must have, checked by seeded random playouts.
A new game passes by being registered; ``tests/duel.py`` (two seats, hidden hands,
simultaneous moves) rides along so the seat machinery is always exercised."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from game.cards import Card
from game.replay.recorder import Recorder
from game.rules import views
from game.rules.base import SPECTATOR, IllegalMove, ModuleRules
from game.rules.outcome import Outcome
from game.rules.registry import RULES_BY_ID
from tests import duel

GAMES = {**RULES_BY_ID, duel.GAME_ID: duel.RULES}
SEEDS = range(6)


def playout(rules: ModuleRules, seed: int) -> list[tuple[object, list[tuple[int, object]]]]:
    """A random game: every position with the (seat, move) pairs legal there."""
    rng = random.Random(seed)
    state = rules.new_game(seed, rules.quick_config)
    seen = []
    for _ in range(2000):
        legal = [(seat, m) for seat in rules.acting_seats(state)
                 for m in rules.legal_moves(state, seat)]
        seen.append((state, legal))
        if not legal:
            return seen
        state = rules.apply(state, rng.choice(legal)[1])
    raise AssertionError("a random game did not end")


@pytest.fixture(params=sorted(GAMES), scope="module")
def game(request: pytest.FixtureRequest) -> tuple[ModuleRules, list]:
    rules = GAMES[request.param]
    return rules, [playout(rules, seed) for seed in SEEDS]


def test_every_legal_move_applies_and_round_trips_as_json(game) -> None:  # noqa: ANN001
    rules, games = game
    for positions in games:
        for state, legal in positions:
            assert rules.is_over(state) == (not legal) == (not rules.acting_seats(state))
            assert sorted(map(repr, rules.legal_moves(state))) == sorted(repr(m)
                                                                         for _, m in legal)
            for _, move in legal:
                text = json.dumps(rules.move_to_json(move))
                assert rules.move_from_json(json.loads(text)) == move
                rules.apply(state, move)
                assert rules.describe(move)


def neighbours(move: object) -> list[object]:
    """Moves one small step from ``move``: each whole number in it one up or down, a flag
    flipped, a number left out of or added to each tuple of numbers. A move that
    legal_moves wrongly leaves out lies next to one it lists (a bet of 1 beside a bet of
    2, a draw of one card beside a draw of two), where moves it listed never reach."""
    if not dataclasses.is_dataclass(move) or isinstance(move, type):
        return []
    out = []
    for f in dataclasses.fields(move):
        value = getattr(move, f.name)
        if isinstance(value, bool):
            variants: list[object] = [not value]
        elif isinstance(value, int):
            variants = [value - 1, value + 1]
        elif isinstance(value, tuple) and all(type(v) is int for v in value):
            variants = [value[:i] + value[i + 1:] for i in range(len(value))]
            variants += [tuple(sorted({*value, n})) for n in range(max(value, default=0) + 2)
                         if n not in value]
        else:
            continue
        for variant in variants:
            try:
                out.append(dataclasses.replace(move, **{f.name: variant}))
            except (TypeError, ValueError):
                pass  # a move type that refuses the variant outright
    return out


def test_check_agrees_with_legal_moves(game) -> None:  # noqa: ANN001
    rules, games = game
    pool = {repr(m): m for positions in games for _, legal in positions for _, m in legal}
    candidates = list(pool.values())
    rng = random.Random(1)
    for positions in games:
        for state, _ in positions[::3]:
            for seat in range(rules.seat_count(state)):
                mine = rules.legal_moves(state, seat)
                near = [n for m in rng.sample(mine, min(12, len(mine))) for n in neighbours(m)]
                for move in rng.sample(candidates, min(40, len(candidates))) + mine + near:
                    try:
                        rules.check(state, move, seat)
                        allowed = True
                    except IllegalMove as exc:
                        assert exc.reason, "a refusal says why"
                        allowed = False
                    assert allowed == (move in mine), (seat, move)


def test_digests_and_deals_are_deterministic(game) -> None:  # noqa: ANN001
    rules, games = game
    for seed, positions in zip(SEEDS, games, strict=True):
        assert rules.state_digest(rules.new_game(seed, rules.quick_config)) == rules.state_digest(
            positions[0][0])
        digests = [rules.state_digest(s) for s, _ in positions]
        assert len(set(digests)) == len(digests), "every move changes the digest"


# Seed 0's deal and the end of its random game, per game. Saved replays carry digests:
# a digest that changed form (not the rules) would refuse every old file.
PINNED_DIGESTS = {
    "chinese-poker": ("d4082138dc34d040", "554a3d5ba5f420ad"),
    "draw-poker": ("ca5e2cd99ebbc16c", "31efd77426c82d09"),
    "milligan": ("4830edf161df8e07", "f1f2b6144e936079"),
    "poker-squares": ("c130f7773d6d9cf9", "f9e16c9868a5e851"),
    "pyramid": ("13a9930bff43c54c", "a63abe1c834bd1c6"),
}


@pytest.mark.parametrize("game_id", sorted(PINNED_DIGESTS))
def test_digests_keep_their_form(game_id: str) -> None:
    assert set(PINNED_DIGESTS) == set(RULES_BY_ID)
    rules = RULES_BY_ID[game_id]
    positions = playout(rules, 0)
    assert (rules.state_digest(positions[0][0]),
            rules.state_digest(positions[-1][0])) == PINNED_DIGESTS[game_id]

def test_a_replay_rebuilt_from_its_log_is_identical(game) -> None:  # noqa: ANN001
    rules, games = game
    for seed, positions in zip(SEEDS, games, strict=True):
        rec = Recorder(rules, seed, rules.quick_config)
        for (state, _), (after, _) in zip(positions, positions[1:], strict=False):
            move = next(m for _, m in playout_moves(rules, state, after))
            rec.play(move)
        assert rec.state == positions[-1][0]
        text = json.dumps(rec.to_json())
        again = Recorder.from_json(json.loads(text), {rules.game_id: rules})
        assert json.dumps(again.to_json()) == text
        assert again.state == rec.state


def playout_moves(rules: ModuleRules, state: object, after: object):  # noqa: ANN201
    """The legal move that led from ``state`` to ``after``."""
    return [(s, m) for s in rules.acting_seats(state) for m in rules.legal_moves(state, s)
            if rules.apply(state, m) == after]


def test_no_seat_sees_a_card_hidden_from_it(game) -> None:  # noqa: ANN001
    rules, games = game
    hidden_somewhere = 0
    for positions in games:
        for state, _ in positions:
            shared = views.SharedParts()  # one per position, as a network table turns them
            for seat in range(rules.seat_count(state)):
                data = json.loads(json.dumps(rules.observation_json(state, seat, shared)))
                assert data == rules.observation_json(state, seat), "shared parts changed it"
                hidden = rules.hidden_cards(state, seat)
                hidden_somewhere += bool(hidden)
                assert not views.card_codes(data) & hidden, (seat, hidden)
                assert rules.observation_from_json(data) == rules.observe(state, seat)
    if rules.info.hidden_information:
        assert hidden_somewhere, "a game with hidden information hides something"


def test_a_finished_game_tells_each_seat_how_it_ended(game) -> None:  # noqa: ANN001
    rules, games = game
    for positions in games:
        first, last = positions[0][0], positions[-1][0]
        assert rules.outcome(first) is None  # still being played
        assert rules.mode(first) == rules.mode(last) or rules.game_id == "draw-poker"
        ending = rules.outcome(last)
        assert ending is not None and len(ending.results) == rules.seat_count(last)
        assert ending.score and rules.mode(last).title
        assert Outcome.from_json(json.loads(json.dumps(ending.to_json()))) == ending


def relabelled(value: object, mapping: dict[Card, Card]) -> object:
    """``value`` (a state or any part of it) with every card in ``mapping`` replaced."""
    if isinstance(value, Card):
        return mapping.get(value, value)
    if isinstance(value, (tuple, list, set, frozenset)):
        return type(value)(relabelled(v, mapping) for v in value)
    if isinstance(value, dict):
        return {relabelled(k, mapping): relabelled(v, mapping) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(value, **{  # type: ignore[misc]
            f.name: relabelled(getattr(value, f.name), mapping)
            for f in dataclasses.fields(value) if f.init})
    return value


def test_shuffling_the_hidden_cards_changes_no_seats_view(game) -> None:  # noqa: ANN001
    """``hidden_cards`` checked by something other than ``observe``: the cards a seat
    may not see can trade places among themselves, and what the seat is told does not
    change by a byte. A view that leaks any fact about them (a count of hearts, an
    order, a hand's rank) fails here, whatever card codes it avoids. And the other way:
    every card not hidden is in the view, so ``hidden_cards`` cannot hide a leak by
    leaving a card out."""
    rules, games = game
    rng = random.Random(5)
    for positions in games:
        for state, _ in positions[::2]:
            cards = set(_cards_in(state))
            for seat in range(rules.seat_count(state)):
                secret = rules.hidden_cards(state, seat)
                shown = views.card_codes(json.loads(json.dumps(rules.observation_json(
                    state, seat))))
                assert {c.uid for c in cards} - secret <= shown, (seat, rules.game_id)
                hidden = sorted(c for c in cards if c.uid in secret)
                shuffled = rng.sample(hidden, len(hidden))
                other = relabelled(state, dict(zip(hidden, shuffled, strict=True)))
                assert rules.observation_json(other, seat) == rules.observation_json(
                    state, seat), (seat, rules.game_id)


def _cards_in(value: object) -> list[Card]:
    """Every card anywhere in ``value``."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, (tuple, list, set, frozenset)):
        return [c for v in value for c in _cards_in(v)]
    if isinstance(value, dict):
        return [c for k, v in value.items() for c in _cards_in(k) + _cards_in(v)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [c for f in dataclasses.fields(value) for c in _cards_in(getattr(value, f.name))]
    return []


def test_a_watcher_sees_the_public_view_where_a_game_has_one(game) -> None:  # noqa: ANN001
    """The shared rules hand a spectator the module's public view (a watched network
    table's frames), in the middle of a game as at its start."""
    rules, games = game
    if not rules.has_public_view:
        pytest.skip("no view for spectators in this game")
    for positions in games:
        for state, _ in (positions[0], positions[len(positions) // 2]):
            assert rules.observe(state, SPECTATOR) == rules.module.observe_public(state)
