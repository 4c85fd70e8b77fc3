"""The Nanatoridori playout move is the generic one, only faster (rules/nanatoridori.md)."""

from __future__ import annotations

import random

import pytest

from chabudai import engines
from chabudai.engines.bots.hard import playout
from chabudai.engines.bots.nanatoridori import (
    BLOCK_VALUE,
    CARD_COST,
    JOIN_BONUS,
    POLICY,
    best_gap,
    blocks_value,
    only_move,
    playout_gap,
    playout_play,
)
from chabudai.engines.bots.policy import GamePolicy
from chabudai.engines.nanatoridori.rules import VALUES, blocks, count_plays

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
    """The policy with the generic playout move (no caches, the legal moves listed) and the
    generic rewards of a finished game (from its result)."""

    playout_move = GamePolicy.playout_move
    rewards = GamePolicy.rewards


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
    """:func:`chabudai.engines.bots.hard.playout` with checked moves and built events."""
    while not state.is_over and policy.cutoff_marker(state) == marker:
        seat = state.to_move[0]
        state.apply(seat, policy.playout_move(state, seat, rng))
    return policy.rewards(state) if state.is_over else policy.evaluate(state)


def _random_hands(count: int) -> list[list[int]]:
    """Seeded random hands of 1 to 16 cards, often with runs (N-9)."""
    rng = random.Random(7)
    hands = []
    for _ in range(count):
        hand: list[int] = []
        for _ in range(rng.randint(1, 16)):
            hand.append(hand[-1] if hand and rng.random() < 0.3 else rng.choice(VALUES))
        hands.append(hand)
    return hands


def _reference_blocks_value(cards: int, lengths: list[int], values: list[int]) -> float:
    """:func:`blocks_value` as first written, with the same float operations in order."""
    if cards == 0:
        return 100.0
    value = -CARD_COST * cards
    prev2 = prev = 0
    for length, v in zip(lengths, values, strict=True):
        value += BLOCK_VALUE[length]
        if prev2 == v:
            value += JOIN_BONUS
        prev2 = prev
        prev = v
    return value


def _reference_best_gap(hand: list[int], v: int, count: int) -> int | None:
    """:func:`best_gap` as first written: every block of value ``v`` tried, then the discard."""
    lengths, values = blocks(hand)
    best, best_value = 0, -1e9
    start = 0
    for i, length in enumerate(lengths):
        if values[i] == v:
            joined = lengths[:]
            joined[i] += count
            value = _reference_blocks_value(len(hand) + count, joined, values)
            if value > best_value:
                best, best_value = start, value
        start += length
    if _reference_blocks_value(len(hand), lengths, values) + 0.01 > best_value:
        return None
    return best


def test_blocks_value_and_best_gap_are_the_reference():
    """The fast :func:`blocks_value` and :func:`best_gap` (N-13, N-15, N-29) give exactly the
    floats and gaps of their first versions, over random hands and waiting cards of every
    value, held or not."""
    inserted = 0
    for hand in _random_hands(600):
        assert blocks_value(len(hand), *blocks(hand)) == _reference_blocks_value(
            len(hand), *blocks(hand)
        )
        for v in VALUES:
            for count in (1, 2, 3):
                gap = best_gap(hand, v, count)
                assert gap == _reference_best_gap(hand, v, count)
                inserted += gap is not None
    assert inserted


def test_only_move_is_one_counted_move():
    """:func:`only_move` is True exactly when the plays (:func:`count_plays`) and the passes
    make one legal move (N-11, N-12, N-15, N-28, N-29), leading or following, standard or
    duel."""
    rng = random.Random(11)
    seen = set()
    for hand in _random_hands(400):
        lengths, values = blocks(hand)
        for area in [None, *((rng.randint(1, 4), rng.choice(VALUES)) for _ in range(4))]:
            for duel in (False, True):
                reserve = tuple(sorted(rng.sample(VALUES, rng.randint(0, 2)))) if duel else ()
                passes = 0 if area is None else len(set(reserve)) if duel else 1
                expected = count_plays(lengths, values, area, reserve) + passes == 1
                assert only_move(len(hand), lengths, values, area, reserve, duel) == expected
                seen.add((area is None, duel, expected))
    assert {(lead, only) for lead, duel, only in seen if not duel} == {
        (True, True),
        (True, False),
        (False, True),
        (False, False),
    }
