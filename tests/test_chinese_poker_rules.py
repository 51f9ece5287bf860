"""Chinese Poker's match: the cut, the deal for 2, 3 and 4 seats, the two-player choice
of hands, leads, passes, the trick's reset, penalties at the round's end, the winner's
deal and the target; and the registry's properties on short matches of every size."""

from dataclasses import replace

import pytest

from game.cards import Card, parse_cards
from game.rules import chinese_poker as C
from game.rules.base import NOBODY, IllegalMove, ModuleRules
from tests import test_rules_properties as props


@pytest.fixture(autouse=True)
def _plays_worked_out_afresh() -> None:
    """Every test sees the rules work out a hand's plays, not an answer another test left."""
    C._plays_in.cache_clear()


def play_through_cut(state: C.State) -> C.State:
    while state.phase == "cut":
        state = C.apply(state, C.Cut(state.turn, 0))
    return state


def dealt(players: int = 4, seed: int = 1, **cfg: int) -> C.State:
    state = play_through_cut(C.new_game(seed, {"players": players, **cfg}))
    state = C.apply(state, C.Deal(state.dealer))
    while state.phase == "choose":
        state = C.apply(state, C.Choose(state.turn, C.legal_moves(state)[0].hand))
    return state


def with_hands(state: C.State, *hands: str, turn: int = 0) -> C.State:
    cards = tuple(tuple(sorted(parse_cards(h), key=C.sort_key)) for h in hands)
    return replace(state, hands=cards, hand_size=max(len(h) for h in cards), turn=turn,
                   table=(), trick=(), passes=0, leader=NOBODY)


def test_the_cut_gives_the_deal_to_the_highest_card_aces_high() -> None:
    state = C.new_game(5, {"players": 3})
    deck = list(state.cut_deck)
    ace = next(c for c in deck if c.rank == 1)
    king = next(c for c in deck if c.rank == 13)
    two = next(c for c in deck if c.rank == 2)
    deck = [two, ace, king] + [c for c in deck if c not in (two, ace, king)]
    state = replace(state, cut_deck=tuple(deck))
    assert C.legal_moves(state, 0) == [C.Cut(0, i) for i in range(48)]
    for seat in range(3):
        assert C.current_player(state) == seat
        state = C.apply(state, C.Cut(seat, 0))
    assert state.phase == "deal" and state.dealer == 1 and C.current_player(state) == 1
    assert C.legal_moves(state, 1) == [C.Deal(1)]


def test_a_tied_cut_is_cut_again_by_the_tied_seats_only() -> None:
    state = C.new_game(5, {"players": 4})
    deck = list(state.cut_deck)
    kings = [c for c in deck if c.rank == 13]
    low = [c for c in deck if c.rank in (3, 4)][:3]
    queen = next(c for c in deck if c.rank == 12)
    first = [low[0], kings[0], low[1], kings[1], queen, low[2]]
    state = replace(state, cut_deck=tuple(first + [c for c in deck if c not in first]))
    for seat in range(4):
        state = C.apply(state, C.Cut(seat, 0))
    assert state.phase == "cut" and state.cutters == (1, 3) and state.turn == 1
    assert set(state.cut_aside) == set(kings[:2])
    # The tied seats' kings are set aside; the others' cards stay on show.
    assert state.cut == (low[0], None, low[1], None) and len(state.cut_deck) == len(deck) - 4
    with pytest.raises(IllegalMove):
        C.apply(state, C.Cut(0, 0))
    state = C.apply(C.apply(state, C.Cut(1, 0)), C.Cut(3, 0))  # a queen against a low card
    assert state.phase == "deal" and state.dealer == 1
    assert state.cut == (low[0], queen, low[1], low[2]) and len(state.cut_deck) == len(deck) - 6
    assert C.apply(state, C.Deal(1)).cut_aside == ()  # the kings set aside go back


