"""Positions from seeded random games of every registered game, for the bot tests."""

from __future__ import annotations

import random

from chabudai import engines


def player_counts(engine: engines.Engine) -> list[int]:
    return sorted({engine.min_players, engine.max_players})


def setups(engine: engines.Engine) -> list[tuple[int, dict]]:
    """``(players, options)`` for the fewest and most players, with the defaults, plus every
    choice of an option that applies only to some player counts (e.g. the Nanatoridori duel)."""
    found: list[tuple[int, dict]] = [(n, {}) for n in player_counts(engine)]
    for option in engine.options:
        if option.players is not None:
            for choice in option.choices:
                if choice != option.default:
                    found.append((option.players[0], {option.name: choice}))
    return found


def positions(
    name: str,
    players: int,
    count: int,
    seed: int = 0,
    every: float = 0.2,
    options: dict | None = None,
):
    """``(state, seat)`` pairs where ``seat`` must decide, from random seeded games."""
    engine = engines.get(name)
    rng = random.Random(f"{name}:{players}:{seed}")
    found = []
    game_seed = seed
    while len(found) < count:
        state = engine.new_game(players, game_seed, options)
        while not state.is_over and len(found) < count:
            for seat in list(state.to_move):
                legal = state.legal_moves(seat)
                if len(legal) > 1 and rng.random() < every:
                    found.append((state.clone(), seat))
                state.apply(seat, rng.choice(legal))
        game_seed += 1
    return found
