"""The Nimalia playout move and playout evaluation are the plain ones, only faster
(rules/nimalia.md)."""

from __future__ import annotations

import random

import pytest

from chabudai import engines
from chabudai.engines.bots.nimalia import LATER, POLICY, ROUNDS
from chabudai.engines.bots.policy import GamePolicy
from chabudai.engines.nimalia.objectives import COLOURS, SCHEDULE
from chabudai.engines.nimalia.scoring import score_objective

CONFIGS = [
    (2, {}),
    (2, {"goals_level": "difficult"}),
    (3, {"zero_majority": "rank"}),
    (4, {"zero_majority": "rank", "otter_neighbours": "once", "faq_values": True}),
    (4, {"goals_level": "random"}),
]


def reference_evaluate(state) -> list[float]:
    """Each scoring still to come (M-26), at :data:`LATER`, added one by one."""
    scores = [float(s) for s in state.scores]
    for r in range(state.round, ROUNDS + 1):
        for colour in SCHEDULE[r]:
            oid = state.objectives[COLOURS.index(colour)]
            points = score_objective(oid, state.boards, state.options)
            scores = [s + LATER * p for s, p in zip(scores, points, strict=True)]
    return POLICY.score_rewards(scores, [])


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_playout_move_is_the_generic_playout_move(players, options):
    """Over determinized random games: the same move and the same random draws as
    :meth:`GamePolicy.playout_move` over the listed legal moves (the rollout's sample of
    placements, valued on the masks its objectives read, M-14 to M-19, M-O1 to M-O22)."""
    engine = engines.get("nimalia")
    plans = set()
    for seed in range(6):
        state = engine.new_game(players, seed, options)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in list(state.to_move):
                sample = engine.from_view(state.view(seat), rng)
                slow_rng, fast_rng = random.Random(seed), random.Random(seed)
                slow = GamePolicy.playout_move(POLICY, sample, seat, slow_rng)
                fast = POLICY.playout_move(sample, seat, fast_rng)
                assert fast == slow
                assert fast_rng.getstate() == slow_rng.getstate()
                plans.add((tuple(sample.objectives), sample.round))
                state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert len(plans) > 10


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_evaluate_adds_every_scoring_to_come(players, options):
    """The evaluation of a playout stopped at a round end: the scores plus half of every
    scoring to come, the same rewards as adding them one by one."""
    engine = engines.get("nimalia")
    for seed in range(6):
        state = engine.new_game(players, seed, options)
        rng = random.Random(seed)
        while not state.is_over:
            assert POLICY.evaluate(state) == reference_evaluate(state)
            for seat in list(state.to_move):
                state.apply(seat, rng.choice(state.legal_moves(seat)))
