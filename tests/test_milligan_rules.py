"""The Giant / Miss Milligan rules: the deal, every move rule under every rule set,
the waiving space, foundations both ways, empty columns, the lost game and scoring."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.cards import Card, full_deck, parse_cards
from game.rules import milligan as M
from game.rules.base import IllegalMove

RULES = M.RULE_NAMES


def position(columns: list[str], foundations: dict[int, str] | None = None,
             waiting: str | None = None, rule: str = "alternate", mm: bool = False,
             stock: int = 0) -> M.MilliganState:
    """A position from column texts (top card first) and foundation texts by pile; a
    card written twice is the second deck's copy the second time. The stock takes
    ``stock`` of the unused cards; the rest are simply out of the game."""
    taken: list[Card] = []
    cols = [tuple(_two_decks(text, taken)) for text in columns]
    cols += [()] * (M.COLUMNS - len(cols))
    piles = [()] * M.PILES
    for pile, text in (foundations or {}).items():
        piles[pile] = tuple(_two_decks(text, taken))
    wait = _two_decks(waiting, taken)[0] if waiting else None
    rest = [c for c in full_deck(2) if c not in taken]
    return M.MilliganState(tuple(cols), tuple(rest[:stock]), tuple(piles), wait, rule, mm)


def _two_decks(text: str, taken: list[Card]) -> list[Card]:
    out: list[Card] = []
    for card in parse_cards(text):
        card = Card(card.rank, card.suit, 1) if card in taken else card
        assert card not in taken, f"{card} three times"
        taken.append(card)
        out.append(card)
    return out


def refused(state: M.MilliganState, move: M.Move, match: str = "") -> None:
    with pytest.raises(IllegalMove, match=match):
        M.apply(state, move)
    assert move not in M.legal_moves(state)


def allowed(state: M.MilliganState, move: M.Move) -> M.MilliganState:
    assert move in M.legal_moves(state)
    return M.apply(state, move)


# -- scoring (manuals/the-giant.txt, Scoring) -----------------------------------------------

@pytest.mark.parametrize("rule, won, cards, mm, points", [
    ("any", True, 104, False, 16.0), ("any", False, 60, False, 5.0),
    ("any", False, 20, False, -5.0), ("alternate", True, 104, False, 84.0),
    ("alternate", False, 50, False, 15.0), ("suit", True, 104, False, 376.0),
    ("suit", False, 30, False, 20.0), ("suit", True, 104, True, 752.0),
    ("alternate", False, 10, True, -10.0), ("any", True, 104, True, 32.0),
])
def test_score_follows_the_manuals_table(rule, won, cards, mm, points) -> None:  # noqa: ANN001
    assert M.score(rule, won, cards, mm) == points
    assert isinstance(M.score(rule, won, cards), float)


def test_score_is_the_giants_unless_told_miss_milligan() -> None:
    assert M.score("any", True, 104) == 16.0


def test_score_refuses_what_is_not_a_game() -> None:
    for args in (("spades", True, 104), ("any", True, 105), ("any", False, -1),
                 ("any", False, 3.5)):
        with pytest.raises(ValueError, match="unknown rule|cards laid off must be 0 to 104"):
            M.score(*args)


# -- the deal ------------------------------------------------------------------------------

def test_the_deal_lays_eight_columns_and_puts_aces_up_first() -> None:
    for seed in range(40):
        s = M.new_game(seed)
        dealt = [c for col in s.columns for c in col] + [c for p in s.foundations for c in p]
        assert len(dealt) == 8 and len(s.stock) == 96
        assert all(len(col) <= 1 for col in s.columns)
        assert all(c.rank != 1 for col in s.columns for c in col)
        assert all(p[0].rank == 1 and p[0].suit == M.pile_suit(i)
                   for i, p in enumerate(s.foundations) if p)
        assert len(set(dealt) | set(s.stock)) == 104


def test_dealing_puts_one_card_on_each_column_twelve_times_then_stops() -> None:
    s = M.new_game(7)
    for _ in range(12):
        before = [len(c) for c in s.columns]
        top = s.stock[:8]
        s = allowed(s, M.Deal())
        assert [len(c) for c in s.columns] == [b + 1 for b in before]
        assert tuple(c[-1] for c in s.columns) == top
    assert not s.stock
    assert M.Deal() not in M.legal_moves(s) or s.status != "playing"


def test_config_is_checked() -> None:
    assert M.new_game(1, {"rule": "suit", "miss_milligan": True}).rule == "suit"


@pytest.mark.parametrize("config, words", [
    ({"rule": "colour"}, "unknown rule 'colour': choose alternate, any, suit"),
    ({"miss_milligan": "yes"}, "miss_milligan must be true or false"),
], ids=["rule", "miss_milligan"])
def test_options_that_cannot_be_played_are_refused_in_words(config: dict[str, object],
                                                             words: str) -> None:
    """A new deal asked with other options passes on these words to the player
    ("Those options cannot be played: ...")."""
    with pytest.raises(ValueError) as refusal:
        M.new_game(1, config)
    assert str(refusal.value) == words


def test_a_deal_is_the_giants_alternating_colours_unless_told_and_keeps_its_seed() -> None:
    s = M.deal(full_deck(2))
    assert (s.rule, s.miss_milligan, s.seed) == ("alternate", False, None)
    assert M.deal(full_deck(2), "suit", True, seed=9).seed == 9 and M.new_game(9).seed == 9


@pytest.mark.parametrize("cards", [full_deck(2)[:-1], full_deck(2)[:-1] + full_deck(2)[:1]],
                         ids=["103 cards", "a card twice"])
def test_a_deal_takes_the_104_cards_of_two_decks_and_nothing_else(cards: list[Card]) -> None:
    with pytest.raises(ValueError, match="^a milligan deal needs the 104 cards of two decks$"):
        M.deal(cards)


def test_a_short_stock_deals_what_it_has_from_the_first_column_on() -> None:
    """(A game's stock is eight cards a deal; a position built by hand may hold fewer.)"""
    s = M.deal_eight(position(["KC", "KD", "KH"], stock=3))
    assert [len(c) for c in s.columns] == [2, 2, 2, 0, 0, 0, 0, 0] and not s.stock


def test_a_card_moved_keeps_the_games_seed_and_apply_alone_counts_the_move() -> None:
    """``shift`` is the searches' step (and the computer player's guess of the next
    table): it copies the count; ``apply`` adds the move. Both keep the seed the game was
    dealt from (not compared by ``==``, so read here)."""
    s = replace(M.new_game(9), moves=4)
    move = M.Transfer(next(f"c{i}" for i, c in enumerate(s.columns) if c), 1, "w")
    assert [(t.moves, t.seed) for t in (M.shift(s, move), M.apply(s, move))] == [(4, 9), (5, 9)]


# -- runs under every rule -----------------------------------------------------------------

RUNS = {"alternate": ("9S 8H 7C", "9S 8S"), "any": ("9S 8S 7D", "9S 7S"),
        "suit": ("9S 8S 7S", "9S 8H")}


@pytest.mark.parametrize("rule", RULES)
def test_a_run_or_any_part_of_it_moves_by_the_rule_in_force(rule: str) -> None:
    good, bad = RUNS[rule]
    lead = {"alternate": "TD", "any": "TC", "suit": "TS"}[rule]
    s = position(["KC " + good, lead], rule=rule, stock=8)
    assert M.run_length(s.columns[0], rule) == 3
    after = allowed(s, M.Transfer("c0", 3, "c1"))
    assert [c.code for c in after.columns[1]] == [lead] + good.split()
    assert [c.code for c in after.columns[0]] == ["KC"]
    part = allowed(position(["KC " + good, "", "8D 8C"], rule=rule, stock=8),
                   M.Transfer("c0", 2, "c1"))
    assert [c.code for c in part.columns[1]] == good.split()[1:]
    refused(s, M.Transfer("c0", 4, "c1"), "not a run")
    broken = position([bad, "KH"], rule=rule, stock=8)
    refused(broken, M.Transfer("c0", 2, "c1"), "not a run")


@pytest.mark.parametrize("rule", RULES)
def test_a_card_builds_one_rank_down_by_the_rule(rule: str) -> None:
    fits = {"alternate": "8H", "any": "8S", "suit": "8S"}[rule]
    wrong = {"alternate": "8C", "any": "7H", "suit": "8H"}[rule]
    s = position(["9S", fits, wrong], rule=rule, stock=8)
    allowed(s, M.Transfer("c1", 1, "c0"))
    refused(s, M.Transfer("c2", 1, "c0"), "does not go on")


@pytest.mark.parametrize("rule", RULES)
def test_empty_columns_take_any_run_but_only_kings_for_miss_milligan(rule: str) -> None:
    run = {"alternate": "QH JC", "any": "QH JH", "suit": "QH JH"}[rule]
    giant = position(["5C " + run, ""], rule=rule, stock=8)
    allowed(giant, M.Transfer("c0", 2, "c1"))
    allowed(giant, M.Transfer("c0", 1, "c1"))
    mm = position(["5C " + run, "", "KS"], rule=rule, mm=True, stock=8)
    refused(mm, M.Transfer("c0", 2, "c1"), "king")
    allowed(mm, M.Transfer("c2", 1, "c1"))


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("mm", [False, True])
def test_foundations_go_up_in_suit_and_come_back_only_in_the_giant(rule: str, mm: bool) -> None:
    s = position(["3H", "3H", "4S", "7C"], foundations={2: "AH 2H", 0: "AS 2S 3S"},
                 rule=rule, mm=mm, stock=8)
    up = allowed(s, M.Transfer("c0", 1, "f"))
    assert [c.code for c in up.foundations[2]] == ["AH", "2H", "3H"]
    refused(up, M.Transfer("c1", 1, "f"), "does not go on")  # the other pile has no ace
    refused(s, M.Transfer("c3", 1, "f"), "does not go on")
    back = M.Transfer("f0", 1, "c0")
    if mm:
        refused(s, back, "Miss Milligan")
    elif rule == "suit":
        refused(s, back, "does not go on")
    else:  # 3S on 3H? no: only onto a 4; the spade 3 goes onto the empty column instead
        refused(s, back, "does not go on")
        empty = position(["3H", ""], foundations={0: "AS 2S 3S"}, rule=rule, stock=8)
        after = allowed(empty, M.Transfer("f0", 1, "c1"))
        assert [c.code for c in after.columns[1]] == ["3S"] and len(after.foundations[0]) == 2
    refused(s, M.Transfer("f0", 1, "w"), "Miss Milligan" if mm else "back onto a column")


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("mm", [False, True])
def test_the_waiving_space_holds_any_one_card(rule: str, mm: bool) -> None:
    s = position(["KC " + RUNS[rule][0], "5D"], rule=rule, mm=mm, stock=8)
    refused(s, M.Transfer("c0", 2, "w"), "single card")
    waited = allowed(s, M.Transfer("c1", 1, "w"))
    assert waited.waiting == Card.parse("5D") and not waited.columns[1]
    refused(waited, M.Transfer("c0", 1, "w"), "already holds")
    if mm:
        refused(waited, M.Transfer("w", 1, "c1"), "king")
    else:
        back = allowed(waited, M.Transfer("w", 1, "c1"))
        assert back.waiting is None and back.columns[1] == (Card.parse("5D"),)


def test_layoff_sends_up_every_exposed_card_it_can_and_not_the_stock() -> None:
    s = position(["KC 3H", "2H", "4H", "9C"], foundations={2: "AH", 3: "AH"}, waiting="2H",
                 stock=16)
    after = allowed(s, M.Layoff())
    assert sorted(len(p) for p in after.foundations) == [0, 0, 0, 0, 0, 0, 2, 4]
    assert after.waiting is None and after.stock == s.stock
    assert [len(c) for c in after.columns[:4]] == [1, 0, 0, 1]
    refused(after, M.Layoff(), "No exposed card")


# -- the end -------------------------------------------------------------------------------

def test_a_game_is_lost_once_no_new_card_can_ever_go_up() -> None:
    base = dict(foundations={0: "AS 2S"}, rule="suit", mm=True)
    s = position(["KC 5D", "QC 9H", "JC 7S"], waiting="8D", **base)
    s = M.MilliganState(s.columns, tuple(parse_cards("9C 4H 6D TD"))
                        + tuple(Card(c.rank, c.suit, 1) for c in parse_cards("9C 4H 6D TD")),
                        s.foundations, s.waiting, "suit", True)
    after = allowed(s, M.Deal())
    assert after.status == "lost" and M.is_over(after) and not M.legal_moves(after)
    assert M.observe(after).lost and M.returns(after) == (M.score("suit", False, 2, True),)
    # Moves remain (the waiving space is free) but none of them leads anywhere.
    assert M.is_stuck(position(["KC 5D", "QC 9H", "JC 7S"], **base))
    # The 3S is one card down and the waiving space can take that card: not lost.
    assert not M.is_stuck(position(["KC 3S 9C"], **base))


def test_giving_up_waits_for_the_end_of_the_stock() -> None:
    s = position(["KC 5D"], stock=8)
    refused(s, M.Resign(), "whole stock")
    done = allowed(position(["KC 5D", "9H"], foundations={0: "AS"}), M.Resign())
    assert done.status == "resigned" and not M.legal_moves(done)


def test_winning_lays_the_104th_card() -> None:
    piles = {p: " ".join(r + M.pile_suit(p) for r in "A23456789TJQK") for p in range(8)}
    piles[7] = piles[7][:-3]  # the second club king is still on a column
    s = position(["KC"], foundations=piles)
    won = allowed(s, M.Transfer("c0", 1, "f"))
    assert won.status == "won" and M.observe(won).won
    assert M.returns(won) == (84.0,)
    assert M.figures(won) == {"win": True, "score": 84.0, "laid_off": 104.0, "moves": 1.0}
    assert M.figures(s) == {"win": False, "score": 41.5, "laid_off": 103.0, "moves": 0.0}


@pytest.mark.parametrize("rule, mm, key, title", [
    ("alternate", False, "alternate", "Alternating colours"),
    ("suit", True, "suit+mm", "Same suit, Miss Milligan"),
    ("any", False, "any", "Any suit")])
def test_statistics_are_kept_per_rule_set(rule: str, mm: bool, key: str, title: str) -> None:
    assert M.mode(M.new_game(1, {"rule": rule, "miss_milligan": mm})) == M.Mode(key, title)


def test_a_rule_set_this_version_does_not_know_is_titled_by_its_key() -> None:
    assert M.rules_title("spiral+mm") == "Spiral, Miss Milligan"


def test_random_games_keep_all_104_cards_and_end() -> None:
    for seed in range(8):
        rng = random.Random(seed)
        s = M.new_game(seed, {"rule": M.RULE_NAMES[seed % 3], "miss_milligan": seed % 2 == 1})
        for _ in range(3000):
            if M.is_over(s):
                break
            s = M.apply(s, rng.choice(M.legal_moves(s)))
            cards = [c for col in s.columns for c in col] + list(s.stock) + [
                c for p in s.foundations for c in p] + ([s.waiting] if s.waiting else [])
            assert len(cards) == 104 and len(set(cards)) == 104
        assert M.is_over(s)


def test_the_digest_tells_every_part_of_the_state_apart() -> None:
    s = position(["9S 8H", "KD"], foundations={0: "AS"}, stock=8)
    variants = [s, replace(s, waiting=s.stock[0]), replace(s, rule="suit"),
                replace(s, miss_milligan=True), replace(s, moves=1), replace(s, status="lost"),
                replace(s, columns=s.columns[1:] + s.columns[:1])]
    assert len({M.state_digest(v) for v in variants}) == len(variants)


@pytest.mark.parametrize("move, words", [
    (M.Deal(), "deal eight from the stock"), (M.Layoff(), "lay off every card that can go up"),
    (M.Resign(), "give up"), (M.Stuck(), "no card can go up any more: the game is lost"),
    (M.Transfer("c0", 1, "f"), "1 card from column 1 to the foundations"),
    (M.Transfer("c7", 2, "w"), "2 cards from column 8 to the waiving space"),
    (M.Transfer("f3", 1, "c1"), "1 card from foundation 4 to column 2"),
])
def test_moves_are_told_in_words(move: M.Move, words: str) -> None:
    assert M.describe(move) == words


def test_a_view_gives_back_its_position_with_an_empty_stock() -> None:
    s = replace(position(["9S 8H", "KD"], foundations={0: "AS"}, waiting="5C", rule="suit",
                         mm=True, stock=8), moves=5)
    assert M.position_of(M.observe(s)) == replace(s, stock=())


@pytest.mark.parametrize("data", [
    "shuffle", ["c0", 1], ["c8", 1, "f"], ["c0", 1, "f0"], ["x", 1, "w"],
    ["c0", 0, "c1"], ["c0", 105, "c1"], ["c0", True, "c1"], ["c0", 1.0, "c1"],
])
def test_a_move_file_entry_of_the_wrong_shape_is_refused(data: object) -> None:
    """Saved games and network moves come in as JSON: a place that does not exist, or a
    count that is no number of cards, is refused before the rules ever see it."""
    with pytest.raises(ValueError, match="not a milligan move"):
        M.move_from_json(data)


def test_a_move_file_entry_may_move_up_to_104_cards() -> None:
    assert M.move_from_json(["c0", 104, "c1"]) == M.Transfer("c0", 104, "c1")


def test_only_a_whole_column_into_an_empty_one_is_pointless() -> None:
    """Searches leave such moves out (the same position, columns being unordered)."""
    s = position(["9S 8H", "", "KD"], waiting="5C")
    assert M.pointless(s, M.Transfer("c0", 2, "c1")) and M.pointless(s, M.Transfer("c2", 1, "c1"))
    for move in (M.Transfer("c0", 1, "c1"), M.Transfer("w", 1, "c1"), M.Transfer("c0", 1, "w")):
        assert not M.pointless(s, move)


def test_the_searches_keys_from_column_codes_are_the_position_keys() -> None:
    """The proofs seed what they have seen with ``position_key`` and extend it with
    ``coded_key`` over ``shifted_codes``: if the two disagreed, a position would be
    searched again (or two positions taken for one)."""
    rng = random.Random(5)
    s = M.new_game(5, {"rule": "any"})
    waited = empty = 0
    while not M.is_over(s):
        codes = M.column_codes(s)
        assert M.coded_key(s, codes) == M.position_key(s)
        for move in M.transfers(s):
            after = M.shift(s, move)
            assert M.coded_key(after, M.shifted_codes(s, codes, move)) == M.position_key(after)
        waited += s.waiting is not None
        empty += s.waiting is None
        s = M.apply(s, rng.choice(M.legal_moves(s)))
    assert waited and empty  # both kinds of waiting space were seen
