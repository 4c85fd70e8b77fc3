"""What the Koi-Koi table tells about yaku, as pure functions: the yaku table on demand (Y), the
cards that made each yaku in a deal's summary, and the how-to-play text — always with the values
of the table's own ruleset (``cardavia``: K-19 to K-26, ``nintendo``: K-37 to K-42).

Nothing here draws: the view turns these rows into pictures.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engines.koikoi.cards import (
    AKA,
    ANIMAL,
    AO,
    BRIGHT,
    CARDS,
    CURTAIN,
    IDC,
    MOON,
    PLAIN,
    RAIN_MAN,
    RIBBON,
    SAKE_CUP,
)
from engines.koikoi.scoring import _LADDER, YAKU_NAMES, stop_multiplier

TYPE_WORDS = {"animal": "Animal", "ribbon": "Ribbon", "plain": "Plain"}


@dataclass(frozen=True)
class YakuRow:
    """One yaku as the table's ruleset scores it: ``points`` when made, ``plus`` more for each
    further card of type ``plus_of``; ``cards`` one set that makes it, ``pool`` every card that
    can be part of it; ``kind`` ``capture`` or ``hand`` (a dealt hand, K-9)."""

    id: str
    name: str
    points: int
    cards: tuple[int, ...]
    pool: tuple[int, ...]
    rule: str
    rules: str
    plus: int = 0
    plus_of: str | None = None
    kind: str = "capture"


@dataclass(frozen=True)
class Multiplier:
    id: str
    name: str
    factor: int
    rule: str


def _ids(cards: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(cards))


def yaku_rows(ruleset: str, sake_cup_plain: bool = True) -> list[YakuRow]:
    """Every yaku of ``ruleset`` in table order (brights, viewing, sets, counts, dealt hands)."""
    nintendo = ruleset == "nintendo"
    ladder, rule = _LADDER[ruleset], ("K-37" if nintendo else "K-19")
    brights, no_rain = _ids(BRIGHT), _ids(BRIGHT - {RAIN_MAN})
    plains = _ids(PLAIN | {SAKE_CUP}) if sake_cup_plain else _ids(PLAIN)
    rows = [
        YakuRow("goko", YAKU_NAMES["goko"], ladder["goko"], brights, brights,
                "All five Brights.", rule),
        YakuRow("shiko", YAKU_NAMES["shiko"], ladder["shiko"], (0, 8, 28, 44), no_rain,
                "Four Brights, the Rain Man not among them.", rule),
        YakuRow("ame_shiko", YAKU_NAMES["ame_shiko"], ladder["ame_shiko"], (0, 8, 40, 44),
                brights, "Four Brights, one of them the Rain Man.", rule),
        YakuRow("sanko", YAKU_NAMES["sanko"], ladder["sanko"], (0, 28, 44), no_rain,
                "Three Brights without the Rain Man.", rule),
    ]  # fmt: skip
    if nintendo:
        rows += [
            YakuRow("hanami", YAKU_NAMES["hanami"], 5, (CURTAIN, SAKE_CUP), (CURTAIN, SAKE_CUP),
                    "The Cherry curtain and the Sake cup.", "K-38"),
            YakuRow("tsukimi", YAKU_NAMES["tsukimi"], 5, (MOON, SAKE_CUP), (MOON, SAKE_CUP),
                    "The Moon and the Sake cup.", "K-38"),
        ]  # fmt: skip
    grows = {"plus": 1} if nintendo else {}
    rows += [
        YakuRow("inoshikacho", YAKU_NAMES["inoshikacho"], 5, _ids(IDC), _ids(IDC),
                "The Boar, the Deer and the Butterflies.", "K-39" if nintendo else "K-20",
                plus_of="animal" if nintendo else None, **grows),
        YakuRow("akatan", YAKU_NAMES["akatan"], 5 if nintendo else 6, _ids(AKA), _ids(AKA),
                "The three red poetry ribbons.", "K-40" if nintendo else "K-21",
                plus_of="ribbon" if nintendo else None, **grows),
        YakuRow("aotan", YAKU_NAMES["aotan"], 5 if nintendo else 6, _ids(AO), _ids(AO),
                "The three blue ribbons.", "K-40" if nintendo else "K-22",
                plus_of="ribbon" if nintendo else None, **grows),
    ]  # fmt: skip
    if nintendo:
        both = _ids(AKA | AO)
        rows.append(
            YakuRow("akatan_aotan", YAKU_NAMES["akatan_aotan"], 10, both, both,
                    "Both ribbon sets.", "K-40", plus=1, plus_of="ribbon")
        )  # fmt: skip
    rows += [
        YakuRow("tane", YAKU_NAMES["tane"], 1, (4, 12, 16, 29, 41), _ids(ANIMAL),
                "Five Animals.", "K-23", plus=1, plus_of="animal"),
        YakuRow("tan", YAKU_NAMES["tan"], 1, (1, 13, 17, 21, 25), _ids(RIBBON),
                "Five Ribbons.", "K-24", plus=1, plus_of="ribbon"),
        YakuRow("kasu", YAKU_NAMES["kasu"], 1, (2, 6, 10, 14, 18, 22, 26, 30, 34, 38), plains,
                "Ten Plains.", "K-25", plus=1, plus_of="plain"),
        YakuRow("teshi", "Teshi", 6, (0, 1, 2, 3, 4, 8, 12, 16), (), "All four cards of a month "
                "dealt to one hand.", "K-9", kind="hand"),
        YakuRow("kuttsuki", "Kuttsuki", 6, (0, 1, 4, 5, 8, 9, 12, 13), (), "Four pairs dealt "
                "to one hand.", "K-9", kind="hand"),
    ]  # fmt: skip
    return rows


def multipliers(ruleset: str) -> list[Multiplier]:
    """The K-42 multipliers of a Stop (``nintendo`` only)."""
    if ruleset != "nintendo":
        return []
    return [
        Multiplier("seven", "Seven or more", 2, "A Stop with 7 points or more scores ×2."),
        Multiplier(
            "koikoi",
            "Opponent called koi-koi",
            2,
            "A Stop after the opponent called koi-koi scores ×2 (with 7 or more: ×4).",
        ),
    ]


# ---------------------------------------------------------------------- texts


def points_words(points: int) -> str:
    """``"1 point"``, ``"6 points"``."""
    return f"{points} point{'' if points == 1 else 's'}"


def plus_text(row: YakuRow) -> str:
    """``"+1 per further Ribbon"`` for a yaku that grows, else ``""``."""
    return f"+{row.plus} per further {TYPE_WORDS[row.plus_of]}" if row.plus else ""


def cards_of(row: YakuRow, pile: Iterable[int]) -> list[int]:
    """The cards of ``pile`` that make (or count toward) ``row``'s yaku, in id order."""
    held = set(pile)
    cards = held & set(row.pool)
    if row.plus_of:
        cards |= {c for c in held if CARDS[c].type == row.plus_of}
    if row.plus_of == "plain" and SAKE_CUP in row.pool and SAKE_CUP in held:
        cards.add(SAKE_CUP)
    return sorted(cards)


