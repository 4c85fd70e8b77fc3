"""What the Koi-Koi table tells about yaku, as pure functions on the engine's yaku table
(:func:`chabudai.engines.koikoi.yaku.yaku_table`): the cards of a pile that made each yaku (the deal
summary), how far a pile is toward each (the yaku table on demand), a Stop's multipliers and the
how-to-play text — always with the values of the table's own ruleset (``cardavia``: K-19 to
K-26, ``nintendo``: K-37 to K-42).

Nothing here draws: the view turns these rows into pictures. The texts are in the current
language (the engine's yaku names, rules and notes are msgids: ``_()`` here).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from chabudai.engines.koikoi.cards import CARDS, SAKE_CUP
from chabudai.engines.koikoi.scoring import stop_multiplier
from chabudai.engines.koikoi.yaku import Multiplier, YakuRow, YakuTable, yaku_table
from chabudai.game.tables.kit.hint import HINT_HELP
from chabudai.game.tables.kit.overlays import HISTORY_HELP
from chabudai.i18n import N_, _, ngettext

# A growing yaku's extra points, by the card type each further card is of.
PLUS_WORDS = {
    # Translators: the yaku table: a yaku that scores {n} more for each further Animal card
    "animal": N_("+{n} per further Animal"),
    # Translators: the yaku table: a yaku that scores {n} more for each further Ribbon card
    "ribbon": N_("+{n} per further Ribbon"),
    # Translators: the yaku table: a yaku that scores {n} more for each further Plain card
    "plain": N_("+{n} per further Plain"),
}
# The rulesets' names, as the game options call them (msgids: translated where shown).
RULESETS = {"cardavia": N_("Cardavia"), "nintendo": N_("Nintendo")}


def ruleset_name(ruleset: str) -> str:
    """A ruleset's name in the player's language, as the setup screen says it."""
    return _(RULESETS.get(ruleset, RULESETS["cardavia"]))


def table_for(options: dict[str, Any]) -> YakuTable:
    """The yaku table of a table's ``options`` (its ruleset and ``sake_cup_plain``)."""
    return yaku_table(options.get("ruleset", "cardavia"), options.get("sake_cup_plain", True))


# ---------------------------------------------------------------------- texts


def points_words(points: int) -> str:
    """``"1 point"``, ``"6 points"``."""
    return ngettext("{n} point", "{n} points", points).format(n=points)


def yaku_name(name: str) -> str:
    """A yaku's name (the engine's English, a msgid) in the current language."""
    return _(name)


def plus_text(row: YakuRow) -> str:
    """``"+1 per further Ribbon"`` for a yaku that grows, else ``""``."""
    return _(PLUS_WORDS[row.plus_of]).format(n=row.plus) if row.plus else ""


def cards_of(row: YakuRow, pile: Iterable[int]) -> list[int]:
    """The cards of ``pile`` that make (or count toward) ``row``'s yaku, in id order."""
    held = set(pile)
    cards = held & set(row.pool)
    if row.plus_of:
        cards |= {c for c in held if CARDS[c].type == row.plus_of}
    if row.plus_of == "plain" and SAKE_CUP in row.pool and SAKE_CUP in held:
        cards.add(SAKE_CUP)
    return sorted(cards)


def progress_of(row: YakuRow, pile: Iterable[int]) -> tuple[int, int]:
    """``(have, need)``: the pile's cards that can be part of the row's yaku, and how many it
    takes (``(0, 0)`` for a dealt-hand yaku)."""
    if row.kind == "hand":
        return 0, 0
    return len(set(pile) & set(row.pool)), len(row.cards)


def stop_breakdown(
    table: YakuTable, base: int, opponent_called: bool
) -> tuple[list[Multiplier], int]:
    """The multipliers of ``table`` that apply to a Stop with ``base`` points (K-42), and the
    points it scores."""
    applied = [
        m
        for m in table.multipliers
        if (m.id == "seven" and base >= 7) or (m.id == "koikoi" and opponent_called)
    ]
    return applied, base * stop_multiplier(base, table.ruleset, opponent_called)


HELP_MONTHS = N_(
    "Every month (1-12) has four cards; the small number in each card's corner is its month."
)
HELP_TURN = N_(
    "Your turn: play a card from your hand. A board card of the same month is captured with "
    "it; if two match, click the one you want. Then the top card of the stock is turned "
    "over and matched the same way."
)
# Translators: {rules} is Cardavia or Nintendo; {yaku} lists yaku with their points
HELP_YAKU = N_(
    "Captures build yaku ({rules} rules): {yaku}. Four or five Brights score more. Press Y "
    "for the full yaku table."
)
# Translators: the counted yaku of the help page, after the sets
HELP_COUNTED = N_("five Animals 1, five Ribbons 1, ten Plains 1 (+1 for each more)")
HELP_NINTENDO = N_(
    "Boar-Deer-Butterflies takes the place of Animals, and the ribbon sets the place of "
    "Ribbons. A Stop with 7 or more points scores ×2, and ×2 again if the other player "
    "called Koi-Koi."
)
HELP_DECIDE = N_(
    "When your score rises, choose: Stop and bank it, or call Koi-Koi and play on for more. "
    "If the other player stops first, you score nothing. If the cards run out before anyone "
    "stops, the deal is drawn and nobody scores: a koi-koi caller loses the points they held."
)
HELP_KEYS = N_(
    "Glowing cards are the ones you can click. Keys: arrows or Tab pick a card, Enter plays "
    "it, Y shows the yaku, H a hint, F1 this help, Esc closes it (or leaves the table)."
)


def help_text(options: dict[str, Any]) -> str:
    """How to play Koi-Koi in the current language, with the yaku values of the table's
    ruleset (``options``): each paragraph its own message, joined here."""
    ruleset = options.get("ruleset", "cardavia")
    rows = {row.id: row for row in table_for(options).rows}

    def value(yaku_id: str) -> str:
        row = rows[yaku_id]
        return f"{yaku_name(row.name)} {row.points}" + (f" (+{row.plus})" if row.plus else "")

    sets = ["sanko", "inoshikacho", "akatan", "aotan"]
    if ruleset == "nintendo":
        sets[1:1] = ["hanami", "tsukimi"]
        sets.append("akatan_aotan")
    listed = [value(y) for y in sets] + [_(HELP_COUNTED)]
    yaku = _(HELP_YAKU).format(rules=ruleset_name(ruleset), yaku=_(", ").join(listed))
    paragraphs = [_(HELP_MONTHS), _(HELP_TURN), yaku]
    if ruleset == "nintendo":
        paragraphs.append(_(HELP_NINTENDO))
    paragraphs += [_(HELP_DECIDE), _(HELP_KEYS), _(HISTORY_HELP), _(HINT_HELP)]
    return "\n\n".join(paragraphs)
