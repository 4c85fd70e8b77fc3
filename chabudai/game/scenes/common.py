"""Pieces shared by the menu scenes: the background, a heading and the game list."""

from __future__ import annotations

import pygame

from chabudai import engines
from chabudai.game import assets, theme
from chabudai.game.tables import has_table


def backdrop(surface: pygame.Surface, game: str | None = None, shade: int = 60) -> None:
    surface.blit(assets.background(game), (0, 0))
    if shade:
        theme.dim(surface, shade)


def heading(surface: pygame.Surface, text: str, sub: str = "") -> None:
    theme.draw_text(surface, text, (640, 34), 54, theme.CREAM, role="title", anchor="midtop")
    if sub:
        theme.draw_text(surface, sub, (640, 100), 20, theme.MUTED, anchor="midtop")


def game_title(name: str) -> str:
    try:
        return engines.get(name).title
    except ValueError:
        return name


def game_choices() -> list[tuple[str, str]]:
    """Every registered game; those without a table view yet are marked."""
    choices = []
    for name in engines.names():
        title = game_title(name)
        choices.append((name, title if has_table(name) else f"{title} (table coming soon)"))
    return choices


def footer(
    surface: pygame.Surface,
    text: str = "Esc: back   ·   Tab / arrows: move   ·   Enter: choose   ·   F1: help",
) -> None:
    theme.draw_text(surface, text, (640, 700), 16, theme.MUTED, anchor="midbottom")


def options_text(game: str, options: dict, players: int | None = None) -> str:
    """``"Ruleset: Cardavia · Deals: 1 · …"`` in the engine's words; with ``players``, only the
    options that apply to that many players."""
    try:
        declared = {o.name: o for o in engines.get(game).options}
    except ValueError:
        declared = {}
    parts = []
    for name, value in (options or {}).items():
        option = declared.get(name)
        if option is None:
            parts.append(f"{name}: {value}")
        elif players is None or option.applies(players):
            parts.append(f"{option.label or name}: {option.word(value)}")
    return "  ·  ".join(parts)
