"""What the Nimalia table says in words: the how-to-play text, each objective in full, points
and names, the tie-break (M-29) and the result sheet. Everything is worded in the current language
when it is asked for (the language may change at any moment).

The printed objective cards carry only a short line; :data:`OBJECTIVE_TEXT` is what the zoomed
card shows beside it, written from the rules (rules/nimalia.md §7, rule ``M-On`` for ``On``):
English msgids, translated where they are drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chabudai import i18n
from chabudai.engines.describe import nimalia_colour
from chabudai.engines.nimalia.objectives import OBJECTIVES
from chabudai.game.tables.base import ResultSheet
from chabudai.game.tables.kit.hint import HINT_HELP
from chabudai.game.tables.kit.overlays import HISTORY_HELP
from chabudai.i18n import N_, _, join_names, ngettext

# Translators: the how-to-play page of Nimalia (F1); keep the blank lines between paragraphs
HELP_TEXT = N_(
    """Build an animal reserve with the cards you draft. Each round everyone draws 3 cards; pick one, place it, then pass the rest on. After three turns the round's objectives are scored.

Placing: click a card in your hand (or press Tab or 1-3), turn it with R, the mouse wheel, a right click or the round buttons beside your hand, and move the ghost over your reserve with the mouse or the arrow keys. Green means legal; the line under your reserve shows what the round's objectives would score. Click or press Enter to place.

A card must cover at least one space already in your reserve (your first card goes in the middle), and the reserve must fit in 6 x 6 spaces. New cards lie on top: covered spaces no longer count.

Everybody places at the same time; the cards are revealed together, then hands pass left (rounds 1, 3, 5) or right (rounds 2, 4).

The four objectives (one per colour) each score three times. Hover an objective to read it; click it, or press O, to keep it open. Click another player's reserve (or press Z) to see it up close. Scores never drop below 0. Most points after round 5 wins; a tie goes to the player with the most spaces of one animal.

Keys: Tab or 1-3 card, R / Shift+R turn, arrows move, Enter place, O objectives, Z reserves, H hint, F1 this help, Esc leave."""
)


def help_text() -> str:
    """The whole help page in the current language: Nimalia's own text, then the kit's
    paragraphs on the move log and the hint."""
    return "\n\n".join(_(part) for part in (HELP_TEXT, HISTORY_HELP, HINT_HELP))


# Translators: an objective's rule in full, beside its card at full size
OBJECTIVE_TEXT: dict[int, str] = {
    1: N_(
        "For each otter: every neighbouring animal that appears at least twice around it scores "
        "1 point per such neighbour."
    ),
    2: N_("2 points for each otter whose river ends at a corner touching a lake space."),
    3: N_("2 points for each separate jungle area, whatever its size."),
    4: N_("2 points for each gorilla next to a lake space."),
    5: N_("2 points for each space of your largest savanna area."),
    6: N_("6 points for each savanna area of exactly 4 spaces, any shape."),
    7: N_("4 points for each 2 x 2 square of ice spaces. Squares may overlap."),
    8: N_(
        "Polar bears side by side: 2 points per bear in a group of 2 or more; "
        "-1 for each bear alone."
    ),
    9: N_("2 points per space of your rarest terrain (0 if a terrain is missing)."),
    10: N_(
        "Your largest complete square of spaces: 2x2 = 3, 3x3 = 5, 4x4 = 8, 5x5 = 13, "
        "6x6 = 21 points."
    ),
    11: N_("3 points for each row showing all four terrains."),
    12: N_(
        "3 points for each pair of the same animal side by side in a row "
        "(a run of 3 or more scores nothing)."
    ),
    13: N_("Few giraffes: none = 8, one = 5, two = 3, three or more = 0 points."),
    14: N_("3 points for each flamingo surrounded on all four sides."),
    15: N_("Your longest river of L otters: 1, 3, 6, 10 or 15 points for 2, 3, 4, 5 or 6+ otters."),
    16: N_("Longest river compared: the longest scores 5, the second 2 (with 3-4 players)."),
    17: N_("3 points for each panda on the edge of your reserve (next to an empty space)."),
    18: N_("Most gorillas: +5 (second +2). Most pandas: -5 (second -2)."),
    19: N_("3 points for each column holding exactly one penguin."),
    20: N_("Fewest lions: +3. Everyone else: -2."),
    21: N_("Most crocodiles: 5 (second 2). Fewest flamingos: 5 (second 2)."),
    22: N_("2 points for each crocodile next to a giraffe."),
}


def signed(points: int) -> str:
    """Points as a change: "+3", "-5", "0"."""
    return f"{points:+d}" if points else "0"


def colour_name(colour: str) -> str:
    """An objective colour (``"blue"``, ``"green"``, ``"yellow"``, ``"red"``) in words."""
    return nimalia_colour(colour, i18n.current())


def objective_label(colour: str, oid: int) -> str:
    """An objective as its card names it: "Blue O5"."""
    # Translators: a Nimalia objective by its colour and number, as on the card ("Blue O5")
    return _("{colour} O{number}").format(colour=colour_name(colour), number=oid)


def objective_name(oid: int) -> str:
    """An objective's title ("Otter neighbours") in the current language."""
    return _(OBJECTIVES[oid].name)


