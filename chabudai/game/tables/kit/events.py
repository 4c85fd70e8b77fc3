"""The types of the kit's one event convention (see :mod:`chabudai.game.tables.kit.table`).

A game's ``game/tables/<game>/events.py`` lists its event kinds (``KINDS``) and holds, per kind,
the pure update of the view's model (``UPDATES``: an :data:`Update` each, no pygame); the view's
``effect_<kind>`` methods show each kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Model = dict[str, Any]  # a game's view dict, as the host sends it
Event = dict[str, Any]  # one host event: {"e": kind, ...}
Update = Callable[[Model, Event], None]  # a pure model update for one kind of event
