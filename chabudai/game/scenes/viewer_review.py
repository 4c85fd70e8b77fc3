"""The replay viewer's **Review** (issue 32): the hard bot goes through one seat's decisions.

:class:`ReviewJob` thinks as the table hint does (``chabudai/game/tables/kit/hint.py``): in the
shared bot worker processes when there are some (``chabudai/net/workers.py``; one task per
decision, so the window's process never runs the search and progress is the tasks done), in one
thread otherwise. Cancelling drops the tasks not started (a running one finishes its decision and
is ignored; the thread stops at its next iteration).

:class:`ViewerReview` is what the viewer keeps: a review asked, running or shown, read from the
replay when it holds one (``chabudai/replays/reviews.py``, so a game is reviewed once) and kept
in it when it is done (``save``: History rewrites its file in the store). It answers where the
marked decisions are (for the progress bar and the N / P jumps) and, for a decision, the bot's
move and the reason in words (:mod:`chabudai.engines.bots.advice_text`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from chabudai.engines import registry
from chabudai.engines.bots.advice import Budget, Cancelled, Watch, said_dict
from chabudai.engines.bots.advice_review import (
    DEFAULT_ITERATIONS,
    DEFAULT_SAMPLES,
    Decision,
    Review,
    assemble,
    decisions_of,
    weigh,
    weigh_point,
)
from chabudai.engines.describe import Said
from chabudai.game.words import advice
from chabudai.i18n import N_, Notice, _, ngettext
from chabudai.replays import reviews
from chabudai.replays.file import Replay

BUDGET = Budget(iterations=DEFAULT_ITERATIONS, samples=DEFAULT_SAMPLES)  # the fixed budget
USE_PROCESSES = True  # tests think in a thread (a spawned worker costs a second to start)
MARKED = ("inaccuracy", "mistake")
# the review's honest limit, under its summary (translated where it is drawn)
LIMIT = N_(
    "An estimate from samples of what this seat could not see; moves the bot cannot tell from "
    "its own are never marked."
)


class ReviewJob:
    """One seat's review being thought about, decision by decision."""

    def __init__(self, record: dict[str, Any], seat: int, budget: Budget | None = None) -> None:
        budget = budget or BUDGET
        self.record, self.seat, self.budget = record, seat, budget
        self.points, self.forced = decisions_of(record, seat)
        self.stop = threading.Event()
        self.futures: list[Future] = []
        self.found: list[Decision] = []  # the thread's decisions, in order
        self.error = False
        self.thread: threading.Thread | None = None
        if USE_PROCESSES and self.points:
            from chabudai.net import workers

            pool = workers.process_pool()
            if pool is not None:
                try:
                    game = record["game"]
                    self.futures = [
                        pool.submit(weigh_point, game, p, seat, budget) for p in self.points
                    ]
                    return
                except (BrokenProcessPool, RuntimeError):  # as bot seats do: threads from now on
                    for future in self.futures:
                        future.cancel()
                    self.futures = []
                    workers.shutdown_pool(for_good=True)
        self.thread = threading.Thread(target=self._think, daemon=True)
        self.thread.start()

    def _think(self) -> None:
        engine = registry.get(self.record["game"])
        watch = Watch(1.0, None, self.stop.is_set)
        try:
            for point in self.points:
                watch.check()
                self.found.append(weigh(engine, point, self.seat, self.budget, watch))
        except Cancelled:
            pass
        except Exception:  # said as "the review could not be made"; the viewer goes on
            self.error = True

    @property
    def total(self) -> int:
        return len(self.points)

    @property
    def done(self) -> int:
        if self.futures:
            return sum(f.done() for f in self.futures)
        return len(self.found)

    def finished(self) -> bool:
        if self.futures:
            return all(f.done() for f in self.futures)
        return self.error or self.thread is None or not self.thread.is_alive()

    def cancel(self) -> None:
        self.stop.set()
        for future in self.futures:
            future.cancel()

    def result(self) -> Review | None:
        """The review once :meth:`finished`; None when cancelled or a decision failed."""
        if self.stop.is_set() or self.error:
            return None
        try:
            found = tuple(f.result() for f in self.futures) if self.futures else tuple(self.found)
        except Exception:
            return None
        if len(found) != len(self.points):
            return None
        return assemble(self.record, self.seat, self.budget, found, self.forced)


