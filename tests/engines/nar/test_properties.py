"""Nar property tests over many seeded random games, 4 to 8 players (R-3 to R-27, the contract)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai.engines import IllegalMove
from chabudai.engines.nar import NarState
from chabudai.engines.nar.cards import CARD_INFO, deck_for
from chabudai.engines.nar.scoring import game_over_standard

from .helpers import (
    ENGINE,
    check_step_for,
    deck_counter,
    known_voids_hold,
    random_game,
    round_cards,
    wire,
)

player_counts = st.integers(min_value=4, max_value=8)
seeds = st.integers(min_value=0, max_value=2**63 - 1)
option_sets = st.fixed_dictionaries(
    {},
    optional={
        "fools_at_7": st.sampled_from([2, 1]),
        "announcements": st.booleans(),
        "game_length": st.sampled_from(["standard", "fixed_rounds"]),
    },
)
MAX_MOVES = 20_000  # far above any real game: the guard that makes "games end" fail loudly


@settings(max_examples=600)
@given(player_counts, seeds, option_sets)
def test_invariants_of_random_games(players, seed, options):
    """Cards conserved (R-6, R-20); following (R-13); Fools sit out (R-10, R-17, R-19); rounds
    end (R-21); the game ends by R-25 or after 2n rounds."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, options)
    deck = Counter(deck_for(players))
    hand_size = len(state.hands[0])
    moves = 0
    while not state.is_over:
        moves += 1
        assert moves < MAX_MOVES, "the game does not end"
        seat = state.to_move[0]
        legal = state.legal_moves(seat)
        assert legal
        other = (seat + 1 + rng.randrange(players - 1)) % players
        assert state.legal_moves(other) == []
        move = rng.choice(legal)
        if state.phase == "play":
            assert seat in state.active and seat not in state.fools
            # nobody sits out twice in a row, so every hand empties within 2h tricks
            assert state.trick_no <= 2 * hand_size
            lead, hand, card = state.lead, state.hands[seat], move["play"]
            if lead is not None and any(CARD_INFO[c][0] == lead for c in hand):
                assert card == "1" or CARD_INFO[card][0] == lead
        fools_before, round_before = list(state.fools), state.round
        events = state.apply(seat, move)
        won = next((e for e in events if e["e"] == "trick_won"), None)
        if won is None:
            continue
        if not state.is_over:
            assert round_cards(state) == deck  # checked once a trick (cards only move by play)
        fools = next(e for e in events if e["e"] == "fool")["seats"]
        assert len(fools) == state.fools_per_trick and won["winner"] not in fools
        assert not set(fools) & set(fools_before)  # never a Fool twice in a row
        assert len(won["plays"]) == players - len(fools_before)
        if state.round == round_before and not state.is_over:
            assert state.leader == won["winner"] == state.active[0]
            assert sorted(state.active + fools) == list(range(players))
        else:
            end = next(e for e in events if e["e"] == "round_end")
            assert end["out"] and all(n == 0 for n in (end["left"][s] for s in end["out"]))
            assert all(state.hands[s] or state.is_over for s in range(players))
    result = state.result()
    assert result["scores"] == [
        sum(r["points"][s] for r in result["rounds"]) for s in range(players)
    ]
    assert result["plus10"] == [
        sum(r["scored_plus10"][s] for r in result["rounds"]) for s in range(players)
    ]
    assert result["winners"] == [s for s, v in enumerate(state.scores) if v == max(state.scores)]
    if options.get("game_length") == "fixed_rounds":
        assert len(result["rounds"]) == 2 * players
    else:
        assert game_over_standard(state.scores, state.plus10)
        partial = [0] * players
        counts = [0] * players
        for entry in result["rounds"][:-1]:  # the game did not end earlier
            partial = [p + q for p, q in zip(partial, entry["points"], strict=True)]
            counts = [c + int(g) for c, g in zip(counts, entry["scored_plus10"], strict=True)]
            assert not game_over_standard(partial, counts)


@settings(max_examples=40)
@given(player_counts, seeds, option_sets, st.integers(0, 2**32))
def test_no_hidden_card_reaches_another_seat(players, seed, options, aux):
    """R-27, DESIGN: every view and event a seat (or a spectator) receives, decoded from msgpack,
    holds no card that another hand still hides (a played card is public from then on)."""
    rng = random.Random(aux)
    for number, (state, seat, move, events, before) in enumerate(
        random_game(players, seed, options)
    ):
        if number > 300:
            break
        played = move.get("play")
        viewers = [None, *range(players)]
        looking = {seat, rng.choice(viewers)}  # full views for two seats a step, events for all
        for viewer in viewers:
            check_step_for(viewer, state, events, before, played, view=viewer in looking)


def test_the_leak_check_catches_leaks(monkeypatch):
    """The leak check fails on a view, a public event or a post-deal event that shows a hand."""
    state = ENGINE.new_game(5, 8)
    hands = [list(h) for h in state.hands]
    with pytest.raises(AssertionError, match="hidden card"):
        check_step_for(0, state, [{"e": "peek", "cards": hands[3]}], hands, None)
    with pytest.raises(AssertionError, match="hidden card"):
        check_step_for(None, state, [{"e": "hand", "cards": hands[1]}], hands, None)  # no "to"
    check_step_for(None, state, [{"e": "hand", "cards": hands[1], "to": [1]}], hands, None)
    deal = [{"e": "deal"}, {"e": "oops", "hand": state.hands[2]}]
    with pytest.raises(AssertionError, match="after the deal"):
        check_step_for(4, state, deal, [[]] * 5, None)
    real_view = NarState.view
    monkeypatch.setattr(
        NarState, "view", lambda self, seat: {**real_view(self, seat), "x": {"h": self.hands}}
    )
    with pytest.raises(AssertionError, match="view"):
        check_step_for(0, state, [], hands, None)


