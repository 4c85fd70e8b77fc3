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

from chabudai.i18n import N_, Notice, _
from chabudai.net.codec import FrameError, encode, read_frame
from chabudai.net.protocol import PROTOCOL_VERSION, ProtocolError, check_host_message

log = logging.getLogger("chabudai.net")

# Errors after which reconnecting cannot help.
FATAL = frozenset({"bad_token", "version", "no_table", "replaced", "hello_first"})

Handler = Callable[[dict[str, Any]], None]


class FirstContactFailed(Exception):
    """The first connection to a table did not get as far as its ``welcome``: ``reason_id``
    (a :data:`REASONS` id) and ``args`` say why; ``str()`` is the English."""

    def __init__(self, reason_id: str, args: dict[str, Any]) -> None:
        super().__init__(english(reason_id, args))
        self.reason_id = reason_id
        self.args_ = args


# Why a connection failed or ended, by id: each client words it in its own language (the
# notice's ``reason_id`` and ``args``: ``chabudai.game.scenes.join.reason_notice``); ``reason``
# is the same in English,
# for logs and the command line. The address is "host:port".
REASONS: dict[str, str] = {
    "no_such_host": N_(
        "Cannot find the computer {host}: check the address (for example 192.168.1.20)."
    ),
    "refused": N_(
        "No table answers at {address}: is the host running, on this network, "
        "and is port {port} open?"
    ),
    "timeout": N_(
        "{address} does not answer: a firewall may be blocking port {port}, "
        "or the host is on another network."
    ),
    "no_route": N_("Cannot reach {address}: is this computer on the same network as the host?"),
    "cannot_connect": N_("Cannot connect to {address}."),
    "cannot_connect_detail": N_("Cannot connect to {address} ({detail})."),
    "no_answer": N_(
        "Something at {address} took the connection but no table answered: "
        "is it the host's address and port?"
    ),
    "closed_at_once": N_("{address} closed the connection at once: is it a Chabudai table?"),
    # Translators: {refusal} is why the host refused, in words (its error, worded for the player)
    "refused_by_host": N_("{address} closed the connection at once ({refusal})"),
    "foreign": N_("{address} is not a Chabudai table (it answered in another language)"),
    "quiet": N_("the host went quiet"),
    "host_closed": N_("the host closed the connection"),
    "connection_error": N_("connection error: {detail}"),
    "bad_frame": N_("bad frame from the host: {detail}"),
    "seat_gone": N_("The table at {address} was restarted or gave your seat away: join it again."),
    "replaced": N_("Your seat was taken over by a newer connection (another window or computer)."),
    "closed": N_("closed"),
}

# A host's ``error`` codes (docs/PROTOCOL.md) as a player reads them; the frame's English
# ``message`` is shown only for a code this client does not know.
ERROR_WORDS: dict[str, str] = {
    "bad_frame": N_("The table could not read what this client sent."),
    "too_large": N_("The table could not read what this client sent (it was too large)."),
    "bad_message": N_("The table could not understand what this client sent."),
    "unknown_type": N_("The table could not understand what this client sent."),
    "hello_first": N_("The table expected this client to say hello first."),
    "version": N_("The table speaks another version of Chabudai: update both to the same one."),
    "bad_token": N_("The table does not know your seat any more: join it again."),
    "no_table": N_("There is no such table at this address."),
    "handshake_timeout": N_("The table waited too long for this client to say hello."),
    "idle_timeout": N_("The table heard nothing from this client for too long."),
    "rate_limited": N_("Too many messages too fast: the table closed the connection."),
    "busy": N_("The host has too many connections: try again later."),
    "shutdown": N_("The host is shutting down."),
    "replaced": N_("Your seat was taken over by a newer connection (another window or computer)."),
    "not_host": N_("Only the host player may do this."),
    "not_in_lobby": N_("That is only possible in the lobby."),
    "not_over": N_("That is only possible after the game is over."),
    "not_seated": N_("Sit down first."),
    "spectator": N_("Spectators cannot sit or play: join as a player."),
    "bad_seat": N_("There is no such seat."),
    "seat_taken": N_("That seat is taken."),
    "no_open_seat": N_("Every seat is taken."),
    "bad_option": N_("The table does not have that option or value."),
    "bad_level": N_("The table does not know that bot level."),
    "bad_seats": N_("The table cannot have that many seats."),
    "not_ready": N_("Not everyone at the table is ready yet."),
}


