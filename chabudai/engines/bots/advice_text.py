"""English for advice: the ``advice.*`` reasons of :mod:`chabudai.engines.bots.advice`, a sibling
of :func:`chabudai.engines.describe.render` (which says who did a move; advice says what a move
*is*, as a phrase: "playing the Crane").

Message ids (stable, like describe's) and their arguments; ``move`` and ``other`` are move
descriptions as plain data (``{"id", "args"}``, a describe id), ``horizon`` is "round" or "game":

``advice.better`` {game, move, other, versus, gain, stderr, points, unit, horizon}
    the bot's move gains ``gain`` more than ``other`` (beyond the sampling error); ``versus``
    says what ``other`` is: "yours" (the move the player was about to make) or "next" (the
    best other candidate).
``advice.close`` {game, move, other, versus, gain, stderr, points, unit, horizon}
    the two cannot be told apart from the samples.
``advice.agree`` {game, move, points, unit, horizon}
    the move compared is the bot's move too.
``advice.only`` {game, move, points, unit, horizon}
    there is nothing else to weigh it against.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chabudai.engines.describe import _nar_card


def _koi(card: int) -> str:
    """A Koi-Koi card with its month's plant: several months have a Plain or a Red ribbon."""
    from chabudai.engines.koikoi.cards import CARDS

    return f"the {CARDS[card].name} ({CARDS[card].plant})"


# describe id -> the move as a phrase (what "you" would be doing)
_PHRASES: dict[str, Callable[[dict[str, Any]], str]] = {
    "koikoi.play": lambda a: f"playing {_koi(a['card'])}",
    "koikoi.play_take": lambda a: f"playing {_koi(a['card'])} to take {_koi(a['take'])}",
    "koikoi.take": lambda a: f"taking {_koi(a['card'])} with the drawn card",
    "koikoi.stop": lambda a: "stopping",
    "koikoi.koikoi": lambda a: "calling koi-koi",
    "nanatoridori.play": lambda a: (
        f"playing {a['count']} × {a['value']}"
        + (f" ({a['reserve']} from the reserve)" if a["reserve"] else "")
    ),
    "nanatoridori.pass": lambda a: "passing",
    "nanatoridori.pass_reserve": lambda a: f"passing with the reserve {a['card']}",
    "nanatoridori.insert": lambda a: "putting the cards into your hand",
    "nanatoridori.discard": lambda a: "discarding the cards",
    "nar.play": lambda a: f"playing {_nar_card(a['card'])}",
    "nar.declare_out": lambda a: "saying you will go out",
    "nar.declare_stay": lambda a: "saying you will not go out",
    "nimalia.place": lambda a: (
        f"placing card {a['card']} at row {a['row'] + 1}, column {a['col'] + 1}"
    ),
    "move": lambda a: "that move",
}

PHRASE_IDS = frozenset(_PHRASES)  # every describe id (a test holds them equal)


# Moves a table shows better than words (a placement is a spot on a grid): in a reason, the
# hint's move is the one the table points at, the other one the player's or the next best.
_SHOWN: dict[str, dict[str, str]] = {
    "nimalia.place": {
        "move": "the placement shown",
        "yours": "your placement",
        "next": "the next best placement",
    },
}


def phrase(said: dict[str, Any], role: str | None = None) -> str:
    """A move description (``{"id", "args"}``) as a phrase: "playing the Crane". With a
    ``role`` ("move": the hint's, "yours", "next": the one it is weighed against) a move the
    table shows better than words is named by that role."""
    shown = _SHOWN.get(said["id"])
    if role is not None and shown is not None:
        return shown[role]
    return _PHRASES[said["id"]](said["args"])


def _until(a: dict[str, Any]) -> str:
    if a["horizon"] == "game":
        return "by the end of the game"
    return "by the end of the deal" if a["game"] == "koikoi" else "by the end of the round"


def _points(value: float, unit: str) -> str:
    return f"{value:+.1f} {unit}"


def _first(text: str) -> str:
    return text[:1].upper() + text[1:]


_ENGLISH: dict[str, Callable[[dict[str, Any]], str]] = {
    "advice.better": lambda a: (
        f"{_first(phrase(a['move'], 'move'))}: about {_points(a['gain'], a['unit'])} over"
        f" {phrase(a['other'], a['versus'])} {_until(a)}"
    ),
    "advice.close": lambda a: (
        f"{_first(phrase(a['move'], 'move'))} or {phrase(a['other'], a['versus'])}: about the"
        " same, as far as the samples can tell"
    ),
    "advice.agree": lambda a: (
        f"{_first(phrase(a['move'], 'move'))} is the bot's choice too: about"
        f" {_points(a['points'], a['unit'])} {_until(a)}"
    ),
    "advice.only": lambda a: f"{_first(phrase(a['move'], 'move'))} is the only move",
}

MESSAGE_IDS = frozenset(_ENGLISH)


def render(said: Any) -> str:
    """The English sentence for an ``advice.*`` :class:`~chabudai.engines.describe.Said` (or its
    plain ``{"id", "args"}`` form); ``KeyError`` for an unknown id."""
    if isinstance(said, dict):
        ident, args = said["id"], said["args"]
    else:
        ident, args = said.id, said.args
    return _ENGLISH[ident](args) + "."


__all__ = ["MESSAGE_IDS", "PHRASE_IDS", "phrase", "render"]
