"""The Pyramid solver against a brute-force search written straight over the rules."""

from __future__ import annotations

import random
from functools import cache

import pytest

from game.ai import pyramid_solver
from game.ai.pyramid_solver import ParResult, best_par, best_par_state, solve, solve_state
from game.cards import Card, full_deck
from game.rules.pyramid import (
    PYRAMID_SIZE,
    PyramidState,
    apply,
    deal,
    is_won,
    legal_moves,
    move_from_json,
    new_game,
    par_score,
)

# -- brute force over game.rules.pyramid ---------------------------------------------------


def _key(state: PyramidState) -> tuple:
    # Everything that decides the future; the order of the discard pile does not, so
    # leaving it out (unlike state_digest) keeps the memo small.
    return state.pyramid, state.stock, state.waste, state.redeals_used, state.cleared_in_deal


def _reached(state: PyramidState, goal: str) -> bool:
    return state.cleared_in_deal is not None if goal == "pyramid" else is_won(state)


def brute_won(state: PyramidState, goal: str) -> bool:
    @cache
    def won(key: tuple) -> bool:
        s = states[key]
        if _reached(s, goal):
            return True
        for move in legal_moves(s):
            nxt = apply(s, move)
            states.setdefault(_key(nxt), nxt)
            if won(_key(nxt)):
                return True
        return False

    states = {_key(state): state}
    return won(_key(state))


def brute_par(state: PyramidState) -> int:
    @cache
    def best(key: tuple) -> int:
        s = states[key]
        score = par_score(s)
        for move in legal_moves(s):
            nxt = apply(s, move)
            states.setdefault(_key(nxt), nxt)
            score = max(score, best(_key(nxt)))
        return score

    states = {_key(state): state}
    return best(_key(state))


def replay(state: PyramidState, moves: list) -> PyramidState:
    for move in moves:
        state = apply(state, move_from_json(move))
    return state


# -- small positions -------------------------------------------------------------------------

