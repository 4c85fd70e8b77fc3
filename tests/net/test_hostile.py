"""Hostile input: every bad frame or message gets its documented error or a closed connection,
the host stays up and the honest players finish their game (DESIGN.md, "Hostile input")."""

from __future__ import annotations

import asyncio
import os

import pytest

from chabudai.net.botplayer import BotPlayer
from chabudai.net.client import probe
from chabudai.net.host import HostConfig
from chabudai.net.protocol import PROTOCOL_VERSION

from .helpers import LOOPBACK, RawPeer, frame_of_length, packed, quiet_seed, start_host

FAST = HostConfig(handshake_timeout=0.5, idle_timeout=1.5, rate=20.0, burst=30.0)


async def attack_random_bytes(port):
    peer = await RawPeer.open(port)
    peer.send_raw(frame_of_length(40, b"\xc1" + os.urandom(39)))
    await peer.closed_after_error("bad_frame")
    peer = await RawPeer.open(port)
    peer.send_raw(os.urandom(256))  # header and all: too large, or garbage, or short
    frames = await peer.closed_after_error(None)
    assert all(f["t"] == "error" for f in frames)


async def attack_oversize(port):
    peer = await RawPeer.open(port)
    peer.send_raw(frame_of_length(0xFFFFFFFF))
    await peer.closed_after_error("too_large")
    peer = await RawPeer.open(port)
    await peer.hello()
    peer.send_raw(frame_of_length(64 * 1024 + 1, b"\x00" * 100))
    await peer.closed_after_error("too_large")


async def attack_truncated(port):
    peer = await RawPeer.open(port)
    peer.send_raw(frame_of_length(100, b"\x82\xa1t"))
    peer.writer.write_eof()
    assert await peer.closed_after_error(None) == []


async def attack_deep_nesting(port):
    peer = await RawPeer.open(port)
    await peer.hello()
    peer.send_raw(frame_of_length(4000, (b"\x91" * 3999) + b"\xc0"))
    await peer.closed_after_error("bad_frame")
    peer = await RawPeer.open(port)
    await peer.hello()
    nested: object = 0
    for _ in range(40):
        nested = [nested]
    peer.send_raw(packed({"t": "chat", "text": nested}))
    await peer.closed_after_error("bad_frame")


async def attack_schema(port):
    peer = await RawPeer.open(port)
    await peer.hello()
    peer.send({"t": "move", "state_id": "seven", "move": 1})
    assert (await peer.expect("error"))["code"] == "bad_message"
    peer.send({"t": "sit", "seat": [0]})
    assert (await peer.expect("error"))["code"] == "bad_message"
    peer.send({"t": "dance", "steps": 3})
    assert (await peer.expect("error"))["code"] == "unknown_type"
    peer.send({"t": "hello", "v": PROTOCOL_VERSION, "name": "again"})
    assert (await peer.expect("error"))["code"] == "bad_message"
    peer.send({"t": "start"})  # not the host player
    assert (await peer.expect("error"))["code"] == "not_host"
    peer.send({"t": "move", "state_id": 1, "move": {"play": 0}})  # a spectator-like member
    assert (await peer.expect("reject"))["code"] == "not_seated"
    peer.send({"t": "ping"})
    await peer.expect("pong")  # still connected after all of that
    await peer.close()


async def attack_handshake(port):
    peer = await RawPeer.open(port)
    peer.send({"t": "sync"})
    await peer.closed_after_error("hello_first")
    peer = await RawPeer.open(port)
    peer.send({"t": "hello", "v": PROTOCOL_VERSION + 1, "name": "future"})
    await peer.closed_after_error("version")
    peer = await RawPeer.open(port)
    peer.send({"t": "hello", "v": PROTOCOL_VERSION, "name": "x", "token": "forged"})
    await peer.closed_after_error("bad_token")
    peer = await RawPeer.open(port)
    peer.send({"t": "hello", "v": PROTOCOL_VERSION, "name": "x", "table": "nope"})
    await peer.closed_after_error("no_table")
    peer = await RawPeer.open(port)  # says nothing at all
    await peer.closed_after_error("handshake_timeout")
    peer = await RawPeer.open(port)
    await peer.hello()  # then nothing for longer than the idle time
    await peer.closed_after_error("idle_timeout")


async def attack_flood(port):
    peer = await RawPeer.open(port)
    await peer.hello()
    for _ in range(500):
        peer.send({"t": "chat", "text": "spam"})
    frames = await peer.closed_after_error("rate_limited")
    assert len([f for f in frames if f["t"] == "chat"]) < FAST.burst + 20  # not 500


