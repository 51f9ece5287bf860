"""Poker Squares computer players: the contract's interface, legal squares whatever the
grid holds, determinism, the random player's exact expectation, the quick player's
strength, and value tables that the training script reproduces byte for byte."""

from __future__ import annotations

import gzip
import itertools
import json
import random
from dataclasses import dataclass

import pytest

from game.ai import poker_squares as ai
from game.ai import poker_squares_values as values
from game.ai.poker_squares_aims import Aim, AimChooser
from game.ai.poker_squares_lines import CATEGORIES, card_int, category, int_card, points_table
from game.ai.poker_squares_play import Position, distinct, playout
from game.ai.poker_squares_sim import deal, play, simulate
from game.cards import Card, as_card, full_deck, parse_cards
from game.rules import poker_squares as P
from game.rules.hands import evaluate
from game.rules.poker_squares import score_grid
from tools.bench_poker_squares import main as bench_main
from tools.train_poker_squares import train

RANDOM_EXPECTATION = 14.415  # 10 x the mean American points of a random 5-card hand


def empty_grid() -> list[list[object]]:
    return [[None] * 5 for _ in range(5)]


def mixed_grid(seed: int, filled: int) -> tuple[list[list[object]], list[Card]]:
    """A grid with ``filled`` cards written every way the contract allows (Card, upper
    and lower case strings, "10" for a ten) and empties as None or "--"; the rest of
    the deck, shuffled."""
    rng = random.Random(seed)
    cards = full_deck()
    rng.shuffle(cards)
    grid: list[list[object]] = [[rng.choice((None, "--")) for _ in range(5)] for _ in range(5)]
    for index in rng.sample(range(25), filled):
        card = cards.pop()
        text = card.code.replace("T", "10") if rng.random() < 0.5 else card.code.lower()
        grid[index // 5][index % 5] = rng.choice((card, text))
    return grid, cards


@pytest.mark.parametrize("name", ai.AGENTS)
def test_every_player_fills_a_whole_grid_through_the_contract(name: str) -> None:
    agent = ai.make_agent(name, scoring="american", seed=3, playouts=4)  # not the strength
    grid = play(agent, deal(11))
    assert sorted(c.code for row in grid for c in row) == sorted(c.code for c in deal(11))


@pytest.mark.parametrize("name", ai.AGENTS)
@pytest.mark.parametrize("filled", [0, 1, 12, 23, 24])
def test_the_square_chosen_is_always_empty(name: str, filled: int) -> None:
    agent = ai.make_agent(name, scoring="english", seed=filled, playouts=4)
    for seed in range(4):
        grid, rest = mixed_grid(seed * 31 + filled, filled)
        agent.new_game()
        r, c = agent.place(grid, rest[0])
        assert grid[r][c] in (None, "--")


def test_a_full_grid_or_a_bad_one_is_refused() -> None:
    grid, rest = mixed_grid(5, 25)
    with pytest.raises(ValueError):
        ai.make_agent("quick").place(grid, rest[0])
    with pytest.raises(ValueError):
        ai.make_agent("quick").place([[None] * 5] * 4, rest[0])
    with pytest.raises(ValueError):
        ai.make_agent("best")


def test_players_keep_to_the_squares_allowed() -> None:
    grid, rest = mixed_grid(8, 6)
    empties = [(r, c) for r in range(5) for c in range(5) if grid[r][c] in (None, "--")]
    for name in ai.AGENTS:
        for allowed in (empties[:1], empties[-3:]):
            agent = ai.make_agent(name, seed=1, playouts=6)
            assert agent.place(grid, rest[0], allowed) in allowed


@dataclass(frozen=True)
class Place:  # the table's move shape: a seat and a square
    seat: int
    row: int
    col: int


@dataclass(frozen=True)
class Pass:
    seat: int


@dataclass(frozen=True)
class View:
    grid: tuple
    card: Card | None


def test_act_places_the_card_where_place_would_among_legal_moves() -> None:
    grid, rest = mixed_grid(9, 10)
    view = View(tuple(tuple(row) for row in grid), rest[0])
    legal = [Pass(0)] + [Place(0, r, c) for r in range(5) for c in range(5)
                         if grid[r][c] in (None, "--")]
    agent = ai.make_agent("quick")
    move = agent.act(view, legal)
    assert move in legal and (move.row, move.col) == agent.place(grid, rest[0])
    only = [Pass(0), legal[-1]]
    assert agent.act(view, only) == legal[-1]
    assert agent.act(View(view.grid, None), [Pass(0)]) == Pass(0)


def test_hint_is_the_strong_players_square() -> None:
    grid, rest = mixed_grid(4, 9)
    strong = ai.make_agent("strong", playouts=64)
    assert ai.hint(grid, rest[0], playouts=64) == strong.place(grid, rest[0])


def test_players_are_deterministic_by_seed() -> None:
    for name in ai.AGENTS:
        runs = []
        for _ in range(2):
            agent = ai.make_agent(name, seed=7, playouts=6)
            runs.append(play(agent, deal(3)))
        assert runs[0] == runs[1], name
    first = play(ai.make_agent("random", seed=1), deal(3))
    assert first != play(ai.make_agent("random", seed=2), deal(3))


def test_line_categories_agree_with_the_hand_evaluator() -> None:
    rng = random.Random(2)
    hands = [rng.sample(range(52), 5) for _ in range(3000)]
    hands += [[card_int(c) for c in parse_cards(text)] for text in (
        "AS KS QS JS TS", "AS 2S 3S 4S 5S", "QH KH AH 2H 3H", "AD 2C 3H 4S 5S",
        "TD JD QD KD AC", "9C 9D 9H 4S 4D", "2C 2D 2H 2S KD")]
    for hand in hands:
        assert CATEGORIES[category(hand)] == evaluate([int_card(c) for c in hand]).category


def test_the_players_scorer_agrees_with_the_rules() -> None:
    custom = {"flush": 50, "straight": 1, "one_pair": 3}
    for seed in range(200):
        grid, _ = mixed_grid(seed, 25)
        for scoring in ("american", "english", "user", custom):
            own = Position.of(ai.read_grid(grid)).score(points_table(scoring))
            assert own == score_grid(grid, scoring=scoring)


def test_random_play_meets_the_exact_expectation() -> None:
    # 10 lines of a random grid are each a uniform random hand: E = 14.415. Over 4,000
    # deals the standard error is 0.12; a wrong shuffle or a scorer missing even the
    # flushes (0.39 a game) falls outside the band.
    figures = simulate(4000, seed=100, agent="random")
    assert abs(figures["mean_score"] - RANDOM_EXPECTATION) < 0.35, figures


def test_quick_play_is_far_above_random() -> None:
    american = simulate(150, seed=500, agent="quick")
    assert american["mean_score"] > 100, american
    english = simulate(150, seed=500, agent="quick", scoring="english")
    assert english["mean_score"] > 3 * 7.676, english


@pytest.mark.parametrize("limits", [{"time_limit": 0.01}, {"game_budget": 0.15}])
def test_time_limits_bound_the_strong_players_search(limits: dict) -> None:
    # a clock that ticks a millisecond per reading: the search stops on time, and
    # without a limit the same game reads it many times more
    ticks = itertools.count()
    agent = ai.make_agent("strong", **limits)
    agent.clock = lambda: next(ticks) * 0.001
    play(agent, deal(4))
    budget = limits.get("game_budget") or 23 * limits["time_limit"]
    assert next(ticks) * 0.001 < budget + 23 * 0.005  # a few readings a move besides


def test_the_strong_player_takes_the_published_players_30_s_unless_told() -> None:
    assert ai.make_agent("strong").game_budget == ai.STRONG_BUDGET == 30.0
    assert ai.make_agent("strong", time_limit=1.0).game_budget is None
    fixed = ai.make_agent("strong", playouts=6)
    assert fixed.game_budget is None and fixed.time_limit is None and fixed.playouts == 6


def test_a_cpu_budget_a_game_holds_in_the_simulator() -> None:
    figures = simulate(1, seed=4, agent="strong", budget=0.5)
    assert figures["cpu_seconds_per_game"] < 1.0


def test_any_scoring_has_values() -> None:
    user = points_table("user")
    assert values.nearest_trained(user) in values.trained_scorings()
    grid, rest = mixed_grid(6, 12)
    custom = {"flush": 50, "straight": 1, "one_pair": 3}
    r, c = ai.make_agent("quick", scoring=custom).place(grid, rest[0])
    assert grid[r][c] in (None, "--")
    with pytest.raises(ValueError):
        points_table({"flushes": 3})


def test_training_is_reproducible_and_round_trips(tmp_path) -> None:
    first, second = train(120, seed=9), train(120, seed=9)
    assert first.fine == second.fine and first.fine != train(120, seed=10).fine
    a, b = tmp_path / "a.json.gz", tmp_path / "b.json.gz"
    first.save(a, {"games": 120})
    second.save(b, {"games": 120})
    assert a.read_bytes() == b.read_bytes()
    loaded = values.LineCounts.from_json(json.loads(gzip.decompress(a.read_bytes())))
    assert loaded.fine == first.fine and loaded.coarse == first.coarse


@pytest.mark.parametrize("scoring", ["american", "english"])
def test_the_committed_tables_load_and_say_how_they_were_made(scoring: str) -> None:
    path = values.data_path(scoring)
    meta = json.loads(gzip.decompress(path.read_bytes()))
    assert meta["scoring"] == scoring and meta["games"] >= 100_000
    counts = values.load_counts(scoring)
    start = counts.coarse[(0, 1, 1, 1, 1, 1)]  # a row holding the first card
    assert start[0] == meta["games"]  # every game passed through it once
    assert sum(start[1:]) == start[0]


def test_ten_straights_ace_low_to_ace_high_and_none_round_the_corner() -> None:
    straights = {frozenset(h) for h in itertools.combinations(range(13), 5)
                 if category([r * 4 + (i > 0) for i, r in enumerate(h)]) == 4}
    assert len(straights) == 10


def play_at_table(agent: ai.Agent, seed: int, config: dict) -> tuple[P.PokerSquaresState, int]:
    """A whole game through the rules, the agent seeing only views and legal moves."""
    state, moves = P.new_game(seed, config), 0
    agent.new_game()
    while not P.is_over(state):
        for seat in P.acting_seats(state):
            state = P.apply(state, agent.act(P.observe(state, seat), P.legal_moves(state, seat)))
            moves += 1
    return state, moves


@pytest.mark.parametrize("scoring", ["american", "english"])
def test_at_the_table_the_player_follows_the_seats_scoring(scoring: str) -> None:
    # the table's agent is made without a scoring: it reads the seat's rules off the view
    # no reject, as simulate plays (the standard game's reject is the 26th move)
    state, moves = play_at_table(ai.make_agent("quick"), 21, {"scoring": scoring, "rejects": 0})
    same = simulate(1, seed=21, agent="quick", scoring=scoring)
    assert moves == 25 and P.figures(state)["score"] == same["mean_score"]


@pytest.mark.parametrize("config", [{"deal": 3}, {"mode": "best_of_two"},
                                    {"placement": "corners"}])
def test_at_the_table_the_player_takes_any_legal_placing(config: dict) -> None:
    state, moves = play_at_table(ai.make_agent("quick"), 8, config)
    assert P.is_over(state) and moves >= 25


def test_the_bench_prints_every_player_and_the_strong_players_gain(capsys) -> None:
    bench_main(["--games", "30", "--strong-games", "1", "--budget", "0.05", "--rollouts", "40",
                "--scorings", "english", "--decisions", "2", "--deals", "50",
                "--advantage", "1"])
    out = capsys.readouterr().out
    assert all(name in out for name in ai.AGENTS) and "strong - quick on the same deals" in out
    assert "strong's rule on   25 deals, switch at z 0.25" in out and "deals a search" in out
    assert "advantage: 1 strong games at 0.05 s" in out and "gain over quick" in out
    assert "playouts: plain" in out


def test_squares_alike_by_symmetry_are_weighed_once() -> None:
    pos = Position.of(ai.read_grid([["AS", None, None, None, None]] + [[None] * 5] * 4))
    # the first row, the first column, or a fresh row and column: three kinds of square
    assert distinct(pos, pos.empties()) == [1, 5, 6]


def test_playouts_deal_only_cards_not_seen() -> None:
    grid, rest = mixed_grid(12, 10)
    pos = Position.of(ai.read_grid(grid))
    card = card_int(rest[0])
    unseen = ai.unseen_cards(pos, card)
    assert len(unseen) == 52 - 11 and card not in unseen
    assert not set(unseen) & {c for c in pos.cells if c >= 0}


def test_a_few_noisy_deals_do_not_overrule_the_quick_square() -> None:
    # square 1 leads square 0 by 1 point a deal with a spread of 10
    def scores(n: int) -> dict[int, list[float]]:
        return {0: [100.0] * n, 1: [100.0 + (11 if k % 2 else -9) for k in range(n)]}
    assert ai.verdict(0, [0, 1], scores(30)) == 0  # 0.55 standard errors: noise
    assert ai.verdict(0, [0, 1], scores(30), switch_z=0.25) == 1
    assert ai.verdict(0, [0, 1], scores(500)) == 1  # 2.2 standard errors


def straight_on_the_diagonal() -> list[list[object]]:
    """3-4-5-6 down the long diagonal, its last square empty: a 7 there is a straight."""
    grid = empty_grid()
    for i, card in enumerate(["3H", "4S", "5D", "6C"]):
        grid[i][i] = card
    return grid


def straight_or_quads() -> list[list[object]]:
    """Row 1 is 3-4-5-6 (a 7 at its end makes a straight: a pat row); column 2 holds
    three 7s (a 7 under them makes four of a kind: 50 American, but no pat row)."""
    grid = empty_grid()
    grid[0][:4] = ["3H", "4S", "5D", "6C"]
    for row, card in ((1, "7S"), (2, "7D"), (3, "7C")):
        grid[row][1] = card
    return grid


def test_with_twelve_hands_the_diagonals_count_in_the_choice() -> None:
    grid = straight_on_the_diagonal()
    assert ai.make_agent("quick").place(grid, "7H") != (4, 4)
    assert ai.make_agent("quick", diagonals=True).place(grid, "7H") == (4, 4)
    # every other 2 and 7 is down already: this 7 is the diagonal's last chance
    for (row, col), card in {(0, 2): "7S", (1, 3): "7D", (2, 4): "7C", (0, 3): "2S",
                             (1, 4): "2H", (3, 0): "2D", (4, 1): "2C"}.items():
        grid[row][col] = card
    plain, twelve = (ai.make_agent("strong", seed=1, diagonals=d, playouts=60)
                     for d in (False, True))
    assert plain.place(grid, "7H") != (4, 4)
    assert twelve.place(grid, "7H") == (4, 4)


def test_with_pat_hands_the_players_make_pat_rows_not_points() -> None:
    grid = straight_or_quads()
    # every 2 is down already: this 7 is the straight's last chance
    for (row, col), card in {(1, 3): "2S", (2, 3): "2D", (3, 4): "2C", (4, 2): "2H"}.items():
        grid[row][col] = card
    for name in ("quick", "strong"):
        points, pat = (ai.make_agent(name, scoring=s, seed=1, playouts=60)
                       for s in ("american", "pat"))
        assert points.place(grid, "7H") == (4, 1)  # four sevens: 50 points
        assert pat.place(grid, "7H") == (0, 4)  # the straight: a pat row


@pytest.mark.parametrize("config, twin", [({"hands": 12, "rejects": 0}, {"diagonals": True}),
                                          ({"scoring": "pat", "rejects": 0},
                                           {"scoring": "pat"})])
def test_at_the_table_the_player_follows_the_seats_hands_and_pat(config: dict, twin: dict
                                                                  ) -> None:
    state, _ = play_at_table(ai.make_agent("quick"), 21, config)
    alone = play(ai.make_agent("quick", **twin), deal(21))
    assert state.grids[0] == tuple(as_card(c) for row in alone for c in row)
    plain = play(ai.make_agent("quick"), deal(21))
    assert alone != plain  # the rules made a difference on this deal


def test_pat_hands_are_made_more_often_when_aimed_at() -> None:
    rows = {s: [P.pat_rows(tuple(c for row in play(ai.make_agent("quick", scoring=s),
                                                   deal(k)) for c in row)) for k in range(300)]
            for s in ("american", "pat")}
    assert sum(rows["pat"]) > 1.15 * sum(rows["american"])


def test_the_long_run_appends_a_line_a_game_and_resumes(tmp_path, capsys) -> None:
    path = tmp_path / "long.jsonl"
    bench_main(["--long", str(path), "--long-games", "2", "--budget", "0.05"])
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["game"] for r in rows] == [0, 1] and rows[1]["deal_seed"] == 2
    assert rows[0]["quick"] == score_grid(play(ai.QuickAgent(), deal(1)))
    foreign = {**rows[0], "game": 2, "settings": {**rows[0]["settings"], "budget": 9.0}}
    with path.open("a") as out:  # damage: a stray line, another budget's game, a cut line
        out.write("not json\n" + json.dumps(foreign) + "\n" + '{"game": 3, "str')
    capsys.readouterr()
    bench_main(["--long", str(path), "--long-games", "4", "--budget", "0.05"])
    out = capsys.readouterr().out
    assert "resuming: 2 games" in out and out.count("set aside") == 3
    assert "4 games: strong mean" in out and "paired gain" in out and "95% [" in out
    games = [json.loads(line)["game"] for line in path.read_text().splitlines()[5:]]
    assert games == [2, 3]  # played again under this run's settings, on lines of their own


