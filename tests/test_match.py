"""Matches in turns and the names every kind of match takes; the top ten."""

import json
from datetime import date
from pathlib import Path

import pytest

from game.highscores import HighScores
from game.match import MAX_NAME, Entrant, Match, clean_names

MATCH_GAMES = 6


def test_entrants_take_turns_for_six_games() -> None:
    t = Match((Entrant("Ann"), Entrant("Computer", computer=True)), seed=5, games=MATCH_GAMES)
    order = []
    score = 10
    while not t.finished:
        order.append(t.next_turn)
        t = t.record(score)
        score -= 3
    assert order == [(g, p) for g in range(MATCH_GAMES) for p in range(2)]
    assert t.total(0) == sum(10 - 3 * i for i in range(0, 12, 2))
    assert t.standings()[0][0] == "Ann" and t.winner() == "Ann"
    with pytest.raises(ValueError):
        t.record(1)


def test_same_deck_setting_decides_the_deals() -> None:
    same = Match((Entrant("A"), Entrant("B")), seed=9, games=6, same_deck=True)
    fresh = Match((Entrant("A"), Entrant("B")), seed=9, games=6, same_deck=False)
    assert same.deal_seed(0, 0) == same.deal_seed(0, 1) != same.deal_seed(1, 0)
    assert fresh.deal_seed(0, 0) != fresh.deal_seed(0, 1)


def test_a_match_takes_one_to_five_entrants_and_records_only_in_turn() -> None:
    names = tuple(Entrant(n) for n in ("A", "B", "C", "D", "E"))
    with pytest.raises(ValueError):
        Match(names + (Entrant("F"),), seed=3, games=2)
    m = Match(names, seed=3, games=1)
    for score in range(5):
        m = m.record(score)
    assert m.finished and m.scores == tuple((s,) for s in range(5))
    with pytest.raises(ValueError):
        m.record(5)


def test_names_are_cleaned_alike_for_every_kind_of_match() -> None:
    assert clean_names(["  Ann ", "", "B" * 40], 5) == ["Ann", "B" * MAX_NAME]
    for bad in ([], ["  "], ["Ann", "ann"], list("ABCDEF")):
        with pytest.raises(ValueError):
            clean_names(bad, 5)


def test_round_trip_and_bad_data() -> None:
    t = Match((Entrant("A"), Entrant("B", True)), seed=1, games=6, max_entrants=2)
    t = t.record(12).record(-4)
    assert Match.from_json(json.loads(json.dumps(t.to_json())), 6, 2) == t
    good = t.to_json()
    for bad in ({}, [], {"entrants": [], "seed": 1, "same_deck": True, "scores": []},
                {**good, "scores": [[1, 2, 3], []]}, {**good, "scores": [[1], [2, 3]]},
                {**good, "seed": 10**5000}, {**good, "seed": "1"}, {**good, "same_deck": 1},
                {**good, "scores": [[1e999], []]}, {**good, "scores": [[True], []]},
                {**good, "games": 5}, {**good, "entrants": [{"name": 3, "computer": False}] * 2},
                {**good, "entrants": [good["entrants"][0]] * 3, "scores": [[], [], []]}):
        with pytest.raises(ValueError):
            Match.from_json(bad, 6, 2)


def test_top_ten_keeps_positive_scores_only(tmp_path: Path) -> None:
    table = HighScores(tmp_path / "top.json")
    assert table.add("Nobody", 0) is None and table.add("Neg", -5) is None
    for n in range(12):
        table.add(f"P{n}", 10 + n, date(2026, 1, 1))
    again = HighScores(tmp_path / "top.json")
    assert [e.score for e in again.entries] == list(range(21, 11, -1))
    assert not again.qualifies(12) and again.qualifies(13)
    assert again.add("Late", 21) == 2, "an equal score goes below the earlier one"


def test_a_corrupt_top_ten_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "top.json"
    path.write_text("{ not json")
    table = HighScores(path)
    assert table.entries == [] and "set aside" in table.problem
    assert list(tmp_path.glob("top.json.bad-*"))
    assert table.add("New", 5) == 1
    path.write_text(json.dumps({"kind": "top10", "version": 1, "entries": [{"name": 1}]}))
    assert HighScores(path).entries == [] and len(list(tmp_path.glob("top.json.bad-*"))) == 2
