"""``game_scene``: the one way to open any registered game's scene (the menu, the replay
viewer, the launcher and the fuzzer all come through here)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.replay.recorder import Recorder
from game.rules.registry import GAME_BY_ID, load
from game.session import SeatClient
from scenes.card_scene import CardGameScene

if TYPE_CHECKING:
    from game.engine.app import App


def game_scene(app: App, name: str, seed: int | None = None, demo: bool = False,
               recorder: Recorder[Any, Any] | None = None,
               client: SeatClient[Any, Any] | None = None) -> CardGameScene[Any, Any]:
    """The scene for game ``name`` (a registry id); with ``recorder``, a viewer over that
    log for the replay viewer; with ``client``, on that seat (a network replay's);
    with ``demo``, the computer plays deal after deal. Any game's: its view and move
    types are the scene's own business."""
    entry = GAME_BY_ID.get(name)
    if entry is None or not entry.playable:
        raise ValueError(f"{name} is not built yet")
    scene: CardGameScene[Any, Any] = load(entry.scene)(app, seed=seed, demo=demo, recorder=recorder,
                                             client=client)
    return scene
