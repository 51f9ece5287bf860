"""Chinese Poker's computer players: always legal, sensible where it shows, hard within
its second, and the simulator's figures in the order of --agents."""

import random
from dataclasses import replace

import pytest

from game.ai import chinese_poker_player as P
from game.ai.chinese_poker_match import play_match, simulate, swapped_deal
from game.cards import parse_cards
from game.rules import chinese_poker as C
from game.rules.chinese_poker_combos import value
from game.simulate import simulate as simulate_cli
from tests.test_chinese_poker_rules import dealt, with_hands


@pytest.fixture(autouse=True)
def _greedy_worked_out_afresh() -> None:
    """Every test sees the players think, not an answer another test left."""
    for cached in (P.sim.choose, P._heights, P._classified):
        cached.cache_clear()


@pytest.mark.parametrize("name", P.AGENTS)
def test_every_player_finishes_a_short_match_legally(name: str) -> None:
    agents = [P.make_agent(name, seed=s, time_limit=0.02) for s in range(3)]
    for agent in agents:
        agent.new_game()
    state = C.new_game(4, {"players": 3, "target": 15})
    while C.current_player(state) != C.NOBODY:
        seat = C.current_player(state)
        legal = C.legal_moves(state, seat)
        move = agents[seat].act(C.observe(state, seat), legal)
        assert move in legal
        state = C.apply(state, move)
    assert max(state.scores) >= 15


def test_medium_beats_a_pair_cheaply_and_keeps_its_sets() -> None:
    state = with_hands(dealt(3), "4S 9S 9H KS 2S", "5S 6S", "7S 8S", turn=1)
    state = C.apply(state, C.Play(1, ("5S",)))
    state = C.apply(state, C.Pass(2))
    state = replace(state, turn=0, passes=0)
    move = P.make_agent("medium").act(C.observe(state, 0), C.legal_moves(state, 0))
    assert move == C.Play(0, ("KS",))  # not a 9 from the pair, not the 2


def test_easy_leads_its_lowest_card() -> None:
    state = with_hands(dealt(3), "4S 9S 9H KS 2S", "5S 6S", "7S 8S", turn=0)
    move = P.make_agent("easy").act(C.observe(state, 0), C.legal_moves(state, 0))
    assert move == C.Play(0, ("4S",))


def test_hard_finishes_its_rival_off_with_the_only_winning_line() -> None:
    # Leading the pair first and then the single goes out; the single first lets the
    # rival's 2 in and then its last card out.
    state = with_hands(dealt(2), "3S 3H 4S", "2S 5S", turn=0)
    hard = P.make_agent("hard", seed=1)
    assert hard.act(C.observe(state, 0), C.legal_moves(state, 0)) == C.Play(0, ("3S", "3H"))


def ticking_hard(seed: int) -> tuple[P.HardPlayer, list[int]]:
    """Hard with a 1 s limit on a clock that moves 0.1 s a reading, unbounded playouts,
    and a list that grows by one for every deal of the unseen cards it makes."""
    ticks = iter(range(10**6))
    hard = P.HardPlayer(seed=seed, time_limit=1.0, clock=lambda: next(ticks) / 10)
    hard.playouts = 100_000
    deals: list[int] = []
    deal_unseen = hard.deal_unseen
    hard.deal_unseen = lambda view: deals.append(1) or deal_unseen(view)
    return hard, deals


def test_hard_stops_thinking_when_its_clock_says_so() -> None:
    """At the table only the clock stops it: it plays out rounds until 0.8 of its time
    limit has passed. The clock here moves 0.1 s per reading, so 9 rounds fit."""
    state = dealt(4, seed=9)
    hard, dealt_rounds = ticking_hard(seed=2)
    move = hard.act(C.observe(state, state.turn), C.legal_moves(state, state.turn))
    assert move in C.legal_moves(state, state.turn)
    assert len(dealt_rounds) == 9  # readings at 0.0 (start), 0.1 .. 0.9: stops past 0.8


def test_hard_never_reads_hidden_cards() -> None:
    # Its guesses hold exactly the cards the seat cannot see, in the counts held.
    state = dealt(4, seed=3)
    view = C.observe(state, 0)
    hands = P.make_agent("hard").deal_unseen(view)
    mine = P.make_agent("hard").deal_unseen(view)[0]
    assert [sum(h) for h in hands] == [12, 12, 12, 12]
    assert mine == P.sim.counts_of(c.rank for c in view.hand)
    total = [sum(h[v] for h in hands) for v in range(16)]
    assert total == P.sim.counts_of(c.rank for c in C.DECK)


