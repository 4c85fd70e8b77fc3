"""Seats and tokens: reconnecting reclaims the seat with a snapshot, a wrong token is refused,
a dropped player's seat waits then a bot stands in; the lobby's host-player actions."""

from __future__ import annotations

import asyncio

from chabudai.net.botplayer import BotPlayer
from chabudai.net.client import Client

from .helpers import LOOPBACK, Expected, RawPeer, quiet_seed, start_host


async def until(predicate, timeout=10.0):
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.01)


def test_dropped_client_reconnects_with_its_token_and_the_game_finishes():
    async def scenario():
        host, table, port = await start_host(seed=quiet_seed())
        frames = [[], []]
        players = [
            BotPlayer(
                LOOPBACK, port, name=f"P{i}", seed=i, delay=0.01, on_frame=frames[i].append,
                backoff=(0.05, 0.2),
            )
            for i in (0, 1)
        ]  # fmt: skip
        for p in players:
            p.start()
        victim = players[0]
        await until(
            lambda: (
                victim.state_id is not None
                and victim.state_id >= table.state_id - 1
                and len(table.state.moves) >= 6
            )
        )
        seat, token = victim.client.seat, victim.client.token
        victim.client._writer.transport.abort()  # the link dies under the client
        await asyncio.wait_for(asyncio.gather(*(p.done.wait() for p in players)), 30)
        for p in players:
            await p.close()
        await host.close()
        return players, frames, table, seat, token

    players, frames, table, seat, token = asyncio.run(scenario())
    victim = players[0]
    states = [m["state"] for m in victim.log if m["t"] == "connection"]
    assert states.count("connected") == 2 and "lost" in states
    assert victim.client.seat == seat and victim.client.token == token
    after = victim.log[[i for i, m in enumerate(victim.log) if m.get("state") == "lost"][0] :]
    assert [m["t"] for m in after if m["t"] in ("welcome", "snapshot")][:2] == [
        "welcome",
        "snapshot",
    ]
    assert victim.result == table.state.result()
    record = table.state.record()
    game = [f for f in frames[0] if f["t"] in ("snapshot", "update")]
    expected = Expected(record, game[0]["state_id"])
    for frame in game:
        expected.check(frame, seat)


def test_wrong_token_is_refused_and_not_retried():
    async def scenario():
        host, table, port = await start_host()
        got = []
        client = Client(LOOPBACK, port, name="Eve", token="not-a-token", on_message=got.append)
        await asyncio.wait_for(client.start(), 5)
        await host.close()
        return got

    got = asyncio.run(scenario())
    assert {"t": "error", "code": "bad_token", "message": "unknown seat token"} in got
    assert got[-1]["t"] == "connection" and got[-1]["state"] == "closed"
    assert [m["state"] for m in got if m["t"] == "connection"].count("connecting") == 1


def test_grace_then_a_stand_in_bot_then_the_player_returns():
    """The stand-in plays a dropped seat while another player waits, and leaves on return."""

    async def scenario():
        host, table, port = await start_host(seed=quiet_seed(), grace=0.2)
        other = BotPlayer(LOOPBACK, port, name="Stays", seed=3, delay=0.01, games=1)
        peer = await RawPeer.open(port)
        await peer.hello("Walker")
        peer.send({"t": "sit", "seat": 0})
        welcome = await peer.expect("welcome", seat=0)
        peer.send({"t": "ready", "ready": True})
        other.start()
        await peer.expect("snapshot")
        await peer.close()  # gone, mid-game
        await until(lambda: table.seats[0].standin, 5)
        await until(lambda: sum(1 for s, _ in table.state.moves if s == 0) >= 2, 5)
        back = await RawPeer.open(port)
        again = await back.hello("Walker", token=welcome["token"])
        assert again["seat"] == 0
        lobby = await back.expect("lobby")
        assert lobby["table"]["seats"][0]["standin"] is False
        await back.expect("snapshot")
        standin_moves = sum(1 for s, _ in table.state.moves if s == 0)
        await back.close()
        await asyncio.wait_for(other.done.wait(), 15)  # stand-in again after the grace
        await other.close()
        await host.close()
        return standin_moves, table

    standin_moves, table = asyncio.run(scenario())
    assert standin_moves >= 2 and table.status == "over"