@pytest.mark.parametrize("players, size", [(3, 16), (4, 12)])
def test_the_deal_for_three_and_four(players: int, size: int) -> None:
    state = dealt(players)
    assert state.phase == "play" and state.round == 1
    assert [len(h) for h in state.hands] == [size] * players
    # Dealt from this round's deck, a pile at a time from the dealer's left, each sorted.
    deck = C.round_deck(1, 1)
    for i in range(players):
        pile = sorted(deck[i * size:(i + 1) * size], key=C.sort_key)
        assert state.hands[(state.dealer + 1 + i) % players] == tuple(pile)
    assert (state.cut, state.cut_deck, state.cut_aside, state.cutters) == ((), (), (), ())
    assert (state.leader, state.passes, state.trick, state.played) == (NOBODY, 0, (), ())
    held = [c for h in state.hands for c in h]
    assert len(set(held)) == len(held) == 48 and set(held) == set(C.DECK)
    assert not set(held) & set(C.REMOVED)
    assert sum(c.rank == 2 for c in held) == 1 and sum(c.rank == 1 for c in held) == 3
    assert C.current_player(state) == state.dealer  # the dealer leads


def test_two_players_choose_among_three_hands_of_sixteen() -> None:
    state = play_through_cut(C.new_game(2, {"players": 2}))
    dealer = state.dealer
    state = C.apply(state, C.Deal(dealer))
    assert state.phase == "choose" and C.current_player(state) == dealer
    assert [len(h) for h in state.offered] == [16, 16, 16]
    view = C.observe(state, dealer)
    assert view.offered == (16, 16, 16) and view.hand == ()
    assert C.legal_moves(state, dealer) == [C.Choose(dealer, i) for i in range(3)]
    second_hand = state.offered[1]
    state = C.apply(state, C.Choose(dealer, 1))
    other = 1 - dealer
    assert C.current_player(state) == other and state.hands[dealer] == second_hand
    assert C.legal_moves(state, other) == [C.Choose(other, 0), C.Choose(other, 2)]
    with pytest.raises(IllegalMove, match="taken"):
        C.apply(state, C.Choose(other, 1))
    state = C.apply(state, C.Choose(other, 2))
    assert state.phase == "play" and C.current_player(state) == dealer
    assert [len(h) for h in state.hands] == [16, 16]
    assert C.observe(state, dealer).offered == (16, 0, 0)  # both taken hands are gone
    # The hand left over stays face down for both.
    dead = {c.uid for c in state.offered[0]}
    assert dead <= C.hidden_cards(state, 0) and dead <= C.hidden_cards(state, 1)


def test_play_goes_clockwise_and_must_beat_the_table() -> None:
    state = with_hands(dealt(3), "3S 5S 9S 9H", "4S 6S TS TH", "7S 8S QS QH", turn=0)
    state = C.apply(state, C.Play(0, ("5S",)))
    assert C.current_player(state) == 1
    with pytest.raises(IllegalMove, match="higher single"):
        C.apply(state, C.Play(1, ("4S",)))
    with pytest.raises(IllegalMove, match="table's single card with the same kind of hand, "
                                          "a higher single card"):
        C.apply(state, C.Play(1, ("TS", "TH")))
    plays = {m for m in C.legal_moves(state, 1) if isinstance(m, C.Play)}
    assert plays == {C.Play(1, ("6S",)), C.Play(1, ("TS",))}
    assert C.Pass(1) in C.legal_moves(state, 1)


def test_when_all_the_others_pass_the_last_to_discard_leads_anything() -> None:
    state = with_hands(dealt(3), "3S 5S 9S 9H", "4S 6S TS TH", "7S 8S QS QH", turn=0)
    state = C.apply(state, C.Play(0, ("9S", "9H")))
    state = C.apply(state, C.Pass(1))
    assert state.table and state.passes == 1 and state.trick[-1] == C.Turn(1, ())
    state = C.apply(state, C.Pass(2))
    assert state.table == () and state.trick == () and C.current_player(state) == 0
    assert C.Play(0, ("3S",)) in C.legal_moves(state, 0)
    assert state.passes == 0 and C.Pass(0) in C.legal_moves(state, 0)  # a free lead afresh


