"""The exotic hands of the manual's User table (issue 22, item 10): one example of each,
and the near misses that are not it; their points in a User table, on the table's
labels, on the User points page and in the help."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cards import Card, parse_cards
from game.rules import exotic_hands
from game.rules import poker_squares as P
from game.rules.exotic_hands import EXOTIC, exotic_names
from game.rules.poker_squares_options import parse, points_table
from scenes.poker_squares import SHORT, TINY, PokerSquaresScene
from scenes.poker_squares_points import UserPointsPage
from tests.driver import click, key, make_app, settle, type_text

SEED = 5


@pytest.fixture(autouse=True)
def _names_worked_out_afresh() -> None:
    """Every test sees a hand's names worked out, not an answer another test left."""
    exotic_hands._names.cache_clear()


def hand(text: str) -> list[Card]:
    """Written cards; a trailing ' marks a card of the second deck."""
    return [Card.parse(word.rstrip("'"), deck=int(word.endswith("'"))) for word in text.split()]


# (cards, the exotic names they make); the first of each group is the example
EXAMPLES = [
    ("QH KH AH 2H 3H", {"round_the_corner_straight_flush", "round_the_corner_straight"}),
    ("2S 4S 5S 7S 9S", {"skeet_flush", "skeet"}),
    ("3D 5D 7D 9D JD", {"kilter_flush", "kilter"}),
    ("QC AC 3C 5C 7C", {"round_the_corner_kilter_flush", "round_the_corner_kilter"}),
    ("2H 2H' 7H 7H' KH", {"two_pair_flush"}),
    ("2H 2H' 7H 9H KH", {"pair_flush"}),
    ("JS QD KH AC 2C", {"round_the_corner_straight"}),
    ("KS AD 2H 3C 4C", {"round_the_corner_straight"}),
    ("2S 3D 5H 8C 9C", {"skeet"}),
    ("2S 3H 5D 6C 9S", {"skeet"}),  # a 6 for the middle card
    ("AS 3D 5H 7C 9C", {"kilter"}),  # the ace low
    ("6S 8D TH QC AC", {"kilter"}),  # the ace high
    ("KS 2D 4H 6C 8C", {"round_the_corner_kilter"}),
    ("JS KD 2H 4C 6C", {"round_the_corner_kilter"}),
    ("KS KD QH QC JC", {"blaze"}),
    ("KS KS' KH QS JS", {"blaze", "four_flush"}),  # the manual's three-of-a-kind-four-flush-
    ("KS KD KH QS JS", {"blaze"}),  # -blaze needs two decks: with one, three spades at most
    ("2S 7S 9S KS 4D", {"four_flush"}),
    # near misses: not exotic
    ("TH JD QS KC AC", set()),  # an ordinary straight, ace high
    ("AH 2D 3S 4C 5C", set()),  # an ordinary straight, ace low
    ("2H 3D 4S 5C 7C", set()),  # one short of a straight
    ("JS KD AH 3C 5C", set()),  # J-K-A-3-5: the steps are 2, 1, 2, 2
    ("3S 5D 7H 9C TC", set()),  # the last step is one
    ("2S 4D 5H 7C TC", set()),  # a 10 for the 9 of a skeet
    ("2S 5D 6H 8C 9C", set()),  # no card between the 2 and the 5
    ("2S 3D 4H 5C 9C", set()),  # no card between the 5 and the 9
    ("2S 4D 5H 5C 9C", set()),  # a pair is no skeet
    ("KS KD QH QC TC", set()),  # a ten is no court card
    ("KS QS JS AS 2D", {"round_the_corner_straight", "four_flush"}),  # four of a suit...
    ("2S 7S 9S KD 4D", set()),  # ...three are nothing
    ("2H 4H 7H 9H KH", set()),  # a flush with no pair is the plain flush
]


@pytest.mark.parametrize(("text", "names"), EXAMPLES)
def test_each_exotic_hand_and_its_near_misses(text: str, names: set[str]) -> None:
    cards = hand(text)
    found = set(exotic_names(cards))
    assert found == names
    assert list(exotic_names(cards)) == [n for n in EXOTIC if n in found], "in EXOTIC's order"


def test_every_exotic_hand_has_an_example_and_a_name_on_the_table() -> None:
    examples = set().union(*(names for _, names in EXAMPLES))
    assert examples == set(EXOTIC)
    assert set(EXOTIC) <= set(SHORT) and set(EXOTIC) <= set(TINY)


