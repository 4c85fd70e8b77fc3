"""History: every kept game, newest first — date, game, who played, your place and score, the
winner — filtered by game, scrolled smoothly, opened in the replay viewer (issue 30).

The list comes from the replays folder's index (:class:`chabudai.replays.store.ReplayStore`), so
the screen opens without reading any replay; only the rows on screen are drawn, so a thousand
games scroll as smoothly as ten. A file that does not open says why on its row. "Export" writes
the chosen game to one file; a replay file dropped on the window is added (``App.open_dropped``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pygame

from chabudai import engines
from chabudai.game import theme, ui
from chabudai.game.scene import Scene
from chabudai.game.scenes.common import backdrop, footer, game_title, heading
from chabudai.game.tables.kit import text
from chabudai.i18n import N_, Notice, _, ngettext, said
from chabudai.replays.file import ReplayError
from chabudai.replays.store import Entry

LIST = pygame.Rect(70, 212, 1140, 352)  # where the rows are
ROW_H = 44
SCROLL_EASE = 14.0  # how fast the list glides to where it is scrolled (per second)
WHEEL_ROWS = 3
COLUMNS = (  # x offset, width: date, game, players, you, winner
    (14, 170),
    (190, 150),
    (346, 430),
    (784, 130),
    (920, 206),
)
# Translators: the keys of the History screen, in its footer
KEYS = N_("↑/↓: choose  ·  Enter: watch  ·  S: star  ·  E: export  ·  Esc: back")
# Translators: the column headings of the History list
COLUMN_NAMES = (N_("Date"), N_("Game"), N_("Players"), N_("You"), N_("Winner"))


def when(iso: str) -> str:
    """``2026-12-02T06:30:00Z`` as this computer's local date and time, in numbers the way the
    player's language writes them ("2026-12-02 07:30" in English; a catalogue may reorder the
    parts)."""
    try:
        moment = datetime.strptime(iso, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return iso or "—"
    local = moment.astimezone()
    # Translators: a date and time in History; reorder or change the separators as your
    # language writes dates in numbers ({year}, {month}, {day}, {hour}, {minute} are two-digit
    # numbers but the year)
    return _("{year}-{month}-{day} {hour}:{minute}").format(
        year=local.year,
        month=f"{local.month:02d}",
        day=f"{local.day:02d}",
        hour=f"{local.hour:02d}",
        minute=f"{local.minute:02d}",
    )


def ordinal(place: int) -> str:
    """A place in a game ("1st") in the player's language."""
    # Translators: a player's place in a finished game ({place} is 1, 2, 3, …)
    return _("place {place}").format(place=place)


def join_list(parts) -> str:
    """Names one after another, separated as the player's language separates a list."""
    # Translators: between the names of a list in History ("Kenji, Mira")
    return _(", ").join(parts)


def export_folder() -> Path:
    """Where "Export" writes: the Downloads folder when there is one, else the home folder."""
    home = Path.home()
    downloads = home / "Downloads"
    return downloads if downloads.is_dir() else home


