"""Table saves: atomic files, a faithful round trip, damaged saves moved aside (never lost)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from chabudai.net.host import Host
from chabudai.net.store import TableStore
from chabudai.net.table import Table

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


def test_a_duel_table_saved_before_two_player_resumes_as_a_duel(tmp_path):
    """A host's save from before the Nanatoridori ``two_player`` option (2 players were always a
    duel) resumes as a duel and its next game is one too (tests/engines/nanatoridori/data)."""
    fixture = Path(__file__).parents[1] / "engines/nanatoridori/data/saves-before-two-player.json"
    data = json.loads(fixture.read_text())["table"]
    assert "two_player" not in data["options"] and "two_player" not in data["state"]["options"]
    store = TableStore(tmp_path)
    store.save(data)
    [(_, loaded)], problems = store.load_all()
    table = Table.from_save(loaded)
    assert problems == [] and table.options["two_player"] == "duel"
    assert table.state.duel and table.state.view(0)["reserves"] != [[], []]
    while not table.state.is_over:
        seat = table.state.to_move[0]
        table.state.apply(seat, table.state.legal_moves(seat)[0])
    assert table.engine.new_game(2, 1, table.options).duel
