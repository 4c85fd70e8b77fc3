"""The folder of kept games (chabudai/replays/store.py): newest first from the index, the limit
and the star, the index rebuilt when missing or damaged, bad files skipped without losing the
others, export and import into another data folder."""

from __future__ import annotations

import json

import pytest

from chabudai.replays import file
from chabudai.replays.file import Replay, ReplayError
from chabudai.replays.store import INDEX, Entry, ReplayStore
from tests.replays.helpers import played, replay_of, seats_of


def dated(replay: Replay, n: int) -> Replay:
    replay.ended = f"2026-12-{1 + n // 24:02d}T{n % 24:02d}:00:00Z"
    return replay


def filled(folder, count: int, limit: int = 1000) -> ReplayStore:
    store = ReplayStore(folder, limit)
    for n in range(count):
        store.add(dated(replay_of("koikoi", seed=n % 3), n))
    return store


def test_games_are_listed_newest_first_with_what_history_shows(tmp_path):
    store = ReplayStore(tmp_path)
    store.add(dated(replay_of("koikoi"), 1))
    nar = store.add(dated(replay_of("nar", 6), 2))
    entries = ReplayStore(tmp_path).entries()  # a new store reads the index
    assert [e.game for e in entries] == ["nar", "koikoi"]
    first = entries[0]
    assert first == nar and first.title == "Nar" and first.names[0] == "Aiko"
    assert first.kinds[1] == "bot" and first.you == 0 and first.finished
    assert first.place(0) in range(1, 7) and first.winner_names()


def test_the_limit_keeps_the_newest_and_every_starred_game(tmp_path):
    store = filled(tmp_path, 5, limit=3)
    assert len(store.entries()) == 3
    oldest = store.entries()[-1]
    store.star(oldest)
    for n in range(5, 8):
        store.add(dated(replay_of("koikoi"), n))
    entries = ReplayStore(tmp_path, 3).entries()
    assert len(entries) == 4 and oldest.name in [e.name for e in entries]
    assert len(list(tmp_path.glob(f"*{file.SUFFIX}"))) == 4  # the others' files are gone
    store.set_limit(1)
    assert [e.name for e in store.entries()][-1] == oldest.name and len(store.entries()) == 2


@pytest.mark.parametrize("damage", ["missing", "not json", "wrong shape"])
def test_the_index_is_rebuilt_when_missing_or_damaged(tmp_path, damage):
    names = [e.name for e in filled(tmp_path, 4).entries()]
    index = tmp_path / INDEX
    if damage == "missing":
        index.unlink()
    elif damage == "not json":
        index.write_text("{trunc", encoding="utf-8")
    else:
        index.write_text(json.dumps({"version": 1, "entries": [{"x": 1}]}), encoding="utf-8")
    store = ReplayStore(tmp_path)
    assert [e.name for e in store.entries()] == names
    assert json.loads(index.read_text())["version"] == 1  # written again


def test_a_damaged_file_is_skipped_and_no_other_replay_is_lost(tmp_path):
    store = filled(tmp_path, 3)
    (tmp_path / INDEX).unlink()
    bad = store.entries()[1]
    store.path(bad).write_bytes(file.MAGIC + b"\x78\x9c garbage")
    (tmp_path / f"stray{file.SUFFIX}").write_bytes(b"not a replay at all")
    again = ReplayStore(tmp_path)
    assert len(again.entries()) == 2
    assert any("damaged" in p for p in again.problems)
    assert any("not a Chabudai replay" in p for p in again.problems)
    assert store.path(bad).exists()  # skipped, never deleted
    with pytest.raises(ReplayError):
        store.open(bad)


def test_a_file_the_index_missed_is_added_and_a_removed_one_dropped(tmp_path):
    store = filled(tmp_path, 2)
    gone, kept = store.entries()
    store.path(gone).unlink()
    file.write(tmp_path / f"late{file.SUFFIX}", dated(replay_of("nimalia"), 99))
    names = [e.name for e in ReplayStore(tmp_path).entries()]
    assert names == [f"late{file.SUFFIX}", kept.name]


def test_export_then_import_into_another_data_folder(tmp_path):
    mine = ReplayStore(tmp_path / "mine")
    entry = mine.add(replay_of("nanatoridori", 5))
    shared = mine.export(entry, tmp_path)
    assert shared.read_bytes() == mine.path(entry).read_bytes()
    friend = ReplayStore(tmp_path / "friend")
    imported = friend.import_file(shared)
    assert imported.names == entry.names and imported.scores == entry.scores
    assert friend.open(imported).moves == mine.open(entry).moves
    tampered = tmp_path / f"tampered{file.SUFFIX}"
    replay = file.read(shared)
    replay.moves = replay.moves[:-1]
    file.write(tampered, replay)
    with pytest.raises(ReplayError, match="does not reach its end"):
        friend.import_file(tampered)
    assert len(friend.entries()) == 1


def test_an_unfinished_game_is_kept_marked(tmp_path):
    state = played("nar", 4, stop=12)
    entry = ReplayStore(tmp_path).add(Replay.from_state(state, seats_of(state)))
    assert not entry.finished and entry.place(0) is None and entry.moves == 12


def test_place_follows_the_winners_direction():
    def entry(scores, winners):
        return Entry(
            "f", "nar", "Nar", "", "", True, ["a"] * 4, ["human"] * 4, 0, scores, winners, 1
        )

    assert entry([10, 30, 20, 5], [1]).place(0) == 3
    assert entry([10, 30, 20, 5], [1]).place(3) == 4
    assert entry([10, 3, 20, 5], [1]).place(0) == 3  # the lowest score won: lower is better
    assert entry([10, 3, 20, 5], [1]).place(1) == 1
