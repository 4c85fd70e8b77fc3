"""Where an objective's points come from: the spaces each objective counts (§7).

:func:`objective_marks` answers, for one objective and every reserve, which visible spaces earned
points (``good``) and which cost points (``bad``), so a table can light them up while it shows
a round being scored (M-26). It is pure and stays in step with :func:`scoring.score_objective`
(the tests check each objective's points against its marks over many random reserves):

- per-space objectives mark exactly the spaces that score (M-O2, M-O4, M-O14, M-O17, M-O19,
  M-O22), the neighbours that score (M-O1) or the runs of two (M-O12);
- area objectives mark the areas that score: every jungle area (M-O3), one largest savanna
  (M-O5), the savannas of four (M-O6), the ice squares (M-O7), the bear groups (M-O8, lone
  bears are ``bad``), the rarest terrain (M-O9), one largest complete square (M-O10), the rows
  with all terrains (M-O11), one longest river (M-O15);
- counts mark what is counted: giraffes cost points on M-O13 (``bad``); on the comparisons
  (M-28) the longest river (M-O16), gorillas (``good``) and pandas (``bad``) on M-O18, lions
  (``bad``) on M-O20, crocodiles (``good``) and flamingos (``bad``) on M-O21.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from chabudai.engines.nimalia.cards import TERRAINS, parse_space
from chabudai.engines.nimalia.geometry import (
    Pos,
    animal_is,
    areas,
    bounding_box,
    corner_positions,
    neighbours,
    river_ends,
    rivers,
    terrain_is,
    touches_edge,
)

Reserve = Mapping[Pos, str]
Options = Mapping[str, Any]


@dataclass(frozen=True)
class Marks:
    """The spaces of one reserve that earned (``good``) or cost (``bad``) an objective's points."""

    good: frozenset[Pos] = frozenset()
    bad: frozenset[Pos] = frozenset()


def _marks(good: Iterable[Pos] = (), bad: Iterable[Pos] = ()) -> Marks:
    return Marks(frozenset(good), frozenset(bad))


def _animal(grid: Reserve, pos: Pos) -> str:
    return parse_space(grid[pos]).animal


def _with(grid: Reserve, animal: str) -> list[Pos]:
    return [pos for pos, code in grid.items() if parse_space(code).animal == animal]


def _first(found: list[set[Pos]]) -> set[Pos]:
    """One of several equal candidates, chosen the same way every time (lowest position)."""
    return min(found, key=lambda area: sorted(area)) if found else set()


# --------------------------------------------------------------------------- one reserve alone


def otter_neighbours(grid: Reserve, options: Options) -> Marks:
    """M-O1: the neighbours of otters whose animal appears on 2+ of that otter's neighbours."""
    good: set[Pos] = set()
    for pos in _with(grid, "OTT"):
        around = [n for n in neighbours(pos) if n in grid]
        kinds = Counter(_animal(grid, n) for n in around)
        good.update(n for n in around if kinds[_animal(grid, n)] >= 2)
    return _marks(good)


def rivers_reaching_lake(grid: Reserve, options: Options) -> Marks:
    """M-O2: the otters whose river end corners touch a visible LAKE space."""
    good = []
    for pos, code in grid.items():
        river = parse_space(code).river
        if river is None:
            continue
        reach = {p for corner in river_ends(pos, river) for p in corner_positions(corner)} - {pos}
        if any(p in grid and parse_space(grid[p]).terrain == "L" for p in reach):
            good.append(pos)
    return _marks(good)


def jungle_areas(grid: Reserve, options: Options) -> Marks:
    """M-O3: every JUNGLE space (each area scores)."""
    return _marks(p for area in areas(grid, terrain_is("J")) for p in area)


def gorillas_by_lake(grid: Reserve, options: Options) -> Marks:
    """M-O4: the gorillas next to a LAKE space."""
    return _marks(
        pos
        for pos in _with(grid, "GOR")
        if any(n in grid and parse_space(grid[n]).terrain == "L" for n in neighbours(pos))
    )


def largest_savanna(grid: Reserve, options: Options) -> Marks:
    """M-O5: one largest SAVANNA area."""
    found = areas(grid, terrain_is("S"))
    size = max((len(a) for a in found), default=0)
    return _marks(_first([a for a in found if len(a) == size]))


def savannas_of_four(grid: Reserve, options: Options) -> Marks:
    """M-O6: the SAVANNA areas of exactly 4 spaces."""
    return _marks(p for area in areas(grid, terrain_is("S")) if len(area) == 4 for p in area)


def ice_squares(grid: Reserve, options: Options) -> Marks:
    """M-O7: every space of a 2×2 block of ICE."""
    ice = {p for p, code in grid.items() if parse_space(code).terrain == "I"}
    good: set[Pos] = set()
    for r, c in ice:
        block = {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)}
        if block <= ice:
            good |= block
    return _marks(good)


def bear_groups(grid: Reserve, options: Options) -> Marks:
    """M-O8: bears in groups of 2+ score, lone bears cost."""
    found = areas(grid, animal_is("BEA"))
    return _marks(
        (p for a in found if len(a) >= 2 for p in a), (p for a in found if len(a) == 1 for p in a)
    )


