"""A refused move tells the client why in a form it can word itself (docs/PROTOCOL.md section
5): over loopback a ``reject`` keeps its English ``reason`` for older clients and carries the
reason's id and plain arguments (``reason_id``, ``args``) from engines/describe.py."""

from __future__ import annotations

import asyncio

from chabudai import engines
from chabudai.engines.describe import REASON_IDS
from chabudai.net.protocol import MAX_NAME, check_host_message

from .helpers import RawPeer, seated, start_host


def first_mover_seed(seat: int) -> int:
    """A Koi-Koi seed whose first decision is ``seat``'s (and not a hand-bonus deal)."""
    engine = engines.get("koikoi")
    return next(
        s
        for s in range(1, 1000)
        if not (state := engine.new_game(2, s)).is_over and state.to_move == [seat]
    )


async def owner_and_bot(port: int) -> RawPeer:
    owner = await seated(port, "Aiko", 0)
    owner.send({"t": "add_bot", "seat": 1, "level": "random"})
    owner.send({"t": "start"})
    return owner


def test_an_illegal_move_arrives_with_its_reason_id_and_arguments():
    async def scenario():
        seed = first_mover_seed(0)
        host, table, port = await start_host(auto_start=False, seed=seed)
        owner = await owner_and_bot(port)
        snapshot = await owner.expect("snapshot")
        assert table.state.to_move == [0]
        missing = next(c for c in range(48) if c not in table.state.hands[0])
        owner.send({"t": "move", "state_id": snapshot["state_id"], "move": {"play": missing}})
        reply = await owner.expect("reject")
        check_host_message(reply)
        assert reply["code"] == "illegal"
        assert reply["reason_id"] == "not_in_hand" and reply["args"] == {"card": missing}
        assert reply["reason"] == "That card is not in your hand."  # for older clients
        await owner.close()
        await host.close()

    asyncio.run(scenario())


def test_a_move_out_of_turn_says_whose_turn_it_is():
    async def scenario():
        seed = first_mover_seed(1)
        host, table, port = await start_host(auto_start=False, seed=seed, bot_delay=60)
        owner = await owner_and_bot(port)
        snapshot = await owner.expect("snapshot")
        owner.send({"t": "move", "state_id": snapshot["state_id"], "move": {"play": 0}})
        reply = await owner.expect("reject")
        check_host_message(reply)
        assert reply["code"] == "not_your_turn" and reply["reason_id"] == "not_your_turn"
        assert reply["args"] == {"seat": 0, "to_move": [1]}
        await owner.close()
        await host.close()

    asyncio.run(scenario())


def test_every_reason_id_fits_the_reject_frame():
    assert all(len(said_id) <= MAX_NAME for said_id in REASON_IDS)