@settings(max_examples=60)
@given(player_counts, seeds, option_sets, st.integers(0, 2**32))
def test_determinize_keeps_the_view_and_respects_voids(players, seed, options, aux):
    """``determinize(seat)``: same view, cards conserved, no card of a known void (R-13)."""
    rng = random.Random(aux)
    for state, _, _, _, _ in random_game(players, seed, options):
        known_voids_hold(state)  # the voids the engine infers are true
        if rng.random() > 0.15:
            continue
        seat = rng.choice([None, *range(players)])
        view = state.view(seat)
        sample = state.determinize(seat, random.Random(rng.random()))
        assert sample.view(seat) == view
        assert wire(sample.view(seat)) == wire(view)
        assert round_cards(sample) == deck_counter(state)
        known_voids_hold(sample)
        assert sample.moves == [] and sample.seed != state.seed
        if seat is not None:
            assert sample.hands[seat] == state.hands[seat]
        if not sample.is_over:  # the sample plays on
            mover = sample.to_move[0]
            sample.apply(mover, rng.choice(sample.legal_moves(mover)))


@settings(max_examples=30)
@given(player_counts, seeds, option_sets, st.integers(0, 2**32))
def test_from_view_states_leave_the_view_alone(players, seed, options, aux):
    """A state made by ``from_view`` shares the parts of the view it never changes in place;
    playing it on (checked or in playouts, across round ends) leaves the view as it was."""
    rng = random.Random(aux)
    for state, _, _, _, _ in random_game(players, seed, options):
        if state.is_over or rng.random() > 0.05:
            continue
        seat = rng.choice([None, *range(players)])
        view = state.view(seat)
        before = wire(view)
        for checked in (True, False):
            sample = ENGINE.from_view(view, random.Random(rng.random()))
            for _ in range(rng.randrange(1, 200)):
                if sample.is_over:
                    break
                sample.start_pending_round()  # after a playout's round end (apply_unchecked)
                mover = sample.to_move[0]
                move = rng.choice(sample.legal_moves(mover))
                if checked:
                    sample.apply(mover, move)
                else:
                    sample.apply_unchecked(mover, move)
            assert wire(view) == before


def test_determinize_under_many_voids_late_in_rounds():
    """Heavy constraints: check every late-round position of a few games, for every seat."""
    rng = random.Random(5)
    tight = 0
    for players in (4, 6, 8):
        for seed in range(6):
            for state, _, _, _, _ in random_game(players, seed):
                if state.is_over or sum(map(len, state.voids)) < players:
                    continue
                tight += 1
                for seat in range(players):
                    sample = state.determinize(seat, rng)
                    assert sample.view(seat) == state.view(seat)
                    known_voids_hold(sample)
    assert tight > 50


BAD_MOVES = [None, "G7", 7, [], {}, {"play": None}, {"play": "G99"}, {"play": 7}, {"play": []}]
BAD_MOVES += [{"play": "G7", "extra": 1}, {"declare": True}, {"declare": "yes"}, {"pass": True}]


@settings(max_examples=50)
@given(player_counts, seeds, option_sets, st.integers(0, 2**32))
def test_illegal_moves_raise_and_change_nothing(players, seed, options, aux):
    """A move not in ``legal_moves`` (or by a seat not to move) raises and changes nothing."""
    rng = random.Random(aux)
    deck = sorted(set(deck_for(players)))
    for number, (state, _, _, _, _) in enumerate(random_game(players, seed, options)):
        if state.is_over or (number > 0 and rng.random() > 0.01):
            continue
        before = state.to_dict()
        seat = state.to_move[0]
        legal = state.legal_moves(seat)
        tries = [(seat, m) for m in BAD_MOVES if m not in legal]
        tries += [(seat, {"play": c}) for c in rng.sample(deck, 5) if {"play": c} not in legal]
        other = (seat + 1) % players
        tries += [(other, {"play": c}) for c in state.hands[other][:2]]
        tries += [(players, legal[0]), (-1, legal[0]), ("0", legal[0])]
        for who, move in tries:
            with pytest.raises(IllegalMove) as error:
                state.apply(who, move)
            assert error.value.reason
            assert state.to_dict() == before, (who, move)


def test_clone_is_independent():
    state = ENGINE.new_game(6, 21)
    copy = state.clone()
    before = state.to_dict()
    rng = random.Random(1)
    for _ in range(200):
        copy.start_pending_round()  # after a round end (GameState.apply_unchecked)
        seat = copy.to_move[0]
        copy.apply_unchecked(seat, rng.choice(copy.legal_moves(seat)))
    assert copy.round > 1  # the copy played past a round end
    assert state.to_dict() == before


def test_bad_saves_are_refused_clearly():
    data = ENGINE.new_game(4, 2).to_dict()
    with pytest.raises(ValueError, match="not a Nar save"):
        ENGINE.from_dict({**data, "game": "koikoi"})
    del data["hands"]
    with pytest.raises(ValueError, match="lacks the field 'hands'"):
        ENGINE.from_dict(data)
