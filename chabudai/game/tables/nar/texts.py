"""What the Nar table says in words: the how-to-play text, card names for the move log, why the
game ended (R-25) and the results sheet (rounds × seats)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chabudai.engines.nar.scoring import LOSING_TOTAL, PLUS10_TO_END, game_over_standard
from chabudai.game.tables.base import ResultSheet
from chabudai.game.tables.kit.hint import HINT_HELP
from chabudai.game.tables.kit.overlays import HISTORY_HELP

HELP_TEXT = """Get rid of your cards. Winning a trick is worth nothing: the player of the worst card becomes the Fool, takes a fool disc and sits out the next trick (two Fools with 7-8 players).

Playing: the leader plays any card; the first coloured card sets the lead colour. If you hold that colour you must play it or a white 1; if you don't, play anything. A 1 is always allowed and counts as a lead card of value 1. Glowing cards are the ones you may play.

The trick: the highest lead card wins and its player leads next. The worst card is the lowest off-colour card, else the lowest lead card; on a tie the later card is worse. A disc lands where its Fool's card would go.

Round end: when a hand empties the trick is finished. Out and not a Fool: +10. Cards kept cost their value, a 1 costs 5. The game ends when someone reaches -80 or has gone out six times; the highest total wins.

Announcements (option): before a round's first trick each player says whether they will go out. Announce and go out: 20 points plus 5 for each other announcer. Announce and fail: your result counts double.

Keys: arrows or Tab pick a card, Enter plays it, L shows the last trick (or hover its tab), H a hint, F1 this help, Esc leave.

"""
HELP_TEXT += HISTORY_HELP + "\n\n" + HINT_HELP


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def names(seats: list[int], name_of: Callable[[int | None], str]) -> str:
    """ "Kenji", "Kenji and Mira", "Kenji, Mira and Tomas"."""
    parts = [name_of(s) for s in seats]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


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
            who = names(low, lambda s: f"{name_of(s)} ({scores[s]})")
            verb = "is" if len(low) == 1 else "are"
            return f"{who} {verb} at -80 or below: the game ends."
        return f"{names(six, name_of)} went out for the sixth time."
    return f"All {len(rounds)} rounds played (fixed length: two per player)."


# The move log, one line per event: "Kenji: red 12", "You won trick 3", "Fool: Mira and Omar".
NOTE_CHARS = 34  # about what the results screen's note column holds


def out_note(entry: dict[str, Any], name_of: Callable[[int | None], str]) -> str:
    """Who went out in a round ("out: Kenji, Mira (Fool)"), or how many when that is long."""
    out = entry.get("out", [])
    plus = entry.get("scored_plus10", [True] * len(entry.get("points", [])))
    note = "out: " + names(out, lambda s: name_of(s) + ("" if plus[s] else " (Fool)"))
    if len(note) <= NOTE_CHARS:
        return note
    fooled = sum(1 for s in out if not plus[s])
    return f"{len(out)} went out" + (f" ({fooled} as Fool)" if fooled else "")


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
        footer += "  ·  * announced to go out"
    return ResultSheet("Round", rows, [str(s) for s in scores], footer=footer)
