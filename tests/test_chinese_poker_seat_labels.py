"""At a network table a seat's label says why its person is not playing it ("connection
lost, computer in 50 s"): on the label's line it ran into the next seat's label and under
the cards played (the play-test, worst in TV mode). The note has a line of its own and
every line fits its seat's room: no two labels meet, and none meets a card."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pygame
import pytest

from game.cards import Card, full_deck
from game.engine.ui import MIN_TEXT_PX
from game.rules import chinese_poker as C
from scenes.chinese_poker_trick import TrickEnd
from tests.driver import frames, make_app
from tests.test_chinese_poker_scene import my_play

NAMES = ("You", "Bob", "Computer 3", "Computer 4")
NOTES = ("", "connection lost, computer in 50 s", "computer stands in",
         "connection lost, computer in 9 s")


@pytest.mark.parametrize(("size", "tv"), [((1280, 720), False), ((1920, 1080), True)])
def test_seat_labels_with_notes_meet_no_label_and_no_card(tmp_path: Path,
                                                           size: tuple[int, int],
                                                           tv: bool) -> None:
    app = make_app(tmp_path, size, ai_speed="fast", animation="off", tv_mode=tv)
    scene = my_play(app)
    view = scene.view
    scene.name = lambda seat: NAMES[(seat - view.seat) % 4]
    scene.seat_note = lambda seat: NOTES[(seat - view.seat) % 4]
    free = [c for c in full_deck() if c not in view.hand and c not in view.played]
    plays: list[tuple[Card, ...]] = [tuple(free[5 * k:5 * k + 5]) for k in range(3)]
    others = [(view.seat + k) % view.players for k in (1, 2, 3)]
    trick = tuple(C.Turn(seat, cards) for seat, cards in zip(others, plays, strict=True))
    scene._trick_end = TrickEnd(trick, plays[-1], left=1e9)  # held in sight, as drawn
    scene.refresh("snap")
    frames(app, 2)
    vp = scene.viewport
    labels = {item.key: item.rect for item in scene.extra_items()
              if item.key[0] in ("seat", "seat-note")}
    assert {key[1] for key in labels if key[0] == "seat-note"} == set(others), "each note"
    for (a, ra), (b, rb) in combinations(labels.items(), 2):
        assert not ra.colliderect(rb), (size, tv, a, b)
    keys = [p.key for p in scene.placements(scene.view)]
    for card, rect in scene.table.visible_rects(keys).items():
        drawn = pygame.Rect(vp.rect_px(*rect))
        for key, label in labels.items():
            assert not drawn.colliderect(label), (size, tv, card, key)


def test_in_a_small_window_seat_labels_stay_readable(tmp_path: Path) -> None:
    """Where no readable size fits a label's room on one line it takes two: the smallest
    size was drawn a few pixels tall there (the play-test, a window 760 wide)."""
    app = make_app(tmp_path, (760, 540), ai_speed="fast", animation="off")
    scene = my_play(app)
    heights = [item.image.get_height() for item in scene.extra_items() if item.key[0] == "seat"]
    assert len(heights) == 4 and min(heights) >= MIN_TEXT_PX
