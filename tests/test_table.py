"""The shared card table: dragging a run, flying back, dirty-rect drawing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.engine.components import Placement, Target
from game.engine.render import DirtyRenderer, DrawItem, merge_rects
from game.engine.table import FLYING_Z, CardTable
from game.rules.registry import playable
from scenes.open_game import game_scene
from tests.driver import frames, make_app


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


def drag_to(table: CardTable, start: tuple[float, float], end: tuple[float, float],
            steps: int = 12) -> None:
    table.pointer_down(start)
    for step in range(1, steps + 1):
        table.pointer_move((start[0] + (end[0] - start[0]) * step / steps,
                            start[1] + (end[1] - start[1]) * step / steps))
        table.update(1 / 120)


def test_a_dropped_run_never_targets_its_own_cards(tmp_path: Path) -> None:
    table, keys = column_table(tmp_path)
    table.sync([*table_placements(keys), Placement("KD", "KD", 700, 100, 0, True, "other",
                                                   interactive=True)], "snap")
    drag_to(table, (150, 150), (500, 150))  # the run 8H-7C over bare table
    assert table.dragged_keys == ("8H", "7C")
    assert table.hit_test(table.pointer, exclude=table.dragged_keys) is None
    gesture = table.pointer_up((500, 150))
    assert (gesture.kind, gesture.key, gesture.target) == ("drop", "8H", None), \
        "the run's own 7C overlaps the 8H most, but it travels with it"
    assert table.dragged_keys == ()
    table.fly_back("8H")
    for _ in range(240):
        table.update(1 / 120)
    drag_to(table, (150, 150), (750, 110))  # onto the KD
    gesture = table.pointer_up((750, 110))
    assert (gesture.kind, gesture.key, gesture.target) == ("drop", "8H", "KD")


def table_placements(keys: list[str], x: float = 100) -> list[Placement]:
    return [Placement(k, k, x, 100 + 40 * i, i, True, "col", interactive=True)
            for i, k in enumerate(keys)]


def test_a_state_change_mid_drag_ends_the_drag(tmp_path: Path) -> None:
    """Undo, a new deal or a computer move while the player holds a run: the run's cards
    go to their new places (or vanish), and letting go afterwards does nothing."""
    table, keys = column_table(tmp_path)
    drag_to(table, (150, 150), (500, 300))
    assert table.dragging == "8H"
    # the 8H is gone (say, paired and discarded); the 7C now lies in another column
    table.sync([Placement("9S", "9S", 100, 100, 0, True, "col", interactive=True),
                Placement("7C", "7C", 400, 100, 0, True, "col2", interactive=True)])
    assert table.dragging is None and table.dragged_keys == ()
    assert "8H" not in table.entities
    table.pointer_move((520, 320))
    table.cancel_drag()
    assert table.pointer_up((520, 320)) is None, "the press ended with the drag"
    for _ in range(240):
        table.update(1 / 120)
    assert table.position("7C") == (400, 100) and table.position("9S") == (100, 100)
    assert not table.animating
    # a drag whose cards stay: they fly back to their places, nothing is dropped
    drag_to(table, (450, 150), (700, 400))
    assert table.dragging == "7C"
    table.sync([Placement("9S", "9S", 100, 100, 0, True, "col", interactive=True),
                Placement("7C", "7C", 400, 100, 0, True, "col2", interactive=True)])
    assert table.pointer_up((700, 400)) is None
    for _ in range(240):
        table.update(1 / 120)
    assert table.position("7C") == (400, 100)


def test_a_smaller_card_is_drawn_hit_and_moved_at_its_scale(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = CardTable(128, 179.2)
    table.set_view(app.viewport, app.card_art(128))
    table.sync([Placement("a", "AS", 100, 100, 0, True, "mine", interactive=True,
                          shadow=False),
                Placement("b", "AH", 400, 100, 0, True, "theirs", interactive=True,
                          shadow=False, scale=0.6)], "snap")
    assert table.card_rect("b").size == (round(128 * 0.6), round(179.2 * 0.6))
    assert table.hit_test((400 + 70, 100 + 50)) == "b"
    assert table.hit_test((400 + 100, 100 + 50)) is None, "outside the smaller card"
    images = {item.key: item.image for item in table.draw_items(1.0)}
    full, small = images["a"].get_width(), images["b"].get_width()
    assert full == app.card_art(128).width and small == round(full * 0.6)
    table.animation_scale = 0.5
    table.sync([Placement("a", "AS", 100, 100, 0, True, "mine", interactive=True),
                Placement("b", "AH", 600, 300, 0, True, "theirs", interactive=True,
                          scale=0.6)])
    assert table.animating
    for _ in range(120):
        table.update(1 / 120)
    assert table.position("b") == (600, 300)
    assert table.hit_test((600 + 70, 300 + 100)) == "b"


def test_a_card_at_rest_is_drawn_as_it_looks_now(tmp_path: Path) -> None:
    """Cards at rest reuse the sprite the last frame drew, but a change of face, of
    dimming or of the window's size shows at once, and only what is on the table is
    held."""
    app = make_app(tmp_path)
    table = CardTable(128, 179.2)
    table.set_view(app.viewport, app.card_art(128))

    def images(*places: Placement) -> dict[str, pygame.Surface]:
        table.sync(list(places), "snap")
        return {item.key: item.image for item in table.draw_items(1.0)}

    first = images(Placement("a", "AS", 100, 100, 0, True, "col"))
    assert images(Placement("a", "AS", 100, 100, 0, True, "col"))["a"] is first["a"]
    dimmed = images(Placement("a", "AS", 100, 100, 0, True, "col", dim=True))["a"]
    back = images(Placement("a", "AS", 100, 100, 0, False, "col"))["a"]
    other = images(Placement("a", "KH", 100, 100, 0, True, "col"))["a"]
    faces = [first["a"], dimmed, back, other]
    assert len({pygame.image.tobytes(f, "RGBA") for f in faces}) == 4
    table.set_view(app.viewport, app.card_art(64))
    small = images(Placement("a", "KH", 100, 100, 0, True, "col"))["a"]
    assert small.get_width() < other.get_width()
    assert len(table.sprites._drawn) == 1  # the one card the last frame drew


@pytest.mark.parametrize("game", [entry.id for entry in playable()])
def test_every_game_s_words_and_outlines_lie_under_a_lifted_card(tmp_path: Path,
                                                                 game: str) -> None:
    """A dragged card went under Poker Squares' outlines, and the other games' words lay
    at the HUD's depth too: what a scene draws on the table lies under any card lifted,
    dragged or in flight; only the HUD (buttons, boxes) lies over it."""
    app = make_app(tmp_path)
    scene = game_scene(app, game, seed=3, demo=True)  # the computer plays: words change
    app.push(scene)
    seen = 0
    for _ in range(12):
        frames(app, 4)
        marks = scene.extra_items()
        seen += len(marks)
        assert all(item.z < FLYING_Z for item in marks), \
            sorted({(item.key[0], item.z) for item in marks if item.z >= FLYING_Z})
    assert seen


def test_keys_are_names_never_cards(tmp_path: Path) -> None:
    """Two decks (or "Same Deck" for two players) put one card on the table twice: two
    keys, one card. Keys that are not card codes at all work the same."""
    app = make_app(tmp_path)
    table = CardTable(128, 179.2)
    table.set_view(app.viewport, app.card_art(128))
    table.sync([Placement("p0:slot3", "QH", 100, 100, 0, True, "p0", interactive=True),
                Placement("p1:slot3", "QH", 400, 100, 0, True, "p1", interactive=True),
                Placement("hand2#7", None, 700, 100, 0, False, "p2")], "snap")
    items = {item.key: item for item in table.draw_items(1.0)}
    assert {"p0:slot3", "p1:slot3", "hand2#7"} <= set(items)
    assert items["p0:slot3"].image is items["p1:slot3"].image, "one picture, shared"
    assert items["hand2#7"].image is not items["p0:slot3"].image
    assert table.hit_test((150, 150)) == "p0:slot3"
    assert table.hit_test((450, 150)) == "p1:slot3"
    drag_to(table, (450, 150), (150, 150))
    gesture = table.pointer_up((150, 150))
    assert (gesture.key, gesture.target) == ("p1:slot3", "p0:slot3")


def test_deal_rotations_stay_within_the_frame_budget(tmp_path: Path) -> None:
    """Cards in flight turn; each frame makes at most ROTATIONS_PER_FRAME new rotations,
    the rest show the nearest angle cached - and a card that has landed lies straight."""
    from game.cards import full_deck
    from game.engine import sprites
    from game.engine.card_art import ROTATED

    app = make_app(tmp_path, size=(1920, 1080))
    table = CardTable(128, 179.2, seed=5)
    table.set_view(app.viewport, app.card_art(128))
    cards = full_deck()[:20]
    table.sync([Placement(c.uid, c.uid, 300 + 140 * (i % 10), 200 + 250 * (i // 10), i,
                          True, "t") for i, c in enumerate(cards)], "deal", origin=(60, 60))
    ROTATED.clear()
    made = []
    for _ in range(600):
        table.update(1 / 60)
        before = len(ROTATED)
        table.draw_items(1.0)
        made.append(len(ROTATED) - before)
        if not table.animating:
            break
    assert not table.animating
    assert sum(made) > 20, "cards turned in flight"
    assert max(made) == sprites.ROTATIONS_PER_FRAME, "more cards wanted new angles"
    side = app.card_art(128).width
    width = {item.key: item.image.get_width() for item in table.draw_items(1.0)}
    assert all(width[c.uid] < side * 1.2 for c in cards), "landed cards lie straight"


def test_card_images_stay_under_a_small_budget_deal_after_deal(tmp_path: Path) -> None:
    """Pyramid deals at 3840x2160 with a budget far below what they would like: the
    images in memory never add up to more than the budget (the bench runs 100 deals)."""
    from game.engine import card_art
    from tools.bench_memory import deals

    budget = 64 * 2**20
    totals: list[int] = []

    def check() -> None:
        totals.append(card_art.IMAGES.bytes + card_art.ROTATED.bytes)
        assert card_art.IMAGES.bytes <= card_art.IMAGES.budget
        assert card_art.ROTATED.bytes <= card_art.ROTATED.budget

    card_art.set_image_budget(budget)
    try:
        deals(make_app(tmp_path, size=(3840, 2160)), 2, seed=11, play=False, on_frame=check)
    finally:
        card_art.set_image_budget(card_art.IMAGE_CACHE_BYTES)
    assert len(totals) > 60 and max(totals) <= budget
    assert max(totals) > budget * 0.8, "the deals wanted more than the budget"


def test_a_cold_deal_waits_while_its_faces_are_drawn_ahead(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The first deal finds no card images: the table draws the faces it will show a few
    each frame, within a budget, and only then lets the cards fly; a deal whose images
    are all cached flies at once. (It waits no longer than MAX_DEAL_HOLD, the shuffle
    sound: on a slow machine the rest is drawn as the cards fly.)"""
    from game.cards import full_deck
    from game.engine import table as table_module
    from game.engine.card_art import IMAGES, ROTATED

    app = make_app(tmp_path, size=(1920, 1080))
    IMAGES.clear()
    ROTATED.clear()
    table = CardTable(128, 179.2, seed=2)
    art = app.card_art(128)
    table.set_view(app.viewport, art)
    cards = full_deck()[:12]
    origin = (60.0, 60.0)
    wanted = [Placement(c.uid, c.uid, 300 + 140 * i, 400, i, True, "t")
              for i, c in enumerate(cards)]
    table.sync(wanted, "deal", origin=origin)
    monkeypatch.setattr(table_module, "MAX_DEAL_HOLD", 60.0)  # however slow this machine
    frames = 0
    while table.sprites.warming:
        assert all(table.position(c.uid) == origin for c in cards), "nothing flies yet"
        table.update(1 / 60)
        table.draw_items(1.0)
        frames += 1
        assert frames < 400, "the images never got drawn"
    assert frames > 2, "spread over several frames, not drawn in one"
    assert all(art.has(("face", c.code)) and art.has(("sprite", False, "face", c.code))
               for c in cards)
    for _ in range(30):
        table.update(1 / 120)
    assert any(table.position(c.uid) != origin for c in cards), "then the deal flies"
    for _ in range(600):
        table.update(1 / 120)
    table.sync(wanted, "deal", origin=origin)
    assert not table.sprites.warming, "a warm deal does not wait"
    IMAGES.clear()
    monkeypatch.setattr(table_module, "MAX_DEAL_HOLD", 0.1)
    monkeypatch.setattr(table_module, "WARM_MIN_SECONDS", 1e-9)  # a machine far too slow
    monkeypatch.setattr(table_module, "WARM_SECONDS_PER_PIXEL", 0.0)
    table.sync([replace(p, y=600) for p in wanted], "deal", origin=origin)
    for _ in range(30):
        table.update(1 / 120)
    assert table.sprites.warming
    assert any(table.position(c.uid) != origin for c in cards), "the wait has a limit"


