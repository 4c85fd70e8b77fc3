"""Text that fits: the one way a table lays a text into a box.

:func:`fit` finds the largest size (from ``size`` down to ``min_size``) at which the text,
wrapped at word boundaries, fits the box: every line no wider than the box, all lines no taller
than it. A word is never split (a name stays whole); only when nothing fits at ``min_size`` is
the text cut, with an ellipsis on its last visible line. A name passed through :func:`whole`
never breaks across lines (it shrinks instead). Text without spaces in scripts that
break between characters (Chinese, Japanese, Korean) wraps between any two of those characters,
except before closing punctuation, so the same call serves every language.

:func:`draw` draws a fitted text aligned in its box and returns the rectangle actually covered
(tests check it lies inside the box). Fits are cached: most labels repeat every frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from chabudai.game import theme

ELLIPSIS = "…"
NBSP = "\u00a0"  # a space a line never breaks at (inside a name: "Normal bot 3")
MIN_SIZE = 12  # the smallest text on a table: still readable at 1280 × 720


@dataclass(frozen=True)
class Fitted:
    """A text laid into a box: its lines at ``size``, ``step`` pixels apart."""

    lines: tuple[str, ...]
    size: int
    step: int
    width: int  # the widest line
    cut: bool  # an ellipsis had to shorten it

    @property
    def height(self) -> int:
        return self.step * len(self.lines)


def counted(count: int, word: str, words: str | None = None) -> str:
    """``count`` and its English noun in the right number: "1 card", "3 cards" (``words`` when
    the plural is not the word and an "s"). English only: nothing a player reads is made with
    it any more; a table says a count with ``ngettext("{n} card", "{n} cards", n)``, whose
    forms each language gives."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def whole(name: str) -> str:
    """``name`` kept on one line wherever it is laid: its spaces become no-break spaces."""
    return name.replace(" ", NBSP)


# Where a line may break (spaces; between CJK characters, by the line-start and line-end
# rules) is the theme's one answer, shared with every other wrapped text.
tokens = theme.break_pieces


def measure(text: str, size: int, role: str = "text") -> int:
    return theme.text_size(text, size, role)[0]


def wrap(text: str, size: int, width: int, role: str = "text") -> list[str]:
    """``text`` broken into lines no wider than ``width`` where it can be (a word wider than
    ``width`` keeps a line of its own); "\\n" starts a new line (:func:`theme.wrap`)."""
    return theme.wrap(text, size, width, role)


def _cut(line: str, width: int, size: int, role: str) -> str:
    """``line`` shortened to end in an ellipsis within ``width`` (at word ends when it can)."""
    if measure(line, size, role) <= width:
        return line
    words = line.split(" ")
    while len(words) > 1:
        words.pop()
        trial = " ".join(words).rstrip(",;:·") + ELLIPSIS
        if measure(trial, size, role) <= width:
            return trial
    text = line
    while text and measure(text + ELLIPSIS, size, role) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS if text else ""


_fits: dict[tuple, Fitted] = {}


def fit(
    text: str,
    width: int,
    height: int | None = None,
    size: int = 20,
    min_size: int = MIN_SIZE,
    role: str = "text",
    max_lines: int | None = None,
) -> Fitted:
    """``text`` in a box ``width`` wide (and ``height`` tall, or ``max_lines`` lines): the
    largest size from ``size`` down to ``min_size`` where it fits wrapped at word boundaries;
    cut with an ellipsis at ``min_size`` only when nothing fits."""
    key = (text, width, height, size, min_size, role, max_lines)
    found = _fits.get(key)
    if found is None:
        if len(_fits) > 800:
            _fits.clear()
        found = _fits[key] = _fit(*key)
    return found


def _fit(text, width, height, size, min_size, role, max_lines) -> Fitted:
    width = max(1, int(width))
    min_size = min(size, min_size)
    for s in range(size, min_size - 1, -1):
        step = line_step(s, role)
        lines = wrap(text, s, width, role)
        widest = max(measure(line, s, role) for line in lines)
        rows = len(lines) if max_lines is None else max_lines
        if (
            widest <= width
            and len(lines) <= rows
            and (height is None or step * len(lines) <= height)
        ):
            return Fitted(tuple(lines), s, step, widest, False)
    s = min_size
    step = line_step(s, role)
    lines = wrap(text, s, width, role)
    rows = len(lines)
    if max_lines is not None:
        rows = min(rows, max_lines)
    if height is not None:
        rows = min(rows, max(1, int(height) // step))
    kept = [_cut(line, width, s, role) for line in lines[:rows]]
    if rows < len(lines):  # lines left out: the last one shown ends in the ellipsis
        kept[-1] = _cut(kept[-1].rstrip(ELLIPSIS) + " " + ELLIPSIS, width, s, role)
    widest = max((measure(line, s, role) for line in kept), default=0)
    return Fitted(tuple(kept), s, step, widest, True)


def line_step(size: int, role: str) -> int:
    """The distance between two lines of text at ``size``."""
    return theme.text_size("Ag", size, role)[1]


def draw(
    surface: pygame.Surface,
    text: str,
    box,
    size: int = 20,
    color=theme.CREAM,
    role: str = "text",
    min_size: int = MIN_SIZE,
    align: str = "left",
    valign: str = "top",
    max_lines: int | None = None,
    shadow: bool = True,
    alpha: int = 255,
    fitted: Fitted | None = None,
) -> pygame.Rect:
    """Draw ``text`` fitted into ``box`` (x, y, w, h), each line aligned ``left``, ``center``
    or ``right``, the block ``top``, ``middle`` or ``bottom``; the covered rectangle."""
    box = pygame.Rect(box)
    laid = fitted or fit(text, box.w, box.h, size, min_size, role, max_lines)
    y = box.y
    if valign == "middle":
        y = box.centery - laid.height // 2
    elif valign == "bottom":
        y = box.bottom - laid.height
    covered: pygame.Rect | None = None
    for line in laid.lines:
        w = measure(line, laid.size, role)
        x = {"left": box.x, "center": box.centerx - w // 2, "right": box.right - w}[align]
        rect = theme.draw_text(
            surface, line, (x, y), laid.size, color, role, shadow=shadow, alpha=alpha
        )
        rect.h = min(rect.h, laid.step)
        covered = rect if covered is None else covered.union(rect)
        y += laid.step
    return covered or pygame.Rect(box.x, box.y, 0, 0)


def draw_line(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    width: int,
    size: int = 20,
    color=theme.CREAM,
    role: str = "text",
    anchor: str = "topleft",
    min_size: int = MIN_SIZE,
    alpha: int = 255,
) -> pygame.Rect:
    """One line of ``text`` at most ``width`` wide, its ``anchor`` point at ``pos``: shrunk
    to ``min_size`` first, cut with an ellipsis last (a label beside others on a row)."""
    laid = fit(text, width, None, size, min_size, role, max_lines=1)
    w, h = measure(laid.lines[0], laid.size, role), laid.step
    rect = pygame.Rect(0, 0, w, h)
    setattr(rect, anchor, (round(pos[0]), round(pos[1])))
    return draw(
        surface, laid.lines[0], rect, laid.size, color, role, laid.size, "left", "top",
        1, alpha=alpha, fitted=laid,
    )  # fmt: skip
