"""Nimalia's pure model updates (game/tables/nimalia/events.py), one kind at a time on a small
model: no pygame, no table."""

from chabudai.engines.nimalia.cards import card_cells
from chabudai.game.tables.nimalia import events


def model(**over):
    """Three seats, the viewer at 0; turn 1 of round 1, nobody has placed yet."""
    m = {
        "seat": 0,
        "players": 3,
        "round": 1,
        "turn": 1,
        "hand": [4, 9, 17],
        "hand_counts": [3, 3, 3],
        "placed": [False, False, False],
        "to_move": [0, 1, 2],
        "pending": None,
        "reserve": {},
        "reserves": [{}, {}, {}],
        "placements": [[], [], []],
        "scores": [0, 0, 0],
        "history": [],
        "deck": 40,
    }
    m.update(over)
    return m


def update(m, e, **ev):
    events.UPDATES[e](m, {"e": e, **ev})


def spaces(card, rot=0, row=0, col=0):
    return {f"{r},{c}": code for (r, c), code in card_cells(card, rot, row, col)}


def test_placed_takes_a_card_from_that_hand_and_that_seat_off_the_movers_m11():
    m = model()
    update(m, "placed", seat=2)
    assert m["placed"] == [False, False, True] and m["to_move"] == [0, 1]
    assert m["hand_counts"] == [3, 3, 2]


def test_place_lays_the_viewers_card_on_their_reserve_m11_m15():
    m = model()
    update(m, "place", seat=0, card=9, rot=1, row=0, col=0)
    assert m["hand"] == [4, 17] and m["pending"] == {"card": 9, "rot": 1, "row": 0, "col": 0}
    assert m["reserve"] == spaces(9, 1)


def test_reveal_lays_every_placement_at_once_m11_m18():
    m = model(pending={"card": 9, "rot": 0, "row": 0, "col": 0}, placed=[True, True, True])
    m["reserves"][1] = spaces(4)
    ev = [
        {"seat": 0, "card": 9, "rot": 0, "row": 0, "col": 0},
        {"seat": 1, "card": 17, "rot": 2, "row": 0, "col": 1},  # on top of its 4 (M-18)
    ]
    update(m, "reveal", placements=ev)
    assert m["placements"][0] == [[9, 0, 0, 0]] and m["placements"][1] == [[17, 2, 0, 1]]
    assert m["reserves"][1] == {**spaces(4), **spaces(17, 2, 0, 1)}
    assert m["reserve"] == spaces(9) and m["pending"] is None and m["placed"] == [False] * 3


def test_pass_moves_the_hands_on_and_hand_brings_the_new_one_m12():
    m = model(hand=[4, 9], hand_counts=[2, 2, 2])
    update(m, "pass", direction="left", counts=[2, 2, 2])
    assert m["hand"] == [] and m["hand_counts"] == [2, 2, 2]
    update(m, "hand", seat=0, cards=[30, 12])
    assert m["hand"] == [12, 30] and m["hand_counts"][0] == 2


def test_draw_starts_a_round_with_three_cards_each_m10():
    m = model(hand=[], hand_counts=[0, 0, 0], round=1)
    update(m, "draw", round=2, deck=31)
    assert m["round"] == 2 and m["deck"] == 31 and m["hand_counts"] == [3, 3, 3]
    assert m["hand"] == []


def test_turn_lets_everyone_choose_again():
    m = model(to_move=[], placed=[True, False, True])
    update(m, "turn", round=2, turn=3, direction="right")
    assert m["to_move"] == [0, 1, 2] and m["placed"] == [False] * 3
    assert (m["round"], m["turn"], m["direction"]) == (2, 3, "right")


def test_scoring_line_by_line_then_the_round_joins_the_history_m26_m27():
    m = model()
    line = {"id": 3, "colour": "green", "points": [4, -2, 0], "scores": [4, 0, 0]}
    steps = events.expand([{"e": "score", "round": 1, "objectives": [line], "scores": [4, 0, 0]}])
    assert [step["e"] for step in steps] == ["score_line", "score"]
    update(m, "score_line", **{k: v for k, v in steps[0].items() if k != "e"})
    assert m["scores"] == [4, 0, 0] and m["history"] == []
    update(m, "score", round=1, objectives=[line], scores=[4, 0, 0])
    assert m["history"] == [{"round": 1, "objectives": [line], "scores": [4, 0, 0]}]
    update(m, "game_end", winners=[0], scores=[4, 0, 0])
    assert m["over"] is True and m["to_move"] == []


def test_expand_shows_the_direction_before_a_pass():
    steps = events.expand([{"e": "pass", "direction": "left", "counts": [2, 2]}])
    assert [step["e"] for step in steps] == ["pass_show", "pass"]
    assert "pass_show" not in events.UPDATES  # it only shows
