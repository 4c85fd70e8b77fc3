"""The Nimalia table: its event-built model keeps in step with the host's views (seats and a
spectator), the keyboard and mouse choose, turn and place, other seats' simultaneous placements
never cost a move, and the scoring is shown objective by objective in the rules' order."""

from __future__ import annotations

import copy

import pygame
import pytest

from chabudai import engines
from chabudai.engines.base import events_for
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.nimalia import layout as lay
from chabudai.game.tables.nimalia.view import expand, result_sheet, tiebreak_note
from chabudai.tools.screenshot import host_legal
from tests.game.table_helpers import drain, play_through

ENGINE = engines.get("nimalia")


pytestmark = pytest.mark.usefixtures("live_pygame")


KEYS = (
    "hand_counts", "placed", "pending", "reserve", "reserves", "placements", "scores", "round",
    "turn", "direction", "deck", "to_move", "history", "objectives",
)  # fmt: skip


def comparable(view):
    out = {key: view.get(key) for key in KEYS}
    out["hand"] = sorted(view["hand"]) if view.get("hand") is not None else None
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_event_model_matches_every_view(players):
    for seat in (0, players - 1, None):
        play_through("nimalia", players, 20 + players, seat, comparable)


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)


def table_for(state, seat, sent):
    table = make_table("nimalia", TableContext(seat=seat, submit=sent.append))
    table.snapshot(copy.deepcopy(state.view(seat)), host_legal(state, seat))
    drain(table)
    return table


def test_keyboard_alone_picks_turns_moves_and_places():
    state = ENGINE.new_game(3, 31)
    state.apply(0, state.legal_moves(0)[0])
    state.apply(1, state.legal_moves(1)[0])
    state.apply(2, state.legal_moves(2)[0])  # the first turn: everyone has a card down
    sent: list = []
    table = table_for(state, 0, sent)
    hand = table.model["hand"]
    assert table.selected == hand[0]
    table.handle(key(pygame.K_TAB))
    assert table.selected == hand[1]
    table.handle(key(pygame.K_1))
    assert table.selected == hand[0]
    table.handle(key(pygame.K_r))
    table.handle(key(pygame.K_r))
    table.handle(key(pygame.K_r, pygame.KMOD_SHIFT))
    assert table.rot == 1
    start = table.current_ghost()
    assert start.legal
    ups = 0
    while table.current_ghost().legal:  # up, off the reserve: the engine says why (M-17)
        table.handle(key(pygame.K_UP))
        ups += 1
    table.handle(key(pygame.K_RETURN))
    assert sent == [] and "must cover" in table.reason.text
    for _ in range(ups):
        table.handle(key(pygame.K_DOWN))
    assert table.current_ghost() == start
    table.handle(key(pygame.K_RETURN))
    assert sent == [start.move] and start.move in state.legal_moves(0)
    assert table.awaiting


def test_mouse_wheel_and_right_click_turn_the_card():
    state = ENGINE.new_game(2, 32)
    table = table_for(state, 0, [])
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    table.handle(wheel)
    assert table.rot == 1
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(600, 600), button=3))
    assert table.rot == 2
    assert table.stage[table.selected].rot == 2  # the card in hand shows the turn


def test_others_placing_while_our_move_travels_does_not_free_a_second_move():
    """M-11: the host may send other seats' placements before the answer to ours."""
    state = ENGINE.new_game(3, 33)
    sent: list = []
    table = table_for(state, 0, sent)
    move = state.legal_moves(0)[0]
    table.submit(move)
    events = state.apply(1, state.legal_moves(1)[0])  # seat 1's placement arrives first
    table.apply_update(events_for(events, 0), state.view(0), host_legal(state, 0))
    drain(table)
    assert table.awaiting and not table.acting()  # still ours to wait for: no second move
    events = state.apply(0, move)
    table.apply_update(events_for(events, 0), state.view(0), host_legal(state, 0))
    drain(table)
    assert not table.awaiting and table.model["pending"] == move


def score_event(round_number, lines, start):
    scores = list(start)
    out = []
    for oid, colour, points in lines:
        scores = [max(0, s + p) for s, p in zip(scores, points, strict=True)]
        out.append({"id": oid, "colour": colour, "points": points, "scores": list(scores)})
    return {"e": "score", "round": round_number, "objectives": out, "scores": scores}


def test_round_five_is_shown_blue_red_yellow_with_the_floor():
    """M-27 (round 5: Blue, Red, Yellow) and M-T7: −5 on 0 shows the floor, then +3."""
    event = score_event(
        5, [(9, "blue", [0, 2]), (18, "red", [-5, 0]), (4, "yellow", [3, 0])], [0, 0]
    )
    steps = expand([event])
    assert [s["e"] for s in steps] == ["score_line"] * 3 + ["score"]
    assert [s["line"]["colour"] for s in steps[:3]] == ["blue", "red", "yellow"]
    state = ENGINE.new_game(2, 34)
    table = table_for(state, 0, [])
    table.animate(steps[1])
    assert table.scoring.line["colour"] == "red"
    assert any("floor 0" in p.text for p in table.popups)
    assert table.model["scores"] == [0, 2]
    table.animate(steps[2])
    assert table.model["scores"] == [3, 2]


