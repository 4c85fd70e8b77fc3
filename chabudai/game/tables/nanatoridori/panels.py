"""What the Nanatoridori table draws in its panels and badges: penguins, the round summary and
the discard pile by value."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from chabudai.engines.nanatoridori.rules import PENGUINS, TARGET_POINTS, VALUES
from chabudai.game import assets, theme
from chabudai.game.tables.kit import text as kit_text
from chabudai.game.tables.nanatoridori import layout as lay
from chabudai.game.tables.nanatoridori.texts import standing
from chabudai.i18n import _, ngettext

GAME = "nanatoridori"
FALL = 40  # pixels the penguin just lost slides down as it fades


def draw_penguins(
    surface: pygame.Surface, pos: tuple[float, float], left: int, size: int, fall: float = 1.0
) -> None:
    """Penguins (N-2, N-23): live ones, then lost ones greyed; while ``fall`` < 1 the penguin
    just lost (the first greyed one) slides off its place and fades."""
    x, y = pos
    for i in range(PENGUINS):
        name = "penguin" if i < left else "penguin_lost"
        surface.blit(assets.token(GAME, name, size), (x + i * (size + 4), y))
    if fall < 1 and left < PENGUINS:
        ghost = assets.token(GAME, "penguin", size).copy()  # a small copy, only while it falls
        ghost.set_alpha(round(255 * (1 - fall)))
        surface.blit(ghost, (x + left * (size + 4), y + FALL * fall))


def round_height(players: int) -> int:
    return 224 + 38 * players


def draw_round(
    surface: pygame.Surface,
    rect: pygame.Rect,
    entry: dict[str, Any],
    players: int,
    name_of: Callable[[int], str],
    me: int | None,
    fall: float,
    last: bool,
) -> None:
    """The round summary (N-19 to N-25, N-32): who went out in which order and the loser, with
    each seat's penguins (the one lost falling) or the round's points and totals; who starts the
    next round unless this was the ``last``."""
    loser = entry["loser"]
    you = loser == me
    if "penguins" in entry:
        line = _("You lose a penguin") if you else _("{name} loses a penguin")
    else:
        line = _("You score nothing this round") if you else _("{name} scores nothing this round")
    line = line.format(name=name_of(loser))
    at = (rect.centerx, rect.y + 64)
    kit_text.draw_line(surface, line, at, rect.w - 40, 22, anchor="midtop", min_size=16)
    if "totals" in entry:
        # Translators: round summary column headings: this round's points, the game's total
        for text, right in ((_("points"), rect.right - 170), (_("total"), rect.right - 50)):
            kit_text.draw_line(surface, text, (right, rect.y + 102), 100, 15, theme.MUTED,
                               anchor="topright")  # fmt: skip
    y = rect.y + 126
    for seat, place in standing(entry, players):
        color = theme.WARN if seat == loser else theme.CREAM
        kit_text.draw_line(surface, place, (rect.x + 40, y), 104, 20, color, min_size=12)
        label = _("{name} (you)").format(name=name_of(seat)) if seat == me else name_of(seat)
        room = rect.w - 150 - 200  # up to the penguins or the points column
        kit_text.draw_line(surface, label, (rect.x + 150, y), room, 20, color, min_size=14)
        if "penguins" in entry:
            left = entry["penguins"][seat]
            draw_penguins(
                surface, (rect.right - 150, y - 4), left, 28, fall if seat == loser else 1
            )
        else:
            points = entry["points"][seat]
            text, tint = (f"+{points}", theme.GOLD) if points else ("0", theme.MUTED)
            theme.draw_text(surface, text, (rect.right - 170, y), 20, tint, anchor="topright")
            total = str(entry["totals"][seat])
            theme.draw_text(surface, total, (rect.right - 50, y), 20, theme.GOLD, anchor="topright")
        y += 38
    if not last:
        if "totals" in entry:  # N-25
            if you:
                line = _("You start the next round · the game ends at {n} points")
            else:
                line = _("{name} starts the next round · the game ends at {n} points")
        else:
            line = _("You start the next round") if you else _("{name} starts the next round")
        line = line.format(name=name_of(loser), n=TARGET_POINTS)
        at = (rect.centerx, y + 6)
        kit_text.draw_line(surface, line, at, rect.w - 40, 17, theme.MUTED, anchor="midtop")


def draw_discard(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any]) -> None:
    """N-7: the discard pile by value, and how many of each value the viewer has not seen."""
    counts = lay.value_counts(view)
    height = 96
    width = lay.card_w(height)
    step = (rect.w - 80) / len(VALUES)
    for value in VALUES:
        x = rect.x + 40 + (value - 1) * step + (step - width) / 2
        surface.blit(assets.card_image(GAME, value, height=height), (x, rect.y + 70))
        cx = x + width / 2
        shown, unseen = counts["discard"][value], counts["unseen"][value]
        theme.draw_text(surface, f"× {shown}", (cx, rect.y + 172), 22, theme.GOLD, anchor="midtop")
        # Translators: the discard pile look: cards of this number the player has not seen
        words = ngettext("{n} unseen", "{n} unseen", unseen).format(n=unseen)
        at = (cx, rect.y + 202)
        kit_text.draw_line(surface, words, at, step - 4, 15, theme.MUTED, anchor="midtop")
    discarded = len(view.get("discard", []))
    note = ngettext(
        "{n} card discarded; 'unseen' counts the cards of each number you have not seen anywhere",
        "{n} cards discarded; 'unseen' counts the cards of each number you have not seen anywhere",
        discarded,
    ).format(n=discarded)
    at = (rect.centerx, rect.y + 236)
    kit_text.draw_line(surface, note, at, rect.w - 40, 15, theme.MUTED, anchor="midtop")
