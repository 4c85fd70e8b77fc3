"""The Nar bots' fast paths choose as the plain code they replaced (rules/nar.md R-13 to R-17).

The reference below is the scoring as it was before the lookup tables: every number computed
card by card from the module's constants. Over determinized random games of 4 to 8 players,
with and without announcements, the fast ``playout_move`` and ``normal`` must pick the same card
with the same random draws, and ``card_scores`` must give the same floats.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from chabudai import engines
from chabudai.engines.bots.nar import (
    FOOL_COST,
    ONE_KEEP,
    PLAY_LOW,
    POLICY,
    SHED_WEIGHT,
    VOID_GUESS,
    _p_fool,
    candidates,
    card_scores,
)
from chabudai.engines.bots.policy import GamePolicy
from chabudai.engines.nar.cards import CARD_INFO
from chabudai.engines.nar.tricks import ORDER_NUMBERS

ENGINE = engines.get("nar")
CONFIGS = [
    (4, {}),
    (4, {"announcements": True}),
    (5, {}),
    (6, {"announcements": True}),
    (7, {}),
    (7, {"fools_at_7": 1, "announcements": True}),
    (8, {}),
    (8, {"announcements": True}),
]


def reference_scores(
    hand: list[str],
    legal: list[str],
    trick: list[list[Any]],
    lead: str | None,
    later: list[int],
    voids: list[Any],
    tops: dict[str, int],
    fools: int,
) -> dict[str, float]:
    """``card_scores`` as it was: each card's Fool risk and shed value from the constants."""
    numbers = ORDER_NUMBERS[lead]
    in_trick = [numbers[other] for _, other in trick]
    out: dict[str, float] = {}
    for card in legal:
        colour, value = CARD_INFO[card]
        mine = numbers[card]
        need = fools - sum(1 for number in in_trick if number < mine)
        risk = 0.0
        if need > 0:
            new_lead = lead or colour or None
            certain = False
            if new_lead is None:
                p = 0.3
            elif mine < 64:
                p = 0.3 * VOID_GUESS * value / tops.get(new_lead, 15)
            else:
                low = (value - 1) / max(1, tops.get(new_lead, 15) - 1)
                p = VOID_GUESS + (1 - VOID_GUESS) * PLAY_LOW * low
                certain = any(new_lead in voids[seat] for seat in later)
            if need == 1:
                if not certain:
                    risk = 1.0
                    for _ in later:
                        risk *= 1 - p
            else:
                chances = [1.0 if certain and new_lead in voids[s] else p for s in later]
                risk = _p_fool(need, chances)
        score = -FOOL_COST * risk
        if colour:
            score += SHED_WEIGHT * value
        elif len(hand) > 3:
            score -= ONE_KEEP
        out[card] = score
    return out


def reference_rollout(state, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """The rollout move as it was: the best scored candidate (the first on a tie)."""
    if "declare" in legal[0]:
        return {"declare": False}
    cards = candidates([m["play"] for m in legal])
    if len(cards) == 1:
        return {"play": cards[0]}
    scores = reference_scores(
        state.hands[seat],
        cards,
        state.trick,
        state.lead,
        state.active[len(state.trick) + 1 :],
        state.voids,
        state.deck,
        state.fools_per_trick,
    )
    return {"play": max(scores, key=scores.__getitem__)}


def reference_playout_move(state, seat: int, rng: random.Random) -> dict:
    """:meth:`GamePolicy.playout_move` over the listed legal moves with the reference rollout."""
    legal = state.legal_moves(seat)
    if len(legal) == 1:
        return legal[0]
    if rng.random() < POLICY.rollout_epsilon:
        return rng.choice(legal)
    return reference_rollout(state, seat, legal, rng)


def samples(players: int, options: dict, games: int):
    """``(view, seat, sample)`` at every move of seeded random games: ``sample`` is a
    determinization of the view, as the hard bot plays out; played on a few random moves so
    that tricks in progress, voids and round ends all occur."""
    for seed in range(games):
        state = ENGINE.new_game(players, seed, options)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            view = state.view(seat)
            sample = ENGINE.from_view(view, rng)
            yield view, seat, sample
            state.apply(seat, rng.choice(state.legal_moves(seat)))


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_playout_moves_are_the_reference_moves(players, options):
    """Along whole playouts from determinizations: the same move and the same random draws as
    the reference, move after move (epsilon moves, single legal cards, announcements)."""
    kinds = set()
    for _, _, sample in samples(players, options, 3):
        seed = sample.seed
        fast_state, slow_state = sample.clone(), sample.clone()
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        rounds = sample.round
        while not fast_state.is_over and fast_state.round == rounds:
            seat = fast_state.current
            fast = POLICY.playout_move(fast_state, seat, fast_rng)
            slow = reference_playout_move(slow_state, seat, slow_rng)
            assert fast == slow
            assert fast_rng.getstate() == slow_rng.getstate()
            kinds.add(next(iter(fast)))
            fast_state.apply_unchecked(seat, fast)
            slow_state.apply_unchecked(seat, slow)
    assert kinds == ({"play", "declare"} if options.get("announcements") else {"play"})


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_scores_and_normal_moves_are_the_reference(players, options):
    """``card_scores`` gives the reference's floats for every legal card (not only the
    candidates) and ``normal`` picks the reference's best candidate, from views."""
    for view, seat, sample in samples(players, options, 4):
        legal = ENGINE.from_view(view, random.Random(0)).legal_moves(seat)
        if "declare" in legal[0]:
            continue
        cards = [m["play"] for m in legal]
        args = (
            view["trick"],
            view["lead"],
            view["active"][len(view["trick"]) + 1 :],
            view["voids"],
            view["deck"],
            view["fools_per_trick"],
        )
        assert card_scores(view["hand"], cards, *args) == reference_scores(
            view["hand"], cards, *args
        )
        rng = random.Random(1)
        expected = reference_rollout(sample, seat, legal, rng)
        assert POLICY.normal(view, legal, rng) == expected
        assert POLICY.rollout(sample, seat, legal, rng) == expected
        assert GamePolicy.playout_move is not POLICY.playout_move
