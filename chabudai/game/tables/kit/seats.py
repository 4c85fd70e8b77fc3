"""The seat ring: where each player of a 2–8 seat table sits on screen (pure, no pygame).

Your seat is at the bottom; the others sit around the table in play order, clockwise as seen
from above — up the left side, along the top, down the right side — so the next player is always
on your left, as at a real table. A spectator sees seat 0 at the bottom.

Each :class:`SeatSpot` gives a seat its badge (name, status, score), a strip for its hand (card
backs or what the table knows of it) and an ``anchor`` in the middle of the table where the cards
it plays land.
"""

from __future__ import annotations

from dataclasses import dataclass

from chabudai.game.tables.kit.geometry import SCREEN, Point, Rect

BADGE_W, BADGE_H = 236, 66
HAND_H = 58  # the strip under (or beside) an opponent's badge for its hand
GAP = 4
MARGIN = 10
TABLE_CENTRE = (640.0, 318.0)

# Which edge each opponent sits at, by how many opponents there are (clockwise from your left).
ARRANGEMENTS: dict[int, tuple[str, ...]] = {
    0: (),
    1: ("top",),
    2: ("top", "top"),
    3: ("left", "top", "right"),
    4: ("left", "top", "top", "right"),
    5: ("left", "top", "top", "top", "right"),
    6: ("left", "left", "top", "top", "right", "right"),
    7: ("left", "left", "top", "top", "top", "right", "right"),
}
SIDE_Y = {1: (232.0,), 2: (150.0, 318.0)}  # badge tops on a side with one or two seats
TOP_STEP = 400.0  # horizontal distance between badges along the top


@dataclass(frozen=True)
class SeatSpot:
    seat: int
    position: int  # 0 = the bottom seat; 1, 2, … clockwise = play order
    side: str  # bottom, left, top, right
    badge: Rect
    hand: Rect
    anchor: Point


def bottom_seat(players: int, me: int | None) -> int:
    """The seat shown at the bottom: yours, or seat 0 for a spectator."""
    return 0 if me is None or not 0 <= me < players else me


def play_order(players: int, me: int | None) -> list[int]:
    """Seats clockwise from the bottom seat: the bottom seat, then the next to play, …"""
    first = bottom_seat(players, me)
    return [(first + i) % players for i in range(players)]


def _toward_centre(point: Point, share: float) -> Point:
    cx, cy = TABLE_CENTRE
    return (point[0] + (cx - point[0]) * share, point[1] + (cy - point[1]) * share)


def _opponent(side: str, index: int, count: int) -> tuple[Rect, Rect]:
    """Badge and hand strip of the ``index``-th of ``count`` seats on ``side`` (clockwise)."""
    if side == "top":
        cx = SCREEN[0] / 2 + (index - (count - 1) / 2) * TOP_STEP
        badge = (cx - BADGE_W / 2, MARGIN, BADGE_W, BADGE_H)
        hand = (cx - BADGE_W / 2, MARGIN + BADGE_H + GAP, BADGE_W, HAND_H)
        return badge, hand
    # Sides run bottom to top on the left and top to bottom on the right (clockwise).
    ys = SIDE_Y[count]
    y = ys[count - 1 - index] if side == "left" else ys[index]
    x = MARGIN if side == "left" else SCREEN[0] - MARGIN - BADGE_W
    return (x, y, BADGE_W, BADGE_H), (x, y + BADGE_H + GAP, BADGE_W, HAND_H)


BOTTOM_BADGE: Rect = (16.0, 514.0, BADGE_W, BADGE_H)
BOTTOM_HAND: Rect = (270.0, 560.0, 740.0, 150.0)


def seat_ring(players: int, me: int | None) -> list[SeatSpot]:
    """Every seat's spot for a table of ``players`` seen by ``me``, indexed by seat number."""
    if not 1 <= players <= 8:
        raise ValueError(f"the seat ring holds 1 to 8 seats, not {players}")
    order = play_order(players, me)
    sides = ARRANGEMENTS[players - 1]
    on_side = {side: sides.count(side) for side in set(sides)}
    seen: dict[str, int] = {}
    spots: list[SeatSpot | None] = [None] * players
    bx, by, bw, bh = BOTTOM_HAND
    spots[order[0]] = SeatSpot(
        order[0], 0, "bottom", BOTTOM_BADGE, BOTTOM_HAND, (bx + bw / 2, by - 118)
    )
    for position, (seat, side) in enumerate(zip(order[1:], sides, strict=True), start=1):
        index = seen.get(side, 0)
        seen[side] = index + 1
        badge, hand = _opponent(side, index, on_side[side])
        hx, hy, hw, hh = hand
        anchor = _toward_centre((hx + hw / 2, hy + hh), 0.42)
        spots[seat] = SeatSpot(seat, position, side, badge, hand, anchor)
    return [spot for spot in spots if spot is not None]
