"""``game_scene``: the one way to open any registered game's scene (the menu, the replay
viewer, the launcher and the fuzzer all come through here)."""

from __future__ import annotations

from typing import Any

from game.rules.registry import GAME_BY_ID, load
from scenes.card_scene import CardGameScene


def game_scene(app: Any, name: str, seed: int | None = None, demo: bool = False,
               recorder: Any = None, client: Any = None) -> CardGameScene:
    """The scene for game ``name`` (a registry id); with ``recorder``, a viewer over that
    log for the replay viewer; with ``client``, on that seat (a network replay's);
    with ``demo``, the computer plays deal after deal."""
    entry = GAME_BY_ID.get(name)
    if entry is None or not entry.playable:
        raise ValueError(f"{name} is not built yet")
    scene: CardGameScene = load(entry.scene)(app, seed=seed, demo=demo, recorder=recorder,
                                             client=client)
    return scene
