"""What a first evening with The Giant showed (issue 22, items 11 and 12), each driven
by posted events: a new deal on show at once, long columns that stay readable, the
win show that hands over to the end box, the rules said at a deal, one name for the
waiving space, foundation clicks under Miss Milligan, labelled piles."""

from __future__ import annotations

from pathlib import Path

import pygame

from scenes import milligan as S
from tests.driver import frames, key, make_app

HALF_SECOND = 30  # frames at 60 fps


def dealt_cards_rest(scene: S.MilliganScene) -> bool:
    """Every card out of the stock lies face up where the rules put it, still."""
    view = scene.view
    keys = [c.uid for column in view.columns for c in column]
    keys += [c.uid for pile in view.foundations for c in pile]
    return bool(keys) and not scene.table.animating and all(
        scene.table.position(k) == (scene.table.placement(k).x, scene.table.placement(k).y)
        for k in keys)


def frames_until_dealt(app, scene: S.MilliganScene, limit: int = 600) -> int:  # noqa: ANN001
    for n in range(1, limit):
        frames(app)
        if dealt_cards_rest(scene):
            return n
    raise AssertionError("the deal never came to rest")


def test_a_new_deal_is_on_show_within_half_a_second(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="normal",
                   per_game={"milligan": {"rule": "alternate", "miss_milligan": False}})
    scene = S.MilliganScene(app, seed=5)
    app.push(scene)
    assert frames_until_dealt(app, scene) <= HALF_SECOND  # the first deal
    key(app, pygame.K_d, "d")
    frames(app, 120)
    key(app, pygame.K_n, "n")
    key(app, pygame.K_y, "y")  # abandon the game: the next deal
    assert scene.view.moves == 0 and scene.view.stock_size == 96
    assert frames_until_dealt(app, scene) < HALF_SECOND  # (the Y key's frame was one)
    assert scene.card_count_problem() is None
