"""Contact sheets: every card of a game (faces, back, tokens) at display size, labelled."""

from __future__ import annotations

from pathlib import Path

import pygame

from chabudai.tools.make_assets.build import GAMES
from chabudai.tools.make_assets.draw import BOLD_FONT, font, smooth_to

BG = (52, 44, 40)
LABEL = (236, 226, 206)
GAP = 10


def game_sheet(game: str, scale: float = 0.5) -> pygame.Surface:
    """One image with every face (key printed under it), then the back and the tokens."""
    mod = GAMES[game]
    items: list[tuple[str, pygame.Surface]] = [(str(k), mod.draw_card(k)) for k in mod.card_ids()]
    items.append(("back", mod.draw_back()))
    items += list(mod.tokens().items())
    scaled = [
        (n, smooth_to(s, (round(s.get_width() * scale), round(s.get_height() * scale))))
        for n, s in items
    ]
    cw = max(s.get_width() for _, s in scaled)
    ch = max(s.get_height() for _, s in scaled)
    cols = {"koikoi": 12, "nanatoridori": 10, "nar": 13, "nimalia": 12}[game]
    rows = (len(scaled) + cols - 1) // cols
    f = font(BOLD_FONT, 12)
    cell_h = ch + 18
    sheet = pygame.Surface((GAP + cols * (cw + GAP), GAP + rows * (cell_h + GAP)))
    sheet.fill(BG)
    if game == "koikoi":  # one month per column, as players sort them
        order = [(i // 4, i % 4) for i in range(48)] + [(c, 4) for c in range(len(scaled) - 48)]
        rows = 5
        sheet = pygame.Surface((GAP + cols * (cw + GAP), GAP + rows * (cell_h + GAP)))
        sheet.fill(BG)
    else:
        order = [(i % cols, i // cols) for i in range(len(scaled))]
    for (name, surf), (c, r) in zip(scaled, order, strict=True):
        x, y = GAP + c * (cw + GAP), GAP + r * (cell_h + GAP)
        sheet.blit(surf, (x + (cw - surf.get_width()) // 2, y + (ch - surf.get_height()) // 2))
        lab = f.render(name, True, LABEL)
        sheet.blit(lab, lab.get_rect(midtop=(x + cw // 2, y + ch + 2)))
    return sheet


def write_sheets(path: Path, games: list[str] | None = None) -> list[Path]:
    """Write <stem>-<game>.png beside `path` for each game."""
    path.parent.mkdir(parents=True, exist_ok=True)
    written = []
    for g in games or list(GAMES):
        p = path.with_name(f"{path.stem}-{g}{path.suffix or '.png'}")
        pygame.image.save(game_sheet(g), str(p))
        written.append(p)
    return written
