"""The 60 animal cards as data (M-1 to M-3, §9) and card rotation (M-15).

The card list lives in ``cards.txt`` next to this module (a copy of ``rules/nimalia-cards.txt``:
one line ``N: TL TR BL BR`` per card), read on first use and never at import time.

A *space code* is what the cards file prints for one space: an animal code (``"CRO"``, ``"LIO"``,
...) or an otter ``"OTT/<land>/<river>"`` with land ``S``/``J``/``I`` and river ``U``/``D``
(e.g. ``"OTT/J/D"``). Terrains are coded ``L`` (lake), ``S`` (savanna), ``J`` (jungle) and
``I`` (ice).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

TERRAINS = ("L", "S", "J", "I")
TERRAIN_NAMES = {"L": "lake", "S": "savanna", "J": "jungle", "I": "ice"}

# M-2: native animals and their terrain; the otter's terrain is its land.
NATIVE_TERRAIN = {
    "CRO": "L",
    "FLA": "L",
    "LIO": "S",
    "GIR": "S",
    "GOR": "J",
    "PAN": "J",
    "BEA": "I",
    "PEN": "I",
}
OTTER = "OTT"
ANIMALS = (*NATIVE_TERRAIN, OTTER)  # the 9 animal types (M-2)
ANIMAL_NAMES = {
    "CRO": "crocodile",
    "FLA": "flamingo",
    "LIO": "lion",
    "GIR": "giraffe",
    "GOR": "gorilla",
    "PAN": "panda",
    "BEA": "polar bear",
    "PEN": "penguin",
    "OTT": "otter",
}
OTTER_LANDS = ("S", "J", "I")  # M-2: never LAKE
RIVERS = ("U", "D")  # M-3

CARD_IDS = tuple(range(1, 61))

Quads = tuple[str, str, str, str]  # (TL, TR, BL, BR)


@dataclass(frozen=True)
class Space:
    """One visible space: its animal, its (land) terrain and its river (otters only, M-3)."""

    code: str
    animal: str
    terrain: str
    river: str | None


@functools.cache
def parse_space(code: str) -> Space:
    """The :class:`Space` of a space code; ``ValueError`` for anything else."""
    if not isinstance(code, str):
        raise ValueError(f"a space code is a string such as 'CRO' or 'OTT/J/D', not {code!r}")
    if code in NATIVE_TERRAIN:
        return Space(code, code, NATIVE_TERRAIN[code], None)
    parts = code.split("/")
    if len(parts) == 3 and parts[0] == OTTER and parts[1] in OTTER_LANDS and parts[2] in RIVERS:
        return Space(code, OTTER, parts[1], parts[2])
    raise ValueError(
        f"unknown space code {code!r}; expected one of {', '.join(NATIVE_TERRAIN)} "
        "or OTT/<S|J|I>/<U|D>"
    )


class _SpaceField(dict):
    """Space code → one field of its :class:`Space`, filled on first look-up (a plain dict
    read in the scoring hot loops; an unknown code still raises :func:`parse_space`'s error)."""

    def __init__(self, field: str) -> None:
        super().__init__()
        self.field = field

    def __missing__(self, code: str) -> str | None:
        value = getattr(parse_space(code), self.field)
        self[code] = value
        return value


ANIMAL_OF: dict[str, str] = _SpaceField("animal")
TERRAIN_OF: dict[str, str] = _SpaceField("terrain")
RIVER_OF: dict[str, str | None] = _SpaceField("river")


@functools.cache
def cards() -> dict[int, Quads]:
    """Card id (1–60) → its four space codes unrotated, (TL, TR, BL, BR) (§9)."""
    text = resources.files(__package__).joinpath("cards.txt").read_text(encoding="utf-8")
    table: dict[int, Quads] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        head, _, rest = line.partition(":")
        codes = rest.split()
        if not head.strip().isdigit() or len(codes) != 4:
            raise ValueError(f"cards.txt line {number}: expected 'N: TL TR BL BR', got {line!r}")
        for code in codes:
            parse_space(code)
        table[int(head)] = (codes[0], codes[1], codes[2], codes[3])
    if sorted(table) != list(CARD_IDS):
        raise ValueError("cards.txt must list cards 1 to 60 exactly once")
    return table


def swap_river(code: str) -> str:
    """M-15: a quarter turn swaps a river between U and D."""
    space = parse_space(code)
    if space.river is None:
        return code
    return f"{OTTER}/{space.terrain}/{'D' if space.river == 'U' else 'U'}"


def rotate_quads(quads: Quads, turns: int) -> Quads:
    """``quads`` turned ``turns`` quarter turns clockwise (M-15)."""
    tl, tr, bl, br = quads
    for _ in range(turns % 4):
        tl, tr, bl, br = swap_river(bl), swap_river(tl), swap_river(br), swap_river(tr)
    return (tl, tr, bl, br)


@functools.cache
def rotated(card: int, rot: int) -> Quads:
    """Card ``card`` after ``rot`` quarter turns clockwise, as (TL, TR, BL, BR) (M-15)."""
    return rotate_quads(cards()[card], rot)


def card_cells(card: int, rot: int, row: int, col: int) -> tuple[tuple[tuple[int, int], str], ...]:
    """The four ``((row, col), code)`` a card covers at anchor ``(row, col)`` (M-14, M-15)."""
    tl, tr, bl, br = rotated(card, rot)
    return (
        ((row, col), tl),
        ((row, col + 1), tr),
        ((row + 1, col), bl),
        ((row + 1, col + 1), br),
    )


__all__ = [
    "ANIMALS",
    "ANIMAL_OF",
    "ANIMAL_NAMES",
    "CARD_IDS",
    "NATIVE_TERRAIN",
    "OTTER",
    "RIVER_OF",
    "TERRAINS",
    "TERRAIN_NAMES",
    "TERRAIN_OF",
    "Space",
    "card_cells",
    "cards",
    "parse_space",
    "rotate_quads",
    "rotated",
    "swap_river",
]
