"""Property tests over seeded random Nimalia games (2–4 players, every ``goals_level``).

Invariants: reserves stay within 6 × 6 and connected (M-19, M-20); the 60 cards are always
split between hands, pending choices, reserves and the deck, each card placed at most once and
every drawn card placed by the end (M-13); scores never below 0 (M-27); an illegal move raises
``IllegalMove`` and leaves the state untouched; ``determinize`` keeps ``view(seat)``; replays
and saves round-trip.

Information (M-11, M-30): no view or event reaches a seat with a card it may not know yet. The
check is a non-interference test: swap two cards the seat has never held and that are not
revealed in the full state, and the bytes of ``msgpack(view(seat))`` and of
``msgpack(events_for(events, seat))`` must not change. It fails for any leak, whatever field
carries it (see the tests with deliberately leaky states at the end).
"""

from __future__ import annotations

import random

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai import engines
from chabudai.engines.base import IllegalMove, events_for
from chabudai.engines.nimalia import NimaliaState
from chabudai.engines.nimalia.geometry import bounding_box, is_connected
from chabudai.engines.nimalia.scoring import score_objective, score_seat
from tests.engines.refusals import refused

ENGINE = engines.get("nimalia")
ALL = set(range(1, 61))
LEVELS = ("random", "easy", "difficult", "intro")
SEEDS = st.integers(min_value=0, max_value=2**40)


def pack(value):
    return msgpack.packb(value)


def check_invariants(state):
    placed = [p[0] for ps in state.placements for p in ps]
    pending = [p[0] for p in state.pending if p is not None]
    held = [c for h in state.hands for c in h]
    everything = placed + pending + held + state.deck
    assert sorted(everything) == sorted(ALL)
    for grid in state.grids:
        if grid:
            top, bottom, left, right = bounding_box(grid)
            assert bottom - top < 6 and right - left < 6
            assert is_connected(grid)
            assert len(grid) <= 36
    assert all(s >= 0 for s in state.scores)
    assert state.to_move == (
        [] if state.over else [s for s, p in enumerate(state.pending) if p is None]
    )


def random_move_candidate(state, seat, rng):
    """A random move: often a legal one with one field nudged, else anything at all."""
    legal = state.legal_moves(seat)
    if legal and rng.random() < 0.5:
        move = dict(rng.choice(legal))
        key = rng.choice(["card", "rot", "row", "col"])
        move[key] += rng.choice([-1, 1])
        return move
    hand = state.hands[seat]
    card = rng.choice(hand) if hand and rng.random() < 0.7 else rng.randint(0, 61)
    return {
        "card": card,
        "rot": rng.randint(-1, 4),
        "row": rng.randint(-1, 10),
        "col": rng.randint(-1, 10),
    }


def check_illegal_moves(state, rng):
    seat = rng.randrange(state.players)
    for _ in range(3):
        move = random_move_candidate(state, seat, rng)
        if move in state.legal_moves(seat):
            twin = state.clone()
            twin.apply(seat, move)
            continue
        before = pack(state.to_dict())
        with pytest.raises(IllegalMove) as caught:
            state.apply(seat, move)
        assert caught.value.reason
        assert pack(state.to_dict()) == before


def check_determinize(state, rng):
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        sample = state.determinize(seat, random.Random(rng.random()))
        assert sample.view(seat) == view
        assert sample.moves == []
        check_invariants(sample)
        for other in range(state.players):
            assert (sample.pending[other] is None) == (not view["placed"][other])


def play(seed, players, level, every=0.15):
    rng = random.Random(seed)
    options = {"goals_level": level, "zero_majority": rng.choice(["no_rank", "rank"])}
    state = ENGINE.new_game(players, seed, options)
    check_invariants(state)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        if rng.random() < every:
            check_illegal_moves(state, rng)
        if rng.random() < every:
            check_determinize(state, rng)
        done = [s for s in range(players) if s not in state.to_move]
        if done:
            with refused("nimalia.placed_already", seat=done[0]):
                state.apply(done[0], {"card": 1, "rot": 0, "row": 4, "col": 4})
        state.apply(seat, rng.choice(state.legal_moves(seat)))
        check_invariants(state)
    return state


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=20)
@given(seed=SEEDS)
def test_random_games_keep_invariants(players, level, seed):
    state = play(seed, players, level)
    placed = [p[0] for ps in state.placements for p in ps]
    assert len(placed) == len(set(placed)) == 15 * players  # every card placed exactly once
    assert all(len(ps) == 15 for ps in state.placements)
    assert state.hands == [[]] * players and len(state.deck) == 60 - 15 * players
    result = state.result()
    assert result["scores"] == state.scores and len(result["rounds"]) == 5
    assert set(result["winners"]) <= set(range(players)) and result["winners"]
    assert engines.replay(state.record()).to_dict() == state.to_dict()
    data = msgpack.unpackb(pack(state.to_dict()), strict_map_key=True)
    restored = ENGINE.from_dict(data)
    assert restored.to_dict() == state.to_dict() and restored.grids == state.grids


