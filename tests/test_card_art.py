"""Procedural card art: sizes, distinctness, colours, transparency, caching."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cards import Card, full_deck  # noqa: E402
from game.engine.card_art import (  # noqa: E402
    HIGHLIGHTS,
    IMAGES,
    OUTLINES,
    CardArt,
    ImageCache,
    draw_suit,
)

pygame.init()


@pytest.fixture(scope="module")
def art() -> CardArt:
    return CardArt(90)


@pytest.fixture(scope="module")
def four() -> CardArt:
    return CardArt(90, style="four_colour")


def _pixels(surface: pygame.Surface) -> list[tuple[int, int, int, int]]:
    data = pygame.image.tobytes(surface, "RGBA")
    return [tuple(data[i:i + 4]) for i in range(0, len(data), 4)]  # type: ignore[misc]


def _count(surface: pygame.Surface, test) -> int:
    return sum(1 for p in _pixels(surface) if p[3] > 200 and test(p))


def is_red(p) -> bool:
    return p[0] > 150 and p[1] < 90 and p[2] < 90


def is_blue(p) -> bool:
    return p[2] > 150 and p[0] < 90 and p[2] > p[1] + 60


def is_green(p) -> bool:
    return p[1] > 100 and p[0] < 80 and p[2] < 110 and p[1] > p[2] + 40


@pytest.mark.parametrize("width", [90, 150])
def test_all_faces_sized_and_distinct(width: int) -> None:
    art = CardArt(width)
    assert art.size == (width, round(width * 1.4))
    images = {}
    for card in full_deck():
        face = art.face(card)
        assert face.get_size() == art.size
        assert face.get_flags() & pygame.SRCALPHA
        images[card.code] = pygame.image.tobytes(face, "RGBA")
    assert len(set(images.values())) == 52


def test_classic_colours(art: CardArt) -> None:
    for card in full_deck():
        reds = _count(art.face(card), is_red)
        if card.is_red:
            assert reds > 20, card
        else:
            assert reds == 0, card


def test_four_colour_diamonds_blue_clubs_green(four: CardArt) -> None:
    for rank in (1, 7, 12):
        diamond, club = four.face(Card(rank, "D")), four.face(Card(rank, "C"))
        assert _count(diamond, is_blue) > 20 and _count(diamond, is_red) == 0
        assert _count(club, is_green) > 20 and _count(club, is_red) == 0
    assert _count(four.face(Card(5, "H")), is_red) > 20


def test_corners_transparent_and_centre_opaque(art: CardArt) -> None:
    w, h = art.size
    for image in (art.face(Card(1, "S")), art.back()):
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert image.get_at(corner).a == 0
        assert image.get_at((w // 2, h // 2)).a == 255


def test_backs_differ_from_faces_and_each_other(art: CardArt) -> None:
    blue, red = pygame.image.tobytes(art.back("blue"), "RGBA"), pygame.image.tobytes(
        art.back("red"), "RGBA")
    assert blue != red
    assert art.back() is art.back("blue")
    faces = {pygame.image.tobytes(art.face(c), "RGBA") for c in full_deck()}
    assert blue not in faces and red not in faces
    assert CardArt(90, back="red").back() is not None
    with pytest.raises(ValueError):
        art.back("plaid")


def test_highlights_outlines_shadows(art: CardArt) -> None:
    rings = {pygame.image.tobytes(art.highlight(k), "RGBA") for k in HIGHLIGHTS}
    assert len(rings) == len(HIGHLIGHTS)
    ring = art.highlight("selected")
    assert ring.get_width() > art.width and ring.get_height() > art.height
    assert art.highlight_offset[0] < 0
    marks = {pygame.image.tobytes(art.outline(k), "RGBA") for k in OUTLINES}
    assert len(marks) == len(OUTLINES)
    assert art.outline("empty").get_size() == art.size
    flat, lifted = art.shadow(), art.shadow(lifted=True)
    assert flat.get_width() > art.width and lifted.get_width() > flat.get_width()
    assert art.lifted_shadow_offset[1] - art.lifted_shadow_offset[0] != 0
    assert max(p[3] for p in _pixels(flat)) < 255  # soft, never a solid block


def test_cache_returns_same_object(art: CardArt) -> None:
    card = Card(7, "H")
    assert art.face(card) is art.face(Card(7, "H", deck=1))
    assert art.highlight("selected") is art.highlight("selected")
    assert art.shadow() is art.shadow()
    face = art.face(card)
    name = ("face", "7H")
    assert art.cached_rotation(name, 10) is None
    assert art.rotated(name, face, 10.6) is art.rotated(name, face, 9.4)  # both 10 degrees
    assert art.cached_rotation(name, 10.2) is art.rotated(name, face, 10)
    assert art.rotated(name, face, 0.6) is face
    assert art.rotated(name, face, 30).get_width() > face.get_width()
    # arts of one size and style share their pictures; another size draws its own
    assert CardArt(90).face(card) is face
    assert CardArt(91).face(card) is not face


def _square(side: int) -> pygame.Surface:
    return pygame.Surface((side, side), pygame.SRCALPHA)


def test_image_cache_keeps_the_recently_used_under_its_byte_budget() -> None:
    cache = ImageCache(3 * 10 * 10 * 4)  # room for three 10x10 images
    images = {name: cache.put(name, _square(10)) for name in "abc"}
    assert cache.bytes == 1200 and len(cache) == 3
    assert cache.get("a") is images["a"]  # "a" is now the most recent: "b" goes first
    cache.put("d", _square(10))
    assert [k in cache for k in "abcd"] == [True, False, True, True]
    assert cache.bytes == 1200
    big = _square(20)  # 1600 bytes: more than the whole budget, handed out, never kept
    assert cache.put("big", big) is big and "big" not in cache and cache.bytes == 1200
    made = []
    assert cache.fetch("e", lambda: made.append(1) or _square(5)) is cache.fetch(
        "e", lambda: made.append(1) or _square(5))
    assert made == [1] and cache.bytes <= cache.budget


def test_card_art_holds_no_images_itself() -> None:
    """Old CardArt objects (a window resized many times) cost nothing: every picture is
    in the one byte-bounded cache, which an art object never keeps alive."""
    import gc
    import weakref

    before = IMAGES.bytes
    art = CardArt(77)
    art.face(Card(1, "S"))
    assert IMAGES.bytes > before
    ref = weakref.ref(art)
    del art
    gc.collect()
    assert ref() is None


def test_draw_suit_marks_the_surface() -> None:
    surface = pygame.Surface((40, 40), pygame.SRCALPHA)
    rect = draw_suit(surface, "H", (20, 20), 16, (200, 20, 30))
    assert rect.collidepoint(20, 20)
    assert _count(surface, is_red) > 30


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        CardArt(100, style="neon")
    with pytest.raises(ValueError):
        CardArt(100).highlight("sparkle")
    with pytest.raises(ValueError):
        CardArt(100).outline("full")


def test_text_images_stay_within_a_byte_budget_however_many_lines() -> None:
    """Pyramid's status line changes with every move ("Cards left 31  Par score -31"):
    at 3840x2160 each version is ~0.2 MB, and 2000 of them kept would be ~450 MB. The
    HUD's text images must stay under their byte budget as card images do."""
    from game.engine import ui
    from game.engine.layout import Viewport
    from tools.bench_memory import text_bytes

    vp = Viewport(3840, 2160)
    for n in range(300):
        ui.text_image(vp, f"Deal 1 of 3    Redeals left 2    Cards left {n}    Par score -{n}",
                      19, bold=True)
    assert text_bytes() <= ui.TEXT_CACHE_BYTES
