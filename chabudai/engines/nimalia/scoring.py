"""Objective scoring (§6, §7) as pure functions on reserves.

A reserve (grid) maps ``(row, col)`` to the visible space code there (``"CRO"``, ``"OTT/J/D"``,
see ``cards``). :func:`score_objective` scores one objective for every reserve at once, because
the red objectives compare reserves (M-28). ``options`` is the game's option dict; missing keys
take the defaults of the rules (``zero_majority="no_rank"``, ``otter_neighbours="per_otter"``,
``faq_values=False``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from chabudai.engines.nimalia.board import (
    ANIMAL_FIELDS,
    FRAME,
    TERRAIN_FIELDS,
    WIDTH,
    Board,
    area_sizes,
    as_board,
    beside,
    column,
    inner,
    positions,
    river_sizes,
    rows_with,
    squares,
)
from chabudai.engines.nimalia.cards import RIVERS
from chabudai.engines.nimalia.geometry import Pos, corner_positions, river_ends
from chabudai.engines.nimalia.objectives import SCHEDULE

Reserve = Mapping[Pos, str] | Board
Options = Mapping[str, Any]


def _lake_reach(river: str) -> tuple[int, ...]:
    """M-25: the bit offsets of the positions sharing an end corner of a river, the otter's own
    left out."""
    reach = {p for corner in river_ends((0, 0), river) for p in corner_positions(corner)}
    reach.discard((0, 0))
    return tuple(dr * WIDTH + dc for dr, dc in sorted(reach))


_REACH = {river: _lake_reach(river) for river in RIVERS}


def _reaching(mask: int, offsets: tuple[int, ...]) -> int:
    """The positions ``p`` with some ``p + offset`` in ``mask``."""
    found = 0
    for offset in offsets:
        found |= mask >> offset if offset > 0 else mask << -offset
    return found


# --------------------------------------------------------------------------- individual objectives
# Each takes a reserve as a Board (see ``board``): masks of its terrains, animals and rivers.


def otter_neighbours(board: Board, options: Options) -> int:
    """M-O1: per otter, 1 per occupied neighbour whose animal appears on 2+ of its neighbours.

    ``otter_neighbours="once"`` counts a space next to several otters once.
    """
    animals = board.animals()
    counted = 0
    total = 0
    for bit in positions(board.otter):
        around = beside(1 << bit) & board.occupied
        for animal in animals:
            near = around & animal
            if near & (near - 1):  # two or more
                total += near.bit_count()
                counted |= near
    return counted.bit_count() if options.get("otter_neighbours") == "once" else total


def rivers_reaching_lake(board: Board, options: Options) -> int:
    """M-O2: 2 per otter whose river end corners touch a visible LAKE space."""
    lake = board.lake
    up = board.up & _reaching(lake, _REACH["U"])
    down = board.down & _reaching(lake, _REACH["D"])
    return 2 * (up | down).bit_count()


def jungle_areas(board: Board, options: Options) -> int:
    """M-O3: 2 per JUNGLE area."""
    return 2 * len(area_sizes(board.jungle))


def gorillas_by_lake(board: Board, options: Options) -> int:
    """M-O4: 2 per gorilla with an adjacent LAKE space."""
    return 2 * (board.gorilla & beside(board.lake)).bit_count()


def largest_savanna(board: Board, options: Options) -> int:
    """M-O5: 2 × the size of the largest SAVANNA area."""
    return 2 * max(area_sizes(board.savanna), default=0)


def savannas_of_four(board: Board, options: Options) -> int:
    """M-O6: 6 per SAVANNA area of exactly 4 spaces."""
    return 6 * area_sizes(board.savanna).count(4)


def ice_squares(board: Board, options: Options) -> int:
    """M-O7: 4 per 2×2 block (overlaps allowed) whose 4 spaces are ICE."""
    ice = board.ice
    return 4 * (ice & ice >> 1 & ice >> WIDTH & ice >> WIDTH + 1).bit_count()


def bear_groups(board: Board, options: Options) -> int:
    """M-O8: +2 per bear in a bear area of 2+, −1 per lone bear (−2 with ``faq_values``)."""
    lone = -2 if options.get("faq_values") else -1
    return sum(2 * size if size >= 2 else lone for size in area_sizes(board.bear))


def rarest_terrain(board: Board, options: Options) -> int:
    """M-O9: 2 × the smallest of the four terrain counts."""
    return 2 * min(terrain.bit_count() for terrain in board.terrains())


SQUARE_POINTS = {2: 3, 3: 5, 4: 8, 5: 13, 6: 21}


def complete_square(board: Board, options: Options) -> int:
    """M-O10: points for the largest fully occupied k×k block (k ≥ 2)."""
    k = 1 + sum(1 for _ in squares(board.occupied))
    return SQUARE_POINTS.get(k, SQUARE_POINTS[6]) if k >= 2 else 0


def rows_all_terrains(board: Board, options: Options) -> int:
    """M-O11: 3 per row whose visible spaces show all 4 terrains."""
    return 3 * rows_with(board.lake, board.savanna, board.jungle, board.ice).bit_count()


def horizontal_pairs(board: Board, options: Options) -> int:
    """M-O12: 3 (2 with ``faq_values``) per horizontal run of exactly 2 equal animals."""
    same = 0  # the positions showing the same animal as their right neighbour
    for animal in board.animals():
        same |= animal & animal >> 1
    # a run of exactly 2 starts where the left neighbour and the right one do not continue it
    pairs = (same & ~(same << 1) & ~(same >> 1)).bit_count()
    return pairs * (2 if options.get("faq_values") else 3)


GIRAFFE_POINTS = (8, 5, 3)


def few_giraffes(board: Board, options: Options) -> int:
    """M-O13: giraffes 0 → 8, 1 → 5, 2 → 3, 3+ → 0 (each player alone)."""
    n = board.giraffe.bit_count()
    return GIRAFFE_POINTS[n] if n < len(GIRAFFE_POINTS) else 0


def inner_flamingos(board: Board, options: Options) -> int:
    """M-O14: 3 per flamingo whose 4 neighbour positions are occupied (M-23)."""
    return 3 * (board.flamingo & inner(board.occupied)).bit_count()


def _longest_river(board: Board) -> int:
    """M-25: the size of the largest river (0 without otters)."""
    return max(river_sizes(board.up, board.down), default=0)


def longest_river_points(board: Board, options: Options) -> int:
    """M-O15: L × (L − 1) / 2 for the longest river L, capped at 15."""
    n = _longest_river(board)
    return min(15, n * (n - 1) // 2)


def edge_pandas(board: Board, options: Options) -> int:
    """M-O17: 3 per panda touching the edge (holes count, M-23)."""
    return 3 * (board.panda & ~inner(board.occupied)).bit_count()


_COLUMNS = tuple(column(c) for c in range(FRAME))  # the mask of each column of the frame


def lone_penguins(board: Board, options: Options) -> int:
    """M-O19: 3 per column holding exactly 1 penguin."""
    penguin = board.penguin
    return 3 * sum(1 for col in _COLUMNS if (penguin & col).bit_count() == 1)


def crocodiles_with_giraffes(board: Board, options: Options) -> int:
    """M-O22: 2 per crocodile with an adjacent giraffe."""
    return 2 * (board.crocodile & beside(board.giraffe)).bit_count()


INDIVIDUAL: dict[int, Callable[[Board, Options], int]] = {
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


def _river_measure(board: Board) -> int:
    return _longest_river(board)


def _gorillas_pandas_measure(board: Board) -> tuple[int, int]:
    return board.gorilla.bit_count(), board.panda.bit_count()


def _lions_measure(board: Board) -> int:
    return board.lion.bit_count()


def _crocodiles_flamingos_measure(board: Board) -> tuple[int, int]:
    return board.crocodile.bit_count(), board.flamingo.bit_count()


# The rankings remember their recent answers: a bot ranks the same few measures again and again.
_remember = functools.lru_cache(maxsize=4096)


@_remember
def _river_rank(measures: tuple[int, ...], zero: bool) -> tuple[int, ...]:
    return tuple(rank_most(measures, 5, 2, zero))


@_remember
def _gorillas_pandas_rank(measures: tuple[tuple[int, int], ...], zero: bool) -> tuple[int, ...]:
    gorillas = rank_most([m[0] for m in measures], 5, 2, zero)
    pandas = rank_most([m[1] for m in measures], -5, -2, zero)
    return tuple(a + b for a, b in zip(gorillas, pandas, strict=True))


@_remember
def _lions_rank(measures: tuple[int, ...], zero: bool) -> tuple[int, ...]:
    low = min(measures)
    return tuple(3 if n == low else -2 for n in measures)


@_remember
def _crocodiles_flamingos_rank(
    measures: tuple[tuple[int, int], ...], zero: bool
) -> tuple[int, ...]:
    crocs = rank_most([m[0] for m in measures], 5, 2, zero)
    flamingos = rank_fewest([m[1] for m in measures], 5, 2)
    return tuple(a + b for a, b in zip(crocs, flamingos, strict=True))


@dataclass(frozen=True)
class Comparison:
    """A comparative objective (M-28): what it measures on each reserve alone, and the points
    it gives every reserve from all the measures (so a bot that changes one reserve measures
    only that one again). ``rank`` takes the measures and whether a count of 0 may rank on a
    *most* objective (``zero_majority="rank"``)."""

    measure: Callable[[Board], Any]
    rank: Callable[[tuple[Any, ...], bool], tuple[int, ...]]

    def points(self, measures: tuple[Any, ...], options: Options) -> tuple[int, ...]:
        """Each reserve's points from the measures of all of them, in order."""
        return self.rank(measures, options.get("zero_majority") == "rank")

    def __call__(self, boards: Sequence[Board], options: Options) -> list[int]:
        return list(self.points(tuple(self.measure(b) for b in boards), options))


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


