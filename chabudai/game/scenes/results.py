"""Results: scores per deal, the winner(s), then a rematch (the host player), or "Play again"
at a table that runs itself (a headless host), or back to the title; "Watch again" opens the
replay of the game that just ended. Every word is translated where it is drawn; the result
sheet (its row names) is made again when the language changes."""

from __future__ import annotations

import pygame

from chabudai.game import theme, ui
from chabudai.game.scene import Scene
from chabudai.game.scenes.common import backdrop, footer
from chabudai.game.scenes.join import leave_table
from chabudai.game.tables import result_sheet
from chabudai.game.tables.kit import text
from chabudai.game.tables.kit.overlays import draw_result_sheet
from chabudai.i18n import N_, _, join_names, ngettext


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app, result: dict) -> None:
        super().__init__(app)
        self.result = result
        session = app.session
        self.sheet = result_sheet(session.game, result, session.seat_name)
        self.auto = session.auto_start  # a headless table: it reopens its lobby by itself
        buttons = []
        if self.auto:
            if session.seat is not None:
                buttons.append(
                    ui.Button((0, 610, 190, 56), N_("Play again"), self.play_again, accent=True)
                )
            else:
                lobby = ui.Button((0, 610, 190, 56), N_("Lobby"), self.to_lobby, accent=True)
                buttons.append(lobby)
            buttons.append(ui.Button((0, 610, 190, 56), N_("Leave"), self.leave_table))
        else:
            if session.is_host:
                rematch = ui.Button((0, 610, 190, 56), N_("Rematch"), self.rematch, accent=True)
                buttons.append(rematch)
            # Translators: a button on the results screen: back to the title screen
            buttons.append(ui.Button((0, 610, 190, 56), N_("Title"), self.app.reset_to_title))
        if session.kept is not None and getattr(app, "replays", None) is not None:
            buttons.append(ui.Button((0, 610, 190, 56), N_("Watch again"), self.watch_again))
        left = 640 - (len(buttons) * 190 + (len(buttons) - 1) * 20) // 2
        for i, button in enumerate(buttons):
            button.rect.x = left + i * 210
        self.form = ui.Form(buttons)
        self.waiting = False

    def language_changed(self) -> None:
        session = self.app.session
        self.sheet = result_sheet(session.game, self.result, session.seat_name)

    def watch_again(self) -> None:
        """The replay of the game that just ended, in the viewer (issue 30)."""
        from chabudai.game.scenes.viewer import ViewerScene
        from chabudai.replays.file import ReplayError

        try:
            replay = self.app.replays.open(self.app.session.kept)
        except ReplayError as error:
            self.app.toast(error.message)
            return
        store, name = self.app.replays, self.app.session.kept
        self.app.push(ViewerScene(self.app, replay, save=lambda r: store.save(name, r)))

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
        leave_table(self.app)  # (and the seat's saved token is forgotten)

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

    def title(self) -> tuple[str, tuple[int, int, int]]:
        """ "You win!", "A draw", "Kenji wins", "Aiko and Kenji win" …"""
        session = self.app.session
        winners = self.result.get("winners", [])
        players = len(self.result.get("scores", []))
        seat = session.seat
        if seat is not None and winners == [seat]:
            return _("You win!"), theme.GOLD
        if len(winners) > 1 and len(winners) == players:
            return _("A draw"), theme.CREAM
        if seat is not None and seat in winners:
            return _("You share the win!"), theme.GOLD
        if winners:
            names = [session.seat_name(w) for w in winners]
            # Translators: the results' heading; {names} is one name or a list ("Aiko and Kenji")
            said = ngettext("{names} wins", "{names} win", len(names))
            return said.format(names=join_names(names)), theme.CREAM
        return _("Game over"), theme.CREAM

    def draw(self, surface: pygame.Surface) -> None:
        session = self.app.session
        backdrop(surface, session.game, 120)
        title, color = self.title()
        theme.draw_text(surface, title, (640, 40), 72, color, role="title", anchor="midtop")
        self.draw_sheet(surface)
        if self.waiting:
            theme.draw_text(
                surface, _("Setting up the rematch…"), (640, 570), 20, theme.GOLD, anchor="midtop"
            )
        elif self.auto:
            note = (
                _("Play again to keep your seat for the next game at this table.")
                if session.seat is not None
                else _("Go to the lobby to take a seat for the next game.")
            )
            theme.draw_text(surface, note, (640, 570), 18, theme.MUTED, anchor="midtop")
        elif not session.is_host:
            theme.draw_text(
                surface,
                _("The host can start a rematch."),
                (640, 570),
                18,
                theme.MUTED,
                anchor="midtop",
            )
        self.form.draw(surface)
        footer(surface)

    def draw_sheet(self, surface: pygame.Surface) -> None:
        """The game's result sheet: a column per seat, a row per round, then the totals."""
        session = self.app.session
        headers = [
            # Translators: a column heading of the results: the player's own name
            _("{name} (you)").format(name=text.whole(session.seat_name(s)))
            if s == session.seat
            else text.whole(session.seat_name(s))
            for s in range(len(self.sheet.totals))
        ]
        draw_result_sheet(surface, self.sheet, headers)
