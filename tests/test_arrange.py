"""Card layouts for the next games: grids, fanned hands, seats and squeezing columns."""

from __future__ import annotations

import pytest

from game.engine.arrange import (
    FULL,
    Box,
    columns,
    fan,
    fit_grids,
    seats,
    slot_grid,
    spread,
)

CARD_W, CARD_H = 128.0, 179.2


def inside(inner: Box, outer: Box) -> bool:
    return (inner.x >= outer.x - 1e-6 and inner.y >= outer.y - 1e-6
            and inner.right <= outer.right + 1e-6 and inner.bottom <= outer.bottom + 1e-6)


# -- spread ------------------------------------------------------------------------------

def test_spread_edge_cases() -> None:
    assert spread(0, 500, 800, 100, 60) == ()
    assert spread(1, 500, 800, 100, 60) == (450,)
    few = spread(3, 500, 800, 100, 60)
    assert few == (390, 450, 510), "room to spare: max_step apart, centred"
    many = spread(104, 500, 800, 100, 60)
    assert many[0] == pytest.approx(100) and many[-1] + 100 == pytest.approx(900)


# -- grids ------------------------------------------------------------------------------

def test_slot_grid_positions_and_hits() -> None:
    grid = slot_grid((100, 50), 5, 5, CARD_W, CARD_H, 10)
    assert len(grid.positions) == 25
    assert grid.positions[0] == (100, 50)
    assert grid.positions[6] == (100 + CARD_W + 10, 50 + CARD_H + 10)
    assert grid.box.w == pytest.approx(5 * CARD_W + 40)
    x, y = grid.slot(2, 3)
    assert grid.index_at((x + 5, y + 5)) == 13
    assert grid.index_at((x - 5, y + 5)) is None, "the gap between slots"
    assert grid.index_at((0, 0)) is None
    half = slot_grid((0, 0), 5, 5, CARD_W, CARD_H, 10, scale=0.5)
    assert half.card_w == CARD_W / 2 and half.box.w == pytest.approx(grid.box.w / 2)


@pytest.mark.parametrize("others", [0, 1, 2, 4])
def test_fit_grids_fill_the_area_without_overlap(others: int) -> None:
    area = Box(40, 100, 1440, 880)
    mine, theirs = fit_grids(area, 5, 5, CARD_W, CARD_H, 12, others=others, ratio=0.5,
                             label_h=40)
    assert len(theirs) == others
    boxes = [mine.box] + [g.box for g in theirs]
    for g in [mine, *theirs]:
        assert inside(Box(g.x, g.y - g.label_h, g.box.w, g.box.h + g.label_h), area)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.overlaps(b)
    for g in theirs:
        assert g.scale == pytest.approx(mine.scale * 0.5)
        assert g.x > mine.box.right, "the others sit to the right"
    # as large as fits: one dimension is used up
    xs = [b.x for b in boxes] + [b.right for b in boxes]
    ys = [g.y - g.label_h for g in [mine, *theirs]] + [b.bottom for b in boxes]
    used_w, used_h = max(xs) - min(xs), max(ys) - min(ys)
    assert used_w == pytest.approx(area.w) or used_h == pytest.approx(area.h)


def test_four_other_grids_go_two_across() -> None:
    mine, theirs = fit_grids(Box(0, 0, 1920, 1000), 5, 5, CARD_W, CARD_H, 12, others=4,
                             ratio=0.5, label_h=36)
    assert len({g.x for g in theirs}) == 2 and len({g.y for g in theirs}) == 2
    assert mine.scale > 0.5


# -- fans ------------------------------------------------------------------------------------

def test_fan_of_nothing_and_of_one() -> None:
    assert len(fan(0, 960, 1000, CARD_W, 1200)) == 0
    one = fan(1, 960, 1000, CARD_W, 1200)
    assert one.positions == ((960 - CARD_W / 2, 1000 - CARD_H),)
    assert one.index_at((960, 900)) == 0


def test_fan_overlaps_more_with_many_cards_and_stays_inside() -> None:
    few, many = fan(5, 960, 1000, CARD_W, 1000), fan(52, 960, 1000, CARD_W, 1000)
    assert few.step == pytest.approx(CARD_W * 0.6)
    assert many.step < few.step
    assert many.boxes[0].x == pytest.approx(460) and many.boxes[-1].right == pytest.approx(1460)
    wide = fan(5, 960, 1000, CARD_W, 1000, max_step=CARD_W + 20)
    assert wide.step == CARD_W + 20, "a draw-poker hand can lie without overlap"


def test_selected_cards_rise_and_hits_follow_the_visible_strips() -> None:
    hand = fan(8, 960, 1000, CARD_W, 1000, selected={2, 5}, rise=30)
    ys = [y for _, y in hand.positions]
    assert ys[2] == ys[0] - 30 and ys[5] == ys[0] - 30 and ys[3] == ys[0]
    for i, box in enumerate(hand.boxes[:-1]):
        assert hand.index_at((box.x + hand.step / 2, box.y + 60)) == i
    last = hand.boxes[-1]
    assert hand.index_at((last.right - 2, last.y + 60)) == 7
    # the raised card's top shows above its neighbours...
    raised = hand.boxes[2]
    assert hand.index_at((raised.x + hand.step + 5, raised.y + 5)) == 2
    # ...and below it, where it has lifted away, the card underneath is hit
    assert hand.index_at((raised.x + 5, raised.bottom + 10)) == 1
    assert hand.index_at((960, 200)) is None


