"""Bots: one interface for the simulator, the host's bot seats and autoplay.

A bot is given the engine, its seat's ``view`` and its legal moves — never the host's state — and
returns one of those moves. ``make_bot(level, seed)`` builds one; ``LEVELS`` lists the levels.
"""

from __future__ import annotations

from typing import Protocol

from engines.base import Engine, Move, View
from engines.bots.random_bot import RandomBot


class Bot(Protocol):
    level: str

    def choose(self, engine: Engine, view: View, legal_moves: list[Move]) -> Move:
        """Return one move of ``legal_moves`` for the seat ``view["seat"]``."""
        ...


_FACTORIES = {
    "random": RandomBot,
}

LEVELS: tuple[str, ...] = tuple(_FACTORIES)
DEFAULT_LEVEL = "random"


def make_bot(level: str = DEFAULT_LEVEL, seed: int | None = None) -> Bot:
    """A bot of ``level``; ``ValueError`` naming the levels for an unknown one."""
    factory = _FACTORIES.get(level)
    if factory is None:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    return factory(seed)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "Bot", "RandomBot", "make_bot"]
