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
MIN_WINDOW = (1280, 720)


@dataclass(frozen=True)
class Viewport:
    width: int
    height: int
    tv_mode: bool = False
    scale: float = field(init=False)
    left: float = field(init=False)
    top: float = field(init=False)

    def __post_init__(self) -> None:
        margin = TV_SAFE_MARGIN if self.tv_mode else 0.0
        usable_w = self.width * (1 - 2 * margin)
        usable_h = self.height * (1 - 2 * margin)
        scale = min(usable_w / DESIGN_W, usable_h / DESIGN_H)
        object.__setattr__(self, "scale", scale)
        object.__setattr__(self, "left", (self.width - DESIGN_W * scale) / 2)
        object.__setattr__(self, "top", (self.height - DESIGN_H * scale) / 2)

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
