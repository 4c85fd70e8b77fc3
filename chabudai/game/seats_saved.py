"""Seat tokens kept on disk, so a player whose client crashed or was closed gets their seat back.

A table's ``welcome`` gives the player a seat token (docs/PROTOCOL.md, section 7); ``hello`` with
it reclaims the seat, even from a new process. The tokens live in ``seats.json`` beside the
settings file (the folder of :func:`chabudai.game.settings.config_path`), one entry per host
address and table id, newest first. The file is written atomically; one that cannot be read is
set aside as ``seats.json.bad`` (nothing in it is lost) with a message for the player (a
:class:`~chabudai.i18n.Notice`, worded in the player's language where it is shown), and
the book starts empty. Tokens are secrets: they are never shown.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from chabudai.game.settings import write_json
from chabudai.i18n import N_, Notice

FILE_NAME = "seats.json"
KEEP = 8  # entries kept, newest first
MAX_AGE = 7 * 24 * 3600.0  # seconds an entry is kept without being used


@dataclass(frozen=True)
class SavedSeat:
    host: str  # the address the client connected to
    port: int
    table: str  # the table id
    token: str
    name: str  # the table's name, for "Back to your seat at <name>"
    game: str
    seat: int
    saved: float  # time.time() when last written

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.host, self.port, self.table)

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


def seats_path(settings_path: Path) -> Path:
    """Where the seat tokens live: beside the settings file."""
    return settings_path.with_name(FILE_NAME)


class SeatBook:
    """The saved seats of one settings folder; every change is written at once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.seats: list[SavedSeat] = []
        self.message: Notice | None = None  # what went wrong reading or writing, for the player

    @classmethod
    def open(cls, path: Path) -> SeatBook:
        book = cls(path)
        book.load()
        return book

    def load(self) -> None:
        """Read the file; a damaged one is moved aside (``.bad``) and the book starts empty."""
        self.seats = []
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except OSError as error:
            message = N_("Could not read your saved seats ({reason}).")
            self.message = Notice(message, reason=error.strerror)
            return
        try:
            self.seats = parse(text)
        except (ValueError, TypeError, KeyError) as error:
            reason = (
                error.args[0] if error.args and isinstance(error.args[0], Notice) else str(error)
            )
            bad = self.path.with_name(self.path.name + ".bad")
            try:
                os.replace(self.path, bad)
            except OSError:
                message = N_("The saved seats file {path} is damaged ({reason}).")
                self.message = Notice(message, path=str(self.path), reason=reason)
            else:
                message = N_(
                    "The saved seats file {path} is damaged ({reason}). "
                    "The old file is kept as {bad}."
                )
                self.message = Notice(message, path=str(self.path), reason=reason, bad=str(bad))
        now = time.time()
        self.seats = [s for s in self.seats if now - s.saved < MAX_AGE][:KEEP]

    def latest(self) -> SavedSeat | None:
        return self.seats[0] if self.seats else None

    def find(
        self, table: str, host: str | None = None, port: int | None = None
    ) -> SavedSeat | None:
        """The seat saved for table id ``table`` (at ``host:port`` when given)."""
        for seat in self.seats:
            if seat.table == table and host in (None, seat.host) and port in (None, seat.port):
                return seat
        return None

    def remember(self, seat: SavedSeat) -> None:
        """Keep ``seat`` first, replacing the entry of the same host, port and table, and one of
        the same token (the same seat, reached at another of the host's addresses)."""
        if self.seats and self.seats[0] == seat:
            return
        others = [s for s in self.seats if s.key != seat.key and s.token != seat.token]
        self.seats = [seat] + others[: KEEP - 1]
        self.write()

    def forget(self, host: str, port: int, table: str | None = None) -> None:
        """Drop the seat(s) saved for ``host:port`` (only table ``table`` when given)."""
        kept = [
            s
            for s in self.seats
            if not (s.host == host and s.port == port and table in (None, s.table))
        ]
        if kept != self.seats:
            self.seats = kept
            self.write()

    def write(self) -> None:
        try:
            write_json(self.path, {"version": 1, "seats": [asdict(s) for s in self.seats]})
        except OSError as error:
            self.message = Notice(N_("Could not save your seat ({reason})."), reason=error.strerror)


def parse(text: str) -> list[SavedSeat]:
    """The seats of a file's text; ``ValueError``/``TypeError``/``KeyError`` if it is damaged."""
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ValueError(Notice(N_("it does not hold a list of seats")))
    names = {f.name: f.type for f in fields(SavedSeat)}
    seats = []
    for raw in data["seats"]:
        if not isinstance(raw, dict) or set(raw) != set(names):
            raise ValueError(Notice(N_("a seat entry has the wrong fields")))
        seat = SavedSeat(
            host=str(raw["host"]),
            port=int(raw["port"]),
            table=str(raw["table"]),
            token=str(raw["token"]),
            name=str(raw["name"]),
            game=str(raw["game"]),
            seat=int(raw["seat"]),
            saved=float(raw["saved"]),
        )
        if not (seat.host and seat.token and seat.table and 0 < seat.port < 65536):
            raise ValueError(Notice(N_("a seat entry is incomplete")))
        seats.append(seat)
    return seats
