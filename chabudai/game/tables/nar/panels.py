"""The Nar table's panels: the go-out announcement (option ``announcements``), the last
completed trick (R-27) and the round summary seat by seat (R-22, R-23). Pure drawing: the view
says when each shows and passes what it needs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from chabudai.engines.nar.scoring import PLUS10_TO_END
from chabudai.game import assets, theme, ui
from chabudai.game.tables.kit import text
from chabudai.game.tables.nar import layout as lay
from chabudai.game.tables.nar.texts import colour_name, names, signed
from chabudai.i18n import _, ngettext

GAME = "nar"
SUMMARY_LEAD = 0.6  # seconds before the first row of the round summary appears
SUMMARY_ROW = 0.45  # and between rows

NameOf = Callable[[int | None], str]


def draw_announce(surface: pygame.Surface, declared: list, name_of: NameOf) -> None:
    """The go-out announcement (option ``announcements``): a clear yes or no (its buttons are
    drawn by the table's dialog overlay)."""
    rect = pygame.Rect(lay.DIALOG)
    theme.panel(surface, rect, 250, 16)
    width = rect.w - 40
    text.draw_line(
        surface, _("Will you go out this round?"), (rect.centerx, rect.y + 16), width, 30,
        theme.GOLD, role="title", anchor="midtop", min_size=20,
    )  # fmt: skip
    announcers = [s for s, d in enumerate(declared) if d]
    if announcers:
        # Translators: in the go-out announcement; {names} are the players who announced
        so_far = _("Announced so far: {names}").format(names=names(announcers, name_of))
    else:
        so_far = _("Announced so far: nobody")
    rules = (
        _("Announce and go out: +20, and +5 for each other announcer.")
        + "\n"
        + _("Announce and fail: your result for the round counts double.")
    )
    box = (rect.x + 20, rect.y + 60, width, 76)
    text.draw(surface, rules, box, 18, theme.CREAM, min_size=13, align="center")
    box = (rect.x + 20, rect.y + 138, width, 44)
    text.draw(surface, so_far, box, 18, theme.MUTED, min_size=13, align="center")
    # Translators: under the go-out announcement's buttons (Y and N are the keys)
    keys = _("press Y or N, or click")
    text.draw_line(
        surface, keys, (rect.centerx, rect.bottom - 10), width, 15, theme.MUTED,
        anchor="midbottom",
    )  # fmt: skip


def draw_last_trick(surface: pygame.Surface, last: dict[str, Any], name_of: NameOf) -> None:
    """The last completed trick face up, in play order, its winner and Fool(s) marked."""
    rect = pygame.Rect(lay.LAST_PANEL)
    theme.panel(surface, rect, 252, 16)
    winner, fools = last["winner"], last.get("fools", [])
    # Translators: the last trick's heading; {n} is the trick's number, {name} who won it
    title = _("Trick {n}: {name} won").format(n=last["trick"], name=name_of(winner))
    if fools:
        # Translators: the Fool(s) of the last trick
        fool = ngettext("Fool: {names}", "Fools: {names}", len(fools))
        title += "  ·  " + fool.format(names=names(fools, name_of))
    at = (rect.centerx, rect.y + 14)
    text.draw_line(surface, title, at, rect.w - 40, 22, theme.GOLD, anchor="midtop", min_size=16)
    plays = last["plays"]
    w = lay.card_w(lay.TRICK_H)
    step = min(84, (rect.w - 40 - w) / max(1, len(plays) - 1))
    x0 = rect.centerx - (w + step * (len(plays) - 1)) / 2
    y = rect.y + 70
    disc = assets.token(GAME, "fool", height=30)
    for i, (seat, card) in enumerate(plays):
        x = round(x0 + i * step)
        surface.blit(assets.card_image(GAME, card, height=lay.TRICK_H), (x, y))
        if seat == winner:
            pygame.draw.rect(
                surface, theme.GOLD, (x - 3, y - 3, w + 6, lay.TRICK_H + 6), 3, border_radius=8
            )
            surface.blit(assets.icon("crown", 26), (x + w - 28, y + 2))
        if seat in fools:
            surface.blit(disc, (x + w - 22, y + lay.TRICK_H - 22))
        # Each name in its card's own column: wrapped and shrunk there, never over its neighbour's.
        room = round(min(step, w + 40)) - 4
        box = (round(x + w / 2 - room / 2), y + lay.TRICK_H + 8, room, 36)
        text.draw(
            surface, text.whole(name_of(seat)), box, 15, theme.CREAM, min_size=12, align="center"
        )
    lead = last.get("lead")
    y = rect.bottom - 26
    if lead:
        surface.blit(assets.token(GAME, f"suit_{lead}", height=24), (rect.centerx - 60, y - 12))
        # Translators: the lead colour of a trick; {colour} is a colour name ("nar colour")
        said = _("Lead: {colour}").format(colour=colour_name(lead))
        room = rect.right - 20 - (rect.centerx - 30)
        text.draw_line(
            surface, said, (rect.centerx - 30, y), room, 16, theme.MUTED, anchor="midleft"
        )
    else:
        said = _("No lead colour: only 1s")
        text.draw_line(
            surface, said, (rect.centerx, y), rect.w - 40, 16, theme.MUTED, anchor="center"
        )


def round_headline(ev: dict[str, Any], name_of: NameOf) -> str:
    """ "Kenji went out (+10)", "Mira went out but is the Fool: 0" …"""
    clean = [s for s in ev["out"] if ev["scored_plus10"][s]]
    fooled = [s for s in ev["out"] if not ev["scored_plus10"][s]]
    parts = []
    if clean:
        # Translators: the round summary's headline; {names} got rid of their cards
        went = ngettext("{names} went out", "{names} went out", len(clean))
        parts.append(went.format(names=names(clean, name_of)))
    if fooled:
        # Translators: the round summary's headline; going out as the Fool scores 0
        went = ngettext(
            "{names} went out as a Fool (0)", "{names} went out as Fools (0)", len(fooled)
        )
        parts.append(went.format(names=names(fooled, name_of)))
    return "  ·  ".join(parts) or _("Nobody went out")


def draw_summary(
    surface: pygame.Surface,
    rect: pygame.Rect,
    ev: dict[str, Any],
    age: float,
    order: list[int],
    me: int | None,
    name_of: NameOf,
) -> None:
    """The round's scoring (R-22, R-23), one seat after the other in ``order`` as ``age``
    (seconds since the panel opened) grows: how each did, the points counting in, the running
    total and the +10 results toward six (R-25)."""
    announce = any(ev.get("declared", []))
    columns = {"name": rect.x + 30, "how": rect.x + 230, "points": rect.x + 560,
               "total": rect.x + 650, "plus": rect.x + 670}  # fmt: skip
    text.draw_line(
        surface, round_headline(ev, name_of), (rect.centerx, rect.y + 62), rect.w - 60, 18,
        theme.CREAM, anchor="midtop", min_size=14,
    )  # fmt: skip
    y = rect.y + 96
    # Translators: column headings of the round summary: the round's points and the total
    headings = ((_("This round"), "points", 120), (_("Total"), "total", 80))
    for label, key, room in headings:
        size = ui.fitting(label, 16, room)
        theme.draw_text(surface, label, (columns[key], y), size, theme.MUTED, anchor="topright")
    # Translators: column heading: the +10 results (going out) toward the six that end the game
    plus = _("+10s")
    size = ui.fitting(plus, 16, rect.right - columns["plus"] - 12)
    theme.draw_text(surface, plus, (columns["plus"], y), size, theme.MUTED)
    y += 28
    for row, seat in enumerate(order):
        shown = age - SUMMARY_LEAD - row * SUMMARY_ROW
        if shown < 0:
            break
        grow = min(1.0, shown / 0.3)
        points = ev["points"][seat]
        left = ev["left"][seat]
        if seat in ev["out"]:
            # Translators: how a player did in the round (round summary)
            how = _("went out") if ev["scored_plus10"][seat] else _("went out, but a Fool")
        else:
            # Translators: how a player did in the round: cards left in hand (round summary)
            how = ngettext("kept {n} card", "kept {n} cards", left).format(n=left)
        if announce and ev["declared"][seat]:
            # Translators: the player announced going out this round (round summary)
            how += "  ·  " + _("announced")
        # Translators: your own name in the round summary
        name = _("{name} (you)").format(name=name_of(seat)) if seat == me else name_of(seat)
        color = theme.GOLD if points > 0 else theme.CREAM if points == 0 else theme.WARN
        name_w = columns["how"] - columns["name"] - 12
        how_w = columns["points"] - columns["how"] - 64
        text.draw_line(surface, name, (columns["name"], y), name_w, 20, theme.CREAM, min_size=14)
        text.draw_line(surface, how, (columns["how"], y + 2), how_w, 18, theme.MUTED, min_size=13)
        theme.draw_text(
            surface, signed(points), (columns["points"], y), 22, color, anchor="topright",
            alpha=int(255 * grow),
        )  # fmt: skip
        before = ev["scores"][seat] - points
        running = round(before + points * grow)
        theme.draw_text(
            surface, str(running), (columns["total"], y), 22, theme.CREAM, anchor="topright"
        )
        for pip in range(PLUS10_TO_END):
            centre = (columns["plus"] + 8 + pip * 16, y + 13)
            if pip < ev["plus10"][seat]:
                pygame.draw.circle(surface, theme.GOLD, centre, 6)
            pygame.draw.circle(surface, theme.PANEL_EDGE, centre, 6, 2)
        y += 40
