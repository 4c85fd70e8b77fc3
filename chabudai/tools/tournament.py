"""``chabudai tournament``: bots against bots over many seeded games, with confidence intervals.

``chabudai tournament --game G --players N --bots hard,normal[,…] --games 500 --seed S
[--duplicate] [--iterations K | --budget SEC] [--clock cpu] [--workers W]``

``--bots`` lists one level per entry; with fewer entries than seats the list is repeated to fill
the table (``hard,normal`` at 4 seats is hard, normal, hard, normal). A level listed several
times is one row of the report.

Seats rotate: game ``i`` shifts the line-up ``i`` seats. Without ``--duplicate`` every game has
its own deal seed (``S + i``). With ``--duplicate`` each deal seed is played once per distinct
rotation of the line-up — a *deal group* — so every level plays every deal from every seat it
can sit in and the luck of the cards cancels out; ``--games`` is rounded up to whole groups.

The report gives, per level: seat-games, win rate with a 95 % Wilson interval (a shared win
counts as a share), mean points (per deal in games of several deals, such as Koi-Koi, per game
otherwise) and mean rank (1 = best), each with a 95 % interval over deal groups (over games
without ``--duplicate``). Then, for each pair of levels, the paired differences over the same
groups: a level is measurably stronger when the interval of its difference lies above zero
(below zero for rank). The hard bot's budget and the iterations it ran per decision are listed.

``--workers W`` plays games in ``W`` worker processes. Results do not depend on it, but with a
time budget (``--budget``, the default 1 s) a busy machine gives the hard bot fewer iterations:
measure with ``--iterations`` to be independent of the load, or with ``--clock cpu`` to count the
budget in the searching thread's CPU seconds (about what a quiet machine gives in wall seconds).

Ctrl-C stops a long run early: the workers stop at once and the report covers the deal groups
that were complete (the games of an unfinished group are left out, so the pairing holds).
``--record FILE`` keeps every complete deal group in FILE (see :mod:`chabudai.tools.tournament_record`):
the same command run again reads those groups back and plays only the others, so a stopped run
goes on where it stopped and a larger ``--games`` adds deal groups to a finished one.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import signal
import sys
import time
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.pool import AsyncResult
from typing import Any

from chabudai import engines
from chabudai.engines.bots import LEVELS, make_bot
from chabudai.engines.bots.common import ranks_of
from chabudai.engines.bots.play import play_game
from chabudai.engines.bots.policy import policy_for
from chabudai.engines.options import parse_option_strings
from chabudai.tools.stats import mean_ci, wilson
from chabudai.tools.tournament_record import TournamentRecord
from chabudai.tools.usage import UsageError

__all__ = ["lineup", "rotations", "run", "schedule", "wilson"]


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
        "--duplicate",
        action="store_true",
        help="play every deal seed once per seat rotation (deal groups; see the docs)",
    )
    parser.add_argument(
        "--budget", type=float, default=None, help="hard bot seconds per decision (default 1)"
    )
    parser.add_argument(
        "--iterations", type=int, default=None, help="hard bot iterations per decision"
    )
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="what the hard bot's time budget counts: wall seconds (default) or its CPU seconds",
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="games played in parallel processes (default 1)"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    parser.add_argument(
        "--record",
        metavar="FILE",
        default=None,
        help="keep the complete deal groups in FILE and read them back instead of playing them"
        " again (resume a stopped run, or add games to a finished one)",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--progress", action="store_true", help="show the progress bar even when not on a TTY"
    )


# ---------------------------------------------------------------------- the schedule


def lineup(levels: list[str], players: int, game_index: int) -> list[int]:
    """Entry index per seat for game ``game_index``: the entries repeated, rotated by game."""
    base = [i % len(levels) for i in range(players)]
    shift = game_index % players
    return base[-shift:] + base[:-shift] if shift else base


def rotations(levels: list[str], players: int) -> list[list[str]]:
    """The distinct seat rotations of the line-up, as levels per seat (one deal group)."""
    out: list[list[str]] = []
    for shift in range(players):
        seats = [levels[e] for e in lineup(levels, players, shift)]
        if seats not in out:
            out.append(seats)
    return out


@dataclass(frozen=True)
class Game:
    """One game of the schedule: its deal seed, its group and the level at each seat."""

    index: int
    seed: int
    group: int
    seats: tuple[str, ...]


def schedule(
    levels: list[str], players: int, games: int, first_seed: int, duplicate: bool
) -> list[Game]:
    """The games to play, in order; see the module docstring."""
    if not duplicate:
        return [
            Game(i, first_seed + i, i, tuple(levels[e] for e in lineup(levels, players, i)))
            for i in range(games)
        ]
    groups = rotations(levels, players)
    count = math.ceil(games / len(groups))
    return [
        Game(g * len(groups) + r, first_seed + g, g, tuple(seats))
        for g in range(count)
        for r, seats in enumerate(groups)
    ]


# ---------------------------------------------------------------------- playing


@dataclass(frozen=True)
class Setup:
    """What every game of a tournament shares (sent to the worker processes)."""

    game: str
    players: int
    options: dict[str, Any]
    settings: dict[str, Any]


@dataclass
class Outcome:
    """What one game produced."""

    game: Game
    scores: list[float]
    winners: list[int]
    deals: int
    searches: int = 0  # hard bot decisions that were searched
    iterations: int = 0
    think_s: float = 0.0


def play(setup: Setup, game: Game) -> Outcome:
    """Play one scheduled game (in this process or a worker)."""
    engine = engines.get(setup.game)
    bots = [
        make_bot(level, game.seed * 1009 + seat * 101 + game.index % 97, **setup.settings)
        for seat, level in enumerate(game.seats)
    ]
    result = play_game(engine, setup.players, game.seed, bots, setup.options).result()
    outcome = Outcome(game, list(result["scores"]), list(result["winners"]), len(result["rounds"]))
    for bot in bots:
        outcome.searches += getattr(bot, "searches", 0)
        outcome.iterations += getattr(bot, "iterations_total", 0)
        outcome.think_s += getattr(bot, "think_total", 0.0)
    return outcome


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and reports what is complete."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_all(setup: Setup, games: list[Game], workers: int) -> Iterator[Outcome]:
    """Outcomes in schedule order. If the caller stops early (Ctrl-C), the workers are stopped
    at once rather than left to finish their games.

    Only a few games per worker are handed out ahead, so stopping never has to drain a long
    queue of games not yet started."""
    if workers <= 1:
        for game in games:
            yield play(setup, game)
        return
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(workers, initializer=_ignore_interrupts)
    try:
        ahead: deque[AsyncResult] = deque()
        for game in games:
            ahead.append(pool.apply_async(play, (setup, game)))
            if len(ahead) > 2 * workers:
                yield ahead.popleft().get()
        while ahead:
            yield ahead.popleft().get()
    finally:
        pool.terminate()
        pool.join()


# ---------------------------------------------------------------------- the record


def _record_header(setup: Setup, levels: list[str], args: argparse.Namespace) -> dict[str, Any]:
    """What every game of a record shares; a record with another header is refused."""
    return {
        "game": setup.game,
        "players": setup.players,
        "options": setup.options,
        "bots": levels,
        "settings": setup.settings,
        "duplicate": bool(args.duplicate),
        "first_seed": args.seed,
    }


def _as_line(outcome: Outcome) -> dict[str, Any]:
    game = outcome.game
    return {
        "index": game.index,
        "seed": game.seed,
        "seats": list(game.seats),
        "scores": outcome.scores,
        "winners": outcome.winners,
        "deals": outcome.deals,
        "searches": outcome.searches,
        "iterations": outcome.iterations,
        "think_s": outcome.think_s,
    }


def _recorded_outcomes(record: TournamentRecord, games: list[Game]) -> dict[int, list[Outcome]]:
    """The scheduled deal groups found in the record, as outcomes (groups past ``--games`` stay
    in the file but are not reported). Every recorded game must be the scheduled one."""
    scheduled: dict[int, list[Game]] = {}
    for game in games:
        scheduled.setdefault(game.group, []).append(game)
    found: dict[int, list[Outcome]] = {}
    for group, lines in record.groups.items():
        if group not in scheduled:
            continue
        try:
            by_index = {line["index"]: line for line in lines}
            if len(by_index) != len(lines):
                raise ValueError("a game twice")
            found[group] = [
                _outcome_of(game, by_index.pop(game.index)) for game in scheduled[group]
            ]
            if by_index:
                raise ValueError("a game not in the schedule")
        except (KeyError, TypeError, ValueError):
            raise UsageError(
                f"{record.path}: deal group {group} does not match this tournament's games"
                " (seats, seeds or results); the file was left as it is"
            ) from None
    return found


def _outcome_of(game: Game, line: dict[str, Any]) -> Outcome:
    """The outcome recorded in ``line`` for the scheduled ``game`` (``ValueError`` if it is not
    that game's, ``KeyError``/``TypeError`` if a field is missing or of the wrong kind)."""
    scores, winners = list(line["scores"]), list(line["winners"])
    if (
        line["seed"] != game.seed
        or tuple(line["seats"]) != game.seats
        or len(scores) != len(game.seats)
        or not all(_is_number(x) for x in scores)
        or not set(winners) <= set(range(len(scores)))
    ):
        raise ValueError("not this game's outcome")
    return Outcome(
        game,
        scores,
        winners,
        int(line["deals"]),
        int(line["searches"]),
        int(line["iterations"]),
        float(line["think_s"]),
    )


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


# ---------------------------------------------------------------------- the report


@dataclass
class Row:
    """What one level collected, per seat-game and per group."""

    level: str
    seats: int = 0
    wins: float = 0.0
    points: float = 0.0
    rank: float = 0.0
    # group -> [seat-games, wins, points, rank] of this level in that group
    groups: dict[int, list[float]] = field(default_factory=dict)

    def add(self, group: int, win: float, points: float, rank: float) -> None:
        self.seats += 1
        self.wins += win
        self.points += points
        self.rank += rank
        g = self.groups.setdefault(group, [0, 0.0, 0.0, 0.0])
        g[0] += 1
        g[1] += win
        g[2] += points
        g[3] += rank

    def group_means(self, what: int) -> dict[int, float]:
        return {g: v[what] / v[0] for g, v in self.groups.items()}


_WIN, _POINTS, _RANK = 1, 2, 3
_MEASURES = (("win_rate", _WIN), ("points", _POINTS), ("rank", _RANK))


def _ci(values: list[float], digits: int = 4) -> dict[str, Any]:
    mean, low, high = mean_ci(values)
    finite = [x if math.isfinite(x) else None for x in (low, high)]
    return {
        "mean": round(mean, digits),
        "ci95": [None if x is None else round(x, digits) for x in finite],
    }


def _summary(row: Row) -> dict[str, Any]:
    low, high = wilson(row.wins, row.seats)
    n = max(row.seats, 1)
    return {
        "bot": row.level,
        "games": row.seats,
        "wins": round(row.wins, 2),
        "win_rate": round(row.wins / n, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "mean_score": round(row.points / n, 4),
        "mean_rank": round(row.rank / n, 4),
        "over_groups": {
            name: _ci(list(row.group_means(what).values())) for name, what in _MEASURES
        },
    }


def _pair(a: Row, b: Row) -> dict[str, Any]:
    """Paired differences ``a - b`` over the groups where both played."""
    out: dict[str, Any] = {"bots": [a.level, b.level]}
    for name, what in _MEASURES:
        ma, mb = a.group_means(what), b.group_means(what)
        common = [g for g in ma if g in mb]
        out[name] = _ci([ma[g] - mb[g] for g in common])
        out["groups"] = len(common)
    return out


def _fmt_ci(entry: dict[str, Any], scale: float = 1.0, sign: bool = False) -> str:
    mean = entry["mean"] * scale
    low, high = entry["ci95"]
    form = "+.2f" if sign else ".2f"
    text = format(mean, form)
    if low is None or high is None:
        return f"{text} [n/a]"
    return f"{text} [{format(low * scale, form)}, {format(high * scale, form)}]"


# ---------------------------------------------------------------------- the command


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
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    return engine, players, options, levels


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
    settings: dict[str, Any] = {}
    if args.budget is not None:
        settings["budget"] = args.budget
    if args.iterations is not None:
        settings["iterations"] = args.iterations
    if args.clock != "wall":
        settings["clock"] = args.clock
    policy = policy_for(engine.name)
    per_deal = policy.points_per_deal
    games = schedule(levels, players, args.games, args.seed, args.duplicate)
    setup = Setup(engine.name, players, options, settings)
    order = list(dict.fromkeys(levels))
    rows = {level: Row(level) for level in order}
    searches = iterations = 0
    think = 0.0
    played = done = 0

    def count(outcomes: list[Outcome]) -> None:
        nonlocal searches, iterations, think, played
        for finished in outcomes:
            _add(rows, finished, policy.higher_is_better, per_deal)
            searches += finished.searches
            iterations += finished.iterations
            think += finished.think_s
            played += 1

    record = None
    if args.record:
        record = TournamentRecord.open(args.record, _record_header(setup, levels, args))
        recorded = _recorded_outcomes(record, games)
        for group in sorted(recorded):
            count(recorded[group])
        games = [game for game in games if game.group not in recorded]
    from_record = played
    progress = Progress(max(len(games), 1), args.progress or sys.stderr.isatty())
    started = time.perf_counter()
    group_size = Counter(g.group for g in games)
    waiting: dict[int, list[Outcome]] = {}  # a group's outcomes until the group is complete
    interrupted = False
    try:
        for done, outcome in enumerate(_play_all(setup, games, args.workers), start=1):
            group = waiting.setdefault(outcome.game.group, [])
            group.append(outcome)
            progress.update(done)
            if len(group) < group_size[outcome.game.group]:
                continue
            finished = waiting.pop(outcome.game.group)
            if record is not None:
                record.append(outcome.game.group, [_as_line(o) for o in finished])
            count(finished)
    except KeyboardInterrupt:
        if not played:
            raise UsageError(
                "interrupted before a deal group was complete: nothing to report"
            ) from None
        interrupted = True
        print(
            f"\ninterrupted after {done} of {len(games)} games: the report covers the {played}"
            " games of the complete deal groups"
            + (f" ({from_record} of them from the record)" if from_record else ""),
            file=sys.stderr,
        )
    elapsed = time.perf_counter() - started
    group_count = len({g for row in rows.values() for g in row.groups})
    report: dict[str, Any] = {
        "game": engine.name,
        "players": players,
        "options": options,
        "games": played,
        "games_from_record": from_record,
        "interrupted": interrupted,
        "duplicate": args.duplicate,
        "groups": group_count,
        "first_seed": args.seed,
        "points": "per deal" if per_deal else "per game",
        "seconds": round(elapsed, 2),
        "workers": args.workers,
        "bots": [_summary(rows[level]) for level in order],
        "pairs": [_pair(rows[a], rows[b]) for i, a in enumerate(order) for b in order[i + 1 :]],
    }
    if "hard" in rows:
        report["hard"] = {
            "settings": settings or {"budget": "default"},
            "searches": searches,
            "iterations_per_search": round(iterations / searches, 1) if searches else None,
            "think_s_per_search": round(think / searches, 4) if searches else None,
        }
    if args.json:
        print(json.dumps(report))
        return 0
    _print(report, engine.title, levels)
    return 0


def _add(rows: dict[str, Row], outcome: Outcome, higher_is_better: bool, per_deal: bool) -> None:
    """Each seat's win share, points and rank in one game, into its level's row."""
    scores, winners = outcome.scores, outcome.winners
    ranks = ranks_of(scores, winners, higher_is_better)
    for seat, level in enumerate(outcome.game.seats):
        points = scores[seat] / max(outcome.deals, 1) if per_deal else scores[seat]
        win = 1 / len(winners) if seat in winners else 0.0
        rows[level].add(outcome.game.group, win, points, ranks[seat] + 1)


def _print(report: dict[str, Any], title: str, levels: list[str]) -> None:
    mode = (
        f"{report['groups']} deal groups, duplicate"
        if report["duplicate"]
        else "one deal seed per game"
    )
    print(
        f"{title}: {report['games']} games ({mode}), {report['players']} players, "
        f"bots {', '.join(levels)}, {report['seconds']:.1f} s, {report['workers']} worker(s)"
    )
    print(f"options: {', '.join(f'{k}={v}' for k, v in report['options'].items())}")
    if report["games_from_record"]:
        print(
            f"{report['games_from_record']} games read from the record, "
            f"{report['games'] - report['games_from_record']} played now "
            f"(the {report['seconds']:.1f} s are this run's)"
        )
    hard = report.get("hard")
    if hard:
        seconds = "CPU s" if hard["settings"].get("clock") == "cpu" else "s"
        print(
            f"hard bot: {hard['settings']}; {hard['searches']} searched decisions, "
            f"{hard['iterations_per_search']} iterations and {hard['think_s_per_search']} "
            f"{seconds} each"
        )
    points = f"points/{report['points'].split()[-1]}"
    over = "group" if report["duplicate"] else "game"
    print(
        f"  {'bot':<8} {'seats':>6} {'win rate':>9}  {'95% CI':<14} "
        f"{points + f' (95% CI over {over}s)':<32} {'mean rank (95% CI)':<24}"
    )
    for s in report["bots"]:
        low, high = s["ci95"]
        over_groups = s["over_groups"]
        print(
            f"  {s['bot']:<8} {s['games']:>6} {100 * s['win_rate']:>8.1f}%  "
            f"[{100 * low:5.1f}, {100 * high:5.1f}] "
            f"{_fmt_ci(over_groups['points']):<32} {_fmt_ci(over_groups['rank']):<24}"
        )
    for pair in report["pairs"]:
        a, b = pair["bots"]
        print(
            f"  {a} - {b} over {pair['groups']} {over}s (95% CI): "
            f"win rate {_fmt_ci(pair['win_rate'], 100, sign=True)} pct points, "
            f"{points} {_fmt_ci(pair['points'], sign=True)}, "
            f"rank {_fmt_ci(pair['rank'], sign=True)}"
        )
