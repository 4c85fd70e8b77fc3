"""The registry of games: each game is the package ``engines.<name>`` holding ``ENGINE``.

A game is registered by its package existing and being named in ``ORDER`` (the order the UI
lists games in). Packages are imported on first use, so importing ``engines`` stays cheap.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from typing import Any

from chabudai.engines.base import Engine, GameState

ORDER = ("koikoi", "nanatoridori", "nar", "nimalia")

_loaded: dict[str, Engine] = {}


def names() -> list[str]:
    """The registered game names, in UI order."""
    return [
        name for name in ORDER if importlib.util.find_spec(f"chabudai.engines.{name}") is not None
    ]


def get(name: str) -> Engine:
    """The engine called ``name``; ``ValueError`` naming the known games otherwise."""
    engine = _loaded.get(name)
    if engine is not None:
        return engine
    known = names()
    if name not in known:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(known)}")
    engine = importlib.import_module(f"chabudai.engines.{name}").ENGINE
    _loaded[name] = engine
    return engine


def replay(record: Mapping[str, Any]) -> GameState:
    """Rebuild a game from ``{"game", "players", "options", "seed", "moves": [[seat, move], ...],
    "deals": [[label, order], ...]}`` (:meth:`GameState.record`); the deals chance gave are
    dealt again, and a record without ``deals`` (older versions) deals from the seed.

    Options a record from an older version lacks get the values it was played with
    (:meth:`Engine.saved_options`).

    Raises ``ValueError`` (``IllegalMove`` for a move that does not apply) naming the bad entry.
    """
    missing = [key for key in ("game", "players", "seed", "moves") if key not in record]
    if missing:
        raise ValueError(f"replay record lacks {', '.join(missing)}")
    engine = get(record["game"])
    options = engine.saved_options(record["players"], record.get("options") or {})
    deals = record.get("deals")
    if deals is None:  # a record from before deals were recorded: the seed deals
        state = engine.new_game(record["players"], record["seed"], options)
    else:
        state = engine.replay_game(record["players"], record["seed"], options, deals)
    for index, entry in enumerate(record["moves"]):
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise ValueError(f"replay move {index} must be [seat, move], not {entry!r}")
        seat, move = entry
        state.apply(seat, move)
    return state
