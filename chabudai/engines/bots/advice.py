"""Advice from the hard bot: what it would play from a seat's view, and what each move is worth.

``hint(view, seat, budget) -> Advice`` reads the seat's view and nothing else (the legal moves
come from a determinization of that view, ``engine.from_view``), so the same view and the same
``Budget.seed`` give the same advice whatever the cards the seat cannot see.

**The bot's move** is the hard bot's (:class:`~chabudai.engines.bots.hard.HardBot` at
``Budget.iterations``, deterministic for a seed).

**The estimate** of a move is in *points*, for every game: the seat's score margin over the mean
of the other seats (for Koi-Koi the lead over the opponent) that the move gains from now to the
horizon, on average over ``Budget.samples`` determinizations of the view played on by the game's
rollout policy (:func:`~chabudai.engines.bots.hard.playout`). The horizon is the end of the
current deal or round (the policy's ``cutoff_marker``: K-29, N-22, R-21), and for Nimalia the end
of the game (cards stay in the reserve and score again in later rounds, M-26). Points rather than
a chance to win: one decision moves the chance to win a 12-deal game by too little to measure
with a few dozen samples, while the points of the deal or round it belongs to are measured well.
Nanatoridori's basic scoring counts penguins (N-23), so its unit is "penguins".

**Common random numbers**: every candidate move is played on the same determinizations, and
from each determinization with the same playout dice (one seed per sample), so the difference
between two moves is measured pair by pair and the hidden cards' luck cancels out. The standard
error of that paired difference says how far a difference can be trusted: two moves within
``Z`` standard errors are "about the same" (:func:`paired`).

Long searches are cancellable: ``cancel()`` (e.g. ``threading.Event.is_set``) is asked between
iterations and samples and raises :class:`Cancelled`; ``progress(fraction)`` reports the work
done. The reason is a structured :class:`~chabudai.engines.describe.Said` (``advice.*`` ids,
rendered by :mod:`chabudai.engines.bots.advice_text`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from chabudai.engines import registry
from chabudai.engines.base import Engine, GameState, Move, View
from chabudai.engines.bots.common import move_key, view_digest
from chabudai.engines.bots.hard import HardBot, playout
from chabudai.engines.bots.policy import GamePolicy, policy_for
from chabudai.engines.describe import Said, describe_move

Z = 2.0  # standard errors a paired difference must exceed to count as a real difference
HORIZON = {"nimalia": "game"}  # games measured to the end of the game; the rest: the round
LEGAL_SEED = 0  # the determinization the legal moves are read from (any gives the same moves)

Progress = Callable[[float], None]
Cancel = Callable[[], bool]


class Cancelled(Exception):
    """The advice or review was cancelled before it was done."""


@dataclass(frozen=True)
class Budget:
    """How hard the advice thinks: the hard bot's search iterations, the samples (shared
    determinizations) each estimate averages over, and the seed that makes both repeatable."""

    iterations: int = 400
    samples: int = 32
    seed: int = 0
    max_candidates: int = 10  # moves estimated besides the bot's and the compared one

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations!r}")
        if self.samples < 2:
            raise ValueError(f"samples must be at least 2, not {self.samples!r}")
        if self.max_candidates < 1:
            raise ValueError(f"max_candidates must be at least 1, not {self.max_candidates!r}")


@dataclass(frozen=True)
class Estimate:
    """One candidate move: its mean points to the horizon, and its paired difference to the
    bot's move (this move minus the bot's, with the standard error of that difference)."""

    move: Move
    said: Said
    points: float
    diff: float
    stderr: float


@dataclass(frozen=True)
class Advice:
    """The hard bot's move for one decision, every candidate's estimate, and the reason."""

    game: str
    seat: int
    move: Move
    said: Said
    estimates: tuple[Estimate, ...]  # the bot's move first, then the others best first
    reason: Said
    unit: str
    horizon: str
    samples: int

    def estimate_of(self, move: Move) -> Estimate | None:
        key = move_key(move)
        return next((e for e in self.estimates if move_key(e.move) == key), None)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON / msgpack), floats rounded to what a sample estimate is worth."""
        return {
            "game": self.game,
            "seat": self.seat,
            "move": self.move,
            "said": said_dict(self.said),
            "reason": said_dict(self.reason),
            "unit": self.unit,
            "horizon": self.horizon,
            "samples": self.samples,
            "estimates": [
                {
                    "move": e.move,
                    "said": said_dict(e.said),
                    "points": round(e.points, 3),
                    "diff": round(e.diff, 3),
                    "stderr": round(e.stderr, 3),
                }
                for e in self.estimates
            ],
        }


