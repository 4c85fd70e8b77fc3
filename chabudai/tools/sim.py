"""``chabudai sim GAME``: bot-vs-bot games with wins, draws and mean points per seat.

It exercises an engine over many seeded games, so every seat is the random bot unless ``--level``
says otherwise; ``chabudai tournament`` is the tool that compares bot levels.
"""

from __future__ import annotations

import argparse
import json
import time

from chabudai import engines
from chabudai.engines.bots import LEVELS, make_bot
from chabudai.engines.bots.play import play_game
from chabudai.engines.options import parse_option_strings
from chabudai.tools.usage import UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"one of: {', '.join(engines.names())}")
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed+i")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the minimum)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    parser.add_argument(
        "--level",
        default="random",
        help=f"bot level for every seat ({', '.join(LEVELS)}; default random)",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")


def run(args: argparse.Namespace) -> int:
    try:
        engine = engines.get(args.game)
        players = engine.check_players(
            args.players if args.players is not None else engine.min_players
        )
        options = engine.resolve_options(parse_option_strings(engine.options, args.option))
        make_bot(args.level)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.seed < 0:
        raise UsageError("--seed must not be negative")

    wins = [0.0] * players
    draws = 0
    totals = [0] * players
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        bots = [make_bot(args.level, seed * 31 + seat) for seat in range(players)]
        result = play_game(engine, players, seed, bots, options).result()
        winners = result["winners"]
        if len(winners) > 1:
            draws += 1
        for seat in winners:
            wins[seat] += 1 / len(winners)
        for seat, points in enumerate(result["scores"]):
            totals[seat] += points
    elapsed = time.perf_counter() - started

    summary = {
        "game": engine.name,
        "players": players,
        "options": options,
        "games": args.games,
        "seconds": round(elapsed, 3),
        "wins": [round(w, 2) for w in wins],
        "shared_or_drawn": draws,
        "mean_points": [round(t / args.games, 3) for t in totals],
    }
    if args.json:
        print(json.dumps(summary))
        return 0
    print(
        f"{engine.title}: {args.games} games, {players} players, level {args.level}, {elapsed:.2f} s"
    )
    print(f"options: {', '.join(f'{k}={v}' for k, v in options.items())}")
    for seat in range(players):
        print(
            f"  seat {seat}: wins {wins[seat]:7.1f} ({100 * wins[seat] / args.games:5.1f}%)"
            f"  mean points {totals[seat] / args.games:8.2f}"
        )
    print(f"  drawn or shared: {draws}")
    return 0
