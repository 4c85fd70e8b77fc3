"""The game so far during play (issue 27 item 10): the move log keeps every line of the game and
scrolls back (wheel over it, Page Up / Page Down, End), and a score sheet of the rounds played
opens with S or its button, takes input while open and closes with any key, a click or Esc; F1
help says both."""

from __future__ import annotations

import copy
import random

import pygame

from chabudai import engines
from chabudai.engines.base import events_for
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.kit import overlays
from chabudai.game.tables.kit.overlays import MoveLog, ScoreSheet
from tests.game.table_helpers import drain


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_the_move_log_keeps_the_whole_game_and_scrolls_back(offline_app, monkeypatch):
    log = MoveLog(5)
    for number in range(40):
        log.add(f"move {number}")
    assert len(log.lines) == 40
    assert [row for row, _ in log.rows(260)] == [f"move {n}" for n in range(35, 40)]
    assert log.handle(key(pygame.K_PAGEUP))
    assert [row for row, _ in log.rows(260)] == [f"move {n}" for n in range(31, 36)]
    for _ in range(20):
        log.handle(key(pygame.K_PAGEUP))
    assert [row for row, _ in log.rows(260)][0] == "move 0"  # as far back as the game goes
    assert log.handle(key(pygame.K_END))
    assert log.back == 0
    log.draw(offline_app.screen, (18, 590))
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: log.area.center)
    assert log.handle(wheel) and log.back == 2  # the wheel over the log scrolls it
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (640, 100))
    assert not log.handle(wheel) and log.back == 2  # elsewhere it is the table's


def nar_table_after_rounds(rounds: int):
    engine = engines.get("nar")
    state = engine.new_game(4, 9)
    rng = random.Random(9)
    names = ["Aiko", "Kenji", "Mira", "Tomas"]
    table = make_table(
        "nar", TableContext(seat=0, submit=lambda m: None, name_of=names.__getitem__)
    )
    table.snapshot(copy.deepcopy(state.view(0)))
    drain(table)
    while len(state.view(0)["rounds"]) < rounds:
        seat = state.to_move[0]
        events = state.apply(seat, rng.choice(state.legal_moves(seat)))
        table.apply_update(events_for(events, 0), copy.deepcopy(state.view(0)))
        drain(table)
    return table, state


def test_the_score_sheet_opens_during_play_with_s_and_closes(offline_app):
    table, state = nar_table_after_rounds(2)
    assert table.handle(key(pygame.K_s))
    sheet = table.sheet
    assert isinstance(sheet, ScoreSheet) and not sheet.closed
    assert [label for label, _, _ in sheet.sheet.rows] == ["1", "2"]
    assert sheet.sheet.totals == [str(s) for s in state.view(0)["scores"]]
    assert sheet.headers[0] == "Aiko (you)" and "closes" in sheet.sheet.footer
    assert table.overlay_open
    table.draw(offline_app.screen)
    assert table.handle(key(pygame.K_LEFT))  # input goes to the sheet: it closes, nothing moves
    assert not table.overlay_open
    click = pygame.event.Event(
        pygame.MOUSEBUTTONDOWN, pos=pygame.Rect(table.sheet_button).center, button=1
    )
    assert table.handle(click) and table.overlay_open  # the button opens it too
    assert table.close_overlay() and not table.overlay_open  # and Esc closes it


def test_the_score_sheet_before_any_round_says_so(offline_app):
    table, _ = nar_table_after_rounds(0)
    table.handle(key(pygame.K_s))
    assert table.sheet.sheet.rows == [] and "No round" in table.sheet.sheet.footer


def test_f1_help_lists_the_score_sheet_and_the_log_keys():
    for game, seat in (("koikoi", 0), ("nar", 0), ("nanatoridori", 0), ("nimalia", 0)):
        table = make_table(game, TableContext(seat=seat, submit=lambda m: None))
        table.snapshot(engines.get(game).new_game(engines.get(game).min_players, 1).view(seat))
        assert overlays.HISTORY_HELP in table.help_text, game
