"""Settings: player name, volume, animation speed, fullscreen and how many games History keeps,
saved on every change; and the
first-run question for the player's name."""

from __future__ import annotations

import getpass

import pygame

from chabudai import __version__
from chabudai.game import theme, ui
from chabudai.game.scene import Scene
from chabudai.game.scenes.common import backdrop, footer, heading
from chabudai.game.settings import ANIMATION_SPEEDS, NAME_LIMIT, Settings, config_path

REPLAY_LIMITS = (100, 500, 1000, 5000, 10000)


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        volumes = [(v / 10, f"{v * 10} %") for v in range(0, 11)]
        speeds = [(v, f"{v:g}x") for v in ANIMATION_SPEEDS]
        self.name_field = ui.TextField(
            (330, 200, 620, 46), "Your name", s.name, NAME_LIMIT, self.save, on_change=self.rename
        )
        self.form = ui.Form(
            [
                self.name_field,
                ui.Choice(
                    (330, 262, 620, 46), "Volume", volumes, round(s.volume, 1), self.set_volume
                ),
                ui.Choice(
                    (330, 324, 620, 46),
                    "Animation speed",
                    speeds,
                    s.animation_speed,
                    self.set_speed,
                ),
                ui.Choice(
                    (330, 386, 620, 46),
                    "Fullscreen (F11)",
                    [(False, "off"), (True, "on")],
                    s.fullscreen,
                    self.set_fullscreen,
                ),
                ui.Choice(
                    (330, 448, 620, 46),
                    "Games in History",
                    [(n, f"the last {n:,}") for n in REPLAY_LIMITS],
                    min(REPLAY_LIMITS, key=lambda n: abs(n - s.replay_limit)),
                    self.set_replay_limit,
                ),
                ui.Button((540, 520, 200, 56), "Done", self.done, accent=True),
            ]
        )

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
        heading(surface, "Settings", f"saved in {self.app.settings_path or config_path()}")
        theme.panel(surface, pygame.Rect(300, 180, 680, 416), 170)
        self.form.draw(surface)
        theme.draw_text(
            surface, f"Chabudai {__version__}", (960, 588), 16, theme.MUTED, anchor="bottomright"
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
    """First run: ask for the name the other players will see (saved at once, as in Settings)."""

    name = "welcome"
    overlay = True

    def __init__(self, app) -> None:
        super().__init__(app)
        current = app.settings.name
        self.field = ui.TextField(
            (380, 330, 520, 50),
            "Your name",
            current if current != Settings().name else suggested_name(),
            NAME_LIMIT,
            self.done,
            label_width=150,
            on_change=self.rename,
        )
        self.form = ui.Form(
            [self.field, ui.Button((540, 420, 200, 56), "Play", self.done, accent=True)]
        )

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
        theme.panel(surface, pygame.Rect(340, 200, 600, 320), 245)
        theme.draw_text(
            surface, "Welcome!", (640, 222), 40, theme.GOLD, role="title", anchor="midtop"
        )
        theme.draw_text(
            surface,
            "What should the other players call you?",
            (640, 282),
            20,
            theme.CREAM,
            anchor="midtop",
        )
        self.form.draw(surface)
        theme.draw_text(
            surface,
            "Enter: play  ·  you can change it in Settings",
            (640, 490),
            16,
            theme.MUTED,
            anchor="midtop",
        )
