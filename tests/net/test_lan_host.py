"""The host on a real home network (issue 31, item 5, the host's side).

- Start at a headless table: the client's Start sends ``ready`` then ``start``; the ``ready``
  starts the game by itself, and the ``start`` behind it gets no "only possible in the lobby".
- Hosting from the window: ``NetBridge.host_table`` returns once the table listens; the zeroconf
  announcements (about 1.5 s) go on in the background instead of freezing the window.
- A second interface (a Docker bridge) costs discovery nothing: every advertised address is
  probed at once, the first to answer is taken.
- One device cannot fill the connection cap: connections are capped per address.
- Quitting leaves no discovery or browser task pending ("Task was destroyed but it is
  pending!").
"""

from __future__ import annotations

import asyncio
import secrets
import subprocess
import sys
import time

from chabudai.net import discovery
from chabudai.net.bridge import NetBridge
from chabudai.net.discovery import first_answering
from chabudai.net.host import HostConfig

from .helpers import LOOPBACK, RawPeer, lobby_where, quiet_seed, start_host
from .test_crash import ROOT


def test_start_after_ready_at_a_headless_table_is_no_error():
    async def scenario():
        host, table, port = await start_host(seed=quiet_seed())
        table.add_bot_seat(1, "random")  # as `chabudai host --bots 1`
        aki = await RawPeer.open(port)
        await aki.hello("Aki")
        aki.send({"t": "sit"})
        await aki.expect("welcome", seat=0)
        aki.send({"t": "ready", "ready": True})  # the lobby's Start button sends both
        aki.send({"t": "start"})
        aki.send({"t": "ping"})
        frames = []
        while True:
            frame = await aki.recv()
            assert frame is not None
            frames.append(frame)
            if frame["t"] == "pong":
                break
        await aki.close()
        await host.close()
        return frames

    frames = asyncio.run(scenario())
    kinds = [f["t"] for f in frames]
    assert "snapshot" in kinds and "error" not in kinds, frames


def test_start_at_a_table_the_host_player_runs_still_needs_the_lobby():
    async def scenario():
        host, table, port = await start_host(seed=quiet_seed(), auto_start=False)
        table.add_bot_seat(1, "random")
        aki = await RawPeer.open(port)
        await aki.hello("Aki")
        aki.send({"t": "sit"})
        await aki.expect("welcome", seat=0)
        aki.send({"t": "start"})
        await aki.expect("snapshot")
        aki.send({"t": "start"})
        error = await aki.expect("error")
        await aki.close()
        await host.close()
        return error

    assert asyncio.run(scenario())["code"] == "not_in_lobby"


def test_hosting_from_the_window_does_not_wait_for_the_announcements():
    service_type = f"_cb{secrets.token_hex(5)}._tcp.local."
    hosting = NetBridge(bind=LOOPBACK, service_type=service_type)
    looking = NetBridge(bind=LOOPBACK, service_type=service_type)
    try:
        hosting.start()
        began = time.monotonic()
        _, port = hosting.host_table(
            game="koikoi", name="Quick", seats=2, options={}, bots=[None, "random"],
            player_name="Aki", bind=LOOPBACK, port=0,
        )  # fmt: skip
        took = time.monotonic() - began
        looking.start_browsing()
        deadline = time.monotonic() + 10
        found = []
        while not found and time.monotonic() < deadline:
            for item in looking.poll():
                if item["t"] == "tables":
                    found = [t for t in item["tables"] if t["port"] == port and t["reachable"]]
            time.sleep(0.05)
    finally:
        looking.stop()
        hosting.stop()
    print(f"host_table returned after {took:.2f} s")
    assert took < 0.5
    assert found and found[0]["name"] == "Quick"  # and the advert still went out


