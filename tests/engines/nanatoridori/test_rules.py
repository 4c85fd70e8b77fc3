"""Nanatoridori rule vectors N-T1 to N-T16 (rules/nanatoridori.md) and rule-level checks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai import engines
from chabudai.engines import IllegalMove, events_for
from chabudai.engines.nanatoridori import beats, sets_in
from chabudai.engines.nanatoridori.rules import (
    advanced_over,
    advanced_winners,
    blocks,
    can_play,
    count_plays,
    is_set,
    plays,
    round_points,
    runs,
)
from tests.engines.refusals import refused

from .helpers import DUEL, ENGINE, A, B, C, D, card_count, pass_and_discard, position

# --------------------------------------------------------------------------- N-T1, N-T2


def test_N_T1_ranking():
    assert beats((2, 6), (2, 3))  # 66 beats 33
    assert beats((3, 1), (2, 7))  # 111 beats 77
    assert not beats((2, 7), (3, 1))
    assert beats((4, 1), (3, 7))  # 1111 beats 777
    assert not beats((2, 5), (2, 5))  # identical does not beat
    assert beats((1, 2), (1, 1))
    assert not beats((1, 7), (2, 2))
    order = [(1, 2), (1, 5), (2, 3), (2, 6), (3, 2), (4, 1)]  # 2 < 5 < 33 < 66 < 222 < 1111
    for low, high in zip(order, order[1:], strict=False):
        assert beats(high, low) and not beats(low, high)


def test_N_T2_legal_sets():
    hand = [3, 5, 5, 2, 5, 5, 5, 1]
    expected = {
        (0, 1, 3),
        (1, 1, 5), (2, 1, 5), (1, 2, 5),
        (3, 1, 2),
        (4, 1, 5), (5, 1, 5), (6, 1, 5), (4, 2, 5), (5, 2, 5), (4, 3, 5),
        (7, 1, 1),
    }  # fmt: skip
    found = sets_in(hand)
    assert len(found) == len(set(found)) and set(found) == expected
    assert not any(length == 4 for _, length, _ in found)  # no 5555 (N-9)

    state = position(hands=[hand, [1], [1], [1]], current=A, area=(2, 4), owner=D)
    assert state.legal_moves(A) == [
        {"play": [1, 2]},
        {"play": [4, 2]},
        {"play": [4, 3]},
        {"play": [5, 2]},
        {"pass": True},
    ]


@settings(max_examples=300)
@given(
    hand=st.lists(st.integers(1, 4), max_size=10),
    area=st.none() | st.tuples(st.integers(1, 5), st.integers(1, 7)),
    reserve=st.lists(st.integers(1, 4), max_size=2),
)
def test_N_9_N_10_N_28_plays_match_the_definition(hand, area, reserve):
    """Every block of adjacent equal cards, with up to two reserve cards of its value, that
    beats the area (or anything when the area is empty)."""
    expected = [
        (s, k, extra)
        for s in range(len(hand))
        for k in range(1, len(hand) - s + 1)
        for extra in range(min(2, reserve.count(hand[s])) + 1)
        if is_set(hand, s, k) and (area is None or beats((k + extra, hand[s]), area))
    ]
    assert plays(hand, area, reserve) == expected
    assert can_play(hand, area, reserve) == bool(expected)
    assert count_plays(*blocks(hand), area, reserve) == len(expected)
    found = runs(hand)  # maximal blocks, left to right, that spell out the hand
    assert [v for _, k, v in found for _ in range(k)] == hand
    assert [s for s, _, _ in found] == [
        i for i in range(len(hand)) if i == 0 or hand[i - 1] != hand[i]
    ]
    assert sorted((s, k, hand[s]) for s, k, e in plays(hand, None) if e == 0) == sorted(
        sets_in(hand)
    )


# --------------------------------------------------------------------------- N-T3, N-T4


def test_N_T3_take_and_insert():
    state = position(hands=[[4, 1, 6, 6, 2], [1], [1], [1]], current=A, area=(2, 3), owner=D)
    events = state.apply(A, {"play": [2, 2]})
    assert state.hands[A] == [4, 1, 2]
    assert state.phase == "place" and state.to_move == [A]
    assert events[0]["beat"] == [2, 3]
    state.apply(A, {"insert": 1})
    assert state.hands[A] == [4, 3, 3, 1, 2]
    assert state.area == [2, 6] and state.owner == A
    # The taken set is public knowledge at its new positions (N-33).
    assert state.view(B)["public_hands"][A] == [None, 3, 3, None, None]


def test_N_T3_discard_instead():
    state = position(hands=[[4, 1, 6, 6, 2], [1], [1], [1]], current=A, area=(2, 3), owner=D)
    state.apply(A, {"play": [2, 2]})
    state.apply(A, {"discard": True})
    assert state.hands[A] == [4, 1, 2]
    assert state.discard[-2:] == [3, 3]
    assert state.area == [2, 6] and state.owner == A and state.to_move == [B]


@pytest.mark.parametrize(("gap", "hand"), [(3, [7, 3, 7, 7, 7]), (0, [7, 7, 7, 3, 7])])
def test_N_T4_taking_builds_a_bigger_set(gap, hand):
    state = position(hands=[[7, 3, 1, 1, 1, 7], [1], [1], [1]], current=A, area=(2, 7), owner=B)
    state.apply(A, {"play": [2, 3]})
    assert state.hands[A] == [7, 3, 7]
    state.apply(A, {"insert": gap})
    assert state.hands[A] == hand
    assert any(s == (2 if gap == 3 else 0) and k == 3 for s, k, _ in sets_in(hand))


# --------------------------------------------------------------------------- N-T5


def test_N_T5_pass_and_draw_insert():
    state = position(hands=[[1], [2, 6], [1], [1]], current=B, area=(1, 1), owner=A, pile=[3, 4, 6])
    events = state.apply(B, {"pass": True})
    assert state.phase == "place" and state.pending == [6]
    assert [e for e in events_for(events, A) if "card" in e] == []  # the value stays with B
    assert {"e": "drew", "seat": B, "card": 6, "to": [B]} in events
    assert state.view(B)["pending"]["cards"] == [6]
    assert state.view(A)["pending"]["cards"] is None
    events = state.apply(B, {"insert": 1})
    assert state.hands[B] == [2, 6, 6]
    assert events[0] == {"e": "insert", "seat": B, "gap": 1, "kind": "draw"}
    view = state.view(A)
    assert view["public_hands"][B] == [None, None, None] and view["drawn"][B] == [1]
    assert view["pile"] == 2


def test_N_T5_pass_and_draw_discard():
    state = position(hands=[[1], [2, 6], [1], [1]], current=B, area=(1, 1), owner=A, pile=[3, 4, 6])
    state.apply(B, {"pass": True})
    events = state.apply(B, {"discard": True})
    assert state.hands[B] == [2, 6]
    assert state.discard[-1] == 6 and state.view(C)["discard"][-1] == 6
    assert events[0]["cards"] == [6]  # a discarded card is public


# --------------------------------------------------------------------------- N-T6, N-T7


def test_N_T6_clearing():
    state = position(hands=[[5, 2, 2], [1, 1], [6, 6, 3], [4, 4]], current=A)
    state.apply(A, {"play": [0, 1]})
    pass_and_discard(state, B)
    state.apply(C, {"play": [0, 2]})
    state.apply(C, {"discard": True})
    assert state.discard[-1] == 5
    pass_and_discard(state, D)
    pass_and_discard(state, A)
    events = pass_and_discard(state, B)
    assert {"e": "clear", "cards": [6, 6], "owner": C} in events
    assert state.area is None and state.discard[-2:] == [6, 6]
    assert state.to_move == [C]
    assert {"pass": True} not in state.legal_moves(C)  # C leads and must play (N-11)
    with refused("nanatoridori.lead_must_play"):
        state.apply(C, {"pass": True})


def test_N_T7_passing_does_not_lock_out():
    state = position(hands=[[2, 1, 1], [4, 4, 1], [1, 1], [3, 5, 5]], current=A, pile=[])
    state.apply(A, {"play": [0, 1]})
    state.apply(B, {"pass": True})
    state.apply(C, {"pass": True})
    state.apply(D, {"play": [0, 1]})
    state.apply(D, {"discard": True})
    state.apply(A, {"pass": True})
    assert {"play": [0, 2]} in state.legal_moves(B)
    state.apply(B, {"play": [0, 2]})
    state.apply(B, {"discard": True})
    for seat in (C, D, A):
        assert state.area == [2, 4]
        state.apply(seat, {"pass": True})
    assert state.area is None and state.to_move == [B]


# --------------------------------------------------------------------------- N-T8, N-T9


def test_N_T8_going_out_on_a_beat():
    state = position(hands=[[4, 4], [1, 2], [3, 3, 3]], current=A, area=(1, 5), owner=C)
    discard_before = len(state.discard)
    events = state.apply(A, {"play": [0, 2]})
    assert state.hands[A] == [] and state.out[A] and state.finish == [A]
    assert state.phase == "play"  # no take (N-21)
    assert state.discard[discard_before:] == [5]
    assert {"e": "out", "seat": A, "place": 1} in events
    assert {"e": "discard", "seat": A, "cards": [5], "from": "beaten", "auto": True} in events
    assert state.area == [2, 4] and state.owner == A
    pass_and_discard(state, B)
    events = pass_and_discard(state, C)
    assert {"e": "clear", "cards": [4, 4], "owner": A} in events
    assert state.to_move == [B] and state.area is None


def test_N_T9_going_out_by_leading():
    state = position(hands=[[1, 2], [2, 2], [3], [5, 6]], current=C)
    assert state.legal_moves(C) == [{"play": [0, 1]}]  # no pass for the leader
    state.apply(C, {"play": [0, 1]})
    assert state.out[C]
    for seat in (D, A):
        pass_and_discard(state, seat)
        assert state.area == [1, 3]
    events = pass_and_discard(state, B)
    assert {"e": "clear", "cards": [3], "owner": C} in events
    assert state.to_move == [D]


# --------------------------------------------------------------------------- N-T10 to N-T13


def _n_t10(scoring: str, penguins=None):
    """C goes out first, then A, then D mid-trick: B is left holding cards."""
    state = position(
        hands=[[2], [1, 1, 1, 4], [1], [5, 3]],
        current=C,
        pile=[],
        penguins=penguins,
        options={"scoring": scoring},
    )
    state.apply(C, {"play": [0, 1]})  # C out, first
    state.apply(D, {"pass": True})
    state.apply(A, {"play": [0, 1]})  # 2 beats 1: A out, second (auto discard, N-21)
    state.apply(B, {"pass": True})
    state.apply(D, {"play": [1, 1]})  # 3 beats 2
    state.apply(D, {"discard": True})
    state.apply(B, {"pass": True})
    events = state.apply(D, {"play": [0, 1]})  # 5 beats 3: D out, B is the last (N-22)
    return state, events


def test_N_T10_round_end_basic():
    state, events = _n_t10("basic")
    end = next(e for e in events if e["e"] == "round_end")
    assert end["loser"] == B and end["finish"] == [C, A, D] and end["how"] == "last"
    assert state.penguins == [2, 1, 2, 2]
    assert state.round == 2 and state.starter == B and state.to_move == [B]
    assert all(len(h) == 8 for h in state.hands)
    assert state.result()["rounds"][0]["loser"] == B
    assert card_count(state) == {v: 9 for v in range(1, 8)}


def test_N_T10_round_end_advanced():
    state, events = _n_t10("advanced")
    end = next(e for e in events if e["e"] == "round_end")
    assert end["points"] == [2, 0, 4, 2]  # C +4, A +2, D +2, B 0 (N-24)
    assert state.points == [2, 0, 4, 2] and state.view(A)["scores"] == [2, 0, 4, 2]
    assert state.starter == B and not state.is_over


def test_N_T11_basic_game_end():
    state, events = _n_t10("basic", penguins=[2, 1, 2, 2])
    assert state.is_over and state.to_move == []
    assert state.penguins[B] == 0
    assert {"e": "game_end", "scores": [2, 0, 2, 2], "winners": [A, C, D]} in events
    assert state.result()["winners"] == [A, C, D]
    with refused("over"):
        state.apply(B, {"play": [0, 1]})


def test_N_T12_advanced_game_end():
    assert advanced_over([10, 12, 6])
    assert advanced_winners([10, 12, 6], "highest") == [B]
    assert advanced_winners([10, 12, 6], "all_at_10") == [A, B]
    assert advanced_winners([12, 12, 8], "highest") == [A, B]
    assert not advanced_over([9, 8, 9])
    assert round_points(4, [C, A, D], B) == [2, 0, 4, 2]


@pytest.mark.parametrize(
    ("before", "totals", "highest", "all_at_10"),
    [
        ((8, 8, 6), [10, 12, 6], [B], [A, B]),
        ((10, 8, 8), [12, 12, 8], [A, B], [A, B]),
        ((7, 4, 9), [9, 8, 9], None, None),  # no one has 10: another round
    ],
)
def test_N_T12_advanced_game_end_in_play(before, totals, highest, all_at_10):
    for rule, winners in (("highest", highest), ("all_at_10", all_at_10)):
        # Three players: B goes out first (+4), A second (+2), C is left holding cards (0).
        state = position(
            hands=[[2, 2], [1], [3, 3, 3]],
            current=B,
            pile=[],
            points=before,
            options={"scoring": "advanced", "advanced_win": rule},
        )
        state.apply(B, {"play": [0, 1]})
        state.apply(C, {"pass": True})
        state.apply(A, {"play": [0, 2]})  # 22 beats 1: A out, C is the last (N-22)
        assert state.points == totals
        assert state.is_over is (winners is not None)
        if winners is not None:
            assert state.result()["winners"] == winners
        else:
            assert state.round == 2 and state.to_move == [C]


def test_N_T12_all_at_10_is_the_default():
    state = position(hands=[[2, 2], [1], [3, 3, 3]], current=B, pile=[], points=(8, 8, 6),
                     options={"scoring": "advanced"})  # fmt: skip
    state.apply(B, {"play": [0, 1]})
    state.apply(C, {"pass": True})
    state.apply(A, {"play": [0, 2]})
    assert state.points == [10, 12, 6]
    assert state.options["advanced_win"] == "all_at_10"
    assert state.is_over and state.result()["winners"] == [A, B]


def test_N_T13_empty_draw_pile():
    hands = [[1], [2, 6], [1], [1], [1], [1]]
    state = position(hands=hands, current=B, area=(1, 3), owner=A, pile=[])
    events = state.apply(B, {"pass": True})
    assert events[0] == {"e": "pass", "seat": B}
    assert not any(e["e"] in ("draw", "drew") for e in events)
    assert state.hands[B] == [2, 6] and state.phase == "play" and state.to_move == [C]


# --------------------------------------------------------------------------- N-T14, N-T15 (duel)


def test_N_T14_duel_play_with_a_reserve_card():
    state = position(hands=[[2, 5, 5, 7], [1, 1]], current=A, area=(2, 4), owner=B,
                     reserves=[[3, 5], [6]], options=DUEL)  # fmt: skip
    moves = state.legal_moves(A)
    assert {"play": [1, 2], "reserve": 1} in moves
    assert {"play": [1, 2]} in moves  # 55 also beats 44 without the reserve card
    assert {"play": [1, 1], "reserve": 1} in moves  # 5 + reserve 5 = 55 beats 44
    assert all(m["play"][1] >= 1 for m in moves if "play" in m)  # a hand card in every play
    state.apply(A, {"play": [1, 2], "reserve": 1})
    assert state.area == [3, 5]
    state.apply(A, {"discard": True})
    assert state.hands[A] == [2, 7] and state.reserves[A] == [3]
    assert state.discard[-2:] == [4, 4]


def test_N_T14_reserve_only_plays_are_illegal():
    state = position(hands=[[2, 5, 5, 7], [1, 1]], current=A, area=(2, 4), owner=B,
                     reserves=[[3, 5], [6]], options=DUEL)  # fmt: skip
    before = state.to_dict()
    for move in (
        {"play": [0, 0], "reserve": 1},
        {"play": [1, 2], "reserve": 2},  # only one reserve 5
        {"play": [0, 1], "reserve": 1},  # no reserve 2
        {"play": [1, 2], "reserve": 0},
    ):
        with pytest.raises(IllegalMove):
            state.apply(A, move)
    assert state.to_dict() == before


def test_N_T15_duel_pass_with_a_reserve_card():
    state = position(hands=[[4, 4], [1, 2]], current=B, area=(3, 5), owner=A,
                     reserves=[[], [6]], options=DUEL)  # fmt: skip
    assert state.legal_moves(B) == [{"pass": True, "card": 6}]
    state.apply(B, {"pass": True, "card": 6})
    assert state.reserves[B] == [] and state.phase == "place"
    events = state.apply(B, {"insert": 0})
    assert state.hands[B] == [6, 1, 2]
    assert state.view(A)["public_hands"][B] == [6, None, None]  # reserve cards are public
    assert {"e": "clear", "cards": [5, 5, 5], "owner": A} in events  # N-31
    assert state.area is None and state.to_move == [A]


@pytest.mark.parametrize("scoring", ["basic", "advanced"])
def test_N_T15_duel_elimination(scoring):
    state = position(hands=[[5, 5, 5, 2], [1, 2]], current=A, reserves=[[], []],
                     options={**DUEL, "scoring": scoring})  # fmt: skip
    events = state.apply(A, {"play": [0, 3]})
    assert {"e": "eliminated", "seat": B} in events
    end = next(e for e in events if e["e"] == "round_end")
    assert end["loser"] == B and end["how"] == "eliminated"
    if scoring == "basic":
        assert state.penguins == [2, 1]
    else:
        assert state.points == [4, 0]
    assert state.round == 2 and state.starter == B and state.to_move == [B]


def test_duel_cannot_pass_without_reserve_but_must_play():
    state = position(hands=[[4, 4], [6, 1]], current=B, area=(1, 5), owner=A,
                     reserves=[[], []], options=DUEL)  # fmt: skip
    assert state.legal_moves(B) == [{"play": [0, 1]}]  # N-30: can play, so must play
    with refused("nanatoridori.no_reserve"):
        state.apply(B, {"pass": True, "card": 6})


def test_N_32_duel_first_empty_hand_wins():
    state = position(hands=[[4, 4], [1, 2, 3]], current=A, reserves=[[7], [7]],
                     options={**DUEL, "scoring": "advanced"})  # fmt: skip
    events = state.apply(A, {"play": [0, 2]})
    end = next(e for e in events if e["e"] == "round_end")
    assert end["loser"] == B and end["finish"] == [A]
    assert state.points == [4, 0] and state.starter == B


# --------------------------------------------------------------------------- N-T16 (2 players)


def test_N_T16_two_players_standard_deal():
    for seed in range(20):
        state = ENGINE.new_game(2, seed)
        assert state.options["two_player"] == "standard" and not state.duel
        assert [len(h) for h in state.hands] == [8, 8] and len(state.pile) == 47
        assert state.reserves == [[], []] and state.aside == []
        view = state.view(state.starter)
        assert view["pile"] == 47 and view["aside"] == 0 and view["reserves"] == [[], []]
        assert state.legal_moves(state.starter) == [{"play": list(p)} for p in
                                                    _plays(state.hands[state.starter])]  # fmt: skip


def _plays(hand):
    return [(s, k) for s, k, _ in sets_in(hand)]


def test_N_T16_a_pass_draws_and_clears_the_trick():
    state = position(hands=[[5, 1, 1], [3, 4]], current=A)
    top = state.pile[-1]
    state.apply(A, {"play": [0, 1]})  # A leads 5
    assert state.legal_moves(B)[-1] == {"pass": True}  # a plain pass, no reserve card
    events = state.apply(B, {"pass": True})
    assert [e["e"] for e in events] == ["pass", "draw", "drew"]
    pile = len(state.pile)
    assert events_for(events, A) == [
        {"e": "pass", "seat": B},
        {"e": "draw", "seat": B, "pile": pile},
    ]
    assert state.pending == [top] and state.phase == "place" and state.area == [1, 5]
    events = state.apply(B, {"insert": 0})  # N-15: B keeps the drawn card
    assert {"e": "clear", "cards": [5], "owner": A} in events  # N-16: every other player passed
    assert events[-1] == {"e": "turn", "seat": A, "lead": True}
    assert state.area is None and state.to_move == [A] and state.hands[B] == [top, 3, 4]
    assert all("play" in m for m in state.legal_moves(A))  # A leads again and must play (N-11)


def test_N_T16_discarding_the_drawn_card_also_clears():
    state = position(hands=[[5, 1, 1], [3, 4]], current=A)
    state.apply(A, {"play": [0, 1]})
    events = pass_and_discard(state, B)
    assert {"e": "clear", "cards": [5], "owner": A} in events and state.to_move == [A]


def test_N_T16_beating_keeps_the_trick_going():
    state = position(hands=[[5, 1, 1], [6, 4]], current=A)
    state.apply(A, {"play": [0, 1]})
    state.apply(B, {"play": [0, 1]})  # 6 beats 5 (N-12)
    state.apply(B, {"insert": 1})  # B takes the 5 (N-13)
    assert state.hands[B] == [4, 5] and state.area == [1, 6] and state.to_move == [A]
    events = state.apply(A, {"play": [0, 2]})  # 11 beats 6: A is out, the 6 is discarded (N-21)
    assert {"e": "discard", "seat": A, "cards": [6], "from": "beaten", "auto": True} in events
    end = next(e for e in events if e["e"] == "round_end")
    assert end["loser"] == B and end["finish"] == [A]


@pytest.mark.parametrize("scoring", ["basic", "advanced"])
def test_N_T16_the_round_ends_when_one_player_is_out(scoring):
    state = position(hands=[[5], [3, 4]], current=A, options={"scoring": scoring})
    events = state.apply(A, {"play": [0, 1]})  # A is out; B is the last player with cards
    end = next(e for e in events if e["e"] == "round_end")
    assert end["loser"] == B and end["finish"] == [A] and end["how"] == "last"
    if scoring == "basic":
        assert state.penguins == [2, 1]
    else:
        assert end["points"] == [4, 0]
    assert state.round == 2 and state.starter == B and state.to_move == [B]
    assert [len(h) for h in state.hands] == [8, 8] and len(state.pile) == 47


def test_N_T16_advanced_totals_10_and_12_both_win():
    assert advanced_winners([10, 12], ENGINE.resolve_options(None)["advanced_win"]) == [A, B]
    for rule, winners in ((None, [A, B]), ("highest", [B])):
        options = {"scoring": "advanced"} | ({"advanced_win": rule} if rule else {})
        state = position(hands=[[5], [3, 4]], current=A, points=(6, 12), options=options)
        state.apply(A, {"play": [0, 1]})  # A out first: +4 -> 10; B 0 -> 12
        assert state.points == [10, 12]
        assert state.is_over and state.result()["winners"] == winners


# --------------------------------------------------------------------------- setup and options


def test_N_5_deal_and_N_27_duel_deal():
    for players, pile in ((2, 47), (3, 39), (4, 31), (5, 23), (6, 15)):
        state = ENGINE.new_game(players, 5)
        assert not state.duel and not state.view(0)["duel"]
        assert [len(h) for h in state.hands] == [8] * players
        assert len(state.pile) == pile and state.view(0)["pile"] == pile
        assert state.reserves == [[]] * players and state.aside == []
        assert card_count(state) == {v: 9 for v in range(1, 8)}
    duel = ENGINE.new_game(2, 5, DUEL)
    assert duel.duel and duel.view(None)["duel"]
    assert [len(h) for h in duel.hands] == [11, 11]
    assert [len(r) for r in duel.reserves] == [2, 2]
    assert len(duel.aside) == 37 and duel.pile == []
    assert duel.view(0)["reserves"] == duel.view(1)["reserves"] == duel.reserves


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_N_3_the_duel_option_is_ignored_with_more_players(players):
    duel = ENGINE.new_game(players, 8, DUEL)
    standard = ENGINE.new_game(players, 8)
    assert not duel.duel and duel.options["two_player"] == "duel"
    assert duel.hands == standard.hands and duel.pile == standard.pile
    rng = random.Random(players)
    while not standard.is_over:
        (seat,) = standard.to_move
        move = rng.choice(standard.legal_moves(seat))
        assert duel.legal_moves(seat) == standard.legal_moves(seat)
        assert duel.apply(seat, move) == standard.apply(seat, move)


def test_N_8_start_player_is_seeded_and_leads():
    starters = {ENGINE.new_game(4, seed).starter for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    state = ENGINE.new_game(4, 3)
    assert state.to_move == [state.starter] and state.area is None


def test_options_are_declared():
    names = {o.name: o for o in ENGINE.options}
    assert names["scoring"].choices == ("basic", "advanced") and names["scoring"].default == "basic"
    assert names["advanced_win"].choices == ("all_at_10", "highest")
    assert names["advanced_win"].default == "all_at_10"  # N-25
    two = names["two_player"]
    assert two.choices == ("standard", "duel") and two.default == "standard"  # N-3
    assert two.label and "duel" in two.help and "Ignored with 3 to 6 players" in two.help
    assert two.applies(2) and not any(two.applies(n) for n in range(3, 7))
    assert two.to_dict()["players"] == [2, 2] and names["scoring"].to_dict()["players"] is None
    assert ENGINE.resolve_options(None) == {
        "scoring": "basic",
        "advanced_win": "all_at_10",
        "two_player": "standard",
    }
    assert ENGINE.min_players == 2 and ENGINE.max_players == 6
    assert engines.get("nanatoridori") is ENGINE


def test_N_2_penguins_and_scores_in_views():
    basic = ENGINE.new_game(3, 1)
    assert basic.view(0)["scores"] == [2, 2, 2] and basic.view(0)["penguins"] == [2, 2, 2]
    advanced = ENGINE.new_game(3, 1, {"scoring": "advanced"})
    assert advanced.view(0)["scores"] == [0, 0, 0] and advanced.view(0)["penguins"] is None


# --------------------------------------------------------------------------- illegal moves


@pytest.mark.parametrize(
    ("move", "reason", "words"),
    [
        ({"play": [6, 2]}, "nanatoridori.outside_hand", "not all in your hand"),
        ({"play": [-1, 1]}, "nanatoridori.outside_hand", "not all in your hand"),
        ({"play": [0, 2]}, "nanatoridori.not_a_set", "not all the same number"),
        ({"play": [0, 0]}, "nanatoridori.empty_set", "at least one card"),
        ({"play": [1, 1]}, "nanatoridori.too_low", "3 does not beat 44"),
        ({"play": [1, 2]}, "nanatoridori.too_low", "33 does not beat 44"),
        ({"play": "3"}, "bad_move", "not a move"),
        ({"play": [0, 1], "reserve": 1}, "nanatoridori.no_duel", "only played in the two-player"),
        ({"insert": 0}, "bad_move", "not a move"),
        ({"pass": True, "card": 3}, "bad_move", "not a move"),
        ("pass", "bad_move", "not a move"),
    ],
)
def test_illegal_plays_are_explained(move, reason, words):
    state = position(hands=[[1, 3, 3, 5, 5, 5], [1], [1]], current=A, area=(2, 4), owner=B)
    before = state.to_dict()
    assert state.check(A, move)
    with refused(reason) as caught:
        state.apply(A, move)
    assert words in caught.value.reason
    assert state.to_dict() == before


def test_illegal_placements_are_explained():
    state = position(hands=[[4, 1, 6, 6, 2], [1], [1]], current=A, area=(2, 3), owner=B)
    state.apply(A, {"play": [2, 2]})
    for move, reason in (
        ({"insert": 4}, "nanatoridori.no_gap"),
        ({"insert": -1}, "nanatoridori.no_gap"),
        ({"insert": True}, "nanatoridori.no_gap"),
        ({"discard": 1}, "nanatoridori.place_first"),
        ({"pass": True}, "nanatoridori.place_first"),
    ):
        with refused(reason):
            state.apply(A, move)
    with refused("not_your_turn", to_move=[0]):
        state.apply(B, {"discard": True})
    assert state.legal_moves(A) == [{"insert": g} for g in range(4)] + [{"discard": True}]
    assert state.legal_moves(B) == []


# --------------------------------------------------------------------------- N-33 and determinize


def test_N_33_determinize_keeps_public_cards_and_the_drawers_card():
    state = position(hands=[[4, 1, 6, 6, 2], [2, 6], [1, 5], [7]], current=A, area=(2, 3), owner=D)
    state.apply(A, {"play": [2, 2]})
    state.apply(A, {"insert": 1})  # A holds [4, 3, 3, 1, 2]; positions 1-2 are public
    state.apply(B, {"pass": True})  # B draws a card only B sees
    drawn = state.pending[0]
    for i in range(20):
        rng = random.Random(i)
        for_c = state.determinize(C, rng)
        assert for_c.view(C) == state.view(C)
        assert for_c.hands[A][1:3] == [3, 3] and len(for_c.hands[A]) == 5
        assert len(for_c.pending) == 1 and for_c.pending_kind == "draw"
        for_b = state.determinize(B, rng)
        assert for_b.pending == [drawn] and for_b.hands[B] == [2, 6]
        assert card_count(for_c) == card_count(for_b) == {v: 9 for v in range(1, 8)}
    state.apply(B, {"insert": 0})
    view = state.view(C)
    assert view["drawn"][B] == [0] and view["public_hands"][A] == [None, 3, 3, None, None]
    sample = state.determinize(C, random.Random(5))
    assert sample.tags[B] == [-1, 0, 0] and sample.view(C) == view
