"""A headless table (``chabudai host``) serves game after game (docs/PROTOCOL.md section 8).

After a game it shows the results for the results time, then goes back to its lobby by itself:
the seats of bots that only filled in open again, players who stay keep their seats, those who
said ready stay ready, and the next game starts when every seat is taken and every player is
ready. A player who joins then sees the lobby, not the finished game. A game every player left,
or nobody has been connected to for the abandon time, is given up.
"""

from __future__ import annotations

import asyncio
from typing import Any

from chabudai.net.host import Host
from chabudai.net.store import TableStore
from chabudai.net.table import Table

from .helpers import RawPeer, lobby_where, play_to_the_end, quiet_seed, seated, start_host

RESULTS = 0.4  # seconds of results in these tests (15 s by default)


def kinds(table: dict[str, Any]) -> list[str]:
    return [s["kind"] for s in table["seats"]]


def test_after_the_results_time_the_table_is_back_in_its_lobby_and_plays_again():
    async def scenario():
        host, table, port = await start_host(seed=quiet_seed(), results_time=RESULTS)
        table.add_bot_seat(1, "random")  # as `chabudai host --bots 1`
        aki = await seated(port, "Aki")
        aki.send({"t": "ready", "ready": True})
        first = await aki.expect("snapshot")
        await play_to_the_end({0: aki})
        ended = asyncio.get_running_loop().time()  # game_over read: the results timer runs
        over = await lobby_where(aki, lambda t: t["status"] == "over")
        assert over["auto_start"] is True
        back = await lobby_where(aki, lambda t: t["status"] == "lobby")
        waited = asyncio.get_running_loop().time() - ended
        # not at once, and not much later; the low bound leaves room for a loaded machine
        # reading game_over late (the timer started when the host sent it)
        assert RESULTS * 0.5 <= waited <= RESULTS + 1.0
        assert kinds(back) == ["human", "bot"]  # the table's own bot stays
        assert back["seats"][0]["ready"] is False and back["you"] == 0
        late = await RawPeer.open(port)
        await late.hello("Late", spectate=True)
        joined = await late.recv()
        assert joined["t"] == "lobby" and joined["table"]["status"] == "lobby"
        aki.send({"t": "sync"})
        assert (await aki.recv())["t"] == "lobby"
        aki.send({"t": "ping"})
        assert (await aki.recv())["t"] == "pong"  # no snapshot of the finished game came
        aki.send({"t": "ready", "ready": True})
        second = await aki.expect("snapshot")
        assert second["state_id"] > first["state_id"] and not second["view"]["over"]
        assert (await late.expect("snapshot"))["state_id"] == second["state_id"]
        for peer in (aki, late):
            await peer.close()
        await host.close()
        return table

    table = asyncio.run(scenario())
    assert table.games_started == 2


def test_seats_open_again_for_the_next_players():
    """A player leaves mid-game (a bot plays on), the other says ready during the results: the
    table goes back to its lobby at once with the leaver's seat open; a newcomer who joined
    during the results sits there, and the next game starts when both are ready."""

    async def scenario():
        host, table, port = await start_host(seed=quiet_seed(), results_time=30)
        aki, ben = await seated(port, "Aki"), await seated(port, "Ben")
        aki.send({"t": "ready", "ready": True})
        ben.send({"t": "ready", "ready": True})
        await aki.expect("snapshot")
        ben.send({"t": "leave"})
        await ben.closed_after_error(None)
        stood_in = await lobby_where(aki, lambda t: t["seats"][1]["kind"] == "bot")
        assert stood_in["seats"][1]["name"] == "Ben" and stood_in["status"] == "playing"
        await play_to_the_end({0: aki})
        newcomer = await RawPeer.open(port)
        await newcomer.hello("Cho")
        shown = await newcomer.expect("lobby")
        assert shown["table"]["status"] == "over"  # the table says so: the client shows a lobby
        newcomer.send({"t": "sit"})
        assert (await newcomer.expect("error"))["code"] == "not_in_lobby"
        aki.send({"t": "ready", "ready": True})  # "Play again" on the results screen
        back = await lobby_where(aki, lambda t: t["status"] == "lobby")
        assert kinds(back) == ["human", "open"]
        assert back["seats"][0]["ready"] is True  # said after the game: kept
        await lobby_where(newcomer, lambda t: t["status"] == "lobby")
        newcomer.send({"t": "sit"})
        await newcomer.expect("welcome", seat=1)
        newcomer.send({"t": "ready", "ready": True})
        snapshot = await aki.expect("snapshot")
        assert not snapshot["view"]["over"]
        for peer in (aki, newcomer):
            await peer.close()
        await host.close()
        return table

    table = asyncio.run(scenario())
    assert table.games_started == 2 and [s.name for s in table.seats] == ["Aki", "Cho"]


