"""Nanatoridori property tests over seeded random games: 2 players with the standard rules, the
2-player duel, and 3 to 6 players (each about a third of the examples), both scorings.

Checked: cards conserved (N-1); hands change only by removing a played block and inserting a
taken set, a drawn or a reserve card (N-6); rounds and games end; the seat to move always has a
move and a leader never passes (N-11); no hidden card reaches a seat (N-33); illegal moves
raise and change nothing; determinize keeps the view; replay and save round trips.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai import engines
from chabudai.engines import IllegalMove
from chabudai.engines.nanatoridori import NanatoridoriState
from tests.engines.refusals import refused

from .helpers import ENGINE, card_count, check_no_leak, packed

FULL = {v: 9 for v in range(1, 8)}
MAX_MOVES = 20_000  # far above any real game; a game that needs more does not end

seeds = st.integers(min_value=0, max_value=2**63 - 1)
# N-3: the three ways to play, drawn about equally often; the duel option means nothing with 3+.
players_st = st.one_of(st.just(2), st.just(2), st.integers(min_value=3, max_value=6))
options_st = st.fixed_dictionaries(
    {
        "scoring": st.sampled_from(["basic", "advanced"]),
        "advanced_win": st.sampled_from(["all_at_10", "highest"]),
        "two_player": st.sampled_from(["standard", "duel"]),
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
    assert state.duel == (state.players == 2 and state.options["two_player"] == "duel")
    if not state.duel:  # N-3, N-5: no reserves, nothing set aside
        assert state.reserves == [[]] * state.players and state.aside == []
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


@settings(max_examples=40)
@given(seed=seeds, scoring=st.sampled_from(["basic", "advanced"]))
def test_N_T16_two_players_standard_over_random_games(seed, scoring):
    """N-5: every round deals 8 + 8 with a pile of 47; N-15, N-16: a completed pass draws (while
    the pile lasts) and clears the trick, and the owner leads; N-22: a round ends with the first
    player out."""
    rng = random.Random(seed)
    state = ENGINE.new_game(2, seed, {"scoring": scoring})
    assert [len(h) for h in state.hands] == [8, 8] and len(state.pile) == 47
    while not state.is_over:
        (seat,) = state.to_move
        owner, pile = state.owner, len(state.pile)
        events = state.apply(seat, rng.choice(state.legal_moves(seat)))
        kinds = [e["e"] for e in events]
        if "deal" in kinds:
            deal = events[kinds.index("deal")]
            assert deal["hand_counts"] == [8, 8] and deal["pile"] == 47 and deal["aside"] == 0
            end = events[kinds.index("round_end")]
            assert len(end["finish"]) == 1 and end["loser"] == 1 - end["finish"][0]
            continue
        if kinds[0] == "pass":
            assert ("draw" in kinds) == (pile > 0) and len(state.pile) == max(0, pile - 1)
        first = events[0]
        completed_pass = (kinds[0] == "pass" and "draw" not in kinds) or (
            first.get("kind", first.get("from")) == "draw"
        )
        if completed_pass:
            assert kinds[1] == "clear" and events[1]["owner"] == owner
            assert state.area is None and state.to_move == [owner]
    assert state.is_over and state.result()["winners"]


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
            assert error.value.reason and state.check(seat, move) == error.value.said
            assert state.to_dict() == before
            checked += 1
        wrong_seat = (seat + 1) % players
        with refused("not_your_turn", seat=wrong_seat):
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
                sample.start_pending_round()  # after a round end (GameState.apply_unchecked)
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


def test_saves_are_checked():
    with pytest.raises(ValueError, match="not a Nanatoridori save"):
        ENGINE.from_dict({"game": "koikoi"})
    data = ENGINE.new_game(3, 1).to_dict()
    del data["pile"]
    with pytest.raises(ValueError, match="lacks the field 'pile'"):
        ENGINE.from_dict(data)
    data = ENGINE.new_game(2, 1).to_dict()
    data["options"] = "duel"
    with pytest.raises(ValueError, match="has options 'duel', not a map"):
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


# Saves, replay records and a host's table save written by the engines of commit a715ef8, before
# the ``two_player`` option existed, when 2 players always played the duel: two games of normal
# bots (basic and advanced scoring) with saves at moves 0 and 25, their records and final states.
OLD_SAVES = Path(__file__).parent / "data" / "saves-before-two-player.json"


@pytest.mark.parametrize("scoring", ["basic", "advanced"])
def test_saves_from_before_two_player_go_on_as_a_duel(scoring):
    game = json.loads(OLD_SAVES.read_text())[scoring]
    assert "two_player" not in game["record"]["options"]
    final = ENGINE.from_dict(game["final"])
    assert final.options["two_player"] == "duel" and final.duel and final.is_over
    for step, save in game["saves"].items():
        state = ENGINE.from_dict(save)
        assert state.duel and state.view(0)["duel"] and len(state.aside) == 37
        for seat, move in game["record"]["moves"][int(step) :]:
            state.apply(seat, move)
        assert state.to_dict() == final.to_dict()
    assert engines.replay(game["record"]).to_dict() == final.to_dict()


def test_saves_without_two_player_for_more_players_are_standard():
    data = ENGINE.new_game(3, 4).to_dict()
    del data["options"]["two_player"]
    state = ENGINE.from_dict(data)
    assert state.options["two_player"] == "standard" and not state.duel
    record = {"game": "nanatoridori", "players": 2, "seed": 4, "moves": []}
    assert engines.replay(record).duel  # a record without options is from before, too
    assert not engines.replay({**record, "options": {"two_player": "standard"}}).duel