def test_a_free_lead_may_pass_until_everyone_else_has() -> None:
    state = with_hands(dealt(3), "3S 5S", "4S 6S", "7S 8S", turn=0)
    state = C.apply(state, C.Pass(0))
    state = C.apply(state, C.Pass(1))
    assert C.current_player(state) == 2 and not C.may_pass(state)
    with pytest.raises(IllegalMove, match="lead"):
        C.apply(state, C.Pass(2))
    assert all(isinstance(m, C.Play) for m in C.legal_moves(state, 2))


def test_suits_never_matter_a_play_is_its_ranks() -> None:
    state = with_hands(dealt(3), "9S 9H 5D", "4S 6S", "7S 8S", turn=0)
    named = C.Play(0, ("9D", "9C"))  # ranks held, suits not: the same play
    assert named == C.Play(0, ("9S", "9H")) and named in C.legal_moves(state, 0)
    after = C.apply(state, named)
    assert after.hands[0] == (Card.parse("5D"),) and len(after.table) == 2
    with pytest.raises(IllegalMove, match="hold"):
        C.apply(state, C.Play(0, ("5S", "5H")))


def test_the_round_ends_with_penalties_and_the_winner_deals_next() -> None:
    state = with_hands(dealt(4), "3S", "4S 5S 6S 7S 9S 9H 9D JS JH JD QS KS",
                       "4H 5H", "4D 5D 6D 7D 8D 9C TS TH TD JC QH KH", turn=0)
    state = replace(state, hand_size=12)
    state = C.apply(state, C.Play(0, ("3S",)))
    assert state.phase == "deal" and state.last_winner == 0 and state.dealer == 0
    assert state.last_penalties == (0, 50, 2, 50) and state.scores == (0, 50, 2, 50)
    assert C.legal_moves(state, 0) == [C.Deal(0)]
    state = C.apply(state, C.Deal(0))
    assert state.round == 2 and state.phase == "play" and C.current_player(state) == 0
    assert state.table == () and state.played == ()
    assert state.leader == NOBODY and state.trick == ()  # last round's winning play is gone


def test_the_match_ends_at_the_target_and_the_lowest_score_wins() -> None:
    state = with_hands(dealt(3, target=60), "3S", "4S 5S 6S", "4H 5H", turn=0)
    state = replace(state, hand_size=3, scores=(30, 20, 5))
    assert C.figures(state) == {"win": False, "penalty": 30, "rounds": 1}
    assert not C.figures(replace(state, scores=(0, 20, 5)))["win"]  # lowest, but not over
    public = C.observe_public(state)  # a spectator sees the counts, no hand
    assert public.seat == C.SPECTATOR and public.hand == () and public.counts == (1, 3, 2)
    state = C.apply(state, C.Play(0, ("3S",)))
    assert state.scores == (30, 70, 45) and C.current_player(state) == NOBODY
    assert C.figures(state) == {"win": True, "penalty": 30, "rounds": 1}
    assert C.winners(state) == (0,)
    assert C.observe(state, 0).won and not C.observe(state, 1).won
    assert C.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove, match="The match is over."):
        C.apply(state, C.Play(1, ("4S",)))


def test_the_match_ends_on_reaching_the_target_exactly() -> None:
    state = with_hands(dealt(3, target=60), "3S", "4S 5S 6S", "4H 5H", turn=0)
    state = replace(state, hand_size=3, scores=(30, 10, 5))
    state = C.apply(state, C.Play(0, ("3S",)))
    assert state.scores == (30, 60, 45) and state.phase == "over" and state.turn == NOBODY


