"""Reports the player must not miss (a damaged file set aside, a folder that could not
be made): every one of them, whole, in one panel over whatever scene is up. The hud's
message line holds one passing remark and is overwritten by the next; several files
damaged at once used to leave only the last one said, half hidden under the menu's
tiles."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine.layout import DESIGN_H, DESIGN_W, Viewport
from game.engine.render import DrawItem
from game.engine.ui import DIALOG_Z, ERROR, PANEL, text_image, wrap_text

NOTICE_Z = DIALOG_Z - 10  # over every button and table; under a dialog's dimmed backdrop
PANEL_W, PAD, GAP = DESIGN_W - 240, 30, 14
BOTTOM = DESIGN_H - 84  # clear of the message line under it
TALLEST = DESIGN_H - 200
SIZES = (28, 24, 20, 17)  # the largest at which every notice fits; else the smallest
BASE_SECONDS, SECONDS_PER_CHAR = 4.0, 0.06  # a slow reader's pace, and a little more


def reading_time(text: str) -> float:
    return BASE_SECONDS + SECONDS_PER_CHAR * len(text)


@dataclass
class Notices:
    texts: list[str] = field(default_factory=list)
    seconds_left: float = 0.0  # for all of them: each new one adds its reading time
    _image: tuple[tuple[object, ...], pygame.Surface] | None = field(default=None, repr=False)

    def add(self, text: str) -> None:
        if text not in self.texts:
            self.texts.append(text)
            self.seconds_left += reading_time(text)

    def clear(self) -> None:
        self.texts.clear()
        self.seconds_left = 0.0

    def update(self, dt: float, paused: bool) -> None:
        """Time passes only while they can be read (no dialog is drawn over them)."""
        if self.texts and not paused:
            self.seconds_left -= dt
            if self.seconds_left <= 0:
                self.clear()

    def rect(self, vp: Viewport) -> pygame.Rect | None:
        """The panel in logical units, or None when nothing is shown."""
        if not self.texts:
            return None
        height = self._panel(vp).get_height() / vp.scale
        return pygame.Rect((DESIGN_W - PANEL_W) // 2, round(BOTTOM - height), PANEL_W,
                           round(height))

    def draw_items(self, vp: Viewport) -> list[DrawItem]:
        rect = self.rect(vp)
        if rect is None:
            return []
        return [DrawItem(("notices",), self._panel(vp), vp.to_px(rect.x, rect.y), NOTICE_Z)]

    def _layout(self, vp: Viewport) -> tuple[float, int, list[list[str]]]:
        """The text size, the panel's height in pixels and each notice's lines: the
        largest size at which they all fit under TALLEST; at the smallest, as many as
        fit, and a last line that counts the rest."""
        width = PANEL_W - 2 * PAD
        for size in SIZES:
            paragraphs = [wrap_text(vp, t, size, width) for t in self.texts]
            line_h = text_image(vp, "Ag", size).get_height()
            if _height(vp, paragraphs, line_h) <= vp.px(TALLEST):
                break
        while len(paragraphs) > 1 and _height(vp, paragraphs, line_h) > vp.px(TALLEST):
            hidden = len(self.texts) - len(paragraphs) + 2
            paragraphs[-2:] = [[f"\u2026 and {hidden} more like these."]]
        return size, _height(vp, paragraphs, line_h), paragraphs

    def _panel(self, vp: Viewport) -> pygame.Surface:
        key = (tuple(self.texts), vp.scale, vp.text_scale)
        if self._image is not None and self._image[0] == key:
            return self._image[1]
        size, height, paragraphs = self._layout(vp)
        panel = pygame.Surface((vp.px(PANEL_W), height), pygame.SRCALPHA)
        radius = vp.px(14)
        pygame.draw.rect(panel, PANEL, panel.get_rect(), border_radius=radius)
        pygame.draw.rect(panel, ERROR, panel.get_rect(), vp.px(3), border_radius=radius)
        y = vp.px(PAD)
        for lines in paragraphs:
            for line in lines:
                image = text_image(vp, line, size)
                panel.blit(image, ((panel.get_width() - image.get_width()) // 2, y))
                y += image.get_height()
            y += vp.px(GAP)
        self._image = (key, panel)
        return panel


def _height(vp: Viewport, paragraphs: list[list[str]], line_h: int) -> int:
    lines = sum(len(p) for p in paragraphs)
    return lines * line_h + vp.px(2 * PAD + GAP * (len(paragraphs) - 1))
