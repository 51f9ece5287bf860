"""The Giant's statistics on disk and the Scores page that shows them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game import storage
from game.engine.layout import Viewport
from game.engine.render import DrawItem
from game.engine.ui import GOLD, INK, MUTED, text_image
from game.rules import milligan_stats as stats
from scenes.help import PageScene, panel_image

FILE_NAME = "milligan-stats.json"
KIND = "milligan-stats"
VERSION = 1
COLUMNS = (("Rules", 80), ("Played", 640), ("Won", 800), ("Lost", 940), ("Win %", 1080),
           ("Points", 1240), ("Streak", 1400), ("Best / worst", 1560), ("Moves", 1760))


def load(folder: Path, problems: list[str] | None = None) -> stats.Stats:
    result = storage.read_json(Path(folder) / FILE_NAME, KIND, VERSION,
                               consequence="the statistics start again")
    if result.problem and problems is not None:
        problems.append(result.problem)
    if result.data is None:
        return stats.Stats()
    try:
        return stats.from_json(result.data.get("stats"))
    except ValueError as exc:
        if problems is not None:
            problems.append(f"{FILE_NAME} could not be read ({exc}); the statistics start again.")
        return stats.Stats()


def save(folder: Path, data: stats.Stats) -> None:
    storage.write_json_atomic(Path(folder) / FILE_NAME,
                              {"kind": KIND, "version": VERSION, "stats": stats.to_json(data)})


def streak_text(streak: int) -> str:
    if streak > 0:
        return f"won {streak}"
    return f"lost {-streak}" if streak < 0 else "-"


def row_cells(title: str, tally: stats.Tally) -> list[str]:
    return [title, str(tally.played), str(tally.won), str(tally.lost),
            f"{tally.win_percent:.0f}%", f"{tally.points:+.1f}", streak_text(tally.streak),
            f"{tally.longest_win_streak} / {tally.longest_loss_streak}",
            f"{tally.mean_moves:.0f}"]


def summary(data: stats.Stats, key: str) -> str:
    """One sentence for the end of a game: overall and this rule set."""
    mine = data.by_rules.get(key, stats.Tally())
    whole = data.overall
    return (f"All games: {whole.played} played, {whole.win_percent:.0f}% won, "
            f"{whole.points:+.1f} points. {stats.rules_title(key)}: {mine.played} played, "
            f"{mine.win_percent:.0f}% won, {mine.points:+.1f} points, streak "
            f"{streak_text(mine.streak)}.")


class ScoresScene(PageScene):
    """Every figure, overall and per rule set, in one table (Esc or Back returns)."""

    def __init__(self, app: Any, data: stats.Stats) -> None:
        super().__init__(app, "The Giant: scores")
        self.data = data

    def rows(self) -> list[list[str]]:
        out = [row_cells("All games", self.data.overall)]
        out += [row_cells(stats.rules_title(k), self.data.by_rules.get(k, stats.Tally()))
                for k in stats.RULE_KEYS]
        return out

    def background(self, vp: Viewport):  # noqa: ANN201
        surface = super().background(vp)
        surface.blit(panel_image(vp, (40, 120, 1840, 620)), vp.to_px(40, 120))
        return surface

    def draw_items(self, alpha: float) -> list[DrawItem]:
        vp = self.viewport
        items = super().draw_items(alpha)
        for col, (name, x) in enumerate(COLUMNS):
            image = text_image(vp, name, 26, GOLD, bold=True)
            items.append(DrawItem(("head", col), image, vp.to_px(x, 150), 10))
        for row, cells in enumerate(self.rows()):
            for col, text in enumerate(cells):
                color = INK if row == 0 or col else MUTED
                image = text_image(vp, text, 26, color, bold=row == 0)
                items.append(DrawItem(("cell", row, col), image,
                                      vp.to_px(COLUMNS[col][1], 220 + row * 70), 10))
        return items
