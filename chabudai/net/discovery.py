"""Zeroconf (mDNS/DNS-SD) discovery: advertising tables and browsing for them.

:class:`Discovery` owns the one ``AsyncZeroconf`` of a process. It advertises each table as a
``_chabudai._tcp.local.`` service whose TXT properties are :meth:`chabudai.net.table.Table.txt` plus a
revision number, updates the TXT when seats change and withdraws every service on :meth:`Discovery.close`, awaiting the
goodbye packets (the async zeroconf calls return a task that must itself be awaited).
:class:`Browser` keeps an ``AsyncServiceBrowser`` running, resolves services asynchronously,
confirms each table answers over TCP (``probe``) and reports the whole list on every change.

Both take ``interfaces`` (a list of IPv4 addresses; tests use ``["127.0.0.1"]`` or addresses
inside their own network namespaces) and ``service_type`` (tests use a unique type per run).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable
from typing import Any

from zeroconf import IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from chabudai.net.client import probe
from chabudai.net.protocol import SERVICE_TYPE
from chabudai.net.table import Table

log = logging.getLogger("chabudai.net")


def local_addresses() -> list[str]:
    """The machine's IPv4 addresses other than loopback (for an advert of a 0.0.0.0 host), the
    one of the default route first: the address other machines on the network would type."""
    import ifaddr  # a dependency of zeroconf; imported here to keep import time low

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                found.append(ip.ip)
    primary = route_address()
    if primary in found:  # before docker0, VPN and VM bridges
        found.remove(primary)
        found.insert(0, primary)
    return found or ["127.0.0.1"]


def route_address() -> str | None:
    """The IPv4 address of the interface holding the default route, or None. Connecting a UDP
    socket only picks the route: nothing is sent."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737), never reached
        address = sock.getsockname()[0]
        return None if address.startswith(("127.", "0.")) else address
    return None


def instance_name(table: Table, service_type: str) -> str:
    """``"<table name> <tid>.<type>"``, the label cut to fit DNS's 63 bytes."""
    label = table.name.replace(".", " ").encode()[:40].decode(errors="ignore").strip()
    return f"{label or 'Table'} {table.tid}.{service_type}"


