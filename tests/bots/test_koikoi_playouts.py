"""Koi-Koi playout shortcuts give exactly what the generic hard-bot plumbing gives."""

from __future__ import annotations

import random

import pytest

from chabudai import engines
from chabudai.engines.bots.hard import playout
from chabudai.engines.bots.koikoi import _VALUE, POLICY, KoiKoiPolicy, _capture, _fast_value, _mask
from chabudai.engines.bots.policy import GamePolicy

ENGINE = engines.get("koikoi")


def finished_game(seed: int, options: dict):
    rng = random.Random(seed)
    state = ENGINE.new_game(2, seed, options)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def test_K_35_playout_rewards_equal_the_generic_rewards_of_the_result():
    outcomes = set()
    for options in ({}, {"ruleset": "nintendo", "rounds": 3}, {"rounds": 6}):
        for seed in range(60):
            state = finished_game(seed, options)
            assert POLICY.rewards(state) == GamePolicy.rewards(POLICY, state)
            s0, s1 = state.scores
            outcomes.add((s0 > s1) - (s0 < s1))
    assert outcomes == {-1, 0, 1}  # wins both ways and draws were compared


class SlowPolicy(KoiKoiPolicy):
    """The playout moves the plain way: every choice made from ``legal_moves`` and the piles'
    card lists (the generic draws of :class:`GamePolicy` where Koi-Koi's shortcut promises
    them: the drawn card's target and stop or koi-koi)."""

    def playout_move(self, state, seat, rng):
        if state.phase != "play":
            return GamePolicy.playout_move(self, state, seat, rng)
        hand = state.hands[seat]
        if len(hand) > 1 and rng.random() < self.rollout_epsilon:
            card = rng.choice(hand)
            takes = [
                m["take"] for m in state.legal_moves(seat) if m["play"] == card and "take" in m
            ]
            return {"play": card, "take": rng.choice(takes)} if takes else {"play": card}
        return slow_hand_move(state, seat)

    def rollout(self, state, seat, legal, rng):
        if state.phase == "draw_choice":
            me, opp = _mask(state.piles[seat]), _mask(state.piles[1 - seat])
            values = [
                _fast_value((1 << state.pending) | (1 << m["take"]), me, opp, state.pending // 4)
                for m in legal
            ]
            return legal[values.index(max(values))]
        return super().rollout(state, seat, legal, rng)


def slow_hand_move(state, seat):
    """The first legal move of the highest :func:`fast_hand_step` value, move by move."""
    me, opp = _mask(state.piles[seat]), _mask(state.piles[1 - seat])
    discard = 0.5 + 0.1 * len(state.hands[1 - seat])
    best, best_value = None, -1e9
    for move in state.legal_moves(seat):
        captured = _capture(state.board, move["play"], move.get("take"))
        if captured:
            value = 1.0 + _fast_value(captured, me, opp, move["play"] // 4)
        else:
            value = -_VALUE[move["play"]] * discard
        if value > best_value:
            best, best_value = move, value
    return best


def positions(options: dict, games: int):
    """Views of both seats at every decision with a choice, from seeded random games."""
    for seed in range(games):
        rng = random.Random(seed)
        state = ENGINE.new_game(2, seed, options)
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_moves(seat)
            if len(legal) > 1:
                yield state.view(seat), seat
            state.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("ruleset", ["cardavia", "nintendo"])
@pytest.mark.parametrize("rounds", [1, 3])
def test_fast_playouts_play_the_slow_moves_with_the_same_draws_and_scores(ruleset, rounds):
    """Koi-Koi's playout shortcuts (masks, no legal move lists, the engine without events) end
    each playout exactly where the plain way does: same moves, same generator, same state."""
    slow_policy = SlowPolicy()
    phases = set()
    for n, (view, seat) in enumerate(positions({"ruleset": ruleset, "rounds": rounds}, 40)):
        fast, slow = random.Random(n), random.Random(n)
        fast_state = ENGINE.from_view(view, fast)
        slow_state = ENGINE.from_view(view, slow)
        marker = POLICY.cutoff_marker(fast_state)
        rewards = playout(POLICY, fast_state, fast, marker, seat)
        while not slow_state.is_over and slow_policy.cutoff_marker(slow_state) == marker:
            mover = slow_state.to_move[0]
            phases.add(slow_state.phase)
            slow_state.apply(mover, slow_policy.playout_move(slow_state, mover, slow))
        assert fast.getstate() == slow.getstate()
        assert fast_state.round_pending == (not slow_state.is_over)  # stopped at a deal's end
        fast_state.start_pending_round()  # the next deal, as apply dealt it (apply_unchecked)
        assert {**fast_state.to_dict(), "moves": []} == {**slow_state.to_dict(), "moves": []}
        assert fast_state.pile_masks == [_mask(p) for p in slow_state.piles]
        if slow_state.is_over:
            assert rewards == GamePolicy.rewards(slow_policy, slow_state)
        else:
            assert rewards == slow_policy.evaluate(slow_state)
    assert phases == {"play", "draw_choice", "decide"}
