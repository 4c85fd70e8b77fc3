"""The Nanatoridori ``two_player`` option (N-3) through every command that takes options:
``chabudai host``, ``chabudai sim`` and ``chabudai tournament``."""

from __future__ import annotations

import json

import pytest

from chabudai.net.cli_host import make_table
from chabudai.tools.cli import build_parser, main


@pytest.mark.parametrize(("given", "duel"), [([], False), (["--option", "two_player=duel"], True)])
def test_host_option_two_player(given, duel):
    args = build_parser().parse_args(["host", "--game", "nanatoridori", "--bots", "1", *given])
    table = make_table(args)
    assert table.options["two_player"] == ("duel" if duel else "standard")
    assert table.describe()["options"]["two_player"] == table.options["two_player"]
    state = table.engine.new_game(len(table.seats), 1, table.options)
    assert state.duel is duel
    assert [len(h) for h in state.hands] == ([11, 11] if duel else [8, 8])


def _json(capsys, *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_sim_and_tournament_pass_two_player_through(capsys):
    common = ["--games", "6", "--seed", "3", "--json"]
    runs = {}
    for mode in ("standard", "duel"):
        option = ["--option", f"two_player={mode}"]
        sim = _json(capsys, "sim", "nanatoridori", "--level", "easy", *common, *option)
        assert sim["options"]["two_player"] == mode and sim["players"] == 2
        cup = _json(
            capsys,
            "tournament",
            "--game",
            "nanatoridori",
            "--bots",
            "normal,easy",
            *common,
            *option,
        )
        assert cup["options"]["two_player"] == mode
        runs[mode] = (sim.pop("mean_points"), cup["bots"])
    assert runs["standard"] != runs["duel"]  # the option really changed the games


def test_a_bad_two_player_value_is_refused(capsys):
    with pytest.raises(SystemExit) as info:
        main(["sim", "nanatoridori", "--option", "two_player=trio"])
    assert info.value.code == 2
    assert "allowed: standard, duel" in capsys.readouterr().err