def test_an_unreachable_first_address_costs_discovery_nothing(monkeypatch):
    """docker0's address first in the advert: its probe hangs to the timeout, the LAN one
    answers at once and is taken without waiting."""

    async def fake_probe(address: str, port: int, timeout: float):
        if address == "172.17.0.1":
            await asyncio.sleep(timeout)
            return None
        await asyncio.sleep(0.01 if address == "192.168.1.23" else 0.2)
        return {"t": "info", "v": 1, "tables": [{"tid": "abc"}]}

    monkeypatch.setattr(discovery, "probe", fake_probe)

    async def scenario():
        loop = asyncio.get_running_loop()
        began = loop.time()
        best = await first_answering(["172.17.0.1", "192.168.1.23"], 47474, "abc", 2.0)
        fast = loop.time() - began
        # both answer: the quicker one is taken
        kept = await first_answering(["10.0.0.9", "192.168.1.23"], 47474, "abc", 2.0)
        none = await first_answering(["172.17.0.1"], 47474, "other", 0.1)
        return best, fast, kept, none

    best, fast, kept, none = asyncio.run(scenario())
    assert best == "192.168.1.23" and fast < 0.5
    assert kept == "192.168.1.23" and none is None


async def connect_from(source: str, port: int) -> RawPeer:
    reader, writer = await asyncio.open_connection(LOOPBACK, port, local_addr=(source, 0))
    return RawPeer(reader, writer)


def test_one_address_cannot_take_every_connection():
    async def scenario():
        host, table, port = await start_host(HostConfig(max_connections=64, max_per_address=3))
        mine = [await connect_from("127.0.0.1", port) for _ in range(3)]
        for peer in mine:
            await peer.hello("Greedy", spectate=True)
        extra = await connect_from("127.0.0.1", port)
        refused = await extra.closed_after_error("busy")
        friend = await connect_from("127.0.0.2", port)  # another device still gets in
        welcome = await friend.hello("Friend")
        friend.send({"t": "sit"})
        seated = await lobby_where(friend, lambda t: t["you"] is not None)
        for peer in [*mine, friend]:
            await peer.close()
        await host.close()
        return refused, welcome, seated

    refused, welcome, seated = asyncio.run(scenario())
    assert "your address" in refused[-1]["message"]
    assert welcome["t"] == "welcome" and seated["you"] == 0


QUIT_AFTER_HOSTING = f"""
import time
from chabudai.net.bridge import NetBridge
bridge = NetBridge(bind="{LOOPBACK}", service_type="_cb{secrets.token_hex(5)}._tcp.local.")
bridge.host_table(game="koikoi", name="Quit", seats=2, options={{}}, bots=[None, None],
                  player_name="Aki", bind="{LOOPBACK}", port=0)
time.sleep(0.3)  # the advert is still being announced, seat changes are queued for it
bridge.stop()
import gc
gc.collect()
print("stopped")
"""


def test_quitting_right_after_hosting_leaves_no_task_pending():
    done = subprocess.run(
        [sys.executable, "-X", "dev", "-c", QUIT_AFTER_HOSTING],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0 and "stopped" in done.stdout, done.stderr
    assert "Task was destroyed" not in done.stderr, done.stderr
    assert "never awaited" not in done.stderr, done.stderr


def test_discovery_close_ends_every_task_it_started():
    """Updates queued when the window quits are cancelled and awaited; a host closing its
    connections after discovery closed (seat changes: more updates) starts none."""

    async def scenario():
        host, table, port = await start_host()
        advertiser = discovery.Discovery(
            interfaces=[LOOPBACK], service_type=f"_cb{secrets.token_hex(5)}._tcp.local."
        )
        host.listeners.append(lambda t: advertiser.watch(t.tid, t.txt()))
        advertiser.advertise(table.tid, table.name, table.txt(), port, [LOOPBACK])
        peer = await RawPeer.open(port)
        await peer.hello("Aki")
        peer.send({"t": "sit"})
        await peer.expect("welcome", seat=0)  # a seat change: an update queued
        browser = discovery.Browser(advertiser, lambda tables: None, recheck=0.05)
        await browser.start()
        await asyncio.sleep(0.2)  # resolving and re-checking
        await browser.stop()
        browsing = {
            t for t in asyncio.all_tasks() if not t.done() and "Browser" in repr(t.get_coro())
        }
        await advertiser.close()
        advertiser.watch(table.tid, table.txt())  # as the host does when it closes seats
        left = {t for t in asyncio.all_tasks() if not t.done()}  # what a loop stopping now drops
        await host.close()
        await peer.close()
        return [t for t in left | browsing if t is not asyncio.current_task()]

    left = asyncio.run(scenario())
    ours = [t for t in left if "Discovery" in repr(t.get_coro()) or "Browser" in repr(t.get_coro())]
    assert not ours, ours
