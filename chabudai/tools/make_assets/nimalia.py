"""Nimalia faces: 60 animal cards as 2 × 2 grids and 22 objective cards (rules/nimalia.md M-1–M-4).

The card data comes from the engine (`chabudai.engines.nimalia.cards`), the one copy of
`rules/nimalia-cards.txt` in the project. Animal cards are square (design 120 × 120, stored 240 × 240): four terrains with
distinct fills *and* textures, an animal icon on a light disc per space, and the otter's river as a
bold band from corner to corner of its space (U = bottom-left→top-right, D = top-left→bottom-right).
Objective cards are portrait (design 90 × 140, stored 180 × 280).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from chabudai.engines.nimalia.cards import NATIVE_TERRAIN, parse_space
from chabudai.engines.nimalia.cards import cards as card_table
from chabudai.tools.make_assets.draw import (
    BOLD_FONT,
    TITLE_FONT,
    Pen,
    arc,
    leaf_pts,
    mix,
    paper_grain,
    quad,
    rng,
    round_corners,
    shade,
)

GAME = "nimalia"
SIDE = 120
SIZE = (240, 240)
OBJ_W, OBJ_H = 90, 140
OBJ_SIZE = (180, 280)
SCALE = 4

INK = (38, 36, 34)
PAPER = (250, 246, 236)
LAKE = (64, 140, 206)
SAVANNA = (222, 170, 70)
JUNGLE = (44, 118, 64)
ICE = (214, 234, 246)
RIVER = (40, 96, 200)
OBJ_COLOURS = {
    "blue": (52, 108, 196),
    "green": (60, 146, 74),
    "yellow": (232, 182, 40),
    "red": (206, 56, 52),
}

# Animal colours (fur, muzzle, beak) — shades of these are derived with `shade`/`mix`.
FUR = {
    "CRO": (86, 150, 70),
    "FLA": (242, 130, 160),
    "LIO": (236, 184, 80),
    "MANE": (176, 96, 40),
    "GIR": (238, 190, 84),
    "GOR": (74, 72, 80),
    "BEA": (246, 246, 240),
    "PEN": (36, 40, 56),
    "OTT": (140, 96, 64),
}
MUZZLE = (250, 224, 166)
BEAK = (246, 160, 40)
WHITE = (255, 255, 255)

NATIVE = NATIVE_TERRAIN
TERRAIN_FILL = {"L": LAKE, "S": SAVANNA, "J": JUNGLE, "I": ICE}


@dataclass(frozen=True)
class Space:
    """One quadrant: terrain letter (L/S/J/I), animal code, river "U"/"D"/"" (M-2, M-3)."""

    terrain: str
    animal: str
    river: str = ""


def _space(code: str) -> Space:
    parsed = parse_space(code)
    return Space(parsed.terrain, parsed.animal, parsed.river or "")


def cards() -> dict[int, tuple[Space, Space, Space, Space]]:
    """Card id -> its four spaces (TL, TR, BL, BR), unrotated, from the engine's card data."""
    return {
        number: (_space(tl), _space(tr), _space(bl), _space(br))
        for number, (tl, tr, bl, br) in card_table().items()
    }


