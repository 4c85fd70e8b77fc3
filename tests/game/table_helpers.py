"""Shared checks for table views: feed a table a whole seeded game as the host would.

``play_through`` plays random legal games on the engine; the table is fed only the events each
seat may see (as the host sends them) and, before it settles on each new view, its own
event-built model must already match that view (``comparable`` picks what must match), so the
table never needs to jump. After each settle every sprite sits exactly where the layout puts it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

import engines
from engines.base import events_for
from game.tables import TableContext, make_table


def drain(table, comparable: Callable[[dict], Any] | None = None) -> None:
    """Run the table's queue without waiting for animations; check each settle."""
    while table.queue:
        kind, payload = table.queue.popleft()
        if kind == "event":
            table.animate(payload)
            table.banner = table.panel = None
        elif kind == "settle":
            if comparable is not None and not payload.get("over"):
                assert comparable(table.model) == comparable(payload)
            table.settle(payload)
        else:
            table.result = payload
    table.tweens.finish()
    table.banner = table.panel = None
    table.hold = 0


def assert_sprites_in_place(table) -> None:
    """Every sprite sits exactly where the layout puts its card, showing the side it should."""
    places = {place.key: place for place in table.places()}
    assert set(table.stage.sprites) == set(places)
    for key, place in places.items():
        sprite = table.stage[key]
        assert tuple(sprite.rect) == pytest.approx(place.rect), key
        assert sprite.shows_face == place.face_up, key


def play_through(
    game: str,
    players: int,
    seed: int,
    seat: int | None,
    comparable: Callable[[dict], Any],
    options: dict[str, Any] | None = None,
    max_moves: int | None = None,
):
    """Play one seeded random game through a table seen by ``seat``; returns the table."""
    engine = engines.get(game)
    state = engine.new_game(players, seed, options)
    table = make_table(game, TableContext(seat=seat, submit=lambda move: None))
    table.snapshot(copy.deepcopy(state.view(seat)))
    drain(table, comparable)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over and (max_moves is None or moves < max_moves):
        mover = state.to_move[0]
        events = state.apply(mover, rng.choice(state.legal_moves(mover)))
        table.apply_update(events_for(events, seat), copy.deepcopy(state.view(seat)))
        drain(table, comparable)
        assert_sprites_in_place(table)
        moves += 1
    if state.is_over:
        table.game_over(state.result())
        drain(table, comparable)
        assert table.finished
    return table
