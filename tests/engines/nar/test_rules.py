"""The worked examples of rules/nar.md (R-T1 to R-T14) and the numbered rules they rest on."""

from __future__ import annotations

import random

import pytest

from chabudai.engines.nar import (
    DECK_TABLE,
    deck_for,
    legal_cards,
    resolve_trick,
    round_score,
    winners,
)
from chabudai.engines.nar.cards import check_table, deck_row, parse, penalty
from chabudai.engines.nar.scoring import game_over_standard
from tests.engines.refusals import refused

from .helpers import ENGINE, play_all, position, seat_of


def trick(*plays: str) -> list[tuple[int, str]]:
    """``trick("P1 R10", "P2 R15")`` → ``[(0, "R10"), (1, "R15")]``."""
    pairs = []
    for play in plays:
        player, card = play.split()
        pairs.append((seat_of(player), card))
    return pairs


# --- R-T1 to R-T8: resolving tricks (R-12 to R-18) ----------------------------------------------


def test_R_T1_off_colour_card_is_the_fool():
    # The rules file writes B20 although blue stops at 15; resolve_trick only needs a
    # colour and a value, so the vector is kept as printed: a high off-colour card is still worst.
    plays = trick("P1 R10", "P2 R15", "P3 R3", "P4 B20")
    assert resolve_trick(plays, 4) == (seat_of("P2"), [seat_of("P4")])


def test_R_T1_with_a_real_blue_card():
    plays = trick("P1 R10", "P2 R15", "P3 R3", "P4 B15")
    assert resolve_trick(plays, 4) == (seat_of("P2"), [seat_of("P4")])


def test_R_T2_a_1_is_the_lowest_lead_card():
    plays = trick("P1 G8", "P2 G12", "P3 1", "P4 G5")
    assert resolve_trick(plays, 4) == (seat_of("P2"), [seat_of("P3")])


def test_R_T3_equal_off_colour_values_later_is_worse():
    plays = trick("P1 Y9", "P2 R4", "P3 B4", "P4 Y2")
    assert resolve_trick(plays, 4) == (seat_of("P1"), [seat_of("P3")])


def test_R_T4_led_1_takes_the_colour_set_later():
    plays = trick("P1 1", "P2 1", "P3 B7", "P4 G3")
    assert resolve_trick(plays, 4) == (seat_of("P3"), [seat_of("P4")])


def test_R_T4_in_play_the_lead_colour_waits_for_a_coloured_card():
    state = position(4, [["1", "G9"], ["1", "G8"], ["B7", "G7"], ["G3", "Y4"]], leader=0)
    play_all(state, trick("P1 1", "P2 1"))
    assert state.lead is None
    play_all(state, trick("P3 B7"))
    assert state.lead == "B"
    assert state.legal_moves(seat_of("P4")) == [{"play": "G3"}, {"play": "Y4"}]  # no blue
    events = play_all(state, trick("P4 G3"))
    won = next(e for e in events if e["e"] == "trick_won")
    assert won["winner"] == seat_of("P3") and won["lead"] == "B"
    assert state.fools == [seat_of("P4")]
    assert state.voids[seat_of("P4")] == "B"
    assert state.leader == seat_of("P3")


def test_R_T5_all_1s():
    plays = trick("P2 1", "P3 1", "P4 1")
    assert resolve_trick(plays, 4) == (seat_of("P2"), [seat_of("P4")])


def test_R_T5_the_previous_fool_rejoins():
    hands = [["G5", "G6"], ["1", "G7"], ["1", "G8"], ["1", "G9"]]
    state = position(4, hands, leader=seat_of("P2"), fools=[seat_of("P1")])
    assert state.active == [1, 2, 3]
    events = play_all(state, trick("P2 1", "P3 1", "P4 1"))
    fool = next(e for e in events if e["e"] == "fool")
    assert fool == {"e": "fool", "seats": [seat_of("P4")], "released": [seat_of("P1")]}
    assert state.lead is None
    assert state.active == [seat_of(p) for p in ("P2", "P3", "P1")]


def test_R_T6_two_1s_lowest_later_is_worse():
    plays = trick("P1 R6", "P2 1", "P3 R9", "P4 1")
    assert resolve_trick(plays, 4) == (seat_of("P3"), [seat_of("P4")])


def test_R_T7_two_fools_with_7_players():
    plays = trick("P1 G10", "P2 G14", "P3 Y3", "P4 G2", "P5 1", "P6 B5", "P7 G20")
    assert resolve_trick(plays, 7) == (seat_of("P7"), [seat_of("P3"), seat_of("P6")])
    assert resolve_trick(plays, 7, fools=1) == (seat_of("P7"), [seat_of("P3")])


