"""Koi-Koi worked examples K-T1 to K-T18 (rules/koikoi.md), plus the rules they exercise."""

from __future__ import annotations

import pytest

from chabudai import engines
from chabudai.engines import IllegalMove
from chabudai.engines.koikoi import CARDS, score, stop_points
from chabudai.engines.koikoi.cards import AKA, ANIMAL, AO, BRIGHT, IDC, PLAIN, RIBBON
from chabudai.engines.koikoi.state import hand_bonus
from tests.engines.refusals import refused

from .helpers import DeckQueue, deck, position, queue_decks

# --- K-1 to K-4: the deck ------------------------------------------------------------------


def test_K_1_to_K_4_card_table():
    assert [c.id for c in CARDS] == list(range(48))
    assert all(c.month == c.id // 4 + 1 for c in CARDS)
    assert (len(BRIGHT), len(ANIMAL), len(RIBBON), len(PLAIN)) == (5, 9, 10, 24)
    assert BRIGHT == {0, 8, 28, 40, 44}
    assert ANIMAL == {4, 12, 16, 20, 24, 29, 32, 36, 41}
    assert RIBBON == {1, 5, 9, 13, 17, 21, 25, 33, 37, 42}
    assert IDC == {20, 24, 36} and AKA == {1, 5, 9} and AO == {21, 33, 37}
    assert CARDS[43].flag == "lightning" and CARDS[32].flag == "sake_cup"


# --- K-T1 to K-T7, K-T18: scoring ------------------------------------------------------------


def test_K_T1_three_brights():
    assert score([0, 8, 44]) == (6, [("sanko", 6)])
    assert score([0, 8, 44], "nintendo")[0] == 5


@pytest.mark.parametrize(
    ("pile", "expected"),
    [
        ([0, 8, 40], (0, [])),
        ([0, 8, 40, 44], (8, [("ame_shiko", 8)])),
        ([0, 8, 28, 44], (10, [("shiko", 10)])),
        ([0, 8, 28, 40, 44], (15, [("goko", 15)])),
    ],
)
def test_K_T2_rain_man_in_the_bright_ladder(pile, expected):
    assert score(pile) == expected


def test_K_T3_idc_and_animals_add_up():
    assert score([4, 12, 20, 24, 36]) == (6, [("inoshikacho", 5), ("tane", 1)])
    assert score([4, 12, 20, 24, 36], "nintendo") == (7, [("inoshikacho", 7)])


def test_K_T4_ribbon_yaku_add_up():
    assert score([1, 5, 9, 21, 33, 37]) == (14, [("akatan", 6), ("aotan", 6), ("tan", 2)])
    assert score([1, 5, 9, 13, 21, 33, 37])[0] == 15
    assert score([1, 5, 9, 21, 33, 37], "nintendo") == (10, [("akatan_aotan", 10)])
    assert score([1, 5, 9, 13, 21, 33, 37], "nintendo")[0] == 11


def test_K_T5_sake_cup_counts_twice():
    pile = [4, 12, 16, 29, 32, 2, 3, 6, 7, 10, 11, 14, 15, 18]
    assert score(pile) == (2, [("tane", 1), ("kasu", 1)])
    assert score(pile, sake_cup_plain=False) == (1, [("tane", 1)])


def test_K_T6_plains_count():
    assert score([2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23, 32]) == (4, [("kasu", 4)])


def test_K_T7_mixed_pile():
    pile = [0, 28, 40, 44, 20, 24, 36, 32, 1, 5, 9, 13, 2, 3, 6, 7, 10, 11, 14, 15, 18, 19]
    total, yaku = score(pile)
    assert total == 21
    assert dict(yaku) == {"ame_shiko": 8, "inoshikacho": 5, "akatan": 6, "kasu": 2}
    base, yaku = score(pile, "nintendo")
    assert base == 26
    assert dict(yaku) == {"ame_shiko": 7, "tsukimi": 5, "inoshikacho": 6, "akatan": 6, "kasu": 2}
    assert stop_points(base, "nintendo", opponent_called=False) == 52
    assert stop_points(base, "nintendo", opponent_called=True) == 104


def test_K_T18_nintendo_viewing_yaku():
    assert score([8, 32], "nintendo") == (5, [("hanami", 5)])
    assert stop_points(5, "nintendo", False) == 5
    assert score([8, 28, 32], "nintendo")[0] == 10
    assert stop_points(10, "nintendo", False) == 20
    assert score([8, 32])[0] == 0 and score([8, 28, 32])[0] == 0


def test_score_rejects_an_unknown_ruleset():
    with pytest.raises(ValueError, match="cardavia, nintendo"):
        score([0], "hawaii")


# --- K-T8 to K-T10: matching -----------------------------------------------------------------


def test_K_T8_two_matches_player_chooses():
    state = position(hands=[[11, 47], [46]], board=[9, 10, 21, 44], stock=[2])
    moves = state.legal_moves(0)
    assert {"play": 11, "take": 9} in moves and {"play": 11, "take": 10} in moves
    assert {"play": 11} not in moves  # K-14: a matching card can never go to the board
    with refused("koikoi.choose_match", card=11, targets=[9, 10]):
        state.apply(0, {"play": 11})
    events = state.apply(0, {"play": 11, "take": 9})
    assert sorted(state.piles[0]) == [9, 11]
    assert sorted(state.board) == [2, 10, 21, 44]  # the drawn 2 matched nothing
    assert {"e": "capture", "seat": 0, "card": 11, "cards": [11, 9]} in events


def test_K_T9_three_matches_capture_all():
    state = position(hands=[[15, 46], [47]], board=[0, 12, 13, 14], stock=[6])
    state.apply(0, {"play": 15})
    assert sorted(state.piles[0]) == [12, 13, 14, 15]
    assert sorted(state.board) == [0, 6]
    # The same happens when 15 is the drawn card (K-15).
    state = position(hands=[[2, 46], [47]], board=[0, 12, 13, 14], stock=[15])
    state.apply(0, {"play": 2})
    assert sorted(state.piles[0]) == [0, 2, 12, 13, 14, 15]
    assert state.board == []


def test_K_T10_unmatched_play_and_recapture_by_the_draw():
    state = position(hands=[[1, 28], [47]], board=[0, 4], stock=[29])
    assert {"play": 28} in state.legal_moves(0)  # K-14: free choice although 1 matches 0
    events = state.apply(0, {"play": 28})
    assert [e["e"] for e in events[:4]] == ["play", "place", "draw", "capture"]
    assert sorted(state.board) == [0, 4]
    assert sorted(state.piles[0]) == [28, 29]


def test_K_15_drawn_card_with_two_matches_waits_for_a_choice():
    state = position(hands=[[46, 47], [45]], board=[2, 3, 10], stock=[1, 5])
    events = state.apply(0, {"play": 46})  # 46 to the board, then 1 is drawn: matches 2 and 3
    assert events[-1] == {"e": "choose", "seat": 0, "card": 1, "targets": [2, 3]}
    assert state.phase == "draw_choice" and state.to_move == [0]
    assert state.legal_moves(0) == [{"take": 2}, {"take": 3}]
    state.apply(0, {"take": 3})
    assert sorted(state.piles[0]) == [1, 3] and sorted(state.board) == [2, 10, 46]


# --- K-T11 to K-T14: stop, koi-koi, last turn, exhaustion -----------------------------------

TEN_PLAINS = [2, 3, 6, 7, 10, 11, 14, 15, 18, 19]


def test_K_T11_a_rise_offers_the_decision():
    state = position(
        hands=[[22, 45], [46]], board=[23], stock=[47, 40], piles=[TEN_PLAINS, []],
        last_total=(1, 0), koikoi_calls=(1, 0), turn=5,
    )  # fmt: skip
    events = state.apply(0, {"play": 22})  # captures 23: 12 plains, total 3 > 1
    assert state.phase == "decide" and state.to_move == [0]
    assert state.legal_moves(0) == [{"call": "stop"}, {"call": "koikoi"}]
    assert {"e": "yaku", "seat": 0, "total": 3, "yaku": [["kasu", 3]]} in events


def test_K_T11_no_new_yaku_no_decision():
    state = position(
        hands=[[1, 45], [46]], board=[0], stock=[40], piles=[TEN_PLAINS, []],
        last_total=(1, 0), koikoi_calls=(1, 0), turn=5,
    )  # fmt: skip
    state.apply(0, {"play": 1})  # captures 0; drawn 40 matches nothing; total still 1
    assert state.phase == "play" and state.to_move == [1] and state.turn == 6


def test_K_T12_caller_is_stopped():
    for ruleset, b_points in (("cardavia", 6), ("nintendo", 12)):
        state = position(
            hands=[[30], [9, 47]], board=[10, 11, 46], stock=[31], piles=[[0, 8, 44], [1, 5, 13]],
            current=1, turn=8, last_total=(6, 0), koikoi_calls=(1, 0),
            options={"ruleset": ruleset},
        )  # fmt: skip
        state.apply(1, {"play": 9, "take": 10})  # aka-tan with 4 ribbons: B 0 -> 6 either ruleset
        assert state.phase == "decide"
        events = state.apply(1, {"call": "stop"})
        assert state.is_over
        assert state.scores == [0, b_points], ruleset
        assert state.result()["winners"] == [1]
        assert events[-1] == {"e": "game_end", "scores": [0, b_points], "winners": [1]}


def test_K_T13_last_turn_rise_is_an_automatic_stop():
    state = position(
        hands=[[], [19]], board=[18], stock=[47, 1],
        piles=[[0, 8, 44], [2, 3, 6, 7, 10, 11, 14, 15]],
        current=1, turn=16, last_total=(6, 0), koikoi_calls=(1, 0),
    )  # fmt: skip
    events = state.apply(1, {"play": 19})  # 10 plains: B 0 -> 1 on turn 16
    assert state.is_over and state.scores == [0, 1]
    assert any(e["e"] == "stop" and e["seat"] == 1 for e in events)


def test_K_32_turn_15_still_offers_the_decision():
    state = position(
        hands=[[19, 40], [45]], board=[18], stock=[47],
        piles=[[2, 3, 6, 7, 10, 11, 14, 15], []], current=0, turn=15,
    )  # fmt: skip
    state.apply(0, {"play": 19})
    assert state.phase == "decide"


def test_K_T14_exhaustion_is_a_draw():
    state = position(
        hands=[[], [46]], board=[2], stock=[30, 1], piles=[[0, 8, 28, 44], []],
        current=1, turn=16, last_total=(8, 0), koikoi_calls=(1, 0),
    )  # fmt: skip
    events = state.apply(1, {"play": 46})
    assert state.is_over and state.scores == [0, 0]
    assert state.result()["winners"] == [0, 1]  # K-35 equal totals: a draw
    end = next(e for e in events if e["e"] == "deal_end")
    assert end["how"] == "exhausted" and end["winner"] is None


def test_K_30_koikoi_continues_and_a_further_rise_decides_again():
    state = position(
        hands=[[22, 26], [45, 46]], board=[23, 27], stock=[47, 30, 31],
        piles=[TEN_PLAINS, []], last_total=(1, 0), turn=3,
    )  # fmt: skip
    state.apply(0, {"play": 22})  # 12 plains: 1 -> 3; the drawn 47 goes to the board
    events = state.apply(0, {"call": "koikoi"})
    assert events[0] == {"e": "koikoi", "seat": 0, "total": 3, "calls": 1}
    assert state.to_move == [1]
    state.apply(1, {"play": 45})  # takes 47; the drawn 30 goes to the board; no rise for B
    assert state.to_move == [0] and state.phase == "play"
    state.apply(0, {"play": 26})  # takes 27, then the drawn 31 takes 30: 16 plains, total 7
    assert state.phase == "decide" and state.to_move == [0]
    assert state.last_total[0] == 7


# --- K-T15, K-T16: dealt hands and board -----------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "bonus"),
    [
        ([0, 1, 2, 3, 4, 8, 12, 16], "teshi"),
        ([0, 1, 4, 5, 8, 9, 12, 13], "kuttsuki"),
        ([0, 1, 2, 4, 5, 6, 8, 9], None),
    ],
)
def test_K_T15_dealt_hands(hand, bonus):
    assert hand_bonus(hand) == bonus