# M-4: (colour, leaves, title, short text, pictogram)
OBJECTIVES: dict[int, tuple[str, int, str, str, tuple[str, ...]]] = {
    1: (
        "yellow",
        2,
        "Otter friends",
        "1 per matching neighbour of an otter",
        ("GIR", "OTT", "GIR"),
    ),
    2: ("blue", 3, "Rivers to a lake", "2 per otter whose river ends by a lake", ("OTT", "~", "L")),
    3: ("blue", 1, "Jungle areas", "2 per jungle area", ("J", "J", "+2")),
    4: ("yellow", 1, "Gorillas by the lake", "2 per gorilla next to a lake", ("GOR", "+", "L")),
    5: ("blue", 1, "Largest savanna", "2 x size of your largest savanna", ("S", "S", "S")),
    6: ("yellow", 2, "Savannas of four", "6 per savanna of exactly 4", ("S", "S", "S", "S")),
    7: ("yellow", 2, "Ice squares", "4 per 2x2 block of ice", ("I", "I", "I", "I")),
    8: (
        "green",
        1,
        "Polar-bear groups",
        "+2 per bear in a group, -1 per lone bear",
        ("BEA", "BEA"),
    ),
    9: ("blue", 3, "Rarest terrain", "2 x your rarest terrain count", ("L", "S", "J", "I")),
    10: ("yellow", 3, "Complete square", "largest full square: 3/5/8/13/21", ("sq",)),
    11: ("blue", 2, "Rows of all terrains", "3 per row with all 4 terrains", ("L", "S", "J", "I")),
    12: ("green", 2, "Horizontal pairs", "3 per run of exactly 2 alike", ("LIO", "LIO", "+3")),
    13: ("red", 1, "Few giraffes", "0/1/2 giraffes: 8/5/3", ("GIR", "no")),
    14: ("green", 2, "Inner flamingos", "3 per flamingo not on the edge", ("GOR", "FLA", "GOR")),
    15: ("yellow", 3, "Your longest river", "river of L: 1/3/6/10/15", ("OTT", "~")),
    16: ("red", 2, "Longest river, compared", "longest river: 1st 5, 2nd 2", ("OTT", "~", "vs")),
    17: ("green", 2, "Edge pandas", "3 per panda on the edge", ("wall", "PAN", "PAN")),
    18: (
        "red",
        2,
        "Gorillas vs pandas",
        "most gorillas +5/+2, most pandas -5/-2",
        ("GOR", "vs", "PAN"),
    ),
    19: ("green", 1, "Lone penguins", "3 per column with exactly 1 penguin", ("PEN", "x1")),
    20: ("red", 1, "Fewest lions", "fewest lions +3, others -2", ("LIO", "no", "vs")),
    21: (
        "red",
        2,
        "Crocs and flamingos",
        "most crocodiles, fewest flamingos: 5/2",
        ("CRO", "vs", "FLA"),
    ),
    22: (
        "green",
        2,
        "Crocs with giraffes",
        "2 per crocodile next to a giraffe",
        ("CRO", "+", "GIR"),
    ),
}


def card_ids() -> list[int | str]:
    return [*sorted(cards()), *(f"O{i}" for i in range(1, 23))]


# --- terrains ---------------------------------------------------------------------------------


def terrain(pen: Pen, kind: str, x: float, y: float, s: float, seed: str) -> None:
    """Fill a square space with its terrain colour and texture."""
    fill = TERRAIN_FILL[kind]
    pen.rect(fill, x, y, s, s)
    pen.clip(x, y, s, s)
    r = rng("terrain", seed)
    if kind == "L":  # ripples
        for _ in range(7):
            cx, cy = x + r.uniform(4, s - 4), y + r.uniform(4, s - 4)
            w = r.uniform(6, 11)
            pen.line(shade(fill, 0.3), arc((cx, cy), w, 200, 340, 10, ry=w * 0.35), 1.1)
    elif kind == "S":  # grass ticks
        for _ in range(16):
            cx, cy = x + r.uniform(3, s - 3), y + r.uniform(3, s - 3)
            for d in (-1, 0, 1):
                pen.line(shade(fill, -0.22), [(cx, cy), (cx + d * 1.8, cy - 3.4)], 0.8)
    elif kind == "J":  # leaves
        for _ in range(9):
            cx, cy = x + r.uniform(2, s - 2), y + r.uniform(2, s - 2)
            a = r.uniform(0, 2 * math.pi)
            pen.poly(
                shade(fill, 0.16),
                leaf_pts((cx, cy), (cx + math.cos(a) * 9, cy + math.sin(a) * 9), 4.5, 1),
            )
    else:  # ice facets
        pts = [(x + r.uniform(0, s), y + r.uniform(0, s)) for _ in range(7)]
        for i, a in enumerate(pts):
            b = pts[(i + 2) % len(pts)]
            pen.line(shade(fill, -0.12), [a, b], 0.8)
        for _ in range(3):
            cx, cy = x + r.uniform(4, s - 4), y + r.uniform(4, s - 4)
            pen.poly(WHITE, [(cx, cy - 3), (cx + 1, cy), (cx, cy + 3), (cx - 1, cy)])
    pen.unclip()