# The board masks each objective reads (a comparison: its measure of one board), and nothing
# else: a bot that tries placements lays only these (``Board.placed_in``).
READS: dict[int, tuple[str, ...]] = {
    1: ("occupied", *ANIMAL_FIELDS),
    2: ("lake", "up", "down"),
    3: ("jungle",),
    4: ("gorilla", "lake"),
    5: ("savanna",),
    6: ("savanna",),
    7: ("ice",),
    8: ("bear",),
    9: TERRAIN_FIELDS,
    10: ("occupied",),
    11: TERRAIN_FIELDS,
    12: ANIMAL_FIELDS,
    13: ("giraffe",),
    14: ("flamingo", "occupied"),
    15: ("up", "down"),
    16: ("up", "down"),
    17: ("panda", "occupied"),
    18: ("gorilla", "panda"),
    19: ("penguin",),
    20: ("lion",),
    21: ("crocodile", "flamingo"),
    22: ("crocodile", "giraffe"),
}


@functools.cache
def fields_read(objective_ids: tuple[int, ...]) -> tuple[int, ...]:
    """The indices of the :class:`Board` masks that the objectives ``objective_ids`` read
    (``READS``), in the board's order."""
    names = {name for oid in objective_ids for name in READS[oid]}
    return tuple(i for i, name in enumerate(Board._fields) if name in names)


