"""One table: the router between its members, its lobby, its game and its timers.

A :class:`Table` holds three parts, each testable alone: the :class:`~chabudai.net.lobby.Lobby`
(seats, tokens, options, ready flags, the host player), the :class:`~chabudai.net.match.Match`
(engine state, state numbers, legal moves, per-seat messages, bot moves) and the
:class:`~chabudai.net.timers.Timers` (grace, results, abandon). The table routes each client
message to the part it concerns, runs the flow between them (lobby → playing → over, the
headless flow of docs/PROTOCOL.md section 8, stand-ins, bots thinking off the event loop), tells
every member what changed and hands itself to ``on_change`` (save + advert) after every change.
Connections are :class:`Member` objects provided by :mod:`chabudai.net.host`; the table never
sees a socket. Message meanings are documented in docs/PROTOCOL.md.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable
from typing import Any, Protocol

from chabudai import engines
from chabudai.engines.base import Engine, GameState, IllegalMove, Said
from chabudai.engines.bots import DEFAULT_LEVEL, LEVELS
from chabudai.net.codec import encode
from chabudai.net.hints import HintDesk
from chabudai.net.lobby import TABLE_OPTIONS, Lobby, Seat, bot_name, new_token
from chabudai.net.match import Match
from chabudai.net.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    clean_chat,
    clean_name,
    clipped,
    shown,
)
from chabudai.net.timers import Timers
from chabudai.replays.file import now_iso

__all__ = ["Member", "Seat", "Table", "bot_name", "new_table_id"]

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


def new_table_id() -> str:
    return secrets.token_hex(6)


def grace_key(seat: int) -> tuple[str, int]:
    return ("grace", seat)


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
        table_options: dict[str, Any] | None = None,
    ) -> None:
        self.engine: Engine = engines.get(game)
        self.tid = tid or new_table_id()
        self.name = clean_name(name, "Table")
        count = seats if seats is not None else self.engine.min_players
        self.lobby = Lobby(self.engine, count, options, bot_level)
        for option, value in (table_options or {}).items():
            self.lobby.set_option(option, value)  # ProtocolError for an unknown one
        # The table's one source of chance: every game's seed and every fallback move come from
        # it. The host's entropy by default; a fixed `seed` makes the whole table repeatable (its
        # first game is dealt from `seed`, the later ones from a generator seeded with it).
        if rng is None:
            rng = random.SystemRandom() if seed is None else random.Random(seed)
        self.match = Match(self.engine, rng, seed)
        self.timers = Timers()
        # A headless table (auto_start) runs itself: it starts a game when every seat is filled and
        # every player is ready, returns to its lobby `results_time` seconds after a game, and gives
        # up a game nobody has been connected to for `abandon_after` seconds.
        self.auto_start = auto_start
        self.results_time = results_time
        self.abandon_after = abandon_after
        self.grace = grace
        self.bot_delay = bot_delay
        self.status = "lobby"  # "lobby" | "playing" | "over"
        self.members: list[Member] = []
        self.on_change: Callable[[Table], None] = lambda table: None  # save + advert update
        # a game ends (True: finished, False: given up): the headless host keeps its replay
        self.on_game_end: Callable[[Table, bool], None] = lambda table, finished: None
        self.game_started = ""  # UTC time the game in progress was dealt (its replay's date)
        self._thinking: dict[int, asyncio.Task[None]] = {}
        self.hints = HintDesk(self)  # hint requests, answered off the loop (net/hints.py)

    # ------------------------------------------------------------------ the parts' data

    @property
    def seats(self) -> list[Seat]:
        return self.lobby.seats

    @property
    def options(self) -> dict[str, Any]:
        return self.lobby.options

    @property
    def host_seat(self) -> int | None:
        return self.lobby.host_seat

    @property
    def bot_level(self) -> str:
        return self.lobby.bot_level

    @property
    def open_seats(self) -> int:
        return self.lobby.open_seats

    @property
    def state(self) -> GameState | None:
        return self.match.state

    @property
    def state_id(self) -> int:
        return self.match.state_id

    @property
    def pending_since(self) -> dict[int, int]:
        return self.match.pending_since

    @property
    def games_started(self) -> int:
        return self.match.games_started

    @property
    def rng(self) -> random.Random:
        return self.match.rng

    # ------------------------------------------------------------------ setup helpers

    def add_bot_seat(self, seat: int, level: str) -> None:
        self.lobby.add_bot_seat(seat, level)

    def reserve(self, seat: int, name: str) -> str:
        """Reserve ``seat`` for the host player (embedded host); returns its token."""
        return self.lobby.reserve(seat, name)

    def seat_of_token(self, token: str) -> int | None:
        return self.lobby.seat_of_token(token)

    def describe(self) -> dict[str, Any]:
        """The ``table`` field of a ``lobby`` message."""
        return {
            "tid": self.tid,
            "name": self.name,
            "game": self.engine.name,
            "options": dict(self.options),
            "seats": self.lobby.public_seats(),
            "status": self.status,
            "host_seat": self.host_seat,
            "state_id": self.state_id,
            "auto_start": self.auto_start,
            "min_players": self.engine.min_players,
            "max_players": self.engine.max_players,
            "option_specs": [option.to_dict() for option in self.engine.options],
            "table_options": dict(self.lobby.table_options),
            "table_option_specs": [option.to_dict() for option in TABLE_OPTIONS],
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
        self.timers.cancel(grace_key(seat))
        self.timers.cancel("abandon")
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
        self.timers.start(grace_key(seat), self.grace, self._grace_over, seat)

    def _grace_over(self, seat: int) -> None:
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
        self.timers.start("results", self.results_time, self._results_over)

    def _results_over(self) -> None:
        if self.status == "over":
            log.info("%s: back to the lobby for the next game", self.name)
            self.back_to_lobby(reopen=True, keep_ready=True)

    def _watch_for_abandon(self) -> None:
        """A headless game with no player connected is given up after ``abandon_after``."""
        if not self.auto_start or self.status != "playing" or "abandon" in self.timers:
            return
        if self.lobby.any_connected():
            return
        self.timers.start("abandon", self.abandon_after, self._abandon, "no player came back")

    def _abandon(self, why: str, announce: bool = True) -> None:
        """Give up the game in progress (headless tables only): the lobby opens again."""
        self.timers.cancel("abandon")
        if self.status != "playing":
            return
        log.info("%s: the game is given up (%s); back to the lobby", self.name, why)
        self.on_game_end(self, False)
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
                level = self.lobby.hand_to_bot(seat)
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

    def _on_sit(self, member: Member, message: dict[str, Any]) -> None:
        self._require_lobby()
        if member.spectate:
            raise ProtocolError("spectator", "spectators cannot sit; connect as a player")
        seat = self.lobby.sit(message.get("seat"), member.seat, member.name, member.token)
        if seat is None:
            return
        member.seat = seat
        log.info("%s: %s sits in seat %d", self.name, member.name, seat)
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
        self.lobby.add_bot(message["seat"], message["level"])
        self._changed()

    def _on_remove_bot(self, member: Member, message: dict[str, Any]) -> None:
        self._require_host(member)
        self._require_lobby()
        self.lobby.remove_bot(message["seat"])
        self._changed()

    def _on_set_option(self, member: Member, message: dict[str, Any]) -> None:
        self._require_host(member)
        self._require_lobby()
        self.lobby.set_option(message["name"], message["value"])
        self._changed()

    def _on_set_seats(self, member: Member, message: dict[str, Any]) -> None:
        self._require_host(member)
        self._require_lobby()
        for index in self.lobby.set_seats(message["seats"]):
            self.timers.cancel(grace_key(index))
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
        waiting = self.lobby.waiting_for(member.seat)
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
            member.send(self.match.snapshot(member.seat))
            return None
        if seat not in self.state.to_move:
            said = Said("not_your_turn", {"seat": seat, "to_move": list(self.state.to_move)})
            return self._reject(member, "not_your_turn", f"seat {seat} is not to move", said)
        try:
            self.apply(seat, message["move"])
        except IllegalMove as error:
            self._reject(member, "illegal", error.reason, error.said)
        return None

    def _on_hint(self, member: Member, message: dict[str, Any]) -> None:
        self.hints.request(member, message)

    def _reject(
        self, member: Member, code: str, reason: str, said: Said | None = None, **extra: Any
    ) -> None:
        """A ``reject``: ``code`` its kind, ``reason`` in English (for older clients), and for a
        move the rules refuse the reason's id and arguments (``engines/describe.py``), which a
        client words in its player's language; ``extra`` fields as given (``about="hint"``)."""
        # engines explain an illegal move by quoting it: a peer must not get its megabyte back
        frame = {"t": "reject", "code": code, "reason": clipped(reason, 400), **extra}
        if said is not None:
            frame.update(reason_id=said.id, args=said.args)
        member.send({**frame, "state_id": self.state_id})

    # ------------------------------------------------------------------ the game

    def accepts(self, seat: int, claimed: int) -> bool:
        """Is a move made against state ``claimed`` still current for ``seat``? (Match.accepts)"""
        return self.match.accepts(seat, claimed)

    def _levels(self) -> list[str]:
        return [seat.level or self.bot_level for seat in self.seats]

    def start(self) -> None:
        """Fill open seats with bots, deal a new game and send every member its snapshot."""
        self.timers.cancel("results")
        self.lobby.fill_for_a_game()
        self.match.deal(len(self.seats), self.options, self._levels())
        self.game_started = now_iso()
        assert self.state is not None
        self.status = "over" if self.state.is_over else "playing"
        log.info("%s: game %d of %s starts", self.name, self.games_started, self.engine.title)
        self._watch_for_abandon()
        self._changed()
        for member in list(self.members):
            member.send(self.match.snapshot(member.seat))
        if self.status == "over":
            self._game_over()
        self._drive_bots()

    def apply(self, seat: int, move: Any) -> None:
        """Apply a legal move (``IllegalMove`` otherwise), save, then tell every member."""
        events = self.match.apply(seat, move)
        if self.match.over:
            self.status = "over"
        self.on_change(self)  # saved before anyone hears of the move
        frames: dict[int | None, bytes] = {}
        for member in list(self.members):
            key = member.seat
            if key not in frames:
                frames[key] = self.match.update_frame(events, key)
            member.send_frame(frames[key])
        if self.status == "over":
            self._game_over()
        else:
            self._drive_bots()

    def _game_over(self) -> None:
        assert self.state is not None
        result = self.state.result()
        names = ", ".join(self.seats[s].name for s in result.get("winners", []))
        log.info("%s: game over, scores %s, won by %s", self.name, result.get("scores"), names)
        self._cancel_bots()
        self.timers.cancel("abandon")
        for member in list(self.members):
            member.send(self.match.game_over())
        self.on_game_end(self, True)
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
        self.timers.cancel("abandon")
        self.timers.cancel("results")
        self.status = "lobby"
        self.match.forget()
        waiting = {i for i in range(len(self.seats)) if grace_key(i) in self.timers}
        if self.lobby.after_game(reopen=reopen, keep_ready=keep_ready, waiting=waiting):
            self._welcome_host()
        if announce:
            self._changed()

    def _free_seat(self, seat: int) -> None:
        if self.lobby.free_seat(seat):
            self._welcome_host()

    def _pass_host_role(self, seat: int) -> None:
        """If ``seat`` was the host player's, the lowest other player seat takes the role."""
        if self.lobby.pass_host_role(seat):
            self._welcome_host()

    def _welcome_host(self) -> None:
        for member in self.members:
            if member.seat == self.host_seat:
                self._welcome(member)

    def _maybe_auto_start(self) -> None:
        """A headless table starts when no seat is open and every player is ready and there;
        after a game, every player ready ends the results at once."""
        if not self.auto_start or self.status == "playing":
            return
        if not self.lobby.everyone_ready():
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
        return info.kind == "human" and info.standin and self.lobby.any_connected(besides=info)

    async def _bot_turn(self, seat: int) -> None:
        try:
            while self.status == "playing" and self.state is not None:
                if seat not in self.state.to_move or not self._bot_plays(seat):
                    return
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                    if self.status != "playing" or self.state is None:
                        return
                    if seat not in self.state.to_move or not self._bot_plays(seat):
                        return
                claimed = self.state_id
                move = await self.match.bot_move(seat, self.seats[seat].level or self.bot_level)
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
        self.hints.cancel()

    def close(self) -> None:
        """Stop bots and timers (host shutdown)."""
        self._cancel_bots()
        self.timers.cancel_all()

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

    def _send_game_state(self, member: Member) -> None:
        """``lobby``, then the game if one exists: ``snapshot`` (and ``game_over`` if over)."""
        member.send({"t": "lobby", "table": {**self.describe(), "you": member.seat}})
        if self.status != "lobby" and self.state is not None:
            member.send(self.match.snapshot(member.seat))
            if self.status == "over":
                member.send(self.match.game_over())

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
            "table_options": dict(self.lobby.table_options),
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
                table_options=data.get("table_options"),
            )
            table.lobby.load_seats(data["seats"], DEFAULT_LEVEL)
            table.lobby.host_seat = data["host_seat"]
            table.status = data["status"]
            match = table.match
            match.state_id = int(data["state_id"])
            match.pending_since = {int(s): int(n) for s, n in data["pending_since"]}
            match.games_started = int(data["games_started"])
            if data["state"] is not None:
                match.state = table.engine.from_dict(data["state"])
                match.make_bots(table._levels())
            if table.status not in ("lobby", "playing", "over"):
                raise ValueError(f"status {table.status!r}")
            if table.status != "lobby" and table.state is None:
                raise ValueError("a game in progress without its state")
            if table.state is not None and table.state.players != len(table.seats):
                raise ValueError("the game's players do not match the seats")
        except (KeyError, TypeError, IndexError, ProtocolError) as error:
            raise ValueError(f"damaged table save: {type(error).__name__} {error}") from None
        return table
