"""The replay player gives each seat exactly what the host sent it (issue 30, "Done when"): a
live table plays every game at its largest seat count with a member at every seat and a
spectator, and every snapshot and update each one received equals the player's view of that
seat at that move. Stepping back lands on the same views as stepping forward."""

from __future__ import annotations

import asyncio
import random
import time

import msgpack
import pytest

from chabudai import engines
from chabudai.net.table import Table
from chabudai.replays.file import Replay, SeatInfo
from chabudai.replays.player import ReplayPlayer
from tests.net.helpers import FakeMember
from tests.replays.helpers import played, seats_of


def wire(value):
    """A value as it reads back from a msgpack frame."""
    return msgpack.unpackb(msgpack.packb(value), raw=False)


def live_game(name: str, seed: int):
    """A game at a table of humans only (plus a spectator): every member's messages."""
    engine = engines.get(name)
    players = engine.max_players

    async def scenario():
        table = Table(game=name, name="Replay", seats=players, seed=seed, grace=1000)
        members = [FakeMember(f"P{i}") for i in range(players)]
        watcher = FakeMember("W", spectate=True)
        for i, member in enumerate(members):
            table.join(member, None)
            table.handle(member, {"t": "sit", "seat": i})
        table.join(watcher, None)
        for member in members[1:]:
            table.handle(member, {"t": "ready", "ready": True})
        table.handle(members[0], {"t": "start"})
        rng = random.Random(seed)
        while table.status == "playing":
            seat = table.state.to_move[0]
            move = rng.choice(table.state.legal_moves(seat))
            table.handle(members[seat], {"t": "move", "state_id": table.state_id, "move": move})
            await asyncio.sleep(0)
        over = next(m for m in members[0].received if m["t"] == "game_over")
        table.close()
        return {i: m.received for i, m in enumerate(members)} | {None: watcher.received}, over

    return asyncio.run(scenario())


@pytest.mark.parametrize("name", engines.names())
def test_every_seat_sees_in_the_replay_what_it_saw_in_the_game(name):
    received, over = live_game(name, seed=11)
    players = engines.get(name).max_players
    replay = Replay.from_record(
        over["record"], [SeatInfo(f"P{i}") for i in range(players)], over["result"]
    )
    player = ReplayPlayer(replay, every=7)
    assert player.result == over["result"]
    for seat, messages in received.items():
        game = [m for m in messages if m["t"] in ("snapshot", "update")]
        first = game[0]
        assert first["t"] == "snapshot"
        view, legal = player.snapshot(0, seat)
        assert wire(view) == first["view"] and wire(legal) == first["legal"]
        updates = game[1:]
        assert len(updates) == player.length
        for index, message in enumerate(updates, start=1):
            update = player.update(index, seat)
            assert wire(update.events) == message["events"], (seat, index)
            assert wire(update.view) == message["view"], (seat, index)
            assert wire(update.legal) == message["legal"], (seat, index)
        for index in range(player.length, -1, -max(1, player.length // 23)):  # and backwards
            view, legal = player.snapshot(index, seat)
            sent = updates[index - 1]["view"] if index else first["view"]
            assert wire(view) == sent, (seat, index)


def test_round_starts_are_where_the_deal_changes():
    player = ReplayPlayer(Replay.from_state(played("nar", 8), seats_of(played("nar", 8))))
    assert player.round_starts[0] == 0 and len(player.round_starts) >= 2
    for start in player.round_starts[1:]:
        before = player.state(start - 1).view(None)["round"]
        assert player.state(start).view(None)["round"] != before
        assert player.round_of(start) == player.round_starts.index(start)


def test_stepping_back_at_move_400_is_instant():
    state = played("nanatoridori", 6)
    assert len(state.moves) > 450
    player = ReplayPlayer(Replay.from_state(state, seats_of(state)))
    player.snapshot(450, 0)
    started = time.perf_counter()
    for index in range(400, 380, -1):
        player.snapshot(index, 0)
    per_step = (time.perf_counter() - started) / 20
    assert per_step < 0.05  # far under a frame on any machine; bench client prints the figure
