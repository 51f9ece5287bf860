"""A long play (a ten-card straight, five pairs in a row) spreads the top seat's played
cards across the whole of its box; in TV mode a side seat's label, longer with a network
name and its note, ran under them (issue 20). Every seat's label stays uncovered."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cards import Card, full_deck
from game.rules import chinese_poker as C
from scenes.chinese_poker_trick import TrickEnd
from tests.driver import frames, make_app
from tests.test_chinese_poker_scene import my_play

LONGEST_NAME = "W" * 24  # a network table's names run to 24 characters


@pytest.mark.parametrize(("size", "tv"), [((1280, 720), False), ((1920, 1080), False),
                                          ((1280, 720), True), ((1920, 1080), True)])
def test_a_ten_card_trick_never_covers_a_seat_label(tmp_path: Path, size: tuple[int, int],
                                                    tv: bool) -> None:
    app = make_app(tmp_path, size, ai_speed="fast", animation="off", tv_mode=tv)
    scene = my_play(app)
    scene.name = lambda seat: LONGEST_NAME  # noqa: ARG005
    view = scene.view
    free = [c for c in full_deck() if c not in view.hand and c not in view.played]
    plays: list[tuple[Card, ...]] = [tuple(free[10 * k:10 * k + 10]) for k in range(3)]
    others = [(view.seat + k) % view.players for k in (1, 2, 3)]
    trick = tuple(C.Turn(seat, cards) for seat, cards in zip(others, plays, strict=True))
    # held in sight as a trick's end is (the scene draws what it holds)
    scene._trick_end = TrickEnd(trick, plays[-1], left=1e9)
    scene.refresh("snap")
    frames(app, 2)
    vp = scene.viewport
    labels = {item.key[1]: item.rect for item in scene.extra_items() if item.key[0] == "seat"}
    assert len(labels) == view.players
    for turn in trick:
        for card in turn.cards:
            rect = pygame.Rect(vp.rect_px(*scene.table.card_rect(card.uid)))
            for seat, label in labels.items():
                assert not rect.colliderect(label), (size, tv, turn.seat, card, seat)