def river(pen: Pen, direction: str, x: float, y: float, s: float) -> None:
    """M-3: a bold band from one corner of the space to the opposite one."""
    a, b = ((x, y + s), (x + s, y)) if direction == "U" else ((x, y), (x + s, y + s))
    pen.clip(x, y, s, s)
    pen.line(PAPER, [a, b], s * 0.34)
    pen.line(RIVER, [a, b], s * 0.28)
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    ux, uy = (b[0] - a[0]) / s, (b[1] - a[1]) / s
    for t in (-0.6, -0.25, 0.25, 0.6):
        cx, cy = mx + ux * s * t * 0.5, my + uy * s * t * 0.5
        pen.line(
            shade(RIVER, 0.45),
            [(cx - ux * 3, cy - uy * 3 + 0.8), (cx + ux * 3, cy + uy * 3 - 0.8)],
            0.9,
        )
    pen.unclip()


# --- animals ----------------------------------------------------------------------------------


def animal(pen: Pen, code: str, c, r: float) -> None:
    """A round-headed animal icon on a light disc of radius r (STYLE).

    Drawn once at the reference radius 18 on its own layer, then scaled, so every size keeps the
    same proportions."""
    sub = Pen(40, 40, pen.k)
    _animal18(sub, code, (20, 20))
    side = round(sub.surf.get_width() * r / 18)
    img = pygame.transform.smoothscale(sub.surf, (side, side))
    pen.surf.blit(img, img.get_rect(center=pen.p(c)))


