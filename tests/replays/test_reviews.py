"""The optional ``reviews`` key of a replay file (issue 32, docs/REPLAY.md): kept and read back
as it was found, without floats, in format version 1 so an older reader still opens the file;
a file without it is what it was before; a damaged review is ignored and the game still opens."""

from __future__ import annotations

import zlib

import msgpack
import pytest

from chabudai.engines.bots.advice_review import review
from chabudai.replays import file, reviews
from chabudai.replays.store import ReplayStore
from tests.replays.helpers import replay_of


@pytest.fixture(scope="module")
def game():
    replay = replay_of("koikoi", 2, seed=1)
    return replay, review(replay.record(), 0, iterations=30, samples=8)


def test_a_review_kept_in_the_file_reads_back_as_it_was(game):
    replay, found = game
    reviews.keep(replay, found)
    again = file.decode(file.encode(replay))
    back = reviews.from_field(again, 0)
    assert back is not None
    assert [(d.index, d.mark, d.best) for d in back.decisions] == [
        (d.index, d.mark, d.best) for d in found.decisions
    ]
    for old, new in zip(found.decisions, back.decisions, strict=True):
        assert abs(old.loss - new.loss) < 1e-3 and abs(old.stderr - new.stderr) < 1e-3
        assert old.best_said == new.best_said and old.played_said == new.played_said
    assert back.summary["decisions"] == found.summary["decisions"]
    assert back.summary["mistakes"] == found.summary["mistakes"]
    assert reviews.from_field(again, 1) is None  # seat 1 was not reviewed


def test_the_field_keeps_the_format_version_and_holds_no_floats(game):
    replay, found = game
    reviews.keep(replay, found)
    data = file.decode_map(file.encode(replay))
    assert data["version"] == 1 == file.FORMAT_VERSION
    assert file._plain(data)  # str keys, ints, no floats: the frame codec's rules
    assert isinstance(data["reviews"]["0"]["decisions"][0]["loss"], int)


def test_a_file_without_a_review_has_no_reviews_key():
    replay = replay_of("koikoi", 2, seed=1)
    assert "reviews" not in file.decode_map(file.encode(replay))
    assert file.decode(file.encode(replay)).reviews == {}


def test_a_reader_that_does_not_know_reviews_keeps_them_untouched(game):
    """An older version-1 reader keeps keys it does not know (docs/REPLAY.md): the review is
    one of them for it, and the file it writes back still holds the review."""
    replay, found = game
    reviews.keep(replay, found)
    data = file.decode_map(file.encode(replay))
    older = file.from_map({k: v for k, v in data.items() if k != "reviews"})
    older.extra["reviews"] = data["reviews"]  # what a reader without the field does
    written = file.decode(file.encode(older))
    assert reviews.from_field(written, 0) is not None


@pytest.mark.parametrize(
    "damage",
    [
        5,
        {"0": []},
        {"0": {"iterations": 0, "samples": 8, "decisions": []}},
        {"0": {"iterations": 30, "samples": 8, "decisions": "all"}},
        {"0": {"iterations": 30, "samples": 8, "decisions": [{"index": 0}]}},
    ],
)
def test_a_damaged_review_is_ignored_and_the_replay_opens(damage, tmp_path):
    replay = replay_of("koikoi", 2, seed=1)
    data = file.decode_map(file.encode(replay))
    data["reviews"] = damage
    raw = file.MAGIC + zlib.compress(msgpack.packb(data, use_bin_type=True))
    opened = file.decode(raw)  # replayed and checked as ever
    assert reviews.from_field(opened, 0) is None
    assert opened.moves == replay.moves


def test_a_review_that_does_not_match_the_game_is_ignored(game):
    replay, found = game
    reviews.keep(replay, found)
    rows = replay.reviews["0"]["decisions"]
    for change in (
        lambda r: r.pop(),  # a decision missing
        lambda r: r[0].update(index=r[0]["index"] + 1),  # not where the seat decided
        lambda r: r[0].update(mark="blunder"),
        lambda r: r[0].update(loss=0.5),  # a float
    ):
        copy = [dict(row) for row in rows]
        change(copy)
        broken = file.decode(file.encode(replay))
        broken.reviews = {"0": {**replay.reviews["0"], "decisions": copy}}
        assert reviews.from_field(broken, 0) is None


def test_the_store_saves_a_review_into_its_file_and_index(game, tmp_path):
    replay, found = game
    store = ReplayStore(tmp_path / "replays")
    entry = store.add(replay_of("koikoi", 2, seed=1))
    store.star(entry)
    opened = store.open(entry)
    reviews.keep(opened, found)
    store.save(entry, opened)
    assert reviews.from_field(store.open(entry), 0) is not None
    listed = ReplayStore(store.folder).entries()[0]
    assert listed.reviewed == [0] and listed.starred
