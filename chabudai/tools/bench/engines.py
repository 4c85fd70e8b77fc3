"""Engine speed: random games per second and ``apply`` calls per second (median of runs)."""

from __future__ import annotations

import argparse
import random
import statistics
import time

from chabudai import engines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--runs", type=int, default=5, help="runs per engine (median reported)")
    parser.add_argument("--seconds", type=float, default=0.5, help="length of one run")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")


def _run_once(
    engine: engines.Engine, players: int, seconds: float, first_seed: int
) -> tuple[float, float]:
    games = applies = 0
    seed = first_seed
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        rng = random.Random(seed)
        state = engine.new_game(players, seed)
        while not state.is_over:
            for seat in list(state.to_move):
                state.apply(seat, rng.choice(state.legal_moves(seat)))
                applies += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - started
    return games / elapsed, applies / elapsed


def run(args: argparse.Namespace) -> dict:
    figures: dict[str, dict] = {}
    for name in args.game or engines.names():
        engine = engines.get(name)
        for players in sorted({engine.min_players, engine.max_players}):
            results = [_run_once(engine, players, args.seconds, 1000 * i) for i in range(args.runs)]
            figures[f"{name} ({players} players)"] = {
                "games_per_s": round(statistics.median(r[0] for r in results), 1),
                "applies_per_s": round(statistics.median(r[1] for r in results)),
            }
    return figures
