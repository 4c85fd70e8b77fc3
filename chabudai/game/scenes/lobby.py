"""The lobby: seats with names and ready marks; the host adds or removes bots and starts.

Solo play passes through here too (``auto_start``): the embedded host's lobby fills with bots
and the game starts at once, exactly as a LAN table would. A table that runs itself (a headless
host, ``session.auto_start``) starts when every seat is taken and everyone is ready; after a game
its players come back here with "Play again" while the table reopens. Someone who arrives just
after a game sees this lobby, not the results of a game they did not play.

A seat taken at another machine's table is saved with its token (:mod:`chabudai.game.seats_saved`)
so a restarted client can come back to it; leaving or watching instead forgets it. A connection
that ends for good goes back to Join with the reason (:func:`chabudai.game.scenes.join.
connection_ended`); one that drops after working says so once and reconnects.
"""

from __future__ import annotations

import time

import pygame

from chabudai import i18n
from chabudai.engines.bots import DEFAULT_LEVEL, LEVELS
from chabudai.game import theme, ui
from chabudai.game.scene import Scene
from chabudai.game.scenes.common import backdrop, footer, game_title, heading, options_text
from chabudai.game.scenes.join import (
    LOST_NOTICE,
    connection_ended,
    error_notice,
    leave_table,
    reason_notice,
    seat_book,
)
from chabudai.game.seats_saved import SavedSeat
from chabudai.i18n import N_, _, said
from chabudai.net.client import FATAL
from chabudai.net.lobby import TABLE_OPTIONS

ROW, ROW_COMPACT = 56, 44  # seat row heights

# A bot's level as players read it (the choice of level, and a bot's name in its seat).
LEVEL_WORDS = {
    # Translators: a bot level
    "random": N_("Random"),
    # Translators: a bot level
    "easy": N_("Easy"),
    # Translators: a bot level
    "normal": N_("Normal"),
    # Translators: a bot level
    "hard": N_("Hard"),
}
BOT_NAMES = {
    "random": N_("Random bot"),
    "easy": N_("Easy bot"),
    "normal": N_("Normal bot"),
    "hard": N_("Hard bot"),
}


def level_word(level: str) -> str:
    """A bot level in the player's language ("Hard")."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level.capitalize()


def bot_name(level: str | None, seat: int, numbered: bool) -> str:
    """A bot's name in its seat ("Hard bot", "Normal bot 3" when another bot has its level)."""
    name = _(BOT_NAMES[level]) if level in BOT_NAMES else _("Bot")
    if numbered:
        # Translators: a bot's name with its seat number, when two bots have the same level
        return _("{bot} {seat}").format(bot=name, seat=seat + 1)
    return name


def option_words(label: str, value: str) -> str:
    """An option and its value in the player's language ("Hints: off")."""
    # Translators: an option and its value in the lobby's heading ("Hints: off")
    return _("{option}: {value}").format(option=_(label), value=_(value))


def why_no_seat(session) -> str:
    """Why a player who asked for a seat has none (yet), in words; the address is not repeated."""
    lobby = session.lobby
    if session.connection != "connected":
        return session.connection_reason or "the table does not answer"
    if not lobby:
        return "the table has not shown its lobby"
    status = lobby.get("status")
    if status == "over":
        return "the last game's results are still up; the seats open again in a moment"
    if status == "playing":
        return "a game is being played; its seats open again when it ends"
    if not any(e.get("kind") == "open" for e in lobby.get("seats", [])):
        return (
            "every seat is taken (a player who has just gone keeps their seat for the "
            "table's grace time)"
        )
    return "the table gave no seat"


