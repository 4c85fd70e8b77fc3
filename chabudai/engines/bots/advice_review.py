"""A review of one seat's game: every decision it made, weighed against the hard bot's.

``review(record, seat, iterations) -> Review`` replays an engine record (``state.record()``:
``{game, players, options, seed, moves, deals}``, dealt again by :func:`engines.replay
<chabudai.engines.registry.replay>`) and at each decision of ``seat`` with more than one legal
move takes that seat's view at the moment the decision was put to it (for a simultaneous step,
Nimalia's, the view before any seat of the step moved), asks the hard bot for its move at
``iterations`` and, when the move played was another, measures both on the same ``samples``
determinizations with the same dice (:func:`chabudai.engines.bots.advice.measure`: points to the
end of the round, of the game for Nimalia). The *loss* is the bot's move's points minus the
played move's.

Marks (:func:`mark`), per game in the estimate's unit (:data:`THRESHOLDS`):

- **mistake**: the loss is at least the game's mistake threshold;
- **inaccuracy**: at least its inaccuracy threshold;
- **fine**: anything else, the bot's own move, and *every* loss within ``Z`` (2) standard errors
  of the paired difference: a move the bot cannot tell apart from its own is never marked.

How the noise is kept down: the two moves share determinizations and playout dice (common random
numbers, so only the moves' own effect differs), the playouts stop at the end of the round (the
horizon where a decision's effect is largest against the luck of later deals), the loss must
clear its standard error as well as the threshold, and a decision whose moves agree costs
nothing (no sampling at all). What is left is a sample estimate of what the seat could not see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from chabudai.engines import registry
from chabudai.engines.base import Move, View
from chabudai.engines.bots.advice import (
    Budget,
    Watch,
    Z,
    bot_move,
    describe,
    horizon_of,
    measure,
    paired,
    said_dict,
    unit_of,
)
from chabudai.engines.bots.common import move_key, view_digest
from chabudai.engines.bots.policy import policy_for
from chabudai.engines.describe import Said

# game -> (inaccuracy, mistake): points (Nanatoridori: penguins) lost against the bot's move.
# Koi-Koi: a deal is typically worth 1-6 points; Nanatoridori: a round moves a penguin or two;
# Nar: a round moves ten to twenty points; Nimalia: measured to the end of the game.
THRESHOLDS: dict[str, tuple[float, float]] = {
    "koikoi": (0.5, 1.5),
    "nanatoridori": (0.25, 0.6),
    "nar": (2.0, 5.0),
    "nimalia": (2.0, 5.0),
}
MARKS = ("fine", "inaccuracy", "mistake")
DEFAULT_ITERATIONS = 200
DEFAULT_SAMPLES = 48

ReviewProgress = Callable[[int, int], None]


def thresholds_for(game: str) -> tuple[float, float]:
    """The game's (inaccuracy, mistake) thresholds; for a game without its own, a tenth and a
    quarter of its policy's typical score margin."""
    found = THRESHOLDS.get(game)
    if found is not None:
        return found
    scale = policy_for(game).score_scale
    return (0.1 * scale, 0.25 * scale)


def mark(game: str, loss: float, stderr: float) -> str:
    """``fine``, ``inaccuracy`` or ``mistake`` for a move ``loss`` worse than the bot's, measured
    with ``stderr``; never a mark within ``Z`` standard errors."""
    if loss <= Z * stderr:
        return "fine"
    inaccuracy, mistake = thresholds_for(game)
    if loss >= mistake:
        return "mistake"
    return "inaccuracy" if loss >= inaccuracy else "fine"


@dataclass(frozen=True)
class Point:
    """A decision of the reviewed seat in a record: where, what it saw, what it could play."""

    index: int  # in record["moves"]
    view: View
    legal: list[Move]
    played: Move


@dataclass(frozen=True)
class Decision:
    """One reviewed decision."""

    index: int
    round: int  # 1-based deal or round the decision belongs to, as far as the view tells
    played: Move
    best: Move
    played_said: Said
    best_said: Said
    loss: float
    stderr: float
    mark: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "round": self.round,
            "played": self.played,
            "best": self.best,
            "played_said": said_dict(self.played_said),
            "best_said": said_dict(self.best_said),
            "loss": round(self.loss, 3),
            "stderr": round(self.stderr, 3),
            "mark": self.mark,
        }


@dataclass(frozen=True)
class Review:
    """Every decision of one seat, and the summary."""

    game: str
    seat: int
    iterations: int
    samples: int
    unit: str
    horizon: str
    thresholds: tuple[float, float]
    decisions: tuple[Decision, ...]
    forced: int  # decisions with a single legal move, not reviewed
    summary: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        count = {m: sum(d.mark == m for d in self.decisions) for m in MARKS}
        lost = sum(max(0.0, d.loss) for d in self.decisions if d.mark != "fine")
        mistakes = sum(d.loss for d in self.decisions if d.mark == "mistake")
        object.__setattr__(
            self,
            "summary",
            {
                "decisions": len(self.decisions),
                "forced": self.forced,
                "agreed": sum(move_key(d.played) == move_key(d.best) for d in self.decisions),
                "inaccuracies": count["inaccuracy"],
                "mistakes": count["mistake"],
                "points_lost": round(lost, 2),
                "mistake_points": round(mistakes, 2),
            },
        )

    def marked(self, *marks: str) -> list[Decision]:
        wanted = marks or ("inaccuracy", "mistake")
        return [d for d in self.decisions if d.mark in wanted]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "iterations": self.iterations,
            "samples": self.samples,
            "unit": self.unit,
            "horizon": self.horizon,
            "thresholds": {"inaccuracy": self.thresholds[0], "mistake": self.thresholds[1]},
            "decisions": [d.to_dict() for d in self.decisions],
            "summary": dict(self.summary),
        }