def test_seats_rotate_and_figures_follow_the_agents_order() -> None:
    out = simulate(4, seed=3, players=4, agents="medium,random,random,random")
    assert out["agents"] == ["medium", "random", "random", "random"]
    assert len(out["win_rate"]) == len(out["mean_penalty"]) == 4
    assert abs(sum(out["win_rate"]) - 1) < 1e-9
    assert out["win_rate"][0] > 0.5 and out["mean_penalty"][0] < min(out["mean_penalty"][1:])
    for rotate in range(2):  # the medium player wins from either seat
        assert play_match(["medium", "random"], 5, 2, rotate=rotate)[0] == [1.0, 0.0]


def test_the_command_line_simulator_takes_players_and_agents() -> None:
    out = simulate_cli("chinese-poker", 2, 1, players=3, agents="easy,random,medium")
    assert out["players"] == 3 and len(out["win_rate"]) == 3
    with pytest.raises(ValueError):
        simulate_cli("chinese-poker", 1, 1, players=4, agents="easy,random")
    with pytest.raises(ValueError):
        simulate_cli("chinese-poker", 1, 1, players=5)



def test_the_players_model_of_discards_matches_the_rules() -> None:
    rng = random.Random(2)
    deck = list(C.DECK)
    for _ in range(300):
        rng.shuffle(deck)
        hand = tuple(deck[:rng.randint(1, 16)])
        counts = P.sim.counts_of(c.rank for c in hand)
        model = P.sim.options(counts)
        rules = C.combos_in(hand)
        assert sorted(sorted(o[4]) for o in model) == sorted(
            sorted(value(c.rank) for c in cards) for cards in rules)
        for table in rng.sample(model, min(4, len(model))):  # a follow's shortcut
            assert sorted(P.sim.answers(counts, table)) == sorted(
                o for o in model if P.sim.beats(o, table))


def test_the_greedy_players_shortcuts_choose_as_every_option_would() -> None:
    """A lead with nobody close to going out lists only what sheds the lowest card, and
    a follow on one single, pair or three only the sets above it: the same choices."""
    sim, rng = P.sim, random.Random(3)
    deck = list(C.DECK)
    for _ in range(1000):
        rng.shuffle(deck)
        counts = sim.counts_of(c.rank for c in deck[:rng.randint(1, 16)])
        model = sim.options(counts)
        low = min(v for v in sim.HEIGHTS if counts[v])
        assert sim.lowest_options(counts) == [o for o in model
                                              if o[0] != sim.BOMB and min(o[4]) == low]
        for kind, size in sim.SET_SIZE.items():
            table = (kind, size, rng.randint(3, 15), 0, ())
            for danger, left in ((False, sum(counts)), (True, sum(counts)), (False, 5)):
                assert sim.follow_set(counts, table, danger, left) == sim.follow_choice(
                    counts, sim.answers(counts, table), table, danger, left)


def passed_on_a_single_nine() -> C.State:
    """Seat 0 leads a single 9 at a round's start and seat 1 passes (nobody close to
    going out); Hard sits at seat 2 and holds two of the sixteen cards from 10 to K."""
    state = with_hands(dealt(4), "3S 4S 6S 7D 8S 9S 5S 5C 6C 7S 8C 9C",
                       "3H 4D 6D 7H 8D 9D 5D 5H 6H 4C AD 2D",
                       "3D 3C 4H 7C 8H 9H TS JS AS AH 2S 2H",
                       "TH TD TC JH JD JC QS QH QD QC KS KH", turn=0)
    state = C.apply(state, C.Play(0, ("9S",)))
    return C.apply(state, C.Pass(1))


def test_hard_deals_no_card_from_10_to_k_to_a_seat_that_passed_on_a_9() -> None:
    view = C.observe(passed_on_a_single_nine(), 2)
    faces = range(10, 14)
    hard, blind = P.make_agent("hard", seed=3), P.make_agent("hard-blind", seed=3)
    hard.memory.update(view)
    dealt_to = {"hard": [0] * 4, "blind": [0] * 4}
    for _ in range(200):
        for name, player in (("hard", hard), ("blind", blind)):
            hands = player.deal_unseen(view)
            assert [sum(h) for h in hands] == list(view.counts)
            for seat in range(4):
                dealt_to[name][seat] += sum(hands[seat][v] for v in faces)
    assert dealt_to["hard"][1] == 0  # read from the pass
    assert dealt_to["hard"][0] > 0 and dealt_to["hard"][3] > 0
    assert dealt_to["blind"][1] > 0  # today's Hard guesses them anywhere