def _animal18(pen: Pen, code: str, c) -> None:
    r = 18.0
    x, y = c
    s = 1.0

    def P(u, v):
        return (x + u * s, y + v * s)

    pen.circle((0, 0, 0, 50), P(0.8, 1.4), r)
    pen.circle(PAPER, c, r, outline=INK, ow=1.0)
    eye = INK
    if code == "CRO":
        g = FUR["CRO"]
        pen.ellipse(g, P(3, 4), 14, 7.5, 0, INK, 0.9)  # snout
        pen.circle(g, P(-6, -2), 9, outline=INK, ow=0.9)
        pen.ellipse(g, P(3, 4), 13, 6.5, 0)
        for i in range(5):
            pen.poly(PAPER, [P(-4 + i * 4, 9.5), P(-2 + i * 4, 9.5), P(-3 + i * 4, 12)])
        pen.line(INK, [P(-6, 9.5), P(16, 9.5)], 0.7)
        for ex in (-9, -2):
            pen.circle(g, P(ex, -9), 3.6, outline=INK, ow=0.7)
            pen.circle(eye, P(ex, -9), 1.5)
        pen.circle(INK, P(13, 1), 0.8)
    elif code == "FLA":
        p = FUR["FLA"]
        pen.ellipse(p, P(5, 10), 9, 5.5, -15, INK, 0.8)  # body
        pen.ellipse(shade(p, -0.15), P(7, 9), 5, 3, -15)  # wing
        neck = quad(P(-2, 9), P(-9, -2), P(0, -8), 12)
        pen.line(INK, neck, 4.2)
        pen.line(p, neck, 2.8)
        pen.circle(p, P(1, -9), 4.2, outline=INK, ow=0.8)
        pen.poly(PAPER, [P(-2, -10), P(-9, -7), P(-8, -2), P(-4, -5)], INK, 0.7)
        pen.poly(INK, [P(-8.6, -4.6), P(-8, -2), P(-6.4, -3.6)])
        pen.circle(eye, P(1.6, -10), 1.1)
        pen.line(INK, [P(4, 15), P(4, 17.5)], 0.8)
    elif code == "LIO":
        mane = FUR["MANE"]
        for i in range(12):
            a = math.radians(i * 30)
            pen.circle(mane, P(math.cos(a) * 10.5, math.sin(a) * 10.5), 6, outline=INK, ow=0.7)
        for i in range(12):
            a = math.radians(i * 30)
            pen.circle(mane, P(math.cos(a) * 10.5, math.sin(a) * 10.5), 5.2)
        pen.circle(FUR["LIO"], P(0, 0), 10.5, outline=INK, ow=0.9)
        pen.ellipse(MUZZLE, P(0, 4.5), 5.5, 4, 0)
        pen.poly(INK, [P(-2, 1.5), P(2, 1.5), P(0, 4)])
        for ex in (-4, 4):
            pen.circle(eye, P(ex, -3), 1.4)
    elif code == "GIR":
        g = FUR["GIR"]
        for ex in (-5, 5):
            pen.line(INK, [P(ex, -8), P(ex * 1.1, -15)], 2.2)
            pen.circle(shade(FUR["MANE"], -0.15), P(ex * 1.1, -15.5), 2.3)
        for ex in (-12, 12):
            pen.ellipse(g, P(ex, -6), 4.5, 2.4, 20 if ex > 0 else -20, INK, 0.7)
        pen.ellipse(g, P(0, 0), 9, 11, 0, INK, 0.9)
        for sx, sy in ((-5, -5), (4, -7), (5, 2), (-6, 3)):
            pen.circle(FUR["MANE"], P(sx, sy), 1.8)
        pen.ellipse(MUZZLE, P(0, 7), 7, 5, 0, INK, 0.7)
        for nx in (-2.5, 2.5):
            pen.circle(INK, P(nx, 7), 0.9)
        for ex in (-4, 4):
            pen.circle(eye, P(ex, -1), 1.4)
    elif code == "GOR":
        g = FUR["GOR"]
        for ex in (-11, 11):
            pen.circle(g, P(ex, -1), 3.5, outline=INK, ow=0.7)
        pen.circle(g, P(0, -1), 11.5, outline=INK, ow=0.9)
        pen.poly(g, [P(-9, -8), P(0, -15), P(9, -8)])
        pen.ellipse(mix(g, WHITE, 0.5), P(0, 4.5), 7.5, 5.5, 0)
        pen.ellipse(mix(g, WHITE, 0.5), P(0, -3), 7.5, 3, 0)
        for ex in (-3.5, 3.5):
            pen.circle(eye, P(ex, -3), 1.3)
        for nx in (-1.5, 1.5):
            pen.circle(INK, P(nx, 3), 0.8)
        pen.line(INK, [P(-3, 7), P(3, 7)], 0.6)
    elif code == "PAN":
        for ex in (-9, 9):
            pen.circle(INK, P(ex, -9), 4.5)
        pen.circle(WHITE, P(0, 0), 11.5, outline=INK, ow=0.9)
        for ex in (-4.5, 4.5):
            pen.ellipse(INK, P(ex, -1.5), 3.2, 4.2, -25 if ex < 0 else 25)
            pen.circle(PAPER, P(ex, -2), 1.1)
        pen.ellipse(INK, P(0, 4), 2, 1.4, 0)
        pen.line(INK, arc(P(0, 5), 3, 20, 160, 8), 0.6)
    elif code == "BEA":
        w = FUR["BEA"]
        for ex in (-8.5, 8.5):
            pen.circle(w, P(ex, -9), 4.2, outline=INK, ow=0.7)
        pen.circle(w, P(0, 0), 11.5, outline=INK, ow=0.9)
        pen.ellipse(shade(w, -0.08), P(0, 5), 6, 4.5, 0)
        pen.ellipse(INK, P(0, 3), 2.4, 1.6, 0)
        for ex in (-4.5, 4.5):
            pen.circle(eye, P(ex, -3), 1.4)
        pen.line(INK, [P(0, 4), P(0, 6.5)], 0.6)
    elif code == "PEN":
        pen.circle(FUR["PEN"], P(0, 0), 12, outline=INK, ow=0.9)
        pen.ellipse(PAPER, P(-4, 1), 5, 6.5, 0)
        pen.ellipse(PAPER, P(4, 1), 5, 6.5, 0)
        pen.ellipse(PAPER, P(0, 5), 6, 5, 0)
        pen.poly(BEAK, [P(-2.8, 3), P(2.8, 3), P(0, 7.5)], INK, 0.5)
        for ex in (-4, 4):
            pen.circle(eye, P(ex, -0.5), 1.4)
    elif code == "OTT":
        b = FUR["OTT"]
        for ex in (-9.5, 9.5):
            pen.circle(b, P(ex, -7), 3.2, outline=INK, ow=0.7)
        pen.ellipse(b, P(0, 0), 12, 10.5, 0, INK, 0.9)
        pen.ellipse(mix(MUZZLE, b, 0.2), P(0, 4), 8, 5.5, 0)
        pen.ellipse(INK, P(0, 1.8), 2.6, 1.7, 0)
        for sx in (-1, 1):
            for dy in (-0.8, 1.2):
                pen.line(INK, [P(sx * 4, 4 + dy), P(sx * 12, 3 + dy * 2)], 0.4)
        for ex in (-4.5, 4.5):
            pen.circle(eye, P(ex, -3), 1.4)
    else:
        raise ValueError(f"unknown animal {code!r}")


