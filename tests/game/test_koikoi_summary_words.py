"""What the Koi-Koi deal summary says in words (issue 27 items 4, 5 and 11): a drawn deal after
your koi-koi call says your points were lost and why (K-33); a Nintendo Stop under 7 says the
missing ×2 is about the other player's call (K-42); a drawn deal's panel has no empty band."""

import random

import pygame
import pytest

from chabudai import engines
from chabudai.engines.base import events_for
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.koikoi import reference as ref
from tests.game.table_helpers import drain, record_texts

ENGINE = engines.get("koikoi")


def deal_end_where(want, options=None, games=600):
    """(state before the move, the move's events) of the first seeded deal end meeting
    ``want(events)``; seat 0 calls koi-koi whenever it may, so calls are common."""
    for number in range(games):
        rng = random.Random(number)
        state = ENGINE.new_game(2, number, options)
        while not state.is_over:
            seat = state.to_move[0]
            moves = state.legal_moves(seat)
            move = {"call": "koikoi"} if {"call": "koikoi"} in moves else rng.choice(moves)
            before = state.clone()
            events = state.apply(seat, move)
            end = next((e for e in events if e["e"] == "deal_end"), None)
            if end is not None and want(end):
                return before, seat, move
    raise AssertionError("no such deal end")


def summary_texts(monkeypatch, before, mover, move) -> tuple[list[str], object]:
    names = {0: "Aiko", 1: "Kenji"}
    table = make_table(
        "koikoi", TableContext(seat=0, submit=lambda m: None, name_of=lambda s: names[s])
    )
    table.snapshot(before.view(0))
    drain(table)
    after = before.clone()
    events = after.apply(mover, move)
    table.apply_update(events_for(events, 0), after.view(0))
    for _ in range(60 * 8):
        table.update(1 / 60)
        if table.panel is not None:
            break
    assert table.panel is not None
    drawn = record_texts(monkeypatch)
    table.panel.draw(pygame.Surface((1280, 720)))
    return [words for words, _rect in drawn], table.panel


def test_K_33_a_drawn_deal_after_your_call_says_your_points_are_lost(offline_app, monkeypatch):
    before, mover, move = deal_end_where(lambda e: e["winner"] is None and e["koikoi_calls"][0])
    said, panel = summary_texts(monkeypatch, before, mover, move)
    words = " ".join(said)
    assert "You called koi-koi and nobody stopped: your" in words and "lost" in words, said
    assert "cards ran out" in words
    assert not any("(K-" in line for line in said)


def test_K_33_help_says_a_callers_points_are_lost_when_the_cards_run_out():
    for ruleset in ("cardavia", "nintendo"):
        words = ref.help_text({"ruleset": ruleset})
        assert "cards run out" in words and "koi-koi caller loses" in words


@pytest.mark.parametrize("caller", [False, True])
def test_a_drawn_deal_panel_fits_what_it_says(offline_app, monkeypatch, caller):
    """Issue 27 item 11: the drawn deal's panel had a large empty band (room for yaku)."""

    def want(e):
        return e["winner"] is None and any(e["koikoi_calls"]) == caller

    before, mover, move = deal_end_where(want)
    said, panel = summary_texts(monkeypatch, before, mover, move)
    height = pygame.Rect(panel.rect).h
    assert height <= (280 if caller else 220)


def test_K_42_nintendo_no_multiplier_is_about_the_other_players_call(offline_app, monkeypatch):
    def want(e):
        base = sum(points for _yaku, points in e["yaku"])
        return e["winner"] == 0 and e["how"] == "stop" and not e["koikoi_calls"][1] and base < 7

    # a Stop by seat 0 under 7 points, the other player never having called: no ×2 at all
    before, mover, move = deal_end_where(want, {"ruleset": "nintendo"})
    said, _ = summary_texts(monkeypatch, before, mover, move)
    line = next((t for t in said if "koi-koi" in t and "point" in t), None)
    assert line is not None, said
    assert "Kenji did not call koi-koi" in line and "no koi-koi" not in line
