"""A hint on the table: **H** (or the Hint button) asks the hard bot what it would play from
your seat's view, weighed against the move you were about to make.

At a table played through a host — solo play's embedded host and LAN tables alike — the table
asks the host (``ctx.ask_hint``: a ``hint`` request, docs/PROTOCOL.md section 5a): the host's
hard bot thinks from the seat's own view in its bot worker and answers with the move and the
reason in words, or refuses in words when the table's ``hints`` option is off. The table scene
hands the answer to :meth:`Hinter.answered` and a refusal to :meth:`Hinter.refused`. A table with
no host to ask (tests, the screenshot tool) thinks for itself when every other seat is a bot:

The bot thinks like a bot seat (``chabudai/net/workers.py``): in the shared worker process when
there is one (its search never holds the table's GIL), in a thread otherwise. It is given the
table's model without the table's own ``carry`` keys — the view the host sent this seat, so no
other seat's cards — and answers :func:`chabudai.engines.bots.advice.hint`'s
:class:`~chabudai.engines.bots.advice.Advice`. Where to look comes from the view's own
``clicks_for(move)``: a ring (numbered when the move takes several clicks) at each point, and the
reason in a plate where the table shows its prompt (``reason_centre``: the hint answers the
prompt's question) — no game's view has code of its own for it.

"The move you were about to make" is the view's :meth:`~chabudai.game.tables.kit.table.
KitTable.about_to_play` (the lifted or selected card's move); the reason compares with it.

H again while it thinks cancels it (a thread stops at its next iteration; a worker process or
the host finishes its short search and the answer is dropped); the hint goes when the table
moves on (a new model), or with H once shown.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pygame

from chabudai.engines.bots.advice import Advice, Budget, Cancelled, hint
from chabudai.engines.bots.advice_text import render
from chabudai.game import theme
from chabudai.game.tables.kit import text
from chabudai.game.tables.kit.sprites import pulse
from chabudai.i18n import N_, _, current

HINT_KEY = pygame.K_h
# Translators: a button on the table; H is its key
BUTTON_LABEL = N_("Hint (H)")
HINT_HELP = N_(
    "A hint: H (or the Hint button) at your turn asks the hard bot what it would play from what "
    "you can see, and how it compares with the card you have lifted or chosen; H again puts it "
    "away. At a friends' table the first player turns hints on in the lobby."
)
BUDGET = Budget(iterations=400, samples=32)  # about 0.1-0.3 s of search per game (bench advice)
REASON_WIDTH = 720  # the reason's plate, in the place of the table's prompt (reason_centre)
RING = 30
USE_PROCESSES = True  # tests think in threads (a spawned worker costs a second to start)

THINKING = N_("The hard bot is thinking about your move… (H to cancel)")
NOT_NOW = N_("A hint is for your turn.")
NOT_HERE = N_("Hints are for tables where every other seat is a bot.")
NO_HINT = N_("No hint this time.")


class HintJob:
    """One hint being thought about: a future for its :class:`Advice` (None if cancelled)."""

    def __init__(
        self, view: dict[str, Any], seat: int, budget: Budget, compare: Any = None
    ) -> None:
        self.stop = threading.Event()
        if USE_PROCESSES:
            from chabudai.net import workers

            pool = workers.process_pool()
            if pool is not None:
                try:
                    self.future: Future = pool.submit(hint, view, seat, budget, compare)
                    return
                except (BrokenProcessPool, RuntimeError):  # as bot seats do: threads from now on
                    workers.shutdown_pool(for_good=True)
        self.future = Future()
        args = (view, seat, budget, compare)
        threading.Thread(target=self._think, args=args, daemon=True).start()

    def _think(self, view: dict[str, Any], seat: int, budget: Budget, compare: Any) -> None:
        if not self.future.set_running_or_notify_cancel():
            return  # cancelled before it started
        try:
            advice = hint(view, seat, budget, compare=compare, cancel=self.stop.is_set)
            self.future.set_result(advice)
        except BaseException as error:  # handed to the table, which says there is no hint
            self.future.set_exception(error)

    def cancel(self) -> None:
        self.stop.set()
        self.future.cancel()

    def done(self) -> bool:
        return self.future.done()

    def advice(self) -> Advice | None:
        """The answer once :meth:`done`; None if it was cancelled or failed."""
        if self.future.cancelled() or self.stop.is_set():
            return None
        try:
            return self.future.result()
        except (Cancelled, Exception):
            return None


class Hinter:
    """A table's hint: asked, thinking, shown; the table keeps one (:func:`hinter`)."""

    def __init__(self) -> None:
        self.job: HintJob | None = None
        self.asked = False  # a request went to the host; its answer or refusal is awaited
        self.compare: Any = None  # the move the player was about to make when asking
        self.model: dict[str, Any] | None = None  # the model the hint is about
        self.advice: Advice | None = None
        self.points: list[tuple[int, int]] = []
        self.reason = ""
        self.note = ""  # why there is no hint (shown instead of the reason)

    @property
    def thinking(self) -> bool:
        return self.job is not None or self.asked

    @property
    def shown(self) -> bool:
        """Something of the hint is up: the thinking line, a reason or why there is none."""
        return self.thinking or bool(self.reason or self.note)

    def clear(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = self.advice = self.model = self.compare = None
        self.asked = False
        self.points, self.reason, self.note = [], "", ""

    def ask(self, table: Any) -> bool:
        """H: ask (or cancel the hint being thought about, or put away the one shown)."""
        if self.shown or self.advice is not None:
            self.clear()
            table.touch()
            return True
        self.clear()
        table.touch()
        if not table.acting():
            self.note, self.model = NOT_NOW, table.model
            return True
        self.model = table.model
        self.compare = table.about_to_play()
        if table.ctx.ask_hint is not None:  # the host thinks, or says why not
            self.asked = True
            table.ctx.ask_hint(self.compare)
            return True
        if not allowed(table):
            self.note = NOT_HERE
            return True
        view = {k: v for k, v in table.model.items() if k not in table.carry}
        self.job = HintJob(view, table.me, BUDGET, self.compare)
        return True

    def answered(self, table: Any, move: Any, reason: str) -> None:
        """The host's ``hint``: the move and its reason in words (dropped unless awaited)."""
        if not self.asked or table.model is not self.model:
            return
        self.asked = False
        self.points = [(int(x), int(y)) for x, y in table.clicks_for(move)]
        self.reason = reason or NO_HINT
        table.touch()

    def refused(self, table: Any, reason: str) -> None:
        """The host refused the request (hints off, not your turn…): its reason, in words."""
        if not self.asked:
            return
        self.asked = False
        self.note = reason or NO_HINT
        table.touch()

    def step(self, table: Any) -> None:
        """Each frame: drop a hint the table moved on from; take an answer that came."""
        if self.model is not None and table.model is not self.model:
            self.clear()
            table.touch()
            return
        if self.job is not None and self.job.done():
            advice = self.job.advice()
            self.job = None
            if advice is None:
                self.note = NO_HINT
            else:
                self.advice = advice
                self.points = [(int(x), int(y)) for x, y in table.clicks_for(advice.move)]
                self.reason = render(advice.reason)
            table.touch()

    def draw(self, surface: pygame.Surface, table: Any) -> None:
        words = THINKING if self.thinking else self.reason or self.note
        if not words:
            return
        if self.advice is not None and not self.thinking:  # worded in the current language
            words = render(self.advice.reason, current())
        words = _(words)  # a note of ours (marked N_) in the current language
        strength = pulse(table.time)
        for i, point in enumerate(self.points):
            pygame.draw.circle(surface, theme.FOCUS, point, RING, 4)
            pygame.draw.circle(surface, theme.GOLD, point, int(RING * (0.6 + 0.3 * strength)), 2)
            if len(self.points) > 1:
                theme.draw_text(surface, str(i + 1), (point[0] + RING, point[1] - RING), 22,
                                theme.FOCUS, anchor="center")  # fmt: skip
        laid = text.fit(words, REASON_WIDTH - 28, None, 19, max_lines=2)
        plate = pygame.Rect(0, 0, laid.width + 28, laid.height + 12)
        plate.center = table.reason_centre
        theme.panel(surface, plate, 235, 10)
        text.draw(surface, words, plate.inflate(-28, -12), laid.size, align="center",
                  valign="middle", fitted=laid)  # fmt: skip


def allowed(table: Any) -> bool:
    """Hints are offered when every other seat of the table is a bot."""
    count = (table.model or {}).get("players")
    others = [s for s in range(count if isinstance(count, int) else 0) if s != table.me]
    return bool(others) and all(table.ctx.kind_of(s) == "bot" for s in others)


def hinter(table: Any) -> Hinter:
    """The table's :class:`Hinter`, made on first use."""
    found = table.__dict__.get("_hinter")
    if found is None:
        found = table.__dict__["_hinter"] = Hinter()
    return found
