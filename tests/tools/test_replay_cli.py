"""``chabudai replay FILE --check`` (issue 30): exit 0 and the result when the file reproduces
it; a message in words and exit 1 for a bad file. The check never loads pygame."""

from __future__ import annotations

import subprocess
import sys

from chabudai.replays import file
from chabudai.tools.cli import main
from tests.replays.helpers import replay_of


def test_check_prints_the_result_and_exits_0(tmp_path, capsys):
    path = tmp_path / f"nar{file.SUFFIX}"
    replay = replay_of("nar", 8)
    file.write(path, replay)
    assert main(["replay", str(path), "--check"]) == 0
    out = capsys.readouterr().out
    winner = replay.seats[replay.result["winners"][0]].name
    assert out.startswith("Nar (Aiko, Bot 1,") and f"won by {winner}" in out
    assert f"{len(replay.moves)} moves" in out and "replays to this result" in out


def test_check_refuses_a_tampered_file_with_a_message_and_exit_1(tmp_path, capsys):
    replay = replay_of("koikoi")
    replay.result = {**replay.result, "winners": [1 - replay.result["winners"][0]]}
    path = tmp_path / f"bad{file.SUFFIX}"
    file.write(path, replay)
    assert main(["replay", str(path), "--check"]) == 1
    err = capsys.readouterr().err
    assert "its result is not the game's result" in err and "Traceback" not in err
    path.write_bytes(file.encode(replay_of("koikoi"))[:40])
    assert main(["replay", str(path), "--check"]) == 1
    assert "cut short" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "none.chabudai-replay"), "--check"]) == 1
    assert "There is no file" in capsys.readouterr().err


def test_check_runs_without_pygame(tmp_path):
    path = tmp_path / f"k{file.SUFFIX}"
    file.write(path, replay_of("nimalia"))
    code = (
        "import sys; from chabudai.tools.cli import main; rc = main(sys.argv[1:]);"
        "assert 'pygame' not in sys.modules; sys.exit(rc)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "replay", str(path), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "Nimalia" in done.stdout
