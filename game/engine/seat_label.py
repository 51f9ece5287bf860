"""A seat's label at a card table: its line (name, cards, points) and, on lines of its
own under it, why its person is not playing it now. Each line fits the seat's room
(smaller text first; a note too long for its room at a readable size takes two lines):
a network note on the same line ran into the next seat's label and under the cards
played (the play-test)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.layout import Viewport
from game.engine.ui import at_least_readable, fitting_size, text_image, wrap_text

MAIN_SIZE, NOTE_SIZE, SMALLEST = 24.0, 20.0, 14.0
NOTE_WRAPS_BELOW = 18.0  # a note that would be smaller on one line wraps instead


@dataclass(frozen=True)
class SeatLabel:
    main: pygame.Surface
    note: tuple[pygame.Surface, ...]  # its lines (none: the seat's person is playing it)


def seat_label(vp: Viewport, words: str, note: str, room: float, note_room: float,
               color: tuple[int, int, int]) -> SeatLabel:
    """``words`` no wider than ``room`` design units and ``note`` than ``note_room``,
    bold in ``color``."""
    def line(text: str, size: float, width: float) -> pygame.Surface:
        fit = fitting_size(vp, text, size, SMALLEST, width, bold=True)
        if fit is not None:
            return text_image(vp, text, fit, color, bold=True)
        # a small window: no readable size fits on one line, so it takes more lines
        # (the smallest size there was a few pixels tall, unreadable: the play-test)
        readable = at_least_readable(vp, SMALLEST)
        return _stacked([text_image(vp, part, readable, color, bold=True)
                         for part in wrap_text(vp, text, readable, width, bold=True)])

    parts: list[str] = []
    if note:
        one_line = fitting_size(vp, note, NOTE_SIZE, NOTE_WRAPS_BELOW, note_room, bold=True)
        parts = [note] if one_line else wrap_text(vp, note, NOTE_SIZE, note_room, bold=True)
    return SeatLabel(line(words, MAIN_SIZE, room),
                     tuple(line(part, NOTE_SIZE, note_room) for part in parts))


def _stacked(lines: list[pygame.Surface]) -> pygame.Surface:
    """``lines`` one under another, each centred."""
    if len(lines) == 1:
        return lines[0]
    width = max(line.get_width() for line in lines)
    image = pygame.Surface((width, sum(line.get_height() for line in lines)), pygame.SRCALPHA)
    y = 0
    for line in lines:
        image.blit(line, ((width - line.get_width()) // 2, y))
        y += line.get_height()
    return image
