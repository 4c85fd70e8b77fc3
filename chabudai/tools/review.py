"""``chabudai review FILE``: the hard bot's review of one seat's game, without a window.

FILE is read by :func:`load_record`, the one loader of games to review: a replay file (what
History exports and every finished game is kept as, docs/REPLAY.md; checked by replaying it), or
an engine record, what ``state.record()`` gives, as JSON or msgpack (told apart by the first
byte)::

    {"game": "koikoi", "players": 2, "options": {...}, "seed": 7,
     "moves": [[seat, move], ...], "deals": [[label, order], ...]}

(``options`` and ``deals`` may be missing: the defaults and the seed's deals are used). For each
decision of ``--seat`` with a choice it prints the move played, the bot's move, the estimated loss
with its standard error, and the mark (fine, inaccuracy, mistake), then the summary;
``--json`` prints :meth:`Review.to_dict <chabudai.engines.bots.advice_review.Review.to_dict>`
with ``file`` added. Exit status: 0 done, 1 FILE cannot be read or is no game, 2 bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from chabudai.replays import file as replay_file
from chabudai.tools.usage import UsageError

REQUIRED = ("game", "players", "seed", "moves")


class RecordError(ValueError):
    """FILE cannot be read as a game to review; the message says why in words."""


def load_record(path: str | Path) -> dict[str, Any]:
    """The engine record in ``path`` (JSON or msgpack); :class:`RecordError` otherwise."""
    import msgpack

    from chabudai import engines

    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise RecordError(f"cannot read it ({error.strerror or error})") from None
    if not data.strip():
        raise RecordError("it is empty")
    if data.startswith(replay_file.MAGIC):
        try:
            return replay_file.decode(data).record()
        except replay_file.ReplayError as error:
            raise RecordError(str(error)) from None
    try:
        if data.lstrip()[:1] == b"{":
            record = json.loads(data.decode("utf-8"))
        else:
            record = msgpack.unpackb(data, raw=False, strict_map_key=False)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"it is not valid JSON (line {error.lineno}, column {error.colno})"
        ) from None
    except Exception:  # msgpack raises several kinds for truncated or foreign data
        raise RecordError("it is neither JSON nor msgpack of a game record") from None
    if not isinstance(record, dict):
        raise RecordError("it holds no game record (expected a map with game, players, moves)")
    missing = [key for key in REQUIRED if key not in record]
    if missing:
        raise RecordError(f"the game record lacks {', '.join(missing)}")
    if record["game"] not in engines.names():
        raise RecordError(f"unknown game {record['game']!r}; known: {', '.join(engines.names())}")
    if not isinstance(record["players"], int) or not isinstance(record["moves"], list):
        raise RecordError("the game record's players or moves are not what a record holds")
    return record


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from chabudai.engines.bots.advice_review import DEFAULT_ITERATIONS, DEFAULT_SAMPLES

    parser.add_argument(
        "file", metavar="FILE", help="a replay file, or a game record (JSON or msgpack)"
    )
    parser.add_argument("--seat", type=int, default=0, help="the seat to review (default 0)")
    parser.add_argument(
        "--iterations",
        type=int,
        default=DEFAULT_ITERATIONS,
        help=f"hard-bot search iterations per decision (default {DEFAULT_ITERATIONS})",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=DEFAULT_SAMPLES,
        help=f"shared determinizations per estimate (default {DEFAULT_SAMPLES})",
    )
    parser.add_argument("--seed", type=int, default=0, help="the reviewer's seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")


def run(args: argparse.Namespace) -> int:
    from chabudai.engines.bots.advice_review import review

    if args.iterations < 1:
        raise UsageError("--iterations must be at least 1")
    if args.samples < 2:
        raise UsageError("--samples must be at least 2")
    try:
        record = load_record(args.file)
    except RecordError as error:
        print(f"chabudai review: {args.file}: {error}", file=sys.stderr)
        return 1
    if not 0 <= args.seat < record["players"]:
        raise UsageError(f"--seat {args.seat}: this game's seats are 0 to {record['players'] - 1}")
    show = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if show:
            print(f"\rreviewing decision {done} of {total}", end="", file=sys.stderr, flush=True)

    try:
        result = review(record, args.seat, args.iterations, args.samples, args.seed, progress)
    except ValueError as error:  # a record that does not replay (IllegalMove included)
        print(f"chabudai review: {args.file}: the game does not replay: {error}", file=sys.stderr)
        return 1
    finally:
        if show:
            print(file=sys.stderr)
    if args.json:
        print(json.dumps({"file": str(args.file), **result.to_dict()}, indent=2))
    else:
        print_review(result)
    return 0


def print_review(result: Any) -> None:
    """The review as a table, one decision a line, then the summary and the limits."""
    from chabudai import engines
    from chabudai.engines.bots.advice import said_dict
    from chabudai.engines.bots.advice_review import Review
    from chabudai.engines.bots.advice_text import phrase

    assert isinstance(result, Review)
    until = "the end of the game" if result.horizon == "game" else "the end of the round"
    if result.game == "koikoi" and result.horizon != "game":
        until = "the end of the deal"
    inaccuracy, mistake = result.thresholds
    print(
        f"{engines.get(result.game).title}, seat {result.seat}: hard bot at {result.iterations}"
        f" iterations, {result.samples} samples; loss in {result.unit} by {until}"
        f" (inaccuracy from {inaccuracy:g}, mistake from {mistake:g})"
    )
    width = 34
    print(f"{'move':>5} {'round':>5}  {'played':<{width}} {'bot':<{width}} {'loss':>11}  mark")
    for d in result.decisions:
        same = d.played == d.best
        loss = "" if same else f"{d.loss:+.2f}±{d.stderr:.2f}"
        bot = "(same)" if same else _cut(phrase(said_dict(d.best_said)), width)
        print(
            f"{d.index:>5} {d.round:>5}  {_cut(phrase(said_dict(d.played_said)), width):<{width}}"
            f" {bot:<{width}} {loss:>11}  {d.mark}"
        )
    s = result.summary
    print(
        f"Summary: {s['decisions']} decisions ({s['forced']} forced"
        f" move{'' if s['forced'] == 1 else 's'} not counted),"
        f" {s['agreed']} as the bot would play, {s['inaccuracies']} inaccuracies,"
        f" {s['mistakes']} mistakes; about {s['points_lost']:g} {result.unit} lost"
        f" ({s['mistake_points']:g} in mistakes)."
    )
    print(
        "These are estimates from samples of the cards the seat could not see; a move the bot"
        " cannot tell apart from its own is never marked."
    )


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