def test_a_player_who_stays_away_loses_the_seat_after_the_game():
    async def scenario():
        host, table, port = await start_host(seed=quiet_seed(), results_time=RESULTS, grace=0.2)
        table.add_bot_seat(1, "random")
        aki = await seated(port, "Aki")
        aki.send({"t": "ready", "ready": True})
        await play_to_the_end({0: aki})
        await aki.close()  # gone without leave during the results
        watcher = await RawPeer.open(port)
        await watcher.hello("Watcher", spectate=True)
        back = await lobby_where(watcher, lambda t: t["status"] == "lobby")
        await watcher.close()
        await host.close()
        return back

    back = asyncio.run(scenario())
    assert kinds(back) == ["open", "bot"]


def test_a_game_every_player_left_is_given_up_at_once():
    async def scenario():
        host, table, port = await start_host(seed=quiet_seed(), results_time=30)
        aki, ben = await seated(port, "Aki"), await seated(port, "Ben")
        watcher = await RawPeer.open(port)
        await watcher.hello("Watcher", spectate=True)
        aki.send({"t": "ready", "ready": True})
        ben.send({"t": "ready", "ready": True})
        await watcher.expect("snapshot")
        for peer in (aki, ben):
            peer.send({"t": "leave"})
            await peer.closed_after_error(None)
        back = await lobby_where(watcher, lambda t: t["status"] == "lobby")
        assert kinds(back) == ["open", "open"] and back["host_seat"] is None
        assert table.state is None and table.txt()["st"] == "lobby"
        await watcher.close()
        await host.close()

    asyncio.run(scenario())


def test_a_game_nobody_comes_back_to_is_given_up_after_the_abandon_time():
    async def scenario():
        host, table, port = await start_host(
            seed=quiet_seed(), results_time=30, grace=0.1, abandon_after=0.5
        )
        table.add_bot_seat(1, "random")
        aki = await seated(port, "Aki")
        aki.send({"t": "ready", "ready": True})
        await aki.expect("snapshot")
        await aki.close()  # dropped, never back: the stand-in does not play alone
        watcher = await RawPeer.open(port)
        await watcher.hello("Watcher", spectate=True)
        back = await lobby_where(watcher, lambda t: t["status"] == "lobby", 5)
        assert kinds(back) == ["open", "bot"]
        await watcher.close()
        await host.close()

    asyncio.run(scenario())


def test_a_resumed_finished_game_goes_back_to_the_lobby(tmp_path):
    async def first_run():
        host, table, port = await start_host(data_dir=tmp_path, seed=quiet_seed(), results_time=30)
        table.add_bot_seat(1, "random")
        aki = await seated(port, "Aki")
        aki.send({"t": "ready", "ready": True})
        await play_to_the_end({0: aki})
        await aki.close()
        await host.close()  # stopped while the results were up
        return table.tid

    async def second_run(tid: str):
        saved = dict(TableStore(tmp_path).load_all()[0][0][1])
        assert saved["status"] == "over" and saved["tid"] == tid
        saved["results_time"] = RESULTS  # Aki's seat waits its 30 s grace meanwhile
        resumed = Table.from_save(saved)
        assert resumed.status == "over"
        host = Host(data_dir=None)
        host.add_table(resumed)
        await host.start("127.0.0.1", 0)
        for _ in range(50):
            await asyncio.sleep(0.05)
            if resumed.status == "lobby":
                break
        await host.close()
        return resumed

    tid = asyncio.run(first_run())
    resumed = asyncio.run(second_run(tid))
    assert resumed.status == "lobby" and resumed.state is None
    assert [s.kind for s in resumed.seats] == ["human", "bot"]  # Aki may still come back
