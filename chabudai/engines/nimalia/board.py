"""A reserve as bit masks, for fast scoring (§7): one whole number per terrain, animal and river.

Position ``(row, col)`` is bit ``row * WIDTH + col``. The frame is the engine's (see ``state``):
rows and columns 0–9, so a row has 10 real columns and one empty padding column; shifting a
mask by one column or diagonally never wraps a space into the next row (it lands in the
padding, which no mask ever holds). With masks, a neighbour test is a shift (M-21), a count is
``int.bit_count`` and an area is grown by shifts until it stops (M-22).

A :class:`Board` is immutable; :meth:`Board.placed` gives the board after a card is laid on it
(M-18: its spaces replace what they cover), so a bot tries placements without copying a grid.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from typing import NamedTuple

from chabudai.engines.nimalia.cards import ANIMALS, TERRAINS, parse_space, rotated

FRAME = 10  # rows and columns 0-9 hold every reserve of the engine (state: FIRST_ANCHOR, M-19)
WIDTH = FRAME + 1  # one padding column
BLOCK = 0b11 | 0b11 << WIDTH  # the 2x2 a card covers, at anchor (0, 0) (M-14)
COLUMN = sum(1 << r * WIDTH for r in range(FRAME))  # column 0 of every row
FULL = (1 << FRAME * WIDTH) - 1  # every position of the frame (and the padding)
_PADDING = COLUMN << FRAME  # the padding position of every row
_ROWS_FILLED = FULL ^ _PADDING  # every position of the frame


class Board(NamedTuple):
    """The visible spaces of one reserve: which positions are occupied, which show each terrain
    (M-2; an otter's is its land), each animal (M-2) and each otter river direction (M-3)."""

    occupied: int = 0
    lake: int = 0
    savanna: int = 0
    jungle: int = 0
    ice: int = 0
    crocodile: int = 0
    flamingo: int = 0
    lion: int = 0
    giraffe: int = 0
    gorilla: int = 0
    panda: int = 0
    bear: int = 0
    penguin: int = 0
    otter: int = 0
    up: int = 0  # otters whose river runs bottom-left to top-right (U)
    down: int = 0  # otters whose river runs top-left to bottom-right (D)

    def placed(self, card: int, rot: int, row: int, col: int) -> Board:
        """This board with ``card`` turned ``rot`` quarter turns laid at anchor ``(row, col)``
        (M-14, M-15, M-18)."""
        keep, masks = _laid(card, rot, row, col)
        # both are 16 long; zip without strict=: a keyword argument costs a dictionary per call
        return _make(Board, [m & keep | c for m, c in zip(self, masks)])  # noqa: B905

    def placed_in(self, fields: tuple[int, ...], card: int, rot: int, row: int, col: int) -> Board:
        """:meth:`placed` in the masks ``fields`` (indices into the board) alone: the others
        stay this board's. The result is right only for what reads no other mask, as a bot
        that scores a few objectives (``scoring.READS``), and costs a third or less."""
        keep, masks = _laid(card, rot, row, col)
        out = list(self)
        for i in fields:
            out[i] = out[i] & keep | masks[i]
        return _make(Board, out)

    def animals(self) -> tuple[int, ...]:
        """The nine animal masks, in the order of ``cards.ANIMALS``."""
        return self[_FIRST_ANIMAL : _FIRST_ANIMAL + len(ANIMALS)]

    def terrains(self) -> tuple[int, ...]:
        """The four terrain masks, in the order of ``cards.TERRAINS`` (L, S, J, I)."""
        return self[1 : 1 + len(TERRAINS)]


_make = tuple.__new__
_FIRST_ANIMAL = 5
EMPTY = Board()
TERRAIN_FIELDS = Board._fields[1 : 1 + len(TERRAINS)]  # the names of Board.terrains()
ANIMAL_FIELDS = Board._fields[_FIRST_ANIMAL : _FIRST_ANIMAL + len(ANIMALS)]  # Board.animals()


@functools.cache
def _fields(code: str) -> tuple[int, ...]:
    """The indices of the :class:`Board` masks a space ``code`` sets (``ValueError`` for an
    unknown code, from ``parse_space``)."""
    space = parse_space(code)
    found = [0, 1 + TERRAINS.index(space.terrain), _FIRST_ANIMAL + ANIMALS.index(space.animal)]
    if space.river is not None:
        found.append(Board._fields.index("up" if space.river == "U" else "down"))
    return tuple(found)


@functools.cache
def _card(card: int, rot: int) -> tuple[int, ...]:
    """The masks of ``card`` turned ``rot`` quarter turns, laid at anchor (0, 0)."""
    masks = [0] * len(Board._fields)
    for bit, code in zip((0, 1, WIDTH, WIDTH + 1), rotated(card, rot), strict=True):
        for field in _fields(code):
            masks[field] |= 1 << bit
    return tuple(masks)


@functools.lru_cache(maxsize=8192)  # of 19,440 (card, rot, anchor): a few MB at most
def _laid(card: int, rot: int, row: int, col: int) -> tuple[int, tuple[int, ...]]:
    """What laying ``card`` turned ``rot`` quarter turns at anchor ``(row, col)`` keeps of a
    board (a mask clearing the 2×2 it covers) and the masks of its four spaces there."""
    shift = row * WIDTH + col
    masks = tuple(mask << shift for mask in _card(card, rot))
    return FULL ^ BLOCK << shift, masks  # a positive mask: & is faster than with ~


def board_of(grid: Mapping[tuple[int, int], str]) -> Board:
    """The board of a ``{(row, col): code}`` reserve.

    Positions inside the engine's frame are kept (so anchors of the engine apply); any other
    reserve is moved to the frame's top-left corner first — only relative positions matter
    (M-14). ``ValueError`` for a reserve larger than the frame or an unknown space code.
    """
    if not grid:
        return EMPTY
    rows = [r for r, _ in grid]
    cols = [c for _, c in grid]
    top, left = min(rows), min(cols)
    if top >= 0 and left >= 0 and max(rows) < FRAME and max(cols) < FRAME:
        top = left = 0
    elif max(rows) - top >= FRAME or max(cols) - left >= FRAME:
        raise ValueError(f"a reserve spans at most {FRAME} rows and columns, not {dict(grid)!r}")
    by_code: dict[str, int] = {}
    for (r, c), code in grid.items():
        by_code[code] = by_code.get(code, 0) | 1 << (r - top) * WIDTH + (c - left)
    masks = [0] * len(Board._fields)
    for code, bits in by_code.items():
        for field in _fields(code):
            masks[field] |= bits
    return _make(Board, masks)


def as_board(reserve: Board | Mapping[tuple[int, int], str]) -> Board:
    """``reserve`` itself if it is a :class:`Board`, else :func:`board_of` it."""
    return reserve if isinstance(reserve, Board) else board_of(reserve)


# --------------------------------------------------------------------------- shapes (M-21 to M-25)


def beside(mask: int) -> int:
    """The positions with an edge neighbour in ``mask`` (M-21); may include empty positions."""
    return mask << 1 | mask >> 1 | mask << WIDTH | mask >> WIDTH


def inner(occupied: int) -> int:
    """The occupied positions whose four neighbours are all occupied (M-23: not on the edge)."""
    return occupied & occupied << 1 & occupied >> 1 & occupied << WIDTH & occupied >> WIDTH


# The shapes below are pure functions of masks that recur in many playouts of one search (the
# same reserves, the same placements tried): they remember their recent answers.
REMEMBERED = 1 << 14


@functools.lru_cache(maxsize=REMEMBERED)
def area_sizes(mask: int) -> tuple[int, ...]:
    """The size of each maximal edge-connected area of ``mask`` (M-22)."""
    sizes = []
    while mask:
        area = mask & -mask
        while True:  # grown by one step along every edge (M-21) until it stops
            grown = (area | area << 1 | area >> 1 | area << WIDTH | area >> WIDTH) & mask
            if grown == area:
                break
            area = grown
        mask ^= area
        sizes.append(area.bit_count())
    return tuple(sizes)


@functools.lru_cache(maxsize=REMEMBERED)
def river_sizes(up: int, down: int) -> tuple[int, ...]:
    """The number of spaces of each river (M-25): river spaces joined through shared end corners.

    Two river spaces share an end corner when they are a U and a D side by side (any edge
    neighbour), two U across the bottom-left/top-right diagonal or two D across the
    top-left/bottom-right one.
    """
    sizes = []
    while up or down:
        if up:
            u, d = up & -up, 0
        else:
            u, d = 0, down & -down
        while True:
            grown_u = (u | beside(d) | u << FRAME | u >> FRAME) & up
            grown_d = (d | beside(u) | d << WIDTH + 1 | d >> WIDTH + 1) & down
            if grown_u == u and grown_d == d:
                break
            u, d = grown_u, grown_d
        up ^= u
        down ^= d
        sizes.append(u.bit_count() + d.bit_count())
    return tuple(sizes)


def squares(occupied: int) -> Iterator[int]:
    """The fully occupied ``k × k`` blocks for k = 2, 3, …, as masks of their top-left
    positions, until there are none."""
    block = occupied
    while True:
        block &= block >> 1 & block >> WIDTH & block >> WIDTH + 1
        if not block:
            return
        yield block


def rows_with(*masks: int) -> int:
    """Bit ``row * WIDTH`` for each row holding a position of every one of ``masks`` (a board's
    masks: in the frame, never in the padding).

    Adding ``2 ** FRAME - 1`` to each row of a mask carries into the row's padding bit exactly
    when the row holds a position, and never further (a row and its padding are ``WIDTH`` bits).
    """
    rows = _PADDING
    for mask in masks:
        rows &= mask + _ROWS_FILLED
    return rows >> FRAME


def column(col: int) -> int:
    """The mask of column ``col`` of the frame."""
    return COLUMN << col


def positions(mask: int) -> Iterator[int]:
    """The bit index of each position in ``mask``."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


__all__ = [
    "ANIMAL_FIELDS",
    "BLOCK",
    "Board",
    "EMPTY",
    "FRAME",
    "TERRAIN_FIELDS",
    "WIDTH",
    "area_sizes",
    "as_board",
    "beside",
    "board_of",
    "column",
    "inner",
    "positions",
    "river_sizes",
    "rows_with",
    "squares",
]
