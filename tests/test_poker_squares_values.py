"""The Poker Squares trainer: its numpy self-play records exactly the line keys and
endings the plain quick player passes through, and resuming scales a table's counts;
a line's value pools its endings with the same line's at other counts of cards placed."""

from __future__ import annotations

import numpy as np
import pytest

from game.ai import poker_squares as ai
from game.ai.poker_squares_batch import NO_KEY, pack
from game.ai.poker_squares_lines import category, line_key
from game.ai.poker_squares_play import Position, greedy_cell
from game.ai.poker_squares_values import NEIGHBOURS, PRIOR, LineCounts, Values
from tools.train_poker_squares import ExploringRollout, final_categories, scaled, train


def packed(key: tuple[int, ...]) -> int:
    return pack(*key[:5], key[5:]) if len(key) > 3 else pack(*key)


def plain_record(deal: list[int], quick: ai.QuickAgent) -> tuple[list[list[int]], list[int]]:
    """Per card, the packed keys of the unfinished lines after it; the final categories."""
    pos, steps = Position.start(), []
    for card in deal:
        pos.see(card)
        pos.put(greedy_cell(pos, card, quick.values.of, quick.points), card)
        lines = (*pos.rows, *pos.cols)
        keys = [line_key(line, pos.rank_left, pos.suit_left, pos.live, index // 5,
                         pos.placed) if len(line) < 5 else None
                for index, line in enumerate(lines)]
        steps.append([NO_KEY if key is None else packed(key) for key in keys])
    return steps[:24], [category(line) for line in (*pos.rows, *pos.cols)]


def test_batched_self_play_records_what_the_plain_player_passes_through() -> None:
    quick = ai.QuickAgent()
    rng = np.random.default_rng(3)
    deals = np.argsort(rng.random((6, 52)), axis=1)[:, :25]
    player = ExploringRollout(quick.values, quick.points, rng, 0.0, {})
    player.run([Position.start()], deals, np.zeros(6, dtype=np.int64))
    keys = np.stack(player.keys, axis=1)
    cats = final_categories(deals, player.squares)
    for game, cards in enumerate(deals.tolist()):
        steps, finals = plain_record(cards, quick)
        assert keys[game].tolist() == steps
        assert cats[game].tolist() == finals


def test_exploring_moves_stay_on_empty_squares_and_every_game_counts_once() -> None:
    counts = train(300, seed=5, epsilon=1.0)
    start = counts.coarse[(0, 1, 1, 1, 1, 1)]  # a row holding the first card
    assert start[0] == 300 and sum(start[1:]) == 300
    assert counts.coarse[(1, 24, 4, 0, 0, 1, 1, 1, 1)][0] > 0  # a mixed column, 4 ranks


def test_resuming_scales_counts_and_keeps_coarse_keys_the_sum_of_fine() -> None:
    counts = train(200, seed=4)
    half = scaled(counts, 0.5)
    for key, entry in half.fine.items():
        assert entry[1:] == [n // 2 for n in counts.fine[key][1:]]
        assert entry[0] == sum(entry[1:]) > 0
    total = LineCounts()
    for key, entry in half.fine.items():
        coarse = LineCounts.keys_of(key)[1]
        row = total.coarse.setdefault(coarse, [0] * len(entry))
        total.coarse[coarse] = [a + b for a, b in zip(row, entry, strict=True)]
    assert total.coarse == half.coarse


def test_a_value_pools_the_same_line_seen_with_other_counts_of_cards_placed() -> None:
    points = (0.0, 10.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)  # a pair scores 10

    def key(placed: int) -> tuple[int, ...]:  # a row of two ranks, no flush or straight
        return (0, placed, 2, -1, 0, 7, 6)
    pairs = {9: (10, 4), 10: (4, 4), 11: (6, 0), 12: (2, 2), 13: (8, 8), 14: (100, 100)}
    fine = {key(p): [n, n - k, k] + [0] * 9 for p, (n, k) in pairs.items()}
    coarse = {(0, p, 2, 0, 0, 1, 1): [1, 1] + [0] * 10 for p in range(30)}  # prior: 0
    values = Values(LineCounts(fine, coarse), points)
    weights = {10: 1.0, 9: NEIGHBOURS[0], 11: NEIGHBOURS[0], 12: NEIGHBOURS[1],
               13: NEIGHBOURS[2]}  # 14 is four away: left out
    visits = sum(w * pairs[p][0] for p, w in weights.items())
    pairs_seen = sum(w * pairs[p][1] for p, w in weights.items())
    assert values.of(key(10)) == pytest.approx(10 * pairs_seen / (visits + PRIOR))
    assert values.of(key(3)) == 0.0  # never seen itself: its coarse key's value alone