def test_hard_reads_the_pass_from_its_own_view_over_later_turns() -> None:
    """The pass stays read after the trick goes on, and a new round forgets it."""
    state = passed_on_a_single_nine()
    hard = P.HardPlayer(seed=1)
    hard.memory.update(C.observe(state, 2))
    state = C.apply(state, C.Play(2, ("AS",)))
    state = C.apply(state, C.Pass(3))
    state = C.apply(state, C.Pass(0))
    state = C.apply(state, C.Pass(1))  # the table clears: Hard leads a free table
    view = C.observe(state, 2)
    assert view.trick == () and view.turn == 2
    hard.memory.update(view)
    assert hard.memory.caps(1)[10:14] == [0, 0, 0, 0] and hard.memory.caps(3)[10:14] == [4] * 4
    hard.memory.update(replace(view, round=view.round + 1, trick=()))
    assert hard.memory.caps(1) == [4] * 16


def bomb_on_a_single_three() -> C.State:
    """A round's start: seat 0 leads a single 3; seat 1 holds four 5s beside a hand of
    plain cards that beat it (the play Hard once bombed)."""
    state = with_hands(dealt(4), "3S 4S 6S 7D 8S 9S TS JD QS KS AS 2S",
                       "5S 5H 5D 5C 4H 6H 8H 9H TH JH QH KH",
                       "3H 4D 6D 7H 8D 9D TD JS QD KD AD 2D",
                       "3D 4C 6C 7S 8C 9C TC JC QC KC AH 7C", turn=0)
    return C.apply(state, C.Play(0, ("3S",)))


def is_bomb(move: C.Move) -> bool:
    return isinstance(move, C.Play) and P._combo(move).kind == "bomb"


def test_hard_keeps_its_bomb_when_the_search_does_not_show_it_pays() -> None:
    state = bomb_on_a_single_three()
    view, legal = C.observe(state, 1), C.legal_moves(state, 1)
    blind = [P.make_agent("hard-blind", seed=s).act(view, legal) for s in range(10)]
    hard = [P.make_agent("hard", seed=s).act(view, legal) for s in range(10)]
    assert sum(map(is_bomb, blind)) >= 3  # today's Hard bombs on a noisy mean
    assert not any(map(is_bomb, hard)), [C.describe(m) for m in hard]


def test_hard_bombs_when_the_bomb_takes_it_out() -> None:
    state = with_hands(dealt(4), "3S 4S", "5S 5H 5D 5C 4H", "3H 4D 6D", "3D 4C 6C", turn=0)
    state = replace(state, hand_size=12)
    state = C.apply(state, C.Play(0, ("3S",)))
    move = P.make_agent("hard", seed=1).act(C.observe(state, 1), C.legal_moves(state, 1))
    assert is_bomb(move)


def test_hard_weighs_a_bomb_within_its_time() -> None:
    """The bomb's second look stops at 0.95 of the limit: with a clock moving 0.1 s a
    reading, 9 deals for every move, then at most one more for the bomb."""
    state = bomb_on_a_single_three()
    hard, deals = ticking_hard(seed=0)
    hard.act(C.observe(state, 1), C.legal_moves(state, 1))
    assert len(deals) <= 10


def test_hard_reads_the_passes_on_its_own_lead_that_cleared_the_table() -> None:
    """Hard leads a 9 and all three pass: the trick clears before its next turn, so the
    view no longer shows the passes; Hard tells them from the cards and the lead."""
    state = replace(passed_on_a_single_nine(), turn=2, table=(), trick=(), passes=0,
                    leader=C.NOBODY)
    hard = P.HardPlayer(seed=1)
    hard.memory.update(C.observe(state, 2))
    state = C.apply(state, C.Play(2, ("9H",)))
    for seat in (3, 0, 1):
        state = C.apply(state, C.Pass(seat))
    view = C.observe(state, 2)
    assert view.trick == () and view.turn == 2
    hard.memory.update(view)
    for seat in (3, 0, 1):
        assert hard.memory.caps(seat)[10:14] == [0, 0, 0, 0]


