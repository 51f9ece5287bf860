"""Pyramid rules: availability, pairs, kings, the pack, redeals, Par scoring, and
random games that never lose or duplicate a card."""

import random
from dataclasses import replace

import pytest

from game.cards import Card, full_deck, parse_cards
from game.replay.recorder import Recorder
from game.rules import pyramid as P
from game.rules.base import SPECTATOR, IllegalMove
from game.rules.outcome import Mode
from game.session import Session


def deal_with(front: str, pack: str = "") -> P.PyramidState:
    """A deal whose first cards are ``front`` (pyramid order) and whose pack starts
    with ``pack``; the rest of the deck fills in, in a fixed order."""
    chosen = parse_cards(front) + parse_cards(pack)
    rest = [c for c in full_deck() if c not in chosen]
    pyramid = parse_cards(front) + rest[: 28 - len(parse_cards(front))]
    rest = rest[28 - len(parse_cards(front)):]
    return P.deal(pyramid + parse_cards(pack) + rest)


def count_cards(s: P.PyramidState) -> list:
    return [c for c in s.pyramid if c is not None] + list(s.stock + s.waste + s.discard)


def test_only_the_bottom_row_starts_available() -> None:
    s = P.new_game(3)
    exposed = [i for i in range(28) if P.is_exposed(s, i)]
    assert exposed == list(range(21, 28))
    assert set(P.available(s).values()) == {f"p{i}" for i in exposed} | {"stock"}


def test_a_card_is_freed_when_both_covering_cards_go() -> None:
    s = P.new_game(3)
    s = P.PyramidState(pyramid=s.pyramid[:21] + (None, None, None) + s.pyramid[24:],
                       stock=s.stock, waste=())
    assert P.is_exposed(s, P.index_of(5, 0)) and P.is_exposed(s, P.index_of(5, 1))
    assert not P.is_exposed(s, P.index_of(5, 2))


def test_pairs_must_make_13_and_kings_go_alone() -> None:
    s = deal_with("", pack="AS")
    bottom = [s.pyramid[i].code for i in range(21, 28)]
    for move in P.legal_moves(s):
        if isinstance(move, P.Remove):
            ranks = [P.as_card(c).rank for c in move.cards]
            assert ranks == [13] or (sum(ranks) == 13 and 13 not in ranks)
    with pytest.raises(IllegalMove, match="not 13|not a king|Kings"):
        P.apply(s, P.Remove((bottom[0], "AS")) if P.as_card(bottom[0]).rank != 12
                else P.Remove(("AS",)))


def test_covered_cards_are_refused_with_a_reason() -> None:
    s = P.new_game(5)
    apex = s.pyramid[0].code
    with pytest.raises(IllegalMove, match="covered"):
        P.apply(s, P.Remove((apex,)) if s.pyramid[0].rank == 13
                else P.Remove((apex, s.pyramid[27].code)))


def test_remove_takes_one_or_two_cards() -> None:
    s = P.new_game(0)
    with pytest.raises(IllegalMove):
        P.apply(s, P.Remove(()))
    with pytest.raises(IllegalMove):
        P.apply(s, P.Remove(tuple(c.code for c in s.pyramid[21:24])))


def test_stock_top_and_waste_top_pair_with_each_other() -> None:
    s = deal_with("", pack="6H 7C")
    s = P.apply(s, P.Draw())  # 6H to the waste, 7C on top of the pack
    assert P.available(s)["6H"] == "waste" and P.available(s)["7C"] == "stock"
    s = P.apply(s, P.Remove(("6H", "7C")))
    assert not s.waste and s.discard[-2:] == tuple(parse_cards("6H 7C"))


def test_two_redeals_then_the_pack_is_done() -> None:
    s = P.new_game(11)
    for redeal in range(3):
        while s.stock:
            s = P.apply(s, P.Draw())
        if redeal < 2:
            first = s.waste[0]
            s = P.apply(s, P.Recycle())
            assert s.stock[0] == first, "the first card drawn is on top again"
    with pytest.raises(IllegalMove, match="No redeals left"):
        P.apply(s, P.Recycle())
    assert P.Recycle() not in P.legal_moves(s) and P.Draw() not in P.legal_moves(s)


