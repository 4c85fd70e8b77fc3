"""What the Nar table says in words: the how-to-play text, colour names, why the game ended
(R-25) and the results sheet (rounds × seats). Everything is worded in the current language when
it is asked for (the language may change at any moment)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chabudai import i18n
from chabudai.engines.describe import nar_colour
from chabudai.engines.nar.scoring import LOSING_TOTAL, PLUS10_TO_END, game_over_standard
from chabudai.game.tables.base import ResultSheet
from chabudai.game.tables.kit.hint import HINT_HELP
from chabudai.game.tables.kit.overlays import HISTORY_HELP
from chabudai.i18n import N_, _, join_names, ngettext

# Translators: the how-to-play page of Nar (F1); keep the blank lines between paragraphs
HELP_TEXT = N_(
    """Get rid of your cards. Winning a trick is worth nothing: the player of the worst card becomes the Fool, takes a fool disc and sits out the next trick (two Fools with 7-8 players).

Playing: the leader plays any card; the first coloured card sets the lead colour. If you hold that colour you must play it or a white 1; if you don't, play anything. A 1 is always allowed and counts as a lead card of value 1. Glowing cards are the ones you may play.

The trick: the highest lead card wins and its player leads next. The worst card is the lowest off-colour card, else the lowest lead card; on a tie the later card is worse. A disc lands where its Fool's card would go.

Round end: when a hand empties the trick is finished. Out and not a Fool: +10. Cards kept cost their value, a 1 costs 5. The game ends when someone reaches -80 or has gone out six times; the highest total wins.

Announcements (option): before a round's first trick each player says whether they will go out. Announce and go out: 20 points plus 5 for each other announcer. Announce and fail: your result counts double.

Keys: arrows or Tab pick a card, Enter plays it, L shows the last trick (or hover its tab), H a hint, F1 this help, Esc leave."""
)


def help_text() -> str:
    """The whole help page in the current language: Nar's own text, then the kit's paragraphs
    on the move log and the hint."""
    return "\n\n".join(_(part) for part in (HELP_TEXT, HISTORY_HELP, HINT_HELP))


def colour_name(colour: str | None) -> str:
    """A Nar colour (``"G"``, ``"R"``, ``"Y"``, ``"B"``) in words, as the move log names it."""
    return nar_colour(colour, i18n.current()) if colour else ""


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def names(seats: list[int], name_of: Callable[[int | None], str]) -> str:
    """ "Kenji", "Kenji and Mira", "Kenji, Mira and Tomas" (in the current language)."""
    return join_names([name_of(s) for s in seats])


def end_reason(scores: list[int], plus10: list[int], rounds: list[dict[str, Any]], name_of) -> str:
    """Why the game ended (R-25, or option ``game_length`` = ``fixed_rounds``)."""
    low = [s for s, total in enumerate(scores) if total <= LOSING_TOTAL]
    six = [s for s, count in enumerate(plus10) if count >= PLUS10_TO_END]
    # Standard games end at the first round that meets R-25; a fixed-length game may play on.
    totals, counts, first = [0] * len(scores), [0] * len(scores), None
    for number, entry in enumerate(rounds, start=1):
        for seat, points in enumerate(entry.get("points", [])):
            totals[seat] += points
            counts[seat] += bool(entry.get("scored_plus10", [False] * len(scores))[seat])
        if first is None and game_over_standard(totals, counts):
            first = number
    if first is not None and first == len(rounds):
        if low:
            who = join_names([f"{name_of(s)} ({scores[s]})" for s in low])
            # Translators: why a game of Nar ended; {names} are players with their totals,
            # "Kenji (-81)", {limit} is the losing total (-80)
            message = ngettext(
                "{names} is at {limit} or below: the game ends.",
                "{names} are at {limit} or below: the game ends.",
                len(low),
            )
            return message.format(names=who, limit=LOSING_TOTAL)
        # Translators: why a game of Nar ended; {names} are players
        message = ngettext(
            "{names} went out for the sixth time.", "{names} went out for the sixth time.", len(six)
        )
        return message.format(names=names(six, name_of))
    count = len(rounds)
    # Translators: why a game of Nar ended, with the option of a fixed number of rounds
    message = ngettext(
        "All {n} round played (fixed length: two per player).",
        "All {n} rounds played (fixed length: two per player).",
        count,
    )
    return message.format(n=count)


# The results screen's note column: who went out ("out: Kenji, Mira (Fool)").
NOTE_CHARS = 34  # about what the results screen's note column holds (in English)


def out_note(entry: dict[str, Any], name_of: Callable[[int | None], str]) -> str:
    """Who went out in a round ("out: Kenji, Mira (Fool)"), or how many when that is long."""
    out = entry.get("out", [])
    plus = entry.get("scored_plus10", [True] * len(entry.get("points", [])))
    # Translators: a player who went out in a round but was the Fool (results sheet)
    fool = _("{name} (Fool)")
    who = [name_of(s) if plus[s] else fool.format(name=name_of(s)) for s in out]
    # Translators: the results sheet's note of a round; {names} went out (got rid of their cards)
    note = _("out: {names}").format(names=join_names(who))
    if len(note) <= NOTE_CHARS:
        return note
    fooled = sum(1 for s in out if not plus[s])
    # Translators: the results sheet's note of a round, {n} players went out
    went = ngettext("{n} went out", "{n} went out", len(out)).format(n=len(out))
    if not fooled:
        return went
    # Translators: how many of those who went out were Fools (results sheet)
    fools = ngettext("{n} as Fool", "{n} as Fools", fooled).format(n=fooled)
    # Translators: "3 went out (1 as Fool)"
    return _("{went} ({fools})").format(went=went, fools=fools)


def result_sheet(result: dict[str, Any], name_of) -> ResultSheet:
    """Each round's points per seat (* marks an announcement), who went out, and why it ended."""
    rows = []
    rounds = result.get("rounds", [])
    announced = False
    for entry in rounds:
        cells = []
        for seat, points in enumerate(entry.get("points", [])):
            mark = "*" if entry.get("declared", [False] * (seat + 1))[seat] else ""
            announced = announced or bool(mark)
            cells.append(signed(points) + mark)
        rows.append((str(entry.get("round", len(rows) + 1)), cells, out_note(entry, name_of)))
    scores = list(result.get("scores", []))
    footer = end_reason(scores, list(result.get("plus10", [0] * len(scores))), rounds, name_of)
    if announced:
        # Translators: the results sheet's footnote: a * beside points marks an announcement
        footer += "  ·  " + _("* announced to go out")
    # Translators: the results sheet's column of round numbers
    label = _("Round")
    # Translators: the results sheet's line of final scores
    return ResultSheet(label, rows, [str(s) for s in scores], total_label=_("Total"), footer=footer)
