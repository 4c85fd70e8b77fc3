"""Nar table layout as pure functions: a Nar view in, card places and click results out.

Coordinates are in the logical 1280 × 720 screen. The seats sit on the kit's seat ring
(:func:`chabudai.game.tables.kit.seats.seat_ring`): your hand fanned along the bottom, sorted by colour
then value with the white 1s last; every other seat's hand as a strip of backs under its badge.
Each card of the trick lands on its player's anchor, between the seat and the middle, so the
trick reads in play order around the table. In the middle: the face-down pile of cards set
aside (R-20), the lead-colour indicator (R-12) and the home of the fool discs (R-2, R-7); a disc
held by a Fool lies on that seat's anchor, where its card would go (R-10).

Nothing here touches pygame: rectangles are ``(x, y, w, h)`` tuples, so the layout and its click
rules are tested as plain functions.

Card identities (``Place.key``): a coloured card is its code (``"G12"``) wherever it is; the 1s
are alike, so a 1 in your hand is ``("1", "hand", i)`` (the i-th 1) and a 1 played is
``("1", trick, seat)``; a card back is ``("back", seat, i)``.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from chabudai.engines.nar.cards import CARD_INFO, ONE
from chabudai.engines.nar.tricks import trick_outcome
from chabudai.game.tables.kit import geometry
from chabudai.game.tables.kit.geometry import Click, Place, Rect, center, contains, fan
from chabudai.game.tables.kit.legal import LegalMoves
from chabudai.game.tables.kit.seats import BOTTOM_HAND, SeatSpot, bottom_seat, seat_ring
from chabudai.game.tables.nar import texts
from chabudai.i18n import _

ASPECT = 90 / 140  # card width / height (the faces are 90 × 140 at display size)

HAND_H = 140  # your hand
TRICK_H = 96  # the trick and the set-aside pile
BACK_H = 56  # the backs in an opponent's strip

PILE: Rect = (455, 270, 62, TRICK_H)  # cards of completed tricks, face down
LEAD: Rect = (548, 282, 184, 44)  # the lead-colour indicator
DISC = 44  # a fool disc's size on the table
DISC_HOME: tuple[Rect, ...] = ((768, 278, DISC, DISC), (768, 332, DISC, DISC))  # the middle
PROMPT_AT = (640, 522)  # the line between the trick and your hand ("your turn: …", reasons)
LAST_TAB: Rect = (1016, 606, 186, 44)  # hover (or press L) to see the last trick
LAST_PANEL: Rect = (290, 150, 700, 262)
DIALOG: Rect = (330, 136, 620, 306)  # the announcement choice
DECLARE_BUTTONS: dict[bool, Rect] = {True: (370, 326, 260, 58), False: (650, 326, 260, 58)}
HAND_Y = BOTTOM_HAND[1] + 6


def card_w(height: float) -> int:
    return round(height * ASPECT)


def hand_key(card: str, ones_before: int) -> Hashable:
    """A hand card's identity: its code, or ``("1", "hand", i)`` for the i-th 1."""
    return ("1", "hand", ones_before) if card == ONE else card


def trick_key(card: str, trick: int, seat: int) -> Hashable:
    """A played card's identity: its code, or ``("1", trick, seat)`` for a 1."""
    return ("1", trick, seat) if card == ONE else card


@dataclass
class Layout:
    """Where everything of one view goes."""

    me: int | None  # the viewer's seat (None: a spectator)
    bottom: int  # the seat shown at the bottom
    ring: list[SeatSpot]
    places: list[Place] = field(default_factory=list)  # draw order, bottom first
    slots: dict[int, Rect] = field(default_factory=dict)  # each seat's trick card spot
    discs: list[Rect] = field(default_factory=list)  # each disc, in the middle or on a Fool
    aside: int = 0  # cards set aside this round
    by_key: dict[Hashable, Place] = field(default_factory=dict)

    def add(self, place: Place) -> None:
        self.places.append(place)
        self.by_key[place.key] = place


def slot(spot: SeatSpot) -> Rect:
    """The trick card spot of a seat: a trick-sized card centred on its anchor."""
    w = card_w(TRICK_H)
    x, y = spot.anchor
    return (x - w / 2, y - TRICK_H / 2, w, TRICK_H)


