"""Nimalia faces: 60 animal cards as 2 × 2 grids and 22 objective cards (rules/nimalia.md M-1–M-4).

The card data comes from the engine (`chabudai.engines.nimalia.cards`), the one copy of
`rules/nimalia-cards.txt` in the project. Animal cards are square (design 120 × 120, stored 240 × 240): four terrains with
distinct fills *and* textures, an animal icon on a light disc per space, and the otter's river as a
bold band from corner to corner of its space (U = bottom-left→top-right, D = top-left→bottom-right).
Objective cards are portrait (design 90 × 140, stored 180 × 280).
"""

from __future__ import annotations

import gettext
import math
from dataclasses import dataclass
from functools import cache

import pygame

from chabudai import i18n
from chabudai.engines import describe
from chabudai.engines.nimalia.cards import NATIVE_TERRAIN, parse_space
from chabudai.engines.nimalia.cards import cards as card_table
from chabudai.game.assets import read_cmap
from chabudai.game.theme import break_pieces
from chabudai.i18n import N_
from chabudai.tools.make_assets.draw import (
    BOLD_FONT,
    FONT_DIR,
    TITLE_FONT,
    Pen,
    arc,
    font,
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


# M-4: (colour, leaves, pictogram); the words of each card are in WORDS.
OBJECTIVES: dict[int, tuple[str, int, tuple[str, ...]]] = {
    1: ("yellow", 2, ("GIR", "OTT", "GIR")),
    2: ("blue", 3, ("OTT", "~", "L")),
    3: ("blue", 1, ("J", "J", "+2")),
    4: ("yellow", 1, ("GOR", "+", "L")),
    5: ("blue", 1, ("S", "S", "S")),
    6: ("yellow", 2, ("S", "S", "S", "S")),
    7: ("yellow", 2, ("I", "I", "I", "I")),
    8: ("green", 1, ("BEA", "BEA")),
    9: ("blue", 3, ("L", "S", "J", "I")),
    10: ("yellow", 3, ("sq",)),
    11: ("blue", 2, ("L", "S", "J", "I")),
    12: ("green", 2, ("LIO", "LIO", "+3")),
    13: ("red", 1, ("GIR", "no")),
    14: ("green", 2, ("GOR", "FLA", "GOR")),
    15: ("yellow", 3, ("OTT", "~")),
    16: ("red", 2, ("OTT", "~", "vs")),
    17: ("green", 2, ("wall", "PAN", "PAN")),
    18: ("red", 2, ("GOR", "vs", "PAN")),
    19: ("green", 1, ("PEN", "x1")),
    20: ("red", 1, ("LIO", "no", "vs")),
    21: ("red", 2, ("CRO", "vs", "FLA")),
    22: ("green", 2, ("CRO", "+", "GIR")),
}

# The title and the short rule printed on each objective card (translated when a card is drawn
# for a language; the titles the engine shares are one message with its objective names).
WORDS: dict[int, tuple[str, str]] = {
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    1: (N_("Otter friends"), N_("1 per matching neighbour of an otter")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    2: (N_("Rivers to a lake"), N_("2 per otter whose river ends by a lake")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    3: (N_("Jungle areas"), N_("2 per jungle area")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    4: (N_("Gorillas by the lake"), N_("2 per gorilla next to a lake")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    5: (N_("Largest savanna"), N_("2 x size of your largest savanna")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    6: (N_("Savannas of four"), N_("6 per savanna of exactly 4")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    7: (N_("Ice squares"), N_("4 per 2x2 block of ice")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    8: (N_("Polar-bear groups"), N_("+2 per bear in a group, -1 per lone bear")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    9: (N_("Rarest terrain"), N_("2 x your rarest terrain count")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    10: (N_("Complete square"), N_("largest full square: 3/5/8/13/21")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    11: (N_("Rows of all terrains"), N_("3 per row with all 4 terrains")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    12: (N_("Horizontal pairs"), N_("3 per run of exactly 2 alike")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    13: (N_("Few giraffes"), N_("0/1/2 giraffes: 8/5/3")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    14: (N_("Inner flamingos"), N_("3 per flamingo not on the edge")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    15: (N_("Your longest river"), N_("river of L: 1/3/6/10/15")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    16: (N_("Longest river, compared"), N_("longest river: 1st 5, 2nd 2")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    17: (N_("Edge pandas"), N_("3 per panda on the edge")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    18: (N_("Gorillas vs pandas"), N_("most gorillas +5/+2, most pandas -5/-2")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    19: (N_("Lone penguins"), N_("3 per column with exactly 1 penguin")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    20: (N_("Fewest lions"), N_("fewest lions +3, others -2")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    21: (N_("Crocs and flamingos"), N_("most crocodiles, fewest flamingos: 5/2")),
    # Translators: a Nimalia objective card's title and short rule (a small card: keep it short)
    22: (N_("Crocs with giraffes"), N_("2 per crocodile next to a giraffe")),
}

# Languages the objective cards are drawn in besides English (stored in cards/nimalia/<code>/).
LANGUAGES = tuple(code for code in i18n.LANGUAGES if code != i18n.SOURCE)
# Chinese and Japanese are drawn with the Noto Sans subsets the client uses for them.
CJK_FONTS = {"zh_Hans": "NotoSansSC-Regular.otf", "ja": "NotoSansJP-Regular.otf"}


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


def pictogram(
    pen: Pen,
    items: tuple[str, ...],
    c,
    cell: float = 20,
    versus: str = "vs",
    word_font: str = TITLE_FONT,
) -> None:
    """A row of small tiles: animals, terrain squares (L/S/J/I) or short symbols; "vs" is the
    word ``versus`` (translated) in ``word_font``, shrunk to the width of a tile."""
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
        elif it == "vs":
            px = _shrunk(versus, word_font, cell * 0.55, cell * 0.95, pen.k)
            pen.text(versus, word_font, px, INK, (cx, c[1]))
        else:
            pen.text(it, TITLE_FONT, cell * 0.55, INK, (cx, c[1]))


def draw_objective(
    num: int, language: str = i18n.SOURCE, tr: gettext.NullTranslations | None = None
) -> pygame.Surface:
    """Objective card ``num`` with its words in ``language`` (their translations from ``tr``,
    by default the language's catalogue; English is the source text)."""
    tr = i18n.translation(language) if tr is None else tr
    colour, leaves, picto = OBJECTIVES[num]
    title, text, word = card_words(num, tr, language)
    face = CJK_FONTS.get(language, BOLD_FONT)
    balance = language in CJK_FONTS
    col = OBJ_COLOURS[colour]
    pen = Pen(OBJ_W, OBJ_H, SCALE, PAPER)
    pen.rect(col, 0, 0, OBJ_W, OBJ_H, r=5.4)
    pen.rect(PAPER, 5, 5, OBJ_W - 10, OBJ_H - 10, r=3.5)
    # corner index: objective number and leaves (difficulty), readable when fanned
    corner = 19 if num < 10 else 24
    pen.rect(col, 6, 6, corner, 15, r=4)
    pen.text(str(num), TITLE_FONT, 12, PAPER, (15.5 if num < 10 else 18, 13.8))
    for i in range(3):
        leaf_icon(pen, (13 + i * 9, 29), 1.15, i < leaves)
    # colour name as a word: colour is never the only cue
    px = _shrunk(word, face, 6.5, OBJ_W - 9 - (6 + corner + 3), pen.k)
    pen.text(word, face, px, shade(col, -0.35), (OBJ_W - 9, 9), anchor="topright")
    # a CJK title rather shrinks to one line than breaks inside a word
    _wrapped(pen, title, face, 10.5, INK, 45, 38, OBJ_W - 12, 28, balance, 0.8 if balance else 1)
    # Translators: a sign between pictures on a Nimalia objective card: "compared with"
    versus = tr.pgettext("nimalia card", "vs")
    word_face = CJK_FONTS.get(language, TITLE_FONT)
    pictogram(pen, picto, (45, 77), 20 if len(picto) < 4 else 17, versus, word_face)
    _wrapped(pen, text, face, 8.4, shade(col, -0.45), 45, 96, OBJ_W - 13, 39, balance)
    paper_grain(pen, f"obj{num}", INK, 80, 10)
    pen.rect(INK, 0, 0, OBJ_W, OBJ_H, r=5.4, width=1.0)
    out = pen.result(OBJ_SIZE)
    round_corners(out, OBJ_SIZE[0] * 0.06)
    return out


def upper(word: str, language: str) -> str:
    """``word`` in capitals as ``language`` writes them (Turkish i -> İ; CJK has no case)."""
    if language == "tr":
        word = word.replace("i", "İ")
    return word.upper()


def card_words(num: int, tr: gettext.NullTranslations, language: str = i18n.SOURCE) -> list[str]:
    """The title, short rule and colour word objective card ``num`` prints in a language (the
    pictogram's "vs" and the back's word aside)."""
    colour = OBJECTIVES[num][0]
    title, text = (tr.gettext(message) for message in WORDS[num])
    return [title, text, upper(describe.nimalia_colour(colour, tr), language)]


LINE = 1.15  # line spacing, in font sizes


def _shrunk(text: str, font_name: str, px: float, width: float, k: float) -> float:
    """``px``, or the largest smaller size (in quarter steps, down to 60 %) at which ``text`` is
    ``width`` wide or less."""
    size = px
    while size > px * 0.6 and font(font_name, round(size * k)).size(text)[0] > width * k:
        size = round(size - 0.25, 2)
    return size


def _lines(text: str, f: pygame.font.Font, width: float) -> list[str]:
    """``text`` broken into lines of at most ``width`` pixels where it can be: between words,
    and between CJK characters (not before closing punctuation nor after an opening bracket);
    a piece wider than ``width`` stays whole on its line."""
    lines, cur = [], ""
    for glue, piece in break_pieces(" ".join(text.split())):
        if not piece:
            continue
        trial = cur + glue + piece if cur else piece
        if cur and f.size(trial)[0] > width:
            lines.append(cur)
            cur = piece
        else:
            cur = trial
    lines.append(cur)
    return lines


def fit_text(
    text: str,
    font_name: str,
    px: float,
    width: float,
    height: float,
    k: float,
    balance: bool = False,
    one_line: float = 1.0,
) -> tuple[float, list[str]]:
    """The size (``px`` or smaller, down to 60 %) and lines at which ``text`` fits a box
    ``width`` × ``height`` (design units); with ``balance`` the lines are made about equally
    long (no lone character on a last line of CJK); a text that is one line at ``one_line``
    × ``px`` is shrunk to that rather than broken (a CJK title would break inside a word)."""
    if one_line < 1:
        flat = " ".join(text.split())
        one = _shrunk(flat, font_name, px, width, k)
        if one >= px * one_line and one * LINE <= height + 1e-6:
            return one, [flat]
    size = px
    while True:
        f = font(font_name, round(size * k))
        lines = _lines(text, f, width * k)
        widest = max(f.size(line)[0] for line in lines)
        fits = widest <= width * k and len(lines) * size * LINE <= height + 1e-6
        if fits or size <= px * 0.6:
            break
        size = round(size - 0.25, 2)
    if balance and len(lines) > 1:
        target = widest - 1  # narrower and narrower, while the lines stay as many
        while target > 0:
            trial = _lines(text, f, target)
            trial_widest = max(f.size(line)[0] for line in trial)
            if len(trial) > len(lines) or trial_widest > target:
                break
            lines, target = trial, trial_widest - 1
    return size, lines


def _wrapped(
    pen: Pen,
    text: str,
    font_name: str,
    px: float,
    color,
    cx: float,
    y: float,
    width: float,
    height: float,
    balance: bool = False,
    one_line: float = 1.0,
) -> None:
    """``text`` centred below ``y`` in a box ``width`` × ``height``: wrapped, and shrunk when it
    would not fit otherwise (see :func:`fit_text`)."""
    size, lines = fit_text(text, font_name, px, width, height, pen.k, balance, one_line)
    for i, line in enumerate(lines):
        pen.text(line, font_name, size, color, (cx, y + i * size * LINE), anchor="midtop")


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


def draw_objective_back(
    language: str = i18n.SOURCE, tr: gettext.NullTranslations | None = None
) -> pygame.Surface:
    """The back of the objective cards, its word in ``language``."""
    tr = i18n.translation(language) if tr is None else tr
    pen = Pen(OBJ_W, OBJ_H, SCALE, shade(SAVANNA, -0.2))
    for i, c in enumerate(OBJ_COLOURS.values()):
        pen.rect(c, 10 + i * 18, 40, 16, 60, r=3)
    # Translators: the word on the back of Nimalia's objective cards
    word = tr.gettext("Goals")
    face = CJK_FONTS.get(language, TITLE_FONT)
    px = _shrunk(word, face, 14, OBJ_W - 14, pen.k)
    pen.text(word, face, px, PAPER, (45, 118), outline=INK, ow=1)
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


def objective_ids() -> list[str]:
    return [f"O{i}" for i in sorted(OBJECTIVES)]


def language_images(
    language: str, tr: gettext.NullTranslations | None = None
) -> dict[str, pygame.Surface]:
    """The Nimalia images that carry words, drawn in ``language``: the objective cards
    ("O1"…"O22") and their back ("objective_back"), stored for a language other than English as
    ``cards/nimalia/<language>/<name>.png``."""
    tr = i18n.translation(language) if tr is None else tr
    lacking = missing_characters(language, tr)
    if lacking:  # pygame would fail with "Couldn't find glyph"
        raise ValueError(
            f"the {language} font lacks {''.join(sorted(lacking))!r}: cut the fonts again "
            "(`python -m chabudai.tools.i18n fonts`) before drawing the cards"
        )
    out = {key: draw_objective(int(key[1:]), language, tr) for key in objective_ids()}
    out["objective_back"] = draw_objective_back(language, tr)
    return out


def missing_characters(language: str, tr: gettext.NullTranslations) -> set[str]:
    """The characters of the objective cards' words in ``language`` that their font lacks."""
    face = CJK_FONTS.get(language, BOLD_FONT)
    word_face = CJK_FONTS.get(language, TITLE_FONT)
    texts = [(face, word) for num in OBJECTIVES for word in card_words(num, tr, language)]
    texts += [(word_face, tr.pgettext("nimalia card", "vs")), (word_face, tr.gettext("Goals"))]
    return {
        char
        for name, text in texts
        for char in text
        if not char.isspace() and ord(char) not in _cmap(name)
    }


@cache
def _cmap(name: str) -> frozenset[int]:
    return read_cmap((FONT_DIR / name).read_bytes())
