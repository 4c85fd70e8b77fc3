"""End to end: the real client, headless, plays whole Nar games by synthesized clicks — solo at
4, 6 and 8 seats, and on the LAN with two client processes."""

import re

import pytest

from chabudai import engines
from chabudai.tools import autoplay
from chabudai.tools.cli import build_parser
from tests.game.table_helpers import lan_game

SPEED = "40"  # animations run 40x: the test checks the path, not the show


def autoplay_args(*extra: str):
    return build_parser().parse_args(
        ["autoplay", "--game", "nar", "--speed", SPEED, "--timeout", "300", *extra]
    )


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(4, 3, ()), (6, 2, ("announcements=true",)), (8, 3, ())],
)
def test_solo_nar_game_played_by_clicks_reaches_the_results(players, seed, options):
    """Random bots keep the games short (they reach -80 fast); the client path is the same."""
    extra = ["--players", str(players), "--seed", str(seed), "--opponent", "random"]
    extra += ["--level", "random"]
    for option in options:
        extra += ["--option", option]
    outcome = autoplay.play(autoplay_args(*extra))
    result, seat, record = outcome["result"], outcome["seat"], outcome["record"]
    assert seat == 0 and len(result["scores"]) == players and result["winners"]
    # every move the bot chose at our seat reached the host, in order, through clicks
    assert [move for s, move in record["moves"] if s == seat] == outcome["moves"]
    assert engines.replay(record).result()["scores"] == result["scores"]


@pytest.mark.slow
def test_lan_nar_game_between_two_client_processes(tmp_path):
    """`chabudai host` with 4 seats (2 bots) on loopback, two autoplay clients (random bots
    decide everywhere: a short game)."""
    outputs = lan_game(tmp_path, "nar", players=4, bots=2, speed=SPEED, level="random", timeout=300)
    seats = sorted(re.search(r"seat (\d)", out).group(1) for out in outputs)
    assert seats == ["0", "1"]
    assert all("nar (4 players)" in out for out in outputs)