@pytest.mark.parametrize(("fools_at_7", "fools"), [(2, ["P3", "P6"]), (1, ["P3"])])
def test_R_T7_in_play_first_trick_and_option_fools_at_7(fools_at_7, fools):
    hands = [["G10", "R2"], ["G14", "R3"], ["Y3", "Y4"], ["G2", "R4"], ["1", "R5"]]
    hands += [["B5", "B6"], ["G20", "R6"]]  # P3 and P6 hold no green; nobody goes out yet
    state = position(7, hands, leader=0, trick_no=1, options={"fools_at_7": fools_at_7})
    assert state.active == list(range(7))  # everyone plays the first trick
    play_all(state, trick("P1 G10", "P2 G14", "P3 Y3", "P4 G2", "P5 1", "P6 B5", "P7 G20"))
    assert state.fools == [seat_of(p) for p in fools]
    assert state.leader == seat_of("P7")
    assert seat_of("P7") not in state.fools


def test_R_T8_two_fools_one_off_colour_card():
    plays = trick("P1 R12", "P2 1", "P4 B2", "P5 R7", "P7 R20", "P8 R9")
    assert resolve_trick(plays, 8) == (seat_of("P7"), [seat_of("P4"), seat_of("P2")])


def test_R_T8_in_play_previous_fools_are_active_next():
    cards = {"P1": "R12", "P2": "1", "P3": "G2", "P4": "B2", "P5": "R7", "P6": "G3", "P7": "R20"}
    cards["P8"] = "R9"
    hands = [[cards[f"P{i + 1}"], f"Y{i + 2}"] for i in range(8)]  # P4 holds no red
    state = position(8, hands, leader=0, fools=[seat_of("P3"), seat_of("P6")])
    assert state.active == [seat_of(p) for p in ("P1", "P2", "P4", "P5", "P7", "P8")]
    events = play_all(state, trick("P1 R12", "P2 1", "P4 B2", "P5 R7", "P7 R20", "P8 R9"))
    fool = next(e for e in events if e["e"] == "fool")
    assert fool["seats"] == [seat_of("P4"), seat_of("P2")]
    assert sorted(fool["released"]) == [seat_of("P3"), seat_of("P6")]
    expected = ("P7", "P8", "P1", "P3", "P5", "P6")
    assert state.active == [seat_of(p) for p in expected]


# --- R-T9: legal cards (R-11 to R-13) -----------------------------------------------------------


def test_R_T9_legal_cards():
    assert legal_cards(["R5", "1", "B9"], "R") == ["R5", "1"]
    assert legal_cards(["1", "B9", "G3"], "R") == ["1", "B9", "G3"]
    assert legal_cards(["1", "B9"], None) == ["1", "B9"]
    assert legal_cards(["1", "1", "B9"], "B") == ["B9", "1"]  # the alike 1s are one choice


def test_R_T9_in_play():
    hands = [["G4", "R2", "1"], ["1", "B9"], ["R5", "1", "B9"], ["1", "B9", "G3"]]
    state = position(4, hands, leader=0)
    assert state.legal_moves(0) == [{"play": "G4"}, {"play": "R2"}, {"play": "1"}]  # leader: any
    play_all(state, trick("P1 1"))
    assert state.legal_moves(1) == [{"play": "B9"}, {"play": "1"}]  # a 1 led: both
    hands = [["R8", "G2"], ["R5", "1", "B9"], ["1", "B9", "G3"], ["R3"]]
    state = position(4, hands, leader=0)
    play_all(state, trick("P1 R8"))
    assert state.legal_moves(1) == [{"play": "R5"}, {"play": "1"}]
    with refused("nar.follow", card="B9", lead="R"):
        state.apply(1, {"play": "B9"})
    play_all(state, trick("P2 1"))
    assert state.legal_moves(2) == [{"play": "G3"}, {"play": "B9"}, {"play": "1"}]


# --- R-T10: sitting out and turn order (R-8 to) --------------------------------------


def test_R_T10_sitting_out_and_turn_order():
    seed = next(s for s in range(100) if ENGINE.new_game(5, s).dealer == seat_of("P5"))
    fresh = ENGINE.new_game(5, seed)
    assert fresh.leader == seat_of("P1") and fresh.active == [0, 1, 2, 3, 4]

    hands = [
        ["R5", "Y5", "G9"],
        ["R6", "Y6", "G8"],
        ["G2", "G3", "B2"],  # P3 holds no red
        ["R10", "Y10", "G7"],
        ["R7", "B3", "B4"],  # P5 holds no yellow
    ]
    state = position(5, hands, leader=0, dealer=seat_of("P5"), trick_no=1)
    play_all(state, trick("P1 R5", "P2 R6", "P3 G2", "P4 R10", "P5 R7"))
    assert state.fools == [seat_of("P3")] and state.leader == seat_of("P4")
    assert state.active == [seat_of(p) for p in ("P4", "P5", "P1", "P2")]
    with refused("nar.fool_sits_out", seat=2):
        state.apply(seat_of("P3"), {"play": "G3"})
    with refused("not_your_turn", seat=4):
        state.apply(seat_of("P5"), {"play": "B3"})
    play_all(state, trick("P4 Y10", "P5 B3", "P1 Y5", "P2 Y6"))  # checks the order too
    assert state.fools == [seat_of("P5")]
    assert state.active == [seat_of(p) for p in ("P4", "P1", "P2", "P3")]


