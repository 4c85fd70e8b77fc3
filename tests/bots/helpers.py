"""Positions from seeded random games of every registered game, for the bot tests."""

from __future__ import annotations

import random

import engines


def player_counts(engine: engines.Engine) -> list[int]:
    return sorted({engine.min_players, engine.max_players})


def positions(name: str, players: int, count: int, seed: int = 0, every: float = 0.2):
    """``(state, seat)`` pairs where ``seat`` must decide, from random seeded games."""
    engine = engines.get(name)
    rng = random.Random(f"{name}:{players}:{seed}")
    found = []
    game_seed = seed
    while len(found) < count:
        state = engine.new_game(players, game_seed)
        while not state.is_over and len(found) < count:
            for seat in list(state.to_move):
                legal = state.legal_moves(seat)
                if len(legal) > 1 and rng.random() < every:
                    found.append((state.clone(), seat))
                state.apply(seat, rng.choice(legal))
        game_seed += 1
    return found