class HistoryScene(Scene):
    name = "history"

    def __init__(self, app, export_to: Path | None = None) -> None:
        super().__init__(app)
        self.store = app.replays
        self.export_to = export_to
        self.all: list[Entry] = self.store.entries() if self.store is not None else []
        self.game = None  # the filter: None = every game
        self.rows: list[Entry] = list(self.all)
        self.selected = 0
        self.scroll = 0.0  # pixels, eased towards target
        self.target = 0.0
        self.problems: dict[str, Notice] = {}  # file name -> why it did not open
        # what became of the last action: words, a Notice or a function (worded when drawn)
        self.notice: str | Callable[[], str] = ""
        self._labels: dict[str, tuple[str, str, str, str, str]] = {}
        games = [(None, N_("All games"))] + [(n, game_title(n)) for n in engines.names()]
        self.filter = ui.Choice(
            # Translators: the History filter: which games to list
            (70, 126, 480, 44),
            N_("Show"),
            games,
            None,
            self.set_filter,
            label_width=90,
        )
        # Translators: History's button that opens the chosen game in the replay viewer
        self.watch_button = ui.Button((520, 604, 170, 52), N_("Watch"), self.watch, accent=True)
        # Translators: History's button that keeps the chosen game for ever
        self.star_button = ui.Button((706, 604, 150, 52), N_("Star"), self.toggle_star)
        self.export_button = ui.Button((872, 604, 150, 52), N_("Export"), self.export)
        self.back_button = ui.Button((1038, 604, 172, 52), N_("Back"), self.app.pop)
        self.form = ui.Form(
            [self.filter, self.watch_button, self.star_button, self.export_button, self.back_button]
        )
        self.form.focus_on(self.watch_button)
        if self.store is not None and self.store.problems:
            count = len(self.store.problems)
            self.notice = lambda: ngettext(
                "{n} file could not be read and is skipped.",
                "{n} files could not be read and are skipped.",
                count,
            ).format(n=count)
        self.refresh_buttons()

    def language_changed(self) -> None:
        self._labels.clear()  # the rows' words are made once per language

    # ------------------------------------------------------------------ the list

    def reload(self) -> None:
        """The index again (after an import or a game kept meanwhile)."""
        self.all = self.store.entries() if self.store is not None else []
        self.set_filter(self.game)

    def set_filter(self, game: str | None) -> None:
        self.game = game
        self.rows = [e for e in self.all if game is None or e.game == game]
        self.select(0)
        self.scroll = self.target

    def select(self, index: int) -> None:
        self.selected = max(0, min(index, len(self.rows) - 1))
        top = self.selected * ROW_H
        if top < self.target:
            self.target = top
        elif top + ROW_H > self.target + LIST.h:
            self.target = top + ROW_H - LIST.h
        self.target = max(0.0, min(self.target, self.max_scroll))
        self.refresh_buttons()

    @property
    def max_scroll(self) -> float:
        return max(0.0, len(self.rows) * ROW_H - LIST.h)

    @property
    def entry(self) -> Entry | None:
        return self.rows[self.selected] if self.rows else None

    def refresh_buttons(self) -> None:
        entry = self.entry
        for button in (self.watch_button, self.star_button, self.export_button):
            button.enabled = entry is not None
        starred = entry is not None and entry.starred
        self.star_button.label = N_("Unstar") if starred else N_("Star")

    def labels(self, entry: Entry) -> tuple[str, str, str, str, str]:
        """The row's five texts (made once per entry and language: most rows never change)."""
        cached = self._labels.get(entry.name)
        if cached is None:
            players = join_list(
                # Translators: the player's own name among a game's players in History
                _("{name} (you)").format(name=text.whole(n)) if i == entry.you else text.whole(n)
                for i, n in enumerate(entry.names)
            )
            you = "—"
            place = entry.place(entry.you)
            if not entry.finished:
                # Translators: a game in History that was left before its end
                you = _("unfinished")
            elif place is not None and entry.scores is not None:
                # Translators: the player's place and score in a game in History
                you = _("{place} · {score}").format(
                    place=ordinal(place), score=entry.scores[entry.you]
                )
            winner = join_list(entry.winner_names()) if entry.finished else ""
            cached = (when(entry.ended), entry.title, players, you, winner)
            self._labels[entry.name] = cached
        return cached

    # ------------------------------------------------------------------ actions

    def watch(self) -> None:
        entry = self.entry
        if entry is None or self.store is None:
            return
        try:
            replay = self.store.open(entry)
        except ReplayError as error:
            self.problems[entry.name] = self.notice = error.notice
            return
        from chabudai.game.scenes.viewer import ViewerScene

        store, name = self.store, entry.name
        self.app.push(ViewerScene(self.app, replay, save=lambda r: store.save(name, r)))

    def toggle_star(self) -> None:
        entry = self.entry
        if entry is None or self.store is None:
            return
        self.store.star(entry, not entry.starred)
        entry.starred = not entry.starred
        self.notice = (
            Notice(N_("Kept for ever.")) if entry.starred else Notice(N_("No longer starred."))
        )
        self.refresh_buttons()

    def export(self) -> None:
        entry = self.entry
        if entry is None or self.store is None:
            return
        folder = self.export_to or export_folder()
        stamp = "".join(ch for ch in entry.ended if ch.isdigit())[:12]
        target = folder / f"chabudai-{entry.game}-{stamp}{Path(entry.name).suffix}"
        try:
            self.store.export(entry, target)
        except OSError as error:
            self.notice = Notice(
                N_("Could not export the game: {reason}."), reason=str(error.strerror)
            )
            return
        self.notice = Notice(N_("Saved as {path}"), path=str(target))

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -(LIST.h // ROW_H),
                pygame.K_PAGEDOWN: LIST.h // ROW_H,
            }
            if event.key in steps:
                self.select(self.selected + steps[event.key])
                return
            if event.key == pygame.K_HOME:
                self.select(0)
                return
            if event.key == pygame.K_END:
                self.select(len(self.rows) - 1)
                return
            if event.key == pygame.K_s:
                self.toggle_star()
                return
            if event.key == pygame.K_e:
                self.export()
                return
        elif event.type == pygame.MOUSEWHEEL:
            self.target = max(0.0, min(self.target - event.y * WHEEL_ROWS * ROW_H, self.max_scroll))
            return
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and LIST.collidepoint(event.pos)
        ):
            index = int((event.pos[1] - LIST.y + self.scroll) // ROW_H)
            if 0 <= index < len(self.rows):
                if index == self.selected and getattr(event, "clicks", 1) >= 2:
                    self.watch()
                self.select(index)
            return
        if self.form.handle(event):
            return
        super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        gap = self.target - self.scroll
        self.scroll = (
            self.target if abs(gap) < 0.5 else self.scroll + gap * min(1.0, dt * SCROLL_EASE)
        )

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, None, 110)
        count = len(self.rows)
        sub = (
            ngettext("{n} game · newest first", "{n} games · newest first", count).format(n=count)
            if self.all
            else ""
        )
        heading(surface, _("History"), sub)
        self.draw_list(surface)
        if self.notice:
            notice = self.notice() if callable(self.notice) else said(self.notice)
            text.draw_line(surface, notice, (70, 672), 1140, 18, theme.GOLD, anchor="bottomleft")
        else:
            theme.draw_text(
                surface,
                _("Drop a replay file on the window to add it."),
                (70, 630),
                18,
                theme.MUTED,
                anchor="midleft",
            )
        self.form.draw(surface)
        footer(surface, _(KEYS))

    def draw_list(self, surface: pygame.Surface) -> None:
        theme.panel(surface, LIST.inflate(8, 40).move(0, -16), 200)
        header_y = LIST.y - 26
        for (x, w), label in zip(COLUMNS, COLUMN_NAMES, strict=True):
            text.draw_line(surface, _(label), (LIST.x + x, header_y), w, 16, theme.MUTED)
        if not self.rows:
            message = (
                _("No games yet: every game you finish is kept here.")
                if not self.all
                else _("No games of this kind.")
            )
            theme.draw_text(surface, message, LIST.center, 22, theme.MUTED, anchor="center")
            return
        clip = surface.get_clip()
        surface.set_clip(LIST)
        first = int(self.scroll // ROW_H)
        last = min(len(self.rows), first + LIST.h // ROW_H + 2)
        for index in range(first, last):
            entry = self.rows[index]
            y = LIST.y + index * ROW_H - round(self.scroll)
            row = pygame.Rect(LIST.x, y, LIST.w, ROW_H - 4)
            if index == self.selected:
                pygame.draw.rect(surface, (92, 44, 36), row, border_radius=8)
                pygame.draw.rect(surface, theme.FOCUS, row, 2, border_radius=8)
            elif index % 2:
                theme.dim_rect(surface, row, 50)
            labels = self.labels(entry)
            problem = said(self.problems.get(entry.name, ""))
            if problem:
                # Translators: History's row of a replay file that does not open
                labels = (*labels[:3], _("cannot open"), problem)
            for (x, w), label in zip(COLUMNS, labels, strict=True):
                color = theme.WARN if problem and x >= 784 else theme.CREAM
                text.draw_line(
                    surface, label, (LIST.x + x, row.centery), w, 19, color, anchor="midleft"
                )
            if entry.starred:
                draw_star(surface, (row.right - 16, row.centery), 9)
        surface.set_clip(clip)
        if self.max_scroll > 0:  # the scroll bar
            track = pygame.Rect(LIST.right + 2, LIST.y, 5, LIST.h)
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=3)
            h = max(24, LIST.h * LIST.h // (len(self.rows) * ROW_H))
            top = LIST.y + (LIST.h - h) * (self.scroll / self.max_scroll)
            pygame.draw.rect(surface, theme.GOLD, (track.x, top, track.w, h), border_radius=3)


def draw_star(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """A five-pointed gold star: this game is kept for ever."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
    pygame.draw.polygon(surface, theme.GOLD, points)
