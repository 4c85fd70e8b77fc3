"""The easy and normal bots: one decision from the view through the game's policy."""

from __future__ import annotations

from abc import ABC, abstractmethod

from chabudai.engines.base import Engine, Move, View
from chabudai.engines.bots.common import decision_rng, fresh_seed
from chabudai.engines.bots.policy import policy_for


class _PolicyBot(ABC):
    level = ""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = fresh_seed(seed)

    def choose(self, engine: Engine, view: View, legal_moves: list[Move]) -> Move:
        if not legal_moves:
            raise ValueError(f"seat {view.get('seat')} has no legal move to choose from")
        if len(legal_moves) == 1:
            return legal_moves[0]
        rng = decision_rng(self.seed, view)
        return self._decide(engine, view, list(legal_moves), rng)

    @abstractmethod
    def _decide(self, engine, view, legal, rng):
        """Pick one of ``legal`` (at least two moves) with this level's policy."""


class EasyBot(_PolicyBot):
    """A random legal move with a little sense (e.g. take a capture when there is one)."""

    level = "easy"

    def _decide(self, engine, view, legal, rng):
        return policy_for(engine.name).easy(view, legal, rng)


class NormalBot(_PolicyBot):
    """The per-game heuristics of a decent player."""

    level = "normal"

    def _decide(self, engine, view, legal, rng):
        return policy_for(engine.name).normal(view, legal, rng)
