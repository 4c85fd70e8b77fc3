"""Dealing unseen cards under void constraints, for ``determinize`` (R-13, R-27).

A player who did not follow a colour holds none of it. Given the unseen cards, the hand size of
every other seat and the colours each seat is known to be void in, :func:`deal_constrained`
returns a random deal that respects every constraint, and always succeeds when one exists.

How: a colour nobody is void in (and the colourless 1s) can go anywhere, so only the
*constrained* colours need care. Their cards are placed one by one, each to a random allowed seat
weighted by its free room (as a plain shuffled deal would), and every placement is checked with
Hall's condition for supply and demand: for every set ``S`` of constrained colours, the cards
of ``S`` left to place must fit in the room left in the seats that may hold some colour of ``S``.
With at most four colours that is at most 15 sets, whose slack is kept up to date placement by
placement, so the check is cheap; a seat whose placement would break it is passed over and
another seat is tried. The free cards then fill the room left, shuffled.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from chabudai.engines.nar.cards import CARD_INFO, COLOURS


def _colour(card: str) -> str:
    return CARD_INFO[card][0]


def deal_constrained(
    cards: Sequence[str],
    sizes: Mapping[int, int],
    voids: Mapping[int, str],
    rng: random.Random,
) -> dict[int, list[str]]:
    """Deal ``cards`` to the seats of ``sizes`` (seat → number of cards) at random so that no seat
    gets a colour listed in ``voids[seat]`` (colour letters, e.g. ``"GB"``).

    Raises ``ValueError`` if the sizes do not add up to the cards or no consistent deal exists.
    """
    pool = list(cards)
    seats = [seat for seat in sizes if sizes[seat] > 0]
    if sum(sizes[s] for s in seats) != len(pool):
        raise ValueError(f"{len(pool)} unseen cards do not fill hands of sizes {dict(sizes)}")
    rng.shuffle(pool)
    void_of = {seat: voids.get(seat, "") for seat in seats}
    known_voids = "".join(void_of.values())
    constrained = [c for c in COLOURS if c in known_voids]
    hands: dict[int, list[str]] = {seat: [] for seat in sizes}
    room = {seat: sizes[seat] for seat in seats}
    if constrained:
        free = []
        left = dict.fromkeys(constrained, 0)
        by_colour: dict[str, list[str]] = {c: [] for c in constrained}
        for card in pool:
            colour = _colour(card)
            if colour in left:
                left[colour] += 1
                by_colour[colour].append(card)
            else:
                free.append(card)
        # Hall's condition over every non-empty set of constrained colours, as its slack: the
        # room in the seats that may hold some colour of the set less the set's cards to place.
        subsets = []  # [colours, holders, slack]
        for mask in range(1, 1 << len(constrained)):
            chosen = [c for i, c in enumerate(constrained) if mask >> i & 1]
            holders = {s for s in seats if any(c not in void_of[s] for c in chosen)}
            slack = sum(room[s] for s in holders) - sum(left[c] for c in chosen)
            subsets.append([chosen, holders, slack])
        if any(slack < 0 for _, _, slack in subsets):
            raise ValueError("no deal of the unseen cards respects the known voids")
        for colour in constrained:
            allowed = [s for s in seats if colour not in void_of[s]]
            # A card of ``colour`` placed in a seat leaves the slack of every set holding
            # ``colour`` as it was (one card less to place, one place less among its holders);
            # a set without it loses one if the seat is one of its holders.
            others = [entry for entry in subsets if colour not in entry[0]]
            for card in by_colour[colour]:
                candidates = [s for s in allowed if room[s] > 0]
                while True:
                    seat = _weighted(candidates, room, rng)
                    tighter = [entry for entry in others if seat in entry[1]]
                    if all(entry[2] > 0 for entry in tighter):
                        break
                    candidates.remove(seat)  # a feasible choice always remains
                room[seat] -= 1
                for entry in tighter:
                    entry[2] -= 1
                hands[seat].append(card)
        pool = free
    start = 0
    for seat in seats:
        take = room[seat]
        hands[seat].extend(pool[start : start + take])
        start += take
    return hands


def _weighted(candidates: list[int], room: Mapping[int, int], rng: random.Random) -> int:
    """A seat of ``candidates`` chosen with probability proportional to its free room."""
    pick = rng.randrange(sum(room[s] for s in candidates))
    for seat in candidates:
        pick -= room[seat]
        if pick < 0:
            return seat
    raise AssertionError("unreachable: pick is below the total room")


__all__ = ["deal_constrained"]