def test_a_play_is_laid_on_the_table_lowest_first_aces_high() -> None:
    state = with_hands(dealt(3), "AS KC TS QD JH 3S", "4S", "5S", turn=0)
    state = C.apply(state, C.Play(0, ("AS", "KC", "TS", "QD", "JH")))
    laid = tuple(parse_cards("TS JH QD KC AS"))
    assert state.table == laid and state.played == laid and state.leader == 0
    assert state.trick == (C.Turn(0, laid),)


def test_observe_shows_only_the_seats_own_hand() -> None:
    state = dealt(4)
    for seat in range(4):
        view = C.observe(state, seat)
        assert view.hand == state.hands[seat] and view.counts == (12, 12, 12, 12)
        assert not {c.uid for c in view.hand} & C.hidden_cards(state, seat)
        assert len(C.hidden_cards(state, seat)) == 36


SEEN_AT = {
    "the cut": lambda: C.new_game(3, {"players": 3}),
    "the deal": lambda: play_through_cut(C.new_game(3, {"players": 3})),
    "the choice of hands": lambda: C.apply(
        C.apply(play_through_cut(C.new_game(2, {"players": 2})), C.Deal(0)), C.Choose(0, 1)),
    "a free lead": lambda: with_hands(dealt(3), "3S 4S 5S 6S", "7S 8S", "9S TS"),
    "a lead all the others passed": lambda: replace(
        with_hands(dealt(3), "3S 4S 5S 6S", "7S 8S", "9S TS"), passes=2),
    "a hand to beat": lambda: replace(
        with_hands(dealt(3), "3S 4S 5S 6S", "7S 8S", "9S TS"), table=(Card(13, "H"),)),
    "the match's end": lambda: replace(
        with_hands(dealt(3), "3S 4S 5S 6S", "7S 8S", "9S TS"), phase="over", scores=(3, 9, 3)),
}


@pytest.mark.parametrize("where, counts, may_pass, winners", [
    ("the cut", (0, 0, 0), False, ()),
    ("the deal", (0, 0, 0), False, ()),
    ("the choice of hands", (16, 0), False, ()),
    ("a free lead", (4, 2, 2), True, ()),
    ("a lead all the others passed", (4, 2, 2), False, ()),
    ("a hand to beat", (4, 2, 2), True, ()),
    ("the match's end", (4, 2, 2), False, (0, 2)),
])
def test_what_the_table_shows_in_each_phase(where: str, counts: tuple[int, ...],
                                            may_pass: bool, winners: tuple[int, ...]) -> None:
    """Counts before any deal are zeros; a pass is offered only in play; winners only at
    the end. Seat 0 is whom observe shows by default; a seat past the table sees no hand."""
    state = SEEN_AT[where]()
    view = C.observe(state)
    assert view == C.observe(state, 0) and view.seat == 0
    assert view.hand == (state.hands[0] if state.hands else ())
    assert (view.counts, view.may_pass, view.winners) == (counts, may_pass, winners)
    for outsider in (state.players, C.SPECTATOR):
        assert C.observe(state, outsider).hand == ()


def test_moves_are_never_taken_back() -> None:
    state = dealt(4)
    assert not C.can_undo(state, C.legal_moves(state)[0])


PLAYERS_WORDS = "Chinese Poker is for 2, 3 or 4 players"
TARGET_WORDS = "the target is a score from 1 to 10000"


@pytest.mark.parametrize("config, why", [
    ({"players": 5}, PLAYERS_WORDS), ({"players": 1}, PLAYERS_WORDS),
    ({"players": True}, PLAYERS_WORDS),
    ({"target": C.TARGET_MIN - 1}, TARGET_WORDS), ({"target": C.TARGET_MAX + 1}, TARGET_WORDS),
    ({"target": 100.0}, TARGET_WORDS), ({"target": "100"}, TARGET_WORDS),
    ({"target": True}, TARGET_WORDS),
])
def test_a_bad_config_is_refused_word_for_word(config: dict, why: str) -> None:
    """The player reads these words after "Those options cannot be played: "."""
    with pytest.raises(ValueError) as refusal:
        C.new_game(1, config)
    assert str(refusal.value) == why