def error_text(frame: dict[str, Any]) -> str:
    """A host's ``error`` frame in the player's language: worded from its ``code``, its English
    ``message`` for a code this client does not know (a newer host)."""
    words = ERROR_WORDS.get(str(frame.get("code")))
    if words is None:
        return str(frame.get("message") or frame.get("code") or _("error"))
    return _(words)


def english(reason_id: str, args: dict[str, Any]) -> str:
    """The English of a reason (the notice's ``reason``, for logs and the command line)."""
    if reason_id == "error":
        return str(args.get("message") or args.get("code") or "error")
    args = dict(args)
    if "refusal" in args:
        args["refusal"] = str(args["refusal"].get("message") or args["refusal"].get("code"))
    return REASONS[reason_id].format(**args)


def unreachable_reason(host: str, port: int, error: BaseException | None) -> str:
    """Why a connection to ``host:port`` could not be made, in English words for a player (never
    the raw ``[Errno 111] Connect call failed``); :func:`unreachable` gives its id."""
    return english(*unreachable(host, port, error))


def unreachable(host: str, port: int, error: BaseException | None) -> tuple[str, dict[str, Any]]:
    """The :data:`REASONS` id and its arguments for a connection that could not be made."""
    address = f"{host}:{port}"
    code = getattr(error, "errno", None)
    if isinstance(error, socket.gaierror):
        return "no_such_host", {"host": repr(host)}
    if isinstance(error, ConnectionRefusedError) or code == errno.ECONNREFUSED:
        return "refused", {"address": address, "port": port}
    if isinstance(error, TimeoutError) or code == errno.ETIMEDOUT:
        return "timeout", {"address": address, "port": port}
    if code in (errno.ENETUNREACH, errno.EHOSTUNREACH, errno.EADDRNOTAVAIL):
        return "no_route", {"address": address}
    detail = getattr(error, "strerror", None) or ""
    if detail:
        return "cannot_connect_detail", {"address": address, "detail": detail.lower()}
    return "cannot_connect", {"address": address}


class AddressError(ValueError):
    """An address that is not ``host:port``: ``message`` in the player's language (worded when
    read), ``str()`` in English (the command line)."""

    def __init__(self, msgid: str, **params: Any) -> None:
        self.notice = Notice(msgid, **params)
        super().__init__(str(self.notice))

    @property
    def message(self) -> str:
        return self.notice.said()


