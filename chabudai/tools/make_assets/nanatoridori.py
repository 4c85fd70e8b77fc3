"""Nanatoridori faces: seven birds, values 1–7 in rainbow order (art/STYLE.md "Nanatoridori").

Each value has its own bird (crest, tail, beak and eyes differ, not only the colour), a pale paper
face tinted with the bird's colour and a big numeral top-left and bottom-right (rotated). Design
space 90 × 140; stored at 180 × 280. Tokens: the penguin (a life, N-2).
"""

from __future__ import annotations

import math

import pygame

from chabudai.tools.make_assets.draw import (
    TITLE_FONT,
    Pen,
    arc,
    bezier,
    mix,
    paper_grain,
    round_corners,
    shade,
)

GAME = "nanatoridori"
W, H = 90, 140
SIZE = (180, 280)
SCALE = 4

INK = (40, 34, 52)
PAPER = (250, 244, 230)
# rainbow order: 1 red … 7 violet (STYLE)
BIRD = {
    1: (222, 58, 52),
    2: (240, 136, 40),
    3: (244, 204, 48),
    4: (70, 168, 86),
    5: (84, 176, 226),
    6: (64, 78, 170),
    7: (150, 82, 184),
}
NAMES = {1: "robin", 2: "finch", 3: "chick", 4: "parakeet", 5: "bluebird", 6: "swallow", 7: "owl"}


def card_ids() -> list[int]:
    return list(range(1, 8))


def bird(pen: Pen, value: int, c, s: float = 1.0) -> None:
    """A round, friendly bird for a value; the features differ per value."""
    col = BIRD[value]
    dark = shade(col, -0.35)
    light = mix(col, PAPER, 0.55)
    x, y = c

    def P(u, v):
        return (x + u * s, y + v * s)

    # tail
    if value == 6:  # swallow: long forked tail
        pen.poly(dark, [P(14, 4), P(36, 22), P(26, 8), P(38, 10), P(16, -4)], INK, 1.2)
    elif value == 4:  # parakeet: long straight tail
        pen.poly(dark, [P(14, 2), P(34, 22), P(29, 26), P(10, 10)], INK, 1.2)
    elif value != 7:
        pen.poly(dark, [P(14, -2), P(30, -10), P(28, 4), P(14, 8)], INK, 1.2)
    # body
    pen.circle(col, P(0, 0), 22 * s, outline=INK, ow=1.4)
    pen.ellipse(light, P(-3, 8), 14 * s, 11 * s, 0)
    if value == 7:  # owl: ear tufts and big eye discs
        for sx in (-1, 1):
            pen.poly(col, [P(sx * 8, -18), P(sx * 18, -30), P(sx * 18, -12)], INK, 1.2)
        for sx in (-1, 1):
            pen.circle(PAPER, P(sx * 8, -5), 7.5 * s, outline=INK, ow=1.0)
            pen.circle(INK, P(sx * 8, -5), 3.4 * s)
            pen.circle(PAPER, P(sx * 8 - 1, -6.5), 1.2 * s)
        pen.poly((240, 180, 60), [P(-2.5, 1), P(2.5, 1), P(0, 6)], INK, 0.8)
        for i in range(3):
            pen.poly(dark, arc(P(-6 + i * 6, 12), 2.6 * s, 0, 180, 8))
    else:
        # wing
        pen.ellipse(dark, P(8, 4), 11 * s, 7 * s, -25, INK, 1.0)
        for i in range(3):
            pen.line(shade(dark, -0.25), [P(4 + i * 4, 2 + i), P(12 + i * 3, 8 + i)], 0.7)
        # eye(s)
        pen.circle(PAPER, P(-8, -7), 5 * s, outline=INK, ow=0.9)
        pen.circle(INK, P(-9, -7), 2.8 * s)
        pen.circle(PAPER, P(-10, -8.3), 1.0 * s)
        # beak
        beak = (250, 196, 60) if value != 3 else (240, 120, 40)
        if value == 4:  # hooked parakeet beak
            pen.poly(beak, [P(-19, -4), P(-27, -1), P(-24, 5), P(-18, 3)], INK, 0.9)
        elif value == 2:  # finch: stout cone
            pen.poly(beak, [P(-19, -6), P(-29, -1), P(-19, 4)], INK, 0.9)
        else:
            pen.poly(beak, [P(-20, -4), P(-28, -1), P(-20, 1.5)], INK, 0.9)
        pen.circle((240, 140, 150), P(-13, 1), 3 * s)  # blush
        # crest / head feature
        if value == 1:  # robin with a tuft
            for i in range(3):
                pen.leaf(col, P(-2 + i * 4, -19), P(-6 + i * 5, -31 + i * 2), 5 * s, 1, INK, 0.9)
        elif value == 3:  # chick: single curl
            pen.line(INK, bezier(P(0, -21), P(-2, -30), P(6, -32), P(4, -25), 10), 1.3)
        elif value == 5:  # bluebird: cap
            pen.poly(dark, arc(P(-2, -8), 18 * s, 205, 330, 16) + [P(10, -12), P(-12, -10)])
        elif value == 6:  # swallow: pale throat
            pen.ellipse(PAPER, P(-12, 6), 6 * s, 4 * s, 20)
    # feet
    for sx in (-1, 1):
        fx = x + sx * 7 * s
        fy = y + 21 * s
        pen.line((230, 150, 50), [(fx, fy), (fx, fy + 5 * s)], 1.6)
        for d in (-1, 0, 1):
            pen.line((230, 150, 50), [(fx, fy + 5 * s), (fx + d * 3 * s, fy + 8 * s)], 1.2)


