"""Yaku progress for the table view: how far a capture pile is from each yaku (K-19 to K-25,
K-37 to K-41).

Pure functions on plain data. The table shows lines such as "Brights 2/3" next to each capture
pile; :func:`progress` computes them and :func:`group_by_type` sorts a pile into the four card
types (K-2) in the order the table lays them out.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from dataclasses import dataclass

from chabudai.engines.koikoi.cards import (
    AKA,
    ANIMAL,
    AO,
    BRIGHT,
    CARDS,
    IDC,
    PLAIN,
    RAIN_MAN,
    RIBBON,
)
from chabudai.engines.koikoi.scoring import YAKU_NAMES, plain_count
from chabudai.i18n import N_

TYPE_ORDER = ("bright", "animal", "ribbon", "plain")


@dataclass(frozen=True)
class Progress:
    """One yaku line: ``have`` of the ``need`` cards it takes; ``done`` once it scores.

    ``absorbed_by`` names the yaku (a :data:`YAKU_NAMES` id) that takes this one's place under
    the ``nintendo`` ruleset (K-39, K-40): the line then never scores, however many cards it has.

    ``label`` is English, a msgid of the catalogues (``_(line.label)`` where shown);
    :meth:`text` words the whole line in the language it is given.
    """

    id: str
    label: str
    have: int
    need: int
    absorbed_by: str | None = None

    @property
    def done(self) -> bool:
        """True when this yaku scores (K-39/K-40: never while absorbed)."""
        return self.have >= self.need and self.absorbed_by is None

    def text(self, tr: gettext.NullTranslations | None = None) -> str:
        """``"Brights 2/3"`` on the way, ``"Plains 12"`` once the yaku scores, and
        ``"Animals 6 (in set)"`` while a set absorbs it (short enough for a line under a pile;
        :attr:`absorbed_name` names the set), in the language of ``tr`` (English without
        one: ``chabudai.i18n.current()`` for the player's)."""
        tr = tr or gettext.NullTranslations()
        args = {"label": tr.gettext(self.label), "have": self.have, "need": self.need}
        if self.absorbed_by == "akatan_aotan":
            # Translators: a yaku line under a capture pile whose cards count in both ribbon sets
            return tr.gettext("{label} {have} (in sets)").format(**args)
        if self.absorbed_by is not None:
            # Translators: a yaku line under a capture pile whose cards count in a set instead
            return tr.gettext("{label} {have} (in set)").format(**args)
        if self.done:
            # Translators: a scoring yaku line under a capture pile: "Plains 12"
            return tr.gettext("{label} {have}").format(**args)
        # Translators: a yaku line under a capture pile: cards held of those needed ("Brights 2/3")
        return tr.gettext("{label} {have}/{need}").format(**args)

    @property
    def absorbed_name(self) -> str | None:
        """The name of the yaku that absorbs this one (e.g. ``"Boar-Deer-Butterflies"``; a
        msgid: ``_(name)`` where shown)."""
        return YAKU_NAMES[self.absorbed_by] if self.absorbed_by is not None else None

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "label": self.label,
            "have": self.have,
            "need": self.need,
            "done": self.done,
            "absorbed_by": self.absorbed_by,
        }


def group_by_type(pile: Iterable[int]) -> dict[str, list[int]]:
    """The pile's cards by type (K-2), each group in id order; all four keys always present."""
    groups: dict[str, list[int]] = {kind: [] for kind in TYPE_ORDER}
    for card in sorted(pile):
        groups[CARDS[card].type].append(card)
    return groups


def progress(
    pile: Iterable[int], ruleset: str = "cardavia", sake_cup_plain: bool = True
) -> list[Progress]:
    """Progress toward every yaku family, in table order.

    - Brights (K-19/K-37): the ladder starts at three Brights. With the Rain Man in the pile,
      three Brights do not score (K-T2), so the goal becomes four.
    - Boar-Deer-Butterflies (K-20), red poetry ribbons (K-21), blue ribbons (K-22): x/3.
    - Animals (K-23) and Ribbons (K-24): x/5. Plains (K-25): x/10, the sake cup counting when
      ``sake_cup_plain`` (K-3).
    - ``nintendo`` adds the two viewing yaku (K-38): x/2 each. Once Boar-Deer-Butterflies is
      complete, Animals is absorbed by it (K-39); once the red poems or the blue ribbons are,
      Ribbons is absorbed (K-40): those lines are never ``done`` and say where their cards count.
    """
    cards = set(pile)
    brights = len(cards & BRIGHT)
    bright_need = 4 if RAIN_MAN in cards and brights <= 3 else 3
    has_idc, has_aka, has_ao = IDC <= cards, AKA <= cards, AO <= cards
    animals_in = ribbons_in = None
    if ruleset == "nintendo":
        animals_in = "inoshikacho" if has_idc else None
        ribbon_sets = [y for y, held in (("akatan", has_aka), ("aotan", has_ao)) if held]
        ribbons_in = "akatan_aotan" if len(ribbon_sets) == 2 else next(iter(ribbon_sets), None)
    lines = [
        Progress("brights", N_("Brights"), brights, bright_need),
        Progress("inoshikacho", N_("Boar-Deer-Butterflies"), len(cards & IDC), 3),
        Progress("akatan", N_("Red poems"), len(cards & AKA), 3),
        Progress("aotan", N_("Blue ribbons"), len(cards & AO), 3),
    ]
    if ruleset == "nintendo":
        lines.append(Progress("hanami", N_("Flower viewing"), len(cards & {8, 32}), 2))
        lines.append(Progress("tsukimi", N_("Moon viewing"), len(cards & {28, 32}), 2))
    lines += [
        Progress("tane", N_("Animals"), len(cards & ANIMAL), 5, animals_in),
        Progress("tan", N_("Ribbons"), len(cards & RIBBON), 5, ribbons_in),
        Progress("kasu", N_("Plains"), plain_count(cards & (PLAIN | {32}), sake_cup_plain), 10),
    ]
    return lines


__all__ = ["TYPE_ORDER", "Progress", "group_by_type", "progress"]
