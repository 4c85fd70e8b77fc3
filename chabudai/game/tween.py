"""The one tween system of the client: FRect-driven tweens with easing, one manager per scene.

A :class:`Tween` moves a ``pygame.FRect`` (position and size) or a float attribute from where it
is to a target over a duration, shaped by an easing function. Card motion follows the art
direction: :func:`ease_out` when landing, :func:`back_out` (a small overshoot) on a capture, and
:func:`flip_squash` for the horizontal squash of a card turning over.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    """Cubic ease-out: fast start, soft landing."""
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def back_out(t: float, overshoot: float = 1.70158) -> float:
    """Ease-out that passes the target a little and settles back (a capture's snap)."""
    t -= 1
    return 1 + (overshoot + 1) * t**3 + overshoot * t**2


def flip_squash(t: float) -> float:
    """Horizontal scale of a card turning over at progress ``t``: 1 → 0 (edge-on) → 1."""
    return abs(math.cos(math.pi * t))


def shake(t: float, swings: int = 4) -> float:
    """A damped side-to-side offset in -1..1 (illegal click)."""
    return math.sin(t * swings * 2 * math.pi) * (1 - t)


@dataclass
class Tween:
    """Animate ``target`` (an FRect, or ``getattr(target, attr)`` when ``attr`` is set)."""

    target: Any
    end: Any
    duration: float
    ease: Easing = ease_out
    delay: float = 0.0
    attr: str | None = None
    on_start: Callable[[], None] | None = None
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    start: Any = None
    started: bool = False
    done: bool = False
    _key: Any = field(default=None, repr=False)

    def _read(self) -> Any:
        if self.attr is not None:
            return getattr(self.target, self.attr)
        return pygame.FRect(self.target)

    def _write(self, value: Any) -> None:
        if self.attr is not None:
            setattr(self.target, self.attr, value)
        else:
            self.target.update(value)

    def step(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; returns True once finished."""
        if self.done:
            return True
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return False
            dt = -self.delay
        if not self.started:
            self.started = True
            if self.on_start:
                self.on_start()
            self.start = self._read()
        self.elapsed += dt
        t = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        k = self.ease(t)
        if isinstance(self.start, pygame.FRect):
            s, e = self.start, pygame.FRect(self.end)
            self._write(
                (
                    s.x + (e.x - s.x) * k,
                    s.y + (e.y - s.y) * k,
                    s.w + (e.w - s.w) * k,
                    s.h + (e.h - s.h) * k,
                )
            )
        else:
            self._write(self.start + (self.end - self.start) * k)
        if t >= 1.0:
            self._write(self.end if self.attr is not None else pygame.FRect(self.end))
            self.done = True
            if self.on_done:
                self.on_done()
        return self.done


class Tweens:
    """A scene's tween manager: a new tween on the same target and attribute replaces the old."""

    def __init__(self) -> None:
        self._tweens: list[Tween] = []
        self.speed = 1.0  # a scene sets the animation speed here; a table steps it in show time

    def add(self, tween: Tween) -> Tween:
        tween._key = (id(tween.target), tween.attr)
        self._tweens = [t for t in self._tweens if t._key != tween._key]
        self._tweens.append(tween)
        return tween

    def move(self, rect: pygame.FRect, end: Any, duration: float, **kw: Any) -> Tween:
        return self.add(Tween(rect, pygame.FRect(end), duration, **kw))

    def value(self, obj: Any, attr: str, end: float, duration: float, **kw: Any) -> Tween:
        return self.add(Tween(obj, end, duration, attr=attr, **kw))

    def cancel(self, target: Any) -> None:
        self._tweens = [t for t in self._tweens if t.target is not target]

    def update(self, dt: float) -> None:
        dt *= self.speed
        for tween in list(self._tweens):
            tween.step(dt)
        self._tweens = [t for t in self._tweens if not t.done]

    def finish(self) -> None:
        """Jump every tween to its end (skip an animation)."""
        while self._tweens:
            self.update(3600.0)

    @property
    def busy(self) -> bool:
        return bool(self._tweens)

    def __len__(self) -> int:
        return len(self._tweens)
