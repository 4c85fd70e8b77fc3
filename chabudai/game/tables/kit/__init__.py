"""The table kit: what every game's table view is built from.

- :mod:`~chabudai.game.tables.kit.geometry` — pure places, rectangles, fans and hit testing;
- :mod:`~chabudai.game.tables.kit.seats` — the pure seat ring for 2–8 seats (you at the bottom, the others
  clockwise in play order);
- :mod:`~chabudai.game.tables.kit.sprites` — card sprites and the stage that tweens them to their places;
- :mod:`~chabudai.game.tables.kit.text` — text that fits: a text laid into a box (wrapped at word
  boundaries, names kept whole, shrunk to a minimum size, an ellipsis only as the last resort;
  CJK wraps between characters, never before closing punctuation nor after an opening bracket);
- :mod:`~chabudai.game.tables.kit.overlays` — pop-ups, banners, the reason line, the move log (with
  scroll-back over the game), seat badges, summary panels, the score sheet (the results screen's
  and the one opened during play) and the how-to-play overlay;
- :mod:`~chabudai.game.tables.kit.stack` — the one overlay stack: help, reference sheets, panels,
  close looks, dialogs (a question the player owes, the Leave question) and the toasts; input
  and Esc go to the top one;
- :mod:`~chabudai.game.tables.kit.message` — the one message slot (the prompt and a refusal's
  reason, worded without rule ids);
- :mod:`~chabudai.game.tables.kit.events` — the types of the one event convention (``Model``,
  ``Event``, ``Update``);
- :mod:`~chabudai.game.tables.kit.table` — :class:`KitTable`, the base class: the host's events, one
  at a time, each changing the model by the game's pure update and shown by the view's
  ``effect_<kind>`` (an unknown kind ignored), with per-event holds at the player's animation
  speed; keyboard focus over the clickable cards, the illegal-click shake with its reason, F1
  help.

A game's table (``game/tables/<game>/``) adds only its pure ``layout`` module, its pure ``events``
module (``KINDS`` and ``UPDATES``: how each kind of event changes the model) and a ``view`` that
says what each event shows (``effect_<kind>``), what a click means and what its panels show.
"""

from chabudai.game.tables.kit.geometry import (
    LIFT,
    Click,
    Place,
    Rect,
    center,
    contains,
    fan,
    hit_point,
    topmost,
)
from chabudai.game.tables.kit.overlays import (
    Banner,
    MoveLog,
    Panel,
    Popup,
    SeatBadge,
    draw_seat_badge,
)
from chabudai.game.tables.kit.seats import SeatSpot, play_order, seat_ring
from chabudai.game.tables.kit.sprites import CardSprite, CardStage
from chabudai.game.tables.kit.table import KitTable

__all__ = [
    "LIFT",
    "Banner",
    "CardSprite",
    "CardStage",
    "Click",
    "KitTable",
    "MoveLog",
    "Panel",
    "Place",
    "Popup",
    "Rect",
    "SeatBadge",
    "SeatSpot",
    "center",
    "contains",
    "draw_seat_badge",
    "fan",
    "hit_point",
    "play_order",
    "seat_ring",
    "topmost",
]
