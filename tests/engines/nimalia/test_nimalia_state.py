"""The Nimalia game state: simultaneous turns (M-11), passing (M-12), placement checks
(M-14–M-19), scoring rounds (M-26), views (M-30), determinize, saves and replays."""

from __future__ import annotations

import random

import msgpack
import pytest

from chabudai import engines
from chabudai.engines.base import events_for
from chabudai.engines.nimalia import FIRST_ANCHOR, NimaliaState, grid_from_view
from chabudai.engines.nimalia.objectives import COLOURS, OBJECTIVES, SCHEDULE
from tests.engines.refusals import refused

ENGINE = engines.get("nimalia")


def first_move(state, seat, rot=0):
    return {
        "card": state.hands[seat][0],
        "rot": rot,
        "row": FIRST_ANCHOR[0],
        "col": FIRST_ANCHOR[1],
    }


def finish_turn(state, rng=None):
    rng = rng or random.Random(0)
    events = []
    for seat in list(state.to_move):
        events += state.apply(seat, rng.choice(state.legal_moves(seat)))
    return events


def test_registered_with_options():
    assert "nimalia" in engines.names()
    assert ENGINE.min_players == 2 and ENGINE.max_players == 4
    names = [o.name for o in ENGINE.options]
    assert names == ["goals_level", "zero_majority", "otter_neighbours", "faq_values"]
    assert ENGINE.resolve_options({})["goals_level"] == "random"
    with pytest.raises(ValueError, match="goals_level"):
        ENGINE.new_game(2, 1, {"goals_level": "hard"})
    with pytest.raises(ValueError, match="2 to 4"):
        ENGINE.new_game(5, 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_M_8_M_10_setup(players):
    state = ENGINE.new_game(players, 7)
    assert state.to_move == list(range(players))
    assert all(len(h) == 3 for h in state.hands)
    assert len(state.deck) == 60 - 3 * players
    assert state.scores == [0] * players
    assert [OBJECTIVES[o].colour for o in state.objectives] == list(COLOURS)
    assert ENGINE.new_game(players, 7).to_dict() == state.to_dict()


def test_M_7_intro_objectives():
    assert ENGINE.new_game(3, 9, {"goals_level": "intro"}).objectives == [5, 19, 4, 16]


def test_M_16_first_card_has_one_canonical_anchor():
    state = ENGINE.new_game(2, 3)
    moves = state.legal_moves(0)
    assert len(moves) == 12  # 3 cards × 4 rotations at (4, 4)
    with refused("nimalia.first_anchor", row=4, col=4):
        state.apply(0, {"card": state.hands[0][0], "rot": 0, "row": 0, "col": 0})


def test_M_11_placement_hidden_until_everyone_placed():
    state = ENGINE.new_game(3, 11)
    move = first_move(state, 0)
    events = state.apply(0, move)
    assert state.to_move == [1, 2]
    assert state.legal_moves(0) == []
    assert events_for(events, 1) == [{"e": "placed", "seat": 0, "round": 1, "turn": 1}]
    assert any(e["e"] == "place" and e["card"] == move["card"] for e in events_for(events, 0))
    other = state.view(1)
    assert other["placed"] == [True, False, False]
    assert other["reserves"][0] == {} and other["known"] == [None, None, None]
    assert other["hand_counts"] == [2, 3, 3]
    mine = state.view(0)
    assert mine["pending"] == move and mine["hand"] == state.hands[0]
    assert mine["reserve"]["4,4"] and mine["reserves"][0] == {}
    with refused("nimalia.placed_already", seat=0):
        state.apply(0, first_move(state, 0))


def test_M_11_M_12_reveal_then_pass_left_in_round_1():
    state = ENGINE.new_game(4, 5)
    before = [list(h) for h in state.hands]
    chosen = {}
    events = []
    for seat in range(4):
        move = first_move(state, seat, rot=seat)
        chosen[seat] = move
        events += state.apply(seat, move)
    reveal = [e for e in events if e["e"] == "reveal"]
    assert len(reveal) == 1 and "to" not in reveal[0]
    assert [p["card"] for p in reveal[0]["placements"]] == [chosen[s]["card"] for s in range(4)]
    for seat in range(4):
        rest = [c for c in before[seat] if c != chosen[seat]["card"]]
        assert state.hands[(seat + 1) % 4] == rest  # M-T5: seat 0 → seat 1, seat 3 → seat 0
    assert state.turn == 2 and state.to_move == [0, 1, 2, 3]
    assert all(len(state.placements[s]) == 1 for s in range(4))
    hands = [e for e in events_for(events, 2) if e["e"] == "hand"]
    assert hands == [{"e": "hand", "seat": 2, "cards": state.hands[2], "to": [2]}]


def test_M_12_round_2_passes_right():
    state = ENGINE.new_game(4, 5)
    rng = random.Random(1)
    for _ in range(3):
        finish_turn(state, rng)
    assert state.round == 2 and state.turn == 1
    before = [list(h) for h in state.hands]
    moves = {seat: {**first_move(state, seat), "row": 4, "col": 4} for seat in range(4)}
    for seat in range(4):
        state.apply(seat, moves[seat])
    for seat in range(4):
        rest = [c for c in before[seat] if c != moves[seat]["card"]]
        assert state.hands[(seat - 1) % 4] == rest


def test_M_17_M_19_reasons():
    state = ENGINE.new_game(2, 2)
    finish_turn(state)
    card = state.hands[0][0]
    with refused("nimalia.must_cover"):
        state.apply(0, {"card": card, "rot": 0, "row": 4, "col": 6})
    with refused("nimalia.must_cover"):
        state.apply(0, {"card": card, "rot": 0, "row": 6, "col": 6})
    state.apply(0, {"card": card, "rot": 0, "row": 5, "col": 5})
    assert state.grids[0] != {} and len(state.placements[0]) == 1  # still hidden
    assert state.view(0)["reserve"]["6,6"]


def test_M_19_six_by_six_through_the_engine():
    state = ENGINE.new_game(2, 2)
    finish_turn(state)
    # Stretch seat 0 one column per turn: columns 4..5, then 4..6, ... up to 4..9 (6 wide).
    for col in (5, 6, 7, 8):
        for seat in (0, 1):
            state.apply(seat, {"card": state.hands[seat][0], "rot": 0, "row": 4, "col": col})
    assert state.round == 2 and state.turn == 3
    card = state.hands[0][0]
    with refused("nimalia.too_big", limit=6):
        state.apply(0, {"card": card, "rot": 0, "row": 4, "col": 9})
    with refused("nimalia.too_big", limit=6):
        state.apply(0, {"card": card, "rot": 0, "row": 4, "col": 3})
    assert {m["col"] for m in state.legal_moves(0)} == {4, 5, 6, 7, 8}
    assert {m["row"] for m in state.legal_moves(0)} == {3, 4, 5}


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("play", "play"),
        ({"card": 1, "rot": 0, "row": 4}, "{'card': 1"),
        ({"card": 1, "rot": 0, "row": 4, "col": 4, "x": 1}, "{'card': 1"),
        ({"card": "1", "rot": 0, "row": 4, "col": 4}, "{'card': '1'"),
        ({"card": 1, "rot": True, "row": 4, "col": 4}, "'rot': True"),
        ({"card": 1, "rot": 0, "row": 4.0, "col": 4}, "'row': 4.0"),
    ],
)
def test_malformed_moves_are_refused(move, words):
    state = ENGINE.new_game(2, 4)
    before = state.to_dict()
    with refused("bad_move") as caught:
        state.apply(0, move)
    assert words in caught.value.said.args["move"]
    assert state.to_dict() == before


