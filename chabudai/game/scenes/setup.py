"""Solo and Host setup: game, seats, bots per seat and the game's options.

The options part of the form is built from the engine's declared options (``Option.to_dict()``),
never written per game: each option's label, its values in words and a sentence of help; an
option that has no effect with the chosen number of players is left out. Solo starts an embedded host on loopback with bot seats — the same code
path as a LAN table — and goes straight to the table; Host advertises the table and opens the
lobby.
"""

from __future__ import annotations

from typing import Any

import pygame

from chabudai import engines
from chabudai.engines.bots import DEFAULT_LEVEL, LEVELS
from chabudai.game import theme, ui
from chabudai.game.scene import Scene
from chabudai.game.scenes.common import backdrop, footer, game_choices, game_title, heading
from chabudai.game.scenes.lobby import BOT_NAMES
from chabudai.game.tables import has_table
from chabudai.i18n import N_, Notice, _, said

OPEN = "open"
LEFT_X, RIGHT_X, COLUMN_W, TOP_Y, ROW = 60, 670, 550, 170, 44


def choice(*args: Any, **kw: Any) -> ui.Choice:
    """An option row (right column: long labels)."""
    return ui.Choice(*args, label_width=270, **kw)


def left_choice(*args: Any, **kw: Any) -> ui.Choice:
    return ui.Choice(*args, label_width=170, **kw)


def option_choices(option: dict[str, Any]) -> list[tuple[Any, str]]:
    """(value, words) pairs for one ``Option.to_dict()``."""
    return list(zip(option["choices"], option["words"], strict=True))


