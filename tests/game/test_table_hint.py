"""The hint at the table (chabudai/game/tables/kit/hint.py): H asks, the bot thinks off the
loop, the answer shows where the view's own ``clicks_for`` says to click, in every game."""

from __future__ import annotations

import time

import pygame
import pytest

from chabudai import engines
from chabudai.engines.bots.advice import Budget, hint
from chabudai.engines.bots.advice_text import render
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.kit import hint as table_hint

GAMES = [("koikoi", 2), ("nanatoridori", 2), ("nar", 4), ("nimalia", 2)]


@pytest.fixture(autouse=True)
def threads(monkeypatch, live_pygame):
    monkeypatch.setattr(table_hint, "USE_PROCESSES", False)
    monkeypatch.setattr(table_hint, "BUDGET", Budget(iterations=60, samples=8, max_candidates=4))


def _table(name: str, players: int, others: str = "bot"):
    engine = engines.get(name)
    state = engine.new_game(players, 5)
    seat = state.to_move[0]
    ctx = TableContext(
        seat=seat, submit=lambda move: None, kind_of=lambda s: "human" if s == seat else others
    )
    table = make_table(name, ctx)
    table.snapshot(state.view(seat), state.legal_moves(seat))
    table.tweens.finish()
    table.hold = 0.0
    table.banner = None  # (Nimalia announces the round)
    return table, state, seat


def _press(table) -> None:
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))


def _wait(table, seconds: float = 20.0) -> None:
    helper = table_hint.hinter(table)
    until = time.monotonic() + seconds
    while helper.thinking and time.monotonic() < until:
        table.update(0.02)
        time.sleep(0.01)
    table.update(0.02)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_h_shows_the_hard_bots_move_where_the_view_clicks_for_it(name, players):
    table, state, seat = _table(name, players)
    assert table.acting()
    _press(table)
    helper = table_hint.hinter(table)
    assert helper.thinking
    surface = pygame.Surface((1280, 720))
    table.draw(surface)  # the thinking line draws while it thinks
    _wait(table)
    assert helper.advice is not None
    expected = hint(state.view(seat), seat, table_hint.BUDGET)
    assert helper.advice.to_dict() == expected.to_dict()  # the seat's view, nothing more
    assert helper.points == [tuple(map(int, p)) for p in table.clicks_for(expected.move)]
    assert helper.points
    assert helper.reason == render(expected.reason)
    table.draw(surface)
    _press(table)  # H again puts it away
    assert helper.advice is None and not helper.reason


def test_the_hint_goes_when_the_table_moves_on_and_h_cancels_it():
    table, state, seat = _table("koikoi", 2)
    _press(table)
    helper = table_hint.hinter(table)
    job = helper.job
    _press(table)  # cancelled while thinking
    assert helper.job is None and job.stop.is_set()
    _press(table)
    _wait(table)
    assert helper.advice is not None
    table.settle(state.view(seat), state.legal_moves(seat))  # a new model
    table.update(0.02)
    assert helper.advice is None and helper.points == []


def test_no_hint_at_a_table_with_another_player_or_out_of_turn():
    table, _state, _seat = _table("koikoi", 2, others="human")
    _press(table)
    helper = table_hint.hinter(table)
    assert helper.job is None and helper.note == table_hint.NOT_HERE
    table, _state, _seat = _table("koikoi", 2)
    table.model = {**table.model, "to_move": []}
    _press(table)
    assert table_hint.hinter(table).note == table_hint.NOT_NOW