def test_a_new_match_keeps_its_seed_players_and_any_target_in_range() -> None:
    for target in (C.TARGET_MIN, C.TARGET_MAX):
        state = C.new_game(7, {"players": 2, "target": target})
        assert (state.seed, state.players, state.target) == (7, 2, target)


class ShortMatch(ModuleRules):
    """The game with a low target, so the registry's random playouts end quickly."""

    def __init__(self, players: int) -> None:
        super().__init__(C)
        self.preset = {**C.QUICK_CONFIG, "players": players}

    def new_game(self, seed: int, config: dict) -> C.State:
        return C.new_game(seed, {**self.preset, **config})


@pytest.fixture(params=[2, 3, 4], scope="module")
def game(request: pytest.FixtureRequest) -> tuple[ModuleRules, list]:
    rules = ShortMatch(request.param)
    return rules, [props.playout(rules, seed) for seed in range(2)]


test_every_legal_move_applies_and_round_trips_as_json = \
    props.test_every_legal_move_applies_and_round_trips_as_json
test_check_agrees_with_legal_moves = props.test_check_agrees_with_legal_moves
test_no_seat_sees_a_card_hidden_from_it = props.test_no_seat_sees_a_card_hidden_from_it


@pytest.mark.parametrize("hand, plays", [
    ("3S 3H 3D 4S 4H 5S 6S 7S", ["3S", "4S", "5S", "6S", "7S", "3S 3H", "4S 4H", "3S 3H 4S 4H",
                                 "3S 3H 3D", "3S 3H 3D 4S 4H", "3S 4S 5S 6S 7S"]),
    ("9S 9H 9D 9C KS", ["9S", "KS", "9S 9H", "9S 9H 9D", "9S 9H 9D 9C KS"]),  # four: a kicker
    ("9S 9H 9D 9C KS KH", ["9S", "KS", "9S 9H", "KS KH", "9S 9H 9D", "9S 9H 9D KS KH",
                           "9S 9H 9D 9C KS"]),  # three of the four make a full house
    ("5S 5H 6S 6H 7S 7H 8S 9S", ["5S", "6S", "7S", "8S", "9S", "5S 5H", "6S 6H", "7S 7H",
                                 "5S 5H 6S 6H", "6S 6H 7S 7H", "5S 5H 6S 6H 7S 7H",
                                 "5S 6S 7S 8S 9S"]),
    ("3S 3H 3D 4S 4H 4D", ["3S", "4S", "3S 3H", "4S 4H", "3S 3H 4S 4H", "3S 3H 3D", "4S 4H 4D",
                           "3S 3H 3D 4S 4H 4D", "3S 3H 3D 4S 4H", "4S 4H 4D 3S 3H"]),
])
def test_a_hand_offers_every_distinct_discard_once(hand: str, plays: list[str]) -> None:
    found = [" ".join(c.code for c in cards) for cards in C.combos_in(tuple(parse_cards(hand)))]
    assert sorted(found) == sorted(plays)


def test_a_play_is_one_move_whatever_the_order_of_its_cards() -> None:
    pair = C.Play(0, ("3S", "3H"))
    assert pair == C.Play(0, ("3D", "3C")) and hash(pair) == hash(C.Play(0, ("3H", "3D")))
    assert hash(pair) != hash(C.Play(1, ("3S", "3H"))) and hash(pair) != hash(C.Play(0, ("4S",)))


@pytest.mark.parametrize("move, words", [
    (C.Cut(0, 17), "Seat 1 cuts"),
    (C.Choose(1, 2), "Seat 2 takes hand 3"),
    (C.Play(2, ("AS", "KC", "TS", "QD", "JH")),  # aces high
     "Seat 3 plays 10\u2660 J\u2665 Q\u2666 K\u2663 A\u2660"),
])
def test_moves_are_told_by_seat_and_hand_counted_from_one(move: C.Move, words: str) -> None:
    assert C.describe(move) == words
