"""Nimalia bots (rules/nimalia.md): place for the objectives of this and coming rounds.

A placement is valued by the objectives it would score on the resulting reserve (M-O1 to
M-O22, comparative ones against the other reserves, M-28), each weighted by how often its colour
is still to be scored (M-26): fully for this round, half for each later round (the reserve will
still change, M-18). Drafting (M-12): the card kept is the one whose best placement is worth
most, less part of what the best card passed on would be worth to the neighbour receiving it.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from chabudai.engines.base import GameState, Move, View, sample_indices
from chabudai.engines.bots.policy import GamePolicy
from chabudai.engines.nimalia.board import Board, board_of
from chabudai.engines.nimalia.geometry import legal_anchors
from chabudai.engines.nimalia.objectives import COLOURS, DIRECTIONS, OBJECTIVES, SCHEDULE
from chabudai.engines.nimalia.scoring import (
    COMPARATIVE,
    INDIVIDUAL,
    Comparison,
    fields_read,
    score_objective,
    score_seat,
)
from chabudai.engines.nimalia.state import Placement, grid_from_view

ROUNDS = 5
LATER = 0.5  # weight of a later round's scoring against this round's
DENIAL = 0.3
ROLLOUT_SAMPLES = 6
DENIAL_SAMPLES = 10
ROOT_CANDIDATES = 8


def weights(objectives: list[int], round_number: int) -> list[tuple[int, float]]:
    """``(objective, weight)`` for the objectives still to score from ``round_number`` on."""
    return list(_weights(tuple(objectives), round_number))


@functools.cache
def _weights(objectives: tuple[int, ...], round_number: int) -> tuple[tuple[int, float], ...]:
    out = []
    for oid in objectives:
        colour = OBJECTIVES[oid].colour
        w = sum(
            (1.0 if r == round_number else LATER)
            for r in range(round_number, ROUNDS + 1)
            if colour in SCHEDULE[r]
        )
        if w:
            out.append((oid, w))
    return tuple(out)


@functools.cache
def _this_round(objectives: tuple[int, ...], round_number: int) -> tuple[tuple[int, float], ...]:
    """The part of :func:`weights` scored this round (the rollouts' and the easy bot's plan)."""
    return tuple((o, w) for o, w in _weights(objectives, round_number) if w >= 1.0)


@functools.cache
def _outlook(objectives: tuple[int, ...], round_number: int) -> tuple[tuple[int, float], ...]:
    """``(objective, weight)`` of the scorings from ``round_number`` to the last (M-26):
    :data:`LATER` for each, an objective scored in several rounds once with their sum (the sums
    of halves are exact: the same scores as adding them one by one)."""
    weights: dict[int, float] = {}
    for r in range(round_number, ROUNDS + 1):
        for colour in SCHEDULE[r]:
            oid = objectives[COLOURS.index(colour)]
            weights[oid] = weights.get(oid, 0.0) + LATER
    return tuple(weights.items())


def reserve_value(
    boards: list[Board], seat: int, plan: list[tuple[int, float]], options: dict
) -> float:
    """The weighted objective points of ``boards[seat]`` (compared with the others)."""
    total = 0.0
    for oid, w in plan:
        total += w * score_seat(oid, boards, seat, options)
    return total


def placement_values(
    boards: list[Board], seat: int, moves: list[Move], plan, options
) -> list[float]:
    """:func:`reserve_value` after each move, everything else unchanged."""
    return _values(
        boards, seat, [(m["card"], m["rot"], m["row"], m["col"]) for m in moves], plan, options
    )


def _values(
    boards: list[Board], seat: int, placements: list[Placement], plan, options
) -> list[float]:
    """:func:`placement_values` of ``(card, rot, row, col)`` placements.

    A placement lays only the board masks that the plan's objectives read; the comparisons
    (M-28) measure the other reserves once, not once per placement (:func:`_ranking`).
    """
    options = options or {}
    fields, objectives = _scorers(tuple(plan))
    scorers = [
        (w, score if comparison is None else _ranking(comparison, boards, seat))
        for w, score, comparison in objectives
    ]
    place = boards[seat].placed_in
    out = []
    for placement in placements:
        board = place(fields, *placement)  # right in the masks the plan reads
        total = 0.0
        for w, score in scorers:
            total += w * score(board, options)
        out.append(total)
    return out


@functools.cache
def _scorers(plan: tuple[tuple[int, float], ...]) -> tuple[tuple[int, ...], tuple]:
    """The board masks ``plan`` reads (``scoring.fields_read``) and ``(weight, score,
    comparison)`` of each of its objectives: ``score(board, options)`` of an individual one,
    the :class:`Comparison` (M-28) of the others."""
    objectives = tuple((w, INDIVIDUAL.get(oid), COMPARATIVE.get(oid)) for oid, w in plan)
    return fields_read(tuple(oid for oid, _ in plan)), objectives


def _ranking(
    comparison: Comparison, boards: list[Board], seat: int
) -> Callable[[Board, dict], int]:
    """``points(board, options)``: ``seat``'s points of ``comparison`` with ``board`` for its
    reserve and the others' as in ``boards``; the others are measured once, and each distinct
    measure of ``board`` is ranked once."""
    measure = comparison.measure
    measures = [measure(b) for b in boards]
    ranked: dict[Any, int] = {}

    def points(board: Board, options: dict) -> int:
        mine = measure(board)
        found = ranked.get(mine)
        if found is None:
            measures[seat] = mine
            found = ranked[mine] = comparison.points(tuple(measures), options)[seat]
        return found

    return points


def _neighbour(seat: int, players: int, round_number: int) -> int:
    return (seat + (1 if DIRECTIONS[round_number] == "left" else -1)) % players


def _card_value_for(grids, boards, seat, card, plan, options, rng) -> float:
    """A sampled estimate of the best value ``card`` has for ``seat``'s reserve."""
    anchors = legal_anchors(grids[seat]) if grids[seat] else [(4, 4)]
    moves = [{"card": card, "rot": q, "row": r, "col": c} for q in range(4) for r, c in anchors]
    if len(moves) > DENIAL_SAMPLES:
        moves = rng.sample(moves, DENIAL_SAMPLES)
    return max(placement_values(boards, seat, moves, plan, options))


