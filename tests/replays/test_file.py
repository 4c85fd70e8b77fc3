"""The replay file (docs/REPLAY.md): round trips for every game at its largest seat count, the
format version rules, and every bad file refused with a message for a player."""

from __future__ import annotations

import zlib

import msgpack
import pytest

from chabudai import engines
from chabudai.replays import file
from chabudai.replays.file import MAGIC, Replay, ReplayError, SeatInfo
from tests.replays.helpers import played, replay_of, seats_of


def _repack(replay: Replay, **changes) -> bytes:
    data = {**replay.to_dict(), **changes}
    return MAGIC + zlib.compress(msgpack.packb(data, use_bin_type=True))


@pytest.mark.parametrize("name", engines.names())
def test_a_finished_game_round_trips_and_replays_to_its_result(name, tmp_path):
    engine = engines.get(name)
    replay = replay_of(name, engine.max_players)
    path = tmp_path / f"game{file.SUFFIX}"
    file.write(path, replay)
    back = file.read(path)
    assert back.to_dict() == replay.to_dict()
    state = file.replay_state(back)
    assert state.is_over and state.result()["scores"] == replay.result["scores"]
    assert back.seats[1] == SeatInfo("Bot 1", "bot", "easy")
    assert path.stat().st_size < 8 * 1024  # small enough to send to a friend


def test_compression_makes_a_long_game_much_smaller():
    replay = replay_of("nanatoridori", 6)
    raw = len(msgpack.packb(replay.to_dict(), use_bin_type=True))
    assert len(file.encode(replay)) < raw / 3


def test_an_unfinished_game_is_kept_marked_and_opens():
    state = played("nar", 5, stop=30)
    replay = Replay.from_state(state, seats_of(state))
    back = file.decode(file.encode(replay))
    assert not back.finished and back.result is None
    assert len(file.replay_state(back).moves) == 30


def test_a_file_from_a_future_version_is_refused_with_a_clear_message():
    data = _repack(replay_of("koikoi"), version=file.FORMAT_VERSION + 1, program="chabudai 9.0")
    with pytest.raises(ReplayError, match="made by chabudai 9.0.*Update Chabudai"):
        file.decode(data)


def test_an_older_file_without_deals_seats_or_dates_still_opens():
    """Format 1 as the first writers could leave it: a record without deals (dealt from the
    seed), no seats, no program, no dates, and a key of a later writer kept as it was."""
    replay = replay_of("nimalia", 4)
    data = replay.to_dict()
    for key in ("deals", "seats", "program", "started", "ended", "you"):
        del data[key]
    data["note"] = "kept"
    back = file.decode(MAGIC + zlib.compress(msgpack.packb(data)))
    assert [s.name for s in back.seats] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert back.extra == {"note": "kept"}
    assert file.replay_state(back).result()["scores"] == replay.result["scores"]


def test_a_truncated_file_is_refused():
    data = file.encode(replay_of("nar", 8))
    for cut in (len(data) // 2, len(data) - 3, len(MAGIC), 5):
        with pytest.raises(ReplayError, match="damaged"):
            file.decode(data[:cut])


def test_a_corrupted_file_is_refused():
    data = bytearray(file.encode(replay_of("nar", 8)))
    data[len(MAGIC) + 20] ^= 0xFF
    with pytest.raises(ReplayError, match="damaged"):
        file.decode(bytes(data))
    not_msgpack = MAGIC + zlib.compress(b"\xc1\xc1\xc1")
    with pytest.raises(ReplayError, match="damaged"):
        file.decode(not_msgpack)
    with pytest.raises(ReplayError, match="not a Chabudai replay"):
        file.decode(b"PK\x03\x04 a zip file, not a replay")


def test_a_tampered_move_is_refused_naming_the_move():
    replay = replay_of("nanatoridori", 4)
    moves = [list(m) for m in replay.moves]
    moves[10] = [moves[10][0], {"nonsense": 1}]
    with pytest.raises(ReplayError, match="changed: move 11 cannot be played"):
        file.decode(_repack(replay, moves=moves))
    moves = [list(m) for m in replay.moves]
    moves[3][0] = (moves[3][0] + 1) % 4  # the right move by the wrong seat
    with pytest.raises(ReplayError, match="changed: move 4 cannot be played"):
        file.decode(_repack(replay, moves=moves))


def test_a_tampered_result_is_refused():
    replay = replay_of("koikoi")
    result = {**replay.result, "scores": [s + 5 for s in replay.result["scores"]]}
    with pytest.raises(ReplayError, match="its result is not the game's result"):
        file.decode(_repack(replay, result=result))
    with pytest.raises(ReplayError, match="does not reach its end"):
        file.decode(_repack(replay, moves=replay.moves[:-1]))


def test_an_oversized_file_is_refused_before_it_is_unpacked():
    with pytest.raises(ReplayError, match="too large"):
        file.decode(MAGIC + b"\0" * (file.MAX_FILE + 1))
    bomb = MAGIC + zlib.compress(b"\x90" * (file.MAX_DATA + 10), 9)
    assert len(bomb) < file.MAX_FILE
    with pytest.raises(ReplayError, match="too large"):
        file.decode(bomb)


def test_a_wrong_game_file_is_refused():
    replay = replay_of("nar", 4)
    with pytest.raises(ReplayError, match="does not play as a game of Nanatoridori"):
        file.decode(_repack(replay, game="nanatoridori"))
    with pytest.raises(ReplayError, match="does not know"):
        file.decode(_repack(replay, game="chess"))


def test_a_damaged_map_is_refused_not_crashed():
    replay = replay_of("koikoi")
    for changes in ({"version": "one"}, {"players": "two"}, {"moves": 3}, {"seats": [7]}):
        with pytest.raises(ReplayError):
            file.decode(_repack(replay, **changes))


def test_a_missing_file_is_a_message(tmp_path):
    with pytest.raises(ReplayError, match="There is no file"):
        file.read(tmp_path / "gone.chabudai-replay")
