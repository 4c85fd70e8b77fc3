"""Interface colours and text drawing shared by every scene (art/STYLE.md "Table and interface").

Text is cream with a dark shadow so it reads on busy backgrounds. Rendered text surfaces are
cached because most labels repeat every frame. Each string is drawn with the font that has its
characters (:func:`chabudai.game.assets.font_for`: Noto Sans SC / JP in Chinese and Japanese, and
for CJK text in a Latin language); the caches are cleared when the language changes.
"""

from __future__ import annotations

import pygame

from chabudai import i18n
from chabudai.game import assets

SCREEN_SIZE = (1280, 720)

CREAM = (246, 238, 220)
INK = (24, 18, 16)
SHADOW = (10, 6, 4)
MUTED = (170, 160, 140)
GOLD = (236, 190, 84)
RED = (196, 52, 44)
WARN = (240, 120, 100)  # readable red text on dark panels
GREEN = (96, 170, 110)
PANEL = (36, 26, 22)
PANEL_EDGE = (120, 92, 62)
FOCUS = (255, 214, 120)
GREY = (110, 104, 96)

_cache: dict[tuple, pygame.Surface] = {}
_CACHE_LIMIT = 600


_watching = False


def clear_cache() -> None:
    _cache.clear()
    _panels.clear()
    _wrapped.clear()


def _language_changed(_code: str) -> None:
    _cache.clear()
    _wrapped.clear()


def _watch() -> None:
    """Forget rendered and wrapped text when the language changes (the same string may take
    another font); registered at first use, so importing this module changes nothing."""
    global _watching
    if not _watching:
        i18n.on_change(_language_changed)
        _watching = True


def render_text(text: str, size: int, color=CREAM, role: str = "text") -> pygame.Surface:
    key = (text, size, color, role)
    surface = _cache.get(key)
    if surface is None:
        _watch()
        if len(_cache) > _CACHE_LIMIT:
            _cache.clear()
        surface = assets.font_for(text, role, size).render(text, True, color)
        _cache[key] = surface
    return surface


def draw_text(
    target: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    size: int = 20,
    color=CREAM,
    role: str = "text",
    anchor: str = "topleft",
    shadow: bool = True,
    alpha: int = 255,
) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` point (a pygame.Rect attribute name) at ``pos``."""
    surface = render_text(text, size, color, role)
    rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        back = render_text(text, size, SHADOW, role)
        offset = max(1, size // 14)
        if alpha < 255:
            back = back.copy()
            back.set_alpha(alpha)
        target.blit(back, rect.move(offset, offset))
    if alpha < 255:
        surface = surface.copy()
        surface.set_alpha(alpha)
    target.blit(surface, rect)
    return rect


def text_size(text: str, size: int, role: str = "text") -> tuple[int, int]:
    """The size ``text`` is drawn at (measured by the font, nothing rendered)."""
    return assets.font_for(text, role, size).size(text)


def wrap(text: str, size: int, width: int, role: str = "text") -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (paragraphs kept). Lines break
    at spaces and, in Chinese and Japanese text, between any two CJK characters, but never
    before closing punctuation (、。！）」…) nor after opening brackets (（「『【)."""
    key = (text, size, width, role)
    lines = _wrapped.get(key)
    if lines is None:
        _watch()
        if len(_wrapped) > 200:
            _wrapped.clear()
        lines = _wrapped[key] = _wrap(text, size, width, role)
    return list(lines)


_wrapped: dict[tuple, list[str]] = {}


# No line starts with these (closing punctuation, small kana, the long-vowel mark)...
NO_LINE_START = frozenset(
    "、。，．・：；！？）」』】〕〉》〙〗｝］ーゝゞヽヾ々ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
    "…‥〜～,.:;!?)]}%"
)
# ...and none ends with these (opening brackets).
NO_LINE_END = frozenset("（「『【〔〈《〘〖｛［([{")


def breaks_anywhere(char: str) -> bool:
    """Characters of scripts written without spaces: a line may break before or after them."""
    code = ord(char)
    return (
        0x2E80 <= code <= 0x9FFF  # CJK radicals, punctuation, kana, ideographs
        or 0xAC00 <= code <= 0xD7AF  # Hangul syllables
        or 0xF900 <= code <= 0xFAFF  # CJK compatibility ideographs
        or 0xFF00 <= code <= 0xFFEF  # full-width forms
        or 0x20000 <= code <= 0x3FFFF  # CJK extensions B and later
    )


def break_pieces(paragraph: str) -> list[tuple[str, str]]:
    """``(glue, piece)`` pairs: a line may break before each piece; ``glue`` joins it to the
    piece before on one line (a space between words, nothing between CJK characters)."""
    out: list[tuple[str, str]] = []
    for i, word in enumerate(paragraph.split(" ")):
        glue, piece = (" " if i else ""), ""
        for char in word:
            if (
                piece
                and (breaks_anywhere(char) or breaks_anywhere(piece[-1]))
                and char not in NO_LINE_START
                and piece[-1] not in NO_LINE_END
            ):
                out.append((glue, piece))
                glue, piece = "", ""
            piece += char
        out.append((glue, piece))
    return out


def _wrap(text: str, size: int, width: int, role: str) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for glue, piece in break_pieces(paragraph):
            if not piece:  # a run of spaces counts as one
                continue
            trial = line + glue + piece if line else piece
            if line and text_size(trial, size, role)[0] > width:
                lines.append(line)
                line = piece
            else:
                line = trial
        lines.append(line)
    return lines


_panels: dict[tuple, pygame.Surface] = {}


def panel(target: pygame.Surface, rect, alpha: int = 225, radius: int = 14) -> None:
    """A dark rounded panel with a warm edge, for dialogs and forms (cached per size)."""
    rect = pygame.Rect(rect)
    key = (rect.size, alpha, radius)
    layer = _panels.get(key)
    if layer is None:
        if len(_panels) > 100:
            _panels.clear()
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*PANEL, alpha), layer.get_rect(), border_radius=radius)
        pygame.draw.rect(layer, (*PANEL_EDGE, 255), layer.get_rect(), 2, border_radius=radius)
        _panels[key] = layer
    target.blit(layer, rect)


def dim(target: pygame.Surface, alpha: int = 140) -> None:
    """Darken the whole target (behind dialogs and overlays)."""
    dim_rect(target, target.get_rect(), alpha)


def dim_rect(target: pygame.Surface, rect, alpha: int = 120) -> None:
    """Darken one rectangle of the target (a card that does not count); shades are cached."""
    rect = pygame.Rect(rect)
    key = ("dim", rect.size, alpha)
    shade = _panels.get(key)
    if shade is None:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, alpha))
        _panels[key] = shade
    target.blit(shade, rect)
