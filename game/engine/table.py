"""The card table: one esper world of card entities that mirrors what a scene
wants on screen, and animates towards it.

A scene describes the table as a list of ``Placement``s (from an observation of the
rules state) and calls ``sync``. Entities then tween, flip or fly on pymunk springs
to their places. The table never decides what is legal: pointer gestures come
back to the scene as clicks and drops, and the scene turns them into moves.

Processors run inside the fixed step, in this order: remember (for interpolation)
-> drag -> physics -> trail (runs follow their lead) -> tween -> flip. Drawing happens
outside the step, with alpha.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass

import esper
import pygame

from game.engine import easing, ui
from game.engine.card_art import HIGHLIGHTS, CardArt, give_back_freed_memory
from game.engine.components import (
    CardFace,
    DealLaunch,
    Depth,
    Dragging,
    Flip,
    Highlight,
    PhysicsBody,
    Placement,
    Target,
    Transform,
    Tween,
)
from game.engine.layout import Viewport
from game.engine.physics import CardPhysics
from game.engine.render import DrawItem
from game.engine.sprites import CardSprites, Look

FLYING_Z = 5000  # cards in flight draw above the table
DRAG_Z = 9000
# A scene's words and outlines on the table lie over the resting cards (their depths stay
# under 500) and under a card lifted, dragged or in flight; the HUD's buttons and boxes
# lie over everything (ui.UI_Z).
MARKS_Z = FLYING_Z - 100
DRAG_THRESHOLD = 8.0  # logical units the pointer must travel before a press becomes a drag
BASE_MOVE_SECONDS = 0.28
BASE_FLIP_SECONDS = 0.22
BASE_DEAL_INTERVAL = 0.028
# A deal waits while the images it will show are drawn ahead, a few each frame within
# this budget: most of a full redraw at any size (~0.8 ms per megapixel here), so those
# otherwise idle frames stay under one.
WARM_SECONDS_PER_PIXEL = 0.6e-3 / 1e6
WARM_MIN_SECONDS = 1.5e-3
MAX_DEAL_HOLD = 0.6  # seconds (the shuffle sound's length); then the rest is drawn as needed


@dataclass(frozen=True, slots=True)
class Gesture:
    """What the pointer did, for the scene to interpret."""

    kind: str  # "click" | "drop" | "cancel"
    key: str | None  # the card clicked or dropped (None: a click on no card)
    target: str | None = None  # for drops: the card or zone under the dropped card
    pos: tuple[float, float] = (0.0, 0.0)


_world_ids = itertools.count()


class CardTable:
    def __init__(self, card_w: float, card_h: float, seed: int = 0) -> None:
        self.world = f"table-{next(_world_ids)}"
        self.card_w, self.card_h = card_w, card_h
        self.physics = CardPhysics(card_w, card_h, seed)
        self.entities: dict[str, int] = {}
        self.zones: dict[str, pygame.Rect] = {}  # named drop/click areas (logical units)
        # Lit places with no card to ring (an empty column a dragged card may drop into)
        self._lit_zones: dict[str, str] = {}
        self.animation_scale: float | None = 1.0  # None: no animation at all
        self.pointer: tuple[float, float] = (0.0, 0.0)
        self._press: tuple[str, tuple[float, float]] | None = None
        self._dragged: str | None = None
        # Which cards travel with a picked card (a run in a column); the scene decides.
        self.drag_group: Callable[[str], list[str]] = lambda key: [key]
        self._group: list[str] = []
        self.viewport: Viewport | None = None
        self.sprites = CardSprites()
        self.deal_held = 0.0  # seconds the current deal has waited for its images
        esper.switch_world(self.world)
        for priority, proc in enumerate(reversed(
                [_Remember(), _DragFollow(self), _Physics(self), _Trail(), _Tweens(),
                 _Flips()])):
            esper.add_processor(proc, priority)

    # -- set-up ---------------------------------------------------------------------

    def set_view(self, viewport: Viewport, art: CardArt) -> None:
        """New window size or deck style: card images are drawn at the new size."""
        self.viewport = viewport
        self.sprites.set_art(art)

    @property
    def art(self) -> CardArt:
        """The card art at the table's card size (outlines and labels use it too)."""
        art = self.sprites.art
        assert art is not None  # set_view comes first
        return art

    def close(self) -> None:
        """Free the world when the scene goes away (esper worlds are global)."""
        if esper.current_world == self.world:
            esper.switch_world("default")
        if self.world in esper.list_worlds():
            esper.delete_world(self.world)

    def _use(self) -> None:
        if esper.current_world != self.world:
            esper.switch_world(self.world)

    # -- mirroring the rules state ------------------------------------------------------

    def sync(self, placements: Iterable[Placement], mode: str = "animate",
             origin: tuple[float, float] | None = None, stagger: float = 0.0) -> None:
        """Make the entities match ``placements``.

        mode "animate": tween from where each card is now; "snap": jump (seek, resize);
        "deal": every card starts at ``origin`` and flies out on a spring, one after
        another. ``stagger`` delays the n-th moving card by n * stagger seconds.
        """
        self._use()
        wanted = list(placements)
        wanted_keys = {p.key for p in wanted}
        self._forget_pointer(wanted_keys)
        vanished = [k for k in self.entities if k not in wanted_keys]
        instant = self.animation_scale is None or mode == "snap"
        dealt: list[Placement] = []
        moving = 0
        for placement in wanted:
            ent = self.entities.get(placement.key)
            if ent is None:
                ent = self._adopt(placement, vanished)
            if ent is None:
                ent = self._create(placement, origin)
            face = esper.component_for_entity(ent, CardFace)
            old_target = esper.component_for_entity(ent, Target).placement
            esper.component_for_entity(ent, Target).placement = placement
            face.dim, face.shadow = placement.dim, placement.shadow
            if mode == "deal" and not instant:
                self._start_deal(ent, placement, origin, moving)
                dealt.append(placement)
                moving += 1
                continue
            changed_face = (face.card, face.face_up) != (placement.card, placement.face_up)
            moved = (old_target.x, old_target.y) != (placement.x, placement.y)
            if instant:
                self._snap(ent, placement)
            else:
                if moved or esper.has_component(ent, Tween) or self._off_target(ent):
                    self._tween_to(ent, placement, moving * stagger)
                    moving += 1
                else:
                    esper.component_for_entity(ent, Depth).z = placement.z
                if changed_face:
                    esper.add_component(ent, Flip(face.card, face.face_up,
                                                  BASE_FLIP_SECONDS * self._pace,
                                                  delay=max(0.0, (moving - 1) * stagger)))
            face.key, face.card, face.face_up = placement.key, placement.card, placement.face_up
        for key in vanished:
            if key in self.entities:
                esper.delete_entity(self.entities.pop(key), immediate=True)
        if mode == "deal":
            give_back_freed_memory()  # between deals: the last one's image churn
            self.deal_held = 0.0
        self._prepare(dealt)

    def _prepare(self, dealt: list[Placement]) -> None:
        """Queue what the dealt cards will show, in the order they go: each face lifted
        (in flight) and at rest. The deal waits until these are drawn (``draw_items``)."""
        if self.sprites.art is None:
            return
        self.sprites.prepare(
            Look(p.key, p.card if p.face_up else None, p.dim, lifted, lifted or p.shadow,
                 1.0, 0.0, p.scale, (0, 0), 0.0, p.strip)
            for p in dealt for lifted in (True, False))

    def _forget_pointer(self, wanted_keys: set[str]) -> None:
        """The state changed under the player's hand: a drag in progress ends (its cards
        go to their new places, or vanish), and a press on a vanishing card is forgotten."""
        if self._dragged is not None:
            self._drop_drag()
            self._press = None
        elif self._press is not None and self._press[0] and self._press[0] not in wanted_keys:
            self._press = None
        self._group = []

    def _adopt(self, placement: Placement, vanished: list[str]) -> int | None:
        """Reuse an entity whose key just vanished, so no card pops in or out of existence:
        a card that became known takes over a face-down one (the top of a pile turned
        up); a card that became hidden takes over any (a waste turned over into a pack).
        The same zone is preferred."""
        def fits(key: str) -> bool:
            old = esper.component_for_entity(self.entities[key], Target).placement
            return placement.card is None or old.card is None

        def zone(key: str) -> str:
            return esper.component_for_entity(self.entities[key], Target).placement.zone

        choices = [k for k in vanished if fits(k)]
        if not choices:
            return None
        key = next((k for k in choices if zone(k) == placement.zone), choices[0])
        vanished.remove(key)
        ent = self.entities.pop(key)
        self.entities[placement.key] = ent
        return ent

    def _create(self, placement: Placement, origin: tuple[float, float] | None) -> int:
        x, y = origin if origin is not None else (placement.x, placement.y)
        ent = esper.create_entity(
            Transform(x, y, 0.0, x, y, 0.0),
            CardFace(placement.key, placement.card if origin is None else None,
                     placement.face_up if origin is None else False, placement.dim),
            Target(placement), Depth(placement.z))
        self.entities[placement.key] = ent
        return ent

    def _off_target(self, ent: int) -> bool:
        t = esper.component_for_entity(ent, Transform)
        p = esper.component_for_entity(ent, Target).placement
        return (t.x, t.y, t.angle) != (p.x, p.y, 0.0) or esper.has_component(ent, PhysicsBody)

    def _snap(self, ent: int, placement: Placement) -> None:
        self._release_body(ent)
        for comp in (Tween, Flip, DealLaunch, Dragging):
            esper.try_remove_component(ent, comp)
        t = esper.component_for_entity(ent, Transform)
        t.x, t.y, t.angle = placement.x, placement.y, 0.0
        t.remember()
        esper.component_for_entity(ent, Depth).z = placement.z

    @property
    def _pace(self) -> float:
        """The animation scale, where cards are animated (never with no animation)."""
        assert self.animation_scale is not None
        return self.animation_scale

    def _tween_to(self, ent: int, placement: Placement, delay: float) -> None:
        self._release_body(ent)
        esper.try_remove_component(ent, DealLaunch)
        t = esper.component_for_entity(ent, Transform)
        distance = math.hypot(placement.x - t.x, placement.y - t.y)
        seconds = BASE_MOVE_SECONDS * (0.6 + min(distance, 1200) / 1200) * self._pace
        esper.add_component(ent, Tween(t.x, t.y, t.angle, placement.x, placement.y,
                                       seconds, delay))
        esper.component_for_entity(ent, Depth).z = FLYING_Z + placement.z

    def _start_deal(self, ent: int, placement: Placement, origin: tuple[float, float] | None,
                    order: int) -> None:
        start = origin if origin is not None else (placement.x, placement.y)
        if math.dist(start, (placement.x, placement.y)) < 0.25 * self.card_w:  # stays in the pile
            self._snap(ent, placement)
            face = esper.component_for_entity(ent, CardFace)
            if placement.face_up:  # turned over where it lies, once the deal is under way
                esper.add_component(ent, Flip(None, False, BASE_FLIP_SECONDS * self._pace,
                                              delay=order * BASE_DEAL_INTERVAL
                                              * self._pace))
            face.card, face.face_up = placement.card, placement.face_up
            return
        self._snap(ent, Placement(placement.key, None, start[0], start[1], FLYING_Z + 100 - order,
                                  False, placement.zone))
        face = esper.component_for_entity(ent, CardFace)
        face.card, face.face_up = None, False
        esper.add_component(ent, DealLaunch(order * BASE_DEAL_INTERVAL * self._pace,
                                            start))

    def _release_body(self, ent: int) -> None:
        phys = esper.try_component(ent, PhysicsBody)
        if phys is not None:
            self.physics.remove(phys.body, phys.shapes)
            esper.remove_component(ent, PhysicsBody)

    # -- animation state ------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        self._use()
        return any(True for _ in itertools.chain(
            esper.get_component(Tween), esper.get_component(Flip),
            esper.get_component(DealLaunch),
            ((e, b) for e, b in esper.get_component(PhysicsBody) if e != self._dragged_ent())))

    def finish_animations(self) -> None:
        """Jump every moving card to its place (input arrived mid-animation)."""
        self._use()
        held = self.dragged_keys
        for key, ent in self.entities.items():
            if key in held:
                continue
            if any(esper.has_component(ent, c) for c in (Tween, Flip, DealLaunch, PhysicsBody)):
                self._snap(ent, esper.component_for_entity(ent, Target).placement)

    def update(self, dt: float) -> None:
        self._use()
        esper.process(dt)

    # -- pointer gestures -----------------------------------------------------------------

    def card_size(self, placement: Placement) -> tuple[float, float]:
        """A card's size in logical units at its placement's scale."""
        return self.card_w * placement.scale, self.card_h * placement.scale

    def _rect_now(self, ent: int) -> pygame.Rect:
        """Where the card is now (not where it rests), in logical units."""
        t = esper.component_for_entity(ent, Transform)
        w, h = self.card_size(esper.component_for_entity(ent, Target).placement)
        return pygame.Rect(round(t.x), round(t.y), round(w), round(h))

    def hit_test(self, pos: tuple[float, float], interactive_only: bool = True,
                 exclude: str | Collection[str] | None = None) -> str | None:
        """The topmost card (or else zone) under ``pos``, ignoring the card or cards in
        ``exclude`` (pass ``dragged_keys`` to look under a dragged run)."""
        self._use()
        skip = {exclude} if isinstance(exclude, str) else set(exclude or ())
        best: tuple[float, str] | None = None
        for key, ent in self.entities.items():
            if key in skip:
                continue
            target = esper.component_for_entity(ent, Target).placement
            if interactive_only and not target.interactive:
                continue
            t = esper.component_for_entity(ent, Transform)
            w, h = self.card_size(target)
            if t.x <= pos[0] <= t.x + w and t.y <= pos[1] <= t.y + h:
                z = esper.component_for_entity(ent, Depth).z
                if best is None or z > best[0]:
                    best = (z, key)
        if best is not None:
            return best[1]
        for name, rect in self.zones.items():
            if rect.collidepoint(pos):
                return name
        return None

    def _drop_target(self, key: str) -> str | None:
        """The card or zone the dragged card (and its run) was let go over: the one under
        the pointer, else the one the card overlaps most."""
        held = self.dragged_keys
        under = self.hit_test(self.pointer, exclude=held)
        if under is not None:
            return under
        dragged = self._rect_now(self.entities[key])
        candidates = [(k, self._rect_now(e)) for k, e in self.entities.items()
                      if k not in held and esper.component_for_entity(e, Target).placement
                      .interactive]
        best, best_area = None, 0
        for other, rect in candidates + list(self.zones.items()):
            clip = dragged.clip(rect)
            if clip.w * clip.h > best_area:
                best, best_area = other, clip.w * clip.h
        return best if best_area > 0.25 * dragged.w * dragged.h else None

    def pointer_down(self, pos: tuple[float, float]) -> str | None:
        self.pointer = pos
        if self.animating:
            self.finish_animations()
        key = self.hit_test(pos)
        self._press = (key, pos) if key is not None else ("", pos)
        return key

    def pointer_move(self, pos: tuple[float, float]) -> None:
        self.pointer = pos
        if self._press is None or self._dragged is not None:
            return
        key, start = self._press
        if key and key in self.entities and math.dist(start, pos) >= DRAG_THRESHOLD:
            self._begin_drag(key, start)

    def pointer_up(self, pos: tuple[float, float]) -> Gesture | None:
        """The gesture the press made: a click, a drop, or a cancel when the dragged card
        left the table meanwhile."""
        self.pointer = pos
        press, self._press = self._press, None
        if self._dragged is not None:
            self._use()
            key = self._dragged
            if key not in self.entities:
                self._drop_drag()
                return Gesture("cancel", key, None, pos)
            target = self._drop_target(key)
            self._drop_drag()
            return Gesture("drop", key, target, pos)
        if press is None:
            return None
        return Gesture("click", press[0] or None, None, pos)

    def cancel_drag(self) -> None:
        """Right-click or Esc mid-drag: the run flies back to its places."""
        key = self._dragged
        if key is not None:
            group = self.dragged_keys
            self._drop_drag()
            self._press = None
            self._fly_home(group)

    @property
    def dragging(self) -> str | None:
        """The card picked up (leading its run), if a drag is in progress."""
        return self._dragged

    @property
    def dragged_keys(self) -> tuple[str, ...]:
        """Every card travelling with the pointer: the picked card and its run."""
        return tuple(self._group) if self._dragged is not None else ()

    def _dragged_ent(self) -> int | None:
        return self.entities.get(self._dragged) if self._dragged else None

    def _begin_drag(self, key: str, start: tuple[float, float]) -> None:
        self._use()
        ent = self.entities[key]
        self._group = [key] + [k for k in self.drag_group(key) if k in self.entities and k != key]
        for k in self._group:
            self._snap(self.entities[k], esper.component_for_entity(self.entities[k],
                                                                     Target).placement)
        t = esper.component_for_entity(ent, Transform)
        esper.add_component(ent, Dragging(start[0] - t.x, start[1] - t.y))
        esper.component_for_entity(ent, Depth).z = DRAG_Z
        for n, follower in enumerate(self._group[1:]):
            other = self.entities[follower]
            ft = esper.component_for_entity(other, Transform)
            esper.add_component(other, Dragging(ft.x - t.x, ft.y - t.y, lead=ent))
            esper.component_for_entity(other, Depth).z = DRAG_Z + 1 + n
        w, h = self.card_size(esper.component_for_entity(ent, Target).placement)
        if self.animation_scale is not None:
            body, constraints = self.physics.grab((t.x + w / 2, t.y + h / 2), start)
            esper.add_component(ent, PhysicsBody(body, constraints))
        self._dragged = key

    def _drop_drag(self) -> None:
        """Let go of the dragged cards where they are (those still on the table); the
        group is remembered for ``fly_back``."""
        if self._dragged is None:
            return
        self._use()
        for k in self._group:
            ent = self.entities.get(k)
            if ent is not None:
                self._release_body(ent)
                esper.try_remove_component(ent, Dragging)
        self._dragged = None

    def fly_back(self, key: str) -> None:
        """An illegal drop: the card (and the run it led) returns to where the rules say."""
        self._fly_home(self._group if key in self._group else [key])

    def _fly_home(self, keys: Iterable[str]) -> None:
        self._use()
        for k in keys:
            ent = self.entities.get(k)
            if ent is None:
                continue
            placement = esper.component_for_entity(ent, Target).placement
            if self.animation_scale is None:
                self._snap(ent, placement)
            else:
                self._tween_to(ent, placement, 0.0)
                esper.component_for_entity(ent, Tween).easing = "out_back"

    # -- highlights -----------------------------------------------------------------------

    def set_highlight(self, key: str, kind: str | None) -> None:
        """Ring the card ``key``, or outline the zone ``key`` (a place with no card in it
        is lit all the same); ``kind`` None takes the light off."""
        self._use()
        ent = self.entities.get(key)
        if ent is None:
            if kind is None:
                self._lit_zones.pop(key, None)
            elif key in self.zones:
                self._lit_zones[key] = kind
            return
        if kind is None:
            esper.try_remove_component(ent, Highlight)
        else:
            esper.add_component(ent, Highlight(kind))

    def clear_highlights(self, kind: str | None = None) -> None:
        self._use()
        for ent, hl in list(esper.get_component(Highlight)):
            if kind is None or hl.kind == kind:
                esper.remove_component(ent, Highlight)
        self._lit_zones = {z: k for z, k in self._lit_zones.items()
                           if kind is not None and k != kind}

    def highlighted(self, kind: str) -> list[str]:
        """The cards, then the zones, lit as ``kind``."""
        self._use()
        return [esper.component_for_entity(e, CardFace).key
                for e, hl in esper.get_component(Highlight) if hl.kind == kind] + [
            zone for zone, k in self._lit_zones.items() if k == kind]

    # -- queries for tests and scenes -----------------------------------------------------

    def position(self, key: str) -> tuple[float, float]:
        self._use()
        t = esper.component_for_entity(self.entities[key], Transform)
        return t.x, t.y

    def placement(self, key: str) -> Placement:
        self._use()
        return esper.component_for_entity(self.entities[key], Target).placement

    def card_rect(self, key: str) -> pygame.Rect:
        """Where the card rests, in logical units."""
        p = self.placement(key)
        w, h = self.card_size(p)
        return pygame.Rect(round(p.x), round(p.y), round(w), round(h))

    def visible_rects(self, keys: Iterable[str]) -> dict[str, pygame.Rect]:
        """Where each card rests, less what the cards lying on it in its pile cover: a
        column's covered card shows a strip at its top, a fanned hand's at its left."""
        self._use()
        piles: dict[str, list[tuple[float, pygame.Rect]]] = {}
        for ent in self.entities.values():
            p = esper.component_for_entity(ent, Target).placement
            w, h = self.card_size(p)
            piles.setdefault(p.zone, []).append(
                (p.z, pygame.Rect(round(p.x), round(p.y), round(w), round(h))))
        out = {}
        for key in keys:
            p = self.placement(key)
            rect = self.card_rect(key)
            for z, above in piles[p.zone]:
                if z <= p.z or not above.colliderect(rect):
                    continue
                dx, dy = above.left - rect.left, above.top - rect.top
                if dx > 0 and dx * rect.h >= dy * rect.w:
                    rect.width = min(rect.width, dx)
                elif dy > 0:
                    rect.height = min(rect.height, dy)
            out[key] = rect
        return out

    # -- drawing --------------------------------------------------------------------------

    def draw_items(self, alpha: float) -> list[DrawItem]:
        self._use()
        vp, sprites = self.viewport, self.sprites
        if vp is None or sprites.art is None:
            return []
        if sprites.warming:  # once a frame, not a step: a frame does one budget's worth
            budget = max(WARM_MIN_SECONDS, WARM_SECONDS_PER_PIXEL * vp.size[0] * vp.size[1])
            sprites.warm(budget, budget)
        looks: list[Look] = []
        rings: list[DrawItem] = []
        hidden = self._hidden_in_deck()
        # the few cards turning, held or ringed, looked up once a frame, not per card
        flips = dict(esper.get_component(Flip))
        held = {ent for ent, _ in esper.get_component(Dragging)}
        highlights = dict(esper.get_component(Highlight))
        for ent, (t, face, depth, target) in esper.get_components(Transform, CardFace, Depth,
                                                                   Target):
            if ent in hidden:
                continue
            x, y, angle = t.lerp(alpha)
            card, face_up, squash = face.card, face.face_up, 1.0
            flip = flips.get(ent)
            if flip is not None and flip.elapsed > flip.delay:
                progress = min(1.0, (flip.elapsed - flip.delay) / flip.duration)
                if progress < 0.5:
                    card, face_up = flip.shown_card, flip.shown_face_up
                squash = abs(math.cos(math.pi * progress))
            elif flip is not None:
                card, face_up = flip.shown_card, flip.shown_face_up
            lifted = ent in held or depth.z >= FLYING_Z
            scale = target.placement.scale
            pos = vp.to_px(x, y)
            looks.append(Look(face.key, card if face_up else None, face.dim, lifted,
                              face.shadow or lifted, squash, angle, scale, pos, depth.z,
                              target.placement.strip))
            hl = highlights.get(ent)
            if hl is not None:
                art = sprites.art_for(scale)
                ox, oy = art.highlight_offset
                rings.append(DrawItem(("hl", face.key), art.highlight(hl.kind),
                                      (pos[0] + ox, pos[1] + oy), depth.z + 0.5))
        return sprites.draw(looks) + rings + self._zone_rings(vp, sprites.art)

    def _zone_rings(self, vp: Viewport, art: CardArt) -> list[DrawItem]:
        """Each lit zone outlined in its light's colour, as thick as a card's ring, under
        the cards (a card dropped there covers it)."""
        items = []
        thick = max(2, round(art.width * 0.03))
        for zone, kind in self._lit_zones.items():
            rect = self.zones.get(zone)
            if rect is None:
                continue
            x, y, w, h = vp.rect_px(*rect)
            ring = ui.ring(w + 2 * thick, h + 2 * thick, HIGHLIGHTS[kind], thick,
                           art.radius + thick)
            items.append(DrawItem(("lit", zone), ring, (x - thick, y - thick), 0.5))
        return items


    def _hidden_in_deck(self) -> set[int]:
        """Cards waiting to be dealt lie exactly under the next one to go: drawing them
        all (52 lifted sprites at one spot) would cost a full redraw's worth of blits
        for one visible card."""
        waiting = [(esper.component_for_entity(e, Depth).z, e)
                   for e, _ in esper.get_component(DealLaunch)]
        if not waiting:
            return set()
        top = max(waiting)[1]
        return {e for _, e in waiting if e != top}

