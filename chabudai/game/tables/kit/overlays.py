"""What a table shows over its cards: score pop-ups, banners, the reason line, the move log,
seat badges, the summary panel and the how-to-play overlay.

These are small value objects plus the functions that draw them; the table base class
(:mod:`chabudai.game.tables.kit.table`) owns them and advances their timers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from chabudai.game import theme
from chabudai.game.tables.kit.geometry import Rect
from chabudai.game.ui import (
    draw_help as draw_help,  # the how-to-play overlay, shared with the menus
)

HELP_BUTTON: Rect = (1216, 660, 48, 48)
REFERENCE_BUTTON: Rect = (1090, 662, 116, 44)  # left of the help button (a game's reference)
REASON_SECONDS = 2.8
BANNER_BAND = (120, 24, 20, 215)


class Popup:
    """A short text that rises and fades (points scored, a yaku made)."""

    def __init__(
        self, text: str, pos, color=theme.GOLD, size: int = 30, plate: bool = False
    ) -> None:
        self.text = text
        self.pos = pygame.FRect(pos[0], pos[1], 0, 0)
        self.color = color
        self.size = size
        self.plate = plate  # a dark plate behind the text, to read it over busy cards
        self.alpha = 255.0

    def step(self, dt: float) -> bool:
        """Advance; False once it has faded."""
        self.pos.y -= 28 * dt
        self.alpha -= 150 * dt
        return self.alpha > 0

    def draw(self, surface: pygame.Surface) -> None:
        if self.plate:
            w, h = theme.text_size(self.text, self.size, "title")
            rect = pygame.Rect(round(self.pos.x) - 10, round(self.pos.y) - 2, w + 20, h + 4)
            theme.panel(surface, rect, int(min(210.0, self.alpha)) // 30 * 30, 10)
        theme.draw_text(
            surface,
            self.text,
            self.pos.topleft,
            self.size,
            self.color,
            role="title",
            alpha=max(0, int(self.alpha)),
        )


class Banner:
    """A big moment across the table (KOI-KOI!, a fool, a round won): grows in, holds, goes."""

    def __init__(
        self,
        text: str,
        sub: str = "",
        color=theme.GOLD,
        band=BANNER_BAND,
        seconds: float = 1.7,
    ) -> None:
        self.text = text
        self.sub = sub
        self.color = color
        self.band = band
        self.seconds = seconds
        self.scale = 0.2  # tweened to 1 with an overshoot when shown
        self.life = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 70)
        grow = min(1.0, self.life * 4)
        band = pygame.Rect(0, 0, 1280, int(190 * grow))
        band.center = (640, 340)
        strip = pygame.Surface(band.size, pygame.SRCALPHA)
        strip.fill(self.band)
        surface.blit(strip, band)
        pygame.draw.line(surface, theme.GOLD, band.topleft, band.topright, 3)
        pygame.draw.line(surface, theme.GOLD, band.bottomleft, band.bottomright, 3)
        text = theme.render_text(self.text, 96, self.color, "title")
        scale = max(0.05, self.scale)
        size = (max(1, int(text.get_width() * scale)), max(1, int(text.get_height() * scale)))
        shadow = pygame.transform.smoothscale(
            theme.render_text(self.text, 96, theme.SHADOW, "title"), size
        )
        image = pygame.transform.smoothscale(text, size)
        rect = image.get_rect(center=(640, 320))
        surface.blit(shadow, rect.move(5, 6))
        surface.blit(image, rect)
        if self.sub:
            theme.draw_text(
                surface, self.sub, (640, rect.bottom + 12), 26, theme.CREAM, anchor="midtop"
            )


@dataclass
class Reason:
    """The one-line explanation under an illegal click ("Follow the lead colour: …")."""

    text: str = ""
    left: float = 0.0

    def say(self, text: str) -> None:
        self.text, self.left = text, REASON_SECONDS

    def step(self, dt: float) -> None:
        self.left -= dt

    def draw(self, surface: pygame.Surface, centre: tuple[int, int] = (640, 446)) -> None:
        if self.left <= 0 or not self.text:
            return
        width = theme.text_size(self.text, 20)[0] + 32
        rect = pygame.Rect(0, 0, width, 34)
        rect.center = centre
        theme.panel(surface, rect, 235, 10)
        theme.draw_text(surface, self.text, rect.center, 20, theme.CREAM, anchor="center")


@dataclass
class MoveLog:
    """The last few lines of what happened, newest at the bottom.

    A line wider than the log wraps onto the next row (indented); the log shows at most ``size``
    rows, so it never grows out of its corner. Text is never smaller than ``TEXT_SIZE``.
    """

    size: int = 5
    lines: list[str] = field(default_factory=list)
    _wrapped: tuple = field(default=((), 0, []), repr=False, compare=False)  # the last rows()

    TEXT_SIZE = 15
    ROW = 19

    def add(self, line: str) -> None:
        if line:
            self.lines = [*self.lines[-(self.size - 1) :], line]

    def rows(self, width: int) -> list[tuple[str, bool]]:
        """The rows drawn for ``width`` pixels: ``(text, fresh)``, the newest line's rows fresh."""
        lines, wrapped_for, cached = self._wrapped
        if lines == tuple(self.lines) and wrapped_for == width:
            return cached
        rows: list[tuple[str, bool]] = []
        for i, line in enumerate(self.lines):
            fresh = i == len(self.lines) - 1
            indent = line[: len(line) - len(line.lstrip())]
            wrapped = theme.wrap(
                line.strip(),
                self.TEXT_SIZE,
                width - theme.text_size(indent + "  ", self.TEXT_SIZE)[0],
            )
            for j, text in enumerate(wrapped):
                rows.append((indent + ("  " if j else "") + text, fresh))
        self._wrapped = (tuple(self.lines), width, rows[-self.size :])
        return self._wrapped[2]

    def draw(self, surface: pygame.Surface, pos: tuple[int, int], width: int = 262) -> None:
        x, y = pos
        for text, fresh in self.rows(width):
            color = theme.CREAM if fresh else theme.MUTED
            theme.draw_text(surface, text, (x, y), self.TEXT_SIZE, color)
            y += self.ROW


