"""Advice and review: the time of one hint per game, the time to review a 12-deal Koi-Koi game and
an 8-player Nar game, and how often the hard bot's own moves are marked.

``hint_s``: wall time of :func:`~chabudai.engines.bots.advice.hint` at the default
:class:`~chabudai.engines.bots.advice.Budget` (its search iterations and samples) over
``--positions`` positions with a choice, from games of the normal bot; mean and worst.

``review_koikoi_12_deals_s`` / ``review_nar_8_players_s``: wall time of
:func:`~chabudai.engines.bots.advice_review.review` of seat 0 at ``--iterations`` and
``--samples``, in a game where seat 0 is the hard bot (``--play-iterations``) and the other seats
the normal bot (Koi-Koi: the hard bot too), with the decisions reviewed.

``hard_marked``: per game, ``--games`` seeded games with seat 0 the hard bot (another seed than
the reviewer's) against the normal bot; the share of its decisions the review marks as
mistakes and as inaccuracies (the review should almost never call the bot's own play a mistake).
"""

from __future__ import annotations

import argparse
import statistics
import time

from chabudai import engines
from chabudai.engines.bots import make_bot
from chabudai.engines.bots.advice import Budget, hint
from chabudai.engines.bots.advice_review import DEFAULT_ITERATIONS, DEFAULT_SAMPLES, review
from chabudai.engines.bots.play import play_game
from chabudai.tools.bench.bots import _positions

PLAYERS = {"koikoi": 2, "nanatoridori": 3, "nar": 4, "nimalia": 2}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--positions", type=int, default=6, help="hints timed per game")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--play-iterations", type=int, default=300, help="the hard seat's search")
    parser.add_argument("--games", type=int, default=2, help="games per game for hard_marked")
    parser.add_argument("--skip-long", action="store_true", help="leave out the two long reviews")


def _game(name: str, players: int, seed: int, play_iterations: int, options=None, all_hard=False):
    bots = [make_bot("hard", 1000 + seed, iterations=play_iterations)]
    for seat in range(1, players):
        level = "hard" if all_hard else "normal"
        bots.append(make_bot(level, seed * 10 + seat, iterations=play_iterations))
    return play_game(engines.get(name), players, seed, bots, options).record()


def _timed_review(record: dict, args: argparse.Namespace) -> dict:
    started = time.perf_counter()
    result = review(record, 0, args.iterations, args.samples)
    seconds = time.perf_counter() - started
    return {
        "seconds": round(seconds, 1),
        "decisions": result.summary["decisions"],
        "per_decision_s": round(seconds / max(1, result.summary["decisions"]), 3),
        "mistakes": result.summary["mistakes"],
        "inaccuracies": result.summary["inaccuracies"],
    }


def run(args: argparse.Namespace) -> dict:
    figures: dict[str, dict] = {"hint_s": {}, "hard_marked": {}}
    budget = Budget()
    for name, players in PLAYERS.items():
        engine = engines.get(name)
        times = []
        for state, seat in _positions(engine, players, args.positions, 41):
            started = time.perf_counter()
            hint(state.view(seat), seat, budget)
            times.append(time.perf_counter() - started)
        figures["hint_s"][f"{name} ({players} players)"] = {
            "mean": round(statistics.fmean(times), 3),
            "max": round(max(times), 3),
            "iterations": budget.iterations,
            "samples": budget.samples,
        }
    if not args.skip_long:
        koikoi = _game("koikoi", 2, 1, args.play_iterations, {"rounds": 12}, all_hard=True)
        figures["review_koikoi_12_deals"] = _timed_review(koikoi, args)
        nar = _game("nar", 8, 1, args.play_iterations)
        figures["review_nar_8_players"] = _timed_review(nar, args)
    for name, players in PLAYERS.items():
        decisions = mistakes = inaccuracies = 0
        for seed in range(args.games):
            options = {"rounds": 3} if name == "koikoi" else None
            record = _game(name, players, 100 + seed, args.play_iterations, options)
            result = review(record, 0, args.iterations, args.samples)
            decisions += result.summary["decisions"]
            mistakes += result.summary["mistakes"]
            inaccuracies += result.summary["inaccuracies"]
        figures["hard_marked"][f"{name} ({players} players)"] = {
            "decisions": decisions,
            "mistake_share": round(mistakes / max(1, decisions), 3),
            "inaccuracy_share": round(inaccuracies / max(1, decisions), 3),
        }
    figures["settings"] = {
        "review_iterations": args.iterations,
        "review_samples": args.samples,
        "play_iterations": args.play_iterations,
    }
    return figures
