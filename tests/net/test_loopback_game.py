"""Whole games through the host on loopback: views and events per seat, nothing hidden leaks."""

from __future__ import annotations

import asyncio

import pytest

from chabudai import engines
from chabudai.net.botplayer import BotPlayer
from chabudai.net.client import Client

from .helpers import LOOPBACK, Expected, check_koikoi_frames, quiet_seed, start_host


async def play_koikoi_with_spectator(options: dict | None = None):
    seed = quiet_seed(options=options)
    host, table, port = await start_host(seed=seed, options=options)
    frames: dict[object, list[dict]] = {0: [], 1: [], "spectator": []}
    players = [
        BotPlayer(LOOPBACK, port, name=f"P{i}", seed=i, on_frame=frames[i].append) for i in (0, 1)
    ]
    spectator = Client(
        LOOPBACK,
        port,
        name="Watcher",
        spectate=True,
        on_message=lambda m: None,
        on_frame=frames["spectator"].append,
    )
    spectator.start()
    await asyncio.wait_for(spectator.connected.wait(), 5)
    for p in players:
        p.start()
    try:
        await asyncio.wait_for(asyncio.gather(*(p.done.wait() for p in players)), 30)
        await asyncio.sleep(0.1)  # the spectator's last frames
    finally:
        for p in players:
            await p.close()
        await spectator.close()
        await host.close()
    assert sorted(p.seat for p in players) == [0, 1]
    return players, frames, table


def test_loopback_koikoi_game_two_players_and_a_spectator_nothing_hidden_leaks():
    """K-36: a seat sees its own hand only; the stock order and the other hand never leave."""
    players, frames, table = asyncio.run(play_koikoi_with_spectator())
    assert table.status == "over"
    for player in players:
        assert player.result == table.state.result()
        checked = check_koikoi_frames(frames[player.client.seat], player.client.seat)
        assert checked >= 10
    assert check_koikoi_frames(frames["spectator"], None) >= 10
    # the spectator saw every state, each exactly once and in order
    ids = [f["state_id"] for f in frames["spectator"] if f["t"] in ("snapshot", "update")]
    assert ids == list(range(ids[0], ids[0] + len(ids)))


def test_loopback_koikoi_three_deals_views_match_the_engine():
    players, frames, table = asyncio.run(play_koikoi_with_spectator({"rounds": 3}))
    record = table.state.record()
    for key, seat in ((0, 0), (1, 1), ("spectator", None)):
        game = [f for f in frames[key] if f["t"] in ("snapshot", "update")]
        expected = Expected(record, game[0]["state_id"])
        for frame in game:
            expected.check(frame, seat)


@pytest.mark.parametrize("host_bots", [False, True], ids=["client-bots", "host-bots"])
@pytest.mark.parametrize("game", engines.names())
def test_every_registered_engine_plays_through_the_host(game, host_bots):
    """The host uses only the engine contract: any registered game plays to the end, with every
    seat a client, or one client and bot seats on the host (simultaneous moves in Nimalia)."""
    engine = engines.get(game)
    clients = 1 if host_bots else engine.min_players

    async def scenario():
        host, table, port = await start_host(game=game, seats=engine.min_players, seed=7)
        for seat in range(clients, engine.min_players):
            table.add_bot_seat(seat, "random")
        frames: list[list[dict]] = [[] for _ in range(clients)]
        players = [
            BotPlayer(LOOPBACK, port, name=f"P{i}", seed=i, on_frame=frames[i].append)
            for i in range(clients)
        ]
        for p in players:
            p.start()
        try:
            await asyncio.wait_for(asyncio.gather(*(p.done.wait() for p in players)), 60)
        finally:
            for p in players:
                await p.close()
            await host.close()
        return players, frames, table

    players, frames, table = asyncio.run(scenario())
    record = table.state.record()
    assert table.state.is_over and len(record["moves"]) > 0
    for player, received in zip(players, frames, strict=True):
        seat = player.client.seat
        game_frames = [f for f in received if f["t"] in ("snapshot", "update")]
        expected = Expected(record, game_frames[0]["state_id"])
        for frame in game_frames:
            expected.check(frame, seat)
        assert player.result == table.state.result()
