"""End to end: the real client, headless, plays whole Koi-Koi games by synthesized clicks."""

import re

import pytest

from chabudai import engines
from chabudai.tools import autoplay
from chabudai.tools.cli import build_parser
from tests.game.table_helpers import lan_game

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


def test_autoplay_rejects_a_player_count_the_game_does_not_have():
    from chabudai.tools.usage import UsageError

    with pytest.raises(UsageError, match="2 to 2 players, not 3"):
        autoplay.play(autoplay_args("--players", "3"))


@pytest.mark.slow
def test_lan_game_between_two_client_processes(tmp_path):
    """`chabudai host` on loopback and two autoplay clients in their own processes."""
    outputs = lan_game(tmp_path, "koikoi", speed=SPEED)
    seats = sorted(re.search(r"seat (\d)", out).group(1) for out in outputs)
    assert seats == ["0", "1"]
    # the game is in History at both clients and in the headless host's data dir (issue 30)
    from chabudai.replays.store import ReplayStore

    stores = [ReplayStore(tmp_path / name) for name in ("client-11", "client-12", "host/replays")]
    kept = [store.entries() for store in stores]
    assert [len(entries) for entries in kept] == [1, 1, 1]
    assert sorted(entries[0].you for entries in kept[:2]) == [0, 1] and kept[2][0].you is None
    moves = [store.open(entries[0]).moves for store, entries in zip(stores, kept, strict=True)]
    assert moves[0] == moves[1] == moves[2]


def test_a_solo_game_is_in_history_as_soon_as_it_ends(tmp_path):
    """Issue 30: the client keeps the replay of the game it just played (the host's record)."""
    from chabudai.replays.store import ReplayStore

    outcome = autoplay.play(autoplay_args("--seed", "3", "--replays-dir", str(tmp_path)))
    (entry,) = ReplayStore(tmp_path).entries()
    assert outcome["kept"] == entry and entry.you == 0 and entry.finished
    assert entry.names[0] == "autoplay-3" and entry.kinds == ["human", "bot"]
    replay = ReplayStore(tmp_path).open(entry)
    assert replay.record() == outcome["record"]
    assert replay.result["scores"] == outcome["result"]["scores"]
