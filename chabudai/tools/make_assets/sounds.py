"""Short synthesized sound effects, written as 16-bit mono WAV with the stdlib only.

Everything is computed from fixed seeds, so two runs write identical samples. Plucked notes use
the Karplus–Strong string model (a noise burst fed through a decaying averaging delay line), which
gives a koto/shamisen-like timbre that suits the tabletop theme.
"""

from __future__ import annotations

import array
import math
import random
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050

Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * int(RATE * seconds)


def mix_into(dst: Samples, src: Samples, at: float, gain: float = 1.0) -> None:
    """Add src into dst starting at `at` seconds (dst grows as needed)."""
    start = int(at * RATE)
    need = start + len(src)
    if need > len(dst):
        dst.extend([0.0] * (need - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain


def env(n: int, attack: float, decay: float) -> list[float]:
    """Linear attack (seconds) then exponential decay with time constant `decay` seconds."""
    a = max(int(attack * RATE), 1)
    return [(i / a) if i < a else math.exp(-(i - a) / (decay * RATE)) for i in range(n)]


def noise_burst(
    seconds: float, seed: str, decay: float, bright: float = 0.6, lowpass: float = 0.0
) -> Samples:
    """Decaying noise: `bright` tilts it towards the highs, `lowpass` (0–1) muffles it."""
    r = random.Random(seed)
    n = int(seconds * RATE)
    e = env(n, 0.002, decay)
    out, prev, y_lp = [], 0.0, 0.0
    for i in range(n):
        x = r.uniform(-1, 1)
        y = x - bright * prev  # simple high-pass tilt: crisper with larger `bright`
        prev = x
        y_lp = (1 - lowpass) * y + lowpass * y_lp
        out.append(y_lp * e[i] * 0.5)
    return out


def tone(
    freq: float,
    seconds: float,
    attack: float = 0.005,
    decay: float = 0.2,
    shape: str = "sine",
    glide: float = 0.0,
    vibrato: float = 0.0,
) -> Samples:
    """A tone with an envelope; glide multiplies the frequency over the note (e.g. 0.5 = octave down)."""
    n = int(seconds * RATE)
    e = env(n, attack, decay)
    out, ph = [], 0.0
    for i in range(n):
        t = i / n
        f = freq * (1 + (glide - 1) * t if glide else 1.0)
        if vibrato:
            f *= 1 + 0.02 * math.sin(2 * math.pi * vibrato * i / RATE)
        ph += 2 * math.pi * f / RATE
        if shape == "sine":
            v = math.sin(ph)
        elif shape == "tri":
            v = 2 / math.pi * math.asin(math.sin(ph))
        else:  # soft saw: a few harmonics
            v = sum(math.sin(ph * k) / k for k in range(1, 7)) * 0.6
        out.append(v * e[i])
    release = min(int(0.03 * RATE), n)  # never end a tone abruptly (that clicks)
    for i in range(release):
        out[n - 1 - i] *= i / release
    return out


def pluck(
    freq: float, seconds: float, seed: str, damping: float = 0.996, bright: float = 0.5
) -> Samples:
    """Karplus–Strong plucked string."""
    r = random.Random(seed)
    period = max(int(RATE / freq), 2)
    buf = [r.uniform(-1, 1) for _ in range(period)]
    # soften the initial burst (lower `bright` = duller pluck)
    for i in range(1, period):
        buf[i] = buf[i] * bright + buf[i - 1] * (1 - bright)
    n = int(seconds * RATE)
    out = []
    idx = 0
    for _ in range(n):
        nxt = (idx + 1) % period
        v = buf[idx]
        buf[idx] = damping * 0.5 * (buf[idx] + buf[nxt])
        out.append(v)
        idx = nxt
    fade = int(0.02 * RATE)
    for i in range(min(fade, n)):
        out[n - 1 - i] *= i / fade
    return out


def note(name: str) -> float:
    """Frequency of a note like 'A4', 'C#5'."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    base = names[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        base += 1
        rest = rest[1:]
    elif rest.startswith("b"):
        base -= 1
        rest = rest[1:]
    octave = int(rest)
    return 440.0 * 2 ** ((base + (octave - 4) * 12) / 12)


def normalize(x: Samples, peak: float = 0.8) -> Samples:
    m = max((abs(v) for v in x), default=0.0) or 1.0
    return [v * peak / m for v in x]


# --- the effects ------------------------------------------------------------------------------


def sfx_flick() -> Samples:
    return normalize(noise_burst(0.07, "flick", 0.012, 0.9), 0.6)


def sfx_shuffle() -> Samples:
    out = silence(0.7)
    r = random.Random("shuffle")
    t = 0.0
    while t < 0.6:
        mix_into(out, noise_burst(0.05, f"sh{t:.3f}", 0.008, 0.8), t, r.uniform(0.5, 1.0))
        t += r.uniform(0.025, 0.05)
    return normalize(out, 0.55)


def sfx_place() -> Samples:
    out = tone(150, 0.14, 0.002, 0.035, glide=0.6)
    mix_into(out, noise_burst(0.04, "place", 0.006, 0.3), 0, 0.6)
    return normalize(out, 0.7)


def sfx_capture() -> Samples:
    out = sfx_place()
    mix_into(out, tone(note("E6"), 0.35, 0.003, 0.09), 0.05, 0.35)
    mix_into(out, tone(note("B6"), 0.35, 0.003, 0.08), 0.11, 0.3)
    return normalize(out, 0.7)


def sfx_click() -> Samples:
    out = tone(1800, 0.035, 0.001, 0.006)
    mix_into(out, noise_burst(0.01, "click", 0.002, 0.9), 0, 0.3)
    return normalize(out, 0.45)


def sfx_koikoi() -> Samples:
    """A taiko hit then a rising shamisen figure in the yo scale."""
    out = tone(90, 0.5, 0.003, 0.12, glide=0.7)
    mix_into(out, noise_burst(0.08, "taiko", 0.02, 0.0, lowpass=0.9), 0, 1.6)
    for i, n in enumerate(("D4", "E4", "G4", "A4", "D5")):
        mix_into(out, pluck(note(n), 0.7, f"kk{i}", 0.994, 0.8), 0.12 + i * 0.085, 0.6)
    mix_into(out, tone(70, 0.5, 0.003, 0.14, glide=0.7), 0.6, 0.9)
    return normalize(out, 0.85)


def sfx_fool() -> Samples:
    """A comic descending 'wah-wah' (muted brass)."""
    out: Samples = []
    for i, n in enumerate(("G3", "F#3", "F3", "E3")):
        last = i == 3
        d = 0.7 if last else 0.22
        wah = tone(
            note(n),
            d + 0.05,
            0.02,
            d * 0.8,
            shape="saw",
            vibrato=6 if last else 0,
            glide=0.97 if last else 0,
        )
        mix_into(out, wah, i * 0.22)
    return normalize(out, 0.7)


def sfx_round_won() -> Samples:
    out: Samples = []
    for i, n in enumerate(("C5", "E5", "G5", "C6")):
        mix_into(out, pluck(note(n), 0.9, f"rw{i}", 0.997, 0.7), i * 0.09)
    return normalize(out, 0.75)


def sfx_game_won() -> Samples:
    out: Samples = []
    for i, n in enumerate(("G4", "C5", "E5", "G5")):
        mix_into(out, pluck(note(n), 0.6, f"gw{i}", 0.996, 0.7), i * 0.11)
    for n in ("C5", "E5", "G5", "C6"):
        mix_into(out, tone(note(n), 1.3, 0.01, 0.45, shape="tri"), 0.5, 0.25)
        mix_into(out, pluck(note(n), 1.3, f"gwc{n}", 0.998, 0.6), 0.5, 0.5)
    return normalize(out, 0.8)


def sfx_game_lost() -> Samples:
    out: Samples = []
    for i, n in enumerate(("A4", "F4", "D4", "A3")):
        mix_into(out, pluck(note(n), 0.9, f"gl{i}", 0.995, 0.4), i * 0.2)
        mix_into(out, tone(note(n), 0.5, 0.02, 0.15, shape="tri"), i * 0.2, 0.2)
    return normalize(out, 0.65)


def sfx_title_loop() -> Samples:
    """Eight bars of quiet koto-like plucks over a soft drone; the tail wraps so the loop is seamless."""
    bpm = 80
    beat = 60 / bpm
    bars = 4
    length = int(bars * 4 * beat * RATE)
    out = [0.0] * length
    scale = ("D4", "E4", "G4", "A4", "B4", "D5", "E5")
    r = random.Random("title-loop")
    roots = ("D3", "B2", "G2", "A2")
    for bar in range(bars):
        root = roots[bar % 4]
        drone = tone(note(root), 5 * beat, 0.4, 2.0, shape="tri")
        tail = tone(note(root) * 1.5, 5 * beat, 0.6, 2.0, shape="sine")
        mix_into(out, drone, bar * 4 * beat, 0.16)
        mix_into(out, tail, bar * 4 * beat, 0.08)
        for step in range(8):
            if r.random() < (0.75 if step % 2 == 0 else 0.35):
                n = scale[r.randrange(len(scale))]
                mix_into(
                    out,
                    pluck(note(n), 1.6, f"tl{bar}.{step}", 0.997, 0.45),
                    (bar * 4 + step / 2) * beat,
                    0.35,
                )
    # wrap everything past the loop end back onto the start
    extra = out[length:]
    out = out[:length]
    for i, v in enumerate(extra):
        out[i % length] += v
    return normalize(out, 0.4)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "flick": sfx_flick,
    "shuffle": sfx_shuffle,
    "place": sfx_place,
    "capture": sfx_capture,
    "koikoi": sfx_koikoi,
    "fool": sfx_fool,
    "round_won": sfx_round_won,
    "game_won": sfx_game_won,
    "game_lost": sfx_game_lost,
    "click": sfx_click,
    "title_loop": sfx_title_loop,
}


def finish(name: str) -> Samples:
    """Render a named sound; one-shots get a 2 ms fade-in and 15 ms fade-out (no clicks), the
    title loop is left untouched so it wraps seamlessly."""
    x = SOUNDS[name]()
    if name != "title_loop":
        fin, fout = int(0.002 * RATE), min(int(0.015 * RATE), len(x))
        for i in range(min(fin, len(x))):
            x[i] *= i / fin
        for i in range(fout):
            x[len(x) - 1 - i] *= i / fout
    return x


def to_pcm(samples: Samples) -> bytes:
    data = array.array("h", (max(-32767, min(32767, round(v * 32767))) for v in samples))
    if data.itemsize != 2:  # pragma: no cover - every supported platform has 16-bit shorts
        raise RuntimeError("array('h') is not 16-bit here")
    import sys

    if sys.byteorder == "big":  # WAV is little-endian
        data.byteswap()
    return data.tobytes()


def write_wav(path: Path, samples: Samples) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(to_pcm(samples))
