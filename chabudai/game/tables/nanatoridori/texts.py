"""What the Nanatoridori table says in words (pure): the how-to-play text for the options in play,
the move log's lines, the round's standing and the results screen's sheet."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chabudai.game.tables.base import ResultSheet
from chabudai.game.tables.kit.hint import HINT_HELP
from chabudai.game.tables.kit.overlays import HISTORY_HELP

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
WAITING = {"take": "the beaten set", "draw": "the drawn card", "reserve": "the reserve card"}

HELP_RULES = """Play ever bigger sets and be rid of your cards first. You may never rearrange your hand: a set is a block of equal cards side by side in it.

Your turn: beat the set in the middle or pass. More cards beat fewer; with as many cards the higher number wins. An empty middle: lead any set. To play, click the first card of a glowing block, move along it and click its last card (or the same card again, or Play).

Beat a set and you take it into any gap of your hand (glue it to equal cards to grow a set) or discard it. When all the others have passed, the set is cleared and its owner leads. Other hands show what the table knows: taken sets face up, a dot where a drawn card went. Click the discard pile to count it."""

HELP_STANDARD = """Pass: draw the top card and put it into a gap, or discard it. The last player still holding cards loses the round."""

HELP_DUEL = """Duel: 11 cards each and two face-up reserve cards, no draw pile. Click reserve cards of your set's number to add them to a play. To pass, click a reserve card, then Pass, and put it into a gap or discard it; one pass clears the set. With no reserve card you must play, and if you cannot you are eliminated. The first to empty their hand wins the round."""

HELP_BASIC = """Basic scoring: the round's loser loses a penguin. Whoever loses their second penguin loses the game; everyone else wins."""

HELP_ADVANCED = """Advanced scoring: first out 4 points, the loser 0, everyone else 2. At 10 points the game ends: {win}."""

HELP_KEYS = """Keys: arrows or Tab move between glowing cards and gaps, Enter clicks, Backspace or a right click drops a pick, H hint, F1 help, Esc leave."""


def help_text(options: dict[str, Any], duel: bool) -> str:
    """The how-to-play text for these options: the rules, the pass or the duel (§8), the scoring
    in play (N-23 / N-24, N-25), the keys."""
    parts = [HELP_RULES, HELP_DUEL if duel else HELP_STANDARD]
    if options.get("scoring") == "advanced":
        win = (
            "only the highest total wins"
            if options.get("advanced_win") == "highest"
            else "everyone at 10 or more wins"
        )
        parts.append(HELP_ADVANCED.format(win=win))
    else:
        parts.append(HELP_BASIC)
    parts += [HELP_KEYS, "", HISTORY_HELP, "", HINT_HELP]
    return "\n".join(parts)


def standing(entry: dict[str, Any], players: int) -> list[tuple[int, str]]:
    """A round's seats in finishing order with their place ("1st", "2nd" …), then the loser
    ("last", or "eliminated" in the duel, N-30, whose other player "wins")."""
    loser = entry["loser"]
    order = [s for s in entry["finish"] if s != loser]
    rows = [(s, ORDINALS[i]) for i, s in enumerate(order)]
    rows += [(s, "wins") for s in range(players) if s not in order and s != loser]
    return [*rows, (loser, "eliminated" if entry.get("how") == "eliminated" else "last")]


def result_sheet(result: dict[str, Any], name_of: Callable[[int | None], str]) -> ResultSheet:
    """Each round's outcome: penguins left, the loser's marked (basic, N-23), or the points
    scored (advanced, N-24); the note names who went out first, or who was eliminated (N-30)."""
    rounds = result.get("rounds", [])
    advanced = any("points" in entry for entry in rounds)
    rows = []
    for entry in rounds:
        loser = entry["loser"]
        if entry.get("how") == "eliminated":
            note = f"{name_of(loser)} eliminated"
        elif entry.get("finish") and not advanced:  # the points show the first out
            note = f"{name_of(entry['finish'][0])} out first"
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
    names = ", ".join(name_of(w) for w in winners)
    if advanced:
        footer = f"10 points reached: {names} win{'s' if len(winners) == 1 else ''}"
        return ResultSheet("Round", rows, [str(s) for s in scores], "Points", footer)
    lost = [s for s, left in enumerate(scores) if left <= 0]
    footer = f"{name_of(lost[0])} lost both penguins: everyone else wins" if lost else ""
    return ResultSheet("Round", rows, [str(s) for s in scores], "Penguins left", footer)
