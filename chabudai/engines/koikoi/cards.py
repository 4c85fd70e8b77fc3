"""The hanafuda deck as data (K-1 to K-4).

Card id = ``(month - 1) * 4 + k`` (K-1). Each card has one type (K-2); the sake cup (32) also
counts as a Plain when ``sake_cup_plain`` is on (K-3).
"""

from __future__ import annotations

from dataclasses import dataclass

BRIGHT_TYPE, ANIMAL_TYPE, RIBBON_TYPE, PLAIN_TYPE = "bright", "animal", "ribbon", "plain"

MONTH_PLANTS = (
    "Pine",
    "Plum",
    "Cherry",
    "Wisteria",
    "Iris",
    "Peony",
    "Bush clover",
    "Pampas grass",
    "Chrysanthemum",
    "Maple",
    "Willow",
    "Paulownia",
)


@dataclass(frozen=True)
class Card:
    """One row of the K-4 card table."""

    id: int
    name: str
    type: str
    flag: str = ""

    @property
    def month(self) -> int:
        """1..12 (K-1)."""
        return self.id // 4 + 1

    @property
    def plant(self) -> str:
        return MONTH_PLANTS[self.month - 1]


# K-4, in id order: (name, type, flag).
_TABLE = (
    ("Crane and sun", BRIGHT_TYPE, ""),
    ("Red poetry ribbon", RIBBON_TYPE, "red_poetry"),
    ("Plain", PLAIN_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
    ("Bush warbler", ANIMAL_TYPE, ""),
    ("Red poetry ribbon", RIBBON_TYPE, "red_poetry"),
    ("Plain", PLAIN_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
    ("Curtain", BRIGHT_TYPE, "curtain"),
    ("Red poetry ribbon", RIBBON_TYPE, "red_poetry"),
    ("Plain", PLAIN_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
    ("Cuckoo", ANIMAL_TYPE, ""),
    ("Red ribbon", RIBBON_TYPE, "plain_red"),
    ("Plain", PLAIN_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
    ("Eight-plank bridge", ANIMAL_TYPE, ""),
    ("Red ribbon", RIBBON_TYPE, "plain_red"),
    ("Plain", PLAIN_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
    ("Butterflies", ANIMAL_TYPE, "idc"),
    ("Blue ribbon", RIBBON_TYPE, "blue"),
    ("Plain", PLAIN_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
    ("Boar", ANIMAL_TYPE, "idc"),
    ("Red ribbon", RIBBON_TYPE, "plain_red"),
    ("Plain", PLAIN_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
    ("Moon", BRIGHT_TYPE, "moon"),
    ("Geese", ANIMAL_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
    ("Sake cup", ANIMAL_TYPE, "sake_cup"),
    ("Blue ribbon", RIBBON_TYPE, "blue"),
    ("Plain", PLAIN_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
    ("Deer", ANIMAL_TYPE, "idc"),
    ("Blue ribbon", RIBBON_TYPE, "blue"),
    ("Plain", PLAIN_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
    ("Rain man", BRIGHT_TYPE, "rain_man"),
    ("Swallow", ANIMAL_TYPE, ""),
    ("Red ribbon", RIBBON_TYPE, "plain_red"),
    ("Lightning", PLAIN_TYPE, "lightning"),
    ("Phoenix", BRIGHT_TYPE, ""),
    ("Plain (coloured band)", PLAIN_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
    ("Plain", PLAIN_TYPE, ""),
)

CARDS: tuple[Card, ...] = tuple(Card(i, *row) for i, row in enumerate(_TABLE))
DECK: tuple[int, ...] = tuple(range(48))

BRIGHT = frozenset(c.id for c in CARDS if c.type == BRIGHT_TYPE)
ANIMAL = frozenset(c.id for c in CARDS if c.type == ANIMAL_TYPE)
RIBBON = frozenset(c.id for c in CARDS if c.type == RIBBON_TYPE)
PLAIN = frozenset(c.id for c in CARDS if c.type == PLAIN_TYPE)
IDC = frozenset({20, 24, 36})
AKA = frozenset({1, 5, 9})
AO = frozenset({21, 33, 37})
RAIN_MAN = 40
CURTAIN = 8
MOON = 28
SAKE_CUP = 32


def month(card: int) -> int:
    """The month 1..12 of a card id (K-1)."""
    return card // 4 + 1


def month_counts(cards) -> list[int]:
    """How many of ``cards`` each month has, indexed by the 0-based month (``card // 4``)."""
    counts = [0] * 12
    for card in cards:
        counts[card // 4] += 1
    return counts


def pair_months(cards) -> int:
    """How many months have exactly two cards in ``cards`` (K-7)."""
    return month_counts(cards).count(2)


def has_full_month(cards) -> bool:
    """True if ``cards`` hold all four cards of some month (K-8, K-9 teshi)."""
    return 4 in month_counts(cards)