def parse_address(text: str, default_port: int | None = None) -> tuple[str, int]:
    """``"host:port"`` (or ``"[v6]:port"``) into ``(host, port)``; :class:`AddressError` (a
    ``ValueError``) in words."""
    text = text.strip()
    if text.startswith("["):
        host, _bracket, rest = text[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    else:
        host, _colon, port_text = text.rpartition(":") if ":" in text else (text, "", "")
    if not port_text:
        if default_port is None:
            raise AddressError(N_("{address} needs a port: HOST:PORT"), address=repr(text))
        return host or text, default_port
    try:
        port = int(port_text)
    except ValueError:
        raise AddressError(
            N_("bad port {port} in {address}"), port=repr(port_text), address=repr(text)
        ) from None
    if not host or not 0 < port < 65536:
        raise AddressError(N_("{address} is not HOST:PORT"), address=repr(text))
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
        reason: tuple[str, dict[str, Any]] | None = None  # (REASONS id, args)
        outage = False  # a "lost" notice was given for the current outage
        while not self._closed:
            self._notice("connecting", reason)
            fatal = None
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(self.host, self.port), self.connect_timeout
                )
            except (OSError, TimeoutError) as error:
                reason = unreachable(self.host, self.port, error)
                if not self.ever_connected:
                    fatal = "unreachable"
            else:
                self._writer = writer
                try:
                    fatal, reason = await self._session(reader, writer)
                    if self.connected.is_set():
                        delay, outage = self.backoff[0], False
                except FirstContactFailed as error:
                    fatal, reason = "unreachable", (error.reason_id, error.args_)
                finally:
                    self._writer = None
                    self.connected.clear()
                    writer.close()
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(writer.wait_closed(), 1.0)
            if self._closed or fatal or not self.reconnect:
                self._notice("closed", reason or ("closed", {}), cause=fatal)
                return
            if not outage:
                outage = True
                self._notice("lost", reason)
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            delay = min(delay * 2, self.backoff[1])
        self._notice("closed", reason or ("closed", {}))

    async def _session(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> tuple[str | None, tuple[str, dict[str, Any]]]:
        """One connection from hello to its end; returns (fatal error code or None, reason: a
        :data:`REASONS` id and its args)."""
        address = f"{self.host}:{self.port}"
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
        refusal: dict[str, Any] | None = None  # an error sent before closing (a full host's)
        try:
            while True:
                first = not self.ever_connected
                # a host answers hello at once: the first time, waiting longer helps no one
                quiet = self.connect_timeout if first else self.keepalive * 3
                try:
                    message = await asyncio.wait_for(read_frame(reader), quiet)
                except TimeoutError:
                    if first:
                        raise FirstContactFailed("no_answer", {"address": address}) from None
                    return None, ("quiet", {})
                except asyncio.IncompleteReadError:
                    if first:
                        if refusal:
                            raise FirstContactFailed(
                                "refused_by_host", {"address": address, "refusal": refusal}
                            ) from None
                        raise FirstContactFailed("closed_at_once", {"address": address}) from None
                    return None, ("host_closed", {})
                except (ConnectionError, OSError) as error:
                    if first:
                        raise FirstContactFailed(
                            *unreachable(self.host, self.port, error)
                        ) from None
                    return None, ("connection_error", {"detail": str(error.strerror or error)})
                except FrameError as error:
                    if first:
                        raise FirstContactFailed("foreign", {"address": address}) from None
                    return None, ("bad_frame", {"detail": error.message})
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
                    refusal = {"code": message["code"], "message": message["message"]}
                self._receive(message)
        finally:
            pinger.cancel()

    def _fatal_reason(self, error: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """Why an error ends the connection: a :data:`REASONS` id and its args (``"error"``:
        the frame's code, worded by :func:`error_text`)."""
        if error["code"] == "bad_token" and self._reclaim:
            # (a table also forgets the token of a seat it opened after the grace)
            return "seat_gone", {"address": f"{self.host}:{self.port}"}
        if error["code"] == "replaced":
            return "replaced", {}
        return "error", {"code": error["code"], "message": error["message"]}

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
                self._notice("connected", ("", {"address": f"{self.host}:{self.port}"}))
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

    def _notice(self, state: str, reason: tuple[str, dict[str, Any]] | None, **extra: Any) -> None:
        """A ``connection`` notice: ``reason_id`` and ``args`` for the screen to word
        (the Join screen's ``reason_notice``), ``reason`` the same in English (logs, the command line)."""
        if state == "closed":
            extra.setdefault("cause", None)
        reason_id, args = reason or ("", {})
        if reason_id in REASONS or reason_id == "error":
            notice = {"reason": english(reason_id, args), "reason_id": reason_id, "args": args}
        else:  # "connected": the address; the first "connecting": nothing yet
            notice = {"reason": str(args.get("address", ""))}
        self._deliver({"t": "connection", "state": state, **notice, **extra})


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
