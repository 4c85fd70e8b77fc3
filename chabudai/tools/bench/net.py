"""``python -m chabudai.tools.bench net``: discovery time, move latency to connected peers, TCP echo.

- discovery: from starting a host (listen + zeroconf advert, bound to 127.0.0.1) until a browser
  in the same process reports the table, confirmed over TCP;
- move latency: a ``chabudai host`` subprocess (saving every move, as in real use) with two
  players and spectators making ``--peers`` connections; for every move, the time from the
  mover sending it to each peer receiving its ``update``;
- echo: the round trip of a move-sized frame to a plain asyncio echo server in a subprocess, on
  the same machine, so ``latency / echo`` says what the host itself adds.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from chabudai.net.codec import encode, read_frame
from chabudai.net.discovery import Browser, Discovery
from chabudai.net.host import Host
from chabudai.net.protocol import PROTOCOL_VERSION
from chabudai.net.store import TableStore
from chabudai.net.table import Table

ROOT = Path(__file__).resolve().parents[3]
LOOPBACK = "127.0.0.1"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--peers", type=int, default=8, help="connected peers (default 8, min 2)")
    parser.add_argument("--games", type=int, default=3, help="Koi-Koi games to time (default 3)")
    parser.add_argument("--discoveries", type=int, default=3, help="discovery runs (default 3)")
    parser.add_argument("--echoes", type=int, default=2000, help="echo round trips (default 2000)")


def run(args: argparse.Namespace) -> dict[str, Any]:
    if args.peers < 2:
        raise SystemExit("--peers must be at least 2 (the two players)")
    discovery = [asyncio.run(time_discovery()) for _ in range(args.discoveries)]
    latencies = asyncio.run(time_moves(args.peers, args.games))
    echo = asyncio.run(time_echo(args.echoes))
    saves = time_saves()
    p50, echo_p50 = percentile(latencies, 50), percentile(echo, 50)
    return {
        "discovery_s": {
            "median": round(statistics.median(discovery), 3),
            "runs": [round(d, 3) for d in discovery],
        },
        f"move_latency_ms_to_{args.peers}_peers": {
            "p50": ms(p50),
            "p99": ms(percentile(latencies, 99)),
            "max": ms(max(latencies)),
            "samples": len(latencies),
        },
        "tcp_echo_round_trip_ms": {
            "p50": ms(echo_p50),
            "p99": ms(percentile(echo, 99)),
            "samples": len(echo),
        },
        "latency_p50_over_echo_p50": round(p50 / echo_p50, 1),
        "table_save_ms (part of every move: write, fsync, replace)": {
            "p50": ms(percentile(saves, 50)),
            "p99": ms(percentile(saves, 99)),
        },
    }


def time_saves(count: int = 200) -> list[float]:
    """The atomic save the host makes after every move, alone."""
    table = Table(game="koikoi", name="Bench", seed=1)
    table.add_bot_seat(0, table.bot_level)
    table.add_bot_seat(1, table.bot_level)
    table.match.state = table.engine.new_game(2, 1, table.options)
    times = []
    with tempfile.TemporaryDirectory() as directory:
        store = TableStore(directory)
        for _ in range(count):
            started = time.perf_counter()
            store.save(table.to_save())
            times.append(time.perf_counter() - started)
    return times


def ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


async def time_discovery() -> float:
    service_type = f"_cb{secrets.token_hex(5)}._tcp.local."
    found = asyncio.Event()
    looker = Discovery(interfaces=[LOOPBACK], service_type=service_type)
    browser = Browser(looker, lambda tables: tables and tables[0]["reachable"] and found.set())
    await browser.start()
    started = time.perf_counter()
    host = Host()
    table = host.add_table(Table(game="koikoi", name="Bench"))
    _, port = await host.start(LOOPBACK, 0)
    advertiser = Discovery(interfaces=[LOOPBACK], service_type=service_type)
    advert = advertiser.advertise(table.tid, table.name, table.txt(), port, [LOOPBACK])
    await asyncio.wait_for(found.wait(), 15)
    elapsed = time.perf_counter() - started
    await advert
    await browser.stop()
    await looker.close()
    await advertiser.close()
    await host.close()
    return elapsed


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return sock.getsockname()[1]


class Peer:
    """A bare protocol peer recording when each update arrives."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.arrivals: dict[int, float] = {}
        self.latest: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.seat: int | None = None

    async def pump(self) -> None:
        while True:
            message = await read_frame(self.reader)
            if message["t"] in ("update", "snapshot"):
                self.arrivals[message["state_id"]] = time.perf_counter()
                self.latest = message
            elif message["t"] == "welcome":
                self.seat = message["seat"]
            elif message["t"] == "game_over":
                self.latest = {**(self.latest or {}), "over": True}
            self.changed.set()

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode(message))


