"""Where cards go: pure geometry in logical units (the 1920x1080 design space).

Grids of slots (Poker Squares), a hand fanned along the bottom (Draw and Chinese
Poker), seats round a table (Chinese Poker) and long columns that squeeze to fit
the window (The Giant). Everything returns plain dataclasses; a scene turns them
into Placements. No pygame here, so layouts are cheap to test and to reuse.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from game.engine.layout import DESIGN_H, DESIGN_W

Point = tuple[float, float]

FAN_STEP = 0.6  # a fanned hand shows this share of each card's width when there is room
HIDDEN_STEP = 0.3  # hidden hands overlap more: only their count matters
CARD_RATIO = 1.4  # card height / width


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> Point:
        return self.x + self.w / 2, self.y + self.h / 2

    def contains(self, point: Point) -> bool:
        return self.x <= point[0] < self.right and self.y <= point[1] < self.bottom

    def overlaps(self, other: Box) -> bool:
        return (self.x < other.right and other.x < self.right
                and self.y < other.bottom and other.y < self.bottom)


FULL = Box(0, 0, DESIGN_W, DESIGN_H)


def spread(n: int, centre: float, length: float, size: float, max_step: float
           ) -> tuple[float, ...]:
    """Starts of ``n`` things ``size`` long, centred on ``centre`` within ``length``:
    ``max_step`` apart when they fit, closer (overlapping more) when they do not."""
    if n <= 0:
        return ()
    step = 0.0 if n == 1 else max(0.0, min(max_step, (length - size) / (n - 1)))
    first = centre - (size + step * (n - 1)) / 2
    return tuple(first + i * step for i in range(n))


# -- grids of slots (Poker Squares) ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Grid:
    """A rows x cols block of card slots; sizes already scaled. Slot index = row * cols + col."""

    x: float
    y: float
    rows: int
    cols: int
    card_w: float
    card_h: float
    gap: float
    scale: float = 1.0
    label_h: float = 0.0  # room kept above the grid for its owner's name

    def slot(self, row: int, col: int) -> Point:
        return (self.x + col * (self.card_w + self.gap), self.y + row * (self.card_h + self.gap))

    @property
    def positions(self) -> tuple[Point, ...]:
        return tuple(self.slot(r, c) for r in range(self.rows) for c in range(self.cols))

    @property
    def box(self) -> Box:
        return Box(self.x, self.y, self.cols * (self.card_w + self.gap) - self.gap,
                   self.rows * (self.card_h + self.gap) - self.gap)

    @property
    def label(self) -> Point:
        """Centre of the name band above the grid."""
        return self.x + self.box.w / 2, self.y - self.label_h / 2

    def index_at(self, point: Point) -> int | None:
        """The slot under ``point``; None on a gap or outside."""
        if not self.box.contains(point):
            return None
        col = int((point[0] - self.x) // (self.card_w + self.gap))
        row = int((point[1] - self.y) // (self.card_h + self.gap))
        x, y = self.slot(row, col)
        inside = point[0] < x + self.card_w and point[1] < y + self.card_h
        return row * self.cols + col if inside else None


def slot_grid(origin: Point, rows: int, cols: int, card_w: float, card_h: float, gap: float,
              scale: float = 1.0, label_h: float = 0.0) -> Grid:
    """A grid whose top-left slot is at ``origin``; cards and gaps scaled by ``scale``."""
    return Grid(origin[0], origin[1], rows, cols, card_w * scale, card_h * scale, gap * scale,
                scale, label_h)


def fit_grids(area: Box, rows: int, cols: int, card_w: float, card_h: float, gap: float,
              others: int = 1, ratio: float = 0.5, between: float = 60.0, label_h: float = 0.0,
              max_scale: float = 1.0) -> tuple[Grid, list[Grid]]:
    """The player's grid and ``others`` smaller ones (``ratio`` of its size) side by side
    in ``area``, as large as fits. The others stack in a block right of the player's grid,
    in as many columns as gives the largest cards; ``between`` and ``label_h`` don't scale."""
    w1 = cols * card_w + (cols - 1) * gap  # the player's grid at scale 1
    h1 = rows * card_h + (rows - 1) * gap
    alone = min(max_scale, area.w / w1, (area.h - label_h) / h1)

    def scale_for(across: int) -> float:
        down = math.ceil(others / across)
        return min(alone, (area.w - across * between) / (w1 * (1 + across * ratio)),
                   (area.h - down * label_h - (down - 1) * between) / (down * ratio * h1))

    scale, across = max(((scale_for(k), -k) for k in range(1, others + 1)),
                        default=(alone, 0))
    across = -across  # ties go to fewer columns
    down = math.ceil(others / across) if others else 0
    small = scale * ratio
    block_w = across * small * w1 + max(0, across - 1) * between
    block_h = down * (label_h + small * h1) + max(0, down - 1) * between
    main_h = label_h + scale * h1
    total_w = scale * w1 + (between + block_w if others else 0)
    x0 = area.x + (area.w - total_w) / 2
    tall = max(main_h, block_h)
    y0 = area.y + (area.h - tall) / 2
    mine = slot_grid((x0, y0 + (tall - main_h) / 2 + label_h), rows, cols, card_w, card_h, gap,
                     scale, label_h)
    bx, by = x0 + scale * w1 + between, y0 + (tall - block_h) / 2
    theirs = [slot_grid((bx + (i % across) * (small * w1 + between),
                         by + (i // across) * (label_h + small * h1 + between) + label_h),
                        rows, cols, card_w, card_h, gap, small, label_h)
              for i in range(others)]
    return mine, theirs


# -- hands ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Fan:
    """Cards of a hand in drawing order (later cards lie on top of earlier ones)."""

    boxes: tuple[Box, ...]
    step: float

    def __len__(self) -> int:
        return len(self.boxes)

    @property
    def positions(self) -> tuple[Point, ...]:
        return tuple((b.x, b.y) for b in self.boxes)

    def index_at(self, point: Point) -> int | None:
        """The card whose visible part is under ``point`` (the topmost one there)."""
        for i in range(len(self.boxes) - 1, -1, -1):
            if self.boxes[i].contains(point):
                return i
        return None


def fan(n: int, centre_x: float, baseline_y: float, card_w: float, max_width: float,
        selected: Collection[int] = frozenset(), rise: float = 0.0,
        card_h: float | None = None, max_step: float | None = None) -> Fan:
    """``n`` cards side by side, centred on ``centre_x``, resting on ``baseline_y`` (their
    bottom edge), never wider than ``max_width``: they overlap more when there are many.
    Cards whose index is in ``selected`` stand ``rise`` higher."""
    h = card_h if card_h is not None else card_w * CARD_RATIO
    step_max = max_step if max_step is not None else card_w * FAN_STEP
    xs = spread(n, centre_x, max_width, card_w, step_max)
    boxes = tuple(Box(x, baseline_y - h - (rise if i in selected else 0.0), card_w, h)
                  for i, x in enumerate(xs))
    return Fan(boxes, xs[1] - xs[0] if n > 1 else 0.0)


def _column_fan(n: int, band: Box, card_w: float, card_h: float, max_step: float) -> Fan:
    """A hand running down from the top of ``band`` (its name sits just above)."""
    ys = spread(n, 0.0, band.h, card_h, max_step)
    return Fan(tuple(Box(band.x, band.y + y - ys[0], card_w, card_h) for y in ys),
               ys[1] - ys[0] if n > 1 else 0.0)


# -- seats round a table (Chinese Poker) -----------------------------------------------------

SIDES_BY_PLAYERS = {2: ("bottom", "top"), 3: ("bottom", "left", "right"),
                    4: ("bottom", "left", "top", "right")}


@dataclass(frozen=True, slots=True)
class Label:
    """Where a name goes: ``x`` is its left edge, centre or right edge by ``align``;
    ``y`` its vertical centre."""

    x: float
    y: float
    align: str  # "left" | "centre" | "right"


@dataclass(frozen=True, slots=True)
class Seat:
    side: str  # "bottom" (the local player), "left", "top", "right"
    hand: Box  # the band the hand lies in
    scale: float  # hand cards are the table's card size times this
    played: Box  # full-size cards this seat has played (or its tricks)
    label: Label
    card_w: float  # hand card size, scaled
    card_h: float
    step: float  # the widest spacing of the hand's cards

    def hand_fan(self, n: int, selected: Collection[int] = frozenset(), rise: float = 0.0
                 ) -> Fan:
        """``n`` cards of this seat's hand; only the bottom (local) hand raises selections."""
        if self.side in ("left", "right"):
            return _column_fan(n, self.hand, self.card_w, self.card_h, self.step)
        return fan(n, self.hand.centre[0], self.hand.bottom, self.card_w, self.hand.w,
                   selected if self.side == "bottom" else (), rise, self.card_h, self.step)


def seats(n: int, card_w: float, card_h: float, area: Box = FULL, hidden_scale: float = 0.5,
          margin: float = 24.0, label_h: float = 40.0, rise: float = 30.0,
          played_cards: int = 5) -> list[Seat]:
    """Places for ``n`` (2-4) players in turn order, clockwise from the local player at the
    bottom. The others' hidden hands are ``hidden_scale`` of the card size and overlap more;
    each seat's played cards sit between its hand and the middle of the table, room for
    ``played_cards`` fanned cards."""
    if n not in SIDES_BY_PLAYERS:
        raise ValueError(f"2 to 4 players sit at the table, not {n}")
    sw, sh = card_w * hidden_scale, card_h * hidden_scale
    played_w = card_w * (1 + FAN_STEP * (played_cards - 1))
    side_w = sw + 2 * margin  # a left or right seat's column
    cx, cy = area.centre
    band_w = area.w - 2 * side_w
    side_length = area.h * 0.6
    side_top = cy - side_length / 2  # a side seat's hand; its label just above
    out: list[Seat] = []
    for side in SIDES_BY_PLAYERS[n]:
        if side == "bottom":
            hand = Box(area.x + side_w, area.bottom - margin - card_h - rise, band_w, card_h + rise)
            label = Label(cx, hand.y - label_h / 2, "centre")
            played = Box(cx - played_w / 2, hand.y - label_h - margin - card_h, played_w, card_h)
            out.append(Seat(side, hand, 1.0, played, label, card_w, card_h, card_w * FAN_STEP))
            continue
        if side == "top":
            hand = Box(area.x + side_w, area.y + margin, band_w, sh)
            label = Label(cx, hand.bottom + label_h / 2, "centre")
            # Below the side seats' labels too: a long name (and TV mode's bigger text)
            # ran a side label under a long play (issue 20).
            top = hand.bottom + label_h + margin / 2
            if "left" in SIDES_BY_PLAYERS[n]:
                top = max(top, side_top + margin)
            played = Box(cx - played_w / 2, top, played_w, card_h)
        else:
            x = area.x + margin if side == "left" else area.right - margin - sw
            hand = Box(x, side_top, sw, side_length)
            label = (Label(area.x + margin, hand.y - label_h / 2, "left") if side == "left"
                     else Label(area.right - margin, hand.y - label_h / 2, "right"))
            px = hand.right + 2 * margin if side == "left" else hand.x - 2 * margin - played_w
            played = Box(px, cy - card_h / 2, played_w, card_h)
        step = (sw if side == "top" else sh) * HIDDEN_STEP
        out.append(Seat(side, hand, hidden_scale, played, label, sw, sh, step))
    return out


# -- long columns (The Giant) ----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Column:
    """One column's vertical spacing: ``face_down`` cards at ``down_step``, then the rest at
    ``up_step``. ``fits`` is False when even the smallest steps run past the bottom."""

    top_y: float
    count: int
    face_down: int
    up_step: float
    down_step: float
    fits: bool

    @property
    def ys(self) -> tuple[float, ...]:
        out, y = [], self.top_y
        for i in range(self.count):
            out.append(y)
            y += self.down_step if i < self.face_down else self.up_step
        return tuple(out)

    def bottom(self, card_h: float) -> float:
        """Bottom edge of the last card (the top of the column when it is empty)."""
        return self.ys[-1] + card_h if self.count else self.top_y


def columns(n_cols: int, counts: Sequence[int], top_y: float, bottom_y: float, card_h: float,
            normal_step: float, min_step: float,
            per_column_step: Mapping[int, float] | None = None,
            face_down: Sequence[int] | None = None, down_step: float | None = None,
            min_down_step: float | None = None) -> list[Column]:
    """Vertical steps for ``n_cols`` columns holding ``counts`` cards between ``top_y`` and
    ``bottom_y``. A column that would run past the bottom squeezes its steps (face-up and
    face-down alike) down to ``min_step`` / ``min_down_step``. ``per_column_step`` sets the
    preferred step of single columns (a player spreading or squeezing one); ``face_down``
    counts the hidden cards at the top of each column, spaced by ``down_step``."""
    if len(counts) != n_cols or (face_down is not None and len(face_down) != n_cols):
        raise ValueError(f"expected {n_cols} column counts")
    overrides = per_column_step or {}
    down = down_step if down_step is not None else normal_step / 2
    down_floor = min(down, min_down_step if min_down_step is not None else min_step / 2)
    room = bottom_y - top_y - card_h
    out = []
    for col, count in enumerate(counts):
        hidden = min(count, face_down[col]) if face_down is not None else 0
        up = max(min_step, overrides.get(col, normal_step))
        n_down = min(hidden, max(0, count - 1))  # steps below hidden cards
        n_up = max(0, count - 1 - n_down)
        up_step, down_step_, fits = _squeeze(room, n_up, up, min_step, n_down, down, down_floor)
        out.append(Column(top_y, count, hidden, up_step, down_step_, fits))
    return out


def _squeeze(room: float, n_up: int, up: float, up_floor: float, n_down: int, down: float,
             down_floor: float) -> tuple[float, float, bool]:
    """Shrink both steps by one factor until the column fits, neither below its floor."""
    def length(f: float) -> float:
        return n_up * max(up * f, up_floor) + n_down * max(down * f, down_floor)

    if length(1.0) <= room:
        return up, down, True
    if length(0.0) > room:
        return up_floor, down_floor, False
    lo, hi = 0.0, 1.0
    for _ in range(40):  # length() is monotone in f: bisect to well under a pixel
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if length(mid) <= room else (lo, mid)
    return max(up * lo, up_floor), max(down * lo, down_floor), True
