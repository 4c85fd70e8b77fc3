"""Words for advice: the ``advice.*`` reasons of :mod:`chabudai.engines.bots.advice`, a sibling
of :func:`chabudai.engines.describe.render` (which says who did a move; advice says what a move
*is*, as a phrase: "playing the Crane and sun (1)"), in the language of a :mod:`gettext`
translation ``tr`` (English without one).

Every sentence is a message of the catalogues; a move in it is a phrase of its own message, in
two forms: the one that starts a sentence ("Playing the {card}") and the one inside it
("playing the {card}"), so no language has to capitalise a translated phrase.

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

Over the network (a LAN client's hint, docs/PROTOCOL.md section 5a) the reason travels as
``reason_id`` and ``args``, its numbers in tenths (the codec carries no floats):
:func:`to_wire` makes the args, :func:`from_wire` reads them back.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from typing import Any

from chabudai.engines.describe import koikoi_card, nar_card

Tr = gettext.NullTranslations
WIRE_NUMBERS = ("gain", "stderr", "points")  # the float args, sent as tenths


def _koi(card: Any, tr: Tr) -> str:
    """A Koi-Koi card as the move log names it ("Crane and sun (1)", "Pine plain")."""
    return koikoi_card(card, tr)


def _nar(a: dict[str, Any], tr: Tr) -> str:
    return nar_card(a["card"], tr)


Phrase = Callable[[dict[str, Any], Tr, bool], str]

# describe id -> the move as a phrase (what "you" would be doing); ``start``: the form that
# starts a sentence
_PHRASES: dict[str, Phrase] = {
    "koikoi.play": lambda a, tr, start: (
        # Translators: a move as a phrase, at the start of a sentence ("Playing the Moon (8):
        # about +1.2 points over stopping by the end of the deal.")
        tr.gettext("Playing the {card}") if start else tr.gettext("playing the {card}")
    ).format(card=_koi(a["card"], tr)),
    "koikoi.play_take": lambda a, tr, start: (
        tr.gettext("Playing the {card} to take the {take}")
        if start
        else tr.gettext("playing the {card} to take the {take}")
    ).format(card=_koi(a["card"], tr), take=_koi(a["take"], tr)),
    "koikoi.take": lambda a, tr, start: (
        tr.gettext("Taking the {card} with the drawn card")
        if start
        else tr.gettext("taking the {card} with the drawn card")
    ).format(card=_koi(a["card"], tr)),
    "koikoi.stop": lambda a, tr, start: tr.gettext("Stopping") if start else tr.gettext("stopping"),
    "koikoi.koikoi": lambda a, tr, start: (
        tr.gettext("Calling koi-koi") if start else tr.gettext("calling koi-koi")
    ),
    "nanatoridori.play": lambda a, tr, start: (
        (
            tr.gettext("Playing {count} × {value} ({reserve} from the reserve)")
            if start
            else tr.gettext("playing {count} × {value} ({reserve} from the reserve)")
        )
        if a["reserve"]
        else (
            tr.gettext("Playing {count} × {value}")
            if start
            else tr.gettext("playing {count} × {value}")
        )
    ).format(count=a["count"], value=a["value"], reserve=a["reserve"]),
    "nanatoridori.pass": lambda a, tr, start: (
        tr.gettext("Passing") if start else tr.gettext("passing")
    ),
    "nanatoridori.pass_reserve": lambda a, tr, start: (
        tr.gettext("Passing with the reserve {card}")
        if start
        else tr.gettext("passing with the reserve {card}")
    ).format(card=a["card"]),
    "nanatoridori.insert": lambda a, tr, start: (
        tr.gettext("Putting the cards into your hand")
        if start
        else tr.gettext("putting the cards into your hand")
    ),
    "nanatoridori.discard": lambda a, tr, start: (
        tr.gettext("Discarding the cards") if start else tr.gettext("discarding the cards")
    ),
    "nar.play": lambda a, tr, start: (
        # Translators: {card} is a Nar card ("red 12", "white 1")
        tr.gettext("Playing {card}") if start else tr.gettext("playing {card}")
    ).format(card=_nar(a, tr)),
    "nar.declare_out": lambda a, tr, start: (
        tr.gettext("Saying you will go out") if start else tr.gettext("saying you will go out")
    ),
    "nar.declare_stay": lambda a, tr, start: (
        tr.gettext("Saying you will not go out")
        if start
        else tr.gettext("saying you will not go out")
    ),
    "nimalia.place": lambda a, tr, start: (
        tr.gettext("Placing card {card} at row {row}, column {col}")
        if start
        else tr.gettext("placing card {card} at row {row}, column {col}")
    ).format(card=a["card"], row=a["row"] + 1, col=a["col"] + 1),
    "move": lambda a, tr, start: tr.gettext("That move") if start else tr.gettext("that move"),
}

PHRASE_IDS = frozenset(_PHRASES)  # every describe id (a test holds them equal)


def _shown(role: str, tr: Tr, start: bool) -> str:
    """A placement named by its role (a table shows where it is better than words do)."""
    if role == "move":
        return tr.gettext("The placement shown") if start else tr.gettext("the placement shown")
    if role == "yours":
        return tr.gettext("Your placement") if start else tr.gettext("your placement")
    return tr.gettext("The next best placement") if start else tr.gettext("the next best placement")


# Moves a table shows better than words (a placement is a spot on a grid): in a reason, the
# hint's move is the one the table points at, the other one the player's or the next best.
_SHOWN = frozenset({"nimalia.place"})


def phrase(
    said: dict[str, Any], role: str | None = None, tr: Tr | None = None, start: bool = False
) -> str:
    """A move description (``{"id", "args"}``) as a phrase: "playing the Crane and sun (1)"
    (``start``: "Playing …", to begin a sentence). With a ``role`` ("move": the hint's,
    "yours", "next": the one it is weighed against) a move the table shows better than words is
    named by that role."""
    tr = tr or gettext.NullTranslations()
    if role is not None and said["id"] in _SHOWN:
        return _shown(role, tr, start)
    return _PHRASES[said["id"]](said["args"], tr, start)


def _amount(value: float, unit: str, tr: Tr) -> str:
    """ "+1.2 points", "-0.5 penguins"."""
    number = f"{value:+.1f}"
    if unit == "penguins":
        # Translators: an estimate in Nanatoridori's penguins ("+0.5 penguins")
        return tr.gettext("{value} penguins").format(value=number)
    # Translators: an estimate in points ("+1.2 points")
    return tr.gettext("{value} points").format(value=number)


def _better(a: dict[str, Any], tr: Tr) -> str:
    args = {
        "move": phrase(a["move"], "move", tr, start=True),
        "other": phrase(a["other"], a["versus"], tr),
        "gain": _amount(a["gain"], a["unit"], tr),
    }
    if a["horizon"] == "game":
        # Translators: {move} and {other} are moves as phrases ("Playing the Moon (8)",
        # "stopping"); {gain} an estimate ("+1.2 points")
        return tr.gettext("{move}: about {gain} over {other} by the end of the game.").format(
            **args
        )
    if a["game"] == "koikoi":
        return tr.gettext("{move}: about {gain} over {other} by the end of the deal.").format(
            **args
        )
    return tr.gettext("{move}: about {gain} over {other} by the end of the round.").format(**args)


def _agree(a: dict[str, Any], tr: Tr) -> str:
    args = {
        "move": phrase(a["move"], "move", tr, start=True),
        "points": _amount(a["points"], a["unit"], tr),
    }
    if a["horizon"] == "game":
        # Translators: {move} is a move as a phrase ("Playing the Moon (8)"); {points} an
        # estimate ("+1.2 points")
        return tr.gettext(
            "{move} is the bot's choice too: about {points} by the end of the game."
        ).format(**args)
    if a["game"] == "koikoi":
        return tr.gettext(
            "{move} is the bot's choice too: about {points} by the end of the deal."
        ).format(**args)
    return tr.gettext(
        "{move} is the bot's choice too: about {points} by the end of the round."
    ).format(**args)


_TEMPLATES: dict[str, Callable[[dict[str, Any], Tr], str]] = {
    "advice.better": _better,
    # Translators: {move} and {other} are moves as phrases ("Playing the Moon (8)", "stopping")
    "advice.close": lambda a, tr: tr.gettext(
        "{move} or {other}: about the same, as far as the samples can tell."
    ).format(
        move=phrase(a["move"], "move", tr, start=True),
        other=phrase(a["other"], a["versus"], tr),
    ),
    "advice.agree": _agree,
    # Translators: {move} is a move as a phrase ("Playing the Moon (8)")
    "advice.only": lambda a, tr: tr.gettext("{move} is the only move.").format(
        move=phrase(a["move"], "move", tr, start=True)
    ),
}

MESSAGE_IDS = frozenset(_TEMPLATES)


def render(said: Any, tr: Tr | None = None) -> str:
    """The sentence for an ``advice.*`` :class:`~chabudai.engines.describe.Said` (or its plain
    ``{"id", "args"}`` form) in the language of ``tr`` (English without one); ``KeyError`` for
    an unknown id."""
    if isinstance(said, dict):
        ident, args = said["id"], said["args"]
    else:
        ident, args = said.id, said.args
    return _TEMPLATES[ident](args, tr or gettext.NullTranslations())


def to_wire(said: Any) -> dict[str, Any]:
    """``{"reason_id", "args"}`` for a ``hint`` frame: the reason as plain data without floats
    (``gain``, ``stderr`` and ``points`` in tenths, ``round(x * 10)``)."""
    if isinstance(said, dict):
        ident, args = said["id"], dict(said["args"])
    else:
        ident, args = said.id, dict(said.args)
    for key in WIRE_NUMBERS:
        if isinstance(args.get(key), (int, float)):
            args[key] = round(args[key] * 10)
    return {"reason_id": ident, "args": args}


def from_wire(args: dict[str, Any]) -> dict[str, Any]:
    """The args of a ``hint`` frame as :func:`render` reads them (tenths back to numbers)."""
    out = dict(args)
    for key in WIRE_NUMBERS:
        if isinstance(out.get(key), int) and not isinstance(out.get(key), bool):
            out[key] = out[key] / 10
    return out


__all__ = ["MESSAGE_IDS", "PHRASE_IDS", "from_wire", "phrase", "render", "to_wire"]
