"""Shared pieces of the net tests: a host on loopback, replays, the leak scan, raw peers."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import struct
from typing import Any

import msgpack

from chabudai import engines
from chabudai.engines.base import events_for, plain_copy
from chabudai.net.codec import decode_frame, encode, read_frame
from chabudai.net.host import Host, HostConfig
from chabudai.net.protocol import PROTOCOL_VERSION, check_host_message
from chabudai.net.table import Table

LOOPBACK = "127.0.0.1"

# Keys under which Koi-Koi views and events carry card ids (rules/koikoi.md K-1).
KOIKOI_CARD_KEYS = frozenset(
    {
        "hand",
        "board",
        "piles",
        "card",
        "cards",
        "pending",
        "pending_targets",
        "targets",
        "play",
        "take",
    }
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return sock.getsockname()[1]


async def start_host(
    config: HostConfig | None = None, data_dir: Any = None, **table_options: Any
) -> tuple[Host, Table, int]:
    host = Host(config or HostConfig(), data_dir=data_dir)
    table_options.setdefault("game", "koikoi")
    table_options.setdefault("name", "Test table")
    table_options.setdefault("auto_start", True)
    if "seed" not in table_options:
        table_options.setdefault("rng", random.Random(1))  # every game repeatable
    table = host.add_table(Table(**table_options))
    _, port = await host.start(LOOPBACK, 0)
    return host, table, port


def quiet_seed(game: str = "koikoi", players: int = 2, options: dict | None = None) -> int:
    """A seed whose game does not end before the first move (no K-9 hand bonus)."""
    engine = engines.get(game)
    return next(s for s in range(1, 1000) if not engine.new_game(players, s, options).is_over)


def card_ints(value: Any, under_card_key: bool = False) -> set[int]:
    """Every int found under a Koi-Koi card key anywhere in ``value``."""
    found: set[int] = set()
    if isinstance(value, dict):
        for key, inner in value.items():
            found |= card_ints(inner, key in KOIKOI_CARD_KEYS)
    elif isinstance(value, list):
        for inner in value:
            found |= card_ints(inner, under_card_key)
    elif under_card_key and isinstance(value, int) and not isinstance(value, bool):
        found.add(value)
    return found


def koikoi_hidden(state: Any, seat: int | None) -> set[int]:
    """The cards ``seat`` may not know in a Koi-Koi state: the stock and the other hands."""
    hidden = set(state.stock)
    for other in (0, 1):
        if other != seat:
            hidden |= set(state.hands[other])
    return hidden


class Expected:
    """The true game rebuilt from a ``game_over`` record: views and events at each state id."""

    def __init__(self, record: dict[str, Any], base: int) -> None:
        self.base = base
        engine = engines.get(record["game"])
        state = engine.new_game(record["players"], record["seed"], record["options"])
        self.states = [state.clone()]
        self.events: list[list[dict[str, Any]]] = [[]]
        for seat, move in record["moves"]:
            self.events.append(state.apply(seat, move))
            self.states.append(state.clone())

    def state(self, state_id: int) -> Any:
        index = state_id - self.base
        assert 0 <= index < len(self.states), f"state {state_id} is not in the game"
        return self.states[index]

    def check(self, message: dict[str, Any], seat: int | None) -> None:
        """The view (and events) sent to ``seat`` are exactly the engine's, for that state."""
        state = self.state(message["state_id"])
        assert message["view"] == plain_copy(state.view(seat))
        if message["t"] == "update":
            events = self.events[message["state_id"] - self.base]
            assert message["events"] == plain_copy(events_for(events, seat))


def check_koikoi_frames(frames: list[dict[str, Any]], seat: int | None) -> int:
    """Scan every frame a Koi-Koi peer received; returns how many game frames were checked."""
    over = [f for f in frames if f["t"] == "game_over"]
    assert over, "the game did not end"
    record = over[-1]["record"]
    base = min(f["state_id"] for f in frames if f["t"] == "snapshot")
    expected = Expected(record, base)
    checked = 0
    for frame in frames:
        if frame["t"] not in ("snapshot", "update"):
            continue
        state = expected.state(frame["state_id"])
        leaked = card_ints(frame) & koikoi_hidden(state, seat)
        assert not leaked, f"{frame['t']} {frame['state_id']} shows hidden cards {leaked} to {seat}"
        if seat is None:
            assert frame["view"]["hand"] is None
            assert not any(e.get("e") == "hand" for e in frame.get("events", []))
        expected.check(frame, seat)
        checked += 1
    return checked