class Discovery:
    """The process's AsyncZeroconf: adverts for our tables and a source for browsers."""

    def __init__(
        self, *, interfaces: list[str] | None = None, service_type: str = SERVICE_TYPE
    ) -> None:
        self.interfaces = interfaces
        self.service_type = service_type
        self.zc: AsyncZeroconf | None = None
        self._adverts: dict[str, AsyncServiceInfo] = {}
        self._txt: dict[str, dict[str, str]] = {}  # tid -> the table's TXT last announced
        self._broadcasts: dict[str, asyncio.Future[Any]] = {}  # tid -> repeats of the last TXT
        self._lock = asyncio.Lock()
        self._updates: set[asyncio.Task[None]] = set()

    async def start(self) -> AsyncZeroconf:
        if self.zc is None:
            if self.interfaces:
                self.zc = AsyncZeroconf(
                    interfaces=list(self.interfaces), ip_version=IPVersion.V4Only
                )
            else:
                self.zc = AsyncZeroconf(ip_version=IPVersion.V4Only)
        return self.zc

    def advert_addresses(self, bind: str) -> list[str]:
        if bind not in ("", "0.0.0.0"):
            return [bind]
        if self.interfaces:
            return list(self.interfaces)
        return local_addresses()

    async def advertise(self, table: Table, port: int, addresses: list[str]) -> None:
        """Register ``table`` and wait until its announcements are sent."""
        zc = await self.start()
        info = self._info(table, port, addresses, revision=0)
        txt = table.txt()
        async with self._lock:
            task = await zc.async_register_service(info)
            await task  # probing and announcing take a second or two
            self._adverts[table.tid] = info
            self._txt[table.tid] = txt
        await self.update(table)  # a seat taken meanwhile is announced now

    def _info(
        self, table: Table, port: int, addresses: list[str], revision: int
    ) -> AsyncServiceInfo:
        # `rev` changes with every announcement: an mDNS cache (python-zeroconf's among them)
        # ignores a TXT record identical to one it still holds, so without it a table going back
        # to a state it was in seconds ago (open 1 -> 0 -> 1, lobby -> playing -> lobby) would
        # not be seen by browsers.
        return AsyncServiceInfo(
            self.service_type,
            instance_name(table, self.service_type),
            addresses=[socket.inet_aton(a) for a in addresses],
            port=port,
            properties={**table.txt(), "rev": str(revision)},
            server=f"chabudai-{table.tid}.local.",
        )

    async def update(self, table: Table) -> None:
        """Re-announce ``table`` at once if its TXT properties changed (a seat taken or freed, a
        game started, the table back in its lobby).

        zeroconf repeats an announcement three times over about half a second; a newer TXT
        cancels the repeats of the older one, so browsers never see the two alternate and a
        change never waits behind the previous one's repeats.
        """
        async with self._lock:
            old = self._adverts.get(table.tid)
            if old is None or self.zc is None:
                return
            txt = table.txt()
            if txt == self._txt.get(table.tid):
                return
            revision = int(old.properties.get(b"rev") or b"0") + 1
            addresses = old.parsed_addresses(IPVersion.V4Only)
            info = self._info(table, old.port or 0, addresses, revision)
            self._adverts[table.tid] = info
            self._txt[table.tid] = txt
            self._stop_repeats(table.tid)
            repeats = asyncio.ensure_future(await self.zc.async_update_service(info))
            self._broadcasts[table.tid] = repeats
        await asyncio.wait([repeats])  # returns when the repeats are sent or cancelled

    def _stop_repeats(self, tid: str) -> None:
        repeats = self._broadcasts.pop(tid, None)
        if repeats is not None:
            repeats.cancel()

    def watch(self, table: Table) -> None:
        """A host listener: schedule :meth:`update` on every table change."""
        try:
            task = asyncio.get_running_loop().create_task(self._update_quietly(table))
        except RuntimeError:  # no running loop: nothing is advertised from here
            return
        self._updates.add(task)
        task.add_done_callback(self._updates.discard)

    async def _update_quietly(self, table: Table) -> None:
        try:
            await self.update(table)
        except Exception as error:  # an advert that could not be refreshed must not stop play
            log.warning("zeroconf update for %s failed: %s", table.name, error)

    async def withdraw(self, tid: str) -> None:
        async with self._lock:
            self._stop_repeats(tid)
            self._txt.pop(tid, None)
            info = self._adverts.pop(tid, None)
            if info is None or self.zc is None:
                return
            task = await self.zc.async_unregister_service(info)
            await task  # the goodbye packets are sent only when this completes

    async def close(self) -> None:
        """Withdraw every advert (goodbyes awaited), then close zeroconf."""
        for task in list(self._updates):
            task.cancel()
        for tid in list(self._adverts):
            try:
                await asyncio.wait_for(self.withdraw(tid), 5.0)
            except Exception as error:  # keep closing the rest
                log.warning("zeroconf goodbye for %s failed: %s", tid, error)
        if self.zc is not None:
            zc, self.zc = self.zc, None
            with contextlib.suppress(Exception):
                await asyncio.wait_for(zc.async_close(), 5.0)


Tables = list[dict[str, Any]]