def said_dict(said: Said) -> dict[str, Any]:
    """A :class:`Said` as plain data (``{"id", "args"}``), nested descriptions included."""
    return {"id": said.id, "args": said.args}


class Watch:
    """Progress and cancel for one piece of work measured in ``total`` steps."""

    def __init__(self, total: float, progress: Progress | None, cancel: Cancel | None) -> None:
        self.total = max(total, 1.0)
        self.done = 0.0
        self.progress = progress
        self.cancel = cancel
        self.cancelled = False

    def check(self) -> None:
        if self.cancelled or (self.cancel is not None and self.cancel()):
            self.cancelled = True
            raise Cancelled

    def step(self, amount: float = 1.0) -> None:
        self.check()
        self.done += amount
        if self.progress is not None:
            self.progress(min(1.0, self.done / self.total))

    def tick(self) -> Callable[[int], bool]:
        """A :meth:`HardBot.choose` ``tick``: one step per iteration; stops on cancel."""

        def tick(done: int) -> bool:
            if self.cancel is not None and self.cancel():
                self.cancelled = True
                return True
            self.done += 1
            if self.progress is not None and done % 16 == 0:
                self.progress(min(1.0, self.done / self.total))
            return False

        return tick


# ---------------------------------------------------------------------- measuring


def unit_of(game: str, options: dict[str, Any]) -> str:
    """What the estimates count: penguins for Nanatoridori's basic scoring (N-23), else points."""
    return "penguins" if game == "nanatoridori" and options.get("scoring") == "basic" else "points"


def horizon_of(game: str) -> str:
    return HORIZON.get(game, "round")


def margin(state: GameState, seat: int, policy: GamePolicy) -> float:
    """``seat``'s score over the mean of the other seats' (sign turned for games where lower
    scores are better)."""
    scores = state.result()["scores"] if state.is_over else state.view(None)["scores"]
    n = len(scores)
    if n < 2:
        return float(scores[seat])
    lead = scores[seat] - (sum(scores) - scores[seat]) / (n - 1)
    return float(lead if policy.higher_is_better else -lead)


def measure(
    engine: Engine,
    view: View,
    seat: int,
    moves: Sequence[Move],
    samples: int,
    rng: random.Random,
    watch: Watch | None = None,
) -> list[list[float]]:
    """``rows[r][i]``: the points move ``i`` gains for ``seat`` by the horizon on
    determinization ``r``; every move of a row sees the same hidden cards and the same dice."""
    policy = policy_for(engine.name)
    game_long = horizon_of(engine.name) == "game"
    rows = []
    for _ in range(samples):
        sample = engine.from_view(view, rng)
        row_seed = rng.getrandbits(64)
        marker = None if game_long else policy.cutoff_marker(sample)
        start = margin(sample, seat, policy)
        row = []
        for move in moves:
            state = sample.clone()
            state.apply_unchecked(seat, move)
            playout(policy, state, random.Random(row_seed), marker, seat)
            row.append(margin(state, seat, policy) - start)
        rows.append(row)
        if watch is not None:
            watch.step(len(moves))
    return rows


def paired(rows: Sequence[Sequence[float]], a: int, b: int) -> tuple[float, float]:
    """Mean of ``row[a] - row[b]`` over the rows and the standard error of that mean."""
    diffs = [row[a] - row[b] for row in rows]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def legal_from_view(engine: Engine, view: View, seat: int) -> list[Move]:
    """``seat``'s legal moves, from a determinization of its view (they depend on the view
    alone: the contract's ``from_view(view).view(seat) == view``)."""
    return engine.from_view(view, random.Random(LEGAL_SEED)).legal_moves(seat)


def describe(engine: Engine, view: View, seat: int, move: Move) -> Said:
    """:func:`describe_move` on a determinization of the view (it reads only the seat's hand)."""
    return describe_move(engine.from_view(view, random.Random(LEGAL_SEED)), seat, move)


def bot_move(
    engine: Engine, view: View, legal: list[Move], budget: Budget, watch: Watch | None = None
) -> Move:
    """The hard bot's move at ``budget`` (deterministic for its seed and the view)."""
    bot = HardBot(seed=budget.seed, iterations=budget.iterations)
    tick = watch.tick() if watch is not None else None
    move = bot.choose(engine, view, legal, tick=tick)
    if watch is not None:
        watch.check()
    return move


