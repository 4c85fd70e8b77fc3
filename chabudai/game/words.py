"""The client's one place that turns a :class:`~chabudai.engines.base.Said` (a message id and
plain arguments from ``engines/describe.py``: a move, a host event, the reason a move was
refused; or an ``advice.*`` hint reason from ``engines/bots/advice_text.py``) into the words a
player reads, in the player's language (:func:`chabudai.i18n.current`, asked at each call, so a
change of language shows on the next line worded)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from chabudai import i18n
from chabudai.engines.base import Said
from chabudai.engines.bots import advice_text
from chabudai.engines.describe import render


def say(said: Said, name_of: Callable[[int], str] | None = None, me: int | None = None) -> str:
    """The words for ``said``: ``name_of(seat)`` names a seat, ``me`` (the player's own seat)
    is "You". An id this client does not know (a newer host) says nothing: ""."""
    try:
        return render(said, name_of, me, tr=i18n.current())
    except (KeyError, IndexError, TypeError, ValueError):
        return ""


def refusal(said: Said, fallback: str = "") -> str:
    """The words for a refused move, said to the player who tried it (``fallback``: the host's
    English, for a reason this client cannot word)."""
    return say(said, me=said.args.get("seat")) or fallback


def rejection(frame: Mapping[str, Any]) -> str:
    """The words for a host's ``reject`` frame: from its ``reason_id`` and ``args`` when it
    has them (docs/PROTOCOL.md), else its English ``reason`` (an older host)."""
    fallback = str(frame.get("reason") or "")
    said_id, args = frame.get("reason_id"), frame.get("args")
    if not isinstance(said_id, str) or not isinstance(args, dict):
        return fallback
    return refusal(Said(said_id, args), fallback)


def advice(said: Any, fallback: str = "") -> str:
    """The words for a hint's or a review's reason (an ``advice.*`` Said or its plain
    ``{"id", "args"}`` form, as the host's ``hint`` frame carries it in ``reason_id`` and
    ``args``), in the player's language; ``fallback`` (the host's English ``reason``) for one
    this client cannot word."""
    try:
        return advice_text.render(said, tr=i18n.current())
    except (KeyError, IndexError, TypeError, ValueError):
        return fallback


def hint_reason(frame: Mapping[str, Any]) -> str:
    """The words for a host's ``hint`` frame: from ``reason_id`` and ``args`` when it has them,
    else its English ``reason`` (an older host)."""
    fallback = str(frame.get("reason") or "")
    said_id, args = frame.get("reason_id"), frame.get("args")
    if not isinstance(said_id, str) or not isinstance(args, dict):
        return fallback
    return advice({"id": said_id, "args": advice_text.from_wire(args)}, fallback)


def hint_refusal(frame: Mapping[str, Any]) -> str:
    """The words for a ``reject`` of a hint request (``about: "hint"``): from its ``code``
    (docs/PROTOCOL.md §5a), else its English ``reason``."""
    from chabudai.net.hints import HINT_REFUSALS

    msgid = HINT_REFUSALS.get(str(frame.get("code")))
    return i18n._(msgid) if msgid else rejection(frame)


__all__ = ["advice", "hint_reason", "hint_refusal", "refusal", "rejection", "say"]
