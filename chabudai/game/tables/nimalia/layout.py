"""Nimalia table layout as pure functions: a view in; card places, the ghost and clicks out.

The screen (1280 × 720): the left column holds your badge, the round, the four objectives, the
score track and the move log; the middle your reserve with your hand under it; the right column
one panel per other player, in play order (the next seat — your left neighbour — first), with
their reserve, their hand as small backs and the face-down card they have placed this turn.

Your reserve is drawn over the engine's whole frame of positions (every reserve stays within
rows and columns 0–9, ``chabudai.engines.nimalia.state``), so nothing moves as it grows and the ghost can
show any anchor, legal or not. The others' reserves are drawn in a 6 × 6 window (M-19) centred on
their cards.

The ghost (:func:`ghost`) is the card you hold, turned and held over an anchor: the engine says
whether it may go there and why not (M-16, M-17, M-19), and scores this round's objectives on a
trial reserve with it (M-26). Nothing here touches pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from chabudai.engines.nimalia import FIRST_ANCHOR, grid_from_view, score_objective
from chabudai.engines.nimalia.geometry import (
    LIMIT,
    Grid,
    Pos,
    bounding_box,
    place,
    placement_problem,
)
from chabudai.engines.nimalia.objectives import COLOURS, SCHEDULE
from chabudai.game.tables.kit import geometry
from chabudai.game.tables.kit.geometry import Click, Place, Rect, center, contains
from chabudai.game.tables.kit.legal import LegalMoves
from chabudai.game.tables.kit.seats import play_order
from chabudai.game.words import refusal
from chabudai.i18n import _

# The engine's frame: the first card covers FIRST_ANCHOR and the reserve never exceeds 6 × 6.
FRAME_LOW = FIRST_ANCHOR[0] + 2 - LIMIT  # 0
FRAME = 2 * LIMIT - 2  # 10 positions a side
ROUNDS = len(SCHEDULE)

# Left column.
BADGE: Rect = (12, 10, 280, 66)
INFO_Y = 84
DECK: Rect = (250, 84, 40, 40)
OBJECTIVE_W, OBJECTIVE_H = 104, 162  # the portrait objective cards (180 × 280 stored)
OBJECTIVES: tuple[Rect, ...] = tuple(
    (28 + (i % 2) * 132, 134 + (i // 2) * 186, OBJECTIVE_W, OBJECTIVE_H) for i in range(4)
)
TRACK: Rect = (20, 514, 264, 92)  # numbers on top, the line, pawns stacked under it
LOG_POS = (16, 612)
LOG_W = 276

# Middle: your reserve, your hand, the turning buttons.
CELL = 46
MY_AREA: Rect = (306, 10, FRAME * CELL, FRAME * CELL)
STATUS_Y = 480
HAND_CARD = 112
HAND_Y = 562
HAND_GAP = 16
HAND_CENTRE = MY_AREA[0] + MY_AREA[2] / 2
ROTATE_LEFT: Rect = (298, 590, 46, 46)
ROTATE_RIGHT: Rect = (728, 590, 46, 46)
HINT_Y = 690

# Right column: the other players' panels, by how many there are.
PANELS: dict[int, tuple[Rect, ...]] = {
    0: (),
    1: ((784, 10, 486, 640),),
    2: ((784, 10, 486, 318), (784, 338, 486, 318)),
    3: ((784, 10, 238, 318), (1032, 10, 238, 318), (784, 338, 238, 318)),
}
PANEL_CELL = {1: 72, 2: 42, 3: 36}
HEADER = 64  # the seat badge over the reserve
BACK = 22  # the small backs of the others' hands
BACK_STEP = 28
BACK_Y = 39  # on the badge's status line, clear of the score above it

# Modal views.
ZOOM: Rect = (170, 40, 940, 640)
ZOOM_CELL = 84
OBJECTIVE_ZOOM: Rect = (300, 70, 700, 560)
OBJECTIVE_ZOOM_CARD = (270, 420)

CARD_HEIGHTS = (BACK, 2 * PANEL_CELL[3], 2 * PANEL_CELL[2], 2 * CELL, HAND_CARD, 2 * PANEL_CELL[1])


@dataclass(frozen=True)
class Board:
    """One seat's reserve on screen: grid position ``(top, left)`` at the area's top-left."""

    seat: int
    area: Rect
    top: int
    left: int
    cell: float
    size: int  # positions per side
    panel: Rect

    def rect(self, row: int, col: int, span: int = 2) -> Rect:
        """The screen rectangle of the ``span`` × ``span`` block at ``(row, col)``."""
        x, y = self.area[0], self.area[1]
        cell = self.cell
        return (x + (col - self.left) * cell, y + (row - self.top) * cell, span * cell, span * cell)

    def anchor_at(self, point: tuple[float, float]) -> Pos:
        """The anchor whose 2 × 2 block is centred nearest ``point`` (kept inside the area)."""
        x, y = self.area[0], self.area[1]
        col = math.floor((point[0] - x) / self.cell + 0.5) - 1
        row = math.floor((point[1] - y) / self.cell + 0.5) - 1
        col = min(max(col, 0), self.size - 2)
        row = min(max(row, 0), self.size - 2)
        return row + self.top, col + self.left

    def centre_of(self, anchor: Pos) -> tuple[int, int]:
        """The point on screen that :meth:`anchor_at` turns into ``anchor``."""
        return center(self.rect(*anchor))


@dataclass(frozen=True)
class Preview:
    """What one of this round's objectives would give you (M-26): now, and with the card."""

    objective: int
    colour: str
    before: int
    after: int


