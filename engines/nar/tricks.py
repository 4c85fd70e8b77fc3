"""Resolving a trick (R-12, R-14 to R-18): the lead colour, the winner and the Fools.

Pure functions on ``(seat, card)`` pairs in play order.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.nar.cards import deck_row, parse


def lead_colour(cards: Sequence[str]) -> str | None:
    """R-12: the colour of the first coloured card, or None (no card yet, or only 1s)."""
    for card in cards:
        colour = parse(card)[0]
        if colour:
            return colour
    return None


def worst_first(plays: Sequence[tuple[int, str]]) -> list[int]:
    """The seats of ``plays`` ordered from the worst card to the best (R-16, R-18).

    Sort key, ascending = worse: ``(0 if off-colour else 1, value, -order)``, where a 1 is a lead
    card of value 1 (R-14) and ``order`` is the position in the trick (0 = the leader's card).
    """
    lead = lead_colour([card for _, card in plays])
    keyed = []
    for order, (seat, card) in enumerate(plays):
        colour, value = parse(card)
        is_lead = not colour or colour == lead
        keyed.append(((1 if is_lead else 0, value, -order), seat))
    keyed.sort()
    return [seat for _, seat in keyed]


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


__all__ = ["fools_per_trick", "lead_colour", "resolve_trick", "worst_first"]