def test_par_score() -> None:
    s = P.new_game(1)
    assert P.par_score(s) == -52
    cleared = P.PyramidState((None,) * 28, stock=s.stock[:3], waste=s.stock[3:5],
                             discard=tuple(c for c in s.pyramid) + s.stock[5:],
                             redeals_used=1, cleared_in_deal=2)
    assert P.par_score(cleared) == 35 - 5
    won = P.PyramidState((None,) * 28, (), (), tuple(full_deck()), cleared_in_deal=1)
    assert P.par_score(won) == 50 and P.is_won(won) and P.is_over(won)
    assert P.par_score(P.PyramidState((None,) * 28, (), s.stock[:7], (), redeals_used=2,
                                      cleared_in_deal=3)) == 20 - 7


def test_clearing_the_pyramid_records_the_deal() -> None:
    s = P.new_game(0)
    pyramid = (None,) * 27 + (parse_cards("KS")[0],)
    s = P.PyramidState(pyramid, s.stock, (), redeals_used=1)
    s = P.apply(s, P.Remove(("KS",)))
    assert s.cleared_in_deal == 2 and P.observe(s).cleared_in_deal == 2


def test_observation_hides_the_pack_under_its_top_card() -> None:
    s = P.new_game(2)
    view = P.observe(s)
    assert view.stock_top == s.stock[0] and view.pack == (None,) * 23
    assert not any(hasattr(view, name) for name in ("stock",))
    # Once the pack has gone round, every card in it has been seen: the order is known.
    while P.legal_moves(s) != [P.Recycle()]:
        s = P.apply(s, P.Draw() if s.stock else P.legal_moves(s)[0])
    s = P.apply(s, P.Recycle())
    assert P.observe(s).pack == s.stock[1:] and not P.hidden_cards(s, 0)


@pytest.mark.parametrize("seed", range(40))
def test_random_games_never_lose_or_duplicate_a_card(seed: int) -> None:
    rng = random.Random(seed)
    s = P.new_game(seed)
    moves = []
    while not P.is_over(s):
        move = rng.choice(P.legal_moves(s))
        s = P.apply(s, move)
        moves.append(move)
        cards = count_cards(s)
        assert len(cards) == 52 and len(set(cards)) == 52
    rec = Recorder(P.RULES, seed, {})
    for move in moves:
        rec.play(move)
    replayed = P.new_game(seed)
    for k, move in enumerate(moves, start=1):
        replayed = P.apply(replayed, move)
        assert P.state_digest(rec.state_at(k)) == P.state_digest(replayed)
    assert P.state_digest(replayed) == P.state_digest(s)


def test_moves_have_a_stable_json_form() -> None:
    for move in (P.Draw(), P.Recycle(), P.Remove(("KS",)), P.Remove(("4c", "9C"))):
        assert P.move_from_json(P.move_to_json(move)) == move
    assert P.move_to_json(P.Remove(("4c", "9C"))) == ["4C", "9C"]
    with pytest.raises(ValueError):
        P.move_from_json({"bad": 1})


def test_a_move_from_a_file_is_one_or_two_card_codes_in_a_list() -> None:
    assert P.move_from_json(["KS"]) == P.Remove(("KS",))
    for bad in ({"KS": 1}, "KS", [], ["AS", "QS", "KS"]):
        with pytest.raises(ValueError, match="not a pyramid move"):
            P.move_from_json(bad)


def test_moves_are_told_in_words() -> None:
    assert P.describe(P.Draw()) == "turn a card from the pack"
    assert P.describe(P.Recycle()) == "turn the waste over"
    assert P.describe(P.Remove(("6H", "7C"))) == "6\u2665 + 7\u2663"


def test_a_new_game_keeps_its_seed_and_redeals() -> None:
    s = P.new_game(7, {"redeals": 0})
    assert s.seed == 7 and s.redeals == 0


def test_an_empty_pack_says_whether_the_waste_can_be_turned_over() -> None:
    s = P.new_game(4)
    while s.stock:
        s = P.apply(s, P.Draw())
    with pytest.raises(IllegalMove, match="The pack is empty. Turn the waste over"):
        P.apply(s, P.Draw())
    no_redeals = replace(s, redeals_used=s.redeals)
    no_waste = replace(s, waste=(), discard=s.discard + s.waste)
    for stuck in (no_redeals, no_waste):
        with pytest.raises(IllegalMove) as refused:
            P.apply(stuck, P.Draw())
        assert str(refused.value) == "The pack is empty."


@pytest.mark.parametrize("redeals, title", [(0, "Par scoring, 0 redeals"),
                                             (1, "Par scoring, 1 redeal"),
                                             (2, "Par scoring, 2 redeals")])
