"""Play whole games between bots (used by the simulator, tournaments and benchmarks)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chabudai.engines.base import Engine, GameState
from chabudai.engines.bots import Bot

MAX_DECISIONS = 100_000  # a guard: no game of ours needs a fraction of this


def play_game(
    engine: Engine,
    players: int,
    seed: int,
    bots: Sequence[Bot],
    options: Mapping[str, Any] | None = None,
) -> GameState:
    """Play one game to the end, seat ``i`` driven by ``bots[i]``; returns the final state.

    Each bot sees only ``state.view(seat)`` and ``state.legal_moves(seat)``. With simultaneous
    decisions (several seats in ``to_move``) every pending seat decides on the same state
    before any move is applied, in seat order.
    """
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(bots)}")
    state = engine.new_game(players, seed, options)
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            return state
        pending = list(state.to_move)
        chosen = [
            (seat, bots[seat].choose(engine, state.view(seat), state.legal_moves(seat)))
            for seat in pending
        ]
        for seat, move in chosen:
            state.apply(seat, move)
    raise RuntimeError(f"{engine.name} seed {seed}: no end after {MAX_DECISIONS} decisions")
