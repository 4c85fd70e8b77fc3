"""Choosing a set from a hand that may not be reordered, and a gap to insert into (pure).

A player picks a set by its first card, then grows the pick along the block of equal adjacent
cards (N-9); in the duel, clicked reserve cards of the same value join it (N-28). Only picks that
beat the current set are played (N-10, N-12); anything else is refused with the rule in words
("two 5s do not beat three 2s"). When cards wait to be placed (N-13, N-15, N-29), a gap of the
hand previews the run the block would join.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from chabudai.engines.nanatoridori.rules import beats, plays, runs
from chabudai.i18n import N_, _, ngettext

# How many cards a set has, in words (translated where shown).
WORDS = (
    "",  # no set has none
    "",  # one card: "a 5" (the singular of the message)
    # Translators: a number of cards in a set ("two 5s")
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
)


def set_words(count: int, value: int) -> str:
    """A set in words, in the current language: "a 5", "two 5s", "12 3s"."""
    number = _(WORDS[count]) if 1 < count < len(WORDS) else str(count)
    # Translators: a set of Nanatoridori cards: {number} is a word ("two") or digits, {value}
    # the card's number ("two 5s")
    return ngettext("a {value}", "{number} {value}s", count).format(number=number, value=value)


def set_digits(count: int, value: int) -> str:
    """A set as the rules write it: ``555``."""
    return str(value) * count


def beat_reason(count: int, value: int, area: dict[str, Any] | None) -> str | None:
    """Why ``count`` cards of ``value`` do not beat the current set (N-10); None if they do."""
    if area is None:
        return None
    c0, v0 = area["count"], area["value"]
    if beats((count, value), (c0, v0)):
        return None
    mine, theirs = set_words(count, value), set_words(c0, v0)
    if count < c0:
        said = ngettext(
            "{mine} does not beat {theirs}: more cards beat fewer",
            "{mine} do not beat {theirs}: more cards beat fewer",
            count,
        )
    elif count > c0:  # cannot happen: more cards always beat
        said = ngettext("{mine} does not beat {theirs}", "{mine} do not beat {theirs}", count)
    elif value == v0:
        said = ngettext(
            "{mine} does not beat {theirs}: an equal set does not beat",
            "{mine} do not beat {theirs}: an equal set does not beat",
            count,
        )
    else:
        said = ngettext(
            "{mine} does not beat {theirs}: with as many cards, the higher value wins",
            "{mine} do not beat {theirs}: with as many cards, the higher value wins",
            count,
        )
    return said.format(mine=mine, theirs=theirs)


def run_at(hand: Sequence[int], index: int) -> tuple[int, int]:
    """The maximal block of equal adjacent cards around ``index``: ``(first, end)``, end
    exclusive (N-9; the engine's :func:`~chabudai.engines.nanatoridori.rules.runs`)."""
    for start, length, _value in runs(hand):
        if start <= index < start + length:
            return start, start + length
    raise IndexError(f"no card {index} in a hand of {len(hand)}")


@dataclass(frozen=True)
class Pick:
    """A set being chosen: hand cards ``anchor``..``end`` (either way round) and the chosen duel
    reserve slots (positions in the player's reserve list)."""

    anchor: int | None = None
    end: int | None = None
    reserve: tuple[int, ...] = ()

    @property
    def block(self) -> tuple[int, int] | None:
        """``(start, length)`` of the picked hand cards, or None."""
        if self.anchor is None or self.end is None:
            return None
        start = min(self.anchor, self.end)
        return start, abs(self.end - self.anchor) + 1

    def indices(self) -> range:
        block = self.block
        return range(0) if block is None else range(block[0], block[0] + block[1])

    def toggle(self, slot: int) -> Pick:
        chosen = tuple(sorted(set(self.reserve) ^ {slot}))
        return replace(self, reserve=chosen)

    def start_at(self, index: int) -> Pick:
        return replace(self, anchor=index, end=index)

    def grow(self, hand: Sequence[int], index: int) -> Pick:
        """Stretch the pick toward ``index`` if it lies in the anchor's block (else unchanged)."""
        if self.anchor is None:
            return self
        lo, hi = run_at(hand, self.anchor)
        if not lo <= index < hi:
            return self
        return replace(self, end=index)

    def clear_hand(self) -> Pick:
        return replace(self, anchor=None, end=None)


def playable(hand: Sequence[int], area: dict[str, Any] | None, reserve: Sequence[int]) -> set[int]:
    """Indices of hand cards that belong to at least one legal play (N-12, N-28)."""
    target = None if area is None else (area["count"], area["value"])
    out: set[int] = set()
    for start, length, _extra in plays(hand, target, reserve):
        out.update(range(start, start + length))
    return out


def best_reason(
    hand: Sequence[int], index: int, area: dict[str, Any] | None, reserve: Sequence[int]
) -> str:
    """Why the card at ``index`` cannot start a legal play: its whole block, with every reserve
    card of its value, still does not beat the current set."""
    lo, hi = run_at(hand, index)
    value = hand[index]
    extra = min(2, list(reserve).count(value))
    reason = beat_reason(hi - lo + extra, value, area)
    return reason or _("that card cannot be played now")


def pick_move(
    hand: Sequence[int], area: dict[str, Any] | None, reserve: Sequence[int], pick: Pick
) -> tuple[dict[str, Any] | None, str]:
    """The play the pick makes, or None and the reason it is refused (N-9, N-10, N-28)."""
    block = pick.block
    if block is None:
        return None, _("Choose the first card of a set in your hand")
    start, length = block
    value = hand[start]
    chosen = [reserve[slot] for slot in pick.reserve if slot < len(reserve)]
    if any(v != value for v in chosen):
        other = next(v for v in chosen if v != value)
        return None, _("your reserve {other} cannot join a set of {value}s").format(
            other=other, value=value
        )
    count = length + len(chosen)
    reason = beat_reason(count, value, area)
    if reason is not None:
        left = list(reserve)
        for v in chosen:
            left.remove(v)
        if left.count(value) and len(chosen) < 2 and beats_with_more(count, value, area, left):
            # Translators: follows a refusal: a duel reserve card would make the set beat
            reason = _("{reason}; add your reserve {value} (click it)").format(
                reason=reason, value=value
            )
        return None, reason
    move: dict[str, Any] = {"play": [start, length]}
    if chosen:
        move["reserve"] = len(chosen)
    return move, ""


def beats_with_more(
    count: int, value: int, area: dict[str, Any] | None, left: Sequence[int]
) -> bool:
    """True if the reserve cards of ``value`` still unchosen would make the set beat."""
    if area is None:
        return True
    more = min(2, list(left).count(value))
    return beats((count + more, value), (area["count"], area["value"]))


def reserve_slots(values: Sequence[int], value: int, count: int) -> list[int]:
    """The reserve positions of the ``count`` cards of ``value`` a play uses (N-28)."""
    return [i for i, v in enumerate(values) if v == value][:count]


def inserted(hand: Sequence[int], gap: int, cards: Sequence[int]) -> list[int]:
    return [*hand[:gap], *cards, *hand[gap:]]


def joined_run(hand: Sequence[int], gap: int, cards: Sequence[int]) -> tuple[int, int]:
    """N-13: the block the cards inserted at ``gap`` would be part of, ``(first, end)`` in the new
    hand (end exclusive); the inserted cards alone when they join nothing. ``cards`` are one
    value (a beaten set, a drawn card, a reserve card)."""
    if not cards:
        return gap, gap
    return run_at(inserted(hand, gap, cards), gap)
