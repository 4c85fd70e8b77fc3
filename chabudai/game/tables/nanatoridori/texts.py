"""What the Nanatoridori table says in words (pure): the how-to-play text for the options in play,
the move log's lines, the round's standing and the results screen's sheet — in the current
language (the constants are marked ``N_`` and translated where they are shown)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chabudai.game.tables.base import ResultSheet
from chabudai.game.tables.kit.hint import HINT_HELP
from chabudai.game.tables.kit.overlays import HISTORY_HELP
from chabudai.i18n import N_, _, join_names, ngettext

# A finishing place in a round, by place (translated where shown: ``_(ORDINALS[i])``).
ORDINALS = (
    # Translators: a finishing place in a Nanatoridori round (first out)
    N_("1st"),
    # Translators: a finishing place in a Nanatoridori round
    N_("2nd"),
    # Translators: a finishing place in a Nanatoridori round
    N_("3rd"),
    # Translators: a finishing place in a Nanatoridori round
    N_("4th"),
    # Translators: a finishing place in a Nanatoridori round
    N_("5th"),
    # Translators: a finishing place in a Nanatoridori round
    N_("6th"),
)
# What waits to be placed into a hand (the Discard button's note, what another player places).
WAITING = {
    # Translators: what waits to be placed: the set just beaten, taken by its beater
    "take": N_("the beaten set"),
    # Translators: what waits to be placed: the card drawn on a pass
    "draw": N_("the drawn card"),
    # Translators: what waits to be placed: a duel reserve card spent on a pass
    "reserve": N_("the reserve card"),
}
# What another player places now, by what waits.
PLACES = {
    "take": N_("{name} places the beaten set"),
    "draw": N_("{name} places the drawn card"),
    "reserve": N_("{name} places the reserve card"),
}
PLACES_CARD = N_("{name} places a card")

HELP_RULES = N_("""Play ever bigger sets and be rid of your cards first. You may never rearrange your hand: a set is a block of equal cards side by side in it.

Your turn: beat the set in the middle or pass. More cards beat fewer; with as many cards the higher number wins. An empty middle: lead any set. To play, click the first card of a glowing block, move along it and click its last card (or the same card again, or Play).

Beat a set and you take it into any gap of your hand (glue it to equal cards to grow a set) or discard it. When all the others have passed, the set is cleared and its owner leads. Other hands show what the table knows: taken sets face up, a dot where a drawn card went. Click the discard pile to count it.""")

HELP_STANDARD = N_(
    """Pass: draw the top card and put it into a gap, or discard it. The last player still holding cards loses the round."""
)

HELP_DUEL = N_(
    """Duel: 11 cards each and two face-up reserve cards, no draw pile. Click reserve cards of your set's number to add them to a play. To pass, click a reserve card, then Pass, and put it into a gap or discard it; one pass clears the set. With no reserve card you must play, and if you cannot you are eliminated. The first to empty their hand wins the round."""
)

HELP_BASIC = N_(
    """Basic scoring: the round's loser loses a penguin. Whoever loses their second penguin loses the game; everyone else wins."""
)

HELP_ADVANCED = N_(
    """Advanced scoring: first out 4 points, the loser 0, everyone else 2. At 10 points the game ends: {win}."""
)

HELP_KEYS = N_(
    """Keys: arrows or Tab move between glowing cards and gaps, Enter clicks, Backspace or a right click drops a pick, H hint, F1 help, Esc leave."""
)


def help_text(options: dict[str, Any], duel: bool) -> str:
    """The how-to-play text for these options: the rules, the pass or the duel (§8), the scoring
    in play (N-23 / N-24, N-25), the keys."""
    parts = [_(HELP_RULES), _(HELP_DUEL if duel else HELP_STANDARD)]
    if options.get("scoring") == "advanced":
        win = (
            _("only the highest total wins")
            if options.get("advanced_win") == "highest"
            else _("everyone at 10 or more wins")
        )
        parts.append(_(HELP_ADVANCED).format(win=win))
    else:
        parts.append(_(HELP_BASIC))
    parts += [_(HELP_KEYS), "", _(HISTORY_HELP), "", _(HINT_HELP)]
    return "\n".join(parts)


def ordinal(place: int) -> str:
    """A finishing place (1 = first out) in the current language: "1st", "2nd" …"""
    return _(ORDINALS[place - 1]) if 1 <= place <= len(ORDINALS) else str(place)


def standing(entry: dict[str, Any], players: int) -> list[tuple[int, str]]:
    """A round's seats in finishing order with their place ("1st", "2nd" …), then the loser
    ("last", or "eliminated" in the duel, N-30, whose other player "wins")."""
    loser = entry["loser"]
    order = [s for s in entry["finish"] if s != loser]
    rows = [(s, ordinal(i + 1)) for i, s in enumerate(order)]
    # Translators: the round summary's place column: the duel's other player wins the round
    rows += [(s, _("wins")) for s in range(players) if s not in order and s != loser]
    eliminated = entry.get("how") == "eliminated"
    # Translators: the round summary's place column: the round's loser
    last = _("last")
    if eliminated:
        # Translators: the round summary's place column: could neither play nor pass
        last = _("eliminated")
    return [*rows, (loser, last)]


def result_sheet(result: dict[str, Any], name_of: Callable[[int | None], str]) -> ResultSheet:
    """Each round's outcome: penguins left, the loser's marked (basic, N-23), or the points
    scored (advanced, N-24); the note names who went out first, or who was eliminated (N-30)."""
    rounds = result.get("rounds", [])
    advanced = any("points" in entry for entry in rounds)
    rows = []
    for entry in rounds:
        loser = entry["loser"]
        if entry.get("how") == "eliminated":
            # Translators: the score sheet's note: this player was eliminated in the duel
            note = _("{name} eliminated").format(name=name_of(loser))
        elif entry.get("finish") and not advanced:  # the points show the first out
            # Translators: the score sheet's note: this player went out first
            note = _("{name} out first").format(name=name_of(entry["finish"][0]))
        else:
            note = ""
        if advanced:
            cells = [f"+{p}" if p else "0" for p in entry["points"]]
        else:
            cells = [
                f"{left}" + (" (−1)" if seat == loser else "")
                for seat, left in enumerate(entry["penguins"])
            ]
        rows.append((str(entry["round"]), cells, note))
    scores = result.get("scores", [])
    winners = result.get("winners", [])
    names = join_names([name_of(w) for w in winners])
    totals = [str(s) for s in scores]
    if advanced:
        footer = ngettext(
            "10 points reached: {names} wins", "10 points reached: {names} win", len(winners)
        ).format(names=names)
        # Translators: the Nanatoridori score sheet's last row (advanced scoring)
        return ResultSheet(N_("Round"), rows, totals, N_("Points"), footer)
    lost = [s for s, left in enumerate(scores) if left <= 0]
    footer = ""
    if lost:
        footer = _("{name} lost both penguins: everyone else wins").format(name=name_of(lost[0]))
    # Translators: the Nanatoridori score sheet's last row (basic scoring)
    return ResultSheet(N_("Round"), rows, totals, N_("Penguins left"), footer)
