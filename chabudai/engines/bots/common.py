"""Small helpers shared by every bot level: move keys, per-decision generators, outcomes."""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Sequence
from typing import Any

from chabudai.engines.base import Move, View

_SCALARS = (str, int, bool, float, type(None))


def move_key(move: Move) -> Any:
    """A hashable key equal for equal moves (dicts and lists become sorted / plain tuples)."""
    if type(move) is dict and len(move) == 1:  # the common case, e.g. {"play": card}
        ((k, v),) = move.items()
        if type(v) in _SCALARS:
            return ((k, v),)
    if isinstance(move, dict):
        return tuple(sorted((k, move_key(v)) for k, v in move.items()))
    if isinstance(move, (list, tuple)):
        return tuple(move_key(v) for v in move)
    return move


def fresh_seed(seed: int | None) -> int:
    """``seed`` itself, or a random one from the OS when it is ``None``."""
    return int.from_bytes(os.urandom(8), "big") if seed is None else seed


def view_digest(view: View) -> str:
    """A stable digest of a view (plain data), so equal views give equal digests."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def decision_rng(seed: int, view: View) -> random.Random:
    """The generator for one decision: a function of the bot's seed and the view alone.

    Deriving it from the view (rather than advancing one generator per bot) makes a bot's choice
    depend on what its seat sees and nothing else: the same seed and the same view give the same
    move, whatever the bot decided before.
    """
    return random.Random(f"{seed}:{view_digest(view)}")


def rank_rewards(
    scores: Sequence[float], winners: Sequence[int], higher_is_better: bool = True
) -> list[float]:
    """Each seat's outcome in [0, 1]: 1 for a sole winner, 0 for sole last, ties averaged.

    Winners (as the engine declared them) rank above everyone else; the other seats are ordered
    by score. Used as the reward of the hard bot and for the tournament's mean rank.
    """
    ranks = ranks_of(scores, winners, higher_is_better)
    n = len(scores)
    if n < 2:
        return [1.0] * n
    return [(n - 1 - r) / (n - 1) for r in ranks]


def ranks_of(
    scores: Sequence[float], winners: Sequence[int], higher_is_better: bool = True
) -> list[float]:
    """0-based ranks (0 = best), tied seats sharing the mean of the places they occupy."""
    sign = 1 if higher_is_better else -1
    win = set(winners)
    keys = [(seat in win, sign * scores[seat]) for seat in range(len(scores))]
    order = sorted(range(len(scores)), key=lambda s: keys[s], reverse=True)
    ranks = [0.0] * len(scores)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and keys[order[j + 1]] == keys[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def margin_rewards(
    scores: Sequence[float], scale: float, higher_is_better: bool = True
) -> list[float]:
    """Each seat's score margin over the mean of the others, squashed into [0, 1]."""
    n = len(scores)
    if n < 2:
        return [0.5] * n
    total = sum(scores)
    sign = 1 if higher_is_better else -1
    out = []
    for s in scores:
        m = sign * (s - (total - s) / (n - 1)) / scale
        out.append(0.5 + 0.5 * m / (1 + abs(m)))
    return out
