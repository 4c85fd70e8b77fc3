"""The rules of the four games, behind one contract (see ``chabudai.engines.base``).

``chabudai.engines.get("koikoi")`` returns an :class:`~chabudai.engines.base.Engine`; ``chabudai.engines.names()`` lists the
registered games; ``chabudai.engines.replay(record)`` rebuilds a game from its replay record.
"""

from chabudai.engines.base import Engine, GameState, IllegalMove, events_for, seeded_rng, visible_to
from chabudai.engines.registry import get, names, replay

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
