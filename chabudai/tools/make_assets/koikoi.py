"""Hanafuda faces for Koi-Koi (rules/koikoi.md K-4; art/STYLE.md "Hanafuda").

48 faces, ids 0–47 (id = (month − 1) × 4 + k). Each card is a flat painting inside a thin black
border, like the physical cards, plus a small month number and a type badge in the top-left corner.
Design space 90 × 144; stored at 180 × 288.
"""

from __future__ import annotations

import math

import pygame

from chabudai.tools.make_assets.draw import (
    TITLE_FONT,
    Pen,
    arc,
    bezier,
    ellipse_pts,
    mirror_x,
    mix,
    paper_grain,
    quad,
    rng,
    round_corners,
    shade,
    spline,
)

GAME = "koikoi"
W, H = 90, 144
SIZE = (180, 288)
SCALE = 4

# The one palette (STYLE: 6–8 colours; shades are derived with `shade`).
BLACK = (28, 22, 20)
PAPER = (244, 234, 210)
RED = (198, 40, 36)
PINK = (242, 166, 182)
GREEN = (40, 98, 62)
PURPLE = (108, 62, 150)
YELLOW = (242, 188, 46)
BLUE = (38, 66, 140)

BRIGHT, ANIMAL, RIBBON, PLAIN = "bright", "animal", "ribbon", "plain"

# (type, subject) in id order — the generator's own copy of the K-4 table (tests cross-check it
# against engines.koikoi.CARDS).
CARDS: tuple[tuple[str, str], ...] = (
    (BRIGHT, "crane"), (RIBBON, "poetry"), (PLAIN, "a"), (PLAIN, "b"),
    (ANIMAL, "warbler"), (RIBBON, "poetry"), (PLAIN, "a"), (PLAIN, "b"),
    (BRIGHT, "curtain"), (RIBBON, "poetry"), (PLAIN, "a"), (PLAIN, "b"),
    (ANIMAL, "cuckoo"), (RIBBON, "red"), (PLAIN, "a"), (PLAIN, "b"),
    (ANIMAL, "bridge"), (RIBBON, "red"), (PLAIN, "a"), (PLAIN, "b"),
    (ANIMAL, "butterflies"), (RIBBON, "blue"), (PLAIN, "a"), (PLAIN, "b"),
    (ANIMAL, "boar"), (RIBBON, "red"), (PLAIN, "a"), (PLAIN, "b"),
    (BRIGHT, "moon"), (ANIMAL, "geese"), (PLAIN, "a"), (PLAIN, "b"),
    (ANIMAL, "sake"), (RIBBON, "blue"), (PLAIN, "a"), (PLAIN, "b"),
    (ANIMAL, "deer"), (RIBBON, "blue"), (PLAIN, "a"), (PLAIN, "b"),
    (BRIGHT, "rainman"), (ANIMAL, "swallow"), (RIBBON, "red"), (PLAIN, "lightning"),
    (BRIGHT, "phoenix"), (PLAIN, "band"), (PLAIN, "a"), (PLAIN, "b"),
)  # fmt: skip


def card_ids() -> list[int]:
    return list(range(48))


# --- shared motifs ----------------------------------------------------------------------------


def mist(pen: Pen, y: float, color, h: float = 10, x0: float = -5, x1: float = 95, lobes: int = 3):
    """A kasumi mist band: a flat band whose top edge is a row of low scallops (a classic hanafuda
    device); `h` is how far it reaches down."""
    lobes = max(lobes, round((x1 - x0) / 26))
    span = (x1 - x0) / lobes
    top = []
    for i in range(lobes):
        top += arc((x0 + span * (i + 0.5), y), span / 2, 180, 360, 10, ry=min(h * 0.35, 4.5))
    bottom = [(x1, y + max(h * 0.6, 8)), (x0, y + max(h * 0.6, 8))]
    pen.poly(color, top + bottom)


def mist_top(pen: Pen, y: float, color) -> None:
    """A mist band hanging from the top edge, its lower edge scalloped."""
    lobes = 4
    span = 100 / lobes
    bottom = []
    for i in range(lobes):
        bottom += arc((-5 + span * (i + 0.5), y), span / 2, 180, 0, 10, ry=4.5)
    pen.poly(color, [(-5, -5)] + bottom + [(95, -5)])


def ground(pen: Pen, y: float, color, wobble: float = 3, seed: str = "") -> None:
    r = rng("ground", seed)
    pts = [(x, y + math.sin(x / 9 + r.random()) * wobble) for x in range(-2, 94, 4)]
    pen.poly(color, pts + [(92, 150), (-2, 150)])


def ribbon(
    pen: Pen,
    kind: str,
    x: float = 46,
    top: float = 22,
    length: float = 82,
    tilt: float = 8,
    poem: tuple[str, ...] = (),
):
    """A tanzaku ribbon hanging with a slight tilt; poetry ribbons carry brush writing."""
    color = BLUE if kind == "blue" else RED
    w = 15
    dx = math.tan(math.radians(tilt)) * length
    x0, x1 = x - w / 2, x + w / 2
    body = [
        (x0, top),
        (x1, top),
        (x1 + dx, top + length),
        (x + dx, top + length - 7),
        (x0 + dx, top + length),
    ]
    pen.poly(shade(BLACK, 0.0), [(a + 1.2, b + 1.2) for a, b in body])
    pen.poly(color, body, BLACK, 1.0)
    # the folded loop at the top
    pen.poly(
        shade(color, -0.25),
        [(x0, top), (x1, top), (x1 - 2, top - 6), (x0 + 2, top - 6)],
        BLACK,
        1.0,
    )
    pen.line(
        shade(color, 0.35), [(x0 + 2.2, top + 3), (x0 + 2.2 + dx * 0.9, top + length - 4)], 1.0
    )
    if kind == "poetry":
        step = 52 / max(len(poem) - 1, 1)
        for i, syllable in enumerate(poem):
            y = top + 9 + i * step
            ox = dx * (y - top) / length
            kana(pen, syllable, (x + 0.3 + ox, y), 4.3)


# Brush strokes for the few kana written on the red poetry ribbons, in a unit cell (u right, v down):
# January and February read あかよろし (akayoroshi), March みよしの (miyoshino).
KANA: dict[str, tuple[tuple[tuple[float, float], ...], ...]] = {
    "a": (
        ((-0.65, -0.5), (0.55, -0.58)),
        ((-0.1, -0.95), (-0.05, -0.2), (0.05, 0.55), (0.12, 0.95)),
        (
            (0.35, -0.2),
            (0.05, 0.45),
            (-0.45, 0.8),
            (-0.65, 0.4),
            (-0.1, 0.05),
            (0.6, 0.15),
            (0.75, 0.55),
            (0.35, 0.95),
        ),
    ),
    "ka": (
        ((-0.8, -0.25), (0.35, -0.35), (0.45, 0.2), (0.25, 0.75), (0.05, 0.6)),
        ((-0.05, -0.9), (-0.2, 0.1), (-0.5, 0.85)),
        ((0.6, -0.55), (0.85, -0.1)),
    ),
    "yo": (
        ((0.05, -0.35), (0.6, -0.4)),
        ((0.05, -0.95), (0.05, 0.5), (-0.55, 0.75), (-0.35, 0.95), (0.2, 0.8), (0.7, 0.5)),
    ),
    "ro": (
        (
            (-0.5, -0.7),
            (0.35, -0.75),
            (-0.55, 0.1),
            (0.2, -0.1),
            (0.65, 0.25),
            (0.45, 0.75),
            (-0.2, 0.9),
        ),
    ),
    "shi": (((-0.25, -0.95), (-0.3, 0.3), (-0.1, 0.85), (0.3, 0.8), (0.75, 0.35)),),
    "mi": (
        (
            (-0.55, -0.75),
            (0.25, -0.75),
            (-0.5, 0.45),
            (-0.55, 0.85),
            (-0.2, 0.7),
            (0.35, 0.05),
            (0.4, 0.6),
            (0.2, 0.95),
        ),
        ((0.55, -0.1), (0.8, 0.45)),
    ),
    "no": (
        (
            (0.05, -0.35),
            (-0.15, 0.35),
            (-0.5, 0.75),
            (-0.8, 0.3),
            (-0.4, -0.6),
            (0.4, -0.7),
            (0.85, -0.1),
            (0.6, 0.6),
            (0.2, 0.85),
        ),
    ),
}
POEMS = {
    1: ("a", "ka", "yo", "ro", "shi"),
    2: ("a", "ka", "yo", "ro", "shi"),
    3: ("mi", "yo", "shi", "no"),
}


