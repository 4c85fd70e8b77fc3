"""The Koi-Koi table's event animation keeps its model in step with the host's views.

Whole seeded games are played on the engine; the table is fed only the events each seat may see
(as the host sends them) and, before it settles on each new view, its own event-built model must
already match that view — so the table never needs to jump.
"""

import pytest

from chabudai import engines
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.koikoi import layout as lay
from chabudai.tools.screenshot import host_legal
from tests.game.table_helpers import drain, play_through

ENGINE = engines.get("koikoi")
KEYS = ("board", "hand", "hand_counts", "stock", "scores", "current", "koikoi_calls", "pending")


def comparable(view):
    out = {key: view.get(key) for key in KEYS}
    out["board"] = sorted(view["board"])
    out["piles"] = [sorted(p) for p in view["piles"]]
    if view.get("hand") is not None:
        out["hand"] = sorted(view["hand"])
    return out


@pytest.mark.parametrize("seat", [0, 1, None])
def test_event_model_matches_every_view(seat):
    for seed in range(7):
        play_through("koikoi", 2, seed, seat, comparable, {"rounds": 3})


def settled_table(state, seat):
    table = make_table("koikoi", TableContext(seat=seat, submit=table_moves.append))
    table.snapshot(state.view(seat), host_legal(state, seat))
    drain(table)
    return table


table_moves: list = []


def test_illegal_click_shakes_the_card_and_says_why():
    state = ENGINE.new_game(2, 21)
    mover = state.current
    table = settled_table(state, mover)
    board_card = table.model["board"][0]
    table.click(lay.hit_point(table.layout, board_card))
    assert table.stage[board_card].shake > 0
    assert "hand" in table.reason.text and table.reason.left > 0
    assert not table.awaiting


def test_keyboard_picks_a_legal_card_and_enter_plays_it():
    import pygame

    table_moves.clear()
    state = ENGINE.new_game(2, 22)
    mover = state.current
    table = settled_table(state, mover)
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    focused = table.keyboard_focus(table.clickable())
    assert focused in table.model["hand"]
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    if table_moves:  # a card with 0, 1 or 3 matches is played at once
        assert table_moves == [{"play": focused}] and table.awaiting
        assert table_moves[0] in state.legal_moves(mover)
    else:  # two matches: the card waits for its target, which the keys reach next
        assert table.selected == focused
        table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
        assert table_moves and table_moves[0] in state.legal_moves(mover)


def test_waiting_player_gets_no_move_sent():
    table_moves.clear()
    state = ENGINE.new_game(2, 23)
    waiting = 1 - state.current
    table = settled_table(state, waiting)
    table.click(lay.hit_point(table.layout, table.model["hand"][0]))
    assert table_moves == [] and "turn" in table.reason.text