@dataclass
class Panel:
    """A modal panel over the table (a round summary): the body is drawn by the table.

    It stays until clicked (or a key), or for ``seconds`` when given.
    """

    title: str
    body: Callable[[pygame.Surface, pygame.Rect], None]
    rect: Rect = (340, 170, 600, 330)
    seconds: float | None = None
    hint: str = "click to continue"

    def step(self, dt: float) -> bool:
        """Advance the timer; False once a timed panel has run out."""
        if self.seconds is None:
            return True
        self.seconds -= dt
        return self.seconds > 0

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 110)
        rect = pygame.Rect(self.rect)
        theme.panel(surface, rect, 245, 16)
        theme.draw_text(
            surface,
            self.title,
            (rect.centerx, rect.y + 18),
            34,
            theme.GOLD,
            role="title",
            anchor="midtop",
        )
        self.body(surface, rect)
        if self.hint:
            theme.draw_text(
                surface,
                self.hint,
                (rect.centerx, rect.bottom - 34),
                16,
                theme.MUTED,
                anchor="midtop",
            )


def draw_reference_button(
    surface: pygame.Surface, label: str, active: bool = False, rect: Rect = REFERENCE_BUTTON
) -> None:
    """The button that opens a game's reference overlay (Koi-Koi's yaku table)."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=rect.h // 2)
    edge = theme.GOLD if active else theme.PANEL_EDGE
    pygame.draw.rect(surface, edge, rect, 2, border_radius=rect.h // 2)
    theme.draw_text(surface, label, rect.center, 18, theme.CREAM, anchor="center")


def draw_help_button(surface: pygame.Surface, rect: Rect = HELP_BUTTON) -> None:
    rect = pygame.Rect(rect)
    pygame.draw.circle(surface, theme.PANEL, rect.center, rect.w // 2)
    pygame.draw.circle(surface, theme.PANEL_EDGE, rect.center, rect.w // 2, 2)
    theme.draw_text(surface, "?", rect.center, 28, theme.CREAM, role="title", anchor="center")


# ---------------------------------------------------------------------- seat badges


@dataclass
class SeatBadge:
    """What a seat's badge says: who sits there, how they are doing, whether it is their turn."""

    name: str
    you: bool = False
    kind: str = "human"  # human or bot
    level: str | None = None
    connected: bool = True
    cards: int | None = None  # cards left in hand
    score: str = ""  # e.g. "-12", "2 penguins"
    note: str = ""  # a game's extra word: "dealer", "out 1st", "sits out"
    turn: bool = False
    thinking: bool = False  # a bot (or a player) deciding right now
    dimmed: bool = False

    @property
    def who(self) -> str:
        if self.kind == "bot":
            return f"{(self.level or 'normal').capitalize()} bot"
        return "Player"


def draw_seat_badge(
    surface: pygame.Surface, rect: Rect, badge: SeatBadge, time: float = 0.0
) -> None:
    """A seat's name box: name, human or bot level, connection, cards left, score, turn."""
    rect = pygame.Rect(rect)
    theme.panel(surface, rect, 150 if badge.dimmed else 215, 12)
    if badge.turn:
        pygame.draw.rect(surface, theme.GOLD, rect, 3, border_radius=12)
    name_color = theme.MUTED if badge.dimmed else theme.CREAM
    name = badge.name + (" (you)" if badge.you else "")
    size = 20 if theme.text_size(name, 20)[0] <= rect.w - 90 else 16
    theme.draw_text(surface, name, (rect.x + 12, rect.y + 8), size, name_color)
    if badge.score:
        theme.draw_text(
            surface, badge.score, (rect.right - 12, rect.y + 8), 20, theme.GOLD, anchor="topright"
        )
    if not badge.connected:
        status, color = "offline: waiting", theme.WARN
    elif badge.turn and badge.thinking:
        dots = "." * (1 + int(time * 3) % 3)
        status = ("thinking" if badge.kind == "bot" else "choosing") + dots
        color = theme.GOLD
    elif badge.turn:
        status, color = ("your turn" if badge.you else "to play"), theme.GOLD
    else:
        status, color = badge.who, theme.MUTED
    cards = "" if badge.cards is None else f"{badge.cards} card{'s' if badge.cards != 1 else ''}"
    room = rect.w - 24 - (theme.text_size(cards, 15)[0] + 10 if cards else 0)
    line, size = fit_status(status, badge.note, room, droppable=status == badge.who)
    theme.draw_text(surface, line, (rect.x + 12, rect.y + 38), size, color)
    if cards:
        theme.draw_text(
            surface, cards, (rect.right - 12, rect.y + 38), 15, theme.CREAM, anchor="topright"
        )


def fit_status(status: str, note: str, room: int, droppable: bool = True) -> tuple[str, int]:
    """A badge's status line and its text size within ``room`` pixels: status and note at 15
    px, else closer at 14 px, else only the note when the status just repeats who sits there
    (``droppable``), else only the status; the game's note never pushes the turn out."""
    if not note:
        return status, 15
    for line, size in ((f"{status}  ·  {note}", 15), (f"{status} · {note}", 14)):
        if theme.text_size(line, size)[0] <= room:
            return line, size
    return (note, 15 if theme.text_size(note, 15)[0] <= room else 14) if droppable else (status, 15)
