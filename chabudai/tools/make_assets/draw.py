"""Shared drawing helpers for the asset generator.

Art is drawn in a *design space* measured in display pixels (a hanafuda card is 90 × 144 units)
onto a surface `scale` times larger, then smooth-scaled down to the stored size, which gives
anti-aliased edges from plain pygame shapes. Every random choice comes from a `random.Random`
seeded with a fixed label, so two runs produce the same pixels.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from pathlib import Path

import pygame

Color = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[float, float]

ASSETS = Path(__file__).resolve().parents[2] / "assets"  # chabudai/assets, the package data
FONT_DIR = ASSETS / "fonts"
TITLE_FONT = "CherryBomb-Regular.otf"
TEXT_FONT = "Cantarell-Regular.otf"
BOLD_FONT = "Cantarell-Bold.otf"

_fonts: dict[tuple[str, int], pygame.font.Font] = {}


def font(name: str, px: int) -> pygame.font.Font:
    """A bundled font at a pixel size (fonts come from assets/fonts, so output is reproducible)."""
    key = (name, px)
    if key not in _fonts:
        if not pygame.font.get_init():
            pygame.font.init()
        _fonts[key] = pygame.font.Font(str(FONT_DIR / name), px)
    return _fonts[key]


def rng(*labels: object) -> random.Random:
    """A deterministic generator for one drawing (seeded by its labels)."""
    return random.Random("|".join(str(x) for x in labels))


def mix(a: Color, b: Color, t: float) -> tuple[int, int, int]:
    """Linear blend of two colours (t = 0 gives a)."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def shade(c: Color, f: float) -> tuple[int, int, int]:
    """Darken (f < 0) towards black or lighten (f > 0) towards white."""
    return mix(c, (0, 0, 0), -f) if f < 0 else mix(c, (255, 255, 255), f)


def with_alpha(c: Color, a: int) -> tuple[int, int, int, int]:
    return (c[0], c[1], c[2], a)


# --- geometry -------------------------------------------------------------------------------


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 24) -> list[Point]:
    """Points along a cubic Bézier curve (n segments)."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


def quad(p0: Point, p1: Point, p2: Point, n: int = 20) -> list[Point]:
    """Points along a quadratic Bézier curve."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append(
            (
                u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1],
            )
        )
    return out


def spline(pts: Sequence[Point], per: int = 6) -> list[Point]:
    """A Catmull-Rom curve through all the points (per samples per segment)."""
    if len(pts) < 3:
        return list(pts)
    ext = [pts[0], *pts, pts[-1]]
    out: list[Point] = []
    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        for k in range(per):
            t = k / per
            t2, t3 = t * t, t * t * t
            out.append(
                tuple(
                    0.5
                    * (
                        2 * p1[j]
                        + (p2[j] - p0[j]) * t
                        + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                        + (3 * p1[j] - p0[j] - 3 * p2[j] + p3[j]) * t3
                    )
                    for j in range(2)
                )  # type: ignore[arg-type]
            )
    out.append(pts[-1])
    return out


def arc(
    c: Point, r: float, a0: float, a1: float, n: int = 32, ry: float | None = None
) -> list[Point]:
    """Points on a circular (or elliptic) arc, angles in degrees, y pointing down."""
    ry = r if ry is None else ry
    return [
        (
            c[0] + r * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
            c[1] + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n)),
        )
        for i in range(n + 1)
    ]


def ellipse_pts(c: Point, rx: float, ry: float, angle: float = 0.0, n: int = 48) -> list[Point]:
    """A rotated ellipse as a polygon (angle in degrees)."""
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((c[0] + x * ca - y * sa, c[1] + x * sa + y * ca))
    return pts


def star_pts(c: Point, r_out: float, r_in: float, n: int = 5, rot: float = -90.0) -> list[Point]:
    """A star polygon with n points, the first pointing in direction rot (degrees)."""
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + 180.0 * i / n)
        pts.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return pts


