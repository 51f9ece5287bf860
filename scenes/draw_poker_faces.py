"""The three dealers' faces, drawn in code: stylised portraits made of circles,
ellipses and polygons, one image per dealer and size (cached)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.ui import window_image

SKIN = {"jack": (236, 196, 160), "queen": (245, 208, 180), "king": (214, 170, 130)}
HAIR = {"jack": (70, 46, 30), "queen": (196, 120, 40), "king": (226, 226, 232)}
FRAME = {"jack": (60, 110, 190), "queen": (190, 50, 90), "king": (200, 160, 40)}
GOLD = (236, 196, 64)
INK = (30, 24, 24)


def portrait(dealer: str, size: int) -> pygame.Surface:
    """A round framed portrait ``size`` pixels across, kept by bytes with the window's
    other images (a dozen by count were megabytes each at 8K)."""
    return window_image(("portrait", dealer, size), lambda: _draw(dealer, size))


# The portrait's drawing units to pixels: a point, and a box (x, y, w, h).
Point = Callable[[float, float], tuple[int, int]]
Box = Callable[[float, float, float, float], pygame.Rect]


def _draw(dealer: str, size: int) -> pygame.Surface:
    s = max(16, size)
    image = pygame.Surface((s, s), pygame.SRCALPHA)
    u = s / 100  # drawing units: the portrait is designed on a 100 x 100 grid

    def p(x: float, y: float) -> tuple[int, int]:
        return round(x * u), round(y * u)

    def r(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(x * u), round(y * u), max(1, round(w * u)), max(1, round(h * u)))

    skin, hair = SKIN.get(dealer, SKIN["jack"]), HAIR.get(dealer, HAIR["jack"])
    pygame.draw.circle(image, (28, 44, 36), p(50, 50), round(49 * u))
    frame = FRAME.get(dealer, GOLD)
    pygame.draw.circle(image, frame, p(50, 50), round(49 * u), max(2, round(3 * u)))
    if dealer == "queen":  # long hair falls behind the shoulders
        pygame.draw.ellipse(image, hair, r(22, 22, 56, 66))
    # shoulders and a jacket
    pygame.draw.ellipse(image, FRAME.get(dealer, GOLD), r(18, 74, 64, 40))
    pygame.draw.polygon(image, (245, 245, 245), [p(42, 76), p(58, 76), p(50, 90)])
    pygame.draw.rect(image, skin, r(44, 62, 12, 14))  # neck
    pygame.draw.ellipse(image, skin, r(31, 26, 38, 46))  # face
    _hair(image, dealer, hair, p, r)
    for x in (42, 58):  # eyes
        pygame.draw.circle(image, (255, 255, 255), p(x, 46), round(3.4 * u))
        pygame.draw.circle(image, INK, p(x, 46.5), round(1.8 * u))
    brow = max(1, round(1.4 * u))
    pygame.draw.line(image, hair if dealer != "queen" else INK, p(38, 40), p(46, 39), brow)
    pygame.draw.line(image, hair if dealer != "queen" else INK, p(54, 39), p(62, 40), brow)
    pygame.draw.line(image, (180, 120, 100), p(50, 48), p(48, 56), max(1, round(u)))  # nose
    _mouth(image, dealer, p, r, u)
    if dealer == "jack":  # a bow tie
        pygame.draw.polygon(image, (170, 30, 40), [p(42, 76), p(50, 80), p(42, 84)])
        pygame.draw.polygon(image, (170, 30, 40), [p(58, 76), p(50, 80), p(58, 84)])
    return image


def _hair(image: pygame.Surface, dealer: str, hair: tuple[int, int, int], p: Point,
          r: Box) -> None:
    if dealer == "jack":  # short hair with a side parting, a green eyeshade
        pygame.draw.ellipse(image, hair, r(30, 22, 40, 18))
        pygame.draw.polygon(image, (40, 150, 90), [p(28, 33), p(72, 33), p(64, 25), p(36, 25)])
    elif dealer == "queen":  # a fringe and a tiara
        pygame.draw.ellipse(image, hair, r(30, 22, 40, 16))
        pygame.draw.polygon(image, GOLD, [p(36, 26), p(40, 16), p(45, 23), p(50, 12), p(55, 23),
                                          p(60, 16), p(64, 26)])
        pygame.draw.circle(image, (200, 40, 80), p(50, 19), max(1, round(r(0, 0, 2, 2).w)))
    else:  # a crown and a white beard
        pygame.draw.polygon(image, GOLD, [p(32, 30), p(32, 14), p(40, 22), p(50, 10), p(60, 22),
                                          p(68, 14), p(68, 30)])
        pygame.draw.ellipse(image, hair, r(32, 54, 36, 24))
        pygame.draw.ellipse(image, hair, r(40, 52, 20, 6))  # moustache


def _mouth(image: pygame.Surface, dealer: str, p: Point, r: Box, u: float) -> None:
    if dealer == "queen":
        pygame.draw.ellipse(image, (200, 40, 70), r(44, 59, 12, 5))
    elif dealer == "king":
        pygame.draw.line(image, INK, p(45, 62), p(55, 62), max(1, round(1.5 * u)))
    else:
        pygame.draw.arc(image, INK, r(42, 54, 16, 10), 3.5, 6.0, max(1, round(1.5 * u)))
