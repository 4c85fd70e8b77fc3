"""Yaku and scoring: K-19 to K-26 (``cardavia``) and K-37 to K-42 (``nintendo``)."""

from __future__ import annotations

from collections.abc import Iterable

from chabudai.engines.koikoi.cards import (
    AKA,
    ANIMAL,
    AO,
    BRIGHT,
    CURTAIN,
    IDC,
    MOON,
    PLAIN,
    RAIN_MAN,
    RIBBON,
    SAKE_CUP,
)
from chabudai.i18n import N_

RULESETS = ("cardavia", "nintendo")

# Each yaku's name, in English: msgids of the catalogues, translated where shown
# (``_(YAKU_NAMES[y])``); in Japanese the yaku go by their own names (五光, 猪鹿蝶, 赤短, ...).
YAKU_NAMES = {
    # Translators: a Koi-Koi yaku (goko)
    "goko": N_("Five Brights"),
    # Translators: a Koi-Koi yaku (shiko)
    "shiko": N_("Four Brights"),
    # Translators: a Koi-Koi yaku (ame shiko)
    "ame_shiko": N_("Rainy Four Brights"),
    # Translators: a Koi-Koi yaku (sanko)
    "sanko": N_("Three Brights"),
    # Translators: a Koi-Koi yaku (inoshikacho)
    "inoshikacho": N_("Boar-Deer-Butterflies"),
    # Translators: a Koi-Koi yaku (akatan)
    "akatan": N_("Red Poetry Ribbons"),
    # Translators: a Koi-Koi yaku (aotan)
    "aotan": N_("Blue Ribbons"),
    # Translators: a Koi-Koi yaku (akatan aotan)
    "akatan_aotan": N_("Red and Blue Ribbons"),
    # Translators: a Koi-Koi yaku (hanami)
    "hanami": N_("Flower Viewing"),
    # Translators: a Koi-Koi yaku (tsukimi)
    "tsukimi": N_("Moon Viewing"),
    # Translators: a Koi-Koi yaku (tane)
    "tane": N_("Animals"),
    # Translators: a Koi-Koi yaku (tan)
    "tan": N_("Ribbons"),
    # Translators: a Koi-Koi yaku (kasu)
    "kasu": N_("Plains"),
    # Translators: a Koi-Koi yaku (teshi)
    "teshi": N_("Four of a Month"),
    # Translators: a Koi-Koi yaku (kuttsuki)
    "kuttsuki": N_("Four Pairs"),
}

# K-19 / K-37: points of the bright ladder per ruleset.
LADDER = {
    "cardavia": {"goko": 15, "shiko": 10, "ame_shiko": 8, "sanko": 6},
    "nintendo": {"goko": 10, "shiko": 8, "ame_shiko": 7, "sanko": 5},
}


def bright_line(brights: int, rain: bool) -> str | None:
    """The bright ladder's line for ``brights`` brights, ``rain`` if the Rain Man is among them."""
    if brights == 5:
        return "goko"
    if brights == 4:
        return "ame_shiko" if rain else "shiko"
    if brights == 3 and not rain:
        return "sanko"
    return None


def plain_count(pile: set[int], sake_cup_plain: bool = True) -> int:
    """Plains in the pile, the sake cup included when ``sake_cup_plain`` (K-3, K-25)."""
    return len(pile & PLAIN) + (1 if sake_cup_plain and SAKE_CUP in pile else 0)


