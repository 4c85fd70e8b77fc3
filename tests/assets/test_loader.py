"""game/assets.py: every asset the client asks for exists, at the expected size, and loads."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from chabudai.engines.koikoi import CARDS as ENGINE_CARDS
from chabudai.game import assets
from chabudai.tools.make_assets import build, koikoi, nimalia

REPO = Path(__file__).resolve().parents[2]
ALL_CARDS = [(g, k) for g in assets.GAMES for k in assets.card_ids(g)]


def test_loader_and_generator_agree_on_card_lists():
    for game, mod in build.GAMES.items():
        assert assets.card_ids(game) == mod.card_ids(), game


@pytest.mark.parametrize("game,key", ALL_CARDS, ids=[f"{g}-{k}" for g, k in ALL_CARDS])
def test_every_face_exists_at_native_size(game, key):
    img = assets.card_image(game, key)
    assert img.get_size() == assets.card_size(game, key)


def test_card_counts():
    """K-1 48 hanafuda, N-1 values 1–7, R-1 88 cards (82 coloured + one "1" face), M-1/M-4."""
    counts = {g: len(assets.card_ids(g)) for g in assets.GAMES}
    assert counts == {
        "koikoi": 48,
        "nanatoridori": 7,
        "nar": 26 + 22 + 20 + 14 + 1,
        "nimalia": 60 + 22,
    }


def test_koikoi_table_matches_engine():
    """K-4: the generator's own card table has the engine's ids and types."""
    assert [c.id for c in ENGINE_CARDS] == koikoi.card_ids() == list(range(48))
    assert [c.type for c in ENGINE_CARDS] == [t for t, _ in koikoi.CARDS]
    flags = {c.id: c.flag for c in ENGINE_CARDS}
    subjects = dict(enumerate(s for _, s in koikoi.CARDS))
    assert {i for i, f in flags.items() if f == "red_poetry"} == {
        i for i, s in subjects.items() if s == "poetry"
    }
    assert {i for i, f in flags.items() if f == "blue"} == {
        i for i, s in subjects.items() if s == "blue"
    }
    assert {i for i, f in flags.items() if f == "plain_red"} == {
        i for i, s in subjects.items() if s == "red"
    }
    assert subjects[40] == "rainman" and subjects[43] == "lightning" and subjects[32] == "sake"


def test_nimalia_card_data_checks():
    """M-8 data checks on the spaces the generator draws (from the engine's card data)."""
    cards = nimalia.cards()
    assert sorted(cards) == list(range(1, 61))
    spaces = [s for c in cards.values() for s in c]
    assert len(spaces) == 240
    for t in "LSJI":
        assert sum(s.terrain == t for s in spaces) == 60
    otters = [s for s in spaces if s.animal == "OTT"]
    assert len(otters) == 30
    assert sum(s.river == "U" for s in otters) == 15 == sum(s.river == "D" for s in otters)
    assert all(s.terrain != "L" for s in otters)
    assert all(bool(s.river) == (s.animal == "OTT") for s in spaces)
    assert cards[1][3] == nimalia.Space("J", "OTT", "D")  # 1: CRO LIO PAN OTT/J/D
    assert cards[2][1] == nimalia.Space("S", "OTT", "U")  # 2: PEN OTT/S/U BEA FLA


@pytest.mark.parametrize("game", assets.GAMES)
def test_backs(game):
    back = assets.card_back(game)
    assert back.get_size() == assets.card_size(game)
    small = assets.card_back(game, height=70)
    assert small.get_height() == 70
    assert assets.card_back(game, height=70) is small  # cached


def test_scaled_face_is_cached_and_smaller():
    a = assets.card_image("koikoi", 0, height=144)
    assert a.get_size() == (90, 144)
    assert assets.card_image("koikoi", 0, height=144) is a
    assert assets.card_image("koikoi", 0) is not a


def test_faces_are_distinct():
    """48 distinct hanafuda faces; every face of every game differs from the others."""
    for game in assets.GAMES:
        seen = {}
        for key in assets.card_ids(game):
            data = pygame.image.tobytes(assets.card_image(game, key), "RGBA")
            assert data not in seen, f"{game} {key} looks like {seen.get(data)}"
            seen[data] = key


def test_tokens_backgrounds_icons():
    assert assets.token("nanatoridori", "penguin").get_size() == (128, 128)
    assert assets.token("nanatoridori", "penguin_lost").get_size() == (128, 128)
    assert assets.token("nar", "fool").get_size() == (128, 128)
    assert assets.token("nar", "fool", height=44).get_size() == (44, 44)  # scaled once, cached
    assert assets.token("nar", "fool", height=44) is assets.token("nar", "fool", height=44)
    assert assets.token("nar", "suit_Y", height=30).get_size() == (30, 30)
    assert assets.token("nimalia", "animal_ott").get_size() == (96, 96)
    small = assets.token("nanatoridori", "penguin", height=24)
    assert small.get_size() == (24, 24) and small is assets.token("nanatoridori", "penguin", 24)
    for game in (*assets.GAMES, None):
        assert assets.background(game).get_size() == (1280, 720)
    names = [
        "help",
        "settings",
        "back",
        "sound_on",
        "sound_off",
        "bot",
        "human",
        "ready",
        "crown",
        "thinking",
        "fullscreen",
    ]
    for name in names:
        assert assets.icon(name).get_size() == (128, 128)
        assert assets.icon(name, 32).get_size() == (32, 32)
    assert assets.logo().get_width() > 0


def test_corners_are_transparent():
    for game in assets.GAMES:
        img = assets.card_image(game, assets.card_ids(game)[0])
        assert img.get_at((0, 0)).a == 0
        w, h = img.get_size()
        assert img.get_at((w // 2, h // 2)).a == 255


def test_sounds_load_with_dummy_audio():
    pygame.mixer.init()
    try:
        for name in assets.SOUND_NAMES:
            snd = assets.sound(name)
            assert snd is not None and snd.get_length() > 0.01, name
        assert assets.sound("title_loop").get_length() > 4
        assert assets.sound("click").get_length() < 0.2
    finally:
        pygame.mixer.quit()
        assets.clear_cache()


def test_sound_is_none_without_mixer():
    if pygame.mixer.get_init():  # another test module may have started it
        pygame.mixer.quit()
    assets.clear_cache()
    assert assets.sound("click") is None


def test_fonts_load_and_render():
    for role in ("title", "text", "bold"):
        f = assets.font(role, 24)
        assert f.render("Koi-Koi 27", True, (0, 0, 0)).get_width() > 50
        assert assets.font(role, 24) is f
    for lic in ("CherryBomb-OFL.txt", "Cantarell-OFL.txt"):
        assert "OFL" in (REPO / "chabudai" / "assets" / "fonts" / lic).read_text()


def test_bad_requests_raise_asset_error():
    with pytest.raises(assets.AssetError, match="unknown game"):
        assets.card_image("chess", 1)
    for game, key in [("koikoi", 48), ("koikoi", "3"), ("koikoi", True), ("nar", "G28"), ("nar", "B1"), ("nar", "G02"),
                      ("nimalia", 61), ("nimalia", "O23"), ("nanatoridori", 0)]:  # fmt: skip
        with pytest.raises(assets.AssetError, match="no .* card"):
            assets.card_image(game, key)
    with pytest.raises(assets.AssetError, match="unknown sound"):
        assets.sound("boom")
    with pytest.raises(assets.AssetError, match="unknown font role"):
        assets.font("comic", 12)


def test_missing_file_names_the_path(tmp_path, monkeypatch):
    monkeypatch.setenv("CHABUDAI_ASSETS", str(tmp_path))
    assets.clear_cache()
    try:
        with pytest.raises(assets.AssetError) as err:
            assets.card_image("nar", "G2")
        assert str(tmp_path / "cards" / "nar" / "G2.png") in str(err.value)
        with pytest.raises(assets.AssetError, match="icons"):
            assets.icon("help")
    finally:
        monkeypatch.delenv("CHABUDAI_ASSETS")
        assets.clear_cache()


def test_env_override_is_used(tmp_path, monkeypatch):
    (tmp_path / "icons").mkdir()
    pygame.image.save(pygame.Surface((5, 7)), str(tmp_path / "icons" / "help.png"))
    monkeypatch.setenv("CHABUDAI_ASSETS", str(tmp_path))
    assets.clear_cache()
    try:
        assert assets.icon("help").get_size() == (5, 7)
    finally:
        monkeypatch.delenv("CHABUDAI_ASSETS")
        assets.clear_cache()


def test_convert_alpha_once_a_display_exists():
    """Loaded before a display mode exists: plain decoded surface; afterwards: converted."""
    pygame.display.quit()
    pygame.display.init()
    assets.clear_cache()
    try:
        early = assets.card_image("nar", "1")
        assert early.get_size() == (180, 280)
        pygame.display.set_mode((64, 64))
        later = assets.card_image("nar", "1")
        assert later is not early and later.get_flags() & pygame.SRCALPHA
        assert assets.card_image("nar", "1") is later
        assert assets.card_image("nar", "1", height=140).get_size() == (90, 140)
    finally:
        pygame.display.quit()
        pygame.display.init()
        assets.clear_cache()


def test_no_loading_at_import_time():
    code = (
        "import pygame, chabudai.game.assets as a; "
        "assert not pygame.display.get_init() and not pygame.mixer.get_init(); "
        "assert not a._images and not a._fonts"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, capture_output=True)


def test_committed_size_is_reasonable():
    total = sum(p.stat().st_size for p in (REPO / "chabudai" / "assets").rglob("*") if p.is_file())
    assert total < 10_000_000  # Nimalia's objective cards in five languages take 1.8 MB of it
