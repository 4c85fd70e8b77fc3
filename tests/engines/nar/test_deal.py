"""``deal_constrained``: the void-respecting deal behind ``determinize`` (R-13, R-27)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai.engines.nar import deal_constrained
from chabudai.engines.nar.cards import CARD_INFO, COLOURS

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


def reference_deal(cards, sizes, voids, rng):
    """``deal_constrained`` as it was: Hall's condition summed afresh for every placement."""
    pool = list(cards)
    seats = [seat for seat in sizes if sizes[seat] > 0]
    rng.shuffle(pool)
    void_of = {seat: voids.get(seat, "") for seat in seats}
    constrained = [c for c in COLOURS if any(c in v for v in void_of.values())]
    hands = {seat: [] for seat in sizes}
    room = {seat: sizes[seat] for seat in seats}
    if constrained:
        free = [card for card in pool if CARD_INFO[card][0] not in constrained]
        by_colour = {c: [card for card in pool if CARD_INFO[card][0] == c] for c in constrained}
        left = {c: len(by_colour[c]) for c in constrained}
        subsets = []
        for mask in range(1, 1 << len(constrained)):
            chosen = [c for i, c in enumerate(constrained) if mask >> i & 1]
            holders = [s for s in seats if any(c not in void_of[s] for c in chosen)]
            subsets.append((chosen, holders))

        def feasible():
            return all(
                sum(left[c] for c in chosen) <= sum(room[s] for s in holders)
                for chosen, holders in subsets
            )

        if not feasible():
            raise ValueError("no deal of the unseen cards respects the known voids")
        for colour in constrained:
            allowed = [s for s in seats if colour not in void_of[s]]
            for card in by_colour[colour]:
                candidates = [s for s in allowed if room[s] > 0]
                left[colour] -= 1
                while True:
                    pick = rng.randrange(sum(room[s] for s in candidates))
                    for seat in candidates:
                        pick -= room[seat]
                        if pick < 0:
                            break
                    room[seat] -= 1
                    if feasible():
                        break
                    room[seat] += 1
                    candidates.remove(seat)
                hands[seat].append(card)
        pool = free
    start = 0
    for seat in seats:
        hands[seat].extend(pool[start : start + room[seat]])
        start += room[seat]
    return hands


@st.composite
def tight_problems(draw):
    """Problems with a known solution, each seat void in most colours it was not dealt."""
    seats = draw(st.integers(min_value=2, max_value=7))
    cards = draw(st.lists(st.sampled_from(CARDS * 2), min_size=seats, max_size=3 * seats))
    owners = draw(st.lists(st.integers(0, seats - 1), min_size=len(cards), max_size=len(cards)))
    sizes = {s: owners.count(s) for s in range(seats)}
    voids = {}
    for s in range(seats):
        held = {CARD_INFO[c][0] for c, o in zip(cards, owners, strict=True) if o == s}
        voids[s] = "".join(c for c in COLOURS if c not in held and draw(st.integers(0, 3)))
    return cards, sizes, voids, draw(st.integers(0, 2**32))


@settings(max_examples=600)
@given(st.one_of(problems(), tight_problems()))
def test_deals_as_the_reference_with_the_same_draws(problem):
    """The slack kept up to date gives the deal of Hall's condition summed afresh: the same
    hands and the same random draws (determinizations stay as they were)."""
    cards, sizes, voids, seed = problem
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    try:
        expected = reference_deal(cards, sizes, voids, slow_rng)
    except ValueError:
        with pytest.raises(ValueError, match="no deal"):
            deal_constrained(cards, sizes, voids, fast_rng)
        return
    assert deal_constrained(cards, sizes, voids, fast_rng) == expected
    assert fast_rng.getstate() == slow_rng.getstate()
