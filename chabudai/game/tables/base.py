"""What every game's table view offers the table scene, autoplay and the screenshot tool."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from chabudai.i18n import N_


@dataclass
class ResultSheet:
    """A finished game as the results screen shows it: one column per seat.

    ``rows`` are the rounds (label, one cell per seat, a note such as the yaku that scored);
    ``totals`` the final line; ``footer`` explains the end (the reason, a tie-break). The labels
    are marked with ``N_`` and translated where the sheet is drawn; the notes and the footer
    are worded (translated) when the sheet is made.
    """

    round_label: str
    rows: list[tuple[str, list[str], str]]
    totals: list[str]
    # Translators: a score sheet's last row: each player's total
    total_label: str = N_("Total")
    footer: str = ""


def scores_sheet(result: dict[str, Any], name_of: Callable[[int | None], str]) -> ResultSheet:
    """The plain sheet: each round's points when the result lists them, then the scores."""
    rows = []
    for number, entry in enumerate(result.get("rounds", []), start=1):
        points = entry.get("points")
        if isinstance(points, list):
            rows.append((str(entry.get("round", number)), [str(p) for p in points], ""))
    # Translators: a score sheet's first column heading: the round's number
    return ResultSheet(N_("Round"), rows, [str(s) for s in result.get("scores", [])])


@dataclass
class TableContext:
    """What a table view needs from the app, without knowing the app."""

    seat: int | None
    submit: Callable[[Any], None]  # send a move to the host
    name_of: Callable[[int | None], str] = lambda seat: f"Seat {seat}"  # the app names seats
    kind_of: Callable[[int | None], str] = lambda seat: "human"
    # the lobby's entry for a seat: kind, level, connected (empty when unknown)
    seat_info: Callable[[int | None], dict[str, Any]] = lambda seat: {}
    sound: Callable[[str], None] = lambda name: None
    speed: Callable[[], float] = lambda: 1.0
    # ask the host for a hint (docs/PROTOCOL.md section 5a) comparing with the move given (or
    # None); None: no host to ask (the table thinks for itself, kit/hint.py)
    ask_hint: Callable[[Any], None] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class TableView(ABC):
    """Base class: a game's table. Subclasses implement drawing, layout and input."""

    game = ""
    help_title = ""
    help_text = ""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    @abstractmethod
    def snapshot(self, view: dict[str, Any], legal: Sequence[Any] = ()) -> None:
        """Show ``view`` as it is (start, or resync after a gap): no animation. ``legal`` is the
        host's list of the moves our seat may send in ``view`` (docs/PROTOCOL.md)."""

    @abstractmethod
    def apply_update(
        self, events: list[dict[str, Any]], view: dict[str, Any], legal: Sequence[Any] = ()
    ) -> None:
        """Queue the events of one move for animation, then settle on ``view`` and the host's
        ``legal`` moves in it."""

    @abstractmethod
    def game_over(self, result: dict[str, Any]) -> None:
        """The host's final result; ``finished`` turns True once everything has been shown."""

    def rejected(self, reason: str) -> None:
        """The host refused our move."""

    def close_overlay(self) -> bool:
        """Esc: close an open overlay (help, a reference table); False when none was open."""
        return False

    @property
    @abstractmethod
    def idle(self) -> bool:
        """No queued events and no running animation."""

    @property
    @abstractmethod
    def finished(self) -> bool:
        """True once the game is over and everything has been shown."""

    @abstractmethod
    def handle(self, event: pygame.event.Event) -> bool:
        """React to one input event; True if the table used it."""

    @abstractmethod
    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    @abstractmethod
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table on the logical 1280 x 720 surface."""

    @property
    def still(self) -> bool:
        """Nothing on the table moves or changes now: the scene may run slower."""
        return False

    def needs_redraw(self) -> bool:
        """Whether the picture differs from the last drawing (False: the frame may be skipped)."""
        return True

    @abstractmethod
    def clicks_for(self, move: Any) -> list[tuple[int, int]]:
        """Screen positions to click, in order, to make ``move`` (autoplay, tests)."""

    @abstractmethod
    def legal_moves(self) -> list[Any]:
        """The moves the player's seat may make now: the host's ``legal`` list of the displayed
        view (never worked out by the client)."""