def kana(pen: Pen, syllable: str, c, size: float) -> None:
    """One kana as tapered brush strokes (thick where the brush lands, thin where it lifts)."""
    x, y = c
    for stroke in KANA[syllable]:
        pts = spline([(x + u * size, y + v * size) for u, v in stroke], 6)
        pen.brush(BLACK, pts, size * 0.44, size * 0.14, mid=size * 0.34)


def needle_cluster(pen: Pen, c, r: float, rot: float = 0) -> None:
    """A pine needle cluster: a dark-green fan with lighter needles, black rim."""
    cx, cy = c
    rim = arc((cx, cy), r, 200 + rot, 340 + rot, 18)
    base = (cx + math.cos(math.radians(270 + rot + 90)) * r * 0.15, cy + r * 0.35)
    pen.poly(BLACK, arc((cx, cy), r + 1.2, 196 + rot, 344 + rot, 18) + [base])
    pen.poly(GREEN, rim + [base])
    for i in range(1, 18, 2):
        pen.line(shade(GREEN, 0.35), [base, rim[i]], 0.6)
    pen.line(shade(GREEN, -0.4), rim, 1.2)


def pine(pen: Pen, flip: bool = False, small: bool = False) -> None:
    s = 0.75 if small else 1.0
    trunk = bezier((20, 150), (10, 110), (40, 100), (30, 62), 20)
    br1 = bezier((30, 80), (45, 74), (56, 78), (70, 64), 14)
    br2 = bezier((29, 66), (20, 58), (14, 52), (12, 42), 10)
    clusters = [((30, 58), 17), ((64, 60), 15), ((12, 42), 11), ((46, 76), 13)]
    if small:
        trunk = [(x * s, 144 - (144 - y) * s) for x, y in trunk]
        br1 = [(x * s, 144 - (144 - y) * s) for x, y in br1]
        br2 = [(x * s, 144 - (144 - y) * s) for x, y in br2]
        clusters = [((x * s, 144 - (144 - y) * s), rr * s) for (x, y), rr in clusters]
    if flip:
        trunk, br1, br2 = mirror_x(trunk, 45), mirror_x(br1, 45), mirror_x(br2, 45)
        clusters = [((90 - x, y), rr) for (x, y), rr in clusters]
    pen.brush(BLACK, trunk, 9 * s, 5 * s)
    pen.brush(BLACK, br1, 4.5 * s, 2 * s)
    pen.brush(BLACK, br2, 4 * s, 2 * s)
    for cc, rr in clusters:
        needle_cluster(pen, cc, rr)


def five_petal(pen: Pen, c, r: float, petal, centre, rot: float = 0) -> None:
    cx, cy = c
    for i in range(5):
        a = math.radians(rot + 72 * i - 90)
        pen.circle(BLACK, (cx + math.cos(a) * r * 0.55, cy + math.sin(a) * r * 0.55), r * 0.55)
    for i in range(5):
        a = math.radians(rot + 72 * i - 90)
        pen.circle(petal, (cx + math.cos(a) * r * 0.55, cy + math.sin(a) * r * 0.55), r * 0.47)
    pen.circle(centre, c, r * 0.28)
    for i in range(5):
        a = math.radians(rot + 72 * i - 54)
        pen.line(BLACK, [c, (cx + math.cos(a) * r * 0.42, cy + math.sin(a) * r * 0.42)], 0.5)


def plum(pen: Pen, flip: bool = False, seed: str = "") -> None:
    branch = [(-2, 128), (20, 112), (14, 92), (40, 78), (34, 56), (62, 44), (58, 26), (80, 16)]
    side = [(40, 78), (62, 84), (74, 72)]
    if flip:
        branch, side = mirror_x(branch, 45), mirror_x(side, 45)
    pen.line(BLACK, branch, 5)
    pen.line(BLACK, side, 3)
    r = rng("plum", seed)
    pts = branch[1:] + side[1:]
    for i, (x, y) in enumerate(pts):
        col, mid = (RED, PAPER) if i % 2 == 0 else (PAPER, RED)
        five_petal(
            pen, (x + r.uniform(-3, 3), y + r.uniform(-4, 1)), 8.5, col, mid, r.uniform(0, 72)
        )
        pen.circle(
            shade(RED, -0.3),
            (x + r.uniform(4, 7), y + r.uniform(-6, 6)),
            1.8,
            outline=BLACK,
            ow=0.5,
        )


def blossom_cloud(pen: Pen, c, r: float, seed: str) -> None:
    """A cherry-blossom cloud: overlapping pink-white puffs with small five-petal flowers."""
    rr = rng("cloud", seed)
    puffs = [(c[0] + rr.uniform(-r, r) * 0.8, c[1] + rr.uniform(-r, r) * 0.45) for _ in range(6)]
    for x, y in puffs:
        pen.circle(BLACK, (x, y), r * 0.55 + 1.1)
    for x, y in puffs:
        pen.circle(PINK, (x, y), r * 0.55)
    for x, y in puffs:
        pen.circle(shade(PINK, 0.55), (x - r * 0.12, y - r * 0.14), r * 0.3)
    for _ in range(5):
        x, y = c[0] + rr.uniform(-r, r) * 0.8, c[1] + rr.uniform(-r, r) * 0.45
        five_petal(pen, (x, y), 5.5, shade(PINK, 0.75), RED, rr.uniform(0, 72))


def cherry(pen: Pen, variant: str) -> None:
    pen.fill(PAPER)
    mist(pen, 95, RED, 60, lobes=2)
    branch = (
        [(-2, 70), (24, 58), (44, 64), (70, 44), (94, 48)]
        if variant != "b"
        else [(92, 76), (66, 60), (44, 66), (22, 44), (-4, 50)]
    )
    pen.line(BLACK, branch, 4)
    clouds = (
        [((22, 48), 22), ((66, 40), 24), ((40, 20), 18)]
        if variant != "b"
        else [((66, 50), 22), ((24, 36), 24), ((54, 18), 18)]
    )
    for i, (c, r) in enumerate(clouds):
        blossom_cloud(pen, c, r, f"{variant}{i}")


def raceme(pen: Pen, top, length: float, seed: str) -> None:
    """A hanging wisteria flower cluster: florets alternating left and right along a curving
    axis, large and dark at the top, small and pale at the tip."""
    r = rng("raceme", seed)
    x, y = top
    sway = r.uniform(-4, 4)
    axis = quad((x, y), (x + sway * 2, y + length * 0.5), (x + sway, y + length), 20)
    pen.line(BLACK, axis, 0.9)
    n = int(length / 3.2)
    for i in range(n):
        t = i / n
        ax, ay = axis[min(int(t * 20), 20)]
        w = 6.2 * (1 - t) + 1.8
        side = 1 if i % 2 else -1
        fx, fy = ax + side * w * 0.42, ay
        col = mix(PURPLE, shade(PURPLE, 0.5), t)
        pen.ellipse(BLACK, (fx, fy), w * 0.5 + 0.7, 2.5 + 0.6 * (1 - t), side * 35)
        pen.ellipse(col, (fx, fy), w * 0.5, 1.9 + 0.6 * (1 - t), side * 35)
        pen.ellipse(shade(col, 0.3), (fx - side * w * 0.12, fy - 0.5), w * 0.22, 0.8, side * 35)


