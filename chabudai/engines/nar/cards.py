"""The Nar cards as data (R-1 to R-3) and the follow rule (R-13).

A card is a string: a colour letter and a value (``"G12"``, ``"R7"``, ``"Y3"``, ``"B15"``) or
``"1"`` for a white one. The six 1s are identical, so a hand may hold ``"1"`` several times.

:data:`DECK_TABLE` is the R-3 table, one row per player count. It is the only place that says
which cards are in play: replace a row (e.g. with the official overview-card values) and
everything else follows. :func:`check_table` verifies a table against R-1 and R-6.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = ("G", "R", "Y", "B")
# Each colour's name in English (the command line; players read describe.nar_colour).
COLOUR_NAMES = {
    "G": "green",
    "R": "red",
    "Y": "yellow",
    "B": "blue",
}
ONE = "1"
ONE_VALUE_IN_HAND = 5  # a 1 left in hand costs 5

# the full deck, highest value per colour (each colour starts at 2), and the number of 1s.
FULL_DECK_MAX = {"G": 27, "R": 23, "Y": 21, "B": 15}
FULL_DECK_ONES = 6


@dataclass(frozen=True)
class DeckRow:
    """One row of the R-3 table: the highest value per colour, the 1s, hand size and Fools."""

    green: int
    red: int
    yellow: int
    blue: int
    ones: int
    hand_size: int
    fools: int

    @property
    def top(self) -> dict[str, int]:
        """The highest value in play per colour letter (values run from 2 up to it)."""
        return {"G": self.green, "R": self.red, "Y": self.yellow, "B": self.blue}

    @property
    def size(self) -> int:
        return sum(top - 1 for top in self.top.values()) + self.ones

    def composition(self) -> dict[str, int]:
        """The public, plain form used in views: top value per colour letter plus ``ones``."""
        return {**self.top, "ones": self.ones}


# R-3 (see the rules file's confidence notes: the 4–7 player rows are proportional cuts).
DECK_TABLE: dict[int, DeckRow] = {
    4: DeckRow(green=15, red=13, yellow=12, blue=9, ones=3, hand_size=12, fools=1),
    5: DeckRow(green=20, red=16, yellow=14, blue=10, ones=4, hand_size=12, fools=1),
    6: DeckRow(green=22, red=19, yellow=17, blue=13, ones=5, hand_size=12, fools=1),
    7: DeckRow(green=26, red=22, yellow=20, blue=14, ones=6, hand_size=12, fools=2),
    8: DeckRow(green=27, red=23, yellow=21, blue=15, ones=6, hand_size=11, fools=2),
}


def parse(code: str) -> tuple[str, int]:
    """``(colour letter, value)`` of a card code; the colour of a 1 is ``""`` (R-1, R-14).

    Raises ``ValueError`` for a string that is not a card code.
    """
    info = CARD_INFO.get(code) if isinstance(code, str) else None
    if info is not None:
        return info
    if isinstance(code, str) and len(code) >= 2 and code[0] in COLOURS and code[1:].isdigit():
        value = int(code[1:])
        if value >= 2:
            return code[0], value
    raise ValueError(f"{code!r} is not a Nar card (e.g. 'G12', 'R7', 'Y3', 'B15' or '1')")


def _all_codes() -> list[str]:
    codes = [f"{c}{v}" for c in COLOURS for v in range(2, FULL_DECK_MAX[c] + 1)]
    return [*codes, ONE]


CARD_INFO: dict[str, tuple[str, int]] = {
    code: (("", 1) if code == ONE else (code[0], int(code[1:]))) for code in _all_codes()
}
# Hand order: by colour (G, R, Y, B) then value, the 1s last.
SORT_KEY: dict[str, int] = {code: i for i, code in enumerate(_all_codes())}


def penalty(code: str) -> int:
    """What a card left in hand costs (R-22): its face value, a 1 costs 5."""
    colour, value = CARD_INFO[code]
    return value if colour else ONE_VALUE_IN_HAND


PENALTY: dict[str, int] = {code: penalty(code) for code in CARD_INFO}  # for scoring whole hands


def deck_row(players: int, table: dict[int, DeckRow] | None = None) -> DeckRow:
    """The R-3 row for ``players``; ``ValueError`` for a count the table does not cover."""
    row = (table or DECK_TABLE).get(players)
    if row is None:
        raise ValueError(f"Nar is for 4 to 8 players, not {players}")
    return row


def deck_cards(composition: dict[str, int]) -> list[str]:
    """Every card of a composition (``DeckRow.composition()``), in hand order (R-3)."""
    key = (*(composition[c] for c in COLOURS), composition["ones"])
    cards = _DECKS.get(key)
    if cards is None:  # each composition is built once (bots determinize thousands of times)
        cards = [f"{c}{v}" for c in COLOURS for v in range(2, composition[c] + 1)]
        cards.extend([ONE] * composition["ones"])
        cards = _DECKS[key] = tuple(cards)
    return list(cards)


_DECKS: dict[tuple[int, ...], tuple[str, ...]] = {}


def deck_for(players: int) -> list[str]:
    """The cards in play for ``players`` (R-3), in hand order."""
    return deck_cards(deck_row(players).composition())


def sort_hand(cards: list[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)


def legal_cards(hand: list[str], lead: str | None) -> list[str]:
    """The distinct cards of ``hand`` that may be played (R-11 to R-13), in hand order.

    ``lead`` is the lead colour letter, or None while no coloured card has been played (the
    leader, or followers of led 1s): then any card is legal.
    """
    if lead is None:
        return list(dict.fromkeys(hand))
    following = [c for c in hand if c[0] == lead]  # coloured codes are unique within a hand
    if not following:
        return list(dict.fromkeys(hand))  # no card of the lead colour: anything
    if ONE in hand:
        following.append(ONE)  # a 1 is always allowed, never compulsory
    return following


def check_table(table: dict[int, DeckRow]) -> list[str]:
    """Problems of an R-3 table against R-1 (sub-deck of 88 cards) and R-6 (all cards dealt)."""
    problems = []
    for players, row in sorted(table.items()):
        for colour, top in row.top.items():
            if not 2 <= top <= FULL_DECK_MAX[colour]:
                problems.append(f"{players} players: {COLOUR_NAMES[colour]} up to {top}")
        if not 0 <= row.ones <= FULL_DECK_ONES:
            problems.append(f"{players} players: {row.ones} ones")
        if row.size != row.hand_size * players:
            problems.append(
                f"{players} players: {row.size} cards do not deal {row.hand_size} to each"
            )
        if row.fools not in (1, 2):
            problems.append(f"{players} players: {row.fools} fools per trick")
    return problems


__all__ = [
    "CARD_INFO",
    "COLOURS",
    "COLOUR_NAMES",
    "DECK_TABLE",
    "FULL_DECK_MAX",
    "ONE",
    "PENALTY",
    "SORT_KEY",
    "DeckRow",
    "check_table",
    "deck_cards",
    "deck_for",
    "deck_row",
    "legal_cards",
    "parse",
    "penalty",
    "sort_hand",
]
