"""Write the generated assets to a folder (layout documented in game/assets.py)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

import pygame

from chabudai.i18n import SOURCE
from chabudai.tools.make_assets import koikoi, nanatoridori, nar, nimalia, sounds, table
from chabudai.tools.make_assets.draw import ASSETS

GAMES: dict[str, ModuleType] = {
    "koikoi": koikoi,
    "nanatoridori": nanatoridori,
    "nar": nar,
    "nimalia": nimalia,
}
DEFAULT_OUT = ASSETS


def card_path(out: Path, game: str, key: object) -> Path:
    return out / "cards" / game / f"{key}.png"


def save(surf: pygame.Surface, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def build_cards(
    out: Path, game: str, keys: Iterable[object] | None = None, back: bool = True
) -> list[Path]:
    mod = GAMES[game]
    written = []
    for key in mod.card_ids() if keys is None else keys:
        p = card_path(out, game, key)
        save(mod.draw_card(key), p)
        written.append(p)
    if back:
        p = out / "cards" / game / "back.png"
        save(mod.draw_back(), p)
        written.append(p)
    return written


def build_tokens(out: Path, game: str) -> list[Path]:
    written = []
    for name, surf in GAMES[game].tokens().items():
        p = out / "tokens" / game / f"{name}.png"
        save(surf, p)
        written.append(p)
    return written


def language_path(out: Path, game: str, language: str, name: str) -> Path:
    """Where a game's image that carries words is stored for a language other than English."""
    return out / "cards" / game / language / f"{name}.png"


def build_objectives(out: Path, languages: Iterable[str] | None = None) -> list[Path]:
    """Nimalia's objective cards and their back in each language (default: every one): English
    to their usual places (cards/nimalia/O<n>.png, tokens/nimalia/objective_back.png), the
    others to cards/nimalia/<code>/. Run again after the catalogues change."""
    written = []
    for language in nimalia.LANGUAGES if languages is None else languages:
        for name, surf in nimalia.language_images(language).items():
            if language != SOURCE:
                p = language_path(out, "nimalia", language, name)
            elif name.startswith("O"):
                p = card_path(out, "nimalia", name)
            else:
                p = out / "tokens" / "nimalia" / f"{name}.png"
            save(surf, p)
            written.append(p)
    return written


def build_tables(out: Path) -> list[Path]:
    written = []
    for name, fn in table.BACKGROUNDS.items():
        p = out / "tables" / f"{name}.png"
        save(fn(), p)
        written.append(p)
    p = out / "ui" / "logo.png"
    save(table.title_logo(), p)
    written.append(p)
    return written


def build_icons(out: Path) -> list[Path]:
    written = []
    for name in table.ICON_NAMES:
        p = out / "icons" / f"{name}.png"
        save(table.draw_icon(name), p)
        written.append(p)
    return written


def build_sounds(out: Path, names: Iterable[str] | None = None) -> list[Path]:
    written = []
    for name in sounds.SOUNDS if names is None else names:
        p = out / "sounds" / f"{name}.wav"
        sounds.write_wav(p, sounds.finish(name))
        written.append(p)
    return written


def build_all(
    out: Path = DEFAULT_OUT, games: Iterable[str] | None = None, with_sounds: bool = True
) -> list[Path]:
    written: list[Path] = []
    for g in GAMES if games is None else games:
        written += build_cards(out, g)
        written += build_tokens(out, g)
        if g == "nimalia":
            written += build_objectives(out)
    if games is None:
        written += build_tables(out)
        written += build_icons(out)
        if with_sounds:
            written += build_sounds(out)
    return written