def decisions_of(record: Mapping[str, Any], seat: int) -> tuple[list[Point], int]:
    """Replay ``record`` and collect ``seat``'s decisions with a choice (and count the forced
    ones). ``ValueError`` for a record that does not replay or a seat not in the game."""
    players = record.get("players")
    if not isinstance(players, int) or not 0 <= seat < players:
        raise ValueError(f"seat {seat} is not a seat of this {players}-player game")
    state = registry.replay({**record, "moves": []})
    points: list[Point] = []
    forced = 0
    seen: tuple[View, list[Move]] | None = None  # the view when the decision was put to it
    for index, entry in enumerate(record["moves"]):
        if seen is None and seat in state.to_move:
            seen = (state.view(seat), state.legal_moves(seat))
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise ValueError(f"replay move {index} must be [seat, move], not {entry!r}")
        who, move = entry
        if who == seat and seen is not None:
            view, legal = seen
            if len(legal) > 1:
                points.append(Point(index, view, legal, move))
            else:
                forced += 1
            seen = None
        state.apply(who, move)
    return points, forced


def round_of(view: View) -> int:
    for key in ("round", "deal"):
        value = view.get(key)
        if isinstance(value, int):
            return value
    history = view.get("history")
    return len(history) + 1 if isinstance(history, list) else 1


def weigh(
    engine: Any,
    point: Point,
    seat: int,
    budget: Budget,
    watch: Watch | None = None,
) -> Decision:
    """One decision of ``seat`` reviewed: the bot's move at ``budget.iterations`` and, when the
    move played was another, both measured on the same ``budget.samples`` determinizations."""
    watch = watch or Watch(1.0, None, None)
    best = bot_move(engine, point.view, point.legal, budget, watch)
    loss, stderr = 0.0, 0.0
    if move_key(best) != move_key(point.played):
        rng = random.Random(f"review:{budget.seed}:{view_digest(point.view)}")
        rows = measure(engine, point.view, seat, [best, point.played], budget.samples, rng, watch)
        loss, stderr = paired(rows, 0, 1)
    return decided(engine, point, seat, best, loss, stderr, mark(engine.name, loss, stderr))


def decided(
    engine: Any, point: Point, seat: int, best: Move, loss: float, stderr: float, marked: str
) -> Decision:
    """The :class:`Decision` at ``point``: what was found, with both moves described."""
    return Decision(
        index=point.index,
        round=round_of(point.view),
        played=point.played,
        best=best,
        played_said=describe(engine, point.view, seat, point.played),
        best_said=describe(engine, point.view, seat, best),
        loss=loss,
        stderr=stderr,
        mark=marked,
    )


def weigh_point(game: str, point: Point, seat: int, budget: Budget) -> Decision:
    """:func:`weigh` by the game's name: what a worker process is sent (plain arguments), so a
    review can be thought about one decision at a time off the window's process."""
    return weigh(registry.get(game), point, seat, budget)


def assemble(
    record: Mapping[str, Any],
    seat: int,
    budget: Budget,
    decisions: tuple[Decision, ...],
    forced: int,
) -> Review:
    """The :class:`Review` of ``record`` made of ``decisions`` already weighed."""
    engine = registry.get(record["game"])
    options = engine.saved_options(record["players"], record.get("options") or {})
    return Review(
        game=engine.name,
        seat=seat,
        iterations=budget.iterations,
        samples=budget.samples,
        unit=unit_of(engine.name, dict(options)),
        horizon=horizon_of(engine.name),
        thresholds=thresholds_for(engine.name),
        decisions=decisions,
        forced=forced,
    )


def review(
    record: Mapping[str, Any],
    seat: int,
    iterations: int = DEFAULT_ITERATIONS,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    progress: ReviewProgress | None = None,
    cancel: Callable[[], bool] | None = None,
) -> Review:
    """Review ``seat``'s decisions in ``record`` (see the module docstring);
    ``progress(done, total)`` after each decision, ``cancel()`` asked between iterations
    (:class:`~chabudai.engines.bots.advice.Cancelled`)."""
    points, forced = decisions_of(record, seat)
    engine = registry.get(record["game"])
    budget = Budget(iterations=iterations, samples=samples, seed=seed)
    out = []
    watch = Watch(1.0, None, cancel)
    for done, point in enumerate(points):
        watch.check()
        out.append(weigh(engine, point, seat, budget, watch))
        if progress is not None:
            progress(done + 1, len(points))
    return assemble(record, seat, budget, tuple(out), forced)


__all__ = [
    "MARKS",
    "THRESHOLDS",
    "Decision",
    "Point",
    "Review",
    "assemble",
    "decided",
    "decisions_of",
    "mark",
    "review",
    "weigh",
    "weigh_point",
]
