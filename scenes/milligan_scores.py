"""The Giant's Scores page: its statistics (game.stats), overall and per rule set."""

from __future__ import annotations

from typing import Any

from game import stats
from game.engine.layout import Viewport
from game.engine.render import DrawItem
from game.engine.ui import GOLD, INK, MUTED, text_image
from game.rules.milligan import RULE_KEYS, rules_title
from scenes.help import PageScene, panel_image

# Each column's heading, on one or two lines.
HEADINGS = (("Rules",), ("Played",), ("Won",), ("Lost",), ("Win %",), ("Points",),
            ("Streak", "now"), ("Longest streak", "won / lost"), ("Moves", "a game"),
            ("Helped", "by the computer"))
TABLE = (40, 120, 1840, 620)  # the panel (x, y, w, h)
PAD, GAP = 40, 36  # inside the panel's edges; between columns
HEAD_Y, FIRST_ROW_Y, ROW_STEP = 146, 236, 66
TEXT_SIZE = 26
NOT_PLAYED = "-"


def row_cells(title: str, tally: stats.Tally) -> list[str]:
    """One line of the table; a rule set never played shows "-" rather than noughts."""
    if not tally.played:
        return [title, "0"] + [NOT_PLAYED] * (len(HEADINGS) - 3) + [
            str(tally.helped or NOT_PLAYED)]
    return [title, str(tally.played), str(tally.won), str(tally.lost),
            f"{tally.win_percent:.0f}%", f"{tally.points:+.1f}",
            stats.streak_text(tally.streak),
            f"{tally.longest_win_streak} / {tally.longest_loss_streak}",
            f"{tally.mean_moves:.0f}", str(tally.helped)]


def fit_columns(vp: Viewport, rows: list[list[str]]) -> tuple[float, list[float]]:
    """The text size and each column's left edge (logical units) for the widest heading
    line or cell of each column to fit across the panel at this window's text size (TV
    mode's larger text shrinks to fit instead of running into the next column)."""
    widths = []
    for col, heading in enumerate(HEADINGS):
        texts = [(t, True) for t in heading] + [(r[col], r is rows[0]) for r in rows]
        widths.append(max(text_image(vp, t, TEXT_SIZE, INK, bold=b).get_width()
                          for t, b in texts) / vp.scale)
    room = TABLE[2] - 2 * PAD - GAP * (len(widths) - 1)
    scale = min(1.0, room / sum(widths))
    lefts: list[float] = []
    x: float = TABLE[0] + PAD
    spare = (room - sum(widths) * scale) / (len(widths) - 1)  # spread what is left over
    for width in widths:
        lefts.append(x)
        x += width * scale + GAP + spare
    return TEXT_SIZE * scale, lefts


class ScoresScene(PageScene):
    """Every figure, overall and per rule set, in one table (Esc or Back returns)."""

    def __init__(self, app: Any, data: stats.Stats) -> None:
        super().__init__(app, "The Giant: scores")
        self.data = data

    def rows(self) -> list[list[str]]:
        out = [row_cells("All games", self.data.overall)]
        out += [row_cells(rules_title(k), self.data.mode(k)) for k in RULE_KEYS]
        return out

    def background(self, vp: Viewport):  # noqa: ANN201
        surface = super().background(vp)
        surface.blit(panel_image(vp, TABLE), vp.to_px(*TABLE[:2]))
        return surface

    def draw_items(self, alpha: float) -> list[DrawItem]:
        vp = self.viewport
        items = super().draw_items(alpha)
        rows = self.rows()
        size, lefts = fit_columns(vp, rows)
        for col, heading in enumerate(HEADINGS):
            for n, line in enumerate(heading):
                image = text_image(vp, line, size * (1 if n == 0 else 0.8), GOLD if n == 0
                                   else MUTED, bold=n == 0)
                items.append(DrawItem(("head", col, n), image,
                                      vp.to_px(lefts[col], HEAD_Y + n * 34), 10))
        for row, cells in enumerate(rows):
            for col, text in enumerate(cells):
                color = INK if row == 0 or col else MUTED
                image = text_image(vp, text, size, color, bold=row == 0)
                items.append(DrawItem(("cell", row, col), image,
                                      vp.to_px(lefts[col], FIRST_ROW_Y + row * ROW_STEP), 10))
        return items
