"""Poker Squares' matrix scores and refusals come from the rules (issue 24, "rules decide
rules"): each counted hand's worth, each matrix's figure and whether it counts, and why
a card may not be placed or thrown away now, all from the seat's view."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.cards import Card, full_deck, parse_cards
from game.rules import poker_squares as P
from game.rules.base import IllegalMove
from game.rules.poker_squares_options import parse

ROYAL_AND_QUADS = [row.split() for row in (
    "AS KS QS JS 10S",
    "9C 9D 9H 9S 2C",
    "-- -- -- -- --",
    "-- -- -- -- --",
    "-- -- -- -- --",
)]


def pack(text: str = "") -> list[Card]:
    front = parse_cards(text)
    return front + [c for c in full_deck() if c not in front]


def flat(grid: list[list[str]]) -> P.Flat:
    return P._flatten(grid)


@pytest.mark.parametrize("scoring", ["american", "english", "user"])
@pytest.mark.parametrize("hands", [10, 12])
def test_each_hand_is_worth_its_tables_points(scoring: str, hands: int) -> None:
    rules = parse({"scoring": scoring, "hands": hands}).seats[0]
    names = P.line_categories(flat(ROYAL_AND_QUADS), rules.diagonals)
    worth = P.line_scores(flat(ROYAL_AND_QUADS), rules)
    assert len(worth) == hands
    assert worth == tuple(rules.table[n] for n in names) == P.hand_scores(names, rules)
    assert worth[:2] == (rules.table["royal_flush"], rules.table["four_of_a_kind"])
    assert sum(worth) == P.matrix_score(flat(ROYAL_AND_QUADS), rules) == P.score_grid(
        ROYAL_AND_QUADS, scoring, rules.diagonals)


def test_with_pat_hands_a_pat_row_counts_one_and_columns_nothing() -> None:
    rules = parse({"scoring": "pat"}).seats[0]
    worth = P.line_scores(flat(ROYAL_AND_QUADS), rules)
    assert worth == (1, 1, 0, 0, 0) + (0,) * 5  # a royal flush and four nines: both pat
    assert sum(worth) == P.pat_rows(flat(ROYAL_AND_QUADS)) == 2


def four_in(state: P.PokerSquaresState, matrix: int, count: int) -> P.PokerSquaresState:
    for col in range(count):
        state = P.apply(state, P.Place(0, 0, col, 0, matrix))
    return state


@pytest.mark.parametrize("mode", ["best_of_two", "sum_of_two"])
def test_each_matrix_figure_and_whether_it_counts(mode: str) -> None:
    state = P.deal(pack("AS AH 2C 2D 7S"), {"mode": mode})
    assert P.matrix_figures(P.observe(state)) == ((0, True), (0, True)), "a tie: both"
    state = four_in(state, 1, 2)  # a pair of aces in the second matrix
    view = P.observe(state)
    pair = view.options.seats[0].table["one_pair"]
    counts_first = mode == "sum_of_two"
    assert P.matrix_figures(view) == ((0, counts_first), (pair, True))
    assert sum(s for s, counts in P.matrix_figures(view) if counts) == view.scores[0]


def test_placing_refusals_say_why() -> None:
    state = P.new_game(3, {"mode": "alternate"})
    assert P.placing_refusal(P.observe(state, 0)) is None
    assert P.placing_refusal(P.observe(state, 1)) == "Wait for your turn."
    assert P.placing_refusal(P.observe(fill(P.new_game(3)))) == "The game is over."


def fill(state: P.PokerSquaresState, seat: int = 0) -> P.PokerSquaresState:
    for i in range(25):
        state = P.apply(state, P.Place(seat, i // 5, i % 5))
    return state


def test_a_finished_matrix_and_a_full_one_that_may_end() -> None:
    both = fill(P.new_game(4, {"mode": "race_both", "rejects": 0}))  # the other player races on
    assert P.placing_refusal(P.observe(both, 0)) == "Your matrix is finished."
    assert P.placing_refusal(P.observe(both, 1)) is None
    moving = fill(P.new_game(4, {"can_move": True, "rejects": 0}))  # full, and cards may still move
    assert P.placing_refusal(P.observe(moving)) == "There is no card to place. Done (D)."


def test_with_both_matrices_full_a_player_who_may_move_cards_is_told_to_pass() -> None:
    state = P.new_game(4, {"mode": "alternate", "rejects": 0, "can_move": True})
    for square in range(25):
        for seat in (0, 1):
            state = P.apply(state, P.Place(seat, square // 5, square % 5))
    assert P.placing_refusal(P.observe(state, 0)) == "There is no card to place. Pass (P)."
    # A watcher may do none of it.
    public = P.observe_public(state)
    assert public.seat == P.SPECTATOR and public.targets == public.movable == ()
    assert public.to_move is False and public.can_pass is False and public.can_finish is False


def test_a_watcher_sees_no_card_to_place() -> None:
    state = P.new_game(3, {"mode": "alternate"})
    assert P.observe(state, 0).card is not None and P.observe_public(state).card is None


def test_reject_refusals_say_why() -> None:
    none = P.new_game(5, {"rejects": 0})  # the standard game has one
    assert P.reject_refusal(P.observe(none)) == "This game has no rejects."
    one = P.deal(pack("AS KD 2C"), {"rejects": 1})
    assert P.reject_refusal(P.observe(one)) is None
    one = P.apply(one, P.Shift(0, "d0", "r0"))
    assert P.reject_refusal(P.observe(one)) == "There is no reject square free."
    turns = P.new_game(5, {"mode": "alternate", "rejects": 1})
    assert P.reject_refusal(P.observe(turns, 1)) == "Wait for your turn."


def test_refusal_is_the_reason_check_gives() -> None:
    state = P.deal(pack("AS KD 2C"), {"placement": "edges"})
    state = P.apply(state, P.Place(0, 2, 2))
    far = P.Place(0, 0, 0)
    reason = P.refusal(state, far)
    assert reason == P.PLACEMENT_REFUSAL["edges"]
    with pytest.raises(IllegalMove, match=reason):
        P.check(state, far)
    assert P.refusal(state, P.Place(0, 2, 3)) is None
    assert P.refusal(state, P.Place(0, 2, 3), seat=1) == "That is the other player's move."


@pytest.mark.parametrize(("targets", "can_pass", "can_finish", "words"), [
    ((), False, False, "No square is free for {card}."),
    (("o00",), False, False, "No square is free for {card}: plant it in the other matrix."),
    (("r0", "o12"), True, False,
     "No square is free for {card}: plant it in the other matrix or Pass (P)."),
    (("r0",), False, True, "No square is free for {card}: Done (D)."),
    ((), True, True, "No square is free for {card}: Pass (P)."),
])
def test_a_full_matrix_says_where_the_card_may_go_instead(
        targets: tuple[str, ...], can_pass: bool, can_finish: bool, words: str) -> None:
    view = replace(P.observe(P.new_game(3, {"mode": "alternate"})), targets=targets,
                   can_pass=can_pass, can_finish=can_finish)
    assert view.card is not None
    assert P.full_matrix_refusal(view) == words.format(card=view.card.symbol)
    assert P.full_matrix_refusal(replace(view, card=None)).startswith(
        "No square is free for the card")


def test_with_no_card_and_nothing_to_end_the_refusal_says_only_that() -> None:
    """No position found gives a seat to move neither a card, Pass nor Done; the words
    for it are still the plain ones, with no key offered."""
    view = replace(P.observe(P.new_game(3)), card=None, can_pass=False, can_finish=False)
    assert P.placing_refusal(view) == "There is no card to place."


def test_a_watcher_is_offered_no_square_while_the_player_is() -> None:
    state = P.new_game(3, {"mode": "alternate"})
    assert P.observe(state, 0).targets and P.observe(state, 0).to_move
    public = P.observe_public(state)
    assert public.targets == public.movable == () and public.to_move is False


def test_a_grid_to_score_is_five_rows_of_five() -> None:
    with pytest.raises(ValueError) as refused:
        P.score_grid([[None] * 5] * 4)
    assert str(refused.value) == "a Poker Squares grid is 5 rows of 5 squares"


def test_hands_are_named_without_the_diagonals_unless_asked() -> None:
    """Like line_categories, line_names counts rows and columns alone by default."""
    table = parse({"scoring": "user"}).seats[0].table  # exotic names: the slow way too
    for given in (table, parse({}).seats[0].table):
        assert len(P.line_names(flat(ROYAL_AND_QUADS), given)) == 10
        assert len(P.line_names(flat(ROYAL_AND_QUADS), given, True)) == 12


def test_with_pat_hands_a_pat_first_column_counts_nothing() -> None:
    """Only rows count with Make Pat Hands: a straight flush down the first column (the
    sixth hand counted) is worth 0."""
    column = [[card, "--", "--", "--", "--"] for card in "AS KS QS JS 10S".split()]
    worth = P.line_scores(flat(column), parse({"scoring": "pat"}).seats[0])
    assert P.line_categories(flat(column))[P.SIZE] == "royal_flush"
    assert worth == (0,) * 10


@pytest.mark.parametrize("seat", [0, 1])
def test_a_view_names_twelve_hands_for_the_seat_that_counts_diagonals(seat: int) -> None:
    """Each player's hands are named under that player's rules, in the open for both."""
    own: list[dict[str, object]] = [{}, {}]
    own[seat] = {"hands": 12}
    state = P.new_game(3, {"mode": "race", "players": own})
    mine, theirs = P.observe(state, seat), P.observe(state, 1 - seat)
    assert [len(h) for h in mine.hands] == [12] and len(mine.other_hands) == 10
    assert [len(h) for h in theirs.hands] == [10] and len(theirs.other_hands) == 12


def test_a_full_matrix_that_may_still_move_offers_its_dealt_card_to_a_reject() -> None:
    """Cards can move, so a full matrix is not finished: the dealt card may still be
    thrown away, and the view offers it."""
    state = fill(P.new_game(4, {"can_move": True, "rejects": 1}))
    view = P.observe(state)
    assert view.card == state.dealt[0] is not None
    assert view.targets == ("r0",)
    assert P.placing_refusal(view) is None and P.reject_refusal(view) is None


@pytest.mark.parametrize(("rejects", "before", "move"), [
    (0, (P.Place(0, 0, 0), P.Place(0, 0, 1)), P.Shift(0, "g000", "d0")),  # from the matrix
    (1, (P.Shift(0, "d0", "r0"), P.Place(0, 0, 0)), P.Shift(0, "r0", "d0")),  # a reject
])
def test_no_card_goes_back_into_an_empty_dealt_square(rejects: int, before: tuple[P.Move, ...],
                                                       move: P.Move) -> None:
    """Two at a time from a pack of three leaves a dealt square empty. The rules let a
    card move back into it though legal_moves never listed that (a network client could
    send one): found by two mutants no test could kill."""
    state = P.deal(parse_cards("AS KH 2C"), {"deal": 2, "can_move": True, "rejects": rejects})
    for earlier in before:
        state = P.apply(state, earlier)
    assert state.dealt[0] is None and move not in P.legal_moves(state, 0)
    assert P.refusal(state, move, 0) == "A card does not go back among the dealt cards."
