"""The seat tokens on disk: one entry per host address and table id, newest first, written
atomically; a damaged file is set aside with a message and nothing in it is lost."""

from __future__ import annotations

import json
import time

from chabudai.game.seats_saved import KEEP, SavedSeat, SeatBook, seats_path


def seat(table: str = "5f2c0a9e1b7d", host: str = "192.168.1.20", port: int = 47474, **kw):
    values = dict(token="q3" * 12, name="Kitchen table", game="koikoi", seat=1, saved=time.time())
    values.update(kw)
    return SavedSeat(host=host, port=port, table=table, **values)


def test_seats_live_beside_the_settings(tmp_path):
    assert (
        seats_path(tmp_path / "chabudai" / "settings.json") == tmp_path / "chabudai" / "seats.json"
    )


def test_remembered_seats_come_back_newest_first_one_per_host_and_table(tmp_path):
    path = tmp_path / "seats.json"
    book = SeatBook.open(path)
    book.remember(seat("aaaaaaaaaaaa"))
    book.remember(seat("bbbbbbbbbbbb", name="Den"))
    book.remember(seat("aaaaaaaaaaaa", token="new-token", seat=0))  # the same table again
    book.remember(seat("aaaaaaaaaaaa", host="10.0.0.5", token="t2"))  # another host: its own
    book.remember(seat("aaaaaaaaaaaa", host="10.0.0.6", token="t2"))  # the same seat, moved
    again = SeatBook.open(path)
    assert again.message is None
    assert [(s.host, s.table, s.token) for s in again.seats] == [
        ("10.0.0.6", "aaaaaaaaaaaa", "t2"),
        ("192.168.1.20", "aaaaaaaaaaaa", "new-token"),
        ("192.168.1.20", "bbbbbbbbbbbb", "q3" * 12),
    ]
    assert again.find("bbbbbbbbbbbb").name == "Den"
    again.forget("192.168.1.20", 47474, "aaaaaaaaaaaa")
    assert [s.table for s in SeatBook.open(path).seats] == ["aaaaaaaaaaaa", "bbbbbbbbbbbb"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["seats.json"]  # no temporary files


def test_old_and_surplus_seats_are_dropped(tmp_path):
    path = tmp_path / "seats.json"
    book = SeatBook(path)
    for i in range(KEEP + 3):
        book.remember(seat(f"{i:012x}", token=f"token-{i}"))
    book.remember(seat("stalestale00", saved=time.time() - 30 * 24 * 3600))  # kept KEEP at most
    loaded = SeatBook.open(path).seats
    assert len(loaded) == KEEP - 1 and "stalestale00" not in [s.table for s in loaded]


def test_a_damaged_file_is_set_aside_with_a_message(tmp_path):
    path = tmp_path / "seats.json"
    for damage in ("{not json", json.dumps({"seats": [{"host": "x"}]}), "[1, 2]"):
        path.write_text(damage)
        book = SeatBook.open(path)
        assert book.seats == []
        assert book.message and "damaged" in book.message and "seats.json.bad" in book.message
        assert (tmp_path / "seats.json.bad").read_text() == damage  # nothing lost
        assert not path.exists()
        book.remember(seat())  # and the book works again
        assert SeatBook.open(path).seats == [seat(saved=book.seats[0].saved)]
        path.unlink()
