"""The Nanatoridori playout move is the generic one, only faster (rules/nanatoridori.md)."""

from __future__ import annotations

import random

import pytest

import engines
from engines.bots.nanatoridori import POLICY
from engines.bots.policy import GamePolicy


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (2, {"two_player": "duel"}), (3, {}), (4, {"scoring": "advanced"}), (6, {})],
)
def test_playout_move_is_the_generic_playout_move(players, options):
    """Over determinized random games: the same move and the same random draws as
    :meth:`GamePolicy.playout_move` over the listed legal moves (epsilon moves, only moves,
    rollout moves of both phases, N-11 to N-15, N-28, N-29)."""
    engine = engines.get("nanatoridori")
    kinds = set()
    for seed in range(12):
        state = engine.new_game(players, seed, options)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            sample = engine.from_view(state.view(seat), rng)
            fast_rng, slow_rng = random.Random(seed), random.Random(seed)
            fast = POLICY.playout_move(sample, seat, fast_rng)
            slow = GamePolicy.playout_move(POLICY, sample, seat, slow_rng)
            assert fast == slow
            assert fast_rng.getstate() == slow_rng.getstate()
            kinds.add((sample.phase, next(iter(fast)), len(sample.legal_moves(seat)) == 1))
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert {(phase, kind) for phase, kind, _ in kinds} == {
        ("play", "play"),
        ("play", "pass"),
        ("place", "insert"),
        ("place", "discard"),
    }
    assert {only for _, _, only in kinds} == {True, False}
