"""Objective scoring (§6, §7) as pure functions on reserves.

A reserve (grid) maps ``(row, col)`` to the visible space code there (``"CRO"``, ``"OTT/J/D"``,
see ``cards``). :func:`score_objective` scores one objective for every reserve at once, because
the red objectives compare reserves (M-28). ``options`` is the game's option dict; missing keys
take the defaults of the rules (``zero_majority="no_rank"``, ``otter_neighbours="per_otter"``,
``faq_values=False``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.nimalia.cards import ANIMAL_OF, ANIMALS, RIVER_OF, RIVERS, TERRAIN_OF, TERRAINS
from engines.nimalia.geometry import (
    Pos,
    bounding_box,
    components,
    corner_positions,
    longest_river,
    river_ends,
    touches_edge,
)
from engines.nimalia.objectives import SCHEDULE

Reserve = Mapping[Pos, str]
Options = Mapping[str, Any]


def _animals(grid: Reserve) -> Counter[str]:
    return Counter(map(ANIMAL_OF.__getitem__, grid.values()))


def _count(grid: Reserve, animal: str) -> int:
    return list(map(ANIMAL_OF.__getitem__, grid.values())).count(animal)


def _cells(grid: Reserve, table: Mapping[str, str | None], value: str) -> list[Pos]:
    """The positions whose code has ``value`` in ``table`` (one of the cards' field tables)."""
    return [pos for pos, code in grid.items() if table[code] == value]


def _lake_reach(river: str) -> tuple[Pos, ...]:
    """M-25: offsets of the positions sharing an end corner of a river, the otter's own left out."""
    reach = {p for corner in river_ends((0, 0), river) for p in corner_positions(corner)}
    reach.discard((0, 0))
    return tuple(sorted(reach))


_REACH = {river: _lake_reach(river) for river in RIVERS}


# --------------------------------------------------------------------------- individual objectives


def otter_neighbours(grid: Reserve, options: Options) -> int:
    """M-O1: per otter, 1 per occupied neighbour whose animal appears on 2+ of its neighbours.

    ``otter_neighbours="once"`` counts a space next to several otters once.
    """
    counted: set[Pos] = set()
    total = 0
    for r, c in _cells(grid, ANIMAL_OF, "OTT"):
        around = [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in grid]
        kinds = [ANIMAL_OF[grid[n]] for n in around]
        scoring = [n for n, kind in zip(around, kinds, strict=True) if kinds.count(kind) >= 2]
        total += len(scoring)
        counted.update(scoring)
    return len(counted) if options.get("otter_neighbours") == "once" else total


def rivers_reaching_lake(grid: Reserve, options: Options) -> int:
    """M-O2: 2 per otter whose river end corners touch a visible LAKE space."""
    points = 0
    for (r, c), code in grid.items():
        river = RIVER_OF[code]
        if river is None:
            continue
        for dr, dc in _REACH[river]:
            near = grid.get((r + dr, c + dc))
            if near is not None and TERRAIN_OF[near] == "L":
                points += 2
                break
    return points


def jungle_areas(grid: Reserve, options: Options) -> int:
    """M-O3: 2 per JUNGLE area."""
    return 2 * len(components(_cells(grid, TERRAIN_OF, "J")))


def gorillas_by_lake(grid: Reserve, options: Options) -> int:
    """M-O4: 2 per gorilla with an adjacent LAKE space."""
    points = 0
    for r, c in _cells(grid, ANIMAL_OF, "GOR"):
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            near = grid.get(n)
            if near is not None and TERRAIN_OF[near] == "L":
                points += 2
                break
    return points


def largest_savanna(grid: Reserve, options: Options) -> int:
    """M-O5: 2 × the size of the largest SAVANNA area."""
    return 2 * max(map(len, components(_cells(grid, TERRAIN_OF, "S"))), default=0)


def savannas_of_four(grid: Reserve, options: Options) -> int:
    """M-O6: 6 per SAVANNA area of exactly 4 spaces."""
    return 6 * [len(a) for a in components(_cells(grid, TERRAIN_OF, "S"))].count(4)


def ice_squares(grid: Reserve, options: Options) -> int:
    """M-O7: 4 per 2×2 block (overlaps allowed) whose 4 spaces are ICE."""
    ice = set(_cells(grid, TERRAIN_OF, "I"))
    return 4 * sum(
        1 for r, c in ice if (r, c + 1) in ice and (r + 1, c) in ice and (r + 1, c + 1) in ice
    )


def bear_groups(grid: Reserve, options: Options) -> int:
    """M-O8: +2 per bear in a bear area of 2+, −1 per lone bear (−2 with ``faq_values``)."""
    lone = -2 if options.get("faq_values") else -1
    return sum(
        2 * len(a) if len(a) >= 2 else lone for a in components(_cells(grid, ANIMAL_OF, "BEA"))
    )


def rarest_terrain(grid: Reserve, options: Options) -> int:
    """M-O9: 2 × the smallest of the four terrain counts."""
    terrains = list(map(TERRAIN_OF.__getitem__, grid.values()))
    return 2 * min(terrains.count(t) for t in TERRAINS)


SQUARE_POINTS = {2: 3, 3: 5, 4: 8, 5: 13, 6: 21}


def complete_square(grid: Reserve, options: Options) -> int:
    """M-O10: points for the largest fully occupied k×k block (k ≥ 2)."""
    if not grid:
        return 0
    top, bottom, left, right = bounding_box(grid)
    for k in range(min(bottom - top, right - left) + 1, 1, -1):
        for r in range(top, bottom - k + 2):
            for c in range(left, right - k + 2):
                if all((r + i, c + j) in grid for i in range(k) for j in range(k)):
                    return SQUARE_POINTS.get(k, SQUARE_POINTS[6])
    return 0


def rows_all_terrains(grid: Reserve, options: Options) -> int:
    """M-O11: 3 per row whose visible spaces show all 4 terrains."""
    rows: dict[int, set[str]] = {}
    for (r, _), code in grid.items():
        terrains = rows.get(r)
        if terrains is None:
            terrains = rows[r] = set()
        terrains.add(TERRAIN_OF[code])
    return 3 * sum(1 for terrains in rows.values() if len(terrains) == 4)


def horizontal_pairs(grid: Reserve, options: Options) -> int:
    """M-O12: 3 (2 with ``faq_values``) per horizontal run of exactly 2 equal animals."""
    animals = {pos: ANIMAL_OF[code] for pos, code in grid.items()}
    get = animals.get
    pairs = 0
    for (r, c), animal in animals.items():
        if get((r, c - 1)) == animal:
            continue  # not the start of a run
        if get((r, c + 1)) == animal and get((r, c + 2)) != animal:
            pairs += 1
    return pairs * (2 if options.get("faq_values") else 3)


GIRAFFE_POINTS = (8, 5, 3)


def few_giraffes(grid: Reserve, options: Options) -> int:
    """M-O13: giraffes 0 → 8, 1 → 5, 2 → 3, 3+ → 0 (each player alone)."""
    n = _count(grid, "GIR")
    return GIRAFFE_POINTS[n] if n < len(GIRAFFE_POINTS) else 0


def inner_flamingos(grid: Reserve, options: Options) -> int:
    """M-O14: 3 per flamingo whose 4 neighbour positions are occupied (M-23)."""
    return 3 * sum(1 for pos in _cells(grid, ANIMAL_OF, "FLA") if not touches_edge(grid, pos))


def longest_river_points(grid: Reserve, options: Options) -> int:
    """M-O15: L × (L − 1) / 2 for the longest river L, capped at 15."""
    n = longest_river(grid)
    return min(15, n * (n - 1) // 2)


def edge_pandas(grid: Reserve, options: Options) -> int:
    """M-O17: 3 per panda touching the edge (holes count, M-23)."""
    return 3 * sum(1 for pos in _cells(grid, ANIMAL_OF, "PAN") if touches_edge(grid, pos))


def lone_penguins(grid: Reserve, options: Options) -> int:
    """M-O19: 3 per column holding exactly 1 penguin."""
    columns = [c for _, c in _cells(grid, ANIMAL_OF, "PEN")]
    return 3 * sum(1 for c in set(columns) if columns.count(c) == 1)


def crocodiles_with_giraffes(grid: Reserve, options: Options) -> int:
    """M-O22: 2 per crocodile with an adjacent giraffe."""
    points = 0
    for r, c in _cells(grid, ANIMAL_OF, "CRO"):
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            near = grid.get(n)
            if near is not None and ANIMAL_OF[near] == "GIR":
                points += 2
                break
    return points


INDIVIDUAL: dict[int, Callable[[Reserve, Options], int]] = {
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
    15: longest_river_points,
    17: edge_pandas,
    19: lone_penguins,
    22: crocodiles_with_giraffes,
}

# --------------------------------------------------------------------------- comparisons (M-28)


def rank_most(
    counts: Sequence[int], first: int, second: int, zero_ranks: bool = False
) -> list[int]:
    """M-28 *most X*: count ≥ 1 to place (any count with ``zero_ranks``); 2nd only with 3–4
    players and a single 1st; ties share a place."""
    eligible = [i for i, n in enumerate(counts) if zero_ranks or n >= 1]
    return _rank(counts, eligible, first, second, max)


def rank_fewest(counts: Sequence[int], first: int, second: int) -> list[int]:
    """M-28 *fewest X*: everyone places, 0 included; same 2nd-place rule as :func:`rank_most`."""
    return _rank(counts, list(range(len(counts))), first, second, min)


def _rank(
    counts: Sequence[int],
    eligible: list[int],
    first: int,
    second: int,
    best: Callable[[list[int]], int],
) -> list[int]:
    points = [0] * len(counts)
    if not eligible:
        return points
    top = best([counts[i] for i in eligible])
    winners = [i for i in eligible if counts[i] == top]
    for i in winners:
        points[i] = first
    rest = [i for i in eligible if counts[i] != top]
    if len(counts) >= 3 and len(winners) == 1 and rest:
        runner = best([counts[i] for i in rest])
        for i in rest:
            if counts[i] == runner:
                points[i] = second
    return points


def _zero_ranks(options: Options) -> bool:
    return options.get("zero_majority") == "rank"


def _river_measure(grid: Reserve) -> int:
    return longest_river(grid)


def _gorillas_pandas_measure(grid: Reserve) -> tuple[int, int]:
    animals = list(map(ANIMAL_OF.__getitem__, grid.values()))
    return animals.count("GOR"), animals.count("PAN")


def _lions_measure(grid: Reserve) -> int:
    return _count(grid, "LIO")


def _crocodiles_flamingos_measure(grid: Reserve) -> tuple[int, int]:
    animals = list(map(ANIMAL_OF.__getitem__, grid.values()))
    return animals.count("CRO"), animals.count("FLA")


def _river_rank(measures: Sequence[Any], options: Options) -> list[int]:
    return rank_most(measures, 5, 2, _zero_ranks(options))


def _gorillas_pandas_rank(measures: Sequence[Any], options: Options) -> list[int]:
    zero = _zero_ranks(options)
    gorillas = rank_most([m[0] for m in measures], 5, 2, zero)
    pandas = rank_most([m[1] for m in measures], -5, -2, zero)
    return [a + b for a, b in zip(gorillas, pandas, strict=True)]


def _lions_rank(measures: Sequence[Any], options: Options) -> list[int]:
    low = min(measures)
    return [3 if n == low else -2 for n in measures]


def _crocodiles_flamingos_rank(measures: Sequence[Any], options: Options) -> list[int]:
    crocs = rank_most([m[0] for m in measures], 5, 2, _zero_ranks(options))
    flamingos = rank_fewest([m[1] for m in measures], 5, 2)
    return [a + b for a, b in zip(crocs, flamingos, strict=True)]


@dataclass(frozen=True)
class Comparison:
    """A comparative objective (M-28): what it measures on each reserve alone, and the points
    it gives every reserve from all the measures (so a bot that changes one reserve measures
    only that one again)."""

    measure: Callable[[Reserve], Any]
    rank: Callable[[Sequence[Any], Options], list[int]]

    def __call__(self, grids: Sequence[Reserve], options: Options) -> list[int]:
        return self.rank([self.measure(g) for g in grids], options)


# M-O16: most by longest river length, 1st 5, 2nd 2.
river_compared = Comparison(_river_measure, _river_rank)
# M-O18: most gorillas +5 / +2, most pandas −5 / −2, summed.
gorillas_pandas_compared = Comparison(_gorillas_pandas_measure, _gorillas_pandas_rank)
# M-O20: fewest lions +3; every player not 1st −2, at every player count.
fewest_lions = Comparison(_lions_measure, _lions_rank)
# M-O21: most crocodiles 5 / 2 plus fewest flamingos 5 / 2.
crocodiles_flamingos_compared = Comparison(
    _crocodiles_flamingos_measure, _crocodiles_flamingos_rank
)

COMPARATIVE: dict[int, Comparison] = {
    16: river_compared,
    18: gorillas_pandas_compared,
    20: fewest_lions,
    21: crocodiles_flamingos_compared,
}


def score_objective(
    objective_id: int, reserves: Sequence[Reserve], options: Options | None = None
) -> list[int]:
    """Points of objective ``objective_id`` (M-O1…M-O22) for each reserve, in order.

    Each reserve maps ``(row, col)`` to a visible space code. Comparative objectives (M-28) rank
    the reserves against each other; the others score each reserve alone.
    """
    opts = options or {}
    reserves = list(reserves)
    if objective_id in COMPARATIVE:
        if not reserves:
            return []
        return COMPARATIVE[objective_id](reserves, opts)
    if objective_id in INDIVIDUAL:
        return [INDIVIDUAL[objective_id](grid, opts) for grid in reserves]
    raise ValueError(f"unknown objective {objective_id!r}; objectives are 1 to 22")


def score_seat(
    objective_id: int, reserves: Sequence[Reserve], seat: int, options: Options | None = None
) -> int:
    """``score_objective(objective_id, reserves, options)[seat]``, scoring only that reserve
    when the objective does not compare reserves (the bots' hot loop)."""
    scorer = INDIVIDUAL.get(objective_id)
    if scorer is not None:
        return scorer(reserves[seat], options or {})
    return score_objective(objective_id, reserves, options)[seat]


def score_round(
    round_number: int,
    objectives: Mapping[str, int],
    reserves: Sequence[Reserve],
    totals: Sequence[int],
    options: Options | None = None,
) -> dict[str, Any]:
    """M-26, M-27: score round ``round_number`` — its colours in the order of ``SCHEDULE`` (blue,
    green, yellow, red in rounds 1–4; blue, red, yellow in round 5), each total becoming
    ``max(0, total + points)`` after each objective.

    ``objectives`` maps colour → objective id. Returns ``{"round", "objectives": [{"id",
    "colour", "points", "scores"}], "scores"}`` (``scores`` = totals after each step / at the end).
    """
    scores = list(totals)
    lines = []
    for colour in SCHEDULE[round_number]:
        oid = objectives[colour]
        points = score_objective(oid, reserves, options)
        scores = [max(0, s + p) for s, p in zip(scores, points, strict=True)]
        lines.append({"id": oid, "colour": colour, "points": points, "scores": list(scores)})
    return {"round": round_number, "objectives": lines, "scores": scores}


def tiebreak_value(grid: Reserve) -> int:
    """M-29: the largest count of visible spaces showing one animal type (otters included)."""
    counts = _animals(grid)
    return max((counts[a] for a in ANIMALS), default=0)


def winners(scores: Sequence[int], grids: Sequence[Reserve]) -> list[int]:
    """M-29: highest total; among tied, highest :func:`tiebreak_value`; still tied share."""
    top = max(scores)
    tied = [i for i, s in enumerate(scores) if s == top]
    values = {i: tiebreak_value(grids[i]) for i in tied}
    best = max(values.values())
    return [i for i in tied if values[i] == best]


__all__ = [
    "COMPARATIVE",
    "Comparison",
    "INDIVIDUAL",
    "rank_fewest",
    "rank_most",
    "score_objective",
    "score_round",
    "score_seat",
    "tiebreak_value",
    "winners",
]
