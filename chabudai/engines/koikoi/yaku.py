"""The yaku table of a ruleset: every yaku with its points, its cards and its rule in one line.

:func:`yaku_table` is what the client's how-to-play text and its on-demand yaku table show, so
they always give the values of the table's own ruleset (``cardavia``: K-19 to K-26, ``nintendo``:
K-37 to K-42, hand yaku K-9 in both). It is data about the rules, not a second scorer: the tests
check every row against :func:`chabudai.engines.koikoi.scoring.score` and the rules file's values.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from typing import Any

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
from chabudai.engines.koikoi.scoring import LADDER, RULESETS, YAKU_NAMES
from chabudai.engines.koikoi.state import HAND_BONUS
from chabudai.i18n import N_


@dataclass(frozen=True)
class YakuRow:
    """One yaku as a ruleset scores it.

    ``points`` is what it scores when just made; ``plus`` more for each further card of the type
    ``plus_of`` (``"animal"``, ``"ribbon"``, ``"plain"``; ``None`` when fixed). ``cards`` is one
    set of cards that makes it (for small card images), ``pool`` every card that can be part of
    it. ``kind`` is ``"capture"`` (from the capture pile) or ``"hand"`` (a dealt hand, K-9).
    ``rules`` cites the rule numbers (for developers: never shown).

    ``name`` and ``rule`` are English, msgids of the catalogues: the UI shows ``_(row.name)``
    and ``_(row.rule)``, and ``row.points_text(tr)`` words the points in the language of
    ``tr`` (``chabudai.i18n.current()``).
    """

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

    def points_text(self, tr: gettext.NullTranslations | None = None) -> str:
        """``"15"``, or ``"5 +1 per further Animal"`` for a yaku that grows, in the language of
        ``tr`` (English without one)."""
        if not self.plus:
            return str(self.points)
        tr = tr or gettext.NullTranslations()
        args = {"points": self.points, "plus": self.plus}
        if self.plus_of == "animal":
            # Translators: a yaku's points on the yaku table: "5 +1 per further Animal"
            return tr.gettext("{points} +{plus} per further Animal").format(**args)
        if self.plus_of == "ribbon":
            # Translators: a yaku's points on the yaku table: "5 +1 per further Ribbon"
            return tr.gettext("{points} +{plus} per further Ribbon").format(**args)
        # Translators: a yaku's points on the yaku table: "1 +1 per further Plain"
        return tr.gettext("{points} +{plus} per further Plain").format(**args)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "points": self.points,
            "points_text": self.points_text(),
            "plus": self.plus,
            "plus_of": self.plus_of,
            "cards": list(self.cards),
            "pool": list(self.pool),
            "rule": self.rule,
            "rules": self.rules,
            "kind": self.kind,
        }


@dataclass(frozen=True)
class Multiplier:
    """A K-42 multiplier of a Stop score (``nintendo`` only); ``name`` and ``rule`` are
    English msgids, shown as ``_(m.name)`` and ``_(m.rule)``."""

    id: str
    name: str
    factor: int
    rule: str
    rules: str = "K-42"

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "factor": self.factor,
            "rule": self.rule,
            "rules": self.rules,
        }


@dataclass(frozen=True)
class YakuTable:
    """Every yaku of one ruleset in table order, its multipliers and the rules that tie them;
    each of ``notes`` is an English msgid, shown as ``_(note)``."""

    ruleset: str
    sake_cup_plain: bool
    rows: tuple[YakuRow, ...]
    multipliers: tuple[Multiplier, ...]
    notes: tuple[str, ...]

    def row(self, yaku_id: str) -> YakuRow:
        """The row of ``yaku_id``; ``KeyError`` if this ruleset has no such yaku."""
        for row in self.rows:
            if row.id == yaku_id:
                return row
        raise KeyError(yaku_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "sake_cup_plain": self.sake_cup_plain,
            "rows": [r.to_dict() for r in self.rows],
            "multipliers": [m.to_dict() for m in self.multipliers],
            "notes": list(self.notes),
        }


def _ids(cards: frozenset[int] | set[int]) -> tuple[int, ...]:
    return tuple(sorted(cards))


def _row(
    yaku_id: str,
    points: int,
    cards: tuple[int, ...],
    rule: str,
    rules: str,
    pool: tuple[int, ...] | None = None,
    **more: Any,
) -> YakuRow:
    """A row named as the scorer names it; ``pool`` defaults to exactly ``cards``."""
    return YakuRow(yaku_id, YAKU_NAMES[yaku_id], points, cards, pool or cards, rule, rules, **more)


# Example cards: no example holds a set that would change another row's meaning (e.g. the five
# Ribbons hold no complete red or blue set, the five Animals no Boar-Deer-Butterflies).
_FOUR_BRIGHTS = (0, 8, 28, 44)
_RAINY_FOUR = (0, 8, 40, 44)
_THREE_BRIGHTS = (0, 28, 44)
_FIVE_ANIMALS = (4, 12, 16, 29, 41)
_FIVE_RIBBONS = (1, 13, 17, 21, 25)
_TEN_PLAINS = (2, 6, 10, 14, 18, 22, 26, 30, 34, 38)  # one of each month, January to October
_TESHI = (0, 1, 2, 3, 4, 8, 12, 16)  # K-T15
_KUTTSUKI = (0, 1, 4, 5, 8, 9, 12, 13)  # K-T15


def _bright_rows(ruleset: str) -> list[YakuRow]:
    """K-19 / K-37: the bright ladder, only its highest line scores."""
    points = LADDER[ruleset]
    rule = "K-19" if ruleset == "cardavia" else "K-37"
    brights = _ids(BRIGHT)
    no_rain = _ids(BRIGHT - {RAIN_MAN})
    return [
        _row("goko", points["goko"], brights, N_("All five Brights."), rule),
        _row("shiko", points["shiko"], _FOUR_BRIGHTS,
             N_("Four Brights, the Rain Man not among them."), rule, no_rain),
        _row("ame_shiko", points["ame_shiko"], _RAINY_FOUR,
             N_("Four Brights, one of them the Rain Man."), rule, brights),
        _row("sanko", points["sanko"], _THREE_BRIGHTS,
             N_("Three Brights without the Rain Man; the Rain Man and two others score nothing."),
             rule, no_rain),
    ]  # fmt: skip


def _count_rows(sake_cup_plain: bool) -> list[YakuRow]:
    """K-23 to K-25 (K-39 to K-41 score them alike when nothing absorbs them)."""
    plains = PLAIN | {SAKE_CUP} if sake_cup_plain else PLAIN
    if sake_cup_plain:
        plains_rule = N_("Ten Plains, +1 for each further Plain. The Sake cup counts as one.")
    else:
        plains_rule = N_("Ten Plains, +1 for each further Plain. The Sake cup does not count.")
    return [
        _row("tane", 1, _FIVE_ANIMALS,
             N_("Five Animals (the Sake cup is one), +1 for each further Animal."), "K-23",
             _ids(ANIMAL), plus=1, plus_of="animal"),
        _row("tan", 1, _FIVE_RIBBONS, N_("Five Ribbons of any kind, +1 for each further Ribbon."),
             "K-24", _ids(RIBBON), plus=1, plus_of="ribbon"),
        _row("kasu", 1, _TEN_PLAINS, plains_rule, "K-25",
             _ids(plains), plus=1, plus_of="plain"),
    ]  # fmt: skip


def _hand_rows() -> list[YakuRow]:
    """K-9: a dealt hand that scores at once and ends the deal."""
    return [
        _row("teshi", HAND_BONUS, _TESHI,
             N_("Dealt all four cards of one month: the deal ends at once."), "K-9", kind="hand"),
        _row("kuttsuki", HAND_BONUS, _KUTTSUKI,
             N_("Dealt four pairs (four months with two cards each): the deal ends at once."), "K-9",
             kind="hand"),
    ]  # fmt: skip


def _cardavia(sake_cup_plain: bool) -> YakuTable:
    idc, aka, ao = _ids(IDC), _ids(AKA), _ids(AO)
    rows = [
        *_bright_rows("cardavia"),
        _row("inoshikacho", 5, idc,
             N_("The Boar, the Deer and the Butterflies; Animals scores as well."), "K-20"),
        _row("akatan", 6, aka,
             N_("The three red poetry ribbons (Pine, Plum, Cherry); Ribbons scores as well."), "K-21"),
        _row("aotan", 6, ao,
             N_("The three blue ribbons (Peony, Chrysanthemum, Maple); Ribbons scores as well."),
             "K-22"),
        *_count_rows(sake_cup_plain),
        *_hand_rows(),
    ]  # fmt: skip
    notes = [  # K-26, K-19; K-26, K-29; K-3
        N_("All yaku add up; only the highest bright yaku scores."),
        N_("No viewing yaku and no multipliers: a Stop scores the total as it is."),
    ]
    if sake_cup_plain:
        notes.append(N_("The Sake cup counts both as an Animal and as a Plain."))
    return YakuTable("cardavia", sake_cup_plain, tuple(rows), (), tuple(notes))


def _nintendo(sake_cup_plain: bool) -> YakuTable:
    idc, aka, ao = _ids(IDC), _ids(AKA), _ids(AO)
    both = _ids(AKA | AO)
    rows = [
        *_bright_rows("nintendo"),
        _row("hanami", 5, (CURTAIN, SAKE_CUP), N_("The Cherry curtain and the Sake cup."), "K-38"),
        _row("tsukimi", 5, (MOON, SAKE_CUP),
             N_("The Moon and the Sake cup; both viewing yaku may score together."), "K-38"),
        _row("inoshikacho", 5, idc,
             N_("The Boar, the Deer and the Butterflies, +1 for each further Animal; "
                "Animals does not also score."), "K-39", plus=1, plus_of="animal"),
        _row("akatan", 5, aka,
             N_("The three red poetry ribbons (Pine, Plum, Cherry), +1 for each further "
                "Ribbon; Ribbons does not also score."), "K-40", plus=1, plus_of="ribbon"),
        _row("aotan", 5, ao,
             N_("The three blue ribbons (Peony, Chrysanthemum, Maple), +1 for each further "
                "Ribbon; Ribbons does not also score."), "K-40", plus=1, plus_of="ribbon"),
        _row("akatan_aotan", 10, both,
             N_("Both ribbon sets, +1 for each further Ribbon; in place of the two sets and "
                "Ribbons."), "K-40", plus=1, plus_of="ribbon"),
        *_count_rows(sake_cup_plain),
        *_hand_rows(),
    ]  # fmt: skip
    multipliers = (
        Multiplier(
            "seven", N_("Seven or more"), 2, N_("A Stop with a base total of 7 or more scores x2.")
        ),
        Multiplier(
            "koikoi",
            N_("Opponent called koi-koi"),
            2,
            N_(
                "A Stop after the opponent called koi-koi in this deal scores x2; with the other, x4."
            ),
        ),
    )
    notes = [  # K-37, K-39, K-40, K-41; K-42; K-9; K-3
        N_(
            "Only the highest bright yaku scores. Boar-Deer-Butterflies replaces Animals and "
            "the ribbon sets replace Ribbons; the other yaku add up."
        ),
        N_("Multipliers apply only to a Stop; whether a total rose counts the base total."),
        N_("Hand yaku are never multiplied."),
    ]
    if sake_cup_plain:
        notes.append(N_("The Sake cup counts both as an Animal and as a Plain."))
    return YakuTable("nintendo", sake_cup_plain, tuple(rows), multipliers, tuple(notes))


def yaku_table(ruleset: str = "cardavia", sake_cup_plain: bool = True) -> YakuTable:
    """Every yaku of ``ruleset`` (the table's options ``ruleset`` and ``sake_cup_plain``) in the
    order a yaku table lists them: the bright ladder, the viewing yaku (``nintendo``), the card
    sets, the counted yaku, then the hand yaku (K-9); with the K-42 multipliers and short notes.
    """
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; allowed: {', '.join(RULESETS)}")
    return _cardavia(sake_cup_plain) if ruleset == "cardavia" else _nintendo(sake_cup_plain)


__all__ = ["Multiplier", "YakuRow", "YakuTable", "yaku_table"]