def test_a_table_with_nobody_connected_waits_instead_of_playing_itself_out():
    async def scenario():
        host, table, port = await start_host(seed=quiet_seed(), grace=0.1)
        table.add_bot_seat(1, "random")
        peer = await RawPeer.open(port)
        await peer.hello("Solo")
        peer.send({"t": "sit", "seat": 0})
        welcome = await peer.expect("welcome", seat=0)
        peer.send({"t": "ready", "ready": True})
        await peer.expect("snapshot")
        await peer.close()
        await until(lambda: table.seats[0].standin, 5)
        moves = len(table.state.moves)
        await asyncio.sleep(0.5)
        waited = (
            len(table.state.moves) == moves and 0 in table.state.to_move or table.status == "over"
        )
        back = await RawPeer.open(port)
        await back.hello("Solo", token=welcome["token"])
        snapshot = await back.expect("snapshot")
        await back.close()
        await host.close()
        return waited, snapshot

    waited, snapshot = asyncio.run(scenario())
    assert waited
    assert snapshot["view"]["seat"] == 0


def test_lobby_flow_for_the_host_player():
    async def scenario():
        host, table, port = await start_host(auto_start=False, seed=quiet_seed())
        owner = await RawPeer.open(port)
        await owner.hello("Owner")
        owner.send({"t": "sit"})
        assert (await owner.expect("welcome", seat=0))["host_seat"]
        owner.send({"t": "set_option", "name": "rounds", "value": 5})
        assert (await owner.expect("error"))["code"] == "bad_option"
        owner.send({"t": "set_option", "name": "rounds", "value": 3})
        lobby = await owner.expect("lobby")
        assert lobby["table"]["options"]["rounds"] == 3
        owner.send({"t": "set_seats", "seats": 3})
        assert (await owner.expect("error"))["code"] == "bad_seats"
        owner.send({"t": "add_bot", "seat": 1, "level": "nonsense"})
        assert (await owner.expect("error"))["code"] == "bad_level"
        owner.send({"t": "add_bot", "seat": 0, "level": "random"})
        assert (await owner.expect("error"))["code"] == "seat_taken"
        owner.send({"t": "add_bot", "seat": 1, "level": "random"})
        lobby = await owner.expect("lobby")
        assert lobby["table"]["seats"][1]["kind"] == "bot"
        owner.send({"t": "remove_bot", "seat": 1})
        lobby = await owner.expect("lobby")
        assert lobby["table"]["seats"][1]["kind"] == "open"
        guest = await RawPeer.open(port)
        await guest.hello("Guest")
        guest.send({"t": "sit", "seat": 0})
        assert (await guest.expect("error"))["code"] == "seat_taken"
        guest.send({"t": "sit"})
        await guest.expect("welcome", seat=1)
        owner.send({"t": "start"})
        assert (await owner.expect("error"))["code"] == "not_ready"
        guest.send({"t": "chat", "text": "ready soon\x07"})
        chat = await owner.expect("chat")
        assert chat == {"t": "chat", "seat": 1, "name": "Guest", "text": "ready soon"}
        guest.send({"t": "leave"})
        await guest.closed_after_error(None)  # leaving closes the connection
        lobby = await owner.expect("lobby")
        while lobby["table"]["seats"][1]["kind"] != "open":
            lobby = await owner.expect("lobby")
        owner.send({"t": "start"})  # the open seat is filled by a bot
        snapshot = await owner.expect("snapshot")
        assert table.seats[1].kind == "bot" and snapshot["view"]["seat"] == 0
        owner.send({"t": "rematch"})
        assert (await owner.expect("error"))["code"] == "not_over"
        await owner.close()
        await host.close()

    asyncio.run(scenario())


def test_headless_table_starts_again_when_everyone_is_ready_after_a_game():
    async def scenario():
        host, table, port = await start_host(seed=quiet_seed())
        players = [BotPlayer(LOOPBACK, port, name=f"P{i}", seed=i, games=2) for i in (0, 1)]
        for p in players:
            p.start()
        await asyncio.wait_for(asyncio.gather(*(p.done.wait() for p in players)), 30)
        for p in players:
            await p.close()
        await host.close()
        return players, table

    players, table = asyncio.run(scenario())
    assert table.games_started == 2
    assert all(len([m for m in p.log if m["t"] == "game_over"]) == 2 for p in players)
