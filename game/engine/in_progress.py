"""Where each game's autosave lives, and whether it holds a game to resume (the menu
marks those games). Asking reads the file without side effects: a damaged one is left
for the game itself to set aside and report when it opens."""

from __future__ import annotations

from pathlib import Path

from game import storage

AUTOSAVE_KIND = "autosave"
AUTOSAVE_VERSION = 1


def autosave_path(save_dir: Path, game_id: str) -> Path:
    return Path(save_dir) / f"autosave-{game_id}.json"


def resumable(save_dir: Path, game_id: str) -> bool:
    """Does ``game_id``'s autosave hold a game of it? A game's table deletes its
    autosave once nothing is left to resume (a game ended, or a fresh deal untouched)."""
    try:
        data = storage.load_json(autosave_path(save_dir, game_id))
    except (OSError, storage.UnusableFile):
        return False
    if not isinstance(data, dict):
        return False
    replay = data.get("replay")
    return (data.get("kind") == AUTOSAVE_KIND and data.get("version") == AUTOSAVE_VERSION
            and isinstance(replay, dict) and replay.get("game") == game_id)
