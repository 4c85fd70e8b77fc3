"""One table: its lobby (game, options, seats, bots, ready flags) and the authoritative game.

The table is the only place that touches the engine state. It validates every move with the
engine, numbers every state, sends each member the view and events of its own seat (spectators
get ``view(None)``), drives bot seats off the event loop (``chabudai.net.workers``), and hands itself to
``save`` after every change. Connections are :class:`Member` objects provided by :mod:`chabudai.net.host`; the table never sees
a socket. Message meanings are documented in docs/PROTOCOL.md.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from chabudai import engines
from chabudai.engines.base import Engine, GameState, IllegalMove, events_for
from chabudai.engines.bots import DEFAULT_LEVEL, LEVELS, Bot, make_bot
from chabudai.net import workers
from chabudai.net.codec import encode
from chabudai.net.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    clean_chat,
    clean_name,
    clipped,
    shown,
)

log = logging.getLogger("chabudai.net")

SAVE_FORMAT = 1


class Member(Protocol):
    """A connection as the table sees it."""

    seat: int | None
    token: str
    name: str
    spectate: bool

    def send(self, message: dict[str, Any]) -> None: ...

    def send_frame(self, frame: bytes) -> None: ...

    def close(self, code: str | None = None, message: str = "") -> None: ...


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


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_table_id() -> str:
    return secrets.token_hex(6)


class Table:
    """A lobby plus, once started, one game run by the engine."""

    def __init__(
        self,
        *,
        game: str,
        name: str,
        seats: int | None = None,
        options: dict[str, Any] | None = None,
        tid: str | None = None,
        auto_start: bool = False,
        bot_level: str = DEFAULT_LEVEL,
        grace: float = 30.0,
        bot_delay: float = 0.0,
        seed: int | None = None,
        rng: random.Random | None = None,
        results_time: float = 15.0,
        abandon_after: float = 600.0,
    ) -> None:
        self.engine: Engine = engines.get(game)
        self.tid = tid or new_table_id()
        self.name = clean_name(name, "Table")
        count = self.engine.check_players(seats if seats is not None else self.engine.min_players)
        self.seats: list[Seat] = [Seat() for _ in range(count)]
        self.options = self.engine.resolve_options(options)
        make_bot(bot_level)  # ValueError for an unknown level, before anything runs
        self.bot_level = bot_level
        # A headless table (auto_start) runs itself: it starts a game when every seat is filled and
        # every player is ready, returns to its lobby `results_time` seconds after a game, and gives
        # up a game nobody has been connected to for `abandon_after` seconds.
        self.auto_start = auto_start
        self.results_time = results_time
        self.abandon_after = abandon_after
        self.grace = grace
        self.bot_delay = bot_delay
        self.status = "lobby"  # "lobby" | "playing" | "over"
        self.host_seat: int | None = None
        self.state: GameState | None = None
        self.state_id = 0
        self.pending_since: dict[int, int] = {}
        self.games_started = 0
        # The table's one source of chance: every game's seed and every fallback move come from
        # it. The host's entropy by default; a fixed `seed` makes the whole table repeatable (its
        # first game is dealt from `seed`, the later ones from a generator seeded with it).
        if rng is None:
            rng = random.SystemRandom() if seed is None else random.Random(seed)
        self.rng = rng
        self.next_seed = seed  # a fixed seed for the next game (tests, replays); else from rng
        self.members: list[Member] = []
        self.on_change: Callable[[Table], None] = lambda table: None  # save + advert update
        self._bots: dict[int, Bot] = {}
        self._thinking: dict[int, asyncio.Task[None]] = {}
        self._grace: dict[int, asyncio.TimerHandle] = {}
        self._results_timer: asyncio.TimerHandle | None = None
        self._abandon_timer: asyncio.TimerHandle | None = None

    # ------------------------------------------------------------------ setup helpers

    def add_bot_seat(self, seat: int, level: str) -> None:
        make_bot(level)
        self.seats[seat] = Seat(kind="bot", name=bot_name(level, seat), level=level)

    def reserve(self, seat: int, name: str) -> str:
        """Reserve ``seat`` for the host player (embedded host); returns its token."""
        token = new_token()
        self.seats[seat] = Seat(kind="human", name=clean_name(name, "Host"), token=token)
        self.host_seat = seat
        return token

    @property
    def open_seats(self) -> int:
        return sum(1 for s in self.seats if s.kind == "open")

    def describe(self) -> dict[str, Any]:
        """The ``table`` field of a ``lobby`` message."""
        return {
            "tid": self.tid,
            "name": self.name,
            "game": self.engine.name,
            "options": dict(self.options),
            "seats": [s.public(i) for i, s in enumerate(self.seats)],
            "status": self.status,
            "host_seat": self.host_seat,
            "state_id": self.state_id,
            "auto_start": self.auto_start,
            "min_players": self.engine.min_players,
            "max_players": self.engine.max_players,
            "option_specs": [option.to_dict() for option in self.engine.options],
            "levels": list(LEVELS),
        }

    def txt(self) -> dict[str, str]:
        """The zeroconf TXT properties of this table (docs/PROTOCOL.md, "Discovery")."""
        return {
            "v": str(PROTOCOL_VERSION),
            "game": self.engine.name,
            "tid": self.tid,
            "name": self.name,
            "seats": str(len(self.seats)),
            "open": str(self.open_seats),
            "st": "lobby" if self.status == "lobby" else "playing",
        }

    # ------------------------------------------------------------------ joining

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

    def join(self, member: Member, token: str | None) -> None:
        """Admit ``member`` (hello already checked); reclaims the seat of ``token``."""
        member.seat = None
        if token is not None:
            seat = self.seat_of_token(token)
            if seat is None:
                raise ProtocolError("bad_token", "unknown seat token")
            for other in [m for m in self.members if m.seat == seat]:
                self.members.remove(other)  # a half-dead older connection of the same player
                other.seat = None
                other.close("replaced", "this seat connected again from elsewhere")
            member.token = token
            member.seat = seat
            member.spectate = False
            self._seat_connected(seat, member)
        else:
            member.token = new_token()
        self.members.append(member)
        log.info(
            "%s: %s joined%s",
            self.name,
            member.name,
            f" (seat {member.seat})" if member.seat is not None else "",
        )
        self._welcome(member)
        self._send_game_state(member)
        if member.seat is not None:
            self._changed()
            self._drive_bots()  # stand-ins for absent seats may play again

    def _seat_connected(self, seat: int, member: Member) -> None:
        info = self.seats[seat]
        info.connected = True
        info.name = member.name or info.name
        timer = self._grace.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self._cancel_abandon()
        if info.standin:
            info.standin = False
            log.info("%s: %s is back, the stand-in bot leaves seat %d", self.name, info.name, seat)

    def disconnect(self, member: Member) -> None:
        """The connection of ``member`` is gone (without ``leave``): its seat waits."""
        if member not in self.members:
            return
        self.members.remove(member)
        seat = member.seat
        member.seat = None
        if seat is None:
            log.info("%s: %s left", self.name, member.name)
            return
        self.seats[seat].connected = False
        log.info(
            "%s: %s dropped from seat %d, waiting %.0f s", self.name, member.name, seat, self.grace
        )
        self._start_grace(seat)
        self._watch_for_abandon()
        self._changed()

    def _start_grace(self, seat: int) -> None:
        timer = self._grace.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self._grace[seat] = asyncio.get_running_loop().call_later(
            self.grace, self._grace_over, seat
        )

    def _grace_over(self, seat: int) -> None:
        self._grace.pop(seat, None)
        info = self.seats[seat] if seat < len(self.seats) else None
        if info is None or info.kind != "human" or info.connected:
            return
        if self.status == "playing":
            info.standin = True
            info.level = info.level or self.bot_level
            log.info("%s: a %s bot stands in for %s", self.name, info.level, info.name)
            self._changed()
            self._drive_bots()
        else:
            log.info("%s: seat %d of %s is free again", self.name, seat, info.name)
            self._free_seat(seat)
            self._changed()

    def start_grace_for_absent(self) -> None:
        """After a resume: every human seat waits for its player as if just dropped, a finished
        game on a headless table goes back to the lobby after the results time."""
        for index, seat in enumerate(self.seats):
            if seat.kind == "human" and not seat.connected:
                self._start_grace(index)
        self._watch_for_abandon()
        if self.status == "over":
            self._schedule_results()
        self._drive_bots()

    # ------------------------------------------------------------------ a headless table

    def _schedule_results(self) -> None:
        """A headless table leaves the results up for ``results_time``, then opens its lobby."""
        if not self.auto_start or self.status != "over":
            return
        if self._results_timer is not None:
            self._results_timer.cancel()
        self._results_timer = asyncio.get_running_loop().call_later(
            self.results_time, self._results_over
        )

    def _results_over(self) -> None:
        self._results_timer = None
        if self.status == "over":
            log.info("%s: back to the lobby for the next game", self.name)
            self.back_to_lobby(reopen=True, keep_ready=True)

    def _watch_for_abandon(self) -> None:
        """A headless game with no player connected is given up after ``abandon_after``."""
        if not self.auto_start or self.status != "playing" or self._abandon_timer is not None:
            return
        if any(s.kind == "human" and s.connected for s in self.seats):
            return
        self._abandon_timer = asyncio.get_running_loop().call_later(
            self.abandon_after, self._abandon, "no player came back"
        )

    def _cancel_abandon(self) -> None:
        if self._abandon_timer is not None:
            self._abandon_timer.cancel()
            self._abandon_timer = None

    def _abandon(self, why: str, announce: bool = True) -> None:
        """Give up the game in progress (headless tables only): the lobby opens again."""
        self._abandon_timer = None
        if self.status != "playing":
            return
        log.info("%s: the game is given up (%s); back to the lobby", self.name, why)
        self.back_to_lobby(reopen=True, announce=announce)

    # ------------------------------------------------------------------ messages

    def handle(self, member: Member, message: dict[str, Any]) -> None:
        """Act on one schema-checked client message from ``member``."""
        kind = message["t"]
        try:
            getattr(self, f"_on_{kind}")(member, message)
        except ProtocolError as error:
            member.send({"t": "error", "code": error.code, "message": error.message})

    def _on_sync(self, member: Member, message: dict[str, Any]) -> None:
        self._send_game_state(member)

    def _on_chat(self, member: Member, message: dict[str, Any]) -> None:
        text = clean_chat(message["text"])
        if not text:
            return
        self._broadcast({"t": "chat", "seat": member.seat, "name": member.name, "text": text})

    def _on_ping(self, member: Member, message: dict[str, Any]) -> None:
        member.send({"t": "pong"})

    def _on_leave(self, member: Member, message: dict[str, Any]) -> None:
        seat = member.seat
        if member in self.members:
            self.members.remove(member)
        member.seat = None
        if seat is not None:
            info = self.seats[seat]
            if self.status == "playing":
                level = info.level or self.bot_level
                self.seats[seat] = Seat(kind="bot", name=info.name, level=level, fill_in=True)
                log.info(
                    "%s: %s left seat %d, a %s bot plays on", self.name, info.name, seat, level
                )
                self._pass_host_role(seat)
                if self.auto_start and not any(s.kind == "human" for s in self.seats):
                    self._abandon("every player left", announce=False)
                else:
                    self._watch_for_abandon()
                    self._drive_bots()
            else:
                log.info("%s: %s left seat %d", self.name, info.name, seat)
                self._free_seat(seat)
            self._changed()
        else:
            log.info("%s: %s left", self.name, member.name)
        member.close()

    def _require_host(self, member: Member) -> None:
        if member.seat is None or member.seat != self.host_seat:
            raise ProtocolError("not_host", "only the host player may do this")

    def _require_lobby(self) -> None:
        if self.status != "lobby":
            raise ProtocolError("not_in_lobby", "only possible in the lobby")

    def _check_seat(self, seat: int) -> Seat:
        """The seat numbered ``seat`` (any int: a number outside the table is ``bad_seat``)."""
        if not 0 <= seat < len(self.seats):
            raise ProtocolError(
                "bad_seat", f"no seat {shown(seat, 24)}; seats are 0 to {len(self.seats) - 1}"
            )
        return self.seats[seat]

    def _on_sit(self, member: Member, message: dict[str, Any]) -> None:
        self._require_lobby()
        if member.spectate:
            raise ProtocolError("spectator", "spectators cannot sit; connect as a player")
        wanted = message.get("seat")
        if wanted is None:
            if member.seat is not None:
                return
            free = [i for i, s in enumerate(self.seats) if s.kind == "open"]
            if not free:
                raise ProtocolError("no_open_seat", "every seat is taken")
            wanted = free[0]
        target = self._check_seat(wanted)
        if wanted == member.seat:
            return
        if target.kind != "open":
            raise ProtocolError("seat_taken", f"seat {wanted} is taken")
        old = member.seat
        self.seats[wanted] = Seat(
            kind="human", name=member.name, token=member.token, connected=True
        )
        member.seat = wanted
        if old is not None:
            self.seats[old] = Seat()
        if self.host_seat is None or self.host_seat == old:
            self.host_seat = wanted
        log.info("%s: %s sits in seat %d", self.name, member.name, wanted)
        self._welcome(member)
        self._changed()

    def _on_ready(self, member: Member, message: dict[str, Any]) -> None:
        if member.seat is None:
            raise ProtocolError("not_seated", "sit down first")
        if self.status == "playing":
            raise ProtocolError("not_in_lobby", "the game is in progress")
        self.seats[member.seat].ready = message["ready"]
        self._changed()

    def _on_add_bot(self, member: Member, message: dict[str, Any]) -> None:
        self._require_host(member)
        self._require_lobby()
        seat, level = message["seat"], message["level"]
        info = self._check_seat(seat)
        if info.kind == "human":
            raise ProtocolError("seat_taken", f"seat {seat} holds a player")
        if level not in LEVELS:
            raise ProtocolError(
                "bad_level", f"unknown bot level {shown(level)}; levels: {', '.join(LEVELS)}"
            )
        self.add_bot_seat(seat, level)
        self._changed()

    def _on_remove_bot(self, member: Member, message: dict[str, Any]) -> None:
        self._require_host(member)
        self._require_lobby()
        seat = message["seat"]
        if self._check_seat(seat).kind != "bot":
            raise ProtocolError("bad_seat", f"seat {seat} holds no bot")
        self.seats[seat] = Seat()
        self._changed()

    def _on_set_option(self, member: Member, message: dict[str, Any]) -> None:
        self._require_host(member)
        self._require_lobby()
        name, value = message["name"], message["value"]
        option = next((o for o in self.engine.options if o.name == name), None)
        if option is None:
            known = ", ".join(o.name for o in self.engine.options) or "none"
            raise ProtocolError(
                "bad_option", f"unknown option {shown(name)}; this game's options: {known}"
            )
        try:
            option.check(value)
        except ValueError:
            raise ProtocolError(
                "bad_option",
                f"bad value {shown(value)} for option {name!r}; allowed: {option.allowed_text()}",
            ) from None
        self.options = self.engine.resolve_options({**self.options, name: value})
        for seat in self.seats:
            seat.ready = False
        self._changed()

    def _on_set_seats(self, member: Member, message: dict[str, Any]) -> None:
        self._require_host(member)
        self._require_lobby()
        try:
            count = self.engine.check_players(message["seats"])
        except ValueError as error:
            raise ProtocolError("bad_seats", str(error)) from None
        if self.host_seat is not None and self.host_seat >= count:
            raise ProtocolError("bad_seats", "the host player's seat would disappear")
        while len(self.seats) < count:
            self.seats.append(Seat())
        removed = self.seats[count:]
        del self.seats[count:]
        for index in range(count, count + len(removed)):
            timer = self._grace.pop(index, None)
            if timer is not None:
                timer.cancel()
            for other in self.members:
                if other.seat == index:
                    other.seat = None
                    self._welcome(other)
        self._changed()

    def _on_start(self, member: Member, message: dict[str, Any]) -> None:
        self._require_host(member)
        if self.auto_start and self.status != "lobby":
            # A headless table starts by itself once every player is ready (and ends its
            # results the same way): the client's Start says `ready` first, which has already
            # done what this `start` asks for (docs/PROTOCOL.md section 8).
            return
        self._require_lobby()
        waiting = [
            i
            for i, s in enumerate(self.seats)
            if s.kind == "human" and i != member.seat and not (s.ready and s.connected)
        ]
        if waiting:
            raise ProtocolError("not_ready", f"waiting for seat(s) {', '.join(map(str, waiting))}")
        self.start()

    def _on_rematch(self, member: Member, message: dict[str, Any]) -> None:
        self._require_host(member)
        if self.status != "over":
            raise ProtocolError("not_over", "the game is not over yet")
        self.back_to_lobby(reopen=False)

    def _on_move(self, member: Member, message: dict[str, Any]) -> None:
        seat = member.seat
        claimed = message["state_id"]
        if seat is None:
            return self._reject(member, "not_seated", "this connection holds no seat")
        if message.get("seat") is not None and message["seat"] != seat:
            return self._reject(
                member, "not_your_seat", f"you hold seat {seat}, not {shown(message['seat'], 24)}"
            )
        if self.status != "playing" or self.state is None:
            return self._reject(member, "not_playing", "no game is in progress")
        if not self.accepts(seat, claimed):
            self._reject(
                member,
                "stale",
                f"state {shown(claimed, 24)} is not the current state {self.state_id}",
            )
            self._send_snapshot(member)
            return None
        if seat not in self.state.to_move:
            return self._reject(member, "not_your_turn", f"seat {seat} is not to move")
        try:
            self.apply(seat, message["move"])
        except IllegalMove as error:
            self._reject(member, "illegal", error.reason)
        return None

    def _reject(self, member: Member, code: str, reason: str) -> None:
        # engines explain an illegal move by quoting it: a peer must not get its megabyte back
        reason = clipped(reason, 400)
        member.send({"t": "reject", "code": code, "reason": reason, "state_id": self.state_id})

    # ------------------------------------------------------------------ the game

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

    def start(self) -> None:
        """Fill open seats with bots, deal a new game and send every member its snapshot."""
        if self._results_timer is not None:
            self._results_timer.cancel()
            self._results_timer = None
        for index, seat in enumerate(self.seats):
            if seat.kind == "open":
                self.add_bot_seat(index, self.bot_level)
                self.seats[index].fill_in = True
            self.seats[index].ready = False
        seed = self.next_seed if self.next_seed is not None else self.rng.randrange(2**63)
        self.next_seed = None
        self.state = self.engine.new_game(len(self.seats), seed, self.options)
        self.games_started += 1
        self.state_id += 1
        self.pending_since = {s: self.state_id for s in self.state.to_move}
        self._make_bots()
        self.status = "over" if self.state.is_over else "playing"
        log.info("%s: game %d of %s starts", self.name, self.games_started, self.engine.title)
        self._watch_for_abandon()
        self._changed()
        for member in list(self.members):
            self._send_snapshot(member)
        if self.status == "over":
            self._game_over()
        self._drive_bots()

    def _make_bots(self) -> None:
        assert self.state is not None
        self._bots = {}
        for index, seat in enumerate(self.seats):
            level = seat.level or self.bot_level
            self._bots[index] = make_bot(level, (self.state.seed * 31 + index) % 2**63)

    def apply(self, seat: int, move: Any) -> None:
        """Apply a legal move (``IllegalMove`` otherwise), save, then tell every member."""
        assert self.state is not None
        before = set(self.state.to_move)
        events = self.state.apply(seat, move)
        self.state_id += 1
        now = self.state.to_move
        self.pending_since = {
            s: self.pending_since[s] if s in before and s != seat and s in self.pending_since
            else self.state_id
            for s in now
        }  # fmt: skip
        if self.state.is_over:
            self.status = "over"
        self.on_change(self)  # saved before anyone hears of the move
        frames: dict[int | None, bytes] = {}
        for member in list(self.members):
            key = member.seat
            if key not in frames:
                frames[key] = encode(
                    {
                        "t": "update",
                        "state_id": self.state_id,
                        "events": events_for(events, key),
                        "view": self.state.view(key),
                        "legal": self._legal(key),
                    }
                )
            member.send_frame(frames[key])
        if self.status == "over":
            self._game_over()
        else:
            self._drive_bots()

    def _legal(self, seat: int | None) -> list[Any]:
        if seat is None or self.state is None or self.status != "playing":
            return []
        return self.state.legal_moves(seat)

    def _game_over(self) -> None:
        assert self.state is not None
        result = self.state.result()
        names = ", ".join(self.seats[s].name for s in result.get("winners", []))
        log.info("%s: game over, scores %s, won by %s", self.name, result.get("scores"), names)
        self._cancel_bots()
        self._cancel_abandon()
        for member in list(self.members):
            self._send_game_over(member)
        self._schedule_results()
        self._changed()

    def back_to_lobby(
        self, *, reopen: bool, keep_ready: bool = False, announce: bool = True
    ) -> None:
        """After a game (or a game given up): the lobby again, the game forgotten.

        ``reopen`` (a headless table): bots that only filled a seat for that game leave, so the
        seat is open for the next player; else every bot stays (a rematch). ``keep_ready`` keeps
        the ready flags players set after the game. Players whose connection is gone lose their
        seat once their grace time is over. ``announce=False`` when a new game starts at once: no
        lobby goes out in between.
        """
        self._cancel_bots()
        self._cancel_abandon()
        if self._results_timer is not None:
            self._results_timer.cancel()
            self._results_timer = None
        self.status = "lobby"
        self.state = None
        self.pending_since = {}
        for index, seat in enumerate(self.seats):
            if not keep_ready:
                seat.ready = False
            seat.standin = False
            if reopen and seat.kind == "bot" and seat.fill_in:
                self.seats[index] = Seat()
            elif seat.kind == "human" and not seat.connected and index not in self._grace:
                self._free_seat(index)
        if announce:
            self._changed()

    def _free_seat(self, seat: int) -> None:
        self.seats[seat] = Seat()
        self._pass_host_role(seat)

    def _pass_host_role(self, seat: int) -> None:
        """If ``seat`` was the host player's, the lowest other player seat takes the role."""
        if self.host_seat != seat:
            return
        humans = [i for i, s in enumerate(self.seats) if s.kind == "human" and i != seat]
        self.host_seat = humans[0] if humans else None
        for member in self.members:
            if member.seat == self.host_seat:
                self._welcome(member)

    def _maybe_auto_start(self) -> None:
        """A headless table starts when no seat is open and every player is ready and there;
        after a game, every player ready ends the results at once."""
        if not self.auto_start or self.status == "playing":
            return
        humans = [s for s in self.seats if s.kind == "human"]
        if not humans or not all(s.ready and s.connected for s in humans):
            return
        if self.status == "over":
            self.back_to_lobby(reopen=True, keep_ready=True, announce=False)
            if self.open_seats:
                self._changed()  # a seat opened: wait for a player to take it
                return
        if self.open_seats == 0:
            self.start()

    # ------------------------------------------------------------------ bots

    def _drive_bots(self) -> None:
        """Start a worker for every bot (or stand-in) seat that must move and is not thinking."""
        if self.status != "playing" or self.state is None:
            return
        for seat in self.state.to_move:
            if self._bot_plays(seat):
                task = self._thinking.get(seat)
                if task is None or task.done():
                    self._thinking[seat] = asyncio.get_running_loop().create_task(
                        self._bot_turn(seat)
                    )

    def _bot_plays(self, seat: int) -> bool:
        """A bot seat always; a stand-in only while another player is there to play against
        (a table nobody is connected to waits for its players instead of playing itself out)."""
        info = self.seats[seat]
        if info.kind == "bot":
            return True
        return (
            info.kind == "human"
            and info.standin
            and any(s.kind == "human" and s.connected for s in self.seats if s is not info)
        )

    async def _bot_turn(self, seat: int) -> None:
        try:
            while self.status == "playing" and self.state is not None:
                if seat not in self.state.to_move or not self._bot_plays(seat):
                    return
                claimed = self.state_id
                view = self.state.view(seat)
                legal = self.state.legal_moves(seat)
                bot = self._bots.get(seat) or make_bot(self.seats[seat].level or self.bot_level)
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                try:
                    move = await workers.choose(bot, self.engine, view, legal)
                except Exception:
                    log.exception(
                        "%s: the bot in seat %d failed; it plays a random move", self.name, seat
                    )
                    move = self.rng.choice(legal)
                if self.status != "playing" or not self._bot_plays(seat):
                    return
                if self.accepts(seat, claimed) and seat in self.state.to_move:
                    if move not in self.state.legal_moves(seat):
                        log.error(
                            "%s: the bot in seat %d chose %r, not a legal move",
                            self.name,
                            seat,
                            move,
                        )
                        move = self.rng.choice(self.state.legal_moves(seat))
                    self._thinking.pop(seat, None)
                    self.apply(seat, move)
                    return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("%s: the bot in seat %d failed", self.name, seat)
        finally:
            if self._thinking.get(seat) is asyncio.current_task():
                del self._thinking[seat]

    def _cancel_bots(self) -> None:
        for task in self._thinking.values():
            task.cancel()
        self._thinking.clear()

    def close(self) -> None:
        """Stop bots and timers (host shutdown)."""
        self._cancel_bots()
        self._cancel_abandon()
        if self._results_timer is not None:
            self._results_timer.cancel()
            self._results_timer = None
        for timer in self._grace.values():
            timer.cancel()
        self._grace.clear()

    # ------------------------------------------------------------------ sending

    def _welcome(self, member: Member) -> None:
        member.send(
            {
                "t": "welcome",
                "v": PROTOCOL_VERSION,
                "seat": member.seat,
                "token": member.token,
                "table": self.tid,
                "host_seat": member.seat is not None and member.seat == self.host_seat,
            }
        )

    def _send_lobby(self, member: Member) -> None:
        member.send({"t": "lobby", "table": {**self.describe(), "you": member.seat}})

    def _send_game_state(self, member: Member) -> None:
        """``lobby``, then the game if one exists: ``snapshot`` (and ``game_over`` if over)."""
        self._send_lobby(member)
        if self.status != "lobby" and self.state is not None:
            self._send_snapshot(member)
            if self.status == "over":
                self._send_game_over(member)

    def _send_snapshot(self, member: Member) -> None:
        assert self.state is not None
        member.send(
            {
                "t": "snapshot",
                "state_id": self.state_id,
                "view": self.state.view(member.seat),
                "legal": self._legal(member.seat),
            }
        )

    def _send_game_over(self, member: Member) -> None:
        assert self.state is not None
        member.send(
            {"t": "game_over", "result": self.state.result(), "record": self.state.record()}
        )

    def _broadcast(self, message: dict[str, Any]) -> None:
        frame = encode(message)
        for member in list(self.members):
            member.send_frame(frame)

    def _changed(self) -> None:
        """Save, tell the advertiser, send every member the lobby, maybe auto-start."""
        self.on_change(self)
        described = self.describe()
        for member in list(self.members):
            member.send({"t": "lobby", "table": {**described, "you": member.seat}})
        self._maybe_auto_start()

    # ------------------------------------------------------------------ saving

    def to_save(self) -> dict[str, Any]:
        """Everything needed to resume: lobby, seat tokens, state numbers and the engine state."""
        return {
            "format": SAVE_FORMAT,
            "tid": self.tid,
            "name": self.name,
            "game": self.engine.name,
            "options": dict(self.options),
            "seats": [s.to_save() for s in self.seats],
            "host_seat": self.host_seat,
            "status": self.status,
            "state_id": self.state_id,
            "pending_since": [[s, n] for s, n in self.pending_since.items()],
            "games_started": self.games_started,
            "auto_start": self.auto_start,
            "bot_level": self.bot_level,
            "grace": self.grace,
            "bot_delay": self.bot_delay,
            "results_time": self.results_time,
            "abandon_after": self.abandon_after,
            "state": self.state.to_dict() if self.state is not None else None,
        }

    @classmethod
    def from_save(cls, data: Any) -> Table:
        """Rebuild a table from :meth:`to_save`; ``ValueError`` naming what is wrong."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError("not a Chabudai table save (format 1)")
        try:
            table = cls(
                game=data["game"],
                name=data["name"],
                seats=len(data["seats"]),
                # Options a save from an older version lacks keep its rules (e.g. a duel).
                options=engines.get(data["game"]).saved_options(
                    len(data["seats"]), data["options"]
                ),
                tid=data["tid"],
                auto_start=bool(data["auto_start"]),
                bot_level=data["bot_level"] if data["bot_level"] in LEVELS else DEFAULT_LEVEL,
                grace=float(data["grace"]),
                bot_delay=float(data["bot_delay"]),
                results_time=float(data.get("results_time", 15.0)),
                abandon_after=float(data.get("abandon_after", 600.0)),
            )
            for index, raw in enumerate(data["seats"]):
                level = (
                    raw["level"]
                    if raw["level"] in LEVELS or raw["level"] is None
                    else DEFAULT_LEVEL
                )
                table.seats[index] = Seat(
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
            table.host_seat = data["host_seat"]
            table.status = data["status"]
            table.state_id = int(data["state_id"])
            table.pending_since = {int(s): int(n) for s, n in data["pending_since"]}
            table.games_started = int(data["games_started"])
            if data["state"] is not None:
                table.state = table.engine.from_dict(data["state"])
                table._make_bots()
            if table.status not in ("lobby", "playing", "over"):
                raise ValueError(f"status {table.status!r}")
            if table.status != "lobby" and table.state is None:
                raise ValueError("a game in progress without its state")
            if table.state is not None and table.state.players != len(table.seats):
                raise ValueError("the game's players do not match the seats")
        except (KeyError, TypeError, IndexError) as error:
            raise ValueError(f"damaged table save: {type(error).__name__} {error}") from None
        return table


def bot_name(level: str, seat: int) -> str:
    return f"{level.capitalize()} bot {seat + 1}"
