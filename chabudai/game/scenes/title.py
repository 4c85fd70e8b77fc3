"""The title screen: drifting hanafuda, a tile per game, Solo / Host / Join / History / Settings /
Quit.

The cards drift down the two margins beside the menu, never behind its text. The screen is idle
most of the time, so it runs at 30 frames per second and, between changes of the menu, redraws
only the drifting cards and the bobbing logo (:meth:`TitleScene.draw_changes`).

Every word is translated where it is drawn; the menu layer is drawn again when the language
changes, and the saved-seat button (sized to its words) is made again.
"""

from __future__ import annotations

import math
import random

import pygame

from chabudai import __version__, engines, i18n
from chabudai.game import assets, theme, ui
from chabudai.game.scene import Scene
from chabudai.game.scenes.common import backdrop, footer
from chabudai.game.tables import has_table
from chabudai.game.tween import ease_in_out
from chabudai.i18n import N_, _, pgettext

DRIFTERS = 8  # four a side
MARGIN_W = 124  # the menu's tiles start this far from each edge; the cards stay outside
HEIGHTS = (96, 108)
MAX_ANGLE = 10.0
SWAY = 8.0
ANGLE_STEP = 2  # rotated images are cached per this many degrees
FOOTER = N_("Tab / arrows: move  ·  Enter: choose  ·  F1: help  ·  Esc: quit  ·  F11: fullscreen")
PLAY = "play"  # a tile's note when its game has a table (worded when drawn)


def turned_size(height: int, angle: float) -> tuple[float, float]:
    """The bounding box of a card of ``height`` turned by ``angle`` degrees."""
    w, rad = height * 0.625, math.radians(abs(angle))
    return w * math.cos(rad) + height * math.sin(rad), w * math.sin(rad) + height * math.cos(rad)


class Drifter:
    """A card drifting down one margin of the title screen (``side`` 0 left, 1 right)."""

    def __init__(self, rng: random.Random, side: int, start_anywhere: bool) -> None:
        self.side = side
        self.card = rng.randrange(48)
        self.height = rng.choice(HEIGHTS)
        self.speed = rng.uniform(14, 34)
        self.angle = rng.uniform(-MAX_ANGLE, MAX_ANGLE)
        self.spin = rng.uniform(-4, 4)
        self.sway = rng.uniform(0, math.tau)
        half = turned_size(self.height, MAX_ANGLE)[0] / 2
        lo, hi = half + SWAY + 2, MARGIN_W - half - SWAY
        centre = rng.uniform(lo, max(lo, hi))
        self.x = centre if side == 0 else 1280 - centre
        self.y = rng.uniform(-150, 760) if start_anywhere else rng.uniform(-420, -160)
        self.centre = (self.x, self.y)

    def move(self, dt: float, time: float) -> None:
        self.y += self.speed * dt
        self.angle += self.spin * dt
        if abs(self.angle) > MAX_ANGLE:  # rock back the other way
            self.spin = -self.spin
            self.angle = max(-MAX_ANGLE, min(MAX_ANGLE, self.angle))
        self.centre = (self.x + SWAY * math.sin(time * 0.6 + self.sway), self.y)

    def image(self) -> pygame.Surface:
        angle = round(self.angle / ANGLE_STEP) * ANGLE_STEP
        key = (self.card, self.height, angle)
        image = _turned.get(key)
        if image is None:
            if len(_turned) > 400:
                _turned.clear()
            face = assets.card_image("koikoi", self.card, height=self.height)
            image = _turned[key] = pygame.transform.rotate(face, angle)
            image.set_alpha(190)
        return image

    def rect(self) -> pygame.Rect:
        return self.image().get_rect(center=(round(self.centre[0]), round(self.centre[1])))


_turned: dict[tuple, pygame.Surface] = {}


TILE_CARDS = {"koikoi": 0, "nanatoridori": 7, "nar": "1", "nimalia": 1}


