"""The 22 objectives as data (M-4), their selection (M-7) and the scoring schedule (M-26)."""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import dataclass

from chabudai.i18n import N_

COLOURS = ("blue", "green", "yellow", "red")  # M-7; the scoring order of rounds 1-4 (M-27)
# Each objective colour's name in English (the command line; players read describe.nimalia_colour).
COLOUR_NAMES = {
    "blue": "Blue",
    "green": "Green",
    "yellow": "Yellow",
    "red": "Red",
}
GOALS_LEVELS = ("random", "easy", "difficult", "intro")


@dataclass(frozen=True)
class Objective:
    """One side of an objective card (M-4); ``card`` is the physical card 1–11. ``name`` is
    English, a msgid of the catalogues: translate it where it is shown (``_(objective.name)``).
    """

    id: int
    colour: str
    leaves: int
    name: str

    @property
    def card(self) -> int:
        return (self.id + 1) // 2


# M-4 and §7: id → (colour, leaves, name); the names as the objective cards' titles.
_TABLE = {
    1: ("yellow", 2, N_("Otter neighbours")),
    2: ("blue", 3, N_("Rivers reaching a lake")),
    3: ("blue", 1, N_("Jungle areas")),
    4: ("yellow", 1, N_("Gorillas by the lake")),
    5: ("blue", 1, N_("Largest savanna")),
    6: ("yellow", 2, N_("Savannas of four")),
    7: ("yellow", 2, N_("Ice squares")),
    8: ("green", 1, N_("Polar-bear groups")),
    9: ("blue", 3, N_("Rarest terrain")),
    10: ("yellow", 3, N_("Complete square")),
    11: ("blue", 2, N_("Rows with all terrains")),
    12: ("green", 2, N_("Horizontal pairs")),
    13: ("red", 1, N_("Few giraffes")),
    14: ("green", 2, N_("Inner flamingos")),
    15: ("yellow", 3, N_("Your longest river")),
    16: ("red", 2, N_("Longest river, compared")),
    17: ("green", 2, N_("Edge pandas")),
    18: ("red", 2, N_("Gorillas and pandas, compared")),
    19: ("green", 1, N_("Lone penguins")),
    20: ("red", 1, N_("Fewest lions, compared")),
    21: ("red", 2, N_("Crocodiles and flamingos, compared")),
    22: ("green", 2, N_("Crocodiles with giraffes")),
}

OBJECTIVES: dict[int, Objective] = {
    oid: Objective(oid, colour, leaves, name) for oid, (colour, leaves, name) in _TABLE.items()
}

# M-7 `intro`: Blue O5, Green O19, Yellow O4, Red O16 (in colour order).
INTRO = (5, 19, 4, 16)

# M-26: the colours scored after each round, in the M-27 order (the table's order: Blue, Green,
# Yellow, Red in rounds 1-4, but Blue, Red, Yellow in round 5, as the seed lists them).
SCHEDULE = {
    1: ("blue", "green"),
    2: ("green", "yellow"),
    3: ("blue", "red"),
    4: ("green", "yellow", "red"),
    5: ("blue", "red", "yellow"),
}

# M-12: rounds 1, 3, 5 pass left, rounds 2 and 4 pass right.
DIRECTIONS = {1: "left", 2: "right", 3: "left", 4: "right", 5: "left"}


def neighbour(seat: int, direction: str, players: int) -> int:
    """M-6: the left neighbour is the next seat in play order, the right one the previous."""
    return (seat + (1 if direction == "left" else -1)) % players


def _allowed(level: str, objective: Objective) -> bool:
    if level == "easy":
        return objective.leaves <= 2
    if level == "difficult":
        return objective.leaves >= 2
    return True


@functools.cache
def combinations(level: str) -> tuple[tuple[int, int, int, int], ...]:
    """Every valid objective set for ``level`` as (blue, green, yellow, red) ids (M-7)."""
    if level not in GOALS_LEVELS:
        raise ValueError(f"unknown goals_level {level!r}; allowed: {', '.join(GOALS_LEVELS)}")
    if level == "intro":
        return (INTRO,)
    pools = [
        [o.id for o in OBJECTIVES.values() if o.colour == colour and _allowed(level, o)]
        for colour in COLOURS
    ]
    valid = []
    for combo in itertools.product(*pools):
        physical = {OBJECTIVES[oid].card for oid in combo}
        if len(physical) == len(COLOURS):  # never both sides of one card
            valid.append(combo)
    return tuple(valid)


def choose_objectives(level: str, rng: random.Random) -> list[int]:
    """M-7: one objective per colour, uniformly among the valid sets; colour order."""
    return list(rng.choice(combinations(level)))


__all__ = [
    "COLOURS",
    "COLOUR_NAMES",
    "DIRECTIONS",
    "GOALS_LEVELS",
    "INTRO",
    "OBJECTIVES",
    "SCHEDULE",
    "Objective",
    "choose_objectives",
    "combinations",
    "neighbour",
]
