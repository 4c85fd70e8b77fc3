"""End to end: the real client, headless, plays whole Nanatoridori games by synthesized clicks —
every player count's table, both scorings, the duel — and a LAN game between two client
processes. Seeds are picked for short games; the animations run 100x."""

from __future__ import annotations

import re

import pytest

from chabudai import engines
from chabudai.tools import autoplay
from chabudai.tools.cli import build_parser
from tests.game.table_helpers import lan_game

SPEED = "100"


def play(*extra: str) -> dict:
    args = build_parser().parse_args(
        ["autoplay", "--game", "nanatoridori", "--speed", SPEED, "--timeout", "150", *extra]
    )
    return autoplay.play(args)


LONG = pytest.mark.slow  # more seats, longer games: make test runs them, test-fast does not


@pytest.mark.parametrize(
    ("players", "seed", "scoring", "two_player"),
    [
        (2, 1, "basic", "standard"),
        (2, 3, "basic", "duel"),
        (3, 3, "advanced", "standard"),
        pytest.param(2, 2, "advanced", "standard", marks=LONG),
        pytest.param(2, 4, "advanced", "duel", marks=LONG),
        pytest.param(4, 5, "basic", "standard", marks=LONG),
        pytest.param(4, 6, "advanced", "standard", marks=LONG),
        pytest.param(6, 5, "basic", "standard", marks=LONG),
        pytest.param(6, 4, "advanced", "standard", marks=LONG),
    ],
)
def test_solo_game_played_by_clicks_reaches_game_over(players, seed, scoring, two_player):
    outcome = play(
        "--players", str(players), "--seed", str(seed),
        "--option", f"scoring={scoring}", "--option", f"two_player={two_player}",
    )  # fmt: skip
    result, record = outcome["result"], outcome["record"]
    assert outcome["seat"] == 0 and len(result["scores"]) == players
    assert record["options"]["two_player"] == two_player
    assert result["winners"]
    # every move the bot chose at the human seat reached the host through clicks, in order
    assert [move for seat, move in record["moves"] if seat == 0] == outcome["moves"]
    # and the host's record replays to the result the client showed
    assert engines.replay(record).result()["scores"] == result["scores"]
    if scoring == "advanced":
        assert max(result["scores"]) >= 10  # N-25
    else:
        assert min(result["scores"]) == 0  # N-23: someone lost both penguins
    if two_player == "duel":
        assert any("reserve" in move or "card" in move for _, move in record["moves"])


@pytest.mark.slow
def test_lan_game_between_two_client_processes(tmp_path):
    """`chabudai host` on loopback, a bot and two autoplay clients in their own processes."""
    outputs = lan_game(tmp_path, "nanatoridori", players=3, bots=1, speed=SPEED)
    seats = sorted(re.search(r"seat (\d)", out).group(1) for out in outputs)
    assert len(set(seats)) == 2 and "0" in seats
