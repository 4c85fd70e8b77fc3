"""The generator is deterministic: two runs give the same pixels, and match the committed files."""

from __future__ import annotations

import hashlib
import wave
from pathlib import Path

import pygame
import pytest

from chabudai.tools.make_assets import build, sounds, table
from chabudai.tools.make_assets.draw import pixel_hash

REPO = Path(__file__).resolve().parents[2]
COMMITTED = REPO / "chabudai" / "assets"
SUBSET = {
    "koikoi": [0, 8, 28, 32, 40, 43, 44],
    "nanatoridori": [1, 7],
    "nar": ["G27", "B2", "1"],
    "nimalia": [1, 59, "O10"],
}


def _pixels(p: Path) -> tuple[tuple[int, int], str]:
    s = pygame.image.load(str(p))
    return s.get_size(), pixel_hash(s)


def _max_diff(a: Path, b: Path) -> int:
    sa, sb = pygame.image.load(str(a)), pygame.image.load(str(b))
    assert sa.get_size() == sb.get_size()
    da, db = pygame.image.tobytes(sa, "RGBA"), pygame.image.tobytes(sb, "RGBA")
    return max((abs(x - y) for x, y in zip(da, db, strict=True)), default=0)


def _run(out: Path) -> tuple[Path, list[Path]]:
    paths: list[Path] = []
    for game, keys in SUBSET.items():
        paths += build.build_cards(out, game, keys)
        paths += build.build_tokens(out, game)
    for name in ("help", "crown"):
        p = out / "icons" / f"{name}.png"
        build.save(table.draw_icon(name), p)
        paths.append(p)
    paths += build.build_sounds(out, ["click", "flick", "capture"])
    return out, paths


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    a = _run(tmp_path_factory.mktemp("run_a"))
    b = _run(tmp_path_factory.mktemp("run_b"))
    return a, b


def test_two_runs_same_pixels(two_runs):
    (out_a, a), (out_b, b) = two_runs
    assert len(a) == len(b) > 20
    for pa, pb in zip(a, b, strict=True):
        assert pa.relative_to(out_a) == pb.relative_to(out_b)
        if pa.suffix == ".png":
            assert _pixels(pa) == _pixels(pb), pa.name
        else:
            assert pa.read_bytes() == pb.read_bytes(), pa.name


def test_matches_committed_files(two_runs):
    """The committed assets are what the generator draws (a tiny tolerance covers SIMD rounding
    differences between CPUs in pygame's smoothscale)."""
    out, paths = two_runs[0]
    for p in paths:
        committed = COMMITTED / p.relative_to(out)
        assert committed.is_file(), f"{committed} is not committed"
        if p.suffix == ".png":
            if _pixels(p) != _pixels(committed):
                assert _max_diff(p, committed) <= 3, f"{committed} differs from a fresh render"
        else:
            with wave.open(str(p)) as wa, wave.open(str(committed)) as wb:
                assert (
                    hashlib.sha256(wa.readframes(wa.getnframes())).digest()
                    == hashlib.sha256(wb.readframes(wb.getnframes())).digest()
                ), committed


def test_wav_format():
    for name in sounds.SOUNDS:
        with wave.open(str(COMMITTED / "sounds" / f"{name}.wav")) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, sounds.RATE)
            assert w.getnframes() > 0


def test_sheet_renders_every_card():
    from chabudai.tools.make_assets.sheet import game_sheet

    s = game_sheet("nanatoridori")
    assert s.get_width() > 7 * 90 and s.get_height() > 140
