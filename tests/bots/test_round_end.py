"""A playout stops at the round end: the contract of ``apply_unchecked`` for every game with
rounds (engines/base.py, ``GameState.apply_unchecked``).

Under ``apply_unchecked`` a move that ends a round of a game that goes on settles the round and
leaves the next deal pending; the policy's ``cutoff_marker`` and ``evaluate`` read the same as
on the state ``apply`` reaches, and ``start_pending_round`` then makes the two states equal.
"""

from __future__ import annotations

import random

import pytest

from chabudai import engines
from chabudai.engines.base import GameState
from chabudai.engines.bots.hard import _Search, playout
from chabudai.engines.bots.policy import policy_for

SETUPS = [
    ("koikoi", 2, {"rounds": 3}),
    ("koikoi", 2, {"rounds": 12, "ruleset": "nintendo"}),
    ("nanatoridori", 2, {}),
    ("nanatoridori", 2, {"two_player": "duel"}),
    ("nanatoridori", 3, {"scoring": "advanced"}),
    ("nanatoridori", 6, {}),
    ("nar", 4, {}),
    ("nar", 5, {"announcements": True, "game_length": "fixed_rounds"}),
    ("nar", 8, {"fools_at_7": 1}),
    ("nimalia", 2, {}),
    ("nimalia", 4, {"zero_majority": "rank"}),
]
GAMES = {"koikoi": 12, "nanatoridori": 6, "nar": 3, "nimalia": 3}  # seeded games per setup


def _views(state: GameState) -> list:
    return [state.view(seat) for seat in [None, *range(state.players)]]


def _same(quick: GameState, checked: GameState, views: bool = True) -> None:
    assert {**quick.to_dict(), "moves": []} == {**checked.to_dict(), "moves": []}
    if views:
        assert _views(quick) == _views(checked)


def _rounds(state: GameState) -> int:
    return len(state.result()["rounds"])


@pytest.mark.parametrize(("name", "players", "options"), SETUPS)
def test_apply_unchecked_leaves_the_next_round_pending(name, players, options):
    """Over seeded random games: at every round end of a game that goes on, the
    ``apply_unchecked`` state is pending and differs from the ``apply`` state (the deal is
    really left undone), the policy's cutoff marker has changed and reads, with ``evaluate``,
    the same as on the ``apply`` state; after ``start_pending_round`` both states are equal
    (saves and every seat's view). Elsewhere no round is pending and the states are equal."""
    engine = engines.get(name)
    policy = policy_for(name)
    pending_seen = 0
    long = players > 4 or options.get("scoring") == "advanced"  # long games: fewer
    games = 2 if long else GAMES[name]
    for seed in range(games):
        rng = random.Random(f"{name}:{players}:{seed}")
        checked = engine.new_game(players, seed, options)
        quick = checked.clone()
        while not checked.is_over:
            marker = policy.cutoff_marker(checked)
            rounds = _rounds(checked)
            for seat in list(checked.to_move):
                move = rng.choice(checked.legal_moves(seat))
                checked.apply(seat, move)
                quick.apply_unchecked(seat, move)
            if _rounds(checked) > rounds and not checked.is_over:
                pending_seen += 1
                assert quick.round_pending
                assert quick.to_dict() != checked.to_dict()
                assert policy.cutoff_marker(quick) == policy.cutoff_marker(checked) != marker
                assert policy.evaluate(quick) == policy.evaluate(checked)
                copy = quick.clone()
                assert copy.round_pending
                quick.start_pending_round()
                copy.start_pending_round()
                _same(copy, checked)
            assert not quick.round_pending
            assert quick.is_over == checked.is_over
            _same(quick, checked, views=rng.random() < 0.2)
        _same(quick, checked)
        assert policy.rewards(quick) == policy.rewards(checked)
    assert pending_seen >= games  # every game has at least two rounds


def test_start_pending_round_without_a_pending_round_does_nothing():
    for name in GAMES:
        state = engines.get(name).new_game(engines.get(name).min_players, 3)
        before = state.to_dict()
        state.start_pending_round()
        assert state.to_dict() == before and not state.round_pending


