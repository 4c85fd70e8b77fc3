"""Koi-Koi playout shortcuts give exactly what the generic hard-bot plumbing gives."""

from __future__ import annotations

import random

import engines
from engines.bots.koikoi import POLICY
from engines.bots.policy import GamePolicy

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
