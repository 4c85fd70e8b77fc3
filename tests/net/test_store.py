"""Table saves: atomic files, a faithful round trip, damaged saves moved aside (never lost)."""

from __future__ import annotations

import asyncio

from net.host import Host
from net.store import TableStore
from net.table import Table

from .helpers import quiet_seed


def game_in_progress() -> Table:
    table = Table(game="koikoi", name="Saved", seed=quiet_seed(), auto_start=True, grace=7.0)
    table.reserve(0, "Aki")
    table.add_bot_seat(1, "random")

    async def play_a_little():
        table.start()
        for _ in range(5):
            seat = table.state.to_move[0]
            table.apply(seat, table.state.legal_moves(seat)[0])
        table.close()

    asyncio.run(play_a_little())
    return table


def test_round_trip_keeps_tokens_state_numbers_and_the_game(tmp_path):
    table = game_in_progress()
    store = TableStore(tmp_path)
    store.save(table.to_save())
    [(path, data)], problems = store.load_all()
    assert problems == [] and path.name == f"{table.tid}.table"
    copy = Table.from_save(data)
    assert (copy.tid, copy.state_id, copy.pending_since, copy.status) == (
        table.tid, table.state_id, table.pending_since, table.status,
    )  # fmt: skip
    assert copy.seats == table.seats and copy.host_seat == 0
    assert copy.seat_of_token(table.seats[0].token) == 0
    for seat in (None, 0, 1):
        assert copy.state.view(seat) == table.state.view(seat)
    assert copy.state.record() == table.state.record()
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no temp file left


def test_damaged_saves_are_moved_aside_with_a_message(tmp_path):
    store = TableStore(tmp_path)
    good = game_in_progress()
    store.save(good.to_save())
    broken = game_in_progress().to_save()
    del broken["state"]["hands"]  # the engine refuses it
    store.save(broken)
    odd = game_in_progress().to_save()
    odd["seats"] = odd["seats"][:1]  # seats no longer match the game
    store.save(odd)
    host = Host(data_dir=tmp_path)
    problems = host.resume()
    assert list(host.tables) == [good.tid]
    assert len(problems) == 2 and all("kept as" in p for p in problems)
    aside = sorted(p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name)
    assert len(aside) == 2
    assert {name.split(".")[0] for name in aside} == {broken["tid"], odd["tid"]}