def draw_card(value: int) -> pygame.Surface:
    if value not in BIRD:
        raise ValueError(f"no Nanatoridori card {value!r}")
    col = BIRD[value]
    pen = Pen(W, H, SCALE, mix(PAPER, col, 0.16))
    # soft sky disc behind the bird, pips of the value along the bottom
    pen.circle(mix(PAPER, col, 0.32), (46, 66), 31)
    # one pip per value along the arc above the bird: a second cue besides the numeral
    for i in range(value):
        a = math.radians(215 + (110 / max(value - 1, 1)) * i) if value > 1 else math.radians(270)
        pen.circle(mix(PAPER, col, 0.6), (46 + math.cos(a) * 37, 66 + math.sin(a) * 37), 2.2)
    bird(pen, value, (47, 66), 0.92)
    paper_grain(pen, f"nana{value}", INK, 120, 16)
    pen.rect(shade(col, -0.1), 2.2, 2.2, W - 4.4, H - 4.4, r=4.5, width=1.4)
    dark = shade(col, -0.45) if value != 3 else shade(col, -0.55)
    pen.text(str(value), TITLE_FONT, 30, dark, (14, 21), outline=PAPER, ow=1.6)
    pen.text(str(value), TITLE_FONT, 30, dark, (W - 14, H - 21), outline=PAPER, ow=1.6, angle=180)
    if value == 6:  # underline so the rotated 6 does not read as 9
        for cx, cy in ((14, 35), (W - 14, H - 35)):
            pen.line(PAPER, [(cx - 7, cy), (cx + 7, cy)], 3.6)
            pen.line(dark, [(cx - 6, cy), (cx + 6, cy)], 2.0)
    pen.rect(INK, 0, 0, W, H, r=5.4, width=1.0)
    out = pen.result(SIZE)
    round_corners(out, SIZE[0] * 0.06)
    return out


def draw_back() -> pygame.Surface:
    sky = (46, 70, 130)
    pen = Pen(W, H, SCALE, sky)
    for i, v in enumerate(range(7, 0, -1)):
        pen.circle(BIRD[v], (45, 150), 118 - i * 9, width=4.8)
    pen.circle(sky, (45, 150), 56)
    pen.circle(PAPER, (45, 62), 17, outline=INK, ow=1.2)
    pen.text("7", TITLE_FONT, 24, sky, (45, 63))
    for i in range(7):
        a = math.radians(-90 + i * 360 / 7)
        pen.circle(
            BIRD[i + 1], (45 + math.cos(a) * 24, 62 + math.sin(a) * 24), 2.6, outline=PAPER, ow=0.6
        )
    pen.rect(PAPER, 4, 4, W - 8, H - 8, r=4, width=1.0)
    pen.rect(INK, 0, 0, W, H, r=5.4, width=1.0)
    out = pen.result(SIZE)
    round_corners(out, SIZE[0] * 0.06)
    return out


def penguin(size: int = 128) -> pygame.Surface:
    """The life token: a small round black-and-white penguin (N-2)."""
    pen = Pen(64, 64, size / 64 * 2)
    ink = (30, 32, 44)
    pen.ellipse((0, 0, 0, 60), (32, 60), 18, 3.2)
    pen.poly(ink, [(12, 36), (4, 46), (14, 44)])
    pen.poly(ink, [(52, 36), (60, 46), (50, 44)])
    pen.ellipse(ink, (32, 36), 20, 23, 0)
    pen.ellipse(PAPER, (32, 41), 13, 17, 0)
    pen.circle(ink, (32, 20), 15)
    pen.ellipse(PAPER, (26, 22), 6, 7, 0)
    pen.ellipse(PAPER, (38, 22), 6, 7, 0)
    pen.circle(ink, (27, 22), 2.4)
    pen.circle(ink, (37, 22), 2.4)
    pen.circle(PAPER, (26.2, 21.2), 0.8)
    pen.circle(PAPER, (36.2, 21.2), 0.8)
    pen.poly((245, 160, 40), [(28.5, 27), (35.5, 27), (32, 32)])
    for fx in (25, 39):
        pen.ellipse((245, 160, 40), (fx, 58), 5, 2.2, 0)
    return pen.result((size, size))


def tokens() -> dict[str, pygame.Surface]:
    """The penguin (a life) and a faded grey one for a life already lost."""
    alive = penguin()
    lost = pygame.transform.grayscale(alive)
    lost.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
    return {"penguin": alive, "penguin_lost": lost}
