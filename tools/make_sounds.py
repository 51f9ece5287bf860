"""Synthesize the game's sound effects into assets/sounds/ (16-bit mono 44.1 kHz WAV).

Pure Python and seeded, so running it again rewrites byte-identical files:
``python -m tools.make_sounds [out_dir]``. The WAVs are committed; rerun this only
after changing a recipe below.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44_100
SEED = 52  # one deck's worth
OUT_DIR = Path(__file__).resolve().parents[1] / "assets" / "sounds"

# Levels: every sound is scaled so its loudest 20 ms has the same RMS, with per-sound
# trims in dB because ears integrate over ~200 ms (long tones seem louder than ticks).
TARGET_RMS = 10 ** (-17 / 20)
PEAK_CEILING = 10 ** (-1 / 20)  # never within 1 dB of full scale, so nothing clips
TRIM_DB = {"shuffle": -2.0, "error": -3.0, "win": -4.0, "hint": -3.0}

Signal = list[float]


def n_samples(seconds: float) -> int:
    return round(seconds * RATE)


def silence(seconds: float) -> Signal:
    return [0.0] * n_samples(seconds)


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def _coef(cutoff: float) -> float:
    return 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)


def lowpass(x: Signal, cutoff: float | Callable[[float], float], poles: int = 1) -> Signal:
    """One-pole low-pass (stacked ``poles`` times); cutoff may vary with time in seconds."""
    for _ in range(poles):
        y, out = 0.0, []
        for i, s in enumerate(x):
            fc = cutoff(i / RATE) if callable(cutoff) else cutoff
            y += _coef(fc) * (s - y)
            out.append(y)
        x = out
    return x


def highpass(x: Signal, cutoff: float) -> Signal:
    return [s - lo for s, lo in zip(x, lowpass(x, cutoff), strict=True)]


def envelope(x: Signal, attack: float, decay: float) -> Signal:
    """Linear attack (no click at the start), then exponential decay with time constant."""
    a = max(1, n_samples(attack))
    return [s * (i / a if i < a else math.exp(-(i - a) / (decay * RATE))) for i, s in enumerate(x)]


def tone(
    freq: float | Callable[[float], float],
    seconds: float,
    partials: tuple[tuple[float, float], ...] = ((1.0, 1.0),),
) -> Signal:
    """Sum of harmonics (ratio, gain); ``freq`` may glide with time in seconds."""
    phase, out = 0.0, []
    for i in range(n_samples(seconds)):
        f = freq(i / RATE) if callable(freq) else freq
        phase += 2.0 * math.pi * f / RATE
        out.append(sum(g * math.sin(r * phase) for r, g in partials))
    return out


# A soft triangle: odd harmonics at 1/n^2, cut off early so it stays mellow.
TRIANGLE = ((1.0, 1.0), (3.0, -1 / 9), (5.0, 1 / 25))
# A struck bar: inharmonic upper partials give the "chime" colour.
BELL = ((1.0, 1.0), (2.76, 0.25), (5.40, 0.06))


def mix(dst: Signal, src: Signal, at: float = 0.0, gain: float = 1.0) -> Signal:
    start = n_samples(at)
    if start + len(src) > len(dst):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    for i, s in enumerate(src):
        dst[start + i] += gain * s
    return dst


def fade_tail(x: Signal, seconds: float = 0.004) -> Signal:
    """Ramp the last few ms to zero so playback never ends on a click."""
    n = min(len(x), n_samples(seconds))
    for i in range(n):
        x[len(x) - n + i] *= 1.0 - (i + 1) / n
    return x


# -- recipes ---------------------------------------------------------------------------------


def flick(rng: random.Random, seconds: float = 0.06, bright: float = 1.0) -> Signal:
    """A card edge brushing past: band-passed noise whose brightness falls as it decays."""
    top = 5000.0 * bright
    swept = lowpass(noise(seconds, rng), lambda t: max(1500.0, top - t * 50_000.0), poles=2)
    return envelope(highpass(swept, 700.0), 0.0015, seconds / 5)


def make_deal(rng: random.Random) -> Signal:
    return flick(rng, 0.06)


def make_place(rng: random.Random) -> Signal:
    thud = envelope(tone(lambda t: 200.0 - 1000.0 * t, 0.08, TRIANGLE), 0.002, 0.022)
    felt = envelope(lowpass(noise(0.08, rng), 900.0, poles=2), 0.001, 0.012)
    click = envelope(highpass(noise(0.004, rng), 3000.0), 0.0003, 0.001)
    return mix(mix(mix(silence(0.08), thud, gain=0.9), felt, gain=1.6), click, gain=0.25)


def make_flip(rng: random.Random) -> Signal:
    out = mix(silence(0.11), flick(rng, 0.05), gain=0.8)
    return mix(out, flick(rng, 0.06, bright=1.2), at=0.045)


def make_shuffle(rng: random.Random) -> Signal:
    """A riffle: ~20 flicks, evenly spaced with human jitter, swelling then easing off."""
    out, count = silence(0.62), 20
    for k in range(count):
        at = 0.01 + k * 0.028 + rng.uniform(-0.004, 0.004)
        arc = math.sin(math.pi * (k + 1) / (count + 1)) ** 0.5
        gain = arc * rng.uniform(0.6, 1.0)
        mix(out, flick(rng, rng.uniform(0.025, 0.035), bright=rng.uniform(0.8, 1.1)), at, gain)
    return out[: n_samples(0.62)]


def _beep(freq: float, seconds: float) -> Signal:
    """A rounded beep: raised-cosine attack and release, no hard edges to sound harsh."""
    x, n = tone(freq, seconds, ((1.0, 1.0), (2.0, 0.15), (3.0, 0.2))), n_samples(seconds)
    edge_a, edge_r = n_samples(0.008), n_samples(0.03)
    for i in range(n):
        if i < edge_a:
            x[i] *= 0.5 - 0.5 * math.cos(math.pi * i / edge_a)
        elif i >= n - edge_r:
            x[i] *= 0.5 - 0.5 * math.cos(math.pi * (n - i) / edge_r)
    return x


def make_error(rng: random.Random) -> Signal:
    # Falling major third, E4 -> C4: reads as "no" without buzzing.
    return mix(mix(silence(0.2), _beep(329.63, 0.085)), _beep(261.63, 0.1), at=0.1)


def make_select(rng: random.Random) -> Signal:
    ping = envelope(tone(1800.0, 0.03, ((1.0, 1.0), (1.5, 0.3))), 0.0005, 0.006)
    tick = envelope(highpass(noise(0.003, rng), 2500.0), 0.0002, 0.0008)
    return mix(mix(silence(0.03), ping), tick, gain=0.3)


def make_button(rng: random.Random) -> Signal:
    blip = envelope(tone(lambda t: 950.0 - 5000.0 * t, 0.045, TRIANGLE), 0.001, 0.01)
    tick = envelope(highpass(noise(0.003, rng), 2000.0), 0.0002, 0.001)
    return mix(mix(silence(0.045), blip), tick, gain=0.35)


def _chime(freq: float, seconds: float, decay: float) -> Signal:
    # Upper partials die faster than the fundamental, as on a real bar.
    out = silence(seconds)
    for ratio, gain in BELL:
        part = envelope(tone(freq * ratio, seconds), 0.002, decay / ratio**0.5)
        mix(out, part, gain=gain)
    return out


def make_hint(rng: random.Random) -> Signal:
    # B5 then E6: a rising fourth, "look here".
    out = mix(silence(0.4), _chime(987.77, 0.4, 0.09), gain=0.8)
    return mix(out, _chime(1318.51, 0.31, 0.1), at=0.09)[: n_samples(0.4)]


def make_win(rng: random.Random) -> Signal:
    """C-major arpeggio up to a ringing C6+E6 chord, soft triangle tones."""
    c5, e5, g5, c6, e6 = 523.25, 659.26, 783.99, 1046.50, 1318.51
    out = silence(1.2)
    for k, freq in enumerate((c5, e5, g5, c6)):
        mix(out, envelope(tone(freq, 0.3, TRIANGLE), 0.005, 0.09), at=0.11 * k, gain=0.8)
    mix(out, envelope(tone(g5, 0.25, TRIANGLE), 0.005, 0.07), at=0.47, gain=0.6)
    for freq, gain in ((c6, 0.7), (e6, 0.45), (c5, 0.35)):
        mix(out, envelope(tone(freq, 0.62, TRIANGLE), 0.006, 0.2), at=0.58, gain=gain)
    return out[: n_samples(1.2)]


RECIPES: dict[str, Callable[[random.Random], Signal]] = {
    "deal": make_deal,
    "place": make_place,
    "flip": make_flip,
    "shuffle": make_shuffle,
    "error": make_error,
    "select": make_select,
    "win": make_win,
    "hint": make_hint,
    "button": make_button,
}


# -- levels and output -----------------------------------------------------------------------


def loudness(x: Signal, window: float = 0.02) -> float:
    """RMS of the loudest window: a fair level for both clicks and held tones."""
    w, hop = n_samples(window), n_samples(0.005)
    starts = range(0, max(1, len(x) - w + 1), hop)
    return max(math.sqrt(sum(s * s for s in x[i : i + w]) / w) for i in starts)


def normalize(x: Signal, trim_db: float = 0.0) -> Signal:
    gain = TARGET_RMS * 10 ** (trim_db / 20) / loudness(x)
    gain = min(gain, PEAK_CEILING / max(abs(s) for s in x))
    return [s * gain for s in x]


def write_wav(path: Path, x: Signal) -> None:
    pcm = struct.pack(f"<{len(x)}h", *(round(max(-1.0, min(1.0, s)) * 32767) for s in x))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm)


def render(name: str) -> Signal:
    # Each sound has its own seeded stream so editing one recipe leaves the others unchanged.
    rng = random.Random(SEED * 1000 + list(RECIPES).index(name))
    return fade_tail(normalize(RECIPES[name](rng), TRIM_DB.get(name, 0.0)))


def build(out_dir: Path = OUT_DIR) -> dict[str, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name in RECIPES:
        paths[name] = out_dir / f"{name}.wav"
        write_wav(paths[name], render(name))
    return paths


def main(argv: list[str]) -> None:
    out_dir = Path(argv[0]) if argv else OUT_DIR
    for name, path in build(out_dir).items():
        print(f"{name:8} {path.stat().st_size:7,d} bytes  {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
