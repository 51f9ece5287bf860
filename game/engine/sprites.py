"""What the card table blits for each card: the card's image with its shadow, dimmed,
squashed while it turns over, rotated while it flies, at the card's own scale.

Every image comes from the one byte-bounded cache (``card_art.IMAGES``). A card at rest
is one cached sprite with its shadow baked in (one blit). A rotated card is its rotated
face plus a rotated shadow (the shadow's rotation is shared by every card). Rotating
is the only costly step (~1 ms per card at 4K, a seventh of a full redraw), so each
frame makes at most ``ROTATIONS_PER_FRAME``; a card whose angle is not cached yet shows
the nearest angle already cached for its image (or none) until its turn comes, the
cards furthest from their true angle first.

Drawing a card's face (~1 ms) costs half a 1080p frame, so the images a deal will need
can be queued (``prepare``) and drawn ahead of time a few a frame (``warm``) within a
time budget, while the table holds the deal back.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache, partial

import pygame

from game import wallclock
from game.cards import card_from_uid
from game.engine.card_art import ROTATION_STEP, CardArt, rotation_step
from game.engine.render import DrawItem

FLIP_STEPS = 12  # squash widths per half turn
# Rotation and a full redraw both cost in proportion to the window's pixels, so one a
# frame keeps a deal within ~10 % of a full redraw at any size; a deal asks for ~1.3
# new angles a frame on average, so a card in the air waits a frame or two for its own.
ROTATIONS_PER_FRAME = 1
NEAREST_STEPS = 10  # how far (in ROTATION_STEPs) to look for a stand-in angle
COST_FADE = 0.75  # ``warm``: each image's share of the dearest one before it it still expects


@dataclass(frozen=True, slots=True)
class Look:
    """How one card appears this frame."""

    key: str  # the table key (never parsed: it only names the draw items)
    card: str | None  # uid of the face shown, None for the back
    dim: bool
    lifted: bool
    shadow: bool
    squash: float  # 1.0 full width, 0.0 edge-on (turning over)
    angle: float  # degrees, counter-clockwise
    scale: float
    pos: tuple[int, int]  # the card's top-left corner in window pixels
    z: float
    strip: bool = False  # the face as CardArt.strip_face draws it


@dataclass(slots=True)
class _Turn:
    """A rotation one card needs: ``source`` (named ``name``) by ``step`` degrees."""

    art: CardArt
    name: tuple[object, ...]
    source: pygame.Surface
    step: int
    smooth: bool = True  # antialiased (card faces); a soft shadow shows no steps without
    image: pygame.Surface | None = None
    gap: int = 0  # degrees between the wanted angle and the best cached stand-in


class CardSprites:
    """Card images for one table; ``set_art`` when the window or the deck changes."""

    def __init__(self) -> None:
        self.art: CardArt | None = None
        self._arts: dict[float, CardArt] = {}
        self.rotations_made = 0  # rotations drawn in the last frame (for benchmarks)
        # images to draw ahead of need: (kind, how)
        self._queue: deque[tuple[str, Callable[[], object]]] = deque()
        self._credit = 0.0  # seconds ``warm`` may still spend
        self._cost: dict[str, float] = {}  # a recent image of each kind's dearest cost
        # the sprites of cards at rest the last frame drew and this one has so far: a
        # table at rest asks for the same few dozen every frame (see ``_at_rest``)
        self._drawn: dict[tuple[object, ...], tuple[pygame.Surface, tuple[int, int]]] = {}
        self._drawing: dict[tuple[object, ...], tuple[pygame.Surface, tuple[int, int]]] = {}

    def set_art(self, art: CardArt) -> None:
        self.art = art
        self._arts = {1.0: art}
        self._queue.clear()  # queued images are for the old size
        self._drawn.clear()
        self._drawing.clear()

    # -- images ahead of need ------------------------------------------------------------

    def prepare(self, looks: Iterable[Look]) -> None:
        """Queue the full-width, upright images ``looks`` show and the cache lacks, in
        order, for ``warm``: every face first, then every sprite."""
        faces: dict[tuple[object, ...], Callable[[], object]] = {}
        sprites: dict[tuple[object, ...], Callable[[], object]] = {}
        for look in looks:
            art = self.art_for(look.scale)
            name = self._face_name(art, look.card, look.dim, look.strip)
            sprite = ("sprite", look.lifted, *name) if look.shadow else name
            if not art.has(name):
                faces.setdefault((art.spec, name), partial(self._face, art, look.card, look.dim,
                                                           look.strip))
            if not art.has(sprite):
                sprites.setdefault((art.spec, sprite), partial(self._resting, art, look))
        self._queue.extend(("face", draw) for draw in faces.values())
        self._queue.extend(("sprite", draw) for draw in sprites.values())

    @property
    def warming(self) -> bool:
        """Queued images are still to be drawn."""
        return bool(self._queue)

    def warm(self, seconds: float, most: float) -> None:
        """Spend ``seconds`` more on queued images, keeping at most ``most`` seconds of
        credit: an image is started only when the credit covers what images of its kind
        cost lately (the dearest, fading as cheaper ones follow) or is full, so a few
        short calls save up for one costly image rather than each stretching its frame."""
        self._credit = min(self._credit + seconds, most)
        while self._queue and self._credit >= min(self._cost.get(self._queue[0][0], 0.0),
                                                  most):
            kind, draw = self._queue.popleft()
            start = wallclock.seconds()
            draw()
            spent = wallclock.seconds() - start
            self._credit -= spent
            self._cost[kind] = max(spent, COST_FADE * self._cost.get(kind, 0.0))

    def art_for(self, scale: float) -> CardArt:
        """The art at ``scale`` times the table's card size, drawn at that size (crisp,
        not a scaled bitmap); CardArt objects hold no images, so this is cheap."""
        art = self._arts.get(scale)
        if art is None:
            base = self.art
            assert base is not None  # set_art comes first
            art = CardArt(round(base.width * scale), base.style, base.back_design)
            self._arts[scale] = art
        return art

    def draw(self, looks: list[Look]) -> list[DrawItem]:
        turns: dict[tuple[object, ...], _Turn] = {}
        plans = [self._plan(look, turns) for look in looks]
        self._drawn, self._drawing = self._drawing, {}
        self._rotate(list(turns.values()))
        items: list[DrawItem] = []
        for plan in plans:
            items.extend(plan())
        return items

    # -- one card -------------------------------------------------------------------------

    @staticmethod
    def _face_name(art: CardArt, card: str | None, dim: bool, strip: bool = False
                   ) -> tuple[object, ...]:
        """The key of the image ``_face`` returns, under ``art``."""
        name = ("back", art.back_design) if card is None else (
            "strip" if strip else "face", _card(card).code)
        return ("dim", *name) if dim else name

    def _face(self, art: CardArt, card: str | None, dim: bool, strip: bool = False
              ) -> tuple[tuple[object, ...], pygame.Surface]:
        image = art.back() if card is None else \
            art.strip_face(_card(card)) if strip else art.face(_card(card))
        name = self._face_name(art, card, dim, strip)
        if dim:
            source = image
            image = art.cached(name, lambda: _dimmed(source))
        return name, image

    def _plan(self, look: Look, turns: dict[tuple[object, ...], _Turn]
              ) -> Callable[[], list[DrawItem]]:
        """Work out what ``look`` needs (its rotations go into ``turns``); the returned
        function makes its items once the frame's rotations are done."""
        steps = round(look.squash * FLIP_STEPS)
        step = rotation_step(look.angle)
        x, y = look.pos
        if step == 0 and steps == FLIP_STEPS:
            image, (dx, dy) = self._at_rest(look)
            items = [DrawItem(look.key, image, (x + dx, y + dy), look.z)]
            return lambda: items
        art = self.art_for(look.scale)
        name, face = self._face(art, look.card, look.dim, look.strip)
        shadow = look.shadow and steps == FLIP_STEPS  # an edge-on card casts none
        w, h = art.size
        if step == 0:
            image = _squash(face, steps)
            items = [DrawItem(look.key, image, (x + (w - image.get_width()) // 2, y), look.z)]
            return lambda: items

        face_turn = self._want(turns, art, name, face, step)
        shade_turn = None
        if shadow:
            cast = art.shadow(look.lifted)
            shade_turn = self._want(turns, art, ("shadow", look.lifted), cast, step,
                                    smooth=False)
            sx, sy = art.lifted_shadow_offset if look.lifted else art.shadow_offset
            shade_centre = (x + sx + cast.get_width() / 2, y + sy + cast.get_height() / 2)

        def make() -> list[DrawItem]:
            assert face_turn.image is not None  # made ready before make() is called
            image = _squash(face_turn.image, steps)
            out = [_centred(look.key, image, (x + w / 2, y + h / 2), look.z)]
            if shade_turn is not None:
                assert shade_turn.image is not None
                out.append(_centred(("shadow", look.key), shade_turn.image, shade_centre,
                                    look.z - 0.25))
            return out

        return make

    def _at_rest(self, look: Look) -> tuple[pygame.Surface, tuple[int, int]]:
        """``look`` full width and upright: its sprite and offset, as the last frame drew
        it where it did (finding it in the art's caches costs a fifth of a frame's work)."""
        key = (look.scale, look.card, look.dim, look.strip, look.lifted, look.shadow)
        sprite = self._drawn.get(key) or self._resting(self.art_for(look.scale), look)
        self._drawing[key] = sprite
        return sprite

    def _resting(self, art: CardArt, look: Look) -> tuple[pygame.Surface, tuple[int, int]]:
        """``look`` drawn full width and upright: its sprite and offset."""
        return self._sprite(art, *self._face(art, look.card, look.dim, look.strip), look.lifted,
                            look.shadow)

    def _sprite(self, art: CardArt, name: tuple[object, ...], face: pygame.Surface, lifted: bool,
                shadow: bool) -> tuple[pygame.Surface, tuple[int, int]]:
        """The card with its shadow baked in (one blit), and its offset from the corner."""
        sx, sy = art.lifted_shadow_offset if lifted else art.shadow_offset
        if not shadow:
            return face, (0, 0)
        left, top = min(sx, 0), min(sy, 0)

        def compose() -> pygame.Surface:
            cast = art.shadow(lifted)
            w, h = face.get_size()
            right = max(sx + cast.get_width(), w)
            bottom = max(sy + cast.get_height(), h)
            sprite = pygame.Surface((right - left, bottom - top), pygame.SRCALPHA)
            sprite.blit(cast, (sx - left, sy - top))
            sprite.blit(face, (-left, -top))
            return sprite

        return art.cached(("sprite", lifted, *name), compose), (left, top)

    # -- rotations under the frame's budget ------------------------------------------------

    @staticmethod
    def _want(turns: dict[tuple[object, ...], _Turn], art: CardArt, name: tuple[object, ...],
              source: pygame.Surface, step: int, smooth: bool = True) -> _Turn:
        key = (art.spec, name, step)
        turn = turns.get(key)
        if turn is None:
            turn = turns[key] = _Turn(art, name, source, step, smooth)
        return turn

    def _rotate(self, turns: list[_Turn]) -> None:
        """Cached rotations first; then the budget goes to the cards furthest from their
        angle; the rest borrow the nearest cached angle of the same image."""
        waiting = []
        for turn in turns:
            turn.image = turn.art.cached_rotation(turn.name, turn.step)
            if turn.image is None:
                turn.gap, turn.image = self._stand_in(turn)
                waiting.append(turn)
        waiting.sort(key=lambda t: t.gap, reverse=True)
        for turn in waiting[:ROTATIONS_PER_FRAME]:
            turn.image = turn.art.rotated(turn.name, turn.source, turn.step, turn.smooth)
        self.rotations_made = min(len(waiting), ROTATIONS_PER_FRAME)

    @staticmethod
    def _stand_in(turn: _Turn) -> tuple[int, pygame.Surface]:
        """The cached rotation of the same image nearest the wanted angle, and how far off
        it is (the unrotated image when none is cached nearby)."""
        signed = turn.step if turn.step <= 180 else turn.step - 360
        for n in range(1, NEAREST_STEPS + 1):
            for near in (signed - n * ROTATION_STEP, signed + n * ROTATION_STEP):
                if near % 360 == 0:
                    return n * ROTATION_STEP, turn.source
                image = turn.art.cached_rotation(turn.name, near)
                if image is not None:
                    return n * ROTATION_STEP, image
        return abs(signed), turn.source


_card = lru_cache(maxsize=1024)(card_from_uid)  # parsed once, not per card per frame


def _dimmed(face: pygame.Surface) -> pygame.Surface:
    out = face.copy()
    out.fill((205, 205, 200, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _squash(image: pygame.Surface, steps: int) -> pygame.Surface:
    """Narrowed for a card turning over. Done every frame and never kept: a flip shows
    each width for a frame or two. Nearest-pixel scaling costs a quarter of smoothscale
    (~0.05 ms against ~0.2 for a rotated 4K card), and a card edge-on for 1/60 s shows
    no jaggies; ten cards turn at once in a deal."""
    if steps >= FLIP_STEPS:
        return image
    w, h = image.get_size()
    return pygame.transform.scale(image, (max(1, round(w * steps / FLIP_STEPS)), h))


def _centred(key: object, image: pygame.Surface, centre: tuple[float, float],
             z: float) -> DrawItem:
    return DrawItem(key, image, (round(centre[0] - image.get_width() / 2),
                                 round(centre[1] - image.get_height() / 2)), z)
