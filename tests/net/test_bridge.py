"""The thread bridge used by the pygame client: hosting, browsing, playing through poll()."""

from __future__ import annotations

import asyncio
import secrets
import signal
import socket
import time

from chabudai.net.bridge import NetBridge
from chabudai.net.host import Host
from chabudai.net.protocol import DEFAULT_PORT

from .helpers import LOOPBACK, free_port


def drain_until(bridge: NetBridge, predicate, timeout: float = 15.0) -> list[dict]:
    items: list[dict] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        batch = bridge.poll()
        items.extend(batch)
        if any(predicate(item) for item in batch):
            return items
        time.sleep(0.005)  # a frame of the main loop
    raise AssertionError(f"timed out; last items {items[-5:]}")


def test_solo_game_through_the_bridge_and_the_embedded_host():
    """Solo play: an embedded host on loopback with a bot seat, driven from the main thread."""
    previous = signal.getsignal(signal.SIGTERM)
    bridge = NetBridge()
    try:
        host, port = bridge.host_table(
            game="koikoi", name="Solo", seats=2, options={"rounds": 1}, bots=[None, "random"],
            player_name="Aki", advertise=False, bind=LOOPBACK, port=0, seed=1,
        )  # fmt: skip
        assert host == LOOPBACK and port > 0
        seen: list[dict] = []
        moves = 0
        welcome = None
        while True:
            items = drain_until(bridge, lambda item: True)
            seen.extend(items)
            for item in items:
                if item["t"] == "welcome":
                    welcome = item
                    if item["host_seat"] and moves == 0:
                        bridge.send({"t": "start"})
                if item["t"] in ("snapshot", "update") and item["legal"]:
                    bridge.send(
                        {"t": "move", "state_id": item["state_id"], "move": item["legal"][0]}
                    )
                    moves += 1
            if any(item["t"] == "game_over" for item in items):
                break
        kinds = [item["t"] for item in seen]
        assert {
            "t": "hosted",
            "host": LOOPBACK,
            "port": port,
            "networks": [[LOOPBACK, None]],
        } in seen
        assert welcome is not None and welcome["seat"] == 0 and welcome["host_seat"]
        assert "snapshot" in kinds and moves > 0
        assert {"t": "connection", "state": "connecting", "reason": ""} in seen
        assert signal.getsignal(signal.SIGTERM) is not previous  # goodbyes on SIGTERM
    finally:
        bridge.stop()
    assert signal.getsignal(signal.SIGTERM) is previous
    assert bridge.poll()[-1]["state"] == "closed"


def test_bridge_browses_and_finds_a_hosted_table():
    service_type = f"_cb{secrets.token_hex(5)}._tcp.local."
    hosting = NetBridge(bind=LOOPBACK, service_type=service_type)
    looking = NetBridge(bind=LOOPBACK, service_type=service_type)
    try:
        looking.start_browsing()
        _, port = hosting.host_table(
            game="koikoi", name="Den", seats=2, options={}, bots=[None, None],
            player_name="Aki", bind=LOOPBACK,
        )  # fmt: skip
        items = drain_until(
            looking, lambda item: item["t"] == "tables" and len(item["tables"]) == 1, timeout=10
        )
        table = items[-1]["tables"][0]
        assert (table["name"], table["port"], table["open"], table["reachable"]) == (
            "Den", port, 1, True,
        )  # fmt: skip
        hosting.stop()  # goodbye
        drain_until(looking, lambda item: item["t"] == "tables" and item["tables"] == [], 5)
        looking.stop_browsing()
    finally:
        hosting.stop()
        looking.stop()


def test_a_table_hosted_from_the_client_listens_on_the_standard_port_or_the_next():
    """Issue 16: "join by address" keeps working from one session to the next."""
    first, second = NetBridge(), NetBridge()
    try:
        kwargs = dict(game="koikoi", seats=2, options={}, bots=[None, None], advertise=False)
        host, port = first.host_table(name="One", player_name="Aki", bind=LOOPBACK, **kwargs)
        _, next_port = second.host_table(name="Two", player_name="Ben", bind=LOOPBACK, **kwargs)
    finally:
        first.stop()
        second.stop()
    assert host == LOOPBACK
    assert DEFAULT_PORT <= port < next_port < DEFAULT_PORT + 20  # 47474 unless someone has it


def test_start_near_skips_taken_ports():
    async def scenario(base: int) -> tuple[int, int]:
        with socket.socket() as taken:
            taken.bind((LOOPBACK, base))
            taken.listen()
            host = Host()
            _, port = await host.start_near(LOOPBACK, base, tries=2)
            await host.close()
            crowded = Host()
            _, anywhere = await crowded.start_near(LOOPBACK, base, tries=1)
            await crowded.close()
        return port, anywhere

    base = next(p for p in iter(free_port, None) if p < 65535 and port_is_free(p + 1))
    port, anywhere = asyncio.run(scenario(base))
    assert port == base + 1  # the next one
    assert anywhere not in (0, base)  # every tried port taken: any free port


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind((LOOPBACK, port))
        except OSError:
            return False
    return True
