"""Yaku progress lines (engines/koikoi/progress.py) against the K-T vectors."""

from hypothesis import given
from hypothesis import strategies as st

from chabudai.engines.koikoi import score
from chabudai.engines.koikoi.progress import group_by_type, progress


def by_id(pile, **kw):
    return {p.id: p for p in progress(pile, **kw)}


def test_empty_pile_shows_every_family_at_zero():
    lines = by_id([])
    assert lines["brights"].text() == "Brights 0/3"
    assert lines["kasu"].text() == "Plains 0/10"
    assert not any(p.done for p in lines.values())


def test_K_T1_three_brights_done():
    lines = by_id([0, 8, 44])
    assert lines["brights"].have == 3 and lines["brights"].done
    assert lines["brights"].text() == "Brights 3"


def test_K_T2_rain_man_raises_the_bright_goal_to_four():
    lines = by_id([0, 8, 40])
    assert (lines["brights"].have, lines["brights"].need) == (3, 4)
    assert not lines["brights"].done
    assert score([0, 8, 40])[0] == 0
    assert by_id([0, 8, 40, 44])["brights"].done


def test_K_T3_idc_and_animals():
    lines = by_id([4, 12, 20, 24, 36])
    assert lines["inoshikacho"].done and lines["tane"].done


def test_K_T5_sake_cup_counts_for_plains_only_with_the_option():
    pile = [4, 12, 16, 29, 32, 2, 3, 6, 7, 10, 11, 14, 15, 18]
    assert by_id(pile)["kasu"].have == 10
    assert by_id(pile, sake_cup_plain=False)["kasu"].have == 9
    assert by_id(pile)["tane"].have == 5


def test_done_lines_agree_with_the_scorer_for_the_count_yaku():
    pile = [1, 5, 9, 21, 33, 37]  # K-T4
    lines = by_id(pile)
    _, yaku = score(pile)
    ids = {y for y, _ in yaku}
    assert lines["akatan"].done == ("akatan" in ids)
    assert lines["aotan"].done == ("aotan" in ids)
    assert lines["tan"].done == ("tan" in ids)


def test_nintendo_adds_viewing_lines():
    lines = by_id([8, 32], ruleset="nintendo")
    assert lines["hanami"].done and lines["tsukimi"].have == 1


def test_group_by_type_puts_the_sake_cup_with_animals():
    groups = group_by_type([44, 32, 1, 2, 0])
    assert groups == {"bright": [0, 44], "animal": [32], "ribbon": [1], "plain": [2]}


LADDER = {"goko", "shiko", "ame_shiko", "sanko"}


@given(st.sets(st.integers(0, 47)), st.booleans())
def test_done_iff_the_yaku_scores_cardavia(pile, sake):
    lines = by_id(pile, sake_cup_plain=sake)
    ids = {y for y, _ in score(pile, "cardavia", sake)[1]}
    assert lines["brights"].done == bool(ids & LADDER)
    for line in ("inoshikacho", "akatan", "aotan", "tane", "tan", "kasu"):
        assert lines[line].done == (line in ids), line


def test_K_39_nintendo_animals_absorbed_by_boar_deer_butterflies():
    pile = [4, 12, 20, 24, 36]  # K-T3: IDC plus two more animals
    lines = by_id(pile, ruleset="nintendo")
    assert lines["inoshikacho"].done
    tane = lines["tane"]
    assert tane.have == 5 and tane.absorbed_by == "inoshikacho" and not tane.done
    assert tane.text() == "Animals 5 (in set)" and tane.absorbed_name == "Boar-Deer-Butterflies"
    assert tane.to_dict()["done"] is False and tane.to_dict()["absorbed_by"] == "inoshikacho"
    assert {y for y, _ in score(pile, "nintendo")[1]} == {"inoshikacho"}
    # Before the set is complete, Animals is still a goal of its own.
    assert by_id([4, 12, 20, 24], ruleset="nintendo")["tane"].absorbed_by is None
    assert by_id([4, 12, 16, 20, 24], ruleset="nintendo")["tane"].done
    # Cardavia adds them up (K-26): nothing is absorbed.
    assert by_id(pile)["tane"].done and by_id(pile)["tane"].absorbed_by is None


def test_K_40_nintendo_ribbons_absorbed_by_the_ribbon_sets():
    red = by_id([1, 5, 9, 13, 17], ruleset="nintendo")
    assert red["akatan"].done and red["tan"].absorbed_by == "akatan" and not red["tan"].done
    blue = by_id([21, 33, 37, 13, 17], ruleset="nintendo")
    assert blue["tan"].absorbed_by == "aotan" and not blue["tan"].done
    both = by_id([1, 5, 9, 21, 33, 37], ruleset="nintendo")  # K-T4
    assert both["tan"].absorbed_by == "akatan_aotan"
    assert both["tan"].text() == "Ribbons 6 (in sets)"
    assert (
        both["tan"].absorbed_name == "Red and Blue Ribbons"
        and red["tan"].text() == "Ribbons 5 (in set)"
    )
    assert by_id([1, 5, 13, 17, 21], ruleset="nintendo")["tan"].done  # no full set: Ribbons scores


@given(st.sets(st.integers(0, 47)), st.booleans())
def test_done_iff_the_yaku_scores_nintendo(pile, sake):
    """Every ``done`` line is a scoring yaku under K-37 to K-41, and every scoring yaku has one."""
    lines = by_id(pile, ruleset="nintendo", sake_cup_plain=sake)
    ids = {y for y, _ in score(pile, "nintendo", sake)[1]}
    assert lines["brights"].done == bool(ids & LADDER)
    for line in ("inoshikacho", "hanami", "tsukimi", "tane", "tan", "kasu"):
        assert lines[line].done == (line in ids), line
    for line in ("akatan", "aotan"):
        assert lines[line].done == bool({line, "akatan_aotan"} & ids), line
    absorbed = {p.id for p in lines.values() if p.absorbed_by}
    assert not absorbed & ids
