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
    mine = table.about_to_play()  # (Nimalia's ghost always holds a placement)
    _press(table)
    helper = table_hint.hinter(table)
    assert helper.thinking and helper.compare == mine
    surface = pygame.Surface((1280, 720))
    table.draw(surface)  # the thinking line draws while it thinks
    _wait(table)
    assert helper.advice is not None
    expected = hint(state.view(seat), seat, table_hint.BUDGET, compare=mine)
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


# ---------------------------------------------------------------- through the host (section 5a)


def _hosted(name: str = "koikoi", players: int = 2):
    """A table whose hints go to a host: ``asked`` keeps each request's compared move."""
    table, state, seat = _table(name, players, others="human")
    asked: list = []
    table.ctx.ask_hint = asked.append
    return table, state, seat, asked


def test_with_a_host_h_asks_it_and_shows_its_answer_where_the_view_clicks():
    table, state, seat, asked = _hosted()
    _press(table)
    helper = table_hint.hinter(table)
    assert asked == [None] and helper.thinking and helper.job is None  # the host thinks
    move = state.legal_moves(seat)[0]
    helper.answered(table, move, "Playing the Crane: about +1.2 points.")
    assert not helper.thinking
    assert helper.points == [tuple(map(int, p)) for p in table.clicks_for(move)]
    assert helper.reason == "Playing the Crane: about +1.2 points."
    _press(table)  # H again puts it away: nothing more is asked
    assert asked == [None] and not helper.shown


def test_a_refusal_from_the_host_is_shown_in_its_words_and_a_stray_answer_is_dropped():
    table, state, seat, asked = _hosted()
    helper = table_hint.hinter(table)
    helper.answered(table, state.legal_moves(seat)[0], "not asked for")
    assert not helper.shown  # nothing was asked: the answer is dropped
    _press(table)
    helper.refused(table, "Hints are off at this table; the first player can turn them on.")
    assert helper.note.startswith("Hints are off") and not helper.thinking
    table.draw(pygame.Surface((1280, 720)))


def test_the_hint_button_asks_like_h():
    table, _state, _seat, asked = _hosted()
    x, y, w, h = table.hint_rect()
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x + w // 2, y + h // 2))
    table.handle(click)
    assert asked == [None] and table_hint.hinter(table).thinking


def test_the_lifted_card_is_the_move_the_hint_compares_with():
    """Koi-Koi: the card under the mouse (or the selected one, K-13) is the move compared."""
    table, state, seat, asked = _hosted()
    moves = state.legal_moves(seat)
    card = next(m["play"] for m in moves if "play" in m)
    table.hover = card
    expected = table.resolve_click(table.point_of(card))
    mine = expected.move if expected.kind == "move" else None
    if mine is None:  # a card with two matches selects: its first take is compared
        table.hover, table.selected = None, card
        mine = next(m for m in moves if m.get("play") == card)
    _press(table)
    assert asked == [mine] and mine in moves


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_every_tables_help_and_key_line_name_h(name, players):
    table, _state, _seat = _table(name, players)
    assert table_hint.HINT_HELP in table.help_text
    assert "H hint" in table.help_text or "H a hint" in table.help_text
    assert not _overlap(table.hint_rect(), table.sheet_button)


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_a_solo_game_asks_its_embedded_host_which_answers(tmp_path, monkeypatch):
    """Solo play goes the LAN's way: the embedded host (hints on) answers the table's H."""
    from chabudai.game.app import App
    from chabudai.game.scenes.title import TitleScene
    from chabudai.game.settings import Settings
    from chabudai.net import hints
    from chabudai.tools.autoplay import drive, start_solo

    monkeypatch.setattr(hints, "USE_PROCESSES", False)
    monkeypatch.setattr(hints, "BUDGET", Budget(iterations=40, samples=4, max_candidates=3))
    app = App(
        settings=Settings(name="Solo", animation_speed=40.0, volume=0.0),
        settings_path=tmp_path / "s.json",
    )
    app.push(TitleScene(app))
    try:
        start_solo(app, "nar", {}, None, 4)

        def my_turn(a) -> bool:
            view = getattr(a.scene, "view", None)
            return a.scene.name == "table" and view is not None and view.acting()

        assert drive(app, my_turn, None, 30)
        assert app.session.lobby["table_options"] == {"hints": True}
        table = app.scene.view
        _press(table)
        helper = table_hint.hinter(table)
        assert helper.asked and helper.job is None  # asked of the host, not thought here
        assert drive(app, lambda a: not helper.thinking, None, 30)
        assert helper.reason and helper.points, helper.note
    finally:
        app.close()
