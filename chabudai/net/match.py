"""A table's game: the engine state, its state numbers, moves, per-seat messages and bots.

The only code that touches engine state at a table (docs/PROTOCOL.md section 5). It deals each
game from the table's one source of chance, numbers every state, accepts a move made on an older
state only while its seat has waited since then, builds each seat's ``snapshot``, ``update`` and
``game_over`` (views and events of that seat only; spectators get ``view(None)``) and picks bot
moves off the event loop (:mod:`chabudai.net.workers`). It knows nothing of connections, seats'
names or timers.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from chabudai.engines.base import Engine, Event, GameState, events_for
from chabudai.engines.bots import Bot, make_bot
from chabudai.net import workers
from chabudai.net.codec import encode
from chabudai.replays.player import host_legal

log = logging.getLogger("chabudai.net")


class Match:
    """The game in progress (or just over) at one table, and the numbers that outlive it."""

    def __init__(self, engine: Engine, rng: random.Random, seed: int | None = None) -> None:
        self.engine = engine
        self.rng = rng  # the table's one source of chance
        self.next_seed = seed  # a fixed seed for the next game (tests, replays); else from rng
        self.state: GameState | None = None
        self.state_id = 0  # never goes down, not even across games (section 5)
        self.pending_since: dict[int, int] = {}
        self.games_started = 0
        self._bots: dict[int, Bot] = {}

    @property
    def over(self) -> bool:
        return self.state is not None and self.state.is_over

    def deal(self, players: int, options: dict[str, Any], levels: list[str]) -> None:
        """A new game (``levels``: the bot level of each seat, for its bot or stand-in)."""
        seed = self.next_seed if self.next_seed is not None else self.rng.randrange(2**63)
        self.next_seed = None
        self.state = self.engine.new_game(players, seed, options)
        self.games_started += 1
        self.state_id += 1
        self.pending_since = {s: self.state_id for s in self.state.to_move}
        self.make_bots(levels)

    def make_bots(self, levels: list[str]) -> None:
        assert self.state is not None
        self._bots = {
            index: make_bot(level, (self.state.seed * 31 + index) % 2**63)
            for index, level in enumerate(levels)
        }

    def forget(self) -> None:
        """The game is gone (back in the lobby); the state numbers go on."""
        self.state = None
        self.pending_since = {}
        self._bots = {}

    def accepts(self, seat: int, claimed: int) -> bool:
        """Is a move made against state ``claimed`` still current for ``seat``?

        Yes for the current state, and for an older one when ``seat`` has been waiting to move
        since then without moving itself: other seats' choices in a simultaneous step (Nimalia
        M-11) do not make a pending decision stale.
        """
        if claimed == self.state_id:
            return True
        since = self.pending_since.get(seat)
        return since is not None and since <= claimed < self.state_id

    def apply(self, seat: int, move: Any) -> list[Event]:
        """Apply a legal move (``IllegalMove`` otherwise, nothing changed); returns its events."""
        assert self.state is not None
        before = set(self.state.to_move)
        events = self.state.apply(seat, move)
        self.state_id += 1
        self.pending_since = {
            s: self.pending_since[s] if s in before and s != seat and s in self.pending_since
            else self.state_id
            for s in self.state.to_move
        }  # fmt: skip
        return events

    def legal(self, seat: int | None) -> list[Any]:
        """The ``legal`` list sent to ``seat`` (the replay player rebuilds it the same way)."""
        return [] if self.state is None else host_legal(self.state, seat)

    # ------------------------------------------------------------------ per-seat messages

    def snapshot(self, seat: int | None) -> dict[str, Any]:
        assert self.state is not None
        return {
            "t": "snapshot",
            "state_id": self.state_id,
            "view": self.state.view(seat),
            "legal": self.legal(seat),
        }

    def update_frame(self, events: list[Event], seat: int | None) -> bytes:
        """The encoded ``update`` of the last move for ``seat``'s connections."""
        assert self.state is not None
        return encode(
            {
                "t": "update",
                "state_id": self.state_id,
                "events": events_for(events, seat),
                "view": self.state.view(seat),
                "legal": self.legal(seat),
            }
        )

    def game_over(self) -> dict[str, Any]:
        assert self.state is not None
        return {"t": "game_over", "result": self.state.result(), "record": self.state.record()}

    # ------------------------------------------------------------------ bots

    async def bot_move(self, seat: int, level: str) -> Any:
        """The move the bot of ``seat`` picks in the current state, thought off the event loop;
        a bot that fails plays a random legal move (logged). The caller checks the move is
        still legal when it comes back."""
        assert self.state is not None
        view = self.state.view(seat)
        legal = self.state.legal_moves(seat)
        bot = self._bots.get(seat) or make_bot(level)
        try:
            return await workers.choose(bot, self.engine, view, legal)
        except Exception:
            log.exception("the bot in seat %d failed; it plays a random move", seat)
            return self.rng.choice(legal)
