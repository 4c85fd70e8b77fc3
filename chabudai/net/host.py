"""The table host: an asyncio TCP server holding one or more :class:`~chabudai.net.table.Table`.

Each connection goes through the same steps: a connection cap, then ``hello`` (or ``probe``)
within the handshake time, then messages until it closes, idles out or misbehaves. Every frame
is decoded by :mod:`chabudai.net.codec` and checked by :mod:`chabudai.net.protocol` before the table sees it;
a per-connection token bucket caps the message rate. See docs/PROTOCOL.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chabudai.net.codec import FrameError, encode, read_frame
from chabudai.net.protocol import (
    CLOSING_ERRORS,
    PROTOCOL_VERSION,
    ProtocolError,
    check_client_message,
    clean_name,
    shown,
)
from chabudai.net.store import TableStore
from chabudai.net.table import Table
from chabudai.replays.file import Replay
from chabudai.replays.store import ReplayStore, seats_from_lobby

log = logging.getLogger("chabudai.net")


@dataclass
class HostConfig:
    handshake_timeout: float = 5.0  # seconds from accept to hello
    idle_timeout: float = 60.0  # seconds without any message (clients ping every few seconds)
    # Seconds a peer's link may stay silent (its kernel answering nothing: Wi-Fi gone, cable
    # pulled, machine off) before the host drops the connection and the seat's grace starts.
    link_timeout: float = 5.0
    max_connections: int = 64
    max_per_address: int = 16  # connections from one IP address (one device cannot lock all out)
    rate: float = 20.0  # messages per second, sustained
    burst: float = 60.0  # messages allowed at once
    max_send_buffer: int = 1 << 20  # bytes queued for a peer that does not read


def watch_link(sock: socket.socket | None, timeout: float) -> dict[str, int]:
    """Make the kernel find a silent peer within about ``timeout`` seconds; returns what it set.

    TCP keepalive probes an idle connection after 1 s, then every second, and gives up after
    ``timeout - 1`` unanswered probes; ``TCP_USER_TIMEOUT`` gives up on data the peer has not
    acknowledged for ``timeout`` seconds (a table sending updates to a peer that is gone). The
    peer's kernel answers both while its link works, however busy or quiet its program is, so the
    protocol is unchanged. Options a platform lacks are skipped (docs/PROTOCOL.md section 3).
    """
    if sock is None or sock.family not in (socket.AF_INET, socket.AF_INET6):
        return {}
    idle = 1
    wanted = {
        "TCP_KEEPIDLE": idle,  # Linux, Windows
        "TCP_KEEPALIVE": idle,  # macOS's name for the idle time
        "TCP_KEEPINTVL": 1,
        "TCP_KEEPCNT": max(1, round(timeout) - idle),
        "TCP_USER_TIMEOUT": round(timeout * 1000),  # Linux, in milliseconds
    }
    done: dict[str, int] = {}
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    except OSError:
        return done
    done["SO_KEEPALIVE"] = 1
    for name, value in wanted.items():
        option = getattr(socket, name, None)
        if option is None:
            continue
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, option, value)
            done[name] = value
    return done


class Connection:
    """One peer; the table's :class:`~chabudai.net.table.Member`."""

    def __init__(self, host: Host, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.host = host
        self.reader = reader
        self.writer = writer
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self.address = str(peer[0]) if isinstance(peer, tuple) else self.peer
        self.seat: int | None = None
        self.token = ""
        self.name = "?"
        self.spectate = False
        self.table: Table | None = None
        self.closing = False
        self._allowance = host.config.burst
        self._last = time.monotonic()

    def send(self, message: dict[str, Any]) -> None:
        self.send_frame(encode(message))

    def send_frame(self, frame: bytes) -> None:
        if self.closing:
            return
        self.writer.write(frame)
        if self.writer.transport.get_write_buffer_size() > self.host.config.max_send_buffer:
            log.warning("%s does not read; closing", self.peer)
            self.close()

    def close(self, code: str | None = None, message: str = "") -> None:
        """Send the error ``code`` (if any), then close; the reading task then ends."""
        if self.closing:
            return
        if code is not None:
            self.send({"t": "error", "code": code, "message": message or code})
        self.closing = True
        self.writer.close()

    def take_allowance(self) -> bool:
        """Token bucket: False when the peer sends faster than the configured rate."""
        now = time.monotonic()
        config = self.host.config
        self._allowance = min(config.burst, self._allowance + (now - self._last) * config.rate)
        self._last = now
        self._allowance -= 1
        return self._allowance >= 0


class Host:
    """Serves tables on one TCP port; ``listeners`` hear of every table change."""

    def __init__(self, config: HostConfig | None = None, data_dir: Path | str | None = None):
        self.config = config or HostConfig()
        self.store = TableStore(data_dir) if data_dir is not None else None
        # every game that ends at a table of this host is kept in the data dir's replays folder
        self.replays = ReplayStore(Path(data_dir) / "replays") if data_dir is not None else None
        self.tables: dict[str, Table] = {}
        self.connections: set[Connection] = set()
        self.listeners: list[Callable[[Table], None]] = []
        self.server: asyncio.Server | None = None
        self.address: tuple[str, int] = ("", 0)
        self._tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ tables

    def add_table(self, table: Table) -> Table:
        table.on_change = self._table_changed
        table.on_game_end = self._keep_replay
        self.tables[table.tid] = table
        self._table_changed(table)
        return table

    def resume(self) -> list[str]:
        """Load every saved table; returns messages about saves that could not be used."""
        if self.store is None:
            return []
        found, problems = self.store.load_all()
        for path, data in found:
            try:
                table = Table.from_save(data)
            except Exception as error:  # any engine may refuse a damaged state in its own way
                problems.append(self.store.set_aside(path, f"damaged ({error})"))
                continue
            table.on_change = self._table_changed
            table.on_game_end = self._keep_replay
            self.tables[table.tid] = table
            log.info(
                "resumed table %s (%s, %s, state %d)",
                table.name,
                table.engine.name,
                table.status,
                table.state_id,
            )
        return problems

    def _keep_replay(self, table: Table, finished: bool) -> None:
        """Keep the replay of the game that just ended (or was given up) at ``table``."""
        state = table.state
        if self.replays is None or state is None:
            return
        seats = seats_from_lobby(table.lobby.public_seats(), state.players)
        try:
            replay = Replay.from_state(state, seats, started=table.game_started)
            if not finished:
                replay.result, replay.finished = None, False
            entry = self.replays.add(replay)
            log.info("%s: replay kept as %s", table.name, entry.name)
        except OSError as error:
            log.error("could not keep the replay of table %s: %s", table.name, error)

    def _table_changed(self, table: Table) -> None:
        if self.store is not None:
            try:
                self.store.save(table.to_save())
            except OSError as error:
                log.error("could not save table %s: %s", table.name, error)
        for listener in list(self.listeners):
            listener(table)

    # ------------------------------------------------------------------ server

    async def start(self, bind: str = "0.0.0.0", port: int = 0) -> tuple[str, int]:
        """Listen on ``bind:port`` (0 = any free port); returns the bound address."""
        self.server = await asyncio.start_server(self._accept, bind, port)
        sockname = self.server.sockets[0].getsockname()
        self.address = (sockname[0], sockname[1])
        for table in self.tables.values():
            table.start_grace_for_absent()
        return self.address

    async def start_near(self, bind: str, first: int, tries: int = 20) -> tuple[str, int]:
        """Listen on the first free port of ``first`` … ``first + tries - 1``, else on any free
        port: a table keeps the same address from one session to the next."""
        for port in range(first, first + tries):
            try:
                return await self.start(bind, port)
            except OSError as error:
                if error.errno != errno.EADDRINUSE:
                    raise
        return await self.start(bind, 0)

    async def close(self) -> None:
        """Stop listening, close every connection ("shutdown"), stop bots and timers."""
        if self.server is not None:
            self.server.close()
        for conn in list(self.connections):
            conn.close("shutdown", "the host is shutting down")
        for table in self.tables.values():
            table.close()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 2.0)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        conn = Connection(self, reader, writer)
        watch_link(writer.get_extra_info("socket"), self.config.link_timeout)
        try:
            if len(self.connections) >= self.config.max_connections:
                conn.close("busy", "the host has too many connections; try again later")
                return
            same = sum(1 for other in self.connections if other.address == conn.address)
            if same >= self.config.max_per_address:
                log.warning("%s holds %d connections; refusing more", conn.address, same)
                conn.close("busy", "too many connections from your address; close some first")
                return
            self.connections.add(conn)
            await self._serve(conn)
        except (ConnectionError, asyncio.IncompleteReadError, OSError):
            pass
        except FrameError as error:
            conn.close(error.code, error.message)
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("connection %s failed", conn.peer)
            conn.close()
        finally:
            self.connections.discard(conn)
            if conn.table is not None:
                conn.table.disconnect(conn)
            conn.closing = True
            with contextlib.suppress(Exception):
                writer.close()
                await asyncio.wait_for(writer.wait_closed(), 1.0)
            if task is not None:
                self._tasks.discard(task)

    async def _serve(self, conn: Connection) -> None:
        try:
            first = await asyncio.wait_for(read_frame(conn.reader), self.config.handshake_timeout)
        except TimeoutError:
            conn.close("handshake_timeout", "no hello in time")
            return
        try:
            check_client_message(first)
        except ProtocolError as error:
            code = error.code if first.get("t") in ("hello", "probe") else "hello_first"
            conn.close(code, error.message)
            return
        if first["t"] == "probe":
            conn.send({"t": "info", "v": PROTOCOL_VERSION, "tables": self.describe_tables()})
            conn.close()
            return
        if first["t"] != "hello":
            conn.close("hello_first", "the first message must be hello (or probe)")
            return
        if first["v"] != PROTOCOL_VERSION:
            conn.close(
                "version", f"this host speaks protocol {PROTOCOL_VERSION}, not {shown(first['v'])}"
            )
            return
        try:
            table = self._table_for(first)
            conn.name = clean_name(first["name"], "Player")
            conn.spectate = bool(first.get("spectate", False))
            table.join(conn, first.get("token"))
        except ProtocolError as error:
            conn.close(error.code, error.message)
            return
        conn.table = table
        await self._read_loop(conn, table)

    def _table_for(self, hello: dict[str, Any]) -> Table:
        token = hello.get("token")
        if token is not None:
            for table in self.tables.values():
                if table.seat_of_token(token) is not None:
                    return table
            raise ProtocolError("bad_token", "unknown seat token")
        tid = hello.get("table")
        if tid is not None:
            if tid not in self.tables:
                raise ProtocolError("no_table", f"no table {shown(tid)} here")
            return self.tables[tid]
        if not self.tables:
            raise ProtocolError("no_table", "this host has no table")
        return next(iter(self.tables.values()))

    async def _read_loop(self, conn: Connection, table: Table) -> None:
        while not conn.closing:
            try:
                message = await asyncio.wait_for(read_frame(conn.reader), self.config.idle_timeout)
            except TimeoutError as error:
                if error.errno is not None:  # ETIMEDOUT: the kernel gave up on a silent link
                    log.info("%s (%s): the link went silent", conn.peer, conn.name)
                    return
                conn.close("idle_timeout", "nothing heard for too long")
                return
            if not conn.take_allowance():
                log.warning("%s (%s) floods; closing", conn.peer, conn.name)
                conn.close("rate_limited", "too many messages; slow down")
                return
            try:
                check_client_message(message)
                if message["t"] in ("hello", "probe"):
                    raise ProtocolError("bad_message", "hello was already received")
            except ProtocolError as error:
                if error.code in CLOSING_ERRORS:
                    conn.close(error.code, error.message)
                    return
                conn.send({"t": "error", "code": error.code, "message": error.message})
                continue
            table.handle(conn, message)

    def describe_tables(self) -> list[dict[str, Any]]:
        """The ``tables`` of an ``info`` reply: each table's discovery properties."""
        result = []
        for table in self.tables.values():
            txt = table.txt()
            result.append(
                {**txt, "v": int(txt["v"]), "seats": int(txt["seats"]), "open": int(txt["open"])}
            )
        return result
