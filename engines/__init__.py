"""The rules of the four games, behind one contract (see ``engines.base``).

``engines.get("koikoi")`` returns an :class:`~engines.base.Engine`; ``engines.names()`` lists the
registered games; ``engines.replay(record)`` rebuilds a game from its replay record.
"""

from engines.base import Engine, GameState, IllegalMove, events_for, seeded_rng, visible_to
from engines.registry import get, names, replay

__all__ = [
    "Engine",
    "GameState",
    "IllegalMove",
    "events_for",
    "get",
    "names",
    "replay",
    "seeded_rng",
    "visible_to",
]
