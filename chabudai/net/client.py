"""The asyncio client connection: hello, automatic reconnect with backoff, gap detection.

:class:`Client` hands every decoded, schema-checked host message to ``on_message`` in order,
plus local ``{"t": "connection", "state", "reason"}`` notices. It keeps the seat token from
``welcome`` and reconnects with it after a drop, so the seat is reclaimed and a snapshot follows.
An ``update`` whose ``state_id`` is not exactly one more than the last one is not delivered; the
client sends ``sync`` and waits for the snapshot instead. See docs/PROTOCOL.md.

Only a connection that worked reconnects. A first connection that fails (nothing listens, a
firewall drops it, nothing answers the ``hello``) ends at once with a reason in words; so does a
fatal error (``bad_token`` after a host restart without ``--resume``). The notices are
``connecting`` (each attempt), ``connected``, ``lost`` (once per outage of a connection that
worked), and last ``closed``, whose ``cause`` says why it ended: None when closed on purpose,
``"unreachable"`` for a first connection that failed, or the fatal error's code.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import random
import socket
from collections.abc import Callable
from typing import Any

from chabudai.net.codec import FrameError, encode, read_frame
from chabudai.net.protocol import PROTOCOL_VERSION, ProtocolError, check_host_message

log = logging.getLogger("chabudai.net")

# Errors after which reconnecting cannot help.
FATAL = frozenset({"bad_token", "version", "no_table", "replaced", "hello_first"})

Handler = Callable[[dict[str, Any]], None]


class FirstContactFailed(Exception):
    """The first connection to a table did not get as far as its ``welcome`` (words inside)."""


def unreachable_reason(host: str, port: int, error: BaseException | None) -> str:
    """Why a connection to ``host:port`` could not be made, in words for a player (never the raw
    ``[Errno 111] Connect call failed``)."""
    address = f"{host}:{port}"
    code = getattr(error, "errno", None)
    if isinstance(error, socket.gaierror):
        return f"Cannot find the computer {host!r}: check the address (for example 192.168.1.20)."
    if isinstance(error, ConnectionRefusedError) or code == errno.ECONNREFUSED:
        return (
            f"No table answers at {address}: is the host running, on this network, "
            f"and is port {port} open?"
        )
    if isinstance(error, TimeoutError) or code == errno.ETIMEDOUT:
        return (
            f"{address} does not answer: a firewall may be blocking port {port}, "
            "or the host is on another network."
        )
    if code in (errno.ENETUNREACH, errno.EHOSTUNREACH, errno.EADDRNOTAVAIL):
        return f"Cannot reach {address}: is this computer on the same network as the host?"
    detail = getattr(error, "strerror", None) or ""
    return f"Cannot connect to {address}" + (f" ({detail.lower()})." if detail else ".")


def parse_address(text: str, default_port: int | None = None) -> tuple[str, int]:
    """``"host:port"`` (or ``"[v6]:port"``) into ``(host, port)``; ``ValueError`` in words."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    else:
        host, _, port_text = text.rpartition(":") if ":" in text else (text, "", "")
    if not port_text:
        if default_port is None:
            raise ValueError(f"{text!r} needs a port: HOST:PORT")
        return host or text, default_port
    try:
        port = int(port_text)
    except ValueError:
        raise ValueError(f"bad port {port_text!r} in {text!r}") from None
    if not host or not 0 < port < 65536:
        raise ValueError(f"{text!r} is not HOST:PORT")
    return host, port