def rotate(pts: Iterable[Point], c: Point, angle: float) -> list[Point]:
    """Rotate points about c by angle degrees."""
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return [
        (c[0] + (x - c[0]) * ca - (y - c[1]) * sa, c[1] + (x - c[0]) * sa + (y - c[1]) * ca)
        for x, y in pts
    ]


def mirror_x(pts: Iterable[Point], cx: float) -> list[Point]:
    return [(2 * cx - x, y) for x, y in pts]


def leaf_pts(base: Point, tip: Point, width: float, bend: float = 0.0, n: int = 14) -> list[Point]:
    """A pointed leaf outline from base to tip; bend curves its midline sideways."""
    bx, by = base
    tx, ty = tip
    dx, dy = tx - bx, ty - by
    ln = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / ln, dx / ln
    mx, my = bx + dx * 0.45 + nx * bend, by + dy * 0.45 + ny * bend
    w = width / 2
    left = quad(base, (mx + nx * w * 1.5, my + ny * w * 1.5), tip, n)
    right = quad(tip, (mx - nx * w * 1.5, my - ny * w * 1.5), base, n)
    return left + right[1:]


def offset_path(pts: Sequence[Point], widths: Sequence[float]) -> list[Point]:
    """Outline polygon of a stroke along pts with a half-width per point (a tapered brush)."""
    left, right = [], []
    n = len(pts)
    for i, (x, y) in enumerate(pts):
        a = pts[max(i - 1, 0)]
        b = pts[min(i + 1, n - 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        ln = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / ln, dx / ln
        w = widths[i]
        left.append((x + nx * w, y + ny * w))
        right.append((x - nx * w, y - ny * w))
    return left + right[::-1]


# --- the pen --------------------------------------------------------------------------------


class Pen:
    """Draws in design units onto a supersampled surface.

    `Pen(w, h, scale)` makes an SRCALPHA surface of (w·scale) × (h·scale); every coordinate and
    width passed to its methods is in design units. `result(out_w, out_h)` smooth-scales down.
    """

    def __init__(self, w: float, h: float, scale: float = 4.0, fill: Color | None = None):
        self.w, self.h, self.k = w, h, scale
        self.surf = pygame.Surface((round(w * scale), round(h * scale)), pygame.SRCALPHA)
        if fill is not None:
            self.surf.fill(fill)

    # coordinate helpers
    def p(self, pt: Point) -> tuple[float, float]:
        return (pt[0] * self.k, pt[1] * self.k)

    def ps(self, pts: Iterable[Point]) -> list[tuple[float, float]]:
        k = self.k
        return [(x * k, y * k) for x, y in pts]

    # shapes
    def fill(self, c: Color) -> None:
        self.surf.fill(c)

    def rect(
        self, c: Color, x: float, y: float, w: float, h: float, r: float = 0, width: float = 0
    ):
        k = self.k
        rr = pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k))
        pygame.draw.rect(self.surf, c, rr, round(width * k), border_radius=round(r * k))

    def poly(self, c: Color, pts: Sequence[Point], outline: Color | None = None, ow: float = 1.0):
        if len(pts) < 3:
            return
        sp = self.ps(pts)
        if len(c) == 4 and c[3] < 255:
            self._alpha_poly(c, sp)
        else:
            pygame.draw.polygon(self.surf, c, sp)
        if outline is not None:
            self.line(outline, list(pts) + [pts[0]], ow)

    def _alpha_poly(self, c: Color, sp: list[tuple[float, float]]) -> None:
        layer = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(layer, c, sp)
        self.surf.blit(layer, (0, 0))

    def circle(
        self,
        c: Color,
        center: Point,
        r: float,
        width: float = 0,
        outline: Color | None = None,
        ow: float = 1.0,
    ):
        if len(c) == 4 and c[3] < 255:
            layer = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
            pygame.draw.circle(layer, c, self.p(center), r * self.k, round(width * self.k))
            self.surf.blit(layer, (0, 0))
        else:
            pygame.draw.circle(self.surf, c, self.p(center), r * self.k, round(width * self.k))
        if outline is not None:
            pygame.draw.circle(
                self.surf, outline, self.p(center), r * self.k, max(1, round(ow * self.k))
            )

    def ellipse(
        self,
        c: Color,
        center: Point,
        rx: float,
        ry: float,
        angle: float = 0.0,
        outline: Color | None = None,
        ow: float = 1.0,
    ):
        self.poly(c, ellipse_pts(center, rx, ry, angle), outline, ow)

    def line(self, c: Color, pts: Sequence[Point], w: float = 1.0) -> None:
        """A polyline with round joins and caps, width w."""
        if len(pts) < 2:
            return
        sp = self.ps(pts)
        r = w * self.k / 2
        for a, b in zip(sp, sp[1:], strict=False):
            dx, dy = b[0] - a[0], b[1] - a[1]
            ln = math.hypot(dx, dy)
            if ln > 0:
                nx, ny = -dy / ln * r, dx / ln * r
                pygame.draw.polygon(
                    self.surf,
                    c,
                    [
                        (a[0] + nx, a[1] + ny),
                        (b[0] + nx, b[1] + ny),
                        (b[0] - nx, b[1] - ny),
                        (a[0] - nx, a[1] - ny),
                    ],
                )
        if r >= 1:
            for q in sp:
                pygame.draw.circle(self.surf, c, q, r)

    def brush(
        self, c: Color, pts: Sequence[Point], w0: float, w1: float, mid: float | None = None
    ) -> None:
        """A tapered stroke from width w0 to w1 (optionally swelling to mid in the middle)."""
        n = len(pts)
        widths = []
        for i in range(n):
            t = i / max(n - 1, 1)
            if mid is None:
                w = w0 + (w1 - w0) * t
            else:
                w = (
                    (w0 + (mid - w0) * (t / 0.5))
                    if t < 0.5
                    else (mid + (w1 - mid) * ((t - 0.5) / 0.5))
                )
            widths.append(max(w, 0.05) / 2)
        self.poly(c, offset_path(pts, widths))

    def leaf(
        self,
        c: Color,
        base: Point,
        tip: Point,
        width: float,
        bend: float = 0.0,
        outline: Color | None = None,
        ow: float = 0.8,
        vein: Color | None = None,
    ):
        self.poly(c, leaf_pts(base, tip, width, bend), outline, ow)
        if vein is not None:
            self.line(
                vein,
                quad(base, ((base[0] + tip[0]) / 2, (base[1] + tip[1]) / 2), tip, 6)[:-1],
                ow * 0.7,
            )

    def star(
        self,
        c: Color,
        center: Point,
        r_out: float,
        r_in: float,
        n: int = 5,
        rot: float = -90.0,
        outline: Color | None = None,
        ow: float = 1.0,
    ):
        self.poly(c, star_pts(center, r_out, r_in, n, rot), outline, ow)

    def text(
        self,
        s: str,
        font_name: str,
        px: float,
        c: Color,
        pos: Point,
        anchor: str = "center",
        outline: Color | None = None,
        ow: float = 1.0,
        angle: float = 0.0,
    ) -> pygame.Rect:
        """Text at a design-unit position; anchor is a pygame.Rect attribute name."""
        f = font(font_name, max(1, round(px * self.k)))
        img = f.render(s, True, c)
        if outline is not None:
            o = f.render(s, True, outline)
            ring = pygame.Surface(
                (
                    img.get_width() + 2 * round(ow * self.k),
                    img.get_height() + 2 * round(ow * self.k),
                ),
                pygame.SRCALPHA,
            )
            rad = round(ow * self.k)
            steps = 16
            for i in range(steps):
                a = 2 * math.pi * i / steps
                ring.blit(o, (rad + round(rad * math.cos(a)), rad + round(rad * math.sin(a))))
            ring.blit(img, (rad, rad))
            img = ring
        if angle:
            img = pygame.transform.rotate(img, angle)
        rect = img.get_rect(**{anchor: self.p(pos)})
        self.surf.blit(img, rect)
        return rect

    def blit(self, other: Pen | pygame.Surface, pos: Point = (0, 0)) -> None:
        s = other.surf if isinstance(other, Pen) else other
        self.surf.blit(s, self.p(pos))

    def clip(self, x: float, y: float, w: float, h: float) -> None:
        k = self.k
        self.surf.set_clip(pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k)))

    def unclip(self) -> None:
        self.surf.set_clip(None)

    def result(self, size: tuple[int, int]) -> pygame.Surface:
        """Smooth-scale the drawing to its stored size."""
        return smooth_to(self.surf, size)


