"""The per-game policy interface and where to find each game's policy.

A game's module ``engines/bots/<game>.py`` defines ``POLICY``, an instance of a
:class:`GamePolicy` subclass. Games without one get the generic policy (random play, outcome by
rank), so every level works for every registered game.

- ``easy`` / ``normal`` decide from the seat's view and legal moves only.
- ``rollout`` is the fast version of ``normal`` the hard bot uses in playouts: it reads the
  determinized state directly (a hypothesis built by ``from_view``, never the host's state).
- ``rewards`` / ``cutoff`` / ``evaluate`` turn a playout into each seat's outcome in [0, 1].
"""

from __future__ import annotations

import importlib
import random
from functools import lru_cache
from typing import Any

from chabudai.engines.base import GameState, Move, View
from chabudai.engines.bots.common import margin_rewards, rank_rewards


class GamePolicy:
    """Defaults shared by every game; subclasses override what they know better."""

    higher_is_better = True  # are bigger scores better?
    score_scale = 10.0  # a typical score margin, for the margin part of the reward
    margin_weight = 0.1  # share of the reward given by the score margin (rest: rank)
    rollout_epsilon = 0.1  # chance of a uniformly random move in a playout
    max_tree_depth: int | None = None  # tree decisions per iteration before the playout
    points_per_deal = False  # tournaments report points per deal (games of several deals)

    def easy(self, view: View, legal: list[Move], rng: random.Random) -> Move:
        return rng.choice(legal)

    def normal(self, view: View, legal: list[Move], rng: random.Random) -> Move:
        return self.easy(view, legal, rng)

    def root_candidates(self, view: View, legal: list[Move], rng: random.Random) -> list[int]:
        """Indices of the legal moves the hard bot searches: all of them in order, or a pruned
        list ranked best first, the normal policy's choice first (the hard bot's default)."""
        return list(range(len(legal)))

    def search_weight(self, view: View, legal: list[Move]) -> float:
        """The share of the hard bot's per-decision budget (iterations or seconds) this decision
        may spend: above 1 for the decisions that matter most. The root race stops a clear
        decision early whatever its weight, so a weight costs budget only where the race is
        still close when the budget runs out."""
        return 1.0

    def rollout(self, state: GameState, seat: int, legal: list[Move], rng: random.Random) -> Move:
        return rng.choice(legal)

    def playout_move(self, state: GameState, seat: int, rng: random.Random) -> Move:
        """A playout's move for ``seat``: :meth:`rollout`'s, or a random legal move with chance
        ``rollout_epsilon``. Games may override it with a faster equivalent (the hot loop)."""
        legal = state.legal_moves(seat)
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.rollout_epsilon:
            return rng.choice(legal)
        return self.rollout(state, seat, legal, rng)

    def cutoff_marker(self, state: GameState) -> Any:
        """A value that changes when a playout may stop early (e.g. the deal number)."""
        return None

    def evaluate(self, state: GameState) -> list[float]:
        """Each seat's reward for a playout stopped at ``cutoff_marker`` change (not over)."""
        return self.score_rewards(list(state.view(None)["scores"]), [])

    def rewards(self, state: GameState) -> list[float]:
        """Each seat's reward for a finished game: rank first, a little score margin."""
        result = state.result()
        return self.score_rewards(result["scores"], result["winners"])

    def score_rewards(self, scores: list[float], winners: list[int]) -> list[float]:
        """Each seat's reward for ``scores`` and ``winners``: rank first, a little score margin
        (``margin_weight``); see :func:`outcome_rewards`."""
        return list(
            outcome_rewards(
                tuple(scores),
                tuple(winners),
                self.higher_is_better,
                self.score_scale,
                self.margin_weight,
            )
        )


@lru_cache(maxsize=1 << 12)
def outcome_rewards(
    scores: tuple[float, ...],
    winners: tuple[int, ...],
    higher_is_better: bool,
    score_scale: float,
    margin_weight: float,
) -> tuple[float, ...]:
    """:meth:`GamePolicy.score_rewards` as a pure function of hashable values, cached: every
    playout ends with one, and most end with one of a few standings (it costs more to compute
    than a whole Nanatoridori move). A hit is always the right answer, whichever policy asks,
    since the policy's figures are part of the key."""
    rank = rank_rewards(scores, winners, higher_is_better)
    if not margin_weight:
        return tuple(rank)
    margin = margin_rewards(scores, score_scale, higher_is_better)
    w = margin_weight
    return tuple((1 - w) * r + w * m for r, m in zip(rank, margin, strict=True))


GENERIC = GamePolicy()
_CACHE: dict[str, GamePolicy] = {}


def policy_for(game: str) -> GamePolicy:
    """The policy of ``game`` (``engines/bots/<game>.py: POLICY``), or the generic one."""
    found = _CACHE.get(game)
    if found is None:
        try:
            module = importlib.import_module(f"chabudai.engines.bots.{game}")
        except ModuleNotFoundError as error:
            if error.name != f"chabudai.engines.bots.{game}":
                raise
            found = GENERIC
        else:
            found = getattr(module, "POLICY", GENERIC)
        _CACHE[game] = found  # policies are stateless, so sharing them across threads is safe
    return found
