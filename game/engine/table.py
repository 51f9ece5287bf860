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
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import esper
import pygame

from game.cards import card_from_uid
from game.engine import easing
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

FLYING_Z = 5000  # cards in flight draw above the table
DRAG_Z = 9000
DRAG_THRESHOLD = 8.0  # logical units the pointer must travel before a press becomes a drag
BASE_MOVE_SECONDS = 0.28
BASE_FLIP_SECONDS = 0.22
BASE_DEAL_INTERVAL = 0.028
FLIP_STEPS = 12  # squash images cached per flip


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
        self.animation_scale: float | None = 1.0  # None: no animation at all
        self.pointer: tuple[float, float] = (0.0, 0.0)
        self._press: tuple[str, tuple[float, float]] | None = None
        self._dragged: str | None = None
        # Which cards travel with a picked card (a run in a column); the scene decides.
        self.drag_group: Callable[[str], list[str]] = lambda key: [key]
        self._group: list[str] = []
        self.viewport: Viewport | None = None
        self.art = None
        self._images: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
        esper.switch_world(self.world)
        for priority, proc in enumerate(reversed(
                [_Remember(), _DragFollow(self), _Physics(self), _Trail(), _Tweens(),
                 _Flips()])):
            esper.add_processor(proc, priority)

    # -- set-up ---------------------------------------------------------------------

    def set_view(self, viewport: Viewport, art) -> None:  # noqa: ANN001 - CardArt
        """New window size or deck style: card images are redrawn at the new size."""
        self.viewport, self.art = viewport, art
        self._images.clear()

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
        vanished = [k for k in self.entities if k not in wanted_keys]
        instant = self.animation_scale is None or mode == "snap"
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
            if mode == "deal" and not instant:
                self._start_deal(ent, placement, origin, moving)
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
                                                  BASE_FLIP_SECONDS * self.animation_scale,
                                                  delay=max(0.0, (moving - 1) * stagger)))
            face.key, face.card, face.face_up = placement.key, placement.card, placement.face_up
            face.dim, face.shadow = placement.dim, placement.shadow
        for key in vanished:
            if key in self.entities:
                esper.delete_entity(self.entities.pop(key), immediate=True)

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

    def _tween_to(self, ent: int, placement: Placement, delay: float) -> None:
        self._release_body(ent)
        esper.try_remove_component(ent, DealLaunch)
        t = esper.component_for_entity(ent, Transform)
        distance = math.hypot(placement.x - t.x, placement.y - t.y)
        seconds = BASE_MOVE_SECONDS * (0.6 + min(distance, 1200) / 1200) * self.animation_scale
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
                esper.add_component(ent, Flip(None, False, BASE_FLIP_SECONDS * self.animation_scale,
                                              delay=order * BASE_DEAL_INTERVAL
                                              * self.animation_scale))
            face.card, face.face_up = placement.card, placement.face_up
            return
        self._snap(ent, Placement(placement.key, None, start[0], start[1], FLYING_Z + 100 - order,
                                  False, placement.zone))
        face = esper.component_for_entity(ent, CardFace)
        face.card, face.face_up = None, False
        esper.add_component(ent, DealLaunch(order * BASE_DEAL_INTERVAL * self.animation_scale,
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
        for key, ent in self.entities.items():
            if key == self._dragged:
                continue
            if any(esper.has_component(ent, c) for c in (Tween, Flip, DealLaunch, PhysicsBody)):
                self._snap(ent, esper.component_for_entity(ent, Target).placement)

    def update(self, dt: float) -> None:
        self._use()
        esper.process(dt)

    # -- pointer gestures -----------------------------------------------------------------

    def hit_test(self, pos: tuple[float, float], interactive_only: bool = True,
                 exclude: str | None = None) -> str | None:
        """The topmost card (or else zone) under ``pos``."""
        self._use()
        best: tuple[float, str] | None = None
        for key, ent in self.entities.items():
            if key == exclude:
                continue
            target = esper.component_for_entity(ent, Target).placement
            if interactive_only and not target.interactive:
                continue
            t = esper.component_for_entity(ent, Transform)
            if t.x <= pos[0] <= t.x + self.card_w and t.y <= pos[1] <= t.y + self.card_h:
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
        """The card or zone the dragged card was let go over: the one under the pointer,
        else the one the card overlaps most."""
        under = self.hit_test(self.pointer, exclude=key)
        if under is not None:
            return under
        t = esper.component_for_entity(self.entities[key], Transform)
        dragged = pygame.Rect(round(t.x), round(t.y), round(self.card_w), round(self.card_h))
        best, best_area = None, 0
        candidates = [(k, pygame.Rect(round(esper.component_for_entity(e, Transform).x),
                                      round(esper.component_for_entity(e, Transform).y),
                                      round(self.card_w), round(self.card_h)))
                      for k, e in self.entities.items()
                      if k != key and esper.component_for_entity(e, Target).placement.interactive]
        candidates += list(self.zones.items())
        for other, rect in candidates:
            clip = dragged.clip(rect)
            if clip.w * clip.h > best_area:
                best, best_area = other, clip.w * clip.h
        return best if best_area > 0.25 * self.card_w * self.card_h else None

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
        self.pointer = pos
        press, self._press = self._press, None
        if self._dragged is not None:
            key, self._dragged = self._dragged, None
            self._use()
            ent = self.entities[key]
            target = self._drop_target(key)
            self._end_drag(ent)
            return Gesture("drop", key, target, pos)
        if press is None:
            return None
        return Gesture("click", press[0] or None, None, pos)

    def cancel_drag(self) -> None:
        if self._dragged is not None:
            ent = self.entities[self._dragged]
            self._dragged, self._press = None, None
            self._end_drag(ent)
            self.fly_back(esper.component_for_entity(ent, CardFace).key)

    @property
    def dragging(self) -> str | None:
        return self._dragged

    def _dragged_ent(self) -> int | None:
        return self.entities.get(self._dragged) if self._dragged else None

    def _begin_drag(self, key: str, start: tuple[float, float]) -> None:
        self._use()
        ent = self.entities[key]
        self._group = [k for k in self.drag_group(key) if k in self.entities] or [key]
        for k in self._group:
            self._snap(self.entities[k], esper.component_for_entity(self.entities[k],
                                                                     Target).placement)
        t = esper.component_for_entity(ent, Transform)
        esper.add_component(ent, Dragging(start[0] - t.x, start[1] - t.y))
        esper.component_for_entity(ent, Depth).z = DRAG_Z
        for n, follower in enumerate(k for k in self._group if k != key):
            other = self.entities[follower]
            ft = esper.component_for_entity(other, Transform)
            esper.add_component(other, Dragging(ft.x - t.x, ft.y - t.y, lead=ent))
            esper.component_for_entity(other, Depth).z = DRAG_Z + 1 + n
        centre = (t.x + self.card_w / 2, t.y + self.card_h / 2)
        if self.animation_scale is not None:
            body, constraints = self.physics.grab(centre, start)
            esper.add_component(ent, PhysicsBody(body, constraints))
        self._dragged = key

    def _end_drag(self, ent: int) -> None:
        self._release_body(ent)
        for k in self._group:
            esper.try_remove_component(self.entities[k], Dragging)
        esper.try_remove_component(ent, Dragging)

    def fly_back(self, key: str) -> None:
        """An illegal drop: the card (and the run it led) returns to where the rules say."""
        self._use()
        group = self._group if key in self._group else [key]
        for k in group:
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
        self._use()
        ent = self.entities.get(key)
        if ent is None:
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

    def highlighted(self, kind: str) -> list[str]:
        self._use()
        return [esper.component_for_entity(e, CardFace).key
                for e, hl in esper.get_component(Highlight) if hl.kind == kind]

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
        return pygame.Rect(round(p.x), round(p.y), round(self.card_w), round(self.card_h))

    # -- drawing --------------------------------------------------------------------------

    def draw_items(self, alpha: float) -> list[DrawItem]:
        self._use()
        vp = self.viewport
        if vp is None or self.art is None:
            return []
        items: list[DrawItem] = []
        for ent, (t, face, depth) in esper.get_components(Transform, CardFace, Depth):
            x, y, angle = t.lerp(alpha)
            card, face_up, squash = face.card, face.face_up, 1.0
            flip = esper.try_component(ent, Flip)
            if flip is not None and flip.elapsed > flip.delay:
                progress = min(1.0, (flip.elapsed - flip.delay) / flip.duration)
                if progress < 0.5:
                    card, face_up = flip.shown_card, flip.shown_face_up
                squash = abs(math.cos(math.pi * progress))
            elif flip is not None:
                card, face_up = flip.shown_card, flip.shown_face_up
            lifted = esper.has_component(ent, Dragging) or depth.z >= FLYING_Z
            image, (dx, dy) = self._image(card if face_up else None, face.dim, lifted, squash,
                                          angle, face.shadow or lifted)
            px, py = vp.to_px(x, y)
            items.append(DrawItem(face.key, image, (px + dx, py + dy), depth.z))
            hl = esper.try_component(ent, Highlight)
            if hl is not None:
                ring = self.art.highlight(hl.kind)
                ox, oy = self.art.highlight_offset
                items.append(DrawItem(("hl", face.key), ring, (px + ox, py + oy), depth.z + 0.5))
        return items

    def _image(self, card: str | None, dim: bool, lifted: bool, squash: float,
               angle: float, shadow: bool) -> tuple[pygame.Surface, tuple[int, int]]:
        """A card sprite with its shadow baked in, and its offset from the card's corner."""
        steps = round(squash * FLIP_STEPS)
        angle_key = round(angle / 2) * 2 % 360
        key = (card, dim, lifted, steps, angle_key, shadow)
        cached = self._images.get(key)
        if cached is not None:
            return cached
        art = self.art
        face = art.face(card_from_uid(card)) if card is not None else art.back()
        if dim:
            face = face.copy()
            face.fill((205, 205, 200, 255), special_flags=pygame.BLEND_RGBA_MULT)
        w, h = face.get_size()
        if steps < FLIP_STEPS:
            narrow = max(1, round(w * steps / FLIP_STEPS))
            face = pygame.transform.smoothscale(face, (narrow, h))
        with_shadow = shadow
        shadow = art.shadow(lifted)
        sx, sy = art.lifted_shadow_offset if lifted else art.shadow_offset
        sw, sh = shadow.get_size()
        # Shadow and card share one surface so each card costs one blit.
        fx, fy = (w - face.get_width()) // 2, 0
        left, top = min(sx, fx), min(sy, fy)
        right = max(sx + sw, fx + face.get_width())
        bottom = max(sy + sh, fy + h)
        sprite = pygame.Surface((right - left, bottom - top), pygame.SRCALPHA)
        if steps == FLIP_STEPS and with_shadow:
            sprite.blit(shadow, (sx - left, sy - top))
        sprite.blit(face, (fx - left, fy - top))
        offset = (left, top)
        if angle_key:
            centre = (w / 2 - left, h / 2 - top)
            rotated = pygame.transform.rotozoom(sprite, angle_key, 1.0)
            # keep the card's centre where it was
            rc = rotated.get_rect(center=(centre[0] + left, centre[1] + top))
            sprite, offset = rotated, (rc.x, rc.y)
        self._images[key] = (sprite.convert_alpha() if pygame.display.get_init()
                             and pygame.display.get_surface() else sprite, offset)
        return self._images[key]


# -- processors (fixed step) -----------------------------------------------------------------

class _Remember(esper.Processor):
    def process(self, dt: float) -> None:
        for _, t in esper.get_component(Transform):
            t.remember()


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
        w, h = table.card_w, table.card_h
        for ent, launch in list(esper.get_component(DealLaunch)):
            launch.delay -= dt
            if launch.delay > 0:
                continue
            esper.remove_component(ent, DealLaunch)
            target = esper.component_for_entity(ent, Target).placement
            scale = table.animation_scale or 1.0
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
        for ent, (t, phys) in list(esper.get_components(Transform, PhysicsBody)):
            body = phys.body
            t.x, t.y = body.position.x - w / 2, body.position.y - h / 2
            t.angle = -math.degrees(body.angle)
            if esper.has_component(ent, Dragging):
                continue
            phys.age += dt
            target = esper.component_for_entity(ent, Target).placement
            close = math.hypot(t.x - target.x, t.y - target.y) < self.SETTLE_DISTANCE
            slow = body.velocity.length < self.SETTLE_SPEED and abs(t.angle) < 0.5
            phys.settled_for = phys.settled_for + dt if close and slow else 0.0
            if phys.settled_for > 0.05 or phys.age > self.MAX_FLIGHT:
                table._release_body(ent)
                t.x, t.y, t.angle = target.x, target.y, 0.0
                esper.component_for_entity(ent, Depth).z = target.z


class _Tweens(esper.Processor):
    def process(self, dt: float) -> None:
        for ent, (t, tw) in list(esper.get_components(Transform, Tween)):
            tw.elapsed += dt
            if tw.elapsed < tw.delay:
                continue
            progress = min(1.0, (tw.elapsed - tw.delay) / max(tw.duration, 1e-6))
            eased = easing.EASINGS[tw.easing](progress)
            t.x = tw.x0 + (tw.x1 - tw.x0) * eased
            t.y = tw.y0 + (tw.y1 - tw.y0) * eased
            t.angle = tw.angle0 * (1 - eased)
            if progress >= 1.0:
                esper.remove_component(ent, Tween)
                t.angle = 0.0
                esper.component_for_entity(ent, Depth).z = (
                    esper.component_for_entity(ent, Target).placement.z)


class _Flips(esper.Processor):
    def process(self, dt: float) -> None:
        for ent, flip in list(esper.get_component(Flip)):
            flip.elapsed += dt
            if flip.elapsed >= flip.delay + flip.duration:
                esper.remove_component(ent, Flip)