# -- seats --------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("card_w", [100.0, 128.0])
def test_seats_stay_on_the_table_and_apart(n: int, card_w: float) -> None:
    card_h = card_w * 1.4
    area = Box(0, 0, 1920, 1010)  # above the message line
    table = seats(n, card_w, card_h, area)
    assert [s.side for s in table][0] == "bottom" and len(table) == n
    boxes = []
    for s in table:
        assert inside(s.hand, area) and inside(s.played, area)
        hand = s.hand_fan(16 if n < 4 else 12)
        assert all(inside(b, s.hand) for b in hand.boxes)
        label_w = 260
        lx = {"left": s.label.x, "centre": s.label.x - label_w / 2,
              "right": s.label.x - label_w}[s.label.align]
        label = Box(lx, s.label.y - 18, label_w, 36)
        assert inside(label, area), s.side
        boxes += [(s.side, "hand", s.hand), (s.side, "played", s.played),
                  (s.side, "label", label)]
    for i, (sa, ka, a) in enumerate(boxes):
        for sb, kb, b in boxes[i + 1:]:
            assert not a.overlaps(b), f"{sa} {ka} overlaps {sb} {kb}"


def test_hidden_hands_are_smaller_and_overlap_more() -> None:
    me, left, top, right = seats(4, CARD_W, CARD_H)
    assert (me.side, left.side, top.side, right.side) == ("bottom", "left", "top", "right")
    assert me.scale == 1 and top.scale < 1 and top.card_w == CARD_W * top.scale
    mine, theirs = me.hand_fan(12), top.hand_fan(12)
    assert theirs.step / theirs.boxes[0].w < mine.step / mine.boxes[0].w
    side = left.hand_fan(12)
    assert len({b.x for b in side.boxes}) == 1 and side.step > 0, "a left hand runs downwards"
    assert top.hand_fan(3, selected={1}, rise=30).boxes[1].y == top.hand.y, "no rise when hidden"
    raised = me.hand_fan(3, selected={1}, rise=30)
    assert raised.boxes[1].y == raised.boxes[0].y - 30 >= me.hand.y


def test_seats_reject_odd_tables() -> None:
    with pytest.raises(ValueError):
        seats(5, CARD_W, CARD_H)
    assert FULL.w == 1920


# -- columns ---------------------------------------------------------------------------------

GIANT = dict(top_y=260.0, bottom_y=1070.0, card_h=CARD_H * 0.78, normal_step=42.0, min_step=20.0)


def test_short_columns_keep_the_normal_step() -> None:
    cols = columns(8, [0, 1, 5, 13, 2, 0, 0, 3], **GIANT)
    assert [c.count for c in cols] == [0, 1, 5, 13, 2, 0, 0, 3]
    assert all(c.up_step == 42 and c.fits for c in cols)
    assert cols[0].ys == () and cols[0].bottom(100) == 260
    assert cols[1].ys == (260,)
    assert cols[3].ys[-1] == 260 + 12 * 42


def test_long_columns_squeeze_to_stay_on_screen() -> None:
    card_h = GIANT["card_h"]
    cols = columns(8, [25, 13, 13, 13, 13, 13, 13, 1], **GIANT)
    assert sum(c.count for c in cols) == 104
    long = cols[0]
    assert long.fits and long.up_step < 42
    assert long.bottom(card_h) == pytest.approx(1070, abs=0.01), "uses the room, no more"
    assert cols[1].up_step == 42


def test_a_column_past_the_minimum_is_reported() -> None:
    (col,) = columns(1, [104], **GIANT)
    assert not col.fits and col.up_step == 20
    with pytest.raises(ValueError):
        columns(2, [1], **GIANT)


def test_one_column_spread_or_squeezed_by_the_player() -> None:
    cols = columns(3, [6, 6, 20], per_column_step={0: 70.0, 1: 5.0, 2: 70.0}, **GIANT)
    assert cols[0].up_step == 70, "spread: room enough"
    assert cols[1].up_step == 20, "squeezed, but never below the minimum"
    assert cols[2].fits and cols[2].up_step < 42, "a spread long column still fits"


def test_face_down_cards_step_less_and_squeeze_too() -> None:
    cols = columns(2, [6, 50], face_down=[5, 40], down_step=12.0, **GIANT)
    short = cols[0]
    assert short.ys[:6] == tuple(260 + 12 * i for i in range(6)), "five hidden, then the top"
    assert short.up_step == 42
    long = cols[1]
    assert long.fits and long.down_step < 12 and long.up_step < 42
    assert long.bottom(GIANT["card_h"]) == pytest.approx(1070, abs=0.01)
    assert columns(1, [3], face_down=[3], **GIANT)[0].ys == (260, 281, 302), "all hidden"
