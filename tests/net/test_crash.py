"""Host crash: ``chabudai host`` killed with SIGKILL mid-game and started again with
``--resume``; the players reconnect with their tokens and the game finishes with no move lost
or applied twice. Also: a corrupt save is moved aside with a clear message, not lost."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from chabudai.net.botplayer import BotPlayer

from .helpers import LOOPBACK, Expected, free_port

ROOT = Path(__file__).resolve().parents[2]


def start_host_process(port: int, data_dir: Path, *extra: str) -> subprocess.Popen:
    command = [
        sys.executable, "-m", "chabudai.tools.cli", "host", "--game", "koikoi", "--name", "Crash table",
        "--port", str(port), "--bind", LOOPBACK, "--data-dir", str(data_dir), "--no-advertise",
        "--option", "rounds=3", *extra,
    ]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    line = process.stdout.readline()  # "<name> (Koi-Koi, 2 seats) at 127.0.0.1:PORT"
    assert f"{LOOPBACK}:{port}" in line, (line, process.stderr.read() if process.poll() else "")
    return process


def test_host_killed_mid_game_resumes_and_the_game_finishes(tmp_path):
    port = free_port()
    first = start_host_process(port, tmp_path)
    second = None

    async def scenario():
        nonlocal second
        frames = [[], []]
        players = [
            BotPlayer(
                LOOPBACK, port, name=f"P{i}", seed=i, delay=0.01, on_frame=frames[i].append,
                backoff=(0.05, 0.3),
            )
            for i in (0, 1)
        ]  # fmt: skip
        for p in players:
            p.start()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 20
        while not all(p.state_id is not None and p.state_id >= 12 for p in players):
            assert loop.time() < deadline, "the game did not get going"
            await asyncio.sleep(0.01)
        first.send_signal(signal.SIGKILL)
        first.wait()
        killed_at = max(p.state_id for p in players)
        second = start_host_process(port, tmp_path, "--resume")
        await asyncio.wait_for(asyncio.gather(*(p.done.wait() for p in players)), 40)
        for p in players:
            await p.close()
        return players, frames, killed_at

    try:
        players, frames, killed_at = asyncio.run(scenario())
    finally:
        for process in (first, second):
            if process is not None:
                if process.poll() is None:
                    process.send_signal(signal.SIGTERM)
                process.communicate(timeout=10)  # waits and closes the pipes
    for player, received in zip(players, frames, strict=True):
        seat = player.client.seat
        states = [m["state"] for m in player.log if m["t"] == "connection"]
        assert states.count("connected") >= 2, states  # it did reconnect
        over = [f for f in received if f["t"] == "game_over"]
        record = over[-1]["record"]
        game = [f for f in received if f["t"] in ("snapshot", "update")]
        expected = Expected(record, game[0]["state_id"])
        seen: dict[int, dict] = {}
        for frame in game:
            # every state this player ever saw, before or after the crash, is the true one:
            # a lost move or a move applied twice would break this for the states after it
            expected.check(frame, seat)
            seen.setdefault(frame["state_id"], frame["view"])
            assert seen[frame["state_id"]] == frame["view"]
        assert max(seen) > killed_at
        assert player.result == over[-1]["result"]


def test_corrupt_save_is_moved_aside_and_the_host_goes_on(tmp_path):
    (tmp_path / "0123456789ab.table").write_bytes(b"\x00garbage, not msgpack")
    (tmp_path / "abcdefabcdef.table").write_bytes(b"\x81\xa6format\x09")  # wrong format
    port = free_port()
    process = start_host_process(port, tmp_path, "--resume")
    try:
        from chabudai.net.client import probe

        info = asyncio.run(probe(LOOPBACK, port))
        assert info is not None and info["tables"][0]["name"] == "Crash table"
    finally:
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=10)
    assert process.returncode == 0
    assert errors.count("kept as") == 2, errors
    names = sorted(p.name for p in tmp_path.iterdir())
    assert any(n.startswith("0123456789ab.table.corrupt-") for n in names)
    assert any(n.startswith("abcdefabcdef.table.corrupt-") for n in names)
    aside = next(p for p in tmp_path.iterdir() if p.name.startswith("0123456789ab.table.corrupt-"))
    assert aside.read_bytes() == b"\x00garbage, not msgpack"
    assert len([n for n in names if n.endswith(".table")]) == 1  # the new table's save


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--game", "chess"], "unknown game"),
        ([], "--game is required"),
        (["--game", "koikoi", "--bots", "2"], "--bots"),
        (["--game", "koikoi", "--option", "rounds=5"], "rounds"),
        (["--game", "koikoi", "--level", "godlike"], "level"),
        (["--game", "koikoi", "--seats", "3"], "players"),
        (["--game", "koikoi", "--port", "70000"], "--port"),
        (["--game", "koikoi", "--results-time", "-1"], "--results-time must be 0 to 86400"),
        (["--game", "koikoi", "--abandon-after", "nan"], "--abandon-after must be 0 to 86400"),
        (["--game", "koikoi", "--grace", "inf"], "--grace must be 0 to 86400"),
    ],
)
def test_cli_host_refuses_bad_values(args, words, capsys, tmp_path):
    from chabudai.tools.cli import main

    with pytest.raises(SystemExit) as info:
        main(["host", "--no-advertise", "--data-dir", str(tmp_path), *args])
    assert info.value.code == 2
    assert words in capsys.readouterr().err
