"""A won game's send-off, after the classic patience finale: the cards leap one after
another from where they lie, fall, bounce along the bottom of the window and leave a
trail of prints behind them, under a "You won!" banner. Any key, click or pad button
ends it early.

The trail is painted into a picture of the table as the win left it, so what the
renderer gets is one full-window picture a frame; cards are stamped into it
at every fixed step, which keeps the trail unbroken however fast a card moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.cards import Card
from game.engine.layout import DESIGN_H, DESIGN_W, Viewport
from game.engine.render import DrawItem
from game.engine.ui import DIALOG_Z, GOLD, PANEL, text_image

GRAVITY = 2400.0  # logical units per second squared
BOUNCE = 0.74  # share of the speed kept at each bounce
LAUNCH_EVERY = 0.11  # seconds between two cards leaving
LONGEST = 10.0  # seconds: however many cards there are, the show ends by then
CANVAS_Z = DIALOG_Z + 100  # over the end dialog, which shows once the show is over
PLATE_PAD = 24  # logical units of plate round the banner and its prompt


@dataclass(slots=True)
class Leaper:
    card: Card
    x: float  # top-left, logical units
    y: float
    vx: float
    vy: float


class Celebration:
    """``cards``: (card, x, y) top-left positions in logical units, in the order they
    leave; ``card_size`` in logical units. Deterministic for a seed."""

    def __init__(self, cards: list[tuple[Card, float, float]], card_size: tuple[float, float],
                 seed: int = 0, banner: str = "You won!",
                 banner_at: tuple[float, float] = (DESIGN_W / 2, DESIGN_H * 0.16)) -> None:
        self.waiting = list(reversed(cards))  # popped from the end: first card first
        self.flying: list[Leaper] = []
        self.card_w, self.card_h = card_size
        self.banner = banner
        self.banner_at = banner_at  # the banner's centre (logical units), clear of labels
        self.rng = random.Random(seed)
        self.clock = 0.0
        self.next_launch = 0.0
        self.prints: list[tuple[Card, float, float]] = []  # stamped at the next draw
        self.canvas: pygame.Surface | None = None
        self.plate: pygame.Surface | None = None

    @property
    def done(self) -> bool:
        return self.clock >= LONGEST or not (self.waiting or self.flying)

    def update(self, dt: float) -> None:
        self.clock += dt
        while self.waiting and self.clock >= self.next_launch:
            card, x, y = self.waiting.pop()
            speed = self.rng.uniform(260.0, 620.0)
            self.flying.append(Leaper(card, x, y, self.rng.choice((-1, 1)) * speed,
                                      -self.rng.uniform(0.0, 900.0)))
            self.next_launch += LAUNCH_EVERY
        floor = DESIGN_H - self.card_h
        for leaper in self.flying:
            leaper.vy += GRAVITY * dt
            leaper.x += leaper.vx * dt
            leaper.y += leaper.vy * dt
            if leaper.y > floor:
                leaper.y = floor
                leaper.vy = -abs(leaper.vy) * BOUNCE
            self.prints.append((leaper.card, leaper.x, leaper.y))
        self.flying = [f for f in self.flying if -self.card_w < f.x < DESIGN_W]

    def draw_items(self, vp: Viewport, image_of: Callable[[Card], pygame.Surface],
                   table_picture: Callable[[], pygame.Surface]) -> list[DrawItem]:
        """The trail picture and the banner. ``table_picture`` paints the table as the
        win left it (asked once, as the trail's background); ``image_of`` a card face."""
        if self.canvas is None or self.canvas.get_size() != vp.size:
            self.canvas = table_picture()
        for card, x, y in self.prints:
            self.canvas.blit(image_of(card), vp.to_px(x, y))
        self.prints.clear()
        # A new Surface object each frame tells the renderer the picture changed.
        picture = self.canvas.subsurface(self.canvas.get_rect())
        banner = text_image(vp, self.banner, 72, GOLD, bold=True)
        bx, by = vp.to_px(*self.banner_at)
        hint = text_image(vp, "Press any key to go on", 30)
        hx, hy = vp.to_px(self.banner_at[0], self.banner_at[1] + 70)
        words = [DrawItem(("celebration", "banner"), banner,
                          (bx - banner.get_width() // 2, by - banner.get_height() // 2),
                          CANVAS_Z + 1),
                 DrawItem(("celebration", "hint"), hint, (hx - hint.get_width() // 2, hy),
                          CANVAS_Z + 1)]
        around = words[0].rect.union(words[1].rect).inflate(vp.px(2 * PLATE_PAD),
                                                            vp.px(PLATE_PAD))
        return [DrawItem(("celebration",), picture, (0, 0), CANVAS_Z),
                DrawItem(("celebration", "plate"), self._plate(vp, around.size),
                         around.topleft, CANVAS_Z + 0.5), *words]

    def _plate(self, vp: Viewport, size: tuple[int, int]) -> pygame.Surface:
        """A dark plate under the banner and its prompt: they read over white cards."""
        if self.plate is None or self.plate.get_size() != size:
            self.plate = pygame.Surface(size, pygame.SRCALPHA)
            radius = vp.px(18)
            pygame.draw.rect(self.plate, PANEL, self.plate.get_rect(), border_radius=radius)
            pygame.draw.rect(self.plate, GOLD, self.plate.get_rect(), max(1, vp.px(3)),
                             border_radius=radius)
        return self.plate
