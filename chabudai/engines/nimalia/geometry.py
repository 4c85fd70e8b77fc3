"""Reserve geometry: placement legality (M-14 to M-20) and the shapes objectives look at (M-21
to M-25).

A *grid* (reserve) maps ``(row, col)`` to the visible space code there (see ``cards``); rows grow
downward, columns rightward. Only relative positions matter (M-14).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from chabudai.engines.base import Said
from chabudai.engines.nimalia.cards import ANIMAL_OF, RIVER_OF, TERRAIN_OF, card_cells

Pos = tuple[int, int]
Grid = dict[Pos, str]

LIMIT = 6  # M-19
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # M-21: edge neighbours


def cover(row: int, col: int) -> tuple[Pos, Pos, Pos, Pos]:
    """The 2×2 block a card covers at anchor ``(row, col)`` (M-14)."""
    return ((row, col), (row, col + 1), (row + 1, col), (row + 1, col + 1))


def bounding_box(positions: Iterable[Pos]) -> tuple[int, int, int, int]:
    """``(top, bottom, left, right)`` of non-empty ``positions`` (inclusive)."""
    rows = [r for r, _ in positions]
    cols = [c for _, c in positions]
    if not rows:
        raise ValueError("an empty reserve has no bounding box")
    return min(rows), max(rows), min(cols), max(cols)


def placement_problem(occupied: Mapping[Pos, object] | set[Pos], row: int, col: int) -> Said | None:
    """Why a card may not go at anchor ``(row, col)`` on ``occupied`` (None if it may), as a
    reason of ``engines/describe.py``.

    M-16: the first card goes anywhere; M-17: later cards cover an occupied position;
    M-19: afterwards the reserve fits in 6 × 6.
    """
    if not occupied:
        return None
    if not any(p in occupied for p in cover(row, col)):
        return Said("nimalia.must_cover")  # M-17
    top, bottom, left, right = bounding_box(occupied)
    height = max(bottom, row + 1) - min(top, row) + 1
    width = max(right, col + 1) - min(left, col) + 1
    if height > LIMIT or width > LIMIT:
        return Said("nimalia.too_big", {"rows": height, "cols": width, "limit": LIMIT})  # M-19
    return None


def legal_anchors(occupied: Mapping[Pos, object] | set[Pos]) -> list[Pos]:
    """Every anchor allowed on a non-empty reserve (M-17, M-19), sorted; [] when empty."""
    if not occupied:
        return []
    top, bottom, left, right = bounding_box(occupied)
    # M-19 bounds the anchor to the box grown by one; M-17 needs one covered position.
    rows = range(max(top - 1, bottom - LIMIT + 1), min(bottom, top + LIMIT - 2) + 1)
    cols = range(max(left - 1, right - LIMIT + 1), min(right, left + LIMIT - 2) + 1)
    return [
        (a, b)
        for a in rows
        for b in cols
        if (a, b) in occupied
        or (a, b + 1) in occupied
        or (a + 1, b) in occupied
        or (a + 1, b + 1) in occupied
    ]


def place(grid: Grid, card: int, rot: int, row: int, col: int) -> None:
    """Lay ``card`` on top of ``grid`` (M-18: its spaces replace whatever they cover)."""
    for pos, code in card_cells(card, rot, row, col):
        grid[pos] = code


def neighbours(pos: Pos) -> list[Pos]:
    """The 4 edge-adjacent positions of ``pos`` (M-21), occupied or not."""
    r, c = pos
    return [(r + dr, c + dc) for dr, dc in STEPS]


def touches_edge(grid: Mapping[Pos, str], pos: Pos) -> bool:
    """M-23: some neighbour position is empty (outside the reserve or a hole)."""
    r, c = pos
    return (
        (r - 1, c) not in grid
        or (r + 1, c) not in grid
        or (r, c - 1) not in grid
        or (r, c + 1) not in grid
    )


def components(cells: Iterable[Pos]) -> list[set[Pos]]:
    """M-22: the maximal adjacency-connected sets of ``cells``."""
    todo = set(cells)
    found = []
    while todo:
        start = todo.pop()
        area = {start}
        stack = [start]
        while stack:
            r, c = stack.pop()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in todo:
                    todo.remove(n)
                    area.add(n)
                    stack.append(n)
        found.append(area)
    return found


def areas(grid: Mapping[Pos, str], keep: Callable[[str], bool]) -> list[set[Pos]]:
    """M-22: the maximal adjacency-connected sets of positions whose code satisfies ``keep``."""
    return components([p for p, code in grid.items() if keep(code)])


def terrain_is(terrain: str) -> Callable[[str], bool]:
    return lambda code: TERRAIN_OF[code] == terrain


def animal_is(animal: str) -> Callable[[str], bool]:
    return lambda code: ANIMAL_OF[code] == animal


def river_ends(pos: Pos, river: str) -> tuple[Pos, Pos]:
    """M-25: the two lattice corners a river joins (corner (i, j) = top-left of position (i, j))."""
    r, c = pos
    if river == "U":
        return (r + 1, c), (r, c + 1)
    return (r, c), (r + 1, c + 1)


def corner_positions(corner: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    """The 4 positions sharing lattice corner ``corner``."""
    i, j = corner
    return ((i - 1, j - 1), (i - 1, j), (i, j - 1), (i, j))


def rivers(grid: Mapping[Pos, str]) -> list[set[Pos]]:
    """M-25: rivers = connected components of river spaces linked through shared end corners."""
    by_corner: dict[Pos, list[Pos]] = {}
    ends: dict[Pos, tuple[Pos, Pos]] = {}
    for pos, code in grid.items():
        river = RIVER_OF[code]
        if river is not None:
            ends[pos] = pair = river_ends(pos, river)
            for corner in pair:
                by_corner.setdefault(corner, []).append(pos)
    todo = set(ends)
    found = []
    while todo:
        start = todo.pop()
        component = {start}
        stack = [start]
        while stack:
            for corner in ends[stack.pop()]:
                for other in by_corner[corner]:
                    if other in todo:
                        todo.remove(other)
                        component.add(other)
                        stack.append(other)
        found.append(component)
    return found


def longest_river(grid: Mapping[Pos, str]) -> int:
    """M-25: the size of the largest river (0 without otters)."""
    return max((len(r) for r in rivers(grid)), default=0)


def is_connected(positions: Iterable[Pos]) -> bool:
    """True if the positions form one adjacency-connected set (M-20 consequence)."""
    cells = set(positions)
    if not cells:
        return True
    return len(areas({p: "" for p in cells}, lambda _: True)) == 1


__all__ = [
    "LIMIT",
    "Grid",
    "Pos",
    "areas",
    "animal_is",
    "bounding_box",
    "components",
    "corner_positions",
    "cover",
    "is_connected",
    "legal_anchors",
    "longest_river",
    "neighbours",
    "place",
    "placement_problem",
    "river_ends",
    "rivers",
    "terrain_is",
    "touches_edge",
]