def test_K_T15_one_qualifying_hand_scores_six(monkeypatch):
    teshi = [0, 1, 2, 3, 4, 8, 12, 16]
    decks = [deck([5, 9, 13, 17, 21, 25, 29, 33], teshi, [6, 10, 14, 18, 22, 26, 30, 34])]
    queue_decks(monkeypatch, DeckQueue(decks, dealer=0))
    state = engines.get("koikoi").new_game(2, 5)
    assert state.is_over and state.scores == [0, 6]
    assert state.result()["rounds"][0]["how"] == "teshi"


def test_K_T15_both_hands_qualify_redeal_same_dealer(monkeypatch):
    teshi = [0, 1, 2, 3, 4, 8, 12, 16]
    kuttsuki = [5, 6, 9, 10, 13, 14, 17, 18]
    plain_board = [20, 24, 28, 32, 36, 40, 44, 7]
    ordinary = deck(
        [21, 25, 29, 33, 37, 41, 45, 11],
        [22, 26, 30, 34, 38, 42, 46, 15],
        [23, 27, 31, 35, 39, 43, 47, 19],
    )
    decks = [deck(teshi, kuttsuki, plain_board), ordinary]
    queue_decks(monkeypatch, DeckQueue(decks, dealer=1))
    state = engines.get("koikoi").new_game(2, 5)
    assert not state.is_over and state.dealer == 1 and state.to_move == [1]
    assert state.hands[1] == sorted(ordinary[:8])
    assert decks == []  # exactly one redeal


