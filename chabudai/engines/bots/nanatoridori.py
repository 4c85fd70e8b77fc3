"""Nanatoridori bots (rules/nanatoridori.md): keep runs together, insert to build runs.

A hand is valued by :func:`hand_value`: fewer blocks of equal adjacent cards mean fewer plays to
empty it (N-9, N-12, N-20), long runs are strong sets (N-10), a block whose removal would join
two equal neighbours is a run in waiting, and every card held costs a little. Plays, passes and
placements (N-13, N-15, N-29) are compared by the value of the hand they leave. Leading, the bot
sheds low sets first and keeps its high sets for later. With two players under the standard rules
a pass clears the trick and hands the lead to the opponent (N-16), so passing costs more there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from chabudai.engines.base import GameState, Move, View
from chabudai.engines.bots.policy import GamePolicy
from chabudai.engines.nanatoridori.rules import (
    DECK,
    MAX_DUEL_RESERVE_IN_PLAY,
    blocks,
    count_plays,
    plays,
)

RUN_BONUS = 0.3  # per pair of cards within one run
JOIN_BONUS = 0.25  # a block between two blocks of one value
CARD_COST = 0.08
RESERVE_COST = 0.35  # a duel reserve card spent in a play (it is also what lets you pass)
LEAD_HIGH_COST = 0.05  # per value point of a lead: keep high sets for later
CONTROL_BONUS = 0.25  # beating the current set takes the lead
# 2 players, standard rules: a pass gives the opponent the lead (N-16). Measured against the plain
# normal bot over 2000 duplicate games: costs 0.3 to 2.0 all won 54.8-55.2 % (CI about +-2.2);
# no cost for the duel, where a pass already spends a reserve card (0.3 won 51.0 %, 1000 games).
HEADS_UP_PASS_COST = 0.5


# The part of a hand's value given by one block of n equal cards (see hand_value).
BLOCK_VALUE = tuple(RUN_BONUS * n * (n - 1) / 2 - 1.0 for n in range(len(DECK) + 1))


def hand_value(hand: list[int]) -> float:
    """How good a hand is to hold (higher is better); see the module docstring."""
    return blocks_value(len(hand), *blocks(hand))


def blocks_value(cards: int, lengths: list[int], values: list[int]) -> float:
    """:func:`hand_value` of a hand of ``cards`` cards given by its
    :func:`~chabudai.engines.nanatoridori.rules.blocks`."""
    if cards == 0:
        return 100.0
    value = -CARD_COST * cards
    prev2 = prev = 0  # no card has value 0
    for i, length in enumerate(lengths):  # faster than zip(..., strict=False)
        v = values[i]
        value += BLOCK_VALUE[length]
        if prev2 == v:
            value += JOIN_BONUS
        prev2 = prev
        prev = v
    return value


def _after_play(
    lengths: list[int], values: list[int], i: int, k: int
) -> tuple[list[int], list[int]]:
    """The blocks of the hand after ``k`` cards of block ``i`` are played (N-12): a whole block
    goes and its neighbours join when they are equal; a part leaves one shorter block."""
    if k < lengths[i]:
        rest = lengths[:]
        rest[i] -= k
        return rest, values
    if 0 < i < len(values) - 1 and values[i - 1] == values[i + 1]:
        joined = lengths[i - 1] + lengths[i + 1]
        return [*lengths[: i - 1], joined, *lengths[i + 2 :]], values[:i] + values[i + 2 :]
    rest_lengths, rest_values = lengths[:], values[:]
    del rest_lengths[i], rest_values[i]
    return rest_lengths, rest_values


def best_place(hand: list[int], cards: list[int]) -> Move:
    """Where the waiting cards go (N-13, N-15, N-29): the gap that best builds runs, or discard.

    The waiting cards are always of one value (a beaten set, a drawn or a reserve card); see
    :func:`best_gap`.
    """
    if not cards:
        return {"discard": True}
    gap = best_gap(hand, cards[0], len(cards))
    return {"discard": True} if gap is None else {"insert": gap}


def best_gap(hand: Sequence[int], v: int, count: int) -> int | None:
    """The gap where ``count`` waiting cards of value ``v`` go, or ``None`` to discard them.

    Only a gap next to an equal card can build a run — every gap next to one block gives the
    same hand, so its leftmost gap stands for them all; elsewhere the cards are one more block,
    never better than discarding.
    """
    n = len(hand)
    lengths, values = blocks(hand)
    if v not in values:
        return None  # the loop below would find no gap
    best, best_value = 0, -1e9
    start = 0
    for i, length in enumerate(lengths):
        if values[i] == v:
            joined = lengths[:]
            joined[i] += count
            value = blocks_value(n + count, joined, values)
            if value > best_value:
                best, best_value = start, value
        start += length
    if blocks_value(n, lengths, values) + 0.01 > best_value:
        return None
    return best


def best_play(
    cards: int,
    lengths: list[int],
    values: list[int],
    area: Sequence[int] | None,
    reserve: Sequence[int],
    duel: bool,
    whole_runs: bool = False,
    heads_up: bool = False,
) -> Move:
    """The play or pass (N-11, N-12, N-15) that leaves the best hand, for a hand of ``cards``
    cards given by its :func:`~chabudai.engines.nanatoridori.rules.blocks`; ``reserve`` is the seat's
    duel reserve (N-28, N-29), ``heads_up`` for two players under the standard rules (a pass
    hands the lead to the opponent). With ``whole_runs`` (playouts) only whole blocks are
    played: breaking one is rarely right.

    The plays are considered in the order of :func:`~chabudai.engines.nanatoridori.rules.plays`, then
    the pass; the first of equal values wins.
    """
    play = best_choice(cards, lengths, values, area, reserve, duel, whole_runs, heads_up)
    if play is None:
        return {"pass": True, "card": min(reserve)} if duel else {"pass": True}
    return _play_move(*play)


def best_choice(
    cards: int,
    lengths: list[int],
    values: list[int],
    area: Sequence[int] | None,
    reserve: Sequence[int],
    duel: bool,
    whole_runs: bool = False,
    heads_up: bool = False,
) -> tuple[int, int, int] | None:
    """:func:`best_play` as ``(start, length, extra)`` of the play, or ``None`` for the pass."""
    n = cards
    c0, v0 = (area[0], area[1]) if area is not None else (0, 0)
    best: tuple[int, int, int] | None = None  # (start, length, extra) of the best play
    best_value = -1e9
    start = 0
    for i, length in enumerate(lengths):
        v = values[i]
        need = c0 if v > v0 else c0 + 1  # N-10
        top = min(MAX_DUEL_RESERVE_IN_PLAY, reserve.count(v)) if reserve else 0
        end = start + length
        parts = (
            ((start, length),)
            if whole_runs
            else [(s, k) for s in range(start, end) for k in range(1, end - s + 1)]
        )
        for s, k in parts:
            for extra in range(need - k if need > k else 0, top + 1):
                if k == n:
                    return s, k, extra  # going out (N-20)
                rest_lengths, rest_values = _after_play(lengths, values, i, k)
                value = blocks_value(n - k, rest_lengths, rest_values)
                if extra:  # (value - 0.0 is value)
                    value -= RESERVE_COST * extra
                if area is None:
                    value -= LEAD_HIGH_COST * v * (k + extra)
                else:
                    value += CONTROL_BONUS
                    if v0 in rest_values:
                        value += 0.1 * c0  # the beaten set could join a run if taken
                if value > best_value:
                    best, best_value = (s, k, extra), value
        start = end
    if area is not None and (reserve or not duel):
        value = blocks_value(n, lengths, values)
        if duel:
            value -= 0.3 + (0.6 if len(reserve) <= 1 else 0.0)
        elif heads_up:
            value -= HEADS_UP_PASS_COST
        if n <= 3:
            value -= 0.5  # close to going out: keep the pressure on
        if value > best_value:
            return None
    assert best is not None, "a seat to move always has a legal move"
    return best


def _play_move(start: int, length: int, extra: int) -> Move:
    """The move of a play (N-12), with ``extra`` duel reserve cards (N-28)."""
    return {"play": [start, length], "reserve": extra} if extra else {"play": [start, length]}


# Playout decisions remembered per cache (see playout_play): about 350 bytes each, so 6 MB when
# full. Four 1000-iteration searches hit as often as with twice as many (2 players: 57 % of the
# plays, 60 % of the placements; 4 players: 46 % and 55 %).
PLAYOUT_CACHE_SIZE = 1 << 14


@lru_cache(maxsize=PLAYOUT_CACHE_SIZE)
def playout_play(
    hand: tuple[int, ...],
    area: tuple[int, int] | None,
    reserve: tuple[int, ...],
    duel: bool,
    heads_up: bool,
) -> tuple[bool, tuple[int, int, int] | None]:
    """A playout's play or pass for ``hand`` against the set ``area`` (N-11, N-12, N-15, N-28,
    N-29): ``(only, play)``. ``only`` is True when it is the seat's only legal move (a playout
    then draws no random number); ``play`` is ``(start, length, extra)``, or ``None`` for the
    pass — the only move, or else the choice of :func:`best_choice` with whole runs.

    The arguments are all the decision depends on, so it is cached: within one search the
    same hand meets the same table again and again (the determinizations share the searching
    seat's hand, the playouts of one row share their dice). The cache is an ``lru_cache`` on
    this pure function of hashable values rather than a dict on the policy or the search: it
    is bounded, a hit is always the right answer whichever search asks (so nothing needs to
    be cleared between searches), and it is safe to share between threads (``lru_cache``
    keeps itself consistent, and computing a value twice gives the same value). It keeps
    tuples, not moves: every caller gets a move of its own to change.
    """
    lengths, values = blocks(hand)
    if only_move(len(hand), lengths, values, area, reserve, duel):
        # A follower's only move under the standard rules is the pass (see only_move).
        legal = plays(hand, area, reserve) if area is None or duel else []
        return True, (legal[0] if legal else None)
    return False, best_choice(len(hand), lengths, values, area, reserve, duel, True, heads_up)


def only_move(
    cards: int,
    lengths: list[int],
    values: list[int],
    area: Sequence[int] | None,
    reserve: Sequence[int],
    duel: bool,
) -> bool:
    """True when a hand of ``cards`` cards given by its
    :func:`~chabudai.engines.nanatoridori.rules.blocks` has one legal move in the phase ``play``: its
    plays (:func:`~chabudai.engines.nanatoridori.rules.count_plays`) and passes make one. Under the
    standard rules nothing is counted: a lead has a play per part of each block (N-12), so one
    only with a single card; a follower may pass (N-15), so the pass is its only move when no
    block beats the set (N-10)."""
    if not duel:
        if area is None:
            return cards == 1
        c0, v0 = area[0], area[1]
        for i, length in enumerate(lengths):
            if length > c0 or (length == c0 and values[i] > v0):
                return False
        return True
    passes = 0 if area is None else len(set(reserve))  # N-29: a pass per reserve value
    return count_plays(lengths, values, area, reserve) + passes == 1


@lru_cache(maxsize=PLAYOUT_CACHE_SIZE)
def playout_gap(hand: tuple[int, ...], value: int, count: int) -> int | None:
    """:func:`best_gap`, cached as :func:`playout_play` is (N-13, N-15, N-29)."""
    return best_gap(hand, value, count)


class NanatoridoriPolicy(GamePolicy):
    score_scale = 2.0
    margin_weight = 0.1
    rollout_epsilon = 0.05

    def easy(self, view: View, legal: list[Move], rng: random.Random) -> Move:
        """Random, but never leaves waiting cards unplaced next to an equal card, and plays a
        whole run when it can go out."""
        hand = view["hand"]
        if view["phase"] == "place":
            pending = view["pending"] or {}
            cards = pending.get("cards")
            if cards:
                joins = [
                    m
                    for m in legal
                    if "insert" in m and cards[0] in hand[max(0, m["insert"] - 1) : m["insert"] + 1]
                ]
                if joins:
                    return rng.choice(joins)
            return rng.choice(legal)
        outs = [m for m in legal if "play" in m and m["play"][1] == len(hand)]
        return outs[0] if outs else rng.choice(legal)

    def normal(self, view: View, legal: list[Move], rng: random.Random) -> Move:
        hand = view["hand"]
        duel = view["duel"]
        if view["phase"] == "place":
            pending = view["pending"] or {}
            return best_place(hand, pending.get("cards"))
        area = view["area"]
        area_t = (area["count"], area["value"]) if area else None
        reserve = view["reserves"][view["seat"]] if duel else ()
        heads_up = view["players"] == 2 and not duel
        return best_play(len(hand), *blocks(hand), area_t, reserve, duel, heads_up=heads_up)

    def rollout(self, state: GameState, seat: int, legal: list[Move], rng: random.Random) -> Move:
        hand = state.hands[seat]
        if state.phase == "place":
            return best_place(hand, state.pending)
        duel = state.duel
        reserve = state.reserves[seat] if duel else ()
        heads_up = state.players == 2 and not duel
        return best_play(len(hand), *blocks(hand), state.area, reserve, duel, True, heads_up)

    def playout_move(self, state: GameState, seat: int, rng: random.Random) -> Move:
        """:meth:`GamePolicy.playout_move` (the same random draws, the same move) without
        building the legal moves unless the random move is wanted: the place phase always
        offers every gap and the discard (N-13, N-15), and the rollout's choice (or the only
        legal move, which draws nothing) comes from the caches :func:`playout_gap` and
        :func:`playout_play`."""
        hand = tuple(state.hands[seat])
        if state.phase == "place":
            if rng.random() < self.rollout_epsilon:
                return rng.choice(state.legal_moves(seat))
            pending = state.pending
            gap = playout_gap(hand, pending[0], len(pending))
            return {"discard": True} if gap is None else {"insert": gap}
        duel = state.duel
        reserve = tuple(state.reserves[seat]) if duel else ()
        area = state.area
        table = (area[0], area[1]) if area is not None else None
        only, play = playout_play(hand, table, reserve, duel, state.players == 2 and not duel)
        if not only and rng.random() < self.rollout_epsilon:
            return rng.choice(state.legal_moves(seat))
        if play is None:
            return {"pass": True, "card": min(reserve)} if duel else {"pass": True}
        return _play_move(*play)

    def cutoff_marker(self, state: GameState) -> Any:
        """Playouts end with the round (N-22); :meth:`evaluate` scores the standing then."""
        return len(state.history)

    def evaluate(self, state: GameState) -> list[float]:
        scores = state._scores()
        return self.score_rewards(scores, list(state.winners))

    def rewards(self, state: GameState) -> list[float]:
        """:meth:`GamePolicy.rewards` of a finished game (N-23, N-25): the same scores and
        winners, read from the state without copying its round history into a result."""
        return self.evaluate(state)


POLICY = NanatoridoriPolicy()
