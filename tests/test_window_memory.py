"""Images drawn for one window size are not kept for every size a resize passes through
(the fuzzer's 8K rounds held hundreds of megabytes of them): what is kept by size is
kept by bytes, under the window images' budget, or for the current size only."""

from __future__ import annotations

import gc
from pathlib import Path

from game.engine.card_art import ImageCache
from game.fuzz.measure import surfaces_mb
from scenes.help import HelpScene
from scenes.menu import MenuScene
from scenes.open_game import game_scene
from tests.driver import frames, make_app

SIZES = [(1100 + 61 * i, 620 + 34 * i) for i in range(16)]


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
