"""Settings: player name, language, volume, animation speed, fullscreen and how many games
History keeps, saved on every change; and the first-run question for the player's name and
language.

A change of language applies at once (:meth:`chabudai.game.app.App.set_language`), to the
screens under this one too (a table in progress: Settings opens from its Leave question).
"""

from __future__ import annotations

import getpass

import pygame

from chabudai import __version__, i18n
from chabudai.game import theme, ui
from chabudai.game.scene import Scene
from chabudai.game.scenes.common import backdrop, footer, heading
from chabudai.game.settings import ANIMATION_SPEEDS, NAME_LIMIT, Settings, config_path
from chabudai.i18n import N_, _, pgettext

REPLAY_LIMITS = (100, 500, 1000, 5000, 10000)


def language_choices() -> list[tuple[str, str]]:
    """Every language, each named in itself (Deutsch, Türkçe, 中文（简体）, …)."""
    return list(i18n.LANGUAGES.items())


def language_choice(app, rect, label_width: int = 220) -> ui.Choice:
    """The Language choice: the current language preselected; a change applies at once."""
    return ui.Choice(
        rect,
        N_("Language"),
        language_choices(),
        i18n.language(),
        app.set_language,
        label_width=label_width,
    )


def grouped(n: int) -> str:
    """``n`` with its thousands grouped as the current language writes them (1,000 / 1.000)."""
    # Translators: the separator between thousands in a number (1,000); German: "."
    return f"{n:,}".replace(",", pgettext("thousands separator", ","))


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        below = app.scene  # opened over a table, Settings keeps its quiet (no menu tune)
        self.music = below.music if below is not None else Scene.music
        self.build()

    def build(self) -> None:
        """The form, with the words worked out in the current language (volume in per cent,
        how many games History keeps)."""
        s = self.app.settings
        # Translators: a volume in per cent ("70 %"); Turkish writes "%{n}"
        volumes = [(v / 10, _("{n} %").format(n=v * 10)) for v in range(0, 11)]
        speeds = [(v, f"{v:g}x") for v in ANIMATION_SPEEDS]
        # Translators: how many games History keeps ("the last 1,000")
        limits = [(n, _("the last {n}").format(n=grouped(n))) for n in REPLAY_LIMITS]
        self.name_field = ui.TextField(
            (330, 196, 620, 46), N_("Your name"), s.name, NAME_LIMIT, self.save,
            on_change=self.rename,
        )  # fmt: skip
        self.form = ui.Form(
            [
                self.name_field,
                language_choice(self.app, (330, 254, 620, 46)),
                ui.Choice(
                    (330, 312, 620, 46), N_("Volume"), volumes, round(s.volume, 1), self.set_volume
                ),
                ui.Choice(
                    (330, 370, 620, 46),
                    N_("Animation speed"),
                    speeds,
                    s.animation_speed,
                    self.set_speed,
                ),
                ui.Choice(
                    (330, 428, 620, 46),
                    N_("Fullscreen (F11)"),
                    # Translators: the Fullscreen setting's two values
                    [(False, pgettext("setting", "off")), (True, pgettext("setting", "on"))],
                    s.fullscreen,
                    self.set_fullscreen,
                ),
                ui.Choice(
                    (330, 486, 620, 46),
                    N_("Games in History"),
                    limits,
                    min(REPLAY_LIMITS, key=lambda n: abs(n - s.replay_limit)),
                    self.set_replay_limit,
                ),
                ui.Button((540, 552, 200, 56), N_("Done"), self.done, accent=True),
            ]
        )

    def language_changed(self) -> None:
        """The words of the choices again, in the new language; the focus stays where it was."""
        focus, text = self.form.focus, self.name_field.text
        self.build()
        self.name_field.text = text
        self.form.focus = focus

    def save(self) -> None:
        self.rename(self.name_field.text)

    def rename(self, text: str) -> None:
        """Every edit of the name is saved at once."""
        save_name(self.app, text)

    def set_volume(self, value: float) -> None:
        self.app.settings.volume = value
        self.app.store_settings()
        self.app.audio.play("click")

    def set_speed(self, value: float) -> None:
        self.app.settings.animation_speed = value
        self.app.store_settings()

    def set_replay_limit(self, value: int) -> None:
        """How many games History keeps (starred ones besides): older ones go at once."""
        self.app.settings.replay_limit = value
        self.app.store_settings()
        if self.app.replays is not None:
            self.app.replays.set_limit(value)

    def set_fullscreen(self, value: bool) -> None:
        if value != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()

    def done(self) -> None:
        self.save()
        self.app.pop()

    def back(self) -> None:
        self.done()

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event):
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, None, 90)
        where = self.app.settings_path or config_path()
        heading(surface, N_("Settings"), _("saved in {path}").format(path=where))
        theme.panel(surface, pygame.Rect(300, 176, 680, 448), 170)
        self.form.draw(surface)
        theme.draw_text(
            surface, f"Chabudai {__version__}", (960, 616), 16, theme.MUTED, anchor="bottomright"
        )
        footer(surface)


def save_name(app, text: str) -> None:
    """The player's name as typed (blank: "Player"), saved at once."""
    app.settings.name = text.strip() or Settings().name
    app.store_settings()


def suggested_name() -> str:
    """A first name to offer: the computer's login name, capitalised (or "Player")."""
    try:
        login = getpass.getuser()
    except (OSError, KeyError, ImportError):
        return "Player"
    name = " ".join(login.replace(".", " ").replace("_", " ").split())[:NAME_LIMIT]
    return name.capitalize() if name and name.isprintable() and name != "root" else "Player"


class NameScene(Scene):
    """First run: ask for the name the other players will see (saved at once, as in Settings)
    and the language (the system's preselected; a change applies at once)."""

    name = "welcome"
    overlay = True

    def __init__(self, app) -> None:
        super().__init__(app)
        current = app.settings.name
        self.field = ui.TextField(
            (380, 292, 520, 50),
            N_("Your name"),
            current if current != Settings().name else suggested_name(),
            NAME_LIMIT,
            self.done,
            label_width=150,
            on_change=self.rename,
        )
        self.language = language_choice(app, (380, 356, 520, 50), label_width=150)
        self.play = ui.Button((540, 428, 200, 56), "", self.done, accent=True)
        self.language_changed()
        self.form = ui.Form([self.field, self.language, self.play])

    def language_changed(self) -> None:
        # Translators: the button that closes the first-run question (name and language)
        self.play.label = pgettext("first run", "Play")

    def rename(self, text: str) -> None:
        save_name(self.app, text)

    def done(self) -> None:
        save_name(self.app, self.field.text)
        self.app.pop()

    back = done

    def handle(self, event: pygame.event.Event) -> None:
        if not self.form.handle(event):
            super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 170)
        theme.panel(surface, pygame.Rect(340, 170, 600, 384), 245)
        theme.draw_text(
            surface, _("Welcome!"), (640, 190), 40, theme.GOLD, role="title", anchor="midtop"
        )
        theme.draw_text(
            surface,
            _("What should the other players call you?"),
            (640, 248),
            20,
            theme.CREAM,
            anchor="midtop",
        )
        self.form.draw(surface)
        theme.draw_text(
            surface,
            _("Enter: play  ·  you can change both in Settings"),
            (640, 500),
            16,
            theme.MUTED,
            anchor="midtop",
        )
