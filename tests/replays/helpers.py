"""Finished games to keep as replays: random legal moves from a seed, at a chosen seat count."""

from __future__ import annotations

import random

from chabudai import engines
from chabudai.engines.base import GameState
from chabudai.replays.file import Replay, SeatInfo


def played(name: str, players: int | None = None, seed: int = 5, stop: int | None = None):
    """A game of ``name`` played with random legal moves (``stop``: moves, then left)."""
    engine = engines.get(name)
    state = engine.new_game(players or engine.min_players, seed)
    rng = random.Random(seed)
    while not state.is_over and (stop is None or len(state.moves) < stop):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def seats_of(state: GameState) -> list[SeatInfo]:
    return [SeatInfo("Aiko")] + [
        SeatInfo(f"Bot {i}", "bot", "easy") for i in range(1, state.players)
    ]


def replay_of(name: str, players: int | None = None, seed: int = 5) -> Replay:
    state = played(name, players, seed)
    return Replay.from_state(state, seats_of(state), you=0)
