"""Procedural playing-card art, drawn at the exact pixel size the window needs.

Cards are never scaled bitmaps: every image is drawn with ``pygame.draw`` at 2x or 4x the
target size and smooth-scaled down once (cheap, good antialiasing for polygons and text
alike), then cached. A window resize builds a new ``CardArt``; everything is lazy, so
that costs nothing until a card is actually shown.

Every card image - the art itself and what the table derives from it (shadowed, dimmed,
rotated sprites) - lives in a least-recently-used cache with a byte budget, keyed by the
art's spec rather than by a ``CardArt`` object: a CardArt holds no images, so old ones
cost nothing, and two arts of the same size and style share their pictures. The budget
``IMAGE_CACHE_BYTES`` is split between two such caches: ``IMAGES`` for the pictures a
table shows at rest (used every frame, ~1 ms each to redraw at 4K) and ``ROTATED`` for
rotations (each used for the few frames a card spends at that angle), so a deal's
churn of rotations never pushes the resting pictures out.

Suit symbols are geometry (polygons and circles in a unit box), not font glyphs: the
bundled font has no suit characters and shapes stay crisp at any size.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import math
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pygame

from game.cards import Card

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
BOLD_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"

RGB = tuple[int, int, int]
Point = tuple[float, float]

INK_BLACK: RGB = (26, 26, 32)
INK_RED: RGB = (200, 26, 40)
INK_BLUE: RGB = (24, 84, 200)
INK_GREEN: RGB = (16, 130, 56)
PALETTES: dict[str, dict[str, RGB]] = {
    "classic": {"S": INK_BLACK, "H": INK_RED, "D": INK_RED, "C": INK_BLACK},
    "four_colour": {"S": INK_BLACK, "H": INK_RED, "D": INK_BLUE, "C": INK_GREEN},
}
FACE: RGB = (253, 251, 244)  # ivory, easier on the eyes than pure white on a TV
EDGE: RGB = (128, 126, 120)
GOLD: RGB = (224, 176, 58)
GOLD_DARK: RGB = (150, 104, 26)

# back design -> (field, lattice line, lattice jewel)
BACKS: dict[str, tuple[RGB, RGB, RGB]] = {
    "blue": ((26, 58, 138), (92, 132, 214), (198, 216, 250)),
    "red": ((148, 24, 36), (214, 92, 98), (252, 206, 200)),
    "green": ((18, 92, 58), (76, 160, 112), (204, 240, 214)),
}
HIGHLIGHTS: dict[str, RGB] = {
    "selected": (255, 204, 40),
    "hint": (40, 224, 236),
    "error": (240, 48, 48),
    "drop": (110, 236, 110),
}
OUTLINES = ("empty", "refresh", "none")
ROTATION_STEP = 2  # degrees; dealing spins look smooth at 2 and the cache stays small
# All card images together. A 4K table at rest (faces, dimmed faces, backs, the shadowed
# and lifted sprites) needs ~85 MB of the resting share; the rotation share holds ~100
# rotated 4K cards (~400 at 1080p), more than a deal has in the air.
IMAGE_CACHE_BYTES = 160 * 1024 * 1024
ROTATED_SHARE = 3 / 8

# Pip centres for 2..10 as (column, row): column 0/1/2 = left/centre/right, row 0..1
# top to bottom of the pip field. Pips below the middle are drawn upside down.
PIP_LAYOUTS: dict[int, list[tuple[int, float]]] = {
    2: [(1, 0), (1, 1)],
    3: [(1, 0), (1, 0.5), (1, 1)],
    4: [(0, 0), (2, 0), (0, 1), (2, 1)],
    5: [(0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)],
    6: [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    7: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    8: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)],
    9: [(0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3),
        (0, 1), (2, 1)],
    10: [(0, 0), (2, 0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3), (0, 2 / 3), (2, 2 / 3),
         (1, 5 / 6), (0, 1), (2, 1)],
}


def surface_bytes(surface: pygame.Surface) -> int:
    """What a cached image costs: 32-bit pixels."""
    return surface.get_width() * surface.get_height() * 4


class ImageCache:
    """Surfaces by key, least recently used dropped first once ``budget`` bytes are
    exceeded. An image bigger than the whole budget is handed out but never kept."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.bytes = 0
        self._images: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._images)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._images

    def get(self, key: Hashable) -> pygame.Surface | None:
        image = self._images.get(key)
        if image is not None:
            self._images.move_to_end(key)
        return image

    def put(self, key: Hashable, image: pygame.Surface) -> pygame.Surface:
        size = surface_bytes(image)
        if size > self.budget:
            return image
        old = self._images.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._images[key] = image
        self.bytes += size
        self.set_budget(self.budget)  # drop the least recently used until it fits
        return image

    def __setitem__(self, key: Hashable, image: pygame.Surface) -> None:
        self.put(key, image)

    def fetch(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        image = self.get(key)
        return image if image is not None else self.put(key, make())

    def set_budget(self, budget: int) -> None:
        self.budget = budget
        while self.bytes > budget:
            _, dropped = self._images.popitem(last=False)
            self.bytes -= surface_bytes(dropped)

    def clear(self) -> None:
        self._images.clear()
        self.bytes = 0


# every card image of every CardArt and table: at rest, and rotated
IMAGES = ImageCache(round(IMAGE_CACHE_BYTES * (1 - ROTATED_SHARE)))
ROTATED = ImageCache(round(IMAGE_CACHE_BYTES * ROTATED_SHARE))


M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
BIG_IMAGE_BYTES = 512 * 1024


def _big_images_in_their_own_pages() -> None:
    """Surfaces get their pixels from malloc. glibc serves big blocks from their own
    mappings (handed back when freed) until the first is freed; then it raises that
    threshold, and later ones come from the heap, whose freed holes it keeps. A deal
    turns hundreds of 4K card images over (rotations, 0.5-1 MB each): the heap crept up
    ~40 MB over 100 deals while the images stayed in budget. A fixed threshold keeps
    those in their own mappings (smaller images - 1080p cards, squashed faces, text -
    stay in the heap, where fresh pages cost nothing to reuse). Not glibc: nothing."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt(M_MMAP_THRESHOLD, BIG_IMAGE_BYTES)
    except (OSError, AttributeError):
        pass


_big_images_in_their_own_pages()
_scratch: dict[tuple[int, int], pygame.Surface] = {}  # the one surface cards are drawn on


def _find_malloc_trim() -> Callable[[int], int] | None:
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None


_malloc_trim = _find_malloc_trim()


def give_back_freed_memory() -> None:
    """Hand the free pages of the C heap back to the system (glibc; elsewhere nothing):
    the holes the smaller images of the last deal left. Once a deal (CardTable.sync),
    ~1 ms."""
    if _malloc_trim is not None:
        _malloc_trim(0)


def set_image_budget(total: int) -> None:
    """Change the byte budget of all card images (tests use a small one)."""
    IMAGES.set_budget(round(total * (1 - ROTATED_SHARE)))
    ROTATED.set_budget(round(total * ROTATED_SHARE))


# --- suit geometry -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SuitShape:
    """A suit symbol in a unit box centred on (0, 0), y down, height 1."""

    polygons: tuple[tuple[Point, ...], ...]
    circles: tuple[tuple[Point, float], ...] = ()


def _quad(p0: Point, p1: Point, p2: Point, n: int = 12) -> list[Point]:
    """Quadratic bezier samples from p0 (included) to p2 (excluded)."""
    out = []
    for i in range(n):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _heart_curve(width: float, top: float, bottom: float, n: int = 96) -> list[Point]:
    """The classic parametric heart, fitted to [-width/2, width/2] x [top, bottom]."""
    raw = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    y0 = min(p[1] for p in raw)
    y1 = max(p[1] for p in raw)
    return [(x / 32 * width, top + (y - y0) / (y1 - y0) * (bottom - top)) for x, y in raw]


def _stem(top: float, half_top: float, half_bottom: float) -> list[Point]:
    """A flared foot with concave flanks, shared by spades and clubs."""
    left = _quad((-half_top, top), (-half_top * 0.9, 0.42), (-half_bottom, 0.5))
    right = _quad((half_bottom, 0.5), (half_top * 0.9, 0.42), (half_top, top))
    return left + [(-half_bottom, 0.5)] + right + [(half_top, top)]


def _build_shapes() -> dict[str, SuitShape]:
    heart = _heart_curve(0.98, -0.46, 0.5)
    # a spade is a heart turned over (point up at -0.5, lobes down to 0.24) on a stem
    spade_lobes = [(x, -0.26 - y) for x, y in _heart_curve(0.92, -0.5, 0.24)]
    corners = [(0.0, -0.5), (0.37, 0.0), (0.0, 0.5), (-0.37, 0.0)]
    diamond: list[Point] = []
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        mid = ((a[0] + b[0]) * 0.5 * 0.8, (a[1] + b[1]) * 0.5 * 0.8)  # pulled in: concave
        diamond += _quad(a, mid, b)
    r = 0.235
    return {
        "H": SuitShape((tuple(heart),)),
        "D": SuitShape((tuple(diamond),)),
        "S": SuitShape((tuple(spade_lobes), tuple(_stem(0.05, 0.04, 0.2)))),
        # three leaves and a filler that closes the gap where they meet the stem
        "C": SuitShape((tuple(_stem(0.02, 0.045, 0.2)),),
                       (((0.0, -0.5 + r), r), ((-0.475 + r, 0.06), r), ((0.475 - r, 0.06), r),
                        ((0.0, -0.02), 0.13))),
    }


SUIT_SHAPES = _build_shapes()
SUIT_WIDTH = {"H": 0.98, "D": 0.74, "S": 0.92, "C": 0.95}  # width / height of each symbol
# How far down a face's corner index reaches (rank over suit), and the height of a strip
# face's band (rank and suit side by side), as shares of the card's width.
INDEX_DEPTH = 0.38
STRIP_BAND = 0.105


def _draw_shape(surface: pygame.Surface, suit: str, center: Point, size: float,
                color: RGB, flip: bool = False) -> None:
    """Hard-edged symbol; callers draw at 2x+ and smooth-scale down for antialiasing."""
    cx, cy = center
    sy = -size if flip else size  # every suit is left-right symmetric: flip = turn over
    shape = SUIT_SHAPES[suit]
    for poly in shape.polygons:
        pygame.draw.polygon(surface, color, [(cx + x * size, cy + y * sy) for x, y in poly])
    for (x, y), radius in shape.circles:
        pygame.draw.circle(surface, color, (cx + x * size, cy + y * sy), radius * size)


@lru_cache(maxsize=256)
def _suit_sprite(suit: str, size: int, color: RGB) -> pygame.Surface:
    ss = 4
    w, h = max(1, round(size * SUIT_WIDTH[suit])) + 2, size + 2
    big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    big.fill((*color, 0))  # colour under alpha 0 keeps smoothscaled edges from darkening
    _draw_shape(big, suit, (w * ss / 2, h * ss / 2), size * ss, color)
    return pygame.transform.smoothscale(big, (w, h))


def draw_suit(surface: pygame.Surface, suit: str, center: tuple[float, float], size: int,
              color: RGB | pygame.Color) -> pygame.Rect:
    """Draw an antialiased suit symbol ``size`` px tall centred on ``center`` (for text
    lines such as "7♥ + 6♣"); returns the rect touched."""
    rgb = (int(color[0]), int(color[1]), int(color[2]))
    sprite = _suit_sprite(suit, max(2, int(size)), rgb)
    rect = sprite.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(sprite, rect)
    return rect


def suit_width(suit: str, size: int) -> int:
    """Horizontal space ``draw_suit`` needs, for laying out text around symbols."""
    return max(1, round(size * SUIT_WIDTH[suit]))


# --- text -----------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(BOLD_FONT, px)


def _cap_text(text: str, cap: float, color: RGB, max_width: float | None = None
              ) -> tuple[pygame.Surface, int]:
    """``text`` with capitals ``cap`` px tall, cropped so y=0 is the cap top; returns the
    surface and the baseline's y (glyphs like Q and J hang below it)."""
    font = _font(max(4, round(cap / 0.729)))  # DejaVu Sans Bold cap height is 0.729 em
    parts = [font.render(ch, True, color) for ch in text]
    inks = [p.get_bounding_rect() for p in parts]
    gap = round(cap * 0.06)  # "10" set tight, as on real indices
    width = sum(r.width for r in inks) + gap * (len(parts) - 1)
    top = font.get_ascent() - round(cap)
    height = max(r.bottom for r in inks) - top
    out = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    out.fill((*color, 0))
    x = 0
    for part, ink in zip(parts, inks, strict=True):
        out.blit(part, (x, ink.y - top), ink)
        x += ink.width + gap
    if max_width is not None and width > max_width:
        out = pygame.transform.smoothscale(out, (round(max_width), height))
    return out, round(cap)


# --- helpers ----------------------------------------------------------------------------

def _blend(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format when there is one: blits get much faster.
    Rotated and scaled images come out in it already: copying those again cost a
    quarter of a rotation."""
    if pygame.display.get_surface() is None:
        return surface
    probe = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()
    if (surface.get_flags() & pygame.SRCALPHA
            and (surface.get_bitsize(), surface.get_masks())
            == (probe.get_bitsize(), probe.get_masks())):
        return surface
    return surface.convert_alpha()


def rotation_step(angle_degrees: float, step: int = ROTATION_STEP) -> int:
    """``angle_degrees`` rounded to a multiple of ``step``, in [0, 360)."""
    return round(angle_degrees / step) * step % 360


def _soften(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """Gaussian blur, done at reduced resolution for big radii: the result is soft anyway
    and a full-size blur of a TV-sized shadow costs ~100 ms."""
    shrink = max(1, radius // 3)
    if shrink == 1:
        return pygame.transform.gaussian_blur(surface, max(1, radius), False)
    size = surface.get_size()
    small = pygame.transform.smoothscale(
        surface, (max(1, size[0] // shrink), max(1, size[1] // shrink)))
    small = pygame.transform.gaussian_blur(small, max(1, round(radius / shrink)), False)
    return pygame.transform.smoothscale(small, size)


def _band(center: Point, r_out: float, r_in: float, a0: float, a1: float,
          n: int = 48) -> list[Point]:
    """Polygon for a thick circular arc from angle a0 to a1 (radians, y down)."""
    cx, cy = center
    outer = [(cx + r_out * math.cos(a0 + (a1 - a0) * i / n),
              cy + r_out * math.sin(a0 + (a1 - a0) * i / n)) for i in range(n + 1)]
    inner = [(cx + r_in * math.cos(a0 + (a1 - a0) * i / n),
              cy + r_in * math.sin(a0 + (a1 - a0) * i / n)) for i in range(n, -1, -1)]
    return outer + inner


class CardArt:
    """All card imagery for one card width in pixels; every result is cached."""

    def __init__(self, width_px: int, style: str = "classic", back: str = "blue") -> None:
        if style not in PALETTES:
            raise ValueError(f"unknown card style {style!r}; choose from {sorted(PALETTES)}")
        if back not in BACKS:
            raise ValueError(f"unknown card back {back!r}; choose from {sorted(BACKS)}")
        self.width = max(16, int(width_px))
        self.height = round(self.width * 1.4)  # poker ratio 2.5 x 3.5
        self.style = style
        self.back_design = back
        self.palette = PALETTES[style]
        self.radius = max(3, round(self.width * 0.065))
        # small cards need more supersampling for smooth pips and text; only power-of-two
        # factors: smoothscale by 1/3 loses precision and leaves opaque pixels at alpha 253
        self.ss = 4 if self.width < 150 else 2
        # what the pictures depend on: the key of this art's images in IMAGES
        self.spec = (self.width, style, back)
        # margins around the card that shadows and glows spill into
        self.shadow_pad = max(3, round(self.width * 0.07))
        self.lifted_pad = max(6, round(self.width * 0.14))
        self.highlight_pad = max(5, round(self.width * 0.11))

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def color(self, suit: str) -> RGB:
        return self.palette[suit]

    # --- public images -------------------------------------------------------------

    def face(self, card: Card) -> pygame.Surface:
        return self.cached(("face", card.code), lambda: self._render_face(card))

    def strip_face(self, card: Card) -> pygame.Surface:
        """The face as a card covered in a tight column shows it: rank and suit side by
        side in a band across the top (``STRIP_BAND``), plain down to ``INDEX_DEPTH``
        (no half index or pips in a strip a little taller than the band)."""
        return self.cached(("strip", card.code), lambda: self._render_face(card, strip=True))

    def back(self, design: str | None = None) -> pygame.Surface:
        design = design or self.back_design
        if design not in BACKS:
            raise ValueError(f"unknown card back {design!r}; choose from {sorted(BACKS)}")
        return self.cached(("back", design), lambda: self._render_back(design))

    def outline(self, kind: str = "empty") -> pygame.Surface:
        if kind not in OUTLINES:
            raise ValueError(f"unknown outline {kind!r}; choose from {OUTLINES}")
        return self.cached(("outline", kind), lambda: self._render_outline(kind))

    def highlight(self, kind: str) -> pygame.Surface:
        """A glow ring ``highlight_pad`` px larger than the card on every side; blit at
        ``card_pos + highlight_offset``."""
        if kind not in HIGHLIGHTS:
            raise ValueError(f"unknown highlight {kind!r}; choose from {sorted(HIGHLIGHTS)}")
        return self.cached(("highlight", kind), lambda: self._render_highlight(kind))

    @property
    def highlight_offset(self) -> tuple[int, int]:
        return -self.highlight_pad, -self.highlight_pad

    def shadow(self, lifted: bool = False) -> pygame.Surface:
        """Soft drop shadow; blit at ``card_pos + shadow_offset`` (or ``lifted_shadow_offset``
        for a card being dragged, which casts a bigger, softer, further shadow)."""
        return self.cached(("shadow", str(lifted)), lambda: self._render_shadow(lifted))

    @property
    def shadow_offset(self) -> tuple[int, int]:
        return (-self.shadow_pad + round(self.width * 0.012),
                -self.shadow_pad + round(self.width * 0.025))

    @property
    def lifted_shadow_offset(self) -> tuple[int, int]:
        return (-self.lifted_pad + round(self.width * 0.05),
                -self.lifted_pad + round(self.width * 0.09))

    def cached(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """An image made from this art (``key`` names it), kept in IMAGES."""
        return IMAGES.fetch((self.spec, *key), lambda: _ready(make()))

    def rotated(self, key: tuple[object, ...], source: pygame.Surface, angle_degrees: float,
                smooth: bool = True) -> pygame.Surface:
        """``source`` (the image cached as ``key``) turned counter-clockwise, the angle
        quantised to ROTATION_STEP degrees. Rotation grows the image: blit it centred where
        the source's centre was. Kept in ROTATED. ``smooth=False`` skips antialiasing (a
        third of the cost), for images with no hard edges to show steps (shadows)."""
        step = rotation_step(angle_degrees)
        if step == 0:
            return source

        def turn() -> pygame.Surface:
            if smooth:
                return _ready(pygame.transform.rotozoom(source, step, 1.0))
            return _ready(pygame.transform.rotate(source, step))

        return ROTATED.fetch((self.spec, step, *key), turn)

    def has(self, key: tuple[object, ...]) -> bool:
        """Is the image ``cached`` would return for ``key`` in IMAGES now?"""
        return (self.spec, *key) in IMAGES

    def cached_rotation(self, key: tuple[object, ...], angle_degrees: float
                        ) -> pygame.Surface | None:
        """What ``rotated`` would return if it is cached already, else None."""
        return ROTATED.get((self.spec, rotation_step(angle_degrees), *key))

    def prerender(self) -> None:
        """Draw every face and back now (e.g. behind a loading screen)."""
        from game.cards import full_deck

        for card in full_deck():
            self.face(card)
        for design in BACKS:
            self.back(design)

    # --- rendering -------------------------------------------------------------------

    def _blank(self, fill: RGB) -> pygame.Surface:
        """Supersampled card: edge-coloured rounded rect with a ``fill`` interior, to draw
        on. Drawing it is half the cost of a face; every face starts from a copy of one
        kept in IMAGES (a tenth of that), made into the one big surface every card is
        drawn on (a new one each time would be fresh pages for the system to hand over,
        see ``_big_images_in_their_own_pages``): draw on it, scale it down, never keep it."""
        def draw() -> pygame.Surface:
            s, w, h = self.ss, self.width * self.ss, self.height * self.ss
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            surf.fill((*EDGE, 0))
            border = max(s, round(self.width * s / 150))
            pygame.draw.rect(surf, EDGE, (0, 0, w, h), border_radius=self.radius * s)
            pygame.draw.rect(surf, fill, (border, border, w - 2 * border, h - 2 * border),
                             border_radius=self.radius * s - border)
            return surf

        blank = IMAGES.fetch((self.spec, "blank", fill), draw)
        work = _scratch.get(blank.get_size())
        if work is None:
            _scratch.clear()
            work = _scratch[blank.get_size()] = pygame.Surface(blank.get_size(),
                                                               pygame.SRCALPHA)
        return pygame.transform.scale(blank, blank.get_size(), work)  # a copy, into ``work``

    def _down(self, big: pygame.Surface, size: tuple[int, int] | None = None
              ) -> pygame.Surface:
        return pygame.transform.smoothscale(big, size or self.size)

    def _render_face(self, card: Card, strip: bool = False) -> pygame.Surface:
        big = self._blank(FACE)
        color = self.color(card.suit)
        self._draw_indices(big, card, color)
        if card.rank == 1:
            self._draw_ace(big, card.suit, color)
        elif card.rank <= 10:
            self._draw_pips(big, card, color)
        else:
            self._draw_court(big, card, color)
        if strip:
            self._draw_strip_index(big, card, color)
        return self._down(big)

    def _draw_strip_index(self, big: pygame.Surface, card: Card, color: RGB) -> None:
        """The top of ``big`` blanked to the corner index's depth; rank and suit in a row."""
        s, u = self.ss, self.width * self.ss
        border = max(s, round(self.width * s / 150))
        radius = self.radius * s - border
        pygame.draw.rect(big, FACE, (border, border, big.get_width() - 2 * border,
                                     round(u * INDEX_DEPTH)),
                         border_top_left_radius=radius, border_top_right_radius=radius)
        band = u * STRIP_BAND
        cap = band * 0.72
        label = "10" if card.rank == 10 else card.code[0]
        text, _ = _cap_text(label, cap, color)
        x, top = u * 0.06, (band - cap) / 2 + border / 2
        big.blit(text, (round(x), round(top)))
        pip = band * 0.9  # as tall as the band allows: spades and clubs told apart
        _draw_shape(big, card.suit, (x + text.get_width() + cap * 0.3
                                     + pip * SUIT_WIDTH[card.suit] / 2, top + cap / 2),
                    pip, color)

    def _draw_indices(self, big: pygame.Surface, card: Card, color: RGB) -> None:
        """Rank over suit in the top-left corner, and the same turned over bottom-right."""
        u = self.width * self.ss  # all index geometry is a fraction of the card width
        label = "10" if card.rank == 10 else card.code[0]
        text, baseline = _cap_text(label, u * 0.155, color, max_width=u * 0.18)
        pip, gap = u * 0.12, u * 0.04
        group = pygame.Surface((round(u * 0.21), round(baseline + gap + pip + u * 0.01)),
                               pygame.SRCALPHA)
        group.fill((*color, 0))
        mid = group.get_width() / 2
        group.blit(text, (round(mid - text.get_width() / 2), 0))
        _draw_shape(group, card.suit, (mid, baseline + gap + pip / 2), pip, color)
        pos = (round(u * 0.115 - mid), round(u * 0.055))
        big.blit(group, pos)
        big.blit(pygame.transform.rotate(group, 180),
                 (big.get_width() - pos[0] - group.get_width(),
                  big.get_height() - pos[1] - group.get_height()))

    def _draw_ace(self, big: pygame.Surface, suit: str, color: RGB) -> None:
        u = self.width * self.ss
        center = (big.get_width() / 2, big.get_height() / 2)
        if suit == "S":  # the ace of spades is traditionally the showpiece
            ring = u * 0.36
            pygame.draw.circle(big, color, center, ring, max(1, round(u * 0.008)))
            pygame.draw.circle(big, color, center, ring - u * 0.025, max(1, round(u * 0.004)))
            _draw_shape(big, suit, center, u * 0.5, color)
        else:
            _draw_shape(big, suit, center, u * 0.42, color)

    def _draw_pips(self, big: pygame.Surface, card: Card, color: RGB) -> None:
        u = self.width * self.ss
        h = big.get_height()
        cols = (u * 0.315, u * 0.5, u * 0.685)
        top, bottom = h * 0.2, h * 0.8
        size = u * 0.185
        for col, row in PIP_LAYOUTS[card.rank]:
            y = top + (bottom - top) * row
            _draw_shape(big, card.suit, (cols[col], y), size, color, flip=row > 0.5)

    def _draw_court(self, big: pygame.Surface, card: Card, color: RGB) -> None:
        """A double-ended framed panel: crown, big rank letter and pips, mirrored below."""
        u = self.width * self.ss
        w, h = big.get_size()
        panel = pygame.Rect(round(u * 0.2), round(u * 0.07), 0, 0)
        panel.width = w - 2 * panel.x
        panel.height = h - 2 * panel.y
        tint = _blend(FACE, color, 0.09)
        line = max(1, round(u * 0.012))
        pygame.draw.rect(big, tint, panel, border_radius=round(u * 0.03))
        # a faint diamond hatch gives the panel the printed texture of real court cards
        hatch, step = _blend(FACE, color, 0.2), u * 0.06
        big.set_clip(panel)
        for i in range(-int(panel.height / step) - 1, int(panel.width / step) + 2):
            x = panel.x + i * step
            pygame.draw.line(big, hatch, (x, panel.y), (x + panel.height, panel.bottom))
            pygame.draw.line(big, hatch, (x, panel.bottom), (x + panel.height, panel.y))
        big.set_clip(None)
        half = pygame.Surface((panel.width, panel.height // 2), pygame.SRCALPHA)
        half.fill((*tint, 0))
        self._draw_court_half(half, card, color, u)
        big.blit(half, panel.topleft)
        big.blit(pygame.transform.rotate(half, 180),
                 (panel.x, panel.bottom - half.get_height()))
        # the divider with a small central pip, as on the diagonal of real court cards
        mid = panel.centery
        pygame.draw.line(big, color, (panel.x + u * 0.06, mid), (panel.right - u * 0.06, mid),
                         max(1, round(u * 0.006)))
        pygame.draw.circle(big, tint, (panel.centerx, mid), u * 0.06)
        _draw_shape(big, card.suit, (panel.centerx, mid), u * 0.085, color)
        pygame.draw.rect(big, color, panel, line, border_radius=round(u * 0.03))
        inner = panel.inflate(-round(u * 0.045), -round(u * 0.045))
        pygame.draw.rect(big, GOLD, inner, max(1, round(u * 0.008)),
                         border_radius=round(u * 0.02))

    def _draw_court_half(self, half: pygame.Surface, card: Card, color: RGB,
                         u: float) -> None:
        w, h = half.get_size()
        cx = w / 2
        crown_top, crown_h = u * 0.075, u * 0.15
        _draw_crown(half, card.rank, (cx, crown_top), u * 0.34, crown_h, color, u)
        cap = u * 0.24
        text, _ = _cap_text(card.code[0], cap, color)
        ty = crown_top + crown_h + u * 0.04
        half.blit(text, (round(cx - text.get_width() / 2), round(ty)))
        pip = u * 0.09
        for side in (-1, 1):
            _draw_shape(half, card.suit, (cx + side * u * 0.2, ty + cap * 0.5), pip, color)

    def _render_back(self, design: str) -> pygame.Surface:
        field, lattice, jewel = BACKS[design]
        big = self._blank(FACE)
        s, u = self.ss, self.width * self.ss
        inner = big.get_rect().inflate(-round(u * 0.11), -round(u * 0.11))
        radius = max(2, round(self.radius * s * 0.6))
        art = pygame.Surface(inner.size, pygame.SRCALPHA)
        art.fill(field)
        step = u * 0.085
        thin = max(1, round(u * 0.006))
        # diagonal lattice centred on the card so the pattern is symmetric
        aw, ah = inner.size
        ox, oy = aw / 2, ah / 2
        n = int((aw + ah) / step) + 2
        for i in range(-n, n + 1):
            d = i * step
            pygame.draw.line(art, lattice, (ox + d - ah, oy - ah), (ox + d + ah, oy + ah), thin)
            pygame.draw.line(art, lattice, (ox + d + ah, oy - ah), (ox + d - ah, oy + ah), thin)
        # jewels on the crossings, alternating dots and little diamonds
        dot = u * 0.012
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                x = ox + (i + j) * step / 2
                y = oy + (j - i) * step / 2
                if -step < x < aw + step and -step < y < ah + step:
                    if (i + j) % 2:
                        pygame.draw.circle(art, jewel, (x, y), dot)
                    else:
                        r = dot * 1.6
                        pygame.draw.polygon(art, lattice, [(x, y - r), (x + r, y), (x, y + r),
                                                           (x - r, y)])
        # central medallion: a framed diamond
        mr = u * 0.26
        med = [(ox, oy - mr * 1.3), (ox + mr, oy), (ox, oy + mr * 1.3), (ox - mr, oy)]
        pygame.draw.polygon(art, field, med)
        pygame.draw.polygon(art, jewel, med, max(1, round(u * 0.012)))
        inner_med = [(ox, oy - mr * 1.05), (ox + mr * 0.8, oy), (ox, oy + mr * 1.05),
                     (ox - mr * 0.8, oy)]
        pygame.draw.polygon(art, lattice, inner_med, thin)
        for k in range(4):
            a = k * math.pi / 2
            r = mr * 0.42
            pygame.draw.circle(art, jewel, (ox + math.cos(a) * r * 0.75, oy + math.sin(a) * r),
                               u * 0.03)
        pygame.draw.circle(art, lattice, (ox, oy), u * 0.05)
        pygame.draw.circle(art, jewel, (ox, oy), u * 0.05, thin)
        # frame lines, then clip the art to a rounded rect
        frame = art.get_rect().inflate(-round(u * 0.05), -round(u * 0.05))
        pygame.draw.rect(art, jewel, frame, max(1, round(u * 0.008)), border_radius=radius)
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        art.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(art, inner)
        return self._down(big)

    def _render_outline(self, kind: str) -> pygame.Surface:
        s, u = self.ss, self.width * self.ss
        w, h = self.width * s, self.height * s
        big = pygame.Surface((w, h), pygame.SRCALPHA)
        big.fill((255, 255, 255, 0))
        fill = (0, 0, 0, 46) if kind == "none" else (255, 255, 255, 26)
        stroke = (255, 255, 255, 90 if kind == "none" else 140)
        radius = self.radius * s
        pygame.draw.rect(big, fill, (0, 0, w, h), border_radius=radius)
        line = max(s, round(u * 0.022))
        pygame.draw.rect(big, stroke, (0, 0, w, h), line, border_radius=radius)
        center = (w / 2, h / 2)
        mark = (255, 255, 255, 170)
        if kind == "refresh":
            r, t = u * 0.24, u * 0.07
            a0, a1 = math.radians(-60), math.radians(220)
            pygame.draw.polygon(big, mark, _band(center, r + t / 2, r - t / 2, a0, a1))
            # arrowhead at the start of the arc, pointing along it (clockwise in screen y)
            ax, ay = center[0] + r * math.cos(a0), center[1] + r * math.sin(a0)
            tang = (-math.sin(a0), math.cos(a0))
            norm = (math.cos(a0), math.sin(a0))
            hs = t * 1.6
            pygame.draw.polygon(big, mark, [
                (ax + norm[0] * hs, ay + norm[1] * hs),
                (ax - norm[0] * hs, ay - norm[1] * hs),
                (ax - tang[0] * hs * 1.4, ay - tang[1] * hs * 1.4),
            ])
        elif kind == "none":
            d, t = u * 0.2, max(s, round(u * 0.05))
            for sx in (-1, 1):
                pygame.draw.line(big, (255, 255, 255, 110), (center[0] - d, center[1] - d * sx),
                                 (center[0] + d, center[1] + d * sx), t)
        return self._down(big)

    def _render_highlight(self, kind: str) -> pygame.Surface:
        color = HIGHLIGHTS[kind]
        s, pad = self.ss, self.highlight_pad
        size = (self.width + 2 * pad, self.height + 2 * pad)
        gap = max(1, round(self.width * 0.012))
        thick = max(2, round(self.width * 0.03))
        ring = pygame.Rect(pad - gap - thick, pad - gap - thick, 0, 0)
        ring.size = (self.width + 2 * (gap + thick), self.height + 2 * (gap + thick))
        radius = self.radius + gap + thick

        def stroke(rgb: RGB, grow: int, width: int, alpha: int = 255) -> pygame.Surface:
            big = pygame.Surface((size[0] * s, size[1] * s), pygame.SRCALPHA)
            big.fill((*rgb, 0))
            r = ring.inflate(2 * grow, 2 * grow)
            pygame.draw.rect(big, (*rgb, alpha), [v * s for v in r], width * s,
                             border_radius=(radius + grow) * s)
            return self._down(big, size)

        glow = stroke(color, thick // 2, thick * 2)
        glow = _soften(glow, max(1, pad // 4))
        out = pygame.Surface(size, pygame.SRCALPHA)
        out.fill((*color, 0))
        out.blit(glow, (0, 0))
        out.blit(stroke(color, 0, thick), (0, 0))
        if kind == "drop":
            wash = pygame.Surface(self.size, pygame.SRCALPHA)
            wash.fill((*color, 0))
            pygame.draw.rect(wash, (*color, 56), wash.get_rect(), border_radius=self.radius)
            out.blit(wash, (pad, pad))
        return out

    def _render_shadow(self, lifted: bool) -> pygame.Surface:
        pad = self.lifted_pad if lifted else self.shadow_pad
        size = (self.width + 2 * pad, self.height + 2 * pad)
        out = pygame.Surface(size, pygame.SRCALPHA)
        out.fill((0, 0, 0, 0))
        grow = round(self.width * 0.02) if lifted else 0
        body = pygame.Rect(pad - grow, pad - grow, self.width + 2 * grow, self.height + 2 * grow)
        pygame.draw.rect(out, (0, 0, 0, 96 if lifted else 120), body,
                         border_radius=self.radius + grow)
        return _soften(out, max(1, pad // 2))


def _draw_crown(surface: pygame.Surface, rank: int, top_center: Point, width: float,
                height: float, color: RGB, u: float) -> None:
    """King: five spikes with orbs; queen: three arches with orbs; jack: a low coronet
    with diamond finials. Gold with a dark keyline, jewels in the suit colour."""
    cx, top = top_center
    left, right, bottom = cx - width / 2, cx + width / 2, top + height
    band_top = bottom - height * 0.3
    keyline = max(1, round(u * 0.006))
    orb = u * 0.02
    tips: list[Point] = []
    finials: list[Point] = []
    if rank == 13:
        heights = (0.3, 0.12, 0.0, 0.12, 0.3)
        pts: list[Point] = [(left, bottom)]
        for i, rise in enumerate(heights):
            x = left + width * i / 4
            if i:
                pts.append((x - width / 8, top + height * 0.55))
            tips.append((x, top + height * rise + orb))
            pts.append(tips[-1])
        pts.append((right, bottom))
    elif rank == 12:
        pts = [(left, bottom), (left, top + height * 0.35)]
        for i in range(3):
            x0, x1 = left + width * i / 3, left + width * (i + 1) / 3
            peak = top + height * (0.0 if i == 1 else 0.18) + orb * 2
            pts += _quad((x0, top + height * 0.4), ((x0 + x1) / 2, peak - height * 0.28),
                         (x1, top + height * 0.4))
            tips.append(((x0 + x1) / 2, peak - height * 0.1))
        pts += [(right, top + height * 0.35), (right, bottom)]
    else:
        left, right = left + width * 0.1, right - width * 0.1
        width = right - left
        low = top + height * 0.5
        pts = [(left, bottom), (left, low)]
        for i in range(3):
            x0, x1 = left + width * i / 3, left + width * (i + 1) / 3
            xm = (x0 + x1) / 2
            pts += [(x0, low), (xm - width * 0.06, low), (xm, top + height * 0.22),
                    (xm + width * 0.06, low)]
            finials.append((xm, top + height * 0.14))
        pts += [(right, low), (right, bottom)]
    pygame.draw.polygon(surface, GOLD, pts)
    pygame.draw.polygon(surface, GOLD_DARK, pts, keyline)
    for tx, ty in tips:
        pygame.draw.circle(surface, GOLD, (tx, ty - orb * 0.6), orb)
        pygame.draw.circle(surface, GOLD_DARK, (tx, ty - orb * 0.6), orb, keyline)
    for fx, fy in finials:
        r = height * 0.14
        diamond = [(fx, fy - r * 1.3), (fx + r, fy), (fx, fy + r * 1.3), (fx - r, fy)]
        pygame.draw.polygon(surface, color, diamond)
    # the band and its jewels
    band = pygame.Rect(round(left), round(band_top), round(width), round(bottom - band_top))
    pygame.draw.rect(surface, GOLD_DARK, band, keyline)
    for i in range(3):
        jx, jy = band.x + band.width * (i + 0.5) / 3, band.centery
        jr = band.height * 0.28
        if i == 1:
            pygame.draw.polygon(surface, color, [(jx, jy - jr * 1.3), (jx + jr, jy),
                                                 (jx, jy + jr * 1.3), (jx - jr, jy)])
        else:
            pygame.draw.circle(surface, color, (jx, jy), jr * 0.8)
