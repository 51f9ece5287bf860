"""Logical layout units mapped onto the real window.

Scenes lay everything out in a fixed design space of 1920x1080 units. The viewport
maps it onto the actual window with one uniform scale (letterboxed), so a 4K TV
gets cards drawn at 4K pixel sizes instead of an upscaled blur. TV mode shrinks
the usable area to the broadcast safe area and asks for larger text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

DESIGN_W = 1920
DESIGN_H = 1080
TV_SAFE_MARGIN = 0.05  # per side: the inner 90 % is safe on an overscanning TV


@dataclass(frozen=True)
class Viewport:
    width: int
    height: int
    tv_mode: bool = False
    # Window pixels (x, y, w, h) the design space is fitted into, when not the whole
    # window (TV margins then come from whoever chose the area): the replay viewer
    # shows a game above its controls this way.
    area: tuple[int, int, int, int] | None = None
    scale: float = field(init=False)
    left: float = field(init=False)
    top: float = field(init=False)

    def __post_init__(self) -> None:
        if self.area is None:
            margin = TV_SAFE_MARGIN if self.tv_mode else 0.0
            x, y, w, h = 0.0, 0.0, float(self.width), float(self.height)
            w, h = w * (1 - 2 * margin), h * (1 - 2 * margin)
            x, y = (self.width - w) / 2, (self.height - h) / 2
        else:
            x, y, w, h = self.area
        # A window (or an area in it) of a pixel or less still has a scale above 0, so
        # that to_logical never divides by zero; what is drawn there is just tiny.
        w, h = max(1.0, w), max(1.0, h)
        scale = min(w / DESIGN_W, h / DESIGN_H)
        object.__setattr__(self, "scale", scale)
        object.__setattr__(self, "left", x + (w - DESIGN_W * scale) / 2)
        object.__setattr__(self, "top", y + (h - DESIGN_H * scale) / 2)

    def within(self, top_left: tuple[float, float], bottom_right: tuple[float, float]
               ) -> Viewport:
        """A viewport of the same window that fits the whole design space into the part
        of this one between two design points."""
        (x0, y0), (x1, y1) = self.to_px(*top_left), self.to_px(*bottom_right)
        return Viewport(self.width, self.height, self.tv_mode, (x0, y0, x1 - x0, y1 - y0))

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    @property
    def text_scale(self) -> float:
        """Extra text magnification for the 10-foot (sofa) view."""
        return 1.3 if self.tv_mode else 1.0

    def to_px(self, x: float, y: float) -> tuple[int, int]:
        return round(self.left + x * self.scale), round(self.top + y * self.scale)

    def to_logical(self, pos: tuple[float, float]) -> tuple[float, float]:
        return (pos[0] - self.left) / self.scale, (pos[1] - self.top) / self.scale

    def px(self, length: float) -> int:
        return max(1, round(length * self.scale))

    def rect_px(self, x: float, y: float, w: float, h: float) -> tuple[int, int, int, int]:
        left, top = self.to_px(x, y)
        right, bottom = self.to_px(x + w, y + h)
        return left, top, right - left, bottom - top
