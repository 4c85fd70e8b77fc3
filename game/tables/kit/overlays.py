"""What a table shows over its cards: score pop-ups, banners, the reason line, the move log,
seat badges, the summary panel and the how-to-play overlay.

These are small value objects plus the functions that draw them; the table base class
(:mod:`game.tables.kit.table`) owns them and advances their timers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game import theme
from game.tables.kit.geometry import Rect

HELP_BUTTON: Rect = (1216, 660, 48, 48)
REASON_SECONDS = 2.8
BANNER_BAND = (120, 24, 20, 215)


class Popup:
    """A short text that rises and fades (points scored, a yaku made)."""

    def __init__(self, text: str, pos, color=theme.GOLD, size: int = 30) -> None:
        self.text = text
        self.pos = pygame.FRect(pos[0], pos[1], 0, 0)
        self.color = color
        self.size = size
        self.alpha = 255.0

    def step(self, dt: float) -> bool:
        """Advance; False once it has faded."""
        self.pos.y -= 28 * dt
        self.alpha -= 150 * dt
        return self.alpha > 0

    def draw(self, surface: pygame.Surface) -> None:
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
    """The last few lines of what happened, newest at the bottom."""

    size: int = 5
    lines: list[str] = field(default_factory=list)

    def add(self, line: str) -> None:
        if line:
            self.lines = [*self.lines[-(self.size - 1) :], line]

    def draw(self, surface: pygame.Surface, pos: tuple[int, int], width: int = 262) -> None:
        x, y = pos
        for i, line in enumerate(self.lines):
            fresh = i == len(self.lines) - 1
            size = 15 if theme.text_size(line, 15)[0] <= width else 13
            theme.draw_text(surface, line, (x, y), size, theme.CREAM if fresh else theme.MUTED)
            y += 19


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


def draw_help_button(surface: pygame.Surface, rect: Rect = HELP_BUTTON) -> None:
    rect = pygame.Rect(rect)
    pygame.draw.circle(surface, theme.PANEL, rect.center, rect.w // 2)
    pygame.draw.circle(surface, theme.PANEL_EDGE, rect.center, rect.w // 2, 2)
    theme.draw_text(surface, "?", rect.center, 28, theme.CREAM, role="title", anchor="center")


def draw_help(surface: pygame.Surface, title: str, text: str) -> None:
    """The how-to-play overlay (F1 or the ? button)."""
    theme.dim(surface, 170)
    rect = pygame.Rect(190, 80, 900, 560)
    theme.panel(surface, rect, 248, 16)
    theme.draw_text(
        surface, title, (rect.centerx, rect.y + 20), 36, theme.GOLD, role="title", anchor="midtop"
    )
    lines = theme.wrap(text, 21, rect.w - 80)
    size, step = (21, 28) if len(lines) <= 16 else (18, 23)
    if size != 21:
        lines = theme.wrap(text, size, rect.w - 80)
    y = rect.y + 80
    for line in lines:
        theme.draw_text(surface, line, (rect.x + 40, y), size)
        y += step if line else step * 3 // 7
    theme.draw_text(
        surface,
        "press any key or click to close",
        (rect.centerx, rect.bottom - 34),
        16,
        theme.MUTED,
        anchor="midtop",
    )


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
    parts = [status] + ([badge.note] if badge.note else [])
    theme.draw_text(surface, "  ·  ".join(parts), (rect.x + 12, rect.y + 38), 15, color)
    if badge.cards is not None:
        theme.draw_text(
            surface,
            f"{badge.cards} card{'s' if badge.cards != 1 else ''}",
            (rect.right - 12, rect.y + 38),
            15,
            theme.CREAM,
            anchor="topright",
        )