def wisteria(pen: Pen, variant: str) -> None:
    pen.fill(PAPER)
    mist(pen, 118, RED, 40, lobes=2)
    stem = bezier((-4, 10), (30, 4), (60, 20), (94, 8), 20)
    pen.brush(BLACK, stem, 3.5, 2)
    for i, x in enumerate((16, 38, 60, 80) if variant != "b" else (10, 30, 52, 74)):
        pen.leaf(GREEN, (x, 12), (x + 10, 22 + (i % 2) * 4), 6, 2, BLACK, 0.6)
    xs = (20, 44, 68) if variant != "b" else (14, 36, 60, 80)
    for i, x in enumerate(xs):
        raceme(pen, (x, 14), 70 + (i % 2) * 22 - (10 if variant == "b" else 0), f"{variant}{i}")


def iris_flower(pen: Pen, c, s: float = 1.0) -> None:
    x, y = c
    for dx, dy, ang in ((-7, 4, -35), (7, 4, 35), (0, 7, 0)):  # falls
        pen.ellipse(BLACK, (x + dx * s, y + dy * s), 4.8 * s, 8 * s, ang)
        pen.ellipse(PURPLE, (x + dx * s, y + dy * s), 3.9 * s, 7 * s, ang)
        pen.ellipse(YELLOW, (x + dx * s * 0.8, y + dy * s * 0.5), 1.1 * s, 2.4 * s, ang)
    for dx, ang in ((-3, -12), (3, 12)):  # standards
        pen.ellipse(BLACK, (x + dx * s, y - 6 * s), 3.2 * s, 7 * s, ang)
        pen.ellipse(shade(PURPLE, 0.3), (x + dx * s, y - 6 * s), 2.4 * s, 6.2 * s, ang)


def water(pen: Pen, y: float) -> None:
    pen.rect(BLUE, -2, y, 94, 160 - y)
    for i in range(5):
        yy = y + 5 + i * 7
        pts = [(x, yy + math.sin(x / 5 + i) * 1.4) for x in range(-2, 94, 3)]
        pen.line(shade(BLUE, 0.35), pts, 0.9)


def iris(pen: Pen, variant: str, bridge: bool = False) -> None:
    pen.fill(PAPER)
    water(pen, 108)
    r = rng("iris", variant)
    bases = (12, 28, 46, 62, 78) if variant != "b" else (18, 34, 50, 70)
    for i, bx in enumerate(bases):
        for j in range(3):
            h = r.uniform(55, 85)
            lean = r.uniform(-10, 10)
            pts = quad(
                (bx + j * 2, 130), (bx + lean * 0.3, 130 - h * 0.6), (bx + lean, 130 - h), 12
            )
            pen.brush(BLACK, pts, 4.8, 1.2)
            pen.brush(GREEN if (i + j) % 2 else shade(GREEN, 0.2), pts, 3.6, 0.4)
    heads = ((20, 44), (54, 30), (72, 58)) if variant != "b" else ((30, 36), (64, 46), (16, 70))
    if bridge:
        heads = ((16, 34), (74, 26))
    for i, hc in enumerate(heads):
        pen.line(BLACK, [(hc[0], hc[1] + 8), (hc[0] + (i % 2) * 2, 118)], 2.2)
        pen.line(GREEN, [(hc[0], hc[1] + 8), (hc[0] + (i % 2) * 2, 118)], 1.2)
        iris_flower(pen, hc, 1.25 if bridge else 1.15)


def peony_flower(pen: Pen, c, s: float, color) -> None:
    x, y = c
    for ring, (rr, k) in enumerate(((13, 9), (9.5, 7), (6, 5))):
        col = color if ring % 2 == 0 else shade(color, 0.35)
        for i in range(k):
            a = math.radians(360 * i / k + ring * 20)
            px, py = x + math.cos(a) * rr * 0.55 * s, y + math.sin(a) * rr * 0.45 * s
            pen.ellipse(BLACK, (px, py), rr * 0.55 * s + 0.8, rr * 0.42 * s + 0.8, math.degrees(a))
            pen.ellipse(col, (px, py), rr * 0.55 * s, rr * 0.42 * s, math.degrees(a))
    pen.circle(YELLOW, (x, y), 2.6 * s, outline=BLACK, ow=0.5)


def peony_leaf(pen: Pen, base, ang: float, s: float = 1.0) -> None:
    x, y = base
    for da, ln in ((-35, 13), (0, 17), (35, 13)):
        a = math.radians(ang + da)
        pen.leaf(
            GREEN,
            (x, y),
            (x + math.cos(a) * ln * s, y + math.sin(a) * ln * s),
            7 * s,
            1,
            BLACK,
            0.7,
            shade(GREEN, -0.35),
        )


def peony(pen: Pen, variant: str) -> None:
    pen.fill(PAPER)
    if variant != "butterflies":
        mist_top(pen, 22, RED)
    ground(pen, 128, shade(GREEN, -0.45), 2, variant)
    if variant == "b":
        flowers = [((34, 78), 1.9, RED), ((66, 108), 1.45, PINK)]
        leaves = [
            ((18, 112), -125),
            ((46, 124), -70),
            ((80, 84), -95),
            ((52, 56), -20),
            ((12, 60), -150),
        ]
    else:
        flowers = [((56, 74), 1.9, RED), ((26, 106), 1.45, PINK)]
        leaves = [
            ((44, 120), -105),
            ((76, 112), -50),
            ((14, 78), -80),
            ((78, 48), -140),
            ((30, 50), -160),
        ]
    if variant == "butterflies":
        flowers = [((46, 104), 1.7, RED)]
        leaves = [((24, 126), -125), ((68, 126), -55)]
    for b, a in leaves:
        peony_leaf(pen, b, a, 1.45)
    for c, sc, col in flowers:
        peony_flower(pen, c, sc, col)


def clover(pen: Pen, variant: str) -> None:
    """Bush clover: sprays arching over from the ground, tiny red-magenta flowers along them."""
    pen.fill(PAPER)
    ground(pen, 126, RED, 2, variant)
    r = rng("clover", variant)
    side = -1 if variant == "b" else 1
    roots = [(x if side > 0 else 90 - x, side) for x in (4, 22, 40, 58)]
    if variant == "boar":  # sprays from the sides only, leaving room for the boar
        roots = [(2, 1), (90, -1), (20, 1)]
    for i, (bx, sd) in enumerate(roots):
        reach = r.uniform(34, 48)
        peak = r.uniform(10, 30) + i * 4
        tip = (bx + sd * reach, peak + r.uniform(26, 40))
        pts = bezier((bx, 130), (bx, peak), (bx + sd * reach * 0.6, peak - 12), tip, 26)
        pen.brush(BLACK, pts, 2.6, 0.8)
        for j in range(4, len(pts)):
            x, y = pts[j]
            if j % 2 == 0:
                ls = 1 if j % 4 == 0 else -1
                pen.ellipse(BLACK, (x + ls * 3.2, y + 1), 3.0, 1.8, ls * 30)
                pen.ellipse(GREEN, (x + ls * 3.2, y + 1), 2.4, 1.2, ls * 30)
            else:
                fc = shade(RED, 0.15) if (i + j) % 3 else PURPLE
                for dx, dy in ((-1.6, 2.4), (1.6, 3.4), (0, 5.6)):
                    pen.circle(BLACK, (x + dx, y + dy), 1.9)
                    pen.circle(fc, (x + dx, y + dy), 1.4)


def pampas(pen: Pen, sky, variant: str = "a", hill_top: float = 70) -> None:
    pen.fill(sky)
    if variant == "b":
        hill = arc((30, 150), 80, 180, 360, 40, ry=150 - hill_top + 8)
    else:
        hill = arc((45, 150), 62, 180, 360, 40, ry=150 - hill_top)
    pen.poly(BLACK, hill)
    r = rng("pampas", variant, hill_top)
    for i in range(26):
        x = r.uniform(4, 86)
        # start on (or just under) the hill line
        y0 = min((p[1] for p in hill if abs(p[0] - x) < 4), default=hill_top) + r.uniform(2, 40)
        lean = r.uniform(-12, 12)
        pts = quad((x, y0), (x + lean * 0.3, y0 - 12), (x + lean, y0 - r.uniform(14, 26)), 10)
        pen.brush(PAPER if i % 3 else shade(PAPER, -0.25), pts, 1.4, 0.2)


