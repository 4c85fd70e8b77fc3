"""The Koi-Koi hard bot's reward and budget (engines/bots/koikoi.py): the chance to win the game
from the score margin, the deals left and the next dealer (K-34, K-35), and the extra search
spent on stop or koi-koi (K-28)."""

from __future__ import annotations

import pytest

from chabudai import engines
from chabudai.engines.bots import make_bot
from chabudai.engines.bots.koikoi import (
    EQUITY_SPAN,
    POLICY,
    SEARCH_WEIGHTS,
    match_equity,
    win_chance,
)
from tests.bots.helpers import positions

RULESETS = ("cardavia", "nintendo")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_after_the_last_deal_the_higher_total_wins_and_a_tie_is_half(ruleset):
    """K-35: equal totals are a draw, worth half a win."""
    assert win_chance(ruleset, 0, 1, True) == 1.0
    assert win_chance(ruleset, 0, 0, False) == 0.5
    assert win_chance(ruleset, 0, -1, True) == 0.0


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("left", [1, 3, 11])
def test_the_chance_to_win_rises_with_the_margin_and_both_seats_sum_to_one(ruleset, left):
    dealer, other = match_equity(ruleset, left)
    assert all(a <= b + 1e-12 for a, b in zip(dealer, dealer[1:], strict=False))
    assert all(a <= b + 1e-12 for a, b in zip(other, other[1:], strict=False))
    for d in range(-EQUITY_SPAN, EQUITY_SPAN + 1):
        # The seat that deals next at margin d is the other seat's opponent at margin -d.
        assert win_chance(ruleset, left, d, True) + win_chance(ruleset, left, -d, False) == (
            pytest.approx(1.0)
        )
    # K-34: the winner of a deal deals the next one, and the dealer moves first (K-5).
    assert win_chance(ruleset, left, 0, True) > 0.5


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_lead_is_worth_more_the_fewer_deals_are_left(ruleset):
    chances = [win_chance(ruleset, left, 6, False) for left in (1, 4, 11)]
    assert chances[0] > chances[1] > chances[2] > 0.5


def test_a_playout_stopped_after_a_deal_rewards_the_leader():
    state, _ = positions("koikoi", 2, 1, seed=3, options={"rounds": 12})[0]
    state.scores = [14, 6]
    state.history = [{}] * 4  # four deals played, eight left
    state.dealer = 1
    rewards = POLICY.evaluate(state)
    assert rewards[0] > 0.5 > rewards[1]
    assert sum(rewards) == pytest.approx(1.0)


def _decision(phase: str, seed: int = 0):
    for state, seat in positions("koikoi", 2, 400, seed=seed, every=1.0, options={"rounds": 12}):
        if state.phase == phase:
            return state, seat
    raise AssertionError(f"no {phase} decision found")


def test_the_hard_bot_searches_stop_or_koikoi_longer_than_a_hand_step(monkeypatch):
    """With the race kept open, a decision runs its weight times the iterations asked for."""
    monkeypatch.setattr("chabudai.engines.bots.hard.ELIMINATE", float("inf"))
    engine = engines.get("koikoi")
    assert SEARCH_WEIGHTS["decide"] > 1.0
    for phase in ("play", "decide"):
        state, seat = _decision(phase)
        view, legal = state.view(seat), state.legal_moves(seat)
        weight = SEARCH_WEIGHTS.get(phase, 1.0)
        assert POLICY.search_weight(view, legal) == weight
        bot = make_bot("hard", 1, iterations=40)
        bot.choose(engine, view, legal)
        assert bot.last_iterations == round(40 * weight)
