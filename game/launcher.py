"""Start the game from parsed command-line arguments (see main.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game import storage
from game.settings import load_settings


def launch(args: argparse.Namespace, overrides: dict[str, object]) -> int:
    from game.engine.app import WINDOW_SIZE, App
    from game.engine.display import display_problem

    no_display = display_problem(args.headless)
    if no_display:
        print(no_display, file=sys.stderr)
        return 1
    problems: list[str] = []
    try:
        save_dir = storage.save_dir(args.save_dir, problems)
    except storage.SaveDirError as exc:  # a usage error, like argparse's: one line, status 2
        print(exc, file=sys.stderr)
        return 2
    for folder in (save_dir, storage.replay_dir(save_dir, problems)):
        storage.remove_stale_temp_files(folder)
    settings, problem = load_settings(save_dir)
    size = args.window or WINDOW_SIZE
    app = App(save_dir, settings, overrides, size=size, headless=args.headless,
              fullscreen=True if args.fullscreen else None)
    app.problems.extend(problems + ([problem] if problem else []))
    from scenes.menu import MenuScene

    app.push(MenuScene(app))
    if args.command == "replay":
        from scenes.replay_viewer import ReplayScene

        scene = ReplayScene.open(app, Path(args.path))
        if scene is None:
            print(app.problems[-1] if app.problems else "replay could not be opened")
            return 2
        app.push(scene)
    elif args.game:
        from scenes.open_game import game_scene

        app.push(game_scene(app, args.game, seed=args.seed, demo=args.headless))
    frames = args.frames
    shot = Path(args.screenshot) if args.screenshot else None
    return app.run(frames=frames, screenshot=shot)
