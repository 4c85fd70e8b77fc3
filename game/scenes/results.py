"""Results: scores per deal, the winner(s), then a rematch (the host player), or "Play again"
at a table that runs itself (a headless host), or back to the title."""

from __future__ import annotations

import pygame

from engines.koikoi.scoring import YAKU_NAMES
from game import theme, ui
from game.scene import Scene
from game.scenes.common import backdrop, footer


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app, result: dict) -> None:
        super().__init__(app)
        self.result = result
        session = app.session
        self.auto = session.auto_start  # a headless table: it reopens its lobby by itself
        buttons = []
        if self.auto:
            if session.seat is not None:
                first = ui.Button((440, 610, 190, 56), "Play again", self.play_again, accent=True)
            else:
                first = ui.Button((440, 610, 190, 56), "Lobby", self.to_lobby, accent=True)
            buttons += [first, ui.Button((650, 610, 190, 56), "Leave", self.leave_table)]
        else:
            if session.is_host:
                buttons.append(ui.Button((440, 610, 190, 56), "Rematch", self.rematch, accent=True))
            title_x = 650 if buttons else 545
            buttons.append(ui.Button((title_x, 610, 190, 56), "Title", self.app.reset_to_title))
        self.form = ui.Form(buttons)
        self.waiting = False

    def rematch(self) -> None:
        self.app.send({"t": "rematch"})
        self.waiting = True

    def play_again(self) -> None:
        """Ready for the next game at this table; its lobby shows who else is."""
        self.app.send({"t": "ready", "ready": True})
        self.to_lobby()

    def to_lobby(self) -> None:
        self.app.pop()  # the results
        self.app.pop()  # the finished table; the lobby is under it

    def leave_table(self) -> None:
        self.app.send({"t": "leave"})
        self.app.reset_to_title()

    def back(self) -> None:
        if self.auto:
            self.to_lobby()
        else:
            self.app.reset_to_title()

    def update(self, dt: float) -> None:
        super().update(dt)
        session = self.app.session
        new_game = session.status == "playing" and session.table_queue
        if new_game or (session.status == "lobby" and not self.auto):
            # A rematch: back to the lobby under the table (solo restarts from there by itself).
            # A table that runs itself reopens its lobby while the results are still read.
            self.to_lobby()

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event):
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        session = self.app.session
        backdrop(surface, session.game, 120)
        scores = self.result.get("scores", [])
        winners = self.result.get("winners", [])
        seat = session.seat
        if seat is not None and winners == [seat]:
            title, color = "You win!", theme.GOLD
        elif len(winners) > 1:
            title, color = "A draw", theme.CREAM
        elif winners:
            title, color = f"{session.seat_name(winners[0])} wins", theme.CREAM
        else:
            title, color = "Game over", theme.CREAM
        theme.draw_text(surface, title, (640, 40), 72, color, role="title", anchor="midtop")
        players = range(len(scores))
        x0 = 640 - 170 * len(scores) / 2 - 60
        rows = len(self.result.get("rounds", [])[:12])
        theme.panel(
            surface, pygame.Rect(x0 - 150, 150, 170 * len(scores) + 480, 28 * rows + 120), 200
        )
        theme.draw_text(surface, "Deal", (x0 - 120, 170), 20, theme.MUTED)
        for s in players:
            name = session.seat_name(s) + (" (you)" if s == seat else "")
            theme.draw_text(
                surface, name, (x0 + 170 * s + 85, 170), 20, theme.MUTED, anchor="midtop"
            )
        y = 206
        rounds = self.result.get("rounds", [])
        for entry in rounds[:12]:
            theme.draw_text(surface, str(entry.get("deal", "")), (x0 - 120, y), 20)
            for s, pts in enumerate(entry.get("points", [])):
                theme.draw_text(
                    surface, str(pts), (x0 + 170 * s + 85, y), 20, theme.CREAM, anchor="midtop"
                )
            how = entry.get("how", "")
            yaku = ", ".join(YAKU_NAMES.get(str(y[0]), str(y[0])) for y in entry.get("yaku", []))
            note = "drawn" if entry.get("winner") is None else (yaku or how)
            theme.draw_text(surface, note, (x0 + 170 * len(scores) + 20, y), 17, theme.MUTED)
            y += 28
        pygame.draw.line(
            surface, theme.PANEL_EDGE, (x0 - 130, y + 4), (x0 + 170 * len(scores) + 10, y + 4), 2
        )
        y += 14
        theme.draw_text(surface, "Total", (x0 - 120, y), 24, theme.GOLD)
        for s in players:
            theme.draw_text(
                surface, str(scores[s]), (x0 + 170 * s + 85, y), 24, theme.GOLD, anchor="midtop"
            )
        if self.waiting:
            theme.draw_text(
                surface, "Setting up the rematch…", (640, 570), 20, theme.GOLD, anchor="midtop"
            )
        elif self.auto:
            note = (
                "Play again to keep your seat for the next game at this table."
                if session.seat is not None
                else "Go to the lobby to take a seat for the next game."
            )
            theme.draw_text(surface, note, (640, 570), 18, theme.MUTED, anchor="midtop")
        elif not session.is_host:
            theme.draw_text(
                surface,
                "The host can start a rematch.",
                (640, 570),
                18,
                theme.MUTED,
                anchor="midtop",
            )
        self.form.draw(surface)
        footer(surface)
