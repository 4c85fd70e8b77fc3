"""Bot speed: playouts per second per game, and the hard bot's think time per decision.

``playouts_per_s``: determinize the view of the seat to move (``from_view``) and play the game
out as the hard bot does (:func:`chabudai.engines.bots.hard.playout`: the rollout policy, with its random
moves, to the end or to the policy's cutoff), from positions of seeded games played by the
normal bot. ``iterations_per_s``: whole ISMCTS iterations (tree walk, expansion, playout,
back-up); at the default budget of 1 s a decision may run about that many (the hard bot stops
earlier once the race at the root is decided). ``think_s``: wall time of ``HardBot.choose`` at
``--budget`` seconds over ``--decisions`` decisions with more than one legal move, and the
iterations it ran. Over the same decisions, how the race at the root ended
(:class:`chabudai.engines.bots.hard.RaceFigures`): ``race_candidates`` and ``race_still_in``, the mean
root moves searched and still in the race when the search stopped; ``race_decided``, the share
of decisions whose race was over before the budget; ``overruled``, the share answered with
another move than the normal policy's. A search that cannot tell its moves apart (many still
in, few decided) overrules normal on small differences.

``--option NAME=VALUE`` (repeatable) sets a game option for the positions and the playouts,
e.g. ``--game koikoi --option rounds=3`` for playouts that cross deal ends; with several games
only the games that declare the option get it.

With ``--cpu`` the two speed figures count this process's CPU seconds instead of wall seconds:
on a machine busy with other work they are then close to what a quiet machine measures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from chabudai import engines
from chabudai.engines.bots import make_bot
from chabudai.engines.bots.hard import HardBot, RaceFigures, _Search, playout
from chabudai.engines.bots.policy import policy_for
from chabudai.engines.options import parse_option_strings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the minimum)")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per speed figure")
    parser.add_argument("--budget", type=float, default=1.0, help="hard bot budget (s)")
    parser.add_argument("--decisions", type=int, default=8, help="hard bot decisions timed")
    parser.add_argument(
        "--cpu", action="store_true", help="speed figures in CPU seconds (for a busy machine)"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )


def game_options(engine: engines.Engine, pairs: list[str]) -> dict:
    """The ``--option`` pairs that ``engine`` declares, parsed and checked."""
    names = {o.name for o in engine.options}
    return parse_option_strings(engine.options, [p for p in pairs if p.split("=")[0] in names])


def _positions(
    engine: engines.Engine, players: int, count: int, seed: int, options: dict | None = None
) -> list:
    """(state, seat) pairs with a real choice, from games played by the normal bot."""
    rng = random.Random(seed)
    found = []
    game_seed = seed
    while len(found) < count:
        state = engine.new_game(players, game_seed, options)
        bots = [make_bot("normal", game_seed * 10 + s) for s in range(players)]
        while not state.is_over:
            for seat in list(state.to_move):
                legal = state.legal_moves(seat)
                if len(legal) > 1 and rng.random() < 0.15:
                    found.append((state.clone(), seat))
                state.apply(seat, bots[seat].choose(engine, state.view(seat), legal))
        game_seed += 1
    return found[:count]


def _playouts(engine, players, positions, seconds, clock=time.perf_counter):
    policy = policy_for(engine.name)
    rng = random.Random(1)
    views = [(s.view(seat), seat) for s, seat in positions]
    done = 0
    started = clock()
    while clock() - started < seconds:
        view, seat = views[done % len(views)]
        state = engine.from_view(view, rng)
        playout(policy, state, rng, policy.cutoff_marker(state), seat)
        done += 1
    return done / (clock() - started)


def _iterations(engine, positions, seconds, clock=time.perf_counter):
    policy = policy_for(engine.name)
    done = 0
    started = clock()
    while clock() - started < seconds:
        state, seat = positions[done % len(positions)]
        search = _Search(
            engine, policy, state.view(seat), state.legal_moves(seat), random.Random(done), 0.7
        )
        for _ in range(50):
            search.iterate()
        done += 50
    return done / (clock() - started)


def run(args: argparse.Namespace) -> dict:
    figures: dict[str, dict] = {}
    clock = time.process_time if args.cpu else time.perf_counter
    for name in args.game or engines.names():
        engine = engines.get(name)
        players = args.players if args.players is not None else engine.min_players
        players = max(engine.min_players, min(engine.max_players, players))
        options = game_options(engine, args.option)
        positions = _positions(engine, players, max(args.decisions, 8), 77, options)
        bot = HardBot(seed=5, budget=args.budget)
        times = []
        iterations = []
        races = []
        for state, seat in positions[: args.decisions]:
            view, legal = state.view(seat), state.legal_moves(seat)
            started = time.perf_counter()
            bot.choose(engine, view, legal)
            times.append(time.perf_counter() - started)
            iterations.append(bot.last_iterations)
            races.append(bot.last_race)
        times.sort()
        p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
        label = "".join(f", {k}={v}" for k, v in options.items())
        figures[f"{name} ({players} players{label})"] = {
            "playouts_per_s": round(_playouts(engine, players, positions, args.seconds, clock), 1),
            "iterations_per_s": round(_iterations(engine, positions, args.seconds, clock), 1),
            "think_mean_s": round(statistics.fmean(times), 3),
            "think_p95_s": round(p95, 3),
            "iterations_per_decision": round(statistics.fmean(iterations), 1),
            **race_summary(races),
        }
    return figures


def race_summary(races: list[RaceFigures | None]) -> dict[str, float]:
    """Means of the :class:`RaceFigures` of the searched decisions among ``races``."""
    searched = [r for r in races if r is not None]
    if not searched:
        return {}
    return {
        "race_candidates": round(statistics.fmean(r.candidates for r in searched), 2),
        "race_still_in": round(statistics.fmean(r.still_in for r in searched), 2),
        "race_decided": round(statistics.fmean(r.decided for r in searched), 3),
        "overruled": round(statistics.fmean(r.overruled for r in searched), 3),
    }
