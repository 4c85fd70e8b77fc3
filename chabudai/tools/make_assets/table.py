"""Table backgrounds (1280 × 720) and interface icons (art/STYLE.md "Table and interface").

Backgrounds: Koi-Koi dark wood, Nanatoridori sky-blue cloth, Nar deep-green felt, Nimalia a
savanna-toned board, and the title screen (a round chabudai table on tatami-toned wood). Each has a
subtle texture and a vignette. Icons are cream glyphs with a dark outline so they read on any
background; stored at 128 × 128.
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
    rng,
    shade,
    smooth_to,
    star_pts,
)

BG_SIZE = (1280, 720)
ICON_SIZE = 128
CREAM = (250, 244, 228)
INK = (34, 28, 30)
GOLD = (240, 190, 60)
GREEN_OK = (96, 190, 104)

ICON_NAMES = (
    "help",
    "settings",
    "back",
    "sound_on",
    "sound_off",
    "bot",
    "human",
    "ready",
    "crown",
    "thinking",
    "fullscreen",
    "windowed",
    "close",
    "play",
    "host",
    "join",
)


# --- backgrounds ------------------------------------------------------------------------------


def _soft_vignette(surf: pygame.Surface, strength: int = 150) -> None:
    """A smooth vignette: concentric ellipses drawn small, then smooth-scaled up (no banding)."""
    w, h = surf.get_size()
    sw, sh = 64, 36
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    steps = 40
    for i in range(steps):
        t = i / steps
        a = round(strength * (1 - t) ** 2.2)
        small.fill((0, 0, 0, 0))
        rect = pygame.Rect(0, 0, round(sw * (1.5 - 0.9 * t)), round(sh * (1.5 - 0.9 * t)))
        rect.center = (sw // 2, sh // 2)
        layer = pygame.Surface((sw, sh), pygame.SRCALPHA)
        layer.fill((0, 0, 0, a))
        pygame.draw.ellipse(layer, (0, 0, 0, 0), rect)
        if i == 0:
            acc = layer
        else:
            # keep the darkest value seen for each pixel
            acc.blit(layer, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    big = pygame.transform.smoothscale(pygame.transform.smoothscale(acc, (sw * 4, sh * 4)), (w, h))
    surf.blit(big, (0, 0))


def _soft(layer: pygame.Surface) -> pygame.Surface:
    """Blur a small layer by scaling down once and back up in 2x bilinear steps to 1280 x 720."""
    w, h = layer.get_size()
    s = pygame.transform.smoothscale(layer, (w // 2, h // 2))
    while s.get_width() * 2 <= BG_SIZE[0]:
        s = pygame.transform.smoothscale(s, (s.get_width() * 2, s.get_height() * 2))
    return pygame.transform.smoothscale(s, BG_SIZE)


def wood(pen: Pen, base, seed: str, plank_h: float = 120, horizontal: bool = True) -> None:
    """Planks with long grain lines and a few knots."""
    r = rng("wood", seed)
    W, H = pen.w, pen.h
    n = int(H / plank_h) + 1
    for i in range(n):
        y0 = i * plank_h
        col = shade(base, r.uniform(-0.08, 0.06))
        pen.rect(col, 0, y0, W, plank_h)
        for _ in range(14):
            yy = y0 + r.uniform(6, plank_h - 6)
            amp = r.uniform(1.5, 5)
            ph = r.uniform(0, 6.28)
            freq = r.uniform(0.004, 0.012)
            pts = [(x, yy + math.sin(x * freq + ph) * amp) for x in range(-10, int(W) + 20, 20)]
            pen.line(shade(col, r.choice((-0.12, -0.08, 0.06))), pts, r.uniform(1.0, 2.4))
        for _ in range(r.choice((0, 1, 1, 2))):
            kx, ky = r.uniform(60, W - 60), y0 + r.uniform(30, plank_h - 30)
            for k in range(4):
                pen.ellipse(shade(col, -0.1 - k * 0.03), (kx, ky), 26 - k * 6, 9 - k * 2, 0)
        pen.line(shade(base, -0.45), [(0, y0), (W, y0)], 2.5)
        pen.line(shade(base, 0.12), [(0, y0 + 2.5), (W, y0 + 2.5)], 1.0)


def bg_koikoi() -> pygame.Surface:
    pen = Pen(*BG_SIZE, 1.0, (92, 56, 36))
    wood(pen, (96, 58, 38), "koikoi", 144)
    out = pen.surf.copy()
    _soft_vignette(out, 170)
    return out


def bg_nanatoridori() -> pygame.Surface:
    base = (120, 182, 222)
    pen = Pen(*BG_SIZE, 1.0, base)
    r = rng("cloth")
    # soft clouds: drawn at 1/8 size and smooth-scaled up, so they have no hard edges
    clouds = pygame.Surface((320, 180), pygame.SRCALPHA)
    clouds.fill((255, 255, 255, 0))  # transparent white: no dark fringe when scaled
    for _ in range(7):
        cx, cy = r.uniform(0, 320), r.uniform(0, 180)
        for _k in range(5):
            rect = pygame.Rect(0, 0, round(r.uniform(36, 68)), round(r.uniform(14, 26)))
            rect.center = (round(cx + r.uniform(-22, 22)), round(cy + r.uniform(-6, 6)))
            blob = pygame.Surface((320, 180), pygame.SRCALPHA)
            blob.fill((255, 255, 255, 0))
            pygame.draw.ellipse(blob, (255, 255, 255, 22), rect)
            clouds.blit(blob, (0, 0))
    clouds = _soft(clouds)
    pen.surf.blit(clouds, (0, 0))
    # woven texture: faint threads
    layer = pygame.Surface(BG_SIZE, pygame.SRCALPHA)
    for y in range(0, 720, 3):
        pygame.draw.line(
            layer, (255, 255, 255, 9) if (y // 3) % 2 else (0, 0, 40, 9), (0, y), (1280, y)
        )
    for x in range(0, 1280, 3):
        pygame.draw.line(layer, (255, 255, 255, 5), (x, 0), (x, 720))
    pen.surf.blit(layer, (0, 0))
    out = pen.surf.copy()
    _soft_vignette(out, 150)
    return out


def bg_nar() -> pygame.Surface:
    base = (30, 96, 62)
    pen = Pen(*BG_SIZE, 1.0, base)
    r = rng("felt")
    layer = pygame.Surface(BG_SIZE, pygame.SRCALPHA)
    for _ in range(5000):
        x, y = r.uniform(0, 1280), r.uniform(0, 720)
        c = (255, 255, 255, 10) if r.random() < 0.5 else (0, 0, 0, 16)
        a = r.uniform(0, math.pi)
        ln = r.uniform(2, 6)
        pygame.draw.line(layer, c, (x, y), (x + math.cos(a) * ln, y + math.sin(a) * ln))
    pen.surf.blit(layer, (0, 0))
    # a faint oval table rail
    pen.ellipse((0, 0, 0, 0), (640, 360), 600, 330)
    out = pen.surf.copy()
    _soft_vignette(out, 180)
    return out


def bg_nimalia() -> pygame.Surface:
    base = (212, 170, 96)
    pen = Pen(*BG_SIZE, 1.0, base)
    r = rng("savanna-board")
    patches = pygame.Surface((320, 180), pygame.SRCALPHA)
    patches.fill((*base, 0))
    for _ in range(40):
        c = r.choice((shade(base, 0.06), shade(base, -0.05), mix(base, (120, 150, 70), 0.12)))
        blob = pygame.Surface((320, 180), pygame.SRCALPHA)
        blob.fill((*c, 0))
        rect = pygame.Rect(0, 0, round(r.uniform(30, 100)), round(r.uniform(16, 44)))
        rect.center = (round(r.uniform(0, 320)), round(r.uniform(0, 180)))
        pygame.draw.ellipse(blob, (*c, 90), rect)
        patches.blit(blob, (0, 0))
    patches = _soft(patches)
    pen.surf.blit(patches, (0, 0))
    for _ in range(260):
        x, y = r.uniform(0, 1280), r.uniform(0, 720)
        for d in (-1, 0, 1):
            pen.line(shade(base, -0.07), [(x, y), (x + d * 2.5, y - 7)], 1.1)
    out = pen.surf.copy()
    _soft_vignette(out, 140)
    return out


def bg_title() -> pygame.Surface:
    pen = Pen(*BG_SIZE, 1.0, (70, 42, 30))
    wood(pen, (74, 44, 30), "title", 96)
    # the chabudai: a low round table seen from above
    pen.ellipse((0, 0, 0, 90), (650, 420), 420, 250)
    pen.ellipse((120, 74, 44), (640, 400), 410, 240)
    pen.ellipse((150, 96, 58), (640, 396), 396, 228)
    r = rng("chabudai")
    for i in range(16):
        rr = 40 + i * 22
        pen.line(
            shade((150, 96, 58), r.choice((-0.07, 0.05))),
            arc((640 + r.uniform(-8, 8), 396), rr, 0, 360, 90, ry=rr * 0.575),
            1.6,
        )
    pen.ellipse((255, 255, 255, 18), (560, 320), 260, 120, -10)
    out = pen.surf.copy()
    _soft_vignette(out, 190)
    return out


BACKGROUNDS = {
    "koikoi": bg_koikoi,
    "nanatoridori": bg_nanatoridori,
    "nar": bg_nar,
    "nimalia": bg_nimalia,
    "title": bg_title,
}


# --- icons ------------------------------------------------------------------------------------


def _outlined(glyph: pygame.Surface, radius: int, color=INK) -> pygame.Surface:
    """Add a dark outline and a soft drop shadow around a cream glyph."""
    w, h = glyph.get_size()
    dark = glyph.copy()
    dark.fill((*color, 255), special_flags=pygame.BLEND_RGBA_MIN)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    shadow = dark.copy()
    shadow.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(shadow, (radius // 2, radius))
    for i in range(24):
        a = 2 * math.pi * i / 24
        out.blit(dark, (round(radius * math.cos(a)), round(radius * math.sin(a))))
    out.blit(glyph, (0, 0))
    return out


def _icon(draw) -> pygame.Surface:
    pen = Pen(64, 64, 8)
    draw(pen)
    big = _outlined(pen.surf, round(3.2 * pen.k))
    return smooth_to(big, (ICON_SIZE, ICON_SIZE))


def icon_help(p: Pen) -> None:
    p.line(
        CREAM,
        bezier((20, 22), (20, 6), (46, 6), (44, 22), 16)
        + bezier((44, 22), (42, 32), (32, 30), (32, 40), 10),
        7,
    )
    p.circle(CREAM, (32, 52), 4.6)


def icon_settings(p: Pen) -> None:
    pts = []
    for i in range(8):
        a0 = math.radians(i * 45 - 11)
        a1 = math.radians(i * 45 + 11)
        am = math.radians(i * 45 + 22.5)
        pts += [
            (32 + math.cos(a0) * 25, 32 + math.sin(a0) * 25),
            (32 + math.cos(a1) * 25, 32 + math.sin(a1) * 25),
        ]
        pts += [
            (32 + math.cos(am - 0.15) * 18, 32 + math.sin(am - 0.15) * 18),
            (32 + math.cos(am + 0.15) * 18, 32 + math.sin(am + 0.15) * 18),
        ]
    p.poly(CREAM, pts)
    hole = pygame.Surface(p.surf.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(hole, (255, 255, 255, 255), p.p((32, 32)), 8 * p.k)
    p.surf.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)


def icon_back(p: Pen) -> None:
    p.poly(CREAM, [(8, 32), (30, 12), (30, 24), (56, 24), (56, 40), (30, 40), (30, 52)])


def _speaker(p: Pen) -> None:
    p.poly(CREAM, [(8, 24), (18, 24), (32, 12), (32, 52), (18, 40), (8, 40)])


def icon_sound_on(p: Pen) -> None:
    _speaker(p)
    p.line(CREAM, arc((32, 32), 10, -50, 50, 12), 4.5)
    p.line(CREAM, arc((32, 32), 20, -55, 55, 16), 4.5)


def icon_sound_off(p: Pen) -> None:
    _speaker(p)
    p.line(CREAM, [(40, 22), (56, 42)], 5)
    p.line(CREAM, [(56, 22), (40, 42)], 5)


def icon_bot(p: Pen) -> None:
    p.line(CREAM, [(32, 14), (32, 6)], 3.5)
    p.circle(CREAM, (32, 6), 4)
    p.rect(CREAM, 12, 14, 40, 32, r=9)
    p.rect(CREAM, 6, 24, 6, 12, r=2)
    p.rect(CREAM, 52, 24, 6, 12, r=2)
    for ex in (24, 40):
        p.circle(INK, (ex, 28), 4.5)
    p.rect(INK, 22, 37, 20, 3.5, r=1.5)
    p.rect(CREAM, 18, 48, 28, 12, r=4)


def icon_human(p: Pen) -> None:
    p.circle(CREAM, (32, 20), 12)
    p.poly(CREAM, arc((32, 60), 24, 180, 360, 24, ry=22))


def icon_ready(p: Pen) -> None:
    p.line(GREEN_OK, [(10, 34), (26, 50), (54, 14)], 9)


def icon_crown(p: Pen) -> None:
    p.poly(GOLD, [(8, 48), (6, 18), (20, 32), (32, 10), (44, 32), (58, 18), (56, 48)])
    p.rect(GOLD, 8, 48, 48, 8, r=2)
    for x, y in ((6, 16), (32, 8), (58, 16)):
        p.circle(GOLD, (x, y), 4.5)
    p.circle((210, 60, 60), (32, 40), 4)


def icon_thinking(p: Pen) -> None:
    for i in range(3):
        p.circle(CREAM, (14 + i * 18, 34), 6.5)


def icon_fullscreen(p: Pen) -> None:
    for sx, sy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        cx, cy = 32 + sx * 20, 32 + sy * 20
        p.line(CREAM, [(cx, cy - sy * 14), (cx, cy), (cx - sx * 14, cy)], 6)


def icon_windowed(p: Pen) -> None:
    for sx, sy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        cx, cy = 32 + sx * 8, 32 + sy * 8
        p.line(CREAM, [(cx, cy + sy * 14), (cx, cy), (cx + sx * 14, cy)], 6)


def icon_close(p: Pen) -> None:
    p.line(CREAM, [(14, 14), (50, 50)], 8)
    p.line(CREAM, [(50, 14), (14, 50)], 8)


def icon_play(p: Pen) -> None:
    p.poly(CREAM, [(18, 10), (54, 32), (18, 54)])


def icon_host(p: Pen) -> None:
    p.ellipse(CREAM, (32, 40), 24, 10)
    p.rect(CREAM, 26, 40, 12, 16)
    for rr in (10, 18):
        p.line(CREAM, arc((32, 26), rr, 220, 320, 12), 4)


def icon_join(p: Pen) -> None:
    p.poly(CREAM, [(6, 26), (30, 26), (30, 14), (52, 32), (30, 50), (30, 38), (6, 38)])
    p.line(CREAM, [(44, 8), (58, 8), (58, 56), (44, 56)], 5)


ICONS = {n: globals()[f"icon_{n}"] for n in ICON_NAMES}


def draw_icon(name: str) -> pygame.Surface:
    return _icon(ICONS[name])


def title_logo() -> pygame.Surface:
    """The word mark for the title screen."""
    pen = Pen(640, 160, 2)
    pen.text("Chabudai", TITLE_FONT, 110, CREAM, (320, 82), outline=INK, ow=5)
    for i, c in enumerate(((198, 40, 36), (240, 136, 40), (52, 140, 74), (64, 140, 206))):
        pen.poly(c, star_pts((140 + i * 120, 146), 11, 4, 4, -90))
    return pen.result((640, 160))
