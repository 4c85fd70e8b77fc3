"""Rule vectors of rules/nimalia.md: card data (§8), placement (M-T1–M-T4), passing (M-T5),
objective selection (M-T6), floor (M-T7) and every objective example (M-T8–M-T23)."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from chabudai import engines
from chabudai.engines.nimalia import score_objective
from chabudai.engines.nimalia.cards import card_cells, cards, parse_space, rotated
from chabudai.engines.nimalia.geometry import longest_river, place, placement_problem
from chabudai.engines.nimalia.objectives import COLOURS, OBJECTIVES, choose_objectives, combinations
from chabudai.engines.nimalia.scoring import score_round, tiebreak_value, winners

# the rules in the repository (docs/rules mirrors the shared rules; tests/test_docs.py checks it)
RULES_CARDS = Path(__file__).resolve().parents[3] / "docs" / "rules" / "nimalia-cards.txt"


def grid(*groups):
    """Build a reserve from ``(code, [positions])`` groups."""
    result = {}
    for code, positions in groups:
        for pos in positions:
            result[pos] = code
    return result


def one(objective, reserve, options=None):
    return score_objective(objective, [reserve], options)[0]


def block(rows, cols):
    return [(r, c) for r in rows for c in cols]


# ----------------------------------------------------------------------------- §1, §8, §9 data


def test_M_1_card_data_matches_rules_file():
    packaged = resources.files("chabudai.engines.nimalia").joinpath("cards.txt")
    assert packaged.read_text(encoding="utf-8") == RULES_CARDS.read_text(encoding="utf-8")
    assert len(cards()) == 60
    assert cards()[1] == ("CRO", "LIO", "PAN", "OTT/J/D")
    assert cards()[59] == ("OTT/S/D", "GOR", "OTT/J/U", "GIR")


def test_M_2_M_3_data_summary_counts():
    spaces = [parse_space(code) for quads in cards().values() for code in quads]
    assert len(spaces) == 240
    assert Counter(s.terrain for s in spaces) == {"L": 60, "S": 60, "J": 60, "I": 60}
    animals = Counter(s.animal for s in spaces)
    assert animals == {
        "CRO": 30, "FLA": 30, "LIO": 25, "GIR": 25, "GOR": 25, "PAN": 25, "BEA": 25, "PEN": 25,
        "OTT": 30,
    }  # fmt: skip
    otters = [s for s in spaces if s.animal == "OTT"]
    assert Counter(s.terrain for s in otters) == {"S": 10, "J": 10, "I": 10}
    assert Counter(s.river for s in otters) == {"U": 15, "D": 15}
    assert all((s.river is None) == (s.animal != "OTT") for s in spaces)
    otter_cards = Counter(sum(parse_space(c).animal == "OTT" for c in q) for q in cards().values())
    assert otter_cards == {0: 31, 1: 28, 2: 1}
    doubles = [n for n, q in cards().items() if len({parse_space(c).animal for c in q}) < 4]
    assert doubles == [33, 35, 39, 40, 57, 59, 60]
    mixes = Counter(
        tuple(sorted(Counter(parse_space(c).terrain for c in q).values(), reverse=True))
        for q in cards().values()
    )
    assert mixes == {(1, 1, 1, 1): 16, (2, 1, 1): 28, (2, 2): 16}


def test_M_4_objective_table():
    by_colour = {c: sorted(o.id for o in OBJECTIVES.values() if o.colour == c) for c in COLOURS}
    assert by_colour == {
        "blue": [2, 3, 5, 9, 11],
        "green": [8, 12, 14, 17, 19, 22],
        "yellow": [1, 4, 6, 7, 10, 15],
        "red": [13, 16, 18, 20, 21],
    }
    assert sorted(o.id for o in OBJECTIVES.values() if o.leaves == 3) == [2, 9, 10, 15]
    assert OBJECTIVES[21].card == 11 and OBJECTIVES[22].card == 11


# ----------------------------------------------------------------------------- placement


def test_M_T1_rotation():
    assert rotated(1, 0) == ("CRO", "LIO", "PAN", "OTT/J/D")
    assert rotated(1, 1) == ("PAN", "CRO", "OTT/J/U", "LIO")
    assert rotated(1, 2) == ("OTT/J/D", "PAN", "LIO", "CRO")
    assert rotated(1, 3) == ("LIO", "OTT/J/U", "CRO", "PAN")


def test_M_15_placed_quadrants():
    assert card_cells(1, 1, 2, 3) == (
        ((2, 3), "PAN"),
        ((2, 4), "CRO"),
        ((3, 3), "OTT/J/U"),
        ((3, 4), "LIO"),
    )


def test_M_T2_cover_rule():
    reserve = {}
    place(reserve, 1, 0, 0, 0)
    assert placement_problem(reserve, 1, 1) is None
    assert placement_problem(reserve, 0, 2).id == "nimalia.must_cover"
    assert placement_problem(reserve, 2, 2).id == "nimalia.must_cover"
    assert placement_problem(reserve, 0, 0) is None


def test_M_16_first_card_anywhere():
    assert placement_problem({}, -7, 12) is None


def test_M_T3_six_by_six_limit():
    wide = {p: "LIO" for p in block(range(2), range(6))}
    assert placement_problem(wide, 0, 5).id == "nimalia.too_big"
    assert placement_problem(wide, 1, 4) is None
    tall = {p: "LIO" for p in block(range(6), range(2))}
    assert placement_problem(tall, 4, 0) is None
    assert placement_problem(tall, 5, 0).id == "nimalia.too_big"


def test_M_T4_placement_from_real_cards():
    reserve = {}
    place(reserve, 59, 0, 0, 0)
    assert reserve == {(0, 0): "OTT/S/D", (0, 1): "GOR", (1, 0): "OTT/J/U", (1, 1): "GIR"}
    assert longest_river(reserve) == 2
    assert one(15, reserve) == 1
    assert placement_problem(reserve, 1, 1) is None
    place(reserve, 1, 1, 1, 1)
    assert reserve[(1, 1)] == "PAN" and reserve[(1, 2)] == "CRO"
    assert reserve[(2, 1)] == "OTT/J/U" and reserve[(2, 2)] == "LIO"
    assert "GIR" not in reserve.values()
    assert one(15, reserve) == 1
    assert one(2, reserve) == 2
    assert one(3, reserve) == 2
    assert one(4, reserve) == 0
    assert one(5, reserve) == 2
    assert one(9, reserve) == 0
    assert one(10, reserve) == 3
    assert one(17, reserve) == 0
    assert tiebreak_value(reserve) == 3


# ----------------------------------------------------------------------------- setup and rounds


def test_M_T5_passing():
    four = engines.get("nimalia").new_game(4, 1)
    assert four.round == 1
    assert four.target(0) == 1 and four.target(3) == 0
    four.round = 2
    assert four.target(0) == 3 and four.target(1) == 0
    two = engines.get("nimalia").new_game(2, 1)
    for round_number in range(1, 6):
        two.round = round_number
        assert two.target(0) == 1 and two.target(1) == 0


def test_M_T6_objective_selection():
    assert len(combinations("random")) == 592
    assert len(combinations("easy")) == 225
    assert len(combinations("difficult")) == 104
    for level in ("random", "easy", "difficult"):
        for combo in combinations(level):
            assert [OBJECTIVES[o].colour for o in combo] == list(COLOURS)
            assert len({OBJECTIVES[o].card for o in combo}) == 4
    assert not any(2 in c and 1 in c for c in combinations("random"))
    assert combinations("intro") == ((5, 19, 4, 16),)
    assert sorted(OBJECTIVES[o].card for o in (5, 19, 4, 16)) == [2, 3, 8, 10]


def test_M_7_levels_respect_leaves():
    import random

    rng = random.Random(5)
    for _ in range(200):
        easy = choose_objectives("easy", rng)
        assert all(OBJECTIVES[o].leaves <= 2 for o in easy)
        hard = choose_objectives("difficult", rng)
        assert all(OBJECTIVES[o].leaves >= 2 for o in hard)


def test_M_T7_floor_after_each_objective():
    lone_bear = {(0, 0): "BEA", (0, 1): "GIR", (1, 0): "GIR", (1, 1): "GIR"}
    other = {(0, 0): "LIO"}
    goals = {"blue": 9, "green": 8, "yellow": 10, "red": 13}
    entry = score_round(4, goals, [lone_bear, other], [0, 0])
    assert [line["id"] for line in entry["objectives"]] == [8, 10, 13]
    assert [line["points"][0] for line in entry["objectives"]] == [-1, 3, 0]
    assert [line["scores"][0] for line in entry["objectives"]] == [0, 3, 3]
    assert entry["scores"][0] == 3
    panda = {(0, 0): "PAN"}
    entry = score_round(3, {"blue": 9, "green": 8, "yellow": 10, "red": 18}, [panda, other], [2, 0])
    assert [line["scores"][0] for line in entry["objectives"]] == [2, 0]


def test_M_T7_round_5_scores_blue_red_yellow():
    """Round 5, total 0: Blue +0 -> 0; Red O18 -5 -> 0; Yellow +3 -> 3 (Blue, Yellow, Red would
    give 0 -> 3 -> 0)."""
    panda_bear = {(0, 0): "PAN", (0, 1): "GIR", (1, 0): "GIR", (1, 1): "BEA"}
    other = {(0, 0): "LIO"}
    goals = {"blue": 9, "green": 8, "yellow": 10, "red": 18}
    entry = score_round(5, goals, [panda_bear, other], [0, 0])
    assert [line["colour"] for line in entry["objectives"]] == ["blue", "red", "yellow"]
    assert [line["points"][0] for line in entry["objectives"]] == [0, -5, 3]
    assert [line["scores"][0] for line in entry["objectives"]] == [0, 0, 3]
    assert entry["scores"][0] == 3


def test_M_26_M_27_schedule_is_the_rules_table():
    from chabudai.engines.nimalia.objectives import DIRECTIONS, SCHEDULE

    # rules/nimalia.md M-26, "Pass to" and "Objectives scored, in this order", row by row.
    assert DIRECTIONS == {1: "left", 2: "right", 3: "left", 4: "right", 5: "left"}
    assert SCHEDULE == {
        1: ("blue", "green"),
        2: ("green", "yellow"),
        3: ("blue", "red"),
        4: ("green", "yellow", "red"),
        5: ("blue", "red", "yellow"),
    }
    seen = Counter(c for colours in SCHEDULE.values() for c in colours)
    assert seen == {"blue": 3, "green": 3, "yellow": 3, "red": 3}
    for r in (1, 2, 3, 4):  # M-27: colour order in rounds 1-4
        assert list(SCHEDULE[r]) == sorted(SCHEDULE[r], key=COLOURS.index)


# ----------------------------------------------------------------------------- objectives


def test_M_T8_savanna_areas_O6_O5_O3_O9():
    lions = [(0, 0), (0, 1), (1, 0), (1, 1), (0, 4), (1, 4), (2, 3), (2, 4), (3, 1), (3, 2)]
    reserve = grid(("LIO", lions))
    assert one(6, reserve) == 12
    assert one(5, reserve) == 8
    assert one(3, reserve) == 0
    assert one(9, reserve) == 0


def test_M_T9_O10_complete_square():
    assert one(10, grid(("LIO", [(4, 0), (4, 1), (5, 0), (5, 1)]))) == 3
    assert one(10, grid(("LIO", [(4, 0), (5, 0), (5, 1)]))) == 0
    assert one(10, grid(("LIO", block(range(6), range(6))))) == 21
    assert one(10, grid(("LIO", block(range(3), range(4))))) == 5
    assert one(10, grid(("LIO", block(range(4), range(5))))) == 8
    assert one(10, grid(("LIO", block(range(5), range(5))))) == 13


def test_M_T10_O14_inner_flamingos():
    lions = [(0, 2), (0, 3), (1, 0), (1, 3), (2, 0), (2, 2), (2, 3), (3, 1), (3, 2)]
    flamingos = [(1, 1), (1, 2), (2, 1), (3, 3)]
    assert one(14, grid(("LIO", lions), ("FLA", flamingos))) == 6


def test_M_T11_O17_edge_pandas():
    lions = [(0, 2), (0, 3), (1, 0), (1, 1), (2, 0), (2, 2), (2, 3), (3, 1)]
    pandas = [(1, 2), (1, 3), (2, 1), (3, 2)]
    assert one(17, grid(("LIO", lions), ("PAN", pandas))) == 6


def test_M_23_holes_are_edges():
    ring = {p: "LIO" for p in block(range(3), range(3)) if p != (1, 1)}
    ring[(0, 1)] = "PAN"  # its neighbour (1, 1) is a hole
    assert one(17, ring) == 3


def test_M_T12_O11_rows_with_all_terrains():
    rows = [
        ["PEN", "LIO", "GOR", "CRO"],
        ["PEN", "CRO"],
        ["GOR", "CRO", "LIO", "PEN", "GOR"],
        ["CRO", "PEN", "GOR"],
    ]
    reserve = {(r, c): code for r, row in enumerate(rows) for c, code in enumerate(row)}
    assert one(11, reserve) == 6


def test_M_T13_O7_ice_squares():
    ice = [(0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2)]
    assert one(7, grid(("PEN", ice))) == 12
    assert one(7, grid(("BEA", ice[:5]), ("OTT/I/U", ice[5:]))) == 12  # otter on ice is ICE


def test_M_T14_O2_rivers_reaching_lake():
    reserve = grid(
        ("CRO", [(0, 0), (1, 3), (2, 3)]),
        ("OTT/S/D", [(0, 3), (1, 1)]),
        ("OTT/J/U", [(1, 2), (2, 0), (2, 1)]),
    )
    assert one(2, reserve) == 6
    second = grid(("FLA", [(1, 2)]), ("OTT/I/U", [(1, 3)]), ("OTT/I/D", [(2, 3)]))
    assert one(2, second) == 4


def test_M_T15_river_length_O15():
    reserve = grid(
        ("OTT/S/U", [(0, 2), (1, 1), (1, 3), (2, 0)]),
        ("OTT/J/D", [(0, 3), (2, 3)]),
    )
    assert longest_river(reserve) == 6
    assert one(15, reserve) == 15
    row = {(0, c): ("OTT/I/D" if c % 2 == 0 else "OTT/I/U") for c in range(6)}
    assert longest_river(row) == 6 and one(15, row) == 15
    seven = {(r, c): "OTT/S/D" for r, c in zip(range(7), range(7), strict=True)}
    assert longest_river(seven) == 7 and one(15, seven) == 15
    four = {(r, r): "OTT/S/D" for r in range(4)}
    assert one(15, four) == 6
    assert one(15, {(0, 0): "LIO"}) == 0 and one(15, {(0, 0): "OTT/S/D"}) == 0


def test_M_T16_O12_horizontal_pairs_and_O8_bear_groups():
    first = grid(
        ("BEA", [(0, 0), (0, 1), (0, 2)]),
        ("LIO", [(1, 0), (2, 0)]),
        ("CRO", [(2, 1), (2, 2)]),
    )
    assert one(12, first) == 3
    square = grid(("BEA", [(0, 0), (0, 1), (1, 0), (1, 1)]))
    assert one(12, square) == 6
    assert one(8, square) == 8
    groups = grid(("BEA", [(0, 0), (0, 1), (1, 0), (1, 1), (0, 3), (0, 4), (3, 3)]))
    assert one(8, groups) == 11


def test_M_O8_M_O12_faq_values():
    groups = grid(("BEA", [(0, 0), (0, 1), (1, 0), (1, 1), (0, 3), (0, 4), (3, 3)]))
    assert one(8, groups, {"faq_values": True}) == 10
    assert one(12, grid(("BEA", [(0, 0), (0, 1), (1, 0), (1, 1)])), {"faq_values": True}) == 4


def test_M_T17_O1_otter_neighbours():
    first = grid(("OTT/S/U", [(1, 1)]), ("PEN", [(1, 2), (2, 1)]), ("LIO", [(0, 1)]))
    assert one(1, first) == 2
    shared = grid(("OTT/J/D", [(0, 0), (0, 2)]), ("BEA", [(0, 1), (1, 0), (1, 2)]))
    assert one(1, shared) == 4
    assert one(1, shared, {"otter_neighbours": "once"}) == 3


def test_M_T18_O18_gorillas_and_pandas():
    def reserves(gorillas, pandas):
        return [
            {**{(0, c): "GOR" for c in range(g)}, **{(1, c): "PAN" for c in range(p)}}
            for g, p in zip(gorillas, pandas, strict=True)
        ]

    assert score_objective(18, reserves([0, 2, 1], [0, 0, 0])) == [0, 5, 2]
    assert score_objective(18, reserves([1, 2, 2], [0, 0, 0])) == [0, 5, 5]
    assert score_objective(18, reserves([0, 0, 0], [0, 0, 0])) == [0, 0, 0]
    assert score_objective(18, reserves([0, 0, 0], [1, 0, 0])) == [-5, 0, 0]
    assert score_objective(18, reserves([3, 1], [0, 0])) == [5, 0]
    assert score_objective(18, reserves([0, 0], [0, 2])) == [0, -5]


def test_M_28_zero_majority_rank():
    empty = [{(0, 0): "LIO"}, {(0, 0): "CRO"}, {(0, 0): "BEA"}]
    rank = {"zero_majority": "rank"}
    assert score_objective(18, empty, rank) == [0, 0, 0]  # +5 gorillas −5 pandas, all tied
    assert score_objective(16, empty, rank) == [5, 5, 5]
    assert score_objective(16, empty) == [0, 0, 0]
    one_panda = [{(0, 0): "PAN"}, {(0, 0): "CRO"}, {(0, 0): "BEA"}]
    assert score_objective(18, one_panda, rank) == [-5 + 5, 5 - 2, 5 - 2]


def test_M_T19_O16_longest_river_compared():
    def river(length):
        return {(0, c): ("OTT/S/D" if c % 2 == 0 else "OTT/S/U") for c in range(length)} or {
            (0, 0): "LIO"
        }

    assert score_objective(16, [river(3), river(3), river(1)]) == [5, 5, 0]
    assert score_objective(16, [river(0), river(0), river(0)]) == [0, 0, 0]
    assert score_objective(16, [river(4), river(2), river(2), river(0)]) == [5, 2, 2, 0]
    assert score_objective(16, [river(4), river(2)]) == [5, 0]  # M-28: no 2nd with 2 players


def test_M_T20_O20_fewest_lions():
    def lions(n):
        return {(0, c): "LIO" for c in range(n)} | {(1, 0): "CRO"}

    assert score_objective(20, [lions(0), lions(2), lions(2), lions(5)]) == [3, -2, -2, -2]
    assert score_objective(20, [lions(1), lions(1)]) == [3, 3]
    assert score_objective(20, [lions(2), lions(2), lions(3)]) == [3, 3, -2]
    assert score_objective(20, [lions(0), lions(4)]) == [3, -2]


def test_M_T21_O21_crocodiles_and_flamingos():
    def reserve(crocs, flamingos):
        return {(0, c): "CRO" for c in range(crocs)} | {(1, c): "FLA" for c in range(flamingos)}

    points = score_objective(21, [reserve(3, 0), reserve(3, 2), reserve(1, 4)])
    assert points == [10, 7, 0]


def test_M_T22_O13_O9_O19_O22_O4():
    for giraffes, points in zip([0, 1, 2, 3, 5], [8, 5, 3, 0, 0], strict=True):
        reserve = {(0, c): "GIR" for c in range(giraffes)} | {(1, 0): "LIO"}
        assert one(13, reserve) == points
    terrains = (
        [(0, c) for c in range(5)],  # LAKE 5
        [(1, c) for c in range(3)],  # SAVANNA 3
        [(2, c) for c in range(4)],  # JUNGLE 4
        [(3, c) for c in range(6)],  # ICE 6
    )
    mixed = grid(("FLA", terrains[0]), ("GIR", terrains[1]), ("OTT/J/U", terrains[2]))
    mixed |= grid(("PEN", terrains[3]))
    assert one(9, mixed) == 6
    penguins = grid(("PEN", [(0, 0), (2, 0), (1, 1), (3, 2)]))
    assert one(19, penguins) == 6
    crocs = grid(("CRO", [(0, 0), (1, 2), (2, 0)]), ("GIR", [(0, 1)]))
    assert one(22, crocs) == 2
    gorillas = grid(("GOR", [(0, 0), (1, 2)]), ("CRO", [(0, 1)]))
    assert one(4, gorillas) == 2


def test_M_T23_tie_break():
    a = {(0, c): "PEN" for c in range(6)}
    b = {(0, c): "PEN" for c in range(5)} | {(1, 0): "LIO"}
    c = {(0, 0): "LIO"}
    assert winners([40, 40, 35], [a, b, c]) == [0]
    b6 = {(0, c): "LIO" for c in range(6)}
    assert winners([40, 40, 35], [a, b6, c]) == [0, 1]
    otters = {(0, c): "OTT/S/D" for c in range(6)}
    assert tiebreak_value(otters) == 6  # M-29: otters count


def test_score_objective_rejects_unknown_ids_and_codes():
    with pytest.raises(ValueError, match="1 to 22"):
        score_objective(23, [{}])
    with pytest.raises(ValueError, match="unknown space code"):
        score_objective(3, [{(0, 0): "DOG"}])


def test_M_O2_other_otters_do_not_extend_the_reach():
    # (0,0) D ends at corners (0,0), (1,1); (1,1) D at (1,1), (2,2): one river of 2. Only the
    # second otter's own end corner (2,2) touches the lake, so only it scores.
    reserve = grid(("OTT/S/D", [(0, 0), (1, 1)]), ("CRO", [(2, 2)]), ("LIO", [(0, 1), (1, 0)]))
    assert longest_river(reserve) == 2
    assert one(2, reserve) == 2


def test_M_O1_otters_count_as_a_neighbour_type():
    reserve = grid(("OTT/J/U", [(1, 1), (0, 1), (1, 0)]), ("LIO", [(1, 2)]))
    # middle otter: two otter neighbours → 2; (0,1) and (1,0) each see one otter → 0
    assert one(1, reserve) == 2


def test_M_O4_flamingo_is_lake_too():
    assert one(4, grid(("GOR", [(0, 0)]), ("FLA", [(1, 0)]))) == 2
    assert one(4, grid(("GOR", [(0, 0)]), ("FLA", [(1, 1)]))) == 0


def test_M_O6_otter_on_savanna_is_savanna():
    reserve = grid(("LIO", [(0, 0), (0, 1), (0, 2)]), ("OTT/S/U", [(1, 2)]), ("OTT/J/U", [(1, 1)]))
    assert one(6, reserve) == 6
    assert one(3, reserve) == 2
