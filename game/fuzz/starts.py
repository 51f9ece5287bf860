"""Start points the fuzzer jumps to, because random input alone rarely reaches deep
scenes: the menu, every playable game (standard, demo, and resumed one move before its
end) from the registry, its help, the settings, the replay list and the replay viewer
over a whole game written here first. A game added to the registry is covered with no
change to this file."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import storage
from game.engine.card_scene import AUTOSAVE_KIND, AUTOSAVE_VERSION
from game.replay.recorder import Recorder
from game.rules.registry import GameEntry, playable

MAX_MOVES = 2000  # a random game that has not ended by then is cut short


@dataclass(frozen=True, slots=True)
class Start:
    name: str
    make: Callable[[Any, int], Any]  # (app, seed) -> a scene to push; None: the menu
    first: bool = False  # visited early in each round: every game and page, then the rest


def random_game(entry: GameEntry, rng: random.Random, moves: int = MAX_MOVES) -> Recorder:
    """A game of random legal moves, played to its end (or ``moves`` moves)."""
    rules = entry.rules
    recorder = Recorder(rules, rng.randrange(2**31), rules.quick_config)
    for _ in range(moves):
        legal = [] if rules.is_over(recorder.state) else rules.legal_moves(recorder.state)
        if not legal:
            break
        recorder.play(rng.choice(legal))
    return recorder


@dataclass(frozen=True, slots=True)
class Written:
    """A replay file as the fuzzer wrote it."""

    path: Path
    data: bytes

    @property
    def intact(self) -> bool:
        """Still there as written (the fuzzed replay list may delete it, a hostile round
        damage it)."""
        try:
            return self.path.is_file() and self.path.read_bytes() == self.data
        except OSError:
            return False


def write_replays(save_dir: Path, rng: random.Random) -> dict[str, Written]:
    """A whole game's replay per playable game, by game id."""
    return {entry.id: write_replay(save_dir, entry, rng) for entry in playable()}


def write_replay(save_dir: Path, entry: GameEntry, rng: random.Random) -> Written:
    recorder = random_game(entry, rng)
    recorder.meta.update({"date": "2024-01-02T03:04:05", "result": "fuzz"})
    path = storage.write_replay(storage.replay_dir(save_dir), recorder.to_json())
    return Written(path, path.read_bytes())


def start_points(replays: dict[str, Written]) -> list[Start]:
    from scenes.help import HelpScene
    from scenes.replay_viewer import ReplayListScene
    from scenes.settings import SettingsScene

    starts = [Start("menu", lambda app, seed: None, True),
              Start("settings", lambda app, seed: SettingsScene(app), True),
              Start("help", lambda app, seed: HelpScene(app, "parlour"), True),
              Start("replays", lambda app, seed: ReplayListScene(app), True)]
    for entry in playable():
        starts.extend(_game_starts(entry, replays))
    return starts


def _game_starts(entry: GameEntry, replays: dict[str, Written]) -> list[Start]:
    from scenes.help import HelpScene
    from scenes.open_game import game_scene

    starts = [Start(f"game:{entry.id}", lambda app, seed: game_scene(app, entry.id, seed=seed),
                    True),
              Start(f"demo:{entry.id}",
                    lambda app, seed: game_scene(app, entry.id, seed=seed, demo=True)),
              Start(f"endgame:{entry.id}", lambda app, seed: _endgame(app, entry, seed))]
    if entry.help_topic:
        starts.append(Start(f"help:{entry.id}",
                            lambda app, seed: HelpScene(app, entry.help_topic)))
    if entry.id in replays:
        starts.append(Start(f"replay:{entry.id}",
                            lambda app, seed: _viewer(app, entry, replays, seed), True))
    return starts


def _endgame(app: Any, entry: GameEntry, seed: int) -> Any:
    """The game resumed from an autosave one move before a random game's end, so the
    next move may finish it (game-over dialogs, replays written, new deals)."""
    from scenes.open_game import game_scene

    whole = random_game(entry, random.Random(seed))
    recorder = Recorder(entry.rules, whole.seed, whole.config)
    for move in whole.moves[:-1]:
        recorder.play(move)
    storage.write_json_atomic(app.save_dir / f"autosave-{entry.id}.json", {
        "kind": AUTOSAVE_KIND, "version": AUTOSAVE_VERSION, "replay": recorder.to_json()})
    scene = game_scene(app, entry.id)  # no seed: the saved game is resumed
    if recorder.cursor and scene.recorder.cursor != recorder.cursor:
        raise RuntimeError(f"the autosave of {entry.id} was not resumed")
    return scene


def _viewer(app: Any, entry: GameEntry, replays: dict[str, Written], seed: int) -> Any:
    """The viewer over the game's fuzz replay, written again if it was deleted or
    damaged meanwhile (a file written whole must open)."""
    from scenes.replay_viewer import ReplayScene

    if not replays[entry.id].intact:
        replays[entry.id] = write_replay(app.save_dir, entry, random.Random(seed))
    path = replays[entry.id].path
    scene = ReplayScene.open(app, path)
    if scene is None:
        raise RuntimeError(f"the replay viewer could not open {path.name}: "
                           f"{app.problems[-1] if app.problems else 'no reason given'}")
    return scene
