"""The client's one place that turns a :class:`~chabudai.engines.base.Said` (a message id and
plain arguments from ``engines/describe.py``: a move, a host event, the reason a move was
refused) into the words a player reads. A translation of the client keys on the Said ids here,
and only here; today the words are the engines' English."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from chabudai.engines.base import Said
from chabudai.engines.describe import render


def say(said: Said, name_of: Callable[[int], str] | None = None, me: int | None = None) -> str:
    """The words for ``said``: ``name_of(seat)`` names a seat, ``me`` (the player's own seat)
    is "You". An id this client does not know (a newer host) says nothing: ""."""
    try:
        return render(said, name_of, me)
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


__all__ = ["refusal", "rejection", "say"]