# --- cards ------------------------------------------------------------------------------------


def draw_animal_card(number: int) -> pygame.Surface:
    spaces = cards()[number]
    pen = Pen(SIDE, SIDE, SCALE, PAPER)
    q = SIDE / 2
    for i, sp in enumerate(spaces):
        x, y = (i % 2) * q, (i // 2) * q
        terrain(pen, sp.terrain, x, y, q, f"{number}-{i}")
        if sp.river:
            river(pen, sp.river, x, y, q)
    for i, sp in enumerate(spaces):
        x, y = (i % 2) * q, (i // 2) * q
        animal(pen, sp.animal, (x + q / 2, y + q / 2), 17 if sp.river else 19)
    pen.line(INK, [(q, 0), (q, SIDE)], 0.7)
    pen.line(INK, [(0, q), (SIDE, q)], 0.7)
    paper_grain(pen, f"nimalia{number}", INK, 90, 12)
    pen.rect(INK, 0, 0, SIDE, SIDE, r=SIDE * 0.05, width=1.2)
    out = pen.result(SIZE)
    round_corners(out, SIZE[0] * 0.05)
    return out


def leaf_icon(pen: Pen, c, s: float, filled: bool) -> None:
    x, y = c
    pts = leaf_pts((x - 3 * s, y + 3 * s), (x + 3.5 * s, y - 3.5 * s), 5 * s, 0)
    pen.poly(OBJ_COLOURS["green"] if filled else (*WHITE, 0), pts, INK, 0.7)


def pictogram(pen: Pen, items: tuple[str, ...], c, cell: float = 20) -> None:
    """A row of small tiles: animals, terrain squares (L/S/J/I) or short symbols."""
    n = len(items)
    x0 = c[0] - (n - 1) * cell / 2
    for i, it in enumerate(items):
        cx = x0 + i * cell
        if it in ("L", "S", "J", "I"):
            terrain(pen, it, cx - cell * 0.42, c[1] - cell * 0.42, cell * 0.84, f"pict{it}{i}")
            pen.rect(INK, cx - cell * 0.42, c[1] - cell * 0.42, cell * 0.84, cell * 0.84, width=0.6)
        elif it in NATIVE or it == "OTT":
            animal(pen, it, (cx, c[1]), cell * 0.46)
        elif it == "sq":
            for j in range(3):
                for k in range(3):
                    pen.rect(
                        mix(PAPER, INK, 0.25),
                        c[0] - 12.5 + j * 8.5,
                        c[1] - 10 + k * 8.5,
                        7.5,
                        7.5,
                        r=1,
                    )
            pen.rect(INK, c[0] - 13.5, c[1] - 11, 27.5, 27.5, width=1.0)
        elif it == "no":
            pen.circle(OBJ_COLOURS["red"], (cx - cell, c[1]), cell * 0.48, width=1.6)
            pen.line(
                OBJ_COLOURS["red"],
                [
                    (cx - cell - cell * 0.34, c[1] + cell * 0.34),
                    (cx - cell + cell * 0.34, c[1] - cell * 0.34),
                ],
                1.6,
            )
        elif it == "wall":  # the edge of the reserve
            pen.rect(
                mix(PAPER, INK, 0.7), cx + cell * 0.1, c[1] - cell * 0.6, cell * 0.22, cell * 1.2
            )
            for k in range(4):
                yy = c[1] - cell * 0.5 + k * cell * 0.3
                pen.line(
                    mix(PAPER, INK, 0.7),
                    [(cx + cell * 0.1, yy), (cx - cell * 0.15, yy + cell * 0.18)],
                    0.9,
                )
        elif it == "~":
            pen.line(
                RIVER,
                [
                    (cx - cell * 0.45, c[1] + 5),
                    (cx - cell * 0.15, c[1] - 3),
                    (cx + cell * 0.15, c[1] + 3),
                    (cx + cell * 0.45, c[1] - 5),
                ],
                3.2,
            )
        else:
            pen.text(it, TITLE_FONT, cell * 0.55, INK, (cx, c[1]))


def draw_objective(num: int) -> pygame.Surface:
    colour, leaves, title, text, picto = OBJECTIVES[num]
    col = OBJ_COLOURS[colour]
    pen = Pen(OBJ_W, OBJ_H, SCALE, PAPER)
    pen.rect(col, 0, 0, OBJ_W, OBJ_H, r=5.4)
    pen.rect(PAPER, 5, 5, OBJ_W - 10, OBJ_H - 10, r=3.5)
    # corner index: objective number and leaves (difficulty), readable when fanned
    pen.rect(col, 6, 6, 19 if num < 10 else 24, 15, r=4)
    pen.text(str(num), TITLE_FONT, 12, PAPER, (15.5 if num < 10 else 18, 13.8))
    for i in range(3):
        leaf_icon(pen, (13 + i * 9, 29), 1.15, i < leaves)
    # colour name as a word: colour is never the only cue
    pen.text(colour.upper(), BOLD_FONT, 6.5, shade(col, -0.35), (OBJ_W - 9, 9), anchor="topright")
    _wrapped(pen, title, BOLD_FONT, 10.5, INK, 45, 38, OBJ_W - 12)
    pictogram(pen, picto, (45, 77), 20 if len(picto) < 4 else 17)
    _wrapped(pen, text, BOLD_FONT, 8.4, shade(col, -0.45), 45, 96, OBJ_W - 13)
    paper_grain(pen, f"obj{num}", INK, 80, 10)
    pen.rect(INK, 0, 0, OBJ_W, OBJ_H, r=5.4, width=1.0)
    out = pen.result(OBJ_SIZE)
    round_corners(out, OBJ_SIZE[0] * 0.06)
    return out


def _wrapped(
    pen: Pen, text: str, font_name: str, px: float, color, cx: float, y: float, width: float
) -> None:
    from chabudai.tools.make_assets.draw import font

    f = font(font_name, round(px * pen.k))
    words, lines, cur = text.split(), [], ""
    for w in words:
        trial = f"{cur} {w}".strip()
        if f.size(trial)[0] > width * pen.k and cur:
            lines.append(cur)
            cur = w
        else:
            cur = trial
    lines.append(cur)
    for i, line in enumerate(lines):
        pen.text(line, font_name, px, color, (cx, y + i * px * 1.15), anchor="midtop")


def draw_card(key: int | str) -> pygame.Surface:
    if (
        isinstance(key, str)
        and key.startswith("O")
        and key[1:].isdigit()
        and int(key[1:]) in OBJECTIVES
    ):
        return draw_objective(int(key[1:]))
    if isinstance(key, int) and key in cards():
        return draw_animal_card(key)
    raise ValueError(f"no Nimalia card {key!r}")


def card_size(key: int | str) -> tuple[int, int]:
    return OBJ_SIZE if isinstance(key, str) else SIZE


def draw_back() -> pygame.Surface:
    pen = Pen(SIDE, SIDE, SCALE, PAPER)
    q = SIDE / 2
    for i, t in enumerate("LSJI"):
        terrain(pen, t, (i % 2) * q, (i // 2) * q, q, f"back{t}")
    pen.circle(PAPER, (q, q), 30, outline=INK, ow=1.4)
    pen.text("Nimalia", TITLE_FONT, 13, INK, (q, q + 1))
    pen.rect(PAPER, 4, 4, SIDE - 8, SIDE - 8, r=4, width=1.6)
    pen.rect(INK, 0, 0, SIDE, SIDE, r=SIDE * 0.05, width=1.2)
    out = pen.result(SIZE)
    round_corners(out, SIZE[0] * 0.05)
    return out


def draw_objective_back() -> pygame.Surface:
    pen = Pen(OBJ_W, OBJ_H, SCALE, shade(SAVANNA, -0.2))
    for i, c in enumerate(OBJ_COLOURS.values()):
        pen.rect(c, 10 + i * 18, 40, 16, 60, r=3)
    pen.text("Goals", TITLE_FONT, 14, PAPER, (45, 118), outline=INK, ow=1)
    pen.rect(INK, 0, 0, OBJ_W, OBJ_H, r=5.4, width=1.0)
    out = pen.result(OBJ_SIZE)
    round_corners(out, OBJ_SIZE[0] * 0.06)
    return out


def tokens() -> dict[str, pygame.Surface]:
    """Single animal icons and terrain tiles, for score sheets and objective pop-ups."""
    out = {"objective_back": draw_objective_back()}
    for code in (*NATIVE, "OTT"):
        pen = Pen(48, 48, 4)
        animal(pen, code, (24, 24), 22)
        out[f"animal_{code.lower()}"] = pen.result((96, 96))
    return out
