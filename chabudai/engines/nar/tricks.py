"""Resolving a trick (R-12, R-14 to R-18): the lead colour, the winner and the Fools.

Pure functions on ``(seat, card)`` pairs in play order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chabudai.engines.nar.cards import CARD_INFO, COLOURS, deck_row, parse


def lead_colour(cards: Sequence[str]) -> str | None:
    """R-12: the colour of the first coloured card, or None (no card yet, or only 1s)."""
    for card in cards:
        colour = parse(card)[0]
        if colour:
            return colour
    return None


def order_number(lead: str | None, colour: str, value: int) -> int:
    """A card's place in the R-16 order under ``lead``, without the play order: ``(1 if a lead
    card else 0) * 64 + value``, so a lower number is a worse card. With no lead colour yet
    (None) every card counts as a lead card: a coloured one sets the lead (R-12), a 1 (colour
    ``""``) always is one (R-14)."""
    return value if lead and colour and colour != lead else 64 + value


# order_number of every card, per lead colour (the engine's and the bots' fast path).
ORDER_NUMBERS: dict[str | None, dict[str, int]] = {
    lead: {card: order_number(lead, *info) for card, info in CARD_INFO.items()}
    for lead in (None, *COLOURS)
}


def worst_first(plays: Sequence[tuple[int, str]]) -> list[int]:
    """The seats of ``plays`` ordered from the worst card to the best (R-16, R-18).

    Sort key, ascending = worse: ``(0 if off-colour else 1, value, -order)``, where a 1 is a lead
    card of value 1 (R-14) and ``order`` is the position in the trick (0 = the leader's card).
    Raises ``ValueError`` for a string that is not a card code.
    """
    lead = lead_colour([card for _, card in plays])
    return _ranked(plays, {card: order_number(lead, *parse(card)) for _, card in plays})


def trick_outcome(
    plays: Sequence[Sequence[Any]], lead: str | None, fools: int
) -> tuple[int, list[int]]:
    """:func:`resolve_trick` for a known lead colour and cards of the deck (the engine's path):
    ``(winner_seat, fool_seats)``, the ``fools`` worst first (R-15 to R-17)."""
    keys = _keys(plays, ORDER_NUMBERS[lead])
    return keys[-1] & 7, [key & 7 for key in keys[:fools]]


def _ranked(plays: Sequence[Sequence[Any]], numbers: dict[str, int]) -> list[int]:
    """The seats of ``plays`` from the worst card to the best under the R-16 ``numbers``."""
    return [key & 7 for key in _keys(plays, numbers)]


def _keys(plays: Sequence[Sequence[Any]], numbers: dict[str, int]) -> list[int]:
    """The R-16 key packed into one integer per card, ``seat`` in the lowest bits:
    ``(order number * 16 + 15 - order) * 8 + seat``, sorted, so the worst card comes first."""
    keys = [
        (numbers[card] * 16 + 15 - order) * 8 + seat for order, (seat, card) in enumerate(plays)
    ]
    keys.sort()
    return keys


def fools_per_trick(players: int, fools_at_7: int = 2) -> int:
    """R-17: one Fool with 4–6 players, two with 7–8 (7 players: option ``fools_at_7``)."""
    if players == 7:
        return fools_at_7
    return deck_row(players).fools


def resolve_trick(
    plays: Sequence[tuple[int, str]], players: int, fools: int | None = None
) -> tuple[int, list[int]]:
    """``(winner_seat, fool_seats)`` of a complete trick (R-15 to R-18).

    ``plays`` lists ``(seat, card_code)`` in the order played. The winner holds the highest lead
    card, the earliest-played on a tie (R-15) — which is exactly the best card of the R-16 order.
    ``fool_seats`` lists the players of the worst card(s), the worst first: one with 4–6 players,
    two with 7–8 (R-17), or ``fools`` if given (e.g. ``fools_at_7=1``).
    """
    if not plays:
        raise ValueError("a trick needs at least one card")
    count = fools_per_trick(players) if fools is None else fools
    ranked = worst_first(plays)
    if len(ranked) <= count:
        raise ValueError(f"a trick of {len(ranked)} card(s) cannot have {count} Fool(s)")
    return ranked[-1], ranked[:count]


__all__ = [
    "ORDER_NUMBERS",
    "order_number",
    "fools_per_trick",
    "lead_colour",
    "resolve_trick",
    "trick_outcome",
    "worst_first",
]