# --- R-T11 / R-T12: scoring and the game end (R-21 to R-26) -------------------------------------


def r_t11_position(scores=None, plus10=None):
    """R-T11: P3 is the Fool; P1 leads the final trick."""
    hands = [["R11", "G12", "1", "1"], ["R18"], ["B3"], ["B6"], ["R4", "Y2"]]
    return position(5, hands, leader=0, fools=[seat_of("P3")], scores=scores, plus10=plus10)


R_T11_FINAL_TRICK = trick("P1 R11", "P2 R18", "P4 B6", "P5 R4")


def test_R_T11_round_scoring():
    state = r_t11_position()
    dealer = state.dealer
    events = play_all(state, R_T11_FINAL_TRICK)
    kinds = [e["e"] for e in events]
    assert kinds.index("trick_won") < kinds.index("fool") < kinds.index("round_end")
    assert kinds.index("round_end") < kinds.index("deal")  # a new round is dealt
    end = next(e for e in events if e["e"] == "round_end")
    assert end["points"] == [-22, 10, -3, 0, -2]
    assert end["scored_plus10"] == [False, True, False, False, False]
    assert end["out"] == [seat_of("P2"), seat_of("P4")]
    assert end["fooled"] == [seat_of("P4")]
    assert end["left"] == [3, 0, 1, 0, 1]
    assert state.scores == [-22, 10, -3, 0, -2]
    assert state.plus10 == [0, 1, 0, 0, 0]
    assert not state.is_over
    assert state.round == 2 and state.dealer == (dealer + 1) % 5


def test_R_T11_pure_scoring():
    hands = [["G12", "1", "1"], [], ["B3"], [], ["Y2"]]
    result = round_score(hands, [seat_of("P4")])
    assert result.points == [-22, 10, -3, 0, -2]
    assert result.plus10 == [False, True, False, False, False]
    assert penalty("1") == 5 and penalty("G27") == 27


def test_R_T12_game_end_at_minus_80_shared_win():
    state = r_t11_position(scores=[-59, 14, -7, 24, 13])
    events = play_all(state, R_T11_FINAL_TRICK)
    assert state.scores == [-81, 24, -10, 24, 11]
    assert state.is_over and state.to_move == [] and state.legal_moves(0) == []
    assert state.result()["winners"] == [seat_of("P2"), seat_of("P4")]
    assert events[-1] == {
        "e": "game_end",
        "scores": [-81, 24, -10, 24, 11],
        "plus10": [0, 1, 0, 0, 0],
        "winners": [1, 3],
    }
    with refused("over"):
        state.apply(0, {"play": "G12"})


def test_R_T12_sixth_plus10_ends_but_does_not_decide():
    state = r_t11_position(scores=[0, 25, 0, 0, 40], plus10=[0, 5, 0, 0, 0])
    play_all(state, R_T11_FINAL_TRICK)
    assert state.scores == [-22, 35, -3, 0, 38] and state.plus10[seat_of("P2")] == 6
    assert state.is_over
    assert state.result()["winners"] == [seat_of("P5")]


def test_R_T12_pure_game_end_and_winners():
    assert game_over_standard([-81, 24, -10, 24, 11], [0] * 5)
    assert game_over_standard([-80, 0, 0, 0], [0] * 4)
    assert not game_over_standard([-79, 0, 0, 0], [5, 5, 5, 5])
    assert game_over_standard([0, 0, 0, 0], [0, 6, 0, 0])
    assert winners([-81, 24, -10, 24, 11]) == [1, 3]
    assert winners([-22, 35, -3, 0, 38]) == [4]


# --- R-T13: the deck per player count (R-1, R-3, R-6) -------------------------------------------


def test_R_T13_deck_per_player_count():
    six = deck_for(6)
    for colour, top in (("G", 22), ("R", 19), ("Y", 17), ("B", 13)):
        values = sorted(parse(c)[1] for c in six if c[0] == colour)
        assert values == list(range(2, top + 1))
    assert six.count("1") == 5 and len(six) == 72
    eight = deck_for(8)
    assert len(eight) == 88 and len(set(eight)) == 83 and eight.count("1") == 6
    state = ENGINE.new_game(8, 3)
    assert [len(h) for h in state.hands] == [11] * 8
    assert sorted(c for h in state.hands for c in h) == sorted(eight)
    assert state.view(0)["deck"] == {"G": 27, "R": 23, "Y": 21, "B": 15, "ones": 6}


