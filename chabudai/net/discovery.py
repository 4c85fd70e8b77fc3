"""Zeroconf (mDNS/DNS-SD) discovery: advertising tables and browsing for them.

:class:`Discovery` owns the one ``AsyncZeroconf`` of a process. It advertises each table as a
``_chabudai._tcp.local.`` service whose TXT properties are the table's (a plain dict, as
``Table.txt()`` gives it) plus a revision number, updates the TXT when seats change and
withdraws every service on :meth:`Discovery.close`, awaiting the goodbye packets (the async
zeroconf calls return a task that must itself be awaited).
:class:`Browser` keeps an ``AsyncServiceBrowser`` running, resolves services asynchronously,
confirms each table answers over TCP (``probe``, every advertised address at once) and reports
the whole list on every change.

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

from chabudai.net.addresses import advert_addresses, machine_addresses
from chabudai.net.client import probe
from chabudai.net.protocol import SERVICE_TYPE

log = logging.getLogger("chabudai.net")


def local_addresses() -> list[str]:
    """This machine's addresses for an advert of a 0.0.0.0 host, best first
    (:mod:`chabudai.net.addresses`: the home network's before VPNs; no Docker or VM bridges)."""
    return advert_addresses(machine_addresses())


def instance_name(name: str, tid: str, service_type: str) -> str:
    """``"<table name> <tid>.<type>"``, the label cut to fit DNS's 63 bytes."""
    label = name.replace(".", " ").encode()[:40].decode(errors="ignore").strip()
    return f"{label or 'Table'} {tid}.{service_type}"


class Discovery:
    """The process's AsyncZeroconf: adverts for our tables and a source for browsers.

    An advert is a table id, a name and the table's TXT properties (``Table.txt()``, docs/PROTOCOL.md
    section 9); discovery knows nothing else of tables. Every task it starts is tracked and
    awaited or cancelled by :meth:`close`, so nothing is left pending when the loop ends.
    """

    def __init__(
        self, *, interfaces: list[str] | None = None, service_type: str = SERVICE_TYPE
    ) -> None:
        self.interfaces = interfaces
        self.service_type = service_type
        self.zc: AsyncZeroconf | None = None
        self._adverts: dict[str, AsyncServiceInfo] = {}
        self._txt: dict[str, dict[str, str]] = {}  # tid -> the table's TXT last announced
        self._wanted: dict[str, dict[str, str]] = {}  # tid -> the newest TXT asked for
        self._broadcasts: dict[str, asyncio.Future[Any]] = {}  # tid -> repeats of the last TXT
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closed = False

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

    def advertise(
        self, tid: str, name: str, txt: dict[str, str], port: int, addresses: list[str]
    ) -> asyncio.Task[bool]:
        """Register the table ``tid`` in the background; returns the task, which ends once the
        announcements are sent (about 1.5 s) with True, or False if zeroconf failed (logged).

        The caller need not wait: a window hosting a table goes on drawing meanwhile."""
        self._wanted[tid] = dict(txt)
        return self._track(self._advertise(tid, name, port, addresses))

    async def _advertise(self, tid: str, name: str, port: int, addresses: list[str]) -> bool:
        try:
            zc = await self.start()
            txt = self._wanted[tid]
            info = self._info(tid, name, txt, port, addresses, revision=0)
            async with self._lock:
                task = await zc.async_register_service(info)
                await task  # probing and announcing take a second or two
                self._adverts[tid] = info
                self._txt[tid] = txt
            await self._update(tid)  # a seat taken meanwhile is announced now
            return True
        except asyncio.CancelledError:
            raise
        except Exception as error:  # zeroconf can fail on odd networks: play goes on
            log.warning("could not advertise the table (%s); join it by address", error)
            return False

    def _info(
        self,
        tid: str,
        name: str,
        txt: dict[str, str],
        port: int,
        addresses: list[str],
        revision: int,
    ) -> AsyncServiceInfo:
        # `rev` changes with every announcement: an mDNS cache (python-zeroconf's among them)
        # ignores a TXT record identical to one it still holds, so without it a table going back
        # to a state it was in seconds ago (open 1 -> 0 -> 1, lobby -> playing -> lobby) would
        # not be seen by browsers.
        return AsyncServiceInfo(
            self.service_type,
            instance_name(name, tid, self.service_type),
            addresses=[socket.inet_aton(a) for a in addresses],
            port=port,
            properties={**txt, "rev": str(revision)},
            server=f"chabudai-{tid}.local.",
        )

    async def update(self, tid: str, txt: dict[str, str]) -> None:
        """Re-announce table ``tid`` at once if its TXT properties changed (a seat taken or
        freed, a game started, the table back in its lobby).

        zeroconf repeats an announcement three times over about half a second; a newer TXT
        cancels the repeats of the older one, so browsers never see the two alternate and a
        change never waits behind the previous one's repeats.
        """
        if tid in self._wanted:
            self._wanted[tid] = dict(txt)
        await self._update(tid)

    async def _update(self, tid: str) -> None:
        async with self._lock:
            old = self._adverts.get(tid)
            txt = self._wanted.get(tid)
            if old is None or txt is None or self.zc is None or txt == self._txt.get(tid):
                return
            revision = int(old.properties.get(b"rev") or b"0") + 1
            addresses = old.parsed_addresses(IPVersion.V4Only)
            info = AsyncServiceInfo(
                self.service_type,
                old.name,
                addresses=[socket.inet_aton(a) for a in addresses],
                port=old.port or 0,
                properties={**txt, "rev": str(revision)},
                server=old.server,
            )
            self._adverts[tid] = info
            self._txt[tid] = txt
            self._stop_repeats(tid)
            repeats = asyncio.ensure_future(await self.zc.async_update_service(info))
            self._broadcasts[tid] = repeats
        await asyncio.wait([repeats])  # returns when the repeats are sent or cancelled

    def _stop_repeats(self, tid: str) -> None:
        repeats = self._broadcasts.pop(tid, None)
        if repeats is not None:
            repeats.cancel()

    def watch(self, tid: str, txt: dict[str, str]) -> None:
        """For a host listener: schedule :meth:`update` (nothing once closing)."""
        if self._closed:
            return
        try:
            self._track(self._update_quietly(tid, txt))
        except RuntimeError:  # no running loop: nothing is advertised from here
            return

    def _track(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _update_quietly(self, tid: str, txt: dict[str, str]) -> None:
        try:
            await self.update(tid, txt)
        except Exception as error:  # an advert that could not be refreshed must not stop play
            log.warning("zeroconf update for %s failed: %s", tid, error)

    async def withdraw(self, tid: str) -> None:
        self._wanted.pop(tid, None)
        async with self._lock:
            self._stop_repeats(tid)
            self._txt.pop(tid, None)
            info = self._adverts.pop(tid, None)
            if info is None or self.zc is None:
                return
            task = await self.zc.async_unregister_service(info)
            await task  # the goodbye packets are sent only when this completes

    async def close(self) -> None:
        """Cancel and await every task of ours, withdraw every advert (goodbyes awaited), then
        close zeroconf. Later :meth:`watch` calls (a host closing its connections) do nothing."""
        self._closed = True
        pending = list(self._tasks)
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)
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
        pending = list(self._tasks.values())
        if self._rechecker is not None:
            pending.append(self._rechecker)
            self._rechecker = None
        self._tasks.clear()
        for task in pending:
            task.cancel()
        if pending:  # awaited: a loop that stops next leaves none of them pending
            await asyncio.gather(*pending, return_exceptions=True)

    async def _recheck_forever(self) -> None:
        """A host that crashed sends no goodbye: keep asking each listed table if it answers."""
        while True:
            await asyncio.sleep(self.recheck)
            for name, table in list(self.tables.items()):
                alive = await answers(
                    table["host"], table["port"], table["tid"], self.probe_timeout
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
            answering = await first_answering(
                addresses, table["port"], table["tid"], self.probe_timeout
            )
            table["reachable"] = answering is not None
            if answering is not None:
                table["host"] = answering
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


async def answers(address: str, port: int, tid: str, timeout: float) -> bool:
    """Does the host at ``address:port`` answer a ``probe`` listing table ``tid``?"""
    reply = await probe(address, port, timeout)
    return reply is not None and any(t.get("tid") == tid for t in reply["tables"])


async def first_answering(addresses: list[str], port: int, tid: str, timeout: float) -> str | None:
    """The first of ``addresses`` to answer a ``probe`` for table ``tid``, or None. All are
    probed at once, so an address no friend can reach (a Docker bridge, a VPN) costs nothing
    when another answers; each probe gives up after ``timeout``."""

    async def check(address: str) -> str | None:
        return address if await answers(address, port, tid, timeout) else None

    probes = [asyncio.ensure_future(check(address)) for address in addresses]
    try:
        for done in asyncio.as_completed(probes):
            address = await done
            if address is not None:
                return address
        return None
    finally:
        for task in probes:
            task.cancel()
        if probes:
            await asyncio.gather(*probes, return_exceptions=True)


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