# ---------------------------------------------------------------------- the hint


def _candidates(
    engine: Engine, view: View, legal: list[Move], first: list[Move], budget: Budget
) -> list[Move]:
    """The moves estimated: ``first`` (the bot's, the compared one), then the policy's root
    candidates (ranked best first when it prunes), up to ``max_candidates`` more."""
    out: list[Move] = []
    keys: set[Any] = set()
    rng = random.Random(f"advice-candidates:{budget.seed}:{view_digest(view)}")
    ranked = policy_for(engine.name).root_candidates(view, legal, rng)
    for move in [*first, *(legal[i] for i in ranked)]:
        key = move_key(move)
        if key in keys:
            continue
        if len(out) >= len(first) + budget.max_candidates:
            break
        keys.add(key)
        out.append(move)
    return out


def hint(
    view: View,
    seat: int,
    budget: Budget | None = None,
    compare: Move | None = None,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> Advice:
    """The hard bot's advice for ``seat`` from ``view`` alone; ``compare`` is the move the
    player is about to make (the reason weighs the bot's move against it, otherwise against the
    best other candidate). ``ValueError`` if the view is not ``seat``'s or it has no decision."""
    budget = budget or Budget()
    if view.get("seat") != seat:
        raise ValueError(f"the view is seat {view.get('seat')!r}'s, not seat {seat}'s")
    engine = registry.get(view["game"])
    legal = legal_from_view(engine, view, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no decision to make now")
    keys = [move_key(m) for m in legal]
    if compare is not None and move_key(compare) not in keys:
        raise ValueError(f"{compare!r} is not a legal move for seat {seat} now")
    policy = policy_for(engine.name)
    search = 0 if len(legal) < 2 else round(budget.iterations * policy.search_weight(view, legal))
    width = min(len(legal), budget.max_candidates + 2)
    watch = Watch(search + budget.samples * width, progress, cancel)
    move = bot_move(engine, view, legal, budget, watch) if len(legal) > 1 else legal[0]
    first = [move] if compare is None or move_key(compare) == move_key(move) else [move, compare]
    moves = _candidates(engine, view, legal, first, budget)
    watch.total = watch.done + budget.samples * len(moves)  # the search may end early
    rng = random.Random(f"advice:{budget.seed}:{view_digest(view)}")
    rows = measure(engine, view, seat, moves, budget.samples, rng, watch)
    n = len(rows)
    estimates = []
    for i, m in enumerate(moves):
        diff, stderr = paired(rows, i, 0) if i else (0.0, 0.0)
        points = sum(row[i] for row in rows) / n
        estimates.append(Estimate(m, describe(engine, view, seat, m), points, diff, stderr))
    ordered = (estimates[0], *sorted(estimates[1:], key=lambda e: -e.points))
    other = None
    if compare is not None:
        other = next(e for e in estimates if move_key(e.move) == move_key(compare))
    elif len(ordered) > 1:
        other = ordered[1]
    options = dict(view.get("options") or {})
    advice = Advice(
        game=engine.name,
        seat=seat,
        move=move,
        said=estimates[0].said,
        estimates=ordered,
        reason=_reason(
            engine.name, estimates[0], other, unit_of(engine.name, options), compare is not None
        ),
        unit=unit_of(engine.name, options),
        horizon=horizon_of(engine.name),
        samples=n,
    )
    return advice


def _reason(
    game: str, best: Estimate, other: Estimate | None, unit: str, compared: bool = False
) -> Said:
    """``advice.only`` (one legal move), ``advice.agree`` (the compared move is the bot's),
    ``advice.better`` (the bot's move is ahead by more than the sampling error) or
    ``advice.close`` (the two cannot be told apart)."""
    args: dict[str, Any] = {
        "game": game,
        "move": said_dict(best.said),
        "points": round(best.points, 1),
        "unit": unit,
        "horizon": horizon_of(game),
    }
    if other is None:
        return Said("advice.only", args)
    if other is best:
        return Said("advice.agree", args)
    args["other"] = said_dict(other.said)
    args["versus"] = "yours" if compared else "next"
    gain = -other.diff
    args["gain"] = round(gain, 1)
    args["stderr"] = round(other.stderr, 1)
    if gain > Z * other.stderr and round(gain, 1) > 0:
        return Said("advice.better", args)
    return Said("advice.close", args)


__all__ = [
    "Advice",
    "Budget",
    "Cancelled",
    "Estimate",
    "Watch",
    "hint",
    "measure",
    "paired",
]