def test_fewer_than_five_cards_are_never_exotic() -> None:
    assert exotic_names(hand("QH KH AH 2H 3H")[:4]) == ()


def row_grid(first_row: str) -> list[list[Card | None]]:
    """A grid whose first row is ``first_row`` and nothing else."""
    return [list[Card | None](hand(first_row))] + [[None] * 5 for _ in range(4)]


def test_a_user_table_scores_a_hand_by_its_best_paid_name() -> None:
    blaze = row_grid("KS KS' KH QS JS")  # three of a kind, a four flush, a blaze
    assert P.score_grid(blaze, "user") == 8  # exotic hands are worth 0 by default
    assert P.score_grid(blaze, {"blaze": 20}) == 20
    assert P.score_grid(blaze, {"blaze": 20, "four_flush": 30}) == 30
    assert P.score_grid(blaze, {"blaze": 5}) == 8  # trips pay more
    corner = row_grid("QH KD AS 2C 3C")
    assert P.score_grid(corner, "user") == 0 and P.score_grid(corner, {"round_the_corner_"
                                                                      "straight": 9}) == 9
    assert P.score_grid(corner, "american") == 0  # only a User table knows them
    half = [["QH", "KD", "AS", "2C", "--"]] + [["--"] * 5 for _ in range(4)]
    assert P.score_grid(half, {"round_the_corner_straight": 9}) == 0  # whole hands only


def test_exotic_points_go_only_into_user_tables_and_leave_the_target_alone() -> None:
    assert points_table({"kilter": 0}) == points_table("user")  # 0: not kept
    assert points_table({"kilter": 7})["kilter"] == 7
    with pytest.raises(ValueError, match="no hand called"):
        points_table({"kelter": 3})
    user = parse({"scoring": "user", "user_points": {"kilter": 7}})
    assert user.seats[0].table["kilter"] == 7
    assert "kilter" not in parse({"scoring": "user"}).seats[0].table
    assert "kilter" not in parse({"scoring": "pat", "user_points": {"kilter": 7}}).seats[0].table
    from game.rules.poker_squares_options import target
    assert target(user) == target(parse({"scoring": "user"}))


def test_the_table_names_and_scores_an_exotic_row() -> None:
    state = P.deal(parse_cards("KS KD KH QS JS 2C 3C"),
                   {"scoring": "user", "user_points": {"blaze": 20}})
    for col in range(5):
        state = P.apply(state, P.Place(0, 0, col))
    view = P.observe(state)
    assert view.hands[0][0] == "blaze" and view.scores == (20,)
    assert P.observe(P.deal(parse_cards("KS KD KH QS JS 2C"))).hands[0][0] == "high_card"


def test_the_user_points_page_lists_and_sets_the_exotic_hands(tmp_path: Path) -> None:
    app = make_app(tmp_path, size=(1280, 720),
                   per_game={"poker-squares": {"scoring": "user"}})
    scene = PokerSquaresScene(app, seed=SEED)
    app.push(scene)
    settle(app)
    key(app, pygame.K_o, "o")
    click(app, next(b for b in app.scene.hud.buttons if b.key == "page:points").rect.center)
    page = app.scene
    assert isinstance(page, UserPointsPage)
    labels = [b.label for b in page.hud.buttons if b.key.startswith("points:")]
    assert "Kilter: 0" in labels and "Round-the-corner kilter flush: 0" in labels
    assert len(labels) == 10 + len(EXOTIC)
    screen = pygame.Rect(0, 0, 1920, 1080)
    rects = [b.rect for b in page.hud.buttons if b.visible]
    assert all(screen.contains(r) for r in rects)
    assert all(a.collidelist([r for r in rects if r is not a]) == -1 for a in rects)
    click(app, page.hud.button("points:blaze").rect.center)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "25")
    key(app, pygame.K_RETURN)
    assert page.hud.button("points:blaze").label == "Blaze: 25"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert scene.view.options.seats[0].table["blaze"] == 25


def test_the_help_says_which_exotic_hands_are_recognised() -> None:
    text = (Path(__file__).parent.parent / "assets" / "help" / "poker-squares.txt").read_text()
    for label in EXOTIC.values():
        assert label.lower() in text.lower(), label
