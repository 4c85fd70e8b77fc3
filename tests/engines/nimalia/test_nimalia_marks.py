"""The spaces each objective counts (engines.nimalia.marks) agree with its points (§7).

For every objective the points of ``score_objective`` follow from the marked spaces alone —
checked over random reserves (hypothesis) and on the rules' worked examples (M-T…).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai.engines.nimalia import score_objective
from chabudai.engines.nimalia.cards import cards, parse_space
from chabudai.engines.nimalia.geometry import areas
from chabudai.engines.nimalia.marks import MARKS, Marks, objective_marks
from chabudai.engines.nimalia.scoring import GIRAFFE_POINTS, SQUARE_POINTS, rank_fewest, rank_most

CODES = sorted({code for quads in cards().values() for code in quads} | {"OTT/S/U", "OTT/I/D"})
POSITIONS = [(r, c) for r in range(6) for c in range(6)]

reserves = st.dictionaries(st.sampled_from(POSITIONS), st.sampled_from(CODES), max_size=36)
option_sets = st.fixed_dictionaries(
    {
        "otter_neighbours": st.sampled_from(["per_otter", "once"]),
        "faq_values": st.booleans(),
        "zero_majority": st.sampled_from(["no_rank", "rank"]),
    }
)


def ice_blocks(cells):
    return sum(
        1
        for r, c in cells
        if {(r, c + 1), (r + 1, c), (r + 1, c + 1)} <= cells  # a 2×2 block inside the marks
    )


def points_from_marks(oid, marks: list[Marks], grids, options) -> list[int]:
    """What each objective scores, computed only from the marked spaces (and the rules' tables)."""
    good = [len(m.good) for m in marks]
    bad = [len(m.bad) for m in marks]
    zero = options.get("zero_majority") == "rank"
    each = {2: 2, 4: 2, 5: 2, 14: 3, 17: 3, 19: 3, 22: 2}
    if oid in each:
        return [each[oid] * n for n in good]
    if oid == 1:
        return [None] * len(marks)  # per otter: checked separately
    if oid == 3:
        return [2 * len(areas(dict.fromkeys(m.good, ""), lambda _: True)) for m in marks]
    if oid == 6:
        return [6 * n // 4 for n in good]
    if oid == 7:
        return [4 * ice_blocks(set(m.good)) for m in marks]
    if oid == 8:
        lone = -2 if options.get("faq_values") else -1
        return [2 * g + lone * b for g, b in zip(good, bad, strict=True)]
    if oid == 9:
        out = []
        for m, grid in zip(marks, grids, strict=True):
            kinds = {parse_space(grid[p]).terrain for p in m.good}
            out.append(2 * len(m.good) // len(kinds) if kinds else 0)
        return out
    if oid == 10:
        return [SQUARE_POINTS.get(round(n**0.5), 0) for n in good]
    if oid == 11:
        return [3 * len({r for r, _ in m.good}) for m in marks]
    if oid == 12:
        return [(2 if options.get("faq_values") else 3) * n // 2 for n in good]
    if oid == 13:
        return [GIRAFFE_POINTS[n] if n < len(GIRAFFE_POINTS) else 0 for n in bad]
    if oid == 15:
        return [min(15, n * (n - 1) // 2) for n in good]
    if oid == 16:
        return rank_most(good, 5, 2, zero)
    if oid == 18:
        pairs = zip(rank_most(good, 5, 2, zero), rank_most(bad, -5, -2, zero), strict=True)
        return [a + b for a, b in pairs]
    if oid == 20:
        return [3 if n == min(bad) else -2 for n in bad]
    if oid == 21:
        pairs = zip(rank_most(good, 5, 2, zero), rank_fewest(bad, 5, 2), strict=True)
        return [a + b for a, b in pairs]
    raise AssertionError(f"objective {oid} not covered")


def test_every_objective_has_marks():
    assert sorted(MARKS) == list(range(1, 23))
    with pytest.raises(ValueError, match="1 to 22"):
        objective_marks(23, [{}])


@settings(max_examples=150, deadline=None)
@given(st.lists(reserves, min_size=2, max_size=4), option_sets)
def test_points_follow_from_the_marked_spaces(grids, options):
    for oid in MARKS:
        marks = objective_marks(oid, grids, options)
        points = score_objective(oid, grids, options)
        for m, grid in zip(marks, grids, strict=True):
            assert m.good <= set(grid) and m.bad <= set(grid)  # only visible spaces are marked
            assert not m.good & m.bad
        expected = points_from_marks(oid, marks, grids, options)
        if oid == 1:
            for m, p in zip(marks, points, strict=True):
                if options["otter_neighbours"] == "once":
                    assert p == len(m.good)
                else:  # a space next to two otters counts for each (M-O1)
                    assert p >= len(m.good) and (p == 0) == (not m.good)
        else:
            assert points == expected, (oid, marks)


def lions(*positions):
    return dict.fromkeys(positions, "LIO")


def test_M_T8_savanna_areas():
    grid = lions((0, 0), (0, 1), (1, 0), (1, 1), (0, 4), (1, 4), (2, 3), (2, 4), (3, 1), (3, 2))
    [four] = objective_marks(6, [grid])
    assert four.good == set(grid) - {(3, 1), (3, 2)}
    [largest] = objective_marks(5, [grid])
    assert largest.good == {(0, 0), (0, 1), (1, 0), (1, 1)}  # one of the two areas of 4


def test_M_T10_inner_flamingos():
    grid = lions((0, 2), (0, 3), (1, 0), (1, 3), (2, 0), (2, 2), (2, 3), (3, 1), (3, 2))
    grid.update(dict.fromkeys([(1, 1), (1, 2), (2, 1), (3, 3)], "FLA"))
    assert objective_marks(14, [grid])[0].good == {(1, 2), (2, 1)}


def test_M_T13_ice_squares_mark_their_blocks():
    ice = [(0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2)]
    grid = dict.fromkeys(ice, "PEN")
    assert objective_marks(7, [grid])[0].good == set(ice)


def test_M_T16_bear_groups_and_lone_bears():
    grid = dict.fromkeys([(0, 0), (0, 1), (1, 0), (1, 1), (0, 3), (0, 4), (3, 3)], "BEA")
    [marks] = objective_marks(8, [grid])
    assert marks.bad == {(3, 3)} and len(marks.good) == 6


def test_M_T18_comparisons_mark_what_they_count():
    a = {(0, 0): "GOR", (0, 1): "PAN"}
    b = {(0, 0): "GOR", (0, 1): "GOR"}
    marks = objective_marks(18, [a, b])
    assert marks[0] == Marks(frozenset({(0, 0)}), frozenset({(0, 1)}))
    assert marks[1].good == {(0, 0), (0, 1)} and not marks[1].bad


def test_M_T22_lone_penguins_and_crocodiles_with_giraffes():
    penguins = dict.fromkeys([(0, 0), (2, 0), (1, 1), (3, 2)], "PEN")
    assert objective_marks(19, [penguins])[0].good == {(1, 1), (3, 2)}
    grid = {(0, 0): "CRO", (0, 1): "GIR", (1, 2): "CRO", (2, 0): "CRO"}
    assert objective_marks(22, [grid])[0].good == {(0, 0)}


def test_M_T15_longest_river_marks_one_river():
    grid = {(0, 2): "OTT/S/U", (0, 3): "OTT/S/D", (1, 1): "OTT/S/U", (1, 3): "OTT/S/U"}
    grid.update({(2, 0): "OTT/S/U", (2, 3): "OTT/S/D", (5, 5): "OTT/S/U"})
    assert objective_marks(15, [grid])[0].good == set(grid) - {(5, 5)}
    assert Counter(parse_space(c).animal for c in grid.values()) == {"OTT": 7}
