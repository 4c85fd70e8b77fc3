"""A table's lobby: seats, seat tokens, game options, bot seats, ready flags, the host player.

Plain data and the rules of docs/PROTOCOL.md sections 4, 7 and 8 about seats: who may sit where,
which seat holds which token, what a bot seat is, who the host player is. It knows nothing of
connections, the game in progress or timers: :class:`chabudai.net.table.Table` asks it and tells
the members. A refused change raises :class:`~chabudai.net.protocol.ProtocolError` with the
documented code and changes nothing.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from chabudai.engines.base import Engine
from chabudai.engines.bots import LEVELS, make_bot
from chabudai.engines.options import Option, resolve_options
from chabudai.i18n import N_
from chabudai.net.protocol import ProtocolError, clean_name, shown


@dataclass
class Seat:
    kind: str = "open"  # "human" | "bot" | "open"
    name: str = ""
    level: str | None = None  # bot level (a bot seat, or the stand-in of a human seat)
    ready: bool = False
    token: str | None = None  # human seats only
    connected: bool = False
    standin: bool = False  # a bot plays this human seat until its player returns
    fill_in: bool = False  # a bot only for this game: the seat was open, or its player left

    def public(self, index: int) -> dict[str, Any]:
        return {
            "seat": index,
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "ready": self.ready,
            "connected": self.connected if self.kind == "human" else self.kind == "bot",
            "standin": self.standin,
        }

    def to_save(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "level": self.level,
            "ready": self.ready,
            "token": self.token,
            "standin": self.standin,
            "fill_in": self.fill_in,
        }


# Options of the table rather than of the game's rules, in the one options schema: the host
# player sets them in the lobby with ``set_option`` like a game option, everyone sees them in
# ``lobby.table.table_options``. Hints: the hard bot's advice on request (issue 32), off by default.
TABLE_OPTIONS: tuple[Option, ...] = (
    Option(
        "hints",
        bool,
        (True, False),
        False,
        # Translators: a table option: the hard bot's advice on request
        label=N_("Hints"),
        help=N_("Players may ask the hard bot what it would play (H at the table)."),
    ),
)


def new_token() -> str:
    return secrets.token_urlsafe(18)


def bot_name(level: str, seat: int) -> str:
    return f"{level.capitalize()} bot {seat + 1}"


class Lobby:
    """The seats and options of one table."""

    def __init__(
        self, engine: Engine, seats: int, options: dict[str, Any] | None, bot_level: str
    ) -> None:
        self.engine = engine
        self.seats: list[Seat] = [Seat() for _ in range(engine.check_players(seats))]
        self.options = engine.resolve_options(options)
        self.table_options = resolve_options(TABLE_OPTIONS, None)
        make_bot(bot_level)  # ValueError for an unknown level, before anything runs
        self.bot_level = bot_level
        self.host_seat: int | None = None

    # ------------------------------------------------------------------ reading

    @property
    def open_seats(self) -> int:
        return sum(1 for s in self.seats if s.kind == "open")

    def public_seats(self) -> list[dict[str, Any]]:
        return [s.public(i) for i, s in enumerate(self.seats)]

    def seat_of_token(self, token: str) -> int | None:
        wanted = token.encode()  # bytes: compare_digest refuses non-ASCII str
        for index, seat in enumerate(self.seats):
            if (
                seat.kind == "human"
                and seat.token is not None
                and secrets.compare_digest(seat.token.encode(), wanted)
            ):
                return index
        return None

    def check_seat(self, seat: int) -> Seat:
        """The seat numbered ``seat`` (any int: a number outside the table is ``bad_seat``)."""
        if not 0 <= seat < len(self.seats):
            raise ProtocolError(
                "bad_seat", f"no seat {shown(seat, 24)}; seats are 0 to {len(self.seats) - 1}"
            )
        return self.seats[seat]

    def waiting_for(self, starter: int | None) -> list[int]:
        """Player seats other than ``starter``'s that are not ready and there."""
        return [
            i
            for i, s in enumerate(self.seats)
            if s.kind == "human" and i != starter and not (s.ready and s.connected)
        ]

    def everyone_ready(self) -> bool:
        """At least one player, and every player ready and connected."""
        humans = [s for s in self.seats if s.kind == "human"]
        return bool(humans) and all(s.ready and s.connected for s in humans)

    def any_connected(self, besides: Seat | None = None) -> bool:
        return any(s.kind == "human" and s.connected for s in self.seats if s is not besides)

    # ------------------------------------------------------------------ changing

    def add_bot_seat(self, seat: int, level: str) -> None:
        make_bot(level)
        self.seats[seat] = Seat(kind="bot", name=bot_name(level, seat), level=level)

    def reserve(self, seat: int, name: str) -> str:
        """Reserve ``seat`` for the host player (embedded host); returns its token."""
        token = new_token()
        self.seats[seat] = Seat(kind="human", name=clean_name(name, "Host"), token=token)
        self.host_seat = seat
        return token

    def sit(self, wanted: int | None, current: int | None, name: str, token: str) -> int | None:
        """Seat the player of ``token`` (now in ``current``) in ``wanted`` (None: the first open
        seat); returns the new seat, or None when nothing changes."""
        if wanted is None:
            if current is not None:
                return None
            free = [i for i, s in enumerate(self.seats) if s.kind == "open"]
            if not free:
                raise ProtocolError("no_open_seat", "every seat is taken")
            wanted = free[0]
        target = self.check_seat(wanted)
        if wanted == current:
            return None
        if target.kind != "open":
            raise ProtocolError("seat_taken", f"seat {wanted} is taken")
        self.seats[wanted] = Seat(kind="human", name=name, token=token, connected=True)
        if current is not None:
            self.seats[current] = Seat()
        if self.host_seat is None or self.host_seat == current:
            self.host_seat = wanted
        return wanted

    def add_bot(self, seat: int, level: str) -> None:
        info = self.check_seat(seat)
        if info.kind == "human":
            raise ProtocolError("seat_taken", f"seat {seat} holds a player")
        if level not in LEVELS:
            raise ProtocolError(
                "bad_level", f"unknown bot level {shown(level)}; levels: {', '.join(LEVELS)}"
            )
        self.add_bot_seat(seat, level)

    def remove_bot(self, seat: int) -> None:
        if self.check_seat(seat).kind != "bot":
            raise ProtocolError("bad_seat", f"seat {seat} holds no bot")
        self.seats[seat] = Seat()

    def set_option(self, name: str, value: Any) -> None:
        """Set one game option or table option (:data:`TABLE_OPTIONS`); every ready flag is
        cleared. ``bad_option`` names what is allowed."""
        game = {o.name: o for o in self.engine.options}
        table = {o.name: o for o in TABLE_OPTIONS}
        option = game.get(name) or table.get(name)
        if option is None:
            known = ", ".join([*game, *table])
            raise ProtocolError(
                "bad_option", f"unknown option {shown(name)}; this table's options: {known}"
            )
        try:
            option.check(value)
        except ValueError:
            raise ProtocolError(
                "bad_option",
                f"bad value {shown(value)} for option {name!r}; allowed: {option.allowed_text()}",
            ) from None
        if name in game:
            self.options = self.engine.resolve_options({**self.options, name: value})
        else:
            self.table_options = resolve_options(TABLE_OPTIONS, {**self.table_options, name: value})
        for seat in self.seats:
            seat.ready = False

    def set_seats(self, count: int) -> range:
        """Change the number of seats; returns the seat numbers that went away."""
        try:
            count = self.engine.check_players(count)
        except ValueError as error:
            raise ProtocolError("bad_seats", str(error)) from None
        if self.host_seat is not None and self.host_seat >= count:
            raise ProtocolError("bad_seats", "the host player's seat would disappear")
        old = len(self.seats)
        while len(self.seats) < count:
            self.seats.append(Seat())
        del self.seats[count:]
        return range(count, max(old, count))

    def fill_for_a_game(self) -> None:
        """At a game's start: bots of the table's level in the open seats, no one ready."""
        for index, seat in enumerate(self.seats):
            if seat.kind == "open":
                self.add_bot_seat(index, self.bot_level)
                self.seats[index].fill_in = True
            self.seats[index].ready = False

    def hand_to_bot(self, seat: int) -> str:
        """A player left during a game: a bot plays the seat to the end; returns its level."""
        info = self.seats[seat]
        level = info.level or self.bot_level
        self.seats[seat] = Seat(kind="bot", name=info.name, level=level, fill_in=True)
        return level

    def free_seat(self, seat: int) -> bool:
        """The seat becomes open; True if the host player's role passed on."""
        self.seats[seat] = Seat()
        return self.pass_host_role(seat)

    def pass_host_role(self, seat: int) -> bool:
        """If ``seat`` was the host player's, the lowest other player seat takes the role (or
        nobody); True if the role moved."""
        if self.host_seat != seat:
            return False
        humans = [i for i, s in enumerate(self.seats) if s.kind == "human" and i != seat]
        self.host_seat = humans[0] if humans else None
        return True

    def after_game(self, *, reopen: bool, keep_ready: bool, waiting: set[int]) -> bool:
        """Back in the lobby after a game: stand-ins leave, ready flags cleared (unless
        ``keep_ready``), fill-in bots leave (``reopen``), players gone and not in ``waiting``
        (their grace time) lose their seats. True if the host player's role moved."""
        moved = False
        for index, seat in enumerate(self.seats):
            if not keep_ready:
                seat.ready = False
            seat.standin = False
            if reopen and seat.kind == "bot" and seat.fill_in:
                self.seats[index] = Seat()
            elif seat.kind == "human" and not seat.connected and index not in waiting:
                moved = self.free_seat(index) or moved
        return moved

    def load_seats(self, raw_seats: list[dict[str, Any]], default_level: str) -> None:
        """The seats of a save (:meth:`Seat.to_save` each); ``ValueError`` for a bad kind."""
        for index, raw in enumerate(raw_seats):
            level = (
                raw["level"] if raw["level"] in LEVELS or raw["level"] is None else default_level
            )
            self.seats[index] = Seat(
                kind=raw["kind"],
                name=raw["name"],
                level=level,
                ready=bool(raw["ready"]),
                token=raw["token"],
                standin=bool(raw["standin"]),
                fill_in=bool(raw.get("fill_in", False)),
            )
            if raw["kind"] not in ("human", "bot", "open"):
                raise ValueError(f"seat {index} has kind {raw['kind']!r}")