def test_the_long_run_scores_english_apart(tmp_path) -> None:
    path = tmp_path / "long.jsonl"
    bench_main(["--long", str(path), "--long-games", "1", "--budget", "0.05",
                "--long-scoring", "english"])
    row = json.loads(path.read_text())
    assert row["settings"]["scoring"] == "english"
    assert row["quick"] == score_grid(play(ai.QuickAgent("english"), deal(1)), scoring="english")
    assert row["quick"] != score_grid(play(ai.QuickAgent(), deal(1)))  # not American points


def test_shards_of_the_long_run_share_one_file(tmp_path) -> None:
    path = tmp_path / "long.jsonl"
    for shard in ("1/2", "0/2"):
        bench_main(["--long", str(path), "--long-games", "4", "--budget", "0.05",
                    "--shard", shard])
    assert [json.loads(line)["game"] for line in path.read_text().splitlines()] == [1, 3, 0, 2]
    with pytest.raises(SystemExit):
        bench_main(["--long", str(path), "--shard", "2/2"])


def test_the_strong_player_leaves_the_first_cards_to_the_values() -> None:
    # the search starts at card SEARCH_FROM + 1: before, strong places as quick does
    # and spends nothing (a budget of one second a move would otherwise be used)
    cards = deal(11)
    strong, quick = ai.make_agent("strong", time_limit=1.0), ai.make_agent("quick")
    grid = empty_grid()
    for card in cards[: ai.SEARCH_FROM]:
        r, c = strong.place(grid, card)
        assert (r, c) == quick.place(grid, card)
        grid[r][c] = card
    assert strong.searches == 0 and strong.spent < 0.5
    r, c = strong.place(grid, cards[ai.SEARCH_FROM])
    assert strong.searches == 1 and grid[r][c] is None


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_with_two_cards_to_come_the_strong_player_plays_every_order(seed: int) -> None:
    # placing the 23rd card: the square with the best exact mean over every order of
    # the two cards still to come (quick playing them), checked by the plain playout
    cards = deal(seed)
    quick, grid = ai.make_agent("quick"), empty_grid()
    for card in cards[:22]:
        r, c = quick.place(grid, card)
        grid[r][c] = card
    card = card_int(cards[22])
    pos = Position.of(ai.read_grid(grid))
    pos.see(card)
    unseen = ai.unseen_cards(pos, card)

    def exact(square: int) -> float:
        total = 0.0
        for order in itertools.permutations(unseen, 2):
            trial = pos.copy()
            trial.put(square, card)
            total += playout(trial, order, quick.values.of, quick.points)
        return total
    means = {s: exact(s) for s in distinct(pos, pos.empties())}
    strong = ai.make_agent("strong", time_limit=5.0)
    strong.clock = itertools.count().__next__  # the exact search must not look at it
    r, c = strong.place(grid, cards[22])
    assert means[r * 5 + c] == max(means.values())
    assert strong.deals == len(unseen) * (len(unseen) - 1)


def test_pat_rows_are_read_off_the_american_table() -> None:
    # by angle the pat points are nearer the English table, whose self-play makes fewer
    # straights and flushes: the American one makes more pat rows (1.88 against 1.85)
    chooser = AimChooser(Aim(points_table("american"), pat=True))
    assert chooser.values.counts is values.load_counts("american")
    assert values.nearest_trained(chooser.values.points) == "english"
