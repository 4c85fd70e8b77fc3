"""The title screen: drifting hanafuda, a tile per game, Solo / Host / Join / Settings / Quit."""

from __future__ import annotations

import math
import random

import pygame

import engines
from game import assets, theme, ui
from game.scene import Scene
from game.scenes.common import backdrop, footer
from game.tables import has_table
from game.tween import ease_in_out

DRIFTERS = 14


class Drifter:
    """A card crossing the title screen."""

    def __init__(self, rng: random.Random, start_anywhere: bool) -> None:
        self.card = rng.randrange(48)
        self.height = rng.choice((96, 120, 150))
        self.speed = rng.uniform(18, 45)
        self.angle = rng.uniform(-25, 25)
        self.spin = rng.uniform(-12, 12)
        self.sway = rng.uniform(0, math.tau)
        self.x = rng.uniform(-100, 1300)
        self.y = rng.uniform(-200, 760) if start_anywhere else rng.uniform(-420, -180)
        self.rect = pygame.FRect(self.x, self.y, self.height * 0.625, self.height)


TILE_CARDS = {"koikoi": 0, "nanatoridori": 7, "nar": "1", "nimalia": 1}


class GameTile(ui.Button):
    """A game's tile: one of its cards beside its name."""

    game = ""

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        rect = self.rect.move(0, -3) if focused else self.rect
        ui._frame(surface, rect, focused, True)
        try:
            image = assets.card_image(self.game, TILE_CARDS.get(self.game, 1), height=rect.h - 16)
            surface.blit(image, (rect.x + 10, rect.y + 8))
            text_x = rect.x + 14 + image.get_width() + (rect.w - 24 - image.get_width()) / 2
        except assets.AssetError:
            text_x = rect.centerx
        theme.draw_text(
            surface, self.label, (text_x, rect.centery - 2), self.size, anchor="midbottom"
        )
        color = theme.GOLD if self.note == "play" else theme.MUTED
        theme.draw_text(surface, self.note, (text_x, rect.centery + 4), 15, color, anchor="midtop")


class TitleScene(Scene):
    name = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rng = random.Random(7)
        self.drifters = [Drifter(self.rng, True) for _ in range(DRIFTERS)]
        self.glow = 0.0
        games = engines.names()
        self.form = ui.Form()
        tile_w, gap = 246, 14
        x0 = 640 - (len(games) * tile_w + (len(games) - 1) * gap) / 2
        self.tiles: list[tuple[ui.Button, str]] = []
        for i, name in enumerate(games):
            engine = engines.get(name)
            note = "play" if has_table(name) else "table coming soon"
            button = GameTile(
                (x0 + i * (tile_w + gap), 284, tile_w, 96),
                engine.title,
                self._solo_for(name),
                size=26,
                note=note,
            )
            button.game = name
            self.tiles.append((button, name))
            self.form.add(button)
        labels = [
            ("Solo", self.solo, True),
            ("Host", self.host, False),
            ("Join", self.join, False),
            ("Settings", self.settings, False),
            ("Quit", app.quit, False),
        ]
        bw = 180
        x0 = 640 - (len(labels) * bw + (len(labels) - 1) * 16) / 2
        self.buttons = {}
        for i, (label, action, accent) in enumerate(labels):
            button = ui.Button(
                (x0 + i * (bw + 16), 432, bw, 60), label, action, accent=accent, size=28
            )
            self.buttons[label] = button
            self.form.add(button)
        self.form.focus_on(self.buttons["Solo"])

    def logo(self) -> pygame.Surface | None:
        """The word mark from the asset loader, or None (then the title is drawn as text)."""
        load = getattr(assets, "logo", None)
        if load is None:
            return None
        try:
            return load()
        except assets.AssetError:
            return None

    def _solo_for(self, game: str):
        return lambda: self.solo(game)

    def solo(self, game: str | None = None) -> None:
        from game.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, "solo", game))

    def host(self) -> None:
        from game.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, "host"))

    def join(self) -> None:
        from game.scenes.join import JoinScene

        self.app.push(JoinScene(self.app))

    def settings(self) -> None:
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def back(self) -> None:
        pass  # Esc on the title does nothing; Quit is a button

    def handle(self, event: pygame.event.Event) -> None:
        self.form.handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        for d in self.drifters:
            d.y += d.speed * dt
            d.angle += d.spin * dt
            d.rect.x = d.x + 30 * math.sin(self.time * 0.6 + d.sway)
            d.rect.y = d.y
            if d.y > 760:
                d.__init__(self.rng, False)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, None, 0)
        for d in self.drifters:
            image = assets.card_image("koikoi", d.card, height=d.height)
            rotated = pygame.transform.rotate(image, d.angle)
            rotated.set_alpha(190)
            surface.blit(rotated, rotated.get_rect(center=d.rect.center))
        theme.dim(surface, 90)
        t = ease_in_out(abs((self.time * 0.4) % 2 - 1))
        logo = self.logo()
        if logo is not None:
            surface.blit(logo, logo.get_rect(midtop=(640, 58 - 6 * t)))
        else:
            theme.draw_text(
                surface,
                "Chabudai",
                (640, 90 - 6 * t),
                118,
                theme.CREAM,
                role="title",
                anchor="midtop",
            )
        theme.draw_text(
            surface,
            "four card games around one low table",
            (640, 232),
            24,
            theme.GOLD,
            anchor="midtop",
        )
        self.form.draw(surface)
        focused = self.form.focused
        for button, name in self.tiles:
            if button is focused:
                summary = engines.get(name).summary
                theme.draw_text(surface, summary, (640, 392), 18, theme.CREAM, anchor="midtop")
        theme.draw_text(
            surface,
            f"Playing as {self.app.settings.name}",
            (640, 540),
            18,
            theme.MUTED,
            anchor="midtop",
        )
        footer(surface, "Tab / arrows: move   ·   Enter: choose   ·   F11: fullscreen")
