"""Round scoring, game end and winners (R-22 to R-26, option ``announcements``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from chabudai.engines.nar.cards import PENALTY

GO_OUT = 10
LOSING_TOTAL = -80
PLUS10_TO_END = 6


@dataclass(frozen=True)
class RoundScore:
    """One round's result per seat: ``base`` (R-22), ``points`` (after announcements) and whether
    the seat earned a "+10 result" (R-22: only an unfooled empty hand counts, R-25 notes)."""

    base: list[int]
    points: list[int]
    plus10: list[bool]


def base_score(hand: Sequence[str], fooled: bool) -> int:
    """R-22: +10 for an empty hand not fooled in the final trick, 0 if fooled, else minus the
    values left (each 1 counts 5)."""
    if not hand:
        return 0 if fooled else GO_OUT
    return -sum([PENALTY[card] for card in hand])


def round_score(
    hands: Sequence[Sequence[str]],
    final_fools: Sequence[int],
    declared: Sequence[bool] | None = None,
) -> RoundScore:
    """Score a finished round (R-22), with the 1995 announcement bonus when ``declared`` is given.

    Option ``announcements``: a declarer who scores +10 gets 10 + 10 + 5 × (other declarers);
    any other declarer gets double their R-22 result (so 0 stays 0). The +10 result still counts
    toward R-25 for a successful declarer.
    """
    fooled = set(final_fools)
    base = [base_score(hand, seat in fooled) for seat, hand in enumerate(hands)]
    plus10 = [b == GO_OUT for b in base]
    points = list(base)
    if declared:
        declarers = sum(1 for d in declared if d)
        for seat, did in enumerate(declared):
            if did:
                if plus10[seat]:
                    points[seat] = GO_OUT + GO_OUT + 5 * (declarers - 1)
                else:
                    points[seat] = 2 * base[seat]
    return RoundScore(base=base, points=points, plus10=plus10)


def game_over_standard(scores: Sequence[int], plus10: Sequence[int]) -> bool:
    """R-25: a total of −80 or lower, or a player with six or more +10 results."""
    return any(s <= LOSING_TOTAL for s in scores) or any(n >= PLUS10_TO_END for n in plus10)


def winners(scores: Sequence[int]) -> list[int]:
    """R-26: the highest total wins; tied players share the win."""
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


__all__ = [
    "GO_OUT",
    "LOSING_TOTAL",
    "PLUS10_TO_END",
    "RoundScore",
    "base_score",
    "game_over_standard",
    "round_score",
    "winners",
]
