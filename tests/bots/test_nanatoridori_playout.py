"""The Nanatoridori playout move is the generic one, only faster (rules/nanatoridori.md)."""

from __future__ import annotations

import random

import pytest

import engines
from engines.bots.hard import playout
from engines.bots.nanatoridori import POLICY, playout_gap, playout_play
from engines.bots.policy import GamePolicy

CONFIGS = [
    (2, {}),
    (2, {"scoring": "advanced"}),
    (2, {"two_player": "duel"}),
    (2, {"two_player": "duel", "scoring": "advanced"}),
    (3, {}),
    (4, {}),
    (4, {"scoring": "advanced"}),
    (6, {}),
]


def _clear_caches() -> None:
    playout_play.cache_clear()
    playout_gap.cache_clear()


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_playout_move_is_the_generic_playout_move(players, options):
    """Over determinized random games: the same move and the same random draws as
    :meth:`GamePolicy.playout_move` over the listed legal moves (epsilon moves, only moves,
    rollout moves of both phases, N-11 to N-15, N-28, N-29) — computed afresh and again from
    the caches."""
    engine = engines.get("nanatoridori")
    _clear_caches()
    kinds = set()
    for seed in range(12):
        state = engine.new_game(players, seed, options)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            sample = engine.from_view(state.view(seat), rng)
            slow_rng = random.Random(seed)
            slow = GamePolicy.playout_move(POLICY, sample, seat, slow_rng)
            for _ in range(2):  # the second time from the cache
                fast_rng = random.Random(seed)
                fast = POLICY.playout_move(sample, seat, fast_rng)
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
    assert playout_play.cache_info().hits and playout_gap.cache_info().hits


class _SlowPolicy(type(POLICY)):
    """The policy with the generic playout move (no caches, the legal moves listed)."""

    playout_move = GamePolicy.playout_move


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_playouts_are_the_generic_playouts(players, options):
    """Whole playouts from determinized positions (the hard bot's loop, twice: the second
    time from the caches):
    the same rewards, the same final state and the same random draws as with the generic
    playout move applied by ``apply``."""
    engine = engines.get("nanatoridori")
    slow_policy = _SlowPolicy()
    _clear_caches()
    for seed in range(6):
        state = engine.new_game(players, 100 + seed, options)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            if rng.random() < 0.2:
                sample = engine.from_view(state.view(seat), rng)
                marker = POLICY.cutoff_marker(sample)
                slow_state, slow_rng = sample.clone(), random.Random(seed)
                slow = _slow_playout(slow_policy, slow_state, slow_rng, marker)
                for _ in range(2):  # the second time from the caches
                    fast_state, fast_rng = sample.clone(), random.Random(seed)
                    fast = playout(POLICY, fast_state, fast_rng, marker, seat)
                    assert fast == slow
                    assert fast_rng.getstate() == slow_rng.getstate()
                    assert fast_state.round_pending == (not slow_state.is_over)
                    fast_state.start_pending_round()  # the next deal, as apply dealt it
                    assert fast_state.to_dict() == {**slow_state.to_dict(), "moves": []}
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert playout_play.cache_info().hits


def _slow_playout(policy, state, rng, marker) -> list[float]:
    """:func:`engines.bots.hard.playout` with checked moves and built events."""
    while not state.is_over and policy.cutoff_marker(state) == marker:
        seat = state.to_move[0]
        state.apply(seat, policy.playout_move(state, seat, rng))
    return policy.rewards(state) if state.is_over else policy.evaluate(state)