def test_the_mode_names_the_redeals(redeals: int, title: str) -> None:
    assert P.mode(P.new_game(0, {"redeals": redeals})) == Mode(f"redeals-{redeals}", title)


def test_the_digest_tells_every_part_of_the_state_apart() -> None:
    s = P.new_game(0)
    for _ in range(6):  # remove pairs where it can, else turn the pack: gaps and a waste
        legal = P.legal_moves(s)
        s = P.apply(s, next((m for m in legal if isinstance(m, P.Remove)), legal[-1]))
    variants = [s, replace(s, redeals=1), replace(s, redeals_used=1), replace(s, cleared_in_deal=1),
                replace(s, waste=s.waste[:1]), replace(s, stock=s.stock[1:]),
                replace(s, discard=s.discard[1:]), replace(s, pyramid=(None,) + s.pyramid[1:])]
    assert len({P.state_digest(v) for v in variants}) == len(variants)


def test_a_pair_is_one_move_in_either_order() -> None:
    pair, king = P.Remove(("6H", "7C")), P.Remove(("KS",))
    assert hash(pair) == hash(P.Remove(("7C", "6H"))) and len({pair, P.Remove(("7C", "6H"))}) == 1
    assert hash(pair) != hash(king)


def test_only_kings_go_alone() -> None:
    assert not P.needs_partner("KS")
    assert P.needs_partner("QS") and P.needs_partner("AH")


def test_turning_the_pack_draws_until_it_is_empty_then_redeals() -> None:
    s = P.new_game(4)
    assert P.turn_pack(P.observe(s)) == P.Draw()
    while s.stock:
        s = P.apply(s, P.Draw())
    assert P.turn_pack(P.observe(s)) == P.Recycle()
    # Nothing left to turn: "draw", which the rules refuse with their reason.
    assert P.turn_pack(P.observe(replace(s, waste=(), discard=s.discard + s.waste))) == P.Draw()


def test_figures_and_returns_are_the_par_score() -> None:
    s = P.new_game(1)
    assert P.figures(s) == {"win": False, "pyramid_clear": False, "par": -52, "score": -52}
    assert P.returns(s) == (-52,)
    won = P.PyramidState((None,) * 28, (), (), tuple(full_deck()), cleared_in_deal=1)
    assert P.figures(won) == {"win": True, "pyramid_clear": True, "par": 50, "score": 50}


@pytest.mark.parametrize("cards", [full_deck()[:-1], full_deck() + full_deck()[:1],
                                   full_deck()[:-1] + full_deck()[:1]],
                         ids=["51 cards", "53 cards", "52 with one twice"])
def test_a_deal_takes_52_different_cards_and_nothing_else(cards: list[Card]) -> None:
    """Just past the bound on either side, and 52 that are not all different (52
    different cards, the bound itself, are every other test's deal)."""
    with pytest.raises(ValueError) as refusal:
        P.deal(cards)
    assert str(refusal.value) == "a pyramid deal needs 52 different cards"


@pytest.mark.parametrize("redeals", [0, 2])
def test_redeals_from_none_to_one_less_than_the_par_table_are_played(redeals: int) -> None:
    """The bounds themselves: 0 and len(PAR_BASE) - 1."""
    assert P.new_game(0, {"redeals": redeals}).redeals == redeals


@pytest.mark.parametrize("redeals", [-1, 3])
def test_redeals_past_either_bound_are_refused_to_the_player_in_words(redeals: int) -> None:
    """A new deal asked with these options reaches the player as this notice."""
    table = Session(P.RULES, Recorder(P.RULES, 0, {}))
    with pytest.raises(IllegalMove) as refusal:
        table.restart(0, config={"redeals": redeals})
    assert str(refusal.value) == "Those options cannot be played: redeals must be 0 to 2"


def test_the_deal_that_cleared_the_pyramid_stays_on_record_after_a_redeal() -> None:
    """Par counts from the deal the pyramid went in, not from a later removal."""
    waste = tuple(parse_cards("KS QH"))
    s = P.PyramidState((None,) * 28, stock=(), waste=waste,
                       discard=tuple(c for c in full_deck() if c not in waste),
                       cleared_in_deal=1)
    s = P.apply(P.apply(s, P.Recycle()), P.Remove(("KS",)))
    assert (s.deal_number, s.cleared_in_deal, P.par_score(s)) == (2, 1, 50 - 1)