def test_hostile_peers_get_errors_and_the_honest_game_finishes():
    async def scenario():
        host, table, port = await start_host(config=FAST, seed=quiet_seed())
        honest = [
            BotPlayer(LOOPBACK, port, name=f"Honest {i}", seed=i, delay=0.02, keepalive=0.4)
            for i in (0, 1)
        ]
        for player in honest:
            player.start()
        attacks = [
            attack_random_bytes,
            attack_oversize,
            attack_truncated,
            attack_deep_nesting,
            attack_schema,
            attack_handshake,
            attack_flood,
        ]
        try:
            await asyncio.wait_for(asyncio.gather(*(a(port) for a in attacks)), 30)
            await asyncio.wait_for(asyncio.gather(*(p.done.wait() for p in honest)), 30)
            info = await probe(LOOPBACK, port)
        finally:
            for player in honest:
                await player.close()
            await host.close()
        return honest, table, info

    honest, table, info = asyncio.run(scenario())
    assert table.status == "over"
    assert all(p.result == table.state.result() for p in honest)
    assert info is not None and info["tables"][0]["tid"] == table.tid  # the host is still up
    # the honest players never got an error or a reject
    for player in honest:
        assert not [m for m in player.log if m["t"] in ("error", "reject")]


def test_connection_cap():
    async def scenario():
        host, table, port = await start_host(config=HostConfig(max_connections=2))
        peers = [await RawPeer.open(port) for _ in range(2)]
        for peer in peers:
            await peer.hello()
        extra = await RawPeer.open(port)
        await extra.closed_after_error("busy")
        await peers[0].close()
        await asyncio.sleep(0.1)
        again = await RawPeer.open(port)
        await again.hello()  # room again once one left
        for peer in (peers[1], again):
            await peer.close()
        await host.close()

    asyncio.run(scenario())


def test_seated_player_moves_for_another_seat_stale_illegal_and_out_of_turn():
    """A connection acts only for its own seat; stale moves get a reject and a snapshot."""

    async def scenario():
        host, table, port = await start_host(seed=quiet_seed(), bot_delay=0.05)
        table.add_bot_seat(1, "random")
        peer = await RawPeer.open(port)
        await peer.hello("Mallory")
        peer.send({"t": "sit", "seat": 0})
        await peer.expect("welcome", seat=0)
        peer.send({"t": "ready", "ready": True})
        snapshot = await peer.expect("snapshot")
        state_id, view, legal = snapshot["state_id"], snapshot["view"], snapshot["legal"]
        codes = set()
        while True:
            if view["over"]:
                break
            if 0 in view["to_move"]:
                if "not_your_seat" not in codes:
                    peer.send({"t": "move", "state_id": state_id, "move": legal[0], "seat": 1})
                    reply = await peer.expect("reject")
                    codes.add(reply["code"])
                if "stale" not in codes and state_id > 1:
                    peer.send({"t": "move", "state_id": state_id - 1, "move": legal[0]})
                    reply = await peer.expect("reject")
                    codes.add(reply["code"])
                    again = await peer.expect("snapshot")
                    assert again["state_id"] == state_id and again["view"] == view
                if "illegal" not in codes:
                    peer.send({"t": "move", "state_id": state_id, "move": {"play": 99}})
                    reply = await peer.expect("reject")
                    codes.add(reply["code"])
                    assert reply["state_id"] == state_id
                peer.send({"t": "move", "state_id": state_id, "move": legal[0]})
            elif "not_your_turn" not in codes:
                peer.send({"t": "move", "state_id": state_id, "move": {"play": 0}})
                message = await peer.recv()
                while message["t"] != "reject":
                    if message["t"] == "update":  # the bot moved meanwhile
                        state_id, view, legal = (message[k] for k in ("state_id", "view", "legal"))
                    message = await peer.recv()
                if message["code"] in ("not_your_turn", "stale"):
                    codes.add(message["code"])
                if message["code"] == "stale":
                    await peer.expect("snapshot")
                continue
            message = await peer.expect("update")
            state_id, view, legal = message["state_id"], message["view"], message["legal"]
        await peer.expect("game_over")
        await peer.close()
        await host.close()
        return codes

    codes = asyncio.run(scenario())
    assert {"not_your_seat", "stale", "illegal", "not_your_turn"} <= codes


@pytest.mark.parametrize("kind", ["add_bot", "remove_bot", "set_option", "set_seats", "start"])
def test_lobby_actions_are_for_the_host_player_only(kind):
    fields = {
        "add_bot": {"seat": 1, "level": "random"},
        "remove_bot": {"seat": 1},
        "set_option": {"name": "rounds", "value": 3},
        "set_seats": {"seats": 2},
        "start": {},
    }[kind]

    async def scenario():
        host, table, port = await start_host(auto_start=False)
        owner, guest = await RawPeer.open(port), await RawPeer.open(port)
        await owner.hello("Owner")
        owner.send({"t": "sit"})
        assert (await owner.expect("welcome", seat=0))["host_seat"] is True
        await guest.hello("Guest")
        guest.send({"t": "sit"})
        assert (await guest.expect("welcome", seat=1))["host_seat"] is False
        guest.send({"t": kind, **fields})
        assert (await guest.expect("error"))["code"] == "not_host"
        await owner.close()
        await guest.close()
        await host.close()

    asyncio.run(scenario())
