"""``chabudai tournament``: bots against bots over many seeded games, with win rates.

``chabudai tournament --game G --players N --bots hard,normal[,…] --games 500 --seed S``

Seats are rotated fairly: game ``i`` uses seed ``S + i // R`` where ``R`` is the number of seat
rotations, and within each block of ``R`` games the same deal is played with the bot line-up
rotated one seat further each time (with fewer bots than seats the list is repeated to fill the
table). Prints, per bot, win rate with a 95 % Wilson interval (a shared win counts as a share),
mean score and mean rank (1 = best).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, field

import engines
from engines.bots import LEVELS, make_bot
from engines.bots.common import ranks_of
from engines.bots.play import play_game
from engines.bots.policy import policy_for
from engines.options import parse_option_strings
from tools.usage import UsageError

Z95 = 1.959964


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (``successes`` may be fractional)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Tally:
    """What one bot entry (a level at one position of ``--bots``) collected."""

    name: str
    seats: int = 0  # seat-games played
    wins: float = 0.0
    score: float = 0.0
    rank: float = 0.0
    per_game: list[float] = field(default_factory=list)

    def summary(self) -> dict:
        low, high = wilson(self.wins, self.seats)
        n = max(self.seats, 1)
        return {
            "bot": self.name,
            "games": self.seats,
            "wins": round(self.wins, 2),
            "win_rate": round(self.wins / n, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(self.score / n, 3),
            "mean_rank": round(self.rank / n, 3),
        }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", required=True, help=f"one of: {', '.join(engines.names())}")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the minimum)")
    parser.add_argument(
        "--bots",
        default="hard,normal",
        help=f"comma-separated levels, one per entry ({', '.join(LEVELS)}); default hard,normal",
    )
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed (default 1)")
    parser.add_argument(
        "--budget", type=float, default=None, help="hard bot seconds per decision (default 1)"
    )
    parser.add_argument(
        "--iterations", type=int, default=None, help="hard bot iterations per decision"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--progress", action="store_true", help="show the progress bar even when not on a TTY"
    )


def _parse(args: argparse.Namespace):
    try:
        engine = engines.get(args.game)
        players = engine.check_players(
            args.players if args.players is not None else engine.min_players
        )
        options = engine.resolve_options(parse_option_strings(engine.options, args.option))
    except ValueError as error:
        raise UsageError(str(error)) from None
    levels = [name.strip() for name in str(args.bots).split(",") if name.strip()]
    if not levels:
        raise UsageError("--bots needs at least one level")
    for level in levels:
        if level not in LEVELS:
            raise UsageError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if len(levels) > players:
        raise UsageError(f"{len(levels)} bots do not fit {players} seats")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.seed < 0:
        raise UsageError("--seed must not be negative")
    if args.budget is not None and args.budget <= 0:
        raise UsageError("--budget must be a positive number of seconds")
    if args.iterations is not None and args.iterations < 1:
        raise UsageError("--iterations must be at least 1")
    return engine, players, options, levels


def lineup(levels: list[str], players: int, game_index: int) -> list[int]:
    """Entry index per seat for game ``game_index``: the entries repeated, rotated by game."""
    base = [i % len(levels) for i in range(players)]
    shift = game_index % players
    return base[-shift:] + base[:-shift] if shift else base


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled
        self.started = time.perf_counter()
        self.shown = -1.0

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < self.total and now - self.shown < 0.2:
            return
        self.shown = now
        width = 30
        filled = width * done // self.total
        elapsed = time.perf_counter() - self.started
        eta = elapsed / done * (self.total - done) if done else 0.0
        bar = "#" * filled + "-" * (width - filled)
        sys.stderr.write(f"\r[{bar}] {done}/{self.total}  {elapsed:6.1f}s  eta {eta:6.1f}s")
        if done == self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    engine, players, options, levels = _parse(args)
    settings = {}
    if args.budget is not None:
        settings["budget"] = args.budget
    if args.iterations is not None:
        settings["iterations"] = args.iterations
    policy = policy_for(engine.name)
    names = [
        f"{level}" if levels.count(level) == 1 else f"{level}#{i + 1}"
        for i, level in enumerate(levels)
    ]
    tallies = [Tally(name) for name in names]
    progress = Progress(args.games, args.progress or sys.stderr.isatty())
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i // players
        seats = lineup(levels, players, i)
        bots = [
            make_bot(levels[entry], seed * 1009 + seat * 101 + entry, **settings)
            for seat, entry in enumerate(seats)
        ]
        result = play_game(engine, players, seed, bots, options).result()
        scores, winners = result["scores"], result["winners"]
        ranks = ranks_of(scores, winners, policy.higher_is_better)
        for seat, entry in enumerate(seats):
            tally = tallies[entry]
            tally.seats += 1
            if seat in winners:
                tally.wins += 1 / len(winners)
            tally.score += scores[seat]
            tally.rank += ranks[seat] + 1
        progress.update(i + 1)
    elapsed = time.perf_counter() - started
    report = {
        "game": engine.name,
        "players": players,
        "options": options,
        "games": args.games,
        "first_seed": args.seed,
        "seconds": round(elapsed, 2),
        "bots": [t.summary() for t in tallies],
    }
    if settings:
        report["hard_settings"] = settings
    if args.json:
        print(json.dumps(report))
        return 0
    print(
        f"{engine.title}: {args.games} games, {players} players, bots {', '.join(levels)}, "
        f"{elapsed:.1f} s"
    )
    print(f"options: {', '.join(f'{k}={v}' for k, v in options.items())}")
    print(
        f"  {'bot':<10} {'seats':>6} {'win rate':>9}  {'95% CI':<15} {'mean score':>10} {'mean rank':>9}"
    )
    for t in tallies:
        s = t.summary()
        low, high = s["ci95"]
        print(
            f"  {s['bot']:<10} {s['games']:>6} {100 * s['win_rate']:>8.1f}%  "
            f"[{100 * low:5.1f}, {100 * high:5.1f}] {s['mean_score']:>10.2f} {s['mean_rank']:>9.2f}"
        )
    return 0
