"""Poker Squares' scoring written out from the manual (manuals/poker-solitaire.txt, the
scoring table), row by row for each table, every one of the twelve counted lines on its
own, and the touching rule for a card that moves: each check here caught a planted bug
that every other test let through (English straight 12 -> 11, the anti-diagonal off by
one, a moving card "touching" the square it leaves)."""

from __future__ import annotations

import pytest

from game.rules import poker_squares as P
from game.rules.base import IllegalMove
from tests.test_poker_squares_rules import pack, play

# The manual's table, typed again rather than read from the rules.
MANUAL = {  # category: (English, American, User)
    "five_of_a_kind": (30, 100, 65), "royal_flush": (30, 100, 65),
    "straight_flush": (30, 75, 53), "four_of_a_kind": (16, 50, 33),
    "full_house": (10, 25, 18), "flush": (5, 20, 13), "straight": (12, 15, 14),
    "three_of_a_kind": (6, 10, 8), "two_pair": (3, 5, 4), "one_pair": (1, 2, 1),
    "high_card": (0, 0, 0),
}
HANDS = {
    "five_of_a_kind": "9S 9H 9D 9C 9S", "royal_flush": "AS KS QS JS TS",
    "straight_flush": "9H 8H 7H 6H 5H", "four_of_a_kind": "7S 7H 7D 7C 2S",
    "full_house": "KS KH KD 3C 3S", "flush": "2D 5D 7D 9D JD", "straight": "6S 5H 4D 3C 2S",
    "three_of_a_kind": "QS QH QD 3C 8S", "two_pair": "JS JH 4D 4C 9S",
    "one_pair": "TS TH 4D 6C 9S", "high_card": "AS 3H 5D 7C 9S",
}


def one_row(hand: str) -> list[list[str]]:
    return [hand.split()] + [["--"] * P.SIZE for _ in range(P.SIZE - 1)]


@pytest.mark.parametrize("category", list(MANUAL))
def test_every_row_of_every_table_scores_as_the_manual_says(category: str) -> None:
    grid = one_row(HANDS[category])
    assert P.line_categories(P._flatten(grid))[0] == category
    for table, points in zip(("english", "american", "user"), MANUAL[category], strict=True):
        assert P.score_grid(grid, table) == points, table


# The twelve lines as squares row * 5 + column: rows, columns, then the two diagonals.
TWELVE = ([tuple(range(r * 5, r * 5 + 5)) for r in range(5)]
          + [tuple(range(c, 25, 5)) for c in range(5)]
          + [(0, 6, 12, 18, 24), (4, 8, 12, 16, 20)])


@pytest.mark.parametrize("line", TWELVE)
def test_each_of_the_twelve_lines_counts_and_only_with_diagonals_the_diagonals(
        line: tuple[int, ...]) -> None:
    flush = "2D 5D 7D 9D JD".split()  # no other line gets two of these cards
    grid = [["--"] * 5 for _ in range(5)]
    for square, card in zip(line, flush, strict=True):
        grid[square // 5][square % 5] = card
    diagonal = TWELVE.index(line) >= 10
    assert P.score_grid(grid, diagonals=True) == 20
    assert P.score_grid(grid) == (0 if diagonal else 20)


def test_a_moving_card_does_not_touch_the_square_it_leaves() -> None:
    config = {"can_move": True, "placement": "edges"}
    s = play(P.deal(pack("AS KD 2C 3H"), config), P.Place(0, 2, 2), P.Place(0, 2, 3))
    # (3, 3) has one neighbour with a card: (2, 3), the very card that would move there
    with pytest.raises(IllegalMove, match="edge"):
        P.apply(s, P.Shift(0, "g023", "g033"))
    assert P.apply(s, P.Shift(0, "g023", "g032"))  # (3, 2) touches the card at (2, 2)