def smooth_to(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Smooth-scale in halving steps (box filtering each step keeps thin lines)."""
    s = surf
    while (
        s.get_width() >= 2 * size[0]
        and s.get_height() >= 2 * size[1]
        and (s.get_width() // 2, s.get_height() // 2) != size
    ):
        s = pygame.transform.smoothscale(s, (s.get_width() // 2, s.get_height() // 2))
    if s.get_size() != size:
        s = pygame.transform.smoothscale(s, size)
    return s


def round_corners(surf: pygame.Surface, radius: float) -> None:
    """Make everything outside a rounded rectangle transparent (radius in surface pixels)."""
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(radius))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def paper_grain(
    pen: Pen, seed: str, dark: Color = (0, 0, 0), amount: int = 220, alpha: int = 26
) -> None:
    """Sparse fibres and specks: reads as paper grain but keeps PNGs small (no per-pixel noise)."""
    r = rng("grain", seed)
    layer = pygame.Surface(pen.surf.get_size(), pygame.SRCALPHA)
    k = pen.k
    for _ in range(amount):
        x, y = r.uniform(0, pen.w), r.uniform(0, pen.h)
        if r.random() < 0.6:
            a = r.uniform(0, math.pi)
            ln = r.uniform(1.5, 5.0)
            pygame.draw.line(
                layer,
                with_alpha(dark, alpha),
                (x * k, y * k),
                ((x + ln * math.cos(a)) * k, (y + ln * math.sin(a)) * k),
                max(1, round(0.35 * k)),
            )
        else:
            pygame.draw.circle(
                layer, with_alpha(dark, alpha), (x * k, y * k), r.uniform(0.25, 0.6) * k
            )
    pen.surf.blit(layer, (0, 0))


def vignette(surf: pygame.Surface, strength: int = 120, steps: int = 24) -> None:
    """Darken towards the edges with concentric translucent rings (smooth, compresses well)."""
    w, h = surf.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(steps):
        t = i / steps
        a = round(strength * (1 - t) ** 2 / steps * 2.2)
        inset_x, inset_y = round(w * 0.5 * t * 0.9), round(h * 0.5 * t * 0.9)
        ring = pygame.Rect(
            -w // 4 + inset_x, -h // 4 + inset_y, w * 3 // 2 - 2 * inset_x, h * 3 // 2 - 2 * inset_y
        )
        tmp = pygame.Surface((w, h), pygame.SRCALPHA)
        tmp.fill((0, 0, 0, a))
        pygame.draw.ellipse(tmp, (0, 0, 0, 0), ring)
        layer.blit(tmp, (0, 0))
    surf.blit(layer, (0, 0))


def pixel_hash(surf: pygame.Surface) -> str:
    """SHA-256 of the decoded RGBA pixels (what the determinism tests compare)."""
    import hashlib

    return hashlib.sha256(pygame.image.tobytes(surf, "RGBA")).hexdigest()
