"""The `chabudai` command line: sim, bench, and clear errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from chabudai.tools.cli import main


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "chabudai.tools.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_sim_koikoi_prints_wins_draws_and_mean_points(capsys):
    assert main(["sim", "koikoi", "--games", "50", "--seed", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 50 and summary["players"] == 2
    assert sum(summary["wins"]) == pytest.approx(50)
    assert len(summary["mean_points"]) == 2


def test_sim_is_reproducible(capsys):
    main(
        ["sim", "koikoi", "--games", "30", "--seed", "7", "--option", "ruleset=nintendo", "--json"]
    )
    first = json.loads(capsys.readouterr().out)
    main(
        ["sim", "koikoi", "--games", "30", "--seed", "7", "--option", "ruleset=nintendo", "--json"]
    )
    second = json.loads(capsys.readouterr().out)
    first.pop("seconds"), second.pop("seconds")
    assert first == second and first["options"]["ruleset"] == "nintendo"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sim", "chess"], "unknown game 'chess'"),
        (["sim", "koikoi", "--option", "ruleset=hawaii"], "allowed: cardavia, nintendo"),
        (["sim", "koikoi", "--option", "ruleset"], "name=value"),
        (["sim", "koikoi", "--players", "3"], "for 2 players, not 3"),
        (["sim", "koikoi", "--games", "0"], "--games"),
        (["sim", "koikoi", "--games", "many"], "invalid int"),
        (["sim", "koikoi", "--level", "godlike"], "unknown bot level"),
        (["no-such-command"], "invalid choice"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(args, message):
    done = run_cli(*args)
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_bench_engines_prints_figures_as_json():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "chabudai.tools.bench",
            "engines",
            "--runs",
            "1",
            "--seconds",
            "0.05",
            "--game",
            "koikoi",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["koikoi (2 players)"]["games_per_s"] > 0
