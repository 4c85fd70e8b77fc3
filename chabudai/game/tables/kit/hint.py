"""A hint on the table: **H** asks the hard bot what it would play from your seat's view.

The bot thinks like a bot seat (``chabudai/net/workers.py``): in the shared worker process when
there is one (its search never holds the table's GIL), in a thread otherwise. It is given the
table's model without the table's own ``carry`` keys — the view the host sent this seat, so no
other seat's cards — and answers :func:`chabudai.engines.bots.advice.hint`'s
:class:`~chabudai.engines.bots.advice.Advice`. Where to look comes from the view's own
``clicks_for(move)``: a ring (numbered when the move takes several clicks) at each point, and the
reason in a plate where the table shows its prompt (``reason_centre``: the hint answers the
prompt's question) — no game's view has code of its own for it.

H again while it thinks cancels it (a thread stops at its next iteration; a worker process
finishes its short search and the answer is dropped); the hint goes when the table moves on (a
new model), or with H once shown. Hints are offered where no other player could object: every
other seat is a bot (solo play). A LAN table option for them is still to come (issue 32).
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

HINT_KEY = pygame.K_h
BUDGET = Budget(iterations=400, samples=32)  # about 0.1-0.3 s of search per game (bench advice)
REASON_WIDTH = 720  # the reason's plate, in the place of the table's prompt (reason_centre)
RING = 30
USE_PROCESSES = True  # tests think in threads (a spawned worker costs a second to start)

THINKING = "The hard bot is thinking about your move… (H to cancel)"
NOT_NOW = "A hint is for your turn."
NOT_HERE = "Hints are for tables where every other seat is a bot."
NO_HINT = "No hint this time."


class HintJob:
    """One hint being thought about: a future for its :class:`Advice` (None if cancelled)."""

    def __init__(self, view: dict[str, Any], seat: int, budget: Budget) -> None:
        self.stop = threading.Event()
        if USE_PROCESSES:
            from chabudai.net import workers

            pool = workers.process_pool()
            if pool is not None:
                try:
                    self.future: Future = pool.submit(hint, view, seat, budget)
                    return
                except (BrokenProcessPool, RuntimeError):  # as bot seats do: threads from now on
                    workers.shutdown_pool(for_good=True)
        self.future = Future()
        args = (view, seat, budget)
        threading.Thread(target=self._think, args=args, daemon=True).start()

    def _think(self, view: dict[str, Any], seat: int, budget: Budget) -> None:
        if not self.future.set_running_or_notify_cancel():
            return  # cancelled before it started
        try:
            self.future.set_result(hint(view, seat, budget, cancel=self.stop.is_set))
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
        self.model: dict[str, Any] | None = None  # the model the hint is about
        self.advice: Advice | None = None
        self.points: list[tuple[int, int]] = []
        self.reason = ""
        self.note = ""  # why there is no hint (shown instead of the reason)

    @property
    def thinking(self) -> bool:
        return self.job is not None

    def clear(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = self.advice = self.model = None
        self.points, self.reason, self.note = [], "", ""

    def ask(self, table: Any) -> bool:
        """H: ask (or cancel the hint being thought about, or put away the one shown)."""
        if self.job is not None or self.advice is not None or self.note:
            self.clear()
            table.touch()
            return True
        self.clear()
        table.touch()
        if not table.acting():
            self.note, self.model = NOT_NOW, table.model
            return True
        if not allowed(table):
            self.note, self.model = NOT_HERE, table.model
            return True
        view = {k: v for k, v in table.model.items() if k not in table.carry}
        self.model = table.model
        self.job = HintJob(view, table.me, BUDGET)
        return True

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
        words = THINKING if self.job is not None else self.reason or self.note
        if not words:
            return
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