def test_scoring_marks_light_the_counted_spaces_of_every_reserve():
    state = ENGINE.new_game(2, 35)
    for _ in range(6):  # two full turns
        seat = state.to_move[0]
        state.apply(seat, state.legal_moves(seat)[0])
    table = table_for(state, 0, [])
    event = score_event(1, [(18, "red", [0, 0])], [0, 0])
    table.animate(expand([event])[0])
    grids = table.grids()
    for seat, marks in enumerate(table.scoring.marks):
        gorillas = {p for p, code in grids[seat].items() if code == "GOR"}
        assert marks.good == gorillas  # M-O18 counts the gorillas (and the pandas, bad)


def test_pass_moves_every_hand_to_the_neighbour():
    """M-12, M-T5: after the reveal the backs fly to the next seat (left in round 1)."""
    state = ENGINE.new_game(4, 36)
    table = table_for(state, 0, [])
    for seat in (1, 2, 3, 0):
        events = state.apply(seat, state.legal_moves(seat)[0])
        table.apply_update(events_for(events, 0), state.view(0), host_legal(state, 0))
    drain(table, comparable)
    assert table.model["turn"] == 2 and sorted(table.model["hand"]) == sorted(state.hands[0])
    for seat in (1, 2, 3):
        assert all(("back", seat, i) in table.stage for i in range(2))


def test_result_sheet_lists_each_objective_and_explains_a_decisive_tie():
    first = score_event(1, [(5, "blue", [4, 2, 0]), (8, "green", [-1, 3, 0])], [0] * 3)
    second = score_event(2, [(8, "green", [-5, 0, 1])], first["scores"])
    result = {"scores": [40, 41, 35], "winners": [1], "tiebreak": [6, 5, 4]}
    result["rounds"] = [first, second]
    names = ["Aiko", "Kenji", "Mira"]
    sheet = result_sheet(result, lambda s: names[s])
    assert [row[0] for row in sheet.rows] == ["1 Blue", "1 Green", "2 Green"]
    assert sheet.rows[1][1] == ["-1", "+3", "0"] and "O8" in sheet.rows[1][2]
    assert sheet.footer == ""
    result.update(scores=[40, 40, 35], winners=[0])
    tied = result_sheet(result, lambda s: names[s])
    assert "Aiko wins the tie-break with 6" in tied.footer and "M-29" not in tied.footer
    # a row a round then, each the change of the totals: the floor keeps Aiko's 3 at 0 (M-27)
    assert [row[0] for row in tied.rows] == ["Round 1", "Round 2"]
    assert tied.rows[1][1] == ["-3", "0", "+1"] and tied.rows[0][2] == "Blue, Green"


def test_tiebreak_note_vectors():
    """M-T23: A 40 (6 of one animal), B 40 (5) → A wins; both 6 → shared; no tie → nothing."""
    names = lambda s: "AB"[s]  # noqa: E731
    assert "A wins the tie-break with 6 spaces of one animal against 5" in tiebreak_note(
        [40, 40], [0], [6, 5], names
    )
    assert "share the win" in tiebreak_note([40, 40], [0, 1], [6, 6], names)
    assert tiebreak_note([41, 40], [0], [1, 9], names) == ""


def test_zoom_opens_on_a_click_on_another_reserve_and_o_cycles_objectives():
    state = ENGINE.new_game(3, 37)
    table = table_for(state, 0, [])
    other = table.layout.order[1]
    panel = table.layout.boards[other].panel
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=lay.center(panel), button=1))
    assert table.zoom_seat == other
    table.handle(key(pygame.K_z))
    assert table.zoom_seat == table.layout.order[2]
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    assert table.zoom_seat is None
    for index in (0, 1, 2, 3, None):
        table.handle(key(pygame.K_o))
        assert table.zoom_objective == index


@pytest.mark.parametrize(("players", "seat"), [(4, 0), (2, None)])
def test_table_draws_every_moment_of_a_game(players, seat):
    """Every step of a whole game is drawn (zooms and the help too), as the player sees it."""
    import random

    state = ENGINE.new_game(players, 40 + players)
    ctx = TableContext(seat=seat, submit=lambda move: None, speed=lambda: 8.0)
    table = make_table("nimalia", ctx)
    table.snapshot(copy.deepcopy(state.view(seat)), host_legal(state, seat))
    pygame.display.init()
    surface = pygame.display.set_mode((1280, 720))  # images in the display's format, as in play
    rng = random.Random(players)
    while not state.is_over:
        mover = rng.choice(state.to_move)
        events = state.apply(mover, rng.choice(state.legal_moves(mover)))
        table.apply_update(
            events_for(events, seat), copy.deepcopy(state.view(seat)), host_legal(state, seat)
        )
        for _ in range(100):  # the queue plays out, one hold (or less) a frame
            table.update(0.2)
            table.draw(surface)
            if table.panel is not None:  # a summary waits for a click, as for a player
                table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 3), button=1))
            if table.idle:
                break
        assert table.idle, "the table got stuck"
    table.game_over(state.result())
    for extra in (key(pygame.K_o), key(pygame.K_z), key(pygame.K_F1)):
        table.handle(extra)
        table.update(0.1)
        table.draw(surface)
    assert table.finished
