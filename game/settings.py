"""The settings every scene shares, stored in ``settings.json`` (kind "settings").

Loading is forgiving: unknown keys are ignored (a newer game may have added some)
and a bad value falls back to its default on its own, so one wrong field never
costs the player the rest. The file with the bad value is set aside and the
repaired settings written in its place, so the player is told once, not at every
start. Command-line switches go through ``apply_overrides``:
they win over the file but are never written back (see ``strip_overrides``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Literal

from game.json_limits import is_text, small_json_problem
from game.storage import read_json, set_aside, write_json_atomic

FILE_NAME = "settings.json"
KIND = "settings"
VERSION = 1

Sound = Literal["full", "partial", "off"]
Animation = Literal["off", "fast", "normal", "slow"]
AiSpeed = Literal["slow", "medium", "fast"]
DeckStyle = Literal["classic", "four_colour"]
CardBack = Literal["blue", "red", "green"]
InputMode = Literal["mouse", "keyboard", "ask"]

# The allowed values of each text setting (the Literals above, for checking at run time).
CHOICES: dict[str, tuple[str, ...]] = {
    "sound": ("full", "partial", "off"),
    "animation": ("off", "fast", "normal", "slow"),
    "ai_speed": ("slow", "medium", "fast"),
    "deck_style": ("classic", "four_colour"),
    "card_back": ("blue", "red", "green"),
    "input_mode": ("mouse", "keyboard", "ask"),
}

_ANIMATION_SCALE: dict[str, float | None] = {"off": None, "fast": 0.5, "normal": 1.0, "slow": 2.0}
_AI_DELAY: dict[str, float] = {"slow": 1.0, "medium": 0.5, "fast": 0.15}


@dataclass(frozen=True)
class Settings:
    sound: Sound = "full"
    animation: Animation = "normal"
    ai_speed: AiSpeed = "medium"  # pace of the computer player and AUTO
    error_messages: bool = True
    deck_style: DeckStyle = "classic"
    card_back: CardBack = "blue"
    fullscreen: bool = False
    tv_mode: bool = False  # 10-foot UI: large text, safe-area margins
    # The manual's Mouse option. Every device works at once unless "keyboard" turns the
    # mouse off; "ask" asks before each game (the old default; -ask brings it back).
    input_mode: InputMode = "mouse"
    # Each game's own options (game.rules.registry.Option), keyed by game id.
    per_game: dict[str, Any] = field(default_factory=dict)


# Version 1 kept Pyramid's options with the general settings; they now live per game.
_MOVED_TO_GAME = {"same_deck": "pyramid", "show_winnable": "pyramid", "winnable_only": "pyramid"}


_DEFAULTS = Settings()


def _check(name: str, value: Any) -> str | None:
    """Why ``value`` cannot be setting ``name``, or None if it can."""
    if name in CHOICES:
        if value not in CHOICES[name]:
            return f"must be one of {', '.join(CHOICES[name])}"
    elif name == "per_game":
        if not isinstance(value, dict) or not all(is_text(k, 40) for k in value):
            return "must be an object keyed by game id"
        problem = small_json_problem(value)
        if problem:
            return problem
    elif isinstance(getattr(_DEFAULTS, name), bool) and not isinstance(value, bool):
        return "must be true or false"
    return None


def _moved_options(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 file's game options, moved under their game in ``per_game``."""
    per_game = data.get("per_game", {})
    if not isinstance(per_game, dict):
        return data
    moved = {name: data[name] for name in _MOVED_TO_GAME if isinstance(data.get(name), bool)}
    if not moved:
        return data
    games = dict(per_game)
    for name, value in moved.items():
        game = _MOVED_TO_GAME[name]
        mine = games.get(game)
        mine = mine if isinstance(mine, dict) else {}
        games[game] = {name: value, **mine}
    return {**data, "per_game": games}


def settings_from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a loaded file, field by field; plus the names of fields that were bad."""
    data = _moved_options(data)
    values: dict[str, Any] = {}
    bad: list[str] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        if _check(f.name, data[f.name]) is None:
            values[f.name] = data[f.name]
        else:
            bad.append(f.name)
    return Settings(**values), bad


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    return {"kind": KIND, "version": VERSION, **asdict(settings)}


def load_settings(folder: str | Path) -> tuple[Settings, str | None]:
    """The saved settings (defaults if none) and a sentence for the player if something
    was wrong with the file."""
    result = read_json(Path(folder) / FILE_NAME, KIND, VERSION)
    if result.data is None:
        return Settings(), result.problem
    settings, bad = settings_from_dict(result.data)
    if not bad:
        return settings, None
    problem = f"{FILE_NAME} had bad values for {', '.join(bad)}; defaults are used for those"
    path = Path(folder) / FILE_NAME
    try:
        target = set_aside(path)
        save_settings(folder, settings)
    except OSError as exc:
        return settings, f"{problem} (the file could not be repaired: {exc.strerror or exc})."
    return settings, f"{problem}, and the old file has been set aside as {target.name}."


def save_settings(folder: str | Path, settings: Settings) -> None:
    write_json_atomic(Path(folder) / FILE_NAME, settings_to_dict(settings))


def apply_overrides(settings: Settings, overrides: dict[str, Any]) -> Settings:
    """Command-line switches on top of saved settings. None means "not given" (argparse's
    default); an unknown name or bad value raises ValueError naming it."""
    given = {k: v for k, v in overrides.items() if v is not None}
    names = {f.name for f in fields(Settings)}
    for name, value in given.items():
        if name not in names:
            raise ValueError(f"no setting called {name!r}")
        reason = _check(name, value)
        if reason:
            raise ValueError(f"setting {name} {reason}, not {value!r}")
    return replace(settings, **given)


def strip_overrides(settings: Settings, saved: Settings, overrides: dict[str, Any]) -> Settings:
    """What to save when the player changes ``settings`` while ``overrides`` are in force:
    a field still at its override value keeps its ``saved`` value; one the player has
    changed since (in the options screen) is saved as changed."""
    keep = {name: getattr(saved, name) for name, value in overrides.items()
            if value is not None and getattr(settings, name) == value}
    return replace(settings, **keep)


def animation_scale(settings: Settings) -> float | None:
    """Multiplier for animation durations; None means no animation (instant)."""
    return _ANIMATION_SCALE.get(settings.animation, 1.0)


def ai_delay(settings: Settings) -> float:
    """Seconds between computer moves."""
    return _AI_DELAY.get(settings.ai_speed, _AI_DELAY[_DEFAULTS.ai_speed])