class Browser:
    """Keeps browsing; ``on_change(tables)`` gets the whole current list after every change.

    Each table is ``{"tid", "name", "game", "host", "port", "seats", "open", "st", "v",
    "reachable"}``; ``reachable`` says a TCP ``probe`` of ``host:port`` found the table.
    """

    def __init__(
        self,
        discovery: Discovery,
        on_change: Callable[[Tables], None],
        *,
        probe_timeout: float = 2.0,
        resolve_timeout: float = 3.0,
        recheck: float = 5.0,
    ) -> None:
        self.discovery = discovery
        self.on_change = on_change
        self.probe_timeout = probe_timeout
        self.resolve_timeout = resolve_timeout
        self.recheck = recheck  # seconds between TCP re-checks of the listed tables
        self.tables: dict[str, dict[str, Any]] = {}  # service name -> table
        self._browser: AsyncServiceBrowser | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._rechecker: asyncio.Task[None] | None = None

    async def start(self) -> None:
        zc = await self.discovery.start()
        self._browser = AsyncServiceBrowser(
            zc.zeroconf, [self.discovery.service_type], handlers=[self._on_service_state_change]
        )
        self._rechecker = asyncio.get_running_loop().create_task(self._recheck_forever())

    async def stop(self) -> None:
        if self._browser is not None:
            browser, self._browser = self._browser, None
            with contextlib.suppress(Exception):
                await browser.async_cancel()
        if self._rechecker is not None:
            self._rechecker.cancel()
            self._rechecker = None
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()

    async def _recheck_forever(self) -> None:
        """A host that crashed sends no goodbye: keep asking each listed table if it answers."""
        while True:
            await asyncio.sleep(self.recheck)
            for name, table in list(self.tables.items()):
                reply = await probe(table["host"], table["port"], self.probe_timeout)
                alive = reply is not None and any(
                    t.get("tid") == table["tid"] for t in reply["tables"]
                )
                if self.tables.get(name) is table and table["reachable"] != alive:
                    self.tables[name] = {**table, "reachable": alive}
                    self._report()

    def current(self) -> Tables:
        return sorted(self.tables.values(), key=lambda t: (t["name"], t["tid"]))

    def _on_service_state_change(
        self,
        zeroconf: Any,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
    ) -> None:
        # Called by zeroconf on the event loop: no awaiting here, resolve in a task.
        if state_change is ServiceStateChange.Removed:
            task = self._tasks.pop(name, None)
            if task is not None:
                task.cancel()
            if self.tables.pop(name, None) is not None:
                self._report()
            return
        old = self._tasks.get(name)
        if old is not None:
            old.cancel()
        self._tasks[name] = asyncio.get_running_loop().create_task(self._resolve(name))

    async def _resolve(self, name: str) -> None:
        try:
            zc = self.discovery.zc
            if zc is None:
                return
            info = AsyncServiceInfo(self.discovery.service_type, name)
            if not await info.async_request(zc.zeroconf, int(self.resolve_timeout * 1000)):
                return
            props = {
                (k.decode(errors="replace") if isinstance(k, bytes) else str(k)): (
                    v.decode(errors="replace") if isinstance(v, bytes) else ""
                )
                for k, v in (info.properties or {}).items()
            }
            table = parse_txt(props)
            if table is None:
                return
            addresses = info.parsed_addresses(IPVersion.V4Only)
            table.update(host=addresses[0] if addresses else "", port=info.port or 0)
            table["reachable"] = False
            for address in addresses:
                reply = await probe(address, table["port"], self.probe_timeout)
                if reply is not None and any(t.get("tid") == table["tid"] for t in reply["tables"]):
                    table.update(host=address, reachable=True)
                    break
            if self.tables.get(name) != table:
                self.tables[name] = table
                self._report()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("could not resolve %s", name)
        finally:
            if self._tasks.get(name) is asyncio.current_task():
                del self._tasks[name]

    def _report(self) -> None:
        try:
            self.on_change(self.current())
        except Exception:
            log.exception("tables listener failed")


def parse_txt(props: dict[str, str]) -> dict[str, Any] | None:
    """A table entry from TXT properties, or None if they are not a usable Chabudai advert."""
    try:
        entry = {
            "tid": props["tid"],
            "name": props.get("name", ""),
            "game": props["game"],
            "seats": int(props["seats"]),
            "open": int(props["open"]),
            "st": props.get("st", "lobby"),
            "v": int(props["v"]),
        }
    except (KeyError, ValueError):
        return None
    return entry