def card_mask(cards: Iterable[int]) -> int:
    """The bit mask of ``cards`` (bit ``c`` set for card ``c``)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


_BRIGHT_M, _ANIMAL_M, _RIBBON_M, _PLAIN_M = (card_mask(s) for s in (BRIGHT, ANIMAL, RIBBON, PLAIN))
_IDC_M, _AKA_M, _AO_M = card_mask(IDC), card_mask(AKA), card_mask(AO)
_RAIN_M, _SAKE_M = 1 << RAIN_MAN, 1 << SAKE_CUP
_HANAMI_M, _TSUKIMI_M = card_mask((CURTAIN, SAKE_CUP)), card_mask((MOON, SAKE_CUP))


def score(
    pile: Iterable[int], ruleset: str = "cardavia", sake_cup_plain: bool = True
) -> tuple[int, list[tuple[str, int]]]:
    """Score a capture pile: ``(total, [(yaku_id, points), ...])``.

    Yaku ids: ``goko``, ``shiko``, ``ame_shiko``, ``sanko`` (bright ladder, K-19/K-37),
    ``inoshikacho`` (K-20/K-39), ``akatan`` (K-21), ``aotan`` (K-22), ``tane`` (animals, K-23),
    ``tan`` (ribbons, K-24), ``kasu`` (plains, K-25/K-41); under ``nintendo`` also ``hanami`` and
    ``tsukimi`` (viewing, K-38) and ``akatan_aotan`` (both ribbon sets, K-40).
    The total is the base total: ``nintendo`` multipliers apply only on a stop (:func:`stop_points`).
    """
    return mask_score(card_mask(pile), ruleset, sake_cup_plain)


def mask_score(
    cards: int, ruleset: str = "cardavia", sake_cup_plain: bool = True
) -> tuple[int, list[tuple[str, int]]]:
    """:func:`score` of the pile whose :func:`card_mask` is ``cards``."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; allowed: {', '.join(RULESETS)}")
    yaku: list[tuple[str, int]] = []
    bright = bright_line((cards & _BRIGHT_M).bit_count(), bool(cards & _RAIN_M))
    if bright:
        yaku.append((bright, LADDER[ruleset][bright]))
    animals = (cards & _ANIMAL_M).bit_count()
    ribbons = (cards & _RIBBON_M).bit_count()
    has_idc = cards & _IDC_M == _IDC_M
    has_aka = cards & _AKA_M == _AKA_M
    has_ao = cards & _AO_M == _AO_M
    if ruleset == "cardavia":
        # K-20 to K-24: all additive (K-26).
        if has_idc:
            yaku.append(("inoshikacho", 5))
        if has_aka:
            yaku.append(("akatan", 6))
        if has_ao:
            yaku.append(("aotan", 6))
        if animals >= 5:
            yaku.append(("tane", 1 + animals - 5))
        if ribbons >= 5:
            yaku.append(("tan", 1 + ribbons - 5))
    else:
        # K-38 viewing yaku.
        if cards & _HANAMI_M == _HANAMI_M:
            yaku.append(("hanami", 5))
        if cards & _TSUKIMI_M == _TSUKIMI_M:
            yaku.append(("tsukimi", 5))
        # K-39: IDC replaces Animals.
        if has_idc:
            yaku.append(("inoshikacho", 5 + animals - 3))
        elif animals >= 5:
            yaku.append(("tane", 1 + animals - 5))
        # K-40: ribbon sets replace Ribbons.
        if has_aka and has_ao:
            yaku.append(("akatan_aotan", 10 + ribbons - 6))
        elif has_aka:
            yaku.append(("akatan", 5 + ribbons - 3))
        elif has_ao:
            yaku.append(("aotan", 5 + ribbons - 3))
        elif ribbons >= 5:
            yaku.append(("tan", 1 + ribbons - 5))
    plains = (cards & _PLAIN_M).bit_count() + (1 if sake_cup_plain and cards & _SAKE_M else 0)
    if plains >= 10:
        yaku.append(("kasu", 1 + plains - 10))
    return sum(points for _, points in yaku), yaku


def score_total(pile: Iterable[int], ruleset: str = "cardavia", sake_cup_plain: bool = True) -> int:
    """``score(pile, ruleset, sake_cup_plain)[0]`` without building the yaku list (bot playouts)."""
    return mask_total(card_mask(pile), ruleset, sake_cup_plain)


def mask_total(cards: int, ruleset: str = "cardavia", sake_cup_plain: bool = True) -> int:
    """:func:`score_total` of the pile whose :func:`card_mask` is ``cards``.

    The same rules as :func:`score`, summed without naming the yaku (tests compare the two).
    """
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; allowed: {', '.join(RULESETS)}")
    total = 0
    brights = (cards & _BRIGHT_M).bit_count()
    if brights >= 3:  # K-19 / K-37
        bright = bright_line(brights, bool(cards & _RAIN_M))
        if bright:
            total = LADDER[ruleset][bright]
    animals = (cards & _ANIMAL_M).bit_count()
    ribbons = (cards & _RIBBON_M).bit_count()
    has_idc = cards & _IDC_M == _IDC_M
    has_aka = cards & _AKA_M == _AKA_M
    has_ao = cards & _AO_M == _AO_M
    if ruleset == "cardavia":
        total += 5 * has_idc + 6 * has_aka + 6 * has_ao
        if animals >= 5:
            total += animals - 4
        if ribbons >= 5:
            total += ribbons - 4
    else:
        total += 5 * (cards & _HANAMI_M == _HANAMI_M) + 5 * (cards & _TSUKIMI_M == _TSUKIMI_M)
        if has_idc:
            total += 2 + animals
        elif animals >= 5:
            total += animals - 4
        if has_aka and has_ao:
            total += 4 + ribbons
        elif has_aka or has_ao:
            total += 2 + ribbons
        elif ribbons >= 5:
            total += ribbons - 4
    plains = (cards & _PLAIN_M).bit_count() + (1 if sake_cup_plain and cards & _SAKE_M else 0)
    if plains >= 10:
        total += plains - 9
    return total


def stop_multiplier(base_total: int, ruleset: str, opponent_called: bool) -> int:
    """K-42: ×2 for a base of 7 or more, ×2 if the opponent called koi-koi (``nintendo`` only)."""
    if ruleset != "nintendo":
        return 1
    return (2 if base_total >= 7 else 1) * (2 if opponent_called else 1)


def stop_points(base_total: int, ruleset: str, opponent_called: bool) -> int:
    """What a Stop scores (K-29 with K-42)."""
    return base_total * stop_multiplier(base_total, ruleset, opponent_called)