def table(bottom: str, pack: str = "AH 3C", waste: str = "2C") -> P.PyramidState:
    """Only the bottom row left (``bottom``, seven cards), the pack top first and the
    waste with its top card last; every other card is gone."""
    pyramid = (None,) * 21 + tuple(parse_cards(bottom))
    stock, waste_cards = tuple(parse_cards(pack)), tuple(parse_cards(waste))
    held = set(pyramid[21:]) | set(stock) | set(waste_cards)
    return P.PyramidState(pyramid, stock, waste_cards,
                          discard=tuple(c for c in full_deck() if c not in held))


BOTTOM = "KS 6H 7C 5D 9S 6D QH"


@pytest.mark.parametrize("position, move, seat, words", [
    (table(BOTTOM), P.Draw(), 1, "Pyramid has one player."),
    (table(BOTTOM), P.Recycle(), None, "You can only redeal once the pack is empty."),
    (table(BOTTOM, pack="", waste=""), P.Recycle(), None, "There is no waste to redeal."),
    (replace(table(BOTTOM, pack=""), redeals_used=2), P.Recycle(), None,
     "No redeals left: 2 allowed."),
    (table(BOTTOM), P.Remove(()), None, "Remove one king, or two cards that add up to 13."),
    (table(BOTTOM), P.Remove(("6H", "7C", "KS")), None,
     "Remove one king, or two cards that add up to 13."),
    (table(BOTTOM), P.Remove(("QH",)), None,
     "Q\u2665 is not a king: pair it with a card to make 13."),
    (table(BOTTOM), P.Remove(("6H", "6H")), None, "Pick two different cards."),
    (table(BOTTOM), P.Remove(("KS", "AH")), None, "Kings are removed on their own, not in a pair."),
    (table(BOTTOM), P.Remove(("AH", "KS")), None, "Kings are removed on their own, not in a pair."),
    (table(BOTTOM), P.Remove(("5D", "9S")), None, "5\u2666 and 9\u2660 add up to 14, not 13."),
    (table(BOTTOM), P.Remove(("3C", "TD")), None, "3\u2663 is still in the pack."),
], ids=["second seat", "pack not empty", "no waste", "no redeals left", "no card", "three cards",
        "lone queen", "one card twice", "king first", "king second", "fourteen", "in the pack"])
def test_each_refusal_tells_the_player_why_in_words(position: P.PyramidState, move: P.Move,
                                                    seat: int | None, words: str) -> None:
    """The reason is shown to the player as it stands (a table where every card is
    available: the bottom row, the pack's top and the waste's)."""
    with pytest.raises(IllegalMove) as refusal:
        P.check(position, move, seat)
    assert refusal.value.reason == words


@pytest.mark.parametrize("row, col, index", [(0, 0, 0), (6, 0, 21), (6, 6, 27), (3, 2, 8)])
def test_positions_number_the_pyramid_row_by_row(row: int, col: int, index: int) -> None:
    assert P.index_of(row, col) == index and P.row_col(index) == (row, col)


@pytest.mark.parametrize("row, col, words", [
    (7, 0, "no pyramid position at row 8, column 1"),
    (-1, 0, "no pyramid position at row 0, column 1"),
    (0, 1, "no pyramid position at row 1, column 2"),
    (3, -1, "no pyramid position at row 4, column 0"),
], ids=["past the last row", "before the first row", "past the row's end", "before column 1"])
def test_a_position_off_the_pyramid_is_refused_in_words(row: int, col: int, words: str) -> None:
    """Just past each bound; counted from 1 in the words, as rows and columns are shown."""
    with pytest.raises(ValueError) as refusal:
        P.index_of(row, col)
    assert str(refusal.value) == words


def test_an_emptied_slot_is_not_exposed() -> None:
    """The view marks which slots can be picked; a gone card's slot is not one."""
    s = P.apply(table(BOTTOM), P.Remove(("KS",)))
    assert not P.is_exposed(s, 21)
    assert P.observe(s).exposed[21:] == (False,) + (True,) * 6


def test_the_shared_rules_refuse_a_finished_game_and_a_spectator_in_words() -> None:
    """Pyramid has no public view; a move after the end is told "The game is over."."""
    won = P.PyramidState((None,) * 28, (), (), tuple(full_deck()), cleared_in_deal=1)
    with pytest.raises(IllegalMove) as over:
        P.RULES.check(won, P.Draw())
    with pytest.raises(ValueError) as watcher:
        P.RULES.observe(won, SPECTATOR)
    assert (over.value.reason, str(watcher.value)) == (
        "The game is over.", "pyramid has no view for spectators")
