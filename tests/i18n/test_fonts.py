"""The bundled fonts have the glyphs (issue 28): every character of every Chinese and Japanese
translation (and the language names, and the CJK punctuation) is in the matching Noto subset;
the Latin fonts have every character of the German, Turkish and Frisian catalogues and the
Turkish and Frisian letters; each font has its licence beside it; the loader's own reading of
the character maps agrees with fontTools."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from chabudai.game import assets
from chabudai.i18n import LANGUAGES, po_path, read_po
from chabudai.tools.i18n import fonts

FONT_DIR = Path(assets.__file__).resolve().parents[1] / "assets" / "fonts"
LATIN_FONTS = ("Cantarell-Regular.otf", "Cantarell-Bold.otf", "CherryBomb-Regular.otf")
TURKISH = "ğĞıİşŞçÇöüÖÜ"
FRISIAN = "âêôûúéÂÊÔÛÚÉ"
CJK_PUNCTUATION = "、。，．・：；！？（）「」『』【】〜ー…—–‘’“”"


def cmap(name: str) -> set[int]:
    return set(TTFont(str(FONT_DIR / name)).getBestCmap())


def translated(code: str) -> set[str]:
    chars: set[str] = set()
    for entry in read_po(po_path(code).read_text("utf-8")):
        if entry.msgid:
            for text in entry.strings:
                chars |= set(text)
    return {c for c in chars if c.isprintable()}


def lacking(chars, font: str) -> str:
    have = cmap(font)
    return "".join(sorted(c for c in chars if ord(c) not in have and not c.isspace()))


@pytest.mark.parametrize("code", ["zh_Hans", "ja"])
def test_every_translated_character_is_in_the_subset(code):
    font = assets.CJK_FONT_FILES[code]
    missing = lacking(translated(code), font)
    assert not missing, (
        f"{font} lacks {missing!r}: run `python -m chabudai.tools.i18n fonts` after translating"
    )


@pytest.mark.parametrize("code", ["zh_Hans", "ja"])
def test_language_names_punctuation_and_digits_are_in_the_subset(code):
    font = assets.CJK_FONT_FILES[code]
    wanted = "".join(LANGUAGES.values()) + CJK_PUNCTUATION + "０１２３４５６７８９"
    wanted += "".join(chr(c) for c in range(0x20, 0x7F))
    assert not lacking(wanted, font)


def test_the_subsets_hold_the_cjk_characters_the_tool_asks_for():
    """Those of the catalogue, the language names and the code's own literals (the tool's run
    is out of date when the code draws a new CJK character)."""
    for code in ("zh_Hans", "ja"):
        wanted = {c for c in fonts.characters(code) if ord(c) >= 0x2E80}
        assert not lacking(wanted, assets.CJK_FONT_FILES[code]), code
    assert not lacking(fonts.KANA, assets.CJK_FONT_FILES["ja"])


def test_the_subsets_stay_small():
    sizes = {name: (FONT_DIR / name).stat().st_size for name in assets.CJK_FONT_FILES.values()}
    assert sum(sizes.values()) < 1.5 * 1024 * 1024, sizes


@pytest.mark.parametrize("font", LATIN_FONTS)
def test_latin_fonts_have_the_turkish_and_frisian_letters(font):
    assert not lacking(TURKISH + FRISIAN + "äöüßÄÖÜ", font)


@pytest.mark.parametrize("code", ["de", "tr", "fy"])
@pytest.mark.parametrize("font", ["Cantarell-Regular.otf", "Cantarell-Bold.otf"])
def test_latin_text_fonts_cover_the_latin_catalogues(code, font):
    assert not lacking(translated(code), font)


@pytest.mark.parametrize("code", ["de", "tr", "fy"])
def test_titles_in_latin_languages_draw_with_a_face_that_has_them(code):
    """CherryBomb, or where it lacks a character, the face the loader falls back to."""
    chars = translated(code)
    if lacking(chars, "CherryBomb-Regular.otf"):
        assert not lacking(chars, assets.FONT_FILES["bold"])


def test_every_font_has_its_licence_beside_it():
    for font in sorted(FONT_DIR.glob("*.otf")) + sorted(FONT_DIR.glob("*.ttf")):
        family = font.stem.split("-")[0]
        licence = FONT_DIR / f"{family}-OFL.txt"
        assert licence.is_file(), f"{font.name} has no {licence.name}"
        assert "SIL OPEN FONT LICENSE" in licence.read_text("utf-8").upper()


@pytest.mark.parametrize("font", sorted(p.name for p in FONT_DIR.glob("*.otf")))
def test_the_loader_reads_the_character_maps_as_fonttools_does(font):
    assert assets.read_cmap((FONT_DIR / font).read_bytes()) == cmap(font)


def test_the_tool_takes_the_catalogues_and_the_code(monkeypatch, tmp_path):
    chars = fonts.characters("ja")
    assert set("日本語中文（简体）") <= chars and set("０９。") <= chars
    assert set("中文（简体）日本語") <= fonts.code_characters()  # in the code, no catalogue
    po = tmp_path / "ja.po"
    po.write_text('msgid ""\nmsgstr ""\n\nmsgid "Deal"\nmsgstr "配る"\n', "utf-8")
    monkeypatch.setattr(fonts, "po_path", lambda code: po)
    assert {"配", "る"} <= fonts.catalogue_characters("ja")