def rarest_terrain(grid: Reserve, options: Options) -> Marks:
    """M-O9: the spaces of the rarest terrain(s), when all four terrains are present."""
    counts = Counter(parse_space(code).terrain for code in grid.values())
    low = min(counts[t] for t in TERRAINS)
    if low == 0:
        return Marks()
    return _marks(p for p, code in grid.items() if counts[parse_space(code).terrain] == low)


def complete_square(grid: Reserve, options: Options) -> Marks:
    """M-O10: one largest fully occupied k×k block (k ≥ 2)."""
    if not grid:
        return Marks()
    top, bottom, left, right = bounding_box(grid)
    for k in range(min(bottom - top, right - left) + 1, 1, -1):
        for r in range(top, bottom - k + 2):
            for c in range(left, right - k + 2):
                block = [(r + i, c + j) for i in range(k) for j in range(k)]
                if all(p in grid for p in block):
                    return _marks(block)
    return Marks()


def rows_all_terrains(grid: Reserve, options: Options) -> Marks:
    """M-O11: every space of the rows showing all 4 terrains."""
    rows: dict[int, set[str]] = {}
    for (r, _), code in grid.items():
        rows.setdefault(r, set()).add(parse_space(code).terrain)
    full = {r for r, terrains in rows.items() if len(terrains) == len(TERRAINS)}
    return _marks(p for p in grid if p[0] in full)


def horizontal_pairs(grid: Reserve, options: Options) -> Marks:
    """M-O12: the spaces of horizontal runs of exactly 2 equal animals."""
    good = []
    for (r, c), code in grid.items():
        animal = parse_space(code).animal
        if (r, c - 1) in grid and _animal(grid, (r, c - 1)) == animal:
            continue  # not the start of a run
        length = 1
        while (r, c + length) in grid and _animal(grid, (r, c + length)) == animal:
            length += 1
        if length == 2:
            good += [(r, c), (r, c + 1)]
    return _marks(good)


def few_giraffes(grid: Reserve, options: Options) -> Marks:
    """M-O13: every giraffe lowers the points."""
    return _marks(bad=_with(grid, "GIR"))


def inner_flamingos(grid: Reserve, options: Options) -> Marks:
    """M-O14: the flamingos with all 4 neighbour positions occupied."""
    return _marks(p for p in _with(grid, "FLA") if not touches_edge(grid, p))


def longest_river(grid: Reserve, options: Options) -> Marks:
    """M-O15, M-O16: one longest river."""
    found = rivers(grid)
    size = max((len(r) for r in found), default=0)
    return _marks(_first([r for r in found if len(r) == size]))


def edge_pandas(grid: Reserve, options: Options) -> Marks:
    """M-O17: the pandas touching the edge."""
    return _marks(p for p in _with(grid, "PAN") if touches_edge(grid, p))


def lone_penguins(grid: Reserve, options: Options) -> Marks:
    """M-O19: the penguins alone in their column."""
    penguins = _with(grid, "PEN")
    columns = Counter(c for _, c in penguins)
    return _marks(p for p in penguins if columns[p[1]] == 1)


def crocodiles_with_giraffes(grid: Reserve, options: Options) -> Marks:
    """M-O22: the crocodiles next to a giraffe."""
    return _marks(
        p
        for p in _with(grid, "CRO")
        if any(n in grid and _animal(grid, n) == "GIR" for n in neighbours(p))
    )


def _counted(
    good: str | None = None, bad: str | None = None
) -> Callable[[Reserve, Options], Marks]:
    """A comparison's marks: the animals it counts (M-28)."""

    def marks(grid: Reserve, options: Options) -> Marks:
        return _marks(_with(grid, good) if good else (), _with(grid, bad) if bad else ())

    return marks


MARKS: dict[int, Callable[[Reserve, Options], Marks]] = {
    1: otter_neighbours,
    2: rivers_reaching_lake,
    3: jungle_areas,
    4: gorillas_by_lake,
    5: largest_savanna,
    6: savannas_of_four,
    7: ice_squares,
    8: bear_groups,
    9: rarest_terrain,
    10: complete_square,
    11: rows_all_terrains,
    12: horizontal_pairs,
    13: few_giraffes,
    14: inner_flamingos,
    15: longest_river,
    16: longest_river,
    17: edge_pandas,
    18: _counted("GOR", "PAN"),
    19: lone_penguins,
    20: _counted(bad="LIO"),
    21: _counted("CRO", "FLA"),
    22: crocodiles_with_giraffes,
}


def objective_marks(
    objective_id: int, reserves: Sequence[Reserve], options: Options | None = None
) -> list[Marks]:
    """The :class:`Marks` of objective ``objective_id`` (M-O1…M-O22) on each reserve, in order."""
    if objective_id not in MARKS:
        raise ValueError(f"unknown objective {objective_id!r}; objectives are 1 to 22")
    opts = options or {}
    return [MARKS[objective_id](grid, opts) for grid in reserves]


__all__ = ["MARKS", "Marks", "objective_marks"]