class GameTile(ui.Button):
    """A game's tile: one of its cards beside its name (a game title: never translated) and a
    note (play / table coming soon), translated when drawn."""

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
        playable = self.note == PLAY
        # Translators: under a game's name on the title screen: the game can be played
        note = pgettext("game tile", "play") if playable else _(self.note)
        color = theme.GOLD if playable else theme.MUTED
        theme.draw_text(surface, note, (text_x, rect.centery + 4), 15, color, anchor="midtop")


class TitleScene(Scene):
    name = "title"
    fps = 30

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rng = random.Random(7)
        self.drifters = [Drifter(self.rng, i % 2, True) for i in range(DRIFTERS)]
        self.menu: pygame.Surface | None = None  # the background with the menu drawn on it
        self.menu_state: object = None  # what the menu layer shows (focus, name)
        self.drawn: list[pygame.Rect] = []  # where the moving parts were drawn last frame
        self.text_areas: list[pygame.Rect] = []  # every text and control, for the drifters
        games = engines.names()
        self.form = ui.Form()
        tile_w, gap = 246, 14
        x0 = 640 - (len(games) * tile_w + (len(games) - 1) * gap) / 2
        self.tiles: list[tuple[ui.Button, str]] = []
        for i, name in enumerate(games):
            engine = engines.get(name)
            note = PLAY if has_table(name) else N_("table coming soon")
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
        labels = [  # each label is also the button's key in self.buttons
            (N_("Solo"), self.solo, True),
            (N_("Host"), self.host, False),
            (N_("Join"), self.join, False),
            (N_("History"), self.history, False),
            (N_("Settings"), self.settings, False),
            (N_("Quit"), app.quit, False),
        ]
        bw = 180 if len(labels) <= 5 else 150  # six buttons stay clear of the drifting cards
        x0 = 640 - (len(labels) * bw + (len(labels) - 1) * 16) / 2
        self.buttons = {}
        for i, (label, action, accent) in enumerate(labels):
            button = ui.Button(
                (x0 + i * (bw + 16), 432, bw, 60), label, action, accent=accent, size=28
            )
            self.buttons[label] = button
            self.form.add(button)
        self.form.focus_on(self.buttons["Solo"])
        self.saved_seat = None  # the seat a crashed or closed client may go back to
        self.offer_saved_seat()

    def offer_saved_seat(self, again: bool = False) -> None:
        """ "Back to your seat at <table>": the newest seat token on disk, focused (``again``:
        made anew though the seat is the same, in the new language)."""
        from chabudai.game.scenes.join import seat_book

        book = seat_book(self.app)
        if book is None or (book.latest() == self.saved_seat and not again):
            return
        if book.message and not again:
            self.app.toast(book.message, 8.0)
        old = self.buttons.pop("Back to your seat", None)
        if old is not None:
            self.form.widgets.remove(old)
            self.form.focus_on(self.buttons["Solo"])
        self.menu = None  # draw the menu again
        self.saved_seat = book.latest()
        if self.saved_seat is None:
            return
        label = _("Back to your seat at {table}").format(table=self.saved_seat.name)
        width = min(760, max(420, theme.text_size(label, 24)[0] + 60))
        button = ui.Button(
            (640 - width / 2, 572, width, 52), label, self.back_to_seat, accent=True, size=24
        )
        self.buttons["Back to your seat"] = button
        self.form.add(button)
        self.form.focus_on(button)

    def enter(self) -> None:
        self.offer_saved_seat()  # back from a table: the seat may be saved or given up now

    def language_changed(self) -> None:
        self.menu = None  # the menu layer is drawn again, in the new language
        if self.saved_seat is not None:
            focused = self.form.focused
            self.offer_saved_seat(again=True)
            if focused in self.form.widgets:
                self.form.focus_on(focused)

    def back_to_seat(self) -> None:
        """Through Join (where a failure comes back, in words) to the saved seat."""
        from chabudai.game.scenes.join import JoinScene

        if self.saved_seat is not None:
            join = self.app.push(JoinScene(self.app))
            join.reclaim(self.saved_seat)

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
        from chabudai.game.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, "solo", game))

    def host(self) -> None:
        from chabudai.game.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, "host"))

    def join(self) -> None:
        from chabudai.game.scenes.join import JoinScene

        self.app.push(JoinScene(self.app))

    def history(self) -> None:
        from chabudai.game.scenes.history import HistoryScene

        self.app.push(HistoryScene(self.app))

    def settings(self) -> None:
        from chabudai.game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def back(self) -> None:
        """Esc picks Quit; Esc on Quit leaves."""
        quit_button = self.buttons["Quit"]
        if self.form.focused is quit_button:
            self.app.quit()
        else:
            self.form.focus_on(quit_button)

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event):
            return
        super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        for i, d in enumerate(self.drifters):
            d.move(dt, self.time)
            if d.y > 720 + d.height:
                self.drifters[i] = Drifter(self.rng, d.side, False)

    # ------------------------------------------------------------------ drawing

    def logo_pos(self) -> tuple[int, int]:
        t = ease_in_out(abs((self.time * 0.4) % 2 - 1))
        return 640, round(58 - 6 * t)

    def menu_layer(self) -> pygame.Surface:
        """The background with everything that stands still drawn on it (rebuilt on change)."""
        focused = self.form.focused
        state = (
            self.form.focus,
            self.app.settings.name,
            focused.rect.topleft if focused else None,
            i18n.language(),
        )
        if self.menu is None or state != self.menu_state:
            self.menu_state = state
            layer = pygame.Surface(theme.SCREEN_SIZE)
            backdrop(layer, None, 0)
            theme.dim(layer, 90)
            self.text_areas = self.draw_menu(layer)
            self.menu = layer
            self.drawn = []  # the whole screen is drawn again
        return self.menu

    def draw_menu(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The still parts: subtitle, tiles, buttons, the focused game's summary, the footer.
        Returns the areas they cover."""
        areas = [
            theme.draw_text(
                surface,
                _("four card games around one low table"),
                (640, 232),
                24,
                theme.GOLD,
                anchor="midtop",
            )
        ]
        self.form.draw(surface)
        areas += [w.rect.inflate(6, 10) for w in self.form.widgets]
        focused = self.form.focused
        for button, name in self.tiles:
            if button is focused:
                summary = engines.get(name).summary
                summary = _(summary) if summary else ""
                areas.append(
                    theme.draw_text(surface, summary, (640, 392), 18, theme.CREAM, anchor="midtop")
                )
        areas.append(
            theme.draw_text(
                surface,
                _("Playing as {name}").format(name=self.app.settings.name),
                (640, 540),
                18,
                theme.MUTED,
                anchor="midtop",
            )
        )
        footer(surface, FOOTER)
        areas.append(pygame.Rect(0, 0, theme.text_size(_(FOOTER), 16)[0], 22).move(0, 678))
        areas[-1].centerx = 640
        corner = (1280 - MARGIN_W, 710)  # the bottom-right corner, clear of the drifting cards
        areas.append(
            theme.draw_text(
                surface, f"v{__version__}", corner, 14, theme.MUTED, anchor="bottomright"
            )
        )
        return areas

    def moving(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The drifting cards and the bobbing logo: each image with where it goes now."""
        parts = [(d.image(), d.rect()) for d in self.drifters]
        logo = self.logo()
        if logo is None:
            logo = theme.render_text("Chabudai", 118, theme.CREAM, "title")
        parts.append((logo, logo.get_rect(midtop=self.logo_pos())))
        return parts

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.menu_layer(), (0, 0))
        self.drawn = self.moving()
        for image, rect in self.drawn:
            surface.blit(image, rect)

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Wipe what moved off (from the menu layer) and draw it where it is now."""
        menu = self.menu_layer()
        if not self.drawn:
            return None  # the menu changed: draw everything
        now = self.moving()
        dirty = [
            old[1].union(new[1])
            for old, new in zip(self.drawn, now, strict=True)
            if old[0] is not new[0] or old[1] != new[1]
        ]
        self.drawn = now
        screen = surface.get_rect()
        dirty = [r.clip(screen) for r in dirty if r.colliderect(screen)]
        for area in dirty:  # one area at a time: wiped, then everything in it drawn once
            surface.blit(menu, area, area)
            surface.set_clip(area)
            for image, rect in now:
                if rect.colliderect(area):
                    surface.blit(image, rect)
            surface.set_clip(None)
        return dirty
