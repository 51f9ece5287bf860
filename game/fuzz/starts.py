"""Start points the fuzzer jumps to, because random input alone rarely reaches deep
scenes: the menu, every playable game (standard and demo) from the registry, its help,
the settings, the replay list and the replay viewer over a replay written here first.
A game added to the registry is covered with no change to this file."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import storage
from game.replay.recorder import Recorder
from game.rules.registry import GameEntry, playable

REPLAY_MOVES = 12  # moves in each replay written for the viewer


@dataclass(frozen=True, slots=True)
class Start:
    name: str
    make: Callable[[Any, int], Any]  # (app, seed) -> a scene to push; None: the menu


def write_replays(save_dir: Path, rng: random.Random) -> dict[str, Path]:
    """One short replay per playable game (random legal moves), by game id."""
    paths = {}
    for entry in playable():
        rules = entry.rules
        recorder = Recorder(rules, rng.randrange(2**31), {})
        for _ in range(REPLAY_MOVES):
            moves = [] if rules.is_over(recorder.state) else rules.legal_moves(recorder.state)
            if not moves:
                break
            recorder.play(rng.choice(moves))
        recorder.meta.update({"date": "2024-01-02T03:04:05", "result": "fuzz"})
        paths[entry.id] = storage.write_replay(storage.replay_dir(save_dir), recorder.to_json())
    return paths


def start_points(replays: dict[str, Path]) -> list[Start]:
    from scenes.help import HelpScene
    from scenes.replay_viewer import ReplayListScene
    from scenes.settings import SettingsScene

    starts = [Start("menu", lambda app, seed: None),
              Start("settings", lambda app, seed: SettingsScene(app)),
              Start("help", lambda app, seed: HelpScene(app, "parlour")),
              Start("replays", lambda app, seed: ReplayListScene(app))]
    for entry in playable():
        starts.extend(_game_starts(entry, replays.get(entry.id)))
    return starts


def _game_starts(entry: GameEntry, replay: Path | None) -> list[Start]:
    from scenes.help import HelpScene
    from scenes.menu import game_scene

    starts = [Start(f"game:{entry.id}", lambda app, seed: game_scene(app, entry.id, seed=seed)),
              Start(f"demo:{entry.id}",
                    lambda app, seed: game_scene(app, entry.id, seed=seed, demo=True))]
    if entry.help_topic:
        starts.append(Start(f"help:{entry.id}",
                            lambda app, seed: HelpScene(app, entry.help_topic)))
    if replay is not None:
        starts.append(Start(f"replay:{entry.id}", lambda app, seed: _viewer(app, replay)))
    return starts


def _viewer(app: Any, path: Path) -> Any:
    from scenes.replay_viewer import ReplayScene

    scene = ReplayScene.open(app, path)
    if scene is None:
        raise RuntimeError(f"the replay viewer could not open {path.name}: "
                           f"{app.problems[-1] if app.problems else 'no reason given'}")
    return scene
