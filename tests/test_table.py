"""The shared card table: dragging a run, flying back, dirty-rect drawing."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.components import Placement
from game.engine.render import DirtyRenderer, DrawItem, merge_rects
from game.engine.table import CardTable
from tests.driver import make_app


def column_table(tmp_path: Path) -> tuple[CardTable, list[str]]:
    app = make_app(tmp_path)
    table = CardTable(128, 179.2)
    table.set_view(app.viewport, app.card_art(128))
    keys = ["9S", "8H", "7C"]
    table.sync([Placement(k, k, 100, 100 + 40 * i, i, True, "col", interactive=True)
                for i, k in enumerate(keys)], "snap")
    table.drag_group = lambda key: keys[keys.index(key):]
    return table, keys


def test_a_run_travels_with_the_card_that_leads_it(tmp_path: Path) -> None:
    table, keys = column_table(tmp_path)
    table.pointer_down((150, 150))  # on 8H: it leads the run 8H-7C off the 9S
    assert table.hit_test((150, 150)) == "8H"
    for step in range(1, 31):
        table.pointer_move((150 + 10 * step, 150))
        table.update(1 / 120)
    assert table.dragging == "8H"
    lead, trail = table.position("8H"), table.position("7C")
    assert round(trail[1] - lead[1]) == 40 and abs(trail[0] - lead[0]) < 1
    assert table.position("9S") == (100, 100), "cards below the run stay"
    gesture = table.pointer_up((450, 150))
    assert gesture.kind == "drop" and gesture.key == "8H"
    table.fly_back("8H")
    for _ in range(240):
        table.update(1 / 120)
    assert [table.position(k) for k in keys] == [(100, 100), (100, 140), (100, 180)]


def test_merge_rects_unions_overlaps() -> None:
    rects = [pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(50, 50, 5, 5)]
    merged = merge_rects(rects)
    assert sorted(map(tuple, merged)) == [(0, 0, 15, 15), (50, 50, 5, 5)]


def test_only_what_changed_is_repainted() -> None:
    screen = pygame.Surface((400, 300))
    renderer = DirtyRenderer()
    background = pygame.Surface((400, 300))
    background.fill((0, 100, 0))
    renderer.set_background(background)
    card = pygame.Surface((20, 30))
    card.fill((255, 255, 255))
    items = [DrawItem("a", card, (10, 10), 1), DrawItem("b", card, (200, 100), 1)]
    assert renderer.draw(screen, items) == [screen.get_rect()]
    assert renderer.draw(screen, items) == [], "nothing moved: nothing repainted"
    moved = [items[0], DrawItem("b", card, (210, 100), 1)]
    dirty = renderer.draw(screen, moved)
    assert dirty == [pygame.Rect(200, 100, 30, 30)]
    assert screen.get_at((205, 105))[:3] == (0, 100, 0), "old place shows the felt again"
    assert screen.get_at((215, 105))[:3] == (255, 255, 255)
