"""ECS components (esper) for the presentation of cards. They mirror the rules
state, never own it: the scene rebuilds targets from observations."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Placement:
    """Where the scene wants one card to rest (logical units, top-left corner).

    ``key`` names the entity and nothing more: often the card uid for a card whose face
    the viewer knows, or a stable placeholder such as ``"stock#3"`` for a face-down
    unknown card, but never read as a card (two decks can show the same card twice
    under two keys); what is drawn is ``card``. ``zone`` groups
    places ("stock", "waste", "pyramid", "hand:2"): when a hidden card turns up, its
    entity is reused for the card that appears in the same zone.
    """

    key: str
    card: str | None
    x: float
    y: float
    z: int
    face_up: bool
    zone: str
    interactive: bool = False
    dim: bool = False
    shadow: bool = True  # only a pile's bottom card casts one, or the pile turns black
    scale: float = 1.0  # drawn, hit and dragged at this share of the table's card size
    strip: bool = False  # shown as CardArt.strip_face: covered in a column too tight for its index


@dataclass(slots=True)
class Transform:
    x: float
    y: float
    angle: float = 0.0  # degrees, counter-clockwise
    prev_x: float = 0.0
    prev_y: float = 0.0
    prev_angle: float = 0.0

    def remember(self) -> None:
        self.prev_x, self.prev_y, self.prev_angle = self.x, self.y, self.angle

    def lerp(self, alpha: float) -> tuple[float, float, float]:
        return (self.prev_x + (self.x - self.prev_x) * alpha,
                self.prev_y + (self.y - self.prev_y) * alpha,
                self.prev_angle + (self.angle - self.prev_angle) * alpha)


@dataclass(slots=True)
class CardFace:
    key: str
    card: str | None  # uid, None while unknown
    face_up: bool
    dim: bool = False
    shadow: bool = True


@dataclass(slots=True)
class Target:
    placement: Placement


@dataclass(slots=True)
class Depth:
    z: float


@dataclass(slots=True)
class Tween:
    x0: float
    y0: float
    angle0: float
    x1: float
    y1: float
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0
    easing: str = "out_cubic"


@dataclass(slots=True)
class Flip:
    """Turning over: the old face shows for the first half, the new for the second."""

    shown_card: str | None
    shown_face_up: bool
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0


@dataclass(slots=True)
class DealLaunch:
    """Waiting to leave the deck: after ``delay`` the card gets a physics body."""

    delay: float
    origin: tuple[float, float]


@dataclass(slots=True)
class PhysicsBody:
    body: Any  # pymunk.Body
    shapes: list[Any] = field(default_factory=list)  # constraints owned by this body
    settled_for: float = 0.0
    age: float = 0.0


@dataclass(slots=True)
class Dragging:
    grab_dx: float  # pointer offset from the card's top-left when picked up
    grab_dy: float
    lead: int | None = None  # in a dragged run: the picked card, which this one trails


@dataclass(slots=True)
class Highlight:
    kind: str  # "selected" | "hint" | "error" | "drop"
