"""End to end: the real client, headless, plays whole Nimalia games by clicks — solo against
bots at 2, 3 and 4 players (the bots place simultaneously, M-11), and on the LAN between two
client processes."""

import re

import pytest

from chabudai import engines
from chabudai.tools import autoplay
from chabudai.tools.cli import build_parser
from tests.game.table_helpers import lan_game

SPEED = "40"  # animations run fast: the test checks the path, not the show


def autoplay_args(*extra: str):
    return build_parser().parse_args(
        ["autoplay", "--game", "nimalia", "--speed", SPEED, "--timeout", "120", *extra]
    )


@pytest.mark.parametrize(
    ("players", "seed", "opponents"), [(2, 1, "random"), (3, 2, "easy"), (4, 3, "normal")]
)
def test_solo_nimalia_game_played_by_clicks_reaches_game_over(players, seed, opponents):
    args = ["--players", str(players), "--seed", str(seed), "--opponent", opponents]
    outcome = autoplay.play(autoplay_args(*args, "--level", "random"))
    result, seat, record = outcome["result"], outcome["seat"], outcome["record"]
    assert seat == 0 and len(result["scores"]) == players and result["winners"]
    # every placement the bot chose at our seat reached the host through clicks, in order (M-13:
    # 15 cards each), however the other seats' simultaneous placements came in between
    ours = [move for s, move in record["moves"] if s == seat]
    assert ours == outcome["moves"] and len(ours) == 15
    assert engines.replay(record).result()["scores"] == result["scores"]


@pytest.mark.slow
def test_lan_nimalia_game_between_two_client_processes(tmp_path):
    """`chabudai host` on loopback and two autoplay clients in their own processes, placing at
    the same time (M-11)."""
    outputs = lan_game(tmp_path, "nimalia", players=2, speed=SPEED)
    seats = sorted(re.search(r"seat (\d)", out).group(1) for out in outputs)
    assert seats == ["0", "1"] and all("15 moves" in out for out in outputs)