def chrysanthemum_flower(pen: Pen, c, r: float, petal, centre) -> None:
    x, y = c
    n = 18
    for i in range(n):
        a = 360 * i / n
        ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
        pen.ellipse(BLACK, (x + ca * r * 0.55, y + sa * r * 0.55), r * 0.5, r * 0.16 + 0.6, a)
    for i in range(n):
        a = 360 * i / n
        ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
        pen.ellipse(petal, (x + ca * r * 0.55, y + sa * r * 0.55), r * 0.44, r * 0.14, a)
    for i in range(12):
        a = 360 * i / 12 + 15
        ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
        pen.ellipse(shade(petal, 0.3), (x + ca * r * 0.3, y + sa * r * 0.3), r * 0.28, r * 0.1, a)
    pen.circle(centre, c, r * 0.2, outline=BLACK, ow=0.5)


def chrysanthemum(pen: Pen, variant: str) -> None:
    pen.fill(PAPER)
    if variant != "sake":
        mist_top(pen, 20, RED)
    ground(pen, 128, shade(GREEN, -0.45), 2, variant)
    r = rng("kiku", variant)
    stems = ((22, 62), (50, 44), (72, 84)) if variant != "b" else ((30, 50), (64, 66), (18, 92))
    if variant == "sake":
        stems = ((18, 40), (74, 50))
    for i, (x, y) in enumerate(stems):
        pen.brush(BLACK, quad((x + 4, 132), (x - 4, (y + 132) / 2), (x, y), 12), 2.4, 1.4)
        for j in range(3):
            yy = y + 18 + j * 16
            side = 1 if (i + j) % 2 else -1
            pen.leaf(
                GREEN, (x, yy), (x + side * 12, yy - r.uniform(2, 8)), 7, 1.5 * side, BLACK, 0.6
            )
        petal, centre = (YELLOW, RED) if i % 2 == 0 else (RED, YELLOW)
        chrysanthemum_flower(pen, (x, y), 13 if variant != "sake" else 11, petal, centre)


def maple_leaf(pen: Pen, c, r: float, color, rot: float) -> None:
    pts = []
    lobes = [(-90, 1.0), (-45, 0.82), (0, 0.7), (180, 0.7), (225, 0.82)]
    for a, ln in lobes:
        for da, f in ((-20, 0.5), (0, 1.0), (20, 0.5)):
            aa = math.radians(a + da + rot)
            pts.append((c[0] + math.cos(aa) * r * ln * f, c[1] + math.sin(aa) * r * ln * f))
    # bottom notch and stem gap
    aa = math.radians(90 + rot)
    pts.insert(9, (c[0] + math.cos(aa) * r * 0.2, c[1] + math.sin(aa) * r * 0.2))
    pen.poly(color, pts, BLACK, 0.8)
    for a, _ in lobes:
        aa = math.radians(a + rot)
        pen.line(
            shade(color, -0.35),
            [c, (c[0] + math.cos(aa) * r * 0.6, c[1] + math.sin(aa) * r * 0.6)],
            0.5,
        )
    aa = math.radians(90 + rot)
    pen.line(BLACK, [c, (c[0] + math.cos(aa) * r * 0.55, c[1] + math.sin(aa) * r * 0.55)], 0.9)


def maple(pen: Pen, variant: str) -> None:
    pen.fill(PAPER)
    if variant != "deer":
        mist(pen, 116, RED, 40, lobes=2)
    r = rng("maple", variant)
    if variant == "b":
        branches = [
            [(94, 20), (66, 30), (50, 22), (24, 40), (-2, 34)],
            [(50, 22), (40, 8)],
            [(-2, 78), (22, 70), (40, 82), (58, 72)],
        ]
    else:
        branches = [
            [(-2, 24), (26, 36), (42, 26), (66, 46), (94, 40)],
            [(42, 26), (54, 8)],
            [(94, 84), (70, 74), (52, 86), (34, 76)],
        ]
    if variant == "deer":
        branches = [[(-2, 16), (30, 26), (56, 14), (94, 22)], [(30, 26), (26, 40)]]
    spots = []
    for j, br in enumerate(branches):
        pen.line(BLACK, br, 3.6 if j != 1 else 2.4)
        spots += br[1:]
    extra = 16 if variant != "deer" else 7
    for _ in range(extra):
        spots.append((r.uniform(4, 86), r.uniform(6, 100 if variant != "deer" else 40)))
    for i, (x, y) in enumerate(spots):
        col = RED if i % 3 else shade(YELLOW, -0.1) if i % 2 else shade(RED, 0.25)
        maple_leaf(pen, (x, y + 6), r.uniform(9, 12.5), col, r.uniform(-35, 35))


def willow_strands(pen: Pen, xs, top: float, bottom: float, seed: str, color=GREEN) -> None:
    r = rng("willow", seed)
    for x in xs:
        sway = r.uniform(-8, 8)
        pts = bezier(
            (x, top), (x + sway, top + 20), (x - sway, bottom - 30), (x + sway * 0.5, bottom), 20
        )
        pen.line(BLACK, pts, 2.6)
        pen.line(color, pts, 1.4)
        for j in range(2, len(pts), 3):
            px, py = pts[j]
            side = 1 if j % 2 else -1
            pen.leaf(color, (px, py), (px + side * 4, py + 6), 2.4, 0.5, BLACK, 0.4)


def willow(pen: Pen, variant: str) -> None:
    sky = shade(BLUE, 0.55)
    pen.fill(sky)
    if variant in ("a", "ribbon"):
        mist(pen, 124, PAPER, 30, lobes=2)
    branch = bezier((-2, 6), (30, -2), (60, 4), (94, 2), 16)
    pen.brush(BLACK, branch, 4, 2)
    willow_strands(pen, (10, 26, 42, 58, 74, 86), 4, 120, variant)


def paulownia_leaves(pen: Pen, leaves) -> None:
    for (bx, by), (tx, ty), w in leaves:
        pen.leaf(shade(GREEN, 0.1), (bx, by), (tx, ty), w, 0, BLACK, 1.0, shade(GREEN, -0.4))
        for f in (0.35, 0.6):
            mx, my = bx + (tx - bx) * f, by + (ty - by) * f
            for sgn in (-1, 1):
                pen.line(shade(GREEN, -0.4), [(mx, my), (mx + sgn * w * 0.3, my - w * 0.22)], 0.6)


def paulownia_spike(pen: Pen, x: float, y: float, n: int, tone: int) -> None:
    """A paulownia flower panicle: an upright cone of purple bells on a black stalk."""
    pen.line(BLACK, [(x, y + n * 4.6 + 10), (x, y - 6)], 1.8)
    for j in range(n):
        yy = y + j * 4.6
        k = 1 + (j + 1) // 2  # bells in this row: the cone widens downwards
        spread = 2.2 + j * 0.85
        for m in range(k):
            bx = x if k == 1 else x - spread + 2 * spread * m / (k - 1)
            pen.ellipse(BLACK, (bx, yy), 3.1, 2.5, 0)
            col = PURPLE if (tone + j + m) % 2 else shade(PURPLE, 0.35)
            pen.ellipse(col, (bx, yy), 2.4, 1.8, 0)
            pen.circle(shade(PURPLE, 0.6), (bx, yy + 0.6), 0.6)
    pen.circle(shade(PURPLE, 0.35), (x, y - 4), 2.2, outline=BLACK, ow=0.6)


