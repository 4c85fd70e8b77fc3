"""Nanatoridori's pure model updates and card-key moves (game/tables/nanatoridori/events.py),
one kind at a time on a small model: no pygame, no table."""

import copy

from chabudai.game.tables.nanatoridori import events
from chabudai.game.tables.nanatoridori.tracking import Tracker


def model(**over):
    """Three seats, the viewer at 0 holding 3, 5, 5, 7; a set of two 4s in the play area."""
    m = {
        "seat": 0,
        "hand": [3, 5, 5, 7],
        "hand_counts": [4, 3, 2],
        "public_hands": [[None] * 4, [None] * 3, [None] * 2],
        "drawn": [[], [], []],
        "reserves": [[], [], []],
        "area": {"count": 2, "value": 4, "owner": 1},
        "passes": 1,
        "pending": None,
        "phase": "play",
        "pile": 10,
        "discard": [],
        "out": [False, False, False],
        "finish": [],
        "to_move": [0],
    }
    m.update(over)
    return m


def update(m, e, **ev):
    events.UPDATES[e](m, {"e": e, **ev})


def test_deal_starts_a_round_afresh_n5_to_n8():
    m = model(discard=[1, 2], finish=[2], out=[False, False, True], passes=2)
    ev = {"round": 2, "starter": 1, "hand_counts": [8, 8, 8], "pile": 39, "aside": 0}
    update(m, "deal", reserves=[[], [], []], **ev)
    assert m["hand"] == [] and m["hand_counts"] == [8, 8, 8] and m["area"] is None
    assert m["discard"] == [] and m["finish"] == [] and m["out"] == [False] * 3
    assert m["passes"] == 0 and m["public_hands"] == [[None] * 8] * 3 and m["round"] == 2


def test_play_moves_the_block_to_the_area_and_resets_the_passes_n12_n18():
    m = model()
    update(m, "play", seat=0, start=1, length=2, value=5, count=2, beat=[2, 4])
    assert m["hand"] == [3, 7] and m["hand_counts"][0] == 2
    assert m["area"] == {"count": 2, "value": 5, "owner": 0} and m["passes"] == 0
    assert len(m["public_hands"][0]) == 2


def test_choose_then_insert_takes_the_beaten_set_into_the_hand_n13():
    m = model(area={"count": 2, "value": 5, "owner": 0})
    update(m, "choose", seat=0, kind="beaten", cards=[4, 4])
    assert m["phase"] == "place" and m["pending"] == {"kind": "beaten", "count": 2, "cards": [4, 4]}
    update(m, "insert", seat=0, gap=1, kind="take", cards=[4, 4])
    assert m["hand"] == [3, 4, 4, 5, 5, 7] and m["hand_counts"][0] == 6
    assert m["public_hands"][0][1:3] == [4, 4]  # N-33: taken values are public
    assert m["pending"] is None and m["phase"] == "play" and m["passes"] == 1  # a take is no pass


def test_a_pass_that_draws_counts_once_the_card_is_placed_n15():
    m = model()
    update(m, "pass", seat=0)
    assert m["passes"] == 1  # the pile is not empty: the pass is not complete yet
    update(m, "draw", seat=0, pile=9)
    update(m, "drew", seat=0, card=6)
    assert m["pile"] == 9 and m["pending"] == {"kind": "draw", "count": 1, "cards": [6]}
    update(m, "insert", seat=0, gap=4, kind="draw")
    assert m["hand"] == [3, 5, 5, 7, 6] and m["drawn"][0] == [4] and m["passes"] == 2
    assert m["public_hands"][0][4] is None  # a drawn card's value stays hidden


def test_a_pass_with_nothing_to_draw_counts_at_once():
    m = model(pile=0)
    update(m, "pass", seat=1)
    assert m["passes"] == 2


def test_clear_sends_the_set_to_the_discard_pile_n16():
    m = model()
    update(m, "clear", cards=[4, 4])
    assert m["discard"] == [4, 4] and m["area"] is None and m["passes"] == 0


def test_out_and_round_end_n19_n23():
    m = model(penguins=[3, 3, 3])
    update(m, "out", seat=2, place=1)
    assert m["out"] == [False, False, True] and m["finish"] == [2]
    update(m, "round_end", round=1, loser=1, penguins=[3, 2, 3])
    assert m["penguins"] == [3, 2, 3] and m["scores"] == [3, 2, 3] and m["starter"] == 1
    assert m["history"] == [{"round": 1, "loser": 1, "penguins": [3, 2, 3]}]
    assert m["to_move"] == []


def test_keys_follow_a_play_with_a_duel_reserve_card_n28():
    m = model(hand=[5, 5, 7], hand_counts=[3, 3], reserves=[[5, 9], [2]], area=None)
    tracker = Tracker()
    tracker.reset(m)
    block, reserve_card = tracker.hands[0][0:2], tracker.reserves[0][0]
    before = copy.deepcopy(m)
    ev = {"e": "play", "seat": 0, "start": 0, "length": 2, "value": 5, "count": 3, "reserve": 1}
    events.UPDATES["play"](m, ev)
    events.move_keys(tracker, before, ev)
    assert m["reserves"][0] == [9]
    assert tracker.area == [*block, reserve_card] and len(tracker.reserves[0]) == 1
    assert tracker.fits(m)


def test_keys_follow_a_spent_duel_reserve_card_n29():
    m = model(hand=[5], hand_counts=[1, 3], reserves=[[8, 9], [2]])
    tracker = Tracker()
    tracker.reset(m)
    spent = tracker.reserves[0][1]
    before = copy.deepcopy(m)
    ev = {"e": "pass", "seat": 0, "card": 9}
    events.UPDATES["pass"](m, ev)
    events.move_keys(tracker, before, ev)
    assert m["reserves"][0] == [8] and m["pending"]["cards"] == [9]
    assert tracker.pending == [spent] and tracker.fits(m)


def test_hand_turn_discard_and_game_end():
    m = model(hand=[], phase="place", pending={"kind": "draw", "count": 1, "cards": [6]})
    update(m, "hand", seat=1, cards=[2, 2])  # another seat's cards are not ours to see
    assert m["hand"] == []
    update(m, "hand", seat=0, cards=[7, 1, 4])  # the dealt order stays (N-6)
    assert m["hand"] == [7, 1, 4]
    update(m, "discard", seat=0, cards=[6], **{"from": "draw"})  # N-15: the pass is complete
    assert m["discard"] == [6] and m["pending"] is None and m["passes"] == 2
    update(m, "discard", seat=0, cards=[4, 4], **{"from": "beaten"})  # N-13: no pass
    assert m["discard"] == [6, 4, 4] and m["passes"] == 2
    update(m, "turn", seat=2)
    assert m["to_move"] == [2] and m["current"] == 2 and m["phase"] == "play"
    update(m, "game_end", winners=[0], scores=[3, 0, 1])
    assert m["over"] and m["winners"] == [0] and m["scores"] == [3, 0, 1] and m["to_move"] == []
