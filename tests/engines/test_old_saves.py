"""Saves written by earlier versions of the engines still load (engines/base.py, ``from_dict``).

``data/saves-2026-12-02.json`` holds, for every game at its smallest and largest player count,
a fresh game, a game in progress and a finished game, as ``to_dict`` wrote them before the
state fields were declared once. Each must load, save again unchanged, replay to the same
state from its record, and play on.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chabudai import engines

SAVES = json.loads((Path(__file__).parent / "data" / "saves-2026-12-02.json").read_text())["saves"]


def test_every_game_has_old_saves():
    assert {save["game"] for save in SAVES} == set(engines.names())


@pytest.mark.parametrize("save", SAVES, ids=[f"{s['game']}-{i}" for i, s in enumerate(SAVES)])
def test_a_save_of_2026_12_02_loads_and_plays_on(save):
    state = engines.get(save["game"]).from_dict(save)
    assert state.to_dict() == save
    assert engines.replay(state.record()).to_dict() == save
    if not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, state.legal_moves(seat)[0])
        assert len(state.moves) == len(save["moves"]) + 1