def test_R_3_table_is_consistent_data():
    assert check_table(DECK_TABLE) == []
    for players in range(4, 9):
        row = deck_row(players)
        state = ENGINE.new_game(players, players)
        assert [len(h) for h in state.hands] == [row.hand_size] * players
        assert state.fools_per_trick == row.fools
    with pytest.raises(ValueError, match="4 to 8 players"):
        deck_row(3)


# --- R-T14: the next round (R-5, R-7, R-8, R-24) ------------------------------------------------


def test_R_T14_next_round():
    seed = next(s for s in range(100) if ENGINE.new_game(5, s).dealer == seat_of("P2"))
    state = ENGINE.new_game(5, seed)
    assert state.leader == seat_of("P3") and state.active == [2, 3, 4, 0, 1]
    rng = random.Random(seed)
    while state.round == 1:
        seat = state.to_move[0]
        events = state.apply(seat, rng.choice(state.legal_moves(seat)))
    end = next(e for e in events if e["e"] == "round_end")
    assert end["fooled"]  # somebody held a disc at the end of round 1
    assert state.dealer == seat_of("P3") and state.leader == seat_of("P4")
    assert state.fools == [] and state.active == [3, 4, 0, 1, 2]
    deal = next(e for e in events if e["e"] == "deal")
    assert deal["dealer"] == seat_of("P3") and deal["leader"] == seat_of("P4")


def test_R_5_first_dealer_is_seeded_and_varies():
    dealers = {ENGINE.new_game(6, seed).dealer for seed in range(60)}
    assert dealers == set(range(6))
    assert ENGINE.new_game(6, 17).to_dict() == ENGINE.new_game(6, 17).to_dict()


# --- options ------------------------------------------------------------------------------------


def test_announcements_scoring():
    hands = [[], ["G5"], [], ["1"]]
    result = round_score(hands, [2], [True, True, True, False])
    assert result.base == [10, -5, 0, -5]
    assert result.points == [30, -10, 0, -5]  # 10 + 10 + 5 x 2 other declarers; doubled; 0
    assert result.plus10 == [True, False, False, False]


def test_announcements_are_asked_clockwise_from_the_first_leader():
    state = ENGINE.new_game(4, 5, {"announcements": True})
    assert state.phase == "announce"
    first = state.leader
    order = []
    for answer in (True, False, False, True):
        seat = state.to_move[0]
        order.append(seat)
        assert state.legal_moves(seat) == [{"declare": True}, {"declare": False}]
        with refused("nar.announce_first"):
            state.apply(seat, {"play": state.hands[seat][0]})
        with refused("nar.announce_first"):
            state.apply(seat, {"declare": 1})  # equal to True, but not a yes/no answer
        state.apply(seat, {"declare": answer})
    assert order == [(first + i) % 4 for i in range(4)]
    assert state.phase == "play" and state.to_move == [first] and state.trick_no == 1
    declared = [None] * 4
    for seat, answer in zip(order, (True, False, False, True), strict=True):
        declared[seat] = answer
    assert state.declared == declared


def test_announcements_change_the_round_score():
    state = r_t11_position()
    state.options["announcements"] = True
    state.declared = [False, True, False, True, True]  # P2 goes out, P4 fooled, P5 fails
    play_all(state, R_T11_FINAL_TRICK)
    assert state.history[-1]["points"] == [-22, 30, -3, 0, -4]  # 10 + 10 + 5 x 2
    assert state.plus10 == [0, 1, 0, 0, 0]
    assert state.phase == "announce"  # the next round starts with the announcements


@pytest.mark.parametrize("players", [4, 7])
def test_fixed_rounds_game_length(players):
    rng = random.Random(players)
    state = ENGINE.new_game(players, 11, {"game_length": "fixed_rounds"})
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert len(state.result()["rounds"]) == 2 * players


def test_illegal_moves_are_explained():
    state = position(4, [["R8", "G2"], ["R5", "1", "B9"], ["G3"], ["R3"]], leader=0)
    with refused("not_in_hand", card="R5"):
        state.apply(0, {"play": "R5"})
    with refused("nar.no_card", card="G99"):
        state.apply(0, {"play": "G99"})
    with refused("bad_move", move="R8"):
        state.apply(0, "R8")
    state.apply(0, {"play": "R8"})
    with refused("nar.follow", lead="R") as caught:
        state.apply(1, {"play": "B9"})
    assert caught.value.reason == "You hold red, the lead colour: play a red card or a 1."
