"""Every value of the right type gets the code docs/PROTOCOL.md documents for its field.

The schema checks types only; a seat number outside the table, an over-long bot level, option
name, token or table id reach the table and get ``bad_seat`` / ``bad_level`` / ``bad_option`` /
``bad_token`` / ``no_table`` (never ``bad_message``), a seat count outside the game's range
``bad_seats``, a move naming any other seat ``reject not_your_seat``. Names and chat lines that
are too long are cut. Error texts quote peer-chosen values only briefly.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chabudai.engines.bots import LEVELS
from chabudai.net.protocol import (
    CLIENT_MESSAGES,
    MAX_CHAT,
    MAX_NAME,
    PROTOCOL_VERSION,
    check_client_message,
)
from chabudai.net.table import Table

from .helpers import FakeMember, RawPeer, quiet_seed, start_host

# ints at the edges of msgpack's range and of the 0..63 seat numbers the old schema allowed
EDGE_INTS = [-(2**63), -1, 63, 64, 1000, 2**63 - 1, 2**64 - 1]
LONG = "x" * 5000  # far over MAX_NAME / MAX_TOKEN, well under the 64 KiB frame cap
ANY_INT = st.integers(min_value=-(2**63), max_value=2**64 - 1)
MESSAGE_LIMIT = 200  # an error or reject quotes peer values briefly


async def error_code(peer: RawPeer, message: dict[str, Any]) -> str:
    peer.send(message)
    reply = await peer.expect("error")
    assert len(reply["message"]) < MESSAGE_LIMIT, reply
    return reply["code"]


async def owner_at(port: int) -> RawPeer:
    """The host player in seat 0 of a lobby."""
    owner = await RawPeer.open(port)
    await owner.hello("Owner")
    owner.send({"t": "sit", "seat": 0})
    assert (await owner.expect("welcome", seat=0))["host_seat"]
    return owner


def test_lobby_fields_over_the_wire():
    async def scenario():
        host, table, port = await start_host(auto_start=False)
        owner = await owner_at(port)
        for seat in [*EDGE_INTS, 2]:  # a Koi-Koi table has seats 0 and 1
            assert await error_code(owner, {"t": "sit", "seat": seat}) == "bad_seat"
            message = {"t": "add_bot", "seat": seat, "level": "random"}
            assert await error_code(owner, message) == "bad_seat"
            assert await error_code(owner, {"t": "remove_bot", "seat": seat}) == "bad_seat"
        for count in [*EDGE_INTS, 0, 1, 3]:
            assert await error_code(owner, {"t": "set_seats", "seats": count}) == "bad_seats"
        for level in ["", "Random", "x" * (MAX_NAME + 1), LONG]:
            message = {"t": "add_bot", "seat": 1, "level": level}
            assert await error_code(owner, message) == "bad_level"
        for name in ["", "x" * (MAX_NAME + 1), LONG]:
            message = {"t": "set_option", "name": name, "value": 3}
            assert await error_code(owner, message) == "bad_option"
        for value in [LONG, 2**64 - 1, -(2**63), 0, True, "3"]:
            message = {"t": "set_option", "name": "rounds", "value": value}
            assert await error_code(owner, message) == "bad_option"
        owner.send({"t": "chat", "text": "a" * (MAX_CHAT + 100)})
        assert (await owner.expect("chat"))["text"] == "a" * MAX_CHAT
        owner.send({"t": "ping"})
        await owner.expect("pong")  # still connected after all of that
        assert [s.kind for s in table.seats] == ["human", "open"]
        await owner.close()
        await host.close()

    asyncio.run(scenario())


def test_hello_fields_over_the_wire():
    async def scenario():
        host, table, port = await start_host(auto_start=False)
        owner = await owner_at(port)  # a seat with a real token exists
        for token in ["a" * 65, LONG, "é", "", table.seats[0].token + "x"]:
            peer = await RawPeer.open(port)
            peer.send({"t": "hello", "v": PROTOCOL_VERSION, "name": "T", "token": token})
            await peer.closed_after_error("bad_token")
        for tid in ["t" * 65, LONG, "", table.tid.upper()]:
            peer = await RawPeer.open(port)
            peer.send({"t": "hello", "v": PROTOCOL_VERSION, "name": "T", "table": tid})
            frames = await peer.closed_after_error("no_table")
            assert len(frames[-1]["message"]) < MESSAGE_LIMIT
        for version in [v for v in EDGE_INTS if v != PROTOCOL_VERSION] + [0, 2]:
            peer = await RawPeer.open(port)
            peer.send({"t": "hello", "v": version, "name": "T"})
            await peer.closed_after_error("version")
        for version in EDGE_INTS:
            reply = await probe_with(port, version)
            assert reply["tables"][0]["tid"] == table.tid
        guest = await RawPeer.open(port)
        await guest.hello("G" * (MAX_NAME + 30), table=table.tid)
        guest.send({"t": "sit"})
        lobby = await guest.expect("lobby")
        while lobby["table"]["seats"][1]["kind"] != "human":
            lobby = await guest.expect("lobby")
        assert lobby["table"]["seats"][1]["name"] == "G" * MAX_NAME
        await guest.close()
        await owner.close()
        await host.close()

    asyncio.run(scenario())


async def probe_with(port: int, version: int) -> dict[str, Any]:
    peer = await RawPeer.open(port)
    peer.send({"t": "probe", "v": version})
    reply = await peer.expect("info")
    await peer.close()
    return reply


def test_move_fields_over_the_wire():
    async def scenario():
        host, table, port = await start_host(auto_start=False, seed=quiet_seed())
        owner = await owner_at(port)
        owner.send({"t": "add_bot", "seat": 1, "level": "random"})
        owner.send({"t": "start"})
        snapshot = await owner.expect("snapshot")
        current = snapshot["state_id"]
        for seat in [*EDGE_INTS, 1]:
            owner.send({"t": "move", "state_id": current, "move": {"play": 0}, "seat": seat})
            reply = await owner.expect("reject")
            assert reply["code"] == "not_your_seat" and len(reply["reason"]) < MESSAGE_LIMIT
        for state_id in [s for s in EDGE_INTS if s != current]:
            owner.send({"t": "move", "state_id": state_id, "move": {"play": 0}})
            assert (await owner.expect("reject"))["code"] == "stale"
            assert (await owner.expect("snapshot"))["state_id"] == table.state_id
        if 0 in table.state.to_move:
            owner.send({"t": "move", "state_id": table.state_id, "move": {"play": [LONG]}})
            reply = await owner.expect("reject")
            assert reply["code"] == "illegal" and len(reply["reason"]) <= 400
        await owner.close()
        await host.close()

    asyncio.run(scenario())


# --- the same rules over every value, on a table driven directly -----------------------------


def lobby_with_owner() -> tuple[Table, FakeMember]:
    table = Table(game="nar", name="Values", seats=4, grace=1000)
    owner = FakeMember("Owner")
    table.join(owner, None)
    table.handle(owner, {"t": "sit", "seat": 0})
    owner.received.clear()
    return table, owner


def answer(table: Table, member: FakeMember, message: dict[str, Any]) -> dict[str, Any]:
    """The first error or reject the table sends for ``message`` (schema-checked first)."""
    member.received.clear()
    table.handle(member, check_client_message(message))
    replies = [m for m in member.received if m["t"] in ("error", "reject")]
    assert replies, f"no error for {message}: {member.received}"
    return replies[0]


@settings(max_examples=300)
@given(ANY_INT.filter(lambda n: not 0 <= n < 4))
def test_any_seat_number_outside_the_table_is_bad_seat(seat):
    async def scenario():
        table, owner = lobby_with_owner()
        for message in (
            {"t": "sit", "seat": seat},
            {"t": "add_bot", "seat": seat, "level": LEVELS[0]},
            {"t": "remove_bot", "seat": seat},
        ):
            assert answer(table, owner, message)["code"] == "bad_seat"

    asyncio.run(scenario())


@settings(max_examples=300)
@given(ANY_INT.filter(lambda n: not 4 <= n <= 8))  # Nar is for 4 to 8 players
def test_any_seat_count_outside_the_game_is_bad_seats(count):
    async def scenario():
        table, owner = lobby_with_owner()
        assert answer(table, owner, {"t": "set_seats", "seats": count})["code"] == "bad_seats"
        assert len(table.seats) == 4

    asyncio.run(scenario())


@settings(max_examples=300)
@given(st.text(max_size=300).filter(lambda s: s not in LEVELS))
def test_any_unknown_level_is_bad_level(level):
    async def scenario():
        table, owner = lobby_with_owner()
        message = {"t": "add_bot", "seat": 1, "level": level}
        assert answer(table, owner, message)["code"] == "bad_level"

    asyncio.run(scenario())


@settings(max_examples=300)
@given(st.text(max_size=300), st.one_of(st.booleans(), ANY_INT, st.text(max_size=300)))
def test_any_unknown_option_or_value_is_bad_option(name, value):
    async def scenario():
        table, owner = lobby_with_owner()
        known = {o.name: o for o in table.engine.options}
        if name in known and value in known[name].choices and type(value) is known[name].kind:
            return  # a real setting
        message = {"t": "set_option", "name": name, "value": value}
        assert answer(table, owner, message)["code"] == "bad_option"

    asyncio.run(scenario())


@settings(max_examples=300)
@given(ANY_INT, st.one_of(st.none(), ANY_INT, st.text(max_size=50), st.lists(ANY_INT)))
def test_any_other_seat_in_a_move_is_not_your_seat(seat, move):
    async def scenario():
        table, owner = lobby_with_owner()
        table.start()
        message = {"t": "move", "state_id": table.state_id, "move": move, "seat": seat}
        reply = answer(table, owner, message)
        if seat == 0:
            assert reply["code"] in ("illegal", "not_your_turn")
        else:
            assert reply["code"] == "not_your_seat"
        table.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("kind", sorted(CLIENT_MESSAGES))
def test_every_client_field_is_typed_only(kind):
    """No client schema limits a value beyond its type: values are the table's business."""
    for name, field in CLIENT_MESSAGES[kind].items():
        for value in (LONG, 2**64 - 1, -(2**63)):
            fits_type = (isinstance(value, str) and "str" in field.describe) or (
                isinstance(value, int) and "int" in field.describe
            )
            if fits_type or field.describe == "any":
                assert field.spec(value), f"{kind}.{name} refuses {value!r:.20}"
