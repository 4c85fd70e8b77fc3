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
from typing import Any

from engines.base import GameState, Move, View
from engines.bots.policy import GamePolicy

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


def hand_value(hand: list[int]) -> float:
    """How good a hand is to hold (higher is better); see the module docstring."""
    n = len(hand)
    if n == 0:
        return 100.0
    value = -CARD_COST * n
    prev2 = prev = None
    i = 0
    while i < n:
        v = hand[i]
        j = i + 1
        while j < n and hand[j] == v:
            j += 1
        length = j - i
        value += RUN_BONUS * length * (length - 1) / 2 - 1.0
        if prev2 is not None and prev2 == v:
            value += JOIN_BONUS
        prev2, prev = prev, v
        i = j
    return value


def best_place(hand: list[int], cards: list[int] | None, moves: list[Move]) -> Move:
    """Where waiting cards go (N-13, N-15, N-29): the gap that best builds runs, or discard."""
    if not cards:
        return next((m for m in moves if "discard" in m), moves[0])
    if len(set(cards)) == 1:
        # Only a gap next to an equal card can build a run; elsewhere the cards are dead weight
        # (one more block), so the other gaps are never better than discarding.
        v = cards[0]
        moves = [
            m
            for m in moves
            if "discard" in m
            or (m["insert"] > 0 and hand[m["insert"] - 1] == v)
            or (m["insert"] < len(hand) and hand[m["insert"]] == v)
        ] or moves
    best, best_value = None, -1e9
    for move in moves:
        if "discard" in move:
            value = hand_value(hand) + 0.01
        else:
            g = move["insert"]
            # Only gaps next to an equal card can build a run; others still count (fallback).
            value = hand_value(hand[:g] + cards + hand[g:])
        if value > best_value:
            best, best_value = move, value
    return best


def best_play(
    hand: list[int],
    area: tuple[int, int] | None,
    moves: list[Move],
    reserve_left: int,
    duel: bool,
    whole_runs: bool = False,
    heads_up: bool = False,
) -> Move:
    """The play or pass (N-11, N-12, N-15) that leaves the best hand; ``heads_up`` for two
    players under the standard rules (a pass hands the lead to the opponent)."""
    base = hand_value(hand)
    best, best_value = moves[0], -1e9
    for move in moves:
        if "play" in move:
            s, k = move["play"]
            if whole_runs and (
                (s > 0 and hand[s - 1] == hand[s]) or (s + k < len(hand) and hand[s + k] == hand[s])
            ):
                continue  # playouts: only whole runs (breaking one is rarely right)
            rest = hand[:s] + hand[s + k :]
            if not rest:
                return move  # going out (N-20)
            extra = move.get("reserve", 0)
            value = hand_value(rest) - RESERVE_COST * extra
            if area is None:
                value -= LEAD_HIGH_COST * hand[s] * (k + extra)
            else:
                value += CONTROL_BONUS
                if area[1] in rest:
                    value += 0.1 * area[0]  # the beaten set could join a run if taken
        else:
            value = base
            if duel:
                value -= 0.3 + (0.6 if reserve_left <= 1 else 0.0)
            elif heads_up:
                value -= HEADS_UP_PASS_COST
            if len(hand) <= 3:
                value -= 0.5  # close to going out: keep the pressure on
        if value > best_value:
            best, best_value = move, value
    return best


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
        seat = view["seat"]
        hand = view["hand"]
        duel = view["duel"]
        if view["phase"] == "place":
            pending = view["pending"] or {}
            return best_place(hand, pending.get("cards"), legal)
        area = view["area"]
        area_t = (area["count"], area["value"]) if area else None
        reserve = len(view["reserves"][seat]) if duel else 0
        heads_up = view["players"] == 2 and not duel
        return best_play(hand, area_t, legal, reserve, duel, heads_up=heads_up)

    def rollout(self, state: GameState, seat: int, legal: list[Move], rng: random.Random) -> Move:
        hand = state.hands[seat]
        if state.phase == "place":
            return best_place(hand, state.pending, legal)
        duel = state.duel
        reserve = len(state.reserves[seat]) if duel else 0
        heads_up = state.players == 2 and not duel
        return best_play(hand, state.area, legal, reserve, duel, True, heads_up)

    def cutoff_marker(self, state: GameState) -> Any:
        """Playouts end with the round (N-22); :meth:`evaluate` scores the standing then."""
        return len(state.history)

    def evaluate(self, state: GameState) -> list[float]:
        scores = state._scores()
        return self.score_rewards(scores, list(state.winners))


POLICY = NanatoridoriPolicy()
