"""The replay viewer: the game's own table, driven from a replay instead of a host (issue 30).

A :class:`chabudai.replays.player.ReplayPlayer` gives, for the seat watched, the snapshot and the
updates the host sent that seat; the scene feeds them to the game's table view through the
``TableView`` interface exactly as the table scene feeds the host's (``snapshot`` /
``apply_update`` / ``game_over``), so the table, its animations and its move log are the ones
of the game. Stepping forward animates the move; stepping back or jumping shows the view at once
(the player keeps a state every few moves). Watch from any seat, as that seat saw the game, or,
for a finished game, from "All hands": the spectator's table with every hand shown beside it.

Keys: ←/→ step, Space play/pause, Home/End, PgUp/PgDn the previous/next round, +/- speed, V the
seat watched, Esc back. The bar at the bottom can be clicked to jump.
"""

from __future__ import annotations

import pygame

from chabudai.engines.describe import describe_move, render
from chabudai.game import assets, theme, ui
from chabudai.game.scene import Scene
from chabudai.game.settings import ANIMATION_SPEEDS
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.kit import text
from chabudai.replays.file import Replay
from chabudai.replays.player import ReplayPlayer

TABLE_AREA = pygame.Rect(62, 0, 1156, 650)  # the table, scaled from 1280 x 720
TABLE_BESIDE_HANDS = pygame.Rect(0, 70, 900, 506)  # smaller, with every hand beside it
HANDS = pygame.Rect(908, 8, 366, 640)
BAR = pygame.Rect(40, 662, 1200, 10)  # the progress bar
PLAY_PAUSE_GAP = 0.35  # real seconds between moves while playing, beside the animation
PANEL_SECONDS = 2.5  # while playing, a summary that waits for a click goes after this long
ALL = "all"  # the "All hands" choice
LOG_MOVES = 8  # moves a jump shows again at once, so the move log ends as it did in the game
FLUSH_STEPS = 400
FLUSH_DT = 1.0  # seconds of show per step while a jump runs the show to its end