@dataclass(frozen=True)
class Ghost:
    """The card held over the anchor ``(row, col)``: legal or the engine's reason why not."""

    card: int
    rot: int
    row: int
    col: int
    problem: str | None
    preview: tuple[Preview, ...] = ()

    @property
    def legal(self) -> bool:
        return self.problem is None

    @property
    def move(self) -> dict[str, int]:
        return {"card": self.card, "rot": self.rot, "row": self.row, "col": self.col}


@dataclass
class Layout:
    bottom: int  # the seat whose reserve is in the middle (yours; seat 0 for a spectator)
    order: list[int]  # seats from the bottom one, in play order
    boards: dict[int, Board] = field(default_factory=dict)
    places: list[Place] = field(default_factory=list)
    slots: dict[int, Rect] = field(default_factory=dict)  # each seat's placed-card slot

    @property
    def mine(self) -> Board:
        return self.boards[self.bottom]

    def place_of(self, key: Any) -> Place | None:
        return next((p for p in self.places if p.key == key), None)


# ---------------------------------------------------------------------- reserves


def reserve_grid(view: dict[str, Any], seat: int) -> Grid:
    """``seat``'s reserve as revealed (yours with your pending card on it)."""
    if seat == view.get("seat") and view.get("reserve") is not None:
        return grid_from_view(view["reserve"])
    return grid_from_view(view["reserves"][seat])


def window(grid: Grid) -> Pos:
    """Top-left grid position of the LIMIT × LIMIT window centred on ``grid`` (M-19)."""
    if not grid:
        return FIRST_ANCHOR[0] + 1 - LIMIT // 2, FIRST_ANCHOR[1] + 1 - LIMIT // 2
    top, bottom, left, right = bounding_box(grid)
    return top - (LIMIT - (bottom - top + 1)) // 2, left - (LIMIT - (right - left + 1)) // 2


def my_board(seat: int) -> Board:
    x, y, w, h = MY_AREA
    return Board(seat, MY_AREA, FRAME_LOW, FRAME_LOW, CELL, FRAME, (x - 8, y - 6, w + 16, h + 12))


def panel_board(seat: int, panel: Rect, cell: int, grid: Grid) -> Board:
    px, py, pw, _ph = panel
    side = LIMIT * cell
    area = (px + (pw - side) / 2, py + HEADER, side, side)
    top, left = window(grid)
    return Board(seat, area, top, left, cell, LIMIT, panel)


def boards(view: dict[str, Any]) -> dict[int, Board]:
    order = play_order(view["players"], view.get("seat"))
    others = order[1:]
    found = {order[0]: my_board(order[0])}
    for seat, panel in zip(others, PANELS[len(others)], strict=True):
        found[seat] = panel_board(seat, panel, PANEL_CELL[len(others)], reserve_grid(view, seat))
    return found


def placed_slot(board: Board, bottom: bool, count: int) -> Rect:
    """Where a seat's face-down placed card waits for the reveal (M-11): beside the ``count``
    cards left in the hand at the bottom (a spectator's view), on the badge of the others."""
    if bottom:
        rects = hand_rects(count)
        x = rects[-1][0] + HAND_CARD + HAND_GAP if rects else HAND_CENTRE - HAND_CARD / 2
        return (x, HAND_Y, HAND_CARD, HAND_CARD)
    px, py, pw, _ph = board.panel
    return (px + pw - 12 - BACK, py + BACK_Y, BACK, BACK)