def paulownia(pen: Pen, variant: str) -> None:
    pen.fill(PAPER if variant != "phoenix" else RED)
    if variant == "phoenix":
        paulownia_leaves(pen, [((14, 150), (-6, 112), 34), ((78, 150), (98, 112), 34)])
        return
    if variant == "b":
        spikes = ((22, 22, 8), (50, 12, 9), (72, 30, 7))
    else:
        spikes = ((24, 14, 9), (48, 30, 8), (70, 16, 9))
    for i, (x, y, n) in enumerate(spikes):
        paulownia_spike(pen, x, y, n, i)
    paulownia_leaves(
        pen, [((18, 136), (-8, 88), 38), ((70, 136), (98, 90), 38), ((45, 146), (46, 86), 42)]
    )
    if variant == "band":
        # the one plain with a yellow band (K-4 id 45; no rule effect)
        pen.rect(YELLOW, -2, 112, 94, 40)
        pen.line(BLACK, [(-2, 112), (92, 112)], 1.2)
        for i in range(7):
            cx = 6 + i * 13
            pen.poly(shade(YELLOW, -0.3), [(cx, 119), (cx + 5, 125), (cx, 131), (cx - 5, 125)])
    else:
        pen.rect(shade(GREEN, -0.45), -2, 134, 94, 12)


# --- special subjects -------------------------------------------------------------------------


def crane_card(pen: Pen) -> None:
    pen.fill(shade(YELLOW, 0.72))
    pen.circle(RED, (54, 42), 28)
    mist(pen, 78, PAPER, 16, lobes=3)
    pine(pen, flip=False, small=True)
    ground(pen, 124, shade(GREEN, -0.45), 2, "crane")
    # crane standing, body facing left, head raised
    body = ellipse_pts((56, 96), 17, 10, -15)
    pen.poly(PAPER, body, BLACK, 1.0)
    pen.poly(BLACK, [(66, 92), (82, 84), (78, 96), (70, 101)])  # tail
    neck = bezier((46, 90), (40, 76), (44, 68), (38, 58), 12)
    pen.brush(BLACK, neck, 5.2, 3.6)
    pen.circle(PAPER, (38, 57), 4.3, outline=BLACK, ow=0.9)
    pen.circle(RED, (38.5, 54.2), 2.0)
    pen.poly(shade(YELLOW, -0.2), [(34.5, 56), (24, 60), (35, 59)], BLACK, 0.5)
    pen.circle(BLACK, (37, 56.5), 0.8)
    for i, (a, b) in enumerate((((52, 104), (50, 128)), ((60, 104), (62, 128)))):
        pen.line(BLACK, [a, b], 1.3)
        pen.line(BLACK, [b, (b[0] + (-5 if i == 0 else 5), b[1] + 1)], 1.0)
    pen.brush(
        shade(PAPER, -0.15), bezier((46, 96), (54, 90), (62, 92), (70, 96), 10), 1, 1, mid=2.4
    )


def warbler_card(pen: Pen) -> None:
    pen.fill(RED)
    mist(pen, 112, PAPER, 40, lobes=2)
    plum(pen, seed="warbler")
    olive = shade(mix_green_yellow(), -0.1)
    x, y = 48, 74
    pen.poly(shade(olive, -0.3), [(x + 10, y + 2), (x + 24, y + 10), (x + 12, y + 8)], BLACK, 0.8)
    pen.ellipse(olive, (x, y), 13, 9, 10, BLACK, 1.0)
    pen.circle(olive, (x - 11, y - 6), 7, outline=BLACK, ow=1.0)
    pen.ellipse(shade(olive, 0.35), (x - 2, y + 3), 9, 4.5, 10)
    pen.ellipse(shade(olive, -0.25), (x + 3, y - 2), 8, 4, 20, BLACK, 0.6)
    pen.poly(BLACK, [(x - 17, y - 7), (x - 23, y - 5), (x - 17, y - 4)])
    pen.circle(PAPER, (x - 13, y - 7), 2.1)
    pen.circle(BLACK, (x - 13.4, y - 7), 1.2)
    for dx in (-2, 3):
        pen.line(BLACK, [(x + dx, y + 8), (x + dx - 1, y + 12)], 1.0)


def mix_green_yellow():
    return tuple(round(GREEN[i] * 0.5 + YELLOW[i] * 0.5) for i in range(3))


def curtain_card(pen: Pen) -> None:
    cherry(pen, "a")
    top = 72
    stripes = 6
    w = 94 / stripes
    for i in range(stripes):
        x0 = -2 + i * w
        pts = (
            [(x0, top)]
            + [(x0 + w * t / 8, 138 + math.sin(t / 8 * math.pi) * 4) for t in range(9)]
            + [(x0 + w, top)]
        )
        pen.poly(RED if i % 2 == 0 else PAPER, pts)
        pen.line(BLACK, [(x0, top), (x0, 138)], 0.7)
    pen.rect(BLACK, -2, top - 4, 94, 5)
    for i in range(7):
        pen.circle(YELLOW, (4 + i * 14, top - 1.5), 1.6)
    # crest: a cherry blossom mon in a ring
    pen.circle(PAPER, (45, 104), 14, outline=BLACK, ow=1.4)
    pen.circle(BLACK, (45, 104), 11, width=1.2)
    five_petal(pen, (45, 104), 12, RED, YELLOW)


def cuckoo_card(pen: Pen) -> None:
    pen.fill(RED)
    mist(pen, 122, PAPER, 30, lobes=2)
    stem = bezier((-4, 10), (30, 4), (60, 20), (94, 8), 20)
    pen.brush(BLACK, stem, 3.5, 2)
    for i, x in enumerate((20, 62, 82)):
        raceme(pen, (x, 14), 40 + (i % 2) * 12, f"cuckoo{i}")
    # crescent moon
    pen.circle(YELLOW, (30, 58), 12)
    pen.circle(RED, (35, 54), 11)
    # cuckoo in flight
    x, y = 50, 88
    pen.poly(
        BLACK,
        [(x - 2, y - 2), (x - 12, y - 20), (x - 22, y - 27), (x - 19, y - 17), (x - 9, y + 1)],
    )  # far wing
    pen.poly(
        BLACK,
        [(x + 14, y + 2), (x + 30, y + 10), (x + 28, y + 4), (x + 34, y + 4), (x + 16, y - 2)],
    )  # tail
    pen.ellipse(BLACK, (x + 4, y), 13, 5.5, 8)
    pen.circle(BLACK, (x - 10, y - 2), 5)
    pen.poly(YELLOW, [(x - 14, y - 3), (x - 20, y - 1), (x - 14, y)])
    pen.circle(RED, (x - 11, y - 3), 1.3)
    pen.poly(
        BLACK, [(x + 2, y - 2), (x + 18, y - 28), (x + 24, y - 30), (x + 12, y + 2)]
    )  # near wing
    pen.line(shade(BLACK, 0.25), [(x + 5, y - 4), (x + 19, y - 26)], 0.6)
    for i in range(4):
        pen.line(PAPER, [(x - 8 + i * 4, y + 3), (x - 6 + i * 4, y + 4.5)], 0.7)


def bridge_card(pen: Pen) -> None:
    iris(pen, "a", bridge=True)
    planks = [((-4, 86), (40, 100)), ((40, 100), (20, 118)), ((20, 118), (96, 132))]
    for (x0, y0), (x1, y1) in planks:
        dx, dy = x1 - x0, y1 - y0
        ln = math.hypot(dx, dy)
        nx, ny = -dy / ln * 5, dx / ln * 5
        board = [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]
        pen.poly(shade(YELLOW, -0.45), [(a + 1.5, b + 3) for a, b in board])
        pen.poly(shade(YELLOW, -0.25), board, BLACK, 1.0)
        for t in (0.25, 0.5, 0.75):
            cx, cy = x0 + dx * t, y0 + dy * t
            pen.line(BLACK, [(cx + nx, cy + ny), (cx - nx, cy - ny)], 0.6)
            pen.line(BLACK, [(cx, cy + 4), (cx, cy + 12)], 1.8)


