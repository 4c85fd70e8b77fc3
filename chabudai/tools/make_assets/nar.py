"""Nar faces: a jester deck (art/STYLE.md "Nar"; rules/nar.md R-1).

Four colours, each with its own symbol so the suits stay distinct in grey: green ● leaf (a round
leaf), red ♦ diamond, yellow ★ star, blue ▲ triangle. Values G2–G27, R2–R23, Y2–Y21, B2–B15, and
six white wild "1"s with a jester's cap. Design space 90 × 140; stored at 180 × 280. Tokens: the
fool disc (R-2), a green wooden token with a cap, and a suit badge per colour (the table's lead
indicator).
"""

from __future__ import annotations

import math

import pygame

from chabudai.tools.make_assets.draw import (
    TITLE_FONT,
    Pen,
    arc,
    bezier,
    leaf_pts,
    mix,
    paper_grain,
    round_corners,
    shade,
    star_pts,
)

GAME = "nar"
W, H = 90, 140
SIZE = (180, 280)
SCALE = 4

INK = (36, 30, 40)
PAPER = (250, 245, 234)
GREEN = (52, 140, 74)
RED = (210, 52, 60)
YELLOW = (236, 176, 30)
BLUE = (46, 102, 196)
PLUM = (92, 48, 110)
GOLD = (232, 190, 70)

SUITS = {"G": GREEN, "R": RED, "Y": YELLOW, "B": BLUE}
MAX_VALUE = {"G": 27, "R": 23, "Y": 21, "B": 15}


def card_ids() -> list[str]:
    """Every face key: "G2"…"G27", "R2"…"R23", "Y2"…"Y21", "B2"…"B15" and "1" (R-1)."""
    ids = [f"{s}{v}" for s, top in MAX_VALUE.items() for v in range(2, top + 1)]
    return ids + ["1"]


def symbol(pen: Pen, suit: str, c, r: float, color=None, outline=None, ow: float = 1.0) -> None:
    """The suit symbol centred at c with radius r."""
    col = SUITS[suit] if color is None else color
    x, y = c
    if suit == "G":  # round leaf with a stem and vein
        pen.poly(
            col,
            leaf_pts((x - r * 0.55, y + r * 0.75), (x + r * 0.6, y - r * 0.85), r * 1.25, 0),
            outline,
            ow,
        )
        pen.line(
            shade(col, -0.35) if outline is None else outline,
            [(x - r * 0.75, y + r * 0.85), (x + r * 0.25, y - r * 0.35)],
            max(r * 0.12, 0.5),
        )
    elif suit == "R":
        pen.poly(
            col,
            [(x, y - r * 1.05), (x + r * 0.78, y), (x, y + r * 1.05), (x - r * 0.78, y)],
            outline,
            ow,
        )
    elif suit == "Y":
        pen.poly(col, star_pts(c, r * 1.05, r * 0.45, 5), outline, ow)
    else:
        pen.poly(
            col,
            [(x, y - r * 0.95), (x + r * 0.98, y + r * 0.78), (x - r * 0.98, y + r * 0.78)],
            outline,
            ow,
        )


def jester_cap(pen: Pen, c, s: float, colors=(RED, GREEN, YELLOW)) -> None:
    """A three-pointed fool's cap with bells (the wild 1s and the fool disc)."""
    x, y = c

    def P(u, v):
        return (x + u * s, y + v * s)

    tips = [P(-17, -4), P(0, -20), P(17, -4)]
    for i, (tip, col) in enumerate(zip(tips, colors, strict=True)):
        base_l = P(-12 + i * 8, 6)
        base_r = P(-4 + i * 8, 6)
        curve = bezier(base_l, P(-14 + i * 10, -6), (tip[0] - 2 * s, tip[1] + 4 * s), tip, 10)
        back = bezier(tip, (tip[0] + 2 * s, tip[1] + 6 * s), P(-2 + i * 6, -2), base_r, 10)
        pen.poly(col, curve + back, INK, 1.0)
    for tip in tips:
        pen.circle(GOLD, tip, 3.2 * s, outline=INK, ow=0.8)
        pen.line(
            INK, [(tip[0] - 1.2 * s, tip[1] + 0.8 * s), (tip[0] + 1.2 * s, tip[1] + 0.8 * s)], 0.5
        )
    band = [P(-15, 4), P(15, 4), P(16, 12), P(-16, 12)]
    pen.poly(PLUM, band, INK, 1.0)
    for i in range(4):
        pen.poly(
            GOLD,
            [P(-11 + i * 7.3, 8), P(-9 + i * 7.3, 5.5), P(-7 + i * 7.3, 8), P(-9 + i * 7.3, 10.5)],
        )


def harlequin(
    pen: Pen, color_a, color_b, x0: float, y0: float, w: float, h: float, cell: float = 10
) -> None:
    pen.rect(color_a, x0, y0, w, h)
    pen.clip(x0, y0, w, h)
    rows = int(h / cell) + 2
    cols = int(w / cell) + 2
    for j in range(rows):
        for i in range(cols):
            if (i + j) % 2 == 0:
                cx, cy = x0 + i * cell, y0 + j * cell * 1.4
                pen.poly(
                    color_b,
                    [
                        (cx, cy - cell * 0.7),
                        (cx + cell / 2, cy),
                        (cx, cy + cell * 0.7),
                        (cx - cell / 2, cy),
                    ],
                )
    pen.unclip()


