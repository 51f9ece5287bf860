"""Draw poker rules: the manual's betting flow branch by branch, the draw, showdowns and
ties, all in, the end of a session, undo limits, what each seat sees, and points
conserved over many seeded sessions."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

import pytest

from game.cards import parse_cards
from game.rules import draw_poker as D
from game.rules import pyramid
from game.rules.base import IllegalMove
from game.rules.outcome import Mode
from game.rules.registry import RULES_BY_ID

P, H = D.PLAYER, D.DEALER


def hand(seed: int = 1, dealer: str = "jack", points: int = 1000) -> D.DrawPokerState:
    return D.apply(D.new_game(seed, {"points": points}), D.ChooseDealer(dealer))


def play(state: D.DrawPokerState, *moves: D.Move) -> D.DrawPokerState:
    for move in moves:
        state = D.apply(state, move)
    return state


def with_hands(state: D.DrawPokerState, mine: str, theirs: str) -> D.DrawPokerState:
    """The same position with chosen cards (the deck keeps the rest, in order)."""
    a, b = parse_cards(mine), parse_cards(theirs)
    deck = tuple(c for c in D.shuffle_for(0, 1) if c not in a + b)
    return replace(state, hands=(tuple(a), tuple(b)), deck=deck)


def test_a_hand_starts_with_antes_and_five_cards_each() -> None:
    s = hand()
    assert (s.phase, s.points, s.house, s.pot) == ("bet1", 999, -1, 2)
    assert all(len(h) == 5 for h in s.hands) and len(s.deck) == 42
    assert len(set(s.deck) | set(s.hands[0]) | set(s.hands[1])) == 52
    assert D.legal_moves(s, H) == [] and D.current_player(s) == P
    kinds = {type(m) for m in D.legal_moves(s, P)}
    assert kinds == {D.Check, D.Bet, D.Fold}
    assert max(m.amount for m in D.legal_moves(s, P) if isinstance(m, D.Bet)) == 999


def test_check_is_always_answered_by_a_dealer_bet_within_the_players_points() -> None:
    s = play(hand(), D.Check())
    assert D.current_player(s) == H
    assert {type(m) for m in D.legal_moves(s, H)} == {D.Bet}
    with pytest.raises(IllegalMove, match="always answers a check with a bet"):
        D.apply(s, D.Fold(H))
    with pytest.raises(IllegalMove, match="more than you have left"):
        D.apply(s, D.Bet(H, 1000))
    s = play(s, D.Bet(H, 7))
    assert {type(m) for m in D.legal_moves(s, P)} == {D.Call, D.Raise, D.Fold}
    assert s.to_call == 7


def test_bet_then_dealer_call_goes_to_the_draw() -> None:
    s = play(hand(), D.Bet(P, 10), D.Call(H))
    assert (s.phase, s.pot, s.points, s.house, s.to_call) == ("draw", 22, 989, -11, 0)
    assert D.current_player(s) == P


def test_bet_raise_reraise_call() -> None:
    s = play(hand(), D.Bet(P, 10), D.Raise(H, 20), D.Raise(P, 5))
    # the player called 20 and raised 5 on top: 10 + 25 in, the dealer owes 5
    assert (s.points, s.to_call, s.actor) == (999 - 35, 5, H)
    s = play(s, D.Call(H))
    assert s.phase == "draw" and s.put_in == (36, 36)


def test_dealer_fold_gives_the_player_the_pot() -> None:
    s = play(hand(), D.Bet(P, 10), D.Fold(H))
    assert s.phase == "done" and s.result == D.HandResult(P, "fold", 12) and s.to_call == 0
    assert (s.points, s.house) == (1001, -1) and s.result.player_gain() == 1


def test_player_fold_gives_the_dealer_the_pot_and_hides_its_cards() -> None:
    s = play(hand(), D.Check(), D.Bet(H, 4), D.Fold(P))
    assert s.result == D.HandResult(H, "fold", 6)
    assert (s.points, s.house) == (999, 1)  # the dealer's bet comes back with the antes
    assert s.result.player_gain() == -1
    view = D.observe(s, P)
    assert view.hands[H] == (None,) * 5 and not view.shown
    assert view.face_up(P) == s.hands[P]
    with pytest.raises(ValueError, match="face down"):
        view.face_up(H)


def test_the_draw_replaces_marked_cards_player_first() -> None:
    s = play(hand(), D.Check(), D.Bet(H, 1), D.Call(P))
    before = s.hands[P]
    with pytest.raises(IllegalMove, match="You draw first"):
        D.apply(s, D.Draw(H, ()))
    s = play(s, D.Draw(P, (0, 4)))
    assert s.hands[P][1:4] == before[1:4] and s.hands[P][0] != before[0]
    assert s.discards[P] == (before[0], before[4]) and s.drawn == (2, -1)
    s = play(s, D.Draw(H, (0, 1, 2, 3, 4)))
    assert s.drawn == (2, 5) and s.phase == "bet2" and len(s.deck) == 35


def test_second_round_call_shows_both_hands_and_pays_the_winner() -> None:
    s = play(hand(), D.Check(), D.Bet(H, 1), D.Call(P), D.Draw(P), D.Draw(H))
    s = with_hands(s, "AS AH AD KC KH", "2S 3S 4S 5S 7D")
    s = play(s, D.Bet(P, 50), D.Call(H))
    assert s.result == D.HandResult(P, "showdown", 104, ("Full house", "High card"))
    assert s.points == 1000 - 1 - 1 - 50 + 104 and s.result.player_gain() == 52
    view = D.observe(s, P)
    assert view.shown and view.hands[H] == tuple(parse_cards("2S 3S 4S 5S 7D"))
    assert view.face_up(H) == tuple(parse_cards("2S 3S 4S 5S 7D"))


def test_a_tie_gives_each_side_its_own_bets_back() -> None:
    s = play(hand(), D.Bet(P, 5), D.Call(H), D.Draw(P), D.Draw(H))
    s = with_hands(s, "AS KH QD JC 9S", "AD KC QH JS 9D")
    s = play(s, D.Check(), D.Bet(H, 3), D.Call(P))
    assert s.result is not None and s.result.winner == -1
    assert (s.points, s.house) == (1000, 0) and s.result.player_gain() == 0


def test_ranking_goes_through_evaluate_wheel_lowest_no_wraparound() -> None:
    s = play(hand(), D.Bet(P, 5), D.Call(H), D.Draw(P), D.Draw(H))
    low = with_hands(s, "AS 2H 3D 4C 5S", "2D 3C 4H 5D 6C")
    assert play(low, D.Check(), D.Bet(H, 1), D.Call(P)).result.winner == H
    wrap = with_hands(s, "QS KH AD 2C 3S", "2D 2C 4H 5D 7C")
    assert play(wrap, D.Check(), D.Bet(H, 1), D.Call(P)).result.winner == H


def test_all_in_in_the_first_round_opens_the_hands_after_the_draw() -> None:
    s = play(hand(points=30), D.Bet(P, 29))
    assert D.max_bet(s, H) == 0 and {type(m) for m in D.legal_moves(s, H)} == {D.Call, D.Fold}
    s = play(s, D.Call(H), D.Draw(P), D.Draw(H))
    assert s.phase in ("done", "end") and s.result.reason == "showdown"


def test_all_in_by_calling_the_dealer_also_skips_the_second_round() -> None:
    s = play(hand(points=10), D.Check(), D.Bet(H, 9), D.Call(P), D.Draw(P), D.Draw(H))
    assert s.result is not None and s.result.reason == "showdown"


def test_ante_of_the_last_point_skips_betting_altogether() -> None:
    s = hand(points=1)
    assert (s.phase, s.points, s.actor, s.to_call) == ("draw", 0, P, 0)
    s = play(s, D.Draw(P), D.Draw(H))
    assert s.result.reason == "showdown"


def test_the_session_ends_at_zero_points_and_above_99999() -> None:
    s = play(hand(points=5), D.Bet(P, 4), D.Call(H), D.Draw(P))
    s = with_hands(s, "2S 3H 5D 7C 9S", "AS AH AD KC KH")
    lost = play(s, D.Draw(H))  # all in: the hands open after the draw
    assert lost.result == D.HandResult(H, "showdown", 10, ("High card", "Full house"))
    assert lost.phase == "end" and lost.points == 0 and D.current_player(lost) == D.NOBODY
    assert D.figures(lost) == {"points": 0, "hands": 1, "broke": True, "broke_the_bank": False}
    rich = play(hand(points=99_999), D.Bet(P, 50), D.Fold(H))
    assert rich.points == 100_000 and rich.phase == "end"
    assert D.figures(rich) == {"points": 100_000, "hands": 1, "broke": False,
                               "broke_the_bank": True}
    assert not D.figures(replace(rich, points=D.TOP_POINTS))["broke_the_bank"]
    assert RULES_BY_ID[D.GAME_ID].is_over(rich)


def fresh_hand(s: D.DrawPokerState) -> tuple[object, ...]:
    """What a hand starts from: no draws, no bets this round, no result, one line of log."""
    return (s.phase, s.discards, s.drawn, s.to_call, s.checked, s.raises, s.result, s.events)


# A first hand that leaves drawn cards, discards, a check, a bet and a result behind.
FIRST_HAND = (D.Bet(P, 1), D.Call(H), D.Draw(P, (0,)), D.Draw(H, (1, 2)), D.Check(),
              D.Bet(H, 1), D.Fold(P))


def test_each_new_hand_starts_afresh_whatever_the_last_one_left() -> None:
    first = play(hand(), *FIRST_HAND)
    assert (first.checked, first.raises, first.drawn, len(first.discards[H])) == (
        True, 1, (1, 2), 2)
    assert fresh_hand(hand()) == (
        "bet1", ((), ()), (-1, -1), 0, False, 0, None, ("Hand 1: antes in, pot 2.",))
    for second in (play(first, D.Deal()), play(first, D.ChangeDealer(), D.ChooseDealer("king"))):
        assert fresh_hand(second) == (
            "bet1", ((), ()), (-1, -1), 0, False, 0, None, ("Hand 2: antes in, pot 2.",))


def test_changing_dealers_clears_the_table_of_the_last_hand() -> None:
    """The choice of dealer shows a full deck and no cards, result or log."""
    view = D.observe(play(hand(), *FIRST_HAND, D.ChangeDealer()), P)
    assert (view.phase, view.deck_size, view.hands, view.discards, view.drawn, view.result,
            view.events) == ("choose", 52, ((), ()), ((), ()), (-1, -1), None, ())


def test_leave_and_change_dealer_keep_points() -> None:
    s = play(hand(), D.Bet(P, 10), D.Fold(H))
    assert {type(m) for m in D.legal_moves(s, P)} == {D.Deal, D.ChangeDealer, D.Leave}
    s = play(s, D.ChangeDealer(), D.ChooseDealer("queen"))
    assert s.dealer == "queen" and s.points == 1001 - D.ANTE and s.hand_no == 2
    with pytest.raises(IllegalMove, match="before leaving"):
        D.apply(s, D.Leave())
    s = play(s, D.Fold(P), D.Leave())
    assert s.left and D.current_player(s) == D.NOBODY


def test_undo_reaches_back_until_the_next_card_is_seen() -> None:
    s = hand()
    for move in (D.Check(), D.Bet(P, 3), D.Call(P), D.Raise(P, 2), D.Bet(H, 2), D.Raise(H, 2),
                 D.Call(H), D.ChangeDealer()):
        assert D.can_undo(s, move), move
    second = replace(s, phase="bet2")
    assert not D.can_undo(second, D.Call(P)) and not D.can_undo(second, D.Call(H)), \
        "a call in the second round opens the hands"
    for move in (D.Fold(P), D.Fold(H), D.Draw(P), D.Deal(), D.ChooseDealer("jack"), D.Leave()):
        assert not D.can_undo(s, move), move


def test_the_player_never_sees_the_dealers_cards_before_a_showdown() -> None:
    s = play(hand(), D.Check(), D.Bet(H, 2), D.Call(P), D.Draw(P, (1,)), D.Draw(H, (0, 2)))
    hidden = D.hidden_cards(s, P)
    assert {c.uid for c in s.hands[H]} <= hidden and {c.uid for c in s.discards[H]} <= hidden
    assert not {c.uid for c in s.hands[P]} & hidden
    view = D.observe(s, P)
    assert view.hands[H] == (None,) * 5 and view.discards[H] == (None, None)
    assert D.observe(s, H).hands[P] == (None,) * 5


# Positions of a 20-point session of seed 1, as the moves that lead there from its start.
CHOSEN = (D.ChooseDealer("jack"),)  # the first round: the player to act with 19 points
CHECKED = (*CHOSEN, D.Check())  # the dealer must bet
BET_5 = (*CHOSEN, D.Bet(P, 5))  # the dealer faces 5 and may raise 14
FACING_5 = (*CHECKED, D.Bet(H, 5))  # the player faces 5 and may raise 14
FACING_ALL = (*CHECKED, D.Bet(H, 19))  # the player faces a bet of every point left
ALL_IN = (*CHOSEN, D.Bet(P, 19))  # the dealer faces the player's last point
DRAWING = (*BET_5, D.Call(H))  # the player's draw
DEALER_DRAWS = (*DRAWING, D.Draw(P))
DONE = (*BET_5, D.Fold(H))
LEFT = (*DONE, D.Leave())
OVER_THE_TOP = "points: nobody bets more than you have left."


@pytest.mark.parametrize("before, move, seat, reason", [
    (CHOSEN, pyramid.Draw(), P, "That is not a draw poker move."),
    (CHOSEN, D.Check(P), H, "That move belongs to the other seat."),
    (CHOSEN, D.Check(2), 2, "Draw poker has two seats: you and the dealer."),
    (LEFT, D.Deal(), P, "The session is over."),
    (LEFT, D.Check(), P, "The session is over."),
    (CHOSEN, D.Deal(H), H, "Only the player chooses the dealer, deals or leaves."),
    (CHOSEN, D.ChooseDealer("queen"), P,
     "Finish the hand first: Esc goes back to the choice of dealer."),
    ((), D.ChooseDealer("ace"), P, "There is no dealer called 'ace'."),
    (CHOSEN, D.Leave(), P, "Finish the hand (or fold) before leaving."),
    ((), D.Deal(), P, "Choose a dealer first."),
    ((), D.ChangeDealer(), P, "Choose a dealer first."),
    (CHOSEN, D.Deal(), P, "A hand is in play."),
    (DRAWING, D.ChangeDealer(), P, "A hand is in play."),
    (CHOSEN, D.Draw(P), P, "Cards are drawn once, after the first round of betting."),
    (DRAWING, D.Draw(H), H, "You draw first, then the dealer."),
    (DEALER_DRAWS, D.Draw(P), P, "You have drawn already."),
    (DRAWING, D.Draw(P, (5,)), P, "Cards are numbered 1 to 5."),
    (DRAWING, D.Draw(P, (-1,)), P, "Cards are numbered 1 to 5."),
    (DRAWING, D.Check(), P, "There is no betting now."),
    (DONE, D.Fold(P), P, "There is no betting now."),
    (CHECKED, D.Bet(P, 1), P, "Wait for the dealer."),
    (CHOSEN, D.Bet(H, 1), H, "It is your turn."),
    (CHOSEN, D.Bet(P, 0), P, f"Bet 1 to 19 {OVER_THE_TOP}"),
    (CHECKED, D.Bet(H, 20), H, f"Bet 1 to 19 {OVER_THE_TOP}"),
    (BET_5, D.Raise(H, 15), H, f"Raise 1 to 14 {OVER_THE_TOP}"),
    (FACING_5, D.Raise(P, 15), P, f"Raise 1 to 14 {OVER_THE_TOP}"),
    (FACING_5, D.Check(), P, "There is a bet of 5 to answer: call, raise or fold."),
    (FACING_ALL, D.Bet(P, 1), P, "There is a bet of 19 to answer: call, raise or fold."),
    (CHOSEN, D.Call(P), P, "There is no bet to call or raise: check or bet."),
    (CHOSEN, D.Raise(P, 1), P, "There is no bet to call or raise: check or bet."),
    (CHECKED, D.Call(H), H, "There is no bet to call or raise: check or bet."),
    (CHECKED, D.Check(H), H, "The dealer always answers a check with a bet."),
    (CHECKED, D.Fold(H), H, "The dealer always answers a check with a bet."),
    (FACING_ALL, D.Raise(P, 1), P, "You have no points left to raise with."),
    (ALL_IN, D.Raise(H, 1), H, "You have no points left to raise with."),
])
def test_each_refusal_tells_the_seat_that_asked_its_reason_word_for_word(
        before: tuple[D.Move, ...], move: D.Move, seat: int, reason: str) -> None:
    """The reason is the whole message the player reads, so every word counts."""
    state = play(D.new_game(1, {"points": 20}), *before)
    with pytest.raises(IllegalMove) as refused:
        D.check(state, move, seat)
    assert refused.value.reason == reason


def test_starting_points_out_of_range_are_refused_naming_the_range() -> None:
    for points in (0, D.TOP_POINTS + 1):
        with pytest.raises(ValueError) as refused:
            D.new_game(1, {"points": points})
        assert str(refused.value) == "starting points must be 1 to 99999"


def test_the_tables_log_tells_each_move_the_dealer_by_name_and_the_result() -> None:
    s = play(hand(), D.Bet(P, 10), D.Fold(H))
    assert s.events == ("Hand 1: antes in, pot 2.", "You: bet 10.", "S. Jack: fold.",
                        "Dealer folded: you win 12.")


LOGGED_HAND = (
    (D.Check(), "You: check."), (D.Bet(H, 2), "S. Jack: bet 2."), (D.Raise(P, 3), "You: raise 3."),
    (D.Call(H), "S. Jack: call."), (D.Draw(P, (0, 1)), "You: draw 2 cards."),
    (D.Draw(H, (4,)), "S. Jack: draw 1 card."), (D.Bet(P, 1), "You: bet 1."),
)


def test_the_tables_log_adds_each_kind_of_move_word_for_word() -> None:
    """Each move adds its own line and keeps the rest; the showdown adds the result."""
    s = hand()
    for move, line in LOGGED_HAND:
        after = D.apply(s, move)
        assert after.events == (*s.events, line), move
        s = after
    s = play(with_hands(s, "AS AH AD KC KH", "2S 3S 4S 5S 7D"), D.Call(H))
    assert s.events[-2:] == ("S. Jack: call.", "You win 14 with full house.")


@pytest.mark.parametrize("result, text", [
    (D.HandResult(P, "fold", 12), "Dealer folded: you win 12."),
    (D.HandResult(H, "fold", 6), "You folded: the dealer wins 6."),
    (D.HandResult(P, "showdown", 104, ("Full house", "High card")),
     "You win 104 with full house."),
    (D.HandResult(H, "showdown", 10, ("High card", "Two pair")),
     "The dealer wins 10 with two pair."),
    (D.HandResult(-1, "showdown", 4, ("Pair", "Pair")), "A tie with pair: the bets go back."),
])
def test_each_result_is_told_word_for_word(result: D.HandResult, text: str) -> None:
    assert D.result_text(result) == text


@pytest.mark.parametrize("move, words", [
    (D.ChooseDealer("queen"), "play against F. Queen"), (D.ChooseDealer("ace"), "play against ace"),
    (D.Deal(), "deal the next hand"), (D.ChangeDealer(), "change dealers"),
    (D.Leave(), "leave the table"), (D.Check(), "You: check"), (D.Bet(P, 5), "You: bet 5"),
    (D.Raise(H, 3), "Dealer: raise 3"), (D.Call(H), "Dealer: call"), (D.Fold(P), "You: fold"),
    (D.Draw(P, (0,)), "You: draw 1 card"), (D.Draw(H, (1, 4)), "Dealer: draw 2 cards"),
    (D.Draw(H), "Dealer: stand pat"),
])
def test_moves_are_told_in_words(move: D.Move, words: str) -> None:
    assert D.describe(move) == words


def test_the_second_round_of_betting_starts_afresh() -> None:
    """The computer players read both: after a check they bet at least a share of the
    pot, and they stop raising once a round holds four bets and raises."""
    s = play(hand(), D.Check(), D.Bet(H, 2), D.Raise(P, 3))
    assert (s.checked, s.raises) == (True, 2)  # the dealer's bet and the player's raise
    view = D.observe(play(s, D.Call(H), D.Draw(P), D.Draw(H)), P)
    assert (view.phase, view.to_act, view.to_call, view.checked, view.raises) == (
        "bet2", P, 0, False, 0)


def test_the_view_offers_what_the_seat_to_act_may_bet() -> None:
    assert D.observe(hand(), P).max_bet == 999
    assert D.observe(play(hand(), D.Check(), D.Bet(H, 7)), P).max_bet == 992  # after calling 7
    assert D.observe(play(hand(), D.Bet(P, 10), D.Call(H)), P).max_bet == 0  # the draw


def test_compact_moves_give_each_run_of_amounts_by_its_ends() -> None:
    assert D.compact_moves(hand(), P) == [D.Check(P), D.Bet(P, 1), D.Bet(P, 999), D.Fold(P)]
    facing = play(hand(), D.Check(), D.Bet(H, 7))
    assert D.compact_moves(facing, P) == [D.Fold(P), D.Call(P), D.Raise(P, 1), D.Raise(P, 992)]
    assert D.compact_moves(play(hand(points=3), D.Check()), H) == [D.Bet(H, 1), D.Bet(H, 2)]
    # the dealer's raise is bounded by what the player has left, not less what it calls
    assert D.compact_moves(play(hand(), D.Bet(P, 10)), H) == [
        D.Fold(H), D.Call(H), D.Raise(H, 1), D.Raise(H, 989)]


def test_statistics_are_kept_per_dealer() -> None:
    assert D.mode(D.new_game(1)) == Mode("none", "No dealer chosen")
    assert D.mode(hand(dealer="queen")) == Mode("queen", "Dealer F. Queen")

@pytest.mark.parametrize("seed", range(3))
def test_points_are_conserved_in_every_hand_of_many_seeded_sessions(seed: int) -> None:
    rng = random.Random(seed)
    hands = 0
    for session in range(40):
        s = D.new_game(seed * 1000 + session, {"points": rng.choice((3, 50, 1000))})
        total = D.total_points(s)
        while D.current_player(s) != D.NOBODY and s.hand_no < 30:
            seat = D.current_player(s)
            moves = D.compact_moves(s, seat)
            moves = [m for m in moves if not isinstance(m, D.Leave)] or moves
            move = rng.choice(moves)
            if isinstance(move, D.Bet | D.Raise):
                move = type(move)(seat, rng.randint(1, D.max_bet(s, seat)))
            s = D.apply(s, move)
            assert D.total_points(s) == total and s.points >= 0
            if s.phase == "done":
                hands += 1
                assert s.pot == 0
    assert hands > 300


def every_move(seat: int, points: int) -> list[D.Move]:
    """The whole move space of one seat, listed without the rules' help: every dealer (and
    one that is not), every amount from 0 to one past the points left, every set of cards
    to throw (and a sixth card)."""
    amounts = range(points + 2)
    throws = [c for k in range(D.HAND_SIZE + 1) for c in combinations(range(D.HAND_SIZE), k)]
    return [*(D.ChooseDealer(d, seat) for d in (*D.DEALERS, "ace")), D.Deal(seat),
            D.ChangeDealer(seat), D.Leave(seat), D.Check(seat), D.Call(seat), D.Fold(seat),
            *(D.Bet(seat, n) for n in amounts), *(D.Raise(seat, n) for n in amounts),
            *(D.Draw(seat, cards) for cards in (*throws, (5,)))]


def accepted(state: D.DrawPokerState, move: D.Move, seat: int) -> bool:
    try:
        D.check(state, move, seat)
    except IllegalMove:
        return False
    return True


@pytest.mark.parametrize("seed", range(16))
def test_check_accepts_exactly_the_legal_moves_out_of_the_whole_move_space(seed: int) -> None:
    """The registry's property test tries only moves that legal_moves listed somewhere, so
    a move it leaves out everywhere (a bet of 1, a draw of some cards) goes unseen there.
    The sessions bet small, so that most hands reach the second round, and leave after
    eight hands unless broke."""
    rng = random.Random(seed)
    s = D.new_game(seed, {"points": (1, 3, 12, 40)[seed % 4]})
    while True:
        for seat in (P, H):
            legal = D.legal_moves(s, seat)
            assert len(set(legal)) == len(legal), "each legal move is listed once"
            assert set(legal) == {m for m in every_move(seat, s.points) if accepted(s, m, seat)}
        seat = D.current_player(s)
        if seat == D.NOBODY:
            break
        move = D.Leave() if (s.hand_no, s.phase) == (8, "done") else rng.choice(
            [m for m in D.compact_moves(s, seat) if not isinstance(m, D.Leave)])
        if isinstance(move, D.Bet | D.Raise):
            move = type(move)(seat, rng.randint(1, max(1, D.max_bet(s, seat) // 4)))
        s = D.apply(s, move)
