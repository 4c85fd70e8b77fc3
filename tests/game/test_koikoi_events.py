"""Koi-Koi's pure model updates (game/tables/koikoi/events.py), one kind at a time on a small
model: no pygame, no table."""

from chabudai.game.tables.koikoi import events


def model(**over):
    m = {
        "seat": 0,
        "hand": [0, 4, 8],
        "hand_counts": [3, 3],
        "board": [1, 5, 9],
        "piles": [[], [2]],
        "stock": 20,
        "pending": None,
        "pending_targets": [],
        "phase": "play",
        "turn": 3,
        "totals": [0, 0],
        "yaku": [[], []],
        "koikoi_calls": [0, 0],
        "scores": [0, 0],
        "slots": {1: 0, 5: 1, 9: 2},
    }
    m.update(over)
    return m


def test_deal_resets_the_board_piles_and_hand_k6():
    m = model(piles=[[3, 7], [2]], koikoi_calls=[1, 0], totals=[5, 0], phase="decide")
    ev = {
        "e": "deal",
        "board": [10, 11],
        "hand_counts": [8, 8],
        "stock": 24,
        "dealer": 1,
        "deal": 2,
    }
    events.deal(m, ev)
    assert m["board"] == [10, 11] and m["piles"] == [[], []] and m["hand"] == []
    assert m["koikoi_calls"] == [0, 0] and m["totals"] == [0, 0] and m["phase"] == "play"
    assert m["slots"] == {} and m["turn"] == 1 and m["dealer"] == 1 and m["deal"] == 2


def test_a_spectators_deal_gets_no_hand():
    m = model(seat=None)
    del m["hand"]
    events.deal(m, {"board": [], "hand_counts": [8, 8], "stock": 24, "dealer": 0, "deal": 1})
    assert "hand" not in m


def test_hand_is_only_the_viewers_own_and_sorted():
    m = model(hand=[])
    events.hand(m, {"seat": 1, "cards": [9, 3]})
    assert m["hand"] == []
    events.hand(m, {"seat": 0, "cards": [9, 3]})
    assert m["hand"] == [3, 9]


def test_play_moves_a_hand_card_to_the_board_k12():
    m = model()
    events.play(m, {"seat": 0, "card": 4})
    assert m["hand"] == [0, 8] and m["hand_counts"] == [2, 3] and m["board"][-1] == 4
    events.play(m, {"seat": 1, "card": 13})  # the opponent's card: only its count changes
    assert m["hand"] == [0, 8] and m["hand_counts"] == [2, 2] and m["board"][-1] == 13


def test_capture_moves_the_cards_to_the_pile_k13_k16():
    m = model(board=[1, 5, 9, 4], pending=4)
    events.capture(m, {"seat": 1, "cards": [4, 5]})
    assert m["board"] == [1, 9] and m["piles"] == [[], [2, 4, 5]] and m["pending"] is None


def test_draw_then_place_lays_the_drawn_card_on_the_board_k15():
    m = model()
    events.draw(m, {"seat": 0, "card": 30, "stock": 19})
    assert m["stock"] == 19 and m["pending"] == 30
    events.place(m, {"seat": 0, "card": 30})
    assert m["pending"] is None and m["board"] == [1, 5, 9, 30]
    events.place(m, {"seat": 0, "card": 30})  # never twice
    assert m["board"].count(30) == 1


def test_choose_waits_for_the_drawers_target():
    m = model(to_move=[1])
    events.choose(m, {"seat": 0, "card": 6, "targets": [5, 7]})
    assert m["phase"] == "draw_choice" and m["pending"] == 6
    assert m["pending_targets"] == [5, 7] and m["to_move"] == [0]


def test_turn_clears_what_was_pending():
    m = model(pending=6, pending_targets=[5, 7], phase="draw_choice")
    events.turn(m, {"seat": 1, "turn": 4})
    assert m["current"] == 1 and m["to_move"] == [1] and m["turn"] == 4
    assert m["pending"] is None and m["pending_targets"] == [] and m["phase"] == "play"


def test_yaku_opens_the_decision_k28_and_koikoi_counts_the_call_k30():
    m = model()
    events.yaku(m, {"seat": 1, "total": 6, "yaku": [("aka", 6)]})
    assert m["totals"] == [0, 6] and m["yaku"][1] == [["aka", 6]] and m["phase"] == "decide"
    events.koikoi(m, {"seat": 1})
    events.koikoi(m, {"seat": 1, "calls": 3})
    assert m["koikoi_calls"] == [0, 3]


def test_deal_end_scores_and_keeps_the_deal_in_the_history():
    m = model()
    events.deal_end(
        m, {"e": "deal_end", "deal": 1, "winner": 0, "scores": [7, 0], "points": [7, 0]}
    )
    assert m["scores"] == [7, 0]
    assert m["history"] == [{"deal": 1, "winner": 0, "points": [7, 0]}]
    events.game_end(m, {"winners": [0]})
    assert m["over"] is True
