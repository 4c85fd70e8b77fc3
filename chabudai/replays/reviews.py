"""A review kept in its replay file (issue 32), so a game is reviewed once.

The replay map's optional ``reviews`` key (docs/REPLAY.md) holds, per reviewed seat (the seat
number as a string: msgpack map keys are strings), what the review found and nothing the replay
already holds: the budget, and for every decision with a choice its move index, the bot's move,
the loss and its standard error in thousandths (the file holds no floats) and the mark. The
descriptions of the moves are made again from the replay when it is read.

:func:`from_field` trusts nothing: a review that is not a map of the right kinds, lists a
decision the seat did not have, a move the seat could not play or a mark that is not one, or
misses one of the seat's decisions, is ignored (None), and the replay opens as without it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chabudai.engines import registry
from chabudai.engines.bots.advice import Budget
from chabudai.engines.bots.advice_review import (
    MARKS,
    Review,
    assemble,
    decided,
    decisions_of,
)
from chabudai.engines.bots.common import move_key
from chabudai.replays.file import Replay

MILLI = 1000


def to_field(review: Review) -> dict[str, Any]:
    """``review`` as the plain map the file keeps for its seat."""
    return {
        "iterations": review.iterations,
        "samples": review.samples,
        "decisions": [
            {
                "index": d.index,
                "best": d.best,
                "loss": round(d.loss * MILLI),
                "stderr": round(d.stderr * MILLI),
                "mark": d.mark,
            }
            for d in review.decisions
        ],
    }


def keep(replay: Replay, review: Review) -> None:
    """Put ``review`` into ``replay`` (replacing an earlier review of that seat)."""
    replay.reviews = {**replay.reviews, str(review.seat): to_field(review)}


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("not an int")
    return value


def from_field(replay: Replay, seat: int) -> Review | None:
    """The review of ``seat`` kept in ``replay``, or None when there is none or it does not hold
    together (see the module docstring)."""
    raw = replay.reviews.get(str(seat))
    if not isinstance(raw, Mapping):
        return None
    try:
        record = replay.record()
        budget = Budget(iterations=_int(raw["iterations"]), samples=_int(raw["samples"]))
        points, forced = decisions_of(record, seat)
        rows = raw["decisions"]
        if not isinstance(rows, list) or len(rows) != len(points):
            return None
        engine = registry.get(replay.game)
        decisions = []
        for point, row in zip(points, rows, strict=True):
            if not isinstance(row, Mapping) or _int(row["index"]) != point.index:
                return None
            best = row["best"]
            if move_key(best) not in {move_key(m) for m in point.legal}:
                return None
            if row["mark"] not in MARKS:
                return None
            loss, stderr = _int(row["loss"]) / MILLI, _int(row["stderr"]) / MILLI
            decisions.append(decided(engine, point, seat, best, loss, stderr, row["mark"]))
        return assemble(record, seat, budget, tuple(decisions), forced)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


__all__ = ["from_field", "keep", "to_field"]
