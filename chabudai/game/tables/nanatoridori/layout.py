"""Nanatoridori table layout as pure functions: a view in, card places and click results out.

Coordinates are in the logical 1280 × 720 screen. Your hand runs along the bottom in its fixed
order (N-6), large enough to read a dozen cards and more; the other seats sit around the table
(the kit's seat ring) with their hands as a row of backs in order, showing what the table knows
(N-33): the values of taken sets face up where they went in, a marked back where a drawn card
went. In the middle: the draw pile (or, in the duel, the cards set aside), the current set with
its owner, the discard pile. Cards waiting to be placed (a beaten set, a drawn card, a spent
reserve card) wait beside their seat; yours wait above your hand and, while you point at a gap,
sit in that gap as a preview.

Card identities come from :class:`~chabudai.game.tables.nanatoridori.tracking.Tracker` (values repeat).
Nothing here touches pygame; clicks are resolved against the same places the table draws.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from chabudai.engines.nanatoridori.rules import COPIES, VALUES
from chabudai.game.tables.kit.geometry import LIFT, Click, Place, Rect, center, contains, fan, row
from chabudai.game.tables.kit.legal import LegalMoves
from chabudai.game.tables.kit.seats import SeatSpot, bottom_seat, seat_ring
from chabudai.game.tables.nanatoridori import picking
from chabudai.game.tables.nanatoridori.picking import Pick
from chabudai.game.tables.nanatoridori.tracking import Tracker
from chabudai.i18n import _

ASPECT = 180 / 280  # card width / height (assets: 180 × 280)

HAND_H = 140  # your hand
MID_H = 112  # the middle: area, piles, your waiting cards
RESERVE_H = 100  # your duel reserve
OPP_H = 64  # the other seats' hands, reserves and waiting cards
HEIGHTS = (OPP_H, RESERVE_H, MID_H, HAND_H)

HAND_X, HAND_Y, HAND_W = 262.0, 572.0, 750.0
MID_Y = 250.0
PILE_X = 364.0
DISCARD_X = 844.0
AREA_W = 380.0  # the current set fans within this width, centred on the table
CENTRE_X = 640.0
WAIT_Y = 400.0  # your waiting cards, above your hand
PREVIEW_RAISE = 24  # waiting cards shown in a gap sit this much above the hand
DISCARD_SHOWN = 6  # the top cards of the discard pile that are drawn
GAP_REACH = 34  # a gap's zone reaches this far above the hand

PLAY_BUTTON: Rect = (1026.0, 578.0, 176.0, 52.0)
ACTION_BUTTON: Rect = (1026.0, 640.0, 176.0, 56.0)  # pass (play phase) or discard (place phase)
MY_RESERVE_XY = (1030.0, 454.0)
RESERVE_GAP = 8.0

PLAY_KEY = ("button", "play")
ACTION_KEY = ("button", "action")
PILE_KEY = ("discard_pile",)


def card_w(height: float) -> float:
    return round(height * ASPECT)


def gap_key(gap: int) -> tuple[str, int]:
    return ("gap", gap)


@dataclass
class Layout:
    """Where everything is for one view (see the module docstring)."""

    bottom: int
    ring: list[SeatSpot]
    places: list[Place] = field(default_factory=list)
    hand_keys: list[Hashable] = field(default_factory=list)  # bottom hand, left to right
    gaps: list[Rect] = field(default_factory=list)  # the bottom hand's gap zones 0..n
    gap_x: list[float] = field(default_factory=list)  # where each gap is
    marked: set[Hashable] = field(default_factory=set)  # hidden drawn cards (N-33)
    preview: set[Hashable] = field(default_factory=set)  # the run a previewed insert makes
    reserve_keys: dict[int, list[Hashable]] = field(default_factory=dict)
    waiting: dict[int, Rect] = field(default_factory=dict)  # where each seat's waiting cards go
    pile: Rect = (PILE_X, MID_Y, card_w(MID_H), MID_H)
    discard_pile: Rect = (DISCARD_X, MID_Y, card_w(MID_H), MID_H)

    def place(self, key: Hashable) -> Place | None:
        return next((p for p in self.places if p.key == key), None)


# ---------------------------------------------------------------------- pieces


def _fan_row(count: int, height: float, budget: float, centre_x: float, spacing: float):
    w = card_w(height)
    step = fan(count, w, budget, spacing)
    return row(count, w, step, centre_x), w, step


def hand_row(count: int) -> tuple[list[float], float, float]:
    """Left edges, card width and step of a bottom hand of ``count`` cards."""
    w = card_w(HAND_H)
    return _fan_row(count, HAND_H, HAND_W, HAND_X + HAND_W / 2, w + 8)


def gap_zones(count: int) -> tuple[list[Rect], list[float]]:
    """The click zones of the gaps 0..count of the bottom hand, and where each gap sits: every
    point along the hand belongs to the nearest gap (N-13: a gap is before card ``g``)."""
    xs, w, step = hand_row(count)
    if not xs:
        mid = HAND_X + HAND_W / 2
        return [(mid - 60, HAND_Y - GAP_REACH, 120, HAND_H + GAP_REACH)], [mid]
    space = max(0.0, step - w) / 2
    marks = [xs[0] - space] + [xs[g] - space for g in range(1, count)] + [xs[-1] + w + space]
    bounds = [max(HAND_X - 6, marks[0] - 54)]
    bounds += [(marks[g] + marks[g + 1]) / 2 for g in range(count)]
    bounds.append(min(HAND_X + HAND_W + 10, marks[-1] + 54))
    zones = [
        (bounds[g], HAND_Y - GAP_REACH, bounds[g + 1] - bounds[g], HAND_H + GAP_REACH)
        for g in range(count + 1)
    ]
    return zones, marks


def _value(view: dict[str, Any], seat: int, index: int) -> int | None:
    """The value of a hand card the viewer knows: all of their own, the public ones of others."""
    if seat == view.get("seat") and view.get("hand") is not None:
        return view["hand"][index]
    public = view.get("public_hands", [])
    return public[seat][index] if seat < len(public) and index < len(public[seat]) else None


def _waiting_cards(view: dict[str, Any]) -> list[int | None]:
    pending = view.get("pending")
    if not pending:
        return []
    cards = pending.get("cards")
    return list(cards) if cards is not None else [None] * pending["count"]


def _bottom_hand(lay: Layout, view: dict[str, Any], tracker: Tracker, gap: int | None) -> None:
    seat = lay.bottom
    keys = tracker.hands[seat] if seat < len(tracker.hands) else []
    values = held = [_value(view, seat, i) for i in range(len(keys))]
    lay.hand_keys = list(keys)
    lay.gaps, lay.gap_x = gap_zones(len(keys))
    zone = "hand" if seat == view.get("seat") else "seat"
    waiting = _waiting_cards(view) if view.get("current") == seat else []
    if (
        gap is not None
        and waiting
        and 0 <= gap <= len(keys)
        and len(tracker.pending) == len(waiting)
    ):
        # Preview (N-13): the hand as it would be with the waiting cards in this gap.
        keys = [*keys[:gap], *tracker.pending, *keys[gap:]]
        values = [*values[:gap], *waiting, *values[gap:]]
        if None not in values:
            lo, hi = picking.joined_run(held, gap, waiting)
            lay.preview = set(keys[lo:hi])
        else:
            lay.preview = set(tracker.pending)
        ghost = set(tracker.pending)
    else:
        ghost = set()
    xs, w, _step = hand_row(len(keys))
    drawn = set(view.get("drawn", [[]] * (seat + 1))[seat]) if not ghost else set()
    for i, (key, value, x) in enumerate(zip(keys, values, xs, strict=True)):
        if key in ghost:
            lay.places.append(
                Place(
                    value,
                    (x, HAND_Y - PREVIEW_RAISE, w, HAND_H),
                    value is not None,
                    "preview",
                    seat,
                    key,
                )
            )
            continue
        lay.places.append(Place(value, (x, HAND_Y, w, HAND_H), value is not None, zone, seat, key))
        if value is None and i in drawn:
            lay.marked.add(key)


def _strip_rows(spot: SeatSpot, count: int) -> tuple[list[float], float]:
    x, _y, w_strip, _h = spot.hand
    w = card_w(OPP_H)
    return _fan_row(count, OPP_H, w_strip, x + w_strip / 2, w * 0.66)[:2]


def _opponent(lay: Layout, view: dict[str, Any], tracker: Tracker, spot: SeatSpot) -> None:
    seat = spot.seat
    keys = tracker.hands[seat] if seat < len(tracker.hands) else []
    xs, w = _strip_rows(spot, len(keys))
    y = spot.hand[1]
    drawn = set(view.get("drawn", [[]] * (seat + 1))[seat])
    for i, (key, x) in enumerate(zip(keys, xs, strict=True)):
        value = _value(view, seat, i)
        lay.places.append(Place(value, (x, y, w, OPP_H), value is not None, "opp", seat, key))
        if value is None and i in drawn:
            lay.marked.add(key)


def waiting_rect(spot: SeatSpot, count: int, bottom: bool) -> Rect:
    """Where a seat's waiting cards sit: above your hand, or beside another seat's strip."""
    height = MID_H if bottom else OPP_H
    w = card_w(height)
    span = w + w * 0.5 * max(0, count - 1)
    if bottom:
        return (CENTRE_X - span / 2, WAIT_Y, span, height)
    x, y, w_strip, h_strip = spot.hand
    if spot.side == "left":
        return (x + w_strip + 10, y, span, height)
    if spot.side == "right":
        return (x - 10 - span, y, span, height)
    return (spot.anchor[0] - span / 2, y + OPP_H + 6, span, height)


def _waiting(lay: Layout, view: dict[str, Any], tracker: Tracker) -> None:
    cards = _waiting_cards(view)
    seat = view.get("current", 0)
    for spot in lay.ring:
        lay.waiting[spot.seat] = waiting_rect(spot, max(1, len(cards)), spot.seat == lay.bottom)
    placed = {p.key for p in lay.places}
    keys = [k for k in tracker.pending if k not in placed]
    if not keys or len(tracker.pending) != len(cards):
        return
    x, y, _span, height = lay.waiting[seat]
    w = card_w(height)
    for i, key in enumerate(keys):
        value = cards[i]
        rect = (x + i * w * 0.5, y, w, height)
        lay.places.append(Place(value, rect, value is not None, "waiting", seat, key))


def _area(lay: Layout, view: dict[str, Any], tracker: Tracker) -> None:
    area = view.get("area")
    if tracker.beaten and tracker.beaten_value is not None:
        xs, w, _rest = _fan_row(len(tracker.beaten), MID_H, AREA_W, CENTRE_X + 26, 44)
        for key, x in zip(tracker.beaten, xs, strict=True):
            rect = (x, MID_Y + 20, w, MID_H)
            lay.places.append(Place(tracker.beaten_value, rect, True, "beaten", key=key))
    if not area or len(tracker.area) != area["count"]:
        return
    xs, w, _rest = _fan_row(area["count"], MID_H, AREA_W, CENTRE_X, 50)
    for key, x in zip(tracker.area, xs, strict=True):
        lay.places.append(Place(area["value"], (x, MID_Y, w, MID_H), True, "area", key=key))


def _discard(lay: Layout, view: dict[str, Any], tracker: Tracker) -> None:
    cards = view.get("discard", [])
    if len(tracker.discard) != len(cards):
        return
    shown = list(zip(tracker.discard, cards, strict=True))[-DISCARD_SHOWN:]
    x, y, w, h = lay.discard_pile
    for i, (key, value) in enumerate(shown):
        lay.places.append(Place(value, (x + 2 * i, y - i, w, h), True, "discard", key=key))


def _reserves(lay: Layout, view: dict[str, Any], tracker: Tracker) -> None:
    for spot in lay.ring:
        seat = spot.seat
        values = view.get("reserves", [])[seat] if seat < len(view.get("reserves", [])) else []
        keys = tracker.reserves[seat] if seat < len(tracker.reserves) else []
        if not keys or len(keys) != len(values):
            continue
        lay.reserve_keys[seat] = list(keys)
        if seat == lay.bottom:
            height = RESERVE_H
            x, y = MY_RESERVE_XY
            zone = "reserve"
        else:
            height = OPP_H
            hx, y, hw, _hh = spot.hand
            x = hx + hw + 12 if spot.side != "right" else hx - 12 - 2 * card_w(OPP_H) - 6
            zone = "opp_reserve"
        w = card_w(height)
        gap = RESERVE_GAP if seat == lay.bottom else 6
        for i, (key, value) in enumerate(zip(keys, values, strict=True)):
            rect = (x + i * (w + gap), y, w, height)
            lay.places.append(Place(value, rect, True, zone, seat, key))


def compute(view: dict[str, Any], tracker: Tracker, gap: int | None = None) -> Layout:
    """Every card's place for ``view`` in draw order (bottom first); ``gap`` previews the
    waiting cards in that gap of the bottom hand."""
    players = view["players"]
    me = view.get("seat")
    lay = Layout(bottom_seat(players, me), seat_ring(players, me))
    _discard(lay, view, tracker)
    _area(lay, view, tracker)
    for spot in lay.ring:
        if spot.seat != lay.bottom:
            _opponent(lay, view, tracker, spot)
    _reserves(lay, view, tracker)
    _bottom_hand(lay, view, tracker, gap)
    _waiting(lay, view, tracker)
    return lay


def deck_rect() -> Rect:
    """Where new cards come from: the draw pile (the set-aside stack in the duel)."""
    return (PILE_X, MID_Y, card_w(MID_H), MID_H)


def passers(view: dict[str, Any]) -> list[int]:
    """Who passed since the current set was played (N-16): the ``passes`` seats still in the
    round that follow its owner in turn order (any play resets the count, N-18)."""
    area = view.get("area")
    if not area:
        return []
    players = view["players"]
    out = view.get("out", [False] * players)
    seats = []
    seat = area["owner"]
    for _step in range(players):
        seat = (seat + 1) % players
        if len(seats) == view.get("passes", 0):
            break
        if not out[seat] and seat != area["owner"]:
            seats.append(seat)
    return seats


# ---------------------------------------------------------------------- clicks → moves


def can_act(view: dict[str, Any]) -> bool:
    seat = view.get("seat")
    return seat is not None and seat in view.get("to_move", []) and not view.get("over")


def is_duel(view: dict[str, Any]) -> bool:
    """N-3: the duel rules (§8) apply (2 players and ``two_player = duel``; the view says)."""
    return bool(view.get("duel"))


def may_pass(view: dict[str, Any], legal: LegalMoves) -> tuple[bool, str]:
    """N-11, N-15, N-29: whether the player to move may pass now (the host's ``legal`` moves
    offer a pass), and why not (worded from the rules)."""
    if legal.having("pass"):
        return True, ""
    if view.get("area") is None:
        return False, _("You lead: play any set from your hand")
    if is_duel(view) and not view["reserves"][view["seat"]]:
        return False, _("You have no reserve card, so you cannot pass")
    return False, _("You cannot pass now")


def legal_hand(view: dict[str, Any], legal: LegalMoves) -> set[int]:
    """Indices of your hand cards that belong to a play of the host's ``legal`` moves (they
    glow; N-12, N-28)."""
    if view.get("phase") != "play":
        return set()
    return {i for start, length in legal.values("play") for i in range(start, start + length)}


def key_at(lay: Layout, pos: tuple[float, float]) -> Hashable:
    """The topmost card under ``pos`` (hand cards answer in the strip they lift into)."""
    found = None
    for place in lay.places:
        x, y, w, h = place.rect
        rect = (x, y - LIFT, w, h + LIFT) if place.zone == "hand" else place.rect
        if contains(rect, pos):
            found = place
    return None if found is None else found.key


def gap_at(lay: Layout, pos: tuple[float, float]) -> int | None:
    for g, zone in enumerate(lay.gaps):
        if contains(zone, pos):
            return g
    return None


def resolve_click(
    view: dict[str, Any], lay: Layout, pos: tuple[float, float], pick: Pick, legal: LegalMoves
) -> Click:
    """Turn a click at ``pos`` into a move, a selection or an explained refusal: what is
    allowed comes from the host's ``legal`` moves, the reasons from the rules.

    ``select`` clicks name what was chosen: a hand card (start a pick, or grow it), a reserve
    card (toggle it into the pick, N-28) or the discard pile (look through it, N-7).
    """
    if contains(lay.discard_pile, pos) and view.get("discard"):
        return Click("select", key=PILE_KEY)
    key = key_at(lay, pos)
    phase = view.get("phase")
    acting = can_act(view)
    if acting and phase == "place":
        return _place_click(view, lay, pos)
    in_hand = key in lay.hand_keys
    button = contains(ACTION_BUTTON, pos) or (pick.block is not None and contains(PLAY_BUTTON, pos))
    if not (in_hand or button or key in lay.reserve_keys.get(lay.bottom, [])):
        return Click("none", key=key)
    if view.get("seat") is None:
        return Click("illegal", key=key, reason=_("You are watching this table."))
    if view.get("over"):
        return Click("illegal", key=key, reason=_("The game is over."))
    if not acting:
        return Click("illegal", key=key, reason=_("Wait for your turn."))
    if contains(ACTION_BUTTON, pos):
        return _pass_click(view, lay, pick, legal)
    if contains(PLAY_BUTTON, pos) and pick.block is not None:
        return _commit(view, lay, pick, None)
    if key in lay.reserve_keys.get(lay.bottom, []):
        return Click("select", key=key)
    return _hand_click(view, lay, key, pick, legal)


def _place_click(view: dict[str, Any], lay: Layout, pos: tuple[float, float]) -> Click:
    if contains(ACTION_BUTTON, pos):
        return Click("move", {"discard": True}, ACTION_KEY)
    gap = gap_at(lay, pos)
    if gap is not None:
        return Click("move", {"insert": gap}, gap_key(gap))
    return Click("none")


def _pass_click(view: dict[str, Any], lay: Layout, pick: Pick, legal: LegalMoves) -> Click:
    ok, reason = may_pass(view, legal)
    if not ok:
        return Click("illegal", key=ACTION_KEY, reason=reason)
    if not is_duel(view):
        return Click("move", {"pass": True}, ACTION_KEY)
    reserve = view["reserves"][view["seat"]]
    chosen = [reserve[s] for s in pick.reserve if s < len(reserve)]
    if len(chosen) == 1:
        return Click("move", {"pass": True, "card": chosen[0]}, ACTION_KEY)
    if not chosen and len(set(reserve)) == 1:
        return Click("move", {"pass": True, "card": reserve[0]}, ACTION_KEY)
    return Click(
        "illegal",
        key=ACTION_KEY,
        reason=_("Click the one reserve card to spend, then Pass"),
    )


def _hand_click(
    view: dict[str, Any], lay: Layout, key: Hashable, pick: Pick, legal: LegalMoves
) -> Click:
    index = lay.hand_keys.index(key)
    hand = view["hand"]
    me = view["seat"]
    reserve = view["reserves"][me] if is_duel(view) else []
    if pick.anchor is not None and pick.anchor < len(hand):
        lo, hi = picking.run_at(hand, pick.anchor)
        if lo <= index < hi:
            return _commit(view, lay, pick.grow(hand, index), key)
    if index not in legal_hand(view, legal):
        return Click(
            "illegal", key=key, reason=picking.best_reason(hand, index, view.get("area"), reserve)
        )
    return Click("select", key=key)


def _commit(view: dict[str, Any], lay: Layout, pick: Pick, key: Hashable) -> Click:
    me = view["seat"]
    reserve = view["reserves"][me] if is_duel(view) else []
    move, reason = picking.pick_move(view["hand"], view.get("area"), reserve, pick)
    if move is None:
        return Click("illegal", key=key, reason=reason)
    return Click("move", move, key)


def select(lay: Layout, pick: Pick, key: Hashable) -> Pick:
    """The pick after a ``select`` click on ``key``: a reserve card toggles in or out of it
    (N-28), a hand card starts it afresh there (keeping the chosen reserve cards)."""
    reserve = lay.reserve_keys.get(lay.bottom, [])
    if key in reserve:
        return pick.toggle(reserve.index(key))
    if key in lay.hand_keys:
        return pick.start_at(lay.hand_keys.index(key))
    return pick


def hover(view: dict[str, Any], lay: Layout, pick: Pick, pos: tuple[float, float]) -> Pick:
    """The pick after the mouse moves to ``pos``: it follows along the picked block (N-9)."""
    key = key_at(lay, pos)
    if pick.anchor is None or key not in lay.hand_keys or view.get("hand") is None:
        return pick
    return pick.grow(view["hand"], lay.hand_keys.index(key))


def hand_point(lay: Layout, index: int) -> tuple[int, int]:
    """A point that clicks the bottom hand's card ``index`` (its visible strip)."""
    key = lay.hand_keys[index]
    place = lay.place(key)
    assert place is not None
    x, y, w, h = place.rect
    right = x + w
    if index + 1 < len(lay.hand_keys):
        nxt = lay.place(lay.hand_keys[index + 1])
        if nxt is not None:
            right = min(right, nxt.rect[0])
    return round((x + right) / 2), round(y + h / 2)


