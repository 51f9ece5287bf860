"""Make the menu's picture of each game's table: assets/tables/<id>.png.

Each playable game's demo (the computer playing) runs headless for a while at 1600x900,
and the last frame, scaled down, is the picture. Run again after a game's table
changes: `python -m tools.make_menu_pictures [GAME ...]`.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.engine.app import App  # noqa: E402
from game.rules.registry import playable  # noqa: E402
from game.settings import Settings  # noqa: E402
from scenes.open_game import game_scene  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "assets" / "tables"
SIZE = (960, 540)  # shown at up to ~430x240 logical units: ~860x480 pixels at 4K
SEED, SECONDS = 11, 20.0
THINK = 0.004  # real seconds a frame, so the computer's moves (worked out on a thread) come


def picture(game_id: str) -> pygame.Surface:
    with tempfile.TemporaryDirectory() as folder:
        app = App(save_dir=Path(folder), settings=Settings(sound="off", ai_speed="fast"),
                  headless=True, size=(1600, 900))
        scene = game_scene(app, game_id, seed=SEED, demo=True)
        app.push(scene)
        for _ in range(round(SECONDS * 60)):
            app.frame(1 / 60)
            time.sleep(THINK)
        scene.demo = False  # the picture is of the table, without the demo's caption
        scene.table.finish_animations()  # every card at rest
        app.frame(1 / 60)
        shot = pygame.transform.smoothscale(app.screen, SIZE)
        app.quit()
    return shot


def main(names: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for entry in playable():
        if names and entry.id not in names:
            continue
        path = OUT / f"{entry.id}.png"
        pygame.image.save(picture(entry.id), path)
        print(f"{path.relative_to(OUT.parents[1])}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main(sys.argv[1:])