def applies(option: dict[str, Any], players: int) -> bool:
    """Does the option change anything with ``players`` players (``Option.applies``)?"""
    span = option.get("players")
    return span is None or span[0] <= players <= span[1]


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app, mode: str, game: str | None = None) -> None:
        super().__init__(app)
        assert mode in ("solo", "host")
        self.mode = mode
        names = engines.names()
        self.game = game if game in names else next((n for n in names if has_table(n)), names[0])
        self.seats = engines.get(self.game).min_players
        self.levels: dict[int, str] = {}
        self.options: dict[str, Any] = {}
        self.table_name = self.default_table_name()
        self.error = ""
        self.build()

    def default_table_name(self) -> str:
        # Translators: the name a hosted table gets unless the host types another
        return _("{name}'s table").format(name=self.app.settings.name)

    # ------------------------------------------------------------------ the form

    def build(self) -> None:
        engine = engines.get(self.game)
        self.seats = min(max(self.seats, engine.min_players), engine.max_players)
        described = [o.to_dict() for o in engine.options]
        self.options = {o["name"]: self.options.get(o["name"], o["default"]) for o in described}
        for o in described:
            if self.options[o["name"]] not in o["choices"]:
                self.options[o["name"]] = o["default"]
        form = ui.Form()
        # Two columns: the table on the left, the game's own options on the right.
        x, w, y, row = LEFT_X, COLUMN_W, TOP_Y, ROW
        if self.mode == "host":
            self.name_field = form.add(
                ui.TextField((x, y, w, 38), N_("Table name"), self.table_name, 28, label_width=170)
            )
            y += row
        games = game_choices()  # (worded now: the form is built again on a change of language)
        # Translators: the choice of game to play
        form.add(left_choice((x, y, w, 38), N_("Game"), games, self.game, self.set_game))
        y += row
        seat_options = [(n, str(n)) for n in range(engine.min_players, engine.max_players + 1)]
        # Translators: the number of players at the table
        form.add(
            left_choice((x, y, w, 38), N_("Players"), seat_options, self.seats, self.set_seats)
        )
        y += row
        level_choices = [(level, BOT_NAMES.get(level, level)) for level in LEVELS]
        if self.mode == "host":
            level_choices = [(OPEN, N_("Open seat (a player)")), *level_choices]
        for seat in range(1, self.seats):
            default = OPEN if self.mode == "host" else DEFAULT_LEVEL
            value = self.levels.get(seat, default)
            self.levels[seat] = value
            form.add(
                left_choice(
                    (x, y, w, 38),
                    _("Seat {number}").format(number=seat + 1),
                    level_choices,
                    value,
                    self._level_setter(seat),
                )
            )
            y += row
        x, y = RIGHT_X, TOP_Y
        for o in (o for o in described if applies(o, self.seats)):
            form.add(
                choice(
                    (x, y, w, 38),
                    o["label"],
                    option_choices(o),
                    self.options[o["name"]],
                    self._option_setter(o["name"]),
                )
            )
            y += row
        ready = has_table(self.game)
        # Translators: the button that starts a solo game
        label = N_("Start") if self.mode == "solo" else N_("Open the table")
        note = "" if ready else N_("table coming soon")
        self.start_button = form.add(
            ui.Button(
                (RIGHT_X + 130, 606, 240, 60),
                label,
                self.start,
                enabled=ready,
                accent=True,
                note=note,
            )
        )
        form.add(ui.Button((RIGHT_X + 390, 606, 170, 60), N_("Back"), self.app.pop))
        self.form = form
        focused_index = getattr(self, "_focus_index", None)
        if focused_index is not None and focused_index < len(form.widgets):
            form.focus = focused_index
        self.described = described

    def _rebuild(self) -> None:
        self._focus_index = self.form.focus
        if self.mode == "host":
            self.table_name = self.name_field.text
        self.build()

    def language_changed(self) -> None:
        """Seat labels and the game list are worded when the form is built: build it again."""
        self._rebuild()

    def set_game(self, game: str) -> None:
        self.game = game
        self._rebuild()

    def set_seats(self, seats: int) -> None:
        self.seats = seats
        self._rebuild()

    def _level_setter(self, seat: int):
        def setter(value: str) -> None:
            self.levels[seat] = value

        return setter

    def _option_setter(self, name: str):
        def setter(value: Any) -> None:
            self.options[name] = value

        return setter

    # ------------------------------------------------------------------ starting

    def bots(self) -> list[str | None]:
        return [None] + [
            None if self.levels.get(s) == OPEN else self.levels.get(s) for s in range(1, self.seats)
        ]

    def start(self) -> None:
        from chabudai.game.scenes.lobby import LobbyScene

        if not has_table(self.game):
            self.error = Notice(N_("The {game} table is coming soon."), game=game_title(self.game))
            return
        settings = self.app.settings
        try:
            options = engines.get(self.game).resolve_options(self.options)
            if self.mode == "solo":
                self.app.net().host_table(
                    game=self.game,
                    name=f"{settings.name} (solo)",  # (a name, seen by no one)
                    seats=self.seats,
                    options=options,
                    bots=self.bots(),
                    player_name=settings.name,
                    advertise=False,
                    bind="127.0.0.1",
                    port=0,
                    seed=self.app.deal_seed,
                    table_options={"hints": True},  # every other seat is a bot
                )
            else:
                name = self.name_field.text.strip() or self.default_table_name()
                self.app.net().host_table(
                    game=self.game,
                    name=name,
                    seats=self.seats,
                    options=options,
                    bots=self.bots(),
                    player_name=settings.name,
                    advertise=True,
                    bind=self.app.host_bind,
                    seed=self.app.deal_seed,
                )
        except (OSError, ValueError, RuntimeError) as error:
            self.error = Notice(N_("Could not open the table: {error}"), error=str(error))
            self.app.close_net()
            return
        self.app.replace(LobbyScene(self.app, auto_start=self.mode == "solo"))

    # ------------------------------------------------------------------ scene

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event):
            return
        super().handle(event)

    def draw_option_help(self, surface: pygame.Surface, top: int) -> None:
        """The focused option's sentence of help, under the Rules column."""
        option_help = {o["label"]: o["help"] for o in self.described}
        focused = self.form.focused
        label = focused.label if isinstance(focused, ui.Choice) else None
        if label in option_help and focused.rect.x >= RIGHT_X:
            lines = theme.wrap(_(option_help[label]), 18, COLUMN_W)[:5]
            area = pygame.Rect(RIGHT_X - 20, top - 14, COLUMN_W + 40, 26 + 23 * len(lines) + 24)
            theme.panel(surface, area, 170)
            theme.draw_text(surface, _(label), (RIGHT_X, top), 18, theme.GOLD)
            for i, line in enumerate(lines):
                theme.draw_text(surface, line, (RIGHT_X, top + 26 + 23 * i), 18, theme.CREAM)
        elif any(w.rect.x >= RIGHT_X for w in self.form.widgets if isinstance(w, ui.Choice)):
            theme.draw_text(
                surface, _("Move onto an option to read what it does."), (RIGHT_X, top), 18,
                theme.MUTED,
            )  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, None, 80)
        title = _("Solo game") if self.mode == "solo" else _("Host a table")
        sub = (
            _("you against bots, on this computer")
            if self.mode == "solo"
            else _("players on your network see it at once")
        )
        heading(surface, title, sub)
        columns = [w for w in self.form.widgets if w.rect.y < 600]
        left = [w.rect for w in columns if w.rect.x < RIGHT_X]
        right = [w.rect for w in columns if w.rect.x >= RIGHT_X]
        # Translators: the two columns of the setup form: the table's seats, the game's options
        for rects, title in ((left, _("Table")), (right, _("Rules"))):
            if rects:
                area = pygame.Rect(
                    rects[0].x - 20, TOP_Y - 44, COLUMN_W + 40, rects[-1].bottom - TOP_Y + 64
                )
                theme.panel(surface, area, 170)
                theme.draw_text(surface, title, (area.x + 20, area.y + 8), 20, theme.GOLD)
        if not right:
            theme.draw_text(
                surface, _("no options for this game"), (RIGHT_X, TOP_Y + 10), 20, theme.MUTED
            )
        self.form.draw(surface)
        self.draw_option_help(surface, right[-1].bottom + 40 if right else TOP_Y + 60)
        if not has_table(self.game):
            message = _("The {game} table is coming soon: pick Koi-Koi to play now.").format(
                game=game_title(self.game)
            )
            theme.draw_text(surface, message, (LEFT_X, 622), 20, theme.GOLD)
        if self.error:
            theme.draw_text(surface, said(self.error), (LEFT_X, 652), 18, theme.WARN)
        footer(surface)
