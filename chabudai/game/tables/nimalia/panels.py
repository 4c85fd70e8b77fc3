"""The Nimalia table's panels over the play: a reserve up close, an objective at full size with
its rule in words, and a round's scoring summed up. Each is drawn from what it is given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from chabudai.engines.nimalia.objectives import OBJECTIVES, SCHEDULE
from chabudai.engines.nimalia.scoring import COMPARATIVE
from chabudai.game import assets, theme
from chabudai.game.tables.kit import text as kit_text
from chabudai.game.tables.nimalia import layout as lay
from chabudai.game.tables.nimalia.art import COLOUR_RGB, GAME, Art
from chabudai.game.tables.nimalia.texts import OBJECTIVE_TEXT, colour_name, join_names, signed

LEAVES = {1: "1 leaf (easy)", 2: "2 leaves", 3: "3 leaves (hard)"}


def draw_reserve_zoom(
    surface: pygame.Surface,
    art: Art,
    view: dict[str, Any],
    seat: int,
    title: str,
    objectives: Sequence[tuple[str, int, int]],
) -> None:
    """``seat``'s reserve enlarged, its last card (or your hidden one) outlined, and
    ``objectives`` — (colour, objective, points if scored now) — beside it."""
    theme.dim(surface, 150)
    panel = pygame.Rect(lay.ZOOM)
    theme.panel(surface, panel, 248, 16)
    board = lay.zoom_board(view, seat)
    theme.draw_text(surface, title, (panel.x + 30, panel.y + 14), 30, theme.GOLD, "title")
    area = pygame.Rect(board.area)
    pygame.draw.rect(surface, (20, 14, 10), area.inflate(8, 8), border_radius=8)
    height = round(2 * board.cell)
    placements = view["placements"][seat]
    for card, rot, row, col in placements:
        surface.blit(art.face(card, height, rot), board.rect(row, col)[:2])
    pending = view.get("pending") if seat == view.get("seat") else None
    if pending is not None:
        rect = board.rect(pending["row"], pending["col"])
        surface.blit(art.face(pending["card"], height, pending["rot"]), rect[:2])
        pygame.draw.rect(surface, theme.GOLD, pygame.Rect(rect).inflate(4, 4), 3, 9)
    elif placements:
        _card, _rot, row, col = placements[-1]
        outline = pygame.Rect(board.rect(row, col)).inflate(4, 4)
        pygame.draw.rect(surface, theme.CREAM, outline, 3, 9)
    x, y = area.right + 40, panel.y + 80
    theme.draw_text(surface, f"Score {view['scores'][seat]}", (x, y), 24, theme.CREAM)
    y += 44
    theme.draw_text(surface, "If the objectives were scored now:", (x, y), 17, theme.MUTED)
    y += 30
    for colour, oid, points in objectives:
        pygame.draw.circle(surface, COLOUR_RGB[colour], (x + 8, y + 11), 8)
        theme.draw_text(surface, f"{colour_name(colour)} O{oid}", (x + 24, y), 18, theme.CREAM)
        right = (panel.right - 30, y)
        theme.draw_text(surface, signed(points), right, 20, theme.GOLD, anchor="topright")
        theme.draw_text(surface, OBJECTIVES[oid].name, (x + 24, y + 22), 15, theme.MUTED)
        y += 52
    note = (
        "Your card waiting for the reveal is outlined."
        if pending
        else "The last card placed is outlined."
    )
    theme.draw_text(surface, note, (x, y + 10), 15, theme.MUTED)
    hint = "Z: next reserve  ·  any key or click closes"
    theme.draw_text(
        surface, hint, (panel.centerx, panel.bottom - 30), 15, theme.MUTED, anchor="midtop"
    )


def draw_objective_zoom(
    surface: pygame.Surface,
    oid: int,
    colour: str,
    when: tuple[str, tuple[int, int, int]],
    points: Sequence[tuple[str, int]],
    pinned: bool,
) -> None:
    """Objective ``oid`` at full size with its rule in words (M-On), when it scores (M-26) and
    ``points`` — (name, points if scored now) — for every player."""
    objective = OBJECTIVES[oid]
    panel = pygame.Rect(lay.OBJECTIVE_ZOOM)
    theme.panel(surface, panel, 250, 16)
    w, h = lay.OBJECTIVE_ZOOM_CARD
    card = pygame.Rect(panel.x + 24, panel.y + (panel.h - h) // 2, w, h)
    surface.blit(assets.card_image(GAME, f"O{oid}", height=h), card)
    x = card.right + 26
    width = panel.right - 24 - x
    y = panel.y + 26
    theme.draw_text(surface, objective.name, (x, y), 26, theme.GOLD, "title")
    y += 44
    kind = f"{colour_name(colour)} objective O{oid}  ·  {LEAVES[objective.leaves]}"
    theme.draw_text(surface, kind, (x, y), 17, COLOUR_RGB[colour])
    y += 34
    y = kit_text.draw(surface, OBJECTIVE_TEXT[oid], (x, y, width, 190), 20, min_size=15).bottom
    y += 6
    if oid in COMPARATIVE:
        y += 4
        tie = "Compared between players: ties share a place."
        y = kit_text.draw(surface, tie, (x, y, width, 44), 16, theme.MUTED).bottom + 2
    y += 14
    rounds = join_names([str(r) for r in SCHEDULE if colour in SCHEDULE[r]])
    theme.draw_text(surface, f"Scores after rounds {rounds}", (x, y), 17, theme.CREAM)
    y += 24
    text, color = when
    if text:
        theme.draw_text(surface, text, (x, y), 17, color)
        y += 30
    theme.draw_text(surface, "If scored now:", (x, y), 17, theme.MUTED)
    y += 24
    for name, value in points:
        theme.draw_text(surface, name, (x + 10, y), 17, theme.CREAM)
        right = (panel.right - 30, y)
        theme.draw_text(surface, signed(value), right, 17, theme.GOLD, anchor="topright")
        y += 22
    if pinned:
        hint = "O: next objective  ·  any key or click closes"
        at = (panel.centerx, panel.bottom - 28)
        theme.draw_text(surface, hint, at, 15, theme.MUTED, anchor="midtop")


def summary_rect(entry: dict[str, Any]) -> lay.Rect:
    """The round summary's panel: a column a player, a row an objective."""
    width = 300 + 110 * len(entry["scores"])
    return (640 - width // 2, 170, width, 200 + 30 * len(entry["objectives"]))


def draw_round_summary(
    surface: pygame.Surface,
    area: pygame.Rect,
    entry: dict[str, Any],
    columns: Sequence[tuple[int, str]],
) -> None:
    """A round's objectives (M-26, in the order scored, M-27) with each player's points, and
    the totals; ``columns`` are (seat, name) in the table's order."""
    x0, y = area.x + 28, area.y + 70
    col = 110
    xs = [area.x + 290 + i * col + col / 2 for i in range(len(columns))]
    for cx, (_seat, name) in zip(xs, columns, strict=True):  # a name in its own column
        box = (round(cx - col / 2) + 3, y - 4, col - 6, 28)
        shown = kit_text.whole(name)
        kit_text.draw(surface, shown, box, 16, theme.MUTED, min_size=12, align="center")
    y += 26
    for line in entry["objectives"]:
        label = f"{colour_name(line['colour'])} · {OBJECTIVES[line['id']].name}"
        kit_text.draw_line(
            surface, label, (x0, y), 250, 17, COLOUR_RGB[line["colour"]], min_size=14
        )
        for cx, (seat, _name) in zip(xs, columns, strict=True):
            points = signed(line["points"][seat])
            theme.draw_text(surface, points, (cx, y), 17, theme.CREAM, anchor="midtop")
        y += 30
    theme.draw_text(surface, "Total", (x0, y + 4), 20, theme.GOLD)
    for cx, (seat, _name) in zip(xs, columns, strict=True):
        total = str(entry["scores"][seat])
        theme.draw_text(surface, total, (cx, y + 4), 20, theme.GOLD, anchor="midtop")