def butterfly(pen: Pen, c, s: float, wing, spot, rot: float) -> None:
    x, y = c
    parts = [
        ((-6, -5), 7, 5.5, -30),
        ((6, -5), 7, 5.5, 30),
        ((-4, 4), 4.5, 3.6, 30),
        ((4, 4), 4.5, 3.6, -30),
    ]
    for (dx, dy), rx, ry, a in parts:
        p = (x + dx * s, y + dy * s)
        pen.poly(wing, [q for q in _rot_pts(ellipse_pts(p, rx * s, ry * s, a), c, rot)], BLACK, 0.8)
    for (dx, dy), _rx, _ry, _a in parts[:2]:
        p = (x + dx * s * 1.1, y + dy * s * 1.05)
        pen.poly(spot, _rot_pts(ellipse_pts(p, 2.2 * s, 1.8 * s), c, rot))
    pen.poly(BLACK, _rot_pts(ellipse_pts(c, 1.2 * s, 7 * s), c, rot))
    for sx in (-1, 1):
        pen.line(BLACK, _rot_pts([(x, y - 6 * s), (x + sx * 4 * s, y - 11 * s)], c, rot), 0.6)


def _rot_pts(pts, c, rot):
    from chabudai.tools.make_assets.draw import rotate

    return rotate(pts, c, rot)


def butterflies_card(pen: Pen) -> None:
    peony(pen, "butterflies")
    butterfly(pen, (30, 40), 2.0, BLUE, YELLOW, -15)
    butterfly(pen, (62, 62), 1.7, YELLOW, RED, 20)


def boar_card(pen: Pen) -> None:
    clover(pen, "boar")
    brown = shade(RED, -0.72)
    x, y = 48, 100
    pen.ellipse(brown, (x, y), 26, 14, -4, BLACK, 1.2)
    # bristled back
    pts = [
        (x - 22 + i * 4, y - 10 - math.sin(i / 11 * math.pi) * 6 - (i % 2) * 2.5) for i in range(12)
    ]
    pen.poly(brown, [(x - 24, y - 4)] + pts + [(x + 22, y - 4)])
    pen.line(BLACK, pts, 0.9)
    head = [(x - 20, y - 8), (x - 36, y + 0), (x - 40, y + 6), (x - 34, y + 10), (x - 18, y + 10)]
    pen.poly(brown, head, BLACK, 1.0)
    pen.ellipse(shade(brown, 0.2), (x - 38.5, y + 6), 2.2, 3.5, 0, BLACK, 0.6)
    pen.poly(PAPER, [(x - 32, y + 8), (x - 35, y + 3), (x - 31, y + 6)])  # tusk
    pen.circle(PAPER, (x - 27, y - 1), 1.6)
    pen.circle(BLACK, (x - 27.5, y - 1), 0.9)
    pen.poly(brown, [(x - 18, y - 9), (x - 16, y - 16), (x - 12, y - 8)], BLACK, 0.8)  # ear
    for lx, d in ((-14, -5), (-6, 4), (12, -4), (20, 5)):
        pen.poly(
            brown,
            [
                (x + lx - 2.5, y + 8),
                (x + lx + 2.5, y + 8),
                (x + lx + d * 0.5 + 2, y + 22),
                (x + lx + d * 0.5 - 2, y + 22),
            ],
            BLACK,
            0.8,
        )
    pen.line(BLACK, bezier((x + 25, y - 2), (x + 30, y - 4), (x + 30, y + 2), (x + 33, y), 6), 1.0)
    for i in range(6):
        pen.line(shade(brown, 0.25), [(x - 12 + i * 6, y - 4), (x - 10 + i * 6, y + 6)], 0.6)


def moon_card(pen: Pen) -> None:
    pampas(pen, RED, "a", hill_top=86)
    pen.circle(PAPER, (45, 48), 27)
    pen.circle(shade(PAPER, -0.06), (52, 56), 14)
    pen.circle(PAPER, (45, 48), 27, width=1.5)
    pampas_front(pen)


def pampas_front(pen: Pen) -> None:
    """Re-draw a few grass blades in front of the moon so it sits behind the hill."""
    r = rng("pampas-front")
    for _ in range(8):
        x = r.uniform(10, 80)
        y0 = r.uniform(92, 112)
        lean = r.uniform(-10, 10)
        pen.brush(
            PAPER, quad((x, y0), (x + lean * 0.3, y0 - 12), (x + lean, y0 - 24), 10), 1.4, 0.2
        )


def goose(pen: Pen, c, s: float) -> None:
    x, y = c
    pen.poly(
        BLACK,
        [(x - 2 * s, y), (x - 12 * s, y - 12 * s), (x - 4 * s, y - 11 * s), (x + 4 * s, y - 2 * s)],
    )
    pen.poly(
        BLACK, [(x, y), (x + 10 * s, y - 10 * s), (x + 14 * s, y - 8 * s), (x + 5 * s, y + 2 * s)]
    )
    pen.ellipse(BLACK, (x, y + 1 * s), 9 * s, 3 * s, -10)
    pen.brush(BLACK, [(x - 8 * s, y + 2 * s), (x - 14 * s, y + 4 * s)], 2.2 * s, 1.6 * s)
    pen.circle(BLACK, (x - 15 * s, y + 4.5 * s), 1.8 * s)
    pen.poly(
        YELLOW, [(x - 16.5 * s, y + 4 * s), (x - 20 * s, y + 5.5 * s), (x - 16.5 * s, y + 5.8 * s)]
    )
    pen.line(PAPER, [(x - 6 * s, y + 1.8 * s), (x + 6 * s, y + 1.8 * s)], 0.6)


def geese_card(pen: Pen) -> None:
    pampas(pen, shade(YELLOW, -0.05), "b", hill_top=96)
    for c, s in (((46, 32), 1.25), ((72, 50), 1.15), ((44, 70), 1.1)):
        goose(pen, c, s)


def sake_card(pen: Pen) -> None:
    chrysanthemum(pen, "sake")
    x, y = 46, 92
    # stand
    pen.poly(
        shade(RED, -0.35),
        [(x - 11, y + 12), (x + 11, y + 12), (x + 15, y + 26), (x - 15, y + 26)],
        BLACK,
        1.0,
    )
    # bowl (3/4 view)
    bowl = arc((x, y), 30, 0, 180, 24, ry=18)
    pen.poly(RED, bowl, BLACK, 1.2)
    pen.ellipse(shade(RED, -0.2), (x, y), 30, 8, 0, BLACK, 1.2)
    pen.ellipse(shade(RED, -0.45), (x, y + 1), 26, 6)
    pen.line(YELLOW, arc((x, y), 27, 15, 165, 20, ry=15), 1.0)
    kotobuki(pen, (x, y + 10), 8.5, YELLOW)


def kotobuki(pen: Pen, c, s: float, color) -> None:
    """寿 (long life) drawn as brush strokes in a unit box scaled by s."""
    x, y = c

    def P(u, v):
        return (x + u * s, y + v * s)

    strokes = [
        ([P(-0.7, -0.75), P(0.7, -0.75)], 0.18, 0.12),
        ([P(-0.55, -0.42), P(0.55, -0.42)], 0.16, 0.11),
        ([P(-0.85, -0.1), P(0.85, -0.1)], 0.18, 0.12),
        ([P(0.02, -1.0), P(0.0, -0.1)], 0.2, 0.16),
        (quad(P(-0.1, -0.1), P(-0.35, 0.3), P(-0.8, 0.55), 8), 0.18, 0.08),
        ([P(-0.6, 0.3), P(0.8, 0.3)], 0.16, 0.11),
        (quad(P(0.45, 0.0), P(0.5, 0.6), P(0.25, 0.95), 8), 0.18, 0.1),
        ([P(-0.25, 0.58), P(-0.05, 0.78)], 0.16, 0.1),
    ]
    for pts, w0, w1 in strokes:
        pen.brush(color, pts, w0 * s * 2, w1 * s * 2)