def test_card_rotation_and_seat_reasons():
    state = ENGINE.new_game(2, 4)
    stranger = next(c for c in range(1, 61) if c not in state.hands[0])
    with refused("not_in_hand", card=stranger):
        state.apply(0, {"card": stranger, "rot": 0, "row": 4, "col": 4})
    with refused("nimalia.no_turn", rot=4):
        state.apply(0, {**first_move(state, 0), "rot": 4})
    with refused("no_seat", seat=2, players=2):
        state.apply(2, first_move(state, 0))
    assert state.moves == []
    state.apply(0, first_move(state, 0))
    assert state.moves == [[0, first_move_snapshot(state)]]


def first_move_snapshot(state):
    card, rot, row, col = state.pending[0]
    return {"card": card, "rot": rot, "row": row, "col": col}


def test_M_13_turn_3_single_card_and_knowledge():
    state = ENGINE.new_game(4, 8)
    rng = random.Random(3)
    finish_turn(state, rng)
    assert state.view(0)["known"] == [None, state.hands[1], None, None]
    finish_turn(state, rng)
    assert state.turn == 3 and all(len(h) == 1 for h in state.hands)
    view = state.view(0)
    assert view["known"] == [None, state.hands[1], state.hands[2], None]
    assert len(state.legal_moves(0)) == 4 * len(state.anchors(0))
    # seat 1 places its known card secretly: seat 0 still knows it is among seat 1's cards
    card = state.hands[1][0]
    state.apply(1, rng.choice(state.legal_moves(1)))
    assert state.view(0)["known"][1] == [card] and state.view(0)["hand_counts"][1] == 0


