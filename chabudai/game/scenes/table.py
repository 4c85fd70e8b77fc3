"""The table scene: hosts a game's table view, feeds it the host's messages in order.

Which table view is used comes from ``chabudai.game.tables`` by the game's name. Esc first closes what
covers the table (help, a reference table, a summary), and only then asks before leaving. The
Leave question and the app's toasts live on the view's one overlay stack
(:mod:`chabudai.game.tables.kit.stack`): the question on top while it is asked (Esc or Stay takes
it away), the toasts drawn over everything and passed over by input. The question also opens
Settings (the language, the animation speed) without leaving; the game waits beneath.

Idle means idle: while the view is still (nothing moves, nothing changed) the scene draws
nothing new (:meth:`TableScene.draw_changes`) and runs at ``STILL_FPS``; any input, network
item or change draws it again at once.
"""

from __future__ import annotations

import pygame

from chabudai.game import ui
from chabudai.game.scene import Scene
from chabudai.game.scenes.join import LOST_NOTICE, connection_ended, error_notice, leave_table
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.kit.hint import hinter
from chabudai.game.tables.kit.stack import ConfirmOverlay, ToastOverlay
from chabudai.game.words import hint_reason, hint_refusal, rejection
from chabudai.i18n import N_, _
from chabudai.net.client import FATAL

STILL_FPS = 30  # frames per second while the table is still (the title's rate)


LEAVE_QUESTION = N_("Leave the table?")


class LeaveOverlay(ConfirmOverlay):
    """ "Leave the table?" with Leave, Stay (the focus on Stay) and Settings: Esc is Stay. The
    question is worded when drawn (ConfirmOverlay translates its title)."""


class TableScene(Scene):
    name = "table"
    music = None
    draws_toasts = True  # the app's toasts are on the view's overlay stack (ToastOverlay)

    @property
    def fps(self) -> int:  # type: ignore[override]
        return STILL_FPS if self.view.still and not self._dirty else 60

    def __init__(self, app) -> None:
        super().__init__(app)
        session = app.session
        self.game = session.game
        ctx = TableContext(
            seat=session.seat,
            submit=self.submit,
            name_of=session.seat_name,
            kind_of=session.seat_kind,
            seat_info=session.seat_entry,
            sound=app.audio.play,
            speed=lambda: app.settings.animation_speed,
            ask_hint=self.ask_hint,
        )
        self.view = make_table(self.game, ctx)
        self.view.overlays.push(ToastOverlay(app.toast_texts))
        self.results_shown = False
        self.ended = False  # the host's game_over came
        self._dirty = True  # the scene's own picture (the leave dialog) changed

    def submit(self, move) -> None:
        session = self.app.session
        self.app.send({"t": "move", "state_id": session.state_id, "move": move})

    def ask_hint(self, compare) -> None:
        """The table's hint asks the host (docs/PROTOCOL.md section 5a)."""
        message = {"t": "hint", "state_id": self.app.session.state_id or 0}
        if compare is not None:
            message["compare"] = compare
        self.app.send(message)

    def on_net(self, item: dict) -> None:
        self._dirty = True
        kind = item.get("t")
        if kind == "hint" and item.get("state_id") == self.app.session.state_id:
            hinter(self.view).answered(self.view, item.get("move"), hint_reason(item))
        elif kind == "reject" and item.get("about") == "hint":
            hinter(self.view).refused(self.view, hint_refusal(item))
        elif kind == "reject":
            self.view.rejected(rejection(item))
        elif kind == "connection" and item.get("state") == "lost":
            self.app.toast(_(LOST_NOTICE))
        elif kind == "error" and item.get("code") not in FATAL:
            self.app.toast(error_notice(item))
        connection_ended(self.app, item)  # the table restarted, the seat is gone: back to Join

    def feed(self) -> None:
        queue = self.app.session.table_queue
        while queue:
            kind, payload = queue.popleft()
            if kind == "snapshot":
                view, legal = payload
                self.view.snapshot(view, legal)
            elif kind == "update":
                events, view, legal = payload
                self.view.apply_update(events, view, legal)
            elif kind == "game_over":
                self.ended = True
                self.view.game_over(payload)

    def enter(self) -> None:
        self.results_shown = False
        self._dirty = True

    def language_changed(self) -> None:
        """The table view words what it shows when it draws it; draw it all again."""
        self._dirty = True
        changed = getattr(self.view, "language_changed", None)
        if changed is not None:
            changed()

    @property
    def confirm(self) -> LeaveOverlay | None:
        """The Leave question, while it is asked (on top of the view's overlay stack)."""
        top = self.view.overlays.top
        return top if isinstance(top, LeaveOverlay) else None

    def ask_leave(self) -> None:
        form = ui.Form(
            [
                ui.Button((435, 380, 130, 54), N_("Leave"), self.leave_table, accent=True),
                ui.Button((575, 380, 130, 54), N_("Stay"), self.stay),
                ui.Button((715, 380, 130, 54), N_("Settings"), self.open_settings),
            ]
        )
        form.focus = 1
        self.view.overlays.push(LeaveOverlay(LEAVE_QUESTION, form))

    def stay(self) -> None:
        self.view.overlays.remove(self.confirm)

    def open_settings(self) -> None:
        """Settings over the table (the question goes): a change of language shows on the
        table as soon as Settings closes."""
        from chabudai.game.scenes.settings import SettingsScene

        self.stay()
        self.app.push(SettingsScene(self.app))

    def leave_table(self) -> None:
        leave_table(self.app)  # (and the seat's saved token is forgotten)

    def back(self) -> None:
        """Esc: close the top of the table's overlay stack (the Leave question too: stay);
        with nothing to close, ask before leaving."""
        if not self.view.close_overlay():
            self.ask_leave()

    def handle(self, event: pygame.event.Event) -> None:
        self._dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if self.confirm is not None:  # the question takes every input, the table's keys too
            self.view.overlays.handle(event)
            return
        self.view.handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.feed()
        if self.app.session.status == "lobby" and not self.ended:
            # a table that runs itself gave the game up (every player left or went away)
            self.app.toast(_("The game was given up; the table is open again."))
            self.app.pop()
            return
        self.view.update(dt)
        if self.view.finished and not self.results_shown:
            self.results_shown = True
            from chabudai.game.scenes.results import ResultsScene

            self.app.push(ResultsScene(self.app, self.view.result or {}))

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Nothing to draw while the table is still and nothing happened; else draw it all."""
        if self._dirty or self.view.needs_redraw():
            return None
        return []

    def draw(self, surface: pygame.Surface) -> None:
        self._dirty = False
        self.view.draw(surface)  # with its overlay stack: the Leave question, the toasts