def test_hard_counts_the_turns_a_rival_would_not_have_made_with_a_hand() -> None:
    """Seat 1 passed on a single 9 with nobody close to going out: the greedy player
    holding a jack would have played it; holding only low cards it passes."""
    hard = P.HardPlayer(seed=1)
    hard.memory.update(C.observe(passed_on_a_single_nine(), 2))
    turns = hard.memory.latest_first(1)
    low = P.sim.counts_of(c.rank for c in parse_cards("3H 4D 6D 7H 8D 9D 5D 5H 6H 4C 5C 6C"))
    jack = P.sim.counts_of(c.rank for c in parse_cards("3H 4D 6D 7H 8D 9D 5D 5H 6H 4C 5C JC"))
    assert P.reading.surprises(turns, low) == 0
    assert P.reading.surprises(turns, jack) == 1


def test_hard_deals_a_rival_that_led_a_single_9_no_second_9() -> None:
    """The greedy player leads a pair rather than break it, so a seat that led a single
    9 at the round's start held no other 9; the caps alone do not say so."""
    state = with_hands(dealt(4), "9S JS JH JD QS QH QD KS KH KD AS AH",
                       "3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S 8H",
                       "3D 3C 4D 4C 5D 5C 6D 6C 7D 7C 8D 8C",
                       "9H 9D 9C TS TH TD TC JC QC KC AD 2S", turn=0)
    state = C.apply(C.apply(state, C.Play(0, ("9S",))), C.Pass(1))
    view = C.observe(state, 2)
    hard, blind = P.HardPlayer(seed=3), P.HardPlayer(seed=3, reads=False)
    hard.memory.update(view)
    nines = {"hard": 0, "blind": 0}
    for _ in range(200):
        for name, player in (("hard", hard), ("blind", blind)):
            nines[name] += player.deal_unseen(view)[0][9]
    assert hard.memory.caps(0)[9] == 4
    assert nines["hard"] * 3 < nines["blind"], nines


def test_a_swapped_deal_plays_the_same_cards_from_both_seats() -> None:
    # Medium beats a random player from either seat (see above): all the wins are its.
    assert swapped_deal(["medium", "random"], "medium", "random", 5, 2) == 1.0
    assert swapped_deal(["random", "medium"], "medium", "random", 5, 2) == 1.0


def test_hard_drops_the_worse_half_of_its_moves_but_keeps_a_plain_one_beside_bombs() -> None:
    bomb = C.Play(0, ("5S", "5H", "5D", "5C", "3S"))
    plain = [C.Play(0, (card,)) for card in ("6S", "7S", "8S", "9S")]
    margins = [[3.0], [1.0], [4.0], [2.0], [0.0]]
    assert P._better_half(list(range(5)), margins, [*plain, C.Pass(0)]) == [2, 0, 3]
    bombs_first = [[9.0], [8.0], [1.0], [2.0], [0.0]]
    assert P._better_half(list(range(5)), bombs_first, [bomb, bomb, *plain[:3]]) == [0, 1, 3]


def test_hard_tells_its_best_moves_apart_on_more_deals_than_hard_blind() -> None:
    state = dealt(4, seed=9)
    view, legal = C.observe(state, state.turn), C.legal_moves(state, state.turn)
    weighed = {}
    for name, player in (("hard", P.HardPlayer(seed=2)), ("blind", P.HardPlayer(2, reads=False))):
        candidates = player.candidates(view, legal)
        margins: list[list[float]] = [[] for _ in candidates]
        live = player.weigh(view, candidates, margins, 0.0)
        weighed[name] = (len(live), max(len(margins[i]) for i in live),
                         sum(map(len, margins)))
    assert len(P.HardPlayer(seed=2).candidates(view, legal)) == 9
    assert weighed["blind"] == (9, 13, 117)
    assert weighed["hard"][:2] == (3, 4 + 8 + 13)  # 9 moves, then 5, then 3
    assert weighed["hard"][2] <= P.PLAYOUTS


def test_a_swapped_round_weighs_the_penalty_margins_of_one_round() -> None:
    """One round of seed 5 from both seats: at each table Medium's margin less the
    random player's is twice the penalties between them; the two tables are averaged."""
    names = ["medium", "random"]
    scores = [play_match(t, 5, 2, target=1)[1] for t in (names, names[::-1])]
    gap = (scores[0][1] - scores[0][0]) + (scores[1][0] - scores[1][1])
    assert gap > 0
    assert swapped_deal(names, "medium", "random", 5, 2, rounds=True) == gap