def _parents(index: int) -> list[int]:
    """The slots that ``index`` covers (the row above)."""
    row = 0
    while (row + 1) * (row + 2) // 2 <= index:
        row += 1
    col = index - row * (row + 1) // 2
    return [(row - 1) * row // 2 + c for c in (col - 1, col) if row > 0 and 0 <= c <= row - 1]


def random_position(rng: random.Random, most: int = 13) -> PyramidState:
    """A position with few cards left: a pyramid shape grown down from the apex (a card
    stays only while those it covers stay), some waste and stock, any redeals used.
    Cards come mostly in pairs adding to 13, with the odd stray, so both outcomes occur."""
    deck = full_deck()
    rng.shuffle(deck)
    by_rank: dict[int, list[Card]] = {}
    for card in deck:
        by_rank.setdefault(card.rank, []).append(card)
    chosen: list[Card] = []
    target = rng.randint(2, most)
    while len(chosen) < target:
        rank = rng.randint(1, 13)
        group = [rank] if rank == 13 or rng.random() < 0.1 else [rank, 13 - rank]
        if all(by_rank[r] for r in group) and len(chosen) + len(group) <= most:
            chosen += [by_rank[r].pop() for r in group]
        elif not any(by_rank.values()):
            break
    rng.shuffle(chosen)
    n_pyr = rng.randint(0, min(len(chosen), 8))
    shape: list[int] = []
    while len(shape) < n_pyr:
        grow = [i for i in range(PYRAMID_SIZE)
                if i not in shape and all(p in shape for p in _parents(i))]
        shape.append(rng.choice(grow))
    pyramid: list[Card | None] = [None] * PYRAMID_SIZE
    for slot, card in zip(shape, chosen, strict=False):
        pyramid[slot] = card
    pack = chosen[n_pyr:]
    cut = rng.randint(0, len(pack))
    redeals = rng.choice((0, 1, 2, 2))
    used = rng.randint(0, redeals)
    return PyramidState(
        pyramid=tuple(pyramid), stock=tuple(pack[cut:]), waste=tuple(pack[:cut]),
        discard=tuple(c for c in full_deck() if c not in chosen), redeals=redeals,
        redeals_used=used, cleared_in_deal=None if n_pyr else rng.randint(1, used + 1))


def played_out(seed: int, rng: random.Random, left: int = 16) -> PyramidState | None:
    """A real deal played until few cards are left: the solver's winning line for a while,
    then random moves (removals preferred) so that some positions are lost."""
    state = new_game(seed)
    line = solve_state(state, "all").moves
    if not line:
        return None
    stop = rng.randint(len(line) // 3, len(line))
    state = replay(state, line[:stop])
    while state.cards_left > left:
        moves = legal_moves(state)
        if not moves:
            return None
        removals = [m for m in moves if hasattr(m, "cards")]
        state = apply(state, rng.choice(removals if removals and rng.random() < 0.8 else moves))
    return state


# -- exactness ---------------------------------------------------------------------------------

@pytest.mark.parametrize("goal", ["all", "pyramid"])
def test_matches_brute_force_on_small_positions(goal: str) -> None:
    rng = random.Random(7)
    outcomes = set()
    for _ in range(500):
        state = random_position(rng, most=14)
        result = solve_state(state, goal)
        expected = brute_won(state, goal)
        assert result.complete and result.won == expected, state
        outcomes.add(expected)
        if result.won:
            assert _reached(replay(state, result.moves), goal)
        else:
            assert result.moves == []
    assert outcomes == {True, False}


def test_matches_brute_force_on_played_out_deals() -> None:
    rng = random.Random(3)
    outcomes: dict[str, set[bool]] = {"all": set(), "pyramid": set()}
    tried = 0
    for seed in range(40):
        state = played_out(seed, rng)
        if state is None:
            continue
        tried += 1
        for goal in outcomes:
            result = solve_state(state, goal)
            assert result.won == brute_won(state, goal), (seed, goal)
            outcomes[goal].add(bool(result.won))
            if result.won:
                assert _reached(replay(state, result.moves), goal)
    assert tried >= 10
    assert outcomes["all"] == {True, False}


def test_best_par_matches_brute_force() -> None:
    rng = random.Random(11)
    for _ in range(300):
        state = random_position(rng, most=12)
        result = best_par_state(state)
        assert result.complete
        assert result.score == brute_par(state), state
        end = replay(state, result.moves)
        assert par_score(end) == result.score
        assert end.cleared_in_deal == result.cleared_in_deal


def test_best_par_on_played_out_deals() -> None:
    rng = random.Random(5)
    for seed in range(40, 60):
        state = played_out(seed, rng, left=14)
        if state is not None:
            result = best_par_state(state)
            assert result.score == brute_par(state), seed
            assert par_score(replay(state, result.moves)) == result.score


# -- whole deals -------------------------------------------------------------------------------

def deal_cards(seed: int) -> list[Card]:
    state = new_game(seed)
    return list(state.pyramid) + list(state.stock)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 5])
def test_winning_lines_replay_through_the_rules(seed: int) -> None:
    cards = deal_cards(seed)
    for goal in ("all", "pyramid"):
        result = solve(cards, redeals=2, goal=goal)
        assert result.won is True and result.complete
        end = replay(deal(cards), result.moves)
        assert all(c is None for c in end.pyramid)
        assert is_won(end) or goal == "pyramid"
        for move in result.moves:  # the contract's format
            assert move in ("draw", "recycle") or (
                isinstance(move, tuple) and 1 <= len(move) <= 2
                and all(isinstance(c, str) and Card.parse(c).code == c for c in move))


def test_pyramid_goal_stops_once_the_pyramid_is_gone() -> None:
    cards = deal_cards(5)
    result = solve(cards, goal="pyramid")
    end = replay(deal(cards), result.moves)
    assert end.cleared_in_deal is not None
    assert isinstance(result.moves[-1], tuple)  # stops as soon as the pyramid is gone


def test_apex_buried_under_its_partners_is_lost() -> None:
    # The apex (a 5) can only go once every other pyramid card has gone, and all four
    # eights are among those, so nothing is left to pair it with.
    deck = [c for c in full_deck() if c.rank != 8 and c.code != "5H"]
    eights = [c for c in full_deck() if c.rank == 8]
    cards = [Card.parse("5H")] + eights + deck[:23] + deck[23:]
    assert len(cards) == 52
    for goal in ("all", "pyramid"):
        result = solve(cards, goal=goal)
        assert result.won is False and result.moves == [] and result.complete


