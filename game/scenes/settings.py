"""Settings: player name, volume, animation speed and fullscreen, saved on every change."""

from __future__ import annotations

import pygame

from game import theme, ui
from game.scene import Scene
from game.scenes.common import backdrop, footer, heading
from game.settings import ANIMATION_SPEEDS, NAME_LIMIT, config_path


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        volumes = [(v / 10, f"{v * 10} %") for v in range(0, 11)]
        speeds = [(v, f"{v:g}x") for v in ANIMATION_SPEEDS]
        self.name_field = ui.TextField(
            (330, 200, 620, 46), "Your name", s.name, NAME_LIMIT, self.save
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
                ui.Button((540, 480, 200, 56), "Done", self.done, accent=True),
            ]
        )

    def save(self) -> None:
        self.app.settings.name = self.name_field.text.strip() or "Player"
        self.app.store_settings()

    def set_volume(self, value: float) -> None:
        self.app.settings.volume = value
        self.app.store_settings()
        self.app.audio.play("click")

    def set_speed(self, value: float) -> None:
        self.app.settings.animation_speed = value
        self.app.store_settings()

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
        theme.panel(surface, pygame.Rect(300, 180, 680, 380), 170)
        self.form.draw(surface)
        footer(surface)