def test_koikoi_a_hand_bonus_deal_is_part_of_the_round_end():
    """K-9: a deal that ends at once with a hand bonus needs no move, so a round end under
    ``apply_unchecked`` settles it too (``evaluate`` reads its points and the next dealer)."""
    engine = engines.get("koikoi")
    policy = policy_for("koikoi")
    chained = 0
    for seed in range(200):
        rng = random.Random(seed)
        checked = engine.new_game(2, seed, {"rounds": 12})
        quick = checked.clone()
        while not checked.is_over:
            (seat,) = checked.to_move
            move = rng.choice(checked.legal_moves(seat))
            rounds = len(checked.history)
            checked.apply(seat, move)
            quick.apply_unchecked(seat, move)
            if len(checked.history) > rounds + 1:  # the next deal ended with a hand bonus
                chained += 1
                assert checked.history[-1]["how"] in ("teshi", "kuttsuki")
                assert quick.history == checked.history and quick.scores == checked.scores
                assert policy.evaluate(quick) == policy.evaluate(checked)
            quick.start_pending_round()
        assert quick.to_dict() == {**checked.to_dict(), "moves": []}
        if chained >= 3:
            break
    assert chained >= 3


class _GoOn:
    """The game's policy with no cutoff (playouts to the game's end) that checks no move is
    chosen on a state whose next round is still pending."""

    def __init__(self, name: str) -> None:
        self.policy = policy_for(name)

    def __getattr__(self, name: str):
        return getattr(self.policy, name)

    def cutoff_marker(self, state: GameState) -> None:
        return None

    def playout_move(self, state: GameState, seat: int, rng: random.Random):
        assert not state.round_pending
        return self.policy.playout_move(state, seat, rng)

    def rollout(self, state: GameState, seat: int, legal: list, rng: random.Random):
        assert not state.round_pending
        return self.policy.rollout(state, seat, legal, rng)


def _reference_playout(policy, state: GameState, rng: random.Random, own: int) -> GameState:
    """:func:`playout` to the game's end with ``apply`` (the host's path)."""
    while not state.is_over:
        for seat in sorted(state.to_move, key=lambda s: (s != own, s)):
            state.apply(seat, policy.playout_move(state, seat, rng))
    return state


@pytest.mark.parametrize(("name", "players", "options"), SETUPS)
def test_a_playout_without_cutoff_deals_the_pending_rounds(name, players, options):
    """``playout`` with no marker goes past every round end: it deals each pending round and
    ends where the same playout with ``apply`` ends."""
    engine = engines.get(name)
    go_on = _GoOn(name)
    state = engine.new_game(players, 5, options)
    seat = state.to_move[0]
    sample = engine.from_view(state.view(seat), random.Random(1))
    reference = _reference_playout(go_on, sample.clone(), random.Random(2), seat)
    assert len(reference.result()["rounds"]) > 1
    rewards = playout(go_on, sample, random.Random(2), None, seat)
    assert sample.is_over and not sample.round_pending
    assert sample.to_dict() == {**reference.to_dict(), "moves": []}
    assert rewards == go_on.rewards(reference)


def _before_round_end(name: str, players: int, options: dict, ahead: int) -> GameState:
    """A state of a seeded random game ``ahead`` steps before its first round end."""
    engine = engines.get(name)
    rng = random.Random(name)
    state = engine.new_game(players, 8, options)
    states = []
    while _rounds(state) == 0:
        states.append(state.clone())
        for seat in list(state.to_move):
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    return states[-ahead]


@pytest.mark.parametrize(("name", "players", "options"), SETUPS)
def test_the_tree_walk_without_cutoff_deals_the_pending_rounds(name, players, options, monkeypatch):
    """The hard bot's tree walk with no marker crosses round ends in the tree and in the
    playout: it deals each pending round, and no move is listed or chosen on a pending state."""
    engine = engines.get(name)
    cls = engine.state_class
    legal_moves = cls.legal_moves
    start = GameState.start_pending_round
    run_playout = _Search._playout
    dealt = {"tree": 0, "playout": 0}
    where = ["tree"]

    def guarded(self, seat):
        assert not self.round_pending
        return legal_moves(self, seat)

    def counted(self):
        dealt[where[0]] += self.round_pending
        start(self)

    def in_playout(self, state, marker):
        where[0] = "playout"
        try:
            return run_playout(self, state, marker)
        finally:
            where[0] = "tree"

    monkeypatch.setattr(cls, "legal_moves", guarded)
    monkeypatch.setattr(GameState, "start_pending_round", counted)
    monkeypatch.setattr(_Search, "_playout", in_playout)
    state = _before_round_end(name, players, options, 2)
    seat = state.to_move[0]
    view, legal = state.view(seat), legal_moves(state, seat)
    search = _Search(engine, _GoOn(name), view, legal, random.Random(3), 0.7)
    search.max_depth = None
    for _ in range(60):
        search.iterate()
    assert dealt["playout"]
    # Nimalia's simultaneous steps have too many moves for the tree to grow past its first.
    assert dealt["tree"] or name == "nimalia"