async def time_moves(peers: int, games: int) -> list[float]:
    port = free_port()
    with tempfile.TemporaryDirectory() as data_dir:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "chabudai.tools.cli", "host", "--game", "koikoi", "--port", str(port),
            "--bind", LOOPBACK, "--no-advertise", "--data-dir", data_dir, "--quiet",
            cwd=ROOT, stdout=subprocess.PIPE,
        )  # fmt: skip
        assert process.stdout is not None
        await process.stdout.readline()  # listening
        try:
            return await _play_timed(port, peers, games)
        finally:
            process.terminate()
            await process.wait()


async def _play_timed(port: int, peers: int, games: int) -> list[float]:
    connections: list[Peer] = []
    for index in range(peers):
        reader, writer = await asyncio.open_connection(LOOPBACK, port)
        peer = Peer(reader, writer)
        peer.send(
            {"t": "hello", "v": PROTOCOL_VERSION, "name": f"P{index}", "spectate": index >= 2}
        )
        connections.append(peer)
    pumps = [asyncio.get_running_loop().create_task(p.pump()) for p in connections]
    players = connections[:2]
    samples: list[float] = []
    try:
        for _ in range(games):
            for player in players:
                player.send({"t": "sit"})
                player.send({"t": "ready", "ready": True})
            await _play_one(players, connections, samples)
    finally:
        for pump in pumps:
            pump.cancel()
        for peer in connections:
            peer.writer.close()
    return samples


async def _play_one(players: list[Peer], everyone: list[Peer], samples: list[float]) -> None:
    started = False
    while True:
        mover = None
        for player in players:
            view = (player.latest or {}).get("view")
            if view is not None and not view.get("over") and player.latest.get("legal"):
                started = True
                mover = player
        if mover is None:
            if started and any((p.latest or {}).get("over") for p in players):
                return
            for player in players:
                player.changed.clear()
            await asyncio.wait(
                [asyncio.ensure_future(p.changed.wait()) for p in players],
                timeout=5,
                return_when=asyncio.FIRST_COMPLETED,
            )
            continue
        message = mover.latest
        assert message is not None
        target = message["state_id"] + 1
        sent = time.perf_counter()
        mover.send({"t": "move", "state_id": message["state_id"], "move": message["legal"][0]})
        deadline = sent + 5
        while not all(target in p.arrivals for p in everyone):
            if time.perf_counter() > deadline:
                raise RuntimeError(f"update {target} did not reach every peer")
            await asyncio.sleep(0)
        samples.extend(p.arrivals[target] - sent for p in everyone)


async def time_echo(count: int) -> list[float]:
    port = free_port()
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-c", ECHO_SERVER, str(port), stdout=subprocess.PIPE
    )
    assert server.stdout is not None
    await server.stdout.readline()
    try:
        reader, writer = await asyncio.open_connection(LOOPBACK, port)
        frame = encode({"t": "move", "state_id": 12, "move": {"play": 7}})
        times = []
        for _ in range(count):
            started = time.perf_counter()
            writer.write(frame)
            await reader.readexactly(len(frame))
            times.append(time.perf_counter() - started)
        writer.close()
        return times
    finally:
        server.terminate()
        await server.wait()


ECHO_SERVER = """
import asyncio, sys
async def echo(reader, writer):
    while data := await reader.read(65536):
        writer.write(data)
async def main():
    server = await asyncio.start_server(echo, "127.0.0.1", int(sys.argv[1]))
    print("ready", flush=True)
    await server.serve_forever()
asyncio.run(main())
"""
