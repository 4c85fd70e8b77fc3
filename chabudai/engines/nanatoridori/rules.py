"""Pure Nanatoridori rules on plain data (rules/nanatoridori.md §1, §3, §7).

A set is written ``(count, value)``; a hand is a list of values (index 0 = leftmost card).
"""

from __future__ import annotations

from collections.abc import Sequence

VALUES = tuple(range(1, 8))  # N-1
COPIES = 9  # N-1
DECK: tuple[int, ...] = tuple(v for v in VALUES for _ in range(COPIES))  # 63 cards
HAND_SIZE = 8  # N-5
DUEL_HAND_SIZE = 11  # N-27
DUEL_RESERVE = 2  # N-27
MAX_DUEL_RESERVE_IN_PLAY = 2  # N-28
PENGUINS = 2  # N-2
FIRST_OUT_POINTS = 4  # N-24
OTHER_POINTS = 2  # N-24
TARGET_POINTS = 10  # N-25


def beats(a: Sequence[int], b: Sequence[int]) -> bool:
    """N-10: True when set ``a`` beats set ``b`` (each ``(count, value)``).

    More cards win; equal counts compare values; an identical set does not beat.
    """
    return a[0] > b[0] or (a[0] == b[0] and a[1] > b[1])


def blocks(hand: Sequence[int]) -> tuple[list[int], list[int]]:
    """The lengths and the values of the maximal blocks of equal adjacent cards, left to right."""
    lengths: list[int] = []
    values: list[int] = []
    prev = None
    for v in hand:
        if v == prev:
            lengths[-1] += 1
        else:
            lengths.append(1)
            values.append(v)
            prev = v
    return lengths, values


def runs(hand: Sequence[int]) -> list[tuple[int, int, int]]:
    """The maximal blocks of equal adjacent cards as ``(start, length, value)``, left to right."""
    out: list[tuple[int, int, int]] = []
    start = 0
    for length, value in zip(*blocks(hand), strict=True):
        out.append((start, length, value))
        start += length
    return out


def sets_in(hand: Sequence[int]) -> list[tuple[int, int, int]]:
    """N-9: every playable set ``(start, length, value)``, including parts of longer runs.

    Ordered by start, then length.
    """
    out: list[tuple[int, int, int]] = []
    for start, length, value in runs(hand):
        end = start + length
        for s in range(start, end):
            for k in range(1, end - s + 1):
                out.append((s, k, value))
    return out


def is_set(hand: Sequence[int], start: int, length: int) -> bool:
    """N-9: True if ``hand[start:start+length]`` is a non-empty block of one value."""
    if length < 1 or start < 0 or start + length > len(hand):
        return False
    v = hand[start]
    return all(hand[i] == v for i in range(start + 1, start + length))


def plays(
    hand: Sequence[int], area: Sequence[int] | None, reserve: Sequence[int] = ()
) -> list[tuple[int, int, int]]:
    """N-12 / N-28: the legal plays ``(start, length, extra)`` against the current set ``area``.

    ``extra`` is how many reserve cards (duel only, N-28) of the block's value join the play:
    0 to ``min(2, copies in reserve)``. ``area`` is ``None`` when the play area is empty (any
    set is legal, N-12). Ordered by start, length, extra.
    """
    out: list[tuple[int, int, int]] = []
    c0, v0 = (area[0], area[1]) if area is not None else (0, 0)
    n = len(hand)
    i = 0
    while i < n:
        value = hand[i]
        j = i + 1
        while j < n and hand[j] == value:
            j += 1
        # The fewest cards that beat the area with this value (N-10).
        need = c0 if value > v0 else c0 + 1
        top = min(MAX_DUEL_RESERVE_IN_PLAY, reserve.count(value)) if reserve else 0
        if top == 0:
            shortest = max(1, need)
            for s in range(i, j):
                for k in range(shortest, j - s + 1):
                    out.append((s, k, 0))
        else:
            for s in range(i, j):
                for k in range(1, j - s + 1):
                    for extra in range(top + 1):
                        if k + extra >= need:
                            out.append((s, k, extra))
        i = j
    return out


def count_plays(
    lengths: Sequence[int],
    values: Sequence[int],
    area: Sequence[int] | None,
    reserve: Sequence[int] = (),
) -> int:
    """How many plays :func:`plays` lists, from the hand's :func:`blocks`.

    Per block of ``length`` cards: every part of ``k`` cards (``length - k + 1`` of them) with
    every reserve count ``extra`` such that ``k + extra`` beats the area (N-10, N-12, N-28).
    """
    c0, v0 = (area[0], area[1]) if area is not None else (0, 0)
    total = 0
    for i, length in enumerate(lengths):  # faster than zip(..., strict=False)
        value = values[i]
        need = c0 if value > v0 else c0 + 1
        top = min(MAX_DUEL_RESERVE_IN_PLAY, reserve.count(value)) if reserve else 0
        if top == 0:
            m = length - (need if need > 1 else 1) + 1  # how many part lengths beat the area
            if m > 0:
                total += m * (m + 1) // 2
        else:
            for k in range(1, length + 1):
                extras = top + 1 - max(0, need - k)
                if extras > 0:
                    total += (length - k + 1) * extras
    return total


def can_play(hand: Sequence[int], area: Sequence[int] | None, reserve: Sequence[int] = ()) -> bool:
    """True if some set of ``hand`` (plus reserve cards, N-28) beats ``area``."""
    if area is None:
        return bool(hand)
    c0, v0 = area[0], area[1]
    for _, length, value in runs(hand):
        count = length + (min(MAX_DUEL_RESERVE_IN_PLAY, reserve.count(value)) if reserve else 0)
        if count > c0 or (count == c0 and value > v0):
            return True
    return False


def round_points(players: int, finish: Sequence[int], loser: int) -> list[int]:
    """N-24 / N-32 advanced scoring for one round.

    The first player out scores 4, the loser 0, everyone else 2. After a duel elimination (N-30)
    nobody went out: the other player is the winner and scores 4.
    """
    first = finish[0] if finish else 1 - loser
    points = [OTHER_POINTS] * players
    points[first] = FIRST_OUT_POINTS
    points[loser] = 0
    return points


def advanced_over(totals: Sequence[int]) -> bool:
    """N-25: the game ends after a round in which someone reached 10 points."""
    return max(totals) >= TARGET_POINTS


def advanced_winners(totals: Sequence[int], rule: str) -> list[int]:
    """N-25: ``highest`` — the highest total(s) win; ``all_at_10`` — every total of 10+ wins."""
    if rule == "all_at_10":
        return [s for s, t in enumerate(totals) if t >= TARGET_POINTS]
    best = max(totals)
    return [s for s, t in enumerate(totals) if t == best]


def basic_winners(players: int, loser: int) -> list[int]:
    """N-23: when a player loses their last penguin, every other player wins."""
    return [s for s in range(players) if s != loser]
