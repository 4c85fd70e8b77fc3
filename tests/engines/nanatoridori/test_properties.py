"""Nanatoridori property tests over seeded random games, 2 to 6 players, both scorings.

Checked: cards conserved (N-1); hands change only by removing a played block and inserting a
taken set, a drawn or a reserve card (N-6); rounds and games end; the seat to move always has a
move and a leader never passes (N-11); no hidden card reaches a seat (N-33); illegal moves
raise and change nothing; determinize keeps the view; replay and save round trips.
"""

from __future__ import annotations

import random

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engines
from engines import IllegalMove
from engines.nanatoridori import NanatoridoriState

from .helpers import ENGINE, card_count, check_no_leak, packed

FULL = {v: 9 for v in range(1, 8)}
MAX_MOVES = 20_000  # far above any real game; a game that needs more does not end

seeds = st.integers(min_value=0, max_value=2**63 - 1)
players_st = st.integers(min_value=2, max_value=6)
options_st = st.fixed_dictionaries(
    {
        "scoring": st.sampled_from(["basic", "advanced"]),
        "advanced_win": st.sampled_from(["highest", "all_at_10"]),
    }
)


class Shadow:
    """Each hand rebuilt from the full event stream using only block removal and insertion."""

    def __init__(self, state: NanatoridoriState) -> None:
        self.hands = [list(h) for h in state.hands]
        self.drawn: int | None = None

    def feed(self, events: list[dict]) -> None:
        for e in events:
            kind = e["e"]
            if kind == "hand":
                self.hands[e["seat"]] = list(e["cards"])
            elif kind == "play":
                start, length = e["start"], e["length"]
                block = self.hands[e["seat"]][start : start + length]
                assert len(block) == length and set(block) == {e["value"]}
                del self.hands[e["seat"]][start : start + length]
            elif kind == "drew":
                self.drawn = e["card"]
            elif kind == "insert":
                cards = e["cards"] if e["kind"] != "draw" else [self.drawn]
                assert len(set(cards)) == 1
                gap = e["gap"]
                self.hands[e["seat"]][gap:gap] = cards


def check_position(state: NanatoridoriState) -> None:
    assert card_count(state) == FULL
    public = state.view(None)["public_hands"]
    for hand, known in zip(state.hands, public, strict=True):
        assert len(hand) == len(known)
        assert all(k is None or k == v for v, k in zip(hand, known, strict=True))
    if state.is_over:
        return
    (seat,) = state.to_move
    moves = state.legal_moves(seat)
    assert moves, "the seat to move has no legal move"
    assert not state.out[seat] and state.hands[seat]
    if state.area is None:
        assert state.phase == "play"
        assert all("play" in m for m in moves), "a leader may only play (N-11)"
    for other in range(state.players):
        if other != seat:
            assert state.legal_moves(other) == []


@settings(max_examples=120)
@given(seed=seeds, players=players_st, options=options_st)
def test_invariants_over_random_games(seed, players, options):
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, options)
    shadow = Shadow(state)
    check_position(state)
    for _ in range(MAX_MOVES):
        if state.is_over:
            break
        (seat,) = state.to_move
        events = state.apply(seat, rng.choice(state.legal_moves(seat)))
        shadow.feed(events)
        assert shadow.hands == state.hands, "a hand changed other than by the allowed moves"
        check_position(state)
    assert state.is_over, "the game did not end"
    result = state.result()
    assert result["winners"] and set(result) >= {"scores", "winners", "rounds"}
    rounds = result["rounds"]
    assert [r["round"] for r in rounds] == list(range(1, len(rounds) + 1))
    if options["scoring"] == "basic":
        assert len(rounds) <= players + 1
        assert sorted(result["winners"]) == [s for s in range(players) if result["scores"][s]]
    else:
        assert max(result["scores"]) >= 10
        assert all(sum(r["points"]) == 4 + 2 * (players - 2) for r in rounds)


def candidate_moves(state: NanatoridoriState, seat: int, rng: random.Random) -> list:
    n = len(state.hands[seat])
    return [
        {"play": [rng.randint(-1, n + 1), rng.randint(-1, 4)]},
        {"play": [rng.randint(0, n), rng.randint(1, 3)], "reserve": rng.randint(0, 3)},
        {"play": [0]},
        {"play": [True, 1]},
        {"play": [0, 1], "pass": True},
        {"pass": True},
        {"pass": True, "card": rng.randint(0, 8)},
        {"pass": False},
        {"insert": rng.randint(-2, n + 2)},
        {"insert": 1.0},
        {"insert": True},
        {"discard": True},
        {"discard": 1},
        {"insert": 0, "discard": True},
        {},
        None,
        [],
        "pass",
    ]


@settings(max_examples=60)
@given(seed=seeds, players=players_st, options=options_st)
def test_illegal_moves_raise_and_leave_the_state_unchanged(seed, players, options):
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, options)
    checked = 0
    while not state.is_over and checked < 300:
        (seat,) = state.to_move
        legal = state.legal_moves(seat)
        legal_bytes = {packed(m) for m in legal}
        for move in candidate_moves(state, seat, rng):
            if packed(move) in legal_bytes:
                state.clone().apply(seat, move)
                continue
            before = state.to_dict()
            with pytest.raises(IllegalMove) as error:
                state.apply(seat, move)
            assert error.value.reason and state.explain_illegal(seat, move) == error.value.reason
            assert state.to_dict() == before
            checked += 1
        wrong_seat = (seat + 1) % players
        with pytest.raises(IllegalMove, match="turn"):
            state.apply(wrong_seat, legal[0])
        state.apply(seat, rng.choice(legal))