class ViewerScene(Scene):
    name = "viewer"
    music = None

    def __init__(self, app, replay: Replay, seat: int | None | str = "you") -> None:
        super().__init__(app)
        self.replay = replay
        self.player = ReplayPlayer(replay)
        seats = range(replay.players)
        if seat == "you":
            seat = replay.you if replay.you in seats else (ALL if replay.finished else 0)
        self.index = 0
        self.playing = False
        self.wait = 0.0
        self.panel_time = 0.0
        self.speed = min(ANIMATION_SPEEDS, key=lambda s: abs(s - app.settings.animation_speed))
        self.canvas = pygame.Surface(theme.SCREEN_SIZE)
        choices = [(s, f"{replay.seats[s].name}'s view") for s in seats]
        if replay.finished:
            choices.append((ALL, "All hands"))
        self.seat_choice = ui.Choice(
            (830, 676, 300, 36), "", choices, seat, self.watch_from, label_width=0
        )
        self.speed_button = ui.Button(
            (1140, 676, 100, 36), self.speed_label(), self.faster, size=18
        )
        self.form = ui.Form([self.seat_choice, self.speed_button])
        self.form.focus = -1
        self.quiet = False
        self.watched = seat
        self.go(0)

    # ------------------------------------------------------------------ the table

    @property
    def seat(self) -> int | None:
        return None if self.watched == ALL else self.watched

    def name_of(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.replay.seats):
            return "Spectator"
        return self.replay.seats[seat].name

    def kind_of(self, seat: int | None) -> str:
        return (
            self.replay.seats[seat].kind
            if seat is not None and seat < self.replay.players
            else "human"
        )

    def seat_info(self, seat: int | None) -> dict:
        if seat is None or not 0 <= seat < self.replay.players:
            return {}
        info = self.replay.seats[seat]
        return {
            "seat": seat,
            "name": info.name,
            "kind": info.kind,
            "level": info.level,
            "connected": True,
        }

    def watch_from(self, seat) -> None:
        """A table for ``seat`` (or every hand), showing the current move."""
        self.watched = seat
        self.go(self.index)

    def new_table(self):
        ctx = TableContext(
            seat=self.seat,
            submit=lambda move: None,  # a replay takes no moves
            name_of=self.name_of,
            kind_of=self.kind_of,
            seat_info=self.seat_info,
            sound=self.sound,
            speed=lambda: self.speed,
        )
        return make_table(self.replay.game, ctx)

    def sound(self, name: str) -> None:
        if not self.quiet:
            self.app.audio.play(name)

    def go(self, index: int) -> None:
        """Show the table after ``index`` moves at once (a jump, a step back).

        A fresh table is shown the view :data:`LOG_MOVES` moves earlier and given those moves'
        updates, shown at once (no sound), so its move log ends with them, as in the game, and
        holds nothing from later moves."""
        self.index = max(0, min(index, self.player.length))
        start = max(0, self.index - LOG_MOVES)
        self.view = self.new_table()
        view, legal = self.player.snapshot(start, self.seat)
        self.view.snapshot(view, legal)
        self.quiet = True
        for number in range(start + 1, self.index + 1):
            update = self.player.update(number, self.seat)
            self.view.apply_update(update.events, update.view, update.legal)
        self.end_if_over()
        self.settle()
        self.quiet = False

    def settle(self) -> None:
        """Run the table's show to its end at once (each summary closed)."""
        for _ in range(FLUSH_STEPS):
            if self.view.idle:
                break
            self.view.close_overlay()
            self.view.update(FLUSH_DT)

    def forward(self) -> None:
        """The next move, animated as it was in the game."""
        if self.index >= self.player.length:
            self.playing = False
            return
        if not self.view.idle:
            self.go(self.index)  # the last move's show is cut short
        update = self.player.update(self.index + 1, self.seat)
        self.index += 1
        self.view.apply_update(update.events, update.view, update.legal)
        self.end_if_over()

    def end_if_over(self) -> None:
        if self.index == self.player.length and self.player.result is not None:
            self.view.game_over(self.player.result)
            self.playing = False

    def back_one(self) -> None:
        self.playing = False
        self.go(self.index - 1)

    def previous_round(self) -> None:
        starts = [s for s in self.player.round_starts if s < self.index]
        self.playing = False
        self.go(starts[-1] if starts else 0)

    def next_round(self) -> None:
        starts = [s for s in self.player.round_starts if s > self.index]
        self.playing = False
        self.go(starts[0] if starts else self.player.length)

    def toggle_play(self) -> None:
        if self.index >= self.player.length:
            self.go(0)
        self.playing = not self.playing
        self.wait = 0.0

    def speed_label(self) -> str:
        return f"{self.speed:g}×"

    def faster(self, step: int = 1) -> None:
        at = ANIMATION_SPEEDS.index(self.speed) if self.speed in ANIMATION_SPEEDS else 1
        self.speed = ANIMATION_SPEEDS[(at + step) % len(ANIMATION_SPEEDS)]
        self.speed_button.label = self.speed_label()

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: self.forward_by_key,
                pygame.K_LEFT: self.back_one,
                pygame.K_SPACE: self.toggle_play,
                pygame.K_HOME: lambda: self.jump(0),
                pygame.K_END: lambda: self.jump(self.player.length),
                pygame.K_PAGEUP: self.previous_round,
                pygame.K_PAGEDOWN: self.next_round,
                pygame.K_PLUS: self.faster,
                pygame.K_EQUALS: self.faster,
                pygame.K_KP_PLUS: self.faster,
                pygame.K_MINUS: lambda: self.faster(-1),
                pygame.K_KP_MINUS: lambda: self.faster(-1),
                pygame.K_v: lambda: self.seat_choice.shift(1),
            }
            if event.key == pygame.K_ESCAPE:
                if not self.view.close_overlay():
                    self.app.pop()
                return
            if event.key in keys:
                keys[event.key]()
                return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and BAR.inflate(0, 16).collidepoint(event.pos)
        ):
            share = (event.pos[0] - BAR.x) / BAR.w
            self.jump(round(share * self.player.length))
            return
        if self.form.handle(event):
            return
        table_event = self.to_table(event)
        if table_event is not None:
            self.view.handle(table_event)

    def forward_by_key(self) -> None:
        self.playing = False
        self.forward()

    def jump(self, index: int) -> None:
        self.playing = False
        self.go(index)

    @property
    def table_area(self) -> pygame.Rect:
        return TABLE_BESIDE_HANDS if self.seat is None else TABLE_AREA

    def to_table(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A mouse event in the table's own coordinates (it is drawn scaled), other input as is."""
        if not hasattr(event, "pos"):
            return event
        x, y = event.pos
        area = self.table_area
        if not area.collidepoint(x, y):
            return None
        scale = theme.SCREEN_SIZE[0] / area.w
        pos = (round((x - area.x) * scale), round((y - area.y) * scale))
        return pygame.event.Event(event.type, {**event.__dict__, "pos": pos})

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        super().update(dt)
        self.view.update(dt)
        if not self.playing:
            return
        if getattr(self.view, "panel", None) is not None:  # a summary waits for a click
            self.panel_time += dt
            if self.panel_time > PANEL_SECONDS / self.speed:
                self.view.close_overlay()
                self.panel_time = 0.0
            return
        self.panel_time = 0.0
        if self.view.idle:
            self.wait += dt
            if self.wait >= PLAY_PAUSE_GAP / self.speed:
                self.wait = 0.0
                self.forward()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.SHADOW)
        self.view.draw(self.canvas)
        area = self.table_area
        surface.blit(pygame.transform.smoothscale(self.canvas, area.size), area)
        if self.seat is None:
            self.draw_hands(surface)
        self.draw_bar(surface)

    def move_text(self) -> str:
        if self.index == 0:
            return "As dealt"
        mover = self.player.mover(self.index)
        seat, move = self.replay.moves[self.index - 1]
        try:
            said = describe_move(self.player.state(self.index - 1), seat, move)
            line = render(said, self.name_of)
        except (KeyError, TypeError, ValueError, IndexError):
            line = f"{self.name_of(mover)} moves."
        self.player.state(self.index)  # (describing went back one move)
        return line

    def draw_bar(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, BAR, border_radius=5)
        length = max(1, self.player.length)
        done = BAR.copy()
        done.w = round(BAR.w * self.index / length)
        pygame.draw.rect(surface, theme.GOLD, done, border_radius=5)
        for start in self.player.round_starts[1:]:
            x = BAR.x + round(BAR.w * start / length)
            pygame.draw.line(surface, theme.CREAM, (x, BAR.y - 3), (x, BAR.bottom + 2), 2)
        knob = (BAR.x + done.w, BAR.centery)
        pygame.draw.circle(surface, theme.FOCUS, knob, 8)
        rounds = len(self.player.round_starts)
        where = f"Move {self.index} of {self.player.length}"
        if rounds > 1:
            where += f" · round {self.player.round_of(self.index) + 1} of {rounds}"
        text.draw_line(
            surface,
            f"{where} — {self.move_text()}",
            (44, 694),
            620,
            18,
            theme.CREAM,
            anchor="midleft",
        )
        hint = "Playing" if self.playing else "Paused · Space plays"
        text.draw_line(surface, hint, (672, 694), 150, 16, theme.MUTED, anchor="midleft")
        self.form.draw(surface)

    def draw_hands(self, surface: pygame.Surface) -> None:
        """Every seat's hand at this move (the game is over, so nothing is hidden any more)."""
        state = self.player.state(self.index)
        rows = [(s, state.view(s).get("hand") or []) for s in range(self.replay.players)]
        step = min(110, (HANDS.h - 16) // len(rows))
        height = step - 24
        box = HANDS
        theme.panel(surface, box, 215)
        y = box.y + 8
        for seat, hand in rows:
            text.draw_line(surface, self.name_of(seat), (box.x + 10, y), 340, 15, theme.GOLD)
            x = box.x + 10
            for card in hand:
                try:
                    image = assets.card_image(self.replay.game, card, height=height)
                except (assets.AssetError, TypeError, ValueError):
                    continue
                overlap = min(
                    image.get_width() + 2, (340 - image.get_width()) // max(1, len(hand) - 1)
                )
                surface.blit(image, (x, y + 18))
                x += overlap
            y += step