def clicks_for(view: dict[str, Any], lay: Layout, move: dict[str, Any]) -> list[tuple[int, int]]:
    """The clicks that make ``move`` on this layout, in order (autoplay and tests).

    A play: the reserve cards that join it (duel), its first card, its last card (the second
    click on the same card plays a single card). A duel pass: the reserve card, then Pass.
    """
    if "insert" in move:
        return [center(lay.gaps[move["insert"]])]
    if "discard" in move:
        return [center(ACTION_BUTTON)]
    me = view["seat"]
    reserve = view["reserves"][me] if me is not None and view.get("reserves") else []
    keys = lay.reserve_keys.get(lay.bottom, [])
    if "pass" in move:
        clicks = []
        if "card" in move:
            slot = reserve.index(move["card"])
            clicks.append(center(lay.place(keys[slot]).rect))
        return [*clicks, center(ACTION_BUTTON)]
    start, length = move["play"]
    clicks = []
    extra = move.get("reserve", 0)
    if extra:
        slots = picking.reserve_slots(reserve, view["hand"][start], extra)
        clicks += [center(lay.place(keys[s]).rect) for s in slots]
    return [*clicks, hand_point(lay, start), hand_point(lay, start + length - 1)]


def value_counts(view: dict[str, Any]) -> dict[str, dict[int, int]]:
    """Per value (N-1: nine of each): how many are on the discard pile (N-7) and how many the
    viewer has seen nowhere — not discarded, not in play, not in their hand, not known in
    another hand, not a reserve card."""
    discard = {v: 0 for v in VALUES}
    for v in view.get("discard", []):
        discard[v] += 1
    seen = dict(discard)
    area = view.get("area")
    if area:
        seen[area["value"]] += area["count"]
    known: list[int] = list(view.get("hand") or [])
    for seat, public in enumerate(view.get("public_hands", [])):
        if seat != view.get("seat"):
            known += [v for v in public if v is not None]
    for reserve in view.get("reserves", []):
        known += reserve
    pending = view.get("pending")
    if pending and pending.get("cards"):
        known += pending["cards"]
    for v in known:
        seen[v] += 1
    return {"discard": discard, "unseen": {v: max(0, COPIES - seen[v]) for v in VALUES}}
