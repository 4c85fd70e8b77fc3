"""A headless player driven by a bot over the wire (``chabudai join --bot``, tests, benchmarks).

It is an ordinary client: it sits in the first open seat, says it is ready, and whenever its
seat is to move it asks its bot — in a worker thread — for one of the legal moves the host sent,
and sends it with the state number it was chosen against. The bot sees only the view of its seat.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from chabudai import engines
from chabudai.engines.bots import DEFAULT_LEVEL, make_bot
from chabudai.net.client import Client

log = logging.getLogger("chabudai.net")


class BotPlayer:
    """Plays ``games`` games (0 = until closed) at the table of ``host:port``."""

    def __init__(
        self,
        host: str,
        port: int,
        *,
        name: str = "Bot",
        level: str = DEFAULT_LEVEL,
        seed: int | None = None,
        games: int = 1,
        delay: float = 0.0,
        token: str | None = None,
        table: str | None = None,
        on_message: Callable[[dict[str, Any]], None] | None = None,
        on_frame: Callable[[dict[str, Any]], None] | None = None,
        **client_options: Any,
    ) -> None:
        self.bot = make_bot(level, seed)
        self.games = games
        self.delay = delay  # seconds to wait before each move (tests keep a game running)
        self.games_seen = 0
        self.done = asyncio.Event()
        self.result: dict[str, Any] | None = None
        self.view: dict[str, Any] | None = None
        self.state_id: int | None = None
        self.log: list[dict[str, Any]] = []  # every message delivered, in order
        self._extra = on_message
        self._ready_sent = False
        self._sat = False
        self._thinking: asyncio.Task[None] | None = None
        self.client = Client(
            host,
            port,
            name=name,
            token=token,
            table=table,
            on_message=self._on_message,
            on_frame=on_frame,
            **client_options,
        )

    def start(self) -> asyncio.Task[None]:
        return self.client.start()

    async def close(self) -> None:
        if self._thinking is not None:
            self._thinking.cancel()
        await self.client.close()

    @property
    def seat(self) -> int | None:
        return self.client.seat

    def _on_message(self, message: dict[str, Any]) -> None:
        self.log.append(message)
        if self._extra is not None:
            self._extra(message)
        kind = message["t"]
        if kind == "connection" and message["state"] == "closed":
            self.done.set()
        elif kind == "welcome":
            self._sat = message["seat"] is not None
        elif kind == "lobby":
            self._on_lobby(message["table"])
        elif kind in ("snapshot", "update"):
            self.view = message["view"]
            self.state_id = message["state_id"]
            self._maybe_move(message.get("legal") or [])
        elif kind == "game_over":
            self.result = message["result"]
            self.games_seen += 1
            if self.games and self.games_seen >= self.games:
                self.done.set()
        elif kind == "reject":
            log.info("the host refused the bot's move: %s", message["reason"])

    def _on_lobby(self, table: dict[str, Any]) -> None:
        seat = table.get("you")
        if seat is None:
            if not self._sat and table["status"] == "lobby":
                self._sat = True  # one attempt per welcome; the host answers with welcome
                self.client.send({"t": "sit", "seat": None})
            return
        if self.games and self.games_seen >= self.games:
            return  # played its games: no ready for another
        info = table["seats"][seat]
        if table["status"] == "playing" or info["ready"]:
            self._ready_sent = False
        elif not self._ready_sent:
            self._ready_sent = True
            self.client.send({"t": "ready", "ready": True})

    def _maybe_move(self, legal: list[Any]) -> None:
        view = self.view
        seat = self.client.seat
        if view is None or seat is None or view.get("over") or seat not in view["to_move"]:
            return
        if not legal:
            return
        if self._thinking is not None:
            self._thinking.cancel()
        self._thinking = asyncio.get_running_loop().create_task(
            self._think(view, legal, self.state_id)
        )

    async def _think(self, view: dict[str, Any], legal: list[Any], state_id: int | None) -> None:
        engine = engines.get(view["game"])
        move = await asyncio.to_thread(self.bot.choose, engine, view, legal)
        if self.delay:
            await asyncio.sleep(self.delay)
        if state_id == self.state_id:
            self.client.send({"t": "move", "state_id": state_id, "move": move})
