"""Hints at a LAN table (issue 32, docs/PROTOCOL.md section 5a), over loopback: the table option
``hints`` set by the host player in the lobby, the ``hint`` request answered from the asking
seat's view alone, and every refusal a ``reject`` about the hint with a code and words."""

from __future__ import annotations

import asyncio

import pytest

from chabudai import engines
from chabudai.engines.bots.advice import Budget, hint
from chabudai.net import hints
from chabudai.net.protocol import check_client_message
from chabudai.net.table import Table

from .helpers import FakeMember, RawPeer, card_ints, koikoi_hidden, quiet_seed, seated, start_host

SMALL = Budget(iterations=40, samples=4, max_candidates=3)


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    monkeypatch.setattr(hints, "BUDGET", SMALL)
    monkeypatch.setattr(hints, "USE_PROCESSES", False)


async def _game(hints_on: bool) -> tuple:
    """A two-seat Koi-Koi table on loopback: seat 0 the host player, seat 1 a second player;
    the host player turns hints on in the lobby (or leaves them off), then starts."""
    host, table, port = await start_host(seed=quiet_seed(), auto_start=False, seats=2)
    owner = await seated(port, "Owner", 0)
    guest = await seated(port, "Guest", 1)
    if hints_on:
        owner.send({"t": "set_option", "name": "hints", "value": True})
        seen = await guest.expect("lobby")
        while not seen["table"]["table_options"]["hints"]:
            seen = await guest.expect("lobby")  # everyone at the table sees the option
    guest.send({"t": "ready", "ready": True})
    await owner.expect("lobby")
    owner.send({"t": "start"})
    snaps = {0: await owner.expect("snapshot"), 1: await guest.expect("snapshot")}
    return host, table, {0: owner, 1: guest}, snaps, port


def _mover(snaps: dict) -> int:
    return next(seat for seat, snap in snaps.items() if snap["legal"])


def test_hints_are_off_by_default_and_shown_in_the_lobby():
    table = Table(game="koikoi", name="T")
    assert table.describe()["table_options"] == {"hints": False}
    assert [spec["name"] for spec in table.describe()["table_option_specs"]] == ["hints"]


def test_a_hint_is_answered_with_a_legal_move_from_the_seats_view_alone():
    async def scenario():
        host, table, peers, snaps, port = await _game(hints_on=True)
        try:
            seat = _mover(snaps)
            state_id = snaps[seat]["state_id"]
            peers[seat].send({"t": "hint", "state_id": state_id})
            answer = await peers[seat].expect("hint", timeout=30)
            assert answer["seat"] == seat and answer["state_id"] == state_id
            assert answer["move"] in snaps[seat]["legal"]
            assert answer["reason"] and answer["kind"] in ("better", "close", "agree", "only")
            # worked out from the seat's view and nothing else: the same answer from the view
            expected = hints.answer_frame(hint(table.state.view(seat), seat, SMALL), state_id)
            assert answer == expected
            # no card hidden from the seat (the stock, the other hand) is in the answer
            assert not card_ints(answer, True) & koikoi_hidden(table.state, seat)
            assert table.state_id == state_id  # asking changes nothing at the table
        finally:
            for peer in peers.values():
                await peer.close()
            await host.close()

    asyncio.run(scenario())


def test_the_hint_compares_with_the_move_the_player_was_about_to_make():
    async def scenario():
        host, table, peers, snaps, port = await _game(hints_on=True)
        try:
            seat = _mover(snaps)
            legal = snaps[seat]["legal"]
            mine = legal[-1]
            message = {"t": "hint", "state_id": snaps[seat]["state_id"], "compare": mine}
            peers[seat].send(message)
            answer = await peers[seat].expect("hint", timeout=30)
            advice = hint(table.state.view(seat), seat, SMALL, compare=mine)
            assert answer["reason"] == hints.answer_frame(advice, 0)["reason"]
            if advice.move != mine:
                assert answer["kind"] in ("better", "close")
        finally:
            for peer in peers.values():
                await peer.close()
            await host.close()

    asyncio.run(scenario())


async def _refusal(peer: RawPeer, message: dict) -> dict:
    peer.send(message)
    reply = await peer.expect("reject", about="hint")
    assert reply["reason"] and "_" not in reply["reason"]  # words, not a code
    return reply


def test_with_hints_off_the_host_refuses_with_a_clear_reason():
    async def scenario():
        host, table, peers, snaps, port = await _game(hints_on=False)
        try:
            seat = _mover(snaps)
            reply = await _refusal(peers[seat], {"t": "hint", "state_id": table.state_id})
            assert reply["code"] == "hints_off"
            assert "off" in reply["reason"] and "lobby" in reply["reason"]
        finally:
            for peer in peers.values():
                await peer.close()
            await host.close()

    asyncio.run(scenario())


