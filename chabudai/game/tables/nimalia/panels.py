"""The Nimalia table's panels over the play: a reserve up close, an objective at full size with
its rule in words, and a round's scoring summed up. Each is drawn from what it is given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from chabudai.engines.nimalia.objectives import OBJECTIVES, SCHEDULE
from chabudai.engines.nimalia.scoring import COMPARATIVE
from chabudai.game import assets, theme, ui
from chabudai.game.tables.kit import text as kit_text
from chabudai.game.tables.nimalia import layout as lay
from chabudai.game.tables.nimalia.art import COLOUR_RGB, GAME, Art
from chabudai.game.tables.nimalia.texts import (
    colour_name,
    objective_label,
    objective_name,
    objective_text,
    signed,
)
from chabudai.i18n import _, join_names, ngettext


def leaves(count: int) -> str:
    """An objective's difficulty by its leaves: "1 leaf (easy)", "2 leaves", "3 leaves (hard)"."""
    if count <= 1:
        # Translators: an objective's difficulty, shown as leaves on its card (1: the easiest)
        said = ngettext("{n} leaf (easy)", "{n} leaves (easy)", count)
    elif count >= 3:
        # Translators: an objective's difficulty, shown as leaves on its card (3: the hardest)
        said = ngettext("{n} leaf (hard)", "{n} leaves (hard)", count)
    else:
        # Translators: an objective's difficulty, shown as leaves on its card
        said = ngettext("{n} leaf", "{n} leaves", count)
    return said.format(n=count)


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
    kit_text.draw_line(
        surface, title, (panel.x + 30, panel.y + 14), panel.w - 60, 30, theme.GOLD, "title",
        min_size=20,
    )  # fmt: skip
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
    width = panel.right - 30 - x
    # Translators: a player's score in the reserve's close-up
    score = _("Score {n}").format(n=view["scores"][seat])
    kit_text.draw_line(surface, score, (x, y), width, 24, theme.CREAM)
    y += 44
    said = _("If the objectives were scored now:")
    y = kit_text.draw(surface, said, (x, y, width, 40), 17, theme.MUTED, min_size=13).bottom + 8
    for colour, oid, points in objectives:
        pygame.draw.circle(surface, COLOUR_RGB[colour], (x + 8, y + 11), 8)
        label = objective_label(colour, oid)
        kit_text.draw_line(surface, label, (x + 24, y), width - 80, 18, theme.CREAM)
        right = (panel.right - 30, y)
        theme.draw_text(surface, signed(points), right, 20, theme.GOLD, anchor="topright")
        name = objective_name(oid)
        kit_text.draw_line(surface, name, (x + 24, y + 22), width - 24, 15, theme.MUTED)
        y += 52
    if pending:
        note = _("Your card waiting for the reveal is outlined.")
    else:
        note = _("The last card placed is outlined.")
    kit_text.draw(surface, note, (x, y + 10, width, 40), 15, theme.MUTED, min_size=12)
    # Translators: the foot of a reserve's close-up (Z is its key)
    hint = _("Z: next reserve  ·  any key or click closes")
    kit_text.draw_line(
        surface, hint, (panel.centerx, panel.bottom - 30), panel.w - 60, 15, theme.MUTED,
        anchor="midtop",
    )  # fmt: skip


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
    title = objective_name(oid)
    kit_text.draw_line(surface, title, (x, y), width, 26, theme.GOLD, "title", min_size=16)
    y += 44
    # Translators: under an objective's title: "Blue objective O5  ·  2 leaves"
    kind = _("{colour} objective O{number}  ·  {leaves}").format(
        colour=colour_name(colour), number=oid, leaves=leaves(objective.leaves)
    )
    kit_text.draw_line(surface, kind, (x, y), width, 17, COLOUR_RGB[colour])
    y += 34
    rule = objective_text(oid)
    y = kit_text.draw(surface, rule, (x, y, width, 190), 20, min_size=13).bottom
    y += 6
    if oid in COMPARATIVE:
        y += 4
        tie = _("Compared between players: ties share a place.")
        y = kit_text.draw(surface, tie, (x, y, width, 44), 16, theme.MUTED).bottom + 2
    y += 14
    rounds = join_names([str(r) for r in SCHEDULE if colour in SCHEDULE[r]])
    # Translators: when an objective scores; {rounds} are round numbers ("1, 3 and 5")
    after = _("Scores after rounds {rounds}").format(rounds=rounds)
    kit_text.draw_line(surface, after, (x, y), width, 17, theme.CREAM)
    y += 24
    text, color = when
    if text:
        kit_text.draw_line(surface, text, (x, y), width, 17, color)
        y += 30
    kit_text.draw_line(surface, _("If scored now:"), (x, y), width, 17, theme.MUTED)
    y += 24
    for name, value in points:
        kit_text.draw_line(surface, name, (x + 10, y), width - 60, 17, theme.CREAM)
        right = (panel.right - 30, y)
        theme.draw_text(surface, signed(value), right, 17, theme.GOLD, anchor="topright")
        y += 22
    if pinned:
        # Translators: the foot of an objective's close-up (O is its key)
        hint = _("O: next objective  ·  any key or click closes")
        at = (panel.centerx, panel.bottom - 28)
        kit_text.draw_line(surface, hint, at, panel.w - 48, 15, theme.MUTED, anchor="midtop")


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
        # Translators: a row of the round summary: an objective's colour and title
        label = _("{colour} · {name}").format(
            colour=colour_name(line["colour"]), name=objective_name(line["id"])
        )
        kit_text.draw_line(
            surface, label, (x0, y), 250, 17, COLOUR_RGB[line["colour"]], min_size=14
        )
        for cx, (seat, _name) in zip(xs, columns, strict=True):
            points = signed(line["points"][seat])
            theme.draw_text(surface, points, (cx, y), 17, theme.CREAM, anchor="midtop")
        y += 30
    total = _("Total")
    theme.draw_text(surface, total, (x0, y + 4), ui.fitting(total, 20, 250), theme.GOLD)
    for cx, (seat, _name) in zip(xs, columns, strict=True):
        total = str(entry["scores"][seat])
        theme.draw_text(surface, total, (cx, y + 4), 20, theme.GOLD, anchor="midtop")
