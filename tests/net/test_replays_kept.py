"""Replays at the host and at each seat (issue 30): a headless host keeps every game that ends in
its data dir (a game given up too, marked unfinished); a LAN seat receives the record only in
``game_over``, and what it keeps is exactly what the host sent it."""

from __future__ import annotations

import asyncio
from typing import Any

from chabudai.game.session import Session
from chabudai.replays import file
from chabudai.replays.store import ReplayStore

from .helpers import RawPeer, play_to_the_end, quiet_seed, seated, start_host

SECRET_KEYS = {"record", "deals", "seed"}


def keys_in(value: Any) -> set[str]:
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found |= set(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


class Reading:
    """A peer whose every message is kept (and fed to a client Session keeping replays)."""

    def __init__(self, peer: RawPeer, store: ReplayStore) -> None:
        self.peer = peer
        self.messages: list[dict[str, Any]] = []
        self.session = Session()
        self.session.keeper = store.add
        recv = peer.recv

        async def kept_recv(timeout: float = 5.0) -> dict[str, Any] | None:
            message = await recv(timeout)
            if message is not None:
                self.messages.append(message)
                self.session.feed(message, peer.send)
            return message

        peer.recv = kept_recv  # type: ignore[method-assign]


def test_a_lan_game_reaches_no_seat_with_its_record_before_game_over(tmp_path):
    async def scenario():
        host, table, port = await start_host(
            data_dir=tmp_path / "host", game="nar", seats=4, seed=quiet_seed("nar", 4)
        )
        table.add_bot_seat(2, "random")
        table.add_bot_seat(3, "easy")
        readers = {}
        for seat, name in ((0, "Aki"), (1, "Ben")):
            readers[seat] = Reading(await seated(port, name, seat), ReplayStore(tmp_path / name))
            readers[seat].peer.send({"t": "ready", "ready": True})
        over = await play_to_the_end({s: r.peer for s, r in readers.items()})
        await asyncio.sleep(0.1)
        for reader in readers.values():
            kinds = [m["t"] for m in reader.messages]
            end = kinds.index("game_over")
            for message in reader.messages[:end]:
                assert not SECRET_KEYS & keys_in(message), message["t"]
            assert reader.messages[end]["record"] == over["record"]
        for peer in (r.peer for r in readers.values()):
            await peer.close()
        await host.close()
        return over

    over = asyncio.run(scenario())
    host_entries = ReplayStore(tmp_path / "host" / "replays").entries()
    assert len(host_entries) == 1 and host_entries[0].finished
    assert host_entries[0].names == ["Aki", "Ben", "Random bot", "Easy bot"]
    assert host_entries[0].you is None
    for you, name in enumerate(("Aki", "Ben")):
        store = ReplayStore(tmp_path / name)
        (entry,) = store.entries()
        assert entry.you == you and entry.names[:2] == ["Aki", "Ben"] and entry.kinds[2] == "bot"
        replay = store.open(entry)  # checked by replaying with the engine
        assert replay.record() == over["record"] and replay.result == over["result"]


def test_a_headless_game_given_up_is_kept_unfinished(tmp_path):
    async def scenario():
        host, table, port = await start_host(
            data_dir=tmp_path, game="koikoi", seed=quiet_seed(), abandon_after=0.2
        )
        table.add_bot_seat(1, "random")
        aki = await seated(port, "Aki")
        aki.send({"t": "ready", "ready": True})
        await aki.expect("snapshot")
        await aki.close()
        for _ in range(50):
            if table.status == "lobby":
                break
            await asyncio.sleep(0.05)
        await host.close()

    asyncio.run(scenario())
    (entry,) = ReplayStore(tmp_path / "replays").entries()
    assert not entry.finished and entry.scores is None
    replay = file.read(tmp_path / "replays" / entry.name)
    assert not replay.finished and replay.deals