# -- processors (fixed step) -----------------------------------------------------------------

class _Remember(esper.Processor):
    def process(self, dt: float) -> None:
        for _, t in esper.get_component(Transform):
            t.prev_x, t.prev_y, t.prev_angle = t.x, t.y, t.angle  # t.remember(), inlined


class _DragFollow(esper.Processor):
    def __init__(self, table: CardTable) -> None:
        self.table = table

    def process(self, dt: float) -> None:
        px, py = self.table.pointer
        for ent, (t, drag) in esper.get_components(Transform, Dragging):
            if drag.lead is not None:
                continue
            if esper.has_component(ent, PhysicsBody):
                self.table.physics.move_pointer((px, py), dt)
            else:
                t.x, t.y = px - drag.grab_dx, py - drag.grab_dy


class _Trail(esper.Processor):
    """A dragged run keeps its shape behind the card leading it (after physics moved it)."""

    def process(self, dt: float) -> None:
        for _, (t, drag) in esper.get_components(Transform, Dragging):
            if drag.lead is not None:
                lead = esper.component_for_entity(drag.lead, Transform)
                t.x, t.y = lead.x + drag.grab_dx, lead.y + drag.grab_dy


class _Physics(esper.Processor):
    """Launch dealt cards when their turn comes, step the space, copy bodies back,
    and retire bodies that have settled on their target."""

    SETTLE_DISTANCE = 0.6
    SETTLE_SPEED = 6.0
    MAX_FLIGHT = 3.0

    def __init__(self, table: CardTable) -> None:
        self.table = table

    def process(self, dt: float) -> None:
        table = self.table
        # the deal holds while the images it will show are drawn ahead (CardTable.draw_items)
        holding = table.sprites.warming and table.deal_held < MAX_DEAL_HOLD
        if holding:
            table.deal_held += dt
        for ent, launch in [] if holding else list(esper.get_component(DealLaunch)):
            launch.delay -= dt
            if launch.delay > 0:
                continue
            esper.remove_component(ent, DealLaunch)
            target = esper.component_for_entity(ent, Target).placement
            scale = table.animation_scale or 1.0
            w, h = table.card_size(target)
            body, constraints = table.physics.launch(
                (launch.origin[0] + w / 2, launch.origin[1] + h / 2),
                (target.x + w / 2, target.y + h / 2), 1.0 / (scale * scale))
            esper.add_component(ent, PhysicsBody(body, constraints))
            face = esper.component_for_entity(ent, CardFace)
            if target.face_up:
                esper.add_component(ent, Flip(None, False, BASE_FLIP_SECONDS * 1.5 * scale))
            face.card, face.face_up = target.card, target.face_up
            esper.component_for_entity(ent, Depth).z = FLYING_Z + target.z
        if not any(True for _ in esper.get_component(PhysicsBody)):
            return
        table.physics.step(dt)
        dragged = table._dragged_ent()
        for ent, (t, phys, home) in list(esper.get_components(Transform, PhysicsBody, Target)):
            body, target = phys.body, home.placement
            x, y = body.position  # each pymunk property read crosses into C: read once
            t.x = x - table.card_w * target.scale / 2
            t.y = y - table.card_h * target.scale / 2
            t.angle = -math.degrees(body.angle)
            if ent == dragged:
                continue
            phys.age += dt
            resting = (math.hypot(t.x - target.x, t.y - target.y) < self.SETTLE_DISTANCE
                       and abs(t.angle) < 0.5 and body.velocity.length < self.SETTLE_SPEED)
            phys.settled_for = phys.settled_for + dt if resting else 0.0
            if phys.settled_for > 0.05 or phys.age > self.MAX_FLIGHT:
                table._release_body(ent)
                t.x, t.y, t.angle = target.x, target.y, 0.0
                esper.component_for_entity(ent, Depth).z = target.z


class _Tweens(esper.Processor):
    def process(self, dt: float) -> None:
        ease = easing.EASINGS
        done = []
        for ent, (t, tw) in esper.get_components(Transform, Tween):
            tw.elapsed += dt
            run = tw.elapsed - tw.delay
            if run < 0:
                continue
            if run >= tw.duration:
                t.x, t.y, t.angle = tw.x1, tw.y1, 0.0
                done.append(ent)
                continue
            eased = ease[tw.easing](run / tw.duration)
            t.x = tw.x0 + (tw.x1 - tw.x0) * eased
            t.y = tw.y0 + (tw.y1 - tw.y0) * eased
            t.angle = tw.angle0 * (1 - eased)
        for ent in done:  # removed after the loop: the query is not copied every step
            esper.remove_component(ent, Tween)
            esper.component_for_entity(ent, Depth).z = (
                esper.component_for_entity(ent, Target).placement.z)


class _Flips(esper.Processor):
    def process(self, dt: float) -> None:
        for ent, flip in list(esper.get_component(Flip)):
            flip.elapsed += dt
            if flip.elapsed >= flip.delay + flip.duration:
                esper.remove_component(ent, Flip)
