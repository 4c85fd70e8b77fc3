"""The host's parts, each alone: the lobby (seats, tokens, options, ready), the match (state,
state numbers, legal moves, per-seat frames) and the timers (docs/PROTOCOL.md sections 4–8)."""

from __future__ import annotations

import asyncio
import random

import pytest

from chabudai import engines
from chabudai.net.codec import decode_frame
from chabudai.net.lobby import Lobby
from chabudai.net.match import Match
from chabudai.net.protocol import ProtocolError
from chabudai.net.timers import Timers

from .helpers import card_ints, koikoi_hidden, quiet_seed

KOIKOI = engines.get("koikoi")


def lobby(seats: int) -> Lobby:
    return Lobby(engines.get("nar"), seats, None, "random")


def test_the_first_to_sit_is_the_host_player_and_the_role_passes_on():
    room = lobby(4)
    assert room.sit(None, None, "Aki", "ta") == 0 and room.host_seat == 0
    assert room.sit(2, None, "Ben", "tb") == 2
    assert room.sit(None, 2, "Ben", "tb") is None  # seated already: nothing changes
    with pytest.raises(ProtocolError) as taken:
        room.sit(0, 2, "Ben", "tb")
    assert taken.value.code == "seat_taken"
    with pytest.raises(ProtocolError) as outside:
        room.sit(9, None, "Cho", "tc")
    assert outside.value.code == "bad_seat"
    assert room.seat_of_token("tb") == 2 and room.seat_of_token("nope") is None
    assert room.free_seat(0) is True and room.host_seat == 2


def test_options_clear_ready_flags_and_bad_values_change_nothing():
    room = lobby(4)
    room.sit(None, None, "Aki", "ta")
    room.seats[0].ready = True
    before = dict(room.options)
    with pytest.raises(ProtocolError) as bad:
        room.set_option("no_such_option", 1)
    assert bad.value.code == "bad_option" and room.options == before and room.seats[0].ready
    name = room.engine.options[0].name
    room.set_option(name, room.engine.options[0].choices[-1])
    assert room.seats[0].ready is False


def test_seats_removed_and_filled_for_a_game():
    room = lobby(5)
    room.sit(1, None, "Aki", "ta")
    assert list(room.set_seats(4)) == [4]
    with pytest.raises(ProtocolError):
        room.set_seats(1)  # the host player's seat would go
    room.fill_for_a_game()
    assert [s.kind for s in room.seats] == ["bot", "human", "bot", "bot"]
    assert all(s.fill_in for s in room.seats if s.kind == "bot")
    room.seats[1].connected = False
    assert room.after_game(reopen=True, keep_ready=False, waiting=set()) is True
    assert [s.kind for s in room.seats] == ["open"] * 4 and room.host_seat is None


def test_a_match_numbers_states_and_keeps_a_waiting_seat_current():
    match = Match(KOIKOI, random.Random(3), seed=quiet_seed())
    match.deal(2, KOIKOI.resolve_options(None), ["random", "random"])
    assert match.state_id == 1 and match.games_started == 1
    (seat,) = match.state.to_move
    match.apply(seat, match.legal(seat)[0])
    assert match.state_id == 2
    assert not match.accepts(seat, 1)  # it moved since state 1
    assert match.legal(None) == []


def test_a_match_frame_shows_each_seat_only_its_own_cards():
    match = Match(KOIKOI, random.Random(3), seed=quiet_seed())
    match.deal(2, KOIKOI.resolve_options(None), ["random", "random"])
    (seat,) = match.state.to_move
    events = match.apply(seat, match.legal(seat)[0])
    for viewer in (0, 1, None):
        frame = decode_frame(match.update_frame(events, viewer))
        assert frame["view"]["seat"] == viewer
        assert not card_ints(frame) & koikoi_hidden(match.state, viewer)
    assert match.snapshot(None)["legal"] == []


def test_timers_replace_fire_once_and_cancel():
    fired: list[str] = []

    async def scenario():
        timers = Timers()
        timers.start("a", 0.05, fired.append, "first")
        timers.start("a", 0.05, fired.append, "second")  # replaces the first
        timers.start("b", 0.05, fired.append, "b")
        timers.cancel("b")
        timers.start(("grace", 1), 10, fired.append, "never")
        assert ("grace", 1) in timers
        await asyncio.sleep(0.15)
        assert "a" not in timers
        timers.cancel_all()
        assert ("grace", 1) not in timers

    asyncio.run(scenario())
    assert fired == ["second"]
