"""The yaku table (engines/koikoi/yaku.py) against rules/koikoi.md and the scorer, both rulesets."""

from __future__ import annotations

import json
import re

import pytest

from chabudai.engines.koikoi import score, stop_points, yaku_table
from chabudai.engines.koikoi.cards import ANIMAL, CARDS, PLAIN, RIBBON, SAKE_CUP
from chabudai.engines.koikoi.state import hand_bonus

# The values as rules/koikoi.md prints them: (points when made, +points per further card).
RULES_FILE = {
    "cardavia": {  # K-19 to K-25, K-9
        "goko": (15, 0), "shiko": (10, 0), "ame_shiko": (8, 0), "sanko": (6, 0),
        "inoshikacho": (5, 0), "akatan": (6, 0), "aotan": (6, 0),
        "tane": (1, 1), "tan": (1, 1), "kasu": (1, 1),
        "teshi": (6, 0), "kuttsuki": (6, 0),
    },
    "nintendo": {  # K-37 to K-41, K-9
        "goko": (10, 0), "shiko": (8, 0), "ame_shiko": (7, 0), "sanko": (5, 0),
        "hanami": (5, 0), "tsukimi": (5, 0),
        "inoshikacho": (5, 1), "akatan": (5, 1), "aotan": (5, 1), "akatan_aotan": (10, 1),
        "tane": (1, 1), "tan": (1, 1), "kasu": (1, 1),
        "teshi": (6, 0), "kuttsuki": (6, 0),
    },
}  # fmt: skip
TYPE_CARDS = {"animal": ANIMAL, "ribbon": RIBBON, "plain": PLAIN | {SAKE_CUP}}
CASES = [(r, s) for r in ("cardavia", "nintendo") for s in (True, False)]


@pytest.mark.parametrize("ruleset", ["cardavia", "nintendo"])
def test_every_yaku_with_the_rules_file_values(ruleset):
    table = yaku_table(ruleset)
    assert {r.id: (r.points, r.plus) for r in table.rows} == RULES_FILE[ruleset]
    assert len({r.id for r in table.rows}) == len(table.rows)
    for row in table.rows:
        assert row.name and row.rule and row.rules.startswith("K-")
        assert set(row.cards) <= set(row.pool) and all(0 <= c < 48 for c in row.pool)
        assert (row.plus_of is None) == (row.plus == 0)


def test_nintendo_sanko_5_and_the_viewing_yaku():
    nintendo, cardavia = yaku_table("nintendo"), yaku_table("cardavia")
    assert nintendo.row("sanko").points == 5 and cardavia.row("sanko").points == 6
    assert nintendo.row("hanami").cards == (8, 32) and nintendo.row("tsukimi").cards == (28, 32)
    for missing in ("hanami", "tsukimi", "akatan_aotan"):
        with pytest.raises(KeyError):
            cardavia.row(missing)
    assert nintendo.row("inoshikacho").points_text() == "5 +1 per further Animal"
    assert cardavia.row("inoshikacho").points_text() == "5"
    assert "does not also score" in nintendo.row("inoshikacho").rule
    assert "as well" in cardavia.row("inoshikacho").rule


def test_K_42_multipliers_only_under_nintendo():
    assert yaku_table("cardavia").multipliers == ()
    seven, called = yaku_table("nintendo").multipliers
    assert (seven.factor, called.factor) == (2, 2) and "7 or more" in seven.rule
    assert "x4" in called.rule
    # The figures the rows describe (K-T7): base 26, x2, and x4 after a koi-koi call.
    assert stop_points(26, "nintendo", False) == 52 and stop_points(26, "nintendo", True) == 104
    assert stop_points(6, "nintendo", True) == 12 and stop_points(6, "nintendo", False) == 6


@pytest.mark.parametrize(("ruleset", "sake"), CASES)
def test_each_rows_cards_score_exactly_that_yaku(ruleset, sake):
    """The example cards of a capture yaku score that yaku alone, at its points (the scorer is
    the reference); one further card of the counted type adds ``plus``."""
    for row in yaku_table(ruleset, sake).rows:
        if row.kind == "hand":
            assert hand_bonus(list(row.cards)) == row.id
            continue
        total, yaku = score(row.cards, ruleset, sake)
        assert yaku == [(row.id, row.points)] and total == row.points, row.id
        if not row.plus:
            continue
        assert row.plus_of is not None
        extras = sorted(TYPE_CARDS[row.plus_of] - set(row.cards))
        for extra in extras:
            if row.plus_of == "plain" and extra == SAKE_CUP and not sake:
                continue
            grown = dict(score([*row.cards, extra], ruleset, sake)[1])
            assert grown[row.id] == row.points + row.plus, (row.id, extra)


@pytest.mark.parametrize(("ruleset", "sake"), CASES)
def test_pools_hold_exactly_the_cards_that_count(ruleset, sake):
    table = yaku_table(ruleset, sake)
    animals = {c.id for c in CARDS if c.type == "animal"}
    assert set(table.row("tane").pool) == animals
    assert set(table.row("kasu").pool) == (PLAIN | {SAKE_CUP} if sake else PLAIN)
    assert ("counts as one" in table.row("kasu").rule) is sake
    assert any("Sake cup counts both" in n for n in table.notes) is sake
    assert set(table.row("goko").pool) == {0, 8, 28, 40, 44}
    assert 40 not in table.row("shiko").pool and 40 in table.row("ame_shiko").cards


def test_table_order_and_plain_data():
    ids = [r.id for r in yaku_table("nintendo").rows]
    assert ids[:6] == ["goko", "shiko", "ame_shiko", "sanko", "hanami", "tsukimi"]
    assert ids[-2:] == ["teshi", "kuttsuki"]
    for ruleset in ("cardavia", "nintendo"):
        data = yaku_table(ruleset).to_dict()
        assert json.loads(json.dumps(data)) == data
        assert data["ruleset"] == ruleset and data["rows"][0]["points_text"]
    with pytest.raises(ValueError, match="unknown ruleset 'hawaii'"):
        yaku_table("hawaii")


@pytest.mark.parametrize("ruleset", ["cardavia", "nintendo"])
@pytest.mark.parametrize("sake", [False, True])
def test_the_yaku_sheet_words_name_no_rule_ids(ruleset, sake):
    """What the yaku sheet shows players cites no rule (the ids stay in ``rules``)."""
    table = yaku_table(ruleset, sake)
    words = [*table.notes, *(t for r in table.rows for t in (r.name, r.rule))]
    words += [t for m in table.multipliers for t in (m.name, m.rule)]
    assert words and not [w for w in words if re.search(r"\b[A-Z]-[O0-9]", w)]
