"""How the Nimalia table looks, apart from its state: the palette, card faces turned and faded,
whole reserves drawn as one image, the marks laid on spaces while an objective scores, the tick
and cross badges, the turning buttons and the score track.

Everything built here is cached (:class:`Art`): a frame only blits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from chabudai.engines.nimalia.geometry import LIMIT, Grid, bounding_box
from chabudai.game import assets, theme, ui
from chabudai.game.tables.kit.sprites import card_shadow, turned
from chabudai.game.tables.nimalia import layout as lay
from chabudai.i18n import _

GAME = "nimalia"

# One palette for the game (art/STYLE.md): the objective colours and the four seats.
COLOUR_RGB = {
    "blue": (84, 142, 226),
    "green": (92, 178, 96),
    "yellow": (238, 196, 66),
    "red": (222, 84, 70),
}
SEAT_RGB = ((236, 120, 84), (110, 176, 236), (232, 206, 92), (150, 206, 120))
LEGAL_RGB = (120, 220, 130)
CLOSED_RGBA = (22, 13, 8, 200)  # spaces the 6 × 6 limit closes
LINE_RGBA = (78, 56, 36, 170)


def seat_rgb(seat: int) -> tuple[int, int, int]:
    return SEAT_RGB[seat % len(SEAT_RGB)]


class Art:
    """The table's cached images (a table owns one)."""

    def __init__(self) -> None:
        self.images: dict[tuple, pygame.Surface] = {}
        self.boards: dict[tuple, pygame.Surface] = {}

    def _keep(self, store: dict, key: tuple, image: pygame.Surface, limit: int) -> pygame.Surface:
        if len(store) > limit:
            store.clear()
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        store[key] = image
        return image

    def face(self, card: int, height: int, rot: int, alpha: int = 255) -> pygame.Surface:
        """An animal card face at ``height`` turned ``rot`` quarter turns (M-15), faded to
        ``alpha`` (the ghost)."""
        image = turned(assets.card_image(GAME, card, height=height), (GAME, card, height), rot)
        if alpha == 255:
            return image
        key = ("faded", card, height, rot % 4, alpha)
        faded = self.images.get(key)
        if faded is None:
            faded = image.copy()
            faded.set_alpha(alpha)
            self.images[key] = faded
        return faded

    def mark(self, size: int, colour: tuple[int, int, int], kind: str) -> pygame.Surface:
        """A space while an objective is scored: ``good`` (counted: ringed white and in the
        objective's colour), ``bad`` (costs points: darkened with a minus sign) or ``dim``
        (not counted) — never colour alone."""
        key = ("mark", size, colour, kind)
        image = self.images.get(key)
        if image is not None:
            return image
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        if kind == "dim":
            image.fill((20, 12, 6, 150))
        elif kind == "bad":
            image.fill((40, 0, 0, 110))
            pygame.draw.rect(image, theme.WARN, image.get_rect(), 3)
            half, arm = size // 2, size // 5
            pygame.draw.line(image, theme.CREAM, (half - arm, half), (half + arm, half), 5)
        else:
            pygame.draw.rect(image, (255, 255, 255), image.get_rect(), 3)
            pygame.draw.rect(image, colour, image.get_rect().inflate(-6, -6), 3)
        return self._keep(self.images, key, image, 300)

    def board(
        self, board: lay.Board, cards: Sequence[tuple], mine: bool, grid: Grid
    ) -> pygame.Surface:
        """A reserve's panel as one image: yours with its grid and the spaces the 6 × 6 limit
        closes (M-19), the others' with their seat colour; ``cards`` (card, rot, row, col) laid
        on it in the order they were placed (M-18)."""
        frame = tuple(bounding_box(grid)) if mine and grid else None
        key = (board, mine, frame, tuple(cards))
        image = self.boards.get(key)
        if image is not None:
            return image
        px, py, pw, ph = board.panel
        image = pygame.Surface((round(pw), round(ph)), pygame.SRCALPHA)
        theme.panel(image, image.get_rect(), 120 if mine else 150, 12)
        if mine:
            draw_grid(image, board, grid)
        else:
            pygame.draw.line(image, seat_rgb(board.seat), (12, 2), (round(pw) - 12, 2), 4)
        height = round(2 * board.cell)
        for card, rot, row, col in cards:
            x, y, _w, _h = board.rect(row, col)
            at = (round(x - px), round(y - py))
            image.blit(card_shadow((height, height), False), (at[0] + 3, at[1] + 4))
            image.blit(self.face(card, height, rot), at)
        return self._keep(self.boards, key, image, 16)


