"""Settings: round trip, per-field fallback, command-line overrides never saved."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game.settings import (
    Settings,
    ai_delay,
    animation_scale,
    apply_overrides,
    load_settings,
    save_settings,
    strip_overrides,
)


def test_defaults_when_there_is_no_file(tmp_path: Path) -> None:
    settings, problem = load_settings(tmp_path)
    assert settings == Settings() and problem is None
    assert (settings.sound, settings.animation, settings.ai_speed, settings.input_mode) == (
        "full", "normal", "medium", "mouse")
    assert settings.error_messages and not settings.fullscreen and settings.per_game == {}


def test_round_trip(tmp_path: Path) -> None:
    chosen = Settings(sound="partial", animation="slow", ai_speed="fast", error_messages=False,
                      deck_style="four_colour", card_back="red", fullscreen=True, tv_mode=True,
                      input_mode="keyboard",
                      per_game={"pyramid": {"same_deck": False, "winnable_only": True}})
    save_settings(tmp_path, chosen)
    data = json.loads((tmp_path / "settings.json").read_text())
    assert (data["kind"], data["version"]) == ("settings", 1)
    assert load_settings(tmp_path) == (chosen, None)


def test_bad_values_fall_back_field_by_field(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({
        "kind": "settings", "version": 1, "sound": "loud", "animation": "fast",
        "fullscreen": "yes", "tv_mode": True, "per_game": [1], "from_the_future": 3}))
    settings, problem = load_settings(tmp_path)
    assert settings == Settings(animation="fast", tv_mode=True)
    assert problem is not None and "sound, fullscreen, per_game" in problem
    assert "from_the_future" not in problem  # unknown keys are quietly ignored


def test_damaged_file_gives_defaults_and_a_message(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"kind": "settings", ')
    settings, problem = load_settings(tmp_path)
    assert settings == Settings()
    assert problem is not None and problem.startswith("settings.json was damaged")
    assert len(list(tmp_path.glob("settings.json.bad-*"))) == 1


def test_overrides_win_but_are_not_saved(tmp_path: Path) -> None:
    saved = Settings(sound="off", animation="slow")
    save_settings(tmp_path, saved)
    overrides = {"fullscreen": True, "animation": "off", "tv_mode": None}  # None: not given
    effective = apply_overrides(load_settings(tmp_path)[0], overrides)
    assert (effective.fullscreen, effective.animation, effective.sound) == (True, "off", "off")
    # The player changes sound in the options screen: only that change is written.
    changed = replace(effective, sound="partial")
    save_settings(tmp_path, strip_overrides(changed, saved, overrides))
    assert load_settings(tmp_path)[0] == replace(saved, sound="partial")
    # An overridden field the player changed on purpose is saved as changed.
    assert strip_overrides(replace(effective, animation="fast"), saved, overrides).animation == (
        "fast")


@pytest.mark.parametrize("overrides, message", [
    ({"volume": 3}, "no setting called 'volume'"),
    ({"sound": "loud"}, "sound must be one of full, partial, off"),
    ({"fullscreen": "1"}, "fullscreen must be true or false"),
])
def test_bad_overrides_are_refused(overrides: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        apply_overrides(Settings(), overrides)


def test_speed_tables() -> None:
    scales = [animation_scale(Settings(animation=a)) for a in ("off", "fast", "normal", "slow")]
    assert scales == [None, 0.5, 1.0, 2.0]
    assert [ai_delay(Settings(ai_speed=s)) for s in ("slow", "medium", "fast")] == [1.0, 0.5, 0.15]


def test_pyramid_options_from_an_older_file_move_under_pyramid(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({
        "kind": "settings", "version": 1, "sound": "off", "same_deck": False,
        "show_winnable": True, "per_game": {}}))
    settings, problem = load_settings(tmp_path)
    assert problem is None and settings.sound == "off"
    assert settings.per_game == {"pyramid": {"same_deck": False, "show_winnable": True}}
