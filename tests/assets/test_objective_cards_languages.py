"""Nimalia's objective cards (and their back) in the player's language: the generator draws each
card's words from the catalogue, the client shows the current language's card, and the committed
per-language cards are what the generator draws from the catalogues as they are."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pygame
import pytest

from chabudai import i18n
from chabudai.game import assets
from chabudai.tools.make_assets import build, draw, nimalia
from chabudai.tools.make_assets.draw import pixel_hash

REPO = Path(__file__).resolve().parents[2]
COMMITTED = REPO / "chabudai" / "assets"
CODES = nimalia.LANGUAGES  # de, tr, zh_Hans, fy, ja


@pytest.fixture(autouse=True)
def _english_after():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _committed(code: str, name: str) -> Path:
    if code != i18n.SOURCE:
        return COMMITTED / "cards" / "nimalia" / code / f"{name}.png"
    if name.startswith("O"):
        return COMMITTED / "cards" / "nimalia" / f"{name}.png"
    return COMMITTED / "tokens" / "nimalia" / f"{name}.png"


def _max_diff(a: pygame.Surface, b: pygame.Surface) -> int:
    assert a.get_size() == b.get_size()
    da, db = pygame.image.tobytes(a, "RGBA"), pygame.image.tobytes(b, "RGBA")
    return max((abs(x - y) for x, y in zip(da, db, strict=True)), default=0)


def _same(drawn: pygame.Surface, path: Path) -> bool:
    """The pixels of a file are those drawn (a tiny tolerance covers SIMD rounding differences
    between CPUs in pygame's smoothscale, as for the other generated assets)."""
    stored = pygame.image.load(str(path))
    return pixel_hash(drawn) == pixel_hash(stored) or _max_diff(drawn, stored) <= 3


def _fake(messages: dict[tuple[str | None, str], str]) -> gettext.GNUTranslations:
    entries = [i18n.Entry("", strings=["Content-Type: text/plain; charset=UTF-8\n"])]
    entries += [i18n.Entry(m, context=c, strings=[t]) for (c, m), t in messages.items()]
    return gettext.GNUTranslations(io.BytesIO(i18n.compile_po(entries)))


@pytest.fixture
def drawn_texts(monkeypatch):
    """Every text the generator draws: (text, font file, rect in stored pixels)."""
    texts: list[tuple[str, str, pygame.Rect]] = []
    original = draw.Pen.text

    def record(self, s, font_name, px, c, pos, *args, **kwargs):
        rect = original(self, s, font_name, px, c, pos, *args, **kwargs)
        texts.append((s, font_name, rect))
        return rect

    monkeypatch.setattr(draw.Pen, "text", record)
    return texts


# ------------------------------------------------------------------ the client's lookup


@pytest.mark.parametrize("code", CODES)
def test_lookup_gives_the_current_languages_card(code):
    i18n.set_language(code)
    for key in ("O9", "O18"):
        stored = pygame.image.load(str(_committed(code, key)))
        assert pixel_hash(assets.card_image("nimalia", key)) == pixel_hash(stored), key
        scaled = assets.card_image("nimalia", key, height=140)
        assert scaled.get_size() == (90, 140)
    back = pygame.image.load(str(_committed(code, "objective_back")))
    assert pixel_hash(assets.token("nimalia", "objective_back")) == pixel_hash(back)
    # an image without words is the English one in every language
    assert assets.localized("cards/nimalia/1.png") == "cards/nimalia/1.png"
    assert assets.localized("cards/nimalia/back.png") == "cards/nimalia/back.png"


def test_a_change_of_language_shows_at_once():
    english = pixel_hash(assets.card_image("nimalia", "O9", height=140))
    i18n.set_language("de")
    german = pixel_hash(assets.card_image("nimalia", "O9", height=140))
    i18n.set_language("ja")
    japanese = pixel_hash(assets.card_image("nimalia", "O9", height=140))
    i18n.set_language("en")
    assert pixel_hash(assets.card_image("nimalia", "O9", height=140)) == english
    assert len({english, german, japanese}) == 3


def test_a_language_without_its_own_file_shows_english():
    english = pixel_hash(assets.card_image("nimalia", "O9"))
    i18n.use_pseudo()  # no folder of its own
    assert pixel_hash(assets.card_image("nimalia", "O9")) == english
    assert assets.localized("cards/nimalia/O9.png") == "cards/nimalia/O9.png"


# ------------------------------------------------------------------ the generator's words


def test_every_word_on_a_card_goes_through_the_catalogue(drawn_texts):
    symbols = {"+", "+2", "+3", "x1", "Nimalia"}
    tr = i18n.PseudoTranslation()
    for num in nimalia.OBJECTIVES:
        drawn_texts.clear()
        nimalia.draw_objective(num, "de", tr)
        words = [s for s, _face, _rect in drawn_texts if s != str(num) and s not in symbols]
        # the lines put back together are the translated messages, and nothing else
        left = " ".join(words)
        colour, _leaves, picto = nimalia.OBJECTIVES[num]
        expected = [f"‹{m}›" for m in nimalia.WORDS[num]] + [f"‹{colour.upper()}›"]
        expected += ["‹vs›"] if "vs" in picto else []
        for message in expected:
            assert message in left, (num, message, left)
            left = left.replace(message, "", 1)
        assert not left.strip(), (num, left)
    drawn_texts.clear()
    nimalia.draw_objective_back("de", tr)
    assert [s for s, _face, _rect in drawn_texts] == ["‹Goals›"]


def test_a_card_is_drawn_from_the_catalogue(drawn_texts):
    tr = _fake(
        {
            (None, "Rarest terrain"): "Seltenste Landschaft",
            (None, "2 x your rarest terrain count"): "2 x Felder",
            ("nimalia colour", "Blue"): "Blau",
            ("nimalia colour", "Red"): "Kırmızı",
            ("nimalia card", "vs"): "gegen",
            (None, "Goals"): "Ziele",
        }
    )
    nimalia.draw_objective(9, "de", tr)
    texts = [s for s, _face, _rect in drawn_texts]
    assert "BLAU" in texts and "2 x Felder" in texts
    assert "Seltenste Landschaft" in texts or {"Seltenste", "Landschaft"} <= set(texts)
    drawn_texts.clear()
    nimalia.draw_objective(18, "tr", tr)  # untranslated words stay English
    texts = [s for s, _face, _rect in drawn_texts]
    assert "KIRMIZI" in texts and "gegen" in texts and "Gorillas vs" in " ".join(texts)
    drawn_texts.clear()
    nimalia.draw_objective_back("de", tr)
    assert [s for s, _face, _rect in drawn_texts] == ["Ziele"]


def test_capitals_as_the_language_writes_them():
    assert nimalia.upper("Mavi", "tr") == "MAVİ"
    assert nimalia.upper("Kırmızı", "tr") == "KIRMIZI"
    assert nimalia.upper("Yeşil", "tr") == "YEŞİL"
    assert nimalia.upper("Grün", "de") == "GRÜN"
    assert nimalia.upper("绿色", "zh_Hans") == "绿色"


def test_cjk_breaks_between_characters_and_balances_lines():
    face = nimalia.CJK_FONTS["ja"]
    size, lines = nimalia.fit_text(
        "群れのクマ1匹につき+2、ひとりぼっちのクマは-1", face, 8.4, 77, 39, 4, True
    )
    assert len(lines) > 1 and size == 8.4
    assert not any(line.startswith(("、", "。", "）")) for line in lines)
    widths = [draw.font(face, round(size * 4)).size(line)[0] for line in lines]
    assert max(widths) <= 77 * 4
    # a long unbreakable piece inside CJK text ends (it once looped for ever)
    nimalia.fit_text("長さLの川：1/3/6/10/15/21/28/36", face, 8.4, 40, 39, 4, True)


@pytest.mark.parametrize("code", CODES)
def test_every_text_fits_the_card(code, drawn_texts):
    """Nothing is cut off: every text of every card lies inside the card's paper."""
    k = nimalia.SCALE
    paper = pygame.Rect(5 * k, 5 * k, (nimalia.OBJ_W - 10) * k, (nimalia.OBJ_H - 10) * k)
    for num in nimalia.OBJECTIVES:
        drawn_texts.clear()
        nimalia.draw_objective(num, code)
        for s, _face, rect in drawn_texts:
            assert paper.contains(rect), (code, num, s, rect, paper)


@pytest.mark.parametrize("code", CODES)
def test_the_fonts_have_every_character(code, drawn_texts):
    """A character the face lacks would show as a box (the CJK subsets are cut to the
    catalogues by `python -m chabudai.tools.i18n fonts`)."""
    missing: dict[str, set[str]] = {}
    for num in nimalia.OBJECTIVES:
        nimalia.draw_objective(num, code)
    nimalia.draw_objective_back(code)
    for s, face, _rect in drawn_texts:
        have = assets.read_cmap((COMMITTED / "fonts" / face).read_bytes())
        lacking = {c for c in s if not c.isspace() and ord(c) not in have}
        if lacking:
            missing.setdefault(face, set()).update(lacking)
    assert not missing, missing


# ------------------------------------------------------------------ the committed files


@pytest.mark.parametrize("code", CODES)
def test_committed_cards_are_up_to_date(code):
    """The committed cards are what the generator draws from the catalogues as they are (after
    a catalogue changes: `python -m chabudai.tools.make_assets --objectives all`)."""
    stale = [
        name
        for name, surf in nimalia.language_images(code).items()
        if not _committed(code, name).is_file() or not _same(surf, _committed(code, name))
    ]
    assert not stale, (
        f"{code}: {stale} differ from a fresh render; run "
        "`python -m chabudai.tools.make_assets --objectives all`"
    )


def test_english_cards_unchanged():
    for name, surf in nimalia.language_images(i18n.SOURCE).items():
        assert _same(surf, _committed(i18n.SOURCE, name)), name


def test_the_command_writes_one_languages_cards(tmp_path, capsys):
    from chabudai.tools.make_assets.__main__ import main

    assert main(["--out", str(tmp_path), "--objectives", "ja"]) == 0
    written = sorted(p.name for p in (tmp_path / "cards" / "nimalia" / "ja").iterdir())
    assert len(written) == 23 and "objective_back.png" in written and "O22.png" in written
    assert sorted(p.relative_to(tmp_path).parts[:3] for p in tmp_path.rglob("*.png"))[0] == (
        "cards",
        "nimalia",
        "ja",
    )
    first = (tmp_path / "cards" / "nimalia" / "ja" / "O9.png").read_bytes()
    build.build_objectives(tmp_path, ["ja"])
    assert (tmp_path / "cards" / "nimalia" / "ja" / "O9.png").read_bytes() == first
    with pytest.raises(SystemExit):
        main(["--out", str(tmp_path), "--objectives", "xx"])