def draw_grid(panel: pygame.Surface, board: lay.Board, grid: Grid) -> None:
    """Your reserve's grid lines on its panel, and the spaces the 6 × 6 limit closes (M-19)."""
    px, py = board.panel[0], board.panel[1]
    size = round(board.size * board.cell)
    image = panel.subsurface((round(board.area[0] - px), round(board.area[1] - py), size, size))
    cell = board.cell
    if grid:
        top, bottom, left, right = bounding_box(grid)
        for r in range(board.top, board.top + board.size):
            for c in range(board.left, board.left + board.size):
                if bottom - LIMIT < r < top + LIMIT and right - LIMIT < c < left + LIMIT:
                    continue
                x, y = (c - board.left) * cell, (r - board.top) * cell
                image.fill(CLOSED_RGBA, (round(x), round(y), round(cell), round(cell)))
    for i in range(board.size + 1):
        at = round(i * cell)
        pygame.draw.line(image, LINE_RGBA, (at, 0), (at, size), 1)
        pygame.draw.line(image, LINE_RGBA, (0, at), (size, at), 1)


def draw_mark(surface: pygame.Surface, centre: tuple[float, float], yes: bool) -> None:
    """A round badge with a tick (may go there, has placed) or a cross (may not)."""
    x, y = round(centre[0]), round(centre[1])
    color = LEGAL_RGB if yes else theme.WARN
    pygame.draw.circle(surface, theme.INK, (x, y), 13)
    pygame.draw.circle(surface, color, (x, y), 11)
    if yes:
        pygame.draw.lines(
            surface, theme.INK, False, [(x - 6, y), (x - 2, y + 5), (x + 6, y - 5)], 3
        )
    else:
        pygame.draw.line(surface, theme.INK, (x - 5, y - 5), (x + 5, y + 5), 3)
        pygame.draw.line(surface, theme.INK, (x + 5, y - 5), (x - 5, y + 5), 3)


def draw_turn_button(surface: pygame.Surface, rect: lay.Rect, step: int) -> None:
    """A round button with a curved arrow: anticlockwise (``step`` −1) or clockwise, with its
    key under it."""
    box = pygame.Rect(rect)
    pygame.draw.circle(surface, theme.PANEL, box.center, box.w // 2)
    pygame.draw.circle(surface, theme.PANEL_EDGE, box.center, box.w // 2, 2)
    radius = box.w // 2 - 11
    arc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    arc.center = box.center
    pygame.draw.arc(surface, theme.CREAM, arc, 0.6, 5.2, 3)
    angle = 0.6 if step > 0 else 5.2
    tip = (box.centerx + radius * math.cos(angle), box.centery - radius * math.sin(angle))
    dx = 7 if step > 0 else -7
    head = [tip, (tip[0] - 6, tip[1] - dx), (tip[0] + 6, tip[1] - dx)]
    pygame.draw.polygon(surface, theme.CREAM, head)
    # Translators: the keys under the turning buttons (Shift is the key of that name)
    label = "R" if step > 0 else _("Shift R")
    size = ui.fitting(label, 14, box.w + 28)
    theme.draw_text(
        surface, label, (box.centerx, box.bottom + 2), size, theme.MUTED, anchor="midtop"
    )


def pawn_label(name: str) -> str:
    """A pawn's initial, with the seat number of a name two seats share ("Normal bot 3")."""
    return name[:1].upper() + (name[-1] if name[-1:].isdigit() else "")


def draw_track(surface: pygame.Surface, values: Sequence[float], names: Sequence[str]) -> None:
    """The score track: a pawn per seat (its colour and initial) on a line marked every 10;
    pawns on the same spot stack under the line."""
    x, y, w, _h = lay.TRACK
    top = max(40, int(max(values, default=0) // 10 + 2) * 10)
    line_y = y + 22
    pygame.draw.line(surface, theme.PANEL_EDGE, (x, line_y), (x + w, line_y), 4)
    for tick in range(0, top + 1, 10):
        tx = x + w * tick / top
        pygame.draw.line(surface, theme.CREAM, (tx, line_y - 5), (tx, line_y + 5), 2)
        # the numbers sit clear above the pawns on the line (a 0 showed under them)
        theme.draw_text(surface, str(tick), (tx, line_y - 13), 14, theme.MUTED, anchor="midbottom")
    placed: list[int] = []
    for seat in sorted(range(len(values)), key=lambda s: (values[s], s)):
        px = round(x + w * min(values[seat], top) / top)
        level = sum(1 for other in placed if abs(other - px) < 22)
        placed.append(px)
        centre = (px, line_y + level * 20)
        label = pawn_label(names[seat])
        pawn = pygame.Rect(0, 0, max(20, theme.text_size(label, 14, "bold")[0] + 10), 20)
        pawn.center = centre
        pygame.draw.rect(surface, theme.INK, pawn.inflate(4, 4), border_radius=12)
        pygame.draw.rect(surface, seat_rgb(seat), pawn, border_radius=10)
        theme.draw_text(surface, label, centre, 14, theme.INK, "bold", "center", shadow=False)
