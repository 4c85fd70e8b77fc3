"""What a table shows over its cards: score pop-ups, banners, the reason line, the move log,
seat badges, the summary panel and the how-to-play overlay.

These are small value objects plus the functions that draw them; the table base class
(:mod:`chabudai.game.tables.kit.table`) owns them and advances their timers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from chabudai.game import theme, ui
from chabudai.game.tables.base import ResultSheet
from chabudai.game.tables.kit import text
from chabudai.game.tables.kit import text as text_fit  # where a local is called ``text``
from chabudai.game.tables.kit.geometry import Rect
from chabudai.game.ui import (
    draw_help as draw_help,  # the how-to-play overlay, shared with the menus
)
from chabudai.i18n import N_, _, language, ngettext

HELP_BUTTON: Rect = (1216, 660, 48, 48)
REFERENCE_BUTTON: Rect = (1090, 662, 116, 44)  # left of the help button (a game's reference)
REASON_SECONDS = 2.8
REASON_WIDTH = 1000  # the widest a reason's plate grows (a longer reason wraps, then shrinks)
BANNER_BAND = (120, 24, 20, 215)


class Popup:
    """A short text that rises and fades (points scored, a yaku made)."""

    def __init__(
        self,
        text: str,
        pos,
        color=theme.GOLD,
        size: int = 30,
        plate: bool = False,
        anchor: str = "topleft",
    ) -> None:
        self.text = text
        self.pos = pygame.FRect(pos[0], pos[1], 0, 0)
        self.color = color
        self.size = size
        self.plate = plate  # a dark plate behind the text, to read it over busy cards
        self.anchor = anchor  # the point of the text at ``pos``: "topright" ends it there
        self.alpha = 255.0

    def fitted_size(self) -> int:
        """Its size, shrunk so that a long text (a German yaku name) stays on the screen."""
        x = self.pos.x
        room = x - 10 if self.anchor.endswith("right") else 1270 - x
        if self.anchor in ("center", "midtop", "midbottom"):
            room = 2 * min(x - 10, 1270 - x)
        return ui.fitting(self.text, self.size, max(40, int(room)), smallest=14)

    def rect(self) -> pygame.Rect:
        """Where the text is now (measured when drawn, so an event never needs a font)."""
        w, h = theme.text_size(self.text, self.fitted_size(), "title")
        rect = pygame.Rect(0, 0, w, h)
        setattr(rect, self.anchor, (round(self.pos.x), round(self.pos.y)))
        return rect

    def step(self, dt: float) -> bool:
        """Advance; False once it has faded."""
        self.pos.y -= 28 * dt
        self.alpha -= 150 * dt
        return self.alpha > 0

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect()
        if self.plate:
            plate = rect.inflate(20, 4)
            theme.panel(surface, plate, int(min(210.0, self.alpha)) // 30 * 30, 10)
        theme.draw_text(
            surface,
            self.text,
            rect.topleft,
            self.fitted_size(),
            self.color,
            role="title",
            alpha=max(0, int(self.alpha)),
        )


class Banner:
    """A big moment across the table (KOI-KOI!, a fool, a round won): grows in, holds, goes."""

    def __init__(
        self,
        text: str,
        sub: str = "",
        color=theme.GOLD,
        band=BANNER_BAND,
        seconds: float = 1.7,
    ) -> None:
        self.text = text
        self.sub = sub
        self.color = color
        self.band = band
        self.seconds = seconds
        self.scale = 0.2  # tweened to 1 with an overshoot when shown
        self.life = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 70)
        grow = min(1.0, self.life * 4)
        band = pygame.Rect(0, 0, 1280, int(190 * grow))
        band.center = (640, 340)
        strip = pygame.Surface(band.size, pygame.SRCALPHA)
        strip.fill(self.band)
        surface.blit(strip, band)
        pygame.draw.line(surface, theme.GOLD, band.topleft, band.topright, 3)
        pygame.draw.line(surface, theme.GOLD, band.bottomleft, band.bottomright, 3)
        text = theme.render_text(self.text, 96, self.color, "title")
        scale = max(0.05, self.scale) * min(1.0, 1200 / max(1, text.get_width()))  # fits the band
        size = (max(1, int(text.get_width() * scale)), max(1, int(text.get_height() * scale)))
        shadow = pygame.transform.smoothscale(
            theme.render_text(self.text, 96, theme.SHADOW, "title"), size
        )
        image = pygame.transform.smoothscale(text, size)
        rect = image.get_rect(center=(640, 320))
        surface.blit(shadow, rect.move(5, 6))
        surface.blit(image, rect)
        if self.sub:
            at = (640, rect.bottom + 12)
            text_fit.draw_line(surface, self.sub, at, 1200, 26, theme.CREAM, anchor="midtop")


@dataclass
class Reason:
    """The one-line explanation under an illegal click ("Follow the lead colour: …")."""

    text: str = ""
    left: float = 0.0

    def say(self, text: str) -> None:
        self.text, self.left = text, REASON_SECONDS

    def step(self, dt: float) -> None:
        self.left -= dt

    def draw(self, surface: pygame.Surface, centre: tuple[int, int] = (640, 446)) -> None:
        if self.left <= 0 or not self.text:
            return
        laid = text.fit(self.text, REASON_WIDTH - 32, None, 20, 14, max_lines=2)
        rect = pygame.Rect(0, 0, laid.width + 32, max(34, laid.height + 10))
        rect.center = centre
        theme.panel(surface, rect, 235, 10)
        text.draw(surface, self.text, rect.inflate(-32, -10), laid.size, theme.CREAM,
                  align="center", valign="middle", fitted=laid)  # fmt: skip


@dataclass
class MoveLog:
    """What happened this game, newest at the bottom: ``size`` rows show, and the player can
    scroll back over the whole game (the wheel over the log, Page Up / Page Down; End returns
    to the newest).

    A line wider than the log wraps at word boundaries onto the next row (indented), laid by
    the kit's text helper. Text is never smaller than ``TEXT_SIZE``.
    """

    size: int = 5
    lines: list[str] = field(default_factory=list)
    # what each line was made from: its text, or a function that words it in the current
    # language (the lines are worded again after a change of language)
    sources: list[Any] = field(default_factory=list, repr=False, compare=False)
    language: str = field(default_factory=language)  # the language the lines are worded in
    back: int = 0  # rows scrolled back from the newest
    area: pygame.Rect | None = None  # where it was drawn last (the wheel scrolls over it)
    # width → (each line's rows, all rows flat): wrapped once per line and width
    _wrapped: dict = field(default_factory=dict, repr=False, compare=False)

    TEXT_SIZE = 15
    ROW = 19

    def add(self, line: str | Callable[[], str]) -> None:
        """A line (or a function that words it, called now and after a change of language)."""
        worded = line() if callable(line) else line
        if worded:
            self.sources = self.sources[: len(self.lines)]
            self.lines.append(worded)
            self.sources.append(line)

    def reword(self) -> None:
        """After a change of language: every line worded again in the new one."""
        now = language()
        if now == self.language:
            return
        self.language = now
        if len(self.sources) == len(self.lines) and any(callable(s) for s in self.sources):
            self.lines = [s() if callable(s) else s for s in self.sources]
            self._wrapped.clear()

    def all_rows(self, width: int) -> list[tuple[str, bool]]:
        """Every row of the game for ``width`` pixels: ``(text, fresh)``, the newest line's
        rows fresh (wrapped once per line and width)."""
        self.reword()
        done, flat = self._wrapped.setdefault(width, ([], []))
        if len(done) > len(self.lines):  # the lines were replaced: wrap them afresh
            done.clear()
        if len(done) == len(self.lines) and (
            flat or not done
        ):  # drawn every frame: only a new line wraps anew
            return flat
        for line in self.lines[len(done) :]:
            indent = line[: len(line) - len(line.lstrip())]
            room = width - text.measure(indent + "  ", self.TEXT_SIZE)
            pieces = text.wrap(line.strip(), self.TEXT_SIZE, room)
            done.append([indent + ("  " if j else "") + piece for j, piece in enumerate(pieces)])
        last = len(done) - 1
        flat[:] = [(row, i == last) for i, rows in enumerate(done) for row in rows]
        return flat

    def rows(self, width: int) -> list[tuple[str, bool]]:
        """The rows showing now: ``size`` rows, ``back`` rows before the newest."""
        every = self.all_rows(width)
        self.back = max(0, min(self.back, len(every) - self.size))
        end = len(every) - self.back
        return every[max(0, end - self.size) : end]

    def scroll(self, rows: int) -> None:
        """Scroll ``rows`` back (negative: toward the newest)."""
        self.back = max(0, self.back + rows)

    def handle(self, event: pygame.event.Event) -> bool:
        """The wheel over the log, Page Up / Page Down and End scroll it; True when used."""
        if event.type == pygame.MOUSEWHEEL and self.area is not None:
            if self.area.collidepoint(pygame.mouse.get_pos()):
                self.scroll(event.y)
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        step = max(1, self.size - 1)
        moves = {pygame.K_PAGEUP: step, pygame.K_PAGEDOWN: -step}
        if event.key in moves:
            self.scroll(moves[event.key])
            return True
        if event.key == pygame.K_END and self.back:
            self.back = 0
            return True
        return False

    def draw(self, surface: pygame.Surface, pos: tuple[int, int], width: int = 262) -> None:
        x, y = pos
        shown = self.rows(width)
        self.area = pygame.Rect(x - 6, y - 4, width + 12, self.ROW * self.size + 8)
        if self.back:  # scrolled back: the top row says so, and how to come back
            theme.dim_rect(surface, self.area, 110)
            # Translators: the top row of the move log while scrolled back
            more = _("earlier moves  ·  Page Down or End: newest")
            text.draw_line(surface, more, (x, y), width, 13, theme.GOLD, min_size=12)
            y += self.ROW
            shown = shown[1:]
        for row, fresh in shown:
            color = theme.CREAM if fresh and not self.back else theme.MUTED
            text.draw_line(surface, row, (x, y), width, self.TEXT_SIZE, color, min_size=12)
            y += self.ROW


@dataclass
class Panel:
    """A modal panel over the table (a round summary): the body is drawn by the table.

    It stays until clicked (or a key) at every animation speed: nothing times it out (the kit's
    clock; a spectator's summary is the kit's one exception, ``WATCHER_PANEL``).
    """

    title: str
    body: Callable[[pygame.Surface, pygame.Rect], None]
    rect: Rect = (340, 170, 600, 330)
    seconds: float | None = None
    hint: str = N_("click to continue")  # translated when drawn (so is the title)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 110)
        rect = pygame.Rect(self.rect)
        theme.panel(surface, rect, 245, 16)
        text.draw_line(surface, _(self.title), (rect.centerx, rect.y + 18), rect.w - 40, 34,
                       theme.GOLD, role="title", anchor="midtop", min_size=18)  # fmt: skip
        self.body(surface, rect)
        if self.hint:
            text.draw_line(surface, _(self.hint), (rect.centerx, rect.bottom - 34), rect.w - 40,
                           16, theme.MUTED, anchor="midtop")  # fmt: skip


def draw_reference_button(
    surface: pygame.Surface, label: str, active: bool = False, rect: Rect = REFERENCE_BUTTON
) -> None:
    """The button that opens a game's reference overlay (Koi-Koi's yaku table); ``label`` is
    translated here (marked with ``N_`` by the caller) and shrinks to the button."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=rect.h // 2)
    edge = theme.GOLD if active else theme.PANEL_EDGE
    pygame.draw.rect(surface, edge, rect, 2, border_radius=rect.h // 2)
    label = _(label)
    size = ui.fitting(label, 18, rect.w - 14)
    theme.draw_text(surface, label, rect.center, size, theme.CREAM, anchor="center")


def draw_help_button(surface: pygame.Surface, rect: Rect = HELP_BUTTON) -> None:
    rect = pygame.Rect(rect)
    pygame.draw.circle(surface, theme.PANEL, rect.center, rect.w // 2)
    pygame.draw.circle(surface, theme.PANEL_EDGE, rect.center, rect.w // 2, 2)
    theme.draw_text(surface, "?", rect.center, 28, theme.CREAM, role="title", anchor="center")


# ---------------------------------------------------------------------- seat badges


@dataclass
class SeatBadge:
    """What a seat's badge says: who sits there, how they are doing, whether it is their turn."""

    name: str
    you: bool = False
    kind: str = "human"  # human or bot
    level: str | None = None
    connected: bool = True
    cards: int | None = None  # cards left in hand
    score: str = ""  # e.g. "-12", "2 penguins"
    note: str = ""  # a game's extra word: "dealer", "out 1st", "sits out"
    turn: bool = False
    thinking: bool = False  # a bot (or a player) deciding right now
    dimmed: bool = False
    icons: int = 0  # pixels at the right of the status row the game draws on (its hand)

    @property
    def who(self) -> str:
        if self.kind == "bot":
            level = BOT_LEVELS.get(self.level or "normal")
            if level is None:  # a level this client does not know: its code, as before
                return _("{level} bot").format(level=(self.level or "").capitalize())
            return _(level)
        # Translators: a seat badge's status line: a human sits at this seat
        return _("Player")


# A bot seat's badge by its level (chabudai/engines/bots levels).
BOT_LEVELS = {
    # Translators: a seat badge: the seat is played by a bot of this level
    "easy": N_("Easy bot"),
    # Translators: a seat badge: the seat is played by a bot of this level
    "normal": N_("Normal bot"),
    # Translators: a seat badge: the seat is played by a bot of this level
    "hard": N_("Hard bot"),
    # Translators: a seat badge: the seat is played by a bot that plays at random
    "random": N_("Random bot"),
}


def draw_seat_badge(
    surface: pygame.Surface, rect: Rect, badge: SeatBadge, time: float = 0.0
) -> None:
    """A seat's name box: name, human or bot level, connection, cards left, score, turn.

    Every text is laid with :mod:`~chabudai.game.tables.kit.text` into its part of the box:
    the score on the right of the name row, the cards left on the right of the status row,
    left of ``badge.icons`` pixels a game draws on itself (Nimalia's hand)."""
    rect = pygame.Rect(rect)
    theme.panel(surface, rect, 150 if badge.dimmed else 215, 12)
    if badge.turn:
        pygame.draw.rect(surface, theme.GOLD, rect, 3, border_radius=12)
    name_color = theme.MUTED if badge.dimmed else theme.CREAM
    inner = rect.w - 24
    score_w = 0
    if badge.score:
        score_w = text.draw_line(
            surface, badge.score, (rect.right - 12, rect.y + 8), inner // 3, 20, theme.GOLD,
            anchor="topright", min_size=14,
        ).w  # fmt: skip
    # Translators: a seat badge: the player's own name, marked as theirs
    name = _("{name} (you)").format(name=badge.name) if badge.you else badge.name
    room = inner - (score_w + 10 if score_w else 0)
    text.draw_line(surface, name, (rect.x + 12, rect.y + 8), room, 20, name_color, min_size=13)
    if not badge.connected:
        # Translators: a seat badge: the player lost the connection; the table waits
        status, color = _("offline: waiting"), theme.WARN
    elif badge.turn and badge.thinking:
        dots = "." * (1 + int(time * 3) % 3)
        # Translators: a seat badge while a bot (thinking) or a player (choosing) decides
        doing = _("thinking") if badge.kind == "bot" else _("choosing")
        status = doing + dots
        color = theme.GOLD
    elif badge.turn:
        # Translators: a seat badge: it is this seat's turn (yours / another player's)
        status, color = (_("your turn") if badge.you else _("to play")), theme.GOLD
    else:
        status, color = badge.who, theme.MUTED
    cards = ""
    if badge.cards is not None:
        # Translators: a seat badge: cards left in the hand
        cards = ngettext("{n} card", "{n} cards", badge.cards).format(n=badge.cards)
    room = inner - badge.icons
    if cards:
        right = rect.right - 12 - badge.icons
        room -= text.draw_line(
            surface, cards, (right, rect.y + 38), room // 2, 15, theme.CREAM, anchor="topright",
        ).w + 10  # fmt: skip
    line, size = fit_status(status, badge.note, room, droppable=status == badge.who)
    text.draw_line(surface, line, (rect.x + 12, rect.y + 38), room, size, color, min_size=size)


def fit_status(status: str, note: str, room: int, droppable: bool = True) -> tuple[str, int]:
    """A badge's status line and its text size within ``room`` pixels: status and note at 15
    px, else closer at 14 px, else only the note when the status just repeats who sits there
    (``droppable``), else only the status; the game's note never pushes the turn out."""
    if not note:
        return status, 15
    for line, size in ((f"{status}  ·  {note}", 15), (f"{status} · {note}", 14)):
        if not text.fit(line, room, None, size, size, max_lines=1).cut:
            return line, size
    return (note, 14) if droppable else (status, 15)


# ---------------------------------------------------------------------- score sheets

SHEET_ROWS = 12  # rounds listed at most; earlier ones are counted


def sheet_rows(rounds: int, room: int) -> tuple[int, int]:
    """How far apart a score sheet's rows are and how many rounds it lists within ``room``
    pixels: 28 apart, else 24, else the latest rounds (a row says "… n earlier")."""
    for step in (28, 24):
        if rounds * step <= room:
            return step, rounds
    return 24, max(1, min(rounds, SHEET_ROWS, room // 24 - 1))


def draw_result_sheet(
    surface: pygame.Surface,
    sheet: ResultSheet,
    headers: list[str],
    top: int = 150,
    bottom: int = 560,
    alpha: int = 200,
) -> pygame.Rect:
    """A score sheet (the results screen's, and the one opened during play): a column per
    seat headed by ``headers``, a row per round, the totals and the sheet's footer, in a
    panel from ``top`` that ends above ``bottom``. Every text is laid into its own cell by
    the kit's text helper: a long name wraps and shrinks within its column, never over the
    next; with many rounds the rows close up, then the earliest are counted."""
    players = len(sheet.totals)
    notes = any(note for _, _, note in sheet.rows)
    left, note_w = 150, (330 if notes else 60)
    col = min(170, (1220 - left - note_w) / max(players, 1))
    width = col * players + left + note_w
    x0 = 640 - width / 2 + left  # the panel centred on the screen
    head_h, total_h = 56, 66  # to the first row (two lines of a long name); rule and totals
    footer_h = 50 if sheet.footer else 0
    step, shown = sheet_rows(len(sheet.rows), bottom - top - head_h - total_h - footer_h)
    rows = sheet.rows[len(sheet.rows) - shown :]
    skipped = len(sheet.rows) - len(rows)
    height = step * (len(rows) + (1 if skipped else 0)) + head_h + total_h + footer_h
    frame = pygame.Rect(round(x0 - left), top, round(width), height)
    theme.panel(surface, frame, alpha)
    label_w = left - 30
    text.draw_line(surface, _(sheet.round_label), (x0 - 120, top + 20), label_w, 20, theme.MUTED)
    name_size = 20 if col >= 150 else 17
    for s, name in enumerate(headers):
        box = (round(x0 + col * s) + 3, top + 16, round(col) - 6, head_h - 26)
        text.draw(surface, name, box, name_size, theme.MUTED, min_size=12, align="center")
    y = top + head_h
    if skipped:
        # Translators: a score sheet's first row when the earliest rounds are left out
        earlier = ngettext("… {n} earlier", "… {n} earlier", skipped).format(n=skipped)
        text.draw_line(surface, earlier, (x0 - 120, y), label_w, 17, theme.MUTED)
        y += step
    cell_w = round(col) - 6
    for label, cells, note in rows:
        text.draw_line(surface, label, (x0 - 120, y), label_w, 20)
        for s, cell in enumerate(cells):
            at = (x0 + col * s + col / 2, y)
            text.draw_line(surface, cell, at, cell_w, 20, theme.CREAM, anchor="midtop")
        if note:
            at = (x0 + col * players + 20, y)
            text.draw_line(surface, note, at, note_w - 30, 17, theme.MUTED)
        y += step
    pygame.draw.line(
        surface, theme.PANEL_EDGE, (x0 - 130, y + 4), (x0 + col * players + 10, y + 4), 2
    )
    y += 14
    text.draw_line(surface, _(sheet.total_label), (x0 - 120, y), label_w, 24, theme.GOLD)
    for s, cell in enumerate(sheet.totals):
        at = (x0 + col * s + col / 2, y)
        text.draw_line(surface, cell, at, cell_w, 24, theme.GOLD, anchor="midtop")
    if sheet.footer:
        box = (frame.x + 20, y + 38, frame.w - 40, footer_h - 4)
        footer = _(sheet.footer)
        text.draw(surface, footer, box, 18, theme.CREAM, min_size=13, align="center")
    return frame


SHEET_KEY = pygame.K_s
# What every table's F1 help says about the score sheet and the move log's scroll-back.
HISTORY_HELP = N_(
    "The game so far: S (or the Scores button) opens the score sheet of the rounds played; "
    "Page Up / Page Down, or the mouse wheel over the move log, scroll back through every move "
    "of the game (End: back to the newest)."
)
SHEET_BUTTON: Rect = (964, 662, 116, 44)  # left of the reference button


CLOSING = N_("Any key or a click closes the sheet.")
NOTHING_YET = N_("No round has been scored yet. Any key or a click closes the sheet.")


class ScoreSheet:
    """The score sheet so far, opened during play (S or its button): each finished round by
    seat and the totals. A self-contained overlay: ``handle`` takes every event while it is
    open (any key or click closes it: ``closed``), ``draw`` paints it over the table."""

    def __init__(self, sheet: ResultSheet, headers: list[str], rounds: int = 0) -> None:
        self.sheet = sheet
        self.headers = headers
        self.rounds = rounds  # rounds played (the title says how many)
        self.closed = False

    @property
    def title(self) -> str:
        """The sheet's title in the current language."""
        if not self.rounds:
            return _("Score sheet")
        return ngettext(
            "Score sheet: {n} round played", "Score sheet: {n} rounds played", self.rounds
        ).format(n=self.rounds)

    @classmethod
    def of_table(cls, table: Any) -> ScoreSheet:
        """The sheet of a kit table's game so far, from its model's history of rounds."""
        from chabudai.game.tables import result_sheet

        model = table.model or {}
        rounds = model.get("rounds", model.get("history", []))
        scores = list(model.get("scores", []))
        result = {"rounds": rounds, "scores": scores, "winners": []}
        name_of = table.ctx.name_of
        sheet = replace(result_sheet(table.game, result, name_of), footer=CLOSING)
        players = len(sheet.totals)
        headers = [
            # Translators: a score sheet's column heading: the player's own name
            _("{name} (you)").format(name=text.whole(name_of(s)))
            if s == table.me
            else text.whole(name_of(s))
            for s in range(players)
        ]
        if not sheet.rows:
            sheet = replace(sheet, footer=NOTHING_YET)
        return cls(sheet, headers, len(rounds))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.closed = True
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 190)
        at = (640, 96)
        text.draw_line(surface, self.title, at, 1000, 34, theme.GOLD, role="title", anchor="midtop")
        draw_result_sheet(surface, self.sheet, self.headers, 150, 640, alpha=250)


def draw_sheet_button(surface: pygame.Surface, rect: Rect = SHEET_BUTTON) -> None:
    """The button that opens the score sheet during play."""
    # Translators: a button on the table; S is its key
    draw_reference_button(surface, N_("Scores (S)"), rect=rect)
