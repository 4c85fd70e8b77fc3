"""Card sprites and the stage that moves them to where a table's layout puts them.

A :class:`CardSprite` is one card on the table: its rectangle (an ``FRect`` driven by the scene's
tweens), the side it shows, a flip in progress, how far it is lifted, a shake after an illegal
click. The :class:`CardStage` keeps the sprites of one table keyed by identity
(:attr:`Place.key`): :meth:`CardStage.arrange` sends every sprite to its place with the easing
the art direction asks for (ease-out when landing, a small overshoot on a capture), creates the
newcomers at the deck and forgets the cards that left the table.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable
from typing import Any

import pygame

from chabudai.game import assets, theme
from chabudai.game.tables.kit.geometry import Place, Rect
from chabudai.game.tween import Tweens, ease_out, flip_squash, shake

SHAKE_SECONDS = 0.4

_cache: dict[tuple, pygame.Surface] = {}


def _cached(key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    surface = _cache.get(key)
    if surface is None:
        if len(_cache) > 300:
            _cache.clear()
        surface = _cache[key] = make()
    return surface


def turned(image: pygame.Surface, key: tuple, rot: int) -> pygame.Surface:
    """``image`` turned ``rot`` quarter turns clockwise, cached under ``key`` (which names the
    image: game, face and height)."""
    if rot % 4 == 0:
        return image
    return _cached(("rot", *key, rot % 4), lambda: pygame.transform.rotate(image, -90 * (rot % 4)))


def card_shadow(size: tuple[int, int], lifted: bool) -> pygame.Surface:
    """A soft drop shadow for a card of ``size`` (bigger and fainter while the card flies)."""

    def make() -> pygame.Surface:
        w, h = size
        shadow = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
        for i, alpha in enumerate((22, 30, 40) if not lifted else (16, 22, 28)):
            pygame.draw.rect(
                shadow,
                (0, 0, 0, alpha),
                (i * 2, i * 2, w + 8 - i * 4, h + 8 - i * 4),
                border_radius=8,
            )
        return shadow

    return _cached(("shadow", size, lifted), make)


def draw_glow(
    surface: pygame.Surface, rect: pygame.Rect, strength: float, color=theme.GOLD
) -> None:
    """A soft halo around ``rect``; ``strength`` 0..1 (pulsing highlights pass a pulse)."""
    alpha = int(90 + 90 * strength) // 15 * 15

    def make() -> pygame.Surface:
        glow = pygame.Surface((rect.w + 16, rect.h + 16), pygame.SRCALPHA)
        pygame.draw.rect(glow, (*color, alpha // 2), glow.get_rect(), border_radius=12)
        pygame.draw.rect(glow, (*color, alpha), glow.get_rect().inflate(-8, -8), border_radius=9)
        return glow

    surface.blit(_cached(("glow", rect.size, alpha, color), make), (rect.x - 8, rect.y - 8))


def pulse(time: float, speed: float = 1.2) -> float:
    """A 0.5..1 triangle wave: the breathing of glowing, clickable cards."""
    return 0.5 + 0.5 * abs(((time * speed) % 2) - 1)


class CardSprite:
    __slots__ = ("key", "card", "rect", "face", "flip", "lift", "shake", "moving", "z", "rot")

    def __init__(self, key: Hashable, card: Any, rect, face: bool) -> None:
        self.key = key
        self.card = card  # the face's asset key; None while its identity is unknown
        self.rect = pygame.FRect(rect)
        self.face = face  # the side shown once any flip is over
        self.flip = 1.0  # flip progress; < 0.5 still shows the other side
        self.lift = 0.0
        self.shake = 0.0  # seconds of shake left
        self.moving = False
        self.z = 0
        self.rot = 0  # quarter turns clockwise

    @property
    def shows_face(self) -> bool:
        return self.face if self.flip >= 0.5 else not self.face


class CardStage:
    """The sprites of one table, keyed by card identity."""

    def __init__(self, game: str, tweens: Tweens, heights: Iterable[int]) -> None:
        self.game = game
        self.tweens = tweens
        # Cards in flight change size every frame: they are drawn from the nearest of these
        # cached heights and scaled, so the loader caches only the few sizes the table uses.
        self.heights = sorted(set(heights))
        self.sprites: dict[Hashable, CardSprite] = {}

    def __contains__(self, key: Hashable) -> bool:
        return key in self.sprites

    def __getitem__(self, key: Hashable) -> CardSprite:
        return self.sprites[key]

    def get(self, key: Hashable) -> CardSprite | None:
        return self.sprites.get(key)

    def clear(self) -> None:
        for sprite in self.sprites.values():
            self.tweens.cancel(sprite.rect)
            self.tweens.cancel(sprite)
        self.sprites.clear()

    def spawn(self, key: Hashable, card: Any, rect, face: bool = False) -> CardSprite:
        """A new sprite at ``rect`` (e.g. a card just drawn from the stock)."""
        old = self.sprites.get(key)
        if old is not None:
            self.tweens.cancel(old.rect)
        sprite = self.sprites[key] = CardSprite(key, card, rect, face)
        return sprite

    def rekey(self, old: Hashable, new: Hashable, card: Any = None) -> CardSprite | None:
        """The sprite ``old`` (e.g. a face-down card in an opponent's hand) becomes ``new``,
        showing ``card``: it flies on from where it is. None when there is no such sprite."""
        sprite = self.sprites.pop(old, None)
        if sprite is None:
            return None
        sprite.key = new
        if card is not None:
            sprite.card = card
        self.sprites[new] = sprite
        return sprite

    def arrange(
        self,
        places: Iterable[Place],
        origin: Rect,
        duration: float = 0.34,
        ease=ease_out,
        stagger: float = 0.0,
    ) -> None:
        """Send every sprite to its place; ``places`` are in draw order, bottom first.

        Newcomers appear face down at ``origin`` (the deck) and fly in; with ``stagger`` each
        moving card leaves that much after the previous one (dealing). ``duration`` 0 jumps.
        """
        live: set[Hashable] = set()
        delay = 0.0
        for z, place in enumerate(places):
            live.add(place.key)
            sprite = self.sprites.get(place.key)
            if sprite is None:
                sprite = self.sprites[place.key] = CardSprite(place.key, place.card, origin, False)
            if place.card is not None:
                sprite.card = place.card
            sprite.z = z
            sprite.rot = place.rot
            self._send(sprite, place.rect, place.face_up, duration, ease, delay)
            if stagger and sprite.moving:
                delay += stagger
        for key in [k for k in self.sprites if k not in live]:
            sprite = self.sprites.pop(key)
            self.tweens.cancel(sprite.rect)

    def _send(
        self, sprite: CardSprite, rect, face: bool, duration: float, ease, delay: float
    ) -> None:
        target = pygame.FRect(rect)
        if duration <= 0:
            self.tweens.cancel(sprite.rect)
            sprite.rect.update(target)
            sprite.moving = False
            if sprite.face != face:
                sprite.face, sprite.flip = face, 1.0
            return
        if sprite.rect == target:
            self.tweens.cancel(sprite.rect)  # an older tween must not carry it away again
            sprite.moving = False
        else:
            sprite.moving = True

            def landed(s: CardSprite = sprite) -> None:
                s.moving = False

            self.tweens.move(sprite.rect, target, duration, ease=ease, delay=delay, on_done=landed)
        if sprite.face != face:
            sprite.face = face
            sprite.flip = 0.0
            self.tweens.value(sprite, "flip", 1.0, max(0.2, duration), ease=ease_out, delay=delay)

    def settle_lifts(self, targets: dict[Hashable, float], dt: float) -> bool:
        """Ease each sprite's lift toward its target (0 when not named); age the shakes.
        True while a lift or a shake still moves (the table is not still)."""
        moved = False
        for key, sprite in self.sprites.items():
            target = targets.get(key, 0.0)
            gap = target - sprite.lift
            if abs(gap) < 0.05:
                sprite.lift = target
            else:
                sprite.lift += gap * min(1.0, dt * 14)
                moved = True
            if sprite.shake > 0:
                sprite.shake = max(0.0, sprite.shake - dt)
                moved = True
        return moved

    def shake(self, key: Hashable) -> None:
        sprite = self.sprites.get(key)
        if sprite is not None:
            sprite.shake = SHAKE_SECONDS

    # ------------------------------------------------------------------ drawing

    def ordered(self) -> list[CardSprite]:
        """Sprites in draw order: resting cards by layout order, cards in flight on top."""
        return sorted(self.sprites.values(), key=lambda s: (s.moving, s.z))

    def draw(
        self,
        surface: pygame.Surface,
        glow: dict[Hashable, float] | None = None,
        focused: Hashable = None,
        dimmed: Callable[[CardSprite], bool] | None = None,
        skip: Collection[Hashable] = (),
    ) -> None:
        """Draw every sprite; ``glow`` maps keys to a glow strength, ``focused`` gets the
        keyboard ring, ``dimmed`` sprites are drawn darker (e.g. cards that cannot be played).
        Sprites in ``skip`` are left out (a table drew them already, e.g. from a cached layer)."""
        glow = glow or {}
        for sprite in self.ordered():
            if sprite.key in skip:
                continue
            strength = glow.get(sprite.key)
            dark = dimmed(sprite) if dimmed is not None else False
            self.draw_sprite(surface, sprite, strength, sprite.key == focused, dark)

    def image(self, sprite: CardSprite, height: int) -> pygame.Surface:
        if sprite.shows_face and sprite.card is not None:
            return assets.card_image(self.game, sprite.card, height=height)
        return assets.card_back(self.game, height=height)

    def draw_sprite(
        self,
        surface: pygame.Surface,
        sprite: CardSprite,
        glow: float | None = None,
        focused: bool = False,
        dark: bool = False,
    ) -> pygame.Rect:
        rect = pygame.Rect(
            round(sprite.rect.x),
            round(sprite.rect.y - sprite.lift),
            round(sprite.rect.w),
            round(sprite.rect.h),
        )
        if sprite.shake > 0:
            rect.x += round(8 * shake(1 - sprite.shake / SHAKE_SECONDS))
        surface.blit(
            card_shadow(rect.size, sprite.moving),
            (rect.x + (6 if sprite.moving else 3), rect.y + (8 if sprite.moving else 4)),
        )
        if glow is not None:
            draw_glow(surface, rect, glow)
        if focused:
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(10, 10), 3, border_radius=10)
        sideways = sprite.rot % 2 == 1  # a quarter-turned card is stored the other way round
        wanted = rect.w if sideways else rect.h
        height = next((h for h in self.heights if h >= wanted), self.heights[-1])
        image = self.image(sprite, height)
        if sprite.rot % 4:
            face = sprite.card if sprite.shows_face else None
            image = turned(image, (self.game, face, height), sprite.rot)
        squash = flip_squash(sprite.flip) if sprite.flip < 1.0 else 1.0
        if squash < 0.999 or image.get_size() != rect.size:
            width = max(1, round(rect.w * squash))
            image = pygame.transform.scale(image, (width, rect.h))
            surface.blit(image, (rect.centerx - width // 2, rect.y))
        else:
            surface.blit(image, rect)
        if dark:
            shade = _cached(("shade", rect.size), lambda: _shade(rect.size))
            surface.blit(shade, rect)
        return rect


def _shade(size: tuple[int, int]) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 110), shade.get_rect(), border_radius=6)
    return shade
