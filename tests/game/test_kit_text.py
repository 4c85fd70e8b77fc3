"""The kit's text-in-a-box helper (kit/text.py): wrap at word boundaries, never inside a name;
shrink to the minimum size; ellipsis only as the last resort; CJK wraps between characters."""

import pygame
import pytest

from chabudai.game.tables.kit import text


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def test_a_short_text_keeps_its_size_and_one_line():
    laid = text.fit("Kenji", 200, 40, size=20)
    assert laid.lines == ("Kenji",) and laid.size == 20 and not laid.cut


def test_wraps_at_word_boundaries_and_never_splits_a_name():
    laid = text.fit("Normal bot 2 (you) Tomas", 90, None, size=16, min_size=16)
    assert len(laid.lines) > 1
    assert " ".join(laid.lines) == "Normal bot 2 (you) Tomas"
    assert all(text.measure(line, 16) <= 90 for line in laid.lines)


def test_shrinks_before_it_cuts():
    wide = text.measure("Sofia-Magdalena", 20)
    laid = text.fit("Sofia-Magdalena", wide - 10, 30, size=20, min_size=12)
    assert laid.size < 20 and not laid.cut and laid.lines == ("Sofia-Magdalena",)


def test_ellipsis_only_when_nothing_fits_at_the_minimum():
    laid = text.fit("Sofia-Magdalena of the long name", 60, 16, size=20, min_size=12)
    assert laid.cut and laid.size == 12 and len(laid.lines) == 1
    assert laid.lines[0].endswith(text.ELLIPSIS) and laid.width <= 60


def test_max_lines_is_kept():
    laid = text.fit("one two three four five six seven", 50, None, size=14, max_lines=2)
    assert len(laid.lines) <= 2


def test_cjk_without_spaces_breaks_between_characters_not_before_punctuation():
    pieces = [piece for _, piece in text.tokens("こいこい、終わり。")]
    assert pieces[:3] == ["こ", "い", "こ"]
    assert "い、" in pieces and "り。" in pieces  # closing punctuation stays on the line
    assert [piece for _, piece in text.tokens("Koi-Koi call")] == ["Koi-Koi", "call"]


def test_draw_covers_only_its_box():
    surface = pygame.Surface((400, 200))
    box = pygame.Rect(20, 20, 80, 40)
    covered = text.draw(surface, "Hard bot 7 (you)", box, size=20, align="center")
    assert box.contains(covered)
