"""Join: the live list of tables found on the network, plus a ``host:port`` field (a host alone
means the standard port, where tables hosted from the client and ``chabudai host`` listen).

The discovery browser keeps running while this screen is open; the list updates as tables appear
and vanish. Tables the browser could not reach over TCP are greyed out, and dropped from the list
once they have stayed unreachable for :data:`DROP_UNREACHABLE` seconds (a host that died without
a goodbye). A seat this player holds at a table (:mod:`chabudai.game.seats_saved`) is offered
first: "Back to your seat at Kitchen table" reclaims it with its token.

A connection that ends for good (nothing answers the address, the table was restarted and the
seat is gone) comes back here with the reason in words and the address kept
(:func:`back_to_join`).
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from chabudai.game import seats_saved, theme, ui
from chabudai.game.scene import Scene
from chabudai.game.scenes.common import backdrop, footer, game_title, heading
from chabudai.game.settings import config_path
from chabudai.i18n import N_, Notice, _, ngettext, said
from chabudai.net.client import ERROR_WORDS, REASONS, AddressError
from chabudai.net.client import parse_address as net_parse_address
from chabudai.net.protocol import DEFAULT_PORT

ROWS = 5  # tables listed; more are reached by typing an address
LOST_NOTICE = Notice(N_("Connection lost: reconnecting…"))  # the one toast of a drop
ENDED = N_("The connection to the table ended.")
DROP_UNREACHABLE = 15.0  # seconds a table may stay unreachable before it leaves the list


def error_notice(frame: dict[str, Any]) -> str:
    """A host's ``error`` frame as a :class:`Notice` worded from its ``code`` in the player's
    language (its English ``message`` for a code this client does not know: a newer host)."""
    msgid = ERROR_WORDS.get(str(frame.get("code")))
    if msgid is None:
        return str(frame.get("message") or frame.get("code") or "")
    return Notice(msgid)


def reason_notice(item: dict[str, Any], fallback: str = "") -> str:
    """Why a connection failed or ended (a ``connection`` notice's ``reason_id`` and ``args``
    from :mod:`chabudai.net.client`) as a :class:`Notice` in the player's language; its English
    ``reason`` (else ``fallback``) when it carries no id this client knows."""
    reason_id, args = item.get("reason_id"), dict(item.get("args") or {})
    english = str(item.get("reason") or fallback)
    if reason_id == "error":  # a fatal error frame from the host
        return error_notice(args) or english
    msgid = REASONS.get(str(reason_id))
    if msgid is None:
        return english
    if isinstance(args.get("refusal"), dict):
        args["refusal"] = error_notice(args["refusal"])
    try:
        return Notice(msgid, **args)
    except (KeyError, IndexError, ValueError):
        return english


def seat_book(app) -> seats_saved.SeatBook | None:
    """The app's saved seats, read afresh; None for a client that keeps no files (screenshots,
    autoplay)."""
    if app.offline or not app.save_settings:
        return None
    return seats_saved.SeatBook.open(seats_saved.seats_path(app.settings_path or config_path()))


def back_to_join(app, address: str, message: str) -> None:
    """Leave the table and show Join with ``message`` and ``address`` in its field."""
    app.reset_to_title()
    app.toasts = [t for t in app.toasts if t[0] != LOST_NOTICE]  # Join says what happened
    app.push(JoinScene(app, address=address, error=message))


def leave_table(app) -> None:
    """Give the seat up for good (``leave``), forget its saved token, go back to the title."""
    app.send({"t": "leave"})
    lobby = next((s for s in app.stack if s.name == "lobby"), None)
    if lobby is not None:
        lobby.forget_seat()
    app.reset_to_title()


def connection_ended(app, item: dict[str, Any]) -> bool:
    """Handle a ``connection`` notice that says the connection ended for good; True if it did.

    A deliberate close (``cause`` None) is not an end: leaving, or switching to watching, closes
    the old connection on purpose. A table that no longer knows our token forgets the saved seat.
    """
    if item.get("t") != "connection" or item.get("state") != "closed" or not item.get("cause"):
        return False
    lobby = next((s for s in reversed(app.stack) if s.name == "lobby"), None)
    target = getattr(lobby, "target", None)
    if target is None:  # our own embedded table: nowhere to go back to but the title
        app.reset_to_title()
        app.toast(reason_notice(item) or Notice(ENDED), 8.0)
        return True
    host, port = target
    if item.get("cause") == "bad_token":
        book = seat_book(app)
        if book is not None:
            book.forget(host, port)
    address = f"{host}:{port}" if port != DEFAULT_PORT else host
    back_to_join(app, address, reason_notice(item) or Notice(ENDED))
    return True


def parse_address(text: str) -> tuple[str, int]:
    """``"host:port"`` or just ``"host"`` (the standard port) → ``(host, port)``;
    :class:`~chabudai.net.client.AddressError` (a ``ValueError``) with a message for a player."""
    if not text.strip():
        raise AddressError(
            N_("type the host's address, for example 192.168.1.20:{port}"), port=DEFAULT_PORT
        )
    return net_parse_address(text, DEFAULT_PORT)


class JoinScene(Scene):
    name = "join"

    def __init__(self, app, address: str = "", error: str = "") -> None:
        super().__init__(app)
        self.found: list[dict] = []  # every table the browser reports
        self.tables: list[dict] = []  # the ones listed (long-unreachable ones left out)
        self.unreachable_since: dict[str, float] = {}  # tid -> when first seen unreachable
        self.error = error
        self.watch = False
        self.browsing = False
        book = seat_book(app)
        self.saved: list[seats_saved.SavedSeat] = book.seats if book else []
        self.initial_address = address
        self.build()
        if address:  # back after a failure: Enter tries the address again
            self.form.focus_on(self.address)

    def enter(self) -> None:
        if not self.browsing and not self.app.offline:
            try:
                self.app.net().start_browsing()
                self.browsing = True
            except (OSError, RuntimeError) as error:
                self.error = Notice(N_("Cannot look for tables: {error}"), error=str(error))

    def leave(self) -> None:
        if self.browsing and self.app.bridge is not None:
            self.app.bridge.stop_browsing()
        self.browsing = False

    def build(self) -> None:
        focus = getattr(self, "form", None)
        old_focus = focus.focus if focus else 0
        form = ui.Form()
        self.rows: list[tuple[ui.Button, dict]] = []
        for i, table in enumerate(self.listed()[:ROWS]):
            button = ui.Button(
                (160, 156 + i * 64, 960, 58),
                "",
                self._join_table(table),
                enabled=bool(table.get("reachable", True)),
            )
            self.rows.append((button, table))
            form.add(button)
        old_text = self.address.text if hasattr(self, "address") else self.initial_address
        self.address = form.add(
            ui.TextField(
                (160, 530, 640, 46),
                N_("Address"),
                old_text,
                60,
                self.join_address,
                # Translators: the address field's placeholder: what to type
                N_("host:port"),
                label_width=120,
            )
        )
        # Translators: the button that joins the table at the address typed
        form.add(ui.Button((820, 526, 140, 54), N_("Join"), self.join_address, accent=True))
        self.watch_choice = form.add(
            ui.Choice(
                (160, 592, 420, 44),
                N_("Join as"),
                [(False, N_("player")), (True, N_("spectator"))],
                self.watch,
                self._set_watch,
                label_width=120,
            )
        )
        form.add(ui.Button((980, 526, 140, 54), N_("Back"), self.app.pop))
        form.focus = min(old_focus, len(form.widgets) - 1)
        self.form = form

    def _set_watch(self, value: bool) -> None:
        self.watch = value

    def saved_for(self, table: dict) -> seats_saved.SavedSeat | None:
        return next((s for s in self.saved if s.table == table.get("tid")), None)

    def listed(self) -> list[dict]:
        """The rows: the tables found, a table where we hold a seat first; a saved seat whose
        table is not (yet) found is listed too, by its address."""
        rows = sorted(self.tables, key=lambda t: self.saved_for(t) is None)
        latest = self.saved[0] if self.saved else None
        if latest is not None and not any(t.get("tid") == latest.table for t in rows):
            rows.insert(
                0,
                {"tid": latest.table, "name": latest.name, "game": latest.game,
                 "host": latest.host, "port": latest.port, "saved_only": True},
            )  # fmt: skip
        return rows

    def _join_table(self, table: dict):
        saved = self.saved_for(table)
        address = table["host"], int(table["port"])  # where the browser reached it just now
        if saved is not None:
            return lambda: self.connect(*address, token=saved.token)
        return lambda: self.connect(*address)

    def reclaim(self, saved: seats_saved.SavedSeat) -> None:
        """Back to a seat we hold: connect with its token (the host answers with the seat)."""
        self.connect(saved.host, saved.port, token=saved.token)

    def join_address(self) -> None:
        try:
            host, port = parse_address(self.address.text)
        except AddressError as error:
            self.error = error.notice
            return
        except ValueError as error:
            self.error = str(error)
            return
        self.connect(host, port)

    def connect(self, host: str, port: int, token: str | None = None) -> None:
        from chabudai.game.scenes.lobby import LobbyScene

        self.error = ""
        spectate = self.watch and token is None
        bridge = self.app.net()
        bridge.connect(
            host, port, player_name=self.app.settings.name, token=token, spectate=spectate
        )
        self.app.push(LobbyScene(self.app, target=(host, port), spectate=spectate))

    def on_net(self, item: dict) -> None:
        if item.get("t") == "tables":
            self.found = list(item.get("tables") or [])
            self.refresh()

    def refresh(self) -> None:
        """List the tables found, leaving out those unreachable for too long."""
        now = time.monotonic()
        for table in self.found:
            if table.get("reachable", True):
                self.unreachable_since.pop(table.get("tid"), None)
            else:
                self.unreachable_since.setdefault(table.get("tid"), now)
        listed = [
            t
            for t in self.found
            if now - self.unreachable_since.get(t.get("tid"), now) < DROP_UNREACHABLE
        ]
        if listed != self.tables:
            self.tables = listed
            self.build()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.unreachable_since:
            self.refresh()

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event):
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, None, 90)
        heading(surface, _("Join a table"), _("tables on your network appear here by themselves"))
        if not self.rows:
            dots = "." * (1 + int(self.time * 2) % 3)
            theme.draw_text(
                surface,
                _("Looking for tables") + dots,
                (640, 260),
                26,
                theme.MUTED,
                anchor="center",
            )
        self.form.draw(surface)
        for button, table in self.rows:
            r = button.rect
            reachable = table.get("reachable", True)
            color = theme.CREAM if reachable else theme.GREY
            # Translators: a table's state in the Join list
            status = _("playing") if table.get("st") == "playing" else _("in the lobby")
            saved = self.saved_for(table)
            if saved is not None:
                status = _("your seat") if table.get("saved_only") else status
                color = theme.GOLD if reachable else theme.GREY
            title = table.get("name") or _("table")
            theme.draw_text(
                surface,
                _("Back to your seat at {table}").format(table=title)
                if saved is not None
                else title,
                (r.x + 20, r.y + 4),
                22,
                color,
            )
            theme.draw_text(
                surface,
                game_title(table.get("game", "")),
                (r.x + 420, r.centery),
                20,
                color,
                anchor="midleft",
            )
            if "seats" in table:
                theme.draw_text(
                    surface,
                    ngettext(
                        "{open}/{seats} seat open", "{open}/{seats} seats open", table["seats"]
                    ).format(open=table.get("open", 0), seats=table["seats"]),
                    (r.x + 580, r.centery),
                    18,
                    color,
                    anchor="midleft",
                )
            theme.draw_text(
                surface,
                status if reachable else _("unreachable"),
                (r.x + 780, r.centery),
                18,
                theme.GOLD if reachable else theme.GREY,
                anchor="midleft",
            )
            theme.draw_text(
                surface,
                f"{table.get('host')}:{table.get('port')}",
                (r.x + 20, r.bottom - 4),
                15,
                theme.MUTED,
                anchor="bottomleft",
                shadow=False,
            )
        more = len(self.listed()) - ROWS
        if more > 0:
            theme.draw_text(
                surface,
                ngettext(
                    "and {n} more: type an address below",
                    "and {n} more: type an address below",
                    more,
                ).format(n=more),
                (640, 500),
                16,
                theme.MUTED,
                anchor="midbottom",
            )
        if self.error:
            theme.draw_text(surface, said(self.error), (640, 646), 18, theme.WARN, anchor="midtop")
        footer(surface)