def deer_card(pen: Pen) -> None:
    maple(pen, "deer")
    ground(pen, 128, shade(GREEN, -0.45), 2, "deer")
    tan = shade(YELLOW, -0.42)
    x, y = 48, 96
    pen.ellipse(tan, (x, y), 22, 11, 0, BLACK, 1.2)
    for lx in (-16, -10, 12, 18):
        pen.brush(tan, [(x + lx, y + 6), (x + lx + (1 if lx > 0 else -1), y + 30)], 4, 2)
        pen.line(BLACK, [(x + lx - 2, y + 9), (x + lx - 1, y + 30)], 0.6)
        pen.rect(BLACK, x + lx - 1.5, y + 29, 3.2, 2.6)
    for i in range(6):
        pen.circle(PAPER, (x - 10 + i * 4.5, y - 3 + (i % 2) * 3), 1.2)
    neck = bezier((x - 12, y - 2), (x - 18, y - 12), (x - 18, y - 20), (x - 14, y - 28), 12)
    pen.brush(BLACK, neck, 11.5, 7.5)
    pen.brush(tan, neck, 9.5, 5.5)
    # head turned back over the shoulder (muzzle pointing right)
    hx, hy = x - 12, y - 31
    for s in (-1, 1):
        base = (hx - 1 + s * 2, hy - 4)
        tip = (hx - 1 + s * 8, hy - 18)
        pen.line(BLACK, [base, tip], 2.0)
        mid = ((base[0] + tip[0]) / 2, (base[1] + tip[1]) / 2)
        pen.line(BLACK, [mid, (mid[0] + s * 5, mid[1] - 2)], 1.6)
        pen.line(BLACK, [(tip[0] - s * 1, tip[1] + 5), (tip[0] - s * 4, tip[1] + 1)], 1.4)
    pen.ellipse(tan, (hx - 6, hy - 2), 5, 2.4, -25, BLACK, 0.8)
    pen.poly(
        tan,
        [
            (hx - 5, hy - 4),
            (hx + 4, hy - 6),
            (hx + 13, hy + 1),
            (hx + 12, hy + 5),
            (hx + 2, hy + 6),
            (hx - 5, hy + 3),
        ],
        BLACK,
        1.0,
    )
    pen.circle(BLACK, (hx + 12.5, hy + 2.5), 1.3)
    pen.circle(PAPER, (hx + 2, hy - 0.5), 1.5)
    pen.circle(BLACK, (hx + 2.3, hy - 0.5), 0.9)
    pen.poly(PAPER, [(x + 20, y - 6), (x + 26, y - 10), (x + 23, y - 2)], BLACK, 0.6)


def rainman_card(pen: Pen) -> None:
    pen.fill(shade(BLACK, 0.1))
    r = rng("rain")
    for _ in range(40):
        x, y = r.uniform(0, 90), r.uniform(0, 144)
        pen.line(shade(BLUE, 0.3), [(x, y), (x - 2, y + 7)], 0.5)
    pen.rect(BLUE, -2, 118, 94, 30)
    for i in range(3):
        pen.line(
            shade(BLUE, 0.4),
            [(x0, 124 + i * 6 + math.sin(x0 / 6) * 1.2) for x0 in range(-2, 94, 3)],
            0.8,
        )
    willow_strands(pen, (56, 70, 84), 0, 110, "rainman", GREEN)
    # the man: yellow robe, red umbrella tilted to the left
    x, y = 34, 84
    pen.poly(
        shade(YELLOW, -0.05),
        [(x - 9, y - 10), (x + 8, y - 10), (x + 14, y + 30), (x - 14, y + 30)],
        BLACK,
        1.0,
    )
    pen.poly(
        RED, [(x - 10, y + 6), (x + 10, y + 6), (x + 13, y + 22), (x - 13, y + 22)], BLACK, 0.8
    )
    for i in range(3):
        pen.line(BLACK, [(x - 9 + i * 8, y + 8), (x - 11 + i * 9, y + 22)], 0.5)
    pen.circle(PAPER, (x, y - 14), 5, outline=BLACK, ow=0.9)
    pen.circle(BLACK, (x - 1.8, y - 14.5), 0.6)
    pen.circle(BLACK, (x + 1.8, y - 14.5), 0.6)
    pen.line(BLACK, [(x - 1.2, y - 11.8), (x + 1.2, y - 11.8)], 0.5)
    pen.poly(
        BLACK, [(x - 4, y - 18), (x + 4, y - 18), (x + 2, y - 25), (x - 2, y - 25)]
    )  # eboshi hat
    pen.line(BLACK, [(x - 2, y + 30), (x - 4, y + 36)], 1.6)
    pen.line(BLACK, [(x + 3, y + 30), (x + 5, y + 36)], 1.6)
    # umbrella
    uc = (x - 4, y - 30)
    canopy = arc(uc, 26, 180, 360, 24, ry=13)
    pen.poly(PURPLE, canopy + [(uc[0] + 26, uc[1] + 1), (uc[0] - 26, uc[1] + 1)], BLACK, 1.0)
    for a in range(200, 345, 24):
        pen.line(
            BLACK,
            [uc, (uc[0] + 26 * math.cos(math.radians(a)), uc[1] + 13 * math.sin(math.radians(a)))],
            0.6,
        )
    pen.line(BLACK, [uc, (x + 1, y + 2)], 1.2)
    # frog leaping at the stream
    fx, fy = 70, 116
    pen.ellipse(shade(GREEN, 0.2), (fx, fy), 7, 4.5, -30, BLACK, 0.9)
    pen.circle(shade(GREEN, 0.2), (fx - 5, fy - 4), 2.6, outline=BLACK, ow=0.7)
    pen.circle(BLACK, (fx - 5.5, fy - 4.5), 0.8)
    pen.line(shade(GREEN, 0.2), [(fx + 4, fy + 2), (fx + 11, fy + 6), (fx + 7, fy + 9)], 1.6)
    pen.line(shade(GREEN, 0.2), [(fx - 4, fy + 2), (fx - 10, fy + 7)], 1.3)


def swallow_card(pen: Pen) -> None:
    willow(pen, "swallow")
    pen.rect(BLUE, -2, 122, 94, 30)
    x, y = 42, 84
    pen.poly(
        BLACK,
        [(x + 6, y + 2), (x + 26, y + 16), (x + 20, y + 4), (x + 32, y + 10), (x + 12, y - 2)],
    )  # forked tail
    pen.poly(BLACK, [(x - 4, y), (x + 14, y - 30), (x + 22, y - 32), (x + 8, y + 2)])  # upper wing
    pen.poly(
        BLACK, [(x - 2, y + 3), (x - 10, y + 26), (x - 4, y + 26), (x + 6, y + 4)]
    )  # lower wing
    pen.ellipse(BLACK, (x, y + 1), 11, 4.8, 25)
    pen.circle(BLACK, (x - 10, y - 4), 4.3)
    pen.circle(RED, (x - 12, y - 1.5), 2.0)
    pen.ellipse(PAPER, (x - 2, y + 3), 6, 2, 25)
    pen.poly(BLACK, [(x - 14, y - 5), (x - 18, y - 4), (x - 14, y - 3)])
    pen.circle(PAPER, (x - 10.5, y - 5), 0.8)


def lightning_card(pen: Pen) -> None:
    pen.fill(BLACK)
    # the thunder drum / gate: red shapes with white strokes (K-4 "Lightning", no rule effect)
    pen.poly(
        RED,
        [(-2, 40), (60, 30), (72, 46), (40, 60), (92, 76), (92, 100), (10, 84), (-2, 92)],
        PAPER,
        1.2,
    )
    pen.poly(RED, [(20, 112), (92, 106), (92, 146), (6, 146)], PAPER, 1.2)
    for pts in (
        [(70, 4), (54, 22), (64, 24), (44, 52)],
        [(84, 56), (72, 70), (80, 72), (66, 92)],
        [(30, 90), (20, 104), (28, 106), (16, 124)],
    ):
        pen.line(PAPER, pts, 2.4)
        pen.line(YELLOW, pts, 0.9)
    willow_strands(pen, (8, 22), 0, 36, "lightning", shade(BLACK, 0.35))
    for i in range(4):
        pen.line(PAPER, [(8 + i * 20, 130), (20 + i * 20, 122)], 0.9)


