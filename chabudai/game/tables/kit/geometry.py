"""Pure geometry for table layouts: places, rectangles, fans and hit testing (no pygame).

Every table's ``layout`` module describes a view as :class:`Place` values — where each card is
drawn, face up or down — and answers "what is under this point?" with :func:`topmost`. Keeping
this free of pygame lets the layouts and their click rules be tested as plain functions.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

Rect = tuple[float, float, float, float]  # x, y, w, h in the logical 1280 × 720 screen
Point = tuple[float, float]

SCREEN = (1280, 720)
LIFT = 14  # how far a clickable card in the hand rises (its hit area includes that strip)


@dataclass(frozen=True)
class Place:
    """Where one card is drawn.

    ``card`` is the face (an asset key such as ``17`` or ``"G5"``); None for a face-down card of
    unknown identity. ``key`` is the card's identity on the table — the sprite that moves there —
    and defaults to ``card``; games whose cards repeat (Nar's 1s, Nanatoridori's values) or hide
    their identity (backs) give each place its own key. ``rot`` turns the card by quarter turns
    (Nimalia tiles).
    """

    card: Any
    rect: Rect
    face_up: bool
    zone: str
    seat: int | None = None
    key: Hashable = None
    rot: int = 0

    def __post_init__(self) -> None:
        if self.key is None:
            object.__setattr__(self, "key", self.card)


@dataclass(frozen=True)
class Click:
    """What a click means: ``move`` (send it), ``select`` (a card chosen, waiting for more),
    ``illegal`` (shake ``key`` and show ``reason``) or ``none``."""

    kind: str
    move: Any = None
    key: Hashable = None
    reason: str = ""


def contains(rect: Rect, pos: Point) -> bool:
    x, y, w, h = rect
    return x <= pos[0] < x + w and y <= pos[1] < y + h


def center(rect: Rect) -> tuple[int, int]:
    x, y, w, h = rect
    return round(x + w / 2), round(y + h / 2)


def inside(rect: Rect, area: Rect = (0, 0, *SCREEN)) -> bool:
    """True when ``rect`` lies wholly within ``area`` (the screen by default)."""
    x, y, w, h = rect
    ax, ay, aw, ah = area
    return x >= ax and y >= ay and x + w <= ax + aw and y + h <= ay + ah


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def fan(count: int, width: float, budget: float, spacing: float) -> float:
    """The step between fanned cards so ``count`` cards of ``width`` fit ``budget``."""
    if count <= 1:
        return 0.0
    return max(4.0, min(spacing, (budget - width) / (count - 1)))


def row(count: int, width: float, step: float, centre_x: float) -> list[float]:
    """Left edges of ``count`` cards ``step`` apart, centred on ``centre_x``."""
    span = width + step * (count - 1) if count else 0.0
    x0 = centre_x - span / 2
    return [x0 + i * step for i in range(count)]


def lifted_hit(place: Place, zones: tuple[str, ...] = ("hand",)) -> Rect:
    """A card's clickable area: cards of the ``zones`` that rise when clickable also answer in
    the strip they rise into (``LIFT``)."""
    x, y, w, h = place.rect
    if place.zone in zones:
        return (x, y - LIFT, w, h + LIFT)
    return place.rect


def topmost(
    places: Iterable[Place], pos: Point, hit: Callable[[Place], Rect] = lambda p: p.rect
) -> Place | None:
    """The last-drawn place whose hit area (``hit(place)``) contains ``pos``.

    ``places`` are in draw order, bottom first, as the table draws them.
    """
    found = None
    for place in places:
        if contains(hit(place), pos):
            found = place
    return found


def hit_point(
    places: list[Place], target: Place, hit: Callable[[Place], Rect] = lambda p: p.rect
) -> tuple[int, int]:
    """A point that clicks ``target`` (its visible part when fanned under other cards)."""
    x, y, w, h = target.rect
    candidates = [(x + w / 2, y + h / 2)] + [(x + dx, y + h / 2) for dx in (w * 0.2, 6, 3)]
    candidates += [(x + w / 2, y + dy) for dy in (h * 0.2, 6, 3)]
    for px, py in candidates:
        found = topmost(places, (px, py), hit)
        if found is not None and found.key == target.key:
            return round(px), round(py)
    raise ValueError(f"card {target.key!r} is covered: no point clicks it")