def hand_rects(count: int) -> list[Rect]:
    xs = geometry.row(count, HAND_CARD, HAND_CARD + HAND_GAP, HAND_CENTRE)
    return [(x, HAND_Y, HAND_CARD, HAND_CARD) for x in xs]


def back_rects(board: Board, count: int) -> list[Rect]:
    """The small backs of another player's hand, right to left before the placed slot."""
    px, py, pw, _ph = board.panel
    right = px + pw - 12 - BACK - BACK_STEP
    return [(right - (count - 1 - i) * BACK_STEP, py + BACK_Y, BACK, BACK) for i in range(count)]


def compute(view: dict[str, Any], selected: int | None = None, rot: int = 0) -> Layout:
    """Every card's place for ``view``; the selected hand card shows its turn ``rot``."""
    order = play_order(view["players"], view.get("seat"))
    layout = Layout(order[0], order, boards(view))
    me = view.get("seat")
    for seat in order:
        board = layout.boards[seat]
        for card, turn, row, col in view["placements"][seat]:
            layout.places.append(Place(card, board.rect(row, col), True, "reserve", seat, rot=turn))
    pending = view.get("pending")
    if me is not None and pending is not None:
        rect = layout.mine.rect(pending["row"], pending["col"])
        layout.places.append(Place(pending["card"], rect, True, "pending", me, rot=pending["rot"]))
    counts = view["hand_counts"]
    hand = list(view.get("hand") or []) if me is not None else []
    hidden = max(0, counts[order[0]] - len(hand))
    for i, rect in enumerate(hand_rects(len(hand) + hidden)):
        if i < len(hand):
            card = hand[i]
            turn = rot if card == selected else 0
            layout.places.append(Place(card, rect, True, "hand", order[0], rot=turn))
        else:
            key = ("back", order[0], i - len(hand))
            layout.places.append(Place(None, rect, False, "hand", order[0], key=key))
    for seat in order:
        board = layout.boards[seat]
        bottom = seat == order[0]
        if not bottom:
            for i, rect in enumerate(back_rects(board, counts[seat])):
                layout.places.append(Place(None, rect, False, "backs", seat, key=("back", seat, i)))
        layout.slots[seat] = placed_slot(board, bottom, counts[seat])
        if view["placed"][seat] and seat != me:
            slot = layout.slots[seat]
            layout.places.append(Place(None, slot, False, "placed", seat, key=("placed", seat)))
    return layout


# ---------------------------------------------------------------------- the ghost


def can_act(view: dict[str, Any]) -> bool:
    seat = view.get("seat")
    return seat is not None and seat in view.get("to_move", []) and not view.get("over")


def ghost_anchor(view: dict[str, Any], anchor: Pos) -> Pos:
    """Your first card goes at the engine's first anchor wherever you point (M-16)."""
    return anchor if view.get("reserve") else FIRST_ANCHOR


def default_anchor(view: dict[str, Any], legal: LegalMoves) -> Pos:
    """Where the ghost starts: the anchor of the host's ``legal`` moves nearest the middle of
    your reserve."""
    grid = grid_from_view(view.get("reserve") or {})
    anchors = {(m["row"], m["col"]) for m in legal.having("row")}
    if not anchors or not grid:
        return FIRST_ANCHOR
    top, bottom, left, right = bounding_box(grid)
    middle = ((top + bottom - 1) / 2, (left + right - 1) / 2)
    return min(anchors, key=lambda a: ((a[0] - middle[0]) ** 2 + (a[1] - middle[1]) ** 2, a))


def ghost(view: dict[str, Any], card: int, rot: int, anchor: Pos, legal: LegalMoves) -> Ghost:
    """The card ``card`` turned ``rot`` over ``anchor`` of your reserve: allowed when the host's
    ``legal`` moves have it, else the rules' reason why not (M-16, M-17, M-19); where allowed,
    this round's objectives on the trial reserve (M-26)."""
    row, col = ghost_anchor(view, anchor)
    grid = grid_from_view(view.get("reserve") or {})
    if {"card": card, "rot": rot, "row": row, "col": col} not in legal:
        said = placement_problem(grid, row, col) if grid else None
        problem = refusal(said) if said else ""  # it follows "Not there: " (a sentence)
        return Ghost(card, rot, row, col, problem or _("You cannot place a card there now."))
    trial = dict(grid)
    place(trial, card, rot, row, col)
    return Ghost(card, rot, row, col, None, preview(view, grid, trial))