class Client:
    """One player's (or spectator's) connection to one table."""

    def __init__(
        self,
        host: str,
        port: int,
        *,
        name: str,
        on_message: Handler,
        token: str | None = None,
        spectate: bool = False,
        table: str | None = None,
        reconnect: bool = True,
        keepalive: float = 5.0,
        connect_timeout: float = 5.0,
        backoff: tuple[float, float] = (0.25, 5.0),
        on_frame: Handler | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.name = name
        self.on_message = on_message
        self.on_frame = on_frame  # every decoded frame, before any filtering (tests)
        self.token = token
        self.spectate = spectate
        self.table = table
        self.reconnect = reconnect
        self.keepalive = keepalive
        self.connect_timeout = connect_timeout
        self.backoff = backoff
        self.seat: int | None = None
        self.state_id: int | None = None
        self.connected = asyncio.Event()
        self.ever_connected = False  # a welcome came once: only then are drops reconnected
        self._writer: asyncio.StreamWriter | None = None
        self._closed = False
        self._reclaim = token is not None  # send the token only while it holds a seat
        self._awaiting_snapshot = False
        self._task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ public

    def start(self) -> asyncio.Task[None]:
        """Run the connection in a task of the running loop."""
        self._task = asyncio.get_running_loop().create_task(self.run())
        return self._task

    def send(self, message: dict[str, Any]) -> bool:
        """Queue ``message`` for the host; False if not connected (it is dropped)."""
        if message.get("t") == "leave":
            self._closed = True  # a deliberate leave is not followed by a reconnect
        writer = self._writer
        if writer is None or writer.is_closing():
            return False
        writer.write(encode(message))
        return True

    async def close(self) -> None:
        """Close for good (no reconnect) and wait for the task to end."""
        self._closed = True
        if self._writer is not None:
            self._writer.close()
        if self._task is not None and self._task is not asyncio.current_task():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(asyncio.shield(self._task), 3.0)
            if not self._task.done():
                self._task.cancel()

    # ------------------------------------------------------------------ the connection loop

    async def run(self) -> None:
        delay = self.backoff[0]
        reason = ""
        outage = False  # a "lost" notice was given for the current outage
        while not self._closed:
            self._notice("connecting", reason)
            fatal = None
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(self.host, self.port), self.connect_timeout
                )
            except (OSError, TimeoutError) as error:
                reason = unreachable_reason(self.host, self.port, error)
                if not self.ever_connected:
                    fatal = "unreachable"
            else:
                self._writer = writer
                try:
                    fatal, reason = await self._session(reader, writer)
                    if self.connected.is_set():
                        delay, outage = self.backoff[0], False
                except FirstContactFailed as error:
                    fatal, reason = "unreachable", str(error)
                finally:
                    self._writer = None
                    self.connected.clear()
                    writer.close()
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(writer.wait_closed(), 1.0)
            if self._closed or fatal or not self.reconnect:
                self._notice("closed", reason or "closed", cause=fatal)
                return
            if not outage:
                outage = True
                self._notice("lost", reason)
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            delay = min(delay * 2, self.backoff[1])
        self._notice("closed", reason or "closed")

    async def _session(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> tuple[str | None, str]:
        """One connection from hello to its end; returns (fatal error code or None, reason)."""
        hello: dict[str, Any] = {
            "t": "hello",
            "v": PROTOCOL_VERSION,
            "name": self.name,
            "token": self.token if self._reclaim else None,
            "spectate": self.spectate,
        }
        if self.table is not None:
            hello["table"] = self.table
        writer.write(encode(hello))
        self._awaiting_snapshot = False
        pinger = asyncio.get_running_loop().create_task(self._ping(writer))
        refusal = ""  # an error the host sent before closing (a full host says why)
        try:
            while True:
                first = not self.ever_connected
                # a host answers hello at once: the first time, waiting longer helps no one
                quiet = self.connect_timeout if first else self.keepalive * 3
                try:
                    message = await asyncio.wait_for(read_frame(reader), quiet)
                except TimeoutError:
                    if first:
                        raise FirstContactFailed(
                            f"Something at {self.host}:{self.port} took the connection but no "
                            "table answered: is it the host's address and port?"
                        ) from None
                    return None, "the host went quiet"
                except asyncio.IncompleteReadError:
                    if first:
                        said = f" ({refusal})" if refusal else ": is it a Chabudai table?"
                        raise FirstContactFailed(
                            f"{self.host}:{self.port} closed the connection at once{said}"
                        ) from None
                    return None, "the host closed the connection"
                except (ConnectionError, OSError) as error:
                    if first:
                        raise FirstContactFailed(
                            unreachable_reason(self.host, self.port, error)
                        ) from None
                    return None, f"connection error: {error.strerror or error}"
                except FrameError as error:
                    if first:
                        raise FirstContactFailed(
                            f"{self.host}:{self.port} is not a Chabudai table "
                            "(it answered in another language)"
                        ) from None
                    return None, f"bad frame from the host: {error.message}"
                if self.on_frame is not None:
                    self.on_frame(message)
                try:
                    check_host_message(message)
                except ProtocolError as error:
                    log.warning("ignoring a bad host message: %s", error.message)
                    continue
                if message["t"] == "error" and message["code"] in FATAL:
                    self._deliver(message)
                    return message["code"], self._fatal_reason(message)
                if message["t"] == "error":
                    refusal = message["message"]
                self._receive(message)
        finally:
            pinger.cancel()

    def _fatal_reason(self, error: dict[str, Any]) -> str:
        """The words for an error that ends the connection."""
        if error["code"] == "bad_token" and self._reclaim:
            return (  # (a table also forgets the token of a seat it opened after the grace)
                f"The table at {self.host}:{self.port} was restarted or gave your seat away: "
                "join it again."
            )
        if error["code"] == "replaced":
            return "Your seat was taken over by a newer connection (another window or computer)."
        return error["message"]

    async def _ping(self, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(Exception):
            while not writer.is_closing():
                await asyncio.sleep(self.keepalive)
                writer.write(encode({"t": "ping"}))

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "pong":
            return
        if kind == "welcome":
            self.token = message["token"]
            self.seat = message["seat"]
            self.table = message["table"]
            self._reclaim = self.seat is not None
            if not self.connected.is_set():
                self.connected.set()
                self.ever_connected = True
                self._notice("connected", f"{self.host}:{self.port}")
        elif kind == "snapshot":
            self.state_id = message["state_id"]
            self._awaiting_snapshot = False
        elif kind == "update":
            expected = None if self.state_id is None else self.state_id + 1
            if self._awaiting_snapshot or (expected is not None and message["state_id"] < expected):
                return  # a duplicate, or the snapshot we asked for will cover it
            if message["state_id"] != expected:
                self._awaiting_snapshot = True
                self.send({"t": "sync"})
                return
            self.state_id = message["state_id"]
        self._deliver(message)

    def _deliver(self, message: dict[str, Any]) -> None:
        try:
            self.on_message(message)
        except Exception:
            log.exception("message handler failed on %s", message.get("t"))

    def _notice(self, state: str, reason: str, **extra: Any) -> None:
        if state == "closed":
            extra.setdefault("cause", None)
        self._deliver({"t": "connection", "state": state, "reason": reason, **extra})


async def probe(host: str, port: int, timeout: float = 2.0) -> dict[str, Any] | None:
    """Ask ``host:port`` for its tables (``probe`` → ``info``); None if it does not answer."""
    writer = None
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        writer.write(encode({"t": "probe", "v": PROTOCOL_VERSION}))
        reply = await asyncio.wait_for(read_frame(reader), timeout)
        check_host_message(reply)
        return reply if reply["t"] == "info" else None
    except (OSError, TimeoutError, asyncio.IncompleteReadError, FrameError, ProtocolError):
        return None
    finally:
        if writer is not None:
            writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), 1.0)