def test_M_13_two_players_know_the_returning_card():
    state = ENGINE.new_game(2, 8)
    rng = random.Random(4)
    finish_turn(state, rng)
    finish_turn(state, rng)
    assert state.view(0)["known"] == [None, state.hands[1]]
    assert state.view(1)["known"] == [state.hands[0], None]


def test_M_26_rounds_score_their_colours_and_game_ends():
    state = ENGINE.new_game(3, 21, {"goals_level": "intro"})
    rng = random.Random(2)
    all_events = []
    while not state.is_over:
        all_events += finish_turn(state, rng)
    result = state.result()
    assert [r["round"] for r in result["rounds"]] == [1, 2, 3, 4, 5]
    by_colour = dict(zip(COLOURS, state.objectives, strict=True))
    for entry in result["rounds"]:
        expected = [by_colour[c] for c in SCHEDULE[entry["round"]]]
        assert [line["id"] for line in entry["objectives"]] == expected
    assert result["scores"] == result["rounds"][-1]["scores"] == state.scores
    assert result["winners"] == state.winners() and result["winners"]
    assert sum(len(p) for p in state.placements) == 45
    assert len({p[0] for ps in state.placements for p in ps}) == 45
    assert [e["e"] for e in all_events].count("score") == 5
    assert all_events[-1]["e"] == "game_end"
    assert state.to_move == [] and state.legal_moves(0) == []
    with refused("over"):
        state.apply(0, {"card": 1, "rot": 0, "row": 4, "col": 4})


def test_views_are_msgpack_friendly_and_spectator_sees_no_hand():
    state = ENGINE.new_game(3, 6)
    finish_turn(state)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert msgpack.unpackb(msgpack.packb(view), strict_map_key=True) == view
        for key in ("game", "seat", "players", "options", "to_move", "over", "scores"):
            assert key in view
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["reserve"] is None
    assert spectator["known"] == [None, None, None]
    assert grid_from_view(spectator["reserves"][1]) == state.grids[1]
    with pytest.raises(ValueError, match="no seat"):
        state.view(3)


def test_determinize_samples_a_hidden_placement():
    state = ENGINE.new_game(3, 12)
    finish_turn(state)
    state.apply(1, state.legal_moves(1)[5])
    rng = random.Random(9)
    for seat in (0, 2, None):
        sample = state.determinize(seat, rng)
        assert sample.view(seat) == state.view(seat)
        assert sample.pending[1] is not None and sample.pending[0] is None
        assert sample.seed != state.seed and sample.moves == []
        while not sample.is_over:
            finish_turn(sample, rng)


def test_from_dict_refuses_other_games_and_damage():
    with pytest.raises(ValueError, match="not a Nimalia save"):
        NimaliaState.from_dict({"game": "koikoi"})
    data = ENGINE.new_game(2, 1).to_dict()
    del data["hands"]
    with pytest.raises(ValueError, match="lacks the field"):
        NimaliaState.from_dict(data)
    data = ENGINE.new_game(2, 1).to_dict()
    data["placements"] = [[[99, 0, 4, 4]], []]
    with pytest.raises(ValueError, match="damaged"):
        NimaliaState.from_dict(data)