def disc_on(rect: Rect) -> Rect:
    """A disc centred on ``rect`` (a Fool's trick spot)."""
    cx, cy = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
    return (cx - DISC / 2, cy - DISC / 2, DISC, DISC)


def _hand(layout: Layout, view: dict[str, Any], spot: SeatSpot) -> None:
    """Your hand fanned along the bottom (a spectator sees the bottom seat's backs there)."""
    hand = view.get("hand") if view.get("seat") is not None else None
    count = len(hand) if hand is not None else view["hand_counts"][spot.seat]
    w = card_w(HAND_H)
    hx, _hy, hw, _hh = BOTTOM_HAND
    step = fan(count, w, hw, w + 8)
    xs = geometry.row(count, w, step, hx + hw / 2)
    ones = 0
    for i, x in enumerate(xs):
        rect = (x, HAND_Y, w, HAND_H)
        if hand is None:
            layout.add(Place(None, rect, False, "back", spot.seat, ("back", spot.seat, i)))
            continue
        card = hand[i]
        layout.add(Place(card, rect, True, "hand", spot.seat, hand_key(card, ones)))
        ones += card == ONE


def _backs(layout: Layout, spot: SeatSpot, count: int) -> None:
    """An opponent's hand: a strip of backs under its badge."""
    w = card_w(BACK_H)
    hx, hy, hw, hh = spot.hand
    step = fan(count, w, hw, 22)
    for i, x in enumerate(geometry.row(count, w, step, hx + hw / 2)):
        rect = (x, hy + (hh - BACK_H) / 2, w, BACK_H)
        layout.add(Place(None, rect, False, "back", spot.seat, ("back", spot.seat, i)))


def compute(view: dict[str, Any], showing_last: bool = False) -> Layout:
    """Every card's place for ``view`` (a Nar view, or the table's animation model).

    ``showing_last``: the last completed trick still lies face up on the seats' spots (the
    table shows who won it and who became the Fool before the cards are set aside).
    """
    players = view["players"]
    me = view.get("seat")
    ring = seat_ring(players, me)
    layout = Layout(me, bottom_seat(players, me), ring)
    layout.slots = {spot.seat: slot(spot) for spot in ring}
    last = view.get("last_trick")
    layout.aside = len(view.get("played", []))
    if last is not None:
        for seat, card in last["plays"]:
            key = trick_key(card, last["trick"], seat)
            if showing_last:
                layout.add(Place(card, layout.slots[seat], True, "trick", seat, key))
            else:
                layout.add(Place(card, PILE, False, "aside", seat, key))
    for spot in ring:
        if spot.seat != layout.bottom:
            _backs(layout, spot, view["hand_counts"][spot.seat])
    for seat, card in view.get("trick", []):
        key = trick_key(card, view["trick_no"], seat)
        layout.add(Place(card, layout.slots[seat], True, "trick", seat, key))
    _hand(layout, view, ring[layout.bottom])
    discs = view.get("fools_per_trick", 1)
    fools = list(view.get("fools", []))
    layout.discs = [
        disc_on(layout.slots[fools[i]]) if i < len(fools) else DISC_HOME[i] for i in range(discs)
    ]
    return layout


# ---------------------------------------------------------------------- the trick


def winning_seat(view: dict[str, Any]) -> int | None:
    """The seat whose card wins the trick so far (R-15), or None before the first card."""
    trick = view.get("trick") or []
    if not trick:
        return None
    return trick_outcome(trick, view.get("lead"), 0)[0]


def colour_name(colour: str | None) -> str:
    """A colour in words, in the current language."""
    return texts.colour_name(colour)


# ---------------------------------------------------------------------- hit testing


def place_at(layout: Layout, pos: tuple[float, float]) -> Place | None:
    """The topmost card under ``pos`` (hand cards answer in the strip they rise into)."""
    return geometry.topmost(layout.places, pos, geometry.lifted_hit)


def hit_point(layout: Layout, key: Hashable) -> tuple[int, int]:
    """A point that clicks the card ``key`` (its visible part when fanned)."""
    return geometry.hit_point(layout.places, layout.by_key[key], geometry.lifted_hit)


