"""The strong player's numpy playouts: the same scores as the quick player's plain
playouts, deal by deal, from any start; keys packed and unpacked without loss; the
value table growing without forgetting, and finding the keys a collision pushed on."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.ai import poker_squares as ai
from game.ai.poker_squares_batch import BatchRollout, ValueTable, pack, unpack
from game.ai.poker_squares_lines import card_int, line_key
from game.ai.poker_squares_play import EMPTY, Position, playout
from game.ai.poker_squares_sim import deal


def starts_of(cards: list[int], count: int, quick: ai.QuickAgent, rng: random.Random
              ) -> list[Position]:
    """The quick player's position after ``count`` cards, and two played at random."""
    starts = []
    for chooser in ("quick", "random", "random"):
        pos = Position.start()
        for card in cards[:count]:
            pos.see(card)
            cell = (quick.choose(pos, card, pos.empties()) if chooser == "quick"
                    else rng.choice(pos.empties()))
            pos.put(cell, card)
        starts.append(pos)
    return starts


@pytest.mark.parametrize("scoring", ["american", "english"])
def test_batches_score_every_deal_as_the_plain_playout(scoring: str) -> None:
    quick = ai.QuickAgent(scoring)
    batches = BatchRollout(quick.values, quick.points)
    rng = random.Random(11)
    for k in range(12):
        cards = [card_int(c) for c in deal(900 + k)]
        count = 1 + 2 * k % 23  # from the second card to the last choice
        starts = starts_of(cards, count, quick, rng)
        unseen = ai.unseen_cards(starts[0], EMPTY)
        deals, which = [], []
        for b in range(24):
            rng.shuffle(unseen)
            deals.append(unseen[: 25 - count])
            which.append(b % len(starts))
        kept = [pos.copy() for pos in starts]
        got = batches.run(starts, np.array(deals), np.array(which))
        assert starts == kept  # the starts are left alone
        want = [playout(starts[w].copy(), d, quick.values.of, quick.points)
                for w, d in zip(which, deals, strict=True)]
        assert got.tolist() == want


def keys_met(games: int) -> set[tuple[int, ...]]:
    """The keys of the unfinished lines in the quick player's first ``games`` games."""
    quick = ai.QuickAgent()
    seen = set()
    for k in range(games):
        pos = Position.start()
        for card in (card_int(c) for c in deal(k)):
            pos.see(card)
            pos.put(quick.choose(pos, card, pos.empties()), card)
            for index, line in enumerate((*pos.rows, *pos.cols)):
                if len(line) < 5:
                    seen.add(line_key(line, pos.rank_left, pos.suit_left, pos.live,
                                      index // 5, pos.placed))
    return seen


def test_keys_pack_and_unpack_without_loss() -> None:
    seen = keys_met(30)
    assert len(seen) > 1000
    codes = {pack(*key[:5], key[5:]) if len(key) > 3 else pack(*key) for key in seen}
    assert len(codes) == len(seen)
    assert {unpack(code) for code in codes} == seen


def test_the_value_table_grows_and_keeps_what_it_knows() -> None:
    quick = ai.QuickAgent()
    table = ValueTable(quick.values, bits=3)
    keys = sorted(keys_met(10))
    codes = np.array([pack(*key[:5], key[5:]) if len(key) > 3 else pack(*key)
                      for key in keys])
    first = table.look(codes)
    assert table.bits > 3 and table.used == len(keys)
    home = table.keys[table._slots(codes)]
    assert (home != codes).any()  # some keys were pushed on by a collision
    table._probe = None  # known keys, pushed on or not, are found in numpy alone
    assert table.look(codes).tolist() == first.tolist() == [quick.values.of(k) for k in keys]
