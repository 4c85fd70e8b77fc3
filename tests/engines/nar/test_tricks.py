"""Trick resolution against the rules file's own pseudo-code (R-14 to R-18)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai.engines.nar import resolve_trick
from chabudai.engines.nar.cards import deck_for
from chabudai.engines.nar.tricks import lead_colour, trick_outcome


def by_the_book(plays, fools):
    """R-16's pseudo-code, literally: ``worst_key = (0 if off-colour else 1, value, -order)``."""
    lead = next((c[0] for _, c in plays if c != "1"), None)

    def value(card):
        return 1 if card == "1" else int(card[1:])

    def is_lead(card):
        return card == "1" or card[0] == lead

    lead_cards = [(value(c), -order, seat) for order, (seat, c) in enumerate(plays) if is_lead(c)]
    winner = max(lead_cards)[2]
    worst = sorted(
        ((0 if not is_lead(c) else 1, value(c), -order), seat)
        for order, (seat, c) in enumerate(plays)
    )
    return winner, [seat for _, seat in worst[:fools]]


@st.composite
def tricks(draw):
    players = draw(st.integers(min_value=4, max_value=8))
    cards = draw(st.lists(st.sampled_from(deck_for(8)), min_size=3, max_size=players))
    coloured = [c for c in cards if c != "1"]
    if len(set(coloured)) != len(coloured):
        cards = list(dict.fromkeys(coloured)) + ["1"] * (len(cards) - len(coloured))
    seats = draw(st.permutations(range(players)))[: len(cards)]
    return players, list(zip(seats, cards, strict=False))


@settings(max_examples=500)
@given(tricks())
def test_resolve_trick_matches_the_pseudo_code(trick):
    players, plays = trick
    if len(plays) < 3:
        return
    fools = 2 if players >= 7 else 1
    winner, fooled = resolve_trick(plays, players)
    assert (winner, fooled) == by_the_book(plays, fools)
    assert winner not in fooled
    lead = lead_colour([c for _, c in plays])
    assert trick_outcome(plays, lead, fools) == (winner, fooled)


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="not a Nar card"):
        resolve_trick([(0, "X5"), (1, "G2")], 4)
    with pytest.raises(ValueError, match="at least one card"):
        resolve_trick([], 4)
    with pytest.raises(ValueError, match="cannot have 2 Fool"):
        resolve_trick([(0, "G5"), (1, "G2")], 8)
