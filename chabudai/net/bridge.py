"""The thread bridge between the pygame main thread and the network (asyncio) thread.

:class:`NetBridge` runs one asyncio loop in one background thread for the client connection, the
zeroconf browser and (optionally) an embedded host. The main thread calls its methods, which are
all thread-safe, and drains :meth:`NetBridge.poll` once per frame. Items are the host messages of
docs/PROTOCOL.md plus local notices: ``connection`` (see :mod:`chabudai.net.client`), ``tables``,
``hosted`` and ``unsent`` (a message dropped while not connected). Stopping the bridge ends every
task of its loop before the loop closes.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import queue
import signal
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

from chabudai.net.addresses import machine_addresses
from chabudai.net.client import Client
from chabudai.net.discovery import Browser, Discovery, local_addresses
from chabudai.net.host import Host, HostConfig
from chabudai.net.protocol import DEFAULT_PORT
from chabudai.net.table import Table

log = logging.getLogger("chabudai.net")

T = TypeVar("T")


def end_tasks(loop: asyncio.AbstractEventLoop) -> int:
    """Cancel every task still pending on ``loop`` (stopped) and let each finish, so none is
    destroyed pending when the loop closes ("Task was destroyed but it is pending!"); returns
    how many there were."""
    pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
    for task in pending:
        task.cancel()
    if pending:
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    return len(pending)


class NetBridge:
    """One background thread running one asyncio loop for the client, the browser and a host."""

    def __init__(self, *, bind: str | None = None, service_type: str | None = None) -> None:
        self.bind = bind  # interface address for zeroconf (None = all interfaces)
        self.service_type = service_type
        self._queue: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._discovery: Discovery | None = None
        self._browser: Browser | None = None
        self._host: Host | None = None
        self._client: Client | None = None
        self._stopped = False
        self._stop_done = threading.Event()
        self._stopper: threading.Thread | None = None  # the thread that stops the bridge
        self._handlers: dict[int, tuple[Any, Any]] = {}
        self.leftover_tasks = 0  # tasks still running when the loop stopped (all cancelled)

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Start the network thread (idempotent)."""
        if self._thread is not None:
            return
        ready = threading.Event()

        def main() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            self._loop = loop
            ready.set()
            loop.run_forever()
            self.leftover_tasks = end_tasks(loop)
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

        self._thread = threading.Thread(target=main, name="chabudai-net", daemon=True)
        self._thread.start()
        ready.wait()
        self._install_signal_handlers()
        atexit.register(self.stop)

    def stop(self) -> None:
        """Close the connection, the host and zeroconf (goodbyes awaited), then end the thread.

        A second call while another thread is stopping the bridge waits for that stop to end
        (at exit, ``atexit`` must not let the interpreter tear down a loop still closing)."""
        if self._loop is None or self._thread is None:
            return
        if self._stopped:
            if threading.current_thread() not in (self._thread, self._stopper):
                self._stop_done.wait(20.0)
            return
        self._stopped = True
        self._stopper = threading.current_thread()
        try:
            self._stop()
        finally:
            self._stop_done.set()

    def _stop(self) -> None:
        assert self._loop is not None and self._thread is not None
        with contextlib.suppress(Exception):
            self._call(self._shutdown(), timeout=10.0)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5.0)
        self._restore_signal_handlers()
        atexit.unregister(self.stop)

    async def _shutdown(self) -> None:
        if self._client is not None:
            await self._client.close()
            self._client = None
        if self._browser is not None:
            await self._browser.stop()
            self._browser = None
        if self._discovery is not None:
            if self._host is not None:  # no advert updates for tables that are closing
                with contextlib.suppress(ValueError):
                    self._host.listeners.remove(self._discovery.watch)
            await self._discovery.close()  # withdraws adverts and waits for the goodbyes
            self._discovery = None
        if self._host is not None:
            await self._host.close()
            self._host = None

    def _install_signal_handlers(self) -> None:
        """SIGTERM/SIGINT first stop the bridge (zeroconf goodbyes), then do what they did.

        Installed at :meth:`start`, before any advert, and only from the main thread (Python only
        allows signal handlers there); a handler the application set itself is chained.
        """
        if threading.current_thread() is not threading.main_thread():
            return
        for signum in (signal.SIGTERM, signal.SIGINT):
            previous = signal.getsignal(signum)
            if previous is None:
                continue  # installed outside Python: leave it alone

            def handler(number: int, frame: Any, previous: Any = previous) -> None:
                self.stop()
                if callable(previous):
                    previous(number, frame)
                elif number == signal.SIGINT:
                    raise KeyboardInterrupt
                else:
                    raise SystemExit(128 + number)

            with contextlib.suppress(ValueError, OSError):
                signal.signal(signum, handler)
                self._handlers[signum] = (handler, previous)

    def _restore_signal_handlers(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        for signum, (handler, previous) in self._handlers.items():
            if signal.getsignal(signum) is handler:
                with contextlib.suppress(ValueError, OSError):
                    signal.signal(signum, previous)
        self._handlers.clear()

    def _call(self, coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        if self._loop is None:
            raise RuntimeError("NetBridge.start() first")
        future: Future[T] = asyncio.run_coroutine_threadsafe(coro, self._loop)
        return future.result(timeout)

    def _soon(self, coro: Coroutine[Any, Any, Any]) -> None:
        if self._loop is None:
            raise RuntimeError("NetBridge.start() first")
        future = asyncio.run_coroutine_threadsafe(coro, self._loop)
        future.add_done_callback(self._report_failure)

    def _report_failure(self, future: Future[Any]) -> None:
        if not future.cancelled() and future.exception() is not None:
            error = future.exception()
            self._queue.put({"t": "connection", "state": "closed", "reason": str(error)})

    # ------------------------------------------------------------------ the main thread's calls

    def poll(self) -> list[dict[str, Any]]:
        """Every pending item, oldest first; never blocks."""
        items = []
        while True:
            try:
                items.append(self._queue.get_nowait())
            except queue.Empty:
                return items

    def host_table(
        self,
        *,
        game: str,
        name: str,
        seats: int,
        options: dict[str, Any],
        bots: list[str | None],
        player_name: str,
        advertise: bool = True,
        bind: str = "0.0.0.0",
        port: int | None = None,
        seed: int | None = None,
        table_options: dict[str, Any] | None = None,
    ) -> tuple[str, int]:
        """Start the embedded host (returns once listening) and join it as the host player.

        ``bots[i]`` is a bot level for seat ``i`` or None for a player's seat; seat 0 is this
        player's. ``port`` None listens on the standard port (47474), or the next free one after
        it, so friends can type the same address every time; 0 takes any free port (solo).
        ``seed`` fixes the first game's seed (autoplay, replays); None picks a random one.
        ``table_options`` are the table's own options (``hints``: solo tables open with them on).
        Returns the address friends can join (an interface address when listening on all
        interfaces). ``ValueError`` for a bad game, seat count, option or level.
        """
        self.start()
        return self._call(
            self._host_table(
                game,
                name,
                seats,
                options,
                bots,
                player_name,
                advertise,
                bind,
                port,
                seed,
                table_options,
            ),
            timeout=15.0,
        )

    async def _host_table(
        self,
        game: str,
        name: str,
        seats: int,
        options: dict[str, Any],
        bots: list[str | None],
        player_name: str,
        advertise: bool,
        bind: str,
        port: int | None,
        seed: int | None,
        table_options: dict[str, Any] | None = None,
    ) -> tuple[str, int]:
        if self._host is not None:
            if self._discovery is not None:
                for tid in list(self._host.tables):
                    await self._discovery.withdraw(tid)
            await self._host.close()
        table = Table(
            game=game,
            name=name,
            seats=seats,
            options=options,
            seed=seed,
            table_options=table_options,
        )
        for seat, level in enumerate(bots[:seats]):
            if level is not None and seat != 0:
                table.add_bot_seat(seat, level)
        token = table.reserve(0, player_name)
        host = Host(HostConfig())
        host.add_table(table)
        if port is None:
            address = await host.start_near(bind, DEFAULT_PORT)
        else:
            address = await host.start(bind, port)
        self._host = host
        everywhere = bind in ("0.0.0.0", "")
        connect_to = "127.0.0.1" if everywhere else bind
        # the address to tell friends: a real interface address when listening on all of them
        shown = local_addresses()[0] if everywhere else address[0]
        if advertise:
            discovery = self._get_discovery()
            host.listeners.append(lambda table: discovery.watch(table.tid, table.txt()))
            addresses = discovery.advert_addresses(bind)
            shown = addresses[0]
            # announced in the background (about 1.5 s): the window goes on drawing meanwhile
            discovery.advertise(table.tid, table.name, table.txt(), address[1], addresses)
        await self._connect(connect_to, address[1], player_name, token, False)
        # every address friends may type, with the network it is on (issue 31, item 3): the one
        # shown first, then the others (VPNs after home networks; no Docker or VM bridges)
        # (each with its LanAddress, which the lobby words in the player's language)
        networks: list[list[Any]] = [[shown, None]]
        if everywhere:
            found = [a for a in machine_addresses() if a.kind != "virtual"]
            by_address = {a.address: a for a in found}
            networks = [[shown, by_address.get(shown)]]
            networks += [[a.address, a] for a in found if a.address != shown]
        self._queue.put(
            {"t": "hosted", "host": shown, "port": address[1], "networks": networks[:4]}
        )
        return shown, address[1]

    def hosted_record(self) -> dict[str, Any] | None:
        """The replay record of the game in progress at the embedded host's table (a solo or
        hosted game left before its end), or None. This player's own host holds it; a joined
        table's record comes only in its ``game_over``."""
        if self._loop is None or self._host is None:
            return None
        host = self._host

        async def record() -> dict[str, Any] | None:
            for table in host.tables.values():
                if table.state is not None and not table.state.is_over:
                    return table.state.record()
            return None

        try:
            return self._call(record(), timeout=2.0)
        except Exception:  # the loop is stopping: nothing to keep
            return None

    def connect(
        self,
        host: str,
        port: int,
        *,
        player_name: str,
        token: str | None = None,
        spectate: bool = False,
    ) -> None:
        """Connect to a table (replacing any current connection); reconnects with backoff."""
        self.start()
        self._soon(self._connect(host, port, player_name, token, spectate))

    async def _connect(
        self, host: str, port: int, player_name: str, token: str | None, spectate: bool
    ) -> None:
        if self._client is not None:
            await self._client.close()
        self._client = Client(
            host, port, name=player_name, token=token, spectate=spectate, on_message=self._queue.put
        )
        self._client.start()

    def send(self, message: dict[str, Any]) -> None:
        """Send one message to the host (thread-safe); dropped while disconnected."""
        if self._loop is None:
            raise RuntimeError("NetBridge.start() first")
        self._loop.call_soon_threadsafe(self._send, dict(message))

    def _send(self, message: dict[str, Any]) -> None:
        if self._client is None or not self._client.send(message):
            # the connection's own notices say it is down; this only says what did not go
            self._queue.put({"t": "unsent", "message": message["t"]})

    def start_browsing(self) -> None:
        """Start the zeroconf browser; ``tables`` items follow whenever the list changes."""
        self.start()
        self._soon(self._start_browsing())

    async def _start_browsing(self) -> None:
        if self._browser is not None:
            return
        self._browser = Browser(self._get_discovery(), self._tables_changed)
        await self._browser.start()
        self._tables_changed(self._browser.current())

    def stop_browsing(self) -> None:
        if self._loop is not None:
            self._soon(self._stop_browsing())

    async def _stop_browsing(self) -> None:
        if self._browser is not None:
            browser, self._browser = self._browser, None
            await browser.stop()

    def _tables_changed(self, tables: list[dict[str, Any]]) -> None:
        self._queue.put({"t": "tables", "tables": tables})

    def _get_discovery(self) -> Discovery:
        if self._discovery is None:
            options: dict[str, Any] = {"interfaces": [self.bind] if self.bind else None}
            if self.service_type:
                options["service_type"] = self.service_type
            self._discovery = Discovery(**options)
        return self._discovery
