"""The client's picture of the table it sits at, fed by the network bridge's items.

It follows the agreed protocol (docs/PROTOCOL.md): ``welcome`` gives the seat and token, ``lobby``
the seats, ``snapshot`` and ``update`` the view (each update's ``state_id`` is exactly one more than
the last; a gap asks the host for a fresh snapshot), ``game_over`` the result. Each snapshot and
update also carries ``legal``, the moves our seat may send now: the session keeps it beside the
view (:attr:`Session.legal`) and queues it with it, and the tables offer exactly those moves (they
never work legal moves out themselves; solo play goes through its embedded host the same way). Table scenes take
the snapshots and updates from :attr:`Session.table_queue` in order, so nothing is skipped. A
table that runs itself (``auto_start``, a headless host) returns to its lobby after each game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from chabudai.i18n import N_, _
from chabudai.net.addresses import LanAddress
from chabudai.replays.file import Replay, SeatInfo, now_iso

# A bot's name by its level (chabudai/engines/bots levels): alone at its level, and with its
# seat number when another bot of the table has the same level. One whole message each.
BOT_NAMES: dict[str, tuple[str, str]] = {
    # Translators: a bot's name at the table ({n}: its seat number, when two bots share a level)
    "easy": (N_("Easy bot"), N_("Easy bot {n}")),
    # Translators: a bot's name at the table ({n}: its seat number, when two bots share a level)
    "normal": (N_("Normal bot"), N_("Normal bot {n}")),
    # Translators: a bot's name at the table ({n}: its seat number, when two bots share a level)
    "hard": (N_("Hard bot"), N_("Hard bot {n}")),
    # Translators: a bot that plays at random ({n}: its seat number, when two bots share a level)
    "random": (N_("Random bot"), N_("Random bot {n}")),
}


def bot_name(level: str | None, seat: int | None = None) -> str:
    """A bot's name in the current language, by its level ("Hard bot"), with its seat number
    when ``seat`` is given ("Normal bot 3")."""
    n = None if seat is None else seat + 1
    names = BOT_NAMES.get(level or "")
    if names is not None:
        return _(names[0]) if n is None else _(names[1]).format(n=n)
    # a level this client does not know: its code, as the host sent it
    kind = (level or "").capitalize()
    return (
        _("{level} bot").format(level=kind)
        if n is None
        else _("{level} bot {n}").format(level=kind, n=n)
    )


class Session:
    def __init__(self) -> None:
        # Where a finished game's replay goes (the app's ReplayStore.add); None keeps nothing.
        self.keeper: Callable[[Replay], Any] | None = None
        self.reset()

    def reset(self) -> None:
        self.seat: int | None = None
        self.token: str | None = None
        self.table_id: str | None = None
        self.is_host = False
        self.lobby: dict[str, Any] | None = None
        self.view: dict[str, Any] | None = None
        self.state_id: int | None = None
        self.legal: list[Any] = []  # the moves our seat may send in ``view`` (the host's list)
        self.connection = "closed"
        self.connection_reason = ""
        self.result: dict[str, Any] | None = None
        self.record: dict[str, Any] | None = None
        self.last_error: str = ""
        self.table_queue: deque[tuple[str, Any]] = deque()
        self.hosted: tuple[str, int] | None = None
        # (address, the network it is on), best first
        self.hosted_networks: list[tuple[str, LanAddress | None]] = []
        self.names: dict[int, str] = {}  # the last name seen at each seat (kept when it is left)
        self.started = ""  # when the game in progress was first seen (its replay's date)
        self.kept: Any = None  # what the keeper returned for this game's replay (Watch again)
        self._kept_game: tuple[Any, int] | None = None  # (seed, moves) of the game kept last

    @property
    def game(self) -> str | None:
        if self.lobby:
            return self.lobby.get("game")
        if self.view:
            return self.view.get("game")
        return None

    @property
    def status(self) -> str:
        return (self.lobby or {}).get("status", "lobby")

    @property
    def auto_start(self) -> bool:
        """A table that runs itself (a headless host): no host player starts or rematches;
        after a game it goes back to its lobby by itself and players say ready to play again."""
        return bool((self.lobby or {}).get("auto_start"))

    @property
    def ready(self) -> bool:
        """Is our seat marked ready in the last lobby?"""
        seats = (self.lobby or {}).get("seats", [])
        return any(s.get("seat") == self.seat and s.get("ready") for s in seats)

    def seat_name(self, seat: int | None) -> str:
        """A seat's player name, in the current language where it is not a player's own name:
        a bot is named by its level ("Hard bot"), with its seat number when another bot of the
        table has the same level ("Normal bot 3")."""
        seats = (self.lobby or {}).get("seats", [])
        for entry in seats:
            if entry.get("seat") == seat:
                if entry.get("kind") == "bot":
                    level = entry.get("level")
                    twins = [e for e in seats if e.get("kind") == "bot" and e.get("level") == level]
                    return bot_name(level, seat if len(twins) > 1 else None)
                if entry.get("kind") != "open" and entry.get("name"):
                    return entry["name"]  # (an emptied seat keeps the name last seen there)
        if seat is None:
            return _("Spectator")
        return self.names.get(seat) or _("Seat {n}").format(n=seat + 1)

    def seat_entry(self, seat: int | None) -> dict[str, Any]:
        """The lobby's entry for ``seat`` (kind, level, connected, …); empty when unknown."""
        for entry in (self.lobby or {}).get("seats", []):
            if entry.get("seat") == seat:
                return entry
        return {}

    def seat_kind(self, seat: int | None) -> str:
        return self.seat_entry(seat).get("kind", "human")

    def feed(self, item: dict[str, Any], send: Callable[[dict[str, Any]], None]) -> None:
        """Take one item from the bridge; ``send`` is used to ask for a snapshot after a gap."""
        kind = item.get("t")
        if kind == "welcome":
            self.seat = item.get("seat")
            self.token = item.get("token")
            self.table_id = item.get("table")
            self.is_host = bool(item.get("host_seat"))
        elif kind == "lobby":
            self.lobby = item.get("table")
            for entry in (self.lobby or {}).get("seats", []):
                if entry.get("kind") != "open" and entry.get("seat") is not None:
                    self.names[entry["seat"]] = self.seat_name(entry["seat"])
            if self.lobby and "you" in self.lobby:
                self.seat = self.lobby["you"]
            if self.status == "lobby":
                self.result = None
                self.started = ""
        elif kind == "snapshot":
            if not self.started:
                self.started = now_iso()
                self.kept = None
            self.state_id = item.get("state_id")
            self.view = item.get("view")
            self.legal = list(item.get("legal") or [])
            self.table_queue.append(("snapshot", (self.view, self.legal)))
        elif kind == "update":
            state_id = item.get("state_id")
            if self.state_id is None or state_id != self.state_id + 1:
                send({"t": "sync"})  # a gap: the snapshot that answers it resets the table
                return
            self.state_id = state_id
            self.view = item.get("view")
            self.legal = list(item.get("legal") or [])
            self.table_queue.append(("update", (item.get("events") or [], self.view, self.legal)))
        elif kind == "game_over":
            self.result = item.get("result")
            self.record = item.get("record")
            self.table_queue.append(("game_over", self.result))
            if isinstance(self.record, dict):
                self.keep(self.record, self.result)
        elif kind == "connection":
            self.connection = item.get("state", "closed")
            self.connection_reason = item.get("reason", "")
        elif kind in ("error", "reject"):
            self.last_error = item.get("message") or item.get("reason") or ""
        elif kind == "hosted":
            self.hosted = (item.get("host"), item.get("port"))
            self.hosted_networks = [
                (str(entry[0]), entry[1] if isinstance(entry[1], LanAddress) else None)
                for entry in item.get("networks") or []
                if isinstance(entry, (list, tuple)) and len(entry) == 2
            ]

    def keep(self, record: dict[str, Any], result: dict[str, Any] | None) -> None:
        """Keep the replay of ``record`` (``result`` None: left unfinished) through
        :attr:`keeper`, once per game (a snapshot after a reconnection repeats ``game_over``).
        A record that does not make a replay is not kept; the game goes on regardless."""
        key = (record.get("seed"), len(record.get("moves") or []))
        if self.keeper is None or key == self._kept_game:
            return
        try:
            players = int(record["players"])
            seats = [self.seat_info(seat) for seat in range(players)]
            replay = Replay.from_record(record, seats, result, you=self.seat, started=self.started)
            self.kept = self.keeper(replay)
        except (KeyError, TypeError, ValueError, OSError):
            return
        self._kept_game = key

    def seat_info(self, seat: int) -> SeatInfo:
        entry = self.seat_entry(seat)
        if entry.get("kind") == "bot":
            return SeatInfo(self.seat_name(seat), "bot", entry.get("level"))
        return SeatInfo(self.seat_name(seat))
