"""The random bot: a uniformly random legal move (the floor every other bot must beat)."""

from __future__ import annotations

import random

from chabudai.engines.base import Engine, Move, View


class RandomBot:
    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, engine: Engine, view: View, legal_moves: list[Move]) -> Move:
        if not legal_moves:
            raise ValueError(f"seat {view.get('seat')} has no legal move to choose from")
        return self.rng.choice(legal_moves)
