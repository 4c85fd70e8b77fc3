"""Each string is drawn with a font that has its characters (issue 28): CJK text is drawn with a
Noto subset, not as boxes, in English and in Chinese and Japanese; in those languages every
role uses the language's face; a change of language clears the caches; help text wraps between
CJK characters but never before closing or after opening punctuation."""

from __future__ import annotations

import pygame
import pytest

from chabudai import i18n
from chabudai.game import assets, theme

MISSING = "\ue000"  # a private-use character no bundled font has: drawn as the missing glyph


@pytest.fixture(autouse=True)
def fresh():
    pygame.font.init()
    assets.clear_cache()
    theme.clear_cache()
    yield
    i18n.set_language("en")
    assets.clear_cache()
    theme.clear_cache()


def face(text: str, role: str = "text") -> str:
    font = assets.font_for(text, role, 20)
    return next(f for (f, _size, _bold), loaded in assets._fonts.items() if loaded is font)


def is_tofu(text: str, font: pygame.font.Font | None = None) -> bool:
    """Whether ``text`` draws as the font's missing-glyph boxes (same size, same pixels)."""
    font = font or assets.font_for(text, "text", 24)
    boxes = font.render(MISSING * len(text), True, (255, 255, 255))
    drawn = font.render(text, True, (255, 255, 255))
    return drawn.get_size() == boxes.get_size() and pygame.image.tobytes(
        drawn, "RGBA"
    ) == pygame.image.tobytes(boxes, "RGBA")


@pytest.mark.parametrize("code", ["en", "de", "zh_Hans", "ja"])
def test_cjk_language_names_draw_with_glyphs(code):
    i18n.set_language(code)
    for name in ("中文（简体）", "日本語"):
        assert face(name).startswith("NotoSans"), (code, name)
        assert not is_tofu(name)
        assert theme.render_text(name, 24).get_width() > 24 * len(name) // 2
    # The check can fail: the Latin font, made to draw them, draws boxes.
    assert is_tofu("简体", assets._font(("Cantarell-Regular.otf", False), 24))


def test_latin_text_keeps_the_latin_fonts():
    i18n.set_language("tr")
    assert face("Yeni oyun", "text") == "Cantarell-Regular.otf"
    assert face("Ağaç İş", "bold") == "Cantarell-Bold.otf"
    assert face("Şimdi oyna", "title") == "CherryBomb-Regular.otf"
    assert face("Next →", "title") == "Cantarell-Bold.otf"  # CherryBomb has no arrows


def test_a_chinese_name_in_english_takes_the_chinese_face_and_kana_the_japanese():
    assert face("中文 wins") == "NotoSansSC-Regular.otf"
    assert face("ゲーム") == "NotoSansJP-Regular.otf"
    assert face("日本語") == "NotoSansJP-Regular.otf"


@pytest.mark.parametrize(("code", "font"), [("zh_Hans", "NotoSansSC"), ("ja", "NotoSansJP")])
def test_every_role_uses_the_language_face(code, font):
    i18n.set_language(code)
    for role in ("title", "text", "bold"):
        loaded = assets.font(role, 20)
        assert face("Koi-Koi 27", role).startswith(font)
        assert loaded.bold == (role != "text")  # synthetic bold: no Bold subset is shipped
    assert face("Ağa") == "Cantarell-Regular.otf"  # Noto CJK lacks ğ: the Latin face draws it


def test_switching_language_clears_the_caches():
    theme.render_text("日本語", 20)
    theme.wrap("日本語", 20, 200)
    assets.font("text", 20)
    assert theme._cache and theme._wrapped and assets._fonts and assets._choices
    i18n.set_language("ja")
    assert not theme._cache and not theme._wrapped and not assets._fonts and not assets._choices
    assert face("Play") == "NotoSansJP-Regular.otf"
    i18n.set_language("en")
    assert face("Play") == "Cantarell-Regular.otf"


def test_no_side_effect_at_import():
    import subprocess
    import sys

    code = (
        "import chabudai.game.theme, chabudai.game.assets, chabudai.i18n as i; "
        "assert not i._listeners"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_cjk_lines_break_between_characters_but_not_at_punctuation():
    i18n.set_language("ja")
    text = "「日本語」、中文（简体）。日本語、中文。日本語「中文」日本語！"
    for width in range(30, 200, 7):
        lines = theme.wrap(text, 20, width)
        assert "".join(lines) == text
        for line in lines:
            assert line[:1] not in "、。，．！？）」』】", lines
            assert line[-1:] not in "（「『【", lines
            if width >= 70:  # wider than any unbreakable run ("語」、")
                assert theme.text_size(line, 20)[0] <= width, lines
    assert theme.wrap("Koi-Koi  is a   game", 20, 1000) == ["Koi-Koi is a game"]
    assert theme.wrap("one two\nthree", 20, 1000) == ["one two", "three"]