def preview(view: dict[str, Any], grid: Grid, trial: Grid) -> tuple[Preview, ...]:
    """This round's objectives for your reserve ``grid`` and for ``trial``, the others' reserves
    as revealed (comparisons, M-28)."""
    me = view["seat"]
    reserves = [grid_from_view(r) for r in view["reserves"]]
    options = view.get("options", {})
    out = []
    by_colour = dict(zip(COLOURS, view["objectives"], strict=True))
    for colour in SCHEDULE[view["round"]]:
        oid = by_colour[colour]
        reserves[me] = grid
        before = score_objective(oid, reserves, options)[me]
        reserves[me] = trial
        after = score_objective(oid, reserves, options)[me]
        out.append(Preview(oid, colour, before, after))
    return tuple(out)


# ---------------------------------------------------------------------- clicks


def hand_card_at(layout: Layout, pos: tuple[float, float]) -> int | None:
    hand = [p for p in layout.places if p.zone == "hand" and p.card is not None]
    found = geometry.topmost(hand, pos, geometry.lifted_hit)
    return None if found is None else found.card


def waiting_reason(view: dict[str, Any]) -> str:
    """Why the player may not place now."""
    if view.get("seat") is None:
        return _("You are watching this table.")
    if view.get("over"):
        return _("The game is over.")
    return _("Your card is placed: waiting for the others to place theirs.")


def resolve_click(
    view: dict[str, Any],
    layout: Layout,
    pos: tuple[float, float],
    selected: int | None,
    rot: int,
    legal: LegalMoves,
) -> Click:
    """A click on the turning buttons, a hand card or your reserve (M-11, M-15 to M-19): what is
    allowed comes from the host's ``legal`` moves, the reasons from the rules."""
    acting = can_act(view)
    for rect, turn in ((ROTATE_LEFT, -1), (ROTATE_RIGHT, 1)):
        if contains(rect, pos):
            return Click("select", key=("rotate", turn)) if acting else Click("none")
    card = hand_card_at(layout, pos)
    if card is not None:
        if not acting:
            return Click("illegal", key=card, reason=waiting_reason(view))
        return Click("select", key=card)
    if not contains(layout.mine.area, pos) or not acting:
        return Click("none")
    if selected is None:
        return Click("illegal", reason=_("Choose a card from your hand first."))
    held = ghost(view, selected, rot, layout.mine.anchor_at(pos), legal)
    if not held.legal:
        # Translators: a refused placement; {reason} says why (a sentence)
        reason = _("Not there: {reason}").format(reason=held.problem)
        return Click("illegal", key=selected, reason=reason)
    return Click("move", held.move, key=selected)


def clicks_for(
    view: dict[str, Any], layout: Layout, move: dict[str, int], selected: int | None, rot: int
) -> list[tuple[int, int]]:
    """The clicks that make ``move``: the card (a new card starts unturned), the turns, the spot."""
    clicks = []
    if selected != move["card"]:
        target = layout.place_of(move["card"])
        assert target is not None, f"card {move['card']} is not in the hand"
        hand = [p for p in layout.places if p.zone == "hand"]
        clicks.append(geometry.hit_point(hand, target, geometry.lifted_hit))
        rot = 0
    turns = (move["rot"] - rot) % 4
    if turns == 3:
        clicks.append(center(ROTATE_LEFT))
    else:
        clicks += [center(ROTATE_RIGHT)] * turns
    clicks.append(layout.mine.centre_of((move["row"], move["col"])))
    return clicks


def zoom_board(view: dict[str, Any], seat: int) -> Board:
    """``seat``'s reserve enlarged in the zoom panel."""
    x, y, _w, h = ZOOM
    side = LIMIT * ZOOM_CELL
    area = (x + 30, y + (h - side) / 2 + 16, side, side)
    top, left = window(reserve_grid(view, seat))
    return Board(seat, area, top, left, ZOOM_CELL, LIMIT, ZOOM)


def objective_at(pos: tuple[float, float]) -> int | None:
    """The index (colour order) of the objective card under ``pos``."""
    return next((i for i, rect in enumerate(OBJECTIVES) if contains(rect, pos)), None)


def board_at(layout: Layout, pos: tuple[float, float]) -> int | None:
    """The seat whose panel (or reserve, for yours) is under ``pos``."""
    for seat, board in layout.boards.items():
        rect = board.area if seat == layout.bottom else board.panel
        if contains(rect, pos):
            return seat
    return None