class ViewerReview:
    """The viewer's review: none, running (:attr:`job`) or done (:attr:`review`), and shown."""

    def __init__(self, replay: Replay, save: Callable[[Replay], None] | None = None) -> None:
        self.replay = replay
        self.save = save
        self.job: ReviewJob | None = None
        self.review: Review | None = None
        self.shown = False
        self.note = ""  # what became of the last request, when nothing is shown (a Notice)
        self.runs = 0  # reviews thought about here (a cached one is not)

    @property
    def running(self) -> bool:
        return self.job is not None

    def toggle(self, seat: int) -> None:
        """R / the button: cancel the review running, put away the one shown, or show ``seat``'s
        (from the replay when it holds it, else thought about now)."""
        if self.job is not None:
            self.cancel()
            return
        if self.shown:
            self.shown = False
            return
        self.start(seat)

    def start(self, seat: int) -> None:
        self.note = ""
        if self.review is None or self.review.seat != seat:
            self.review = reviews.from_field(self.replay, seat)
        if self.review is not None:
            self.shown = True
            return
        try:
            self.job = ReviewJob(self.replay.record(), seat)
        except ValueError:
            self.note = Notice(N_("This game cannot be reviewed."))
            return
        self.runs += 1
        self.shown = True

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
            self.shown = False
            self.note = Notice(N_("Review cancelled."))

    def step(self) -> bool:
        """Each frame: take a review that is done (and keep it in the replay); True if changed."""
        if self.job is None or not self.job.finished():
            return False
        review, self.job = self.job.result(), None
        if review is None:
            self.shown = False
            self.note = Notice(N_("The review could not be made."))
            return True
        self.review = review
        reviews.keep(self.replay, review)
        if self.save is not None:
            try:
                self.save(self.replay)
            except OSError:
                self.note = Notice(N_("The review could not be kept with the replay."))
        return True

    def progress(self) -> tuple[int, int]:
        return (self.job.done, self.job.total) if self.job is not None else (0, 0)

    # ------------------------------------------------------------------ reading it

    def marked(self) -> list[Decision]:
        return self.review.marked(*MARKED) if self.review is not None and self.shown else []

    def at(self, index: int) -> Decision | None:
        """The reviewed decision put to the seat after ``index`` moves (the table shown then)."""
        if self.review is None or not self.shown:
            return None
        return next((d for d in self.review.decisions if d.index == index), None)

    def next_mark(self, index: int) -> int | None:
        return next((d.index for d in self.marked() if d.index > index), None)

    def previous_mark(self, index: int) -> int | None:
        return next((d.index for d in reversed(self.marked()) if d.index < index), None)

    def reason(self, decision: Decision) -> str:
        """The bot's move against the one played, in words."""
        assert self.review is not None
        said = Said(
            "advice.better",
            {
                "game": self.review.game,
                "move": said_dict(decision.best_said),
                "other": said_dict(decision.played_said),
                "versus": "yours",
                "gain": decision.loss,
                "stderr": decision.stderr,
                "points": 0.0,
                "unit": self.review.unit,
                "horizon": self.review.horizon,
            },
        )
        return advice(said)

    def loss_text(self, decision: Decision) -> str:
        """What the move played lost, in the player's language."""
        assert self.review is not None
        loss, stderr = f"{decision.loss:.1f}", f"{decision.stderr:.1f}"
        if self.review.unit == "penguins":
            # Translators: what a reviewed move lost, in Nanatoridori's penguins
            return _("About {loss} penguins lost (± {error})").format(loss=loss, error=stderr)
        # Translators: what a reviewed move lost, in points
        return _("About {loss} points lost (± {error})").format(loss=loss, error=stderr)

    def summary_text(self) -> str:
        """The review in one line, in the player's language."""
        if self.review is None:
            return ""
        s = self.review.summary
        decisions = ngettext("{n} decision", "{n} decisions", s["decisions"]).format(
            n=s["decisions"]
        )
        mistakes = ngettext("{n} mistake", "{n} mistakes", s["mistakes"]).format(n=s["mistakes"])
        slips = ngettext("{n} inaccuracy", "{n} inaccuracies", s["inaccuracies"]).format(
            n=s["inaccuracies"]
        )
        lost = f"{s['points_lost']:.1f}"
        if self.review.unit == "penguins":
            # Translators: the end of a review's summary, in Nanatoridori's penguins
            total = _("about {loss} penguins lost").format(loss=lost)
        else:
            # Translators: the end of a review's summary, in points
            total = _("about {loss} points lost").format(loss=lost)
        return " · ".join((decisions, mistakes, slips, total))


__all__ = ["BUDGET", "LIMIT", "ReviewJob", "ViewerReview"]