class LobbyScene(Scene):
    name = "lobby"

    def __init__(
        self,
        app,
        auto_start: bool = False,
        target: tuple[str, int] | None = None,
        spectate: bool = False,
    ) -> None:
        super().__init__(app)
        self.auto_start = auto_start
        self.target = target  # (host, port) we joined, for "watch instead" / "take a seat"
        self.spectate = spectate
        self.asked_seat = False
        self.started_for: object = None
        self.bot_level = DEFAULT_LEVEL
        self.form = ui.Form()
        self.signature = None
        self.saved_seat: tuple | None = None  # what was last written to the seat book
        self.connection_said = ""  # the last connection notice's reason, worded when drawn
        self.build()

    @property
    def session(self):
        return self.app.session

    def enter(self) -> None:
        self.signature = None  # rebuild the buttons
        self.started_for = None

    # ------------------------------------------------------------------ controls

    def build(self) -> None:
        session = self.session
        lobby = session.lobby or {}
        seats = lobby.get("seats", [])
        over = lobby.get("status") == "over"
        host = session.is_host and not over
        form = ui.Form()
        self.rows = []
        # Up to five seats get roomy rows; six to eight (Nar) closer ones, so the controls and
        # the status line still fit under the panel.
        compact = len(seats) > 5
        self.row_h = ROW_COMPACT if compact else ROW
        y = 186 if compact else 200
        button_h = min(44, self.row_h - 6)
        for entry in seats:
            seat = entry.get("seat")
            button = (860, y, 170, button_h)
            if host and entry.get("kind") == "open":
                form.add(ui.Button(button, N_("Add bot"), self._add_bot(seat), size=20))
            elif host and entry.get("kind") == "bot":
                form.add(ui.Button(button, N_("Remove bot"), self._remove_bot(seat), size=20))
            self.rows.append((y, entry))
            y += self.row_h
        self.panel_bottom = y + (8 if compact else 0)
        y = self.panel_bottom
        y = max(y + 44, 470)  # under the status line ("Waiting for the host …")
        self.controls_y = y
        if host:
            form.add(
                ui.Choice(
                    (250, y, 340, 44),
                    N_("Bots play"),
                    [(lv, LEVEL_WORDS.get(lv, lv.capitalize())) for lv in LEVELS],
                    self.bot_level,
                    self._set_level,
                    label_width=130,
                )
            )
            # Translators: the button that starts the game from the lobby
            form.add(ui.Button((830, y, 200, 50), N_("Start"), self.start, accent=True, size=26))
            form.add(
                ui.Choice(
                    (606, y, 208, 44),
                    N_("Hints"),
                    # Translators: the Hints table option's values
                    [(False, N_("Off")), (True, N_("On"))],
                    self.table_options().get("hints", False),
                    self._set_hints,
                    label_width=78,
                )
            )
        elif over and session.is_host and not session.auto_start:
            form.add(
                ui.Button((300, y, 220, 50), N_("Rematch"), self.rematch, accent=True, size=24)
            )
        else:
            if session.seat is not None:
                ready = session.ready
                label = N_("Not ready") if ready else (N_("Play again") if over else N_("Ready"))
                form.add(
                    ui.Button(
                        (300, y, 220, 50), label, self.toggle_ready, accent=not ready, size=24
                    )
                )
                if self.target is not None:
                    form.add(ui.Button((540, y, 240, 50), N_("Watch instead"), self.watch, size=22))
            elif (
                not over and self.target is not None and any(e.get("kind") == "open" for e in seats)
            ):
                form.add(ui.Button((300, y, 240, 50), N_("Take a seat"), self.take_seat, size=22))
        form.add(ui.Button((1050, 640, 180, 50), N_("Leave"), self.leave_table, size=22))
        if self.form.focus >= 0 and self.form.focus < len(form.widgets):
            form.focus = self.form.focus
        self.form = form

    def note(self) -> str:
        """The line under the seats: what this table is waiting for (in the player's language)."""
        session = self.session
        status = session.status
        if status == "over":
            if session.seat is None:
                return _("A game has just ended: the seats open again in a moment.")
            if session.auto_start:
                return _("The next game starts when everyone at the table is ready.")
            return "" if session.is_host else _("Waiting for the host to start a rematch.")
        if session.seat is None:
            return _("You are watching this table.")
        if session.auto_start and any(e.get("kind") == "open" for e in self.seat_entries()):
            return _("The game starts when every seat is taken and everyone is ready.")
        if session.auto_start:
            return _("The game starts when everyone is ready.")
        return "" if session.is_host else _("Waiting for the host to start.")

    def seat_entries(self) -> list[dict]:
        return (self.session.lobby or {}).get("seats", [])

    def address_text(self) -> str:
        """Where others reach our hosted table, as they would type it in their Join screen: the
        network address (the default route's interface) and the port."""
        host, port = self.session.hosted or ("?", 0)
        return f"{host}:{port}"

    def address_lines(self) -> list[str]:
        """What to tell friends: the address to type and the network it is on, then the
        machine's other addresses (a VPN, a second network card) with theirs, at most two."""
        host, port = self.session.hosted or ("?", 0)
        tr = i18n.current()
        labels = {a: n.words(tr) for a, n in self.session.hosted_networks if n is not None}
        if labels.get(host):
            first = _(
                "Others find this table on their Join screen, or type {address} ({network})"
            ).format(address=f"{host}:{port}", network=labels[host])
        else:
            first = _("Others find this table on their Join screen, or type {address}").format(
                address=f"{host}:{port}"
            )
        others = [(a, n) for a, n in self.session.hosted_networks if a != host][:2]
        return [
            first,
            *(
                # Translators: another address of this computer, and the network it is on
                _("or {address} ({network})").format(address=f"{a}:{port}", network=labels[a])
                if a in labels
                else _("or {address}").format(address=f"{a}:{port}")
                for a, _n in others
            ),
        ]

    def _set_level(self, level: str) -> None:
        self.bot_level = level

    def table_options(self) -> dict:
        """The table's own options (``hints``), as the host last said."""
        return (self.session.lobby or {}).get("table_options") or {}

    def table_options_text(self) -> str:
        """``"Hints: off"``: the table options in words, for everyone in the lobby."""
        values = self.table_options()
        return "  ·  ".join(
            option_words(o.label, o.word(values.get(o.name, o.default))) for o in TABLE_OPTIONS
        )

    def _set_hints(self, value: bool) -> None:
        self.app.send({"t": "set_option", "name": "hints", "value": bool(value)})

    def _add_bot(self, seat: int):
        return lambda: self.app.send({"t": "add_bot", "seat": seat, "level": self.bot_level})

    def _remove_bot(self, seat: int):
        return lambda: self.app.send({"t": "remove_bot", "seat": seat})

    def toggle_ready(self) -> None:
        self.app.send({"t": "ready", "ready": not self.session.ready})

    def rematch(self) -> None:
        self.app.send({"t": "rematch"})

    def start(self) -> None:
        """Start now. At a table that runs itself with every seat taken, ready is enough: it
        starts the game, and a ``start`` after it would only be refused ("only possible in the
        lobby")."""
        self.app.send({"t": "ready", "ready": True})
        seats = self.seat_entries()
        if not (self.session.auto_start and not any(e.get("kind") == "open" for e in seats)):
            self.app.send({"t": "start"})

    def watch(self) -> None:
        """Give up the seat and watch: reconnect as a spectator."""
        self.reconnect(spectate=True)

    def take_seat(self) -> None:
        """A spectator sits down: reconnect as a player (the lobby then asks for a seat)."""
        self.reconnect(spectate=False)

    def reconnect(self, spectate: bool) -> None:
        if self.target is None:
            return
        host, port = self.target
        self.app.send({"t": "leave"})
        self.forget_seat()
        self.app.session.reset()
        self.spectate = spectate
        self.asked_seat = False
        self.app.net().connect(host, port, player_name=self.app.settings.name, spectate=spectate)

    def leave_table(self) -> None:
        leave_table(self.app)

    def remember_seat(self) -> None:
        """Keep our seat's token on disk (a table on another machine only: our own embedded
        table ends with this client)."""
        session = self.session
        if self.target is None or session.hosted or session.seat is None:
            return
        if not session.token or not session.table_id or not session.lobby:
            return
        key = (session.token, session.table_id, session.seat, session.lobby.get("name"))
        if key == self.saved_seat:
            return
        book = seat_book(self.app)
        if book is None:
            return
        self.saved_seat = key
        host, port = self.target
        book.remember(
            SavedSeat(
                host=host,
                port=port,
                table=session.table_id,
                token=session.token,
                name=session.lobby.get("name") or "the table",
                game=session.lobby.get("game") or "",
                seat=session.seat,
                saved=time.time(),
            )
        )
        if book.message:
            self.app.toast(book.message, 6.0)  # (worded by the seat book)

    def forget_seat(self) -> None:
        book = seat_book(self.app) if self.target is not None else None
        if book is not None and self.session.table_id:
            book.forget(*self.target, self.session.table_id)
        self.saved_seat = None

    def back(self) -> None:
        self.leave_table()

    # ------------------------------------------------------------------ scene

    def on_net(self, item: dict) -> None:
        if item.get("t") == "error" and item.get("code") not in FATAL:
            # worded from its code (a fatal one ends at Join, in words)
            self.app.toast(error_notice(item) or item.get("message", "error"))
        if item.get("t") == "connection":
            self.connection_said = reason_notice(item)  # why, for the "Joining…" heading
            if item.get("state") == "lost":
                self.app.toast(LOST_NOTICE)
        connection_ended(self.app, item)

    def update(self, dt: float) -> None:
        super().update(dt)
        session = self.session
        lobby = session.lobby
        signature = repr((lobby, session.is_host, session.seat))
        if signature != self.signature:
            self.signature = signature
            self.build()
            self.remember_seat()
        lobby_open = lobby and lobby.get("status") == "lobby"
        if lobby_open and session.seat is None and not self.spectate and not self.asked_seat:
            self.asked_seat = True  # joined as a player: take the first open seat
            self.app.send({"t": "sit", "seat": None})
        if lobby_open and self.auto_start and session.is_host and self.started_for != signature:
            self.started_for = signature
            self.start()
        if session.table_queue and (
            session.status == "playing" or (session.status == "over" and session.seat is not None)
        ):
            from chabudai.game.scenes.table import TableScene

            self.app.push(TableScene(self.app))
        elif session.table_queue and session.status == "over":
            session.table_queue.clear()  # it ended before we came: the lobby, not its results

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event):
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        session = self.session
        lobby = session.lobby
        backdrop(surface, lobby.get("game") if lobby else None, 90)
        if self.auto_start and (not lobby or lobby.get("status") != "over"):
            # solo: the lobby fills itself; the player only sees the cards being shuffled (no
            # network words while the embedded host starts: there is no network to speak of)
            theme.draw_text(
                surface, _("Shuffling the cards…"), (640, 340), 40, role="title", anchor="center"
            )
            theme.draw_text(
                surface,
                _("Esc: back to the title"),
                (640, 700),
                16,
                theme.MUTED,
                anchor="midbottom",
            )
            return
        if not lobby:
            waiting = session.connection == "connecting" and session.connection_reason
            if waiting:
                sub = said(self.connection_said) or session.connection_reason
            elif self.target:
                sub = _("Calling {address}").format(address=f"{self.target[0]}:{self.target[1]}")
            else:
                sub = _("Calling the table")
            heading(surface, _("Joining…"), sub)
            self.form.draw(surface)
            return
        players = len(lobby.get("seats") or []) or None  # options for other counts are left out
        options = options_text(lobby.get("game", ""), lobby.get("options") or {}, players)
        settings = "  ·  ".join(t for t in (options, self.table_options_text()) if t)
        heading(
            surface,
            lobby.get("name") or _("Table"),
            f"{game_title(lobby.get('game', ''))}  ·  {settings}",
        )
        panel = pygame.Rect(250, 170, 800, self.panel_bottom - 170)
        theme.panel(surface, panel, 180)
        mid = min(22, self.row_h // 2 - 1)
        for y, entry in self.rows:
            seat = entry.get("seat")
            kind = entry.get("kind")
            if kind == "open":
                name, color = _("open seat"), theme.MUTED
            elif kind == "bot":
                level = entry.get("level")
                twins = [e for e in self.rows if e[1].get("kind") == "bot"]
                twins = [e for e in twins if e[1].get("level") == level]
                name, color = bot_name(level, seat, len(twins) > 1), theme.CREAM
            else:
                # Translators: a seated player whose name is not known
                name, color = entry.get("name") or _("player"), theme.CREAM
            host_seat = seat == lobby.get("host_seat")
            if seat == session.seat and host_seat:
                # Translators: the player's own seat in the lobby, as the host ("Mira (you) · host")
                name = _("{name}  (you)  · host").format(name=name)
            elif seat == session.seat:
                # Translators: the player's own seat in the lobby ("Mira (you)")
                name = _("{name}  (you)").format(name=name)
            elif host_seat:
                name = _("{name}  · host").format(name=name)
            theme.draw_text(
                surface,
                _("Seat {number}").format(number=seat + 1),
                (280, y + mid),
                20,
                theme.MUTED,
                anchor="midleft",
            )
            theme.draw_text(surface, name, (380, y + mid), 24, color, anchor="midleft")
            ready = kind == "bot" or entry.get("ready")
            if kind != "open":
                # Translators: a seat's mark in the lobby
                mark = _("ready") if ready else _("not ready")
                colour = theme.GREEN if ready else theme.MUTED
                pygame.draw.circle(surface, colour, (700, y + mid), 8, 0 if ready else 2)
                theme.draw_text(surface, mark, (716, y + mid), 18, colour, anchor="midleft")
            if kind == "human" and not entry.get("connected", True):
                # Translators: a seated player whose connection is gone for now
                away = _("away")
                theme.draw_text(surface, away, (800, y + mid), 18, theme.WARN, anchor="midleft")
        note = self.note()
        if note:
            theme.draw_text(
                surface, note, (640, panel.bottom + 10), 20, theme.GOLD, anchor="midtop"
            )
        if session.hosted and not self.auto_start:
            y = 612 if self.controls_y + 58 <= 612 else panel.bottom + 10
            for index, line in enumerate(self.address_lines()):
                size, colour = (20, theme.CREAM) if index == 0 else (16, theme.MUTED)
                theme.draw_text(surface, line, (640, y), size, colour, anchor="midtop")
                y += size + 6
        self.form.draw(surface)
        footer(surface)
