"""Bots: one interface for the simulator, the host's bot seats and autoplay.

A bot is given the engine, its seat's ``view`` and its legal moves — never the host's state — and
returns one of those moves. ``make_bot(level, seed)`` builds one; ``LEVELS`` lists the levels:

- ``random``: a uniformly random legal move (the floor);
- ``easy``: random with a little sense (``engines/bots/<game>.py: easy``);
- ``normal``: the per-game heuristics of a decent player;
- ``hard``: information-set Monte-Carlo tree search over determinizations
  (:mod:`chabudai.engines.bots.hard`), ``budget`` seconds per decision (default 1) or ``iterations``.

Bots are thread-safe per instance and keep no global state, so the host and the client can run
``choose`` in a worker. A bot with a fixed seed given the same view returns the same move (the
hard bot when it is given an iteration budget rather than a time budget).
"""

from __future__ import annotations

from typing import Any, Protocol

from chabudai.engines.base import Engine, Move, View
from chabudai.engines.bots.hard import HardBot
from chabudai.engines.bots.levels import EasyBot, NormalBot
from chabudai.engines.bots.random_bot import RandomBot


class Bot(Protocol):
    level: str

    def choose(self, engine: Engine, view: View, legal_moves: list[Move]) -> Move:
        """Return one move of ``legal_moves`` for the seat ``view["seat"]``."""
        ...


_FACTORIES: dict[str, Any] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
}

LEVELS: tuple[str, ...] = tuple(_FACTORIES)
DEFAULT_LEVEL = "normal"


def make_bot(level: str = DEFAULT_LEVEL, seed: int | None = None, **settings: Any) -> Bot:
    """A bot of ``level``; ``ValueError`` naming the levels for an unknown one.

    ``settings`` go to the hard bot (``budget`` seconds per decision, ``iterations``, the
    ``clock`` the budget counts: ``"wall"`` or ``"cpu"``); the other
    levels take none, and are given none by callers that build bots of any level.
    """
    factory = _FACTORIES.get(level)
    if factory is None:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if level != "hard":
        settings = {}
    return factory(seed, **settings)


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "EasyBot",
    "HardBot",
    "NormalBot",
    "RandomBot",
    "make_bot",
]