# ---------------------------------------------------------------------- clicks → moves


def can_act(view: dict[str, Any]) -> bool:
    seat = view.get("seat")
    return seat is not None and seat in view.get("to_move", []) and not view.get("over")


def announcing(view: dict[str, Any]) -> bool:
    """The go-out announcement is the viewer's to make now (option ``announcements``)."""
    return can_act(view) and view.get("phase") == "announce"


def legal_keys(view: dict[str, Any], layout: Layout, legal: LegalMoves) -> set[Hashable]:
    """The hand cards a click would play now (R-11 to R-13), from the host's ``legal`` moves:
    they lift and glow."""
    if view.get("phase") != "play":
        return set()
    allowed = set(legal.values("play"))
    return {p.key for p in layout.places if p.zone == "hand" and p.card in allowed}


def sitting_out(view: dict[str, Any], seat: int | None) -> bool:
    """``seat`` holds a disc and sits out the trick being played (R-10)."""
    return seat is not None and view.get("phase") == "play" and seat in view.get("fools", [])


def follow_reason(view: dict[str, Any]) -> str:
    lead = colour_name(view.get("lead"))
    # Translators: a refused card; {colour} is the lead colour's name ("nar colour")
    return _("You hold {colour}, the lead colour: play a {colour} card or a 1.").format(colour=lead)


def resolve_click(
    view: dict[str, Any], layout: Layout, pos: tuple[float, float], legal: LegalMoves
) -> Click:
    """Turn a click at ``pos`` into a move or an explained refusal (R-10 to R-13): what is
    allowed comes from the host's ``legal`` moves, the reasons from the rules."""
    if announcing(view):
        for declare, rect in DECLARE_BUTTONS.items():
            if contains(rect, pos) and {"declare": declare} in legal:
                return Click("move", {"declare": declare})
    place = place_at(layout, pos)
    if place is None or place.zone != "hand":
        return Click("none", key=None if place is None else place.key)
    key = place.key
    if view.get("over"):
        return Click("illegal", key=key, reason=_("The game is over."))
    me = view.get("seat")
    if view.get("phase") == "announce":
        if announcing(view):
            reason = _("First say whether you will go out this round.")
            return Click("illegal", key=key, reason=reason)
        return Click("illegal", key=key, reason=_("Wait: the players are announcing."))
    if sitting_out(view, me):
        reason = _("You hold a Fool disc: you sit out this trick.")
        return Click("illegal", key=key, reason=reason)
    if not can_act(view):
        return Click("illegal", key=key, reason=_("Wait for your turn."))
    if key not in legal_keys(view, layout, legal):
        return Click("illegal", key=key, reason=follow_reason(view))
    return Click("move", {"play": place.card}, key)


def clicks_for(view: dict[str, Any], layout: Layout, move: dict[str, Any]) -> list[tuple[int, int]]:
    """The clicks that make ``move`` on this layout (autoplay and tests)."""
    if "declare" in move:
        return [center(DECLARE_BUTTONS[bool(move["declare"])])]
    card = move["play"]
    key = next(p.key for p in layout.places if p.zone == "hand" and p.card == card)
    return [hit_point(layout, key)]


def prompt(view: dict[str, Any]) -> str:
    """The line above your hand: what you may do now (empty when nothing is asked)."""
    me = view.get("seat")
    if view.get("over"):
        return ""
    if me is None:
        return _("You are watching this table.")
    if sitting_out(view, me):
        return _("You are a Fool: you sit out this trick.")
    if view.get("phase") == "announce":
        return "" if can_act(view) else _("Announcements: who will go out this round?")
    if not can_act(view):
        return ""
    lead = view.get("lead")
    if lead is None:
        if view.get("trick"):
            return _("Your turn: only 1s so far, play any card.")
        return _("Your turn: you lead, play any card.")
    name = colour_name(lead)
    if any(CARD_INFO[c][0] == lead for c in view["hand"]):
        # Translators: the prompt; {colour} is the lead colour's name ("nar colour")
        return _("Your turn: follow {colour} or play a 1.").format(colour=name)
    # Translators: the prompt; {colour} is the lead colour's name ("nar colour")
    return _("Your turn: you have no {colour}, play any card.").format(colour=name)