def test_final_waste_deadlock_is_lost() -> None:
    # No redeal left, pack empty, the waste holds AS under QS: only QS is ever available.
    state = PyramidState(pyramid=(None,) * PYRAMID_SIZE, stock=(),
                         waste=(Card.parse("AS"), Card.parse("QS")),
                         discard=tuple(c for c in full_deck() if c.code not in ("AS", "QS")),
                         redeals=2, redeals_used=2, cleared_in_deal=1)
    assert solve_state(state, "all").won is False
    assert solve_state(state, "pyramid").won is True  # already cleared
    # One redeal left: recycle, draw AS, and QS (stock top) pairs with it.
    assert solve_state(PyramidState(**{**_fields(state), "redeals_used": 1}), "all").won


def position(pyramid: dict[int, str], stock: str = "", waste: str = "", redeals: int = 0,
             used: int = 0) -> PyramidState:
    """A hand-made position: slot -> card, the pack as text (top of stock first)."""
    slots: list[Card | None] = [None] * PYRAMID_SIZE
    for slot, code in pyramid.items():
        slots[slot] = Card.parse(code)
    stock_cards = tuple(Card.parse(c) for c in stock.split())
    waste_cards = tuple(Card.parse(c) for c in waste.split())
    kept = {c for c in slots if c} | set(stock_cards) | set(waste_cards)
    return PyramidState(pyramid=tuple(slots), stock=stock_cards, waste=waste_cards,
                        discard=tuple(c for c in full_deck() if c not in kept),
                        redeals=redeals, redeals_used=used)


def test_a_pack_card_with_one_partner_is_not_forced_onto_it() -> None:
    # 8H is available, 5H lies under QC. 5S, on the stock, can only pair with 8H, but
    # taking 5S + 8H strands 5H and the 7C it covers (-4). Better: draw on, AC + QC,
    # 5H + 8H, KD, 6D + 7C, leaving the apex 4S (no nine left) and 5S (-2).
    state = position({0: "4S", 1: "7C", 2: "KD", 3: "5H", 4: "8H", 6: "QC"}, "5S AC 6D")
    assert brute_par(state) == -2
    result = best_par_state(state)
    assert result.score == -2 and par_score(replay(state, result.moves)) == -2
    # The same trap for goal "pyramid", with a nine for the apex this time.
    state = position({0: "4S", 1: "7C", 2: "KD", 3: "5H", 4: "8H", 6: "QC"}, "5S AC 6D 9S")
    assert brute_won(state, "pyramid") and solve_state(state, "pyramid").won


def _fields(state: PyramidState) -> dict:
    return {name: getattr(state, name) for name in state.__slots__}


def test_mid_game_positions_with_redeals_used() -> None:
    cards = deal_cards(0)
    line = solve(cards, goal="all").moves
    state = deal(cards)
    checked = 0
    for i, move in enumerate(line):
        if i % 7 == 0 or move == "recycle":
            result = solve_state(state, "all")
            assert result.won, i
            assert is_won(replay(state, result.moves))
            checked += state.redeals_used > 0
        state = apply(state, move_from_json(move))
    assert checked > 0, "the line never used a redeal: pick another seed"


def test_cards_as_strings_and_bad_input() -> None:
    codes = [c.code for c in deal_cards(2)]
    lower = [c.lower().replace("t", "10") for c in codes]
    assert solve(lower, goal="pyramid").won == solve(codes, goal="pyramid").won
    with pytest.raises(ValueError):
        solve(codes[:51])
    with pytest.raises(ValueError):
        solve(codes[:51] + codes[:1])
    with pytest.raises(ValueError):
        solve(codes, goal="half")


def test_limits_give_an_unknown_result() -> None:
    cards = deal_cards(44)  # lost, after some 40 000 nodes
    result = pyramid_solver.solve(cards, goal="all", node_limit=5)
    assert result.won is None and not result.complete and result.moves == []
    assert pyramid_solver.solve(cards, goal="all", time_limit=0.0).won is None
    assert pyramid_solver.solve(cards, goal="all", node_limit=10**7).complete
    par = best_par(cards, node_limit=5)
    assert isinstance(par, ParResult) and not par.complete
    assert par_score(replay(deal(cards), par.moves)) == par.score


def test_best_par_of_a_whole_deal() -> None:
    cards = deal_cards(7)  # clears everything in the first deal
    result = best_par(cards)
    assert (result.score, result.cleared_in_deal, result.complete) == (50, 1, True)
    assert par_score(replay(deal(cards), result.moves)) == 50
