"""Nar's pure model updates (game/tables/nar/events.py), one kind at a time on a small model:
no pygame, no table."""

from chabudai.game.tables.nar import events


def model(**over):
    m = {
        "seat": 0,
        "players": 4,
        "options": {},
        "hand": [],
        "hand_counts": [3, 3, 3, 3],
        "leader": 1,
        "current": 1,
        "to_move": [1],
        "active": [1, 2, 3, 0],
        "trick": [],
        "lead": None,
        "trick_no": 2,
        "voids": [[], [], [], []],
        "played": [],
        "fools": [2],
        "last_trick": None,
        "declared": [False] * 4,
        "phase": "play",
    }
    m.update(over)
    return m


def test_deal_starts_a_round_with_the_discs_in_the_middle_r6_to_r8():
    m = model(fools=[2], played=["G2", "R3"], trick_no=7, voids=[["G"], [], [], []])
    ev = {"round": 2, "dealer": 3, "leader": 0, "hand_counts": [12] * 4, "deck": {"n": 48}}
    events.deal(m, ev)
    assert m["round"] == 2 and m["dealer"] == 3 and m["to_move"] == [0]
    assert m["fools"] == [] and m["played"] == [] and m["trick_no"] == 0
    assert m["voids"] == [[], [], [], []] and m["hand"] == [] and m["hand_counts"] == [12] * 4
    assert m["phase"] == "play" and m["declared"] == [False] * 4


def test_with_announcements_a_deal_opens_the_announcement():
    m = model(options={"announcements": True})
    events.deal(m, {"round": 1, "dealer": 0, "leader": 1, "hand_counts": [12] * 4, "deck": {}})
    assert m["phase"] == "announce" and m["declared"] == [None] * 4


def test_declare_passes_the_word_on_until_the_leader_again():
    m = model(phase="announce", declared=[None] * 4)
    events.declare(m, {"seat": 1, "declare": True})
    assert m["declared"][1] is True and m["to_move"] == [2]
    events.declare(m, {"seat": 0, "declare": False})  # the next would be the leader: stays
    assert m["declared"][0] is False and m["to_move"] == [2]


def test_trick_names_its_active_seats_and_leader_r10():
    m = model(trick=[[1, 5]], lead="x")
    events.trick(m, {"round": 1, "trick": 3, "leader": 2, "active": [2, 3, 0], "fools": [1]})
    assert m["trick_no"] == 3 and m["to_move"] == [2] and m["active"] == [2, 3, 0]
    assert m["trick"] == [] and m["lead"] is None and m["fools"] == [1]


def test_play_moves_the_card_to_the_trick_and_an_off_colour_card_shows_a_void_r13():
    m = model(hand=["R7", "G3"], trick=[[1, "G12"]], lead="G", current=0, to_move=[0])
    m["active"] = [1, 0, 2]
    events.play(m, {"seat": 0, "card": "R7", "left": 1, "lead": "G"})
    assert m["hand"] == ["G3"] and m["hand_counts"][0] == 1
    assert m["trick"] == [[1, "G12"], [0, "R7"]] and m["voids"][0] == ["G"]
    assert m["to_move"] == [2]  # the next active seat
    events.play(m, {"seat": 2, "card": "G5", "left": 2, "lead": "G"})
    assert m["to_move"] == [] and m["voids"][2] == []  # complete: it resolves first
    assert m["hand_counts"][2] == 2 and m["hand"] == ["G3"]  # another seat's card


def test_trick_won_keeps_the_trick_as_the_last_one_r15_r20():
    m = model(trick=[[1, 10], [2, 11]], lead="x")
    ev = {"trick": 2, "plays": [[1, 10], [2, 11]], "lead": "x", "winner": 2}
    events.trick_won(m, ev)
    assert m["last_trick"] == {"trick": 2, "plays": [[1, 10], [2, 11]], "lead": "x",
                               "winner": 2, "fools": []}  # fmt: skip
    assert m["played"] == [10, 11] and m["trick"] == [] and m["lead"] is None
    events.fool(m, {"seats": [1]})
    assert m["fools"] == [1] and m["last_trick"]["fools"] == [1]


def test_round_end_adds_the_round_to_the_history_r22_r23():
    m = model()
    ev = {key: [0, 0, 0, 0] for key in events.ROUND_KEYS}
    ev.update(round=1, dealer=0, scores=[10, -3, 0, 0], plus10=[1, 0, 0, 0], e="round_end")
    events.round_end(m, ev)
    assert m["scores"] == [10, -3, 0, 0] and m["plus10"] == [1, 0, 0, 0]
    assert m["rounds"][0]["round"] == 1 and set(m["rounds"][0]) == set(events.ROUND_KEYS)
    events.game_end(m, {"winners": [0]})
    assert m["over"] and m["to_move"] == [] and m["phase"] == "over"


def test_hand_is_only_the_viewers_own_in_hand_order():
    m = model(hand=[])
    events.hand(m, {"seat": 2, "cards": ["R7", "G3"]})
    assert m["hand"] == []
    events.hand(m, {"seat": 0, "cards": ["1", "R7", "G3"]})
    assert m["hand"] == ["G3", "R7", "1"]  # by colour, then value, the 1s last
