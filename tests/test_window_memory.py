"""Images drawn for one window size are not kept for every size a resize passes through
(the fuzzer's 8K rounds held hundreds of megabytes of them): what is kept by size is
kept by bytes, under the window images' budget, or for the current size only."""

from __future__ import annotations

import gc
from pathlib import Path

import esper
import pygame
import pytest

from game.engine import scene as scene_module
from game.engine.card_art import ImageCache
from game.engine.layout import Viewport
from game.engine.ui import confirm
from game.fuzz.measure import surfaces_mb
from scenes.help import HelpScene
from scenes.menu import MenuScene
from scenes.open_game import game_scene
from tests.driver import frames, make_app


@pytest.fixture(autouse=True)
def alone() -> None:
    """Earlier tests' tables (esper worlds are global) keep their whole apps alive: the
    memory counted here would take in their pictures as the card cache let them go."""
    esper.switch_world("default")
    for name in esper.list_worlds():
        if name != "default":
            esper.delete_world(name)
    gc.collect()


SIZES = [(1100 + 122 * i, 620 + 68 * i) for i in range(8)]  # any image kept per size adds up


def test_images_for_past_window_sizes_are_not_kept(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    pages = [lambda: HelpScene(app, "pyramid"),
             *(lambda g=g: game_scene(app, g, seed=2)
               for g in ("pyramid", "poker-squares", "draw-poker"))]

    def visit_all(sizes: list[tuple[int, int]]) -> None:
        for size in sizes:
            app.resize(size)
            frames(app, 2)  # the menu
            for page in pages:
                scene = page()
                app.push(scene)
                if isinstance(scene, HelpScene):
                    scene.scroll = scene.max_scroll / 2  # both fades drawn
                frames(app, 2)
                app.pop()
        gc.collect()

    visit_all(SIZES[:1])
    before = surfaces_mb(skip=(ImageCache,))  # the budgeted caches apart
    visit_all(SIZES)
    app.resize(SIZES[0])
    frames(app)
    assert surfaces_mb(skip=(ImageCache,)) - before <= 4


def test_a_dialogs_backdrop_goes_with_the_window_size_it_was_drawn_for(tmp_path: Path) -> None:
    app = make_app(tmp_path, size=(640, 360))
    app.push(MenuScene(app))
    frames(app)
    gc.collect()
    small = surfaces_mb(skip=(ImageCache,))
    app.resize((3840, 2160))
    confirm(app.scene.hud, "Quit", "Leave?", lambda: None)
    frames(app)  # a 4K backdrop (33 MB) under the dialog
    app.scene.hud.dialog = None
    app.resize((640, 360))
    frames(app, 2)
    gc.collect()
    assert surfaces_mb(skip=(ImageCache,)) - small < 10  # the 4K window's images are gone


def test_the_old_background_and_felt_go_before_the_new_are_drawn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # at 8K each is 133 MB: kept while the next is drawn, they doubled the peak
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    frames(app)
    held = []
    real_background = MenuScene.background
    real_smoothscale = scene_module.pygame.transform.smoothscale

    def background(self: MenuScene, vp: Viewport) -> pygame.Surface:
        held.append(("background", app.renderer.background))
        return real_background(self, vp)

    def smoothscale(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        if image.get_size() == (64, 36):  # the felt's vignette, scaled to the window
            held.append(("felt", dict(scene_module._felt_cache)))
        return real_smoothscale(image, size)

    monkeypatch.setattr(MenuScene, "background", background)
    monkeypatch.setattr(scene_module.pygame.transform, "smoothscale", smoothscale)
    app.resize((1600, 900))
    frames(app)
    assert ("background", None) in held and ("felt", {}) in held
    assert all(not kept for _, kept in held), held


@pytest.mark.parametrize("game", ["milligan", "pyramid"])
def test_the_table_picture_is_drawn_on_the_felt_handed_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    # felt() hands out a copy of its own: a copy of that (133 MB at 8K) only raised the
    # peak of the frame a game ended in, whose celebration paints on the table's picture
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    scene = game_scene(app, game, seed=2)
    app.push(scene)
    frames(app)
    handed = []
    real_felt = scene_module.felt

    def felt(size: tuple[int, int]) -> pygame.Surface:
        handed.append(real_felt(size))
        return handed[-1]

    monkeypatch.setattr(scene_module, "felt", felt)
    monkeypatch.setattr(f"scenes.{game}.felt", felt, raising=False)
    picture = scene._table_picture(0.0)
    assert len(handed) == 1 and picture is handed[0]