@pytest.mark.parametrize(
    "bad_board",
    [[0, 1, 4, 5, 8, 9, 12, 13], [44, 45, 46, 47, 0, 4, 8, 12]],
    ids=["four_pair_months", "all_of_december"],
)
def test_K_T16_board_check_redeals(monkeypatch, bad_board):
    rest = [c for c in range(48) if c not in bad_board]
    first = deck(rest[0:8], rest[8:16], bad_board, rest[16:])
    good_board = [12, 13, 14, 0, 4, 8, 16, 20]
    others = [c for c in range(48) if c not in good_board]
    # Hands built so neither qualifies for K-9.
    second = deck(others[0:16:2], others[1:16:2], good_board, others[16:])
    assert hand_bonus(second[:8]) is None and hand_bonus(second[8:16]) is None
    decks = [first, second]
    queue_decks(monkeypatch, DeckQueue(decks, dealer=0))
    state = engines.get("koikoi").new_game(2, 5)
    assert state.board == good_board and decks == []


def test_K_T17_multi_deal_dealer(monkeypatch):
    # A deck with no board or hand bonus: every hand and the board hold eight different months.
    spread = deck(
        [0, 4, 8, 12, 16, 20, 24, 28], [1, 5, 9, 13, 17, 21, 25, 29], [2, 6, 10, 14, 18, 22, 26, 30]
    )
    teshi = [0, 1, 2, 3, 4, 8, 12, 16]
    deal3 = deck([5, 9, 13, 17, 21, 25, 29, 33], teshi, [6, 10, 14, 18, 22, 26, 30, 34])
    queue_decks(monkeypatch, DeckQueue([spread, spread, deal3], dealer=0))
    state = engines.get("koikoi").new_game(2, 5, {"rounds": 3})
    # Deal 1 (dealer A = 0): B stops with Three Brights.
    state.current, state.phase, state.piles = 1, "decide", [[], [0, 8, 44]]
    state.last_total = [0, 6]
    state.apply(1, {"call": "stop"})
    assert state.scores == [0, 6] and state.dealer == 1 and state.deal_index == 2
    # Deal 2 (dealer B): exhausted; B keeps the deal.
    state.turn, state.current = 16, 0
    state.hands, state.board, state.stock = [[46], []], [2], [30]
    state.piles = [[], []]
    state.apply(0, {"play": 46})
    # Deal 3 (dealer B): A's hand is teshi -> A +6, game over, 6 : 6 is a draw.
    assert state.deal_index == 3 and state.history[-1]["dealer"] == 1
    assert state.is_over and state.scores == [6, 6]
    assert state.result()["winners"] == [0, 1]
    assert [r["how"] for r in state.result()["rounds"]] == ["stop", "exhausted", "teshi"]


# --- the contract around illegal moves -------------------------------------------------------


def test_illegal_moves_are_explained_and_change_nothing():
    state = engines.get("koikoi").new_game(2, 3)
    before = state.to_dict()
    seat = state.to_move[0]
    other = 1 - seat
    with refused("not_your_turn", seat=other):
        state.apply(other, state.legal_moves(seat)[0])
    missing = next(c for c in range(48) if c not in state.hands[seat])
    with refused("not_in_hand", card=missing):
        state.apply(seat, {"play": missing})
    with refused("bad_move", move="['play', 3]"):
        state.apply(seat, ["play", 3])
    with pytest.raises(IllegalMove):
        state.apply(seat, {"call": "stop"})
    assert state.to_dict() == before
