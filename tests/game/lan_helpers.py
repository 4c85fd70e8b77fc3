"""A headless host on loopback in a thread of its own, and clients that keep their files in the
test's folder: the pieces of the LAN end-to-end tests of the players' side (issue 31)."""

from __future__ import annotations

import asyncio
import secrets
import socket
import threading
from collections.abc import Coroutine
from typing import Any

from chabudai.game.app import App
from chabudai.game.scenes.title import TitleScene
from chabudai.game.settings import Settings
from chabudai.net.host import Host, HostConfig
from chabudai.net.table import Table

LOOPBACK = "127.0.0.1"


class HostThread:
    """An asyncio loop in a thread holding one headless table (a ``chabudai host`` stand-in)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.host: Host | None = None
        self.table: Table | None = None
        self.port = 0

    def call(self, coro: Coroutine[Any, Any, Any], timeout: float = 10.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def open(self, port: int = 0, bot_seat: int | None = 1, **options: Any) -> int:
        """Start a host with one table (a bot at ``bot_seat``) on ``port``; returns the port."""

        async def start() -> int:
            options.setdefault("game", "koikoi")
            options.setdefault("name", "Kitchen table")
            options.setdefault("auto_start", True)
            table = Table(**options)
            if bot_seat is not None:
                table.add_bot_seat(bot_seat, "random")
            host = Host(HostConfig())
            host.add_table(table)
            _, bound = await host.start(LOOPBACK, port)
            self.host, self.table, self.port = host, table, bound
            return bound

        return self.call(start())

    def close(self) -> None:
        if self.host is not None:
            host, self.host = self.host, None
            self.call(host.close())

    def seat(self, index: int) -> dict[str, Any]:
        """The host's own record of a seat (read on its loop)."""

        async def read() -> dict[str, Any]:
            assert self.table is not None
            return self.table.seats[index].public(index)

        return self.call(read())

    def stop(self) -> None:
        self.close()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


def lan_app(tmp_path, name: str = "Aki") -> App:
    """A client at its title screen, its settings (and saved seats) in ``tmp_path``, zeroconf on
    loopback with a service type of its own (nothing is sent on real interfaces)."""
    app = App(
        settings=Settings(name=name, animation_speed=40.0, volume=0.0),
        settings_path=tmp_path / "settings.json",
        net_bind=LOOPBACK,
        net_service_type=f"_cb{secrets.token_hex(5)}._tcp.local.",
    )
    app.push(TitleScene(app))
    return app


def join_by_address(app: App, address: str) -> None:
    """Title → Join → type the address → Join."""
    app.scene.join()
    join = app.scene
    join.address.text = address
    join.join_address()


def unused_port() -> int:
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return sock.getsockname()[1]


def texts_on_screen(app: App) -> str:
    """Everything a player could read now: the toasts, the scene's error and the session's
    connection reason."""
    scene = app.scene
    parts = [t[0] for t in app.toasts]
    parts.append(getattr(scene, "error", ""))
    parts.append(app.session.connection_reason)
    return "\n".join(parts)