def objective_text(oid: int) -> str:
    """An objective's rule in full, in the current language."""
    return _(OBJECTIVE_TEXT[oid])


def points_short(n: int) -> str:
    """ "1 pt", "5 pts": a score on a seat badge."""
    # Translators: a player's score on a seat badge, abbreviated ("5 pts")
    return ngettext("{n} pt", "{n} pts", n).format(n=n)


def tiebreak_note(
    scores: list[int], winners: list[int], values: list[int], name_of: Callable[[int], str]
) -> str:
    """M-29 in words when a tie on points decided (or did not decide) the game; "" otherwise."""
    if not scores or not winners:
        return ""
    top = max(scores)
    tied = [s for s, x in enumerate(scores) if x == top]
    if len(tied) < 2:
        return ""
    names = join_names([name_of(s) for s in winners])
    best = values[winners[0]]
    if len(winners) < len(tied):
        others = max(values[s] for s in tied if s not in winners)
        # Translators: the tie-break at the end of Nimalia; {names} won it with {best} spaces
        # of one animal against the others' {others}; {top} is the tied score
        message = ngettext(
            "Tied at {top} points: {names} wins the tie-break with {best} spaces of one animal "
            "against {others}.",
            "Tied at {top} points: {names} win the tie-break with {best} spaces of one animal "
            "against {others}.",
            len(winners),
        )
        return message.format(top=top, names=names, best=best, others=others)
    # Translators: the tie-break at the end of Nimalia did not decide: {names} share the win
    message = _("Tied at {top} points and at {best} spaces of one animal: {names} share the win.")
    return message.format(top=top, best=best, names=names)


def result_sheet(result: dict[str, Any], name_of: Callable[[int], str]) -> ResultSheet:
    """Each objective of each round with what it gave every player (M-26, M-27); when a tie on
    points was settled by the tie-break (M-29), its explanation, with a row a round to make room.
    """
    scores = list(result.get("scores", []))
    note = tiebreak_note(
        scores, list(result.get("winners", [])), list(result.get("tiebreak", [])), name_of
    )
    rows = []
    before = [0] * len(scores)
    for entry in result.get("rounds", []):
        lines = entry.get("objectives", [])
        if note:  # a row a round: the change of each total (floors included, M-27)
            after = list(entry["scores"])
            cells = [signed(a - b) for a, b in zip(after, before, strict=True)]
            # Translators: between the colours of a round's objectives (results sheet)
            colours = _(", ").join(colour_name(line["colour"]) for line in lines)
            rows.append((_("Round {n}").format(n=entry["round"]), cells, colours))
            before = after
            continue
        for line in lines:
            # Translators: a results sheet row: the round's number and the objective's colour
            label = _("{round} {colour}").format(
                round=entry["round"], colour=colour_name(line["colour"])
            )
            cells = [signed(p) for p in line["points"]]
            # Translators: an objective by its number and title ("O5 Largest savanna")
            what = _("O{number} {name}").format(number=line["id"], name=objective_name(line["id"]))
            rows.append((label, cells, what))
    # Translators: the results sheet's column of round numbers
    label = _("Round")
    return ResultSheet(label, rows, [str(s) for s in scores], total_label=_("Total"), footer=note)