def score_objective(
    objective_id: int, reserves: Sequence[Reserve], options: Options | None = None
) -> list[int]:
    """Points of objective ``objective_id`` (M-O1…M-O22) for each reserve, in order.

    Each reserve maps ``(row, col)`` to a visible space code, or is its :class:`Board`.
    Comparative objectives (M-28) rank the reserves against each other; the others score each
    reserve alone.
    """
    opts = options or {}
    boards = [as_board(r) for r in reserves]
    if objective_id in COMPARATIVE:
        if not boards:
            return []
        return COMPARATIVE[objective_id](boards, opts)
    if objective_id in INDIVIDUAL:
        return [INDIVIDUAL[objective_id](board, opts) for board in boards]
    raise ValueError(f"unknown objective {objective_id!r}; objectives are 1 to 22")


def score_seat(
    objective_id: int, reserves: Sequence[Reserve], seat: int, options: Options | None = None
) -> int:
    """``score_objective(objective_id, reserves, options)[seat]``, scoring only that reserve
    when the objective does not compare reserves (the bots' hot loop)."""
    scorer = INDIVIDUAL.get(objective_id)
    if scorer is not None:
        return scorer(as_board(reserves[seat]), options or {})
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
    boards = [as_board(r) for r in reserves]
    for colour in SCHEDULE[round_number]:
        oid = objectives[colour]
        points = score_objective(oid, boards, options)
        scores = [max(0, s + p) for s, p in zip(scores, points, strict=True)]
        lines.append({"id": oid, "colour": colour, "points": points, "scores": list(scores)})
    return {"round": round_number, "objectives": lines, "scores": scores}


def tiebreak_value(grid: Reserve) -> int:
    """M-29: the largest count of visible spaces showing one animal type (otters included)."""
    return max(animal.bit_count() for animal in as_board(grid).animals())


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
    "READS",
    "fields_read",
    "rank_fewest",
    "rank_most",
    "score_objective",
    "score_round",
    "score_seat",
    "tiebreak_value",
    "winners",
]
