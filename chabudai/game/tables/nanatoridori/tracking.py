"""Which physical card is where: stable sprite keys for Nanatoridori's repeating values.

Nanatoridori has nine cards of each value, so a value is no identity. The table gives every card
it shows a key of its own (``("c", n)``) and moves keys, not values, as the host's events come
in: the block played from a hand (N-12) flies to the play area, the beaten set waits beside it
until it is taken into a hand or discarded (N-13), a drawn card leaves the draw pile (N-15), a
duel reserve card joins a play or is spent on a pass (N-28, N-29). The layout reads the values
from the view and the keys from here, position by position, so a card keeps its sprite from the
deal to the discard pile.

Pure: no pygame; the table view owns one :class:`Tracker` and calls it from its event handlers.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

Key = Hashable


@dataclass
class Tracker:
    """The keys of the cards in every hand and reserve, the play area, the beaten set, the cards
    waiting to be placed and the discard pile, in the view's order."""

    hands: list[list[Key]] = field(default_factory=list)
    reserves: list[list[Key]] = field(default_factory=list)
    area: list[Key] = field(default_factory=list)
    beaten: list[Key] = field(default_factory=list)  # the set just beaten (N-13)
    beaten_value: int | None = None  # its value (the view does not hold it)
    pending: list[Key] = field(default_factory=list)  # waiting for {"insert"} / {"discard"}
    discard: list[Key] = field(default_factory=list)
    made: int = 0  # keys handed out so far

    def new(self) -> Key:
        self.made += 1
        return ("c", self.made)

    def fresh(self, count: int) -> list[Key]:
        return [self.new() for _ in range(count)]

    # ------------------------------------------------------------------ whole views

    @staticmethod
    def shape(view: dict[str, Any]) -> dict[str, Any]:
        """How many cards the view puts in each place the tracker follows."""
        area = view.get("area")
        pending = view.get("pending")
        return {
            "hands": list(view.get("hand_counts", [])),
            "reserves": [len(r) for r in view.get("reserves", [])],
            "area": area["count"] if area else 0,
            "pending": pending["count"] if pending else 0,
            "discard": len(view.get("discard", [])),
        }

    def own_shape(self) -> dict[str, Any]:
        return {
            "hands": [len(h) for h in self.hands],
            "reserves": [len(r) for r in self.reserves],
            "area": len(self.area),
            "pending": len(self.pending),
            "discard": len(self.discard),
        }

    def fits(self, view: dict[str, Any]) -> bool:
        """True when every place holds as many keys as the view has cards there (no beaten set
        waits once a move is complete)."""
        return not self.beaten and self.own_shape() == self.shape(view)

    def reset(self, view: dict[str, Any]) -> None:
        """New keys for every card of ``view`` (a snapshot, or a view the events did not reach)."""
        shape = self.shape(view)
        self.hands = [self.fresh(n) for n in shape["hands"]]
        self.reserves = [self.fresh(n) for n in shape["reserves"]]
        self.area = self.fresh(shape["area"])
        self.beaten, self.beaten_value = [], None
        self.pending = self.fresh(shape["pending"])
        self.discard = self.fresh(shape["discard"])

    def sync(self, view: dict[str, Any]) -> bool:
        """Keep the keys when they fit ``view``; otherwise start afresh. True if they fitted."""
        if self.fits(view):
            return True
        self.reset(view)
        return False

    # ------------------------------------------------------------------ events

    def deal(self, hand_counts: list[int], reserves: list[int], me: int | None) -> None:
        """A new round (N-5, N-27): new keys everywhere; the viewer's own hand comes with the
        ``hand`` event that follows."""
        self.hands = [[] if seat == me else self.fresh(n) for seat, n in enumerate(hand_counts)]
        self.reserves = [self.fresh(n) for n in reserves]
        self.area, self.beaten, self.pending, self.discard = [], [], [], []
        self.beaten_value = None

    def hand(self, seat: int, count: int) -> None:
        self.hands[seat] = self.fresh(count)

    def play(
        self, seat: int, start: int, length: int, reserve_slots: list[int], beaten: int | None
    ) -> None:
        """N-12, N-28: the block (and the named reserve slots) become the area; the old area is
        now the beaten set, of value ``beaten``."""
        block = self.hands[seat][start : start + length]
        del self.hands[seat][start : start + length]
        extra = [self.reserves[seat][i] for i in reserve_slots]
        self.reserves[seat] = [
            k for i, k in enumerate(self.reserves[seat]) if i not in reserve_slots
        ]
        self.beaten, self.beaten_value = self.area, beaten
        self.area = block + extra

    def choose(self) -> None:
        """N-13: the beaten set waits for its owner's decision."""
        self.pending, self.beaten, self.beaten_value = self.beaten, [], None

    def draw(self) -> None:
        """N-15: the top card of the draw pile waits to be placed."""
        self.pending = [self.new()]

    def spend(self, seat: int, slot: int) -> None:
        """N-29: a duel reserve card waits to be placed."""
        self.pending = [self.reserves[seat].pop(slot)]

    def insert(self, seat: int, gap: int) -> None:
        """N-13, N-15, N-29: the waiting cards go into the hand as one block at ``gap``."""
        self.hands[seat][gap:gap] = self.pending
        self.pending = []

    def discard_waiting(self) -> None:
        """The waiting cards (or, going out, the beaten set: N-21) go to the discard pile."""
        self.discard += self.beaten + self.pending
        self.beaten, self.beaten_value, self.pending = [], None, []

    def clear(self) -> None:
        """N-16, N-17, N-31: the current set goes to the discard pile."""
        self.discard += self.area
        self.area = []
