"""Moves that say themselves (engines/describe.py): every legal move of every registered game
gets a documented message id whose English rendering names the mover and no rule id."""

from __future__ import annotations

import random
import re

import pytest

from chabudai import engines
from chabudai.engines import describe
from chabudai.engines.describe import Said, describe_move, render

RULE_ID = re.compile(r"\b[A-Z]-\d")


@pytest.mark.parametrize("name", engines.names())
def test_every_legal_move_is_described_and_rendered(name):
    engine = engines.get(name)
    seen = set()
    for players in sorted({engine.min_players, engine.max_players}):
        state = engine.new_game(players, 7)
        rng = random.Random(7)
        for _ in range(150):
            if state.is_over:
                break
            for seat in list(state.to_move):
                moves = state.legal_moves(seat)
                for move in moves[:20]:
                    said = describe_move(state, seat, move)
                    assert said.id in describe.MESSAGE_IDS and said.id.startswith(f"{name}.")
                    assert said.id in describe.__doc__
                    text = render(said, lambda s: f"Player {s + 1}")
                    assert text.startswith(f"Player {seat + 1} ") and not RULE_ID.search(text)
                    seen.add(said.id)
                state.apply(seat, rng.choice(moves))
    assert seen


def test_descriptions_carry_what_the_move_means():
    state = engines.get("nanatoridori").new_game(3, 1)
    seat = state.to_move[0]
    move = state.legal_moves(seat)[0]
    start, length = move["play"]
    said = describe_move(state, seat, move)
    assert said == Said(
        "nanatoridori.play",
        {"seat": seat, "count": length, "value": state.hands[seat][start], "reserve": 0},
    )
    assert render(Said("nar.play", {"seat": 0, "card": "R7", "colour": "R", "value": 7})) == (
        "Seat 0 plays red 7."
    )
    assert render(Said("koikoi.koikoi", {"seat": 1}), lambda s: "Aiko") == "Aiko calls koi-koi."
    with pytest.raises(KeyError):
        render(Said("chess.castle", {"seat": 0}))
