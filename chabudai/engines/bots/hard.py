"""The hard bot: information-set Monte-Carlo tree search over determinizations.

Each determinization is a full state consistent with the bot's view (``engine.from_view`` —
the only state the bot ever has). It is played once with every root move still in the race in
turn — a *row* of common random numbers: the moves are compared under the same hidden cards and
the same playout dice. Below the root the iteration walks the shared tree with UCB over the moves
legal in that sample (counting each move's availability, as single-observer ISMCTS does),
expands one move (the rollout policy's favourite first), plays out with the game's fast rollout
policy and backs each seat's outcome up the path.

The root is a race (successive elimination): from time to time every move is compared with the
leader over the rows both played, and a move the leader beats by ``ELIMINATE`` standard errors
leaves the race, so the iterations go to the moves still in contention. The normal policy's move
(the default) never leaves; once it is alone, or a challenger beats it that clearly with nothing
else left, the decision is made and the search stops early. The answer keeps the default unless
the paired differences show the search's choice to be better (see :meth:`_Search.best`).

Simultaneous decisions (several seats in ``to_move``) are searched as a sequence, the bot's own
seat first. The later seats of such a step decide from a node shared by every earlier choice of
the step, so their statistics never depend on moves they could not have seen; the step's
combined moves then select the child node.

The search stops at a time budget (``budget`` seconds, default 1) or after ``iterations``
iterations; with only ``iterations`` given the bot is deterministic for a fixed seed and view.
The budget is wall-clock time (``clock="wall"``, what a player waits) or the CPU time of the
thread that searches (``clock="cpu"``): a tournament on a busy machine then gives the hard bot
the iterations a quiet machine would give it in that wall time.
Either is scaled per decision by the game's ``search_weight`` (:class:`GamePolicy`): the decisions
that matter most (Koi-Koi's stop or koi-koi) may search longer when their race is still close.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from chabudai.engines.base import Engine, GameState, Move, View
from chabudai.engines.bots.common import decision_rng, fresh_seed, move_key
from chabudai.engines.bots.policy import GamePolicy, policy_for

DEFAULT_BUDGET = 1.0  # seconds per decision
EXPLORATION = 0.7  # UCB constant for rewards in [0, 1]
CONFIDENCE = 1.0  # standard errors by which the search must beat the normal policy's move
MAX_PLAYOUT_DECISIONS = 20_000
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}  # what a time budget counts
BUDGET_MARGIN = 0.02  # share of the time budget not spent searching (see HardBot.choose)
ELIMINATE = 2.5  # standard errors by which the leader must beat a root move to drop it
FIRST_CHECK = 12  # rows before the first elimination check (later checks every ~25 % more)


def _paired_z(rows: list[list[float | None]], a: int, b: int) -> float:
    """How many standard errors the mean of ``a - b`` over the rows with both is above zero."""
    diffs = [row[a] - row[b] for row in rows if row[a] is not None and row[b] is not None]
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = sum(diffs) / n
    var = max(sum((d - mean) ** 2 for d in diffs) / (n - 1), 1e-6)
    return mean / math.sqrt(var / n)


def playout(
    policy: GamePolicy, state: GameState, rng: random.Random, marker: Any, own: int | None = None
) -> list[float]:
    """Play ``state`` on with ``policy.playout_move`` to the end of the game, or until
    ``policy.cutoff_marker`` differs from ``marker``; each seat's reward.

    In a simultaneous step the seats move one after the other, ``own`` (the searching seat)
    first, as in the tree. A round end leaves the next deal pending (``apply_unchecked``): the
    cutoff reads the settled round; a playout that goes on (``marker`` None) deals it first.
    """
    playout_move = policy.playout_move
    cutoff = policy.cutoff_marker
    for _ in range(MAX_PLAYOUT_DECISIONS):
        if state.is_over:
            return policy.rewards(state)
        if marker is not None and cutoff(state) != marker:
            return policy.evaluate(state)
        if state.round_pending:
            state.start_pending_round()
        pending = state.to_move
        if len(pending) == 1:
            seat = pending[0]
            state.apply_unchecked(seat, playout_move(state, seat, rng))
        else:
            for seat in sorted(pending, key=lambda s: (s != own, s)):
                state.apply_unchecked(seat, playout_move(state, seat, rng))
    return policy.evaluate(state)  # a guard against a game that never ends in playouts


@dataclass(frozen=True)
class RaceFigures:
    """How the race at the root of one searched decision ended (for benchmarks and tuning)."""

    candidates: int  # root moves searched
    still_in: int  # root moves still in the race when the search stopped
    decided: bool  # the race was over before the budget ran out
    overruled: bool  # the answer is not the normal policy's move


class Node:
    """One decision point of the tree: statistics per move key, children, simultaneous slots."""

    __slots__ = ("children", "slots", "stats")

    def __init__(self) -> None:
        self.stats: dict[Any, list[float]] = {}  # key -> [visits, sum, availability, sum sq]
        self.children: dict[Any, Node] = {}
        self.slots: dict[int, Node] = {}  # later seats of a simultaneous step

    def child(self, key: Any) -> Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
        return node

    def slot(self, index: int) -> Node:
        node = self.slots.get(index)
        if node is None:
            node = self.slots[index] = Node()
        return node


class HardBot:
    """ISMCTS with policy-guided playouts; see the module docstring."""

    level = "hard"

    def __init__(
        self,
        seed: int | None = None,
        budget: float | None = None,
        iterations: int | None = None,
        exploration: float = EXPLORATION,
        guard: bool = True,
        clock: str = "wall",
    ) -> None:
        if budget is not None and budget <= 0:
            raise ValueError(f"budget must be a positive number of seconds, not {budget!r}")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations!r}")
        if clock not in CLOCKS:
            raise ValueError(f"clock must be one of {', '.join(CLOCKS)}, not {clock!r}")
        self.seed = fresh_seed(seed)
        self.clock = CLOCKS[clock]
        self.time_budget = budget if budget is not None or iterations is None else None
        if self.time_budget is None and iterations is None:
            self.time_budget = DEFAULT_BUDGET
        self.iterations = iterations
        self.exploration = exploration
        self.guard = guard  # keep the normal policy's move unless the search clearly beats it
        self.last_iterations = 0  # figures of the last decision, for benchmarks
        self.last_race: RaceFigures | None = None  # None: the last decision was not searched
        self.searches = 0  # totals over searched decisions, for tournaments
        self.iterations_total = 0
        self.think_total = 0.0

    def choose(
        self,
        engine: Engine,
        view: View,
        legal_moves: list[Move],
        tick: Callable[[int], bool] | None = None,
    ) -> Move:
        """The move for ``view``; ``tick(done)``, if given, runs after each iteration and stops
        the search (the best move so far is answered) by returning True (advice: progress and
        cancel)."""
        if not legal_moves:
            raise ValueError(f"seat {view.get('seat')} has no legal move to choose from")
        if len(legal_moves) == 1:
            self.last_iterations = 0
            self.last_race = None
            return legal_moves[0]
        clock = self.clock
        started = clock()
        policy = policy_for(engine.name)
        weight = policy.search_weight(view, legal_moves)  # the decisions that matter get more
        deadline = None
        if self.time_budget is not None:
            # 2 % of the budget is kept for the answer and for freeing the tree afterwards.
            deadline = started + weight * self.time_budget * (1.0 - BUDGET_MARGIN)
        rng = decision_rng(self.seed, view)
        search = _Search(engine, policy, view, legal_moves, rng, self.exploration)
        # The guard needs a real heuristic: a game without its own policy has none.
        guard = self.guard and type(search.policy).normal is not GamePolicy.normal
        default = search.default = search.default_index(rng) if guard else None
        limit = None if self.iterations is None else max(1, round(weight * self.iterations))
        done = 0
        while not search.decided:
            search.iterate()
            done += 1
            if limit is not None and done >= limit:
                break
            if tick is not None and tick(done):
                break
            if deadline is not None:
                # Stop before an iteration of average length would overrun the budget.
                now = clock()
                if now + (now - started) / done >= deadline:
                    break
        move = search.best(default)
        self.last_iterations = done
        self.last_race = RaceFigures(
            candidates=len(search.legal),
            still_in=len(search.active),
            decided=search.decided,
            overruled=default is not None and move_key(move) != search.root_keys[default],
        )
        self.searches += 1
        self.iterations_total += done
        self.think_total += clock() - started
        return move


class _Search:
    """The tree and the loop body of one decision (one instance per ``choose``: thread-safe)."""

    def __init__(
        self,
        engine: Engine,
        policy: GamePolicy,
        view: View,
        legal: list[Move],
        rng: random.Random,
        exploration: float,
    ) -> None:
        self.engine = engine
        self.policy = policy
        self.view = view
        self.seat: int = view["seat"]
        self.all_legal = legal
        keep = policy.root_candidates(view, legal, rng) if len(legal) > 1 else [0]
        self.ranked = len(keep) < len(legal)  # pruned lists come best first (GamePolicy)
        self.legal = [legal[i] for i in keep]
        self.max_depth = policy.max_tree_depth
        self.root_keys = [move_key(m) for m in self.legal]
        self.rng = rng
        self.c = exploration
        self.root = Node()
        self.count = 0  # iterations so far
        self.choice = 0  # the root move of the current iteration
        self.sample: GameState | None = None  # the current determinization
        self.row_seed = 0
        self.play_rng = rng
        self.rows: list[list[float | None]] = []  # per determinization: reward per root move
        self.active = list(range(len(self.legal)))  # the root moves still in the race
        self.order: list[int] = []  # the moves the current row plays, in turn
        self.default: int | None = None  # the normal policy's move, which never leaves the race
        self.next_check = FIRST_CHECK
        self.decided = len(self.legal) < 2  # nothing left to find out: stop searching

    # ------------------------------------------------------------------ one iteration

    def iterate(self) -> None:
        rng = self.rng
        policy = self.policy
        width = len(self.legal)
        if not self.order:
            # A new determinization, then played once with every root move in the race: the
            # moves are compared under the same hidden cards (common random numbers, see best()).
            self.sample = self.engine.from_view(self.view, rng)
            self.rows.append([None] * width)
            self.row_seed = rng.getrandbits(64)
            self.order = list(reversed(self.active))
        choice = self.choice = self.order.pop()
        # Playouts of one row share their random choices too, as far as their paths agree.
        self.play_rng = random.Random(self.row_seed)
        self.count += 1
        state = self.sample.clone() if width > 1 else self.sample
        path: list[tuple[list[float], int]] = []
        node: Node | None = self.root
        first = True
        marker = policy.cutoff_marker(state)
        max_depth = self.max_depth
        for _ in range(MAX_PLAYOUT_DECISIONS):
            if node is None or (max_depth is not None and len(path) >= max_depth):
                rewards = self._playout(state, marker)  # past the tree: a playout
                break
            if state.is_over:
                rewards = policy.rewards(state)
                break
            if marker is not None and policy.cutoff_marker(state) != marker:
                rewards = policy.evaluate(state)
                break
            if state.round_pending:  # see playout
                state.start_pending_round()
            pending = state.to_move
            if len(pending) > 1:
                order = sorted(pending, key=lambda s: (s != self.seat, s))
                node = self._step(state, order, node, path, first)
            else:
                seat = pending[0]
                legal = self.legal if first else state.legal_moves(seat)
                keys = self.root_keys if first else [move_key(m) for m in legal]
                index, node = self._select(
                    node,
                    keys,
                    seat,
                    path,
                    state=state,
                    legal=legal,
                    forced=choice if first else None,
                )
                state.apply_unchecked(seat, legal[index])
            first = False
        else:  # a guard against a game that never ends in playouts
            rewards = policy.evaluate(state)
        self.rows[-1][choice] = rewards[self.seat]
        for entry, seat in path:
            r = rewards[seat]
            entry[0] += 1
            entry[1] += r
            entry[3] += r * r
        if not self.order and len(self.rows) >= self.next_check:
            self.next_check = max(len(self.rows) + 4, int(len(self.rows) * 1.25))
            self._race()

    # ------------------------------------------------------------------ the race at the root

    def _race(self) -> None:
        """Drop the root moves the leader clearly beats; decide once the race is over."""
        if len(self.active) < 2:
            self.decided = True
            return
        rows = self.rows
        n = len(rows)
        means = {i: sum(row[i] for row in rows) / n for i in self.active}  # type: ignore[misc]
        leader = max(self.active, key=means.__getitem__)
        keep = []
        for i in self.active:
            if i == leader or i == self.default:
                keep.append(i)
                continue
            if _paired_z(rows, leader, i) <= ELIMINATE:
                keep.append(i)
        self.active = keep
        default = self.default
        if default is None:
            self.decided = len(keep) == 1
        elif keep == [default]:
            self.decided = True
        elif len(keep) == 2 and leader != default and _paired_z(rows, leader, default) > ELIMINATE:
            self.decided = True  # the one challenger left beats the default clearly

    def _step(
        self,
        state: GameState,
        order: list[int],
        node: Node | None,
        path: list[tuple[list[float], int]],
        first: bool,
    ) -> Node | None:
        """A simultaneous step: every seat of ``order`` moves; returns the node after it."""
        keys_done = []
        for index, seat in enumerate(order):
            use_root = first and seat == self.seat
            if self.max_depth is not None and len(path) >= self.max_depth:
                node = None
            if node is None:
                move = self.policy.playout_move(state, seat, self.play_rng)
            else:
                legal = self.legal if use_root else state.legal_moves(seat)
                slot = node if index == 0 else node.slot(index)
                keys = self.root_keys if use_root else [move_key(m) for m in legal]
                i, nxt = self._select(
                    slot,
                    keys,
                    seat,
                    path,
                    descend=False,
                    state=state,
                    legal=legal,
                    forced=self.choice if use_root else None,
                )
                move = legal[i]
                keys_done.append(keys[i])
                if nxt is None:  # expanded: the rest of the iteration is a playout
                    node = None
            state.apply_unchecked(seat, move)
        return None if node is None else node.child(tuple(keys_done))

    def _playout(self, state: GameState, marker: Any) -> list[float]:
        return playout(self.policy, state, self.play_rng, marker, self.seat)

    def _select(
        self,
        node: Node,
        keys: list[Any],
        seat: int,
        path: list[tuple[list[float], int]],
        descend: bool = True,
        state: GameState | None = None,
        legal: list[Move] | None = None,
        forced: int | None = None,
    ) -> tuple[int, Node | None]:
        """UCB choice among ``keys`` at ``node``; expands one untried key if there is one.

        The untried move expanded first is the one the rollout policy would play (so a new
        node's first visits see sensible play, not random moves), then random ones.

        Returns the chosen index and the next node (``None`` once a move was expanded, so the
        iteration continues as a playout; with ``descend=False`` the node itself on success).
        """
        stats = node.stats
        if forced is not None:  # the root: every move in turn (see iterate)
            entry = stats.get(keys[forced])
            fresh = entry is None
            if fresh:
                entry = stats[keys[forced]] = [0, 0.0, 0, 0.0]
            entry[2] += 1
            path.append((entry, seat))
            if fresh:
                return forced, None
            return forced, (node.child(keys[forced]) if descend else node)
        untried = []
        for i, key in enumerate(keys):
            entry = stats.get(key)
            if entry is None:
                untried.append(i)
            else:
                entry[2] += 1
        if untried:
            i = untried[0]
            if len(untried) > 1:
                i = self.rng.choice(untried)
                if state is not None and legal is not None and len(untried) == len(keys):
                    favourite = move_key(self.policy.rollout(state, seat, legal, self.rng))
                    if favourite in keys:
                        i = keys.index(favourite)
            entry = stats[keys[i]] = [0, 0.0, 1, 0.0]
            path.append((entry, seat))
            return i, None
        best_i, best_value = 0, -1.0
        c = self.c
        for i, key in enumerate(keys):
            visits, total, avail, _ = stats[key]
            value = total / visits + c * math.sqrt(math.log(avail) / visits)
            if value > best_value:
                best_i, best_value = i, value
        path.append((stats[keys[best_i]], seat))
        return best_i, (node.child(keys[best_i]) if descend else node)

    # ------------------------------------------------------------------ the answer

    def default_index(self, rng: random.Random) -> int | None:
        """Index in the searched moves of the normal policy's choice (None if pruned away)."""
        if self.ranked:
            return 0  # the policy ranked the candidates: its normal choice comes first
        move = self.policy.normal(self.view, list(self.all_legal), rng)
        key = move_key(move)
        return self.root_keys.index(key) if key in self.root_keys else None

    def best(self, default: int | None = None) -> Move:
        """The root move with the best mean reward (ties: more visits, then the first).

        With ``default`` (the index of the normal policy's move), the search must show that its
        choice is better before it overrules the heuristic. The determinizations that played
        every move still in the race are split in two: the even ones pick the challenger (the
        best mean), the odd ones test it — the mean of its paired differences with the default
        (same determinization, both moves) must exceed ``CONFIDENCE`` standard errors. Testing on
        samples that did not pick it keeps the luckiest of many candidates from looking better
        than it is, so a short or noisy search never makes the bot weaker than the normal level.
        (Picking and testing on all the rows instead measured no stronger: docs/BOTS.md.)
        """
        stats = self.root.stats
        if default is None:
            best_i, best = self.active[0], (-1.0, -1)
            for i in self.active:
                entry = stats.get(self.root_keys[i])
                if entry is not None and entry[0]:
                    score = (entry[1] / entry[0], entry[0])
                    if score > best:
                        best_i, best = i, score
            return self.legal[best_i]
        active = self.active
        rows = [row for row in self.rows if all(row[i] is not None for i in active)]
        pick, test = rows[0::2], rows[1::2]
        if len(test) < 3:
            return self.legal[default]
        sums = {i: sum(row[i] for row in pick) for i in active}  # type: ignore[misc]
        best_i = max(active, key=lambda i: (sums[i], i == default))
        if best_i == default:
            return self.legal[default]
        diffs = [row[best_i] - row[default] for row in test]  # type: ignore[operator]
        n = len(diffs)
        mean = sum(diffs) / n
        var = max(sum((d - mean) ** 2 for d in diffs) / (n - 1), 1e-6)
        return self.legal[best_i] if mean > CONFIDENCE * math.sqrt(var / n) else self.legal[default]

    def root_stats(self) -> list[tuple[Move, int, float]]:
        """``(move, visits, mean reward)`` per root move (for tests and tuning)."""
        out = []
        for move, key in zip(self.legal, self.root_keys, strict=True):
            entry = self.root.stats.get(key, [0, 0.0, 0, 0.0])
            out.append((move, int(entry[0]), entry[1] / entry[0] if entry[0] else 0.0))
        return out
