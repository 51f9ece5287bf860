"""The parlour's front room: pick a game, change settings, watch replays, quit."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine.actions import Action
from game.engine.in_progress import resumable
from game.engine.layout import DESIGN_W, Viewport
from game.engine.render import DrawItem
from game.engine.scene import Scene
from game.engine.ui import (
    GOLD,
    INK,
    MUTED,
    UI_Z,
    Button,
    Dialog,
    confirm,
    text_image,
    wrap_text,
)
from game.rules.registry import GAME_BY_ID, GAMES, playable
from scenes.open_game import game_scene

if TYPE_CHECKING:
    from game.engine.app import App

EXTRAS = [("demo", "Demo", "d"), ("settings", "Settings", "s"), ("replays", "Replays", "r"),
          ("stats", "Statistics", "t"), ("help", "Help", "?"), ("quit", "Quit", "q")]
# One tile a game, two columns of them: the table in a picture, the name and what the
# game is about beside it. The cell after the last game holds the other buttons.
COLUMNS, TILE_TOP, MARGIN, GAP = 2, 170, 60, 30
TILE_W = (DESIGN_W - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS
TILE_H = 270
PICTURE = pygame.Rect(16, 16, round((TILE_H - 32) * 16 / 9), TILE_H - 32)  # inside a tile
TEXT_X = PICTURE.right + 24
TEXT_W = TILE_W - TEXT_X - 20
PICTURE_DIR = Path(__file__).resolve().parents[1] / "assets" / "tables"
IN_PROGRESS = "Game in progress"  # the badge on a tile whose game can be resumed
BADGE_SIZE, BADGE_PAD = 24, 10
BADGE_FILL, BADGE_INK = GOLD, (20, 30, 24)


def tile_rect(index: int) -> pygame.Rect:
    row, column = divmod(index, COLUMNS)
    return pygame.Rect(MARGIN + column * (TILE_W + GAP), TILE_TOP + row * (TILE_H + GAP),
                       TILE_W, TILE_H)


def extra_rects() -> list[pygame.Rect]:
    """The other buttons, three to a row, in the cell after the last game's tile."""
    cell = tile_rect(len(GAMES))
    per_row, gap = 3, 20
    w, h = (cell.w - (per_row - 1) * gap) // per_row, (cell.h - gap) // 2
    return [pygame.Rect(cell.x + (i % per_row) * (w + gap), cell.y + (i // per_row) * (h + gap),
                        w, h) for i in range(len(EXTRAS))]


@lru_cache(maxsize=8)
def table_picture(game_id: str) -> pygame.Surface | None:
    """The game's table as a small picture (assets/tables/<id>.png, made by
    tools/make_menu_pictures.py from the game's own demo); None if there is none."""
    try:
        return pygame.image.load(PICTURE_DIR / f"{game_id}.png").convert()
    except (OSError, pygame.error):
        return None


def placeholder_picture(size: tuple[int, int]) -> pygame.Surface:
    """For a game with no picture yet: felt with a fan of card backs."""
    surface = pygame.Surface(size)
    surface.fill((16, 64, 40))
    w, h = size
    card = pygame.Rect(0, 0, round(h * 0.42), round(h * 0.6))
    for n in range(5):
        card.center = (round(w / 2 + (n - 2) * card.w * 0.45), round(h / 2 + abs(n - 2) * 6))
        pygame.draw.rect(surface, (236, 232, 220), card, border_radius=max(2, card.w // 10))
        pygame.draw.rect(surface, (150, 40, 50), card.inflate(-card.w // 5, -card.w // 5),
                         border_radius=max(2, card.w // 14))
    return surface


BLURB_SIZES = (26, 23, 20, 18, 16)  # the largest that fits the tile (TV mode enlarges text)


@lru_cache(maxsize=256)
def fit_blurb(vp: Viewport, text: str, room: float) -> tuple[float, tuple[str, ...]]:
    """The largest size at which ``text``, wrapped to a tile's text column, fits ``room``
    logical units of height (the smallest size if none does), and its lines. Remembered:
    the menu asks every frame, and wrapping measures every word."""
    for size in BLURB_SIZES:
        lines = wrap_text(vp, text, size, TEXT_W)
        if len(lines) * (text_image(vp, "Ag", size).get_height() / vp.scale + 4) <= room:
            break
    return size, tuple(lines)


def fit_width(image: pygame.Surface, width: int) -> pygame.Surface:
    """``image`` shrunk to ``width`` pixels if it is wider (a long name in TV mode)."""
    if image.get_width() <= width:
        return image
    return pygame.transform.smoothscale_by(image, width / image.get_width())


_badges: dict[tuple[str, float, float], pygame.Surface] = {}


def badge_image(vp: Viewport, text: str) -> pygame.Surface:
    """Dark bold words on a gold pill: readable over any table picture (cached: the
    renderer redraws only what changed)."""
    key = (text, vp.scale, vp.text_scale)
    if key in _badges:
        return _badges[key]
    words = text_image(vp, text, BADGE_SIZE, BADGE_INK, bold=True)
    pad = vp.px(BADGE_PAD)
    badge = pygame.Surface((words.get_width() + 2 * pad, words.get_height() + pad),
                           pygame.SRCALPHA)
    pygame.draw.rect(badge, BADGE_FILL, badge.get_rect(), border_radius=badge.get_height() // 2)
    badge.blit(words, (pad, pad // 2))
    _badges.clear()  # one window size at a time
    _badges[key] = badge
    return badge


class MenuScene(Scene):
    title = ""  # the menu draws its own large title

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._pictures: dict[tuple[str, tuple[int, int], bool], pygame.Surface] = {}
        self.hud.buttons = [Button(g.id, "", tile_rect(i), enabled=g.playable)
                            for i, g in enumerate(GAMES)]
        for (key, label, hot), rect in zip(EXTRAS, extra_rects(), strict=True):
            self.hud.buttons.append(Button(key, label, rect, hot))
        first = next((g.id for g in GAMES if g.playable), "settings")
        self.set_focus(("button", first))
        self.in_progress: set[str] = set()  # games with one to resume, as of enter()

    def enter(self) -> None:
        """Back from a table (or first shown): which games have one to resume now."""
        super().enter()
        self.in_progress = {g.id for g in GAMES
                            if g.playable and resumable(self.app.save_dir, g.id)}

    def background(self, vp: Viewport) -> pygame.Surface:
        surface = super().background(vp)
        title = text_image(vp, "Card Parlour", 72, GOLD, bold=True)
        px, py = vp.to_px(DESIGN_W / 2, 50)
        surface.blit(title, (px - title.get_width() // 2, py))
        return surface

    def draw_items(self, alpha: float) -> list[DrawItem]:
        """Each tile's picture, name and blurb over its button (which gives the tile its
        frame, hover and focus)."""
        vp = self.app.viewport
        items = super().draw_items(alpha)
        for i, entry in enumerate(GAMES):
            tile = tile_rect(i)
            picture = self._picture(vp, entry.id, entry.playable)
            items.append(DrawItem(("tile", entry.id, "picture"), picture,
                                  vp.to_px(tile.x + PICTURE.x, tile.y + PICTURE.y), UI_Z + 1))
            if entry.id in self.in_progress:
                badge = badge_image(vp, IN_PROGRESS)
                items.append(DrawItem(("tile", entry.id, "in progress"), badge, vp.to_px(
                    tile.x + PICTURE.x + 8, tile.y + PICTURE.bottom - 8 - badge.get_height()
                    / vp.scale), UI_Z + 2))
            name = text_image(vp, entry.title, 40, GOLD if entry.playable else MUTED, bold=True)
            name = fit_width(name, vp.px(TEXT_W))
            line_y: float = tile.y + PICTURE.y
            items.append(DrawItem(("tile", entry.id, "name"), name,
                                  vp.to_px(tile.x + TEXT_X, line_y), UI_Z + 1))
            line_y += name.get_height() / vp.scale + 12
            blurb = entry.blurb if entry.playable else "Coming soon. " + entry.blurb
            size, lines = fit_blurb(vp, blurb, tile.bottom - 12 - line_y)
            for n, line in enumerate(lines):
                image = text_image(vp, line, size, INK if entry.playable else MUTED)
                if line_y + image.get_height() / vp.scale > tile.bottom - 12:
                    break  # even the smallest size does not fit: the tile is full
                items.append(DrawItem(("tile", entry.id, n), image,
                                      vp.to_px(tile.x + TEXT_X, line_y), UI_Z + 1))
                line_y += image.get_height() / vp.scale + 4
        return items

    def _picture(self, vp: Viewport, game_id: str, playable: bool) -> pygame.Surface:
        size = vp.rect_px(0, 0, PICTURE.w, PICTURE.h)[2:]
        key = (game_id, size, playable)
        if key not in self._pictures:
            # One window size at a time: the menu lives as long as the program, and was
            # drawn at every size a resize passed through (5 MB a size at 4K).
            self._pictures = {k: p for k, p in self._pictures.items() if k[1] == size}
            source = table_picture(game_id)
            picture = (pygame.transform.smoothscale(source, size) if source is not None
                       else placeholder_picture(size))
            if not playable:  # not built yet: a faded picture
                veil = pygame.Surface(size, pygame.SRCALPHA)
                veil.fill((10, 30, 20, 150))
                picture.blit(veil, (0, 0))
            pygame.draw.rect(picture, (90, 140, 110), picture.get_rect(), max(1, vp.px(2)))
            self._pictures[key] = picture
        return self._pictures[key]

    def handle_game(self, action: Action) -> None:
        self.handle_button_screen(action, "quit")

    def press(self, key: str) -> None:
        self.app.play_sound("button")
        if key in GAME_BY_ID:  # back from its table (a click moved no focus), here again
            self.set_focus(("button", key))
        if key in GAME_BY_ID and GAME_BY_ID[key].network:
            from scenes.net_setup import ask_network

            ask_network(self.app, self.hud, GAME_BY_ID[key])
        elif key in GAME_BY_ID:
            self.app.push(game_scene(self.app, key))
        elif key == "demo":
            self.ask_demo()
        elif key == "settings":
            from scenes.settings import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif key == "replays":
            from scenes.replay_viewer import ReplayListScene

            self.app.push(ReplayListScene(self.app))
        elif key == "stats":
            from scenes.statistics import StatisticsScene

            self.app.push(StatisticsScene(self.app))
        elif key == "help":
            from scenes.help import HelpScene

            self.app.push(HelpScene(self.app, "parlour"))
        elif key == "quit":
            # No has the focus: Esc opens this, and Esc then Enter should not quit.
            confirm(self.hud, "Quit", "Leave the card parlour?", self.app.quit).focus = 1

    def ask_demo(self) -> None:
        """Attract mode: the computer plays deal after deal of a game until any key."""
        games = playable()
        if len(games) == 1:
            self.app.push(game_scene(self.app, games[0].id, demo=True))
            return
        choices = [(g.id, g.title, "") for g in games] + [("cancel", "Cancel", "")]
        self.hud.ask(Dialog("Demo", "Which game should the computer play?", choices,
                            lambda c: None if c == "cancel" else self.app.push(
                                game_scene(self.app, c, demo=True)), cancel_key="cancel"))
