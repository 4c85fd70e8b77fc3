"""``chabudai review FILE``: the loader, exit codes, the text and the JSON shape."""

from __future__ import annotations

import json

import msgpack
import pytest

from chabudai import engines
from chabudai.engines.bots import make_bot
from chabudai.engines.bots.play import play_game
from chabudai.tools.cli import main
from chabudai.tools.review import RecordError, load_record

FAST = ["--iterations", "20", "--samples", "4"]


@pytest.fixture(scope="module")
def record() -> dict:
    bots = [make_bot("random", 1), make_bot("hard", 2, iterations=20)]
    return play_game(engines.get("koikoi"), 2, 11, bots).record()


@pytest.fixture
def files(tmp_path, record):
    as_json = tmp_path / "game.json"
    as_json.write_text(json.dumps(record))
    as_msgpack = tmp_path / "game.msgpack"
    as_msgpack.write_bytes(msgpack.packb(record))
    return as_json, as_msgpack


def test_json_and_msgpack_records_load_the_same(files, record):
    as_json, as_msgpack = files
    assert load_record(as_json) == load_record(as_msgpack) == json.loads(json.dumps(record))


def test_the_json_review_has_its_shape(files, capsys):
    as_json, as_msgpack = files
    assert main(["review", str(as_json), "--seat", "1", "--json", *FAST]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"file", "game", "seat", "iterations", "samples", "unit", "horizon"} <= set(out)
    assert out["game"] == "koikoi" and out["seat"] == 1 and out["unit"] == "points"
    assert set(out["thresholds"]) == {"inaccuracy", "mistake"}
    assert out["decisions"] and out["summary"]["decisions"] == len(out["decisions"])
    for decision in out["decisions"]:
        assert set(decision) == {
            "index",
            "round",
            "played",
            "best",
            "played_said",
            "best_said",
            "loss",
            "stderr",
            "mark",
        }
        assert decision["mark"] in ("fine", "inaccuracy", "mistake")
    assert main(["review", str(as_msgpack), "--seat", "1", "--json", *FAST]) == 0
    again = json.loads(capsys.readouterr().out)
    assert {**again, "file": ""} == {**out, "file": ""}


def test_the_text_review_has_a_line_per_decision_and_the_summary(files, capsys):
    as_json, _ = files
    assert main(["review", str(as_json), *FAST]) == 0
    lines = capsys.readouterr().out.splitlines()
    summary = [line for line in lines if line.startswith("Summary: ")]
    assert len(summary) == 1
    count = int(summary[0].split()[1])
    marks = [line for line in lines if line.rstrip().endswith(("fine", "inaccuracy", "mistake"))]
    assert len(marks) == count
    assert "never marked" in lines[-1]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "it is empty"),
        (b"\xc1\xc1 not a game", "neither JSON nor msgpack"),
        (b'{"game": "koikoi"', "not valid JSON"),
        (b"[1, 2, 3]", "neither JSON nor msgpack"),
        (json.dumps({"game": "koikoi", "players": 2}).encode(), "lacks seed, moves"),
        (
            json.dumps({"game": "chess", "players": 2, "seed": 1, "moves": []}).encode(),
            "unknown game 'chess'",
        ),
        (msgpack.packb([1, 2]), "holds no game record"),
        (
            json.dumps(
                {"game": "koikoi", "players": 2, "seed": 1, "moves": [[0, {"x": 1}]]}
            ).encode(),
            "does not replay",
        ),
    ],
)
def test_a_bad_file_gives_a_clear_message_and_status_1(tmp_path, capsys, content, words):
    path = tmp_path / "bad"
    path.write_bytes(content)
    assert main(["review", str(path), *FAST]) == 1
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert err.startswith(f"chabudai review: {path}: ")


def test_a_missing_file_and_a_bad_seat(tmp_path, files, capsys):
    assert main(["review", str(tmp_path / "nowhere.json")]) == 1
    assert "cannot read it" in capsys.readouterr().err
    with pytest.raises(RecordError):
        load_record(tmp_path / "nowhere.json")
    as_json, _ = files
    for args in (["--seat", "2"], ["--iterations", "0"], ["--samples", "1"]):
        with pytest.raises(SystemExit) as info:
            main(["review", str(as_json), *args])
        assert info.value.code == 2
    assert "seats are 0 to 1" in capsys.readouterr().err


def test_a_replay_file_loads_as_its_record_and_a_damaged_one_is_refused(tmp_path, record, capsys):
    """History's export (docs/REPLAY.md) is a file ``chabudai review`` reads as it is."""
    from chabudai.replays import file as replay_file

    state = engines.replay(record)
    seats = [replay_file.SeatInfo.from_dict({"name": f"P{i}"}) for i in range(2)]
    path = tmp_path / f"game{replay_file.SUFFIX}"
    replay_file.write(path, replay_file.Replay.from_state(state, seats))
    assert load_record(path)["moves"] == json.loads(json.dumps(record))["moves"]
    assert main(["review", str(path), "--seat", "0", *FAST, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions"]

    path.write_bytes(path.read_bytes()[:-12])  # cut short
    with pytest.raises(RecordError):
        load_record(path)
    assert main(["review", str(path), *FAST]) == 1