# --- a member without a socket, for tests that drive a Table directly --------------------


class FakeMember:
    """A table member that checks and keeps every message the table sends it."""

    def __init__(self, name: str, spectate: bool = False) -> None:
        self.seat: int | None = None
        self.token = ""
        self.name = name
        self.spectate = spectate
        self.received: list[dict[str, Any]] = []
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        check_host_message(message)
        if message["t"] in ("snapshot", "update"):
            assert message["view"]["seat"] == self.seat  # only ever its own seat's view
        self.received.append(plain_copy(message))

    def send_frame(self, frame: bytes) -> None:
        self.send(decode_frame(frame))

    def close(self, code: str | None = None, message: str = "") -> None:
        self.closed = True


# --- raw peers for hostile tests ----------------------------------------------------------


class RawPeer:
    """A bare TCP peer that writes whatever it is told to and reads frames back."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, port: int) -> RawPeer:
        reader, writer = await asyncio.open_connection(LOOPBACK, port)
        return cls(reader, writer)

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode(message))

    def send_raw(self, data: bytes) -> None:
        self.writer.write(data)

    async def hello(self, name: str = "raw", **extra: Any) -> dict[str, Any]:
        self.send({"t": "hello", "v": PROTOCOL_VERSION, "name": name, **extra})
        return await self.expect("welcome")

    async def recv(self, timeout: float = 5.0) -> dict[str, Any] | None:
        """The next frame, or None once the host has closed the connection."""
        try:
            return await asyncio.wait_for(read_frame(self.reader), timeout)
        except (asyncio.IncompleteReadError, ConnectionError):
            return None

    async def expect(self, kind: str, timeout: float = 5.0, **fields: Any) -> dict[str, Any]:
        """Read until a ``kind`` message (matching ``fields``) arrives; fail on close."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            message = await self.recv(max(0.01, deadline - loop.time()))
            assert message is not None, f"closed while waiting for {kind}"
            if message["t"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message

    async def closed_after_error(self, code: str | None, timeout: float = 5.0) -> list[dict]:
        """Read until close; the last frame must be an error ``code`` (if given)."""
        frames = []
        while True:
            message = await self.recv(timeout)
            if message is None:
                break
            frames.append(message)
        self.writer.close()
        if code is not None:
            assert frames and frames[-1] == {
                "t": "error",
                "code": code,
                "message": frames[-1]["message"],
            }, frames
        return frames

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(Exception):
            await self.writer.wait_closed()


def frame_of_length(length: int, payload: bytes = b"") -> bytes:
    return struct.pack(">I", length) + payload


def packed(value: Any) -> bytes:
    data = msgpack.packb(value, use_bin_type=True)
    return struct.pack(">I", len(data)) + data


# --- players that play through a table to its end ----------------------------------------


async def seated(port: int, name: str, seat: int | None = None) -> RawPeer:
    peer = await RawPeer.open(port)
    await peer.hello(name)
    peer.send({"t": "sit", "seat": seat})
    await peer.expect("welcome", **({} if seat is None else {"seat": seat}))
    return peer


async def play_to_the_end(peers: dict[int, RawPeer]) -> dict[str, Any]:
    """Every peer plays its first legal move whenever its seat is to move; the game_over."""
    over: dict[str, Any] = {}

    async def play(seat: int, peer: RawPeer) -> None:
        peer.send({"t": "sync"})  # whatever was read before: the current state comes again
        moved: set[int] = set()
        while True:
            message = await peer.recv(10)
            assert message is not None, "closed during the game"
            state_id = message.get("state_id")
            if message["t"] in ("snapshot", "update") and message["legal"]:
                if state_id not in moved:
                    moved.add(state_id)
                    move = message["legal"][0]
                    peer.send({"t": "move", "state_id": state_id, "move": move})
            elif message["t"] == "game_over":
                over[seat] = message
                return

    await asyncio.wait_for(asyncio.gather(*(play(s, p) for s, p in peers.items())), 30)
    return next(iter(over.values()))


async def lobby_where(peer: RawPeer, predicate, timeout: float = 5.0) -> dict[str, Any]:
    """Read until a ``lobby`` whose table satisfies ``predicate``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        message = await peer.expect("lobby", max(0.01, deadline - loop.time()))
        if predicate(message["table"]):
            return message["table"]