def test_a_hint_for_another_seat_or_out_of_turn_is_refused():
    async def scenario():
        host, table, peers, snaps, port = await _game(hints_on=True)
        try:
            seat = _mover(snaps)
            other = 1 - seat
            now = table.state_id
            reply = await _refusal(peers[other], {"t": "hint", "state_id": now, "seat": seat})
            assert reply["code"] == "not_your_seat"
            reply = await _refusal(peers[seat], {"t": "hint", "state_id": now, "seat": other})
            assert reply["code"] == "not_your_seat"
            reply = await _refusal(peers[other], {"t": "hint", "state_id": now})
            assert reply["code"] == "not_your_turn"
            reply = await _refusal(peers[seat], {"t": "hint", "state_id": now, "compare": "x"})
            assert reply["code"] == "illegal"
            watcher = await RawPeer.open(port)
            await watcher.hello("Watcher", spectate=True)
            reply = await _refusal(watcher, {"t": "hint", "state_id": now})
            assert reply["code"] == "not_seated"
            await watcher.close()
        finally:
            for peer in peers.values():
                await peer.close()
            await host.close()

    asyncio.run(scenario())


def test_only_the_host_player_sets_the_hints_option_and_only_to_a_bool():
    table = Table(game="nar", name="T", seats=4, grace=1000)
    owner, guest = FakeMember("Owner"), FakeMember("Guest")
    for member, seat in ((owner, 0), (guest, 1)):
        table.join(member, None)
        table.handle(member, {"t": "sit", "seat": seat})
    guest.received.clear()
    table.handle(guest, check_client_message({"t": "set_option", "name": "hints", "value": True}))
    assert [m["code"] for m in guest.received if m["t"] == "error"] == ["not_host"]
    table.handle(owner, {"t": "set_option", "name": "hints", "value": "yes"})
    assert [m["code"] for m in owner.received if m["t"] == "error"] == ["bad_option"]
    table.handle(owner, {"t": "set_option", "name": "hints", "value": True})
    assert table.lobby.table_options == {"hints": True}
    assert guest.received[-1]["table"]["table_options"] == {"hints": True}
    saved = Table.from_save(table.to_save())
    assert saved.lobby.table_options == {"hints": True}


@pytest.mark.parametrize(("game", "players"), [("nanatoridori", 3), ("nar", 4), ("nimalia", 2)])
def test_every_game_answers_a_hint_with_a_legal_move_of_the_seat(game, players):
    async def scenario():
        engine = engines.get(game)
        seed = next(s for s in range(1, 200) if 0 in engine.new_game(players, s).to_move)
        options = {"hints": True}
        table = Table(game=game, name="T", seats=players, table_options=options, seed=seed)
        member = FakeMember("P")
        table.join(member, None)
        table.handle(member, {"t": "sit", "seat": 0})
        table.handle(member, {"t": "start"})
        table._cancel_bots()  # the bots wait: the seat keeps its decision while we ask
        state = table.state
        seat = 0
        member.received.clear()
        table.handle(member, {"t": "hint", "state_id": table.state_id})
        for _ in range(600):
            await asyncio.sleep(0.05)
            if any(m["t"] == "hint" for m in member.received):
                break
        answer = next(m for m in member.received if m["t"] == "hint")
        assert answer["move"] in state.legal_moves(seat)
        assert answer == hints.answer_frame(hint(state.view(seat), seat, SMALL), answer["state_id"])
        table.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("game", ["koikoi", "nanatoridori", "nar", "nimalia"])
@pytest.mark.parametrize("compare", ["x", 7, [1, 2], {"card": "x"}, {"play": [9, 9, 9]}, [[[]]]])
def test_any_compare_value_that_is_no_legal_move_is_refused_as_illegal(game, compare):
    async def scenario():
        engine = engines.get(game)
        players = engine.min_players
        seed = next(s for s in range(1, 200) if 0 in engine.new_game(players, s).to_move)
        options = {"hints": True}
        table = Table(game=game, name="T", seats=players, table_options=options, seed=seed)
        member = FakeMember("P")
        table.join(member, None)
        table.handle(member, {"t": "sit", "seat": 0})
        table.handle(member, {"t": "start"})
        table._cancel_bots()
        member.received.clear()
        message = {"t": "hint", "state_id": table.state_id, "compare": compare}
        table.handle(member, check_client_message(message))
        assert [(m["t"], m["code"]) for m in member.received] == [("reject", "illegal")]
        table.close()

    asyncio.run(scenario())