def progress_of(row: YakuRow, pile: Iterable[int]) -> tuple[int, int]:
    """``(have, need)``: the pile's cards that can be part of the row's yaku, and how many it
    takes (``(0, 0)`` for a dealt-hand yaku)."""
    if row.kind == "hand":
        return 0, 0
    return len(set(pile) & set(row.pool)), len(row.cards)


def stop_breakdown(ruleset: str, base: int, opponent_called: bool) -> tuple[list[Multiplier], int]:
    """The multipliers that apply to a Stop with ``base`` points (K-42), and the points scored."""
    applied = [
        m
        for m in multipliers(ruleset)
        if (m.id == "seven" and base >= 7) or (m.id == "koikoi" and opponent_called)
    ]
    return applied, base * stop_multiplier(base, ruleset, opponent_called)


def help_text(options: dict[str, Any]) -> str:
    """How to play Koi-Koi, with the yaku values of the table's ruleset (``options``)."""
    ruleset = options.get("ruleset", "cardavia")
    rows = {row.id: row for row in yaku_rows(ruleset, options.get("sake_cup_plain", True))}

    def value(yaku_id: str) -> str:
        row = rows[yaku_id]
        return f"{row.name} {row.points}" + (f" (+{row.plus})" if row.plus else "")

    sets = ["sanko", "inoshikacho", "akatan", "aotan"]
    if ruleset == "nintendo":
        sets[1:1] = ["hanami", "tsukimi"]
        sets.append("akatan_aotan")
    counted = "five Animals 1, five Ribbons 1, ten Plains 1 (+1 for each more)"
    lines = [
        "Every month (1-12) has four cards; the small number in each card's corner is its month.",
        "",
        "Your turn: play a card from your hand. A board card of the same month is captured with "
        "it; if two match, click the one you want. Then the top card of the stock is turned "
        "over and matched the same way.",
        "",
        f"Captures build yaku ({'Nintendo' if ruleset == 'nintendo' else 'Cardavia'} rules): "
        + ", ".join(value(y) for y in sets)
        + f", {counted}. Four or five Brights score more. Press Y for the full yaku table.",
    ]
    if ruleset == "nintendo":
        lines += [
            "",
            "Boar-Deer-Butterflies takes the place of Animals, and the ribbon sets the place of "
            "Ribbons. A Stop with 7 or more points scores ×2, and ×2 again if the other player "
            "called Koi-Koi.",
        ]
    lines += [
        "",
        "When your score rises, choose: Stop and bank it, or call Koi-Koi and play on for more. "
        "If the other player stops first, you score nothing.",
        "",
        "Glowing cards are the ones you can click. Keys: arrows or Tab pick a card, Enter plays "
        "it, Y shows the yaku, F1 this help, Esc closes it (or leaves the table).",
    ]
    return "\n".join(lines)