@settings(max_examples=30)
@given(seed=seeds, players=players_st, options=options_st)
def test_N_33_no_hidden_card_reaches_another_seat(seed, players, options):
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, options)
    changed = 0
    while not state.is_over:
        (seat,) = state.to_move
        move = rng.choice(state.legal_moves(seat))
        # One observer per move (a random seat, the mover included, or a spectator) keeps the
        # test quick; over a game every seat is checked at hundreds of moves.
        observer = rng.choice([None, *range(players)])
        _, differs = check_no_leak(state, seat, move, rng, [observer])
        changed += differs
    assert changed > 0  # the twins really had other hidden cards


class LeakyState(NanatoridoriState):
    """Tells every seat the top card of the draw pile: the leak check must notice."""

    def view(self, seat):
        view = super().view(seat)
        view["peek"] = self.pile[-1:]
        return view


class LeakyEvents(NanatoridoriState):
    """Announces drawn cards to everyone: the leak check must notice."""

    def _pass(self, seat, events):
        super()._pass(seat, events)
        for e in events:
            e.pop("to", None)


@pytest.mark.parametrize("leaky", [LeakyState, LeakyEvents])
def test_the_leak_check_finds_a_leak(leaky):
    rng = random.Random(3)
    state = ENGINE.new_game(4, 3)
    state.__class__ = leaky
    with pytest.raises(AssertionError, match="leak"):
        for _ in range(2000):
            (seat,) = state.to_move
            check_no_leak(state, seat, rng.choice(state.legal_moves(seat)), rng)


@settings(max_examples=40)
@given(seed=seeds, players=players_st, options=options_st)
def test_determinize_keeps_the_view(seed, players, options):
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, options)
    step = 0
    while not state.is_over:
        (mover,) = state.to_move
        if step % 15 == 0:
            for seat in [None, *range(players)]:
                view = state.view(seat)
                sample = state.determinize(seat, rng)
                assert packed(sample.view(seat)) == packed(view)
                assert sample.view(seat) == view
                assert card_count(sample) == FULL
                assert sample.seed != state.seed and sample.moves == []
                if seat == mover:
                    assert sample.legal_moves(seat) == state.legal_moves(seat)
                if seat is not None:
                    assert sample.hands[seat] == state.hands[seat]
        if step == 40:  # a sampled state is a playable game
            sample = state.determinize(mover, rng)
            while not sample.is_over:
                (s,) = sample.to_move
                sample.apply_unchecked(s, rng.choice(sample.legal_moves(s)))
        state.apply(mover, rng.choice(state.legal_moves(mover)))
        step += 1


def test_determinize_really_resamples_hidden_cards():
    rng = random.Random(1)
    state = ENGINE.new_game(4, 11)
    for _ in range(30):
        (seat,) = state.to_move
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    samples = [state.determinize(0, random.Random(i)) for i in range(20)]
    assert all(s.hands[0] == state.hands[0] for s in samples)
    assert len({tuple(map(tuple, s.hands[1:])) for s in samples}) > 10
    assert len({tuple(s.pile) for s in samples}) > 10


@settings(max_examples=60)
@given(seed=seeds, players=players_st, options=options_st, cut=st.integers(0, 400))
def test_replay_and_save_round_trip(seed, players, options, cut):
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, options)
    saved = None
    step = 0
    while not state.is_over:
        if step == cut:
            saved = msgpack.unpackb(msgpack.packb(state.to_dict()), raw=False)
            assert saved == state.to_dict()
            restored = ENGINE.from_dict(saved)
            assert restored.to_dict() == saved
            twin = state.clone()
        (seat,) = state.to_move
        move = rng.choice(state.legal_moves(seat))
        events = state.apply(seat, move)
        if saved is not None and not restored.is_over:
            assert restored.apply(seat, move) == events
            assert twin.apply(seat, move) == events
        step += 1
    record = msgpack.unpackb(msgpack.packb(state.record()), raw=False)
    assert engines.replay(record).to_dict() == state.to_dict()
    if saved is not None:
        assert restored.to_dict() == state.to_dict() == twin.to_dict()


def test_saves_are_checked():
    with pytest.raises(ValueError, match="not a Nanatoridori save"):
        ENGINE.from_dict({"game": "koikoi"})
    data = ENGINE.new_game(3, 1).to_dict()
    del data["pile"]
    with pytest.raises(ValueError, match="lacks the field 'pile'"):
        ENGINE.from_dict(data)


def test_same_seed_same_game():
    a, b = ENGINE.new_game(5, 42), ENGINE.new_game(5, 42)
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not a.is_over:
        (seat,) = a.to_move
        assert a.apply(seat, rng_a.choice(a.legal_moves(seat))) == b.apply(
            seat, rng_b.choice(b.legal_moves(seat))
        )
    assert a.to_dict() == b.to_dict()
