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

**Review** (the button, R; issue 32) has the hard bot go through the watched seat's decisions in
the background (:mod:`chabudai.game.scenes.viewer_review`) while the viewer keeps stepping; Esc or
Review again cancels it. Done, its panel takes the place of the hands: the summary, the honest
limit, and at a reviewed decision the mark and the loss; the bar marks the inaccuracies and
mistakes, N / P (and the panel's buttons) jump between them, and at a marked one the table rings
the bot's better move (the view's ``clicks_for``, drawn by the table hint's
:class:`~chabudai.game.tables.kit.hint.Hinter`) with its reason in words.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from chabudai.engines.describe import describe_move
from chabudai.game import assets, theme, ui
from chabudai.game.scene import Scene
from chabudai.game.scenes.viewer_review import LIMIT, ViewerReview
from chabudai.game.settings import ANIMATION_SPEEDS
from chabudai.game.tables import TableContext, make_table
from chabudai.game.tables.kit import text
from chabudai.game.tables.kit.hint import Hinter
from chabudai.game.words import say
from chabudai.i18n import N_, _, ngettext
from chabudai.replays.file import Replay
from chabudai.replays.player import ReplayPlayer

TABLE_AREA = pygame.Rect(62, 0, 1156, 650)  # the table, scaled from 1280 x 720
TABLE_BESIDE_HANDS = pygame.Rect(0, 70, 900, 506)  # smaller, with every hand beside it
HANDS = pygame.Rect(908, 8, 366, 640)
REVIEW_PANEL = HANDS  # the review's panel takes the hands' place
BAR = pygame.Rect(40, 662, 1200, 10)  # the progress bar
PLAY_PAUSE_GAP = 0.35  # real seconds between moves while playing, beside the animation
PANEL_SECONDS = 2.5  # while playing, a summary that waits for a click goes after this long
ALL = "all"  # the "All hands" choice
LOG_MOVES = 8  # moves a jump shows again at once, so the move log ends as it did in the game
FLUSH_STEPS = 400
FLUSH_DT = 1.0  # seconds of show per step while a jump runs the show to its end
MARK_COLOURS = {"inaccuracy": (232, 178, 64), "mistake": theme.WARN}
# Translators: how the review marks a decision
MARK_NAMES = {"fine": N_("Fine"), "inaccuracy": N_("Inaccuracy"), "mistake": N_("Mistake")}