def phoenix_card(pen: Pen) -> None:
    paulownia(pen, "phoenix")
    mist(pen, 10, YELLOW, 20, lobes=2)
    x, y = 46, 66
    # tail plumes sweeping down and right
    cols = (GREEN, YELLOW, PURPLE, shade(RED, 0.35), GREEN, YELLOW)
    for i, col in enumerate(cols):
        end = (x + 42 - i * 8, y + 58 + (i % 2) * 6)
        pts = bezier(
            (x + 6, y + 8), (x + 26, y + 8 + i * 3), (x + 30 - i * 3, y + 34 + i * 4), end, 20
        )
        pen.brush(BLACK, pts, 7.0, 3.2)
        pen.brush(col, pts, 5.4, 1.8)
        pen.circle(YELLOW, end, 3.4, outline=BLACK, ow=0.8)
        pen.circle(BLUE, end, 1.5)
    # wings spread up and out, layered feathers
    for s, cw in ((-1, (GREEN, YELLOW, PURPLE)), (1, (YELLOW, GREEN, shade(RED, 0.35)))):
        for layer, col in enumerate(cw):
            for i in range(5):
                ang = math.radians(-90 + s * (20 + i * 16) + layer * s * 4)
                ln = 34 - layer * 8 - i * 2
                base = (x + s * 3, y - 2)
                tip = (base[0] + math.cos(ang) * ln, base[1] + math.sin(ang) * ln)
                pen.leaf(col, base, tip, 8 - layer, 0, BLACK, 0.7)
    pen.ellipse(shade(RED, 0.1), (x, y + 6), 10, 13, 15, BLACK, 1.1)
    for i in range(3):
        pen.poly(YELLOW, arc((x + 1, y + 2 + i * 5), 5, 20, 160, 8, ry=3))
    neck = bezier((x - 3, y - 2), (x - 8, y - 12), (x - 14, y - 14), (x - 16, y - 26), 12)
    pen.brush(BLACK, neck, 7.4, 5.4)
    pen.brush(shade(RED, 0.1), neck, 6, 4)
    pen.circle(shade(RED, 0.1), (x - 16, y - 28), 5, outline=BLACK, ow=1.0)
    pen.poly(YELLOW, [(x - 20, y - 30), (x - 27, y - 27), (x - 20, y - 26)], BLACK, 0.6)
    pen.circle(PAPER, (x - 17, y - 29), 1.5)
    pen.circle(BLACK, (x - 17.3, y - 29), 0.8)
    pen.poly(GREEN, [(x - 20, y - 24), (x - 22, y - 16), (x - 17, y - 23)], BLACK, 0.5)
    for i in range(3):
        tip = (x - 13 + i * 4, y - 40 + i * 1.5)
        pen.line(BLACK, [(x - 15, y - 32), tip], 1.2)
        pen.circle(YELLOW, tip, 1.5, outline=BLACK, ow=0.5)


# --- assembly ---------------------------------------------------------------------------------

_SPECIAL = {
    "crane": crane_card,
    "warbler": warbler_card,
    "curtain": curtain_card,
    "cuckoo": cuckoo_card,
    "bridge": bridge_card,
    "butterflies": butterflies_card,
    "boar": boar_card,
    "moon": moon_card,
    "geese": geese_card,
    "sake": sake_card,
    "deer": deer_card,
    "rainman": rainman_card,
    "swallow": swallow_card,
    "lightning": lightning_card,
    "phoenix": phoenix_card,
}


def _plant(pen: Pen, month: int, variant: str) -> None:
    """The month's plant as on its Plain (and Ribbon) cards."""
    if month == 1:
        pen.fill(RED)
        mist(pen, 118 if variant != "b" else 26, PAPER, 26 if variant != "b" else 14, lobes=2)
        pine(pen, flip=variant == "b")
    elif month == 2:
        pen.fill(PAPER if variant != "b" else RED)
        mist(pen, 118, RED if variant != "b" else PAPER, 40, lobes=2)
        plum(pen, flip=variant == "b", seed=variant)
    elif month == 3:
        cherry(pen, variant)
    elif month == 4:
        wisteria(pen, variant)
    elif month == 5:
        iris(pen, variant)
    elif month == 6:
        peony(pen, variant)
    elif month == 7:
        clover(pen, variant)
    elif month == 8:
        pampas(pen, RED if variant != "b" else PAPER, variant, 66 if variant != "b" else 78)
        if variant == "b":
            mist_top(pen, 26, RED)
    elif month == 9:
        chrysanthemum(pen, variant)
    elif month == 10:
        maple(pen, variant)
    elif month == 11:
        willow(pen, variant)
    else:
        paulownia(pen, variant)


def badge(pen: Pen, kind: str, c) -> None:
    """The discreet type badge (STYLE: sun for Brights, bird for Animals, ribbon for Ribbons)."""
    x, y = c
    if kind == PLAIN:
        return
    pen.circle(PAPER, c, 6.4, outline=BLACK, ow=1.1)
    if kind == BRIGHT:
        for i in range(8):
            a = math.radians(i * 45)
            pen.line(
                RED,
                [
                    (x + math.cos(a) * 3.4, y + math.sin(a) * 3.4),
                    (x + math.cos(a) * 5.0, y + math.sin(a) * 5.0),
                ],
                1.0,
            )
        pen.circle(RED, c, 2.8)
    elif kind == ANIMAL:
        # a small bird: body, head, tail, beak
        pen.ellipse(GREEN, (x + 0.6, y + 0.8), 3.6, 2.4, -10)
        pen.circle(GREEN, (x - 2.4, y - 1.4), 1.9)
        pen.poly(GREEN, [(x + 2.5, y), (x + 5.2, y - 1.5), (x + 4.2, y + 1.8)])
        pen.poly(YELLOW, [(x - 4.1, y - 1.9), (x - 5.6, y - 1.1), (x - 4.1, y - 0.7)])
    else:
        pen.poly(
            RED,
            [
                (x - 1.8, y - 4.6),
                (x + 2.2, y - 4.6),
                (x + 2.4, y + 4.4),
                (x + 0.3, y + 2.8),
                (x - 1.6, y + 4.4),
            ],
        )


def month_index(pen: Pen, month: int) -> None:
    pen.circle(PAPER, (11, 11), 8.4, outline=BLACK, ow=1.1)
    pen.text(str(month), TITLE_FONT, 12 if month < 10 else 10, BLACK, (11, 11.9))


def draw_card(card_id: int) -> pygame.Surface:
    """Face of hanafuda card card_id (0–47), 180 × 288 with rounded transparent corners."""
    if not 0 <= card_id < 48:
        raise ValueError(f"no hanafuda card {card_id!r}")
    month = card_id // 4 + 1
    kind, subject = CARDS[card_id]
    pen = Pen(W, H, SCALE, PAPER)
    if subject in _SPECIAL:
        _SPECIAL[subject](pen)
    elif kind == RIBBON:
        _plant(pen, month, "ribbon")
        ribbon(pen, subject, x=52 if month in (1, 2) else 46, poem=POEMS.get(month, ()))
    else:
        _plant(pen, month, subject)
    paper_grain(pen, f"koikoi{card_id}", BLACK, 160, 22)
    pen.rect(BLACK, 0, 0, W, H, r=5.4, width=2.6)
    month_index(pen, month)
    badge(pen, kind, (11, 27.5))
    out = pen.result(SIZE)
    round_corners(out, SIZE[0] * 0.06)
    return out


def draw_back() -> pygame.Surface:
    """Black back with a thin deep-red border and a faint pine crest (STYLE)."""
    pen = Pen(W, H, SCALE, BLACK)
    pen.rect(shade(RED, -0.35), 5, 5, 80, 134, r=3, width=1.2)
    pen.rect(shade(RED, -0.55), 8, 8, 74, 128, r=2, width=0.6)
    for i in range(3):
        pen.circle(shade(BLACK, 0.08 + i * 0.02), (45, 72), 22 - i * 7, width=0.8)
    pen.star(shade(RED, -0.35), (45, 72), 9, 4, 5, -90)
    paper_grain(pen, "koikoi-back", (255, 255, 255), 120, 10)
    out = pen.result(SIZE)
    round_corners(out, SIZE[0] * 0.06)
    return out


def tokens() -> dict[str, pygame.Surface]:
    return {}