def ranked_moves(
    grids: list[dict],
    seat: int,
    hand: list[int],
    legal: list[Move],
    objectives: list[int],
    round_number: int,
    options: dict,
    rng: random.Random,
    deny: bool,
) -> list[tuple[float, int]]:
    """``(value, index)`` of every legal move, best first (ties keep the legal order)."""
    plan = weights(objectives, round_number)
    boards = [board_of(g) for g in grids]
    values = placement_values(boards, seat, legal, plan, options)
    if deny and len(set(hand)) > 1 and len(grids) > 1:
        other = _neighbour(seat, len(grids), round_number)
        worth = {
            card: _card_value_for(grids, boards, other, card, plan, options, rng)
            for card in set(hand)
        }
        for i, move in enumerate(legal):
            passed = [worth[c] for c in hand if c != move["card"]]
            if passed:
                values[i] -= DENIAL * max(passed)
    return sorted(((v, i) for i, v in enumerate(values)), key=lambda t: (-t[0], t[1]))


class NimaliaPolicy(GamePolicy):
    score_scale = 15.0
    margin_weight = 0.2
    rollout_epsilon = 0.0
    max_tree_depth = 1  # flat search over the root candidates; the rest is playouts

    def easy(self, view: View, legal: list[Move], rng: random.Random) -> Move:
        """A random card, placed at the best of a few random spots for this round's goals."""
        return self._sampled(view, legal, rng, 4)

    def _sampled(self, view, legal, rng, samples):
        seat = view["seat"]
        boards = [board_of(grid_from_view(r)) for r in view["reserves"]]
        moves = rng.sample(legal, min(samples, len(legal)))
        plan = _this_round(tuple(view["objectives"]), view["round"])
        values = placement_values(boards, seat, moves, plan, view["options"])
        return moves[max(range(len(moves)), key=values.__getitem__)]

    def normal(self, view: View, legal: list[Move], rng: random.Random) -> Move:
        ranked = self._ranked_view(view, legal, rng, deny=True)
        return legal[ranked[0][1]]

    def _ranked_view(self, view, legal, rng, deny):
        seat = view["seat"]
        grids = [grid_from_view(r) for r in view["reserves"]]
        return ranked_moves(
            grids,
            seat,
            view["hand"],
            legal,
            view["objectives"],
            view["round"],
            view["options"],
            rng,
            deny,
        )

    def root_candidates(self, view: View, legal: list[Move], rng: random.Random) -> list[int]:
        """The hard bot searches the normal policy's best few placements only."""
        if len(legal) <= ROOT_CANDIDATES:
            return list(range(len(legal)))
        ranked = self._ranked_view(view, legal, rng, deny=True)
        return [i for _, i in ranked[:ROOT_CANDIDATES]]

    def rollout(self, state: GameState, seat: int, legal: list[Move], rng: random.Random) -> Move:
        moves = rng.sample(legal, min(ROLLOUT_SAMPLES, len(legal)))
        return self._best_of(state, seat, moves)

    def playout_move(self, state: GameState, seat: int, rng: random.Random) -> Move:
        """:meth:`rollout` without building every legal move: the sample is drawn over their
        indices (the same draws as over the list, :func:`chabudai.engines.base.sample_indices`) and only
        the sampled moves are made."""
        hand = state.hands[seat]
        anchors = state.anchors(seat)
        per_card = 4 * len(anchors)
        count = len(hand) * per_card
        if count == 0 or state.pending[seat] is not None:
            return super().playout_move(state, seat, rng)
        if count == 1:
            return {"card": hand[0], "rot": 0, "row": anchors[0][0], "col": anchors[0][1]}
        rng.random()  # the base class's epsilon draw (rollout_epsilon is 0)
        sample = []
        for i in sample_indices(rng, count, min(ROLLOUT_SAMPLES, count)):
            rest, anchor = divmod(i, len(anchors))  # legal_moves' order: card, rot, anchor
            card, rot = divmod(rest, 4)
            r, c = anchors[anchor]
            sample.append((hand[card], rot, r, c))
        plan = _this_round(tuple(state.objectives), state.round)
        values = _values(state.boards, seat, sample, plan, state.options)
        card, rot, row, col = sample[max(range(len(sample)), key=values.__getitem__)]
        return {"card": card, "rot": rot, "row": row, "col": col}

    def _best_of(self, state: GameState, seat: int, moves: list[Move]) -> Move:
        plan = _this_round(tuple(state.objectives), state.round)
        values = placement_values(state.boards, seat, moves, plan, state.options)
        return moves[max(range(len(moves)), key=values.__getitem__)]

    def cutoff_marker(self, state: GameState) -> Any:
        """Playouts end with the round (M-26); :meth:`evaluate` adds the later rounds' outlook."""
        return state.round

    def evaluate(self, state: GameState) -> list[float]:
        """The scores so far plus :data:`LATER` times each scoring still to come (M-26) on the
        reserves as they are, as rewards."""
        scores = [float(s) for s in state.scores]
        for oid, weight in _outlook(tuple(state.objectives), state.round):
            for seat, points in enumerate(score_objective(oid, state.boards, state.options)):
                scores[seat] += weight * points
        return self.score_rewards(scores, [])


POLICY = NimaliaPolicy()
