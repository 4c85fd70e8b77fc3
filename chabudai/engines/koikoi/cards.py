"""The hanafuda deck as data (K-1 to K-4).

Card id = ``(month - 1) * 4 + k`` (K-1). Each card has one type (K-2); the sake cup (32) also
counts as a Plain when ``sake_cup_plain`` is on (K-3).
"""

from __future__ import annotations

from dataclasses import dataclass

from chabudai.i18n import N_

BRIGHT_TYPE, ANIMAL_TYPE, RIBBON_TYPE, PLAIN_TYPE = "bright", "animal", "ribbon", "plain"

# The plant of each month (K-1), marked for the catalogues: translate where shown (``_(plant)``).
MONTH_PLANTS = (
    # Translators: the plant of hanafuda's January (matsu)
    N_("Pine"),
    # Translators: the plant of hanafuda's February (ume)
    N_("Plum"),
    # Translators: the plant of hanafuda's March (sakura)
    N_("Cherry"),
    # Translators: the plant of hanafuda's April (fuji)
    N_("Wisteria"),
    # Translators: the plant of hanafuda's May (ayame)
    N_("Iris"),
    # Translators: the plant of hanafuda's June (botan)
    N_("Peony"),
    # Translators: the plant of hanafuda's July (hagi)
    N_("Bush clover"),
    # Translators: the plant of hanafuda's August (susuki)
    N_("Pampas grass"),
    # Translators: the plant of hanafuda's September (kiku)
    N_("Chrysanthemum"),
    # Translators: the plant of hanafuda's October (momiji)
    N_("Maple"),
    # Translators: the plant of hanafuda's November (yanagi)
    N_("Willow"),
    # Translators: the plant of hanafuda's December (kiri)
    N_("Paulownia"),
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
        """The month's plant, in English (a msgid: ``_(card.plant)`` where shown)."""
        return MONTH_PLANTS[self.month - 1]

    @property
    def title(self) -> str:
        """The card's whole name as players call it ("Crane and sun", "Pine plain"), in
        English: a msgid of the catalogues, translated where shown (``_(card.title)``)."""
        return CARD_NAMES[self.id]


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

# Each card's whole name (what ``Card.title`` gives), one message per name so that a language
# names the cards as its players do (Japanese: 松に鶴, 桜に幕, ...). A Plain is named with its
# month's plant; the other cards by their picture (a describer adds the month where it is
# needed: "Red ribbon (4)").
CARD_NAMES: tuple[str, ...] = (
    # Translators: hanafuda card, January bright (matsu ni tsuru)
    N_("Crane and sun"),
    # Translators: hanafuda card, the red ribbon with a poem of January, February and March
    N_("Red poetry ribbon"),
    # Translators: hanafuda card, a plain (kasu) of January
    N_("Pine plain"),
    N_("Pine plain"),
    # Translators: hanafuda card, February animal (ume ni uguisu)
    N_("Bush warbler"),
    N_("Red poetry ribbon"),
    # Translators: hanafuda card, a plain (kasu) of February
    N_("Plum plain"),
    N_("Plum plain"),
    # Translators: hanafuda card, March bright (sakura ni maku)
    N_("Curtain"),
    N_("Red poetry ribbon"),
    # Translators: hanafuda card, a plain (kasu) of March
    N_("Cherry plain"),
    N_("Cherry plain"),
    # Translators: hanafuda card, April animal (fuji ni hototogisu)
    N_("Cuckoo"),
    # Translators: hanafuda card, the plain red ribbon of April, May, July and November
    N_("Red ribbon"),
    # Translators: hanafuda card, a plain (kasu) of April
    N_("Wisteria plain"),
    N_("Wisteria plain"),
    # Translators: hanafuda card, May animal (ayame ni yatsuhashi)
    N_("Eight-plank bridge"),
    N_("Red ribbon"),
    # Translators: hanafuda card, a plain (kasu) of May
    N_("Iris plain"),
    N_("Iris plain"),
    # Translators: hanafuda card, June animal (botan ni chou)
    N_("Butterflies"),
    # Translators: hanafuda card, the blue ribbon of June, September and October (aotan)
    N_("Blue ribbon"),
    # Translators: hanafuda card, a plain (kasu) of June
    N_("Peony plain"),
    N_("Peony plain"),
    # Translators: hanafuda card, July animal (hagi ni inoshishi)
    N_("Boar"),
    N_("Red ribbon"),
    # Translators: hanafuda card, a plain (kasu) of July
    N_("Bush clover plain"),
    N_("Bush clover plain"),
    # Translators: hanafuda card, August bright (bouzu ni tsuki)
    N_("Moon"),
    # Translators: hanafuda card, August animal (bouzu ni kari)
    N_("Geese"),
    # Translators: hanafuda card, a plain (kasu) of August
    N_("Pampas grass plain"),
    N_("Pampas grass plain"),
    # Translators: hanafuda card, September animal (kiku ni sakazuki)
    N_("Sake cup"),
    N_("Blue ribbon"),
    # Translators: hanafuda card, a plain (kasu) of September
    N_("Chrysanthemum plain"),
    N_("Chrysanthemum plain"),
    # Translators: hanafuda card, October animal (momiji ni shika)
    N_("Deer"),
    N_("Blue ribbon"),
    # Translators: hanafuda card, a plain (kasu) of October
    N_("Maple plain"),
    N_("Maple plain"),
    # Translators: hanafuda card, November bright (yanagi ni ono no toufuu)
    N_("Rain man"),
    # Translators: hanafuda card, November animal (yanagi ni tsubame)
    N_("Swallow"),
    N_("Red ribbon"),
    # Translators: hanafuda card, November plain (yanagi no kasu, the lightning card)
    N_("Lightning"),
    # Translators: hanafuda card, December bright (kiri ni houou)
    N_("Phoenix"),
    # Translators: hanafuda card, the December plain with a coloured band
    N_("Paulownia plain (coloured band)"),
    # Translators: hanafuda card, a plain (kasu) of December
    N_("Paulownia plain"),
    N_("Paulownia plain"),
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
