"""End to end: the real client, headless, plays whole Koi-Koi games by synthesized clicks."""

import re
import subprocess
import sys
import time

import pytest

import engines
from tools import autoplay
from tools.cli import build_parser

SPEED = "40"  # animations run 40x: the test checks the path, not the show


def autoplay_args(*extra: str):
    return build_parser().parse_args(["autoplay", "--speed", SPEED, "--timeout", "90", *extra])


def our_moves(record, seat):
    return [move for s, move in record["moves"] if s == seat]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solo_koikoi_game_played_by_clicks_reaches_game_over(seed):
    outcome = autoplay.play(autoplay_args("--seed", str(seed)))
    result, seat, record = outcome["result"], outcome["seat"], outcome["record"]
    assert seat == 0
    assert result["winners"] and len(result["scores"]) == 2
    # every move the bot chose at the human seat reached the host, in order, through clicks
    assert our_moves(record, seat) == outcome["moves"]
    # and the host's record replays to the result the client showed
    assert engines.replay(record).result()["scores"] == result["scores"]


def test_solo_autoplay_with_a_seed_replays_the_same_game():
    first = autoplay.play(autoplay_args("--seed", "7"))
    second = autoplay.play(autoplay_args("--seed", "7"))
    assert first["record"]["seed"] == 7
    assert first["record"] == second["record"]


def test_autoplay_command_prints_the_result(capsys):
    args = autoplay_args("--seed", "4", "--option", "rounds=1")
    assert autoplay.run(args) == 0
    assert "game over" in capsys.readouterr().out


@pytest.mark.slow
def test_lan_game_between_two_client_processes(tmp_path):
    """`chabudai host` on loopback and two autoplay clients in their own processes."""
    host = subprocess.Popen(
        [sys.executable, "-m", "tools.cli", "host", "--game", "koikoi", "--bind", "127.0.0.1", "--port", "0",
         "--no-advertise", "--data-dir", str(tmp_path / "host"), "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        line = host.stdout.readline()
        match = re.search(r"127\.0\.0\.1:(\d+)", line)
        assert match, (
            f"host did not report its address: {line!r} {host.stderr.read() if host.poll() is not None else ''}"
        )
        address = f"127.0.0.1:{match.group(1)}"
        clients = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tools.cli",
                    "autoplay",
                    "--join",
                    address,
                    "--seed",
                    str(seed),
                    "--speed",
                    SPEED,
                    "--timeout",
                    "90",
                    "--name",
                    f"lan-{seed}",
                ],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )  # fmt: skip
            for seed in (11, 12)
        ]
        outputs = []
        deadline = time.monotonic() + 120
        for client in clients:
            out, err = client.communicate(timeout=max(1, deadline - time.monotonic()))
            assert client.returncode == 0, err
            outputs.append(out)
        scores = [re.search(r"scores (\[[^\]]*\])", out).group(1) for out in outputs]
        seats = sorted(re.search(r"seat (\d)", out).group(1) for out in outputs)
        assert scores[0] == scores[1]  # both clients saw the same game end
        assert seats == ["0", "1"]
    finally:
        host.terminate()
        host.wait(timeout=15)
