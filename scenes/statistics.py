"""The Statistics screen: every game's figures (game.stats), overall and per rule set,
one game at a time, with a Reset that asks first. What it lists for a game comes from
the game's registry entry (``StatsPage``): adding a game adds nothing here. The games
the computer helped with (Auto) are counted apart; the demo's count nowhere."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import stats, stats_file
from game.engine.layout import DESIGN_W, Viewport
from game.engine.render import DrawItem
from game.engine.ui import GOLD, INK, MUTED, Button, confirm, text_image, wrap_text
from game.rules.registry import GAME_BY_ID, GameEntry, playable
from scenes.help import PageScene, panel_image

if TYPE_CHECKING:
    from game.engine.app import App

# Each column's heading, on one or two lines.
HEADINGS = (("Rules",), ("Played",), ("Won",), ("Lost",), ("Win %",), ("Points",),
            ("Streak", "now"), ("Longest streak", "won / lost"), ("Best", "score"),
            ("Helped", "by the computer"))
TABS_Y, TAB_H, TAB_GAP = 100, 64, 16  # one button a game, across the top
TABLE = (40, 184, 1840, 600)  # the panel (x, y, w, h)
PAD, GAP = 40, 36  # inside the panel's edges; between columns
HEAD_Y, FIRST_ROW_Y, ROW_STEP = 208, 294, 62
MAX_ROWS = 8  # "All games" and seven rule sets fill the panel
TEXT_SIZE = 26
NOTE_Y = 808  # the line under the panel: the computer's games
NOTE_SIZE = 24
RESET_RECT = pygame.Rect(40, 924, 460, 66)
NOT_PLAYED = "-"


def row_cells(title: str, tally: stats.Tally, points: str = "{:+.1f}") -> list[str]:
    """One line of the table; a rule set never played shows "-" rather than noughts.
    ``points``: the game's format for its points."""
    if not tally.played:
        return [title, "0"] + [NOT_PLAYED] * (len(HEADINGS) - 3) + [
            str(tally.helped or NOT_PLAYED)]
    best = NOT_PLAYED if tally.best is None else points.format(tally.best)
    return [title, str(tally.played), str(tally.won), str(tally.lost),
            f"{tally.win_percent:.0f}%", points.format(tally.points),
            stats.streak_text(tally.streak),
            f"{tally.longest_win_streak} / {tally.longest_loss_streak}", best,
            str(tally.helped)]


def mode_rows(entry: GameEntry, data: stats.Stats) -> list[tuple[str, str]]:
    """(key, title) of each rule set to list: the ones the game always lists, then the
    others played, in the order first played."""
    listed = dict(entry.stats_page.modes)
    for key in data.by_mode:
        listed.setdefault(key, data.title(key))
    return [(key, data.titles.get(key) or title or key) for key, title in listed.items()]


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


def games(n: int) -> str:
    return f"{n} game" + ("" if n == 1 else "s")


def tab_buttons(entries: list[GameEntry]) -> list[Button]:
    n = len(entries)
    w = (DESIGN_W - 80 - (n - 1) * TAB_GAP) // n
    return [Button(f"game:{e.id}", e.title, pygame.Rect(40 + i * (w + TAB_GAP), TABS_Y, w,
                                                        TAB_H)) for i, e in enumerate(entries)]


class StatisticsScene(PageScene):
    """Arrows / D-pad move over the games' buttons, Reset and Back; Enter / A presses;
    Esc / B goes back."""

    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app, "Statistics")
        games = playable()
        self.entry = GAME_BY_ID[game_id] if game_id in GAME_BY_ID else games[0]
        self.hud.buttons += [*tab_buttons(games),
                             Button("reset", "Reset statistics", RESET_RECT.copy(), "r")]
        self.show(self.entry)

    def show(self, entry: GameEntry) -> None:
        """``entry``'s page, its figures read afresh."""
        self.entry = entry
        self.data: stats.Stats = stats_file.load(self.app.save_dir, entry.id, self.app.problems)
        for button in self.hud.buttons:
            button.selected = button.key == f"game:{entry.id}"
        self.set_focus(("button", f"game:{entry.id}"))

    def rows(self) -> list[list[str]]:
        points = self.entry.stats_page.points
        out = [row_cells("All games", self.data.overall, points)]
        modes = mode_rows(self.entry, self.data)
        shown = modes if len(modes) < MAX_ROWS else modes[:MAX_ROWS - 2]
        out += [row_cells(title, self.data.mode(key), points) for key, title in shown]
        if len(shown) < len(modes):
            more = len(modes) - len(shown)
            out.append([f"and {more} more rule sets"] + [""] * (len(HEADINGS) - 1))
        return out

    def note(self) -> str:
        """The computer's games, apart from the player's."""
        tally = self.data.overall
        return (f"{self.entry.title}, counted apart from yours: helped by the computer "
                f"(Auto) {games(tally.helped)}, played by the computer (its tournament "
                f"games) {games(tally.computers)}. The demo's count nowhere.")

    def press(self, key: str) -> None:
        if key.startswith("game:"):
            self.app.play_sound("button")
            self.show(GAME_BY_ID[key.removeprefix("game:")])
        elif key == "reset":
            self.app.play_sound("button")
            confirm(self.hud, "Reset statistics", f"Forget every figure of "
                    f"{self.entry.title}? This cannot be undone.", self.reset,
                    default_no=True)
        else:
            super().press(key)

    def reset(self) -> None:
        try:
            stats_file.save(self.app.save_dir, self.entry.id, stats.Stats())
        except OSError as exc:
            self.app.error(f"The statistics could not be reset: {exc}")
            return
        self.show(self.entry)
        self.set_focus(("button", "reset"))
        self.hud.say(f"The statistics of {self.entry.title} start again.")

    def background(self, vp: Viewport) -> pygame.Surface:
        surface = super().background(vp)
        surface.blit(panel_image(vp, pygame.Rect(TABLE)), vp.to_px(*TABLE[:2]))
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
                if not text:
                    continue
                color = INK if row == 0 or col else MUTED
                image = text_image(vp, text, size, color, bold=row == 0)
                items.append(DrawItem(("cell", row, col), image,
                                      vp.to_px(lefts[col], FIRST_ROW_Y + row * ROW_STEP), 10))
        y: float = NOTE_Y
        for n, line in enumerate(wrap_text(vp, self.note(), NOTE_SIZE, TABLE[2])[:2]):
            image = text_image(vp, line, NOTE_SIZE, MUTED)
            items.append(DrawItem(("note", n), image, vp.to_px(TABLE[0], y), 10))
            y += image.get_height() / vp.scale + 2
        return items