@settings(max_examples=15)
@given(seed=SEEDS, players=st.sampled_from([2, 3, 4]), level=st.sampled_from(LEVELS))
def test_legal_moves_match_the_checker(seed, players, level):
    """``legal_moves`` lists exactly the placements ``apply`` accepts (M-16, M-17, M-19)."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, {"goals_level": level})
    while not state.is_over:
        seat = rng.choice(state.to_move)
        legal = state.legal_moves(seat)
        card = state.hands[seat][0]
        positions = {(m["row"], m["col"]) for m in legal}
        for row in range(-1, 11):
            for col in range(-1, 11):
                move = {"card": card, "rot": rng.randrange(4), "row": row, "col": col}
                assert (state.check(seat, move) is None) == ((row, col) in positions)
        state.apply(seat, rng.choice(legal))


# ----------------------------------------------------------------------------- information


def seen_by(state, seen):
    for seat in range(state.players):
        seen[seat].update(state.hands[seat])
        if state.pending[seat] is not None:
            seen[seat].add(state.pending[seat][0])


def hidden_from(state, seat, seen):
    revealed = {p[0] for ps in state.placements for p in ps}
    return ALL - revealed - (seen[seat] if seat is not None else set())


def relabel(data, x, y):
    def swap(card):
        return y if card == x else x if card == y else card

    data = dict(data)
    data["hands"] = [sorted(swap(c) for c in hand) for hand in data["hands"]]
    data["pending"] = [None if p is None else [swap(p[0]), *p[1:]] for p in data["pending"]]
    data["deck"] = [swap(c) for c in data["deck"]]
    data["moves"] = [[s, {**m, "card": swap(m["card"])}] for s, m in data["moves"]]
    return data, swap


def check_no_leaks(state, rng):
    """Play ``state`` to the end, checking every seat's view and events by relabelling."""
    cls = type(state)
    seen = [set() for _ in range(state.players)]
    seen_by(state, seen)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        move = rng.choice(state.legal_moves(seat))
        after = state.clone()
        events = after.apply(seat, move)
        seen_after = [set(s) for s in seen]
        seen_by(after, seen_after)
        for watcher in [None, *range(state.players)]:
            hidden = sorted(hidden_from(after, watcher, seen_after))
            if len(hidden) < 2:
                continue
            x, y = rng.sample(hidden, 2)
            data, swap = relabel(state.to_dict(), x, y)
            twin = cls.from_dict(data)
            assert pack(twin.view(watcher)) == pack(state.view(watcher)), (watcher, x, y)
            twin_events = twin.apply(seat, {**move, "card": swap(move["card"])})
            assert pack(events_for(twin_events, watcher)) == pack(events_for(events, watcher)), (
                watcher,
                x,
                y,
            )
            assert pack(twin.view(watcher)) == pack(after.view(watcher)), (watcher, x, y)
        state, seen = after, seen_after


@settings(max_examples=12)
@given(seed=SEEDS, level=st.sampled_from(LEVELS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_M_11_M_30_no_card_reaches_a_seat_early(players, seed, level):
    check_no_leaks(ENGINE.new_game(players, seed, {"goals_level": level}), random.Random(seed))


class LeakyView(NimaliaState):
    """A deliberately broken state: its views show the next card of the deck."""

    def view(self, seat):
        return {**super().view(seat), "hint": self.deck[:1]}


class LeakyEvents(NimaliaState):
    """A deliberately broken state: its public event tells the card just placed."""

    def _step(self, seat, move, events):
        first = len(events) if events is not None else 0
        super()._step(seat, move, events)
        if events is not None:
            events[first] = {**events[first], "size": move["card"] % 7}


@pytest.mark.parametrize("leaky", [LeakyView, LeakyEvents])
def test_leak_check_catches_leaks(leaky):
    state = leaky.from_dict(ENGINE.new_game(3, 77).to_dict())
    with pytest.raises(AssertionError):
        check_no_leaks(state, random.Random(1))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_quick_games(players):
    """Hundreds more seeded games with the cheap invariants checked after every reveal."""
    for seed in range(400):
        rng = random.Random(seed)
        state = ENGINE.new_game(players, seed, {"goals_level": LEVELS[seed % 4]})
        while not state.is_over:
            for seat in rng.sample(state.to_move, len(state.to_move)):
                state.apply(seat, rng.choice(state.legal_moves(seat)))
            for seat, grid in enumerate(state.grids):
                top, bottom, left, right = bounding_box(grid)
                assert bottom - top < 6 and right - left < 6
                if not state.is_over:  # M-20: exactly on top of a card is always legal
                    anchors = set(state.anchors(seat))
                    assert all((p[2], p[3]) in anchors for p in state.placements[seat])
            assert min(state.scores) >= 0
        placed = [p[0] for ps in state.placements for p in ps]
        assert len(set(placed)) == len(placed) == 15 * players
        assert sorted(placed + state.deck) == sorted(ALL)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_seat_is_the_seats_entry_of_score_objective(players):
    """The bots' ``score_seat`` gives each reserve's points of every objective (M-O1 to M-O22,
    comparative ones ranked against the other reserves, M-28), as ``score_objective`` does."""
    rng = random.Random(players)
    options = {"zero_majority": "rank", "otter_neighbours": "once", "faq_values": True}
    for seed in range(4):
        state = ENGINE.new_game(players, seed)
        while not state.is_over:
            for opts in ({}, options):
                for oid in range(1, 23):
                    points = score_objective(oid, state.grids, opts)
                    assert [score_seat(oid, state.grids, s, opts) for s in range(players)] == points
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(state.legal_moves(seat)))