def test_nothing_piles_up_deal_after_deal(tmp_path: Path) -> None:
    """The computer plays deal after deal: once the first is over, every deal leaves the
    same number of entities, bodies, springs and worlds behind, the card images stay in
    their budget, and the interpreter holds no more objects than before (the bench's
    4K run checks resident memory over 100 deals)."""
    import gc

    import esper

    from game.engine import card_art
    from tools.bench_memory import deals

    app = make_app(tmp_path, size=(480, 270), ai_speed="fast")
    after: list[tuple[int, ...]] = []
    objects: list[int] = []

    def count(n: int) -> None:
        table = app.scene.table
        esper.switch_world(table.world)
        space = table.physics.space
        after.append((len(table.entities), len(esper.get_component(Target)),
                      len(space.bodies), len(space.constraints), len(esper.list_worlds())))
        assert card_art.IMAGES.bytes <= card_art.IMAGES.budget
        assert card_art.ROTATED.bytes <= card_art.ROTATED.budget
        gc.collect()
        objects.append(len(gc.get_objects()))

    deals(app, 3, seed=21, on_deal=count, frame_seconds=1 / 20, agent="greedy")
    assert after[1] == after[2] == (52, 52, 1, 0, after[0][4])
    assert objects[2] - objects[1] < 500, f"objects after each deal: {objects}"
