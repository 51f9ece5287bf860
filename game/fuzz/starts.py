"""Start points the fuzzer jumps to, because random input alone rarely reaches deep
scenes: the menu, every playable game (standard, demo, and resumed one move before its
end) from the registry, its help, the settings, the replay list and the replay viewer
over a whole game written here first; for a game played over the network, a table
hosted (its lobby) and the viewer over a whole match as one seat saw it. A game added
to the registry is covered with no change to this file."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import seat_replay, storage
from game.engine.in_progress import AUTOSAVE_KIND, AUTOSAVE_VERSION
from game.fuzz.hostile import clear
from game.replay.recorder import Recorder
from game.rules.registry import GameEntry, playable
from game.seat_json import SeatPort
from game.session import Session

MAX_MOVES = 2000  # a random game that has not ended by then is cut short
MIDGAME_CHANCE = 0.3  # the endgame start resumes a game at a random point instead


Watch = Callable[[Any], bool]  # (app) -> still watching


@dataclass(frozen=True, slots=True)
class Start:
    name: str
    make: Callable[[Any, int], Any]  # (app, seed) -> a scene to push; None: the menu
    first: bool = False  # visited early in each round: every game and page, then the rest
    # A start whose moment comes with the computer's play: a new watch for each visit,
    # which the fuzzer calls before each frame it then runs with no input, until it says
    # False (it may press what a player would meanwhile)
    watch: Callable[[], Watch] | None = None


def random_game(entry: GameEntry, rng: random.Random, moves: int = MAX_MOVES,
                seed: int | None = None,
                until: Callable[[Any], bool] | None = None) -> Recorder[Any, Any]:
    """A game of random legal moves, played to its end (or ``moves`` moves, or the first
    position ``until`` holds for); its deal ``seed``, or one drawn from ``rng``."""
    rules = entry.built_rules
    deal = rng.randrange(2**31) if seed is None else seed
    recorder = Recorder(rules, deal, rules.quick_config)
    for _ in range(moves):
        if until is not None and until(recorder.state):
            break
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


def write_seat_replays(save_dir: Path, seed: int) -> dict[str, Written]:
    """A whole network match per game played over the network, by "network:<game id>",
    each from its own generator (the run's draws stay as they were)."""
    return {f"network:{e.id}": write_seat_replay(save_dir, e, random.Random(f"{seed}:{e.id}"))
            for e in playable() if e.network}


def write_seat_replay(save_dir: Path, entry: GameEntry, rng: random.Random) -> Written:
    """Random legal moves at a table of the game's network config, kept as seat 1 saw
    them (the messages its SeatPort sent), as the network keeps a match."""
    config = {**entry.built_rules.quick_config,
              **{q.key: rng.choice(q.choices)[0] for q in entry.net_questions}}
    rules = entry.built_rules
    session = Session(rules, Recorder(rules, rng.randrange(2**31), config))
    bodies: list[str] = []
    SeatPort(session, 1, bodies.append)
    for _ in range(MAX_MOVES):
        if session.over:
            break
        seat = rng.choice(session.acting_seats())
        session.submit(seat, rng.choice(session.legal_moves(seat)))
    replay = seat_replay.SeatReplay(entry.id, 1, ("Ann", "Bob", "Cy", "Di")[:session.seats], 1,
                                    "fuzz", "2024-01-02T03:04:05", tuple(bodies))
    path = seat_replay.write(save_dir, replay)
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
    from game.fuzz.goals import goal_starts  # goals start from these starts' helpers

    return starts + goal_starts()


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
    if entry.network:
        starts.append(Start(f"host:{entry.id}", lambda app, seed: _host(app, entry, seed),
                            True))
    for key, write in ((entry.id, write_replay), (f"network:{entry.id}", write_seat_replay)):
        if key in replays:
            starts.append(Start(f"replay:{key}", _replay_start(entry, key, write, replays),
                                True))
    return starts


def _endgame(app: Any, entry: GameEntry, seed: int) -> Any:
    """The game resumed from an autosave one move before a random game's end, so the
    next move may finish it (game-over dialogs, replays written, new deals); now and
    then at a random point instead (a round's end may come: its box)."""
    rng = random.Random(seed)
    whole = random_game(entry, rng)
    midgame = rng.random() < MIDGAME_CHANCE and len(whole.moves) >= 2
    left = rng.randint(2, len(whole.moves)) if midgame else 1  # moves still to come
    return resume(app, entry, replayed(entry, whole, len(whole.moves) - left))


def replayed(entry: GameEntry, whole: Recorder[Any, Any], moves: int) -> Recorder[Any, Any]:
    """The first ``moves`` moves of a game, as a new log."""
    recorder = Recorder(entry.built_rules, whole.seed, whole.config)
    for move in whole.moves[:moves]:
        recorder.play(move)
    return recorder


def resume(app: Any, entry: GameEntry, recorder: Recorder[Any, Any],
           extra: dict[str, Any] | None = None) -> Any:
    """The game's scene resuming ``recorder`` from its autosave, with what the scene
    keeps beside the game there (``extra``: a match in progress)."""
    from scenes.open_game import game_scene

    path = app.save_dir / f"autosave-{entry.id}.json"
    clear(path)  # a hostile round may have left a folder or a looping link there
    storage.write_json_atomic(path, {"kind": AUTOSAVE_KIND, "version": AUTOSAVE_VERSION,
                                     "replay": recorder.to_json(), **(extra or {})})
    scene = game_scene(app, entry.id)  # no seed: the saved game is resumed
    if recorder.cursor and (scene.recorder is None or scene.recorder.cursor != recorder.cursor):
        raise RuntimeError(f"the autosave of {entry.id} was not resumed")
    return scene


def _host(app: Any, entry: GameEntry, seed: int) -> None:
    """A table hosted (on loopback: the fuzzer's app) with random answers to the host's
    questions; its lobby is pushed."""
    from scenes.net_setup import TURN_TIMERS, HostChoice, host

    rng = random.Random(seed)
    config = {q.key: rng.choice(q.choices)[0] for q in entry.net_questions}
    rules = entry.built_rules
    players = rules.seat_count(rules.new_game(0, config))
    people = rng.randint(1, players)
    levels = tuple(rng.choice([a for a in entry.agents if a != "random"])
                   for _ in range(players - people))
    host(app, entry, HostChoice(config, players, people, levels,
                                float(rng.choice(TURN_TIMERS)[0]), name="Host"))


def _replay_start(entry: GameEntry, key: str,
                  write: Callable[[Path, GameEntry, random.Random], Written],
                  replays: dict[str, Written]) -> Callable[[Any, int], Any]:
    return lambda app, seed: _viewer(app, entry, key, write, replays, seed)


def _viewer(app: Any, entry: GameEntry, key: str,
            write: Callable[[Path, GameEntry, random.Random], Written],
            replays: dict[str, Written], seed: int) -> Any:
    """The viewer over the fuzz replay ``key``, written again if it was deleted or
    damaged meanwhile (a file written whole must open)."""
    from scenes.replay_viewer import ReplayScene

    if not replays[key].intact:
        replays[key] = write(app.save_dir, entry, random.Random(seed))
    path = replays[key].path
    scene = ReplayScene.open(app, path)
    if scene is None:
        raise RuntimeError(f"the replay viewer could not open {path.name}: "
                           f"{app.problems[-1] if app.problems else 'no reason given'}")
    return scene