def draw_card(key: str) -> pygame.Surface:
    if key == "1":
        return _wild()
    suit, value = key[:1], key[1:]
    if suit not in SUITS or not value.isdigit() or not 2 <= int(value) <= MAX_VALUE[suit]:
        raise ValueError(f"no Nar card {key!r}")
    col = SUITS[suit]
    pen = Pen(W, H, SCALE, PAPER)
    ink = shade(col, -0.5 if suit == "Y" else -0.32)  # yellow needs more darkening for contrast
    # coloured frame with jester diamonds along it
    pen.rect(col, 0, 0, W, H, r=5.4)
    for i in range(1, 17):
        y = i * 8.2
        for x in (2.25, W - 2.25):
            pen.poly(mix(col, PAPER, 0.35), [(x, y - 2), (x + 1.3, y), (x, y + 2), (x - 1.3, y)])
    pen.rect(mix(PAPER, col, 0.1), 4.5, 4.5, W - 9, H - 9, r=3.5)
    # watermark symbol and the big value
    symbol(pen, suit, (45, 72), 30, mix(PAPER, col, 0.28))
    big = 40 if len(value) == 1 else 34
    pen.text(value, TITLE_FONT, big, ink, (45, 74), outline=PAPER, ow=1.8)
    # corner indices: value over symbol (top-left, and rotated bottom-right)
    for corner in (0, 1):
        cx, cy = (13, 16) if corner == 0 else (W - 13, H - 16)
        sgn = 1 if corner == 0 else -1
        pen.text(
            value,
            TITLE_FONT,
            19 if len(value) == 1 else 16,
            ink,
            (cx, cy),
            angle=0 if corner == 0 else 180,
        )
        if value in ("6", "9"):  # underline: a rotated 6 and 9 must not be confused
            pen.line(ink, [(cx - 4, cy + sgn * 8.5), (cx + 4, cy + sgn * 8.5)], 1.3)
        symbol(pen, suit, (cx, cy + sgn * 16), 6.4, col, INK, 0.7)
    paper_grain(pen, f"nar{key}", INK, 110, 14)
    pen.rect(INK, 0, 0, W, H, r=5.4, width=1.0)
    out = pen.result(SIZE)
    round_corners(out, SIZE[0] * 0.06)
    return out


def _wild() -> pygame.Surface:
    pen = Pen(W, H, SCALE, (255, 255, 255))
    pen.rect(mix(PAPER, INK, 0.12), 3.5, 3.5, W - 7, H - 7, r=4, width=1.0)
    jester_cap(pen, (45, 70), 1.55)
    pen.text("1", TITLE_FONT, 22, INK, (45, 110))
    for corner in (0, 1):
        cx, cy = (12, 16) if corner == 0 else (W - 12, H - 16)
        pen.text("1", TITLE_FONT, 18, INK, (cx, cy), angle=0 if corner == 0 else 180)
        sgn = 1 if corner == 0 else -1
        jester_cap(pen, (cx, cy + sgn * 17), 0.42)
    # the four suit marks in a row: the 1 follows any lead colour
    for i, s in enumerate("GRYB"):
        symbol(pen, s, (27 + i * 12, 126), 3.6, SUITS[s], INK, 0.5)
    paper_grain(pen, "nar-wild", INK, 110, 12)
    pen.rect(INK, 0, 0, W, H, r=5.4, width=1.0)
    out = pen.result(SIZE)
    round_corners(out, SIZE[0] * 0.06)
    return out


def draw_back() -> pygame.Surface:
    pen = Pen(W, H, SCALE, PLUM)
    harlequin(pen, PLUM, shade(PLUM, 0.15), 0, 0, W, H, 12)
    pen.rect(GOLD, 5, 5, W - 10, H - 10, r=4, width=1.3)
    pen.circle(PAPER, (45, 70), 22, outline=GOLD, ow=1.4)
    jester_cap(pen, (45, 74), 0.95)
    for i, s in enumerate("GRYB"):
        a = math.radians(-135 + i * 90)
        symbol(pen, s, (45 + math.cos(a) * 34, 70 + math.sin(a) * 44), 5, SUITS[s], INK, 0.6)
    pen.rect(INK, 0, 0, W, H, r=5.4, width=1.0)
    out = pen.result(SIZE)
    round_corners(out, SIZE[0] * 0.06)
    return out


def fool_disc(size: int = 128) -> pygame.Surface:
    """The fool disc (R-2): a green wooden token with a cap symbol."""
    pen = Pen(64, 64, size / 64 * 2)
    wood = shade(GREEN, -0.1)
    pen.ellipse((0, 0, 0, 70), (32, 35), 29, 28, 0)
    pen.circle(shade(wood, -0.35), (32, 33), 29)
    pen.circle(wood, (32, 31), 28)
    for i in range(6):
        pen.line(
            shade(wood, -0.12 + 0.04 * (i % 2)),
            arc((32, 31), 8 + i * 3.5, 200, 330, 16, ry=6 + i * 3),
            0.8,
        )
    pen.circle(shade(wood, 0.2), (32, 31), 21, width=1.0)
    jester_cap(pen, (32, 34), 0.95, (RED, PAPER, YELLOW))
    return pen.result((size, size))


def suit_token(suit: str, size: int = 64) -> pygame.Surface:
    """A suit's symbol on a cream disc, for the table's lead-colour indicator (colour and symbol
    together, so the suits stay apart in grey)."""
    pen = Pen(32, 32, size / 32 * 2)
    pen.circle(PAPER, (16, 16), 15, outline=INK, ow=1.0)
    symbol(pen, suit, (16, 16.5), 9, SUITS[suit], INK, 0.8)
    return pen.result((size, size))


def tokens() -> dict[str, pygame.Surface]:
    """The fool disc and one suit badge per colour (``suit_G`` … ``suit_B``)."""
    return {"fool": fool_disc(), **{f"suit_{s}": suit_token(s) for s in SUITS}}
