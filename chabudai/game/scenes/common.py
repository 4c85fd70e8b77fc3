"""Pieces shared by the menu scenes: the background, a heading and the game list.

``heading`` and ``footer`` translate their texts where they draw them, so a scene passes its
words marked with ``N_`` (words already translated pass unchanged)."""

from __future__ import annotations

import pygame

from chabudai import engines
from chabudai.game import assets, theme, ui
from chabudai.game.tables import has_table
from chabudai.i18n import N_, _

FOOTER = N_("Esc: back   ·   Tab / arrows: move   ·   Enter: choose   ·   F1: help")


def backdrop(surface: pygame.Surface, game: str | None = None, shade: int = 60) -> None:
    surface.blit(assets.background(game), (0, 0))
    if shade:
        theme.dim(surface, shade)


def heading(surface: pygame.Surface, text: str, sub: str = "") -> None:
    """A screen's title and the line under it, each shrunk to the screen's width; a line still
    too long at the smallest size wraps onto a second line."""
    text = _(text) if text else text
    size = ui.fitting(text, 54, 1200, smallest=30)
    theme.draw_text(surface, text, (640, 34), size, theme.CREAM, role="title", anchor="midtop")
    if sub:
        sub = _(sub)
        size = ui.fitting(sub, 20, 1240, smallest=15)
        lines = theme.wrap(sub, size, 1240)[:2]
        for row, line in enumerate(lines):
            y = 100 + row * (size + 4) - (size // 2 if len(lines) > 1 else 0)
            theme.draw_text(surface, line, (640, y), size, theme.MUTED, anchor="midtop")


def game_title(name: str) -> str:
    try:
        return engines.get(name).title
    except ValueError:
        return name


def game_choices() -> list[tuple[str, str]]:
    """Every registered game; those without a table view yet are marked (in the current
    language)."""
    choices = []
    for name in engines.names():
        title = game_title(name)
        if not has_table(name):
            title = _("{game} (table coming soon)").format(game=title)
        choices.append((name, title))
    return choices


def footer(surface: pygame.Surface, text: str = FOOTER) -> None:
    """The keys line at the bottom of a screen (``text`` translated here)."""
    theme.draw_text(surface, _(text), (640, 700), 16, theme.MUTED, anchor="midbottom")


def options_text(game: str, options: dict, players: int | None = None) -> str:
    """``"Ruleset: Cardavia · Deals: 1 · …"`` in the engine's words, in the current language;
    with ``players``, only the options that apply to that many players."""
    try:
        declared = {o.name: o for o in engines.get(game).options}
    except ValueError:
        declared = {}
    parts = []
    for name, value in (options or {}).items():
        option = declared.get(name)
        if option is None:
            parts.append(f"{name}: {value}")  # (an option this version does not know)
        elif players is None or option.applies(players):
            # Translators: one game option and its value, as the lobby lists them ("Deals: 1")
            said = _("{option}: {value}")
            word = option.word(value)
            parts.append(said.format(option=_(option.label or name), value=_(word) if word else ""))
    return "  ·  ".join(parts)
