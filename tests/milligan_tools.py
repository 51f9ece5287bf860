"""Start The Giant's table on a position a test builds, rather than on a shuffled deal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.cards import SUITS, Card, shuffled_deck
from game.rules import milligan as M
from scenes import milligan as S
from tests.driver import make_app, settle


def table_on(tmp_path: Path, state: M.MilliganState, monkeypatch: pytest.MonkeyPatch,
             size: tuple[int, int] = (1280, 720), **settings: object):  # noqa: ANN201
    """The app and The Giant's scene, dealt ``state`` (its rules as the deal's)."""
    monkeypatch.setattr(M, "new_game", lambda seed, config=None: state)
    rules = {"rule": state.rule, "miss_milligan": state.miss_milligan}
    app = make_app(tmp_path, size=size, **{"animation": "off",
                                           "per_game": {"milligan": rules}, **settings})
    scene = S.MilliganScene(app, seed=1)
    app.push(scene)
    settle(app)
    return app, scene


def long_column(length: int = 45, rule: str = "alternate") -> M.MilliganState:
    """Both decks with ``length`` cards in the first column, seven in each other one and
    the rest in the stock."""
    deck = shuffled_deck(random.Random(3), 2)
    columns = [deck[:length]] + [deck[length + 7 * i:length + 7 * (i + 1)] for i in range(7)]
    return M.MilliganState(columns=tuple(tuple(c) for c in columns),
                           stock=tuple(deck[length + 49:]),
                           foundations=((),) * M.PILES, rule=rule)


def one_from_winning(rule: str = "alternate", miss_milligan: bool = False) -> M.MilliganState:
    """Every card up but the king of spades of the second deck, alone in column 1."""
    piles = tuple(tuple(Card(rank, suit, deck) for rank in range(1, 14))
                  for suit in SUITS for deck in (0, 1))
    last = piles[1][-1]
    return M.MilliganState(columns=((last,),) + ((),) * (M.COLUMNS - 1), stock=(),
                           foundations=(piles[0], piles[1][:-1]) + piles[2:], rule=rule,
                           miss_milligan=miss_milligan)