class ViewerScene(Scene):
    name = "viewer"
    music = None

    def __init__(
        self,
        app,
        replay: Replay,
        seat: int | None | str = "you",
        save: Callable[[Replay], None] | None = None,
    ) -> None:
        """``save``: keeps the replay once a review was added to it (History's file)."""
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
        choices = [(s, self.view_of(replay.seats[s].name)) for s in seats]
        if replay.finished:
            # Translators: the replay viewer's choice that shows every hand
            choices.append((ALL, N_("All hands")))
        self.seat_choice = ui.Choice(
            (830, 676, 300, 36), "", choices, seat, self.watch_from, label_width=0
        )
        self.speed_button = ui.Button(
            (1140, 676, 100, 36), self.speed_label(), self.faster, size=18
        )
        self.review_button = ui.Button(
            # Translators: the replay viewer's button that has the hard bot review the moves
            (690, 676, 130, 36),
            N_("Review"),
            self.toggle_review,
            size=18,
        )
        self.form = ui.Form([self.review_button, self.seat_choice, self.speed_button])
        self.form.focus = -1
        self.reviewing = ViewerReview(replay, save)
        self.marker = Hinter()  # draws the better move's rings and reason, as a hint does
        self.marker_for: tuple[int, int] | None = None  # (id of the table, move index) drawn
        box = REVIEW_PANEL
        self.previous_button = ui.Button(
            (box.x + 12, box.bottom - 52, 166, 40),
            N_("← Previous (P)"),
            self.previous_mark,
            size=17,
        )
        self.next_button = ui.Button(
            (box.right - 178, box.bottom - 52, 166, 40), N_("Next (N) →"), self.next_mark, size=17
        )
        self.panel_form = ui.Form([self.previous_button, self.next_button])
        self.panel_form.focus = -1
        self.quiet = False
        self.watched = seat
        self.go(0)

    def view_of(self, name: str) -> str:
        # Translators: the replay viewer's choice of whose view to watch ("Mira's view")
        return _("{name}'s view").format(name=name)

    def language_changed(self) -> None:
        """The seat choice's words are made once: again, in the new language."""
        seats = range(self.replay.players)
        choices = [(s, self.view_of(self.replay.seats[s].name)) for s in seats]
        if self.replay.finished:
            choices.append((ALL, N_("All hands")))
        self.seat_choice.options = choices

    # ------------------------------------------------------------------ the table

    @property
    def seat(self) -> int | None:
        return None if self.watched == ALL else self.watched

    def name_of(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.replay.seats):
            return _("Spectator")
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
        for _step in range(FLUSH_STEPS):
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
                pygame.K_r: self.toggle_review,
                pygame.K_n: self.next_mark,
                pygame.K_p: self.previous_mark,
            }
            if event.key == pygame.K_ESCAPE:
                if self.reviewing.running:
                    self.toggle_review()
                elif not self.view.close_overlay():
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
        if self.panel_shown and self.reviewing.review is not None and self.panel_form.handle(event):
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
        return TABLE_BESIDE_HANDS if self.seat is None or self.panel_shown else TABLE_AREA

    # ------------------------------------------------------------------ the review

    @property
    def panel_shown(self) -> bool:
        return self.reviewing.shown

    def review_seat(self) -> int:
        """The seat a review is of: the one watched, else the replay's own, else the first."""
        if self.seat is not None:
            return self.seat
        you = self.replay.you
        return you if isinstance(you, int) and 0 <= you < self.replay.players else 0

    def toggle_review(self) -> None:
        seat = self.review_seat()
        self.reviewing.toggle(seat)
        if self.reviewing.shown and self.seat != seat:  # from "All hands": that seat's table
            self.seat_choice.set_value(seat)
            self.watch_from(seat)
        self.review_changed()

    def review_changed(self) -> None:
        """The button says what it will do; what became of a request is said in a toast."""
        self.review_button.label = self.review_label()
        if self.reviewing.note:
            self.app.toast(self.reviewing.note)
            self.reviewing.note = ""

    def review_label(self) -> str:
        """The button's label (a msgid: the button translates it)."""
        if self.reviewing.running:
            return N_("Cancel review")
        return N_("Hide review") if self.reviewing.shown else N_("Review")

    def next_mark(self) -> None:
        found = self.reviewing.next_mark(self.index)
        if found is not None:
            self.jump(found)

    def previous_mark(self) -> None:
        found = self.reviewing.previous_mark(self.index)
        if found is not None:
            self.jump(found)

    def shown_decision(self):
        """The reviewed decision at the move shown, when the review is of the seat watched."""
        review = self.reviewing.review
        if review is None or review.seat != self.seat:
            return None
        return self.reviewing.at(self.index)

    def leave(self) -> None:
        self.reviewing.cancel()
        super().leave()

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
        if self.reviewing.step():
            self.review_changed()
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
        self.draw_better_move(self.canvas)
        area = self.table_area
        surface.blit(pygame.transform.smoothscale(self.canvas, area.size), area)
        if self.panel_shown:
            self.draw_review(surface)
        elif self.seat is None:
            self.draw_hands(surface)
        self.draw_bar(surface)

    def draw_better_move(self, canvas: pygame.Surface) -> None:
        """At a marked decision: the bot's move ringed on the table, its reason beside it."""
        decision = self.shown_decision()
        if decision is None or decision.mark == "fine":
            self.marker_for = None
            return
        if self.marker_for != (id(self.view), self.index):
            self.marker_for = (id(self.view), self.index)
            try:
                points = self.view.clicks_for(decision.best)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                points = []
            self.marker.points = [(int(x), int(y)) for x, y in points]
            self.marker.reason = self.reviewing.reason(decision)
        self.marker.draw(canvas, self.view)

    def draw_review(self, surface: pygame.Surface) -> None:
        """The review's panel: whose, running (a progress bar) or the summary and the move."""
        box = REVIEW_PANEL
        theme.panel(surface, box, 225)
        inner = box.inflate(-28, 0)
        reviewing = self.reviewing
        seat = reviewing.job.seat if reviewing.job is not None else reviewing.review.seat
        title = _("Review of {name}'s moves").format(name=self.name_of(seat))
        text.draw_line(surface, title, (inner.x, box.y + 14), inner.w, 22, theme.GOLD)
        if reviewing.running:
            done, total = reviewing.progress()
            text.draw(
                surface,
                ngettext(
                    "The hard bot is going through {n} decision. You can keep watching.",
                    "The hard bot is going through {n} decisions. You can keep watching.",
                    total,
                ).format(n=total),
                (inner.x, box.y + 56, inner.w, 60),
                18,
            )
            bar = pygame.Rect(inner.x, box.y + 124, inner.w, 14)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=7)
            filled = bar.copy()
            filled.w = round(bar.w * done / max(1, total))
            pygame.draw.rect(surface, theme.GOLD, filled, border_radius=7)
            text.draw_line(
                surface,
                # Translators: the review's progress ("12 of 40" decisions)
                _("{done} of {total}").format(done=done, total=total),
                (inner.x, box.y + 148),
                inner.w,
                17,
                theme.CREAM,
            )
            text.draw_line(
                surface, _("Esc or R cancels"), (inner.x, box.y + 174), inner.w, 16, theme.MUTED
            )
            return
        text.draw(surface, reviewing.summary_text(), (inner.x, box.y + 50, inner.w, 52), 18)
        y = box.y + 112
        decision = self.shown_decision()
        if decision is not None:
            colour = MARK_COLOURS.get(decision.mark, theme.GREEN)
            # Translators: a reviewed move ("Mira's move 12: Mistake")
            heading = _("{name}'s move {number}: {mark}").format(
                name=self.name_of(seat),
                number=decision.index + 1,
                mark=_(MARK_NAMES[decision.mark]),
            )
            text.draw_line(surface, heading, (inner.x, y), inner.w, 22, colour)
            y += 34
            if decision.mark != "fine":
                y = self.draw_lines(surface, reviewing.loss_text(decision), y, 19, colour)
                y = self.draw_lines(surface, self.reviewing.reason(decision), y, 18)
                y = self.draw_lines(
                    surface, _("The table rings the better move."), y, 16, theme.MUTED
                )
            elif decision.best == decision.played:
                y = self.draw_lines(surface, _("The bot's choice too."), y, 18)
            else:
                y = self.draw_lines(
                    surface, _("About as good as the bot's move, as far as it can tell."), y, 18
                )
        elif self.seat != seat:
            y = self.draw_lines(
                surface,
                _("Watch {name}'s view to see the moves.").format(name=self.name_of(seat)),
                y,
                18,
            )
        else:
            count = len(reviewing.marked())
            where = _("N and P jump to the marked moves.") if count else _("No move is marked.")
            y = self.draw_lines(surface, where, y, 18)
        self.draw_lines(surface, _(LIMIT), box.bottom - 150, 15, theme.MUTED)
        self.panel_form.draw(surface)

    def draw_lines(self, surface, words: str, y: int, size: int, colour=theme.CREAM) -> int:
        """``words`` wrapped in the panel from ``y``; the y below them."""
        box = REVIEW_PANEL.inflate(-28, 0)
        covered = text.draw(surface, words, (box.x, y, box.w, 120), size, colour)
        return covered.bottom + 10

    def move_text(self) -> str:
        if self.index == 0:
            # Translators: the replay viewer before the first move
            return _("As dealt")
        mover = self.player.mover(self.index)
        seat, move = self.replay.moves[self.index - 1]
        try:
            said = describe_move(self.player.state(self.index - 1), seat, move)
            line = say(said, self.name_of)
        except (KeyError, TypeError, ValueError, IndexError):
            line = ""
        if not line:
            line = _("{name} moves.").format(name=self.name_of(mover))
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
        for decision in self.reviewing.marked():
            if self.reviewing.review.seat != self.seat:
                break
            x = BAR.x + round(BAR.w * decision.index / length)
            tip = [(x - 5, BAR.y - 11), (x + 5, BAR.y - 11), (x, BAR.y - 2)]
            pygame.draw.polygon(surface, MARK_COLOURS[decision.mark], tip)
        knob = (BAR.x + done.w, BAR.centery)
        pygame.draw.circle(surface, theme.FOCUS, knob, 8)
        rounds = len(self.player.round_starts)
        if rounds > 1:
            # Translators: where the replay viewer is: the move and the round
            where = _("Move {move} of {moves} · round {round} of {rounds}").format(
                move=self.index,
                moves=self.player.length,
                round=self.player.round_of(self.index) + 1,
                rounds=rounds,
            )
        else:
            # Translators: where the replay viewer is
            where = _("Move {move} of {moves}").format(move=self.index, moves=self.player.length)
        text.draw_line(
            surface,
            # Translators: where the replay viewer is, then the move shown in words
            _("{where} — {move}").format(where=where, move=self.move_text()),
            (44, 694),
            500,
            18,
            theme.CREAM,
            anchor="midleft",
        )
        hint = _("Playing") if self.playing else _("Paused · Space plays")
        text.draw_line(surface, hint, (552, 694), 130, 16, theme.MUTED, anchor="midleft")
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
