"""``deal_constrained``: the void-respecting deal behind ``determinize`` (R-13, R-27)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.nar import deal_constrained
from engines.nar.cards import CARD_INFO

CARDS = ["G2", "G3", "G4", "R2", "R3", "R4", "Y2", "Y3", "B2", "B3", "1", "1"]


def consistent_deal_exists(cards, sizes, voids) -> bool:
    """Brute force: try every seat for every card."""
    room = dict(sizes)

    def place(i: int) -> bool:
        if i == len(cards):
            return True
        colour = CARD_INFO[cards[i]][0]
        for seat in room:
            if room[seat] and (not colour or colour not in voids.get(seat, "")):
                room[seat] -= 1
                if place(i + 1):
                    return True
                room[seat] += 1
        return False

    return place(0)


@st.composite
def problems(draw):
    cards = draw(st.lists(st.sampled_from(CARDS), min_size=1, max_size=9))
    seats = draw(st.integers(min_value=1, max_value=4))
    cuts = sorted(
        draw(st.lists(st.integers(0, len(cards)), min_size=seats - 1, max_size=seats - 1))
    )
    bounds = [0, *cuts, len(cards)]
    sizes = {s: bounds[s + 1] - bounds[s] for s in range(seats)}
    voids = {s: "".join(draw(st.sets(st.sampled_from("GRYB")))) for s in range(seats)}
    return cards, sizes, voids, draw(st.integers(0, 2**32))


@settings(max_examples=400)
@given(problems())
def test_deals_whenever_a_consistent_deal_exists(problem):
    cards, sizes, voids, seed = problem
    if not consistent_deal_exists(cards, sizes, voids):
        with pytest.raises(ValueError, match="no deal"):
            deal_constrained(cards, sizes, voids, random.Random(seed))
        return
    hands = deal_constrained(cards, sizes, voids, random.Random(seed))
    assert Counter(c for h in hands.values() for c in h) == Counter(cards)
    for seat, hand in hands.items():
        assert len(hand) == sizes[seat]
        colours = {CARD_INFO[c][0] for c in hand} - {""}  # a 1 has no colour
        assert not colours & set(voids[seat]), (seat, hand, voids)


def test_sizes_must_add_up():
    with pytest.raises(ValueError, match="do not fill"):
        deal_constrained(["G2", "G3"], {0: 1, 1: 2}, {}, random.Random(1))


def test_unconstrained_deals_look_uniform():
    """Without voids every card lands in each of two equal hands about half the time."""
    rng = random.Random(3)
    hits = Counter()
    for _ in range(4000):
        hands = deal_constrained(CARDS, {0: 6, 1: 6}, {}, rng)
        hits.update(hands[0])
    assert all(1800 < hits[c] < 2200 for c in CARDS if c != "1")


def test_a_forced_deal_is_found():
    """Only one deal fits: seat 0 may hold only green, seat 1 only red, seat 2 takes the rest."""
    cards = ["R2", "G2", "Y2", "R3", "G3", "1"]
    voids = {0: "RYB", 1: "GYB", 2: "GR"}
    for seed in range(50):
        hands = deal_constrained(cards, {0: 2, 1: 2, 2: 2}, voids, random.Random(seed))
        assert sorted(hands[0]) == ["G2", "G3"] and sorted(hands[1]) == ["R2", "R3"]
        assert sorted(hands[2]) == ["1", "Y2"]
