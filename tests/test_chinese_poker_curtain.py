"""The hot seat's curtain: while it is up no private card of any seat is drawn (neither
as a card face nor in the message line), and once its owner looks only their own hand
shows. Driven through a whole match of three people by keys, the mouse and hints."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from scenes.chinese_poker import ChinesePokerScene
from scenes.chinese_poker_setup import Setup
from tests.driver import click, frames, key, make_app, settle
from tests.test_chinese_poker_scene import SIZE, start, visible_point

TURNS = 30  # turns to play: every seat passes and plays behind the curtain


class Faces:
    """The card faces the table drew in the frames since the last ``take``."""

    def __init__(self, scene: ChinesePokerScene) -> None:
        self.seen: set[str] = set()
        draw = scene.table.sprites.draw

        def spy(looks: list[Any]) -> Any:
            self.seen |= {look.card for look in looks if look.card is not None}
            return draw(looks)

        scene.table.sprites.draw = spy

    def take(self) -> set[str]:
        seen, self.seen = self.seen, set()
        return seen


def private(scene: ChinesePokerScene) -> dict[int, set[str]]:
    """Every seat's hand, from the seats' own views."""
    return {s: {c.uid for c in scene.session.view(s).hand} for s in range(scene.view.players)}


def curtain_up(scene: ChinesePokerScene) -> bool:
    dialog = scene.hud.dialog
    return dialog is not None and dialog.title.endswith("'s turn")


def check_curtain(app: Any, scene: ChinesePokerScene, faces: Faces) -> None:
    """Render the curtain a while (flips and tweens finish) and look at what was drawn."""
    faces.take()
    frames(app, 30)
    hands = private(scene)
    shown = faces.take()
    for seat, cards in hands.items():
        assert not shown & cards, f"behind the curtain, seat {seat}'s cards show"
    words = [item for item in scene.draw_items(0.0) if item.key[0] == "message"]
    assert not words, f"the last player's message stays up: {scene.hud.message}"
    key(app, pygame.K_s, "s")  # the owner looks
    settle(app)
    frames(app, 2)
    shown = faces.take()
    for seat, cards in private(scene).items():
        if seat != scene.seat:
            assert not shown & cards, f"seat {scene.seat} sees seat {seat}'s cards"
    assert hands[scene.seat] <= shown


def test_no_private_card_is_drawn_behind_any_curtain(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast")
    scene = start(app, Setup(("human", "human", "human"), target=30))
    faces = Faces(scene)
    curtains, hinted_passes, turns = 0, 0, 0
    while turns < TURNS and not scene.view.over:
        settle(app)
        view = scene.view
        if curtain_up(scene):
            curtains += 1
            check_curtain(app, scene, faces)
        elif scene.hud.dialog is not None:  # the cut and round notices: OK / Deal
            key(app, pygame.K_d, "d")
        elif view.phase == "cut":
            click(app, visible_point(scene, f"cut#{view.cut_left - 1}"))
        elif view.phase == "play":
            turns += 1
            key(app, pygame.K_h, "h")  # the hint names cards in the message line
            if view.may_pass and turns % 2:
                if scene.selected:
                    hinted_passes += 1
                    key(app, pygame.K_ESCAPE)
                click(app, scene.hud.button("pass").rect.center)
            elif scene.selected:
                key(app, pygame.K_p, "p")
            else:
                key(app, pygame.K_x, "x")
        frames(app, 2)
    assert curtains >= TURNS // 2 and hinted_passes, (curtains, hinted_passes)
