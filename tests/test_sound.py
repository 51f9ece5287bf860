"""Sound assets and the SoundBoard: modes, silence on failure, rate limiting."""

from __future__ import annotations

import logging
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import shutil
import struct
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game.engine import sound
from game.engine.sound import NO_DEVICE, SOUNDS, SoundBoard
from tools import make_sounds

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def closed_mixer():
    # Every test starts and ends with the mixer closed, so each SoundBoard opens it itself.
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


class FakeSound:
    """Stands in for pygame.mixer.Sound when there is no device: parses, never plays."""

    def __init__(self, path: Path) -> None:
        try:
            with wave.open(str(path), "rb"):
                pass
        except OSError:
            raise  # a missing file: pygame raises FileNotFoundError too
        except Exception as exc:  # wave's many parse errors are one pygame.error in pygame
            raise pygame.error(str(exc)) from exc

    def play(self) -> object:
        return object()

    def stop(self) -> None:
        pass


def fake_mixer(monkeypatch) -> None:
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda **kwargs: None)
    monkeypatch.setattr(pygame.mixer, "get_num_channels", lambda: 16)
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)


@pytest.fixture(params=["real", "fake"])
def mixer(request, monkeypatch) -> str:
    """Run a test on the real (dummy-driver) mixer when it opens, and on a fake always."""
    if request.param == "real":
        try:
            pygame.mixer.init()
        except pygame.error as exc:
            pytest.skip(f"no mixer here: {exc}")
        pygame.mixer.quit()
    else:
        fake_mixer(monkeypatch)
    return request.param


def no_device(monkeypatch) -> None:
    def fail(**kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", fail)


# -- the generated assets ---------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SOUNDS))
def test_asset_is_clean_16bit_mono_44k(name: str) -> None:
    with wave.open(str(make_sounds.OUT_DIR / f"{name}.wav"), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44_100)
        frames = w.readframes(w.getnframes())
    samples = struct.unpack(f"<{len(frames) // 2}h", frames)
    peak = max(abs(s) for s in samples)
    assert peak > 0.1 * 32767, "audible"
    assert peak < 0.95 * 32767, "headroom: no clipping"
    assert 0.02 < len(samples) / 44_100 < 1.5


def test_generator_is_deterministic_and_matches_committed_assets(tmp_path: Path) -> None:
    for name, path in make_sounds.build(tmp_path).items():
        committed = make_sounds.OUT_DIR / path.name
        assert path.read_bytes() == committed.read_bytes(), f"rerun tools/make_sounds ({name})"
    assert set(make_sounds.RECIPES) == SOUNDS


# -- modes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "expected"),
    [("off", []), ("partial", ["error", "deal"]), ("full", ["error", "win", "deal"])],
)
def test_modes(mixer: str, mode: str, expected: list[str]) -> None:
    board = SoundBoard(mode)
    for name in ("error", "win", "deal"):
        board.play(name)
    assert list(board.played) == expected
    assert board.problem is None


def test_set_mode_takes_effect(mixer: str) -> None:
    board = SoundBoard("off")
    assert not board.play("win")
    board.set_mode("full")
    assert board.play("win")
    board.set_mode("partial")
    if mixer == "real":
        assert not pygame.mixer.get_busy(), "the song still ringing was cut off"
    assert not board.play("win")
    assert board.play("hint")
    assert list(board.played) == ["win", "hint"]


def test_off_never_touches_the_mixer(monkeypatch) -> None:
    no_device(monkeypatch)
    board = SoundBoard("off")
    for name in SOUNDS:
        assert not board.play(name)
    assert board.problem is None and not board.played


def test_programming_errors_raise() -> None:
    board = SoundBoard("off")
    with pytest.raises(ValueError, match="unknown sound"):
        board.play("trumpet")  # even when silent, a typo is a bug
    with pytest.raises(ValueError, match="unknown sound mode"):
        board.set_mode("loud")
    with pytest.raises(ValueError, match="unknown sound mode"):
        SoundBoard("loud")


# -- failure paths ----------------------------------------------------------------------------


def test_no_device_plays_silently_and_reports_once(monkeypatch, caplog) -> None:
    no_device(monkeypatch)
    board = SoundBoard("full")
    with caplog.at_level(logging.WARNING, logger=sound.__name__):
        for name in ("deal", "error", "win", "deal"):
            assert not board.play(name)
    assert board.problem == NO_DEVICE
    assert not board.played
    assert len(caplog.records) == 1


def test_damaged_and_missing_files_are_silent(mixer: str, tmp_path: Path, caplog) -> None:
    for name in SOUNDS - {"deal", "hint"}:
        shutil.copy(make_sounds.OUT_DIR / f"{name}.wav", tmp_path)
    (tmp_path / "deal.wav").write_bytes(b"RIFF\x10\x00\x00\x00WAVEnot really")
    board = SoundBoard("full", tmp_path)  # hint.wav is missing altogether
    with caplog.at_level(logging.WARNING, logger=sound.__name__):
        assert not board.play("deal")
        assert not board.play("hint")
        assert board.play("error")
    assert board.problem is not None
    assert "deal.wav" in board.problem and "hint.wav" in board.problem
    assert list(board.played) == ["error"]
    assert len(caplog.records) == 1


# -- rate limit -------------------------------------------------------------------------------


def test_identical_sounds_are_rate_limited(mixer: str) -> None:
    now = [100.0]
    board = SoundBoard("full", clock=lambda: now[0])
    for _ in range(52):  # a whole deck dealt in one frame is one flick, not a roar
        board.play("deal")
    assert board.play("place"), "other sounds have their own limit"
    now[0] += 0.02
    assert not board.play("deal")
    now[0] += 0.006
    assert board.play("deal")
    assert list(board.played) == ["deal", "place", "deal"]


def test_history_is_capped(monkeypatch) -> None:
    fake_mixer(monkeypatch)  # the real one would run out of channels: no time passes here
    now = [0.0]
    board = SoundBoard("partial", clock=lambda: now[0])
    for _ in range(250):
        now[0] += 1.0
        board.play("select")
    assert len(board.played) == sound.HISTORY


# -- a real audio path ------------------------------------------------------------------------

DISK_PROBE = """
import sys, time
from pathlib import Path
from game.engine.sound import SoundBoard
board = SoundBoard("partial")
print(board.play("error"), board.problem, flush=True)
out = Path(sys.argv[1])
deadline = time.monotonic() + 5.0  # SDL's disk driver writes in real time from its own thread
while time.monotonic() < deadline:
    if out.exists() and any(out.read_bytes()):
        break
    time.sleep(0.05)
"""


def test_disk_driver_receives_audio(tmp_path: Path) -> None:
    """End to end through SDL: the "disk" driver writes the mixed output to a file.

    SDL paces that driver in real time, so the probe polls (up to 5 s) for non-zero
    bytes rather than sleeping a fixed, load-dependent time.
    """
    out = tmp_path / "audio.raw"
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out), PYTHONPATH=ROOT)
    run = subprocess.run(
        [sys.executable, "-c", DISK_PROBE, str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert run.returncode == 0, run.stderr
    if NO_DEVICE in run.stdout:
        pytest.skip("this SDL has no disk audio driver")
    assert run.stdout.startswith("True None"), run.stdout
    assert any(out.read_bytes()), "silence written: the sound never reached SDL"
